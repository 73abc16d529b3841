"""The strategy protocol, its scored choices, and the registry that finds strategies by name.

Every strategy ranks the guesses it may play from a ``Position`` and returns ``Choice`` objects
ordered best first. The shared rules live here, not in each strategy: the last candidate is
played when one is left, hard mode restricts the pool, a guess is never repeated, and ties go to
a possible answer, then to the alphabetically first word.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..errors import UnknownStrategyError, WordlelabError
from ..game import Position

POOLS = ("all", "candidates")


@dataclass(frozen=True, order=True)
class Choice:
    """A ranked guess: ``key`` orders choices (smaller is better); ``value`` is for people."""

    key: tuple
    word: str = field(compare=False)
    row: int = field(compare=False)
    value: float = field(compare=False)
    metric: str = field(compare=False)
    is_candidate: bool = field(compare=False, default=False)


class Strategy(ABC):
    """A way to pick the next guess. Subclasses set name, aliases and summary and rank guesses."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    metric: ClassVar[str] = "score"
    default_pool: ClassVar[str] = "all"

    def __init__(self, pool: str | None = None, **options: Any) -> None:
        pool = pool or self.default_pool
        if pool not in POOLS:
            raise WordlelabError(f"unknown guess pool {pool!r}; use one of {', '.join(POOLS)}", pool)
        self.pool = pool
        if options:
            raise WordlelabError(
                f"strategy {self.name!r} takes no option {', '.join(sorted(options))}", options
            )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(pool={self.pool!r})"

    # -- the protocol --------------------------------------------------------------------------

    def choose(self, position: Position) -> Choice:
        """The best guess for ``position``."""
        return self.rank(position, 1)[0]

    def rank(self, position: Position, top: int = 10) -> list[Choice]:
        """The ``top`` best guesses, best first."""
        forced = self.forced(position)
        if forced is not None:
            return [forced]
        rows = self.pool_rows(position)
        return self.rank_rows(position, rows, top)

    @abstractmethod
    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        """Rank the given guess rows (already legal and unplayed)."""

    # -- shared rules ----------------------------------------------------------------------------

    def forced(self, position: Position) -> Choice | None:
        """With one candidate left, play it (when it may be played)."""
        if position.candidates.size != 1:
            return None
        row = int(position.matrix.answer_to_guess[position.candidates[0]])
        if row < 0 or not position.legal_mask()[row]:
            return None
        word = position.matrix.guesses[row]
        return Choice((0,), word, row, 1.0, "last candidate", True)

    def pool_rows(self, position: Position) -> np.ndarray:
        legal = position.legal_mask()
        if self.pool == "candidates":
            rows = position.candidate_guess_rows()
            rows = rows[legal[rows]]
            if rows.size:
                return rows
        rows = np.flatnonzero(legal)
        if rows.size == 0:
            raise WordlelabError("no legal guess is left in the pool", position.history)
        return rows

    @staticmethod
    def candidate_mask(position: Position, rows: np.ndarray) -> np.ndarray:
        """Which of ``rows`` are still possible answers."""
        g2a = position.matrix.guess_to_answer[rows]
        is_cand = np.zeros(rows.size, dtype=bool)
        valid = g2a >= 0
        if valid.any():
            cand = np.zeros(len(position.matrix.answers), dtype=bool)
            cand[position.candidates] = True
            is_cand[valid] = cand[g2a[valid]]
        return is_cand

    @staticmethod
    def stats(position: Position, rows: np.ndarray) -> np.ndarray:
        """(len(rows), 4): entropy bits, distinct patterns, sum of squared group sizes, largest group."""
        return position.matrix.partition_stats(rows, position.candidates)

    def choices(
        self,
        position: Position,
        rows: np.ndarray,
        primary: np.ndarray,
        values: np.ndarray,
        top: int,
        secondary: np.ndarray | None = None,
    ) -> list[Choice]:
        """Turn per-row scores (``primary``: smaller is better) into the ``top`` choices.

        Ties: ``secondary`` (smaller is better) if given, then a possible answer, then the
        alphabetically first word.
        """
        is_cand = self.candidate_mask(position, rows)
        # Round so that float noise cannot decide a tie the rule should decide.
        prim = np.round(primary, 9)
        sec = np.zeros(rows.size) if secondary is None else np.round(secondary, 9)
        words = position.matrix.guesses
        take = min(top, rows.size)
        # Pre-select with a partial sort on the scores, then order exactly in Python.
        if take == 0:
            return []
        order = np.lexsort((~is_cand, sec, prim))
        p0, s0 = prim[order[take - 1]], sec[order[take - 1]]
        pick = np.flatnonzero((prim < p0) | ((prim == p0) & (sec <= s0)))
        ranked = sorted(
            (Choice((float(prim[i]), float(sec[i]), not is_cand[i], words[int(rows[i])]),
                    words[int(rows[i])], int(rows[i]), float(values[i]), self.metric, bool(is_cand[i]))
             for i in pick),
        )
        return ranked[:take]


_REGISTRY: dict[str, type[Strategy]] = {}
_ALIASES: dict[str, str] = {}


def register(cls: type[Strategy]) -> type[Strategy]:
    """Class decorator: make a strategy findable by its name and aliases."""
    for key in (cls.name, *cls.aliases):
        if key in _REGISTRY or key in _ALIASES:
            raise RuntimeError(f"strategy name {key!r} registered twice")
    _REGISTRY[cls.name] = cls
    for alias in cls.aliases:
        _ALIASES[alias] = cls.name
    return cls


def strategy_names() -> list[str]:
    return sorted(_REGISTRY)


def strategy_classes() -> list[type[Strategy]]:
    return [_REGISTRY[n] for n in strategy_names()]


def find_strategy(name: str) -> type[Strategy]:
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _REGISTRY:
        raise UnknownStrategyError(
            f"unknown strategy {name!r}; known: {', '.join(strategy_names())}", name
        )
    return _REGISTRY[key]


def make_strategy(name: str, **options: Any) -> Strategy:
    return find_strategy(name)(**options)
