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
    r = subprocess.run([sys.executable, "-m", "wordlelab", "--help"], capture_output=True, text=True,
                       env={"COLUMNS": "80", "PATH": "/usr/bin:/bin"})
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
