"""The position notation: a history of guesses with their feedback, in the forms people use.

    salet:...y. drone:y...g        word:pattern pairs separated by spaces
    salet,...y.;drone,y...g        word,pattern pairs separated by semicolons
    salet.BBBYB.drone.YBBBG        the C++ solvers' form: words and B/Y/G patterns joined by dots

Any pattern notation ``Pattern.parse`` reads works in the first two forms. A trailing word with
no feedback (``salet:...y. drone``) asks about that guess. ``read_position`` turns the text into
a ``Position`` on a matrix, with one-line errors for a bad word, pattern or impossible history.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..config import MAX_LENGTH
from ..errors import InvalidPatternError, InvalidWordError
from . import Position
from .feedback import Pattern
from .matrix import PatternMatrix

_SELBY = re.compile(r"^[^\W\d_]+(\.[BYGbyg]+\.[^\W\d_]+)*(\.[BYGbyg]+)?$")


@dataclass(frozen=True)
class PositionText:
    """A parsed position: (word, pattern) pairs and, maybe, a trailing guess to ask about."""

    history: tuple[tuple[str, Pattern], ...]
    guess: str | None = None

    def format(self, style: str = "colon") -> str:
        """The position in one of the forms: ``colon``, ``comma`` or ``selby``."""
        if style == "colon":
            parts = [f"{w}:{p}" for w, p in self.history] + ([self.guess] if self.guess else [])
            return " ".join(parts)
        if style == "comma":
            parts = [f"{w},{p}" for w, p in self.history] + ([self.guess] if self.guess else [])
            return ";".join(parts)
        if style == "selby":
            parts = [f"{w}.{p.format('byg')}" for w, p in self.history] + (
                [self.guess] if self.guess else []
            )
            return ".".join(parts)
        raise InvalidPatternError(
            f"unknown position style {style!r}; use colon, comma or selby", style
        )


def parse_position(text: str) -> PositionText:
    """Read a position in any of the three forms; InvalidPatternError quoting the text if not."""
    if not isinstance(text, str):
        raise InvalidPatternError(f"a position must be text, not {text!r}", text)
    s = text.strip()
    if not s:
        return PositionText(())
    if _SELBY.match(s) and ":" not in s and "," not in s:
        tokens = s.split(".")
        pairs = [(tokens[i], tokens[i + 1]) for i in range(0, len(tokens) - 1, 2)]
        trailing = tokens[-1] if len(tokens) % 2 else None
        return _checked(pairs, trailing, text)
    if ";" in s or ("," in s and ":" not in s):
        entries = [e.strip() for e in s.split(";") if e.strip()]
        split = [e.split(",", 1) for e in entries]
    else:
        entries = s.split()
        split = [e.split(":", 1) for e in entries]
    if not split:  # only separators (';;;;'): not the empty position, which is written as ''
        raise InvalidPatternError(
            f"position {text.strip()!r} has no guesses in it", text, kind="position_no_guesses"
        )
    trailing = None
    if split and len(split[-1]) == 1:
        trailing = split.pop()[0]
    for part in split:
        if len(part) == 1:
            raise InvalidPatternError(
                f"position {text.strip()!r}: {part[0]!r} has no feedback (only the last "
                "word may come without it)",
                part[0].strip(),
                kind="position_no_feedback",
            )
    return _checked([(w, p) for w, p in split], trailing, text)


def _checked(pairs: list[tuple[str, str]], trailing: str | None, text: str) -> PositionText:
    words = [w.strip().lower() for w, _ in pairs] + ([trailing.strip().lower()] if trailing else [])
    if len(words) > 20 or any(len(w) > MAX_LENGTH for w in words):
        raise InvalidWordError(
            f"position {text.strip()[:40]!r}…: {len(words)} words, the longest of "
            f"{max(map(len, words)):,} letters; at most 20 words of up to {MAX_LENGTH}",
            text[:40],
        )
    for w in words:
        if not w.isalpha():
            raise InvalidWordError(
                f"position {text.strip()!r}: {w!r} is not a word", w, kind="position_not_word"
            )
        if len(w) != len(words[0]):
            raise InvalidWordError(
                f"position {text.strip()!r}: {w!r} has {len(w)} letters, "
                f"{words[0]!r} {len(words[0])}",
                w,
                kind="position_word_lengths",
                letters=len(w),
                first=words[0].upper(),
                first_letters=len(words[0]),
            )
    history = []
    for word, pat in pairs:
        word = word.strip().lower()
        try:
            pattern = Pattern.parse(pat.strip(), len(word))
        except InvalidPatternError as exc:
            where = f"position {text.strip()!r}"
            if exc.kind == "feedback_length":
                # Which of the two is wrong is not known here (the word may be the short one):
                # name both, rather than blame the feedback for the word's length.
                tiles = exc.fields["tiles"]
                raise InvalidPatternError(
                    f"{where}: {word!r} has {len(word)} letters but its feedback "
                    f"{pat.strip()!r} has {tiles} tiles",
                    word,
                    kind="position_tiles",
                    letters=len(word),
                    tiles=tiles,
                    feedback=pat.strip(),
                ) from None
            # The same kind and figures, for a page in another language to say it (parts()).
            raise exc.within(where) from None
        history.append((word, pattern))
    return PositionText(tuple(history), trailing.strip().lower() if trailing else None)


def read_position(
    text: str | PositionText,
    matrix: PatternMatrix,
    hard: bool = False,
    max_guesses: int = 6,
    ultrahard: bool = False,
) -> tuple[Position, str | None]:
    """The Position a text names on ``matrix`` (and its trailing guess, if any).

    Words must be allowed guesses, each guess legal in hard (or ultrahard) mode, and some answer must fit
    the whole history (InconsistentFeedbackError otherwise).
    """
    parsed = parse_position(text) if isinstance(text, str) else text
    shown = parsed.format()
    if len(parsed.history) > max_guesses:
        raise InvalidPatternError(
            f"position {shown!r} has {len(parsed.history)} guesses; the game allows {max_guesses}",
            shown,
            kind="too_many_guesses",
            played=len(parsed.history),
            max_guesses=max_guesses,
        )
    pos = Position.start(matrix, hard=hard, max_guesses=max_guesses, ultrahard=ultrahard)
    for word, pattern in parsed.history:
        row = matrix.guesses.lookup(word)
        if pos.solved:
            raise InvalidPatternError(
                f"position {shown!r}: {word.upper()} comes after the game was won",
                word,
                kind="position_after_win",
            )
        _check_hard(pos, matrix.guesses[row])
        pos = pos.after(row, pattern)
    guess = None
    if parsed.guess is not None:
        guess = matrix.guesses[matrix.guesses.lookup(parsed.guess)]
        if pos.solved:
            raise InvalidPatternError(
                f"position {shown!r}: {guess.upper()} comes after the game was won",
                guess,
                kind="position_after_win",
            )
        _check_hard(pos, guess)
    return pos, guess


def _check_hard(pos: Position, word: str) -> None:
    if pos.hard and pos.history:
        broken = pos.rule.broken(word)
        if broken is not None:
            raise broken.refuse_line(word)
