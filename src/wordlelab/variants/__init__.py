"""Variants as rules objects: several boards at once (Dordle, Quordle, ...) and the Absurdle adversary.

A variant is a rules object that the game, the strategies and the simulations take; the
single-board ``Game`` and ``Position`` are used unchanged underneath.
"""

from __future__ import annotations

from .absurdle import (
    AbsurdleGame,
    AbsurdleProof,
    AbsurdleSearch,
    absurdle_next,
    absurdle_response,
    prove_absurdle,
)
from .multi import (
    DORDLE,
    OCTORDLE,
    PRESETS,
    QUORDLE,
    SEDECORDLE,
    MultiBenchResult,
    MultiGame,
    MultiPosition,
    MultiRules,
    MultiStrategy,
    bench_multi,
    play_multi,
    random_answers,
)
from .session import AbsurdleSession, MultiSession, board_tokens, parse_board_feedback

__all__ = [
    "AbsurdleGame",
    "AbsurdleProof",
    "AbsurdleSearch",
    "AbsurdleSession",
    "MultiSession",
    "board_tokens",
    "parse_board_feedback",
    "DORDLE",
    "MultiBenchResult",
    "MultiGame",
    "MultiPosition",
    "MultiRules",
    "MultiStrategy",
    "OCTORDLE",
    "PRESETS",
    "QUORDLE",
    "SEDECORDLE",
    "absurdle_next",
    "absurdle_response",
    "bench_multi",
    "play_multi",
    "prove_absurdle",
    "random_answers",
]
