"""Exact Wordle feedback and the Pattern value type, in every notation players type.

A pattern is one base-3 integer: position 0 is the most significant digit, 0 grey, 1 yellow,
2 green, so all-green is ``3**k - 1``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import InvalidPatternError
from ..limits import MAX_TILES

GREY, YELLOW, GREEN = 0, 1, 2

# Emoji arrive with or without the variation selector; it carries no meaning.
_IGNORED = {"\ufe0f", "\ufe0e", " ", "\t", "\u200d"}


@dataclass(frozen=True)
class Notation:
    """One way of writing feedback: the symbols read for each colour, and how to write them."""

    name: str
    write: tuple[str, str, str]  # grey, yellow, green
    read: dict[str, int]
    description: str

    def format(self, colors: Iterable[int]) -> str:
        return "".join(self.write[c] for c in colors)


def _letters(grey: str, yellow: str, green: str) -> dict[str, int]:
    table = {}
    for chars, value in ((grey, GREY), (yellow, YELLOW), (green, GREEN)):
        for ch in chars:
            table[ch.lower()] = value
    return table


# Order matters only for documentation; detection looks for the notations that can read every
# symbol, and those agree on every shared symbol except 'x' (grey in dots, green in XOF).
NOTATIONS: dict[str, Notation] = {
    n.name: n
    for n in (
        Notation(
            "dots",
            (".", "y", "g"),
            _letters(".-_x", "y", "g"),
            "'.' grey (also - _ x), y yellow, g green",
        ),
        Notation("digits", ("0", "1", "2"), _letters("0", "1", "2"), "0 grey, 1 yellow, 2 green"),
        Notation(
            "byg", ("B", "Y", "G"), _letters("b", "y", "g"), "B black/grey, Y yellow, G green"
        ),
        Notation("nyg", ("N", "Y", "G"), _letters("n", "y", "g"), "N none/grey, Y yellow, G green"),
        Notation(
            "wyg", ("W", "Y", "G"), _letters("w", "y", "g"), "W white/grey, Y yellow, G green"
        ),
        Notation("xof", ("F", "O", "X"), _letters("f", "o", "x"), "X green, O yellow, F grey"),
        Notation(
            "emoji",
            ("\u2b1c", "\U0001f7e8", "\U0001f7e9"),
            _letters("\u2b1c\u2b1b", "\U0001f7e8", "\U0001f7e9"),
            "light/dark square grey, yellow square, green square",
        ),
        Notation(
            "emoji-dark",
            ("\u2b1b", "\U0001f7e8", "\U0001f7e9"),
            _letters("\u2b1c\u2b1b", "\U0001f7e8", "\U0001f7e9"),
            "as emoji, written with the dark-mode black square",
        ),
        Notation(
            "contrast",
            ("\u2b1c", "\U0001f7e6", "\U0001f7e7"),
            _letters("\u2b1c\u2b1b", "\U0001f7e6", "\U0001f7e7"),
            "high contrast: orange green, blue yellow, square grey",
        ),
    )
}
NOTATION_ALIASES = {
    "dot": "dots",
    "012": "digits",
    "ternary": "digits",
    "bw": "byg",
    "high-contrast": "contrast",
}


def find_notation(name: str) -> Notation:
    key = NOTATION_ALIASES.get(name.lower(), name.lower())
    if key not in NOTATIONS:
        raise InvalidPatternError(f"unknown notation {name!r}; known: {', '.join(NOTATIONS)}", name)
    return NOTATIONS[key]


@dataclass(frozen=True, order=True)
class Pattern:
    """Feedback for one guess: a base-3 code and the word length it belongs to."""

    code: int
    length: int

    def __post_init__(self) -> None:
        if not 1 <= self.length <= MAX_TILES:
            raise InvalidPatternError(
                f"a pattern of {self.length:,} tiles; patterns have 1 to {MAX_TILES}", self.length
            )
        if not 0 <= self.code < 3**self.length:
            raise InvalidPatternError(
                f"pattern code {self.code} does not fit length {self.length}", self.code
            )

    @classmethod
    def from_colors(cls, colors: Iterable[int]) -> Pattern:
        cols = list(colors)
        if len(cols) > MAX_TILES:  # before the base-3 code of thousands of digits
            raise InvalidPatternError(
                f"a pattern of {len(cols):,} tiles; patterns have 1 to {MAX_TILES}", len(cols)
            )
        code = 0
        for c in cols:
            if c not in (GREY, YELLOW, GREEN):
                raise InvalidPatternError(f"colour {c!r} is not 0, 1 or 2", cols)
            code = code * 3 + c
        return cls(code, len(cols))

    @classmethod
    def all_green(cls, length: int) -> Pattern:
        return cls(3**length - 1, length)

    @classmethod
    def parse(cls, text: str, length: int | None = None) -> Pattern:
        """Read feedback in any notation (auto-detected, case-insensitive)."""
        colors = parse_colors(text)
        if length is not None and len(colors) != length:
            raise InvalidPatternError(
                f"feedback {text!r} has {len(colors)} tiles; expected {length}",
                text,
                kind="feedback_length",
                tiles=len(colors),
                expected=length,
            )
        return cls.from_colors(colors)

    @property
    def colors(self) -> tuple[int, ...]:
        out = []
        code = self.code
        for _ in range(self.length):
            code, digit = divmod(code, 3)
            out.append(digit)
        return tuple(reversed(out))

    @property
    def is_win(self) -> bool:
        return self.code == 3**self.length - 1

    def format(self, notation: str = "dots") -> str:
        return find_notation(notation).format(self.colors)

    @property
    def emoji(self) -> str:
        return self.format("emoji")

    def __format__(self, spec: str) -> str:
        return self.format(spec or "dots")

    def __str__(self) -> str:
        return self.format("dots")

    def __repr__(self) -> str:
        return f"Pattern.parse({str(self)!r})"


def parse_colors(text: str) -> tuple[int, ...]:
    """Turn feedback text into colours, detecting the notation; InvalidPatternError if none fits."""
    if not isinstance(text, str):
        raise InvalidPatternError(f"feedback must be text, not {text!r}", text)
    if len(text) > 8 * MAX_TILES:  # room for separators between the tiles
        raise InvalidPatternError(
            f"feedback {text[:20] + '…'!r} has {len(text):,} characters; patterns have "
            f"1 to {MAX_TILES} tiles",
            text[:20],
        )
    symbols = [ch for ch in text.strip() if ch not in _IGNORED]
    if not symbols:
        raise InvalidPatternError(f"feedback {text!r} is empty", text)
    lowered = [ch.lower() for ch in symbols]
    chars = set(lowered)
    fits = [n for n in NOTATIONS.values() if chars <= n.read.keys()]
    if not fits:
        unknown = sorted(ch for ch in chars if not any(ch in n.read for n in NOTATIONS.values()))
        if unknown:
            raise InvalidPatternError(
                f"feedback {text!r} has {', '.join(repr(c) for c in unknown)}; "
                "use . y g, 0 1 2, B/N/W Y G, X O F or the coloured squares",
                text,
                kind="feedback_chars",
                chars=", ".join(unknown),
            )
        raise InvalidPatternError(
            f"feedback {text!r} mixes notations; use one of them", text, kind="feedback_mixed"
        )
    names = {n.name for n in fits}
    notation = fits[0]
    if "dots" in names and "xof" in names:
        # Only 'x' tiles: 'x' is grey in the dots notation and green in XOF. XOF is written in
        # capitals, so an all-capital string is read as XOF (a win) and lower case as grey.
        notation = NOTATIONS["xof"] if all(ch == "X" for ch in symbols) else NOTATIONS["dots"]
    return tuple(notation.read[ch] for ch in lowered)


def score_colors(guess: str, answer: str) -> tuple[int, ...]:
    """The slow, obviously correct reference: greens first, then yellows left to right."""
    if len(guess) != len(answer):
        raise InvalidPatternError(
            f"cannot score {guess[:20]!r} against {answer[:20]!r}: lengths differ", (guess, answer)
        )
    if len(guess) > MAX_TILES:
        raise InvalidPatternError(
            f"cannot score words of {len(guess):,} letters; at most {MAX_TILES}", len(guess)
        )
    colors = [GREY] * len(guess)
    unused: dict[str, int] = {}
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            colors[i] = GREEN
        else:
            unused[a] = unused.get(a, 0) + 1
    for i, g in enumerate(guess):
        if colors[i] != GREEN and unused.get(g, 0) > 0:
            colors[i] = YELLOW
            unused[g] -= 1
    return tuple(colors)


def score(guess: str, answer: str) -> Pattern:
    """Feedback that ``guess`` receives when the hidden word is ``answer``."""
    return Pattern.from_colors(score_colors(guess, answer))
