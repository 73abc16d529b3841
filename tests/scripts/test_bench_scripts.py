"""Every script in benchmarks/ imports cleanly: a helper moved between scripts once left two of
them failing at their first line, unnoticed until a benchmark was re-run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPTS = sorted(p.stem for p in BENCH.glob("*.py"))


def test_there_are_scripts():
    assert "bench_tail" in SCRIPTS and "_util" in SCRIPTS


@pytest.mark.parametrize("name", SCRIPTS)
def test_script_imports(name):
    # In a fresh interpreter, from the benchmarks folder as `python benchmarks/X.py` runs it; the
    # import runs no benchmark (each script's work is under `if __name__ == "__main__"`).
    code = f"import sys; sys.path.insert(0, {str(BENCH)!r}); import {name}"
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=BENCH, timeout=120
    )
    assert r.returncode == 0, r.stderr.strip().splitlines()[-1:]
    assert r.stdout == ""


def test_scripts_guard_their_work():
    for name in SCRIPTS:
        if name.startswith("_"):
            continue
        text = (BENCH / f"{name}.py").read_text()
        assert 'if __name__ == "__main__":' in text, name
