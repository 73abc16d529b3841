"""Where the exact search's work goes after an opener: the scans' look-ups by guesses left and size.

    python benchmarks/profile_search_work.py [--lists original] [--hard]
        [--openers cutis,avail,goofs] [--result NAME]

Each opener is solved exactly on one thread in a fresh worker (``ranking.ExactEvaluator``, as a
table run does) and the kernel's scan counters (``kernels.search.CTL_SCAN_HIST``) are read: the
look-ups of every node's pass over its guesses, by the guesses left at the node (the opener's
groups have five) and by the node's number of answers; and the part of them spent on sets the
memo already held a lower bound for (``revisits``: an earlier visit cut the set at a lower beta,
and this visit's larger beta needs the scan again). Work counts, so the shares do not depend
on the load; the CPU seconds do and are recorded with the load.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import _util


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lists", default="original")
    ap.add_argument("--hard", action="store_true")
    ap.add_argument("--openers", default="cutis,avail,goofs")
    args = ap.parse_args()
    os.environ.setdefault("NUMBA_NUM_THREADS", "1")

    from wordlelab.errors import WordlelabError
    from wordlelab.exact.kernels import search as K
    from wordlelab.exact.ranking import ExactEvaluator
    from wordlelab.game.lists import load_lists

    try:
        m = load_lists(5, "en", lists=args.lists).matrix()
    except WordlelabError as exc:
        sys.exit(f"profile_search_work.py: --lists: {exc}")
    words = [w.strip().lower() for w in args.openers.split(",") if w.strip()]
    bad = [w for w in words if w not in m.guesses]
    if not words or bad:
        ap.error(
            f"--openers: not allowed guesses on these lists: {', '.join(bad) or '(none given)'}"
        )

    lows = (0, *K.SCAN_SIZES[:-1])
    names = [
        f"{lo}-{hi - 1}" if hi < (1 << 40) else f">={lo}" for lo, hi in zip(lows, K.SCAN_SIZES)
    ]
    # The kernels compiled (or loaded from numba's cache) before any opener's CPU time counts.
    ExactEvaluator(m, args.hard)(words[0], cutoff=0)
    load_before = [round(x, 2) for x in os.getloadavg()]
    rows = []
    for w in words:
        ev = ExactEvaluator(m, args.hard)
        cpu = time.process_time()
        row = ev(w)
        cpu = time.process_time() - cpu
        ctl = ev.ctl
        work = int(ctl[K.CTL_WORK])
        cells = []
        for d in range(7):
            for b, name in enumerate(names):
                slot = K.CTL_SCAN_HIST + 2 * (d * 8 + b)
                if ctl[slot + 1]:
                    cells.append(
                        {
                            "guesses_left": d,
                            "answers": name,
                            "scans": int(ctl[slot + 1]),
                            "lookups": int(ctl[slot]),
                            "share_of_work": round(int(ctl[slot]) / max(1, work), 4),
                        }
                    )
        cells.sort(key=lambda c: -c["lookups"])
        # Scans of sets seen before (an earlier visit cut them at a lower beta), by guesses left.
        revisits = []
        for d in range(7):
            slot = K.CTL_REVISIT + 2 * d
            done = sum(c["lookups"] for c in cells if c["guesses_left"] == d)
            if ctl[slot + 1]:
                revisits.append(
                    {
                        "guesses_left": d,
                        "scans": int(ctl[slot + 1]),
                        "lookups": int(ctl[slot]),
                        "share_of_these_scans_work": round(int(ctl[slot]) / max(1, done), 4),
                        "share_of_work": round(int(ctl[slot]) / max(1, work), 4),
                    }
                )
        scans = sum(c["lookups"] for c in cells)
        rows.append(
            {
                "opener": w,
                "total": int(row.total),
                "exact": bool(row.exact),
                "cpu_s": round(cpu, 2),
                "work": work,
                "nodes": int(ctl[K.CTL_NODES]),
                "guesses_tried": int(ctl[K.CTL_EVALS]),
                "scans_share_of_work": round(scans / max(1, work), 4),
                "by_node": cells,
                "revisits": revisits,
            }
        )
        top = cells[0] if cells else {}
        print(f"{w}: {row.total} cpu {cpu:.1f}s, top cell {top}", file=sys.stderr, flush=True)
    _util.emit(
        f"search_work_profile_{args.lists}{'_hard' if args.hard else ''}",
        {
            "lists": args.lists,
            "mode": "hard" if args.hard else "normal",
            "openers": words,
            "threads": 1,
            "load_before": load_before,
            "rows": rows,
        },
    )


if __name__ == "__main__":
    main()
