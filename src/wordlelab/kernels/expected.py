"""numba kernel: the expected guesses of each guess under a prior, with a turn limit.

One pass per guess row builds, for each feedback group, its probability mass, its largest
single probability, its size and its sum of p*log2(p); the group is then costed by
``group_value`` (the Python reference is in ``tests/test_prior_guard.py``).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .stamps import stamp_caches


def p_log2_p(p: np.ndarray) -> np.ndarray:
    """p*log2(p) elementwise, 0 where p is 0."""
    out = np.zeros(p.shape, dtype=np.float64)
    nz = p > 0
    out[nz] = p[nz] * np.log2(p[nz])
    return out


@njit(cache=True, nogil=True)
def leaf_guesses(h: float, xs: np.ndarray, ys: np.ndarray) -> float:
    """f(h): expected further guesses with ``h`` bits left (linear between points, last slope beyond)."""
    if h <= 0.0:
        return ys[0]
    n = xs.shape[0]
    if h >= xs[n - 1]:
        return ys[n - 1] + (h - xs[n - 1]) * (ys[n - 1] - ys[n - 2]) / (xs[n - 1] - xs[n - 2])
    i = 1
    while xs[i] < h:
        i += 1
    t = (h - xs[i - 1]) / (xs[i] - xs[i - 1])
    return ys[i - 1] + t * (ys[i] - ys[i - 1])


@njit(cache=True, nogil=True)
def group_value(
    mass: float,
    top: float,
    count: int,
    plogp: float,
    left: int,
    fail: float,
    xs: np.ndarray,
    ys: np.ndarray,
) -> float:
    """Probability-weighted guesses still needed for one feedback group (not the win).

    ``mass`` is the group's probability, ``top`` its most likely word's, ``plogp`` the sum of
    p*log2(p) over its words, ``left`` the guesses left after the one being scored; a game not
    finished within them costs ``fail`` more.
    """
    if mass <= 0.0:
        return 0.0
    if left <= 0:
        return mass * fail
    if count == 1:
        return mass
    if left == 1:
        # One guess left: the likeliest word, else a failure.
        return mass + (mass - top) * fail
    if count == 2:
        # The likelier first, then the other.
        return top + 2.0 * (mass - top)
    h = np.log2(mass) - plogp / mass
    return mass * leaf_guesses(h, xs, ys)


@njit(cache=True, parallel=True, nogil=True)
def expected_guesses(
    data: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    p: np.ndarray,
    plp: np.ndarray,
    n_patterns: int,
    win: int,
    left: int,
    fail: float,
    xs: np.ndarray,
    ys: np.ndarray,
    out: np.ndarray,
) -> None:
    """out[r] = 1 + sum over the non-win feedback groups of rows[r] of ``group_value``.

    ``p`` is aligned with ``cols`` and sums to 1, ``plp`` is p*log2(p) (0 where p is 0: computed
    once by the caller, not once per guess); ``left`` counts the guesses after this one.
    """
    n = cols.shape[0]
    n_rows = rows.shape[0]
    chunk = 32
    for c in prange((n_rows + chunk - 1) // chunk):
        mass = np.zeros(n_patterns, dtype=np.float64)
        top = np.zeros(n_patterns, dtype=np.float64)
        plogp = np.zeros(n_patterns, dtype=np.float64)
        count = np.zeros(n_patterns, dtype=np.int64)
        seen = np.empty(n, dtype=np.int64)
        for r in range(c * chunk, min(n_rows, (c + 1) * chunk)):
            row = data[rows[r]]
            distinct = 0
            for j in range(n):
                q = row[cols[j]]
                pj = p[j]
                if count[q] == 0:
                    seen[distinct] = q
                    distinct += 1
                count[q] += 1
                mass[q] += pj
                if pj > top[q]:
                    top[q] = pj
                plogp[q] += plp[j]
            total = 1.0
            for t in range(distinct):
                q = seen[t]
                if q != win:
                    total += group_value(mass[q], top[q], count[q], plogp[q], left, fail, xs, ys)
                mass[q] = 0.0
                top[q] = 0.0
                plogp[q] = 0.0
                count[q] = 0
            out[r] = total


stamp_caches(__name__)  # each kernel's cache stale when a source it depends on changes
