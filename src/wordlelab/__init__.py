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

# Names whose modules pull in numba are loaded on first use, so ``import wordlelab`` stays light.
_LAZY = {
    "Choice": "strategies",
    "Strategy": "strategies",
    "find_strategy": "strategies",
    "make_strategy": "strategies",
    "strategy_names": "strategies",
    "backtest": "simulate",
    "SimulationResult": "simulate",
    "play_one": "simulate",
    "Opener": "openers",
    "rank_openers": "openers",
    "strategy_opener": "openers",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from importlib import import_module

        module = import_module(f".{_LAZY[name]}", __name__)
        for key, where in _LAZY.items():
            if where == _LAZY[name]:
                globals()[key] = getattr(module, key)
        return globals()[name]
    raise AttributeError(f"module 'wordlelab' has no attribute {name!r}")

__all__ = [
    "Choice",
    "GameOverError",
    "HardModeError",
    "InconsistentFeedbackError",
    "InvalidPatternError",
    "InvalidWordError",
    "Language",
    "Opener",
    "Pattern",
    "ShareGridError",
    "SimulationResult",
    "Strategy",
    "TreeError",
    "UnknownStrategyError",
    "UnknownWordError",
    "WordList",
    "WordListError",
    "WordlelabError",
    "backtest",
    "find_strategy",
    "fingerprint",
    "get_language",
    "make_strategy",
    "play_one",
    "rank_openers",
    "score",
    "strategy_names",
    "strategy_opener",
    "__version__",
]
