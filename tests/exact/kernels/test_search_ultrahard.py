"""Ultrahard mode (every guess a word that could still be the answer, alex1770/wordle's -U)
against the slow oracle (tests/reference.py): the kernels' rule, the game's rule, and the exact
search's values with and without losses on small random positions."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import brute_force, brute_force_losses, slow_code, slow_score, ultra_ok

from wordlelab.exact.kernels import search as K
from wordlelab.exact.optimal import INF, Engine, Solver, solve_optimal
from wordlelab.game.feedback import Pattern
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.position import UltraRule, guess_codes
from wordlelab.game.words import WordList

ANSWERS = list(WordList.bundled("answers"))
ALLOWED = list(WordList.bundled("allowed"))
CASES = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def _sample(seed: int, n_answers: int, n_extra: int) -> tuple[list[str], list[str]]:
    """Answers from the real list (half the time words alike but for a letter or two) and extra
    guesses, some of them alike too (the words ultrahard mode lets a player guess)."""
    rng = np.random.default_rng(seed)
    stem = str(rng.choice(ANSWERS))
    alike = [w for w in ALLOWED if sum(a == b for a, b in zip(w, stem)) >= 3]
    if seed % 2 and len([w for w in alike if w in set(ANSWERS)]) >= n_answers:
        pool = [w for w in alike if w in set(ANSWERS)]
    else:
        pool = ANSWERS
    ans = sorted(rng.choice(pool, n_answers, replace=False).tolist())
    extra = rng.choice(ALLOWED, n_extra, replace=False).tolist()
    extra += rng.choice(alike, min(len(alike), n_extra), replace=False).tolist()
    return sorted(set(ans) | set(extra)), ans


def _position(seed: int, n_answers: int, n_extra: int, played: int):
    gs, ans = _sample(seed, n_answers, n_extra)
    m = PatternMatrix.build(WordList(gs, name="guesses"), WordList(ans, name="answers"))
    rng = np.random.default_rng(seed + 1)
    hist: tuple = ()
    rows: list[tuple[int, int]] = []
    S = list(ans)
    for _ in range(played):
        w = str(rng.choice([w for w in gs if ultra_ok(hist, w)]))
        secret = str(rng.choice(S))
        colours = slow_score(w, secret)
        hist = hist + ((w, colours),)
        rows.append((m.guesses.index(w), slow_code(w, secret)))
        S = [a for a in S if slow_score(w, a) == colours]
    return gs, ans, m, hist, rows, S


def _replayed(paths, m, hist, d) -> tuple[int, int]:
    """(lost, guesses) of a tree's lines, every guess checked to be a possible answer then."""
    lost = total = 0
    for a, line in paths.items():
        answer = str(m.answers[a])
        words = [str(m.guesses[g]) for g in line]
        h = hist
        for w in words:
            assert ultra_ok(h, w), (answer, words)
            h = h + ((w, slow_score(w, answer)),)
        if words and words[-1] == answer:
            total += len(words)
        else:
            assert len(words) == d, (answer, words)
            lost += 1
            total += d + 1
    return lost, total


@settings(max_examples=8, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6))
def test_kernel_rule_is_the_oracles(seed):
    """After random feedback on the real lists, the guesses the kernels' ultrahard rule allows
    (one by one and as a pool) and the game's rule allows are exactly those the oracle does."""
    rng = np.random.default_rng(seed)
    gs = sorted(set(rng.choice(ALLOWED, 1500, replace=False).tolist()) | set(ANSWERS[:300]))
    m = PatternMatrix.build(WordList(gs, name="g"), WordList(ANSWERS[:300], name="a"))
    e = Engine(m, max_guesses=6, memo_mb=4, ultrahard=True)
    secret = str(rng.choice(ANSWERS[:300]))
    hist: tuple = ()
    rule = e.empty_rule
    for _ in range(3):
        w = str(rng.choice([w for w in gs if ultra_ok(hist, w)]))
        rule = e.rule_after(rule, m.guesses.index(w), slow_code(w, secret))
        hist = hist + ((w, slow_score(w, secret)),)
        want = [i for i, w in enumerate(gs) if ultra_ok(hist, w)]
        pool = K.legal_pool(e.all_pool, rule, e.tabs[4], e.tabs[5])
        assert pool.tolist() == want
        assert [i for i in range(len(gs)) if e.legal(i, rule)] == want
        game_rule = UltraRule.from_history([(w, Pattern.parse(c, 5)) for w, c in hist])
        mask = game_rule.mask(guess_codes(m), "abcdefghijklmnopqrstuvwxyz")
        assert np.flatnonzero(mask).tolist() == want
        assert [i for i, w in enumerate(gs) if game_rule.broken(w) is None] == want


def test_kernel_rule_on_repeated_letters():
    """Greys that cap a letter's count and yellows that move it, with duplicate letters."""
    gs = ["speed", "erase", "eerie", "geese", "sheet", "steep", "tepee", "elder", "emcee", "seers"]
    m = PatternMatrix.build(WordList(gs, name="g"), WordList(gs, name="a"))
    e = Engine(m, max_guesses=6, memo_mb=4, ultrahard=True)
    for secret in gs:
        for first in gs:
            hist = ((first, slow_score(first, secret)),)
            rule = e.rule_after(e.empty_rule, gs.index(first), slow_code(first, secret))
            got = K.legal_pool(e.all_pool, rule, e.tabs[4], e.tabs[5]).tolist()
            assert got == [i for i, w in enumerate(gs) if ultra_ok(hist, w)], (first, secret)


@CASES
@given(
    seed=st.integers(0, 10**6),
    n_answers=st.integers(3, 9),
    n_extra=st.integers(0, 8),
    max_guesses=st.integers(1, 5),
    played=st.integers(0, 1),
)
def test_search_agrees_with_brute_force(seed, n_answers, n_extra, max_guesses, played):
    played = min(played, max_guesses - 1)
    gs, ans, m, hist, rows, S = _position(seed, n_answers, n_extra, played)
    d = max_guesses - played
    want = brute_force_losses(gs, S, d, hist, ultrahard=True)
    e = Engine(m, max_guesses=max_guesses, memo_mb=4, losses=True, ultrahard=True)
    solver = Solver(e)
    cols = np.array(sorted(m.answer_index(a) for a in S), dtype=np.int64)
    rule = e.rule_from(rows)
    assert e.split_value(solver.value(cols, d, rule)) == want
    assert _replayed(solver.paths(cols, d, rule), m, hist, d) == want
    plain = Solver(Engine(m, max_guesses=max_guesses, memo_mb=4, ultrahard=True))
    v = plain.value(cols, d, rule)
    oracle = brute_force(gs, S, d, history=hist, ultrahard=True)
    assert v == (INF if oracle == float("inf") else oracle)
    assert v == (want[1] if want[0] == 0 else INF)


@CASES
@given(seed=st.integers(0, 10**6), n_answers=st.integers(3, 8), max_guesses=st.integers(2, 4))
def test_every_opener_agrees_with_brute_force(seed, n_answers, max_guesses):
    """Every guess's own value at the start, with losses (the objective ranking uses)."""
    gs, ans = _sample(seed, n_answers, 5)
    m = PatternMatrix.build(WordList(gs, name="guesses"), WordList(ans, name="answers"))
    e = Engine(m, max_guesses=max_guesses, memo_mb=4, losses=True, ultrahard=True)
    solver = Solver(e)
    root = np.arange(len(ans), dtype=np.int64)
    for g in range(len(gs)):
        lost, total = 0, len(ans)
        for p, sub in e.groups(root, g):
            if p != e.win:
                a, b = e.split_value(
                    solver.value(sub, max_guesses - 1, e.rule_after(e.empty_rule, g, p))
                )
                lost, total = lost + a, total + b
        want = brute_force_losses(gs, ans, max_guesses, guess=gs[g], ultrahard=True)
        assert (lost, total) == want, gs[g]


def test_optimal_tree_obeys_the_rule():
    """``solve_optimal(ultrahard=True)`` on a small list: its tree replays under ultrahard mode
    (the search's own replay), every line checked again here, and its total is the oracle's."""
    gs, ans = _sample(11, 12, 10)
    m = PatternMatrix.build(WordList(gs, name="guesses"), WordList(ans, name="answers"))
    r = solve_optimal(m, ultrahard=True, max_guesses=6, candidates=len(gs), memo_mb=4, threads=1)
    assert r.proven and r.ultrahard and r.tree().meta["mode"] == "ultrahard"
    assert r.total == brute_force(gs, ans, 6, ultrahard=True)
    for answer, line in r.paths.items():
        hist: tuple = ()
        for w in line:
            assert ultra_ok(hist, w), (answer, line)
            hist = hist + ((w, slow_score(w, answer)),)
        assert line[-1] == answer
