"""Every strategy on one named list set, normal and hard mode: the strategy-benchmark tables.

    PYTHONPATH=src python benchmarks/results_table.py                          # original lists
    PYTHONPATH=src python benchmarks/results_table.py --lists nyt --write      # + the result file

``--write`` writes benchmarks/results/strategies_<set>.json; ``benchmarks/render_docs.py`` renders
the tables of docs/strategies.md from those files.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

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
    args = ap.parse_args()
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
