"""Calibrate f(h), the prior strategy's estimate of guesses still needed with h bits left.

Plays greedy entropy (uniform prior) on the original lists as a tree: every distinct position is
met once. Each position with n candidates is a sample (h = log2 n, mean guesses its answers still
need, counting its own). The points are the means per half-bit bin (of h and of the guesses), forced monotone.
Run: PYTHONPATH=src python tools/calibrate_prior.py   (prints the F_POINTS tuple)
"""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np

from wordlelab.game import Position
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.words import WordList
from wordlelab.strategies import make_strategy

STEP = 0.5


def main() -> None:
    m = PatternMatrix.load(WordList.bundled("allowed"), WordList.bundled("answers"))
    strategy = make_strategy("entropy")
    samples: list[tuple[float, float]] = []

    def play(pos: Position) -> np.ndarray:
        """Guesses each candidate still needs from ``pos`` (aligned with pos.candidates)."""
        g = strategy.choose(pos).row
        row = m.row(g)[pos.candidates]
        need = np.ones(pos.candidates.size)
        for code in np.unique(row):
            if code == m.win_code:
                continue
            sel = row == code
            need[sel] += play(pos.after(g, int(code)))
        samples.append((math.log2(pos.candidates.size), float(need.mean())))
        return need

    start = Position.start(m)
    play(start)
    bins: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for h, need in samples:
        bins[round(h / STEP)].append((h, need))
    points: list[tuple[float, float]] = []
    for b in sorted(bins):
        hs, needs = zip(*bins[b])
        value = float(np.mean(needs))
        points.append((float(np.mean(hs)), max(value, points[-1][1]) if points else value))
    print("F_POINTS = (" + ", ".join(f"({h:.2f}, {v:.3f})" for h, v in points) + ")")


if __name__ == "__main__":
    main()
