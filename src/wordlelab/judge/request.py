"""What a review or a check is asked about, read the same way by the CLI and the web app.

A request names a game by a position's text (``salet:.....  brond:.y...``), or by a share grid
and/or the words played with the answer. ``GameRequest.parse`` checks that the pieces go
together, with messages that use each front-end's own names for its fields (``NAMES_CLI``,
``NAMES_WEB``), and gives the word length and the (word, feedback) history to review.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..config import check_play_length
from ..errors import WordlelabError
from ..game.feedback import Pattern
from ..game.notation import parse_position
from ..game.words import WordList
from .grid import ShareGrid, parse_share_grid
from .review import game_history, too_many_guesses


@dataclass(frozen=True)
class FieldNames:
    """How a front-end calls the request's fields in its messages."""

    position: str
    words: str
    words_need: str  # "<words> need(s)", with the verb agreeing
    answer: str
    grid: str
    max_guesses: str = "the limit on guesses"


NAMES_CLI = FieldNames(
    "a POSITION", "--played", "--played needs", "--answer", "--grid", "--max-guesses"
)
NAMES_WEB = FieldNames(
    "a position", "the words played", "the words played need", "the answer", "a share grid"
)


def split_words(text: str | Sequence[str] | None) -> tuple[str, ...]:
    """The words played, from text separated by commas, semicolons or spaces (or a list)."""
    if text is None:
        return ()
    parts = re.split(r"[\s,;]+", text) if isinstance(text, str) else list(text)
    return tuple(w for w in parts if w)


@dataclass(frozen=True)
class GameRequest:
    """A game to review or check: a position, or a share grid and/or words with the answer."""

    position: str | None = None
    grid: ShareGrid | None = None
    words: tuple[str, ...] = ()
    answer: str | None = None

    @classmethod
    def parse(
        cls,
        position: str | None = None,
        grid: str | ShareGrid | None = None,
        words: str | Sequence[str] | None = None,
        answer: str | None = None,
        *,
        names: FieldNames = NAMES_WEB,
        grid_alone: bool = True,
    ) -> GameRequest:
        """Check the pieces go together. ``grid_alone``: a share grid without the words is a
        request (a check of the feedback alone); otherwise the words or a position are needed."""
        position = (position or "").strip() or None
        answer = (answer or "").strip() or None
        played = split_words(words)
        grid_given = isinstance(grid, ShareGrid) or bool((grid or "").strip())
        if position is not None and (grid_given or played):
            raise WordlelabError(
                f"give {names.position} or {names.words}, not both",
                position,
                kind="position_and_words",
            )
        if position is None and not played and not (grid_alone and grid_given):
            # Nothing given, or an answer alone (a grid given as text but not accepted alone is
            # here too): say what a request needs, not what a share grid looks like. A pasted text
            # with no coloured rows is a grid given, refused below by parse_share_grid (grid_none).
            needs = (
                f"{names.grid}, {names.position}, or {names.words} with {names.answer}"
                if grid_alone
                else f"{names.position}, or {names.words} with {names.answer} or {names.grid}"
            )
            raise WordlelabError(f"nothing to review: give {needs}", None, kind="nothing_to_review")
        if played and not grid_given and answer is None:
            raise WordlelabError(
                f"{names.words_need} {names.answer} or {names.grid} to give each guess's feedback",
                " ".join(played),
                kind="words_need_feedback",
            )
        parsed_grid: ShareGrid | None = None
        if position is None and grid_given:
            parsed_grid = grid if isinstance(grid, ShareGrid) else parse_share_grid(grid or "")
        return cls(position, parsed_grid, played, answer)

    @property
    def length(self) -> int:
        """The word length the request is about (one the games play; WordlelabError if not)."""
        if self.grid is not None:
            length = self.grid.length
        elif self.position is not None:
            parsed = parse_position(self.position)
            first = parsed.history[0][0] if parsed.history else parsed.guess
            if not first:
                raise WordlelabError("the position has no guesses in it", self.position)
            length = len(first)
        else:
            length = len(self.words[0])
        return check_play_length(length)

    @property
    def hard(self) -> bool:
        """Whether the share grid says hard mode (its '*')."""
        return self.grid is not None and self.grid.hard

    @property
    def max_guesses(self) -> int:
        return self.grid.max_guesses if self.grid is not None else 6

    @property
    def played(self) -> int:
        """How many guesses the request holds: the position's, the words', or the grid's rows."""
        if self.position is not None:
            return len(parse_position(self.position).history)
        if self.words:
            return len(self.words)
        return len(self.grid.rows) if self.grid is not None else 0

    def limit(self, max_guesses: int | None = None, names: FieldNames = NAMES_WEB) -> int:
        """The game's limit on guesses: ``max_guesses`` where a front-end takes one, else the share
        grid's (its header's X/6) or 6. Checked before any work: WordlelabError when fewer than
        the guesses played, or other than the grid's header says."""
        if max_guesses is None:
            limit, what = self.max_guesses, None
        else:
            limit, what = max_guesses, f"{names.max_guesses} {max_guesses}"
            if (
                self.grid is not None
                and self.grid.has_header
                and max_guesses != self.grid.max_guesses
            ):
                raise WordlelabError(
                    f"{what}, but the share grid's header says the game allows "
                    f"{self.grid.max_guesses}",
                    max_guesses,
                )
        if self.played > limit:
            raise too_many_guesses(self.played, limit, what)
        return limit

    @property
    def reviewable(self) -> bool:
        """There is a history to review (a position, or the words played), not only a grid."""
        return self.position is not None or bool(self.words)

    def history(self, guesses: WordList) -> list[tuple[str, Pattern]]:
        """The (word, feedback) history: from the position, the grid's rows, or the answer."""
        return game_history(
            guesses, position=self.position, words=self.words, grid=self.grid, answer=self.answer
        )
