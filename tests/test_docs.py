"""The docs: figures rendered from the result files, README a short front door."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import wordlelab

ROOT = Path(__file__).resolve().parent.parent


def test_rendered_figures_equal_the_result_files():
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "render_docs.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stderr


def test_every_result_file_has_a_section_in_the_figures_page():
    page = (ROOT / "docs" / "figures.md").read_text(encoding="utf-8")
    for path in (ROOT / "benchmarks" / "results").glob("*.json"):
        assert f"benchmarks/results/{path.name}" in page


def test_readme_is_a_front_door_with_the_two_setup_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    first = re.search(r"```bash\n(.*?)```", text, re.S)
    assert first is not None
    commands = [line for line in first.group(1).splitlines() if line.strip()]
    assert len(commands) == 2
    assert commands[0].endswith("pip install . && wordlelab assist")
    assert commands[1].endswith('pip install -e ".[test]" && pytest')
    # .ci/run runs the second one verbatim.
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'pip install -e ".[test]" && pytest' in ci


def test_the_version_is_written_once():
    assert re.fullmatch(r"\d+\.\d+\.\d+", wordlelab.__version__)
    toml = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in toml and not re.search(r'^version = "', toml, re.M)
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{wordlelab.__version__}]" in changelog
