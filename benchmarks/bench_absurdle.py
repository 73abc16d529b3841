"""The fewest guesses that force a win against Absurdle, proved, per list set and mode (JSON).

PYTHONPATH=src python benchmarks/bench_absurdle.py [--lists original nyt] [--modes normal hard]
"""

from __future__ import annotations

import argparse

import _util  # noqa: F401  (puts src/ on the path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lists", nargs="+", default=["original", "nyt"])
    ap.add_argument("--modes", nargs="+", default=["normal", "hard"], choices=["normal", "hard"])
    args = ap.parse_args()

    from wordlelab.exact.absurdle import prove_absurdle
    from wordlelab.game.lists import load_lists

    runs = []
    for name in args.lists:
        lists = load_lists(lists=name)
        matrix = lists.matrix()
        for mode in args.modes:
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
