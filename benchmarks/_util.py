"""Small helpers shared by the benchmark scripts (they print JSON; nothing here asserts)."""

from __future__ import annotations

import contextlib
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))


def timeit(fn: Callable[[], Any], repeat: int = 5) -> dict[str, float]:
    """Median and min wall-clock seconds of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return {
        "median_s": round(statistics.median(times), 4),
        "min_s": round(min(times), 4),
        "runs": repeat,
    }


def peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def rss_mb(pid: int) -> dict[str, float]:
    """A process's resident memory now (VmRSS) and its high-water mark (VmHWM), in MB."""
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = round(int(value.split()[0]) / 1024, 1)
    return out


class Server(NamedTuple):
    """A running ``wordlelab serve``: its loopback port, process id, data folder and log."""

    port: int
    pid: int
    data: Path
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@contextlib.contextmanager
def served(
    prefix: str, env: dict[str, str] | None = None, src: Path | None = None
) -> Iterator[Server]:
    """Run ``wordlelab serve`` on a free port of 127.0.0.1 with a throw-away data folder.

    ``env`` adds to the server's environment; ``src`` runs another checkout's package. Its
    stderr goes to ``data/serve.log``. On exit the server gets Ctrl-C, then is killed after 30 s.
    """
    data = Path(tempfile.mkdtemp(prefix=prefix))
    log = data / "serve.log"
    full = {**os.environ, "PYTHONUNBUFFERED": "1", "WORDLELAB_DATA_DIR": str(data), **(env or {})}
    if src is not None:
        full["PYTHONPATH"] = str(src.resolve())
    with open(log, "wb") as err:
        server = subprocess.Popen(
            [sys.executable, "-m", "wordlelab", "serve", "--host", "127.0.0.1", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            env=full,
        )
    try:
        line = server.stdout.readline() if server.stdout else ""
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            raise SystemExit(f"the server did not start: {line!r}")
        yield Server(int(m.group(1)), server.pid, data, log)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()


def machine() -> dict[str, Any]:
    import numba

    return {
        "cpus": os.cpu_count(),
        "numba_threads": numba.get_num_threads(),
        "python": sys.version.split()[0],
    }


RESULTS = Path(__file__).resolve().parent / "results"
_ARGV = list(sys.argv)
# Every script takes --result NAME (the file benchmarks/results/NAME.json it writes); it is taken
# out of sys.argv here, before the script parses its own options.
_RESULT: str | None = None
if "--result" in sys.argv[1:-1]:
    _i = sys.argv.index("--result")
    _RESULT = sys.argv[_i + 1]
    del sys.argv[_i : _i + 2]


def git_head(path: Path) -> str:
    """The short commit of the checkout at ``path`` (another tree a benchmark compares with)."""
    import subprocess

    try:
        return subprocess.run(
            ["git", "-C", str(path), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return f"? ({path}, not a git checkout)"


def commit() -> str:
    """The checkout's commit, '+dirty' when code (not result files or rendered pages) changed."""
    import subprocess

    root = Path(__file__).resolve().parent.parent
    try:
        rev = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
        dirty = subprocess.run(
            # Code only: result files and the pages rendered from them change while benchmarks run.
            [
                "git",
                "-C",
                str(root),
                "status",
                "--porcelain",
                "--untracked-files=no",
                "--",
                ".",
                ":!benchmarks/results",
                ":!docs",
                ":!README.md",
            ],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return (rev or "unknown") + ("+dirty" if dirty else "")


def _script_path() -> str:
    script = Path(_ARGV[0]).resolve()
    root = Path(__file__).resolve().parent.parent
    return script.relative_to(root).as_posix() if script.is_relative_to(root) else script.as_posix()


def emit(name: str, data: Any) -> Path:
    """Write ``data`` with where it comes from to benchmarks/results/NAME.json, and print it.

    The file records the command that made it, the commit, the date, the machine and the load
    average before writing (a shared machine's times are only comparable within one file).
    """
    import datetime
    import json

    meta: dict[str, Any] = {
        "command": "python " + " ".join([_script_path(), *_ARGV[1:]]),
        "commit": commit(),
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "load": [round(x, 2) for x in os.getloadavg()],
    }
    body = data if isinstance(data, dict) else {"rows": data}
    out = {**meta, **{k: v for k, v in body.items() if k not in meta}}
    path = RESULTS / f"{_RESULT or name}.json"
    RESULTS.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(out, indent=1, ensure_ascii=False))
    return path
