"""The game: positions, the hard-mode rule, the rules values and the game every variant plays.

``wordlelab.game.position`` holds what a solver knows (``Position``) and the classic game;
``wordlelab.game.rules`` the rules values; ``wordlelab.game.base`` the game of any rules.
"""

from __future__ import annotations

from .position import (
    PRAISE,
    HardBreak,
    HardRule,
    Position,
    consistent_words,
    guess_codes,
    letter_states,
    pick_answer,
    share_grid,
)

__all__ = [
    "PRAISE",
    "HardBreak",
    "HardRule",
    "Position",
    "consistent_words",
    "guess_codes",
    "letter_states",
    "pick_answer",
    "share_grid",
]
