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
    # Getting the code is said before the block, so the block holds exactly the two commands.
    clone = re.search(r"`git clone [^`]*`", text[: first.start()])
    assert clone is not None and "cd wordlelab" in clone.group(0)
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


def test_readme_says_what_the_suite_needs_and_takes():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    intro = text[: text.index("## A short session")]
    assert "Chromium" in intro and "WORDLELAB_CHROMIUM" in intro and "minutes" in intro


def test_the_built_site_is_not_committed():
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "site/" in ignored


def _mkdocs() -> dict:
    import yaml

    return yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))


def test_the_docs_site_loads_nothing_from_other_sites():
    """Material fetched Google Fonts by default: offline, the pages logged errors and waited."""
    assert _mkdocs()["theme"]["font"] is False


def test_the_copy_button_leaves_room_at_the_end_of_long_lines():
    """Material's copy button sits over the top right of a code block and hid the end of a long
    first line, even scrolled to its end: the code keeps a right margin as wide as the button."""
    sheets = _mkdocs().get("extra_css", [])
    css = "".join((ROOT / "docs" / sheet).read_text(encoding="utf-8") for sheet in sheets)
    rule = re.search(r"\.md-typeset pre > code\s*\{([^}]*)\}", css)
    assert rule is not None and "padding-right" in rule.group(1)


def test_the_benchmarks_are_a_suite_whose_figures_the_docs_show():
    """benchmarks/ is a maintained suite (issue 50): a few scripts, each listed on the Speed
    page, and a few result files, each named by a page besides the figures page (a finished
    experiment leaves one line in the docs and its files in git history)."""
    bench = ROOT / "benchmarks"
    scripts = sorted(
        p.name
        for p in bench.glob("*.py")
        if not p.name.startswith("_") and p != bench / "render_docs.py"
    )
    assert len(scripts) <= 20, f"{len(scripts)} scripts: fold finished experiments into the docs"
    speed = (ROOT / "docs" / "speed.md").read_text(encoding="utf-8")
    unlisted = [s for s in scripts if f"`{s}" not in speed]
    assert not unlisted, f"add to the table of docs/speed.md, 'The benchmark suite': {unlisted}"
    results = sorted(p.name for p in (bench / "results").iterdir())
    assert len(results) <= 50, f"{len(results)} result files: keep the current run of each figure"
    pages = [p for p in (ROOT / "docs").glob("*.md") if p.name != "figures.md"]
    pages += [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "src/wordlelab/data/PROVENANCE.md"]
    text = "".join(p.read_text(encoding="utf-8") for p in pages)
    uncited = [name for name in results if name not in text]
    assert not uncited, f"name each in the page that shows its figure: {uncited}"
