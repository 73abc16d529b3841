"""numba kernels for the strategy family scores: shared letters and the two-step lookahead cost."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .stamps import stamp_caches


@njit(cache=True, nogil=True)
def share_counts(guess_masks: np.ndarray, cand_masks: np.ndarray, out: np.ndarray) -> None:
    """``out[i]``: how many candidate letter-sets share at least one letter with ``guess_masks[i]``.

    Serial: one AND per pair is too little work to pay for waking threads.
    """
    n = cand_masks.shape[0]
    for i in range(guess_masks.shape[0]):
        g = guess_masks[i]
        c = 0
        for j in range(n):
            if g & cand_masks[j]:
                c += 1
        out[i] = c


@njit(cache=True, nogil=True)
def leaf_guesses(m: int) -> float:
    """Estimated guesses still needed for a group of ``m`` candidates left after the lookahead.

    A group of one costs one guess, of two 1.5 (guess one of them); larger groups cost at least
    the 2 - 1/m of a candidate guess that splits the rest into singletons, plus 0.06 guess per
    bit: fitted to what greedy entropy play actually needs for groups left after two guesses
    (3: 1.75, 4: 1.85, 6: 1.95, 8: 2.0, 12: 2.2 on the original lists).
    """
    if m <= 1:
        return 1.0
    if m == 2:
        return 1.5
    return 2.0 - 1.0 / m + 0.06 * np.log2(m)


@njit(cache=True, nogil=True)
def cost_table(n: int) -> np.ndarray:
    """``t[m] = m * (1 + leaf_guesses(m))``: the guesses a non-winning group of m costs, m <= n + 1."""
    t = np.zeros(n + 2, dtype=np.float64)
    for m in range(1, n + 2):
        t[m] = m * (1.0 + leaf_guesses(m))
    return t


@njit(cache=True, parallel=True, nogil=True)
def one_step_cost(
    data: np.ndarray, rows: np.ndarray, cols: np.ndarray, n_patterns: int, win: int, out: np.ndarray
) -> None:
    """For each guess row: total guesses (this one included) over ``cols``, leaves estimated.

    An answer that gets the all-green pattern costs 1; one left in a group of m costs
    1 + leaf_guesses(m). ``out[r]`` is the sum over the candidates (divide by their number).
    """
    n = cols.shape[0]
    n_rows = rows.shape[0]
    chunk = 32
    for c in prange((n_rows + chunk - 1) // chunk):
        counts = np.zeros(n_patterns, dtype=np.int32)
        seen = np.empty(n, dtype=np.int64)
        for r in range(c * chunk, min(n_rows, (c + 1) * chunk)):
            row = data[rows[r]]
            distinct = 0
            for j in range(n):
                p = row[cols[j]]
                if counts[p] == 0:
                    seen[distinct] = p
                    distinct += 1
                counts[p] += 1
            total = 0.0
            for t in range(distinct):
                p = seen[t]
                m = counts[p]
                counts[p] = 0
                if p == win:
                    total += m
                else:
                    total += m * (1.0 + leaf_guesses(m))
            out[r] = total


stamp_caches(__name__)  # each kernel's cache stale when a source it depends on changes
