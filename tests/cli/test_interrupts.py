"""Ctrl-C at the console's prompt is never lost (cli/interrupts.py)."""

from __future__ import annotations

import sys
import textwrap

import pytest
from interactive_helpers import cli_env

# A console session whose SIGINT trips Python's flag without waking the wait for a line: delivered
# to another thread once the main thread waits, it is what a Ctrl-C landing between the prompt's
# write and readline's select() looks like. Unguarded, the session sits at its prompt for good.
CHILD = textwrap.dedent(
    """
    import signal, sys, threading, time
    from rich.console import Console
    from wordlelab.cli import console, interrupts

    def trip_without_waking():
        while not interrupts._GUARD._waiting:
            time.sleep(0.01)
        time.sleep(0.5)
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)

    threading.Thread(target=trip_without_waking, daemon=True).start()
    try:
        for line in console.read_lines(False, Console()):
            print("got", line)
    except KeyboardInterrupt:
        print("interrupted")
        sys.exit(130)
    """
)


def test_a_sigint_that_did_not_wake_the_prompt_still_ends_the_session(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    child = pexpect.spawn(
        sys.executable, [str(script)], env=cli_env(), encoding="utf-8", timeout=30
    )
    try:
        child.expect_exact("? ")
        child.expect(pexpect.EOF)
        child.close()
        assert "interrupted" in child.before and "Traceback" not in child.before
        assert child.exitstatus == 130
    finally:
        child.close(force=True)


def test_the_guard_leaves_a_taken_handler_alone():
    import signal

    from wordlelab.cli.interrupts import InterruptGuard

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        assert InterruptGuard().install() is False
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)
