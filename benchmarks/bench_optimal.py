"""Measure the exact search: time, nodes, total and peak memory, printed as JSON.

PYTHONPATH=src python benchmarks/bench_optimal.py [--hard] [--opener salet] [--memo-mb 1024]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

import _util  # noqa: F401  (puts src/ on the path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--opener", default="salet")
    ap.add_argument("--hard", action="store_true")
    ap.add_argument("--max-guesses", type=int, default=6)
    ap.add_argument("--memo-mb", type=int, default=1024)
    ap.add_argument("--candidates", type=int, default=10)
    ap.add_argument("--progress", action="store_true", help="print progress lines on stderr")
    args = ap.parse_args()

    t0 = time.monotonic()
    from wordlelab.exact.optimal import solve_optimal
    from wordlelab.game.matrix import PatternMatrix
    from wordlelab.game.words import WordList

    guesses, answers = WordList.bundled("allowed"), WordList.bundled("answers")
    matrix = PatternMatrix.load(guesses, answers)
    t_load = time.monotonic() - t0

    def progress(p):
        if args.progress:
            print(
                f"{p.elapsed:7.1f}s {p.phase} {p.opener} {p.parts_done}/{p.parts_total} "
                f"nodes={p.nodes} upper={p.upper} lower={p.lower}",
                file=sys.stderr,
            )

    t1 = time.monotonic()
    res = solve_optimal(
        matrix,
        opener=args.opener or None,
        hard=args.hard,
        max_guesses=args.max_guesses,
        memo_mb=args.memo_mb,
        candidates=args.candidates,
        progress=progress,
    )
    t_search = time.monotonic() - t1
    report = res.tree().verify(guesses, answers, hard=args.hard, max_guesses=args.max_guesses)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    _util.emit(
        "optimal",
        {
            "mode": "hard" if args.hard else "normal",
            "opener": res.opener,
            "total": res.total,
            "mean": round(res.mean, 4),
            "worst": res.worst,
            "distribution": {str(k): v for k, v in report.distribution.items()},
            "proven": res.proven,
            "lower_bound": res.lower_bound,
            "nodes": res.nodes,
            "search_seconds": round(t_search, 2),
            "load_seconds": round(t_load, 2),
            "peak_memory_mb": round(peak / 2**20, 1),
            "openers": [
                {"word": o.word, "value": o.value, "exact": o.exact, "greedy": o.greedy}
                for o in res.openers
            ],
        },
    )


if __name__ == "__main__":
    main()
