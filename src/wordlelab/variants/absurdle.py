"""Absurdle: no secret word; an adversary keeps the largest group of answers after every guess.

The rules value ``Absurdle`` makes the game (``AbsurdleGame``) and the assistant
(``AbsurdleSession``, which tells how to corner the adversary); the adversary's rule and the
search for a winning line are ``wordlelab.game.absurdle``'s and ``wordlelab.exact.absurdle``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..assist.base import Action, Session, one_pattern, row_dict
from ..errors import VariantError, WordlelabError
from ..exact.absurdle import absurdle_next, start_line
from ..game.absurdle import absurdle_response, check_guess, respond
from ..game.base import Game, Row, Segment
from ..game.feedback import Pattern
from ..game.frequency import rank_by_frequency
from ..game.matrix import PatternMatrix
from ..game.position import Position, letter_states
from ..game.rules import Rules

if TYPE_CHECKING:
    from ..game.lists import Lists

AUTO = "auto"
_NO_STRATEGY = "Absurdle's suggestions come from its own search; drop the strategy"


@dataclass(frozen=True)
class Absurdle(Rules):
    """Absurdle: no secret word; an adversary keeps the largest group; no limit on guesses."""

    hard: bool = False
    ultrahard: ClassVar[bool] = False  # type: ignore[misc]
    variant: ClassVar[str] = "absurdle"
    takes_seed: ClassVar[bool] = False
    boards: ClassVar[int] = 1  # type: ignore[misc]
    max_guesses: ClassVar[None] = None  # type: ignore[misc]

    @property
    def key(self) -> str:
        return "absurdle"

    @property
    def title(self) -> str:
        return "Absurdle"

    @classmethod
    def from_request(
        cls, name: str, boards: int | None, tries: int | None, hard: bool
    ) -> Absurdle | None:
        if name != "absurdle":
            return None
        if boards not in (None, 1):
            raise VariantError(f"Absurdle has one board, not {boards}", boards)
        if tries is not None:
            raise VariantError("Absurdle has no limit on guesses; leave tries out", tries)
        return cls(hard)

    @classmethod
    def offered(cls) -> list[Rules]:
        return [cls()]

    def check_start(self, seed: int | None) -> None:
        """A seed is refused: the adversary draws no answer, so a seed would change nothing, and
        a player who gives one expects it to."""
        if seed is not None:
            raise VariantError(
                f"Absurdle draws no answer, so it takes no seed (got {seed}); play it without one",
                seed,
                kind="absurdle_seed",
                seed=seed,
            )

    def new_game(
        self,
        lists: Lists,
        seed: int | None = None,
        lang: str = "en",
        matrix: PatternMatrix | Callable[[], PatternMatrix] | None = None,
        answers: tuple[str, ...] | None = None,
    ) -> AbsurdleGame:
        self.check_start(seed)
        if matrix is None:
            matrix = lists.matrix
        return AbsurdleGame(
            matrix if isinstance(matrix, PatternMatrix) else matrix(), self.hard, lang=lang
        )

    def simulate(
        self,
        matrix: PatternMatrix,
        strategy: Any = None,
        *,
        games: int | None = None,
        seed: int = 1,
        progress: Callable[[int, int], None] | None = None,
        **options: Any,
    ) -> Any:
        raise VariantError(
            "Absurdle has no answer to simulate; 'wordlelab optimal --absurdle' proves its value",
            self,
        )

    def check_strategy(self, strategy: str | None, lists: Lists | None = None) -> None:
        if strategy is not None and strategy != AUTO:
            raise VariantError(_NO_STRATEGY, strategy)

    def new_assistant(
        self,
        matrix: PatternMatrix,
        strategy: str | None = None,
        opener: str | None = AUTO,
        context: object = None,  # (no exact search here)
    ) -> AbsurdleSession:
        self.check_strategy(strategy)
        return AbsurdleSession(matrix, hard=self.hard)


class AbsurdleGame(Game):
    """One game against the adversary: validates guesses (and hard mode), keeps the history."""

    shows_keyboard = False

    def __init__(self, matrix: PatternMatrix, hard: bool = False, *, lang: str = "en") -> None:
        super().__init__(None, lang)
        self.matrix = matrix
        self.hard = hard
        self.position = Position.start(matrix, hard=hard, max_guesses=10**6)

    @property
    def rules(self) -> Absurdle:
        return Absurdle(self.hard)

    @property
    def history(self) -> list[Row]:
        return self.position.words_history()

    def guess(self, word: str) -> Pattern:
        """Play ``word``; the adversary answers. An invalid word raises and costs nothing."""
        row = check_guess(self.position, word)
        self.position = respond(self.position, row)
        return Pattern(self.position.history[-1][1], self.matrix.length)

    @property
    def guesses(self) -> list[str]:
        return [w for w, _ in self.history]

    def rows(self, board: int = 0) -> list[Row]:
        return self.history

    def solved_at(self, board: int = 0) -> int | None:
        return len(self.position.history) if self.won else None

    @property
    def won(self) -> bool:
        return self.position.solved

    @property
    def over(self) -> bool:
        return self.won

    @property
    def turns_left(self) -> None:
        return None

    @property
    def remaining(self) -> int:
        """How many answers the adversary still keeps."""
        return int(self.position.candidates.size)

    @property
    def answers(self) -> tuple[str, ...]:
        """The word the adversary was cornered into, once won."""
        return (self.history[-1][0],) if self.won else ()

    def saved_answers(self) -> list[str]:
        return []  # the adversary answers again as it did

    @property
    def length(self) -> int:
        return self.matrix.length

    @property
    def letters(self) -> str:
        return self.matrix.guesses.letters

    def keys(self) -> dict[str, int]:
        return letter_states(self.history)

    def share(self) -> str:
        """Guesses used out of no limit, then the rows."""
        history = self.history
        return f"Absurdle {len(history)}/∞{'*' if self.hard else ''}\n\n" + "\n".join(
            p.emoji for _, p in history
        )

    def describe(self) -> str:
        return (
            "Absurdle: there is no secret word; every guess keeps the largest group of words "
            f"({self.remaining} to start). Corner it!"
        )

    def progress(self) -> str:
        n = self.remaining
        return f"{n} {'word' if n == 1 else 'words'} still possible"

    def ending(self) -> list[Segment]:
        return [("Cornered", "win"), (f" in {len(self.position.history)} guesses!", None)]


@dataclass
class AbsurdleSession(Session):
    """Suggestions against the Absurdle adversary (played here or on the published site)."""

    matrix: PatternMatrix
    hard: bool = False
    width: int = 40
    stack: list[Position] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.stack:
            self.stack.append(Position.start(self.matrix, hard=self.hard, max_guesses=10**6))

    @property
    def rules(self) -> Absurdle:  # type: ignore[override]
        return Absurdle(self.hard)

    @property
    def position(self) -> Position:
        return self.stack[-1]

    @property
    def solved(self) -> bool:
        return self.position.solved

    @property
    def done(self) -> bool:
        return self.solved

    @property
    def strategy_name(self) -> None:
        return None

    @property
    def can_undo(self) -> bool:
        return len(self.stack) > 1

    @property
    def guesses(self) -> list[str]:
        return [w for w, _ in self.position.words_history()]

    def words(self, board: int = 0) -> list[str]:
        lang = self.matrix.answers.language
        return rank_by_frequency(self.position.candidate_words, lang.code if lang else "en")

    def plan(self) -> list[str]:
        """A line of guesses that forces a win from here (beam search; see ``absurdle_next``)."""
        if not self.position.history:  # the start: the same line every game (cached on disk)
            rows = start_line(self.matrix, self.hard, self.width)
        else:
            _, rows = absurdle_next(self.position, self.width)
        return [self.matrix.guesses[r] for r in rows]

    def suggested_word(self) -> str:
        return self.plan()[0]

    def ranked(self, n: int) -> list[str]:
        return self.plan()[:n]

    def expected(self, word: str) -> Pattern:
        """The feedback the adversary gives ``word`` now."""
        row = self.matrix.guesses.lookup(word)
        code, _ = absurdle_response(self.matrix, self.position.candidates, row)
        return Pattern(code, self.matrix.length)

    def play(self, word: str | None, feedback: Pattern | str | None = None) -> Position:
        """Record ``word`` (None: the suggestion) and its feedback (the adversary's own when None)."""
        feedback = one_pattern(feedback)
        if self.solved:
            raise WordlelabError("the game is already solved; 'undo' to go back", word)
        if word is None:
            word = self.suggest()
        m = self.matrix
        w = m.guesses.normalize(word)
        row = m.guesses.lookup(w)
        if self.hard and self.position.history:
            broken = self.position.rule.broken(w)
            if broken is not None:
                raise broken.refuse_play(word)
        self.stack.append(
            self.position.after(row, feedback if feedback is not None else self.expected(w))
        )
        return self.position

    def skip(self) -> str:
        raise VariantError("Absurdle takes every allowed word; there is nothing to skip", None)

    def undo(self) -> str:
        if len(self.stack) == 1:
            raise VariantError("nothing to undo", None)
        last = self.stack.pop()
        return self.matrix.guesses[last.history[-1][0]]

    def actions(self) -> list[Action]:
        out = []
        for position in self.stack[1:]:
            word, pattern = position.words_history()[-1]
            out.append(Action(word, (str(pattern),)))
        return out

    def view(self, top: int, budget: int | None, words_shown: int) -> dict[str, Any]:
        pos = self.position
        out: dict[str, Any] = {
            "rows": [row_dict(w, p) for w, p in pos.words_history()],
            "remaining": int(pos.candidates.size),
            "words": self.words()[:words_shown],
            "plan": [],
        }
        if not self.done:
            plan = self.plan()
            pattern = self.expected(plan[0])
            out["plan"] = plan
            out["suggestion"] = {
                "word": plan[0],
                "pattern": str(pattern),
                "emoji": pattern.emoji,
                "colors": list(pattern.colors),
            }
            out["top"] = [{"word": w} for w in plan[:top]]
        return out


RULES = Absurdle
