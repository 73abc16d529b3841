"""What valuing a turn-2 position by subtraction would cost (an idea for the review's coverage).

    python benchmarks/bench_turn2_by_subtraction.py [--openers 16] [--seed 5] [--lists nyt]

The review leaves most turn-2 positions of over 400 answers on bounds (bench_evaluate.py). The
shipped table gives each opener's exact total T = n + the sum of its groups' values, so the
largest group's value is T - n - the values of all the other groups, if those are proven. This
measures, for random openers, the search work (feedback look-ups, the unit of the review's
budget: 400M a part by default) to prove every group but the largest, with one fresh memo.
Writes ``benchmarks/results/turn2_by_subtraction.json``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import _util
import numpy as np

from wordlelab.errors import WordlelabError
from wordlelab.exact.optimal import Engine, K, Solver
from wordlelab.game.lists import load_lists


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--openers", type=int, default=16)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--lists", default="nyt")
    args = ap.parse_args()
    if args.openers < 1:
        raise SystemExit("--openers must be at least 1")
    try:
        m = load_lists(5, "en", lists=args.lists).matrix()
    except WordlelabError as exc:
        raise SystemExit(f"--lists {args.lists}: {exc}") from None
    if args.openers > len(m.guesses):
        raise SystemExit(f"--openers {args.openers}: the lists have {len(m.guesses)} guesses")
    e = Engine(m, False, 6, 256)
    rng = np.random.default_rng(args.seed)
    root = np.arange(len(m.answers), dtype=np.int64)
    rows = []
    for g in rng.choice(len(m.guesses), args.openers, replace=False):
        g = int(g)
        groups = sorted(
            (sub for p, sub in e.groups(root, g) if p != e.win), key=lambda s: -int(s.size)
        )
        s = Solver(e)
        t = time.perf_counter()
        for sub in groups[1:]:
            s.value(sub, 5)
        rows.append(
            {
                "opener": m.guesses[g],
                "groups": len(groups),
                "largest": int(groups[0].size),
                "second": int(groups[1].size),
                "work_M": int(s.ctl[K.CTL_WORK]) // 10**6,
                "seconds": round(time.perf_counter() - t, 2),
            }
        )
    work = [r["work_M"] for r in rows]
    budget_m = 400
    _util.emit(
        "turn2_by_subtraction",
        {
            "lists": args.lists,
            "seed": args.seed,
            "openers": args.openers,
            "rows": rows,
            "median_work_M": statistics.median(work),
            "review_budget_M": budget_m,
            "within_budget": sum(w <= budget_m for w in work),
        },
    )


if __name__ == "__main__":
    main()
