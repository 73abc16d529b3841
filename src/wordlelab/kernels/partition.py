"""numba kernels that summarise how guesses split a candidate set by feedback."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .stamps import stamp_caches


@njit(cache=True, parallel=True, nogil=True)
def partition_stats(
    data: np.ndarray, rows: np.ndarray, cols: np.ndarray, n_patterns: int, out: np.ndarray
) -> None:
    """For each guess row: entropy (bits), distinct patterns, sum of squared group sizes, largest group.

    ``out`` is (len(rows), 4) float64. The expected number of remaining candidates is
    sum_sq / n; a scratch histogram per chunk of rows is reset only where it was touched.
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
            ent = 0.0
            sq = 0.0
            big = 0
            for t in range(distinct):
                m = counts[seen[t]]
                counts[seen[t]] = 0
                ent -= (m / n) * np.log2(m / n)
                sq += m * m
                if m > big:
                    big = m
            out[r, 0] = ent
            out[r, 1] = distinct
            out[r, 2] = sq
            out[r, 3] = big


@njit(cache=True, parallel=True, nogil=True)
def weighted_entropy(
    data: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    weights: np.ndarray,
    n_patterns: int,
    out: np.ndarray,
) -> None:
    """Entropy (bits) of each guess row's feedback when candidate j has probability weights[j].

    ``weights`` are aligned with ``cols`` and sum to 1.
    """
    n = cols.shape[0]
    n_rows = rows.shape[0]
    chunk = 32
    for c in prange((n_rows + chunk - 1) // chunk):
        mass = np.zeros(n_patterns, dtype=np.float64)
        seen = np.empty(n, dtype=np.int64)
        for r in range(c * chunk, min(n_rows, (c + 1) * chunk)):
            row = data[rows[r]]
            distinct = 0
            for j in range(n):
                p = row[cols[j]]
                if mass[p] == 0.0:
                    seen[distinct] = p
                    distinct += 1
                mass[p] += weights[j] + 1e-300  # never exactly zero once touched
            ent = 0.0
            for t in range(distinct):
                m = mass[seen[t]]
                mass[seen[t]] = 0.0
                if m > 1e-299:
                    ent -= m * np.log2(m)
            out[r] = ent


stamp_caches(__name__)  # each kernel's cache stale when a source it depends on changes
