"""The Absurdle prover: the fewest guesses that force a win against the adversary.

The adversary's rule is ``wordlelab.game.absurdle``'s. The search proves the fewest guesses that
force a win: a line of that many guesses replayed against the adversary, and an exhaustive search
(with a sound pigeonhole bound) showing that one guess fewer never suffices.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import VariantError, WordlelabError
from ..game.absurdle import check_guess, respond
from ..game.feedback import Pattern
from ..game.matrix import PatternMatrix, matrix_key
from ..game.position import Position
from ..paths import cache_dir, read_cache_entry, write_cache_entry

# Far beyond any Absurdle game worth searching: the published optimum is 4.
MAX_DEPTH = 8
# Guesses tried per position by the quick search for a winning line before the exhaustive one.
BEAM = 30


def pigeonhole_bound(length: int, guesses: int) -> int:
    """The largest answer set that could possibly be forced to a win in ``guesses`` guesses.

    A guess splits a set into at most 3**length groups and the adversary keeps the largest,
    which has at least ceil(n / 3**length) words; a win needs one word left before the last guess.
    """
    if guesses < 1:
        return 0
    return (3**length) ** (guesses - 1)


@dataclass
class AbsurdleSearch:
    """Depth-limited search for a forced win; counts the positions it expands.

    ``width`` limits how many guesses are tried per position (best adversary bucket first);
    None tries every legal guess, which makes a "no line" answer a proof.
    """

    width: int | None = None
    positions: int = 0

    @property
    def exhaustive(self) -> bool:
        return self.width is None

    def line(
        self, position: Position, guesses: int, progress: Callable[[int, int], None] | None = None
    ) -> list[int] | None:
        """Guess rows that win within ``guesses`` guesses from ``position``, or None if none does."""
        self.positions += 1
        m = position.matrix
        n = int(position.candidates.size)
        if n == 1:
            row = int(m.answer_to_guess[position.candidates[0]])
            ok = guesses >= 1 and row >= 0 and bool(position.legal_mask()[row])
            return [row] if ok else None
        if guesses < 2 or n > pigeonhole_bound(m.length, guesses):
            return None
        rows = np.flatnonzero(position.legal_mask())
        if rows.size == 0:
            return None
        stats = m.partition_stats(rows, position.candidates)
        # The adversary's bucket has exactly the largest group's size, whatever the tie rule.
        bucket = stats[:, 3].astype(np.int64)
        keep = bucket <= pigeonhole_bound(m.length, guesses - 1)
        rows, bucket = rows[keep], bucket[keep]
        if guesses == 2:
            hit = np.flatnonzero(bucket == 1)
            if hit.size == 0:
                return None
            row = int(rows[hit[0]])
            return [row] + (self.line(respond(position, row), 1) or [])
        order = np.lexsort((rows, bucket))
        if self.width is not None:
            order = order[: self.width]
        for i, idx in enumerate(order):
            row = int(rows[idx])
            rest = self.line(respond(position, row), guesses - 1)
            if progress is not None:
                progress(i + 1, int(order.size))
            if rest is not None:
                return [row] + rest
        return None


def absurdle_next(
    position: Position, width: int = 40, max_guesses: int = MAX_DEPTH
) -> tuple[int, list[int]]:
    """What to play now against the adversary: (fewest guesses found, the line of guess rows).

    Iterative deepening from the pigeonhole lower bound with ``width`` guesses per position
    (a beam, not a proof: the line is a forced win but a shorter one may exist).
    """
    m = position.matrix
    start = 1
    while position.candidates.size > pigeonhole_bound(m.length, start):
        start += 1
    search = AbsurdleSearch(width=width)
    for depth in range(start, max_guesses + 1):
        found = search.line(position, depth)
        if found is not None:
            return depth, found
    raise VariantError(f"no forced win within {max_guesses} guesses was found", max_guesses)


# Bumped when absurdle_next's choices change for the same lists and width (the cached start lines).
START_LINE_VERSION = 1


def _start_key(matrix: PatternMatrix, hard: bool, width: int) -> str:
    text = (
        f"absurdle-start v{START_LINE_VERSION}\n{matrix_key(matrix.guesses, matrix.answers)}\n"
        f"hard={hard}\nwidth={width}\nmax={MAX_DEPTH}\n"
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _read_start(path: Path, key: str, matrix: PatternMatrix, hard: bool) -> list[int] | None:
    """The cached line, if the file is ours and its words still force a win when replayed."""
    data = read_cache_entry(path, key)
    if data is None:
        return None
    words = data.get("words")
    if not isinstance(words, list) or not words or not all(isinstance(w, str) for w in words):
        return None
    try:
        line = replay(matrix, words, hard)
        if not line[-1][1].is_win:
            return None
        return [matrix.guesses.lookup(w) for w in words]
    except (WordlelabError, KeyError, ValueError, TypeError):  # words that are not a line here
        return None


def start_line(matrix: PatternMatrix, hard: bool = False, width: int = 40) -> list[int]:
    """``absurdle_next`` at the start of a game, from the disk cache when it is there.

    The search is deterministic, so the line of a pair of lists (and mode and width) is the same
    every time: it is computed once (seconds on the NYT lists) and kept in the cache's "openers"
    part. A cached line is used only if its words replay to a win against the adversary.
    """
    key = _start_key(matrix, hard, width)
    path = cache_dir() / "openers" / f"{key}.json"
    rows = _read_start(path, key, matrix, hard)
    if rows is None:
        start = Position.start(matrix, hard=hard, max_guesses=10**6)
        _, rows = absurdle_next(start, width)
        write_cache_entry(
            path,
            {"key": key, "hard": hard, "width": width, "words": [matrix.guesses[r] for r in rows]},
        )
    return rows


@dataclass
class AbsurdleProof:
    """The fewest guesses forcing a win against the adversary, with its witness and its proof."""

    guesses: int
    hard: bool
    line: list[tuple[str, Pattern, int]]  # guess, the adversary's feedback, answers left after it
    impossible: int  # this many guesses never force a win (proved by exhaustive search)
    positions: int  # positions the exhaustive search expanded
    seconds: float = 0.0
    lists: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "minimum_guesses": self.guesses,
            "hard": self.hard,
            "line": [
                {"guess": w, "pattern": str(p), "emoji": p.emoji, "left": n}
                for w, p, n in self.line
            ],
            "proved_impossible_in": self.impossible,
            "positions_searched": self.positions,
            "seconds": round(self.seconds, 2),
            "lists": self.lists,
        }


def replay(
    matrix: PatternMatrix, words: list[str], hard: bool = False
) -> list[tuple[str, Pattern, int]]:
    """Play ``words`` against the adversary; each guess with its feedback and the answers left."""
    position = Position.start(matrix, hard=hard, max_guesses=10**6)
    out = []
    for w in words:
        position = respond(position, check_guess(position, w))
        out.append((w, Pattern(position.history[-1][1], matrix.length), position.candidates.size))
    return out


def prove_absurdle(
    matrix: PatternMatrix,
    hard: bool = False,
    max_guesses: int = MAX_DEPTH,
    progress: Callable[[int, int], None] | None = None,
) -> AbsurdleProof:
    """The fewest guesses that force a win, by exhaustive iterative deepening.

    Every depth below the answer is refuted by trying every legal guess at every position
    (pruned only by the pigeonhole bound); the winning line, found by a narrow search first and
    by the exhaustive one only if that fails, is replayed against the adversary.
    ``progress(done, total)`` reports first guesses tried at the current depth.
    """
    t0 = time.perf_counter()
    start = Position.start(matrix, hard=hard, max_guesses=10**6)
    search = AbsurdleSearch(width=None)
    for depth in range(1, max_guesses + 1):
        # A narrow search finds most witnesses at once; every smaller depth has already been
        # refuted exhaustively, so a line found here is optimal. Only if it fails is this depth
        # searched exhaustively (a proof either way).
        beam = AbsurdleSearch(width=BEAM)
        found = beam.line(start, depth)
        search.positions += beam.positions
        if found is None:
            found = search.line(start, depth, progress)
        if found is not None:
            words = [matrix.guesses[r] for r in found]
            line = replay(matrix, words, hard)
            if not line[-1][1].is_win or len(line) != depth:
                raise AssertionError(f"the line {words} does not replay to a win in {depth}")
            return AbsurdleProof(
                depth,
                hard,
                line,
                depth - 1,
                search.positions,
                time.perf_counter() - t0,
                {
                    "guesses": matrix.guesses.name,
                    "answers": matrix.answers.name,
                    "guesses_fingerprint": matrix.guesses.fingerprint[:16],
                    "answers_fingerprint": matrix.answers.fingerprint[:16],
                },
            )
    raise VariantError(f"no forced win within {max_guesses} guesses", max_guesses)
