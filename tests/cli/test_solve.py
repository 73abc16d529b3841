"""wordlelab solve: step-by-step solutions that replay to the answer."""

from __future__ import annotations

import json

import pytest
from interactive_helpers import invoke

from wordlelab.assist.assistant import solve
from wordlelab.errors import UnknownWordError
from wordlelab.game.feedback import score


@pytest.mark.parametrize("answer", ["cigar", "mummy", "eerie", "vivid", "fluff"])
@pytest.mark.parametrize("hard", [False, True])
def test_steps_replay(matrix, answer, hard):
    steps = solve(matrix, answer, hard=hard)
    assert steps[0].word == "salet" and steps[0].before == 2315
    assert steps[-1].word == answer and steps[-1].solved
    for prev, step in zip(steps, steps[1:]):
        assert step.before == prev.after
    for step in steps:
        assert step.pattern == score(step.word, answer)
    assert len(steps) <= 6


def test_unknown_answer(matrix):
    with pytest.raises(UnknownWordError, match="not a possible answer"):
        solve(matrix, "zzzzz")


@pytest.mark.parametrize("word", ["guano", "snafu", "kazoo", "aahed"])
def test_an_allowed_word_outside_the_answers_is_found_by_widening(matrix, word):
    assert word not in matrix.answers
    steps = solve(matrix, word)
    assert steps[-1].word == word and steps[-1].solved and len(steps) <= 8
    assert sum(s.widened for s in steps) == 1


def test_cli():
    code, out, _ = invoke("solve", "CIGAR")
    assert code == 0 and "solves CIGAR in" in out and "🟩🟩🟩🟩🟩  solved" in out
    code, out, _ = invoke("solve", "cigar", "--opener", "crane", "--json")
    data = json.loads(out)
    assert data["steps"][0]["guess"] == "crane" and data["steps"][-1]["pattern"] == "ggggg"
    for args, message in (
        (["solve", "cigars"], "has 6 letters"),
        (["solve", "zzzzz"], "not a possible answer"),
        (["solve", "cigar", "--strategy", "x"], "unknown strategy"),
        (["solve", "cigar", "--opener", "qqqqq"], "not in the word list"),
    ):
        code, _, err = invoke(*args)
        assert code == 1 and message in err
