"""Measure opener rankings (by play or exact) on a sample of openers and extrapolate, printed as JSON.

    python benchmarks/bench_ranking.py --kind play --strategy entropy --sample 24 --backend local --workers 1,2
    python benchmarks/bench_ranking.py --kind exact --sample 10 --backend serial [--hard] [--best]

The lists are the original ones (2315 answers, 12972 allowed guesses). Play samples are drawn at
random (seeded) from every allowed word; exact samples are the best openers by the per-guess bound
(``--candidates`` order) unless ``--random``. The extrapolation to every opener assumes the sample's
mean cost per opener; it is an estimate, not a measurement of the full run. On a busy machine the
wall-clock figures include waiting for a core; ``*_cpu_*`` figures count only the worker's CPU time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import _util  # noqa: F401  (puts src/ on the path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kind", choices=["play", "exact"], default="play")
    ap.add_argument("--strategy", default="entropy")
    ap.add_argument("--sample", type=int, default=24)
    ap.add_argument(
        "--random", action="store_true", help="exact: a random sample instead of the best by bound"
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--backend", choices=["serial", "local", "ray"], default="serial")
    ap.add_argument(
        "--workers", default="1", help="comma-separated worker counts, run in turn (e.g. 1,2)"
    )
    ap.add_argument(
        "--repeat", type=int, default=1, help="runs per worker count, alternating (medians quoted)"
    )
    ap.add_argument("--hard", action="store_true")
    ap.add_argument("--best", action="store_true")
    ap.add_argument(
        "--known-best",
        type=int,
        default=None,
        help="with --best: a total known to be reached (7920 normal, 8122 hard: SALET)",
    )
    ap.add_argument("--memo-mb", type=int, default=256)
    args = ap.parse_args()

    import numpy as np

    from wordlelab.exact.ranking import RankJob, candidate_openers, make_executor, rank
    from wordlelab.game.matrix import PatternMatrix
    from wordlelab.game.words import WordList

    guesses, answers = WordList.bundled("allowed"), WordList.bundled("answers")
    matrix = PatternMatrix.load(guesses, answers)
    job = (
        RankJob.by_play(args.strategy, args.hard)
        if args.kind == "play"
        else RankJob.exact(args.hard, memo_mb=args.memo_mb)
    )
    if args.kind == "play" or args.random:
        rng = np.random.default_rng(args.seed)
        words = sorted(
            str(guesses[int(i)]) for i in rng.choice(len(guesses), args.sample, replace=False)
        )
    else:
        words = candidate_openers(matrix, job, args.sample)
    counts = [int(w) for w in args.workers.split(",")]
    load_before = [round(x, 2) for x in os.getloadavg()]
    if args.backend == "ray":
        import ray

        ray.init(num_cpus=max(counts), include_dashboard=False, log_to_driver=False)
        # Warm-up: start the workers and load numba's cache in each before anything is timed.
        rank(matrix, job, words[: max(counts)], executor=make_executor("ray", max(counts)))
    runs: dict[int, list[dict[str, float]]] = {n: [] for n in counts}
    rows_out = None
    for _ in range(args.repeat):
        for n in counts:  # alternate worker counts so machine noise hits each alike
            t = time.perf_counter()
            res = rank(
                matrix,
                job,
                words,
                executor=make_executor(args.backend, n),
                best_only=args.best,
                known_best=args.known_best,
            )
            wall = time.perf_counter() - t
            per = [r.seconds for r in res.rows]
            cpu = [r.cpu_seconds or 0.0 for r in res.rows]
            runs[n].append(
                {
                    "wall_s": wall,
                    "openers_per_s": len(words) / wall,
                    "median_opener_s": statistics.median(per),
                    "mean_opener_s": statistics.fmean(per),
                    "median_opener_cpu_s": statistics.median(cpu),
                    "mean_opener_cpu_s": statistics.fmean(cpu),
                }
            )
            rows_out = res.rows
    out = []
    for n, rs in runs.items():
        med = {k: statistics.median(r[k] for r in rs) for k in rs[0]}
        out.append(
            {
                "workers": n,
                "runs": len(rs),
                "wall_s": round(med["wall_s"], 3),
                "openers_per_s": round(med["openers_per_s"], 4),
                "median_opener_s": round(med["median_opener_s"], 4),
                "mean_opener_s": round(med["mean_opener_s"], 4),
                "median_opener_cpu_s": round(med["median_opener_cpu_s"], 4),
                "mean_opener_cpu_s": round(med["mean_opener_cpu_s"], 4),
                "extrapolated_all_openers_s": round(len(guesses) / med["openers_per_s"], 1),
                # What the same run would take with a core to itself per worker (CPU time, not wall).
                "extrapolated_all_openers_cpu_bound_s": round(
                    len(guesses) * med["mean_opener_cpu_s"] / n, 1
                ),
            }
        )
    base = out[0]["openers_per_s"]
    _util.emit(
        "ranking",
        {
            "kind": args.kind,
            "job": job.token(),
            "backend": args.backend,
            "sample": len(words),
            "sample_rule": f"random seed {args.seed}"
            if (args.kind == "play" or args.random)
            else "best by bound",
            "best_only": args.best,
            "known_best": args.known_best,
            "all_openers": len(guesses),
            "answers": len(answers),
            "machine": _util.machine(),
            "shared_machine": True,
            "load_average": {
                "before": load_before,
                "after": [round(x, 2) for x in os.getloadavg()],
            },
            "by_workers": out,
            "speedup_vs_first": [round(o["openers_per_s"] / base, 3) for o in out],
            "rows": [r.to_dict() for r in (rows_out or [])][:20],
        },
    )


if __name__ == "__main__":
    main()
