"""Start-up: a command loads only the modules it uses (whole runs are timed against the C++ solver)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from interactive_helpers import cli_env

# Runs the CLI like the console script does and, at exit, lists the modules that were loaded.
_PROBE = """
import atexit, json, sys
atexit.register(lambda: sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n"))
sys.argv = ["wordlelab", *{args!r}]
from wordlelab.cli.main import main
main()
"""


def loaded_modules(*args: str, cwd: object = None) -> tuple[subprocess.CompletedProcess, set[str]]:
    r = subprocess.run(
        [sys.executable, "-c", _PROBE.format(args=list(args))],
        capture_output=True,
        text=True,
        env=cli_env(),
        timeout=120,
        cwd=cwd,
    )
    line = [ln for ln in r.stderr.splitlines() if ln.startswith("MODULES ")][-1]
    return r, set(json.loads(line[len("MODULES ") :]))


@pytest.fixture
def tiny_lists(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\n")
    answers = tmp_path / "answers.txt"
    answers.write_text("cigar\nrebut\nsissy\nhumph\n")
    return ["--words", str(words), "--answers", str(answers)]


def test_optimal_json_loads_neither_rich_nor_the_other_commands(tiny_lists, tmp_path):
    loaded_modules(
        "optimal", "--json", *tiny_lists
    )  # builds and caches the matrix (said with rich)
    r, mods = loaded_modules("optimal", "--json", *tiny_lists, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout[: r.stdout.rindex("}") + 1])["proven"] is True
    assert not {m for m in mods if m == "rich" or m.startswith("rich.")}
    others = {
        "wordlelab.cli.assist",
        "wordlelab.cli.bench",
        "wordlelab.cli.serve",
        "wordlelab.cli.play",
        "wordlelab.assist.assistant",
        "wordlelab.web.app",
        "wordlelab.strategies",
    }
    assert not mods & others
    assert "wordlelab.cli.optimal" in mods
    assert "yaml" not in mods  # numba's config file reader: no .numba_config.yaml here


_NUMBA_CONFIG = """
import sys
from wordlelab.cli.main import _load
_load("optimal")
import numba
import yaml  # still importable afterwards
print(numba.config.NUMBA_NUM_THREADS, numba.core.config._HAVE_YAML)
"""


@pytest.mark.parametrize("config", [False, True])
def test_a_numba_config_file_is_still_read(tmp_path, config):
    pytest.importorskip("yaml")
    if config:
        (tmp_path / ".numba_config.yaml").write_text("num_threads: 1\n")
    r = subprocess.run(
        [sys.executable, "-c", _NUMBA_CONFIG],
        capture_output=True,
        text=True,
        env=cli_env(),
        timeout=120,
        cwd=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    threads, have_yaml = r.stdout.split()
    assert have_yaml == str(config)
    if config:
        assert threads == "1"


def test_the_help_still_lists_every_command():
    from wordlelab.cli.main import _ALIASES, _COMMANDS

    r = subprocess.run(
        [sys.executable, "-m", "wordlelab", "--help"],
        capture_output=True,
        text=True,
        env={**cli_env(), "COLUMNS": "200"},
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    commands = r.stdout.split("Commands:")[1].split("Aliases:")[0]
    # A command's line starts two spaces in; a summary that wraps goes on further in.
    listed = {ln.split()[0] for ln in commands.splitlines() if ln.startswith("  ") and ln[2] != " "}
    assert listed == set(_COMMANDS) - set(_ALIASES)


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"TTY_COMPATIBLE": "0"},
        {"TTY_COMPATIBLE": "1"},
        {"FORCE_COLOR": ""},
        {"FORCE_COLOR": "1"},
        {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
        {"TTY_COMPATIBLE": "x", "FORCE_COLOR": "1"},
    ],
)
@pytest.mark.parametrize("tty", [False, True])
def test_may_be_terminal_is_false_only_when_rich_says_not_a_terminal(monkeypatch, env, tty):
    from rich.console import Console

    from wordlelab.cli.common import may_be_terminal

    for name in ("TTY_COMPATIBLE", "FORCE_COLOR", "JUPYTER_COLUMNS", "JUPYTER_LINES"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)

    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return tty

    stream = Stream()
    assert may_be_terminal(stream) == Console(file=stream).is_terminal


# The exact search in a fresh process, with the quick loader or numba's own: the same result; the
# quick one loads none of numba's compiler registries, and a compile afterwards still works.
_QUICK = """
import sys
import numpy as np
from numba import njit
import wordlelab.exact.kernels.loading as loading
if sys.argv[1] == "off":
    loading.quick_cache_loads = lambda module: 0
from wordlelab.game.lists import load_lists
from wordlelab.exact.optimal import solve_optimal
m = load_lists(5, "en", None, None, "original").matrix()
for hard in (False, True):
    r = solve_optimal(m, opener="salet", hard=hard, answers=["beast", "feast", "yeast", "least", "blast"])
    print(r.total, r.proven, sorted(r.paths.items()))
print("numba.np.linalg" in sys.modules)

@njit(cache=False)
def fresh(n):  # needs the registries the quick loads skipped: a typed dict and np.sort
    d = {}
    for i in range(n):
        d[i] = i * i
    return np.sort(np.array([d[i] for i in range(n)]))[::-1].sum()

print(fresh(5))
"""


def test_quick_cache_loads_change_nothing_but_the_time():
    def run(mode: str) -> list[str]:
        r = subprocess.run(
            [sys.executable, "-c", _QUICK, mode],
            capture_output=True,
            text=True,
            env=cli_env(),
            timeout=600,
        )
        assert r.returncode == 0, r.stderr
        return r.stdout.splitlines()

    run("on")  # may compile (and cache) the kernels when the cache is cold
    quick, numba_own = run("on"), run("off")
    assert quick[:2] == numba_own[:2] and quick[0].startswith("13 True")
    assert quick[2] == "False" and numba_own[2] == "True"
    assert quick[3] == numba_own[3] == "30"


def test_quick_cache_loads_touch_only_our_dispatchers():
    from numba.core.caching import Cache

    from wordlelab.exact.kernels import search
    from wordlelab.exact.kernels.loading import quick_cache_loads

    quick_cache_loads(search)
    assert quick_cache_loads(search) == 0  # once per module
    assert Cache.load_overload.__module__ == "numba.core.caching"
    assert "load_overload" in vars(search.solve._cache)


# main() as the console script runs it, with an atexit callback; MODE picks what else goes on.
_EXIT = """
import atexit, sys, threading, time
atexit.register(lambda: sys.stderr.write("atexit ran\\n"))
mode = sys.argv[1]
if mode == "thread":
    threading.Thread(target=lambda: (time.sleep(0.5), sys.stderr.write("thread done\\n"))).start()
sys.argv = ["wordlelab", "score", "salet", "cigar"]
from wordlelab.cli.main import main
if mode == "message":
    import wordlelab.cli.main as m
    m.cli.main = lambda: sys.exit("a message")
main()
"""


@pytest.mark.parametrize("mode", ["plain", "thread", "message", "dev"])
def test_the_cli_exit_keeps_output_atexit_and_threads(mode):
    args = [sys.executable, *(["-X", "dev"] if mode == "dev" else []), "-c", _EXIT, mode]
    r = subprocess.run(args, capture_output=True, text=True, env=cli_env(), timeout=120)
    assert "atexit ran" in r.stderr  # atexit callbacks always run
    if mode == "message":
        assert r.returncode == 1 and "a message" in r.stderr
    else:
        assert r.returncode == 0 and "salet → cigar: .y..." in r.stdout, r.stderr
    assert mode != "thread" or "thread done" in r.stderr  # a running thread is waited for


@pytest.mark.parametrize("code, status", [(None, 0), (0, 0), (3, 3), (130, 130)])
def test_main_skips_the_interpreter_teardown(monkeypatch, code, status):
    import atexit
    import os

    import wordlelab.cli.main as m

    if sys.gettrace() is not None or sys.getprofile() is not None:
        pytest.skip("under a tracer the CLI exits the ordinary way")
    calls: list[object] = []

    class Exited(Exception):
        pass

    def fake_exit(n: int) -> None:
        calls.append(("os._exit", n))
        raise Exited

    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: calls.append("atexit"))
    monkeypatch.setattr(os, "_exit", fake_exit)
    monkeypatch.setattr(m.cli, "main", lambda: sys.exit(code))
    with pytest.raises(Exited):
        m.main()
    assert calls == ["atexit", ("os._exit", status)]


def test_a_profiled_run_still_writes_its_profile(tmp_path):
    out = tmp_path / "prof.out"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "cProfile",
            "-o",
            str(out),
            "-m",
            "wordlelab",
            "score",
            "salet",
            "cigar",
        ],
        capture_output=True,
        text=True,
        env=cli_env(),
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert out.stat().st_size > 0
