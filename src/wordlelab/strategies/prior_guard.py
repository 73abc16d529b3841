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
from ..kernels.expected import expected_guesses, group_value, p_log2_p
from .base import SMALL_SET, Choice, Option, Strategy, register, transposed
from .prior import F_POINTS, answer_prior

_XS = np.array([x for x, _ in F_POINTS], dtype=np.float64)
_YS = np.array([y for _, y in F_POINTS], dtype=np.float64)
# With more turns than this left, the limit is too far away to shape the choice.
FAR = 6
# Candidate sets up to this size first try the candidates alone as the next guess (see _value).
SHORTCUT = 200


@register
class PriorGuard(Strategy):
    name = "prior-guard"
    aliases = ("safe-prior",)
    summary = (
        "unknown answer list: frequency prior, expected guesses group by group with a "
        "failure cost and one step of lookahead"
    )
    metric = "estimated guesses"  # a model's figure, not a proven value (exact search gives those)

    options = (
        Option("common", int, 3000, "the frequency rank whose word gets prior 1/2", 1, 10**7),
        Option("width", float, 10.0, "the prior's sharpness in logistic units", 0.01, 1000),
        Option("depth", int, 2, "plies searched: 1, or 2 for one step of lookahead", 1, 2),
        Option(
            "shortlist",
            int,
            20,
            "guesses searched at the second ply",
            1,
            2000,
            why="each costs a full one-ply search",
        ),
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

    def _one_ply(
        self, position: Position, rows: np.ndarray, p: np.ndarray, turns: int
    ) -> np.ndarray:
        m = position.matrix
        out = np.empty(rows.size, dtype=np.float64)
        rows = rows.astype(np.int64)
        cands = position.candidates
        if not m.is_full:
            data = m.block(rows, cands)  # type: ignore[attr-defined]
        elif cands.size <= SMALL_SET:
            # A few scattered bytes of every row miss the cache on a big matrix; the transposed
            # copy holds each candidate's feedback to every guess in one contiguous run.
            data = np.ascontiguousarray(transposed(m)[cands][:, rows].T)
        else:
            data = None
        if data is None:
            expected_guesses(
                m.data,
                rows,
                cands,
                p,
                p_log2_p(p),
                3**m.length,
                m.win_code,
                turns - 1,
                self.fail,
                _XS,
                _YS,
                out,
            )
        else:
            expected_guesses(
                data,
                np.arange(rows.size, dtype=np.int64),
                np.arange(cands.size, dtype=np.int64),
                p,
                p_log2_p(p),
                3**m.length,
                m.win_code,
                turns - 1,
                self.fail,
                _XS,
                _YS,
                out,
            )
        return out

    def _value(self, position: Position, turns: int) -> float:
        """Expected guesses from ``position`` (its next guess the best by one ply), failures costed."""
        cands = position.candidates
        w = answer_prior(position.matrix, self.common, self.width)[cands]
        p = w / w.sum()
        if cands.size <= 2 or turns <= 1:
            top = float(p.max())
            return float(
                group_value(
                    1.0, top, cands.size, float((p * np.log2(p)).sum()), turns, self.fail, _XS, _YS
                )
            )
        if cands.size <= SHORTCUT:
            # A word that cannot be the answer costs at least 2 (this guess and one more), so a
            # candidate at 2 or less is the best of the whole pool, which need not be scored.
            crow = position.candidate_guess_rows()
            crow = crow[position.legal_mask()[crow]]
            if crow.size:
                best = float(self._one_ply(position, crow, p, turns).min())
                if best <= 2.0:
                    return best
        rows = self.pool_rows(position)
        return float(self._one_ply(position, rows, p, turns).min())

    def _two_ply(
        self, position: Position, row: int, p: np.ndarray, turns: int, cutoff: float = np.inf
    ) -> float:
        """``row``'s expected guesses with each group's next guess chosen; inf once it must exceed ``cutoff``."""
        m = position.matrix
        cands = position.candidates
        codes = m.row(row)[cands]
        order = np.argsort(codes, kind="stable")
        cuts = np.flatnonzero(np.diff(codes[order])) + 1
        groups = [g for g in np.split(order, cuts) if int(codes[g[0]]) != m.win_code]
        masses = [float(p[g].sum()) for g in groups]
        # A lower bound on each group's cost (see _value: 2 - top, scaled; a single word costs 1),
        # so a guess that cannot beat the best so far is dropped before its big groups are scored.
        soft = min(1.0, self.fail)
        bounds = [
            mass if g.size == 1 else mass + soft * (mass - float(p[g].max()))
            for g, mass in zip(groups, masses)
        ]
        rest = float(sum(bounds))
        total = 1.0
        for group, mass, bound in zip(groups, masses, bounds):
            rest -= bound
            if total + bound + rest > cutoff + 1e-9:
                return np.inf
            code = int(codes[group[0]])
            child = Position(
                m,
                cands[group],
                position.history + ((row, code),),
                position.hard,
                position.max_guesses,
                ultrahard=position.ultrahard,
            )
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
        # Only the best guess is wanted (play, not a ranked list): cut off guesses that cannot win.
        prune = top == 1
        deep = np.empty(srows.size)
        best = np.inf
        for i, r in enumerate(srows):
            deep[i] = self._two_ply(position, int(r), p, turns, best if prune else np.inf)
            best = min(best, deep[i])
        return self.choices(position, srows, deep, deep, top, secondary=first)
