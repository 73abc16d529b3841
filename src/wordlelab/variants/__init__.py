"""The variants: one module each, whose rules class makes the variant's game and assistant.

``classic`` (Wordle), ``multi`` (several boards: Dordle, Quordle, ...) and ``absurdle`` (the
adversary). ``wordlelab.game.rules.VARIANTS`` is the registry that names them; front-ends reach
them through ``parse_rules`` / ``rules_from_options`` and then only call the rules value, its
game (``wordlelab.game.base.Game``) and its assistant (``wordlelab.assist.base.Session``).
"""

from __future__ import annotations

from .absurdle import Absurdle, AbsurdleGame, AbsurdleSession
from .classic import Classic, ClassicGame
from .multi import (
    DORDLE,
    OCTORDLE,
    PRESETS,
    QUORDLE,
    SEDECORDLE,
    Multi,
    MultiGame,
    MultiSession,
    board_tokens,
    parse_board_feedback,
)

__all__ = [
    "Absurdle",
    "AbsurdleGame",
    "AbsurdleSession",
    "Classic",
    "ClassicGame",
    "DORDLE",
    "Multi",
    "MultiGame",
    "MultiSession",
    "OCTORDLE",
    "PRESETS",
    "QUORDLE",
    "SEDECORDLE",
    "board_tokens",
    "parse_board_feedback",
]
