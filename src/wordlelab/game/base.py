"""One game of any rules: ``Play.start(rules, lists, seed)`` for Wordle, N boards or Absurdle.

The CLI's ``play`` and the web app's Play page both drive a ``Play``: guess, ask whether it is
over, get each board's rows, the keyboard, the share text and the statistics record. Underneath
it plays the variant's own game (``Game``, ``MultiGame``, ``AbsurdleGame``), so every rule and
figure stays the one those classes define. A game can be saved to a plain dict and replayed
from it (``to_saved`` / ``from_saved``), which is how the web app survives a reload.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import VariantError
from ..feedback import Pattern
from ..lists import Lists
from ..matrix import PatternMatrix
from ..stats import GameRecord
from ..variants.absurdle import AbsurdleGame, absurdle_share
from ..variants.multi import (
    MultiGame,
    MultiRules,
    check_seed,
    key_states,
    multi_share,
    random_answers,
    seeded_rng,
)
from .position import PRAISE, Game, letter_states, pick_answer, share_grid
from .rules import Absurdle, Classic, Multi, Rules, parse_rules

Row = tuple[str, Pattern]


def check_start(rules: Rules, seed: int | None) -> None:
    """VariantError for a seed ``rules`` cannot take, before any list or matrix loads: a negative
    one, or any seed for Absurdle, whose adversary draws no answer (a seed would change nothing,
    and a player who gives one expects it to)."""
    if isinstance(rules, Absurdle) and seed is not None:
        raise VariantError(
            f"Absurdle draws no answer, so it takes no seed (got {seed}); play it without one",
            seed,
            kind="absurdle_seed",
            seed=seed,
        )
    check_seed(seed)


@dataclass
class Play:
    """A game in progress under ``rules`` (build it with ``Play.start`` or ``Play.from_saved``)."""

    rules: Rules
    game: Game | MultiGame | AbsurdleGame
    seed: int | None = None
    lang: str = "en"
    extra: dict[str, Any] = field(default_factory=dict)  # what a front-end keeps with the game
    # The game's statistics id: a game saved and resumed twice is still recorded once.
    id: str = field(default_factory=lambda: uuid.uuid4().hex)

    @classmethod
    def start(
        cls,
        rules: Rules,
        lists: Lists,
        seed: int | None = None,
        lang: str = "en",
        matrix: PatternMatrix | Callable[[], PatternMatrix] | None = None,
        answers: tuple[str, ...] | None = None,
    ) -> Play:
        """A new game: the answers drawn from ``seed`` as ``wordlelab play --seed`` draws them
        (or ``answers`` given); Absurdle needs the lists' matrix (``matrix``, or a function that
        gives it, else it is built). ``check_start`` refuses a seed the rules cannot take."""
        check_start(rules, seed)
        game: Game | MultiGame | AbsurdleGame
        if isinstance(rules, Classic):
            answer = answers[0] if answers else pick_answer(lists.answers, seed)
            game = Game(answer, words=lists.guesses, max_guesses=rules.max_guesses, hard=rules.hard)
        elif isinstance(rules, Multi):
            if not answers:
                answers = random_answers(lists.answers, rules.boards, seeded_rng(seed))
            game = MultiGame(answers, lists.guesses, MultiRules.from_rules(rules))
        elif isinstance(rules, Absurdle):
            if matrix is None:
                matrix = lists.matrix
            game = AbsurdleGame(
                matrix if isinstance(matrix, PatternMatrix) else matrix(), hard=rules.hard
            )
        else:
            raise VariantError(f"not a rules value: {rules!r}", rules)
        return cls(rules, game, seed, lang)

    # -- the game ------------------------------------------------------------------------------------

    def guess(self, word: str) -> None:
        """Play ``word`` (on every unsolved board); a bad word raises and costs no turn."""
        self.game.guess(word)

    @property
    def guesses(self) -> list[str]:
        g = self.game
        return list(g.guesses) if isinstance(g, MultiGame) else [w for w, _ in g.history]

    @property
    def length(self) -> int:
        g = self.game
        return g.matrix.length if isinstance(g, AbsurdleGame) else g.words.length

    @property
    def letters(self) -> str:
        g = self.game
        return g.matrix.guesses.letters if isinstance(g, AbsurdleGame) else g.words.letters

    @property
    def won(self) -> bool:
        return self.game.won

    @property
    def over(self) -> bool:
        g = self.game
        return g.won if isinstance(g, AbsurdleGame) else g.over

    @property
    def turns_left(self) -> int | None:
        """Guesses left; None for Absurdle, which has no limit."""
        g = self.game
        return None if isinstance(g, AbsurdleGame) else g.turns_left

    @property
    def remaining(self) -> int | None:
        """Answers the Absurdle adversary still keeps; None in the other variants."""
        g = self.game
        return g.remaining if isinstance(g, AbsurdleGame) else None

    def boards(self) -> list[list[Row]]:
        """Each board's rows (one board but in multi-board games; a solved board gets no more)."""
        g = self.game
        if isinstance(g, MultiGame):
            return [g.rows(b) for b in range(g.rules.boards)]
        return [list(g.history)]

    def solved_at(self, board: int = 0) -> int | None:
        """The 1-based guess that solved ``board``, or None."""
        g = self.game
        if isinstance(g, MultiGame):
            return g.solved_at(board)
        return len(g.history) if g.won else None

    @property
    def answers(self) -> tuple[str, ...]:
        """The answer of each board (Absurdle: the word it was cornered into, once won)."""
        g = self.game
        if isinstance(g, MultiGame):
            return g.answers
        if isinstance(g, AbsurdleGame):
            return (g.history[-1][0],) if g.won else ()
        return (g.answer,)

    def keys(self) -> dict[str, Any]:
        """The keyboard: letter -> best colour shown (multi: a list, one per board, None unplayed)."""
        g = self.game
        return key_states(g) if isinstance(g, MultiGame) else letter_states(g.history)

    @property
    def praise(self) -> str | None:
        """The NYT's word for a win in n guesses (Wordle only)."""
        g = self.game
        return PRAISE.get(len(g.history), "Phew") if isinstance(g, Game) and g.won else None

    def share(self) -> str:
        """The text a player pastes (the seed, when there is one, numbers the game)."""
        g = self.game
        if isinstance(g, MultiGame):
            return multi_share(g, self.seed)
        if isinstance(g, AbsurdleGame):
            return absurdle_share(g)
        return share_grid(g.history, g.won, g.max_guesses, g.hard, lang=self.lang, seed=self.seed)

    def record(self) -> GameRecord:
        """The statistics record of this finished game, under its variant's key."""
        if not self.over:
            raise VariantError("the game is not over; there is nothing to record yet", self.guesses)
        n = len(self.guesses)
        limit = (
            self.rules.max_guesses if self.rules.max_guesses is not None else min(100, max(6, n))
        )
        return GameRecord(
            answer=",".join(self.answers),
            guesses=n,
            won=self.won,
            hard=self.rules.hard,
            length=self.length,
            lang=self.lang,
            max_guesses=limit,
            words=tuple(self.guesses),
            variant=self.rules.key,
            seed=self.seed,
            id=self.id,
        )

    # -- saving --------------------------------------------------------------------------------------

    def to_saved(self) -> dict[str, Any]:
        """Everything needed to play this game on: rules, language, length, seed, answers, guesses."""
        r = self.rules
        return {
            "variant": r.variant,
            "boards": r.boards,
            "tries": r.max_guesses,
            "hard": r.hard,
            "lang": self.lang,
            "length": self.length,
            "seed": self.seed,
            "answers": list(self.answers) if not isinstance(self.game, AbsurdleGame) else [],
            "guesses": self.guesses,
            "id": self.id,
            **self.extra,
        }

    @classmethod
    def from_saved(
        cls,
        saved: dict[str, Any],
        lists: Lists,
        matrix: PatternMatrix | Callable[[], PatternMatrix] | None = None,
    ) -> Play:
        """The game ``to_saved`` described, replayed guess by guess (each checked again); the keys
        it does not know come back in ``extra``."""
        rules = parse_rules(
            {
                k: saved.get(k)
                for k in ("variant", "boards", "tries", "hard")
                if not (k == "tries" and saved.get("variant") == "absurdle")
            }
        )
        answers = tuple(saved.get("answers") or ()) or None
        # (An Absurdle game saved before its seed was refused kept the seed it ignored: it still
        # restores, without it.)
        seed = None if isinstance(rules, Absurdle) else saved.get("seed")
        play = cls.start(rules, lists, seed, saved.get("lang", "en"), matrix, answers)
        known = {
            "variant",
            "boards",
            "tries",
            "hard",
            "lang",
            "length",
            "seed",
            "answers",
            "guesses",
            "id",
        }
        play.extra = {k: v for k, v in saved.items() if k not in known}
        if isinstance(saved.get("id"), str):
            play.id = saved["id"]
        for word in saved.get("guesses", []):
            play.guess(word)
        return play
