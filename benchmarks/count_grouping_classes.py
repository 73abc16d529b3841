"""How many different ways the guesses split the exact search's endgame sets: the room for
scanning one guess per grouping instead of every guess.

    python benchmarks/count_grouping_classes.py [--opener shivs] [--lists nyt] [--seed 1]
        [--sets 8]

Guesses that split a set of answers into the same groups split every subset of it alike, so a
search that scanned one guess per grouping of a set (not every guess) would do the same for all
the sets below it. This counts those groupings on the sets where an opener's proof spends its
time (``profile_search_work.py``): from the opener's largest group, seeded random second guesses
leave sets of 48 to 99 answers (four guesses left), and seeded random third guesses leave, inside
those, sets of 16 to 47 (three guesses left). For each set: its size and how many distinct
groupings all the allowed guesses make of it; for the smaller sets also the groupings their
parent set has (what a scan below the parent, sharing the parent's classes, would still read).
Counts, not times.
"""

from __future__ import annotations

import argparse
import statistics

import _util
import numpy as np


def groupings(data: np.ndarray, S: np.ndarray) -> int:
    """Distinct partitions of S among the guesses (rows of ``data``: guess x answer patterns)."""
    sub = data[:, S]
    canon = np.empty(sub.shape, dtype=np.int16)
    for j in range(sub.shape[1]):
        # each answer's label: the first answer of S (in order) with the same pattern
        canon[:, j] = np.argmax(sub[:, : j + 1] == sub[:, j : j + 1], axis=1)
    return int(np.unique(canon, axis=0).shape[0])


def split(data: np.ndarray, S: np.ndarray, g: int) -> list[np.ndarray]:
    pats = data[g, S]
    return [S[pats == p] for p in np.unique(pats)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--opener", default="shivs")
    ap.add_argument("--lists", default="nyt")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sets", type=int, default=8, help="sets of 48-99 answers to sample")
    args = ap.parse_args()
    if not 1 <= args.sets <= 100:
        ap.error(f"--sets: {args.sets} is not between 1 and 100")
    from wordlelab.game.lists import load_lists

    m = load_lists(5, "en", lists=args.lists).matrix()
    data = np.asarray(m.data)
    n_guesses = data.shape[0]
    if args.opener not in m.guesses:
        raise SystemExit(f"--opener: {args.opener!r} is not an allowed guess")
    rng = np.random.default_rng(args.seed)
    root = np.arange(data.shape[1])
    big = max(split(data, root, m.guesses.index(args.opener)), key=len)
    four: list[dict[str, int]] = []
    three: list[dict[str, int]] = []
    for _ in range(100 * args.sets):  # (an opener whose largest group has few such sets)
        if len(four) >= args.sets:
            break
        for sub in split(data, big, int(rng.integers(n_guesses))):
            if 48 <= sub.size <= 99 and len(four) < args.sets:
                c4 = groupings(data, sub)
                four.append({"answers": int(sub.size), "groupings": c4})
                for _ in range(3):
                    for s3 in split(data, sub, int(rng.integers(n_guesses))):
                        if 16 <= s3.size <= 47:
                            three.append(
                                {
                                    "answers": int(s3.size),
                                    "groupings": groupings(data, s3),
                                    "parent_groupings": c4,
                                }
                            )

    if not four:
        raise SystemExit(f"{args.opener}: its largest group leaves no set of 48 to 99 answers")

    def share(rows: list[dict[str, int]], key: str) -> dict[str, float]:
        xs = [r[key] / n_guesses for r in rows]
        return {
            "median": round(statistics.median(xs), 3),
            "min": round(min(xs), 3),
            "max": round(max(xs), 3),
        }

    _util.emit(
        f"grouping_classes_{args.opener}",
        {
            "lists": args.lists,
            "opener": args.opener,
            "seed": args.seed,
            "guesses": n_guesses,
            "largest_group": int(big.size),
            "four_left": {"sets": len(four), "groupings_share": share(four, "groupings")},
            "three_left": {
                "sets": len(three),
                "groupings_share": share(three, "groupings"),
                "parent_groupings_share": share(three, "parent_groupings"),
            },
            "sets_four_left": four,
            "sets_three_left": three,
        },
    )


if __name__ == "__main__":
    main()
