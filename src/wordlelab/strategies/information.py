"""Strategies that score a guess by the information its feedback carries: entropy and relatives."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from ..game import Position, guess_codes
from ..kernels import playtree
from .base import Choice, Option, Strategy, TreePlan, register
from .words_cache import alphabet, answer_codes


@register
class Entropy(Strategy):
    name = "entropy"
    aliases = ("maxinfo",)
    summary = "maximise the Shannon entropy (bits) of the feedback distribution"
    metric = "bits"

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        s = self.stats(position, rows)
        return self.choices(position, rows, -s[:, 0], s[:, 0], top)

    def tree_plan(self) -> TreePlan | None:
        return self._plan_for(Entropy, playtree.ENTROPY)


def letter_entropy(guess_codes: np.ndarray, cand_codes: np.ndarray, n_letters: int) -> np.ndarray:
    """Approximate entropy of each guess: the sum over positions of the entropy of that tile's colour.

    Needs only the encoded words ((N, k) and (n, k) letter indices), no pattern matrix. A tile
    is green for the candidates with its letter there, yellow for those with the letter
    elsewhere only, grey for the rest (repeated letters are treated as independent tiles).
    """
    n, k = cand_codes.shape
    if n == 0:
        return np.zeros(guess_codes.shape[0])
    at = np.zeros((k, n_letters), dtype=np.float64)
    for i in range(k):
        at[i] = np.bincount(cand_codes[:, i], minlength=n_letters)[:n_letters]
    onehot = np.zeros((n, n_letters), dtype=bool)
    for i in range(k):
        onehot[np.arange(n), cand_codes[:, i]] = True
    present = onehot.sum(axis=0).astype(np.float64)
    total = np.zeros(guess_codes.shape[0], dtype=np.float64)
    for i in range(k):
        g = guess_codes[:, i]
        green = at[i, g] / n
        yellow = present[g] / n - green
        grey = 1.0 - green - yellow
        for p in (green, yellow, grey):
            with np.errstate(divide="ignore", invalid="ignore"):
                total -= np.where(p > 0, p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
    return total


@register
class ApproxEntropy(Strategy):
    name = "approx-entropy"
    aliases = ("fast-entropy",)
    summary = "rank by summed per-letter-per-position entropy, exact entropy for the top a % only"
    metric = "bits"
    options = (
        Option("top_percent", float, 3.0, "the share of the pool (in %) scored exactly", 0.01, 100),
    )
    top_percent: float

    def shortlist(self, position: Position, rows: np.ndarray) -> np.ndarray:
        """The top a % of ``rows`` by the letter approximation (ties: lower row first)."""
        m = position.matrix
        approx = letter_entropy(
            guess_codes(m)[rows], answer_codes(m)[position.candidates], len(alphabet(m))
        )
        keep = max(1, math.ceil(rows.size * self.top_percent / 100.0))
        order = np.lexsort((rows, -np.round(approx, 9)))
        return rows[np.sort(order[:keep])]

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        short = self.shortlist(position, rows)
        # The exact step needs only these rows' feedback against the candidates; with a matrix
        # they are read from it (for huge lists, matrix.score_against produces them on demand).
        s = self.stats(position, short)
        return self.choices(position, short, -s[:, 0], s[:, 0], top)


@register
class EntropyThenAnswers(Entropy):
    name = "entropy-then-answers"
    aliases = ("entropy-answers",)
    summary = (
        "entropy over the whole pool for the first n guesses (default 2), then candidates only"
    )
    options = (
        Option("n", int, 2, "guesses drawn from the whole pool before candidates only", 0, 30),
    )
    n: int

    def pool_rows(self, position: Position) -> np.ndarray:
        if position.turn > self.n:
            legal = position.legal_mask()
            rows = position.candidate_guess_rows()
            rows = rows[legal[rows]]
            if rows.size:
                return rows
        return super().pool_rows(position)

    def tree_plan(self) -> TreePlan | None:
        plan = self._plan_for(EntropyThenAnswers, playtree.ENTROPY)
        if plan is None:
            return None
        return replace(plan, candidates_from_turn=min(plan.candidates_from_turn, self.n + 1))
