"""Helpers for the interactive commands' tests: run the CLI in a subprocess or in-process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[1] / "src")


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = SRC
    env.pop("COLUMNS", None)
    env["TERM"] = "dumb"
    return env


def run_cli(
    *args: str,
    input: str = "",
    timeout: float = 60,
    env: dict[str, str] | None = None,
    cwd: str | Path | None = None,
) -> subprocess.CompletedProcess:
    """``wordlelab ARGS`` in a subprocess; ``env``: variables set on top of this process's."""
    return subprocess.run(
        [sys.executable, "-m", "wordlelab", *args],
        input=input,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**cli_env(), **(env or {})},
        cwd=cwd,
        timeout=timeout,
    )


def invoke(*args: str, input: str = ""):
    """The CLI in-process (click's runner): real output, no interpreter start-up."""
    from click.testing import CliRunner

    from wordlelab.cli.main import cli

    r = CliRunner().invoke(cli, list(args), input=input, prog_name="wordlelab")
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exc_info
    out = r.stdout + (r.stderr if r.stderr_bytes is not None else "")
    assert "Traceback" not in out
    return r.exit_code, r.stdout, r.stderr


def interrupt(child, wait: float = 30) -> None:
    """Ctrl-C, once, and wait for the program to end (pexpect's EOF).

    Sent the moment a prompt shows, it can land before readline waits for the line; the console's
    interrupt guard (cli/interrupts.py) must still end the session, so one Ctrl-C it is.
    """
    import pexpect

    child.sendintr()
    child.expect(pexpect.EOF, timeout=wait)
