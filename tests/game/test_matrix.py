"""The numba kernels against the pure-Python oracle, and the on-disk matrix cache."""

from __future__ import annotations

import numpy as np
import pytest
from golden_feedback import GOLDEN
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab import WordList, score
from wordlelab.game.matrix import (
    _MAGIC,
    PatternMatrix,
    _read_valid,
    build_array,
    cache_dir,
    matrix_key,
    pattern_dtype,
    score_against,
    shared_alphabet,
)
from wordlelab.kernels.feedback import score_matrix, score_pair, score_row


def _encode(words, alphabet):
    return WordList(words, language=None).encode(alphabet)


@pytest.mark.parametrize("fn", ["jit", "py"])
def test_kernel_matches_golden_table(fn):
    pair = score_pair if fn == "jit" else score_pair.py_func
    for guess, answer, expected in GOLDEN:
        if not expected:
            continue
        alphabet = "".join(sorted(set(guess + answer)))
        g, a = _encode([guess], alphabet)[0], _encode([answer], alphabet)[0]
        unused = np.zeros(256, dtype=np.int32)
        assert pair(g, a, unused) == score(guess, answer).code
        assert not unused.any()  # scratch left clean


def _words(alphabet, k, n):
    return st.lists(
        st.text(alphabet=alphabet, min_size=k, max_size=k), min_size=1, max_size=n, unique=True
    )


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_matrix_matches_oracle(data):
    alphabet = data.draw(
        st.sampled_from(["abcde", "aeiloprst", "абвгдежзийклмнопрстуфхцчшщъыьэюя"])
    )
    k = data.draw(st.integers(2, 11))
    guesses = data.draw(_words(alphabet, k, 12))
    answers = data.draw(_words(alphabet, k, 12))
    g, a = WordList(guesses), WordList(answers)
    got = build_array(g, a)
    assert got.dtype == pattern_dtype(k)
    expected = np.array([[score(x, y).code for y in answers] for x in guesses])
    assert (got == expected).all()
    # The serial row kernel, and its pure-Python form, agree too.
    alpha = shared_alphabet(g, a)
    enc_a = a.encode(alpha)
    for fn in (score_row, score_row.py_func):
        out = np.empty(len(answers), dtype=np.int64)
        fn(g.encode(alpha)[0], enc_a, out)
        assert (out == expected[0]).all()


def test_score_matrix_py_func_agrees():
    g = WordList(["speed", "abbey", "radar", "eerie"])
    a = WordList(["abide", "kebab", "arise", "elder", "erase"])
    alpha = shared_alphabet(g, a)
    out = np.empty((4, 5), dtype=np.uint8)
    score_matrix.py_func(g.encode(alpha), a.encode(alpha), out)
    assert (out == build_array(g, a)).all()


@pytest.mark.parametrize(
    "k,dtype", [(4, np.uint8), (5, np.uint8), (6, np.uint16), (10, np.uint16), (11, np.uint32)]
)
def test_smallest_dtype(k, dtype):
    assert pattern_dtype(k) == dtype


def test_full_matrix_spot_checks(matrix, allowed, answers):
    assert matrix.data.shape == (12972, 2315)
    assert matrix.data.dtype == np.uint8
    rng = np.random.default_rng(7)
    for i, j in zip(rng.integers(0, 12972, 300), rng.integers(0, 2315, 300)):
        assert matrix.data[i, j] == score(allowed[i], answers[j]).code
    # Every answer is a guess; its own column holds the win code on its own row.
    rows = matrix.answer_to_guess
    assert (rows >= 0).all()
    assert (matrix.data[rows, np.arange(2315)] == 242).all()


def test_score_against_matches_matrix(matrix, answers):
    assert (score_against("salet", answers) == matrix.data[matrix.guess_index("salet")]).all()


@pytest.fixture
def small_lists():
    return WordList(["crane", "slate", "abbey", "eerie"]), WordList(["abbey", "eerie", "crane"])


def _cache_file(g, a):
    return cache_dir() / "matrix" / f"{matrix_key(g, a)}.bin"


def test_cache_round_trip(small_lists):
    g, a = small_lists
    built = []
    path = _cache_file(g, a)
    path.unlink(missing_ok=True)  # another test of this worker may have cached the same lists
    first = PatternMatrix.load(g, a, on_build=lambda: built.append(1))
    assert path.exists() and built == [1]
    second = PatternMatrix.load(g, a, on_build=lambda: built.append(2))
    assert built == [1]  # served from the cache
    assert (first.data == second.data).all()
    assert not second.data.flags.writeable  # the cache's copy is read-only
    assert not list(path.parent.glob("*.tmp"))  # no temporary file left behind


@pytest.mark.parametrize(
    "damage", ["truncate", "flip", "garbage", "empty", "header", "append", "huge-header"]
)
def test_corrupt_cache_is_rebuilt(small_lists, damage):
    g, a = small_lists
    good = PatternMatrix.load(g, a).data.copy()
    path = _cache_file(g, a)
    raw = bytearray(path.read_bytes())
    if damage == "truncate":
        raw = raw[:-3]
    elif damage == "flip":
        raw[-1] ^= 0xFF
    elif damage == "garbage":
        raw = bytearray(b"not a matrix at all")
    elif damage == "empty":
        raw = bytearray()
    elif damage == "append":
        raw += b"\0"
    elif damage == "huge-header":
        raw[len(_MAGIC) : len(_MAGIC) + 4] = (2**32 - 1).to_bytes(4, "little")
    else:
        raw = raw.replace(b'"dtype"', b'"dtypo"')
    path.write_bytes(bytes(raw))
    assert _read_valid(path, matrix_key(g, a), good.shape, good.dtype) is None
    built = []
    again = PatternMatrix.load(g, a, on_build=lambda: built.append(1))
    assert built == [1]
    assert (again.data == good).all()
    assert _read_valid(path, matrix_key(g, a), good.shape, good.dtype) is not None


def test_key_depends_on_both_lists_and_order(small_lists):
    g, a = small_lists
    assert matrix_key(g, a) != matrix_key(a, g)
    assert matrix_key(g, a) != matrix_key(WordList(list(reversed(g.words))), a)


def test_unwritable_cache_still_works(small_lists, monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(blocker / "sub"))
    g, a = small_lists
    assert PatternMatrix.load(g, a).data.shape == (4, 3)


def test_on_demand_matrix_matches_full(matrix, allowed, answers):
    from wordlelab.game import Position
    from wordlelab.game.matrix import OnDemandMatrix, load_matrix
    from wordlelab.strategies import make_strategy

    lazy = load_matrix(allowed, answers, budget=1024)
    assert isinstance(lazy, OnDemandMatrix) and not lazy.is_full
    assert isinstance(load_matrix(allowed, answers), PatternMatrix) and matrix.is_full
    for g in (0, 17, allowed.index("salet")):
        assert (lazy.row(g) == matrix.row(g)).all()
    rows = np.arange(0, 12972, 97)
    cols = np.arange(0, 2315, 3)
    assert np.allclose(lazy.partition_stats(rows, cols), matrix.partition_stats(rows, cols))
    strategy = make_strategy("entropy")
    full_pos = Position.start(matrix).after("crane", "..y..")
    lazy_pos = Position.start(lazy).after("crane", "..y..")
    assert (full_pos.candidates == lazy_pos.candidates).all()
    assert [c.word for c in strategy.rank(full_pos, 5)] == [
        c.word for c in strategy.rank(lazy_pos, 5)
    ]


def test_on_demand_matrix_refuses_full_array(allowed, answers):
    from wordlelab import WordlelabError
    from wordlelab.game.matrix import load_matrix

    lazy = load_matrix(allowed, answers, budget=0)
    with pytest.raises(WordlelabError, match="over the memory budget"):
        _ = lazy.data


def test_a_built_matrix_is_read_only_as_a_cached_one_is():
    """Every matrix hands the kernels a read-only array, built or loaded from the cache: a
    recursive kernel compiled for both array types in one process crashed it (the greedy tree's
    ``greedy_value``, a segmentation fault in the suite's workers). The caller's array stays
    writable. What is counted is what these two matrices add to the kernel's specialisations:
    other tests in the same process (other word lengths, other argument types) may have compiled
    it for other types before."""
    import numba

    from wordlelab.exact.greedy_bound import GreedyBound
    from wordlelab.exact.kernels import greedy as G
    from wordlelab.exact.kernels.bounds import counting_bound_table

    words = WordList(["crane", "slate", "trace", "caret", "react", "crate"])
    built = np.array([[score(g, a).code for a in words] for g in words], dtype=np.uint8)
    m = PatternMatrix(words, words, built)
    assert built.flags.writeable and not m.data.flags.writeable
    cached = built.copy()
    cached.flags.writeable = False
    m2 = PatternMatrix(words, words, cached)
    assert numba.typeof(m.data) == numba.typeof(m2.data)
    table = counting_bound_table(len(words), 6, 3**5)
    GreedyBound(m, table).value(np.arange(len(words)), 6)
    after_built = set(G.greedy_value.signatures)
    GreedyBound(m2, table).value(np.arange(len(words)), 6)
    assert set(G.greedy_value.signatures) == after_built
