"""The tree kernel against the Python path: one opener's games, both ways, same results, printed as JSON.

    python benchmarks/bench_playtree.py --strategy entropy --sample 12 [--hard]

Each sampled opener (seeded, from every allowed word of the original lists) is played with
``simulate(fast=True)`` (the kernel) and ``simulate(fast=False)`` (``strategy.choose`` per
position), alternately, and the two results are compared game by game. Times are per opener:
wall clock and this process's CPU time (the Python path's scoring kernel uses numba's threads,
so its CPU time counts both cores). The ratio is taken within this one run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import _util  # noqa: F401  (puts src/ on the path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--strategy", default="entropy")
    ap.add_argument("--sample", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hard", action="store_true")
    args = ap.parse_args()

    import numpy as np

    from wordlelab.assist.simulate import simulate
    from wordlelab.game.matrix import PatternMatrix
    from wordlelab.game.words import WordList
    from wordlelab.strategies import make_strategy

    guesses, answers = WordList.bundled("allowed"), WordList.bundled("answers")
    matrix = PatternMatrix.load(guesses, answers)
    strategy = make_strategy(args.strategy)
    rng = np.random.default_rng(args.seed)
    words = sorted(
        str(guesses[int(i)]) for i in rng.choice(len(guesses), args.sample, replace=False)
    )
    for fast in (True, False):  # warm-up: numba's cache, the transposed matrix
        simulate(strategy, matrix, hard=args.hard, opener=words[0], cache=False, fast=fast)
    per: dict[str, dict[str, list[float]]] = {
        k: {"wall": [], "cpu": []} for k in ("kernel", "python")
    }
    rows, identical = [], True
    for w in words:
        res = {}
        for name, fast in (("kernel", True), ("python", False)):
            t, c = time.perf_counter(), time.process_time()
            res[name] = simulate(strategy, matrix, hard=args.hard, opener=w, cache=False, fast=fast)
            per[name]["wall"].append(time.perf_counter() - t)
            per[name]["cpu"].append(time.process_time() - c)
        a, b = res["kernel"], res["python"]
        same = a.paths == b.paths and (a.total, a.worst, a.failed) == (b.total, b.worst, b.failed)
        identical &= same
        rows.append(
            {
                "opener": w,
                "total": a.total,
                "worst": a.worst,
                "failures": len(a.failed),
                "same": same,
            }
        )
    summary = {
        name: {
            "median_wall_s": round(statistics.median(v["wall"]), 4),
            "mean_wall_s": round(statistics.fmean(v["wall"]), 4),
            "median_cpu_s": round(statistics.median(v["cpu"]), 4),
            "mean_cpu_s": round(statistics.fmean(v["cpu"]), 4),
        }
        for name, v in per.items()
    }
    _util.emit(
        "playtree",
        {
            "strategy": strategy.token,
            "hard": args.hard,
            "sample": len(words),
            "sample_rule": f"random seed {args.seed}",
            "lists": "original (12972 guesses, 2315 answers)",
            "machine": _util.machine(),
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "identical_games": identical,
            "per_opener": summary,
            "speedup_cpu_mean": round(
                summary["python"]["mean_cpu_s"] / summary["kernel"]["mean_cpu_s"], 2
            ),
            "speedup_wall_mean": round(
                summary["python"]["mean_wall_s"] / summary["kernel"]["mean_wall_s"], 2
            ),
            "openers": rows,
        },
    )


if __name__ == "__main__":
    main()
