"""The 3Blue1Brown approach: a word-frequency prior and an entropy-based estimate of guesses left.

For when the true answer list is unknown: every allowed word may be the answer, but common
words are far more likely. A guess g is scored by the expected number of guesses still needed,

    E[g] = P(g) * 1 + (1 - P(g)) * (1 + f(H - I(g)))

where P(g) is the prior probability that g is the answer, H the entropy of the candidates under
the prior, I(g) the (prior-weighted) information g's feedback gives, and f(h) the expected number
of further guesses when h bits are left: monotone points calibrated by playing greedy entropy on
the original lists (``tools/calibrate_prior.py`` regenerates it).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..game import Position
from ..game.frequency import prior_weights
from ..game.matrix import PatternMatrix
from ..game.words import WordList
from ..kernels.partition import weighted_entropy
from .base import Choice, Option, Strategy, register

# (h, f(h)) points, linear in between and extrapolated by the last slope. Measured by
# tools/calibrate_prior.py on the original lists (greedy entropy, uniform prior).
F_POINTS = (
    (0.00, 1.000),
    (1.00, 1.500),
    (1.58, 1.765),
    (2.00, 1.839),
    (2.41, 1.951),
    (2.96, 2.042),
    (3.53, 2.176),
    (3.97, 2.316),
    (4.51, 2.397),
    (4.99, 2.485),
    (5.35, 2.485),
    (5.92, 2.591),
    (6.37, 2.639),
    (6.96, 2.718),
    (7.52, 2.792),
    (11.18, 3.464),
)


def guesses_left(h: np.ndarray | float) -> np.ndarray:
    """f(h): expected further guesses when ``h`` bits of uncertainty remain."""
    h = np.maximum(np.asarray(h, dtype=np.float64), 0.0)
    xs, ys = (np.array(v) for v in zip(*F_POINTS))
    slope = (ys[-1] - ys[-2]) / (xs[-1] - xs[-2])
    return np.where(h <= xs[-1], np.interp(h, xs, ys), ys[-1] + (h - xs[-1]) * slope)


@lru_cache(maxsize=8)
def _answer_prior(fingerprint: str, answers: WordList, common: int, width: float) -> np.ndarray:
    return prior_weights(answers, n_common=common, width=width)


def answer_prior(matrix: PatternMatrix, common: int = 3000, width: float = 10.0) -> np.ndarray:
    """Unnormalised prior weight of each answer column (sigmoid over frequency rank).

    ``width`` is the prior's sharpness: how many logistic units the frequency ranks span.
    """
    return _answer_prior(matrix.answers.fingerprint, matrix.answers, common, float(width))


@register
class Prior(Strategy):
    name = "prior"
    aliases = ("3b1b", "frequency-prior")
    summary = (
        "minimise expected guesses: word-frequency prior for the answer, entropy for guesses left"
    )
    metric = "estimated guesses"  # a model's figure, not a proven value (exact search gives those)
    options = (
        Option(
            "common",
            int,
            3000,
            "the frequency rank whose word gets prior 1/2 (capped at the list size)",
            1,
            10**7,
        ),
    )
    common: int

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        m = position.matrix
        cands = position.candidates
        w = answer_prior(m, self.common)[cands]
        p = w / w.sum()
        h_now = float(-(p * np.log2(np.maximum(p, 1e-300))).sum())
        info = np.empty(rows.size, dtype=np.float64)
        if m.is_full:
            weighted_entropy(m.data, rows.astype(np.int64), cands, p, 3**m.length, info)
        else:
            block = m.block(rows.astype(np.int64), cands)  # type: ignore[attr-defined]
            weighted_entropy(
                block,
                np.arange(rows.size, dtype=np.int64),
                np.arange(cands.size, dtype=np.int64),
                p,
                3**m.length,
                info,
            )
        # Probability that each guess is itself the answer.
        p_answer = np.zeros(rows.size)
        g2a = m.guess_to_answer[rows]
        lookup = np.full(len(m.answers), -1, dtype=np.int64)
        lookup[cands] = np.arange(cands.size)
        hit = g2a >= 0
        idx = np.where(hit, lookup[np.where(hit, g2a, 0)], -1)
        p_answer[idx >= 0] = p[idx[idx >= 0]]
        expected = p_answer + (1 - p_answer) * (1 + guesses_left(h_now - info))
        return self.choices(position, rows, expected, expected, top, secondary=-info)
