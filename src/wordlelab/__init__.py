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
    VariantError,
    WordlelabError,
    WordListError,
)

__version__ = "0.1.0"

# Every name but the errors loads on first use, so 'import wordlelab' (which every command runs
# first) stays free of numpy and numba, and a Ctrl-C while starting up is caught by the CLI.
_LAZY = {
    # Variants: several boards and the Absurdle adversary (issue 13).
    "ClassicGame": "variants",
    "MultiGame": "variants",
    "MultiPosition": "game.boards",
    "MultiStrategy": "strategies.multi",
    "MultiSession": "variants",
    "bench_multi": "strategies.multi",
    "AbsurdleGame": "variants",
    "AbsurdleSession": "variants",
    "prove_absurdle": "exact.absurdle",
    # A variant is its rules value, which makes its Game and its assistant Session (issue 50).
    "Classic": "variants",
    "Multi": "variants",
    "Absurdle": "variants",
    "parse_rules": "game.rules",
    "rules_from_options": "game.rules",
    "Game": "game.base",
    "Session": "assist.base",
    "Pattern": "game.feedback",
    "score": "game.feedback",
    "Language": "game.languages",
    "get_language": "game.languages",
    "WordList": "game.words",
    "fingerprint": "game.words",
    "Assistant": "assist.assistant",
    "Scored": "assist.assistant",
    "Step": "assist.assistant",
    "parse_entry": "assist.assistant",
    "solve": "assist.assistant",
    "ShareGrid": "judge.grid",
    "GameReport": "judge.grid",
    "RowReport": "judge.grid",
    "analyse": "judge.grid",
    "parse_share_grid": "judge.grid",
    "StatsStore": "game.stats",
    "GameRecord": "game.stats",
    "Summary": "game.stats",
    "StatsError": "game.stats",
    # Strategies, simulation and openers (issue 3).
    "Choice": "strategies",
    "Strategy": "strategies",
    "find_strategy": "strategies",
    "make_strategy": "strategies",
    "strategy_names": "strategies",
    "backtest": "assist.simulate",
    "SimulationResult": "assist.simulate",
    "play_one": "assist.simulate",
    "Opener": "assist.openers",
    "rank_openers": "assist.openers",
    "strategy_opener": "assist.openers",
    # Exact search and decision trees (issue 5).
    "DecisionTree": "exact.tree",
    "TreeReport": "exact.tree",
    "OptimalResult": "exact.optimal",
    "solve_optimal": "exact.optimal",
    # Named list sets and the widening (issue 9).
    "Lists": "game.lists",
    "LIST_SETS": "game.lists",
    "load_lists": "game.lists",
    "widen": "game.lists",
    # Exact analysis of any position (issue 10).
    "evaluate": "exact.evaluation",
    "Evaluation": "exact.evaluation",
    "GuessValue": "exact.evaluation",
    # (the review function stays wordlelab.judge.review.review: the submodule's name would shadow it)
    "Review": "judge.review",
    "ReviewStep": "judge.review",
    "PositionText": "game.notation",
    "parse_position": "game.notation",
    "read_position": "game.notation",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'wordlelab' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


# The public names: the errors imported above, and every name _LAZY loads.
__all__ = [
    "GameOverError",
    "HardModeError",
    "InconsistentFeedbackError",
    "InvalidPatternError",
    "InvalidWordError",
    "ShareGridError",
    "TreeError",
    "UnknownStrategyError",
    "UnknownWordError",
    "VariantError",
    "WordlelabError",
    "WordListError",
    *_LAZY,
    "__version__",
]
