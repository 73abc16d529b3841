"""The exact top N at positions players reach: how large a set the assistant's budget proves.

    python benchmarks/bench_exact_top.py [--games 40] [--top 10] [--budget 800M] [--hard] [--seed 1]

``assist``'s ``top`` and the web's Assist table give each row's exact expected guesses. The
default strategy (the coach) gets them from its own search; any other strategy gets them from
``evaluate(position, top=N)``, which the assistant runs only at sets of at most
``assistant.EXACT_TOP_MAX`` answers. This measures what that search costs and proves above and
below that size, on the NYT lists: seeded games (a random allowed opener and a random answer,
then a random possible answer as the second guess), every position of turns 2 and 3 with two
or more answers valued with ``top`` guesses within ``--budget`` look-ups of exact search (the
assistant's own budget, ``budgets.ASSIST_WORK``). Per size band: the share of positions whose
top N all came out exact (or, in hard mode, that were proven to have no strategy winning every
answer in the guesses left: no guess has a finite value there), the look-ups (the same on any
machine) and the seconds (not).
"""

from __future__ import annotations

import argparse
import statistics
import time

import _util
from _util import machine

BANDS = ((2, 60), (61, 100), (101, 200), (201, 300), (301, 500), (501, 1 << 30))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--budget", default="800M")
    ap.add_argument("--hard", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    from wordlelab.exact.budgets import parse_work

    try:
        budget = parse_work(args.budget)
    except ValueError as exc:
        raise SystemExit(f"--budget: {exc}") from None
    if args.games < 1:
        raise SystemExit(f"--games: give a positive number, not {args.games}")
    if args.top < 1:
        raise SystemExit(f"--top: give a positive number, not {args.top}")

    import numpy as np

    from wordlelab.assist.assistant import EXACT_TOP_MAX
    from wordlelab.exact.evaluation import evaluate
    from wordlelab.game.lists import load_lists
    from wordlelab.game.notation import Position

    m = load_lists(lists="nyt").matrix(1 << 31)
    rng = np.random.default_rng(args.seed)
    start = Position.start(m, hard=args.hard)
    evaluate(start.after(m.guesses.index("crane"), 0), top=1, budget=budget)  # kernels loaded
    rows = []
    for _ in range(args.games):
        opener = int(rng.integers(len(m.guesses)))
        answer = int(rng.integers(len(m.answers)))
        pos = start.after(opener, int(m.data[opener, answer]))
        for turn in (2, 3):
            n = int(pos.candidates.size)
            if n < 2:
                break
            t = time.perf_counter()
            ev = evaluate(pos, top=args.top, budget=budget)
            seconds = time.perf_counter() - t
            rows.append(
                {
                    "turn": turn,
                    "answers": n,
                    "work": int(ev.work),
                    "position_exact": bool(ev.exact),
                    # Proven that no strategy wins every answer in the guesses left (hard mode):
                    # no guess has a finite value, so the top is empty, and that is the answer.
                    "proven_unwinnable": bool(ev.exact and not ev.winnable),
                    "top_exact": sum(1 for g in ev.top if g.exact),
                    "top": len(ev.top),
                    "seconds": round(seconds, 3),
                }
            )
            print(rows[-1], flush=True)
            # The second guess: a random possible answer (a player's plausible try).
            second = int(m.answer_to_guess[int(rng.choice(pos.candidates))])
            if second == int(m.answer_to_guess[answer]):
                break
            pos = pos.after(second, int(m.data[second, answer]))
    bands = []
    for lo, hi in BANDS:
        sel = [r for r in rows if lo <= r["answers"] <= hi]
        if not sel:
            continue
        bands.append(
            {
                "answers": f"{lo}-{hi}" if hi < (1 << 30) else f">{lo - 1}",
                "positions": len(sel),
                "all_top_exact_share": round(
                    sum(r["top_exact"] == r["top"] > 0 or r["proven_unwinnable"] for r in sel)
                    / len(sel),
                    3,
                ),
                "proven_unwinnable": sum(r["proven_unwinnable"] for r in sel),
                "median_work": int(statistics.median(r["work"] for r in sel)),
                "max_work": max(r["work"] for r in sel),
                "median_s": round(statistics.median(r["seconds"] for r in sel), 3),
                "max_s": max(r["seconds"] for r in sel),
            }
        )
    _util.emit(
        f"exact_top_nyt{'_hard' if args.hard else ''}",
        {
            "bench": "exact-top",
            "lists": "nyt",
            "mode": "hard" if args.hard else "normal",
            "games": args.games,
            "seed": args.seed,
            "top": args.top,
            "budget_lookups": budget,
            "exact_top_max_now": EXACT_TOP_MAX,
            "machine": machine(),
            "bands": bands,
            "rows": rows,
        },
    )


if __name__ == "__main__":
    main()
