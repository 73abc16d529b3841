"""The exact value of random openers, each with a time cap: what a full exact table would cost.

    python benchmarks/bench_exact_openers.py --sample 20 --cap 60 [--hard] [--seed 1] [--threads 1] [--result NAME]

Original lists. Each opener of a seeded random sample of all allowed words is solved exactly
(``solve_optimal(opener=...)``) until it is proven or its cap runs out; a capped opener reports its
proven lower bound and best tree so far. Prints JSON: every opener's result and seconds, how many
finished within the cap, and the median and mean time of those that did (a lower bound of the
mean over all openers, since the capped ones would have taken longer).
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time

import _util  # noqa: F401  (puts src/ on the path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sample", type=int, default=20)
    ap.add_argument("--cap", type=float, default=60.0, help="seconds per opener")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hard", action="store_true")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()

    import numpy as np

    from wordlelab.errors import StoppedEarlyError
    from wordlelab.exact.optimal import solve_optimal
    from wordlelab.game.matrix import PatternMatrix
    from wordlelab.game.words import WordList

    guesses, answers = WordList.bundled("allowed"), WordList.bundled("answers")
    matrix = PatternMatrix.load(guesses, answers)
    solve_optimal(matrix, opener="salet", hard=args.hard, threads=args.threads)  # load the kernels
    rng = np.random.default_rng(args.seed)
    words = sorted(
        str(guesses[int(i)]) for i in rng.choice(len(guesses), args.sample, replace=False)
    )
    load_before = [round(x, 2) for x in os.getloadavg()]
    rows = []
    for w in words:
        stop = threading.Event()
        timer = threading.Timer(args.cap, stop.set)
        timer.start()
        t = time.perf_counter()
        c = time.process_time()
        try:
            res = solve_optimal(matrix, opener=w, hard=args.hard, threads=args.threads, stop=stop)
            row = {
                "word": w,
                "proven": res.proven,
                "total": res.total,
                "lower_bound": res.lower_bound,
            }
        except StoppedEarlyError:  # capped before any complete tree: no upper bound to report
            row = {"word": w, "proven": False, "total": None, "lower_bound": None}
        timer.cancel()
        row.update(
            seconds=round(time.perf_counter() - t, 3), cpu_seconds=round(time.process_time() - c, 3)
        )
        rows.append(row)
    done = [r["seconds"] for r in rows if r["proven"]]
    _util.emit(
        "exact_openers",
        {
            "lists": "original",
            "hard": args.hard,
            "sample": args.sample,
            "seed": args.seed,
            "cap_s": args.cap,
            "threads": args.threads,
            "finished": len(done),
            "median_finished_s": round(statistics.median(done), 3) if done else None,
            "mean_finished_s": round(statistics.mean(done), 3) if done else None,
            "load_before": load_before,
            "load_after": [round(x, 2) for x in os.getloadavg()],
            "rows": rows,
        },
    )


if __name__ == "__main__":
    main()
