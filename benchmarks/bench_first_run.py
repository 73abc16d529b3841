"""The first minute after an install: time to first output and to first result, cold and warm.

    python benchmarks/bench_first_run.py [--repeat 3] [--warm-repeat N] [--tree NAME=SRC ...]
                                         [--only SCENARIO ...] [--no-kernels] [--merge]

Every run is a fresh process of ``python -m wordlelab`` (the tree's ``src`` first on PYTHONPATH)
as a new install meets it: an empty ``NUMBA_CACHE_DIR`` (nothing compiled) and empty
``WORDLELAB_CACHE_DIR`` / ``WORDLELAB_DATA_DIR`` (no matrix, no statistics). Commands run on a
pseudo-terminal, as a person at a terminal sees them; the clock starts when the process starts.

* ``first_output_s``: the first byte the command shows (anything: a notice, a board);
* ``first_result_s``: what the person came for: analyse's review, check's verdict, solve's
  first step, assist's first suggestion, play's reply to the first guess (CRANE);
* ``step_s`` (assist only): the reply to ``pious .....`` typed at the first prompt (an opener
  with no stored tree), timed from the moment it is sent;
* web rows: ``wordlelab serve`` started cold; ``first_output_s`` is its "serving on" line,
  ``first_result_s`` the first answer of the page's request (Play: a new game and the guess
  CRANE; Assist: a new assistant and its first suggestion, then ``step_s`` for "Record adieu"
  (ADIEU ``.....``); Analyse: the review of ADIEU, STORY, CRONY with the answer CRONY).

``warm`` runs again with the caches the last cold run left. Each figure is the median of
``--repeat`` runs (3), with its CPU time (user + system of the process, steadier than wall time
on a shared machine) and the load average. ``kernels``: one more cold run of each command with a
listener on numba's compile events: the seconds each kernel's compilation took on its own
(``exclusive_s``, its callees' compilations taken out), and in which commands it is compiled.

``--tree NAME=SRC`` (repeatable) times another source tree too (e.g. a worktree of main before a
change), run by run in alternation with this one so the machine's load hits both alike;
``--merge`` keeps the other trees already in the result file. The file is written after every
run (``"complete": false`` until the last), so a run stopped early keeps what it measured.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import _util
from _util import emit

HERE_SRC = Path(__file__).resolve().parent.parent / "src"
PROMPT = b"? "
GRID = "Wordle 1,234 3/6\n\n\u2b1c\u2b1c\u2b1c\u2b1c\u2b1c\n\u2b1c\u2b1c\U0001f7e9\U0001f7e8\U0001f7e9\n\U0001f7e9\U0001f7e9\U0001f7e9\U0001f7e9\U0001f7e9\n"

# The compile listener a traced run installs before the CLI starts (numba is imported first, so
# traced runs are for the kernel table only, never for the timings).
TRACER = r"""
import atexit, json, os, sys, time
import numba.core.event as ev
stack, rows = [], []
class L(ev.Listener):
    def on_start(self, e):
        d = e.data["dispatcher"]
        stack.append([d.py_func.__module__ + "." + d.py_func.__qualname__, time.perf_counter(), 0.0, str(e.data["args"]), time.thread_time(), 0.0])
    def on_end(self, e):
        name, t, child, args, c, child_cpu = stack.pop()
        dt, dc = time.perf_counter() - t, time.thread_time() - c
        if stack:
            stack[-1][2] += dt
            stack[-1][5] += dc
        rows.append({"kernel": name, "args": args, "inclusive_s": dt, "exclusive_s": dt - child, "exclusive_cpu_s": dc - child_cpu})
ev.register("numba:compile", L())
atexit.register(lambda: open(os.environ["FIRST_RUN_TRACE"], "w").write(json.dumps(rows)))
sys.argv[0] = "wordlelab"
from wordlelab.cli.main import main
main()
"""


def _env(src: Path, root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(src)
    env["NUMBA_CACHE_DIR"] = str(root / "numba")
    env["WORDLELAB_CACHE_DIR"] = str(root / "cache")
    env["WORDLELAB_DATA_DIR"] = str(root / "data")
    env["TERM"] = "xterm"
    env["COLUMNS"] = "100"
    env.pop("WORDLELAB_LISTS", None)
    return env


class Pty:
    """A command on a pseudo-terminal: the times at which what it shows appears."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        self.master, slave = pty.openpty()
        self.t0 = time.perf_counter()
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, close_fds=True
        )
        os.close(slave)
        self.buf = b""
        self.first: float | None = None
        self.usage: Any = None

    def read_until(self, pattern: bytes, start: int, timeout: float) -> float | None:
        """Seconds from the start to when ``pattern`` shows after byte ``start`` (None: never)."""
        deadline = time.perf_counter() + timeout
        while pattern not in self.buf[start:]:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            r, _, _ = select.select([self.master], [], [], min(left, 1.0))
            if not r:
                if self.proc.poll() is not None:
                    return None
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return None
            if not chunk:
                return None
            if self.first is None:
                self.first = time.perf_counter() - self.t0
            self.buf += chunk
        return time.perf_counter() - self.t0

    def send(self, text: str) -> None:
        os.write(self.master, text.encode())

    def finish(self, timeout: float) -> float:
        """Wait for the process to end (reading what it shows); its CPU seconds."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            r, _, _ = select.select([self.master], [], [], 0.5)
            if r:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if chunk:
                    self.buf += chunk
                    continue
            pid, _status, usage = os.wait4(self.proc.pid, os.WNOHANG)
            if pid:
                self.proc.returncode = 0
                self.usage = usage
                break
        else:
            self.proc.kill()
            _pid, _status, self.usage = os.wait4(self.proc.pid, 0)
            self.proc.returncode = -9
        os.close(self.master)
        return round(self.usage.ru_utime + self.usage.ru_stime, 2)


def _cli(src: Path, root: Path, args: list[str], trace: Path | None = None) -> list[str]:
    if trace is None:
        return [sys.executable, "-m", "wordlelab", *args]
    return [sys.executable, "-c", TRACER, *args]


def run_cli(name: str, src: Path, root: Path, trace: Path | None = None) -> dict[str, Any]:
    """One run of command scenario ``name``; times in seconds from the process start."""
    env = _env(src, root)
    if trace is not None:
        env["FIRST_RUN_TRACE"] = str(trace)
    grid = root / "grid.txt"
    grid.write_text(GRID, encoding="utf-8")
    args = {
        "analyse": ["analyse", "--played", "adieu,story,crony", "--answer", "crony"],
        "check": ["check", str(grid)],
        "solve": ["solve", "crony"],
        "assist": ["assist"],
        "play": ["play", "--seed", "7"],
    }[name]
    p = Pty(_cli(src, root, args, trace), env, root)
    out: dict[str, Any] = {}
    limit = 3600.0
    if name in ("analyse", "check", "solve"):
        # The first line of what the command is for: analyse's table, check's report (printed
        # whole), solve's first step.
        mark = {"analyse": b"CRONY", "check": b"Wordle 1,234", "solve": b"CRONY"}[name]
        out["first_result_s"] = p.read_until(mark, 0, limit)
    elif name == "assist":
        out["first_result_s"] = p.read_until(PROMPT, 0, limit)
        at = len(p.buf)
        sent = time.perf_counter()
        p.send("pious .....\n")
        got = p.read_until(PROMPT, at, limit)
        out["step_s"] = None if got is None else round(time.perf_counter() - sent, 2)
        p.send("\x04")
    elif name == "play":
        p.read_until(PROMPT, 0, limit)
        at = len(p.buf)
        p.send("crane\n")
        out["first_result_s"] = p.read_until(PROMPT, at, limit)
        p.send("\x04")
    out["first_output_s"] = p.first
    out["cpu_s"] = p.finish(120)
    out["shown_before_result"] = _first_words(p.buf)
    return out


def _first_words(buf: bytes) -> str:
    """The first line the person saw (what the wait said, if anything)."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", buf.decode("utf-8", "replace"))
    for line in re.split(r"[\r\n]+", text):
        if line.strip():
            return line.strip()[:120]
    return ""


def _post(url: str, body: dict[str, Any], timeout: float = 3600) -> dict[str, Any]:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def run_web(name: str, src: Path, root: Path) -> dict[str, Any]:
    """``wordlelab serve`` started in ``root``, then the page's first request of ``name``."""
    env = _env(src, root)
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordlelab", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=root,
    )
    t0 = time.perf_counter()
    out: dict[str, Any] = {}
    try:
        assert proc.stdout is not None
        line = b""
        while b"serving on" not in line:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError("serve ended before it served")
        out["first_output_s"] = round(time.perf_counter() - t0, 2)
        base = re.search(rb"http://[^ ]+/", line).group(0).decode()  # type: ignore[union-attr]
        with urllib.request.urlopen(base, timeout=60) as r:
            r.read()
        out["page_s"] = round(time.perf_counter() - t0, 2)
        t = time.perf_counter()
        if name == "web-play":
            game = _post(base + "api/play", {"seed": 7, "no_stats": True})
            _post(base + f"api/play/{game['id']}/guess", {"word": "crane"})
        elif name == "web-assist":
            state = _post(base + "api/assist", {})
            out["first_result_s"] = round(time.perf_counter() - t, 2)
            t2 = time.perf_counter()
            _post(base + f"api/assist/{state['id']}/play", {"word": "adieu", "pattern": "....."})
            out["step_s"] = round(time.perf_counter() - t2, 2)
        elif name == "web-analyse":
            _post(base + "api/analyse", {"words": "adieu,story,crony", "answer": "crony"})
        out.setdefault("first_result_s", round(time.perf_counter() - t, 2))
        out["first_result_from_start_s"] = round(time.perf_counter() - t0, 2)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            _pid, _status, usage = os.wait4(proc.pid, 0)
            out["cpu_s"] = round(usage.ru_utime + usage.ru_stime, 2)
        except ChildProcessError:
            pass
    return out


CLI = ["analyse", "assist", "check", "solve", "play"]
WEB = ["web-analyse", "web-assist", "web-play"]


def run(name: str, src: Path, root: Path) -> dict[str, Any]:
    r = run_web(name, src, root) if name.startswith("web-") else run_cli(name, src, root)
    r["load"] = round(os.getloadavg()[0], 2)
    return r


def _median(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in rows[0]:
        vals = [r.get(key) for r in rows]
        nums = [v for v in vals if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if nums and len(nums) == len(vals):
            out[key] = round(statistics.median(nums), 2)
        elif key == "shown_before_result":
            out[key] = vals[-1]
        else:
            out[key] = vals  # some run never got there (None): all shown
    out["runs"] = [{k: v for k, v in r.items() if k != "shown_before_result"} for r in rows]
    return out


def kernels(src: Path, work: Path, commands: list[str]) -> dict[str, Any]:
    """Per-kernel compile seconds of one traced cold run of each command: wall (``exclusive_s``)
    and CPU of the compiling thread (``exclusive_cpu_s``, steadier under load)."""
    # kernel -> signature -> (wall, cpu): the same compilation in two commands counted once
    table: dict[str, dict[str, tuple[float, float]]] = {}
    used: dict[str, set[str]] = {}
    per_command: dict[str, tuple[float, float]] = {}
    for name in commands:
        root = Path(tempfile.mkdtemp(dir=work))
        trace = root / "trace.json"
        run_cli(name, src, root, trace=trace)
        rows = json.loads(trace.read_text()) if trace.exists() else []
        per_command[name] = (
            round(sum(r["exclusive_s"] for r in rows), 2),
            round(sum(r.get("exclusive_cpu_s", 0.0) for r in rows), 2),
        )
        for r in rows:
            kernel = r["kernel"]
            if not kernel.startswith("wordlelab."):
                kernel = "numba's own (" + kernel.split(".")[-1] + ")"
            sigs = table.setdefault(kernel, {})
            seen = sigs.get(r["args"], (0.0, 0.0))
            now = (r["exclusive_s"], r.get("exclusive_cpu_s", 0.0))
            sigs[r["args"]] = max(seen, now)
            used.setdefault(kernel, set()).add(name)
        shutil.rmtree(root, ignore_errors=True)
    rows_out = sorted(
        (
            {
                "kernel": k,
                "exclusive_s": round(sum(w for w, _ in v.values()), 2),
                "exclusive_cpu_s": round(sum(c for _, c in v.values()), 2),
                "signatures": len(v),
                "commands": sorted(used[k]),
                **({"args": sorted(v)} if len(v) > 1 and k.startswith("wordlelab.") else {}),
            }
            for k, v in table.items()
        ),
        key=lambda r: -r["exclusive_cpu_s"],
    )
    return {
        "compile_s_by_command": per_command,
        "compile_s_total": round(sum(r["exclusive_s"] for r in rows_out), 2),
        "compile_cpu_s_total": round(sum(r["exclusive_cpu_s"] for r in rows_out), 2),
        "by_kernel": rows_out,
    }


FIELDS = ("first_output_s", "first_result_s", "step_s", "cpu_s", "load")


def layout(nested: dict[str, Any], complete: bool) -> dict[str, Any]:
    """The file's shape: each tree's source, then one flat row per (tree, cold or warm, command)
    with its medians and one per (tree, kernel): tables the docs render as they are."""
    out: dict[str, Any] = {"complete": complete, "trees": {}, "runs": [], "kernels": []}
    for t, entry in nested.items():
        out["trees"][t] = {"src": entry["src"], "commit": entry["commit"]}
        for phase in ("cold", "warm"):
            for scenario, m in entry.get(phase, {}).items():
                row: dict[str, Any] = {"tree": t, "phase": phase, "command": scenario}
                row.update({f: m.get(f) for f in FIELDS if f in m})
                row["runs"] = len(m.get("runs", []))
                row["shown first"] = m.get("shown_before_result", "")
                out["runs"].append(row)
        k = entry.get("kernels")
        if k:
            for command, secs in k["compile_s_by_command"].items():
                wall, cpu = secs if isinstance(secs, (list, tuple)) else (secs, None)
                out["kernels"].append(
                    {
                        "tree": t,
                        "kernel": f"(all compiled by {command})",
                        "exclusive_s": wall,
                        "exclusive_cpu_s": cpu,
                    }
                )
            for r in k["by_kernel"]:
                out["kernels"].append({"tree": t, **r})
    return out


def merged(previous: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``new`` with the trees of ``previous`` it does not measure again."""
    keep = set(previous.get("trees", {})) - set(new["trees"])
    out = dict(new)
    out["trees"] = {**{t: previous["trees"][t] for t in keep}, **new["trees"]}
    for key in ("runs", "kernels"):
        out[key] = [r for r in previous.get(key, []) if r["tree"] in keep] + new[key]
    out["complete"] = previous.get("complete", True) and new["complete"]
    return out


def relayout(path: Path) -> None:
    """Rewrite a result file of the first, nested shape (trees -> cold/warm -> command) in the
    flat one, keeping its figures (the medians it holds)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if "runs" in data:
        return
    nested = data["trees"]
    new = layout(nested, bool(data.get("complete", False)))
    meta = {k: data[k] for k in ("command", "commit", "date", "machine", "load") if k in data}
    path.write_text(json.dumps({**meta, **new}, indent=1, ensure_ascii=False) + "\n", "utf-8")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3, help="cold runs of each command")
    parser.add_argument("--warm-repeat", type=int, default=None, help="warm runs [--repeat]")
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=SRC")
    parser.add_argument("--name", default="this", help="this tree's name in the result file")
    parser.add_argument("--only", action="append", choices=CLI + WEB)
    parser.add_argument("--no-kernels", action="store_true")
    parser.add_argument("--kernels-only", action="store_true", help="only the per-kernel table")
    parser.add_argument("--no-this", action="store_true", help="time only the --tree trees")
    parser.add_argument("--merge", action="store_true")
    parser.add_argument(
        "--relayout", metavar="FILE", help="rewrite a result file of the nested shape, flat"
    )
    args = parser.parse_args()
    if args.relayout:
        relayout(Path(args.relayout))
        return
    trees: dict[str, Path] = {} if args.no_this else {args.name: HERE_SRC}
    for spec in args.tree:
        name, _, src = spec.partition("=")
        trees[name] = Path(src).resolve()
    scenarios = args.only or CLI + WEB
    warm_repeat = args.repeat if args.warm_repeat is None else args.warm_repeat
    work = Path(tempfile.mkdtemp(prefix="first-run-"))
    cold: dict[str, dict[str, list[dict[str, Any]]]] = {
        t: {s: [] for s in scenarios} for t in trees
    }
    warm: dict[str, dict[str, list[dict[str, Any]]]] = {
        t: {s: [] for s in scenarios} for t in trees
    }
    kernel_tables: dict[str, dict[str, Any]] = {}
    last_root: dict[tuple[str, str], Path] = {}

    def save(complete: bool) -> None:
        """The result file as it stands (written after every run: a long run under load that is
        stopped keeps what it measured; ``complete`` says whether every run was made)."""
        nested: dict[str, Any] = {}
        for t, src in trees.items():
            entry: dict[str, Any] = {"src": str(src), "commit": _util.git_head(src.parent)}
            for phase, runs in (("cold", cold[t]), ("warm", warm[t])):
                entry[phase] = {s: _median(r) for s, r in runs.items() if r}
            if t in kernel_tables:
                entry["kernels"] = kernel_tables[t]
            nested[t] = entry
        result = layout(nested, complete)
        if args.merge:
            old_file = _util.RESULTS / f"{_util._RESULT or 'first_run'}.json"
            if old_file.exists():
                previous = json.loads(old_file.read_text(encoding="utf-8"))
                result = merged(previous, result)
        with open(os.devnull, "w") as quiet:
            saved, sys.stdout = sys.stdout, quiet
            try:
                emit("first_run", result)
            finally:
                sys.stdout = saved

    if args.kernels_only:
        args.repeat, warm_repeat = 0, 0
    try:
        for i in range(args.repeat):
            for s in scenarios:
                for t, src in trees.items():
                    root = Path(tempfile.mkdtemp(dir=work))
                    cold[t][s].append(run(s, src, root))
                    old = last_root.get((t, s))
                    if old is not None:
                        shutil.rmtree(old, ignore_errors=True)
                    last_root[(t, s)] = root
                    print(f"cold {i} {t} {s}: {cold[t][s][-1]}", file=sys.stderr, flush=True)
                    save(False)
        for i in range(warm_repeat):
            for s in scenarios:
                for t in trees:
                    warm[t][s].append(run(s, trees[t], last_root[(t, s)]))
                    print(f"warm {i} {t} {s}: {warm[t][s][-1]}", file=sys.stderr, flush=True)
                    save(False)
        if not args.no_kernels:
            for t, src in trees.items():
                kernel_tables[t] = kernels(src, work, [s for s in scenarios if s in CLI])
                save(False)
        save(True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
