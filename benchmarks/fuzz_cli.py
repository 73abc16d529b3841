"""A fuzz campaign over every command of the ``wordlelab`` command line (issue 49).

Every command and sub-command (found through click, so a new one is fuzzed without a change
here) starts from a small valid invocation; each case changes one or two of its options or
arguments to a hostile value of the option's kind (numbers past 64 bits, NaN, empty and
control-character text, 5,000-letter words, unknown choices), points a file option at a hostile
file (a FIFO, /dev/zero, a link to it, a folder, an empty or binary file, a 10,000-character
line, another program's SQLite database, a path in a missing folder), or sets a hostile
environment variable (WORDLELAB_*, NUMBA_*, locale). Each case runs in a fresh process with a
timeout.

Judged: exit 0, or exit 1 with exactly one line on stderr starting "wordlelab:", never a
traceback, never a hang (``serve`` with a valid address is expected to keep serving), and the
hostile files (the foreign database and a precious text file) byte-identical afterwards. Writes
benchmarks/results/fuzz_cli.json (counts by command and outcome, every failure with its case).

    PYTHONPATH=src python benchmarks/fuzz_cli.py [--count 600] [--seed 1] [--workers 2]
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
SRC = Path(__file__).resolve().parent.parent / "src"
MAX_COUNT = 20_000
CASE_TIMEOUT = 90.0  # seconds a case may take before it counts as a hang
SERVE_TIMEOUT = 30.0  # a serve that is still up by then is serving (a valid address)

WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]

INTS = ["-1", "0", "1", "2", "7", "41", "1e19", "9" * 30, "-" + "9" * 30, "abc", "", " 3", "0x10",
        "3.5", "\u0663", "nan"]  # fmt: skip
FLOATS = ["nan", "inf", "-inf", "1e309", "-1", "0", "abc", "", "1e-400", "0.001"]
TEXTS = ["", " ", "\n", "x" * 5000, "crane", "CRANE", "\U0001f7e9" * 5, "-", "--", "..", "/",
         "../../etc/passwd", "\u202e", "a\tb", "%s%n", "{}", "кошка", "cigar,rebut", "a" * 300,
         "\x1b[2J", "salet:..y.. crane:g....", "localhost\n", "1e19", "rebut", "cigar rebut",
         "ёжики", "\ufeffcigar", "cigar:" + "g" * 5000]  # fmt: skip
WORK = ["1e19", "-1", "nan", "inf", "400M", "0", "1T", "9" * 25 + "G", "", "1k", "abc"]
ENV = {
    "WORDLELAB_CACHE_DIR": ["~/wlcache", "rel/cache", "/dev/null", "{fifo}", "{precious}", ""],
    "WORDLELAB_DATA_DIR": ["~/wldata", "rel/data", "/dev/null", "{fifo}", "{precious}", "{dir}"],
    "WORDLELAB_LISTS": ["bogus", "", "NYT", "x" * 500],
    "WORDLELAB_MATRIX_BUDGET": ["abc", "-1", "1e30", "0", "nan", "5Q"],
    "WORDLELAB_DB_TIMEOUT": ["nan", "-5", "inf", "abc"],
    "WORDLELAB_PROVE": ["maybe", "", "OFF"],
    "WORDLELAB_WEB_SECRET": ["x", "\u202e" * 10],
    "NUMBA_OPT": ["abc", "9", "max"],
    "NUMBA_BOUNDSCHECK": ["x", "1"],
    "NUMBA_NUM_THREADS": ["0", "abc", "100000", "-3"],
    "NUMBA_CACHE_DIR": ["/dev/null", "{fifo}"],
    "PYTHONIOENCODING": ["ascii", "latin-1"],
    "LC_ALL": ["C", "xx_YY.UTF-8"],
    "COLUMNS": ["-5", "0", "abc", "100000"],
}
OUTPUT_PARAMS = {"csv_path", "plot", "out"}
FILE_PARAMS = {"grid_file", "words_file", "answers_file", "file", "store_path", "targets_spec"}


@dataclass
class Case:
    command: str
    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    stdin: str = ""
    changed: str = ""  # what the case changed (param=value or VAR=value)
    writes_fixture: bool = False  # an output option pointed at a fixture: it may be overwritten


class Fixtures:
    """The files every case may be given, made once in ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        w = root / "words.txt"
        w.write_text("\n".join(WORDS) + "\n")
        self.words = str(w)
        grid = root / "grid.txt"
        grid.write_text(
            "Wordle 1 2/6\n\n\u2b1c\u2b1c\u2b1c\u2b1c\U0001f7e8\n" + "\U0001f7e9" * 5 + "\n"
        )
        self.grid = str(grid)
        os.mkfifo(root / "fifo")
        self.fifo = str(root / "fifo")
        (root / "zero-link").symlink_to("/dev/zero")
        (root / "folder").mkdir()
        (root / "empty").write_bytes(b"")
        (root / "binary").write_bytes(bytes(range(256)) * 64)
        (root / "long-line").write_text("a" * 10_000 + "\n")
        (root / "utf16").write_text("\n".join(WORDS) + "\n", encoding="utf-16")
        (root / "nul").write_bytes(b"cigar\x00rebut\n")
        (root / "precious").write_text("my notes, not for wordlelab\n" * 20)
        db = sqlite3.connect(root / "foreign.sqlite")
        db.executescript(
            "CREATE TABLE jobs (key, description, owner); INSERT INTO jobs VALUES (1, 2, 3);"
            "CREATE TABLE games (x, y); PRAGMA user_version = 7;"
        )
        db.commit()
        db.close()
        self.tree = str(root / "tree.txt")
        self.files = [
            self.fifo, "/dev/zero", str(root / "zero-link"), str(root / "folder"),
            str(root / "missing"), str(root / "no-folder" / "x.txt"), str(root / "empty"),
            str(root / "binary"), str(root / "long-line"), str(root / "utf16"), str(root / "nul"),
            str(root / "foreign.sqlite"), str(root / "precious"), "-", "/proc/self/mem",
            str(root / ("x" * 300)), "x" * 5000,
        ]  # fmt: skip
        self.guarded = [root / "foreign.sqlite", root / "precious"]

    def digest(self) -> dict[str, str]:
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in self.guarded}

    def expand(self, value: str) -> str:
        return value.format(
            fifo=self.fifo, precious=str(self.root / "precious"), dir=str(self.root / "folder")
        )


def commands() -> dict[str, object]:
    """Every command path ("tree show") and its click command."""
    import click

    from wordlelab.cli.main import _ALIASES, _register, cli

    _register()
    found: dict[str, object] = {}

    def walk(cmd: click.Command, path: list[str]) -> None:
        found[" ".join(path)] = cmd
        if isinstance(cmd, click.Group):
            for name, sub in cmd.commands.items():
                walk(sub, [*path, name])

    for name, cmd in cli.commands.items():
        if name not in _ALIASES:
            walk(cmd, [name])
    return found


def bases(fx: Fixtures) -> dict[str, tuple[list[str], str]]:
    small = ["--words", fx.words, "--answers", fx.words]
    return {
        "analyse": (["analyse", "--played", "cigar rebut", "--answer", "rebut", *small], ""),
        "assist": (["assist", *small], "cigar ....y\nquit\n"),
        "bench": (["bench", *small], ""),
        "cache": (["cache"], ""),
        "cache clear": (["cache", "clear"], ""),
        "check": (["check", fx.grid, "--played", "cigar rebut", *small], ""),
        "lists": (["lists"], ""),
        "openers": (["openers", *small], ""),
        "optimal": (["optimal", *small], ""),
        "play": (["play", "--no-stats", "--seed", "1", *small], "cigar\nquit\n"),
        "score": (["score", "crane", "salet"], ""),
        "serve": (["serve", "--port", "0"], ""),
        "solve": (["solve", *small, "rebut"], ""),
        "stats": (["stats"], ""),
        "strategies": (["strategies"], ""),
        "tree": (["tree"], ""),
        "tree verify": (["tree", "verify", fx.tree, *small], ""),
        "tree show": (["tree", "show", fx.tree, *small], ""),
        "warmup": (["warmup", "--lists", "original"], ""),
    }


def _values(param: object, fx: Fixtures, rng: random.Random, scratch: Path) -> list[str]:
    import click

    from wordlelab.cli.analyse import WorkAmount

    name = getattr(param, "name", "")
    kind = getattr(param, "type", None)
    if name in OUTPUT_PARAMS:
        return ["/dev/null", fx.fifo, str(fx.root / "folder"), str(fx.root / "no-folder" / "x.csv"),
                str(scratch / "out.unknown"), str(scratch / "out"), str(fx.root / "zero-link"),
                "", str(scratch / ("x" * 300 + ".csv")), "x" * 5000]  # fmt: skip
    if name in FILE_PARAMS or name == "position" and rng.random() < 0.3:
        return fx.files + TEXTS[:6]
    if isinstance(kind, WorkAmount):
        return WORK
    if isinstance(kind, click.Choice):
        return ["bogus", "", str(kind.choices[0]).upper(), *map(str, kind.choices)]
    if isinstance(kind, (click.types.IntParamType, click.IntRange)):
        return INTS
    if isinstance(kind, (click.types.FloatParamType, click.FloatRange)):
        return FLOATS
    return TEXTS


def make_cases(fx: Fixtures, count: int, seed: int, scratch_root: Path) -> list[Case]:
    import click

    rng = random.Random(seed)
    cmds = commands()
    base = bases(fx)
    missing = sorted(set(cmds) - set(base))
    if missing:
        raise SystemExit(f"no base invocation for {missing}: add one to bases()")
    names = sorted(cmds)
    cases: list[Case] = []
    for i in range(count):
        command = names[i % len(names)]
        argv, stdin = base[command]
        argv = list(argv)
        env: dict[str, str] = {}
        scratch = scratch_root / f"case{i}"
        scratch.mkdir()
        cmd = cmds[command]
        params = [p for p in getattr(cmd, "params", []) if p.name != "help"]
        changed: list[str] = []
        writes_fixture = False
        if rng.random() < 0.15 or not params:  # the environment
            var = rng.choice(sorted(ENV))
            value = fx.expand(rng.choice(ENV[var]))
            env[var] = value
            changed.append(f"{var}={value[:40]!r}")
        else:
            for param in rng.sample(params, min(len(params), rng.choice([1, 1, 1, 2]))):
                if isinstance(param, click.Option) and param.is_flag:
                    argv.append(param.opts[0])
                    changed.append(param.opts[0])
                    continue
                value = rng.choice(_values(param, fx, rng, scratch))
                writes_fixture |= param.name in OUTPUT_PARAMS and value.startswith(str(fx.root))
                if isinstance(param, click.Option):
                    opt = param.opts[0]
                    if opt in argv and not param.multiple:
                        argv[argv.index(opt) + 1] = value
                    else:
                        argv += [opt, value]
                    changed.append(f"{opt}={value[:40]!r}")
                else:  # an argument: replace the base's, or add one
                    args_in_base = [
                        a for a in argv[len(command.split()) :] if not a.startswith("-")
                    ]
                    old = next((a for a in args_in_base if a not in (fx.words,)), None)
                    if old is not None and old in argv:
                        argv[argv.index(old)] = value
                    else:
                        argv.append(value)
                    changed.append(f"{param.name}={value[:40]!r}")
        cases.append(Case(command, argv, env, stdin, "; ".join(changed), writes_fixture))
    return cases


@dataclass
class Outcome:
    case: Case
    verdict: str  # ok, refused, served, traceback, multiline, hang, exit-N, touched
    stderr: str = ""


def run_case(case: Case, fx: Fixtures, home: Path) -> Outcome:
    env = {
        **os.environ,
        "PYTHONPATH": str(SRC),
        "HOME": str(home),
        "WORDLELAB_DATA_DIR": str(home / "data"),
        "WORDLELAB_CACHE_DIR": os.environ.get("WORDLELAB_CACHE_DIR", str(home / "cache")),
        "TERM": "dumb",
        **case.env,
    }
    env.pop("COLUMNS", None) if "COLUMNS" not in case.env else None
    serving = case.command == "serve"
    before = fx.digest()
    try:
        r = subprocess.run(
            [sys.executable, "-m", "wordlelab", *case.argv],
            input=case.stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            env=env,
            cwd=home / "cwd",
            timeout=SERVE_TIMEOUT if serving else CASE_TIMEOUT,
        )
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout or ""
        out = out.decode(errors="replace") if isinstance(out, bytes) else out
        if serving and "serving on" in (out or ""):
            return Outcome(case, "served")
        return Outcome(case, "hang", str(exc.stderr or "")[-300:])
    if fx.digest() != before and not case.writes_fixture:
        return Outcome(case, "touched", r.stderr[-300:])
    if "Traceback" in r.stderr or "Traceback" in r.stdout:
        return Outcome(case, "traceback", r.stderr[-600:])
    if r.returncode == 0:
        return Outcome(case, "ok")
    if r.returncode == 1:
        lines = [line for line in r.stderr.splitlines() if line.strip()]
        if len(lines) == 1 and lines[0].startswith("wordlelab:"):
            return Outcome(case, "refused", lines[0][:200])
        return Outcome(case, "multiline", r.stderr[-600:])
    return Outcome(case, f"exit-{r.returncode}", r.stderr[-600:])


BAD = {"traceback", "multiline", "hang", "touched"}


def campaign(count: int, seed: int, workers: int, root: Path) -> dict[str, object]:
    fx_root = root / "fixtures"
    fx_root.mkdir()
    fx = Fixtures(fx_root)
    home = root / "home"
    (home / "cwd").mkdir(parents=True)
    (home / "cwd" / "rel").mkdir()  # a relative setting must not use it
    subprocess.run(  # the tree file tree verify/show start from
        [sys.executable, "-m", "wordlelab", "optimal", "--words", fx.words, "--answers",
         fx.words, "--out", fx.tree],
        env={**os.environ, "PYTHONPATH": str(SRC), "HOME": str(home)},
        capture_output=True, check=True, timeout=600,
    )  # fmt: skip
    # The kernels compile once before the timed cases (``warmup``, then an analyse of the small
    # list): a case's timeout is for a hang, not for the first compile under a busy machine.
    small = ["--words", fx.words, "--answers", fx.words]
    warm = [
        ["warmup", "--lists", "original"],
        ["analyse", "--played", "cigar rebut", "--answer", "rebut", *small],
    ]
    for argv in warm:
        subprocess.run(
            [sys.executable, "-m", "wordlelab", *argv],
            env={**os.environ, "PYTHONPATH": str(SRC), "HOME": str(home)},
            capture_output=True, check=True, timeout=1800,
        )  # fmt: skip
    scratch = root / "scratch"
    scratch.mkdir()
    cases = make_cases(fx, count, seed, scratch)
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        outcomes = list(pool.map(lambda c: run_case(c, fx, home), cases))
    seconds = time.monotonic() - start
    by_command: dict[str, Counter[str]] = {}
    for o in outcomes:
        by_command.setdefault(o.case.command, Counter())[o.verdict] += 1
    verdicts = Counter(o.verdict for o in outcomes)
    failures = [
        {"command": o.case.command, "argv": o.case.argv[:12], "env": o.case.env,
         "changed": o.case.changed, "verdict": o.verdict, "stderr": o.stderr}
        for o in outcomes
        if o.verdict in BAD or o.verdict.startswith("exit-")
    ]  # fmt: skip
    return {
        "cases": len(outcomes),
        "commands": len(by_command),
        "verdicts": dict(sorted(verdicts.items())),
        "tracebacks": verdicts["traceback"],
        "hangs": verdicts["hang"],
        "multiline_refusals": verdicts["multiline"],
        "foreign_files_touched": verdicts["touched"],
        "other_exit_codes": sum(n for v, n in verdicts.items() if v.startswith("exit-")),
        "by_command": {k: dict(sorted(v.items())) for k, v in sorted(by_command.items())},
        "failures": failures,
        "seconds": round(seconds, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=str(RESULTS / "fuzz_cli.json"))
    a = ap.parse_args()
    if not 1 <= a.count <= MAX_COUNT:
        raise SystemExit(f"--count: 1 to {MAX_COUNT}")
    from _util import commit, machine

    root = Path(tempfile.mkdtemp(prefix="wordlelab-fuzz-cli-"))
    try:
        summary = campaign(a.count, a.seed, a.workers, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    summary = {
        "command": " ".join(["python", "benchmarks/fuzz_cli.py", *sys.argv[1:]]),
        "commit": commit(),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        **summary,
    }
    Path(a.out).write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
    print(json.dumps({k: v for k, v in summary.items() if k not in ("failures", "by_command")}))


if __name__ == "__main__":
    main()
