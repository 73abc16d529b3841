"""An opener's tree proven on first use: once proven and kept, every game after it is exact.

A review (``review``), ``check --played`` and the assistant value the positions after the game's
opener from the tree proven optimal after it (``evaluation.tree_at``). Sixteen openers ship such a
tree; after any other the first review that needs one proves it here with the exact search
(``optimal.solve_optimal``, every core), keeps it in the player's data folder as
``wordlelab optimal --opener W --keep`` does (one file per lists, mode and opener; it records the
version of the search that proved it) and from then on every step of every game with that opener
is valued from it, at once. A kept tree is replayed once per process before it is trusted
(``evaluation.checked_opener_tree``); one that does not replay, or that another version of the
search proved, is proven again and replaced.

In hard mode the proof is by hard mode's objective (``optimal.solve_optimal``'s ``losses``): the
fewest answers lost, then the fewest guesses. Where a six-guess strategy follows the opener that
is the tree of fewest guesses, node for node (the search without losses runs first wherever no
answer need be lost); where none does (CRANE, SLATE, about half the openers on the NYT lists) it
is the tree of fewest losses, kept the same way, whose positions the review then values by that
objective.

The proof's work is counted in look-ups (``budgets``) like every other budget: past
``PROVE_WORK`` it stops and the review goes on with today's proven bounds. Progress comes through
a callback (``optimal.Progress``: the opener's feedback groups done of all, look-ups so far); the
library never prints.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, replace

from ..errors import SearchFailedError, StoppedEarlyError, WordlelabError
from ..game.matrix import PatternMatrix
from .budgets import PROVE_WORK
from .context import ExactContext
from .optimal import ProgressCallback

# Statuses of an OpenerProof.
SHIPPED = "shipped"  # a tree ships with the package (or the lists' optimal tree opens with it)
KEPT = "kept"  # a tree proven earlier and kept, replayed
PROVEN = "proven"  # proven now and kept
NOT_KEPT = "not kept"  # proven now, but the data folder could not take it
NO_TREE = "no tree"  # proven now: no strategy after the opener solves every answer in the limit
OUT_OF_WORK = "out of work"  # the proof did not finish within its budget of look-ups
STOPPED = "stopped"  # stopped by the caller
NOT_SEARCHABLE = "not searchable"  # no exact search for these words (too long)
NOT_ASKED = "not asked"  # none there, and the caller did not ask for a proof (``--no-prove``)
WIDENED = "widened"  # lists widened by an answer outside them for one game: not proven

_HAS_TREE = (SHIPPED, KEPT, PROVEN)


@dataclass(frozen=True)
class OpenerProof:
    """What ``prove_opener_tree`` found or did for one opener on one set of lists and mode."""

    opener: str
    hard: bool
    status: str
    work: int = 0  # look-ups spent proving now (0 when a tree was there already)
    seconds: float = 0.0
    total: int | None = None  # the tree's total over every answer, when there is a tree
    groups: int = 0  # the opener's feedback groups the proof solved
    error: str | None = None  # why a proven tree was not kept
    lost: int = 0  # answers the tree loses (hard mode's objective; 0: it solves every answer)

    @property
    def has_tree(self) -> bool:
        """A tree proven optimal after the opener is there to value the positions after it."""
        return self.status in _HAS_TREE

    @property
    def proved_now(self) -> bool:
        return self.work > 0

    def to_dict(self) -> dict[str, object]:
        return {
            "opener": self.opener,
            "mode": "hard" if self.hard else "normal",
            "status": self.status,
            "has_tree": self.has_tree,
            "work": self.work,
            "seconds": round(self.seconds, 2),
            "total": self.total,
            "groups": self.groups,
            "error": self.error,
            **({"lost": self.lost} if self.lost else {}),
        }


def existing_opener_tree(
    matrix: PatternMatrix,
    opener: str,
    hard: bool,
    max_guesses: int = 6,
    context: ExactContext | None = None,
) -> OpenerProof | None:
    """The proof that is already there for ``opener`` (shipped, or kept and replayed), or None
    where the first use would prove one. No search. ``context``: the caller's, whose kept trees
    are read and replayed once (``ExactContext``)."""
    from .evaluation import _proven_tree, checked_opener_tree

    m = matrix
    word = m.guesses[m.guesses.index(m.guesses.normalize(opener))]
    tree = _proven_tree(m.guesses.fingerprint, m.answers.fingerprint, hard, max_guesses)
    if tree is not None and tree.opener == word:
        return OpenerProof(word, hard, SHIPPED, total=tree.total)
    tree = checked_opener_tree(m, hard, max_guesses, word, context)
    if tree is None and hard:  # a tree of fewest losses, where no six-guess strategy follows it
        tree = checked_opener_tree(m, hard, max_guesses, word, context, losses=True)
    if tree is None:
        return None
    status = SHIPPED if tree.name.endswith("(bundled)") else KEPT
    return OpenerProof(word, hard, status, total=tree.total, lost=tree.lost)


# One proof at a time per (lists, mode, limit, opener) in a process, whatever the callers' contexts:
# the kept file is the process's (the data folder's), so a second caller waits for the first and
# then finds its kept tree.
_LOCKS: dict[tuple[str, str, bool, int, str], threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def prove_opener_tree(
    matrix: PatternMatrix,
    opener: str,
    *,
    hard: bool = False,
    max_guesses: int = 6,
    progress: ProgressCallback | None = None,
    budget: int = PROVE_WORK,
    stop: threading.Event | None = None,
    threads: int | None = None,
    memo_mb: int = 256,
    context: ExactContext | None = None,
) -> OpenerProof:
    """The tree proven optimal after ``opener``: the shipped or kept one, else proven now within
    ``budget`` look-ups and kept in the data folder. ``progress`` gets the search's reports while
    it runs (none when a tree is there already); ``stop`` ends the proof early (status
    ``stopped``); ``threads`` default to one per core; ``context``: the caller's, as in
    ``existing_opener_tree``."""
    from ..limits import MAX_EXACT_WORD

    m = matrix
    word = m.guesses[m.guesses.index(m.guesses.normalize(opener))]
    if m.length > MAX_EXACT_WORD:
        return OpenerProof(word, hard, NOT_SEARCHABLE)
    key = (m.guesses.fingerprint, m.answers.fingerprint, hard, max_guesses, word)
    with _LOCKS_LOCK:
        lock = _LOCKS.setdefault(key, threading.Lock())
    with lock:
        there = existing_opener_tree(m, word, hard, max_guesses, context)
        if there is not None:
            return there
        failed = _FAILED.get((*key, budget))
        if failed is not None:
            return replace(failed, work=0, seconds=0.0)  # proven in vain before: not again
        got = _prove(m, word, hard, max_guesses, progress, budget, stop, threads, memo_mb)
        if got.status in (NO_TREE, OUT_OF_WORK, NOT_KEPT):
            _FAILED[(*key, budget)] = got
        return got


# Proofs that gave no kept tree in this process (no tree within the limit, out of work, not
# kept), by key and budget: asked again, the answer is the same, so it is not searched again.
_FAILED: dict[tuple[str, str, bool, int, str, int], OpenerProof] = {}


def _prove(
    m: PatternMatrix,
    word: str,
    hard: bool,
    max_guesses: int,
    progress: ProgressCallback | None,
    budget: int,
    stop: threading.Event | None,
    threads: int | None,
    memo_mb: int,
) -> OpenerProof:
    from .optimal import Progress, solve_optimal
    from .tree import keep_opener_tree

    halt = threading.Event()  # the caller's stop, or the budget spent
    seen = {"work": 0, "groups": 0}

    def report(p: Progress) -> None:
        seen["work"], seen["groups"] = max(seen["work"], p.work), p.parts_done
        if p.work > budget or (stop is not None and stop.is_set()):
            halt.set()
        if progress is not None:
            progress(p)

    start = time.monotonic()

    def result(status: str, **kw: object) -> OpenerProof:
        return OpenerProof(
            word,
            hard,
            status,
            work=max(1, int(kw.pop("work", seen["work"]))),  # type: ignore[call-overload]
            seconds=time.monotonic() - start,
            groups=int(kw.pop("groups", seen["groups"])),  # type: ignore[call-overload]
            **kw,  # type: ignore[arg-type]
        )

    try:
        res = solve_optimal(
            m,
            opener=word,
            hard=hard,
            max_guesses=max_guesses,
            progress=report,
            stop=halt,
            threads=threads,
            memo_mb=memo_mb,
            greedy_on_stop=False,
            losses=hard,  # hard mode's objective: a tree whatever the opener (see above)
        )
    except SearchFailedError:
        if halt.is_set():
            return result(STOPPED if stop is not None and stop.is_set() else OUT_OF_WORK)
        return result(NO_TREE)
    except StoppedEarlyError:
        return result(STOPPED if stop is not None and stop.is_set() else OUT_OF_WORK)
    if not res.proven or res.work > budget:
        status = STOPPED if stop is not None and stop.is_set() else OUT_OF_WORK
        return result(status, work=res.work)
    tree = res.tree()
    done = {"work": res.work, "groups": seen["groups"], "total": res.total, "lost": res.lost}
    try:
        keep_opener_tree(tree)
    except (OSError, WordlelabError) as exc:
        return result(NOT_KEPT, error=str(exc), **done)
    return result(PROVEN, **done)
