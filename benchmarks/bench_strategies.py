"""Speed figures for the strategy benchmark, printed as JSON (never asserted in tests).

    PYTHONPATH=src python benchmarks/bench_strategies.py [--repeat 3] [--lookahead] [--hard]

Times, on the original lists (2315 answers, 12972 guesses) with the pattern matrix cached:
the full entropy backtest (opener cached, and opener computed), every strategy but lookahead
together, optionally lookahead; medians over --repeat runs; peak resident memory.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import time

import _util  # noqa: F401  (puts src/ on the path)
import numba

from wordlelab.assist.simulate import simulate
from wordlelab.game import Position
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.words import WordList
from wordlelab.strategies import make_strategy, strategy_names


def timed(fn):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    value = fn()
    return time.perf_counter() - t, value


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--lookahead", action="store_true", help="also time lookahead (slow)")
    ap.add_argument("--hard", action="store_true", help="hard mode")
    args = ap.parse_args()

    guesses, answers = WordList.bundled("allowed"), WordList.bundled("answers")
    PatternMatrix.load(guesses, answers)  # make sure the cache exists
    load_s, matrix = timed(lambda: PatternMatrix.load(guesses, answers))
    # Warm-up: load every kernel (numba's on-disk cache) and per-matrix encodings once.
    small = Position.start(matrix).after("soare", ".....")
    for name in strategy_names():
        if name not in ("optimal",):
            make_strategy(name, **({"m": 2} if name == "lookahead" else {})).choose(small)
    for name in strategy_names():
        if name not in ("lookahead", "optimal"):
            simulate(make_strategy(name), matrix, hard=args.hard)  # fills the opener cache

    def med(fn):  # type: ignore[no-untyped-def]
        return round(statistics.median(timed(fn)[0] for _ in range(args.repeat)), 3)

    entropy = make_strategy("entropy")
    others = [n for n in strategy_names() if n not in ("lookahead", "optimal")]
    per_strategy = {
        n: med(lambda n=n: simulate(make_strategy(n), matrix, hard=args.hard)) for n in others
    }
    result = {
        "lists": {"answers": len(answers), "guesses": len(guesses)},
        "hard": args.hard,
        "machine": {
            "cpus": os.cpu_count(),
            "numba_threads": numba.get_num_threads(),
            "python": platform.python_version(),
            "numba": numba.__version__,
        },
        "repeat": args.repeat,
        "matrix_load_cached_s": round(load_s, 3),
        "entropy_full_s": med(lambda: simulate(entropy, matrix, hard=args.hard)),
        "entropy_full_opener_computed_s": med(
            lambda: simulate(entropy, matrix, hard=args.hard, cache=False)
        ),
        "all_but_lookahead_s": round(sum(per_strategy.values()), 3),
        "per_strategy_s": per_strategy,
    }
    if args.lookahead:
        la = make_strategy("lookahead")
        result["lookahead_s"] = round(timed(lambda: simulate(la, matrix, hard=args.hard))[0], 3)
        result["lookahead_opener_computed_s"] = round(
            timed(lambda: simulate(la, matrix, hard=args.hard, cache=False))[0], 3
        )
    result["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    _util.emit("strategy_speed" + ("_hard" if args.hard else ""), result)


if __name__ == "__main__":
    main()
