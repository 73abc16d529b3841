"""Strategies that look only at the letters of the candidates: frequency, rank and LSI."""

from __future__ import annotations

import numpy as np

from ..game import Position, guess_codes
from ..kernels.scoring import share_counts
from .base import Choice, Strategy, register
from .words_cache import alphabet, answer_codes, answer_masks, guess_masks


def _position_letter_counts(cand: np.ndarray, n_letters: int) -> np.ndarray:
    k = cand.shape[1]
    at = np.zeros((k, n_letters), dtype=np.float64)
    for i in range(k):
        at[i] = np.bincount(cand[:, i], minlength=n_letters)[:n_letters]
    return at


def top_eigenvector(gram: np.ndarray, tol: float = 1e-13, max_iter: int = 10_000) -> np.ndarray:
    """The leading eigenvector of a Gram matrix (symmetric, PSD, non-negative), by power iteration.

    Started from ones, so deterministic even when the top eigenvalue repeats (LAPACK would
    return an arbitrary basis), and free of LAPACK's threads, which fight numba's for the cores.
    """
    v = np.ones(gram.shape[0]) / np.sqrt(gram.shape[0])
    for _ in range(max_iter):
        w = gram.dot(v)
        w /= np.linalg.norm(w)
        if np.abs(w - v).max() < tol:
            return w
        v = w
    return v


def _letters_present(codes: np.ndarray, n_letters: int) -> np.ndarray:
    """(words, letters) booleans: which letters each encoded word contains."""
    out = np.zeros((codes.shape[0], n_letters), dtype=bool)
    for i in range(codes.shape[1]):
        out[np.arange(codes.shape[0]), codes[:, i]] = True
    return out


@register
class Frequency(Strategy):
    name = "frequency"
    aliases = ("letter-frequency",)
    summary = "the candidate with the most common letters (present + in place); repeats count once"
    metric = "letter score"
    default_pool = "candidates"

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        m = position.matrix
        a = len(alphabet(m))
        cand = answer_codes(m)[position.candidates]
        n = cand.shape[0]
        at = _position_letter_counts(cand, a) / n
        present = _letters_present(cand, a).mean(axis=0)
        g = guess_codes(m)[rows]
        score = np.zeros(rows.size)
        for i in range(g.shape[1]):
            score += at[i, g[:, i]]
        # Presence counts once per distinct letter: a repeated letter earns only its place score.
        score += (_letters_present(g, a) * present).sum(axis=1)
        return self.choices(position, rows, -score, score, top)


@register
class Rank(Strategy):
    name = "rank"
    aliases = ("spanning-tree",)
    summary = "the candidate sharing at least one letter with the most other candidates"
    metric = "linked candidates"
    default_pool = "candidates"

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        m = position.matrix
        counts = np.zeros(rows.size, dtype=np.int64)
        share_counts(guess_masks(m)[rows], answer_masks(m)[position.candidates], counts)
        # A candidate always shares letters with itself; count only the others.
        linked = counts - self.candidate_mask(position, rows)
        return self.choices(position, rows, -linked.astype(float), linked.astype(float), top)


@register
class LSI(Strategy):
    name = "lsi"
    aliases = ("svd",)
    summary = (
        "the candidate closest to the rank-one SVD approximation of the position-letter matrix"
    )
    metric = "projection"
    default_pool = "candidates"

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        m = position.matrix
        a = len(alphabet(m))
        cand = answer_codes(m)[position.candidates]
        n, k = cand.shape
        # Columns are candidates, rows (position, letter) pairs; M Mᵀ is only (a·k)², so its top
        # eigenvector (the first left singular vector) is cheap whatever n is.
        # M Mᵀ[(i, a), (j, b)] counts the candidates with a at i and b at j: k² bincounts, no
        # BLAS call (whose threads fight numba's for the cores).
        size = k * a
        idx = cand.astype(np.int64) + np.arange(k, dtype=np.int64) * a
        gram = np.zeros(size * size, dtype=np.float64)
        for i in range(k):
            for j in range(k):
                gram += np.bincount(idx[:, i] * size + idx[:, j], minlength=size * size)
        u = top_eigenvector(gram.reshape(size, size))
        # ||x - (u·x) u||² = k - (u·x)²: the closest candidate has the largest |u·x|.
        g = guess_codes(m)[rows]
        proj = np.zeros(rows.size)
        for i in range(k):
            proj += u[i * a + g[:, i]]
        proj = np.abs(proj)
        return self.choices(position, rows, -proj, proj, top)
