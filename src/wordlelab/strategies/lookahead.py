"""Lookahead: the best guesses by entropy re-ranked by a two-step expected number of guesses."""

from __future__ import annotations

import numpy as np

from ..game import Position
from ..kernels.columns import MAX_PATTERNS, one_step_cost_t, scratch_for
from ..kernels.scoring import cost_table, one_step_cost
from .base import SMALL_SET, Choice, Option, Strategy, register, transposed

# Every re-ranked guess costs a two-step search over all candidates; past this the opener alone
# takes a long while, and no list has enough useful guesses to gain from more.
MAX_M = 2000


@register
class Lookahead(Strategy):
    name = "lookahead"
    aliases = ("two-step",)
    summary = "top m guesses by entropy (default 50) re-ranked by a two-step expected guess count"
    metric = "estimated guesses"  # a model's figure, not a proven value (exact search gives those)
    version = 3  # the leaf estimate was refitted
    options = (
        Option(
            "m",
            int,
            50,
            "how many of the best guesses by entropy are re-ranked",
            1,
            MAX_M,
            why=f"each costs a two-step search; m={MAX_M} already takes minutes per opener",
        ),
    )
    m: int

    def expected_guesses(self, position: Position, row: int) -> float:
        """Expected guesses to finish from ``position`` playing ``row`` and then the best second guess.

        Every group the first guess leaves gets the second guess (from this strategy's pool,
        legal in hard mode) that minimises its expected total; groups left after that are
        costed by ``kernels.scoring.leaf_guesses``.
        """
        m = position.matrix
        cands = position.candidates
        n = cands.size
        codes = m.data[row][cands]
        order = np.argsort(codes, kind="stable")
        sorted_codes = codes[order]
        cuts = np.flatnonzero(np.diff(sorted_codes)) + 1
        total = 0.0
        n_patterns = 3**m.length
        win = m.win_code
        for group in np.split(order, cuts):
            p = int(codes[group[0]])
            size = group.size
            if p == win:
                total += 1.0
            elif size == 1:
                total += 2.0
            elif size == 2:
                total += 2 * 2.5
            else:
                child = Position(
                    m,
                    cands[group],
                    position.history + ((row, p),),
                    position.hard,
                    position.max_guesses,
                    ultrahard=position.ultrahard,
                )
                hrows = self.pool_rows(child).astype(np.int64)
                out = np.empty(hrows.size)
                if size <= SMALL_SET and n_patterns <= MAX_PATTERNS:
                    one_step_cost_t(
                        transposed(m),
                        hrows,
                        child.candidates,
                        win,
                        cost_table(size),
                        scratch_for(n_patterns),
                        out,
                    )
                else:
                    one_step_cost(m.data, hrows, child.candidates, n_patterns, win, out)
                total += size + float(out.min())
        return total / n

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        s = self.stats(position, rows)
        shortlist = self.choices(position, rows, -s[:, 0], s[:, 0], self.m)
        short = np.array([c.row for c in shortlist], dtype=np.int64)
        bits = np.array([c.value for c in shortlist])
        exp = np.array([self.expected_guesses(position, int(r)) for r in short])
        return self.choices(position, short, exp, exp, top, secondary=-bits)
