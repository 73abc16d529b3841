"""'play --boards 4/8' on an 80-column terminal: the boards are laid out to its width, each row of
tiles whole on one line (rich broke a row too long for the terminal into unreadable pieces)."""

from __future__ import annotations

import io
import os
import re
import sys

import pytest
from rich.cells import cell_len

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
GUESSES = ("crane", "pious", "dumpy")


def _lines(boards: int, env: dict[str, str]) -> list[str]:
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "wordlelab",
            "play",
            "--boards",
            str(boards),
            "--seed",
            "3",
            "--no-stats",
            "--lists",
            "original",
        ],
        env=env,
        encoding="utf-8",
        timeout=120,
        dimensions=(40, 80),
    )
    seen = io.StringIO()
    child.logfile_read = seen
    try:
        child.expect("tries;")
        for word in GUESSES:
            child.sendline(word)
            child.expect("tries left")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    text = ANSI.sub("", seen.getvalue()).replace("\r\n", "\n").replace("\r", "\n")
    # (the one-time compile notice on stderr is the terminal's to wrap, and another command's matter)
    return [line for line in text.split("\n") if not line.startswith("wordlelab: compiling")]


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no-colour"])
@pytest.mark.parametrize("boards", [4, 8])
def test_several_boards_fit_an_80_column_terminal_in_whole_rows(boards, colour):
    env = {**os.environ, "TERM": "xterm-256color"}
    env.pop("COLUMNS", None)
    if colour:
        env.pop("NO_COLOR", None)
    else:
        env["NO_COLOR"] = "1"
    lines = _lines(boards, env)
    too_long = [line for line in lines if cell_len(line) > 80]
    assert too_long == [], too_long
    # Every guess is drawn on every board, a band of boards per line: the letters of a tile row
    # read the word once per board in the band, and the bands add up to all the boards.
    drawn = [re.sub(r"[^A-Z]", "", line) for line in lines]
    for t, word in enumerate(GUESSES):
        bands = [d for d in drawn if d and d == word.upper() * (len(d) // len(word))]
        # (after each guess every row so far is drawn again: guess t is drawn 3 - t times)
        assert sum(len(d) // len(word) for d in bands) == boards * (len(GUESSES) - t), bands
