"""Strategies that score a guess by how it splits the candidates: entropy and its relatives."""

from __future__ import annotations

import numpy as np

from ..game import Position
from .base import Choice, Strategy, register


@register
class Entropy(Strategy):
    name = "entropy"
    aliases = ("maxinfo",)
    summary = "maximise the Shannon entropy (bits) of the feedback distribution"
    metric = "bits"

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        s = self.stats(position, rows)
        return self.choices(position, rows, -s[:, 0], s[:, 0], top)
