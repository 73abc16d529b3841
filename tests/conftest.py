"""Shared fixtures: the default lists and matrix, and private cache/data directories."""

from __future__ import annotations

import os
import signal
import tempfile

import pytest

# The Ctrl-C tests send SIGINT to the commands they start. A test run launched in the background
# (`cmd &`, nohup, some CI runners) inherits SIGINT *ignored*, and exec'd children keep that, so
# Python would never raise KeyboardInterrupt in them. A handler (unlike SIG_IGN) resets to the
# default on exec, so every command the tests start gets Ctrl-C as a terminal would deliver it.
signal.signal(signal.SIGINT, signal.default_int_handler)

# Tests never touch the user's real cache or saved statistics.
_TMP = tempfile.mkdtemp(prefix="wordlelab-tests-")
os.environ.setdefault("WORDLELAB_CACHE_DIR", os.path.join(_TMP, "cache"))
os.environ.setdefault("WORDLELAB_DATA_DIR", os.path.join(_TMP, "data"))
# The figures of the first release's tests are the literature's, on the original lists; tests of
# the default (nyt) lists clear this (see the ``default_lists`` fixture).
os.environ["WORDLELAB_LISTS"] = "original"


@pytest.fixture
def default_lists(monkeypatch):
    """Run a test on the real default lists (nyt), as a new user gets them."""
    monkeypatch.delenv("WORDLELAB_LISTS", raising=False)


@pytest.fixture(scope="session")
def answers():
    from wordlelab.words import WordList

    return WordList.bundled("answers")


@pytest.fixture(scope="session")
def allowed():
    from wordlelab.words import WordList

    return WordList.bundled("allowed")


@pytest.fixture(scope="session")
def matrix(allowed, answers):
    from wordlelab.matrix import PatternMatrix

    return PatternMatrix.load(allowed, answers)
