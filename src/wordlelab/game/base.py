"""The game every variant plays: one interface, whatever the rules.

``rules.new_game(lists, seed)`` gives a ``Game``; the CLI's ``play`` and the web app's Play page
drive it the same way for Wordle, N boards or Absurdle: guess, ask whether it is over, get each
board's rows, the keyboard, the share text and the statistics record. Each variant's game (in
``wordlelab.variants``) implements the abstract members; the rest is here. A game can be saved
to a plain dict and replayed from it (``to_saved`` / ``Game.from_saved``), which is how the web
app survives a reload.
"""

from __future__ import annotations

import uuid
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import VariantError
from .feedback import Pattern
from .rules import Rules, parse_rules
from .stats import GameRecord

if TYPE_CHECKING:
    from .lists import Lists
    from .matrix import PatternMatrix

Row = tuple[str, Pattern]
# A piece of text a front-end shows, with its emphasis: None (plain), "win" (the win's headline)
# or "word" (an answer named).
Segment = tuple[str, str | None]

# What ``to_saved`` writes; ``from_saved`` hands any other key back in ``extra``.
_SAVED = (
    "variant",
    "boards",
    "tries",
    "hard",
    "ultrahard",
    "lang",
    "length",
    "seed",
    "answers",
    "guesses",
    "id",
)


class Game(ABC):
    """A game in progress under its ``rules`` (make it with ``rules.new_game``)."""

    # Whether the console shows the keyboard under the board after each guess.
    shows_keyboard: ClassVar[bool] = True

    def __init__(self, seed: int | None = None, lang: str = "en") -> None:
        self.seed = seed
        self.lang = lang
        self.extra: dict[str, Any] = {}  # what a front-end keeps with the game
        # The game's statistics id: a game saved and resumed twice is still recorded once.
        self.id = uuid.uuid4().hex

    # -- what each variant defines -------------------------------------------------------------------

    @property
    @abstractmethod
    def rules(self) -> Rules:
        """The rules this game is played under."""

    @abstractmethod
    def guess(self, word: str) -> Any:
        """Play ``word`` (on every unsolved board); a bad word raises and costs no turn."""

    @property
    @abstractmethod
    def guesses(self) -> list[str]:
        """The words played so far."""

    @abstractmethod
    def rows(self, board: int = 0) -> list[Row]:
        """The (guess, pattern) rows shown on ``board`` (a solved board gets no more)."""

    @abstractmethod
    def solved_at(self, board: int = 0) -> int | None:
        """The 1-based guess that solved ``board``, or None."""

    @property
    @abstractmethod
    def won(self) -> bool: ...

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @property
    @abstractmethod
    def turns_left(self) -> int | None:
        """Guesses left; None when there is no limit."""

    @property
    @abstractmethod
    def answers(self) -> tuple[str, ...]:
        """The answer of each board (none where there is no secret word until it is won)."""

    @property
    @abstractmethod
    def length(self) -> int: ...

    @property
    @abstractmethod
    def letters(self) -> str:
        """The alphabet of the word list (the keyboard's keys)."""

    @abstractmethod
    def keys(self) -> dict[str, Any]:
        """The keyboard: letter -> best colour shown (several boards: a list, one per board, None
        where the letter was not played on it)."""

    @abstractmethod
    def share(self) -> str:
        """The text a player pastes (the seed, when there is one, numbers the game)."""

    @abstractmethod
    def describe(self) -> str:
        """What the player has to do, in one line (the console says it at the start)."""

    @abstractmethod
    def progress(self) -> str:
        """Where the game stands after a guess that did not end it: tries or words left."""

    @abstractmethod
    def ending(self) -> list[Segment]:
        """The line that closes a finished game: the win, or what was missed."""

    # -- the same for every variant ------------------------------------------------------------------

    @property
    def remaining(self) -> int | None:
        """Answers still possible, where the game says so (Absurdle); None in the others."""
        return None

    @property
    def praise(self) -> str | None:
        """The NYT's word for a win in n guesses, where the game has one."""
        return None

    def boards(self) -> list[list[Row]]:
        """Each board's rows."""
        return [self.rows(b) for b in range(self.rules.boards)]

    def saved_answers(self) -> list[str]:
        """The answers ``to_saved`` keeps (the game is replayed against them)."""
        return list(self.answers)

    def record(self) -> GameRecord:
        """The statistics record of this finished game, under its variant's key."""
        if not self.over:
            raise VariantError("the game is not over; there is nothing to record yet", self.guesses)
        n = len(self.guesses)
        rules = self.rules
        limit = rules.max_guesses if rules.max_guesses is not None else min(100, max(6, n))
        return GameRecord(
            answer=",".join(self.answers),
            guesses=n,
            won=self.won,
            hard=rules.hard,
            length=self.length,
            lang=self.lang,
            max_guesses=limit,
            words=tuple(self.guesses),
            variant=rules.key,
            seed=self.seed,
            id=self.id,
        )

    def to_saved(self) -> dict[str, Any]:
        """Everything needed to play this game on: rules, language, length, seed, answers, guesses."""
        r = self.rules
        return {
            "variant": r.variant,
            "boards": r.boards,
            "tries": r.max_guesses,
            "hard": r.hard,
            **({"ultrahard": True} if r.ultrahard else {}),
            "lang": self.lang,
            "length": self.length,
            "seed": self.seed,
            "answers": self.saved_answers(),
            "guesses": self.guesses,
            "id": self.id,
            **self.extra,
        }

    @staticmethod
    def from_saved(
        saved: dict[str, Any],
        lists: Lists,
        matrix: PatternMatrix | Callable[[], PatternMatrix] | None = None,
    ) -> Game:
        """The game ``to_saved`` described, replayed guess by guess (each checked again); the keys
        it does not know come back in ``extra``."""
        rules = parse_rules(
            {
                k: saved.get(k)
                for k in ("variant", "boards", "tries", "hard", "ultrahard")
                if not (k == "tries" and saved.get("variant") == "absurdle")
            }
        )
        answers = tuple(saved.get("answers") or ()) or None
        # (A game saved with a seed its rules ignore, as Absurdle's were once, still restores,
        # without it.)
        seed = saved.get("seed") if rules.takes_seed else None
        game = rules.new_game(lists, seed, saved.get("lang", "en"), matrix, answers)
        game.extra = {k: v for k, v in saved.items() if k not in _SAVED}
        if isinstance(saved.get("id"), str):
            game.id = saved["id"]
        for word in saved.get("guesses", []):
            game.guess(word)
        return game
