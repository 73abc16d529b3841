"""A kernel's on-disk cache goes stale with every source it depends on, not only its own file."""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import wordlelab
from wordlelab.kernels import MODULES, stamps

# A small kernel of greedy.py's that calls the exact search's hard-mode rule, as greedy_value does
# (compiling greedy_value itself takes many seconds).
PROBE = """
@njit(cache=True, nogil=True)
def _probe_legal(rule, gletters, gcounts):
    return legal(0, rule, gletters, gcounts)

"""

RUN = """
import numpy as np
import wordlelab
from wordlelab.exact.kernels import greedy

assert wordlelab.__file__.startswith({src!r}), wordlelab.__file__
rule = np.concatenate([np.full(5, -1, dtype=np.int8), np.zeros(26, dtype=np.int8)])
legal = greedy._probe_legal(rule, np.zeros((1, 5), dtype=np.uint8), np.zeros((1, 26), dtype=np.int8))
print(legal, sum(greedy._probe_legal.stats.cache_hits.values()))
"""


def test_a_kernel_compiles_afresh_when_a_kernel_it_calls_changes(tmp_path):
    """The stale cache that segfaulted ``assist --hard`` after search.py changed in a checkout:
    greedy.py's kernels carry search.py's hard-mode rule compiled into their cached code."""
    src = tmp_path / "src"
    pkg = src / "wordlelab"
    shutil.copytree(
        Path(wordlelab.__file__).parent,
        pkg,
        ignore=shutil.ignore_patterns("__pycache__", "data"),
    )
    greedy = pkg / "exact" / "kernels" / "greedy.py"
    text = greedy.read_text()
    at = text.index("\n@njit")
    greedy.write_text(text[:at] + "\n" + PROBE + text[at:])
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": str(tmp_path / "numba"),
        "PYTHONPATH": str(src),
    }

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-c", RUN.format(src=str(pkg))],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout.strip()

    assert run() == "True 0"  # compiled, and cached
    assert run() == "True 1"  # loaded from the cache
    search = pkg / "exact" / "kernels" / "search.py"
    changed, n = re.subn(
        r"(def _legal\([^)]*\)[^:]*:\n)", r"\1    return False\n", search.read_text(), count=1
    )
    assert n == 1
    search.write_text(changed)  # greedy.py itself unchanged
    assert run() == "False 0"  # compiled afresh with the new rule, not the cached one
    assert run() == "False 1"


def test_every_kernel_module_stamps_its_kernels_with_its_dependencies():
    for name in MODULES:
        package = "wordlelab.exact.kernels" if name in ("search", "greedy", "guess_total") else ""
        module = importlib.import_module(f"{package or 'wordlelab.kernels'}.{name}")
        mark = stamps.digest(module.__name__)
        kernels = [
            obj
            for obj in vars(module).values()
            if getattr(getattr(obj, "py_func", None), "__module__", None) == module.__name__
            and getattr(obj, "_cache", None) is not None
        ]
        assert kernels, name
        for kernel in kernels:
            assert kernel._cache._cache_file._source_stamp[1] == mark, (name, kernel)


def test_the_dependencies_are_the_package_modules_imported():
    deps = stamps.dependencies("wordlelab.exact.kernels.guess_total")
    assert set(deps) == {"wordlelab.exact.kernels.search", "wordlelab.kernels.stamps"}
    assert stamps.dependencies("wordlelab.kernels.feedback").keys() == {"wordlelab.kernels.stamps"}
