"""Multi-board play (Dordle ... Sedecordle) on seeded random answer tuples, printed as JSON.

    PYTHONPATH=src python benchmarks/bench_variants.py --boards 4 --games 10000 --seed 1 [--lists original]
        [--method entropy-solve|entropy-sum] [--solve-weight 1.0] [--max-guesses M]

Mean guesses are over the games won; failures are games with a board unsolved at the end.
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
    ap.add_argument("--lists", default="original")
    ap.add_argument("--method", default="entropy-solve")
    ap.add_argument("--solve-weight", type=float, default=1.0)
    ap.add_argument("--progress", action="store_true", help="progress lines on stderr")
    args = ap.parse_args()

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


if __name__ == "__main__":
    main()
