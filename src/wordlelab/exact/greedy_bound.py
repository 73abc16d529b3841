"""A fast greedy decision tree over a set of answers: a proven upper bound in milliseconds.

The anytime answer of ``evaluate`` when the exact search runs out of time is a pair of proven
bounds; this gives the upper one. It is a real tree (every answer solved within the guesses
left), so its total can only be at or above the optimum; it is never called exact unless the
lower bound meets it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..game import guess_codes
from ..game.matrix import PatternMatrix, shared_alphabet
from .kernels import greedy as G

INF = int(G.INF)


class GreedyBound:
    """Upper bounds by the narrowed greedy tree of ``kernels.greedy`` for one matrix and mode."""

    def __init__(
        self,
        matrix: PatternMatrix,
        lbtab: np.ndarray,
        hard: bool = False,
        *,
        keep: int = 100,
        tries: int = 6,
        like: GreedyBound | None = None,
    ) -> None:
        """``like``: a GreedyBound over the same guesses (and alphabet) whose letter tables to share."""
        self.matrix = matrix
        self.hard = hard
        self.keep = keep
        self.tries = tries
        self.lbtab = lbtab
        k = matrix.length
        alphabet = shared_alphabet(matrix.guesses, matrix.answers)
        self.letters: np.ndarray
        self.counts: np.ndarray
        self.empty_rule: np.ndarray
        if (
            like is not None
            and like.matrix.guesses is matrix.guesses
            and like.counts.shape[1] == len(alphabet)
        ):
            self.letters, self.counts, self.empty_rule = like.letters, like.counts, like.empty_rule
        else:
            # uint8, as the exact search passes them: next_rule and the hard-mode rule's test,
            # shared with it, are then compiled once for both.
            self.letters = np.ascontiguousarray(guess_codes(matrix)).astype(np.uint8)
            counts = np.zeros((self.letters.shape[0], len(alphabet)), dtype=np.int8)
            for i in range(k):
                np.add.at(counts, (np.arange(self.letters.shape[0]), self.letters[:, i]), 1)
            self.counts = counts
            self.empty_rule = np.concatenate(
                [np.full(k, -1, dtype=np.int8), np.zeros(len(alphabet), dtype=np.int8)]
            )
        self.all_rows = np.arange(len(matrix.guesses), dtype=np.int64)
        self.a2g = matrix.answer_to_guess.astype(np.int64)
        self.g2a = matrix.guess_to_answer.astype(np.int64)
        n_pat = 3**k
        self._scratch = (
            np.zeros(n_pat, dtype=np.int64),
            np.zeros(n_pat, dtype=np.bool_),
            np.zeros(len(matrix.guesses), dtype=np.bool_),
        )

    def rule_from(self, history: Sequence[tuple[int, int]]) -> np.ndarray:
        """The hard-mode rule after (guess row, feedback code) pairs (the empty rule in normal mode)."""
        rule = self.empty_rule
        if self.hard:
            for g, code in history:
                rule = G.next_rule(rule, int(g), int(code), self.letters, self.counts)
        return rule

    def after(self, rule: np.ndarray, guess: int, code: int) -> np.ndarray:
        return (
            G.next_rule(rule, int(guess), int(code), self.letters, self.counts)
            if self.hard
            else rule
        )

    def value(
        self,
        S: np.ndarray,
        d: int,
        rule: np.ndarray | None = None,
        pool: np.ndarray | None = None,
        work: np.ndarray | None = None,
    ) -> int:
        """Total guesses of a greedy tree solving every answer column of ``S`` within ``d`` guesses
        (INF when it finds none). ``pool``: the guesses ranked at the top node (default: all).
        ``work``: a one-element int64 array of feedback look-ups allowed, spent in place (share
        one between calls to cap them together); default: no cap."""
        return self.solve(S, d, rule, pool, work)[0]

    def solve(
        self,
        S: np.ndarray,
        d: int,
        rule: np.ndarray | None = None,
        pool: np.ndarray | None = None,
        work: np.ndarray | None = None,
    ) -> tuple[int, int]:
        """(total, the guess row the tree plays first; -1 when INF)."""
        S = np.ascontiguousarray(np.sort(np.asarray(S, dtype=np.int64)))
        if d < 1 or S.size == 0:
            return (INF if S.size else 0), -1
        cnt, seen, mark = self._scratch
        first = np.full(self.lbtab.shape[0] + 2, -1, dtype=np.int64)  # one slot per depth
        v = int(
            G.greedy_value(
                S,
                np.int64(min(d, self.lbtab.shape[0] - 1)),
                self.all_rows if pool is None else pool,
                self.empty_rule if rule is None else rule,
                np.int64(0),
                G.Greedy(
                    self.all_rows,
                    self.hard,
                    np.int64(self.keep),
                    np.int64(self.tries),
                    self.matrix.data,
                    self.lbtab,
                    self.a2g,
                    self.g2a,
                    self.letters,
                    self.counts,
                    cnt,
                    seen,
                    mark,
                    first,
                    np.full(1, 1 << 62, dtype=np.int64) if work is None else work,
                ),
            )
        )
        return (v, int(first[0])) if v < INF else (INF, -1)
