"""'check' prints tables that fit an 80-column terminal; on a terminal its prose wraps at words."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from rich.cells import cell_len

GRID = "Wordle 1,234 4/6\n\n⬜⬜⬜⬜⬜\n⬜⬜⬜🟩⬜\n⬜⬜⬜🟩🟩\n🟩🟩🟩🟩🟩\n"


def _run(*args: str, input: str) -> str:
    """The CLI's output in an 80-column terminal on the default lists."""
    env = {**os.environ, "COLUMNS": "80", "WORDLELAB_LISTS": "nyt"}
    r = subprocess.run(
        [sys.executable, "-m", "wordlelab", *args],
        input=input,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


def _table_lines(*args: str) -> list[str]:
    out = _run("check", *args, input=GRID)
    # Table lines: a header starting '#', or a row number and two spaces (prose is one spaced).
    return [ln for ln in out.splitlines() if re.match(r"(#|\d+ {2})", ln)]


def test_check_tables_fit_80_columns_with_and_without_the_words():
    for args in (("--played", "tarse,colin,humid,vivid"), ()):
        lines = _table_lines(*args)
        assert lines, args
        for line in lines:
            assert cell_len(line) <= 80, line
        assert any("⬜⬜⬜🟩⬜" in line for line in lines)  # the whole row, not cut


@pytest.mark.parametrize(
    "args, answers",
    [
        ((), "crane .....\ntop 3\nquit\n"),  # the coach's top after an opener
        (("--hard",), "top 3\nquit\n"),  # at the start: the proven tree's opener and others' bits
    ],
)
def test_assist_top_table_fits_80_columns(args, answers):
    """The coach's top: the exact figures once (the 'exact guesses' column), not also as a wide
    score column (the proven means beside the others' bits) that wrapped rows onto two or three
    lines at 80 columns."""
    lines = _run("assist", *args, input=answers).splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.startswith("#  guess"))
    table = lines[head : head + 4]
    assert "exact guesses" in table[0] and "score" not in table[0], table[0]
    assert [ln.split()[0] for ln in table[1:]] == ["1", "2", "3"], table  # one line a row
    for line in table:
        assert cell_len(line) <= 80, line


def test_prose_wraps_at_words_on_a_terminal(tmp_path):
    """A terminal broke the verdict's 150-column line mid-word; on a terminal the console now
    wraps sentences at words to its width (into a pipe every line stays whole, above)."""
    pexpect = pytest.importorskip("pexpect")
    grid = tmp_path / "g.txt"
    grid.write_text("Wordle 1,234 2/6\n\n⬜🟨⬜⬜⬜\n🟩🟩🟩🟩🟩\n")
    env = {**os.environ, "WORDLELAB_LISTS": "nyt", "TERM": "xterm", "NO_COLOR": "1"}
    env.pop("COLUMNS", None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "wordlelab", "check", "--played", "adieu,dolly", str(grid)],
        env=env,
        dimensions=(40, 80),
        encoding="utf-8",
        timeout=300,
    )
    child.expect(pexpect.EOF)
    lines = [re.sub(r"\x1b\[[0-9;]*m", "", ln) for ln in child.before.splitlines()]
    verdict = next(i for i, ln in enumerate(lines) if ln.startswith("unusual"))
    assert cell_len(lines[verdict]) <= 80 and lines[verdict + 1].startswith("time;")
    assert all(cell_len(ln) <= 80 for ln in lines), [ln for ln in lines if cell_len(ln) > 80]
