"""The command line under fuzzing (issue 49): every command, its options, files and environment;
no traceback, no hang, every refusal one line with exit 1, no foreign file touched.

The campaign is benchmarks/fuzz_cli.py (its larger runs write benchmarks/results/fuzz_cli.json);
here a small seeded sample runs by default (each command at least once) and a larger one is
marked slow.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import fuzz_cli  # noqa: E402


def _check(summary: dict) -> None:
    assert summary["failures"] == [], summary["failures"]
    assert summary["tracebacks"] == summary["hangs"] == summary["multiline_refusals"] == 0


def test_every_command_is_fuzzed(tmp_path):
    summary = fuzz_cli.campaign(count=len(fuzz_cli.commands()), seed=3, workers=2, root=tmp_path)
    assert summary["commands"] == len(fuzz_cli.commands())
    _check(summary)


@pytest.mark.slow
def test_a_larger_fuzz_campaign(tmp_path):
    _check(fuzz_cli.campaign(count=300, seed=4, workers=2, root=tmp_path))
