"""The game: positions, the hard-mode rule, the rules values and the game every variant plays.

``wordlelab.game.position`` holds what a solver knows (``Position``) and the classic game;
``wordlelab.game.rules`` the rules values; ``wordlelab.game.base`` the game of any rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# Imported on first use: the game's modules (list_sets, words) are read without numpy or numba.
if TYPE_CHECKING:
    from .position import (
        PRAISE,
        HardBreak,
        HardRule,
        Position,
        UltraBreak,
        UltraRule,
        consistent_words,
        guess_codes,
        letter_states,
        pick_answer,
        rule_for,
        share_grid,
    )

__all__ = [
    "PRAISE",
    "HardBreak",
    "HardRule",
    "Position",
    "UltraBreak",
    "UltraRule",
    "consistent_words",
    "guess_codes",
    "letter_states",
    "pick_answer",
    "rule_for",
    "share_grid",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import position

        return getattr(position, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
