"""Ultrahard mode on the command line (every guess a word that could still be the answer):
the game's refusal, the assistant's suggestions, and ``optimal --ultrahard``'s tree replayed by
``tree verify``, each on real output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import reference
from interactive_helpers import invoke

from wordlelab.errors import TreeError, VariantError
from wordlelab.exact.tree import DecisionTree
from wordlelab.game.rules import parse_rules, rules_from_options
from wordlelab.game.words import WordList

TINY = Path(__file__).resolve().parents[1] / "golden" / "data"
LISTS = ["--answers", str(TINY / "tiny-answers.txt"), "--words", str(TINY / "tiny-words.txt")]


@pytest.fixture()
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))
    return tmp_path


def test_play_refuses_a_word_that_could_not_be_the_answer(data):
    """Seed 7 is OCTET; CRANE shows y...y. CHECK keeps C and E (hard mode takes it) but puts C
    where CRANE showed it is not: one line naming CHECK, no try used; OCTET then wins in 2."""
    code, out, err = invoke(
        "play", "--seed", "7", "--ultrahard", "--no-stats", input="crane\ncheck\noctet\n"
    )
    assert code == 0, err
    refusals = [line for line in out.splitlines() if line.startswith("!")]
    assert refusals == [
        "! CHECK could not be the answer: CRANE showed y...y (🟨⬜⬜⬜🟨), but would have shown "
        "g...y against CHECK (ultrahard mode: guess a possible answer) (no try used)"
    ]
    assert "Magnificent! 2/6" in out and "Wordle 2/6* · seed 7" in out
    # Hard mode takes the same word.
    code, out, _ = invoke("play", "--seed", "7", "--hard", "--no-stats", input="crane\ncheck\n")
    assert code == 0 and not [line for line in out.splitlines() if line.startswith("!")]


def test_assistant_suggests_only_words_that_could_be_the_answer(data):
    code, out, err = invoke(
        "assist", "--ultrahard", "--opener", "crane", input=".y...\n.gg..\nquit\n"
    )
    assert code == 0, err
    said = [line.split()[1].lower() for line in out.splitlines() if line.startswith("> ")]
    assert said[0] == "crane" and len(said) == 3
    hist = (("crane", ".y..."), (said[1], ".gg.."))
    assert reference.ultra_ok(hist[:1], said[1])
    assert reference.ultra_ok(hist, said[2])


def test_assistant_refuses_an_exact_strategy_in_ultrahard_mode(data):
    code, _, err = invoke("assist", "--ultrahard", "-s", "optimal", input="quit\n")
    assert code == 1
    assert err.strip().splitlines() == [
        "wordlelab: error: the optimal strategy does not play ultrahard mode; try entropy"
    ]


def test_optimal_tree_obeys_the_rule_and_verifies(tmp_path):
    out_file = tmp_path / "tree.txt"
    code, out, err = invoke(
        "optimal",
        "--ultrahard",
        *LISTS,
        "--candidates",
        "100",
        "--threads",
        "1",
        "--json",
        "--out",
        str(out_file),
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["ultrahard"] and data["proven"]
    words = (TINY / "tiny-words.txt").read_text().split()
    answers = (TINY / "tiny-answers.txt").read_text().split()
    assert data["total"] == reference.brute_force(words, answers, 6, ultrahard=True)
    text = out_file.read_text()
    assert "# mode: ultrahard" in text
    lines = [line.split() for line in text.splitlines() if line and not line.startswith("#")]
    assert len(lines) == len(answers)
    for line in lines:
        hist: tuple = ()
        for w in line:
            assert reference.ultra_ok(hist, w), line
            hist = hist + ((w, reference.slow_score(w, line[-1])),)
    code, out, err = invoke("tree", "verify", str(out_file), *LISTS)
    assert code == 0, err
    assert "OK (ultrahard mode)" in out


def test_tree_verify_refuses_a_line_ultrahard_mode_would_not_take():
    """CRANE shows y...y against OCTET; CHECK (which hard mode takes) could not be the answer
    then: the replay names it, and takes the same tree in hard mode."""
    guesses = WordList(["crane", "check", "octet", "ocean"], name="g")
    answers = WordList(["octet", "ocean"], name="a")
    tree = DecisionTree(
        {"octet": ("crane", "check", "octet"), "ocean": ("crane", "ocean")}, name="t.txt"
    )
    assert tree.verify(guesses, answers, hard=True).total == 5
    with pytest.raises(TreeError, match="CHECK could not be the answer: CRANE showed y...y"):
        tree.verify(guesses, answers, ultrahard=True)


def test_rules_value():
    rules = rules_from_options(ultrahard=True)
    assert rules.ultrahard and rules.hard and rules.to_dict()["ultrahard"] is True
    assert parse_rules(rules.to_dict()) == rules
    assert "ultrahard" not in rules_from_options(hard=True).to_dict()
    with pytest.raises(VariantError, match="ultrahard mode is played on Wordle alone"):
        rules_from_options(boards=4, ultrahard=True)
    with pytest.raises(VariantError, match="ultrahard must be true or false"):
        parse_rules({"ultrahard": "yes"})
