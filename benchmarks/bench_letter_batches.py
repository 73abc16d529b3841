"""What solving openers that share their letters one after another saves in a table run.

    python benchmarks/bench_letter_batches.py [--lists original] [--hard] [--classes 4]
        [--from-rank 6000] [--seed 1] [--result NAME]

``ranking.opener_batches`` hands a worker the openers with the same set of letters as one task:
they leave the same group after all grey, and the worker's memo keeps its value from the first
to the next. This samples (seeded) ``--classes`` such letter sets of two or more openers whose
best member stands at ``--from-rank`` or later in the exact run's order (the per-guess bound;
the complete-table runs reach the poor openers last) and solves every opener of each twice, on
one thread: alone, each in a fresh worker (what a run without batches does when the openers of
a class land far apart or on different workers), and as the batch, one after another in one
fresh worker. Every total must be the same both ways. Records, per opener and in sum, the
look-ups counted by the search (load-independent) and the CPU seconds.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import _util


def _solve(evaluator, word: str) -> dict:
    ctl = evaluator.ctl
    work0 = int(ctl[evaluator.K.CTL_WORK])
    cpu = time.process_time()
    row = evaluator(word)
    return {
        "total": int(row.total),
        "exact": bool(row.exact),
        "work": int(ctl[evaluator.K.CTL_WORK]) - work0,
        "cpu_s": round(time.process_time() - cpu, 3),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lists", default="original")
    ap.add_argument("--hard", action="store_true")
    ap.add_argument("--classes", type=int, default=4)
    ap.add_argument("--from-rank", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.classes < 1:
        ap.error(f"--classes must be at least 1, not {args.classes}")
    os.environ.setdefault("NUMBA_NUM_THREADS", "1")

    import numpy as np

    from wordlelab.errors import WordlelabError
    from wordlelab.exact.ranking import ExactEvaluator, RankJob, candidate_openers, opener_batches
    from wordlelab.game.lists import load_lists

    try:
        m = load_lists(5, "en", lists=args.lists).matrix()
    except WordlelabError as exc:
        sys.exit(f"bench_letter_batches.py: --lists: {exc}")
    job = RankJob.exact(hard=args.hard)
    order = candidate_openers(m, job, None)
    if not 0 <= args.from_rank < len(order):
        ap.error(f"--from-rank must be in 0..{len(order) - 1}, not {args.from_rank}")
    batches = [b for b in opener_batches(order, job) if len(b) >= 2]
    place = {w: i for i, w in enumerate(order)}
    batches = [b for b in batches if place[b[0]] >= args.from_rank]
    if len(batches) < args.classes:
        ap.error(f"only {len(batches)} letter sets of two or more openers from that rank")
    rng = np.random.default_rng(args.seed)
    picked = [
        batches[int(i)] for i in sorted(rng.choice(len(batches), args.classes, replace=False))
    ]

    load_before = [round(x, 2) for x in os.getloadavg()]
    rows = []
    for batch in picked:
        alone = {w: _solve(ExactEvaluator(m, args.hard), w) for w in batch}
        shared = ExactEvaluator(m, args.hard)
        together = {w: _solve(shared, w) for w in batch}
        for w in batch:
            if alone[w]["total"] != together[w]["total"]:
                raise SystemExit(f"{w}: {alone[w]['total']} alone, {together[w]['total']} batched")
        rows.append(
            {
                "batch": list(batch),
                "first_rank": place[batch[0]],
                "alone": alone,
                "batched": together,
            }
        )
        print(rows[-1], file=sys.stderr, flush=True)

    def total(kind: str, key: str) -> float:
        return sum(r[kind][w][key] for r in rows for w in r["batch"])

    openers = sum(len(r["batch"]) for r in rows)
    _util.emit(
        f"letter_batches_{args.lists}{'_hard' if args.hard else ''}",
        {
            "lists": args.lists,
            "mode": "hard" if args.hard else "normal",
            "seed": args.seed,
            "from_rank": args.from_rank,
            "classes": args.classes,
            "openers": openers,
            "letter_sets_in_run": len(opener_batches(order, job)),
            "openers_in_run": len(order),
            "all_equal": True,
            "work_alone": int(total("alone", "work")),
            "work_batched": int(total("batched", "work")),
            "work_ratio": round(total("batched", "work") / max(1, total("alone", "work")), 4),
            "cpu_alone_s": round(total("alone", "cpu_s"), 2),
            "cpu_batched_s": round(total("batched", "cpu_s"), 2),
            "cpu_ratio": round(total("batched", "cpu_s") / max(1e-9, total("alone", "cpu_s")), 4),
            "threads": 1,
            "load_before": load_before,
            "peak_rss_mb": _util.peak_rss_mb(),
            "rows": rows,
        },
    )


if __name__ == "__main__":
    main()
