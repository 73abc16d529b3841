"""What a solver knows: the hard-mode rule, candidate filtering, and a Wordle board's pieces.

``Position`` is the history and the answers still possible, filtered incrementally through the
pattern matrix; it is immutable, so a rejected step leaves the previous position intact. The
keyboard's states, the share grid and the seeded answer are the Wordle board's, which every
variant's game draws on (``wordlelab.variants``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from ..errors import (
    HardModeError,
    InconsistentFeedbackError,
    UltrahardError,
)
from .feedback import GREEN, GREY, YELLOW, Pattern, score, score_colors
from .matrix import PatternMatrix, shared_alphabet

_ORDINALS = {1: "st", 2: "nd", 3: "rd"}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else _ORDINALS.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class HardBreak:
    """One hard-mode rule a guess breaks: keep ``letter`` at ``position`` (a green, 1-based), or
    use ``letter`` at least ``times`` times (a revealed letter)."""

    letter: str  # upper case
    position: int | None = None
    times: int = 1

    def fields(self) -> dict[str, Any]:
        """The rule as data (``HardModeError``'s fields, a ``breaks_hard`` note's)."""
        return {"letter": self.letter, "position": self.position, "times": self.times}

    def error(self, text: str, word: str) -> HardModeError:
        """The error for a guess ``word`` that breaks this rule: ``text`` is its English line."""
        return HardModeError(text, word, **self.fields())

    def refuse_play(self, word: str) -> HardModeError:
        """The error a game gives when ``word`` (as typed) is played against this rule."""
        return self.error(f"{self.message} ({word!r} breaks hard mode)", word)

    def refuse_line(self, word: str) -> HardModeError:
        """The error for ``word`` in a line of play given to the assistant or a review."""
        return self.error(f"{self.message}: hard mode would not take {word.upper()}", word)

    @property
    def message(self) -> str:
        """The NYT's message for it."""
        if self.position is not None:
            return f"{_ordinal(self.position)} letter must be {self.letter}"
        if self.times == 1:
            return f"Guess must contain {self.letter}"
        return f"Guess must contain {self.letter} {self.times} times"


@dataclass(frozen=True)
class HardRule:
    """What hard mode demands after some feedback: fixed greens and minimum letter counts."""

    greens: tuple[tuple[int, str], ...] = ()
    min_counts: tuple[tuple[str, int], ...] = ()

    @classmethod
    def from_history(cls, history: Iterable[tuple[str, Pattern]]) -> HardRule:
        greens: dict[int, str] = {}
        counts: dict[str, int] = {}
        order: list[str] = []
        for word, pattern in history:
            seen: dict[str, int] = {}
            for i, (ch, c) in enumerate(zip(word, pattern.colors)):
                if c == GREEN:
                    greens[i] = ch
                if c in (GREEN, YELLOW):
                    seen[ch] = seen.get(ch, 0) + 1
            for ch, n in seen.items():
                if ch not in counts:
                    order.append(ch)
                counts[ch] = max(counts.get(ch, 0), n)
        return cls(tuple(sorted(greens.items())), tuple((ch, counts[ch]) for ch in order))

    def broken(self, guess: str) -> HardBreak | None:
        """The first rule ``guess`` breaks, or None when it is legal."""
        for i, ch in self.greens:
            if guess[i] != ch:
                return HardBreak(ch.upper(), position=i + 1)
        for ch, n in self.min_counts:
            if guess.count(ch) < n:
                return HardBreak(ch.upper(), times=n)
        return None

    def mask(self, encoded: np.ndarray, alphabet: str) -> np.ndarray:
        """Boolean mask over encoded words ((n, k) letter indices) that obey the rule."""
        ok = np.ones(encoded.shape[0], dtype=bool)
        index = {ch: i for i, ch in enumerate(alphabet)}
        for i, ch in self.greens:
            if ch not in index:
                return np.zeros(encoded.shape[0], dtype=bool)
            ok &= encoded[:, i] == index[ch]
        for ch, n in self.min_counts:
            if ch not in index:
                return np.zeros(encoded.shape[0], dtype=bool)
            ok &= (encoded == index[ch]).sum(axis=1) >= n
        return ok


@dataclass(frozen=True)
class UltraBreak:
    """Why a guess breaks ultrahard mode: earlier guess ``guess`` showed ``shown``, and would have
    shown ``would`` had ``word`` been the answer (so ``word`` cannot be the answer)."""

    word: str
    guess: str
    shown: Pattern
    would: Pattern

    def fields(self) -> dict[str, Any]:
        """The break as data (``UltrahardError``'s fields)."""
        return {"guess": self.guess, "shown": str(self.shown), "would": str(self.would)}

    def error(self, text: str, word: str) -> UltrahardError:
        return UltrahardError(text, word, **self.fields())

    @property
    def message(self) -> str:
        return (
            f"{self.word.upper()} could not be the answer: {self.guess.upper()} showed "
            f"{self.shown} ({self.shown.emoji}), but would have shown {self.would} against "
            f"{self.word.upper()}"
        )

    def refuse_play(self, word: str) -> UltrahardError:
        """The error a game gives when ``word`` (as typed) is played against the rule."""
        return self.error(f"{self.message} (ultrahard mode: guess a possible answer)", word)

    def refuse_line(self, word: str) -> UltrahardError:
        """The error for ``word`` in a line of play given to the assistant or a review."""
        return self.error(f"{self.message}: ultrahard mode would not take it", word)


@dataclass(frozen=True)
class UltraRule:
    """What ultrahard mode demands after some feedback (alex1770/wordle's ``-U``): every guess is
    a word that could still be the answer, i.e. that every earlier guess would have shown the
    colours it did. Any allowed word may be such a guess, not only a listed answer."""

    history: tuple[tuple[str, Pattern], ...] = ()

    @classmethod
    def from_history(cls, history: Iterable[tuple[str, Pattern]]) -> UltraRule:
        return cls(tuple(history))

    def broken(self, guess: str) -> UltraBreak | None:
        """The first earlier guess whose colours rule ``guess`` out, or None when it is legal."""
        for word, pattern in self.history:
            would = score(word, guess)
            if would != pattern:
                return UltraBreak(guess, word, pattern, would)
        return None

    def mask(self, encoded: np.ndarray, alphabet: str) -> np.ndarray:
        """Boolean mask over encoded words ((n, k) letter indices) that could be the answer."""
        ok = np.ones(encoded.shape[0], dtype=bool)
        index = {ch: i for i, ch in enumerate(alphabet)}
        for word, pattern in self.history:
            nongrey: dict[str, int] = {}
            grey: set[str] = set()
            for i, (ch, c) in enumerate(zip(word, pattern.colors)):
                code = index.get(ch, -1)
                if c == GREEN:
                    ok &= encoded[:, i] == code
                else:
                    ok &= encoded[:, i] != code
                if c == GREY:
                    grey.add(ch)
                else:
                    nongrey[ch] = nongrey.get(ch, 0) + 1
            for ch in set(word):
                count = (encoded == index.get(ch, -1)).sum(axis=1)
                need = nongrey.get(ch, 0)
                ok &= count == need if ch in grey else count >= need
        return ok


def rule_for(
    history: Iterable[tuple[str, Pattern]], ultrahard: bool = False
) -> HardRule | UltraRule:
    """The rule ``history`` sets in hard mode, or in ultrahard mode."""
    return UltraRule.from_history(history) if ultrahard else HardRule.from_history(history)


def consistent_words(words: Sequence[str], history: Iterable[tuple[str, Pattern]]) -> list[str]:
    """Words that would have produced every (guess, pattern) in the history (from scratch)."""
    steps = [(g, p.colors) for g, p in history]
    return [w for w in words if all(score_colors(g, w) == cols for g, cols in steps)]


PRAISE = {1: "Genius", 2: "Magnificent", 3: "Impressive", 4: "Splendid", 5: "Great", 6: "Phew"}


def pick_answer(answers: Sequence[str], seed: int | None) -> str:
    """The answer a game with ``seed`` plays (the same seed, the same word; None draws at random)."""
    return random.Random(seed).choice(list(answers))


def letter_states(history: Iterable[tuple[str, Pattern]]) -> dict[str, int]:
    """Best colour each played letter has shown (green beats yellow beats grey): the keyboard."""
    rank = {GREY: 0, YELLOW: 1, GREEN: 2}
    states: dict[str, int] = {}
    for word, pattern in history:
        for ch, c in zip(word, pattern.colors):
            if ch not in states or rank[c] > rank[states[ch]]:
                states[ch] = c
    return states


# The game's name in a share header, by language: the name ``parse_share_grid`` reads the
# language from (a Russian grid headed "Wordle" was judged on the English lists).
GAME_NAMES = {"en": "Wordle", "ru": "Вордли"}


def share_grid(
    history: Sequence[tuple[str, Pattern]],
    won: bool,
    max_guesses: int,
    hard: bool,
    number: int | None = None,
    lang: str = "en",
    seed: int | None = None,
) -> str:
    """The text a player pastes: header with the score, then one row of squares per guess.

    ``number`` is a puzzle's number, as the NYT writes it ("Wordle 1,234 4/6"); ``seed`` a seeded
    game's, written after the score ("Wordle 4/6 · seed 7") so it never reads as puzzle 7."""
    head = GAME_NAMES.get(lang, "Wordle") + (f" {number:,}" if number is not None else "")
    result = f"{len(history) if won else 'X'}/{max_guesses}{'*' if hard else ''}"
    tail = f" · seed {seed}" if seed is not None else ""
    return f"{head} {result}{tail}\n\n" + "\n".join(p.emoji for _, p in history)


@dataclass(frozen=True, eq=False)
class Position:
    """What a solver knows mid-game: the history and the answers (matrix columns) still possible."""

    matrix: PatternMatrix
    candidates: np.ndarray
    history: tuple[tuple[int, int], ...] = ()
    hard: bool = False
    max_guesses: int = 6
    _cache: dict = field(default_factory=dict, compare=False, repr=False)
    # Ultrahard mode (``hard`` is then True too): every guess a word that could be the answer.
    ultrahard: bool = False

    @classmethod
    def start(
        cls,
        matrix: PatternMatrix,
        hard: bool = False,
        max_guesses: int = 6,
        ultrahard: bool = False,
    ) -> Position:
        return cls(
            matrix,
            np.arange(len(matrix.answers), dtype=np.int64),
            (),
            hard or ultrahard,
            max_guesses,
            ultrahard=ultrahard,
        )

    @property
    def mode(self) -> str:
        """normal, hard or ultrahard: the part of a cache's key the rules add."""
        return "ultrahard" if self.ultrahard else "hard" if self.hard else "normal"

    @property
    def turn(self) -> int:
        """1-based number of the guess about to be made."""
        return len(self.history) + 1

    @property
    def solved(self) -> bool:
        return bool(self.history) and self.history[-1][1] == self.matrix.win_code

    @property
    def played(self) -> set[int]:
        return {g for g, _ in self.history}

    def words_history(self) -> list[tuple[str, Pattern]]:
        k = self.matrix.length
        return [(self.matrix.guesses[g], Pattern(c, k)) for g, c in self.history]

    @property
    def candidate_words(self) -> list[str]:
        answers = self.matrix.answers
        return [answers[int(i)] for i in self.candidates]

    def after(self, guess: int | str, pattern: int | Pattern | str) -> Position:
        """The position after ``guess`` got ``pattern``; InconsistentFeedbackError if no answer fits."""
        m = self.matrix
        g = m.guesses.lookup(guess) if isinstance(guess, str) else int(guess)
        if isinstance(pattern, str):
            pattern = Pattern.parse(pattern, m.length)
        code = pattern.code if isinstance(pattern, Pattern) else int(pattern)
        if isinstance(pattern, Pattern) and pattern.length != m.length:
            raise InconsistentFeedbackError(
                f"feedback {str(pattern)!r} has {pattern.length} tiles; words have {m.length}",
                str(pattern),
            )
        row = m.row(g)
        remaining = self.candidates[row[self.candidates] == code]
        if remaining.size == 0:
            shown = Pattern(code, m.length)
            raise InconsistentFeedbackError(
                f"no remaining word gives {str(shown)!r} ({shown.emoji}) for {m.guesses[g]!r}; "
                "check the feedback",
                str(shown),
                kind="no_fit",
                guess=m.guesses[g],
                emoji=shown.emoji,
            )
        return Position(
            m,
            remaining,
            self.history + ((g, code),),
            self.hard,
            self.max_guesses,
            ultrahard=self.ultrahard,
        )

    @cached_property
    def rule(self) -> HardRule | UltraRule:
        return rule_for(self.words_history(), self.ultrahard)

    def legal_mask(self) -> np.ndarray:
        """Guesses that may be played now: not yet played and, in hard mode, legal."""
        key = "legal"
        if key not in self._cache:
            m = self.matrix
            if self.hard and self.history:  # (ultrahard too: its rule is stricter)
                mask = self.rule.mask(guess_codes(m), shared_alphabet(m.guesses, m.answers))
            else:
                mask = np.ones(len(m.guesses), dtype=bool)
            for g, _ in self.history:
                mask[g] = False
            self._cache[key] = mask
        return self._cache[key]

    def candidate_guess_rows(self) -> np.ndarray:
        """Rows of the candidates that are also guesses (all of them with the usual lists)."""
        rows = self.matrix.answer_to_guess[self.candidates]
        return rows[rows >= 0]


def guess_codes(matrix: PatternMatrix) -> np.ndarray:
    """The guesses encoded over the lists' shared alphabet, cached on the matrix object."""
    cached = matrix.__dict__.get("_guess_codes")
    if cached is None:
        cached = matrix.guesses.encode(shared_alphabet(matrix.guesses, matrix.answers))
        matrix.__dict__["_guess_codes"] = cached
    return cached
