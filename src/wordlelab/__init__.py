"""wordlelab: play, coach, benchmark and provably solve Wordle."""

from __future__ import annotations

__version__ = "0.1.0"

# The public names, by the module each comes from. Each loads on first use, so 'import wordlelab'
# (which every command runs first) stays free of numpy and numba, and a Ctrl-C while starting up
# is caught by the CLI. (The review function stays wordlelab.judge.review.review: the submodule's
# name would shadow it.)
_PUBLIC: dict[str, tuple[str, ...]] = {
    "errors": (
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
    ),
    "variants": (
        "ClassicGame",
        "MultiGame",
        "MultiSession",
        "AbsurdleGame",
        "AbsurdleSession",
        "Classic",
        "Multi",
        "Absurdle",
    ),
    "game.boards": ("MultiPosition",),
    "strategies.multi": ("MultiStrategy", "bench_multi"),
    "exact.absurdle": ("prove_absurdle",),
    "game.rules": ("parse_rules", "rules_from_options"),
    "game.base": ("Game",),
    "assist.base": ("Session",),
    "game.feedback": ("Pattern", "score"),
    "game.languages": ("Language", "get_language"),
    "game.words": ("WordList", "fingerprint"),
    "assist.assistant": ("Assistant", "Scored", "Step", "parse_entry", "solve"),
    "judge.grid": ("ShareGrid", "GameReport", "RowReport", "analyse", "parse_share_grid"),
    "game.stats": ("StatsStore", "GameRecord", "Summary", "StatsError"),
    "strategies": ("Choice", "Strategy", "find_strategy", "make_strategy", "strategy_names"),
    "assist.simulate": ("backtest", "SimulationResult", "play_one"),
    "assist.openers": ("Opener", "rank_openers", "strategy_opener"),
    "exact.tree": ("DecisionTree", "TreeReport"),
    "exact.optimal": ("OptimalResult", "solve_optimal"),
    "game.lists": ("Lists", "LIST_SETS", "load_lists", "widen"),
    "exact.evaluation": ("evaluate", "Evaluation", "GuessValue"),
    "judge.review": ("Review", "ReviewStep"),
    "game.notation": ("PositionText", "parse_position", "read_position"),
}
_LAZY = {name: module for module, names in _PUBLIC.items() for name in names}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'wordlelab' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [*_LAZY, "__version__"]
