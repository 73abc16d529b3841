"""A large group's guesses shared out among threads (optimal._solve_shared, kernels/search.py's
``split``): the same value as one thread's search, the same best guess (the first in the search
order that reaches the least value, whatever the timing), a tree that reaches it, and a proven
bound when the group cannot stay under the cutoff."""

from __future__ import annotations

import threading

import numpy as np
import pytest
import reference
from test_optimal import matrix_for, sample

from wordlelab.exact import optimal
from wordlelab.exact.kernels import search as K
from wordlelab.exact.optimal import Engine, Solver, _solve_shared, solve_optimal


def shared(e: Engine, parts: int, S: np.ndarray, d: int, rule: np.ndarray, beta: int = K.INF):
    solvers = [Solver(e) for _ in range(parts)]
    return _solve_shared(solvers, S, d, rule, beta, lambda: None, None)


def check_group(e: Engine, S: np.ndarray, d: int, rule: np.ndarray, parts: int) -> int:
    alone = Solver(e)
    v = alone.value(S, d, rule)
    got, owner = shared(e, parts, S, d, rule)
    assert got == v
    if v >= K.INF:
        assert owner is None
        return v
    assert owner is not None
    g_alone = alone.memo_best(S, min(d, S.size), rule)
    g_shared = owner.memo_best(S, min(d, S.size), rule)
    assert g_shared == g_alone  # the first guess in the order that reaches the value
    paths = owner.paths(S, d, rule)
    assert sorted(paths) == sorted(int(a) for a in S)
    assert sum(len(line) for line in paths.values()) == v
    assert all(len(line) <= d and line[-1] == int(e.tabs[2][a]) for a, line in paths.items())
    return v


@pytest.mark.parametrize(
    "seed,hard,max_guesses",
    [(1, False, 3), (2, True, 4), (3, False, 4), (4, True, 5), (5, False, 6)],
)
@pytest.mark.parametrize("parts", [2, 3])
def test_shared_search_agrees_with_brute_force(seed, hard, max_guesses, parts):
    gs, ans = sample(seed, 12, 24)
    m = matrix_for(gs, ans)
    want = reference.brute_force(gs, ans, max_guesses, hard)
    e = Engine(m, hard, max_guesses, 16)
    S = np.arange(len(ans), dtype=np.int64)
    got = check_group(e, S, max_guesses, e.empty_rule, parts)
    assert got == (want if want != float("inf") else K.INF)


@pytest.mark.parametrize("hard", [False, True])
def test_shared_search_on_real_groups(matrix, hard):
    """Groups of a few openers on the original lists, at four and five guesses: equal values,
    equal best guesses, trees that reach them."""
    e = Engine(matrix, hard, 6, 64)
    S = np.arange(len(matrix.answers), dtype=np.int64)
    checked = 0
    for opener in ("fuzzy", "mamma", "crwth"):
        g = matrix.guesses.index(opener)
        for p, sub in e.groups(S, g):
            if p == e.win or not 20 <= sub.size <= 120:
                continue
            rule = e.rule_after(e.empty_rule, g, p)
            for d in (5, 4):
                check_group(e, sub, d, rule, 2)
                checked += 1
    assert checked >= 8


def test_a_shared_group_over_the_cutoff_gives_a_bound(matrix):
    e = Engine(matrix, False, 6, 64)
    S = np.arange(len(matrix.answers), dtype=np.int64)
    g = matrix.guesses.index("mamma")
    sub = max((s for p, s in e.groups(S, g) if p != e.win), key=lambda s: s.size)
    sub = sub[:90]
    v = Solver(e).value(sub, 5)
    for beta in (v, v - 5):
        got, owner = shared(e, 2, sub, 5, e.empty_rule, beta)
        assert owner is None and got >= beta
    got, owner = shared(e, 2, sub, 5, e.empty_rule, v + 1)
    assert got == v and owner is not None


@pytest.mark.parametrize("hard", [False, True])
def test_opener_with_shared_groups_gives_the_same_tree(matrix, hard, monkeypatch):
    """SALET with every group of 40 answers or more shared between two threads: the same total
    and the same tree, answer by answer, as one thread."""
    one = solve_optimal(matrix, opener="salet", hard=hard, threads=1)
    calls = []
    real = optimal._solve_shared

    def counted(*args):
        calls.append(args[1].size)
        return real(*args)

    monkeypatch.setattr(optimal, "SHARE_MIN", 40)
    monkeypatch.setattr(optimal, "_solve_shared", counted)
    two = solve_optimal(matrix, opener="salet", hard=hard, threads=2)
    assert calls, "no group was shared: the test no longer exercises the shared search"
    assert two.proven and two.total == one.total == (8122 if hard else 7920)
    assert two.paths == one.paths
    two.tree().verify(matrix.guesses, matrix.answers, hard=hard, max_guesses=6)


def test_a_stop_during_a_shared_group_is_reported(matrix, monkeypatch):
    """A stop that comes while the threads share a group ends the search as a stop (no proof,
    the best tree found so far if there is one), never as a value."""
    from wordlelab.errors import StoppedEarlyError

    stop = threading.Event()
    real = optimal._solve_shared
    entered = []

    def stopping(*args):
        if not entered:
            threading.Timer(0.2, stop.set).start()
        entered.append(args[1].size)
        return real(*args)

    monkeypatch.setattr(optimal, "SHARE_MIN", 100)
    monkeypatch.setattr(optimal, "_solve_shared", stopping)
    try:
        res = solve_optimal(matrix, opener="fuzzy", threads=2, stop=stop)
    except StoppedEarlyError:
        res = None
    assert entered
    assert res is None or not res.proven
