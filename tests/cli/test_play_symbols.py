"""'play' without colour (NO_COLOR or a pipe) shows each tile's state in symbols; --high-contrast."""

from __future__ import annotations

import io
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


def _spawn_seed_1(env: dict[str, str], **kw):
    """``wordlelab play --seed 1`` (DICEY) on a pty with ``env``, not counted."""
    import pexpect

    return pexpect.spawn(
        sys.executable,
        ["-m", "wordlelab", "play", "--seed", "1", "--no-stats", "--lists", "original"],
        env=env,
        encoding="utf-8",
        timeout=120,
        **kw,
    )


def test_a_colour_terminal_under_no_color_gets_symbols_too():
    import pexpect

    child = _spawn_seed_1({**os.environ, "NO_COLOR": "1", "TERM": "xterm-256color"})
    child.expect("6 tries")
    child.sendline("crane")
    child.expect(r"\(C\) -R- -A- -N- \(E\)")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def _sgr_of_letters(text: str) -> dict[str, str]:
    """Each drawn tile's letter and the SGR code it was drawn with (the last one wins)."""
    import re

    return {m[2]: m[1] for m in re.finditer(r"\x1b\[([\d;]+)m ([A-Z]) \x1b\[0m", text)}


def test_a_16_colour_terminal_tells_green_yellow_and_grey_apart():
    """TERM=xterm is a 16-colour terminal to rich: each hex tile colour became its nearest of the
    16, and green and grey were both bright black (yellow white on white)."""
    import pexpect

    env = {**os.environ, "TERM": "xterm"}
    env.pop("NO_COLOR", None)
    env.pop("COLORTERM", None)
    child = _spawn_seed_1(env, dimensions=(40, 120))
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect("6 tries")
    child.sendline("dirty")  # DICEY is seed 1's answer: D I green, R T grey, Y green
    child.expect("5 tries left")
    child.sendline("crane")  # C E elsewhere (yellow)
    child.expect("4 tries left")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    codes = _sgr_of_letters(seen.getvalue())
    green, grey, yellow = codes["D"], codes["R"], codes["C"]
    assert codes["I"] == codes["Y"] == green and codes["T"] == codes["A"] == grey
    assert codes["E"] == yellow
    assert len({green, grey, yellow}) == 3, codes
    # Readable: no tile writes white letters on a white background.
    assert all(not (c.endswith("37;47") or c.endswith("97;107")) for c in (green, grey, yellow))
