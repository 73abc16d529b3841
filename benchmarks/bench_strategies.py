"""The strategy benchmark: every strategy on one named list set, normal and hard mode (the
tables of docs/strategies.md), and its speed figures.

    python benchmarks/bench_strategies.py                          # original lists
    python benchmarks/bench_strategies.py --lists nyt --write      # + the result file
    python benchmarks/bench_strategies.py --speed [--repeat 3] [--lookahead] [--hard]

``--write`` writes benchmarks/results/strategies_<set>.json; ``benchmarks/render_docs.py`` renders
the tables of docs/strategies.md from those files. ``--speed`` times, on the original lists with
the pattern matrix cached, the full entropy backtest (opener cached, and opener computed), every
strategy but lookahead together, optionally lookahead; medians over --repeat runs; peak resident
memory (benchmarks/results/strategy_speed.json).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import _util

from wordlelab.assist.simulate import SimulationResult, simulate
from wordlelab.game.lists import LIST_SETS, load_lists
from wordlelab.strategies import make_strategy, strategy_names

ROOT = Path(__file__).resolve().parent.parent
# The proven-optimal opener of each list set (normal mode): SALET on the original lists, TARSE on
# the NYT's (alex1770/wordle's trees, shipped in data/trees). Extra rows play strategies from it.
PROVEN_OPENER = {"original": "salet", "nyt": "tarse", "nyt2022": "tarse"}
FIXED = ["entropy", "splits", "lookahead"]


def run(names: list[str], log, lists: str = "original") -> list[tuple[str, SimulationResult]]:  # type: ignore[no-untyped-def]
    matrix = load_lists(lists=lists).matrix()
    opener = PROVEN_OPENER[lists]
    out = []
    for hard in (False, True):
        jobs = [(n, None) for n in names] + [(n, opener) for n in FIXED if n in names]
        for name, opener in jobs:
            t = time.perf_counter()
            r = simulate(make_strategy(name), matrix, hard=hard, opener=opener)
            log(
                f"{'hard' if hard else 'normal'} {name} {opener or ''}: {r.mean:.4f} "
                f"({time.perf_counter() - t:.1f} s)"
            )
            out.append((name if opener is None else f"{name} (opener {opener})", r))
    return out


@dataclass(frozen=True)
class Row:
    """The figures a table row shows, from a fresh simulation or a results JSON file."""

    hard: bool
    opener: str
    mean: float
    total: int
    distribution: list[int]
    failed: int
    worst: int

    @classmethod
    def of(cls, r: SimulationResult) -> Row:
        return cls(r.hard, r.opener, r.mean, r.total, list(r.distribution), len(r.failed), r.worst)

    @classmethod
    def from_dict(cls, d: dict) -> Row:  # type: ignore[type-arg]
        return cls(
            d["hard"],
            d["opener"],
            d["mean"],
            d["total_guesses"],
            d["distribution"],
            d["failures"],
            d["worst"],
        )


def unique(rows: list[tuple[str, Row]]) -> list[tuple[str, Row]]:
    """Drop a fixed-opener row when the strategy's own opener is that word (the same games)."""
    own = {(label, r.hard): r.opener for label, r in rows if "(opener" not in label}
    return [
        (label, r)
        for label, r in rows
        if "(opener" not in label or own.get((label.split(" (opener")[0], r.hard)) != r.opener
    ]


def markdown(rows: list[tuple[str, Row]], lists: str = "original") -> str:
    sizes = load_lists(lists=lists)
    rows = unique(rows)
    lines = []
    for hard in (False, True):
        lines.append(
            f"**{'Hard' if hard else 'Normal'} mode, `--lists {lists}`** — {len(sizes.answers)} answers, "
            f"{len(sizes.guesses)} allowed guesses, each strategy from its own best opener unless stated.\n"
        )
        lines.append(
            "| strategy | opener | mean | total | 1 | 2 | 3 | 4 | 5 | 6 | failed | worst |"
        )
        lines.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for label, r in sorted(
            (x for x in rows if x[1].hard == hard), key=lambda x: (x[1].total, x[0])
        ):
            lines.append(
                f"| {label} | {r.opener} | {r.mean:.4f} | {r.total} | "
                + " | ".join(str(c) for c in r.distribution)
                + f" | {r.failed} | {r.worst} |"
            )
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def timed(fn):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    value = fn()
    return time.perf_counter() - t, value


def speed(args: argparse.Namespace) -> None:
    """The speed figures (strategy_speed.json): original lists, the pattern matrix cached."""
    import numba

    from wordlelab.game import Position
    from wordlelab.game.matrix import PatternMatrix
    from wordlelab.game.words import WordList

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
    result["peak_rss_mb"] = _util.peak_rss_mb()
    _util.emit("strategy_speed" + ("_hard" if args.hard else ""), result)


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--write", action="store_true", help="write benchmarks/results/strategies_<lists>.json"
    )
    ap.add_argument("--strategies", default=",".join(strategy_names()))
    ap.add_argument(
        "--lists", default="original", choices=sorted(LIST_SETS), help="the named list set"
    )
    ap.add_argument(
        "--from-json",
        action="store_true",
        help="re-render the table from the results JSON of the last --write, without playing",
    )
    ap.add_argument("--speed", action="store_true", help="the speed figures instead")
    ap.add_argument("--repeat", type=int, default=3, help="with --speed: runs a median takes")
    ap.add_argument("--lookahead", action="store_true", help="with --speed: time lookahead too")
    ap.add_argument("--hard", action="store_true", help="with --speed: hard mode")
    args = ap.parse_args()
    if args.speed:
        speed(args)
        return
    names = [n for n in args.strategies.split(",") if n]
    json_path = ROOT / "benchmarks" / "results" / f"strategies_{args.lists}.json"
    if args.from_json:
        rows = [(d["label"], Row.from_dict(d)) for d in json.loads(json_path.read_text())]
    else:
        results = run(names, lambda msg: print(msg, file=sys.stderr, flush=True), args.lists)
        rows = [(label, Row.of(r)) for label, r in results]
        if args.write:
            data = [{"label": label, "lists": args.lists, **r.to_dict()} for label, r in results]
            json_path.write_text(json.dumps(data, indent=1) + "\n")
    print(markdown(rows, args.lists), end="")


if __name__ == "__main__":
    main()
