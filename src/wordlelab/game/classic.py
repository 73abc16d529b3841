"""Wordle's own game: one board against a known answer (the console game, simulations, the
checks of a decision tree). The ``Classic`` rules value (``wordlelab.variants.classic``) makes it.
"""

from __future__ import annotations

from ..errors import GameOverError, UnknownWordError
from .base import Game, Row, Segment
from .feedback import Pattern, score
from .position import PRAISE, letter_states, rule_for, share_grid
from .rules import Rules, parse_rules
from .words import WordList

_MODE_NOTE = {
    False: " (hard mode: revealed hints must be used)",
    True: " (ultrahard mode: every guess must be a word that could be the answer)",
}


class ClassicGame(Game):
    """One game against a known answer: validates guesses, keeps the history, knows the result."""

    def __init__(
        self,
        answer: str,
        words: WordList | None = None,
        max_guesses: int = 6,
        hard: bool = False,
        *,
        seed: int | None = None,
        lang: str = "en",
        ultrahard: bool = False,
    ) -> None:
        super().__init__(seed, lang)
        self.words = words if words is not None else WordList.bundled("allowed")
        self.answer = self.words.normalize(answer)
        if max_guesses < 1:
            raise ValueError("max_guesses must be at least 1")
        self.max_guesses = max_guesses
        self.hard = hard or ultrahard
        self.ultrahard = ultrahard  # every guess a word that could be the answer
        self.history: list[Row] = []

    @property
    def rules(self) -> Rules:
        return parse_rules(
            {
                "variant": "classic",
                "hard": self.hard,
                "ultrahard": self.ultrahard,
                "tries": self.max_guesses,
            }
        )

    def check(self, word: str) -> str:
        """The normalised word if it may be played now; the error a player would see if not."""
        if self.over:
            raise GameOverError.not_played(word)
        w = self.words.normalize(word)
        if w not in self.words and w != self.answer:
            raise UnknownWordError.not_in_list(word)
        if self.hard:
            broken = rule_for(self.history, self.ultrahard).broken(w)
            if broken is not None:
                raise broken.refuse_play(word)
        return w

    def guess(self, word: str) -> Pattern:
        """Play ``word``; an invalid word raises and costs no turn."""
        w = self.check(word)
        pattern = score(w, self.answer)
        self.history.append((w, pattern))
        return pattern

    @property
    def guesses(self) -> list[str]:
        return [w for w, _ in self.history]

    def rows(self, board: int = 0) -> list[Row]:
        return list(self.history)

    def solved_at(self, board: int = 0) -> int | None:
        return len(self.history) if self.won else None

    @property
    def won(self) -> bool:
        return bool(self.history) and self.history[-1][1].is_win

    @property
    def lost(self) -> bool:
        return not self.won and len(self.history) >= self.max_guesses

    @property
    def over(self) -> bool:
        return self.won or self.lost

    @property
    def turns_left(self) -> int:
        return self.max_guesses - len(self.history)

    @property
    def answers(self) -> tuple[str, ...]:
        return (self.answer,)

    @property
    def length(self) -> int:
        return self.words.length

    @property
    def letters(self) -> str:
        return self.words.letters

    def keys(self) -> dict[str, int]:
        return letter_states(self.history)

    @property
    def praise(self) -> str | None:
        return PRAISE.get(len(self.history), "Phew") if self.won else None

    def share(self) -> str:
        return share_grid(
            self.history, self.won, self.max_guesses, self.hard, lang=self.lang, seed=self.seed
        )

    def describe(self) -> str:
        return (
            f"Guess the {len(self.answer)}-letter word in {self.max_guesses} tries"
            f"{_MODE_NOTE[self.ultrahard] if self.hard else ''}."
        )

    def progress(self) -> str:
        return f"{self.turns_left} {'try' if self.turns_left == 1 else 'tries'} left"

    def ending(self) -> list[Segment]:
        if self.won:
            return [(f"{self.praise}!", "win"), (f" {len(self.history)}/{self.max_guesses}", None)]
        return [("The word was ", None), (self.answer.upper(), "word"), (".", None)]
