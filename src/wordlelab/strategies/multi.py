"""Strategies for several boards at once, and seeded games that measure them (``bench``).

Every guess is played on every unsolved board (``wordlelab.game.boards``); the strategies here
rank the guesses by what they tell about every unsolved board together.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import cast

import numpy as np

from ..errors import GameOverError, VariantError
from ..game import Position
from ..game.boards import BoardsRules, MultiPosition, random_answers, seeded_rng
from ..game.matrix import PatternMatrix
from ..game.rules import parse_rules
from ..kernels.multi import multi_board_scores
from .base import BITS_SOLVES, LAST_CANDIDATE, Choice, alphabetical_rank, register_multi

METHODS = ("entropy-solve", "entropy-sum")
# Boards with at least this many candidates have their per-guess scores kept (at most CACHE_SIZE).
CACHE_MIN = 24
CACHE_SIZE = 256


def _concat(parts: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The candidate columns of several boards end to end, and where each board starts."""
    cols = np.concatenate(parts).astype(np.int64)
    starts = np.zeros(len(parts) + 1, dtype=np.int64)
    starts[1:] = np.cumsum([p.size for p in parts])
    return cols, starts


class MultiStrategy:
    """Picks the next guess for several boards.

    Rules, in order: (1) if some unsolved board has one candidate left, play one of those
    forced words (the best of them by the score below); (2) when no more guesses remain than
    unsolved boards, only words that are still possible on some board are considered; (3) rank
    every unplayed guess by the sum over unsolved boards of its feedback entropy (bits), plus,
    for ``entropy-solve``, ``solve_weight`` times the expected number of boards it solves.
    Ties go to a word possible on some board, then to the alphabetically first word.
    """

    def __init__(self, method: str = "entropy-solve", solve_weight: float = 1.0) -> None:
        if method not in METHODS:
            raise VariantError(
                f"unknown multi-board method {method!r}; use one of {', '.join(METHODS)}", method
            )
        self.method = method
        self.solve_weight = float(solve_weight) if method == "entropy-solve" else 0.0
        self._openers: dict[tuple[PatternMatrix, int], Choice] = {}
        self._cache: dict[tuple[PatternMatrix, bytes], np.ndarray] = {}

    def __repr__(self) -> str:
        return f"MultiStrategy(method={self.method!r}, solve_weight={self.solve_weight!r})"

    def choose(self, position: MultiPosition) -> Choice:
        return self.rank(position, 1)[0]

    def rank(
        self, position: MultiPosition, top: int = 10, exclude: frozenset[int] = frozenset()
    ) -> list[Choice]:
        """The ``top`` best guesses, best first (never a guess row in ``exclude``)."""
        if position.done:
            raise GameOverError("every board is solved", position.guesses)
        m = position.matrix
        unsolved = position.unsolved
        first = not position.guesses
        key = (m, top)
        if first and top == 1 and not exclude and key in self._openers:
            return [self._openers[key]]
        played = np.zeros(len(m.guesses), dtype=bool)
        played[list(position.guesses)] = True
        played[list(exclude)] = True
        cand_rows = self._candidate_rows(position, unsolved)
        forced = self._forced_rows(position, unsolved)
        if forced.size:
            rows, metric = forced, LAST_CANDIDATE
        elif position.turns_left <= len(unsolved) and cand_rows.size:
            rows, metric = cand_rows, BITS_SOLVES
        else:
            rows, metric = np.flatnonzero(~played), BITS_SOLVES
        rows = rows[~played[rows]]
        if rows.size == 0:
            raise VariantError("no guess is left to play", position.guesses)
        out = self.scores(position, rows)
        value = out[:, 0] + self.solve_weight * out[:, 1]
        is_cand = np.isin(rows, cand_rows)
        alpha = alphabetical_rank(m)[rows]
        prim = -np.round(value, 9)
        order = np.lexsort((alpha, ~is_cand, prim))[: min(top, rows.size)]
        words = m.guesses
        result = [
            Choice(
                (float(prim[i]), 0.0, not bool(is_cand[i]), words[int(rows[i])]),
                words[int(rows[i])],
                int(rows[i]),
                float(value[i]),
                metric,
                bool(is_cand[i]),
            )
            for i in order
        ]
        if first and top == 1 and not exclude:
            self._openers[key] = result[0]
        return result

    def scores(self, position: MultiPosition, rows: np.ndarray) -> np.ndarray:
        """(len(rows), 2): summed entropy over unsolved boards, expected boards solved.

        Both are sums of per-board terms, so a board with many candidates gets its scores for
        every guess computed once and kept (early boards recur across games: the second turn's
        boards are fixed by the opener's feedback); small boards are scored together each time.
        """
        m = position.matrix
        out = np.zeros((rows.size, 2), dtype=np.float64)
        small = []
        for b in position.unsolved:
            board = position.boards[b]
            if board.candidates.size >= CACHE_MIN:
                out += self._board_scores(board)[rows]
            else:
                small.append(board.candidates)
        if small:
            part = np.empty((rows.size, 2), dtype=np.float64)
            multi_board_scores(
                m.data, rows.astype(np.int64), *_concat(small), 3**m.length, m.win_code, part
            )
            out += part
        return out

    def _board_scores(self, board: Position) -> np.ndarray:
        m = board.matrix
        key = (m, board.candidates.tobytes())
        got = self._cache.get(key)
        if got is None:
            every = np.arange(len(m.guesses), dtype=np.int64)
            got = np.empty((every.size, 2), dtype=np.float64)
            multi_board_scores(
                m.data, every, *_concat([board.candidates]), 3**m.length, m.win_code, got
            )
            if len(self._cache) >= CACHE_SIZE:
                self._cache.pop(next(iter(self._cache)))
            self._cache[key] = got
        return got

    @staticmethod
    def _candidate_rows(position: MultiPosition, unsolved: list[int]) -> np.ndarray:
        m = position.matrix
        rows = [m.answer_to_guess[position.boards[b].candidates] for b in unsolved]
        all_rows = np.unique(np.concatenate(rows)) if rows else np.empty(0, dtype=np.int64)
        return all_rows[all_rows >= 0]

    @staticmethod
    def _forced_rows(position: MultiPosition, unsolved: list[int]) -> np.ndarray:
        m = position.matrix
        rows = [
            int(m.answer_to_guess[position.boards[b].candidates[0]])
            for b in unsolved
            if position.boards[b].candidates.size == 1
        ]
        return np.unique(np.array([r for r in rows if r >= 0], dtype=np.int64))


for _method in METHODS:  # the first is the default
    register_multi(_method, partial(MultiStrategy, _method))


@dataclass
class MultiGameResult:
    """One simulated game: the guesses played and the guess that solved each board (None: unsolved)."""

    answers: tuple[str, ...]
    guesses: tuple[str, ...]
    solved_at: tuple[int | None, ...]

    @property
    def won(self) -> bool:
        return all(s is not None for s in self.solved_at)


def play_multi(
    matrix: PatternMatrix,
    answers: Sequence[str],
    strategy: MultiStrategy,
    rules: BoardsRules | None = None,
) -> MultiGameResult:
    """Let ``strategy`` play one game against known ``answers`` (``rules``: the named game for that
    many boards, or N boards with N + 5 guesses)."""
    if rules is None:
        rules = cast(BoardsRules, parse_rules({"variant": "multi", "boards": len(answers)}))
    if len(answers) != rules.boards:
        raise VariantError(
            f"{rules.title} needs {rules.boards} answers, not {len(answers)}", list(answers)
        )
    words = tuple(matrix.guesses.normalize(a) for a in answers)
    columns = [
        matrix.answer_index(a) for a in words
    ]  # a clear error for an answer outside the list
    pos = MultiPosition.start(matrix, rules)
    guesses: list[str] = []
    solved_at: list[int | None] = [None] * rules.boards
    while not pos.done and pos.turns_left > 0:
        choice = strategy.choose(pos)
        row = matrix.row(choice.row)
        pats: list[int | None] = [
            None if board.solved else int(row[col]) for board, col in zip(pos.boards, columns)
        ]
        guesses.append(choice.word)
        pos = pos.after(choice.row, pats)
        for b, board in enumerate(pos.boards):
            if solved_at[b] is None and board.solved:
                solved_at[b] = len(guesses)
    return MultiGameResult(words, tuple(guesses), tuple(solved_at))


@dataclass
class MultiBenchResult:
    """Seeded random games of one multi-board variant played by one strategy."""

    rules: BoardsRules
    strategy: str
    seed: int
    games: list[MultiGameResult] = field(repr=False)
    seconds: float = 0.0

    @property
    def wins(self) -> int:
        return sum(g.won for g in self.games)

    @property
    def failures(self) -> int:
        return len(self.games) - self.wins

    @property
    def failure_rate(self) -> float:
        return self.failures / len(self.games) if self.games else 0.0

    @property
    def mean_guesses(self) -> float:
        """Mean guesses over the games won (NaN when none was)."""
        won = [len(g.guesses) for g in self.games if g.won]
        return sum(won) / len(won) if won else math.nan

    @property
    def distribution(self) -> dict[int, int]:
        """Games won in n guesses, for n = boards .. max_guesses."""
        dist = {n: 0 for n in range(self.rules.boards, self.rules.max_guesses + 1)}
        for g in self.games:
            if g.won:
                dist[len(g.guesses)] += 1
        return dist

    def to_dict(self) -> dict:
        return {
            "variant": self.rules.title,
            "boards": self.rules.boards,
            "max_guesses": self.rules.max_guesses,
            "strategy": self.strategy,
            "seed": self.seed,
            "games": len(self.games),
            "wins": self.wins,
            "failures": self.failures,
            "failure_rate": round(self.failure_rate, 6),
            "mean_guesses": None if math.isnan(self.mean_guesses) else round(self.mean_guesses, 4),
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "seconds": round(self.seconds, 2),
        }


def bench_multi(
    matrix: PatternMatrix,
    rules: BoardsRules,
    games: int,
    seed: int,
    strategy: MultiStrategy | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MultiBenchResult:
    """Play ``games`` seeded random games (numpy ``default_rng(seed)``); ``progress(done, total)``."""
    if games < 1:
        raise VariantError(f"games must be at least 1, not {games}", games)
    strategy = strategy or MultiStrategy()
    rng = seeded_rng(seed)
    t0 = time.perf_counter()
    results = []
    for i in range(games):
        results.append(
            play_multi(matrix, random_answers(matrix.answers, rules.boards, rng), strategy, rules)
        )
        if progress is not None:
            progress(i + 1, games)
    return MultiBenchResult(rules, repr(strategy), seed, results, time.perf_counter() - t0)
