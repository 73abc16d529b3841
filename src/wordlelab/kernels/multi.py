"""numba kernel that scores guesses across several boards at once (Dordle, Quordle, ...)."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .stamps import stamp_caches


@njit(cache=True, parallel=True, nogil=True)
def multi_board_scores(
    data: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    starts: np.ndarray,
    n_patterns: int,
    win: int,
    out: np.ndarray,
) -> None:
    """For each guess row, summed over boards: entropy (bits) and the chance of solving a board.

    Board b's candidates are ``cols[starts[b]:starts[b + 1]]``. ``out`` is (len(rows), 2) float64:
    column 0 the sum of the boards' feedback entropies, column 1 the expected number of boards
    the guess solves (the share of each board's candidates that give the all-green pattern).
    """
    n_rows = rows.shape[0]
    n_boards = starts.shape[0] - 1
    chunk = 32
    for c in prange((n_rows + chunk - 1) // chunk):
        counts = np.zeros(n_patterns, dtype=np.int32)
        seen = np.empty(cols.shape[0], dtype=np.int64)
        for r in range(c * chunk, min(n_rows, (c + 1) * chunk)):
            row = data[rows[r]]
            ent_total = 0.0
            solved = 0.0
            for b in range(n_boards):
                lo = starts[b]
                hi = starts[b + 1]
                n = hi - lo
                if n == 0:
                    continue
                distinct = 0
                for j in range(lo, hi):
                    p = row[cols[j]]
                    if counts[p] == 0:
                        seen[distinct] = p
                        distinct += 1
                    counts[p] += 1
                ent = 0.0
                for t in range(distinct):
                    m = counts[seen[t]]
                    counts[seen[t]] = 0
                    ent -= (m / n) * np.log2(m / n)
                ent_total += ent
                for j in range(lo, hi):
                    if row[cols[j]] == win:
                        solved += 1.0 / n
            out[r, 0] = ent_total
            out[r, 1] = solved


stamp_caches(__name__)  # each kernel's cache stale when a source it depends on changes
