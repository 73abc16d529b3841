"""Strategies that score a guess by the sizes of the groups its feedback splits the candidates into."""

from __future__ import annotations

import numpy as np

from ..game import Position
from ..kernels import playtree
from .base import Choice, Strategy, TreePlan, register
from .words_cache import distinct_letters


@register
class Splits(Strategy):
    name = "splits"
    aliases = ("maxsplits", "most-parts")
    summary = (
        "maximise the number of distinct feedback patterns (ties: a possible answer, more letters)"
    )
    metric = "patterns"

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        s = self.stats(position, rows)
        is_cand = self.candidate_mask(position, rows)
        # Ties: a possible answer first, then more distinct letters (then alphabetical).
        tie = (~is_cand) * 100.0 - distinct_letters(position.matrix)[rows]
        return self.choices(position, rows, -s[:, 1], s[:, 1], top, secondary=tie)

    def tree_plan(self) -> TreePlan | None:
        return self._plan_for(Splits, playtree.SPLITS)


@register
class ExpectedSize(Strategy):
    name = "expected-size"
    aliases = ("maxprune", "average-size")
    summary = "minimise the expected number of candidates left after the feedback"
    metric = "expected left"

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        s = self.stats(position, rows)
        exp = s[:, 2] / position.candidates.size
        return self.choices(position, rows, exp, exp, top)

    def tree_plan(self) -> TreePlan | None:
        return self._plan_for(ExpectedSize, playtree.EXPECTED)


@register
class Minimax(Strategy):
    name = "minimax"
    aliases = ("worst-case",)
    summary = "minimise the largest group of candidates left (ties: smaller expected size)"
    metric = "largest group"

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        s = self.stats(position, rows)
        return self.choices(position, rows, s[:, 3], s[:, 3], top, secondary=s[:, 2])

    def tree_plan(self) -> TreePlan | None:
        return self._plan_for(Minimax, playtree.MINIMAX)
