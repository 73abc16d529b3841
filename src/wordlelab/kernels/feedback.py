"""numba kernels for feedback: one word pair, one row, and the whole guesses x answers matrix.

Words arrive as (n, k) uint8 arrays of letter indices (see ``WordList.encode``), so the same
kernels serve any alphabet of up to 256 letters.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .stamps import stamp_caches

MAX_LETTERS = 256


@njit(cache=True, nogil=True)
def score_pair(guess: np.ndarray, answer: np.ndarray, unused: np.ndarray) -> int:
    """Base-3 feedback code; ``unused`` is scratch of MAX_LETTERS zeros and is left zeroed."""
    k = guess.shape[0]
    code = 0
    # Greens first; the answer's other letters are what yellows may use.
    for i in range(k):
        if guess[i] != answer[i]:
            unused[answer[i]] += 1
    for i in range(k):
        g = guess[i]
        if g == answer[i]:
            digit = 2
        elif unused[g] > 0:
            unused[g] -= 1
            digit = 1
        else:
            digit = 0
        code = code * 3 + digit
    for i in range(k):
        unused[answer[i]] = 0
    return code


@njit(cache=True, nogil=True)
def score_row(guess: np.ndarray, answers: np.ndarray, out: np.ndarray) -> None:
    """Fill ``out[j]`` with the feedback of ``guess`` against ``answers[j]``."""
    unused = np.zeros(MAX_LETTERS, dtype=np.int32)
    for j in range(answers.shape[0]):
        out[j] = score_pair(guess, answers[j], unused)


@njit(cache=True, parallel=True, nogil=True)
def score_matrix(guesses: np.ndarray, answers: np.ndarray, out: np.ndarray) -> None:
    """Fill ``out[i, j]`` with the feedback of ``guesses[i]`` against ``answers[j]``."""
    n = guesses.shape[0]
    # A chunk of rows per task keeps the scratch array off the hot path.
    chunk = 64
    for c in prange((n + chunk - 1) // chunk):
        unused = np.zeros(MAX_LETTERS, dtype=np.int32)
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            g = guesses[i]
            row = out[i]
            for j in range(answers.shape[0]):
                row[j] = score_pair(g, answers[j], unused)


stamp_caches(__name__)  # each kernel's cache stale when a source it depends on changes
