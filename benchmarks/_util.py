"""Small helpers shared by the benchmark scripts (they print JSON; nothing here asserts)."""

from __future__ import annotations

import os
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))


def timeit(fn: Callable[[], Any], repeat: int = 5) -> dict[str, float]:
    """Median and min wall-clock seconds of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return {"median_s": round(statistics.median(times), 4), "min_s": round(min(times), 4), "runs": repeat}


def peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def machine() -> dict[str, Any]:
    import numba

    return {"cpus": os.cpu_count(), "numba_threads": numba.get_num_threads(), "python": sys.version.split()[0]}
