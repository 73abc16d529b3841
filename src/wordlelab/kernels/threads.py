"""How many threads the parallel kernels use (numba's setting, kept behind one function)."""

from __future__ import annotations

import numba


def set_threads(n: int) -> int:
    """Use ``n`` threads (clamped to 1..the number numba started with); returns the number set."""
    n = max(1, min(int(n), numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]
    numba.set_num_threads(n)
    return n


def get_threads() -> int:
    return int(numba.get_num_threads())
