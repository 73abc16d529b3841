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

# The interactive tools' names load on first use, so 'import wordlelab' stays free of numba.
_LAZY = {
    "Assistant": "assistant", "Scored": "assistant", "Step": "assistant", "parse_entry": "assistant",
    "solve": "assistant",
    "ShareGrid": "analysis", "GameReport": "analysis", "RowReport": "analysis", "analyse": "analysis",
    "parse_share_grid": "analysis",
    "StatsStore": "stats", "GameRecord": "stats", "Summary": "stats", "StatsError": "stats",
    "DecisionTree": "tree", "TreeReport": "tree", "OptimalResult": "optimal", "solve_optimal": "optimal",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'wordlelab' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "Assistant",
    "DecisionTree",
    "OptimalResult",
    "TreeReport",
    "solve_optimal",
    "GameRecord",
    "GameReport",
    "RowReport",
    "Scored",
    "ShareGrid",
    "StatsError",
    "StatsStore",
    "Step",
    "Summary",
    "analyse",
    "parse_entry",
    "parse_share_grid",
    "solve",
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
