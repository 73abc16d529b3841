"""Proven ranges rounded for display, the same way for every front end.

A review's cost of a move is proven to lie in [low, high]. Rounded to the nearest at a few
decimals, a range can come out narrower than what was proven (0.70449 shows as 0.704, while the
same figure rounded to four decimals first, as JSON carries it, shows as 0.705), and two front
ends that round at different places disagree. ``outward`` rounds the lower bound down and the
upper bound up, so the range shown always contains the range proven; a value proven exactly
(the two meet) rounds to the nearest. The coach's bounds on the expected guesses from a position
(``per_answer``) and a guess "at least" a figure (``exact_shown``) are shown the same way. The
JSON carries the figures these give, so the web page shows what the terminal prints.
"""

from __future__ import annotations

import math

from .kernels.bounds import INF as INF_TOTAL  # the exact search's impossible total (numpy only)

INF = float("inf")

# Products such as 0.402 * 1000 come out as 401.99999999999994 in binary: the scaled figure is
# rounded to this many decimals before floor / ceil, so a bound already on the grid stays put.
_GRID_TOLERANCE = 6


def down(x: float, digits: int) -> float:
    """A lower bound rounded to ``digits`` decimals downwards (still a lower bound)."""
    if x == INF:
        return x
    scale = 10**digits
    return math.floor(round(x * scale, _GRID_TOLERANCE)) / scale


def per_answer(lower: float, upper: float, n: int) -> list[float | None] | None:
    """Proven bounds on a total over ``n`` answers as expected guesses a game, shown (three
    decimals, outwards): ``[low, high]``, high None without an upper bound; None when no win
    is proven possible (``lower`` infinite or past ``INF_TOTAL``)."""
    if lower >= INF_TOTAL or n <= 0:
        return None
    return shown(lower / n, upper / n if upper < INF_TOTAL else INF)


def outward(low: float, high: float, digits: int) -> tuple[float, float]:
    """``(low, high)`` rounded to ``digits`` decimals outwards: low down, high up (infinite
    bounds unchanged); one nearest-rounded value twice when the two are equal."""
    if low == INF:
        return low, high
    if high != INF and abs(high - low) < 1e-9:
        v = round(low, digits)
        return v, v
    scale = 10**digits
    hi = high if high == INF else math.ceil(round(high * scale, _GRID_TOLERANCE)) / scale
    return down(low, digits), hi


def shown(low: float, high: float) -> list[float | None] | None:
    """The range as the pages and the terminal show it (three decimals, outwards), for JSON:
    ``[low, high]``, high None when no upper bound is known; None when the move can fail
    (``low`` infinite)."""
    if low == INF:
        return None
    lo, hi = outward(low, high, 3)
    return [lo, None if hi == INF else hi]


def exact_shown(kind: str, x: float) -> float:
    """A guess's expected guesses as ``Evaluation.expected_of`` gives them, at three decimals:
    the nearest for a value proven exactly ("exact"), rounded down for a lower bound
    ("at least")."""
    return down(x, 3) if kind == "at least" else round(x, 3)


def lost_words(low: int, high: float) -> str:
    """Answers a move can lose beyond the best play, as both front-ends say it: "+1 lost answer",
    "+1–2 lost answers", "≥+1 lost answer"; "" when none."""
    if not high:
        return ""
    if high == float("inf"):
        return f"≥+{low} lost answer{'' if low == 1 else 's'}"
    hi = int(high)
    figure = f"+{low}" if hi == low else f"+{low}–{hi}"
    return f"{figure} lost answer{'' if hi == 1 else 's'}"
