"""The prior strategy when the answer list is unknown: every allowed word may be the answer.

Plays all 12972 allowed words as answers (the prior strategy weighs them by frequency) and
reports the mean over the 2315 original answers, and over every allowed word, with entropy on
the same 12972x12972 setting as the comparison.
Run: python benchmarks/bench_prior.py   (prints JSON)
"""

from __future__ import annotations

import time

import _util
import numpy as np


def main() -> None:
    from wordlelab.assist.simulate import simulate
    from wordlelab.game.matrix import load_matrix
    from wordlelab.game.words import WordList
    from wordlelab.strategies import make_strategy

    allowed, original = WordList.bundled("allowed"), WordList.bundled("answers")
    t = time.perf_counter()
    matrix = load_matrix(allowed, allowed)
    load_s = time.perf_counter() - t
    idx = np.array([allowed.index(w) for w in original])
    out: dict = {
        "benchmark": "unknown answer list: 12972 possible answers",
        "machine": _util.machine(),
        "matrix_load_s": round(load_s, 2),
    }
    for name in ("prior", "entropy"):
        result = simulate(make_strategy(name), matrix, cache=True)
        g = result.guesses
        sub = g[idx]
        out[name] = {
            "opener": result.opener,
            "mean_on_original_2315": round(float(sub.mean()), 4),
            "distribution_on_original_1_to_6": [int((sub == i).sum()) for i in range(1, 7)],
            "failures_on_original": int((sub > 6).sum()),
            "mean_on_all_12972": round(float(g.mean()), 4),
            "failures_on_all": int((g > 6).sum()),
            "seconds": round(result.seconds, 1),
        }
    out["peak_rss_mb"] = _util.peak_rss_mb()
    _util.emit("prior", out)


if __name__ == "__main__":
    main()
