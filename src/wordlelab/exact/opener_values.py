"""Every opener's proven value, from the shipped tables: total, mean, rank and gap to the best.

The tables (``data/openers/``, sources and fingerprints in ``data/PROVENANCE.md``):

* **nyt, nyt2022** (14855 allowed guesses; 3158 and 2309 answers), normal and hard mode:
  alex1770/wordle's complete tables, every opener's exact optimum with at most 6 guesses, each
  answer equally likely. In hard mode about half the openers read ``Infinity``: after them no
  strategy solves every answer within 6 guesses (proven by that exhaustive search).
* **original** (12972 allowed, 2315 answers): filled in by wordlelab's own complete-table runs.
  Each row is an exact value (wordlelab's own search, or alex1770/wordle's published proven
  values) or, until a run reaches it, a proven lower bound from wordlelab's
  ``openers --exact --best --all`` runs, and is labelled as such. A table is ``complete`` once
  no row is a bound.

Ranks are competition ranks ("1224"): tied openers share a rank, which counts the openers with a
strictly smaller total, plus one. Every opener that cannot solve every answer within 6 ranks
after all those that can. The gap is in guesses per game: (total - best total) / answers.

Loading a table reads and parses one gzip'd text file (a few tens of milliseconds); nothing
here imports numpy or numba, so ``wordlelab openers --exact --opener W`` stays quick.
"""

from __future__ import annotations

import bisect
import gzip
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from ..errors import InvalidWordError, UnknownWordError, WordListError

# The list sets that have a table: their lists' fingerprints and sizes (kept with the sets' names).
from ..game.list_sets import ANSWERS, GUESSES, N_ANSWERS

if TYPE_CHECKING:
    from ..game.matrix import PatternMatrix

MAX_GUESSES = 6  # every table is for the standard six guesses

EXACT = "exact"
LOWER_BOUND = "lower bound"


@dataclass(frozen=True)
class OpenerValue:
    """One opener's proven value on a list set and mode.

    ``total`` is the fewest total guesses over all answers with this opener (the opener counted
    once per answer), exact when ``exact``, else a proven lower bound; None when no strategy after
    the opener solves every answer within 6 guesses (``solvable`` False, proven).
    ``rank`` is exact when ``rank_exact``; otherwise the opener ranks at least this far down.
    """

    word: str
    lists: str
    hard: bool
    answers: int
    openers: int  # allowed openers ranked
    total: int | None
    exact: bool
    solvable: bool
    rank: int
    rank_exact: bool
    ties: int  # other openers with the same total (exact rows)
    best_word: str
    best_total: int
    source: str  # who proved the value: "alex1770/wordle" or "wordlelab"

    @property
    def mode(self) -> str:
        return "hard" if self.hard else "normal"

    @property
    def mean(self) -> float | None:
        """Expected guesses per game with this opener and perfect play after it (None: unbounded)."""
        return None if self.total is None else self.total / self.answers

    @property
    def best_mean(self) -> float:
        return self.best_total / self.answers

    @property
    def gap(self) -> float | None:
        """Guesses per game lost against the best opener (a lower bound when not exact; None: unbounded)."""
        return None if self.total is None else (self.total - self.best_total) / self.answers

    def verdict(self) -> str:
        """One plain sentence: the value, its rank and the gap, or why there is none."""
        w = self.word.upper()
        if not self.solvable:
            return (
                f"no strategy after {w} solves every answer within {MAX_GUESSES} in {self.mode} mode "
                f"(proven); {self.best_word.upper()} does, with {self.best_mean:.4f} guesses on average"
            )
        assert self.total is not None and self.mean is not None and self.gap is not None
        if self.exact:
            rank = (
                f"rank {self.rank} of {self.openers}"
                if self.rank_exact
                else f"rank {self.rank} or lower of {self.openers}"
            )
            tied = f" (tied with {self.ties})" if self.ties and self.rank_exact else ""
            if self.gap == 0:
                return f"{w}: {self.total} guesses over {self.answers} answers, {self.mean:.4f} a game, the best opener{tied}"
            return (
                f"{w}: {self.total} guesses over {self.answers} answers, {self.mean:.4f} a game, "
                f"{rank}{tied}, {self.gap:.4f} guesses a game behind {self.best_word.upper()}"
            )
        return (
            f"{w}: at least {self.total} guesses over {self.answers} answers (a proven lower bound), "
            f"at least {self.mean:.4f} a game, rank {self.rank} or lower of {self.openers}, "
            f"at least {self.gap:.4f} guesses a game behind {self.best_word.upper()}"
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "word": self.word,
            "lists": self.lists,
            "mode": self.mode,
            "answers": self.answers,
            "openers": self.openers,
            "kind": EXACT if self.exact else LOWER_BOUND,
            "exact": self.exact,
            "solvable": self.solvable,
            "total": self.total,
            "mean": None if self.mean is None else round(self.mean, 4),
            "rank": self.rank,
            "rank_exact": self.rank_exact,
            "ties": self.ties,
            "gap": None if self.gap is None else round(self.gap, 4),
            "best": self.best_word,
            "best_total": self.best_total,
            "best_mean": round(self.best_mean, 4),
            "source": self.source,
            "verdict": self.verdict(),
        }


@dataclass(frozen=True)
class _Row:
    word: str
    total: int | None  # None: no strategy within 6 (proven)
    exact: bool
    source: str


class OpenerTable:
    """The shipped table of one list set and mode: every allowed opener's value or proven bound."""

    def __init__(self, lists: str, hard: bool, rows: list[_Row]) -> None:
        self.lists = lists
        self.hard = hard
        self.answers = N_ANSWERS[lists]
        # Complete: every row exact (a value, or proven to have no tree within the limit). The
        # NYT tables always are; the original lists' tables are once every bound row is proven.
        self.complete = all(r.exact for r in rows)
        self.rows = {r.word: r for r in rows}
        if len(self.rows) != len(rows):
            raise WordListError(f"opener table {lists} {self.mode}: a word has two rows", lists)
        finite = [r for r in rows if r.total is not None]
        best = min(finite, key=lambda r: (r.total, not r.exact, r.word))
        if not best.exact:
            raise WordListError(
                f"opener table {lists} {self.mode}: the best row is only a bound", lists
            )
        self.best = best
        # Sorted totals for the ranks: exact values, and every row's least possible value.
        self._exact_totals: list[int] = sorted(
            r.total for r in rows if r.total is not None and r.exact
        )
        self._lower_totals: list[int] = sorted(r.total for r in rows if r.total is not None)
        self._solvable = len(finite)
        self._proven_unsolvable = sum(1 for r in rows if r.total is None)

    @property
    def mode(self) -> str:
        return "hard" if self.hard else "normal"

    @property
    def summary(self) -> str:
        """What the table is, in a few words: whose values, and whether any row is only a bound."""
        if not self.complete:
            return "proven values and lower bounds (the complete table is not computed yet)"
        if all(r.source == "alex1770/wordle" for r in self.rows.values()):
            return "alex1770/wordle's complete table"
        return (
            "the complete table, from wordlelab's own search (every value alex1770/wordle also "
            "proved agrees)"
        )

    def __len__(self) -> int:
        return len(self.rows)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.strip().lower() in self.rows

    def words(self) -> list[str]:
        return list(self.rows)

    def value(self, word: str, proof: Proof | None = None) -> OpenerValue:
        """The opener's value, rank and gap; UnknownWordError when it is not an allowed guess here.

        ``proof``: what our own search proved for it just now (see ``prove_opener``), which
        replaces a bound row (an exact value, or a higher lower bound)."""
        w = word.strip().lower() if isinstance(word, str) else ""
        if len(w) != 5 or not w.isalpha() or not w.isascii():
            raise InvalidWordError(f"{word!r} is not a five-letter word", word)
        row = self.rows.get(w)
        if row is None:
            raise UnknownWordError(
                f"{word!r} is not an allowed opener on the {self.lists} lists "
                f"({len(self.rows)} allowed guesses)",
                word,
            )
        n = len(self.rows)
        shipped = row
        if proof is not None and not row.exact:
            if proof.finished:
                row = _Row(row.word, proof.total, True, "wordlelab (proven now)")
            elif proof.lower is not None and row.total is not None and proof.lower > row.total:
                row = _Row(row.word, proof.lower, False, "wordlelab (proven now)")
        total = row.total
        if total is None:
            # Ranked after every opener that may solve every answer (rows with a finite bound).
            rank, rank_exact, ties = self._solvable + 1, self.complete, self._proven_unsolvable - 1
        elif row.exact:
            # Proven better: an exact total under this one. Possibly better: any row whose value may
            # lie under this total (its lower bound does).
            better = bisect.bisect_left(self._exact_totals, total)
            maybe = bisect.bisect_left(self._lower_totals, total)
            if shipped is not row and shipped.total is not None and shipped.total < total:
                maybe -= 1  # the shipped bound of this very opener
            rank, rank_exact = better + 1, better == maybe
            ties = bisect.bisect_right(self._exact_totals, total) - better - 1
        else:
            rank, rank_exact, ties = bisect.bisect_left(self._exact_totals, total) + 1, False, 0
        return OpenerValue(
            w,
            self.lists,
            self.hard,
            self.answers,
            n,
            row.total,
            row.exact or row.total is None,
            row.total is not None,
            rank,
            rank_exact,
            ties,
            self.best.word,
            int(self.best.total or 0),
            row.source,
        )

    def top(self, count: int) -> list[OpenerValue]:
        """The ``count`` best openers (best first; ties alphabetical)."""
        order = sorted(
            self.rows.values(), key=lambda r: (r.total is None, r.total or 0, not r.exact, r.word)
        )
        return [self.value(r.word) for r in order[:count]]


def _read(name: str) -> str:
    ref = resources.files("wordlelab") / "data" / "openers" / name
    return gzip.decompress(ref.read_bytes()).decode("utf-8")


def _parse_selby(text: str) -> list[_Row]:
    """alex1770/wordle's ``results_*`` format: ``word mean total`` a line, ``Infinity 1000000000`` unsolvable."""
    rows = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) != 3:
            continue
        word, mean, total = parts
        rows.append(_Row(word, None if mean == "Infinity" else int(total), True, "alex1770/wordle"))
    return rows


def _parse_own(text: str) -> list[_Row]:
    """wordlelab's format: ``word kind total source``, kind '=' exact or '>=' lower bound."""
    rows = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        word, kind, total, source = line.split()
        rows.append(
            _Row(
                word,
                None if total == "inf" else int(total),
                kind == "=",
                "alex1770/wordle" if source == "alex1770" else "wordlelab",
            )
        )
    return rows


def opener_table(lists: str, hard: bool = False) -> OpenerTable:
    """The shipped table for list set ``lists`` (nyt, nyt2022, original) and the mode (loaded once)."""
    key = lists.strip().lower() if isinstance(lists, str) else ""
    if key not in N_ANSWERS:
        raise WordListError(
            f"no opener table for the list set {lists!r}; there are tables for "
            f"{', '.join(N_ANSWERS)}",
            lists,
        )
    return _load(key, bool(hard))


@lru_cache(maxsize=8)
def _load(key: str, hard: bool) -> OpenerTable:
    mode = "hard" if hard else "normal"
    text = _read(f"{key}-{mode}.txt.gz")
    rows = _parse_own(text) if key == "original" else _parse_selby(text)
    return OpenerTable(key, hard, rows)


def table_for(
    guesses_fingerprint: str, answers_fingerprint: str, hard: bool, max_guesses: int = MAX_GUESSES
) -> OpenerTable | None:
    """The table for these lists (by fingerprint) and mode, if one ships and fits the guess limit."""
    if max_guesses != MAX_GUESSES:
        return None
    for name, fp in ANSWERS.items():
        if fp == answers_fingerprint and GUESSES[name] == guesses_fingerprint:
            return opener_table(name, hard)
    return None


def known_optimum(
    guesses_fingerprint: str, answers_fingerprint: str, hard: bool, max_guesses: int = MAX_GUESSES
) -> tuple[int, str] | None:
    """(the least total over every opener, what proves it) from the shipped table for these lists
    and mode: its best row is exact and no row, value or bound, is below it (else the table would
    not load). None where no table ships."""
    t = table_for(guesses_fingerprint, answers_fingerprint, hard, max_guesses)
    if t is None or t.best.total is None:
        return None
    return (
        t.best.total,
        f"none better in the shipped table of every opener's value, {t.lists} lists",
    )


def opener_value(
    guesses_fingerprint: str,
    answers_fingerprint: str,
    word: str,
    hard: bool,
    max_guesses: int = MAX_GUESSES,
) -> OpenerValue | None:
    """The opener's row of the table for these lists and mode, if one ships (None otherwise, or
    when the word is not one of its openers)."""
    table = table_for(guesses_fingerprint, answers_fingerprint, hard, max_guesses)
    if table is None or word.strip().lower() not in table.rows:
        return None
    return table.value(word)


def unsolvable_opener_note(v: OpenerValue, losses: tuple[int, int] | None = None) -> str:
    """What a review says about an opener after which no strategy solves every answer within 6.

    With the best play after such an opener some answer may still be lost, so the review values
    it by hard mode's objective: the fewest answers lost, then the fewest guesses (a lost answer
    counted as 7), and says so in these words. ``losses``: (answers lost, guesses with a loss
    counted as 7) after it where its tree of fewest losses ships or was proven
    (``tree.shipped_losses``); None where they are not known.
    """
    w = v.word.upper()
    if losses is None:
        middle = (
            "whatever follows, at least one answer can be lost; how many at fewest is not proven "
            "here, so its cost is at least +1 lost answer"
        )
    else:
        lost, total = losses
        middle = (
            f"even perfect play after {w} can lose {lost} of the {v.answers} answers, and takes "
            f"{total / v.answers:.4f} guesses a game, a lost answer counted as 7 (proven by "
            "wordlelab's search); the review values it and the moves after it by that: fewest "
            "answers lost, then fewest guesses"
        )
    return (
        f"no strategy after {w} solves every answer within {MAX_GUESSES} in {v.mode} mode (proven, "
        f"{v.source}'s table): {middle}; {v.best_word.upper()} solves every answer within 6 "
        f"({v.best_mean:.4f} a game)"
    )


@dataclass(frozen=True)
class Proof:
    """What the exact search proved about one opener within a work budget."""

    word: str
    finished: bool
    total: int | None  # when finished: the exact total, None when no tree within the limit exists
    lower: int | None  # when not finished: a proven lower bound, if the search got one
    nodes: int  # search nodes spent (the work unit of the budget)
    seconds: float

    def to_dict(self) -> dict[str, object]:
        return {"finished": self.finished, "nodes": self.nodes, "seconds": round(self.seconds, 3)}


# Search nodes one opener may cost in ``prove_opener`` by default: about ten times what an opener
# of the original lists takes in hard mode.
PROVE_NODES = 50_000


def prove_opener(matrix: PatternMatrix, word: str, hard: bool, nodes: int = PROVE_NODES) -> Proof:
    """The opener's exact total by wordlelab's own search, if it is proven within ``nodes`` search nodes.

    One search thread, so the node count, hence the verdict, is the same on any machine at any
    load: a search that finishes within the budget is exact; one that needs more is stopped and
    reports the lower bound it proved (or none).
    """
    from ..errors import SearchFailedError, StoppedEarlyError
    from .optimal import Progress, solve_optimal

    stop = threading.Event()
    seen = [0]

    def progress(p: Progress) -> None:
        seen[0] = max(seen[0], p.nodes)
        if p.nodes > nodes:
            stop.set()

    start = time.monotonic()
    try:
        res = solve_optimal(matrix, opener=word, hard=hard, progress=progress, stop=stop, threads=1)
    except SearchFailedError:  # proven: no strategy within the guess limit
        done = not stop.is_set() and seen[0] <= nodes
        return Proof(word, done, None, None, seen[0], time.monotonic() - start)
    except StoppedEarlyError:
        return Proof(word, False, None, None, seen[0], time.monotonic() - start)
    elapsed = time.monotonic() - start
    if res.proven and res.nodes <= nodes:
        return Proof(word, True, res.total, None, res.nodes, elapsed)
    lower = res.lower_bound if res.lower_bound < (1 << 40) else None
    return Proof(word, False, None, lower, max(res.nodes, seen[0]), elapsed)


@dataclass(frozen=True)
class Lookup:
    """Openers looked up in a list set's table (``look_up``), with what was proven for them now."""

    table: OpenerTable
    values: list[OpenerValue]
    proofs: dict[str, Proof]

    def to_dict(self) -> dict[str, object]:
        t = self.table
        return {
            "lists": t.lists,
            "mode": t.mode,
            "answers": t.answers,
            "openers": len(t),
            "max_guesses": MAX_GUESSES,
            "complete": t.complete,
            "kinds": [EXACT, LOWER_BOUND],
            "best": t.value(t.best.word).to_dict(),
            "rows": [
                dict(
                    v.to_dict(),
                    **({"proof": self.proofs[v.word].to_dict()} if v.word in self.proofs else {}),
                )
                for v in self.values
            ],
        }


def look_up(
    lists: str,
    hard: bool,
    words: Sequence[str],
    prove_nodes: int | None = None,
    on_prove: Callable[[str, int], None] | None = None,
) -> Lookup:
    """Each of ``words`` in the table of ``lists`` and mode (every word checked before any work).

    With ``prove_nodes``, each row that is only a bound is searched now within that many nodes
    (``prove_opener``); ``on_prove(word, nodes)`` is called before each search."""
    table = opener_table(lists, hard)
    values = [table.value(w) for w in words]
    proofs: dict[str, Proof] = {}
    if prove_nodes is not None and any(not v.exact for v in values):
        from ..game.lists import load_lists

        matrix = load_lists(lists=table.lists).matrix()
        for v in values:
            if not v.exact and v.word not in proofs:
                if on_prove is not None:
                    on_prove(v.word, prove_nodes)
                proofs[v.word] = prove_opener(matrix, v.word, hard, prove_nodes)
        values = [table.value(v.word, proofs.get(v.word)) for v in values]
    return Lookup(table, values, proofs)
