"""First-run notices: the library tells listeners about slow work; the CLI shows them on a terminal."""

from __future__ import annotations

import os
import sys

import pexpect
import pytest

from wordlelab import progress
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.words import WordList


def test_a_matrix_built_afresh_is_announced_and_a_cached_one_is_not(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))
    words = WordList(["crane", "slate", "cigar", "rebut", "sissy"])
    heard: list[str] = []
    progress.add_listener(heard.append)
    try:
        PatternMatrix.load(words, words)
        # The notice, then None when the work is over (a display takes its line away).
        assert heard == ["building the 5×5 pattern matrix (once; cached afterwards)", None]
        PatternMatrix.load(words, words)
        assert len(heard) == 2
    finally:
        progress.remove_listener(heard.append)


def test_without_a_listener_nothing_is_said(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))
    words = WordList(["crane", "slate", "cigar"])
    PatternMatrix.load(words, words)
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("tty", [True, False])
def test_the_cli_shows_the_notice_on_a_terminal_and_as_one_plain_line_piped(tmp_path, tty):
    """Piped, stdout stays clean (for scripts and JSON) and stderr gets one plain line per phase
    of slow work, said once: a person or a log reading stderr sees what the wait is for (this
    test once asserted silence on a piped stderr; that silence was the complaint of issue 52)."""
    env = {
        **os.environ,
        "WORDLELAB_CACHE_DIR": str(tmp_path / "cache"),
        "WORDLELAB_LISTS": "original",
    }
    args = ["-m", "wordlelab", "solve", "cigar", "--answers", "answers", "--words", "answers"]
    notice = "building the 2315×2315 pattern matrix (once; cached afterwards)"
    if tty:
        child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=120)
        child.expect(pexpect.EOF)
        assert notice in child.before
        return
    import subprocess

    def run() -> subprocess.CompletedProcess:
        r = subprocess.run(
            [sys.executable, *args], env=env, capture_output=True, text=True, timeout=120
        )
        assert r.returncode == 0, r.stderr
        return r

    r = run()
    lines = r.stderr.splitlines()
    assert lines.count(f"wordlelab: {notice}...") == 1, r.stderr
    for line in lines:  # (a cold numba cache adds a line per kernel module compiled)
        assert line.startswith("wordlelab: ") and line.endswith("...") and len(line) <= 80, line
        assert "\x1b" not in line
    assert len(set(lines)) == len(lines)
    assert "wordlelab:" not in r.stdout and "CIGAR" in r.stdout.upper()
    again = run()  # the matrix is cached: nothing to say
    assert notice not in again.stderr and again.stdout == r.stdout


def test_every_notice_fits_80_columns():
    from wordlelab.cli.main import _COLD_NOTICE
    from wordlelab.cli.notices import WIDTH
    from wordlelab.cli.proving import _message
    from wordlelab.kernels.compiling import WHAT, message
    from wordlelab.warmup import steps, waiting_message

    class Proof:
        opener = "abcdefghijk"  # the longest words bundled

    said = [_COLD_NOTICE, _message(Proof()), message("unknown"), waiting_message(None)]
    said += [message(f"wordlelab.kernels.{m}") for m in WHAT]
    said += [waiting_message(step) for step in steps()]
    said.append(PatternMatrix.build_message((99999, 99999)))
    for text in said:
        assert len(text) <= WIDTH, text
        assert len(f"wordlelab: {text}...") <= 80 and len(f"⠋ {text} 0:00:00") <= 80


def test_a_kernel_compiled_afresh_is_announced_once_with_its_end(tmp_path, monkeypatch):
    """Every outermost compilation is a notice naming what compiles, then its end; the callees it
    compiles inside say nothing of their own; a kernel loaded or already compiled says nothing."""
    import numba

    from wordlelab.kernels.compiling import announce_compiles

    @numba.njit
    def inner(x):
        return x + 1

    @numba.njit
    def outer(x):
        return inner(x) * 2

    announce_compiles()
    heard: list[str | None] = []
    progress.add_listener(heard.append)
    try:
        assert outer(1) == 4
        assert heard == ["compiling the numeric kernels (once for this machine)", None]
        outer(2)
        assert len(heard) == 2
    finally:
        progress.remove_listener(heard.append)


def test_work_on_a_quiet_thread_says_nothing():
    import threading

    heard: list[str | None] = []
    progress.add_listener(heard.append)
    try:

        def background() -> None:
            with progress.quietly(), progress.working("compiling in the background"):
                pass

        t = threading.Thread(target=background)
        t.start()
        t.join()
        assert heard == []
        with progress.working("in the foreground"):
            pass
        assert heard == ["in the foreground", None]
    finally:
        progress.remove_listener(heard.append)


def test_the_cache_is_complete_only_with_every_kernel_module(tmp_path, monkeypatch):
    import hashlib
    from pathlib import Path

    import wordlelab.kernels as K

    here = Path(K.__file__).resolve().parent
    place = tmp_path / f"kernels_{hashlib.sha1(str(here).encode()).hexdigest()}"
    place.mkdir()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert not K.compiled_cache_complete()
    for name in K.MODULES:
        (place / f"{name}.kernel-1.py311.nbi").write_bytes(b"")
    assert K.compiled_cache_complete()
    (place / "search.kernel-1.py311.nbi").unlink()
    assert not K.compiled_cache_complete()  # the notice shows for the command that needs it
