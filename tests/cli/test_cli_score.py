"""`wordlelab score` and the CLI's error handling, on real output."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from wordlelab.cli.main import cli


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_score_text():
    r = run("score", "hatch", "beach")
    assert r.exit_code == 0
    assert r.output.strip() == "hatch → beach: .y.gg  ⬜🟨⬜🟩🟩"


def test_score_json():
    r = run("score", "RADAR", "arise", "--json")
    data = json.loads(r.stdout)
    assert data["pattern"] == "yy..." and data["code"] == 108 and data["solved"] is False


def test_score_russian_folds_yo():
    r = run("score", "ёлка", "елка", "--lang", "ru")
    assert "gggg" in r.output


@pytest.mark.parametrize(
    "args,message",
    [
        (["score", "hat", "beach"], "'hat' and 'beach' differ in length"),
        (["score", "sal3t", "salet"], "'sal3t' has '3'"),
        (["score", "crane", "slate", "-k", "4"], "'crane' has 5 letters; this game uses 4"),
        (["score", "crane"], "Missing argument"),
        (["nope"], "No such command 'nope'"),
    ],
)
def test_bad_input_one_line_exit_1(args, message):
    r = run(*args)
    assert r.exit_code == 1
    lines = [ln for ln in r.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in r.output


def test_real_process_stderr_and_exit_code():
    p = subprocess.run(
        [sys.executable, "-m", "wordlelab", "score", "hat", "beach"], capture_output=True, text=True
    )
    assert p.returncode == 1
    assert p.stdout == ""
    assert p.stderr.strip() == "wordlelab: error: 'hat' and 'beach' differ in length"


def test_letters_outside_the_alphabet_are_named_one_by_one():
    """A Russian word in an English game read "'ёлка' has 'ёлка', which is not in the English
    alphabet"; several are now listed one by one."""
    r = run("score", "ёлка", "елка")
    assert r.exit_code == 1
    assert r.output.strip() == (
        "wordlelab: error: 'ёлка' has characters outside the English alphabet (ё, л, к, а); "
        "the word is Russian (try --lang ru)"
    )
    r = run("score", "sal3t", "salet")  # one: as before
    assert (
        r.output.strip()
        == "wordlelab: error: 'sal3t' has '3', which is not in the English alphabet"
    )
