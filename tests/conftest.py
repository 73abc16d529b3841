"""Shared fixtures: the default lists and matrix, and private cache/data directories."""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import tempfile

import pytest

# The Ctrl-C tests send SIGINT to the commands they start. A test run launched in the background
# (`cmd &`, nohup, some CI runners) inherits SIGINT *ignored*, and exec'd children keep that, so
# Python would never raise KeyboardInterrupt in them. A handler (unlike SIG_IGN) resets to the
# default on exec, so every command the tests start gets Ctrl-C as a terminal would deliver it.
signal.signal(signal.SIGINT, signal.default_int_handler)

# Tests never touch the user's real cache or saved statistics.
# Each process of the run (pytest-xdist starts one per worker) has its own directory, and removes
# it when it exits: the matrix caches in it come to up to about 0.7 GB each, and left behind they
# filled the disk of a machine that ran the suite many times.
_TMP = tempfile.mkdtemp(prefix="wordlelab-tests-")
atexit.register(shutil.rmtree, _TMP, ignore_errors=True)
os.environ.setdefault("WORDLELAB_CACHE_DIR", os.path.join(_TMP, "cache"))
os.environ.setdefault("WORDLELAB_DATA_DIR", os.path.join(_TMP, "data"))
# The figures of the first release's tests are the literature's, on the original lists; tests of
# the default (nyt) lists clear this (see the ``default_lists`` fixture).
os.environ["WORDLELAB_LISTS"] = "original"
# A review after an opener with no proven tree proves it first (seconds on the full lists): off
# for the suite, which reviews many openers; tests of the first-use proof turn it on.
os.environ["WORDLELAB_PROVE"] = "off"


def pytest_configure(config):
    """Compile the kernels once, before the workers start, when numba's cache lacks some.

    Otherwise every pytest-xdist worker compiles the same kernels at once on a fresh checkout
    (a minute of CPU each, the suite's slowest part on a loaded machine), and the commands the
    tests run print the compile's notice on stderr."""
    if hasattr(config, "workerinput"):
        return  # a worker: its controller did it
    from wordlelab.kernels import compiled_cache_complete

    if compiled_cache_complete():
        return
    import subprocess
    import sys

    subprocess.run(
        [sys.executable, "-m", "wordlelab", "warmup", "--lists", "original"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=3600,
        check=False,  # a warm-up that fails costs the workers' time, not a result
    )


@pytest.fixture
def default_lists(monkeypatch):
    """Run a test on the real default lists (nyt), as a new user gets them."""
    monkeypatch.delenv("WORDLELAB_LISTS", raising=False)


@pytest.fixture(scope="session")
def answers():
    from wordlelab.game.words import WordList

    return WordList.bundled("answers")


@pytest.fixture(scope="session")
def allowed():
    from wordlelab.game.words import WordList

    return WordList.bundled("allowed")


@pytest.fixture(scope="session")
def matrix(allowed, answers):
    from wordlelab.game.matrix import PatternMatrix

    return PatternMatrix.load(allowed, answers)


@pytest.fixture
def opener_rows(monkeypatch):
    """Replace rows of a shipped opener table, as the library and the CLI see it:
    ``opener_rows("original", False, {"bombo": (7921, False)})`` (word -> (total, exact)).

    The original lists' tables fill in as the complete-table runs go on, so a test of how a bound
    row is shown or searched puts one back rather than depend on which rows are still bounds."""
    from wordlelab.exact import opener_values

    load = opener_values._load
    patched: dict[tuple[str, bool], opener_values.OpenerTable] = {}

    def patched_load(key: str, hard: bool) -> opener_values.OpenerTable:
        table = patched.get((key, hard))
        return load(key, hard) if table is None else table

    monkeypatch.setattr(opener_values, "_load", patched_load)

    def replace(lists: str, hard: bool, rows: dict[str, tuple[int | None, bool]]):
        shipped = load(lists, hard)
        new = [
            opener_values._Row(r.word, *rows[r.word], "wordlelab") if r.word in rows else r
            for r in shipped.rows.values()
        ]
        table = opener_values.OpenerTable(lists, hard, new)
        patched[(lists, hard)] = table
        return table

    return replace
