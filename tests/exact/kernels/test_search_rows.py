"""The exact search's row scans (kernels/search.py): every guess's groups on a small set counted
along whole rows of the answers' patterns, many guesses per instruction. Checked against a plain
count of each guess's distinct patterns, on random sets of the original lists of every size the
passes treat apart (one to four earlier rows, five to eight, more than eight, and every
remainder of the last pass)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab.exact.kernels import search as K


@pytest.fixture(scope="module")
def dT(matrix):
    return K.transposed(np.asarray(matrix.data))


def _repeats_plain(dT: np.ndarray, S: np.ndarray) -> np.ndarray:
    """For every guess, the answers of S whose pattern an earlier answer of S shows: len(S) minus
    its number of distinct patterns."""
    rows = np.sort(dT[S], axis=0)
    return (rows[1:] == rows[:-1]).sum(axis=0).astype(np.int64)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(0, 2**32 - 1))
def test_row_scans_count_every_guess_s_repeats(dT, n, seed):
    rng = np.random.default_rng(seed)
    S = np.sort(rng.choice(dT.shape[0], n, replace=False)).astype(np.int64)
    want = _repeats_plain(dT, S)
    dup, k, pairs = K._repeats(dT, S, n, False)
    assert k == n and pairs == n * (n - 1) // 2
    assert (dup.astype(np.int64) == want).all()
    assert (K._collided(dT, S) == (want > 0)).all()


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 45), st.integers(2, 60), st.integers(0, 2**32 - 1))
def test_row_scans_on_rows_with_few_values(n, values, seed):
    """Made-up rows with few distinct patterns, so that a row often repeats only one earlier row,
    wherever it falls in a pass: every earlier row must be compared, once."""
    rng = np.random.default_rng(seed)
    dT = rng.integers(0, values, size=(n + 3, 131), dtype=np.uint8)
    S = np.sort(rng.choice(n + 3, n, replace=False)).astype(np.int64)
    want = _repeats_plain(dT, S)
    assert (K._repeats(dT, S, n, False)[0].astype(np.int64) == want).all()
    assert (K._collided(dT, S) == (want > 0)).all()


@pytest.mark.parametrize("n", [5, 9, 12, 13, 16, 17, 18, 24, 25, 26, 40])
def test_row_scans_of_sets_with_shared_patterns(dT, n):
    """Sets of answers from one group after an opener share many patterns: most guesses repeat."""
    opener_row = np.asarray(dT[:, 0])
    groups = np.unique(opener_row, return_counts=True)
    big = groups[0][np.argmax(groups[1])]
    S = np.flatnonzero(opener_row == big)[:n].astype(np.int64)
    want = _repeats_plain(dT, S)
    assert (K._repeats(dT, S, len(S), False)[0].astype(np.int64) == want).all()
