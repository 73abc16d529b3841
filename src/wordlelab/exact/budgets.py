"""Budgets of exact search, counted in work rather than seconds.

Work is feedback look-ups (a scan of g guesses over n answers is g x n, a partition n, a node n),
counted inside the kernels, so a budget stops every search at the same point on any machine at
any load and the same command prints the same figures. A wall-clock limit is only an opt-in
safety net (``analyse --time-limit``; the web server sets one); when it fires the result says so
(``Evaluation.timed_out``).

Rough scale: a few hundred million look-ups a second on one core.
"""

from __future__ import annotations

# Work per reviewed step (``analyse``, ``check --played``, the web's Analyse): what is not proven
# within it is reported as proven bounds. Sized so that a review of a game takes well under a
# second at the median and a few seconds at the worst.
REVIEW_WORK = 800_000_000
# Work behind the assistant's exact top N and the web's Assist, per request.
ASSIST_WORK = 800_000_000
# The greedy trees behind the upper bounds of one evaluate() call, in look-ups.
GREEDY_WORK = 50_000_000
# The web server's safety net, in seconds of wall clock per reviewed step: never reached on a
# healthy machine at the budgets above; when it is, the figures are bounds and the output says so.
SAFETY_S = 60.0


# The largest work budget taken: the kernels count work in 64-bit integers, and 10**15 look-ups
# are weeks of search on any machine, far past any use.
MAX_WORK = 10**15


def parse_work(text: str | int) -> int:
    """A work amount from ``400M``, ``2G``, ``150k`` or a plain count of look-ups (at most
    MAX_WORK)."""
    if isinstance(text, int):
        if text < 0:
            raise ValueError(f"a work budget cannot be negative, not {text}")
        if text > MAX_WORK:
            raise ValueError(
                f"a work budget of at most {format_work(MAX_WORK)} is taken, not {text}"
            )
        return text
    s = str(text).strip().lower().replace("_", "")
    scale = {"k": 10**3, "m": 10**6, "g": 10**9}.get(s[-1:], 1)
    digits = s[:-1] if scale != 1 else s
    try:
        value = float(digits)
    except ValueError:
        raise ValueError(f"{text!r} is not a work amount (look-ups, e.g. 400M or 2G)") from None
    if not value >= 0 or value == float("inf"):
        raise ValueError(f"{text!r} is not a work amount (look-ups, e.g. 400M or 2G)")
    if value * scale > MAX_WORK:
        shown = text if len(str(text)) <= 20 else str(text)[:20] + "…"
        raise ValueError(
            f"{shown!r} is more work than is taken (at most {format_work(MAX_WORK)} look-ups)"
        )
    return int(value * scale)


def format_work(work: int) -> str:
    """``400M`` for 400_000_000 (the shortest exact form)."""
    for suffix, scale in (("G", 10**9), ("M", 10**6), ("k", 10**3)):
        if work >= scale and work % scale == 0:
            return f"{work // scale}{suffix}"
    return str(work)


# Under a budget of w look-ups, sets of more than w / SEARCH_WORK_PER_ANSWER answers are not
# searched (the counting bound and a greedy tree at once): a set that large is almost never
# proven within w, so the search would only spend it (800 answers at the default 800M).
SEARCH_WORK_PER_ANSWER = 1_000_000

# Work one opener's first-use proof may take (``opener_proof``: the tree proven after an opener
# with no tree yet, every thread's look-ups counted); past it the review goes on with bounds.
PROVE_WORK = 100_000_000_000
