"""What N processes that start together on one empty numba cache pay, against a warm-up first.

    python benchmarks/bench_shared_compile.py [--processes 2] [--command warmup]

The test suite's xdist workers, and the commands its tests start, share the checkout's numba
cache. On a checkout where nothing is compiled yet, every process that needs a kernel before
one of them has written it to the cache compiles it too: numba has no lock between processes.
Measured here, each on a fresh cache (``NUMBA_CACHE_DIR``) and fresh matrix caches:

* ``together``: N copies of the command started at once: their CPU seconds added up, and the
  wall time until the last ends;
* ``warmup_first``: ``wordlelab warmup`` once, then the N copies at once (what the suite's
  conftest does before its workers start): the same sums, warm-up included.

The command (``--command``) is ``warmup`` (every kernel, as each of the suite's workers needs
them: the default), ``analyse --played adieu,story,crony --answer crony`` or ``solve crony``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import _util
from _util import emit

SRC = Path(__file__).resolve().parent.parent / "src"
COMMANDS = {
    "warmup": ["warmup"],
    "analyse": ["analyse", "--played", "adieu,story,crony", "--answer", "crony"],
    "solve": ["solve", "crony"],
}


def _start(args: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "wordlelab", *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _wait(procs: list[subprocess.Popen[bytes]]) -> float:
    """CPU seconds (user + system) of the processes, once all have ended."""
    cpu = 0.0
    for p in procs:
        _pid, _status, usage = os.wait4(p.pid, 0)
        p.returncode = 0
        cpu += usage.ru_utime + usage.ru_stime
    return cpu


def run(n: int, command: list[str], warm_first: bool) -> dict[str, Any]:
    root = Path(tempfile.mkdtemp(prefix="shared-compile-"))
    env = dict(os.environ)
    env.update(
        PYTHONPATH=str(SRC),
        NUMBA_CACHE_DIR=str(root / "numba"),
        WORDLELAB_CACHE_DIR=str(root / "cache"),
        WORDLELAB_DATA_DIR=str(root / "data"),
    )
    env.pop("WORDLELAB_LISTS", None)
    t0 = time.perf_counter()
    cpu = 0.0
    if warm_first:
        cpu += _wait([_start(["warmup"], env)])
    cpu += _wait([_start(command, env) for _ in range(n)])
    return {
        "cpu_s": round(cpu, 1),
        "wall_s": round(time.perf_counter() - t0, 1),
        "load": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--command", choices=sorted(COMMANDS), default="warmup")
    args = parser.parse_args()
    command = COMMANDS[args.command]
    out: dict[str, Any] = {"processes": args.processes, "command": " ".join(command)}
    out["together"] = run(args.processes, command, warm_first=False)
    print(out, file=sys.stderr, flush=True)
    out["warmup_first"] = run(args.processes, command, warm_first=True)
    out["commit_measured"] = _util.commit()
    emit("shared_compile", out)


if __name__ == "__main__":
    main()
