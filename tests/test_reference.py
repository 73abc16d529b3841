"""The library's scorer and hard rule agree with the shared slow reference (tests/reference.py)."""

from __future__ import annotations

import reference
from golden_feedback import GOLDEN
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab.game import HardRule
from wordlelab.game.feedback import Pattern, score


def test_reference_scorer_reproduces_the_golden_table():
    for guess, answer, expected in GOLDEN:
        if expected:
            assert reference.slow_score(guess, answer) == str(Pattern.parse(expected))


@settings(max_examples=300, deadline=None)
@given(st.text("abcde", min_size=5, max_size=5), st.text("abcde", min_size=5, max_size=5))
def test_library_scorer_equals_the_reference(guess, answer):
    assert score(guess, answer).code == reference.slow_code(guess, answer)


@settings(max_examples=300, deadline=None)
@given(
    st.text("abcd", min_size=4, max_size=4),
    st.lists(st.text("abcd", min_size=4, max_size=4), min_size=1, max_size=3),
    st.text("abcd", min_size=4, max_size=4),
)
def test_library_hard_rule_equals_the_reference(answer, played, guess):
    # A real game: every word played against one answer (the rule of an impossible history is moot).
    history = tuple((w, score(w, answer)) for w in played)
    ref_history = tuple((w, reference.slow_score(w, answer)) for w in played)
    assert (HardRule.from_history(history).broken(guess) is None) == reference.hard_ok(
        ref_history, guess
    )
