"""Absurdle: an adversary that keeps the largest group of answers after every guess.

There is no secret word. After each guess the adversary splits the answers still possible by
the feedback they would give and keeps the largest group, so the player wins only when one word
is left and guessed. Ties between groups of equal size go to the group whose feedback shows the
fewest green tiles, then the fewest yellow tiles: the least informative answer, the rule the
Absurdle solvers reproduce (m1el/absurdle-solver, MIT, ``get_rigged_response``: the biggest
bucket, then the minimal (greens, yellows) score). Groups still tied after that (same counts of
greens and yellows) go to the lowest pattern code (base 3, first tile most significant, grey 0
yellow 1 green 2); that last step is our own stated rule, not taken from the published game. The
all-green group can therefore only be kept when it is the only one, i.e. when one word is left
and the player guesses it. Hard mode is the NYT's rule (greens kept, yellows reused).

The search for the fewest guesses that force a win is ``wordlelab.exact.absurdle``'s.
"""

from __future__ import annotations

import numpy as np

from ..errors import GameOverError, UnknownWordError, VariantError
from .matrix import PatternMatrix
from .position import Position


def _tie_keys(length: int) -> tuple[np.ndarray, np.ndarray]:
    """Greens and yellows of every pattern code of ``length`` tiles."""
    codes = np.arange(3**length)
    greens = np.zeros(codes.size, dtype=np.int64)
    yellows = np.zeros(codes.size, dtype=np.int64)
    rest = codes.copy()
    for _ in range(length):
        digit = rest % 3
        greens += digit == 2
        yellows += digit == 1
        rest //= 3
    return greens, yellows


_KEYS: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def absurdle_response(
    matrix: PatternMatrix, candidates: np.ndarray, guess: int
) -> tuple[int, np.ndarray]:
    """The adversary's feedback code for ``guess`` and the candidates it keeps (see the module doc)."""
    if candidates.size == 0:
        raise VariantError("no answer is left", guess)
    codes = matrix.row(guess)[candidates]
    counts = np.bincount(codes, minlength=3**matrix.length)
    biggest = counts.max()
    tied = np.flatnonzero(counts == biggest)
    if tied.size > 1:
        greens, yellows = _KEYS.setdefault(matrix.length, _tie_keys(matrix.length))
        tied = tied[np.lexsort((tied, yellows[tied], greens[tied]))]
    code = int(tied[0])
    return code, candidates[codes == code]


def check_guess(position: Position, word: str) -> int:
    """The guess row of ``word`` if it may be played now against the adversary (an allowed word,
    the game not won, hard mode's rule kept); the error a player would see if not."""
    if position.solved:
        raise GameOverError.not_played(word)
    m = position.matrix
    w = m.guesses.normalize(word)
    if w not in m.guesses:
        raise UnknownWordError.not_in_list(word)
    if position.hard and position.history:
        broken = position.rule.broken(w)
        if broken is not None:
            raise broken.refuse_play(word)
    return m.guesses.lookup(w)


def respond(position: Position, guess: int) -> Position:
    """The position after the adversary answers ``guess``."""
    code, _ = absurdle_response(position.matrix, position.candidates, guess)
    return position.after(guess, code)
