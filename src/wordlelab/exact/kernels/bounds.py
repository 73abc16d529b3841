"""The counting bound of the exact search as whole-array NumPy (no numba, no per-answer loop).

``counting_bound_table`` is ``search.lower_bound_table`` computed a column at a time, in well
under a millisecond, so that starting a search (and every exact evaluation) does not loop over
answers x guesses left in Python. A test checks the two agree.
"""

from __future__ import annotations

import numpy as np

INF = np.int64(1 << 40)  # search.INF: an impossible sub-problem


def counting_bound_table(max_n: int, max_d: int, n_patterns: int, loss: int = 0) -> np.ndarray:
    """lb[d, m]: fewest total guesses any tree can spend on m answers with d guesses left.

    The next guess solves at most one answer and the t-th at most P**(t-1), P = n_patterns - 2
    (the all-green pattern wins, and k-1 greens with one yellow cannot happen); filling the
    cheapest levels first gives the bound, INF when m answers do not fit in d levels; with
    ``loss`` W > 0 (hard mode's objective), each answer that does not fit is lost at W + d + 1.
    """
    P = max(1, n_patterns - 2)
    m = np.arange(max_n + 1, dtype=np.int64)
    out = np.full((max_d + 1, max_n + 1), INF, dtype=np.int64)
    out[:, 0] = 0
    if loss > 0:
        out[0] = m * (loss + 1)
    for d in range(1, max_d + 1):
        left = m.copy()
        cost = np.zeros_like(m)
        cap = 1
        for t in range(1, d + 1):
            take = np.minimum(left, cap)
            cost += take * t
            left -= take
            cap = min(cap * P, 1 << 40)
        fits = left == 0
        out[d, fits] = cost[fits]
        if loss > 0:
            out[d, ~fits] = cost[~fits] + left[~fits] * (loss + d + 1)
    return out
