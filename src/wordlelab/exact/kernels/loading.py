"""Our kernels load from numba's on-disk cache without first loading numba's compiler.

Before it reads a cached kernel, numba (``Cache.load_overload``) refreshes its target context:
it imports some seventy modules of implementations (linalg, random, typed containers,
unicode...) and installs their typing and lowering registries. That is what *compiling* needs;
*loading* machine code needs only numba's runtime (NRT), whose functions the cached code links
against, and the modules the cached payload names, which unpickling imports by itself. The
refresh costs ~80 ms of CPU in every process, a tenth of the exact search's start-up.

``quick_cache_loads`` gives the kernels of one of our modules a loader that initialises the
runtime and reads the cache, nothing else. Nothing else changes: a cache miss (a new signature,
an edited source) compiles as before, and numba's compiler refreshes both contexts itself before
it compiles anything (``CompilerBase.__init__``), so a compile later in the process sees every
registry. Only our own dispatchers are touched, never numba's classes; on a numba whose cache
does not look like the one this was written for (0.68), nothing is changed.
"""

from __future__ import annotations

from functools import partial
from types import ModuleType
from typing import Any

_DONE: set[str] = set()


def _load_overload(cache: Any, rtsys: Any, sig: Any, target_context: Any) -> Any:
    rtsys.initialize(target_context)  # the runtime's symbols, which cached code links against
    with cache._guard_against_spurious_io_errors():
        return cache._load_overload(sig, target_context)


def quick_cache_loads(module: ModuleType) -> int:
    """Give every cached numba kernel in ``module`` the quick loader; returns how many got it."""
    if module.__name__ in _DONE:
        return 0
    _DONE.add(module.__name__)
    try:
        from numba.core.caching import Cache
        from numba.core.dispatcher import Dispatcher
        from numba.core.runtime.nrt import rtsys
    except ImportError:
        return 0
    done = 0
    for obj in vars(module).values():
        cache = getattr(obj, "_cache", None) if isinstance(obj, Dispatcher) else None
        if (
            isinstance(cache, Cache)
            and type(cache).load_overload is Cache.load_overload  # numba's own, unchanged
            and callable(getattr(cache, "_load_overload", None))
            and callable(getattr(cache, "_guard_against_spurious_io_errors", None))
        ):
            cache.load_overload = partial(_load_overload, cache, rtsys)  # type: ignore[method-assign]  # this object only
            done += 1
    return done
