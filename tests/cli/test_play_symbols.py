"""'play' without colour (NO_COLOR or a pipe) shows each tile's state in symbols; --high-contrast."""

from __future__ import annotations

import os
import subprocess
import sys


def _play(*args: str, moves: str, env: dict[str, str] | None = None) -> str:
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordlelab",
            "play",
            "--seed",
            "1",
            "--no-stats",
            "--lists",
            "original",
            *args,
        ],
        input=moves,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_no_color_tiles_carry_their_state_in_symbols():
    out = _play(moves="crane\nquit\n", env={"NO_COLOR": "1"})
    # DICEY is seed 1's answer on the original lists: C and E elsewhere, R A N absent.
    assert "(C) -R- -A- -N- (E)  🟨⬜⬜⬜🟨" in out


def test_high_contrast_squares_in_the_rows_and_the_share(monkeypatch):
    out = _play("--high-contrast", moves="crane\ndicey\n")  # DICEY is seed 1's answer
    assert "🟦⬜⬜⬜🟦" in out and "🟧🟧🟧🟧🟧" in out
    assert "🟩" not in out and "🟨" not in out


def test_a_colour_terminal_under_no_color_gets_symbols_too():
    import pexpect

    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm-256color"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "wordlelab", "play", "--seed", "1", "--no-stats", "--lists", "original"],
        env=env,
        encoding="utf-8",
        timeout=120,
    )
    child.expect("6 tries")
    child.sendline("crane")
    child.expect(r"\(C\) -R- -A- -N- \(E\)")
    child.sendline("quit")
    child.expect(pexpect.EOF)
