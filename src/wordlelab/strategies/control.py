"""The control: a random candidate, seeded so that every run is reproducible."""

from __future__ import annotations

import numpy as np

from ..game import Position
from .base import Choice, Option, Strategy, register


@register
class Random(Strategy):
    name = "random"
    aliases = ("control",)
    summary = "a random candidate (seeded; the same position always gets the same guess)"
    metric = "draw"
    default_pool = "candidates"
    options = (Option("seed", int, 0, "the random seed", 0, 2**32 - 1),)
    seed: int

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        # Seeded by the position's history, not by call order, so that a game played alone and
        # the same game inside a whole-list simulation draw the same word.
        flat = [int(x) for step in position.history for x in step]
        rng = np.random.default_rng([self.seed & 0xFFFFFFFF, len(flat), *flat])
        draw = rng.permutation(rows.size).astype(float)
        return self.choices(position, rows, draw, draw, top)
