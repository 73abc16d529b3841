"""Opening words: every allowed opener ranked by a metric, and each strategy's opener cached on disk.

A strategy's first guess depends only on the lists, the mode and the strategy's options, so it is
computed once and kept under ``matrix.cache_dir()/openers`` (atomic write; a file that does not
validate is ignored and rewritten).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import WordlelabError
from ..game import Position
from ..game.matrix import PatternMatrix, matrix_key
from ..paths import cache_dir, read_cache_entry, write_cache_entry
from ..strategies.base import Strategy, make_strategy

OPENER_FORMAT = 1
METRICS = {
    "entropy": "entropy",
    "splits": "splits",
    "expected-size": "expected-size",
    "minimax": "minimax",
}


@dataclass(frozen=True)
class Opener:
    """One ranked opening word and its value under the metric."""

    rank: int
    word: str
    value: float
    metric: str
    is_answer: bool

    def to_dict(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "word": self.word,
            "value": self.value,
            "metric": self.metric,
            "is_answer": self.is_answer,
        }


def rank_openers(
    matrix: PatternMatrix, metric: str = "entropy", top: int | None = 20, hard: bool = False
) -> list[Opener]:
    """The best ``top`` openers (all of them when ``top`` is None) under ``metric``.

    Ties follow the metric's strategy: a possible answer first, then alphabetical. The first
    guess is never restricted, so ``hard`` changes nothing but is accepted for symmetry.
    """
    if metric not in METRICS:
        raise WordlelabError(f"unknown metric {metric!r}; use one of {', '.join(METRICS)}", metric)
    strategy = make_strategy(METRICS[metric], pool="all")
    n = len(matrix.guesses) if top is None or top <= 0 else top
    ranked = strategy.rank(Position.start(matrix, hard=hard), n)
    return [Opener(i + 1, c.word, c.value, c.metric, c.is_candidate) for i, c in enumerate(ranked)]


def _opener_key(strategy: Strategy, matrix: PatternMatrix, hard: bool) -> str:
    # A strategy's class attribute ``version`` is bumped when its choices change for the same options.
    version = getattr(strategy, "version", 1)
    text = (
        f"v{OPENER_FORMAT}\n{matrix_key(matrix.guesses, matrix.answers)}\n{strategy.token}\n"
        f"version={version}\nhard={hard}\n"
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def opener_path(strategy: Strategy, matrix: PatternMatrix, hard: bool) -> Path:
    return cache_dir() / "openers" / f"{_opener_key(strategy, matrix, hard)}.json"


def _read(path: Path, key: str, matrix: PatternMatrix) -> int | None:
    data = read_cache_entry(path, key)
    if data is None:
        return None
    row = data.get("row")
    if not isinstance(row, int) or not 0 <= row < len(matrix.guesses):
        return None
    if matrix.guesses[row] != data.get("word"):
        return None
    return row


def strategy_opener(
    strategy: Strategy,
    matrix: PatternMatrix,
    hard: bool = False,
    cache: bool = True,
    on_compute: Callable[[], None] | None = None,
) -> int:
    """Row of the strategy's first guess on these lists, from the disk cache when it is there.

    ``on_compute`` is called before the first guess is computed (not when it comes from the cache).
    """
    if not cache:
        if on_compute is not None:
            on_compute()
        return strategy.choose(Position.start(matrix, hard=hard)).row
    key = _opener_key(strategy, matrix, hard)
    path = cache_dir() / "openers" / f"{key}.json"
    row = _read(path, key, matrix)
    if row is None:
        if on_compute is not None:
            on_compute()
        row = strategy.choose(Position.start(matrix, hard=hard)).row
        write_cache_entry(
            path,
            {
                "key": key,
                "strategy": strategy.token,
                "hard": hard,
                "word": matrix.guesses[row],
                "row": row,
            },
        )
    return row


def openers_to_dict(
    metric: str, guesses: int, answers: int, ranked: list[Opener]
) -> dict[str, object]:
    """A one-step ranking (``rank_openers``) on lists of ``guesses`` and ``answers`` words, as data."""
    return {
        "metric": metric,
        "guesses": guesses,
        "answers": answers,
        "openers": [o.to_dict() for o in ranked],
    }
