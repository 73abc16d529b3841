"""evaluate(): exact values of positions and guesses, against brute force and the proven trees."""

from __future__ import annotations

import numpy as np
import pytest
import reference

from wordlelab.errors import WordlelabError
from wordlelab.exact.evaluation import evaluate, proven_tree
from wordlelab.exact.optimal import INF as KINF
from wordlelab.exact.tree import bundled_tree
from wordlelab.game import Position
from wordlelab.game.feedback import Pattern, score
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.notation import read_position
from wordlelab.game.words import WordList

INF = float("inf")


def brute(
    guesses: list[str], S: list[str], d: int, history: tuple, hard: bool, guess: str | None = None
) -> float:
    """Every guess at every node, no bounds (tests/reference.py); ``history`` as (word, Pattern)."""
    hist = tuple((w, str(p)) for w, p in history)
    return reference.brute_force(guesses, list(S), d, hard, hist, guess)


def small(seed: int, n_answers: int, n_extra: int) -> tuple[PatternMatrix, list[str], list[str]]:
    rng = np.random.default_rng(seed)
    ans = sorted(rng.choice(list(WordList.bundled("answers")), n_answers, replace=False).tolist())
    extra = rng.choice(list(WordList.bundled("allowed")), n_extra, replace=False).tolist()
    gs = sorted(set(ans) | set(extra))
    return PatternMatrix.build(WordList(gs, name="g"), WordList(ans, name="a")), gs, ans


@pytest.mark.parametrize(
    "seed,hard,max_guesses", [(1, False, 6), (2, True, 6), (3, False, 3), (4, True, 4)]
)
def test_agrees_with_brute_force(seed, hard, max_guesses):
    m, gs, ans = small(seed, 14, 14)
    root = Position.start(m, hard=hard, max_guesses=max_guesses)
    openers = [gs[0], ans[3]]
    for g0 in openers:
        row = m.guesses.index(g0)
        for code in np.unique(m.row(row)):
            if code == m.win_code:
                continue
            pos = root.after(row, int(code))
            history = ((g0, Pattern(int(code), 5)),)
            S = pos.candidate_words
            want = brute(gs, S, max_guesses - 1, history, hard)
            if want == INF:
                with pytest.raises(WordlelabError):
                    evaluate(pos)
                continue
            ev = evaluate(pos, guess=gs[1], top=3)
            assert ev.exact and ev.upper == want and ev.n == len(S)
            played = ev.guess
            assert played.exact  # no budget: every value is proven
            assert (played.upper if played.upper < KINF else float("inf")) == brute(
                gs, S, max_guesses - 1, history, hard, guess=gs[1]
            )
            # The best guess reaches the value; the top list is sorted, exact, starts at the value.
            assert brute(gs, S, max_guesses - 1, history, hard, guess=ev.best) == want
            assert ev.top and ev.top[0].upper == want
            assert [t.upper for t in ev.top] == sorted(t.upper for t in ev.top)
            for t in ev.top:
                assert (
                    t.exact
                    and brute(gs, S, max_guesses - 1, history, hard, guess=t.word) == t.upper
                )


def test_top_is_the_true_top(matrix):
    """Exact top 5 on a real position: every other guess is proven no better than the 5th."""
    m, gs, ans = small(7, 25, 20)
    pos = Position.start(m).after(m.guesses.index(ans[0]), score(ans[0], ans[5]))
    ev = evaluate(pos, top=5)
    every = sorted(brute(gs, pos.candidate_words, 5, (), False, guess=g) for g in gs)
    assert [t.upper for t in ev.top] == every[: len(ev.top)]


@pytest.fixture(scope="module")
def salet_groups(matrix):
    assert (len(matrix.answers), len(matrix.guesses)) == (2315, 12972)
    root = Position.start(matrix)
    g = matrix.guesses.index("salet")
    return [root.after(g, int(c)) for c in np.unique(matrix.row(g)) if c != matrix.win_code]


@pytest.mark.parametrize("hard", [False, True])
def test_small_salet_groups_match_the_proven_tree(matrix, salet_groups, hard):
    """A proven tree's sub-trees are optimal: each small SALET group's searched value is its sub-tree's total."""
    tree = bundled_tree("salet-hard" if hard else "salet-normal")
    root = Position.start(matrix, hard=hard)
    g = matrix.guesses.index("salet")
    checked = 0
    for p in salet_groups:
        if not 2 <= p.candidates.size <= 12:
            continue
        pos = root.after(g, p.history[0][1])
        ev = evaluate(pos, use_tree=False)
        want = sum(len(tree.paths[a]) - 1 for a in pos.candidate_words)
        assert ev.exact and ev.upper == want and ev.source == "search"
        checked += 1
    assert checked > 40


def test_tree_line_is_exact_and_instant(matrix):
    paths = bundled_tree("salet-normal").paths
    answer = next(a for a, line in sorted(paths.items()) if len(line) == 5)
    line = paths[answer]
    pos, _ = read_position(" ".join(f"{w}:{score(w, answer)}" for w in line[:2]), matrix)
    assert pos.candidates.size > 1
    ev = evaluate(pos, guess="salet")
    assert ev.source == "tree" and ev.exact
    searched = evaluate(pos, use_tree=False)
    assert (searched.upper, searched.lower) == (ev.upper, ev.lower)
    assert evaluate(pos, guess=ev.best).guess.upper == ev.upper
    # The start itself comes from the complete table of every opener's value, and agrees.
    start = evaluate(Position.start(matrix), guess="salet")
    assert start.source == "table" and start.upper == 7920 and start.guess.upper == 7920


def test_tree_only_within_its_proven_limit(matrix):
    assert proven_tree(Position.start(matrix)) is not None
    assert proven_tree(Position.start(matrix, max_guesses=5)) is not None  # its depth is 5
    assert proven_tree(Position.start(matrix, max_guesses=7)) is None
    assert proven_tree(Position.start(matrix, max_guesses=4)) is None


def test_budget_gives_proven_bounds(matrix):
    pos, _ = read_position(
        "salet:.....", matrix
    )  # 221 answers: far more than 100k look-ups of search
    ev = evaluate(pos, budget=100_000, use_tree=False)
    tree = bundled_tree("salet-normal")
    truth = sum(len(tree.paths[a]) - 1 for a in pos.candidate_words)
    assert ev.lower <= truth <= ev.upper
    if not ev.exact:
        assert ev.lower < ev.upper and ev.to_dict()["total"] is None
        # The greedy tree behind the upper bound has a budget too; on a loaded machine it may not
        # finish, and then there is no upper bound (and no move that reaches one).
        assert (ev.best is not None) == (ev.upper < KINF)


def test_salet_sum_is_7920_fast_part(matrix, salet_groups):
    """The opener's own guess (2315) plus its groups' values is 7920; the big groups come from the tree."""
    total = len(matrix.answers)
    for pos in salet_groups:
        ev = evaluate(pos, use_tree=pos.candidates.size > 40)
        assert ev.exact
        total += ev.upper
    assert total == 7920


@pytest.mark.slow
@pytest.mark.parametrize("hard,want", [(False, 7920), (True, 8122)])
def test_salet_sum_searched(matrix, hard, want):
    root = Position.start(matrix, hard=hard)
    g = matrix.guesses.index("salet")
    total = len(matrix.answers)
    for c in np.unique(matrix.row(g)):
        if c != matrix.win_code:
            total += evaluate(root.after(g, int(c)), use_tree=False).upper
    assert total == want


def test_solved_and_impossible(matrix):
    pos, _ = read_position("cigar:ggggg", matrix)
    with pytest.raises(WordlelabError):
        evaluate(pos)
    m, gs, ans = small(9, 12, 0)
    # No strategy solves 12 answers in one guess: a proven value (not winnable), not an error.
    ev = evaluate(Position.start(m, max_guesses=1))
    assert not ev.winnable and ev.exact
