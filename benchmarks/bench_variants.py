"""The variants' figures: multi-board play (Dordle ... Sedecordle) on seeded random answer
tuples, and the fewest guesses that force a win against Absurdle, proved (JSON).

    PYTHONPATH=src python benchmarks/bench_variants.py --boards 4 --games 10000 --seed 1 [--lists original]
        [--method entropy-solve|entropy-sum] [--solve-weight 1.0] [--max-guesses M]
    PYTHONPATH=src python benchmarks/bench_variants.py --absurdle [--lists original nyt] [--modes normal hard]

Multi-board: mean guesses are over the games won; failures are games with a board unsolved at
the end (results/variants_<boards>boards_<method>_<lists>.json). Absurdle: per list set and
mode (results/absurdle.json).
"""

from __future__ import annotations

import argparse
import sys
import time

import _util  # noqa: F401  (puts src/ on the path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=4)
    ap.add_argument("--max-guesses", type=int, default=None)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lists", nargs="+", default=None, help="default: original (Absurdle: both)")
    ap.add_argument("--method", default="entropy-solve")
    ap.add_argument("--solve-weight", type=float, default=1.0)
    ap.add_argument("--progress", action="store_true", help="progress lines on stderr")
    ap.add_argument("--absurdle", action="store_true", help="prove Absurdle's minimum instead")
    ap.add_argument("--modes", nargs="+", default=["normal", "hard"], choices=["normal", "hard"])
    args = ap.parse_args()
    if args.absurdle:
        absurdle(args.lists or ["original", "nyt"], args.modes)
        return
    if args.lists is not None and len(args.lists) != 1:
        ap.error("multi-board play takes one list set")
    args.lists = (args.lists or ["original"])[0]

    from wordlelab.game.lists import load_lists
    from wordlelab.strategies.multi import MultiStrategy, bench_multi
    from wordlelab.variants import Multi

    lists = load_lists(lists=args.lists)
    matrix = lists.matrix()
    rules = Multi.of(args.boards, args.max_guesses)
    strategy = MultiStrategy(args.method, args.solve_weight)
    t0 = time.monotonic()

    def progress(done: int, total: int) -> None:
        if args.progress and done % 500 == 0:
            print(f"{time.monotonic() - t0:7.1f}s {done}/{total}", file=sys.stderr, flush=True)

    result = bench_multi(matrix, rules, args.games, args.seed, strategy, progress)
    out = result.to_dict()
    out.update(
        {
            "lists": args.lists,
            "guesses_words": len(lists.guesses),
            "answers_words": len(lists.answers),
            "ms_per_game": round(1000 * result.seconds / args.games, 2),
            "machine": _util.machine(),
            "peak_rss_mb": _util.peak_rss_mb(),
        }
    )
    _util.emit(f"variants_{args.boards}boards_{args.method}_{args.lists}", out)


def absurdle(list_sets: list[str], modes: list[str]) -> None:
    """Absurdle's fewest guesses that force a win, per list set and mode (absurdle.json)."""
    from wordlelab.exact.absurdle import prove_absurdle
    from wordlelab.game.lists import load_lists

    runs = []
    for name in list_sets:
        lists = load_lists(lists=name)
        matrix = lists.matrix()
        for mode in modes:
            proof = prove_absurdle(matrix, hard=mode == "hard")
            runs.append(
                {
                    "list_set": name,
                    "guesses_words": len(lists.guesses),
                    "answers_words": len(lists.answers),
                    **proof.to_dict(),
                }
            )
    _util.emit(
        "absurdle", {"runs": runs, "machine": _util.machine(), "peak_rss_mb": _util.peak_rss_mb()}
    )


if __name__ == "__main__":
    main()
