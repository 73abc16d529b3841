"""Several boards at once: Dordle, Quordle, Octordle, Sedecordle and any N boards with M guesses.

Every guess is played on every unsolved board; a board is done when it shows all green and takes
no more guesses; the game is won when every board is done within ``max_guesses``. The same word
may be the answer of two boards: one guess then solves both. The rules value ``Multi`` makes the
game (``MultiGame``) and the assistant (``MultiSession``, ranking by a multi-board strategy of
``wordlelab.strategies.multi``); what a solver knows is ``wordlelab.game.boards``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..assist.base import Action, Session, row_dict
from ..errors import (
    GameOverError,
    InvalidPatternError,
    UnknownWordError,
    VariantError,
    WordlelabError,
)
from ..game.base import Game, Row, Segment
from ..game.boards import MultiPosition, random_answers, seeded_rng
from ..game.feedback import GREEN, GREY, YELLOW, Pattern, score
from ..game.frequency import rank_by_frequency
from ..game.matrix import PatternMatrix
from ..game.rules import (
    MAX_MULTI_GUESSES,
    NAMED,
    Rules,
    boards_title,
    check_boards,
    default_tries,
)
from ..game.words import WordList
from ..strategies import make_multi_strategy
from ..strategies.base import Choice
from ..strategies.multi import MultiBenchResult, MultiStrategy, bench_multi

if TYPE_CHECKING:
    from ..game.lists import Lists

AUTO = "auto"
# Strategy names that mean "the variant's own" for several boards (as 'bench' and 'solve' read
# them: several boards' entropy).
_DEFAULTS = (None, AUTO, "entropy")


@dataclass(frozen=True)
class Multi(Rules):
    """``boards`` boards at once; every guess goes to every unsolved board; ``max_guesses`` in all."""

    boards: int
    max_guesses: int
    variant: ClassVar[str] = "multi"
    hard: ClassVar[bool] = False  # type: ignore[misc]
    ultrahard: ClassVar[bool] = False  # type: ignore[misc]

    def __post_init__(self) -> None:
        check_boards(self.boards, self.max_guesses)
        if self.max_guesses > MAX_MULTI_GUESSES:
            raise VariantError(
                f"at most {MAX_MULTI_GUESSES} guesses, not {self.max_guesses}", self.max_guesses
            )

    @classmethod
    def of(cls, boards: int, max_guesses: int | None = None) -> Multi:
        """The named game for ``boards`` (Quordle for 4, ...), or N boards with N + 5 guesses."""
        return cls(boards, default_tries(boards) if max_guesses is None else max_guesses)

    @property
    def named(self) -> bool:
        """The published game of this many boards, with its own number of guesses."""
        return self.boards in NAMED and NAMED[self.boards][1] == self.max_guesses

    @property
    def key(self) -> str:
        if self.named:
            return NAMED[self.boards][0].lower()
        base = f"boards-{self.boards}"
        return (
            base
            if self.max_guesses == default_tries(self.boards)
            else f"{base}-t{self.max_guesses}"
        )

    @property
    def title(self) -> str:
        return NAMED[self.boards][0] if self.named else boards_title(self.boards)

    @classmethod
    def from_request(
        cls, name: str, boards: int | None, tries: int | None, hard: bool
    ) -> Multi | None:
        by_name = {n.lower(): b for b, (n, _) in NAMED.items()}
        if not (name in by_name or name == "multi" or re.fullmatch(r"boards-\d+(-t\d+)?", name)):
            return None
        if name in by_name:
            own = by_name[name]
        elif name == "multi":
            if boards is None:
                raise VariantError("variant multi needs the number of boards", name)
            own = boards
        else:
            parts = re.findall(r"\d+", name)
            own = int(parts[0])
            if len(parts) > 1 and tries is None:
                tries = int(parts[1])
        if boards is not None and boards != own:
            raise VariantError(f"{name} has {own} boards, not {boards}", boards)
        if hard:
            raise VariantError("hard mode is not played on several boards", "hard")
        return cls.of(own, tries)

    @classmethod
    def offered(cls) -> list[Rules]:
        return [cls(b, t) for b, (_, t) in NAMED.items()]

    def new_game(
        self,
        lists: Lists,
        seed: int | None = None,
        lang: str = "en",
        matrix: PatternMatrix | Callable[[], PatternMatrix] | None = None,
        answers: tuple[str, ...] | None = None,
    ) -> MultiGame:
        self.check_start(seed)
        if not answers:
            answers = random_answers(lists.answers, self.boards, seeded_rng(seed))
        return MultiGame(answers, lists.guesses, self, seed=seed, lang=lang)

    def simulate(
        self,
        matrix: PatternMatrix,
        strategy: Any = None,
        *,
        games: int | None = None,
        seed: int = 1,
        progress: Callable[[int, int], None] | None = None,
        **options: Any,
    ) -> MultiBenchResult:
        if options:
            raise VariantError(
                f"{', '.join(options)} is not used with several boards", list(options)
            )
        if strategy is None or isinstance(strategy, str):
            strategy = make_multi_strategy(strategy)
        return bench_multi(
            matrix, self, games if games is not None else 100, seed, strategy, progress=progress
        )

    def check_strategy(self, strategy: str | None, lists: Lists | None = None) -> None:
        if strategy not in _DEFAULTS:
            make_multi_strategy(strategy)

    def new_assistant(
        self,
        matrix: PatternMatrix,
        strategy: str | None = None,
        opener: str | None = AUTO,
        context: object = None,  # (no exact search here)
    ) -> MultiSession:
        own = None if strategy in _DEFAULTS else strategy
        return MultiSession(matrix, self, make_multi_strategy(own))


PRESETS: dict[int, Multi] = {b: Multi(b, t) for b, (_, t) in NAMED.items()}
DORDLE, QUORDLE, OCTORDLE, SEDECORDLE = (PRESETS[b] for b in (2, 4, 8, 16))


class MultiGame(Game):
    """One game of several boards against known answers (the console game, simulations)."""

    def __init__(
        self,
        answers: Sequence[str],
        words: WordList,
        rules: Multi | None = None,
        *,
        seed: int | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__(seed, lang)
        self._rules = rules or Multi.of(len(answers))
        if len(answers) != self.rules.boards:
            raise VariantError(
                f"{self.rules.title} needs {self.rules.boards} answers, not {len(answers)}",
                list(answers),
            )
        self.words = words
        self._answers = tuple(words.normalize(a) for a in answers)
        self._guesses: list[str] = []
        # Per board: its patterns so far (a solved board stops getting any).
        self.patterns: list[list[Pattern]] = [[] for _ in self._answers]

    @property
    def rules(self) -> Multi:
        return self._rules

    @property
    def guesses(self) -> list[str]:
        return self._guesses

    @property
    def answers(self) -> tuple[str, ...]:
        return self._answers

    @property
    def max_guesses(self) -> int:
        return self.rules.max_guesses

    @property
    def length(self) -> int:
        return self.words.length

    @property
    def letters(self) -> str:
        return self.words.letters

    def solved_at(self, board: int = 0) -> int | None:
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
        self._guesses.append(w)
        out: list[Pattern | None] = []
        for b, answer in enumerate(self.answers):
            if self.solved_at(b) is not None:
                out.append(None)
                continue
            p = score(w, answer)
            self.patterns[b].append(p)
            out.append(p)
        return out

    def rows(self, board: int = 0) -> list[Row]:
        """The (guess, pattern) rows shown on ``board``."""
        return list(zip(self.guesses, self.patterns[board]))

    def keys(self) -> dict[str, list[int | None]]:
        return key_states(self)

    def share(self) -> str:
        return multi_share(self, self.seed)

    def describe(self) -> str:
        boards = self.rules.boards
        words = "1 word" if boards == 1 else f"{boards} words at once"
        return (
            f"{self.rules.title}: solve {words} in {self.max_guesses} tries; "
            "every guess goes to every unsolved board."
        )

    def progress(self) -> str:
        left = self.turns_left
        return (
            f"{sum(self.solved)}/{self.rules.boards} solved, {left} "
            f"{'try' if left == 1 else 'tries'} left"
        )

    def ending(self) -> list[Segment]:
        boards = self.rules.boards
        if self.won:
            return [
                ("Solved" if boards == 1 else f"All {boards} solved", "win"),
                (f" in {len(self.guesses)}/{self.max_guesses}!", None),
            ]
        missed = [a.upper() for b, a in enumerate(self.answers) if self.solved_at(b) is None]
        return [(f"Out of tries. Unsolved: {', '.join(missed)}.", None)]


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
    head = game.rules.title + (f" · seed {seed}" if seed is not None else "")  # not a puzzle number
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
class MultiSession(Session):
    """Suggestions for a multi-board game played elsewhere."""

    matrix: PatternMatrix
    rules: Multi
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

    @property
    def strategy_name(self) -> str:
        return self.strategy.method

    @property
    def can_undo(self) -> bool:
        return len(self.stack) > 1

    @property
    def guesses(self) -> list[str]:
        return [self.matrix.guesses[g] for g in self.position.guesses]

    def words(self, board: int = 0) -> list[str]:
        lang = self.matrix.answers.language
        return rank_by_frequency(
            self.position.boards[board].candidate_words, lang.code if lang else "en"
        )

    def suggestion(self) -> Choice:
        return self.strategy.rank(self.position, 1, self.skipped[-1])[0]

    def suggested_word(self) -> str:
        return self.suggestion().word

    def ranked(self, n: int) -> list[Choice]:
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

    def play(self, word: str | None, feedback: Any = None) -> MultiPosition:
        """Record ``word`` (the suggestion when None) and each board's feedback: one pattern per
        board (None, '' or '-' for a solved one), or the text the CLI reads
        (``parse_board_feedback``)."""
        if self.done:
            raise WordlelabError("every board is solved; 'undo' to go back", word)
        if isinstance(feedback, str):
            typed, patterns = parse_board_feedback(feedback, self.position)
            word = word or typed
        elif isinstance(feedback, Sequence):
            patterns = [
                None if p is None or (isinstance(p, str) and p.strip() in ("", "-")) else p
                for p in feedback
            ]
        else:
            raise VariantError("give the feedback of every unsolved board", feedback)
        w = word if word is not None else self.suggestion().word
        self.stack.append(self.position.after(w, patterns))
        self.skipped.append(frozenset())
        return self.position

    def enter(self, action: Action) -> None:
        assert action.patterns is not None
        self.play(action.word, list(action.patterns))

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

    def actions(self) -> list[Action]:
        words = self.matrix.guesses
        out: list[Action] = []
        for i in range(1, len(self.stack)):
            before, after = self.stack[i - 1], self.stack[i]
            if after is before:  # a skip: the same position, one more refused word
                (row,) = self.skipped[i] - self.skipped[i - 1]
                out.append(Action(words[row]))
                continue
            patterns = tuple(
                None if was.solved else str(now.words_history()[-1][1])
                for was, now in zip(before.boards, after.boards)
            )
            out.append(Action(words[after.guesses[-1]], patterns))
        return out

    def view(self, top: int, budget: int | None, words_shown: int) -> dict[str, Any]:
        pos = self.position
        boards = []
        for b, board in enumerate(pos.boards):
            boards.append(
                {
                    "rows": [row_dict(w, p) for w, p in board.words_history()],
                    "solved": board.solved,
                    "remaining": int(board.candidates.size),
                    "words": self.words(b)[:words_shown],
                }
            )
        out: dict[str, Any] = {
            "turn": pos.turn,
            "turns_left": pos.turns_left,
            "boards": boards,
            "skipped": sorted(self.matrix.guesses[r] for r in self.skipped[-1]),
        }
        if not self.done and pos.turns_left > 0:
            out["top"] = [c.to_dict() for c in self.top(top)]
            out["suggestion"] = out["top"][0]
        return out

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


RULES = Multi
