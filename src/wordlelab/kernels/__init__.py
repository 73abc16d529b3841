"""The numba kernels: one module per hot loop, compiled once per machine into numba's cache."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

# The modules that hold kernels (each compiles into files named after it in numba's cache).
MODULES = (
    "columns",
    "expected",
    "feedback",
    "greedy",
    "guess_total",
    "multi",
    "partition",
    "playtree",
    "scoring",
    "search",
)


def compiled_cache_complete() -> bool:
    """Whether numba's on-disk cache holds compiled code from every kernel module (without
    importing numba). False means a first run compiles some of them (seconds to a minute)."""
    return compiled_modules().issuperset(MODULES)


def compiled_modules() -> set[str]:
    """The kernel modules of which numba's on-disk cache holds compiled code (none: the first run
    on this machine). Whether that code is still fresh is numba's to decide when it loads it.

    numba keeps a kernel's cache in ``__pycache__`` beside its source, or under
    ``NUMBA_CACHE_DIR`` when that is set (or the source folder is read-only), in files named
    ``<module>.<kernel>-<line>.py<version>.nbi``.
    """
    here = Path(__file__).resolve().parent
    found: set[str] = set()
    for folder in (here, here.parent / "exact" / "kernels"):  # the exact search's kernels there
        # numba's own naming of a source folder's place in a cache root (caching._CacheLocator).
        sub = f"{folder.name}_{hashlib.sha1(str(folder).encode()).hexdigest()}"
        if os.environ.get("NUMBA_CACHE_DIR"):
            places = [Path(os.environ["NUMBA_CACHE_DIR"]) / sub]
        else:
            import platformdirs

            places = [folder / "__pycache__", Path(platformdirs.user_cache_dir("numba")) / sub]
        for place in places:
            try:
                found.update(p.name.partition(".")[0] for p in place.glob("*.nbi"))
            except OSError:
                continue
    return found & set(MODULES)
