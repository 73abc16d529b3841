"""The game model: turns, hard mode as the NYT enforces it, and candidate filtering."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordlelab import (
    GameOverError,
    HardModeError,
    InconsistentFeedbackError,
    InvalidWordError,
    Pattern,
    UnknownWordError,
    WordList,
    score,
)
from wordlelab.game import HardRule, Position, consistent_words
from wordlelab.game.classic import ClassicGame


def test_win_in_three():
    g = ClassicGame("beach")
    assert str(g.guess("hatch")) == ".y.gg"
    assert not g.over and g.turns_left == 5
    g.guess("leach")
    assert g.guess("BEACH").is_win
    assert g.won and g.over and not g.lost
    with pytest.raises(GameOverError):
        g.guess("crane")


def test_loss_after_max_guesses():
    g = ClassicGame("beach", max_guesses=2)
    g.guess("crane")
    g.guess("slate")
    assert g.lost and g.over and not g.won


@pytest.mark.parametrize(
    "word,error",
    [
        ("hat", InvalidWordError),
        ("h4tch", InvalidWordError),
        ("zzzzz", UnknownWordError),
        ("", InvalidWordError),
    ],
)
def test_invalid_guess_costs_no_turn(word, error):
    g = ClassicGame("beach")
    with pytest.raises(error):
        g.guess(word)
    assert g.history == [] and g.turns_left == 6


# (history, guess, NYT message or None)
HARD_CASES = [
    ([("crane", "..g.y")], "stoke", "3rd letter must be A"),
    ([("crane", "..g.y")], "beach", None),  # A in place, E used
    ([("crane", "..g.y")], "adapt", "Guess must contain E"),
    ([("crane", "y.g..")], "chaos", None),  # a yellow may stay where it was
    ([("crane", "..g..")], "crabs", None),  # greys may be reused in hard mode
    ([("speed", "..gy.")], "crepe", None),
    ([("speed", "..gy.")], "creak", "Guess must contain E 2 times"),
    ([("speed", "..gy.")], "trade", "3rd letter must be E"),
    ([("salet", "g...."), ("shirt", "g.y..")], "sonic", None),
    ([("salet", "g...."), ("shirt", "g.y..")], "shown", "Guess must contain I"),
    ([("salet", "g...."), ("shirt", "g.y..")], "bison", "1st letter must be S"),
    ([("abbey", "yygy.")], "kebab", None),
    ([("abbey", "yygy.")], "bobby", "Guess must contain A"),
]


@pytest.mark.parametrize("history,guess,message", HARD_CASES)
def test_hard_mode_rule(history, guess, message):
    hist = [(w, Pattern.parse(p)) for w, p in history]
    broken = HardRule.from_history(hist).broken(guess)
    assert (broken and broken.message) == message


@pytest.mark.parametrize("history,guess,message", HARD_CASES)
def test_hard_mode_mask_agrees(history, guess, message):
    hist = [(w, Pattern.parse(p)) for w, p in history]
    words = WordList([guess])
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    assert bool(HardRule.from_history(hist).mask(words.encode(alphabet), alphabet)[0]) == (
        message is None
    )


def test_game_enforces_hard_mode():
    g = ClassicGame("beach", hard=True)
    assert str(g.guess("crane")) == "y.g.y"
    with pytest.raises(HardModeError, match="3rd letter must be A"):
        g.guess("stoke")
    with pytest.raises(HardModeError, match="Guess must contain C"):
        g.guess("stale")
    assert len(g.history) == 1
    assert g.guess("beach").is_win


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_answer_survives_its_own_feedback(data, matrix, allowed, answers):
    answer = data.draw(st.sampled_from(answers.words))
    pos = Position.start(matrix)
    for _ in range(3):
        guess = data.draw(st.sampled_from(allowed.words))
        pos = pos.after(guess, score(guess, answer))
        assert answer in pos.candidate_words


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_incremental_equals_from_scratch(data, matrix, allowed, answers):
    answer = data.draw(st.sampled_from(answers.words))
    guesses = data.draw(st.lists(st.sampled_from(allowed.words), min_size=1, max_size=3))
    pos = Position.start(matrix)
    history = []
    for guess in guesses:
        p = score(guess, answer)
        pos = pos.after(guess, p)
        history.append((guess, p))
    assert pos.candidate_words == consistent_words(answers.words, history)


def test_inconsistent_feedback_leaves_state(matrix):
    pos = Position.start(matrix).after("salet", ".y...")
    before = pos.candidates.copy()
    with pytest.raises(InconsistentFeedbackError, match="no remaining word gives 'ggggg'") as exc:
        pos.after("salet", "ggggg")
    assert "ggggg" in str(exc.value)
    assert (pos.candidates == before).all()
    assert len(pos.history) == 1


def test_position_hard_legal_mask(matrix, allowed):
    pos = Position.start(matrix, hard=True).after("crane", "..g.y")
    mask = pos.legal_mask()
    hist = pos.words_history()
    rule = HardRule.from_history(hist)
    legal = [w for w in allowed if rule.broken(w) is None and w != "crane"]
    assert sorted(np.array(allowed.words)[mask]) == sorted(legal)


def test_position_never_allows_replay(matrix):
    pos = Position.start(matrix).after("crane", ".....")
    assert not pos.legal_mask()[matrix.guess_index("crane")]


def test_a_refused_word_is_an_error_with_its_figures():
    """What the web page says in another language: the error's kind and the figures of the
    sentence (``WordlelabError.parts``), beside the English line the CLI prints."""
    game = ClassicGame("slate", hard=True)
    game.guess("speed")  # S green, E yellow: hard mode keeps S first and an E
    with pytest.raises(HardModeError) as info:
        game.guess("bonny")
    parts = info.value.parts()
    assert parts["kind"] == "hard_mode" and parts["input"] == "bonny"
    assert parts["text"] == str(info.value) and "1st letter must be S" in parts["text"]
    assert (parts["letter"], parts["position"], parts["times"]) == ("S", 1, 1)
    with pytest.raises(UnknownWordError) as info:
        game.guess("zzzzz")
    assert info.value.parts() == {
        "kind": "unknown_word",
        "text": "'zzzzz' is not in the word list",
        "input": "zzzzz",
    }
    with pytest.raises(InvalidWordError) as info:
        game.guess("slat")
    assert info.value.parts()["kind"] == "word_length"
    assert (info.value.parts()["letters"], info.value.parts()["length"]) == (4, 5)
