"""Assistant sessions for the variants (shared by the CLI and, later, the web app).

``MultiSession`` suggests guesses for several boards and reads the feedback of each board;
``AbsurdleSession`` suggests how to corner the Absurdle adversary. Both keep a stack of
positions so ``undo`` is exact, and a rejected step leaves the session unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import InvalidPatternError, VariantError, WordlelabError
from ..feedback import Pattern
from ..game import Position
from ..matrix import PatternMatrix
from ..strategies.base import Choice
from .absurdle import absurdle_next, absurdle_response, start_line
from .multi import MultiPosition, MultiRules, MultiStrategy

# Marks a solved board in typed feedback: "- ..y.g" means board 1 is done.
SOLVED_MARKS = ("-", "solved", "done")


def board_tokens(text: str) -> list[str]:
    """The pieces of a typed multi-board line: words and patterns, split at spaces, commas,
    semicolons or bars."""
    return [t for t in re.split(r"[\s,;|]+", text.strip()) if t]


def parse_board_feedback(
    text: str, position: MultiPosition
) -> tuple[str | None, list[Pattern | None]]:
    """Read ``[WORD] P1 P2 ...``: a pattern per unsolved board, or per board with '-' for solved ones."""
    m = position.matrix
    tokens = board_tokens(text)
    word: str | None = None
    if tokens and tokens[0].lower() in m.guesses and len(tokens) > 1:
        try:
            Pattern.parse(tokens[0], m.length)
        except InvalidPatternError:
            word = tokens.pop(0).lower()
    unsolved = position.unsolved
    boards = position.rules.boards
    if len(tokens) == boards:
        pats: list[Pattern | None] = []
        for b, t in enumerate(tokens):
            if t.lower() in SOLVED_MARKS:
                if b in unsolved:
                    raise VariantError(
                        f"board {b + 1} is not solved; give its feedback",
                        t,
                        kind="board_unsolved",
                        board=b + 1,
                    )
                pats.append(None)
            elif b not in unsolved:
                raise VariantError(
                    f"board {b + 1} is already solved; write '-' for it",
                    t,
                    kind="board_solved",
                    board=b + 1,
                )
            else:
                pats.append(_board_pattern(b, t, m.length))
        return word, pats
    if len(tokens) == len(unsolved):
        it = iter(_board_pattern(b, t, m.length) for b, t in zip(unsolved, tokens))
        return word, [next(it) if b in unsolved else None for b in range(boards)]
    open_boards = ", ".join(str(b + 1) for b in unsolved)
    raise VariantError(
        f"give {len(unsolved)} patterns (one per unsolved board: {open_boards}), not {len(tokens)}",
        text,
        kind="patterns_count",
        want=len(unsolved),
        boards=open_boards,
        got=len(tokens),
    )


def _board_pattern(board: int, text: str, length: int) -> Pattern:
    """``text`` read as board ``board``'s feedback (0-based); an error names the board."""
    try:
        return Pattern.parse(text, length)
    except InvalidPatternError as exc:
        raise exc.within(f"board {board + 1}", board=board + 1) from None


@dataclass
class MultiSession:
    """Suggestions for a multi-board game played elsewhere."""

    matrix: PatternMatrix
    rules: MultiRules
    strategy: MultiStrategy = field(default_factory=MultiStrategy)
    stack: list[MultiPosition] = field(default_factory=list)
    # Words the game refused at each step (parallel to ``stack``): never suggested there again.
    skipped: list[frozenset[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.stack:
            self.stack.append(MultiPosition.start(self.matrix, self.rules))
        while len(self.skipped) < len(self.stack):
            self.skipped.append(frozenset())

    @property
    def position(self) -> MultiPosition:
        return self.stack[-1]

    @property
    def done(self) -> bool:
        return self.position.done

    def suggestion(self) -> Choice:
        return self.strategy.rank(self.position, 1, self.skipped[-1])[0]

    def top(self, n: int = 10) -> list[Choice]:
        return self.strategy.rank(self.position, n, self.skipped[-1])

    def skip(self) -> str:
        """The game refused the suggestion: never suggest it again at this step; the next one."""
        row = self.suggestion().row
        self.stack.append(self.position)
        self.skipped.append(self.skipped[-1] | {row})
        return self.suggestion().word

    def refuse(self, word: str) -> None:
        """Record that the game refused ``word`` at this step (a skip entered again), without
        working the suggestion out; WordlelabError when it is not a guess or is refused already."""
        if self.position.done:
            raise WordlelabError("the game is over; nothing left to suggest")
        words = self.matrix.guesses
        row = words.index(words.normalize(word))
        if row in self.skipped[-1]:
            raise WordlelabError(f"{words[row]!r} is skipped already", words[row])
        self.stack.append(self.position)
        self.skipped.append(self.skipped[-1] | {row})

    def play(self, word: str | None, patterns: Sequence[Pattern | str | None]) -> MultiPosition:
        """Record ``word`` (the suggestion when None) and each board's feedback."""
        w = word if word is not None else self.suggestion().word
        self.stack.append(self.position.after(w, patterns))
        self.skipped.append(frozenset())
        return self.position

    def check_board(self, board: int, feedback: Pattern | str, word: str | None = None) -> Pattern:
        """Board ``board``'s (0-based) feedback for ``word`` (None: the suggestion), read and checked
        against that board alone, so feedback typed one board at a time is refused as it comes;
        nothing changes. VariantError for a solved board; every error names the board."""
        if not 0 <= board < self.rules.boards:
            raise VariantError(
                f"there is no board {board + 1}; the boards are 1 to {self.rules.boards}", board + 1
            )
        if board not in self.position.unsolved:
            raise VariantError(
                f"board {board + 1} is already solved; it takes no feedback", board + 1
            )
        w = word if word is not None else self.suggestion().word
        if isinstance(feedback, str):
            feedback = _board_pattern(board, feedback, self.matrix.length)
        self.position.board_after(board, self.matrix.guesses.lookup(w), feedback)
        return feedback

    def enter(self, text: str) -> MultiPosition:
        """Record one typed line (see ``parse_board_feedback``)."""
        word, pats = parse_board_feedback(text, self.position)
        return self.play(word, pats)

    def undo(self) -> str:
        if len(self.stack) == 1:
            raise VariantError("nothing to undo", None)
        last = self.stack.pop()
        skipped = self.skipped.pop()
        if last is self.stack[-1]:  # a skip: the same position with one more refused word
            (row,) = skipped - self.skipped[-1]
            return f"skip {self.matrix.guesses[row]}"
        return self.matrix.guesses[last.guesses[-1]]

    def board_lines(self) -> list[str]:
        """One line per board: solved, or how many words are left (the words when few)."""
        out = []
        for b, p in enumerate(self.position.boards):
            if p.solved:
                out.append(f"board {b + 1}: solved ({p.candidate_words[0]})")
            elif p.candidates.size <= 5:
                out.append(f"board {b + 1}: {', '.join(p.candidate_words)}")
            else:
                out.append(f"board {b + 1}: {p.candidates.size} words left")
        return out


@dataclass
class AbsurdleSession:
    """Suggestions against the Absurdle adversary (played here or on the published site)."""

    matrix: PatternMatrix
    hard: bool = False
    width: int = 40
    stack: list[Position] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.stack:
            self.stack.append(Position.start(self.matrix, hard=self.hard, max_guesses=10**6))

    @property
    def position(self) -> Position:
        return self.stack[-1]

    @property
    def solved(self) -> bool:
        return self.position.solved

    def plan(self) -> list[str]:
        """A line of guesses that forces a win from here (beam search; see ``absurdle_next``)."""
        if not self.position.history:  # the start: the same line every game (cached on disk)
            rows = start_line(self.matrix, self.hard, self.width)
        else:
            _, rows = absurdle_next(self.position, self.width)
        return [self.matrix.guesses[r] for r in rows]

    def suggestion(self) -> str:
        return self.plan()[0]

    def expected(self, word: str) -> Pattern:
        """The feedback the adversary gives ``word`` now."""
        row = self.matrix.guesses.lookup(word)
        code, _ = absurdle_response(self.matrix, self.position.candidates, row)
        return Pattern(code, self.matrix.length)

    def play(self, word: str, pattern: Pattern | str | None = None) -> Position:
        """Record ``word`` and its feedback (the adversary's own when None)."""
        m = self.matrix
        w = m.guesses.normalize(word)
        row = m.guesses.lookup(w)
        if self.hard and self.position.history:
            broken = self.position.rule.broken(w)
            if broken is not None:
                raise broken.refuse_play(word)
        self.stack.append(
            self.position.after(row, pattern if pattern is not None else self.expected(w))
        )
        return self.position

    def undo(self) -> str:
        if len(self.stack) == 1:
            raise VariantError("nothing to undo", None)
        last = self.stack.pop()
        return self.matrix.guesses[last.history[-1][0]]
