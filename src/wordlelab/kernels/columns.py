"""numba kernels over the transposed pattern matrix (answers x guesses), for small candidate sets.

Reading ``data[g, c]`` for every guess g and a few scattered candidates c misses the cache on
nearly every access; the transposed copy reads each candidate's feedback for a block of guesses
as one contiguous run, and the statistics are updated incrementally as each count grows, so no
histogram is ever scanned. Small sets are also too little work to pay for waking threads, so
the serial driver is the one to use below a few million cells.
"""

from __future__ import annotations

import numpy as np
from numba import config as _numba_config
from numba import get_thread_id, njit, prange

from .stamps import stamp_caches

BLOCK = 256
# Above this many patterns a per-thread histogram block gets too large; use the row kernel.
MAX_PATTERNS = 3**7


@njit(cache=True, nogil=True)
def _xlogx_table(n: int) -> np.ndarray:
    t = np.zeros(n + 2, dtype=np.float64)
    for c in range(2, n + 2):
        t[c] = c * np.log2(c)
    return t


@njit(cache=True, nogil=True)
def _block(data_t, rows, cols, counts, table, lo, hi, out):  # type: ignore[no-untyped-def]
    n = cols.shape[0]
    width = hi - lo
    xlx = np.zeros(BLOCK, dtype=np.float64)
    distinct = np.zeros(BLOCK, dtype=np.int64)
    sq = np.zeros(BLOCK, dtype=np.int64)
    big = np.zeros(BLOCK, dtype=np.int64)
    for j in range(n):
        col = data_t[cols[j]]
        for b in range(width):
            p = col[rows[lo + b]]
            c = counts[b, p]
            counts[b, p] = c + 1
            xlx[b] += table[c + 1] - table[c]
            sq[b] += 2 * c + 1
            if c == 0:
                distinct[b] += 1
            if c + 1 > big[b]:
                big[b] = c + 1
    for j in range(n):
        col = data_t[cols[j]]
        for b in range(width):
            counts[b, col[rows[lo + b]]] = 0
    for b in range(width):
        r = lo + b
        ent = np.log2(n) - xlx[b] / n if n > 0 else 0.0
        out[r, 0] = ent if ent > 0.0 else 0.0
        out[r, 1] = distinct[b]
        out[r, 2] = sq[b]
        out[r, 3] = big[b]


@njit(cache=True, nogil=True)
def _stats_serial(data_t, rows, cols, scratch, out):  # type: ignore[no-untyped-def]
    table = _xlogx_table(cols.shape[0])
    n_rows = rows.shape[0]
    for blk in range((n_rows + BLOCK - 1) // BLOCK):
        lo = blk * BLOCK
        _block(data_t, rows, cols, scratch[0], table, lo, min(n_rows, lo + BLOCK), out)


@njit(cache=True, parallel=True, nogil=True)
def _stats_parallel(data_t, rows, cols, scratch, out):  # type: ignore[no-untyped-def]
    table = _xlogx_table(cols.shape[0])
    n_rows = rows.shape[0]
    for blk in prange((n_rows + BLOCK - 1) // BLOCK):
        lo = blk * BLOCK
        _block(
            data_t, rows, cols, scratch[get_thread_id()], table, lo, min(n_rows, lo + BLOCK), out
        )


_SCRATCH: dict[int, np.ndarray] = {}


def partition_stats_t(
    data_t: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    n_patterns: int,
    out: np.ndarray,
    parallel: bool = False,
) -> None:
    """``kernels.partition.partition_stats`` (same ``out``) reading the transposed matrix.

    Needs ``n_patterns <= MAX_PATTERNS``. A per-thread histogram block of zeros is kept between
    calls (each call leaves it zeroed), so this is not safe from two Python threads at once.
    """
    scratch = scratch_for(n_patterns)
    if parallel:
        _stats_parallel(data_t, rows, cols, scratch, out)
    else:
        _stats_serial(data_t, rows, cols, scratch, out)


@njit(cache=True, nogil=True)
def one_step_cost_t(data_t, rows, cols, win, table, scratch, out):  # type: ignore[no-untyped-def]
    """``kernels.scoring.one_step_cost`` (same ``out``) on the transposed matrix, serially.

    ``table`` is ``kernels.scoring.cost_table(len(cols))`` (passed in: numba's cache does not
    notice when a jitted function of another module changes). ``scratch`` is
    (threads, BLOCK, n_patterns) of zeros and is left zeroed.
    """
    n = cols.shape[0]
    counts = scratch[0]
    n_rows = rows.shape[0]
    acc = np.zeros(BLOCK, dtype=np.float64)
    for blk in range((n_rows + BLOCK - 1) // BLOCK):
        lo = blk * BLOCK
        width = min(n_rows, lo + BLOCK) - lo
        acc[:] = 0.0
        for j in range(n):
            col = data_t[cols[j]]
            for b in range(width):
                p = col[rows[lo + b]]
                if p == win:
                    acc[b] += 1.0
                else:
                    c = counts[b, p]
                    counts[b, p] = c + 1
                    acc[b] += table[c + 1] - table[c]
        for j in range(n):
            col = data_t[cols[j]]
            for b in range(width):
                counts[b, col[rows[lo + b]]] = 0
        for b in range(width):
            out[lo + b] = acc[b]


def scratch_for(n_patterns: int) -> np.ndarray:
    """The shared per-thread zeroed histogram block for ``n_patterns`` patterns."""
    scratch = _SCRATCH.get(n_patterns)
    if scratch is None:
        threads = int(_numba_config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
        scratch = np.zeros((threads, BLOCK, n_patterns), dtype=np.int32)
        _SCRATCH[n_patterns] = scratch
    return scratch


stamp_caches(__name__)  # each kernel's cache stale when a source it depends on changes
