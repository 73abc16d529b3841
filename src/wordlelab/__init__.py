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

__all__ = [
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
