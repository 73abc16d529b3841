"""The search's views (kernels/search.py, ``_view_of``): below a set of five guesses or more, the
row scans read a copy of the set's rows restricted to the children's pool instead of every
guess's column. A view changes which columns a scan reads, never what it counts.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


@pytest.fixture(scope="module")
def engine_normal(matrix):
    from wordlelab.exact.optimal import Engine

    return Engine(matrix, False, 6, 64)


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 60), m=st.integers(1, 400))
@settings(max_examples=40, deadline=None)
def test_a_view_holds_the_set_s_rows_and_the_pool_s_columns(engine_normal, seed, n, m):
    from wordlelab.exact.kernels import search as K

    dT = engine_normal.tabs[8]
    rng = np.random.default_rng(seed)
    S = np.sort(rng.choice(dT.shape[0], n, replace=False)).astype(np.int64)
    cols = np.sort(rng.choice(dT.shape[1], m, replace=False)).astype(np.int64)
    M, arow, gcol = K._view_of(dT, S, cols)
    assert M.dtype == dT.dtype and M.shape == (n, m)
    assert np.array_equal(M, dT[S][:, cols])
    assert np.array_equal(arow[S], np.arange(n)) and (np.delete(arow, S) == -1).all()
    assert np.array_equal(gcol[cols], np.arange(m)) and (np.delete(gcol, cols) == -1).all()
    # the row scans over a view count what they count over the whole rows, column for column
    rows = K._rows_of(arow, S)
    dup_all, k_all, _ = K._repeats(dT, S, n, False)
    dup_view, k_view, _ = K._repeats(M, rows, n, False)
    assert k_all == k_view == n
    assert np.array_equal(dup_view, dup_all[cols])
    assert np.array_equal(K._collided(M, rows), K._collided(dT, S)[cols])
