"""wordlelab: play, coach, benchmark and provably solve Wordle."""

from __future__ import annotations

from .errors import (
    GameOverError,
    HardModeError,
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
    ShareGridError,
    TreeError,
    UnknownStrategyError,
    UnknownWordError,
    WordlelabError,
    WordListError,
)
from .feedback import Pattern, score
from .languages import Language, get_language
from .words import WordList, fingerprint

__version__ = "0.1.0"

# Names whose modules pull in numba load on first use, so that importing wordlelab stays light.
_LAZY = {
    "DecisionTree": "tree",
    "TreeReport": "tree",
    "OptimalResult": "optimal",
    "solve_optimal": "optimal",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'wordlelab' has no attribute {name!r}")

__all__ = [
    "DecisionTree",
    "OptimalResult",
    "TreeReport",
    "solve_optimal",
    "GameOverError",
    "HardModeError",
    "InconsistentFeedbackError",
    "InvalidPatternError",
    "InvalidWordError",
    "Language",
    "Pattern",
    "ShareGridError",
    "TreeError",
    "UnknownStrategyError",
    "UnknownWordError",
    "WordList",
    "WordListError",
    "WordlelabError",
    "fingerprint",
    "get_language",
    "score",
    "__version__",
]
