"""First-run notices: the library tells listeners about slow work; the CLI shows them on a terminal."""

from __future__ import annotations

import os
import sys

import pexpect
import pytest

from wordlelab import progress
from wordlelab.matrix import PatternMatrix
from wordlelab.words import WordList


def test_a_matrix_built_afresh_is_announced_and_a_cached_one_is_not(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))
    words = WordList(["crane", "slate", "cigar", "rebut", "sissy"])
    heard: list[str] = []
    progress.add_listener(heard.append)
    try:
        PatternMatrix.load(words, words)
        assert heard == ["building the 5×5 pattern matrix (once; cached afterwards)"]
        PatternMatrix.load(words, words)
        assert len(heard) == 1
    finally:
        progress.remove_listener(heard.append)


def test_without_a_listener_nothing_is_said(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))
    words = WordList(["crane", "slate", "cigar"])
    PatternMatrix.load(words, words)
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("tty", [True, False])
def test_the_cli_shows_the_notice_on_a_terminal_only(tmp_path, tty):
    env = {
        **os.environ,
        "WORDLELAB_CACHE_DIR": str(tmp_path / "cache"),
        "WORDLELAB_LISTS": "original",
    }
    args = ["-m", "wordlelab", "solve", "cigar", "--answers", "answers", "--words", "answers"]
    if tty:
        child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=120)
        child.expect(pexpect.EOF)
        out = child.before
    else:
        import subprocess

        r = subprocess.run(
            [sys.executable, *args], env=env, capture_output=True, text=True, timeout=120
        )
        assert r.returncode == 0, r.stderr
        out = r.stderr
    assert ("building the 2315×2315 pattern matrix" in out) is tty
