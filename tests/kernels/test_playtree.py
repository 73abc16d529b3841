"""The tree kernel plays exactly the games of the Python path (``simulate(fast=False)``), faster."""

from __future__ import annotations

import numpy as np
import pytest

from wordlelab.assist.simulate import play_tree, simulate
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.words import WordList
from wordlelab.kernels import playtree
from wordlelab.kernels.columns import partition_stats_t
from wordlelab.kernels.partition import partition_stats
from wordlelab.strategies import make_strategy, strategy_classes
from wordlelab.strategies.base import SMALL_SET, transposed
from wordlelab.strategies.information import Entropy

PLANNED = ("entropy", "splits", "expected-size", "minimax", "entropy-then-answers")


@pytest.fixture(scope="module")
def small(answers, allowed):
    """300 answers and 1500 guesses (the answers among them): big enough for every kernel branch."""
    ans = WordList(answers.words[1::7][:300], name="small answers")
    extra = [w for w in allowed.words[2::9] if w not in set(ans)][:1200]
    return PatternMatrix.build(WordList(sorted(set(ans) | set(extra)), name="small guesses"), ans)


def same_games(a, b) -> None:
    assert a.paths == b.paths
    assert np.array_equal(a.guesses, b.guesses)
    assert (a.total, a.worst, a.failed, a.positions) == (b.total, b.worst, b.failed, b.positions)


@pytest.mark.parametrize("name", PLANNED)
@pytest.mark.parametrize("hard", [False, True])
def test_kernel_plays_the_same_games_as_choose(small, name, hard):
    s = make_strategy(name)
    assert s.tree_plan() is not None
    for opener in (small.guesses[0], small.answers[17], small.guesses[1111]):
        fast = simulate(s, small, hard=hard, opener=opener, cache=False, max_guesses=4)
        slow = simulate(s, small, hard=hard, opener=opener, cache=False, max_guesses=4, fast=False)
        same_games(fast, slow)


@pytest.mark.parametrize("options", [{"pool": "candidates"}, {"n": 1}, {"n": 0}])
def test_pools_and_options(small, options):
    name = "entropy-then-answers" if "n" in options else "splits"
    s = make_strategy(name, **options)
    for hard in (False, True):
        same_games(
            simulate(s, small, hard=hard, opener=small.guesses[5], cache=False),
            simulate(s, small, hard=hard, opener=small.guesses[5], cache=False, fast=False),
        )


def test_targets_skip_branches_alike(small):
    s = make_strategy("entropy")
    targets = list(small.answers.words[::13])
    fast = simulate(s, small, opener=small.guesses[3], targets=targets, cache=False)
    slow = simulate(s, small, opener=small.guesses[3], targets=targets, cache=False, fast=False)
    same_games(fast, slow)
    assert fast.games == len(targets)


def test_a_ranking_row_is_the_python_paths_result(small):
    from wordlelab.exact.ranking import RankJob, play_opener

    for hard in (False, True):
        row = play_opener(small, RankJob.by_play("entropy", hard), small.guesses[9])
        slow = simulate(
            make_strategy("entropy"),
            small,
            hard=hard,
            opener=small.guesses[9],
            cache=False,
            fast=False,
        )
        assert (row.total, row.worst, row.failures, row.games) == (
            slow.total,
            slow.worst,
            len(slow.failed),
            slow.games,
        )


def test_only_the_partition_family_has_a_plan():
    planned = {cls.name for cls in strategy_classes() if cls().tree_plan() is not None}
    assert planned == set(PLANNED)


def test_a_subclass_that_decides_otherwise_falls_back(small):
    class AnswersOnly(Entropy):
        name = "answers-only-test"

        def pool_rows(self, position):
            rows = position.candidate_guess_rows()
            return rows[position.legal_mask()[rows]]

    s = AnswersOnly()
    assert s.tree_plan() is None and play_tree(s, small, 0) is None
    opener = small.guesses[0]
    mine = simulate(s, small, opener=opener, cache=False)
    assert mine.paths == simulate(s, small, opener=opener, cache=False, fast=False).paths
    assert mine.paths != simulate(Entropy(), small, opener=opener, cache=False).paths


@pytest.mark.parametrize("n", [1, 2, 5, SMALL_SET, SMALL_SET + 1, 150, 300])
def test_stats_match_the_strategy_kernels_bit_for_bit(small, n):
    rng = np.random.default_rng(n)
    data, data_t = small.data, transposed(small)
    rows = np.sort(rng.choice(data.shape[0], 700, replace=False)).astype(np.int64)
    cols = np.sort(rng.choice(data.shape[1], n, replace=False)).astype(np.int64)
    ref = np.empty((rows.size, 4))
    if n <= SMALL_SET:
        partition_stats_t(data_t, rows, cols, 243, ref)
    else:
        partition_stats(data, rows, cols, 243, ref)
    out = np.empty((data.shape[0], 4))
    xlogx = np.zeros(SMALL_SET + 2)
    xlogx[2:] = [c * np.log2(c) for c in range(2, SMALL_SET + 2)]
    buf = np.empty((playtree.TRANSPOSED_UP_TO, playtree.BLOCK), dtype=data.dtype)
    args = (
        rows,
        rows.size,
        cols,
        n,
        SMALL_SET,
        xlogx,
        np.zeros(n + 2),
        np.zeros(243, np.int32),
        np.empty(n + 1, np.int64),
        buf,
        out,
    )
    playtree._stats(data, data_t, *args)
    assert np.array_equal(out[: rows.size], ref)
    playtree._stats.py_func(data, data_t, *args)
    assert np.array_equal(out[: rows.size], ref)


def test_round9_is_numpys_round():
    x = np.random.default_rng(3).normal(0, 8, 20000)
    x[:50] = np.arange(50) * 1e-9 + 0.5e-9
    assert all(playtree._round9(v) == np.round(v, 9) for v in x)


@pytest.mark.slow
@pytest.mark.parametrize("hard", [False, True])
def test_original_lists_entropy_every_game_alike(matrix, hard):
    s = make_strategy("entropy")
    for opener in ("salet", "crane", "qajaq", "fuzzy"):
        same_games(
            simulate(s, matrix, hard=hard, opener=opener, cache=False),
            simulate(s, matrix, hard=hard, opener=opener, cache=False, fast=False),
        )


def test_letter_bound_is_never_below_the_entropy(small):
    from wordlelab.assist.simulate import _letter_combos

    combo_of, letter, mask, amask, acount = _letter_combos(small)
    k = combo_of.shape[0]
    popcount = np.array([bin(t).count("1") for t in range(1 << k)], dtype=np.int64)
    xlogx_all = np.zeros(small.data.shape[1] + 2)
    xlogx_all[2:] = [c * np.log2(c) for c in range(2, xlogx_all.size)]
    rows = np.arange(small.data.shape[0], dtype=np.int64)
    rng = np.random.default_rng(7)
    for n in (8, 30, 120, 300):
        cols = np.sort(rng.choice(small.data.shape[1], n, replace=False)).astype(np.int64)
        bounds = np.zeros(letter.size)
        playtree._letter_bounds(
            cols,
            n,
            letter,
            mask,
            amask,
            acount,
            popcount,
            xlogx_all,
            np.zeros((1 << k) * 16, np.int32),
            np.empty(n + 1, np.int64),
            np.zeros((k, amask.shape[1]), np.int64),
            np.zeros(amask.shape[1], np.int64),
            bounds,
        )
        upper = bounds[combo_of].sum(axis=0)
        st = np.empty((rows.size, 4))
        partition_stats(small.data, rows, cols, 243, st)
        assert (upper >= st[:, 0] - 1e-9).all()
        if n >= 120:  # and it is tight enough to skip many guesses
            assert (upper < st[:, 0].max()).mean() > 0.3
