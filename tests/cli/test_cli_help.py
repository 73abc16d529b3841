"""'wordlelab --help': one whole phrase per command, each command once."""

from __future__ import annotations

import subprocess
import sys

from wordlelab.cli import main as cli_main


def test_every_command_has_a_summary_and_aliases_are_listed_once():
    names = set(cli_main._COMMANDS) - set(cli_main._ALIASES)
    assert set(cli_main._SUMMARY) == names
    for alias, target in cli_main._ALIASES.items():
        assert cli_main._COMMANDS[alias] == cli_main._COMMANDS[target]


def test_help_lists_whole_phrases_and_no_alias_twice():
    r = subprocess.run(
        [sys.executable, "-m", "wordlelab", "--help"],
        capture_output=True,
        text=True,
        env={"COLUMNS": "80", "PATH": "/usr/bin:/bin"},
    )
    assert r.returncode == 0, r.stderr
    out = r.stdout
    commands = out.split("Commands:", 1)[1]
    assert "..." not in commands
    assert commands.count("analyse ") == 1 and "analyze " not in commands.split("Aliases:")[0]
    assert "Aliases: analyze = analyse." in " ".join(commands.split())
    for line in out.splitlines():
        assert len(line) <= 80
    for summary in cli_main._SUMMARY.values():
        assert " ".join(summary.split()) in " ".join(commands.split())


def test_assist_help_lists_the_notations_and_the_first_screen_hints_at_them():
    import os

    import pexpect

    r = subprocess.run(
        [sys.executable, "-m", "wordlelab", "assist", "--help"], capture_output=True, text=True
    )
    for notation in (".y..g", "01002", "BYBBG", "FOFFX", "⬜🟨⬜⬜🟩"):
        assert notation in r.stdout
    env = {**os.environ, "WORDLELAB_LISTS": "original"}
    child = pexpect.spawn(
        sys.executable, ["-m", "wordlelab", "assist"], env=env, encoding="utf-8", timeout=120
    )
    child.expect("SALET")
    child.expect("type the colours you got, e.g. .y..g")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    # A piped session reads as before: no hint in the transcript.
    piped = subprocess.run(
        [sys.executable, "-m", "wordlelab", "assist"],
        input="quit\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "type the colours" not in piped.stdout
