"""Per-matrix encodings the letter-based strategies share (computed once, kept on the matrix)."""

from __future__ import annotations

import numpy as np

from ..game import guess_codes
from ..game.matrix import PatternMatrix, shared_alphabet


def _cached(matrix: PatternMatrix, key: str, make):  # type: ignore[no-untyped-def]
    value = matrix.__dict__.get(key)
    if value is None:
        value = make()
        matrix.__dict__[key] = value
    return value


def alphabet(matrix: PatternMatrix) -> str:
    return _cached(
        matrix, "_shared_alphabet", lambda: shared_alphabet(matrix.guesses, matrix.answers)
    )


def answer_codes(matrix: PatternMatrix) -> np.ndarray:
    """The answers as (n, k) letter indices over the lists' shared alphabet."""
    return _cached(matrix, "_answer_codes", lambda: matrix.answers.encode(alphabet(matrix)))


def letter_masks(codes: np.ndarray) -> np.ndarray:
    """One uint64 bit set of letters per encoded word (alphabets of up to 64 letters)."""
    bits = np.left_shift(np.uint64(1), codes.astype(np.uint64))
    return np.bitwise_or.reduce(bits, axis=1)


def guess_masks(matrix: PatternMatrix) -> np.ndarray:
    return _cached(matrix, "_guess_masks", lambda: letter_masks(guess_codes(matrix)))


def answer_masks(matrix: PatternMatrix) -> np.ndarray:
    return _cached(matrix, "_answer_masks", lambda: letter_masks(answer_codes(matrix)))


def distinct_letters(matrix: PatternMatrix) -> np.ndarray:
    """How many different letters each guess has."""

    def make() -> np.ndarray:
        masks = guess_masks(matrix)
        return np.array([bin(int(m)).count("1") for m in masks], dtype=np.int64)

    return _cached(matrix, "_distinct_letters", make)
