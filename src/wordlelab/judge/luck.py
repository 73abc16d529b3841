"""The one formula for luck and the one for skill, shared by ``check``, ``analyse`` and the web.

Both are 0-99, as WordleBot players know them, over the answers still possible before the row,
each equally likely:

* **luck** of a row: where its outcome falls among the outcomes the guess could have had, as a
  mid-rank percentile, ``P(left > actual) + P(left == actual) / 2``, where ``left`` is the number
  of answers the guess leaves (a win leaves none). 50 is an average outcome, 99 the best
  possible, 0 the worst; None when every outcome leaves the same number (nothing left to chance).
* **skill** of a guess: ``99 * E*[best] / E*[guess]`` when the exact search proves both values
  (``E*`` the exact expected number of guesses still needed, this one included, with perfect
  play after it) — ``skill_source`` ``"exact"``; 0 for a guess proven to risk failing (``E*``
  infinite: hard mode's CRANE) where some strategy cannot fail; otherwise the share of the best guess's
  information the guess achieved, on a log scale, ``log((n+1)/(E[guess]+1)) / log((n+1)/(E[best]+1))``
  with ``E`` the expected number of answers left and the best guess the legal guess with the
  smallest ``E`` — ``skill_source`` ``"information"``.

The detector's statistic for a row, ``p_at_most``, is the probability of doing at least this
well with the same guess: ``P(left <= actual)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..game import Position
from ..strategies import Strategy

if TYPE_CHECKING:
    from ..exact.evaluation import Evaluation


@dataclass(frozen=True)
class Outcomes:
    """What a guess can leave from a position: per possible answer, the answers it would leave."""

    left: np.ndarray  # float64, one entry per answer still possible (0 where the guess wins)
    sizes: np.ndarray  # answers per feedback code

    @property
    def n(self) -> int:
        return int(self.left.size)

    @property
    def expected(self) -> float:
        """Expected answers left after the guess (a win leaves none)."""
        return float(self.left.mean()) if self.left.size else 0.0

    def actual(self, code: int, win_code: int) -> float:
        """The answers the feedback ``code`` leaves (0 for a win)."""
        return 0.0 if code == win_code else float(self.sizes[code])


def outcomes(position: Position, row: int) -> Outcomes:
    """The outcomes of guess ``row`` (a guess-list index) from ``position``."""
    m = position.matrix
    column = m.row(row)[position.candidates]
    sizes = np.bincount(column, minlength=3**m.length)
    left = sizes[column].astype(np.float64)
    left[column == m.win_code] = 0.0
    return Outcomes(left, sizes)


def score99(x: float) -> int:
    """A share in [0, 1] as 0..99 (clipped)."""
    return round(99 * min(1.0, max(0.0, x)))


def luck(left: np.ndarray, actual: float) -> int | None:
    """0..99: ``P(left > actual) + P(left == actual) / 2``; None when every outcome is the same."""
    if left.size == 0 or np.all(left == left[0]):
        return None
    share = ((left > actual).sum() + 0.5 * (left == actual).sum()) / left.size
    return score99(float(share))


def p_at_most(left: np.ndarray, actual: float) -> float:
    """The chance of doing at least this well with the same guess: ``P(left <= actual)``."""
    return float((left <= actual).sum() / left.size) if left.size else 1.0


@dataclass(frozen=True)
class InformationSkill:
    """The information skill of a guess, with the figures it is made of."""

    skill: int
    expected: float  # answers the guess leaves on average
    best: str  # the legal guess leaving the fewest on average
    best_expected: float


def information_skill(position: Position, row: int) -> InformationSkill:
    """The log-scale information skill of guess ``row`` against the best legal guess."""
    m = position.matrix
    n = position.candidates.size
    legal = np.flatnonzero(position.legal_mask())
    if row not in set(legal.tolist()):
        legal = np.append(legal, row)
    stats = Strategy.stats(position, legal)
    cand = Strategy.candidate_mask(position, legal)
    expected = (stats[:, 2] - cand) / n
    at = int(np.flatnonzero(legal == row)[0])
    best = int(np.argmin(expected))
    gain = np.log((n + 1) / (expected[best] + 1))
    skill = (
        score99(float(np.log((n + 1) / (expected[at] + 1)) / gain))
        if gain > 0
        else (99 if expected[at] <= expected[best] else 0)
    )
    return InformationSkill(
        skill, float(expected[at]), m.guesses[int(legal[best])], float(expected[best])
    )


def exact_skill(evaluation: Evaluation) -> int | None:
    """``99 * E*[best] / E*[played]`` from an evaluation of the played guess; None unless both are
    proven. A guess proven to leave some answer unsolvable within the guesses left, from a position
    where a strategy solves them all, has ``E*`` infinite: 0."""
    played = evaluation.guess
    if played is None or not (evaluation.exact and played.exact):
        return None
    if not played.winnable:  # both proven exactly: lower == upper
        return 0 if evaluation.winnable else None
    if evaluation.loss:
        # Hard mode's objective: the expected guesses with a lost answer counted as the limit + 1
        # (a move that loses an answer more and saves guesses is worth no more than the best).
        return score99(min(1.0, evaluation.guesses[1] / played.guesses[1]))
    return score99(evaluation.upper / played.upper)


def skill(
    position: Position,
    row: int,
    evaluation: Evaluation | None,
    info: InformationSkill | None = None,
) -> tuple[int, str]:
    """(skill, source): exact when ``evaluation`` (of guess ``row`` from ``position``) proves both
    values, else the information skill (``info`` when already computed)."""
    if evaluation is not None:
        exact = exact_skill(evaluation)
        if exact is not None:
            return exact, "exact"
    if info is None:
        info = information_skill(position, row)
    return info.skill, "information"
