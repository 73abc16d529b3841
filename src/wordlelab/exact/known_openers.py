"""The proven best openers of the shipped list sets (what ``--opener auto`` plays).

A module of its own, below the assistant and the strategies: both need it (the coach plays it at
the start where no tree ships), and neither may import the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game.matrix import PatternMatrix

# Proven optimal openers, keyed by the fingerprint prefixes of (allowed guesses, answers) and the
# mode. On the original lists SALET (7920 guesses in total in normal mode, 8122 in hard mode; the
# entropy strategy's own choice, SOARE, costs 8020 when entropy plays on, SALET 7946). On the NYT
# lists TARSE (alex1770/wordle's proofs: 11219 normal and 11627 hard on the 3158 likely answers,
# 7883 normal on the 2309 of 2022) and SALET in hard mode on the 2022 list (8097).
KNOWN_OPENERS: dict[tuple[str, str, str], str] = {
    ("feacc549249b5dcb", "f40e47975cf360ff", "normal"): "salet",
    ("feacc549249b5dcb", "f40e47975cf360ff", "hard"): "salet",
    ("ba86911aea83d038", "3e443482b78dee0f", "normal"): "tarse",
    ("ba86911aea83d038", "3e443482b78dee0f", "hard"): "tarse",
    ("ba86911aea83d038", "c495f6cbc3647535", "normal"): "tarse",
    ("ba86911aea83d038", "c495f6cbc3647535", "hard"): "salet",
}


def default_opener(matrix: PatternMatrix, hard: bool = False) -> str | None:
    """The proven best opener for these lists and mode, or None when the strategy should choose."""
    key = (
        matrix.guesses.fingerprint[:16],
        matrix.answers.fingerprint[:16],
        "hard" if hard else "normal",
    )
    word = KNOWN_OPENERS.get(key)
    return word if word is not None and word in matrix.guesses else None
