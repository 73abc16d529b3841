"""First suggestion for every length and language, from cold and with the opener cached.

Each run is a fresh `wordlelab assist --opener strategy` process answering 'quit', timed from
start to exit, with its own peak memory (rusage of that child). "cold" starts with an empty
cache directory (no matrix, no opener, no frequencies; numba's compiled kernels are kept, as
after an install); "warm" is the next run. The huge case treats every allowed 11-letter word as
a possible answer with the matrix budget forced low, so rows are scored on demand and the
approx-entropy filter picks the opener.
Run: python benchmarks/bench_lengths.py [--quick]   (prints JSON)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _util

SRC = str(Path(__file__).resolve().parent.parent / "src")


def run(args: list[str], env: dict[str, str]) -> dict[str, float | str]:
    t = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordlelab", "assist", "--opener", "strategy", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"quit\n")
    proc.stdin.close()
    first = proc.stdout.readline().decode().strip()
    proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    return {
        "seconds": round(time.perf_counter() - t, 2),
        "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),
        "first_line": first,
        "exit": os.waitstatus_to_exitcode(status),
    }


def main() -> None:
    quick = "--quick" in sys.argv
    cases: list[tuple[str, list[str], dict[str, str]]] = []
    lengths = [5, 11] if quick else list(range(4, 12))
    for lang in ("en", "ru"):
        for k in lengths:
            cases.append((f"{lang}-{k}", ["-k", str(k), "--lang", lang], {}))
    allowed11 = Path(SRC) / "wordlelab" / "data" / "en" / "11" / "allowed.txt"
    cases.append(
        (
            "en-11-every-word-an-answer-on-demand",
            [
                "-k",
                "11",
                "--words",
                str(allowed11),
                "--answers",
                str(allowed11),
                "-s",
                "approx-entropy",
            ],
            {"WORDLELAB_MATRIX_BUDGET": "256M"},
        )
    )
    out: dict = {
        "benchmark": "first suggestion per length and language",
        "machine": _util.machine(),
    }
    for name, args, extra in cases:
        cache = tempfile.mkdtemp(prefix="wordlelab-bench-cache-")
        env = {**os.environ, "PYTHONPATH": SRC, "WORDLELAB_CACHE_DIR": cache, **extra}
        try:
            cold = run(args, env)
            warm = run(args, env)
        finally:
            shutil.rmtree(cache, ignore_errors=True)
        out[name] = {"cold": cold, "warm": warm}
    _util.emit("lengths", out)


if __name__ == "__main__":
    main()
