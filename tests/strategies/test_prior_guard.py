"""The prior-guard strategy (unknown answer list) and its kernel against a plain Python reference."""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab import WordList
from wordlelab.assist.simulate import simulate
from wordlelab.game import Position
from wordlelab.game.matrix import PatternMatrix
from wordlelab.kernels.expected import expected_guesses, group_value, leaf_guesses, p_log2_p
from wordlelab.strategies import find_strategy, make_strategy
from wordlelab.strategies.prior import guesses_left
from wordlelab.strategies.prior_guard import _XS, _YS

FAIL = 3.0


def ref_group_value(ps: list[float], left: int, fail: float) -> float:
    """One feedback group's probability-weighted further guesses, written out case by case."""
    mass = sum(ps)
    if mass <= 0:
        return 0.0
    if left <= 0:
        return mass * fail  # no guess left: this group is lost
    if len(ps) == 1:
        return mass  # one more guess, certain
    best = max(ps)
    if left == 1:
        return mass + (mass - best) * fail  # guess the likeliest; the rest fail
    if len(ps) == 2:
        return best * 1 + (mass - best) * 2
    h = -sum(p / mass * math.log2(p / mass) for p in ps if p > 0)
    return mass * float(guesses_left(h))


def ref_expected(
    data: np.ndarray,
    rows: list[int],
    cols: list[int],
    p: list[float],
    win: int,
    left: int,
    fail: float,
) -> list[float]:
    out = []
    for r in rows:
        groups: dict[int, list[float]] = defaultdict(list)
        for c, pc in zip(cols, p):
            groups[int(data[r, c])].append(pc)
        out.append(
            1.0 + sum(ref_group_value(ps, left, fail) for code, ps in groups.items() if code != win)
        )
    return out


@pytest.fixture(scope="module")
def pool() -> PatternMatrix:
    words = WordList.bundled("allowed")
    rng = np.random.default_rng(11)
    sample = WordList(sorted(rng.choice(words.words, 300, replace=False)), language="en")
    return PatternMatrix.build(sample, sample)


def test_registered_with_alias():
    assert find_strategy("safe-prior") is find_strategy("prior-guard")


@settings(deadline=None)
@given(st.floats(0, 20))
def test_leaf_is_prior_f(h):
    assert leaf_guesses(h, _XS, _YS) == pytest.approx(float(guesses_left(h)), abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0.001, 1.0), min_size=1, max_size=8), st.integers(0, 5), st.floats(0, 10))
def test_group_value_matches_reference(ps, left, fail):
    top, mass = max(ps), sum(ps)
    plogp = sum(p * math.log2(p) for p in ps)
    for fn in (group_value, group_value.py_func):
        assert fn(mass, top, len(ps), plogp, left, fail, _XS, _YS) == pytest.approx(
            ref_group_value(ps, left, fail), rel=1e-9, abs=1e-12
        )


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 5))
def test_kernel_matches_reference(pool, seed, left):
    rng = np.random.default_rng(seed)
    m = pool
    cols = np.sort(rng.choice(len(m.answers), int(rng.integers(1, 60)), replace=False)).astype(
        np.int64
    )
    rows = rng.choice(len(m.guesses), 40, replace=False).astype(np.int64)
    w = rng.random(cols.size) + 1e-3
    p = w / w.sum()
    want = ref_expected(m.data, list(rows), list(cols), list(p), m.win_code, left, FAIL)
    for fn in (expected_guesses, expected_guesses.py_func):
        out = np.empty(rows.size)
        fn(m.data, rows, cols, p, p_log2_p(p), 3**m.length, m.win_code, left, FAIL, _XS, _YS, out)
        np.testing.assert_allclose(out, want, rtol=1e-9)


def test_one_guess_left_plays_the_likeliest_word():
    words = WordList(["water", "wafer", "wager"], language="en")
    m = PatternMatrix.build(words, words)
    pos = Position(m, np.arange(3), (), False, 1)  # max_guesses=1: the last turn
    assert make_strategy("prior-guard").choose(pos).word == "water"


def test_probe_beats_guessing_lookalikes_near_the_limit():
    """Eight _OWER words with three turns left: a word that splits them beats any one of them."""
    lookalikes = ["bower", "cower", "lower", "mower", "power", "rower", "sower", "tower"]
    words = WordList(sorted(lookalikes + ["climb", "stomp"]), language="en")
    m = PatternMatrix.build(words, WordList(lookalikes, language="en"))
    pos = Position(m, np.arange(len(lookalikes)), (), False, 3)
    choice = make_strategy("prior-guard", depth=1).choose(pos)
    assert choice.word in ("climb", "stomp") and not choice.is_candidate
    assert make_strategy("prior-guard").choose(pos).word in ("climb", "stomp")


@pytest.fixture(scope="module")
def played(pool):
    return simulate(make_strategy("prior-guard"), pool, cache=False)


def test_golden_small_case(played):
    """300 allowed words, every one a possible answer: the opener and the exact totals, frozen."""
    assert (played.opener, played.total, played.distribution, len(played.failed)) == (
        "lades",
        856,
        [1, 74, 194, 30, 1, 0],
        0,
    )


def test_never_more_than_six_on_a_sample(played):
    assert played.worst <= 6 and not played.failed and played.games == 300


def test_targets_play_only_the_real_answers(pool):
    targets = list(pool.answers)[::10]
    result = simulate(make_strategy("prior-guard"), pool, cache=False, targets=targets)
    assert result.answers == tuple(targets) and result.games == len(targets)


@pytest.mark.slow
def test_full_original_setting_never_fails():
    """Issue 9: every allowed word possible, the 2315 original answers, none over six (minutes)."""
    from wordlelab.game.lists import load_lists

    open_set = load_lists(lists="original", answers="all")
    targets = list(load_lists(lists="original").answers)
    result = simulate(make_strategy("prior-guard"), open_set.matrix(), targets=targets)
    assert not result.failed and result.worst <= 6
    assert result.mean <= 3.60


def test_cutoffs_and_shortcut_change_no_choice(pool, monkeypatch):
    """The best guess with pruning (top=1) and the candidates-first shortcut is the unpruned one's."""
    import wordlelab.strategies.prior_guard as pg

    strategy = make_strategy("prior-guard")
    start = Position.start(pool)
    opener = strategy.choose(start)
    positions = []
    codes = pool.data[opener.row]
    for code in np.unique(codes)[::3]:
        positions.append(start.after(opener.row, int(code)))
    fast = [strategy.rank(pos, 1)[0].word for pos in positions]
    monkeypatch.setattr(pg, "SHORTCUT", 0)
    slow = [strategy.rank(pos, 3)[0].word for pos in positions]
    assert fast == slow and len(positions) > 5


def test_assist_and_strategies_list_it(tmp_path, allowed):
    from interactive_helpers import invoke

    words = tmp_path / "w.txt"
    words.write_text("\n".join(allowed.words[::40]) + "\n")
    code, out, _ = invoke(
        "assist",
        "--guesses",
        str(words),
        "--answers",
        "all",
        "-s",
        "prior-guard",
        input="top 3\n.y...\nquit\n",
    )
    assert code == 0
    assert "(325 words)" in out and "estimated guesses" in out and "(13 words)" in out
    code, out, _ = invoke("strategies")
    assert code == 0 and "prior-guard" in out
