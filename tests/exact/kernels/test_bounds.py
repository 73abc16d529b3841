"""The engine's tables built with NumPy: the counting bound (the kernel's pure-Python one, value for value) and
the letter counts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab.exact.kernels.bounds import counting_bound_table
from wordlelab.exact.kernels.search import lower_bound_table


def same(args: tuple[int, int, int]) -> None:
    a, b = lower_bound_table(*args), counting_bound_table(*args)
    assert a.dtype == b.dtype and a.shape == b.shape and (a == b).all(), args


@pytest.mark.parametrize("args", [(2315, 6, 243), (3158, 6, 243), (2315, 20, 243), (200, 8, 3**8)])
def test_the_real_sizes(args):
    same(args)


@given(
    n=st.integers(0, 400),
    d=st.integers(0, 20),
    patterns=st.sampled_from([3, 4, 9, 27, 81, 243, 3**11]),
)
@settings(max_examples=200, deadline=None)
def test_any_size(n, d, patterns):
    same((n, d, patterns))


def test_the_engine_uses_it(matrix):
    from wordlelab.exact.optimal import Engine

    engine = Engine(matrix, max_guesses=6)
    assert (engine.lbtab == lower_bound_table(len(matrix.answers), 6, 243)).all()


def test_the_engine_counts_each_guess_letters(matrix):
    from collections import Counter

    from wordlelab.exact.optimal import Engine
    from wordlelab.game.matrix import shared_alphabet

    counts = Engine(matrix).tabs[5]
    alphabet = shared_alphabet(matrix.guesses, matrix.answers)
    for row in (
        0,
        1,
        777,
        len(matrix.guesses) - 1,
        matrix.guesses.index("mamma"),
        matrix.guesses.index("fuzzy"),
    ):
        want = Counter(matrix.guesses[row])
        assert counts[row].tolist() == [want.get(ch, 0) for ch in alphabet]


@given(n=st.integers(0, 300), d=st.integers(0, 8), q=st.integers(1, 300))
@settings(max_examples=200, deadline=None)
def test_the_bound_with_q_groups_per_guess(n, d, q):
    """lower_bound_q is the counting bound with q - 2 + 2 = q groups per guess: the table's
    figure for q + 2 patterns, never below the table's for more groups, and exactly the table's
    when q reaches P = patterns - 2."""
    from wordlelab.exact.kernels.search import INF, lower_bound_q

    table = lower_bound_table(max(n, 1), max(d, 1), q + 2)
    assert lower_bound_q(n, d, q) == (table[d, n] if n > 0 else 0) or (
        n > 0 and d == 0 and lower_bound_q(n, d, q) == INF
    )
    assert lower_bound_q(n, d, q) >= lower_bound_q(n, d, q + 1)
    assert (
        lower_bound_q(n, d, 241) == lower_bound_table(max(n, 1), max(d, 1), 243)[d, n]
        or n == 0
        or d == 0
    )
