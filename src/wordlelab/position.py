"""The position notation: a history of guesses with their feedback, as players and solvers write it.

Three spellings are read, and each is written back:

* ``salet:...y. drone:y...g`` (``colon``): ``word:feedback`` steps separated by spaces;
* ``salet,...y.;drone,y...g`` (``comma``): ``word,feedback`` steps separated by ``;``;
* ``salet.BBBYB.drone.YBBBG`` (``selby``, the C++ solvers' form): words and B/Y/G feedback
  alternating, joined by dots.

Feedback may be in any notation ``Pattern.parse`` reads (except, in the dotted form, one that
uses dots). A trailing word without feedback (``...drone``) asks about that guess. An empty
string is the start of the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import HardModeError, InvalidPatternError, InvalidWordError
from .feedback import Pattern
from .game import Position
from .matrix import PatternMatrix

STYLES = ("colon", "comma", "selby")
_STEP_SEP = re.compile(r"[;\s]+")
_PAIR_SEP = re.compile(r"[:,=]")


@dataclass(frozen=True)
class PositionSpec:
    """A parsed position: (word, feedback) steps and an optional trailing guess with no feedback."""

    steps: tuple[tuple[str, Pattern], ...] = ()
    trailing: str | None = None

    @classmethod
    def parse(cls, text: str, length: int | None = None) -> PositionSpec:
        """Read any of the three spellings; InvalidPatternError / InvalidWordError on bad text."""
        if not isinstance(text, str):
            raise InvalidPatternError(f"a position must be text, not {text!r}", text)
        body = text.strip()
        if not body:
            return cls()
        if _PAIR_SEP.search(body):
            steps: list[tuple[str, str]] = []
            trailing = None
            parts = [p for p in _STEP_SEP.split(body) if p]
            for i, part in enumerate(parts):
                pieces = [p for p in _PAIR_SEP.split(part)]
                if len(pieces) == 1 or (len(pieces) == 2 and not pieces[1]):
                    if i != len(parts) - 1:
                        raise InvalidPatternError(
                            f"position {text!r}: {part!r} has no feedback; only the last word may", text)
                    trailing = pieces[0]
                elif len(pieces) == 2 and pieces[0]:
                    steps.append((pieces[0], pieces[1]))
                else:
                    raise InvalidPatternError(f"position {text!r}: cannot read step {part!r} (use word:feedback)",
                                              text)
        else:
            tokens = body.split() if any(ch.isspace() for ch in body) else body.split(".")
            if any(not t for t in tokens):
                raise InvalidPatternError(
                    f"position {text!r}: empty part; write salet:...y. drone:y...g or salet.BBBYB.drone.YBBBG",
                    text)
            steps = [(tokens[i], tokens[i + 1]) for i in range(0, len(tokens) - 1, 2)]
            trailing = tokens[-1] if len(tokens) % 2 else None
        words = [_word(w, text) for w, _ in steps]
        last = _word(trailing, text) if trailing is not None else None
        every = [*words, *([last] if last else [])]
        k = length if length is not None else len(every[0])
        for w in every:
            if len(w) != k:
                raise InvalidWordError(f"position {text!r}: {w!r} has {len(w)} letters, not {k}", text)
        return cls(tuple((w, _pattern(p, w, text, k)) for w, (_, p) in zip(words, steps)), last)

    def format(self, style: str = "colon") -> str:
        """The position in one of STYLES; ``parse`` reads it back."""
        if style == "colon":
            parts = [f"{w}:{p}" for w, p in self.steps]
            return " ".join(parts + ([self.trailing] if self.trailing else []))
        if style == "comma":
            parts = [f"{w},{p}" for w, p in self.steps]
            return ";".join(parts + ([self.trailing] if self.trailing else []))
        if style == "selby":
            parts = [f"{w}.{p.format('byg')}" for w, p in self.steps]
            return ".".join(parts + ([self.trailing] if self.trailing else []))
        raise InvalidPatternError(f"unknown position style {style!r}; known: {', '.join(STYLES)}", style)

    def __str__(self) -> str:
        return self.format("colon")

    def without_trailing(self) -> PositionSpec:
        return PositionSpec(self.steps)

    def resolve(self, matrix: PatternMatrix, hard: bool = False, max_guesses: int = 6) -> Position:
        """The game position on ``matrix``: words must be allowed guesses, hard mode obeyed, some
        answer left (UnknownWordError, HardModeError, InconsistentFeedbackError otherwise)."""
        if len(self.steps) > max_guesses:
            raise InvalidPatternError(
                f"position {self}: {len(self.steps)} guesses, more than the {max_guesses} allowed", str(self))
        pos = Position.start(matrix, hard=hard, max_guesses=max_guesses)
        for w, p in self.steps:
            g = _guess_row(matrix, w)
            if pos.solved:
                raise InvalidPatternError(f"position {self}: {w!r} comes after the game was won", str(self))
            _check_hard(pos, w)
            pos = pos.after(g, p)
        if self.trailing is not None:
            _guess_row(matrix, self.trailing)
            _check_hard(pos, self.trailing)
        return pos


def _word(word: str, text: str) -> str:
    w = word.strip().lower()
    if not w or not w.isalpha():
        raise InvalidWordError(f"position {text!r}: {word!r} is not a word", text)
    return w


def _pattern(p: str, word: str, text: str, k: int) -> Pattern:
    try:
        return Pattern.parse(p, k)
    except InvalidPatternError as exc:
        raise InvalidPatternError(f"position {text!r}, {word!r}: {exc}", text) from None


def _guess_row(matrix: PatternMatrix, word: str) -> int:
    return matrix.guesses.lookup(word)


def _check_hard(pos: Position, word: str) -> None:
    if pos.hard and pos.history:
        message = pos.rule.violation(word)
        if message:
            raise HardModeError(f"{message} ({word!r} breaks hard mode)", word)


def parse_position(text: str, matrix: PatternMatrix, hard: bool = False,
                   max_guesses: int = 6) -> tuple[Position, str | None]:
    """The position ``text`` names on ``matrix`` and its trailing guess (None when there is none)."""
    spec = PositionSpec.parse(text, matrix.length)
    return spec.resolve(matrix, hard, max_guesses), spec.trailing
