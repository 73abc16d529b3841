"""The public API is what __all__ says, and importing it has no side effects."""

from __future__ import annotations

import subprocess
import sys

import wordlelab


def test_all_names_exist():
    for name in wordlelab.__all__:
        assert hasattr(wordlelab, name), name
    assert len(set(wordlelab.__all__)) == len(wordlelab.__all__)


def test_errors_share_a_base():
    for name in wordlelab.__all__:
        obj = getattr(wordlelab, name)
        if isinstance(obj, type) and issubclass(obj, Exception):
            assert issubclass(obj, wordlelab.WordlelabError)


def test_import_prints_nothing():
    out = subprocess.run(
        [sys.executable, "-c", "import wordlelab, wordlelab.strategies"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout == "" and out.stderr == ""
