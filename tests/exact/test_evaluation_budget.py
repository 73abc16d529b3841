"""evaluate() under a budget and across calls: a shared memo changes no value; bounds bracket the truth."""

from __future__ import annotations

import numpy as np
import pytest

import wordlelab.exact.evaluation as E
from wordlelab.exact.context import ExactContext
from wordlelab.exact.evaluation import evaluate, proven_tree, tree_node
from wordlelab.exact.optimal import INF, Engine
from wordlelab.game import Position
from wordlelab.game.feedback import score
from wordlelab.judge.review import review


def _positions(matrix):
    root = Position.start(matrix)
    one = root.after("salet", score("salet", "cigar"))
    two = one.after("courd", score("courd", "cigar"))
    other = root.after("salet", score("salet", "thumb"))
    return [(one, "crane"), (two, "cigar"), (other, "brond"), (one, "courd")]


def _values(e):
    return (
        e.lower,
        e.upper,
        e.exact,
        e.guess.lower,
        e.guess.upper,
        [(g.word, g.upper) for g in e.top],
    )


def test_a_shared_memo_gives_the_same_values(matrix):
    """One engine (and memo) serves every position of every game; alone, each gives the same values."""
    ctx = ExactContext()
    shared = [evaluate(p, guess=g, top=2, context=ctx) for p, g in _positions(matrix)]
    assert len(ctx.engines) == 1
    for (p, g), got in zip(_positions(matrix), shared):
        alone = evaluate(p, guess=g, top=2)  # a context of its own
        assert _values(alone) == _values(got) and got.exact
        # The best guess may be another of equal value; it reaches the value either way.
        assert evaluate(p, guess=got.best).guess.upper == got.upper


def test_the_budget_bounds_bracket_the_proven_value(matrix):
    root = Position.start(matrix)
    g = matrix.guesses.index("salet")
    code = int(np.bincount(matrix.row(g), minlength=243)[:-1].argmax())  # the largest group
    pos = root.after(g, code)
    truth, best = tree_node(pos, proven_tree(pos))
    e = evaluate(pos, guess=best, budget=1000, use_tree=False)
    assert not e.exact and e.lower <= truth <= e.upper < INF and e.best is not None
    assert e.guess.lower <= truth <= e.guess.upper < INF
    # The upper bound is a real tree: the best guess offered reaches at most that total.
    assert evaluate(pos, guess=e.best).guess.upper <= e.upper


def test_the_complete_table_values_every_opener(matrix):
    """The original lists' normal-mode table is complete: every played opener, however bad, is
    valued exactly from it at the start, with no search, and so is the top N."""
    from wordlelab.exact.opener_values import table_for

    table = table_for(matrix.guesses.fingerprint, matrix.answers.fingerprint, False, 6)
    assert table is not None and table.complete
    root = Position.start(matrix)
    for word in ("crane", "fuzzy", "qajaq"):
        e = evaluate(root, guess=word, budget=1_000_000, top=3)
        assert e.exact and e.source == "table" and e.upper == 7920 and e.work == 0
        assert e.guess.exact and e.guess.upper == table.value(word).total
        assert [t.word for t in e.top][0] == "salet"
    assert evaluate(root, guess="crane").guess.upper == 7930


def test_the_first_guess_gets_cheap_proven_bounds(matrix, opener_rows):
    """At the start the tree gives the best; a played opener the original lists' table has no
    exact row for (FUZZY, made a bound here) gets the counting bound and a greedy tree; one it
    has, its exact value."""
    opener_rows("original", False, {"fuzzy": (7921, False)})
    root = Position.start(matrix)
    e = evaluate(root, guess="crane", budget=1_000_000)
    assert e.exact and e.source == "table" and e.upper == 7920 and e.guess.upper == 7930
    assert e.guess.exact and e.work == 0
    e = evaluate(root, guess="fuzzy", budget=1_000_000)
    assert e.exact and e.source == "tree" and e.upper == 7920
    bound = int(
        Engine(matrix, False, 6, memo_mb=1).bounds(np.arange(len(matrix.answers)), 6)[
            matrix.guesses.index("fuzzy")
        ]
    )
    assert not e.guess.exact and bound <= e.guess.lower <= e.guess.upper < INF
    assert e.guess.upper >= e.upper  # nothing beats the proven optimum
    low, high = e.cost(e.guess)
    assert low >= 0 and high < float("inf")


def test_review_times_each_step(matrix):
    r = review(
        matrix,
        [("salet", score("salet", "cigar")), ("cigar", score("cigar", "cigar"))],
        answer="cigar",
    )
    assert all(s.seconds > 0 for s in r.steps)
    assert "seconds" not in r.steps[0].to_dict()  # the same game gives the same output


@pytest.mark.parametrize("hard", [False, True])
def test_bounds_without_a_tree_for_the_lists(hard):
    """Lists with no shipped tree: the start is bounded by search and the fast greedy tree."""
    from test_evaluation_values import brute, small

    m, gs, ans = small(41 + hard, 12, 8)
    root = Position.start(m, hard=hard)
    e = evaluate(root, guess=gs[0], budget=0)
    truth = brute(gs, ans, 6, (), hard)
    assert e.lower <= truth <= e.upper
    assert e.guess.lower <= brute(gs, ans, 6, (), hard, guess=gs[0]) <= e.guess.upper


@pytest.mark.parametrize("hard", [False, True])
def test_compact_columns_give_the_same_values(matrix, monkeypatch, hard):
    """A position searched over a matrix of its own columns (and the next one, a subset, reusing
    it) gets the values the full matrix gives."""
    pos = Position.start(matrix, hard=hard).after("salet", "....y")  # 86 answers
    nxt = pos.after("crony", score("crony", "tepid"))
    results = {}
    for compact in (False, True):
        monkeypatch.setattr(E, "COMPACT_MIN", 50 if compact else 10**9)
        ctx = ExactContext()
        results[compact] = [
            _values(evaluate(p, guess=g, top=2, use_tree=False, context=ctx))
            for p, g in ((pos, "crony"), (nxt, "tepid"))
        ]
        assert len(ctx.compact) == (
            1 if compact else 0
        )  # the second position reused the first's columns
    assert results[True] == results[False]


def test_a_move_off_the_tree_after_its_opener_is_searched(matrix):
    """On the tree's line (not the start) a played guess other than the tree's is searched exactly."""
    pos = Position.start(matrix).after("salet", "....y")  # 86 answers
    e = evaluate(pos, guess="jiffy", budget=2_000_000_000)  # leaves a group of 37
    assert e.source == "tree" and e.guess.exact and e.guess.upper > e.upper


def test_a_set_too_large_for_the_budget_is_not_searched(matrix, monkeypatch):
    """Past budget / SEARCH_WORK_PER_ANSWER answers the bounds come at once; the values stay proven."""
    pos = Position.start(matrix).after("salet", ".....")  # 221 answers
    truth = tree_node(pos, proven_tree(pos))[0]
    monkeypatch.setattr(E, "SEARCH_WORK_PER_ANSWER", 10**9)
    e = evaluate(
        pos, budget=30 * 10**9, use_tree=False
    )  # 221 > 30: no search, though the budget would do
    assert not e.exact and e.lower <= truth <= e.upper < INF
    monkeypatch.setattr(E, "SEARCH_WORK_PER_ANSWER", 1)
    e = evaluate(pos, budget=30 * 10**9, use_tree=False)
    assert e.exact and e.upper == truth
