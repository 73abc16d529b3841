"""Several boards at once: Dordle, Quordle, Octordle, Sedecordle and any N boards with M guesses.

Every guess is played on every unsolved board; a board is done when it shows all green and takes
no more guesses; the game is won when every board is done within ``max_guesses``. The same word
may be the answer of two boards: one guess then solves both.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from ..errors import GameOverError, UnknownWordError, VariantError, WordlelabError
from ..feedback import GREEN, GREY, YELLOW, Pattern, score
from ..game import Position
from ..game.rules import NAMED, Multi, boards_title, check_boards
from ..kernels.multi import multi_board_scores
from ..matrix import PatternMatrix
from ..strategies.base import BITS_SOLVES, LAST_CANDIDATE, Choice, alphabetical_rank, register_multi
from ..words import WordList


@dataclass(frozen=True)
class MultiRules:
    """How many boards are played at once and how many guesses the player has for all of them."""

    boards: int
    max_guesses: int
    name: str = ""

    def __post_init__(self) -> None:
        check_boards(self.boards, self.max_guesses)

    @property
    def title(self) -> str:
        return self.name or boards_title(self.boards)

    @classmethod
    def of(cls, boards: int, max_guesses: int | None = None) -> MultiRules:
        """The named game for ``boards`` (Quordle for 4, ...) or N boards with N + 5 guesses."""
        preset = PRESETS.get(boards)
        if preset is not None and max_guesses in (None, preset.max_guesses):
            return preset
        default = preset.max_guesses if preset is not None else boards + 5
        return cls(boards, default if max_guesses is None else max_guesses)

    @classmethod
    def from_rules(cls, rules: Multi) -> MultiRules:
        """The same game as a ``Multi`` rules value (with the named game's name when it is one)."""
        return cls.of(rules.boards, rules.max_guesses)


PRESETS: dict[int, MultiRules] = {b: MultiRules(b, t, name) for b, (name, t) in NAMED.items()}
DORDLE, QUORDLE, OCTORDLE, SEDECORDLE = (PRESETS[b] for b in (2, 4, 8, 16))


class MultiGame:
    """One game of several boards against known answers (the console game, simulations)."""

    def __init__(
        self, answers: Sequence[str], words: WordList, rules: MultiRules | None = None
    ) -> None:
        self.rules = rules or MultiRules.of(len(answers))
        if len(answers) != self.rules.boards:
            raise VariantError(
                f"{self.rules.title} needs {self.rules.boards} answers, not {len(answers)}",
                list(answers),
            )
        self.words = words
        self.answers = tuple(words.normalize(a) for a in answers)
        self.guesses: list[str] = []
        # Per board: its patterns so far (a solved board stops getting any).
        self.patterns: list[list[Pattern]] = [[] for _ in self.answers]

    @property
    def max_guesses(self) -> int:
        return self.rules.max_guesses

    def solved_at(self, board: int) -> int | None:
        """The 1-based guess that solved ``board``, or None."""
        pats = self.patterns[board]
        return len(pats) if pats and pats[-1].is_win else None

    @property
    def solved(self) -> list[bool]:
        return [self.solved_at(b) is not None for b in range(self.rules.boards)]

    @property
    def won(self) -> bool:
        return all(self.solved)

    @property
    def lost(self) -> bool:
        return not self.won and len(self.guesses) >= self.max_guesses

    @property
    def over(self) -> bool:
        return self.won or self.lost

    @property
    def turns_left(self) -> int:
        return self.max_guesses - len(self.guesses)

    def check(self, word: str) -> str:
        if self.over:
            raise GameOverError.not_played(word)
        w = self.words.normalize(word)
        if w not in self.words and w not in self.answers:
            raise UnknownWordError.not_in_list(word)
        return w

    def guess(self, word: str) -> list[Pattern | None]:
        """Play ``word`` on every unsolved board; None for boards already solved. Bad words cost nothing."""
        w = self.check(word)
        self.guesses.append(w)
        out: list[Pattern | None] = []
        for b, answer in enumerate(self.answers):
            if self.solved_at(b) is not None:
                out.append(None)
                continue
            p = score(w, answer)
            self.patterns[b].append(p)
            out.append(p)
        return out

    def rows(self, board: int) -> list[tuple[str, Pattern]]:
        """The (guess, pattern) rows shown on ``board``."""
        return list(zip(self.guesses, self.patterns[board]))


def key_states(game: MultiGame) -> dict[str, list[int | None]]:
    """For each played letter, the best colour it has shown on each board (None: not on that board yet)."""
    rank = {GREY: 0, YELLOW: 1, GREEN: 2}
    states: dict[str, list[int | None]] = {}
    for b in range(game.rules.boards):
        for word, pattern in game.rows(b):
            for ch, c in zip(word, pattern.colors):
                cur = states.setdefault(ch, [None] * game.rules.boards)
                if cur[b] is None or rank[c] > rank[cur[b]]:  # type: ignore[index]
                    cur[b] = c
    return states


_DIGITS = "0️⃣ 1️⃣ 2️⃣ 3️⃣ 4️⃣ 5️⃣ 6️⃣ 7️⃣ 8️⃣ 9️⃣".split()


def multi_share(game: MultiGame, seed: int | None = None) -> str:
    """A share text: the variant's name, each board's guess count (red square: unsolved), the grids."""
    head = game.rules.title + (f" #{seed}" if seed is not None else "")
    marks = []
    for b in range(game.rules.boards):
        n = game.solved_at(b)
        marks.append("🟥" if n is None else "".join(_DIGITS[int(d)] for d in str(n)))
    lines = [head, " ".join(marks), ""]
    for t in range(len(game.guesses)):
        cells = []
        for b in range(game.rules.boards):
            pats = game.patterns[b]
            cells.append(pats[t].emoji if t < len(pats) else "⬛" * len(game.answers[0]))
        lines.append(" ".join(cells))
    return "\n".join(lines)


@dataclass(frozen=True, eq=False)
class MultiPosition:
    """What a solver knows: one single-board ``Position`` per board and which boards are solved."""

    boards: tuple[Position, ...]
    rules: MultiRules
    guesses: tuple[int, ...] = ()

    @classmethod
    def start(cls, matrix: PatternMatrix, rules: MultiRules) -> MultiPosition:
        base = Position.start(matrix, max_guesses=rules.max_guesses)
        return cls(tuple(base for _ in range(rules.boards)), rules)

    @property
    def matrix(self) -> PatternMatrix:
        return self.boards[0].matrix

    @property
    def turn(self) -> int:
        return len(self.guesses) + 1

    @property
    def turns_left(self) -> int:
        return self.rules.max_guesses - len(self.guesses)

    @property
    def solved(self) -> tuple[bool, ...]:
        return tuple(p.solved for p in self.boards)

    @property
    def unsolved(self) -> list[int]:
        return [b for b, p in enumerate(self.boards) if not p.solved]

    @property
    def done(self) -> bool:
        return not self.unsolved

    def after(
        self, guess: int | str, patterns: Sequence[Pattern | str | int | None]
    ) -> MultiPosition:
        """The position after ``guess`` got ``patterns`` (one per board, None for solved boards)."""
        m = self.matrix
        g = m.guesses.lookup(guess) if isinstance(guess, str) else int(guess)
        if len(patterns) != self.rules.boards:
            raise VariantError(
                f"give feedback for all {self.rules.boards} boards, not {len(patterns)}",
                list(patterns),
            )
        if self.turns_left <= 0:
            raise GameOverError(
                f"no guesses are left; {m.guesses[g]!r} was not played", m.guesses[g]
            )
        new = []
        for b, (pos, pat) in enumerate(zip(self.boards, patterns)):
            if pos.solved:
                if pat is not None and not _is_win(pat, m):
                    raise VariantError(
                        f"board {b + 1} is already solved; it takes no feedback",
                        str(pat),
                        kind="board_solved",
                        board=b + 1,
                    )
                new.append(pos)
            else:
                if pat is None:
                    raise VariantError(
                        f"board {b + 1} is not solved; give its feedback",
                        b + 1,
                        kind="board_unsolved",
                        board=b + 1,
                    )
                new.append(self.board_after(b, g, pat))
        return MultiPosition(tuple(new), self.rules, self.guesses + (g,))

    def board_after(self, board: int, guess: int | str, pattern: Pattern | str | int) -> Position:
        """Board ``board`` (0-based) after ``guess`` got ``pattern``; an error names the board."""
        try:
            return self.boards[board].after(guess, pattern)
        except WordlelabError as exc:
            raise exc.within(f"board {board + 1}", board=board + 1) from None

    def after_game(self, game: MultiGame, turn: int) -> MultiPosition:
        """Apply the game's ``turn``-th guess (0-based) and its feedback."""
        pats: list[Pattern | None] = []
        for b in range(self.rules.boards):
            pats.append(game.patterns[b][turn] if turn < len(game.patterns[b]) else None)
        return self.after(game.guesses[turn], pats)


def _is_win(pattern: Pattern | str | int, matrix: PatternMatrix) -> bool:
    if isinstance(pattern, str):
        pattern = Pattern.parse(pattern, matrix.length)
    code = pattern.code if isinstance(pattern, Pattern) else int(pattern)
    return code == matrix.win_code


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
    rules: MultiRules | None = None,
) -> MultiGameResult:
    """Let ``strategy`` play one game against known ``answers``."""
    rules = rules or MultiRules.of(len(answers))
    game = MultiGame(answers, matrix.guesses, rules)
    pos = MultiPosition.start(matrix, rules)
    for answer in game.answers:
        matrix.answer_index(answer)  # a clear error for an answer outside the list
    while not game.over:
        choice = strategy.choose(pos)
        game.guess(choice.word)
        pos = pos.after_game(game, len(game.guesses) - 1)
    return MultiGameResult(
        game.answers, tuple(game.guesses), tuple(game.solved_at(b) for b in range(rules.boards))
    )


def random_answers(answers: WordList, boards: int, rng: np.random.Generator) -> tuple[str, ...]:
    """``boards`` different answers drawn uniformly (the published games never repeat one)."""
    if boards > len(answers):
        raise VariantError(
            f"{boards} boards need {boards} different answers; the list has {len(answers)}", boards
        )
    idx = rng.choice(len(answers), size=boards, replace=False)
    return tuple(answers[int(i)] for i in idx)


@dataclass
class MultiBenchResult:
    """Seeded random games of one multi-board variant played by one strategy."""

    rules: MultiRules
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


def check_seed(seed: int | None) -> None:
    """VariantError for a seed numpy cannot take (it raises a bare ValueError for a negative one)."""
    if seed is not None and seed < 0:
        raise VariantError(f"a seed must be 0 or more, not {seed}", seed)


def seeded_rng(seed: int | None) -> np.random.Generator:
    """numpy's generator for ``seed`` (None: fresh entropy); VariantError for a negative seed."""
    check_seed(seed)
    return np.random.default_rng(seed)


def bench_multi(
    matrix: PatternMatrix,
    rules: MultiRules,
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
