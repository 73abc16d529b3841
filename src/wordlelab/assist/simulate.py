"""Play every answer with a strategy and collect the statistics.

Games that share a history share a position, so the answers are played together as a tree: the
strategy chooses once per distinct position, the candidates are split by feedback, and each
group is played on. The result is the same as playing each game alone, at a fraction of the
cost. A strategy with a ``tree_plan`` (the partition family: entropy, splits, expected size,
minimax) is played whole by the numba kernel ``kernels.playtree``, which makes the same choices
without a Python step per position. The library never prints; ``progress(done, total)`` reports
finished games.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..errors import WordlelabError
from ..game import Position, guess_codes
from ..game.matrix import PatternMatrix
from ..kernels import playtree
from ..kernels.columns import MAX_PATTERNS
from ..strategies.base import (
    SMALL_SET,
    Strategy,
    alphabetical_rank,
    transposed,
)
from ..strategies.words_cache import answer_codes, distinct_letters
from .openers import strategy_opener

Progress = Callable[[int, int], None]

# Far beyond any sane game: a strategy that needs this many guesses is broken.
MAX_TURNS = 40


@dataclass
class SimulationResult:
    """Per-answer guess counts and paths of one strategy on one pair of lists."""

    strategy: str
    token: str
    opener: str
    hard: bool
    max_guesses: int
    answers: tuple[str, ...]
    guesses: np.ndarray  # guesses needed per answer (aligned with ``answers``)
    paths: dict[str, tuple[str, ...]] = field(repr=False)
    seconds: float = 0.0
    positions: int = 0

    @property
    def games(self) -> int:
        return len(self.answers)

    @property
    def total(self) -> int:
        return int(self.guesses.sum())

    @property
    def mean(self) -> float:
        return float(self.guesses.mean())

    @property
    def distribution(self) -> list[int]:
        """Games won in 1, 2, ... max_guesses guesses."""
        return [int((self.guesses == i).sum()) for i in range(1, self.max_guesses + 1)]

    @property
    def failed(self) -> list[str]:
        """Answers not found within max_guesses (the strategy still played them to the end)."""
        return [a for a, g in zip(self.answers, self.guesses) if g > self.max_guesses]

    @property
    def worst(self) -> int:
        return int(self.guesses.max())

    @property
    def worst_words(self) -> list[str]:
        return [a for a, g in zip(self.answers, self.guesses) if g == self.worst]

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def to_dict(self) -> dict[str, object]:
        return {
            "strategy": self.strategy,
            "options": self.token,
            "opener": self.opener,
            "hard": self.hard,
            "max_guesses": self.max_guesses,
            "games": self.games,
            "total_guesses": self.total,
            "mean": round(self.mean, 4),
            "distribution": self.distribution,
            "failures": len(self.failed),
            "failed": self.failed,
            "worst": self.worst,
            "worst_words": self.worst_words[:20],
            "positions": self.positions,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
        }


def simulate(
    strategy: Strategy,
    matrix: PatternMatrix,
    *,
    hard: bool = False,
    opener: str | None = None,
    max_guesses: int = 6,
    progress: Progress | None = None,
    cache: bool = True,
    on_opener: Callable[[], None] | None = None,
    targets: Sequence[str] | None = None,
    fast: bool = True,
    keep_paths: bool = True,
) -> SimulationResult:
    """Play every answer of ``matrix`` with ``strategy``; ``opener`` fixes the first guess.

    Without ``opener`` the strategy's own first guess is used (cached on disk; ``on_opener`` is
    called before a first guess that is not cached is computed, which can take a while). Games
    are played to the end even beyond ``max_guesses``; those count as failures. ``targets`` plays
    only those answers (the player still counts every answer of the matrix as possible): how a
    strategy that does not know the answer list is measured on the words that are really answers.
    A strategy with a ``tree_plan`` is played by the tree kernel (the same games, much faster);
    ``fast=False`` decides every position through ``strategy.choose`` instead. With
    ``keep_paths=False`` the kernel's result leaves ``paths`` empty (a ranking needs only counts).
    """
    start = time.perf_counter()
    if opener is not None:
        first = matrix.guesses.lookup(opener)
    else:
        first = strategy_opener(strategy, matrix, hard=hard, cache=cache, on_compute=on_opener)
    n_all = len(matrix.answers)
    wanted = np.ones(n_all, dtype=bool)
    if targets is not None:
        wanted[:] = False
        wanted[[matrix.answer_index(matrix.answers.normalize(t)) for t in targets]] = True
    n = int(wanted.sum())
    words = matrix.guesses
    tree = play_tree(strategy, matrix, first, hard=hard, wanted=wanted) if fast else None
    if tree is not None:
        guesses, rows, positions = tree
        paths = (
            {
                matrix.answers[int(a)]: tuple(words[int(g)] for g in rows[a, : guesses[a]])
                for a in np.flatnonzero(wanted)
            }
            if keep_paths
            else {}
        )
        if progress is not None:  # every game is finished now: report each, as the walk below does
            for done in range(1, n + 1):
                progress(done, n)
        return _result(
            strategy,
            matrix,
            first,
            hard,
            max_guesses,
            wanted,
            guesses,
            paths,
            time.perf_counter() - start,
            positions,
        )
    guesses = np.zeros(n_all, dtype=np.int64)
    paths = {}
    win = matrix.win_code
    done = 0
    positions = 0
    stack: list[tuple[Position, int | None]] = [
        (Position.start(matrix, hard=hard, max_guesses=max_guesses), first)
    ]
    while stack:
        position, row = stack.pop()
        if row is None:
            row = strategy.choose(position).row
        positions += 1
        turn = position.turn
        if turn > MAX_TURNS:
            raise RuntimeError(
                f"strategy {strategy.token} did not finish within {MAX_TURNS} guesses"
            )
        cands = position.candidates
        codes = matrix.row(row)[cands]
        order = np.argsort(codes, kind="stable")
        cuts = np.flatnonzero(np.diff(codes[order])) + 1
        children = []
        for group in np.split(order, cuts):
            if not wanted[cands[group]].any():
                continue  # no game to play down this branch
            code = int(codes[group[0]])
            history = position.history + ((row, code),)
            if code == win:
                answer = int(cands[group[0]])
                guesses[answer] = turn
                paths[matrix.answers[answer]] = tuple(words[g] for g, _ in history)
                done += 1
                if progress is not None:
                    progress(done, n)
            else:
                children.append(Position(matrix, cands[group], history, hard, max_guesses))
        # Depth first, in pattern order: deterministic and bounded in memory.
        stack.extend((child, None) for child in reversed(children))
    return _result(
        strategy,
        matrix,
        first,
        hard,
        max_guesses,
        wanted,
        guesses,
        paths,
        time.perf_counter() - start,
        positions,
    )


def _result(
    strategy: Strategy,
    matrix: PatternMatrix,
    first: int,
    hard: bool,
    max_guesses: int,
    wanted: np.ndarray,
    guesses: np.ndarray,
    paths: dict[str, tuple[str, ...]],
    seconds: float,
    positions: int,
) -> SimulationResult:
    return SimulationResult(
        strategy=strategy.name,
        token=strategy.token,
        opener=matrix.guesses[first],
        hard=hard,
        max_guesses=max_guesses,
        answers=tuple(a for a, w in zip(matrix.answers, wanted) if w),
        guesses=guesses[wanted],
        paths=paths,
        seconds=seconds,
        positions=positions,
    )


def play_tree(
    strategy: Strategy,
    matrix: PatternMatrix,
    first: int,
    *,
    hard: bool = False,
    wanted: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, int] | None:
    """Every answer played from guess row ``first`` by the tree kernel, or None if it cannot play ``strategy``.

    Returns the guesses each answer took (0 outside ``wanted``), each answer's guess rows (row
    ``a``, the first ``guesses[a]`` entries) and the number of positions decided.
    """
    plan = strategy.tree_plan()
    if plan is None or not getattr(matrix, "is_full", True):
        return None
    data = matrix.data
    n_answers = data.shape[1]
    n_patterns = 3**matrix.length
    small = SMALL_SET if n_patterns <= MAX_PATTERNS else 0
    data_t = transposed(matrix) if small else np.zeros((1, 1), dtype=data.dtype)
    codes = guess_codes(matrix)
    counts = _letter_counts(matrix) if hard else np.zeros((1, 1), dtype=np.uint8)
    if wanted is None:
        wanted = np.ones(n_answers, dtype=bool)
    turns = np.zeros(n_answers, dtype=np.int64)
    rows = np.zeros((n_answers, MAX_TURNS + 1), dtype=np.int64)
    status, positions = playtree.play_tree(  # type: ignore[call-arg]  # numba's Dispatcher stub
        data,
        data_t,
        int(first),
        np.arange(n_answers, dtype=np.int64),
        wanted,
        hard,
        MAX_TURNS,
        n_patterns,
        small,
        matrix.answer_to_guess,
        matrix.guess_to_answer,
        alphabetical_rank(matrix),
        distinct_letters(matrix),
        codes,
        counts,
        plan.score,
        plan.candidates_from_turn,
        *_letter_combos(matrix),
        turns,
        rows,
    )
    if status == playtree.TOO_LONG:
        raise RuntimeError(f"strategy {strategy.token} did not finish within {MAX_TURNS} guesses")
    if status == playtree.NO_GUESS:
        raise WordlelabError("no legal guess is left in the pool", matrix.guesses[first])
    return turns, rows, int(positions)


def _letter_combos(matrix: PatternMatrix) -> tuple[np.ndarray, ...]:
    """The tree kernel's entropy-bound tables (cached on the matrix): see kernels.playtree.

    ``combo_of[:, g]``: ids of guess g's (letter, set of its positions) pairs, padded with a pair
    whose set is empty; ``combo_letter``, ``combo_mask``: each pair; ``amask[a, L]``: the
    positions of letter L in answer a as bits (position i is bit i); ``acount[a, L]``: how many.
    """
    cached = matrix.__dict__.get("_letter_combos")
    if cached is None:
        codes = guess_codes(matrix)
        k = codes.shape[1]
        ids: dict[tuple[int, int], int] = {(0, 0): 0}  # the padding: no positions, no information
        combo_of = np.zeros((k, codes.shape[0]), dtype=np.int64)
        for g, word in enumerate(codes.tolist()):
            masks: dict[int, int] = {}
            for i, letter in enumerate(word):
                masks[letter] = masks.get(letter, 0) | (1 << i)
            for slot, pair in enumerate(masks.items()):
                combo_of[slot, g] = ids.setdefault(pair, len(ids))
        pairs = np.array(list(ids), dtype=np.int64).reshape(-1, 2)
        acodes = answer_codes(matrix).astype(np.int64)
        n_letters = int(max(codes.max(), acodes.max())) + 1
        amask = np.zeros((acodes.shape[0], n_letters), dtype=np.int64)
        acount = np.zeros((acodes.shape[0], n_letters), dtype=np.int64)
        every = np.arange(acodes.shape[0])
        for i in range(k):
            amask[every, acodes[:, i]] |= 1 << i
            acount[every, acodes[:, i]] += 1
        cached = (combo_of, pairs[:, 0].copy(), pairs[:, 1].copy(), amask, acount)
        matrix.__dict__["_letter_combos"] = cached
    return cached


def _letter_counts(matrix: PatternMatrix) -> np.ndarray:
    """How often each letter (index over the shared alphabet) occurs in each guess, cached on the matrix."""
    cached = matrix.__dict__.get("_guess_letter_counts")
    if cached is None:
        codes = guess_codes(matrix).astype(np.int64)
        cached = np.zeros((codes.shape[0], int(codes.max()) + 1), dtype=np.uint8)
        for i in range(codes.shape[1]):
            np.add.at(cached, (np.arange(codes.shape[0]), codes[:, i]), 1)
        matrix.__dict__["_guess_letter_counts"] = cached
    return cached


# The package exports the function under this name (``wordlelab.assist.simulate`` is this module).
backtest = simulate


def play_one(
    strategy: Strategy,
    matrix: PatternMatrix,
    answer: str,
    *,
    hard: bool = False,
    opener: str | None = None,
    max_guesses: int = 6,
    cache: bool = True,
) -> list[str]:
    """The guesses ``strategy`` plays for one answer, game by game (no tree): a cross-check."""
    a = matrix.answer_index(matrix.answers.normalize(answer))
    position = Position.start(matrix, hard=hard, max_guesses=max_guesses)
    row = (
        matrix.guesses.lookup(opener) if opener else strategy_opener(strategy, matrix, hard, cache)
    )
    played = []
    while True:
        played.append(matrix.guesses[row])
        code = int(matrix.row(row)[a])
        if code == matrix.win_code:
            return played
        if len(played) >= MAX_TURNS:
            raise RuntimeError(
                f"strategy {strategy.token} did not finish within {MAX_TURNS} guesses"
            )
        position = position.after(row, code)
        row = strategy.choose(position).row
