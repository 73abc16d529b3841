"""Warm-up: kernels compiled before anyone waits (``wordlelab warmup``, serve at start, assist in
the background), and what the waiting person is told meanwhile."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from wordlelab import progress
from wordlelab.warmup import Background, Step


def _blocked() -> tuple[Background, threading.Event]:
    release = threading.Event()
    return Background([Step("x", "the exact search", release.wait)]), release


def test_waiting_for_the_background_says_what_it_still_prepares():
    warming, release = _blocked()
    heard: list[str | None] = []
    progress.add_listener(heard.append)
    try:
        warming.start()
        threading.Timer(0.2, release.set).start()
        warming.wait()
        assert not warming.running and warming.done == 1
        assert heard == [
            "compiling the exact search (in the background, once)",
            None,
        ]
        warming.wait()  # over: nothing more to say
        assert len(heard) == 2
    finally:
        progress.remove_listener(heard.append)


def test_a_failing_step_costs_nothing_but_speed():
    def boom() -> None:
        raise RuntimeError("no")

    warming = Background([Step("x", "x", boom), Step("y", "y", lambda: None)]).start()
    warming.wait()
    assert warming.done == 2 and isinstance(warming.error, RuntimeError)


def test_the_page_is_told_how_far_the_servers_warm_up_is(tmp_path):
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Using `httpx`")
        from starlette.testclient import TestClient

    from wordlelab.web.app import create_app

    app = create_app(stats_path=tmp_path / "stats.db")
    with TestClient(app, base_url="http://localhost") as client:
        assert client.get("/api/warmup").json() == {
            "running": False,
            "done": 0,
            "total": 0,
            "what": None,
        }
        warming, release = _blocked()
        app.state.web.warming = warming.start()
        try:
            assert client.get("/api/warmup").json() == {
                "running": True,
                "done": 0,
                "total": 1,
                "what": "the exact search",
            }
        finally:
            release.set()
        warming.wait()
        assert client.get("/api/warmup").json()["running"] is False


def test_every_kernel_module_is_listed():
    """The cache check (``compiled_cache_complete``) looks for every module that holds kernels."""
    import wordlelab.kernels as K

    here = Path(K.__file__).parent
    files = [*here.glob("*.py"), *(here.parent / "exact" / "kernels").glob("*.py")]
    holding = {p.stem for p in files if "@njit" in p.read_text(encoding="utf-8")}
    holding |= {p.stem for p in files if "= njit(" in p.read_text(encoding="utf-8")}
    assert holding == set(K.MODULES)


_COUNT = r"""
import json, sys
import numba.core.event as ev
compiled = []
class L(ev.Listener):
    def on_start(self, e):
        compiled.append(e.data["dispatcher"].py_func.__qualname__)
    def on_end(self, e):
        pass
ev.register("numba:compile", L())
from click.testing import CliRunner
from wordlelab.cli.main import cli
r = CliRunner().invoke(cli, sys.argv[1:], input="pious .....\n")
print(json.dumps({"code": r.exit_code, "compiled": compiled}))
"""


@pytest.mark.slow
def test_after_warmup_the_commands_compile_nothing(tmp_path):
    """A fresh machine: ``wordlelab warmup``, then analyse, assist (an opener with no tree), check
    and solve load every kernel they run from numba's cache."""
    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {
        **os.environ,
        "PYTHONPATH": src,
        "NUMBA_CACHE_DIR": str(tmp_path / "numba"),
        "WORDLELAB_CACHE_DIR": str(tmp_path / "cache"),
        "WORDLELAB_DATA_DIR": str(tmp_path / "data"),
    }
    env.pop("WORDLELAB_LISTS", None)
    r = subprocess.run(
        [sys.executable, "-m", "wordlelab", "warmup"], env=env, capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    grid = tmp_path / "grid.txt"
    grid.write_text("Wordle 1,234 3/6\n\n⬜⬜⬜⬜⬜\n⬜⬜🟩🟨🟩\n🟩🟩🟩🟩🟩\n", encoding="utf-8")
    for args in (
        ["analyse", "--played", "adieu,story,crony", "--answer", "crony"],
        ["assist"],
        ["check", str(grid)],
        ["solve", "crony"],
    ):
        r = subprocess.run(
            [sys.executable, "-c", _COUNT, *args], env=env, capture_output=True, text=True
        )
        out = json.loads(r.stdout.strip().splitlines()[-1])
        assert out == {"code": 0, "compiled": []}, args
