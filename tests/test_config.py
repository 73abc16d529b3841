"""Every WORDLELAB_* setting is read by wordlelab.config, and the library honours them as the CLI does."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import wordlelab
from wordlelab import config
from wordlelab.errors import WordlelabError

ROOT = Path(wordlelab.__file__).parent


def environment_reads(path: Path) -> list[str]:
    """The WORDLELAB_* names ``path`` reads from the environment (os.environ.get/[...], os.getenv)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        arg = None
        if isinstance(node, ast.Call) and node.args and isinstance(node.func, ast.Attribute):
            f = node.func
            if (
                f.attr == "get" and isinstance(f.value, ast.Attribute) and f.value.attr == "environ"
            ) or f.attr == "getenv":
                arg = node.args[0]
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "environ"
        ):
            arg = node.slice
        if (
            isinstance(arg, ast.Constant)
            and isinstance(arg.value, str)
            and arg.value.startswith("WORDLELAB_")
        ):
            found.append(arg.value)
        elif isinstance(arg, ast.Name) and arg.id.endswith("_ENV"):
            found.append(arg.id)
    return found


def test_only_the_config_module_reads_wordlelab_settings():
    readers = {str(p.relative_to(ROOT)): environment_reads(p) for p in ROOT.rglob("*.py")}
    assert {p: names for p, names in readers.items() if names and p != "config.py"} == {}
    assert set(readers["config.py"]) >= {"CACHE_DIR_ENV", "DATA_DIR_ENV", "DB_TIMEOUT_ENV"}


@pytest.mark.parametrize(
    "text,value",
    [
        ("", config.DEFAULT_MATRIX_BUDGET),
        ("512M", 512 * 1024**2),
        ("2g", 2 * 1024**3),
        ("1000", 1000),
        ("0", 0),
    ],
)
def test_matrix_budget(monkeypatch, text, value):
    monkeypatch.setenv("WORDLELAB_MATRIX_BUDGET", text)
    assert config.matrix_budget() == value


@pytest.mark.parametrize("text", ["nan", "-5", "lots", "1e999"])
def test_a_bad_matrix_budget_names_the_variable(monkeypatch, text):
    monkeypatch.setenv("WORDLELAB_MATRIX_BUDGET", text)
    with pytest.raises(WordlelabError, match="WORDLELAB_MATRIX_BUDGET"):
        config.matrix_budget()


def test_the_library_honours_the_matrix_budget_too(monkeypatch):
    # A bad budget reaches the library's own Lists.matrix (the web app's path), not only the CLI.
    from wordlelab.game.lists import load_lists

    monkeypatch.setenv("WORDLELAB_MATRIX_BUDGET", "lots")
    with pytest.raises(WordlelabError, match="WORDLELAB_MATRIX_BUDGET"):
        load_lists(4, "en").matrix()


def test_word_lengths_are_defined_once():
    assert list(config.PLAY_LENGTHS) == list(range(4, 12))
    assert config.check_play_length(11) == 11
    for bad in (3, 12, True):
        with pytest.raises(WordlelabError, match="wordlelab plays 4 to 11 letters"):
            config.check_play_length(bad)
