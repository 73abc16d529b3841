"""The test suite cleans up after itself: a run leaves nothing in the temporary directory.

Each test process keeps the pattern matrices it builds in a private cache (up to about 0.7 GB in
a run of the whole suite); left behind, enough runs filled a machine's disk, and the next CI run
failed installing packages ("No space left on device")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def test_a_run_removes_its_private_cache(tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("WORDLELAB_")}
    env["TMPDIR"] = str(tmp)
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "-n",
            "0",
            "--basetemp",
            str(tmp_path / "base"),
            str(HERE / "game" / "test_matrix.py"),
            "-k",
            "full_matrix_spot_checks or cache_round_trip",
        ],
        env=env,
        cwd=HERE.parent,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "passed" in run.stdout
    assert sorted(p.name for p in tmp.iterdir()) == []
