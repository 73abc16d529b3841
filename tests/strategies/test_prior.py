"""The frequency-prior strategy (3Blue1Brown's approach)."""

from __future__ import annotations

import numpy as np

from wordlelab import WordList, score
from wordlelab.game import Position
from wordlelab.game.matrix import PatternMatrix
from wordlelab.strategies import find_strategy, make_strategy
from wordlelab.strategies.prior import F_POINTS, answer_prior, guesses_left


def test_registered_with_aliases():
    assert find_strategy("3b1b") is find_strategy("prior")


def test_guesses_left_is_monotone_and_anchored():
    hs = np.linspace(0, 16, 200)
    f = guesses_left(hs)
    assert f[0] == 1.0 and (np.diff(f) >= 0).all()
    assert guesses_left(1.0) == 1.5  # two equally likely words: 1 or 2 more guesses
    assert len(F_POINTS) > 5


def test_prior_on_the_matrix_answers(allowed):
    words = WordList(["about", "water", "xylyl", "zymic", "crane"], language="en")
    m = PatternMatrix.build(words, words)
    w = answer_prior(m, common=2)
    assert w[words.index("about")] > w[words.index("xylyl")]


def test_solves_every_answer_when_every_word_may_be_the_answer():
    words = WordList.bundled("allowed")
    rng = np.random.default_rng(3)
    pool = WordList(sorted(rng.choice(words.words, 400, replace=False)), language="en")
    m = PatternMatrix.build(pool, pool)
    strategy = make_strategy("prior")
    for answer in pool.words[::7]:
        pos = Position.start(m)
        for turn in range(1, 12):  # noqa: B007 (the count is checked after the loop)
            choice = strategy.choose(pos)
            pattern = score(choice.word, answer)
            if pattern.is_win:
                break
            pos = pos.after(choice.row, pattern.code)
        assert pattern.is_win, answer
        assert turn <= 8


def test_prior_prefers_the_likely_word_when_two_are_left():
    words = WordList(["water", "wafer"], language="en")
    m = PatternMatrix.build(words, words)
    # With common=1 only the most frequent word counts as a likely answer.
    assert make_strategy("prior", common=1).choose(Position.start(m)).word == "water"
    assert make_strategy("prior", common=1).choose(Position.start(m)).value < 1.5


def test_common_is_part_of_the_cache_key():
    assert make_strategy("prior", common=10).token != make_strategy("prior").token
