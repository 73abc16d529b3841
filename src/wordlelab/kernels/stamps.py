"""Each kernel's on-disk cache is stamped with the sources it depends on, not only its own file.

numba keeps a compiled kernel with the code of the kernels it calls linked in and the constants
it reads frozen in, but it stamps that cache with the kernel's own source file only (mtime and
size). A kernel that calls another module's kernel (the greedy bound calls the exact search's
hard-mode rule) would, after only that other source changed, load stale machine code: wrong
answers, or a segfault when the callee's arguments changed. :func:`stamp_caches` adds to the
stamp of every cached kernel of a module a digest of the sources of the package's modules it
imports, directly or through others; numba then finds the cache stale when any of them changes
and compiles afresh, as it does when the kernel's own file changes. Each kernel module calls it
once, after its last kernel.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from typing import Any


def _source(name: str) -> str | None:
    module = sys.modules.get(name)
    spec = getattr(module, "__spec__", None) if module is not None else None
    if spec is None:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            return None
    loader = getattr(spec, "loader", None) if spec is not None else None
    try:
        return loader.get_source(name) if loader is not None else None  # type: ignore[attr-defined]
    except (ImportError, OSError, AttributeError):
        return None


def _imports(name: str, source: str, top: str) -> set[str]:
    """The modules of package ``top`` that module ``name``'s top-level import statements name
    (``from .search import a, b``, ``from ..kernels import playtree``, ``import wordlelab.x``)."""
    package = name.rpartition(".")[0]
    found: set[str] = set()
    lines = source.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("import "):
            found.update(part.split()[0] for part in line[7:].split(",") if part.strip())
        elif line.startswith("from "):
            where, _, names = line[5:].partition(" import ")
            where = where.strip()
            base = importlib.util.resolve_name(where, package) if where.startswith(".") else where
            found.add(base)
            if hasattr(sys.modules.get(base), "__path__"):  # a package: names may be modules
                if names.lstrip().startswith("("):
                    for more in lines[i + 1 :]:
                        if ")" in names:
                            break
                        names += " " + more
                listed = names.partition("#")[0].strip(" ()")
                found.update(f"{base}.{n.split()[0]}" for n in listed.split(",") if n.strip())
    return {m for m in found if m == top or m.startswith(top + ".")}


def dependencies(name: str) -> dict[str, str]:
    """Module name -> source of every module of its package that ``name`` imports, directly or
    not (itself excluded; names that are not modules, e.g. ``from .search import next_rule``'s
    ``wordlelab...search.next_rule``, are dropped)."""
    top = name.partition(".")[0]
    seen: dict[str, str] = {}
    todo = [name]
    while todo:
        current = todo.pop()
        source = _source(current) if current not in seen else None
        if source is None:
            continue
        seen[current] = source
        todo.extend(m for m in _imports(current, source, top) if m not in seen)
    seen.pop(name, None)
    return seen


def digest(name: str) -> str:
    """A digest of the sources module ``name``'s kernels depend on, beyond its own file."""
    h = hashlib.sha256()
    for dep, source in sorted(dependencies(name).items()):
        h.update(f"{dep}\0{len(source)}\0".encode())
        h.update(source.encode())
    return h.hexdigest()[:32]


def stamp_caches(name: str) -> int:
    """Stamp the cache of every kernel defined in module ``name`` with :func:`digest` too;
    returns how many. Idempotent. Call it before the module's kernels are first used."""
    module = sys.modules[name]
    try:
        from numba.core.dispatcher import Dispatcher
    except ImportError:
        return 0
    mark = digest(name)
    done = 0
    for obj in vars(module).values():
        if not isinstance(obj, Dispatcher) or getattr(obj.py_func, "__module__", None) != name:
            continue  # another module's kernel (imported here) is stamped by that module
        cache_file: Any = getattr(getattr(obj, "_cache", None), "_cache_file", None)
        stamp = getattr(cache_file, "_source_stamp", None)
        if stamp is None:
            continue  # not cached, or a numba whose cache is laid out otherwise
        if isinstance(stamp, tuple) and len(stamp) == 2 and stamp[1] == mark:
            continue
        cache_file._source_stamp = (stamp, mark)  # compared with, and saved into, the index
        done += 1
    return done
