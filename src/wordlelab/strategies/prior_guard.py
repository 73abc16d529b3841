"""The frequency prior with a lookahead that knows the turn limit: for an unknown answer list.

Like ``prior``, every allowed word may be the answer, weighted by how common it is. A guess is
scored by the probability-weighted guesses still needed, group by group of its feedback: a group
of one word costs one more guess, a group met with one guess left costs a failure unless its
likeliest word is right, and larger groups are estimated from their entropy (``prior``'s
calibrated f(h)). The ``shortlist`` best guesses by that score are then searched one step
deeper: each of their groups gets its own best next guess. Counting the failure cost keeps the
endgame from guessing look-alike words one by one (_OWER, _ITTY) when a probe word is safer.
"""

from __future__ import annotations

import numpy as np

from ..game import Position
from ..kernels.expected import expected_guesses, group_value
from .base import Choice, Option, Strategy, register
from .prior import F_POINTS, answer_prior

_XS = np.array([x for x, _ in F_POINTS], dtype=np.float64)
_YS = np.array([y for _, y in F_POINTS], dtype=np.float64)
# With more turns than this left, the limit is too far away to shape the choice.
FAR = 6


@register
class PriorGuard(Strategy):
    name = "prior-guard"
    aliases = ("safe-prior",)
    summary = ("unknown answer list: frequency prior, expected guesses group by group with a "
               "failure cost and one step of lookahead")
    metric = "expected guesses"

    options = (
        Option("common", int, 3000, "the frequency rank whose word gets prior 1/2", 1, 10**7),
        Option("width", float, 10.0, "the prior's sharpness in logistic units", 0.01, 1000),
        Option("depth", int, 2, "plies searched: 1, or 2 for one step of lookahead", 1, 2),
        Option("shortlist", int, 20, "guesses searched at the second ply", 1, 2000,
               why="each costs a full one-ply search"),
        Option("fail", float, 3.0, "extra cost of a lost game, in guesses", 0, 1000),
    )
    common: int
    width: float
    depth: int
    shortlist: int
    fail: float

    # -- scoring -------------------------------------------------------------------------------

    def _turns(self, position: Position) -> int:
        """Guesses available from this position, this one included (past the limit: play on)."""
        left = position.max_guesses - len(position.history)
        return left if 1 <= left <= FAR else FAR

    def _one_ply(self, position: Position, rows: np.ndarray, p: np.ndarray, turns: int) -> np.ndarray:
        m = position.matrix
        out = np.empty(rows.size, dtype=np.float64)
        expected_guesses(m.data, rows.astype(np.int64), position.candidates, p, 3**m.length, m.win_code,
                         turns - 1, self.fail, _XS, _YS, out)
        return out

    def _value(self, position: Position, turns: int) -> float:
        """Expected guesses from ``position`` (its next guess the best by one ply), failures costed."""
        cands = position.candidates
        w = answer_prior(position.matrix, self.common, self.width)[cands]
        p = w / w.sum()
        if cands.size <= 2 or turns <= 1:
            top = float(p.max())
            return float(group_value(1.0, top, cands.size, float((p * np.log2(p)).sum()), turns,
                                     self.fail, _XS, _YS))
        rows = self.pool_rows(position)
        return float(self._one_ply(position, rows, p, turns).min())

    def _two_ply(self, position: Position, row: int, p: np.ndarray, turns: int) -> float:
        m = position.matrix
        cands = position.candidates
        codes = m.data[row][cands]
        order = np.argsort(codes, kind="stable")
        cuts = np.flatnonzero(np.diff(codes[order])) + 1
        total = 1.0
        for group in np.split(order, cuts):
            code = int(codes[group[0]])
            if code == m.win_code:
                continue
            mass = float(p[group].sum())
            child = Position(m, cands[group], position.history + ((row, code),), position.hard,
                             position.max_guesses)
            total += mass * self._value(child, turns - 1)
        return total

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        cands = position.candidates
        w = answer_prior(position.matrix, self.common, self.width)[cands]
        p = w / w.sum()
        turns = self._turns(position)
        score = self._one_ply(position, rows, p, turns)
        if self.depth == 1 or turns <= 2 or cands.size <= 2:
            return self.choices(position, rows, score, score, top)
        short = self.choices(position, rows, score, score, max(self.shortlist, top))
        srows = np.array([c.row for c in short], dtype=np.int64)
        first = np.array([c.value for c in short])
        deep = np.array([self._two_ply(position, int(r), p, turns) for r in srows])
        return self.choices(position, srows, deep, deep, top, secondary=first)
