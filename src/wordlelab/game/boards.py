"""What a solver knows about several boards at once: one ``Position`` per board.

Every guess is played on every unsolved board; a board is done when it shows all green and takes
no more guesses. The multi-board variant (``wordlelab.variants.multi``) plays on it, and the
multi-board strategies (``wordlelab.strategies.multi``) rank guesses from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from ..errors import GameOverError, VariantError, WordlelabError
from .base import Game
from .feedback import Pattern
from .matrix import PatternMatrix
from .position import Position
from .rules import check_seed
from .words import WordList


class BoardsRules(Protocol):
    """What a position of several boards needs of its rules."""

    @property
    def boards(self) -> int: ...

    @property
    def max_guesses(self) -> int: ...

    @property
    def title(self) -> str: ...


@dataclass(frozen=True, eq=False)
class MultiPosition:
    """What a solver knows: one single-board ``Position`` per board and which boards are solved."""

    boards: tuple[Position, ...]
    rules: BoardsRules
    guesses: tuple[int, ...] = ()

    @classmethod
    def start(cls, matrix: PatternMatrix, rules: BoardsRules) -> MultiPosition:
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

    def after_game(self, game: Game, turn: int) -> MultiPosition:
        """Apply the game's ``turn``-th guess (0-based) and its feedback on each board."""
        pats: list[Pattern | None] = []
        for b in range(self.rules.boards):
            rows = game.rows(b)
            pats.append(rows[turn][1] if turn < len(rows) else None)
        return self.after(game.guesses[turn], pats)


def _is_win(pattern: Pattern | str | int, matrix: PatternMatrix) -> bool:
    if isinstance(pattern, str):
        pattern = Pattern.parse(pattern, matrix.length)
    code = pattern.code if isinstance(pattern, Pattern) else int(pattern)
    return code == matrix.win_code


def random_answers(answers: WordList, boards: int, rng: np.random.Generator) -> tuple[str, ...]:
    """``boards`` different answers drawn uniformly (the published games never repeat one)."""
    if boards > len(answers):
        raise VariantError(
            f"{boards} boards need {boards} different answers; the list has {len(answers)}", boards
        )
    idx = rng.choice(len(answers), size=boards, replace=False)
    return tuple(answers[int(i)] for i in idx)


def seeded_rng(seed: int | None) -> np.random.Generator:
    """numpy's generator for ``seed`` (None: fresh entropy); VariantError for a negative seed."""
    check_seed(seed)
    return np.random.default_rng(seed)
