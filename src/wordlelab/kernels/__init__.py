"""The numba kernels: one module per hot loop, compiled once per machine into numba's cache."""

from __future__ import annotations

import os
from pathlib import Path


def compiled_cache_present() -> bool:
    """Whether numba's on-disk cache holds any of our compiled kernels (without importing numba).

    numba keeps a kernel's cache in ``__pycache__`` beside its source, or under
    ``NUMBA_CACHE_DIR`` when that is set or the source folder is read-only. An empty cache means
    the first run compiles every kernel it calls (tens of seconds).
    """
    here = Path(__file__).resolve().parent
    places = [here / "__pycache__", here.parent / "exact" / "kernels" / "__pycache__"]
    if os.environ.get("NUMBA_CACHE_DIR"):
        places.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    for place in places:
        try:
            if any(place.rglob("*.nbi")):
                return True
        except OSError:
            continue
    return False
