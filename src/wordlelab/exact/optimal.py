"""Provably optimal play: an exact search for the decision tree with the fewest total guesses.

The value of a set S of equally likely answers with d guesses left (the next one included) is

    f(S, d) = min over guesses g of |S| + sum over non-winning feedback groups S_p of f(S_p, d-1)

with f({a}, d >= 1) = 1 and f(S, 0) = infinity. The search is a depth-first branch and bound that
only ever discards a guess or a sub-tree with a *proof* that it cannot beat the best found so far.
The bounds and rules it uses, all sound (the kernel, ``kernels/search.py``, repeats them where
they are applied):

* **Counting bound** ``lb(m, d)``: one guess solves at most one answer, and the t-th guess at most
  P**(t-1) answers, P = 3**k - 2 non-winning patterns; filling the cheapest levels first gives
  ``lb(m, d)`` (= 2m - 1 for m <= P + 1) and infinity when m answers cannot fit in d guesses.
* **Per-guess bound**: a guess g costs at least ``|S| + sum lb(|S_p|, d-1)`` over its
  non-winning groups. When every group fits the first two levels (n <= P + 1, d - 1 >= 2) this is
  ``3n - (number of groups) - (1 if g is a candidate)``, so counting distinct patterns suffices,
  and the count stops as soon as the answers not yet read cannot bring the bound under the
  budget (the guess is then only known to be at least the budget). For a small set the count
  runs along the answers' rows instead, for every guess at once: a guess's groups are n minus the
  answers whose pattern equals an earlier answer's, found by comparing whole rows (many guesses
  an instruction); it is exact for every guess, so only tighter, and taken where its cost (n(n-1)/2
  rows of all guesses, about 80 cells a look-up's time) is below the guess-by-guess count's.
* **Exact shortcut**: a guess whose groups all hold one or two answers costs exactly its bound
  (1 for one answer, 3 for two); if that equals the least bound of any guess, it is optimal.
* **Cut-offs** (alpha-beta style): each sub-problem gets the budget left once the groups already
  solved and the bounds of the groups still to solve are subtracted; a sub-search that cannot
  finish under its budget returns a proven lower bound instead of a value, and the guess is cut.
  Before any group is searched, every group gets its cheapest known bound: one or two answers are
  settled, then the memo's exact value or lower bound, then the closed forms below (no scan of
  the guesses), so most guesses are cut without a sub-search. The open groups are then searched
  smallest first (a failing guess usually fails by a little on many groups). A node where no
  guess got under its budget returns, and stores in the memo, the least proven bound over *all*
  its guesses: those tried and cut, and those never tried because their bound from the scan was
  already at or above the budget (one of these may reach the budget exactly). Leaving the
  second kind out could store a bound above the value, which a later visit of the set with a
  larger budget would take for proof; ``benchmarks/fuzz_carried_memo.py`` carries one memo
  through many cut searches and checks every answer against a fresh search.
* **Counting bound with q groups per guess** ``lb_q(m, d)``: if no guess splits S into more than
  q groups, no guess splits any subset of S into more (a subset shows a subset of the
  patterns), so below S every node has at most q children and the t-th guess solves at most
  q**(t-1) answers: the counting bound with P = q bounds S and all its subsets. A node's scan
  gives q (the most groups of any guess of its pool, a guess whose count stopped early counting
  every unread answer as a new group); every guess playable below is in the pool or groups S
  like one of it (the parent's useful guesses, one per grouping, or the legal ones in hard mode,
  where the rule only narrows below), so q holds for all of them. Each node passes the least q
  it knows to its groups: their starting bounds and their own entry bound use lb_q. Sets of
  words alike but for a letter or two (_A_ED, ?I?ED) split into few groups, and lb_q(m) grows
  like 3m there instead of 2m.
* **Bounds learnt from a cut**: when a guess g is cut on its group S_p, the memo
  gets a lower bound for each union U of S_p with g's groups whose pattern differs from p only
  at one or two positions where p shows grey (yellow or green there instead): by
  super-additivity, f(A u B, d) >= f(A, d) + f(B, d) for disjoint A, B (an optimal tree for
  A u B is a tree for A and one for B), so f(U) is at least the sum of its parts' proven bounds,
  and so at least what the cut proved of S_p. A later guess that differs from g only there, by
  letters no answer holds, has U as one of its groups, and is cut from the memo without a
  search (the C++ solver's "indirect reasoning"). In hard mode the other parts were bounded
  under stricter rules, so U gets only what the cut proved of S_p (monotonicity: a tree for U
  under S_p's rule is one for S_p), stored under S_p's rule, which a grey leaves unchanged. A
  bound never replaces an exact value or a larger bound. They are stored only after a
  sub-search of two nodes or more (after cheaper ones storing costs more than it saves; storing
  fewer sound bounds is still sound).
* **Closed forms**: f = 1 for one answer, 3 for two; 2n - 1 when a candidate tells the other
  n - 1 apart (that is the counting bound); otherwise at least 2n, reached by a candidate that
  leaves one pair (with a guess to spare) or by any guess that splits S into singletons. With two
  guesses left only such splits work.
* **Dominance**: a guess that leaves every candidate in one group (and is not one of them) is
  never better than the same position with one guess fewer (in hard mode its rule is only
  stricter), so it is skipped. In normal mode, guesses that split S into the same groups are
  interchangeable on S and on every subset of S, so one representative per grouping is tried (a
  candidate dominates a non-candidate with the same grouping); where the children's scans matter
  (large sets, five guesses or more left) the children's pool keeps one per grouping too. Hard
  mode cannot merge by grouping, since the rule that follows a guess depends on its letters; but
  a letter no answer of S holds shows grey wherever a guess puts it, on S and on every subset,
  and a grey adds nothing to the rule (only greens and revealed letters bind, and every letter a
  rule below binds is held by every answer there). So guesses that agree, position by position,
  on every letter some answer of S holds group every subset alike, are allowed or refused alike
  by every rule below and leave the same rule after each pattern: one of each such class is
  tried, and only it goes to the children's pool.
* **Refinement dominance** (normal mode, sets of 48 answers or more with four guesses left or
  more): a position of a guess is *constant* on S when it shows the same colour on every answer
  (a letter no answer holds; or a letter occurring once in the guess that every answer has at
  that position, or that every answer holds elsewhere). A guess h with a constant position and a
  once-occurring letter at every other position is dropped, here and from the children's pool,
  when the pool holds a guess g equal to h but for one constant position of h, where g's letter
  is not constant and leaves h's other letters occurring once: g shows the same colours as h at
  h's other positions on every answer, so g's partition refines h's on S and on every subset
  (constancy only grows on subsets), and a refining guess never costs more (h's subtrees answer
  g's groups; h must not be an answer of S, which would win its own group). g has more
  non-constant positions than h, so chains of drops end at a guess that stays
  (``kernels.search._undominated``; `test_search_dominance.py`).
* **Depth**: every guess of an optimal tree splits its set, so no line needs more than |S|
  guesses and d is capped at |S| (which lets more sub-problems share a memo entry).

Sub-problems are memoised (the candidate set, the guesses left and, in hard mode, the rule) in a
fixed-size table: exact values with their best guess, and proven lower bounds. The opener's
groups are independent sub-problems: one thread per core takes the next largest group and solves
it in its own memo (the kernels run without the GIL); when openers are compared, each group's
budget counts what the other threads have found, and a cut found by one thread stops the other
at once. A group of 200 answers or more (a bad opener's largest group can hold most of its work)
is shared instead: every thread searches it, each trying every k-th guess of the group's search
order in its own memo, and each cuts against the best (value, place in the order) that any of
them has published. A guess earlier in the order than the published one must reach that value
plus one to be cut, so the group's best guess is the first in the order that reaches the least
value, as with one thread, whatever the timing; a value read late is still one some guess
reaches, so cutting against it is sound. The search is anytime: stopped early, it reports the opener in progress with its solved
groups and a greedy tree for the rest (an upper bound) and a proven lower bound.

Ties between optimal guesses go to the first in the search order (lowest bound, a possible
answer first, then list order), so a run is reproducible.

**Hard mode's objective: fewest answers lost, then fewest guesses** (``losses``). In hard mode
about half the openers of the NYT lists leave no strategy that solves every answer within six
guesses, and f above is infinite for all of them, which tells a player nothing about how much
CRANE costs. With losses, a strategy may lose answers; a lost answer counts as max guesses + 1
guesses (the 7 of a player's X/6), and strategies compare first by the answers they lose, L,
then by their guesses, G. The search keeps one number, L * W + G with W = 2**20, larger than
any G (answers x 7 at most; checked): the least number has the least L, then the least G among
strategies with that L. Both parts add up over a guess's groups, so the value is the same sum:

    f(S, d) = min over g of |S| + sum over non-winning groups S_p of f(S_p, d-1)
    f({a}, d >= 1) = 1,   f(S, 0) = |S| (W + 1)

(at a node with d guesses left a lost answer costs W + d + 1 from there: W, and the d + 1 that
make max guesses + 1 from the start). Where some strategy loses nothing, the least value is below
W and equals the value without losses, with the same tree: the search without losses runs first
there (``Solver.value``), node for node as before, and the search with losses runs only where it
proves that every strategy loses an answer. Each bound above, with losses:

* counting bound: the answers that do not fit the levels are lost, each at W + d + 1, more than
  any level costs, so filling the cheapest levels first is still the cheapest the counting
  allows; the table (and lb_q) gives that instead of infinity. Where they fit, it is unchanged;
* per-guess bound, exact shortcut, closed forms (2n - 1, 2n): an answer costs at least the
  guesses that reach it, a lost one more, so these lower bounds stand; the per-guess formula
  3n - groups - [candidate] is used only with three guesses left or more, where every group's
  counting bound is 2c - 1 as before, and a group of one or two then costs exactly 1 or 3;
* with one guess left, a candidate (always allowed in hard mode: it agrees with every feedback)
  solves itself and the others are lost: 1 + (n - 1)(W + 2); with two left (and no guess that
  splits S into singletons), a guess with q groups costs n + q - c + (n - q)(W + 2), c = 1 for
  a candidate, so the kernel takes the one with the most groups (``kernels.search._two_left``);
* cut-offs and the bounds learnt from a cut are sums and monotonicity (a strategy for a set
  restricted to a subset loses no more and costs no more there), true of L * W + G as of G;
* dominance (a useless guess; guesses alike on the letters the answers hold): playing the
  better guess instead never solves an answer later, so never loses one more;
* depth: with n guesses left, candidates played one by one lose nothing, so the least value
  loses nothing there and capping d at |S| changes nothing.

A memo entry carries its objective in its key. The brute-force oracle (tests/reference.py,
``brute_force_losses``) tries every guess at every node; the kernel agrees with it on random
hard-mode positions, many with losses forced by a small limit (``tests/test_search_losses.py``).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

import numpy as np

from ..errors import (
    SearchFailedError,
    StoppedEarlyError,
    TreeError,
    UnknownWordError,
    WordlelabError,
)
from ..game import guess_codes, rule_for
from ..game.feedback import Pattern
from ..game.matrix import PatternMatrix, shared_alphabet
from ..game.words import WordList
from ..limits import MAX_EXACT_WORD
from .kernels import search as K
from .tree import DecisionTree

INF = int(K.INF)


@cache
def search_version() -> str:
    """The version of the exact search that proves trees: wordlelab's version and a digest of
    this module's and the kernels' source. A kept tree (``tree.keep_opener_tree``) records it, and
    one proven by other code is not trusted: a fix to the search may change what is optimal."""
    import hashlib
    from importlib import resources

    from .. import __version__

    digest = hashlib.sha256()
    root = resources.files("wordlelab")
    kernels = [root / "kernels", root / "exact" / "kernels"]
    sources = [root / "exact" / "optimal.py"] + sorted(
        (f for d in kernels for f in d.iterdir() if f.name.endswith(".py")), key=lambda f: f.name
    )
    for f in sources:
        digest.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return f"{__version__}-{digest.hexdigest()[:16]}"


@dataclass(frozen=True)
class OpenerResult:
    """One opener's total: exact when ``exact``, else a proven lower bound (it cannot beat the best).

    With losses (hard mode's objective) ``value`` is the guesses and ``lost`` the answers lost:
    the pair (lost, value) is exact, or a lower bound in that order."""

    word: str
    value: int
    exact: bool
    greedy: int | None = None
    lost: int = 0


@dataclass(frozen=True)
class Progress:
    """What a running search reports to its callback."""

    phase: str  # "greedy" or "exact"
    opener: str
    parts_done: int
    parts_total: int
    nodes: int
    upper: int | None  # best total found so far
    lower: int | None  # proven lower bound for the opener being searched
    elapsed: float
    work: int = 0  # look-ups of exact search so far, every thread's (the unit of ``budgets``)


ProgressCallback = Callable[[Progress], None]


@dataclass
class OptimalResult:
    """The best tree found, its total, and whether it is proven optimal.

    ``proven``: with an opener given (``opener_given``), the tree is optimal after that opener;
    without one, it is optimal over every opener: the openers searched are valued, and every
    other one's per-guess bound is at least the total. ``best_of_searched``: the tree is the
    best of the openers searched (proven), whether or not the others are ruled out;
    ``lower_bound`` counts every opener (an unsearched one by its per-guess bound).
    """

    opener: str
    total: int
    lower_bound: int
    proven: bool
    paths: dict[str, tuple[str, ...]]
    hard: bool
    max_guesses: int
    nodes: int
    elapsed: float
    interrupted: bool
    openers: list[OpenerResult] = field(default_factory=list)
    work: int = 0  # look-ups of exact search, every thread's (the unit of ``budgets``)
    answers_fingerprint: str = ""
    guesses_fingerprint: str = ""
    opener_given: bool = False
    best_of_searched: bool = False
    searched: int = 1  # openers searched
    # The position searched from, as pairs of a guess and its feedback ("tarse .y.y. planc ..gy.");
    # empty from the start. A tree file keeps it ("# after:"), so 'tree verify' replays it.
    after: str = ""
    table: str | None = None  # the shipped opener table that rules out the openers not searched
    # Hard mode's objective (``losses``): the tree loses ``lost`` answers, each counted in
    # ``total`` as max_guesses + 1 guesses, and no tree loses fewer, nor takes fewer guesses
    # with as few lost; ``lower_lost`` goes with ``lower_bound`` (a bound on the pair).
    losses: bool = False
    lost: int = 0
    lower_lost: int = 0
    # Ultrahard mode (``hard`` is then True too): every guess a word that could still be the answer.
    ultrahard: bool = False

    @property
    def mode(self) -> str:
        """normal, hard or ultrahard."""
        return "ultrahard" if self.ultrahard else "hard" if self.hard else "normal"

    @property
    def n_answers(self) -> int:
        return len(self.paths)

    @property
    def mean(self) -> float:
        return self.total / len(self.paths)

    @property
    def worst(self) -> int:
        return self.tree().worst

    @property
    def proof(self) -> str:
        """What is proven of the total, in words: ``optimal`` (over every opener), ``optimal after
        OPENER``, ``best of N openers searched``, or an upper bound (the tree's ``proven`` line)."""
        if self.proven:
            if self.opener_given:
                return f"optimal after {self.opener}"
            return f"optimal (the openers not searched: {self.table})" if self.table else "optimal"
        if self.best_of_searched:
            return (
                f"best of {self.searched} openers searched (others: lower bound {self.lower_bound})"
            )
        return f"upper bound (lower bound {self.lower_bound})"

    def tree(self) -> DecisionTree:
        """The tree as a DecisionTree, with the lists, mode and result as metadata."""
        meta = {
            "wordlelab-tree": "1",
            "answers": self.answers_fingerprint,
            "guesses": self.guesses_fingerprint,
            "mode": self.mode,
            "max-guesses": str(self.max_guesses),
            "opener": self.opener,
            "total": str(self.total),
            "mean": f"{self.mean:.4f}",
            "proven": self.proof,
            "code": search_version(),
        }
        if self.losses:
            meta["objective"] = "fewest answers lost, then fewest guesses (a loss counts limit + 1)"
            meta["lost"] = str(self.lost)
        if self.after:
            meta["after"] = self.after
        return DecisionTree(self.paths, name=f"optimal tree from {self.opener}", meta=meta)


def neighbour_runs(letters: np.ndarray, n_alpha: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each position i: the guesses sorted by their letters at the other positions (order[i])
    and each guess's run of equals there, [lo[i, g], hi[i, g]) (itself included): the guesses
    that differ from g at position i alone. The search's dominance rule reads them
    (``kernels.search._undominated``)."""
    n, k = letters.shape
    # (32-bit: the three tables stay small enough for the search's caches.)
    order = np.empty((k, n), dtype=np.int32)
    lo = np.empty((k, n), dtype=np.int32)
    hi = np.empty((k, n), dtype=np.int32)
    for i in range(k):
        cols = [j for j in range(k) if j != i]
        # lexsort's last key sorts first: the first other position is the primary key.
        o = np.lexsort(letters[:, cols[::-1]].T) if cols else np.arange(n)
        rows = letters[o][:, cols]
        new = np.ones(n, dtype=bool)
        new[1:] = (rows[1:] != rows[:-1]).any(axis=1)
        run = np.cumsum(new) - 1  # the run of each place in the order
        starts = np.flatnonzero(new)
        ends = np.append(starts[1:], n)
        order[i] = o
        lo[i, o] = starts[run]
        hi[i, o] = ends[run]
    return order, lo, hi


def empty_rule(k: int, letters: int, ultrahard: bool = False) -> np.ndarray:
    """The kernels' rule before any guess (see ``K.next_rule``): nothing fixed, no letter needed
    and, in ultrahard mode, no letter refused anywhere and no count capped."""
    hard = np.concatenate([np.full(k, -1, dtype=np.int8), np.zeros(letters, dtype=np.int8)])
    if not ultrahard:
        return hard
    return np.concatenate(
        [hard, np.zeros(k * letters, dtype=np.int8), np.full(letters, -1, dtype=np.int8)]
    )


class Engine:
    """The arrays the kernels need for one matrix, mode and objective.

    ``losses``: hard mode's objective, fewest answers lost, then fewest guesses (a lost answer
    counted as ``max_guesses`` + 1); values are then L * LOSS_WEIGHT + G (``split_value``).
    Without it a position no strategy solves in time is INF."""

    def __init__(
        self,
        matrix: PatternMatrix,
        hard: bool = False,
        max_guesses: int = 6,
        memo_mb: int = 256,
        losses: bool = False,
        ultrahard: bool = False,
    ):
        if matrix.length > MAX_EXACT_WORD:
            raise WordlelabError(
                f"the exact search supports words of up to {MAX_EXACT_WORD} letters, "
                f"not {matrix.length}",
                matrix.length,
                kind="exact_length",
                length=matrix.length,
                max=MAX_EXACT_WORD,
            )
        if max_guesses < 1:
            raise WordlelabError(f"max guesses must be at least 1, not {max_guesses}")
        self.loss = int(K.LOSS_WEIGHT) if losses else 0
        if losses and len(matrix.answers) * (max_guesses + 1) >= self.loss:
            raise WordlelabError(
                f"{len(matrix.answers):,} answers x {max_guesses + 1} guesses do not fit under the "
                f"weight of a lost answer ({self.loss:,})"
            )
        from .kernels.loading import quick_cache_loads  # ~80 ms less start-up (see there)

        quick_cache_loads(K)
        self.matrix = matrix
        # Ultrahard mode is hard mode with a stricter rule (every guess a word that could still
        # be the answer): the kernels tell the two apart by the rule's length (``K.next_rule``).
        self.hard = hard or ultrahard
        self.ultrahard = ultrahard
        self.max_guesses = max_guesses
        a2g = matrix.answer_to_guess.astype(np.int64)
        if (a2g < 0).any():
            missing = [matrix.answers[int(i)] for i in np.flatnonzero(a2g < 0)[:5]]
            raise WordlelabError(
                "the exact search needs every answer to be an allowed guess; not: "
                + ", ".join(missing)
            )
        k = matrix.length
        self.n_patterns = 3**k
        self.win = self.n_patterns - 1
        from .kernels.bounds import (
            counting_bound_table,  # K.lower_bound_table as NumPy (<1 ms, not 25)
        )

        self.lbtab = counting_bound_table(
            len(matrix.answers), max_guesses, self.n_patterns, self.loss
        )
        alphabet = shared_alphabet(matrix.guesses, matrix.answers)
        letters = np.ascontiguousarray(guess_codes(matrix))
        counts = np.zeros((letters.shape[0], len(alphabet)), dtype=np.int8)
        rows = np.arange(letters.shape[0])
        for i in range(k):  # one letter per row and position: no index repeats within a call
            counts[rows, letters[:, i]] += 1
        pow3 = np.array([3**i for i in range(k + 1)], dtype=np.int64)
        self.tabs = K.Tables(
            np.ascontiguousarray(matrix.data),
            matrix.guess_to_answer.astype(np.int64),
            a2g,
            self.lbtab,
            letters,
            counts,
            pow3,
            np.random.default_rng(20220101).integers(
                0, 2**63, size=(2, len(matrix.answers) + 1), dtype=np.uint64
            )
            * np.uint64(2)
            + np.uint64(1),
            # Answer-major copy: a node reads the rows of its few answers, each along the guesses.
            K.transposed(np.ascontiguousarray(matrix.data)),
            *neighbour_runs(letters, len(alphabet)),
            np.int64(self.loss),
        )
        # With losses, the same tables for the search without them: a position some strategy
        # solves in time is searched that way first (``Solver.value``), exactly as without
        # losses, and only a position none solves is searched for the fewest losses.
        self.plain_tabs = self.tabs
        if losses:
            plain = counting_bound_table(len(matrix.answers), max_guesses, self.n_patterns)
            self.plain_tabs = self.tabs._replace(lbtab=plain, loss=np.int64(0))
        self.all_pool = np.arange(len(matrix.guesses), dtype=np.int64)
        # The search's view of the matrix at the root: every answer's row, every guess's column.
        self.root_view = K.View(
            self.tabs.dT,
            np.arange(len(matrix.answers), dtype=np.int64),
            self.all_pool,
        )
        self.slots = max(1 << 12, (memo_mb << 20) // K.MEMO_SLOT_BYTES)
        self.empty_rule = empty_rule(k, len(alphabet), ultrahard)

    def split_value(self, value: int) -> tuple[int, int]:
        """(answers lost, guesses) of a value of this objective (no losses without them)."""
        if self.loss == 0 or value >= INF:
            return 0, value
        return value // self.loss, value % self.loss

    def rule_after(self, rule: np.ndarray, guess: int, pattern: int) -> np.ndarray:
        if not self.hard:
            return rule
        return K.next_rule(rule, int(guess), int(pattern), self.tabs.gletters, self.tabs.gcounts)

    def rule_from(self, history: Sequence[tuple[int, int]]) -> np.ndarray:
        rule = self.empty_rule
        for g, code in history:
            rule = self.rule_after(rule, g, code)
        return rule

    def legal(self, guess: int, rule: np.ndarray) -> bool:
        return not self.hard or bool(
            K._legal(int(guess), rule, self.tabs.gletters, self.tabs.gcounts)
        )

    def groups(self, S: np.ndarray, g: int) -> list[tuple[int, np.ndarray]]:
        """(pattern, sorted sub-set) for each feedback ``g`` can show over S."""
        codes = self.matrix.data[g, S]
        return [(int(p), S[codes == p]) for p in np.unique(codes)]

    def node_bound(self, S: np.ndarray, d: int, rule: np.ndarray | None = None) -> int:
        """A lower bound of f(S, d) from one pass over the guesses (the least per-guess bound).

        In hard mode only the guesses the rule allows count."""
        S = np.ascontiguousarray(S, dtype=np.int64)
        pool = self.all_pool
        if self.hard and rule is not None:
            pool = K.legal_pool(pool, rule, self.tabs.gletters, self.tabs.gcounts)
        stamp = np.full(self.n_patterns, -1, dtype=np.int64)
        ctl = np.zeros(K.CTL_SIZE, dtype=np.int64)
        return int(K.node_bound(S, np.int64(d), pool, self.tabs, stamp, ctl))

    def bounds(self, S: np.ndarray, d: int, pool: np.ndarray | None = None) -> np.ndarray:
        """The per-guess bound of every guess (or of ``pool``) at S (INF for guesses that cannot finish in time)."""
        S = np.ascontiguousarray(S, dtype=np.int64)
        rows = self.all_pool if pool is None else np.ascontiguousarray(pool, dtype=np.int64)
        return K.guess_bounds(S, np.int64(d), rows, self.lbtab, self.tabs.data, self.win)


class Solver:
    """One search's memo, scratch tables and counters; ``width`` 0 is exact, 1 greedy."""

    def __init__(
        self,
        engine: Engine,
        width: int = 0,
        ctl: np.ndarray | None = None,
        slots: int | None = None,
    ):
        self.engine = engine
        self.width = width
        self.memo = K.new_memo(slots or engine.slots)
        n_pat = engine.n_patterns
        n_ans = len(engine.matrix.answers)
        self.scratch = K.Scratch(
            np.full(n_pat, -1, dtype=np.int64),
            np.full(n_pat, -1, dtype=np.int64),
            np.zeros(n_pat, dtype=np.bool_),
            np.zeros(n_ans + 1, dtype=np.int64),
            np.zeros(n_ans, dtype=np.bool_),
            np.full(n_pat, -1, dtype=np.int64),
        )
        self.ctl = ctl if ctl is not None else np.zeros(K.CTL_SIZE, dtype=np.int64)
        if engine.ultrahard:
            # Step 4b's classes rest on a grey letter adding nothing to the rule: not so here.
            self.ctl[K.CTL_OFF] |= K.OFF_LIVE
        self.nosplit = K.new_split(1, 0)

    def value(
        self,
        S: np.ndarray,
        d: int,
        rule: np.ndarray | None = None,
        beta: int = INF,
        split: np.ndarray | None = None,
        part: int = 0,
    ) -> int:
        """f(S, d) when it is below ``beta``; otherwise a proven lower bound >= beta.

        With ``split`` (see ``_solve_shared``) this thread tries only its ``part`` of S's guesses
        and the result is this part's (in ``split``); with losses the caller then picks the
        objective (``plain``: the search without losses first, as here)."""
        e = self.engine
        if e.loss == 0 or split is not None:
            return self.search(S, d, rule, beta, split, part)
        # A value below W loses nothing, and the search without losses finds the same value
        # there (the same tree, node for node). So it runs first with the budget min(beta, W).
        cap = min(beta, e.loss)
        v = self.search(S, d, rule, cap, plain=True)
        if v < cap or self.ctl[K.CTL_STOP]:
            return v
        # It proved v >= cap. Where beta <= W, min(v, W) >= beta bounds the value: a position
        # some strategy solves in time is worth at least v, and one none solves at least W.
        if beta <= e.loss:
            return min(v, e.loss)
        # v >= W: no strategy solves every answer in time (a total of guesses is below W).
        return self.search(S, d, rule, beta)

    def search(
        self,
        S: np.ndarray,
        d: int,
        rule: np.ndarray | None = None,
        beta: int = INF,
        split: np.ndarray | None = None,
        part: int = 0,
        plain: bool = False,
    ) -> int:
        """One call of the kernel: the engine's objective, or without losses (``plain``)."""
        e = self.engine
        return int(
            K.solve(
                np.ascontiguousarray(S, dtype=np.int64),
                np.int64(d),
                np.int64(beta),
                e.all_pool,
                e.empty_rule if rule is None else rule,
                np.int64(e.n_patterns),
                e.root_view,
                self.state(split, part, plain),
            )
        )

    def state(
        self, split: np.ndarray | None = None, part: int = 0, plain: bool = False
    ) -> K.Search:
        """The kernel's view of this search (its part of a shared set with ``split``)."""
        e = self.engine
        return K.Search(
            e.hard,
            np.int64(self.width),
            e.plain_tabs if plain else e.tabs,
            self.memo,
            self.scratch,
            self.ctl,
            self.nosplit if split is None else split,
            np.int64(part),
        )

    def memo_best(self, S: np.ndarray, d: int, rule: np.ndarray) -> int:
        """The best guess the memo holds for S, -1 if none (with losses: found by either search,
        whose exact values agree wherever the search without losses has one)."""
        e = self.engine
        S = np.ascontiguousarray(S, dtype=np.int64)
        g = int(K.memo_best(S, np.int64(d), rule, e.hard, np.int64(e.loss), self.memo))
        if g < 0 and e.loss:
            g = int(K.memo_best(S, np.int64(d), rule, e.hard, np.int64(0), self.memo))
        return g

    def best_guess(self, S: np.ndarray, d: int, rule: np.ndarray) -> int:
        S = np.ascontiguousarray(S, dtype=np.int64)
        g = self.memo_best(S, d, rule)
        if g < 0:  # not solved yet, or evicted from the memo: solve it (again)
            v = self.value(S, d, rule)
            if v >= INF:
                if self.ctl[K.CTL_STOP]:
                    # Stopped (Ctrl-C, or another thread's cut made this opener's groups moot)
                    # while rebuilding a node that the memo did not keep (one a closed form
                    # settled): that proves nothing about the answers.
                    raise _Stopped
                raise WordlelabError(f"no tree solves these {S.size} answers within {d} guesses")
            g = self.memo_best(S, d, rule)
            if g < 0:
                # The memo refused the node (every slot it may take holds a larger set): find a
                # guess that reaches the proven value by valuing the guesses one by one.
                g = self._guess_reaching(S, d, rule, v)
        return g

    def _guess_reaching(self, S: np.ndarray, d: int, rule: np.ndarray, v: int) -> int:
        """The first guess, in the search's order (bound, a candidate first, list order), whose
        groups' exact values add up to ``v``, the proven value of S (so one exists)."""
        e = self.engine
        pool = e.all_pool
        if e.hard:
            pool = K.legal_pool(pool, rule, e.tabs.gletters, e.tabs.gcounts)
        bounds = K.guess_bounds(S, np.int64(d), pool, e.lbtab, e.tabs.data, e.win)
        in_s = np.zeros(len(e.matrix.answers), dtype=bool)
        in_s[S] = True
        g2a = e.tabs.g2a[pool]
        cand = (g2a >= 0) & in_s[np.maximum(g2a, 0)]
        n = int(S.size)
        for i in np.lexsort((pool, ~cand, bounds)):
            if int(bounds[i]) > v:
                break
            g = int(pool[i])
            groups = [(p, sub) for p, sub in e.groups(S, g) if p != e.win]
            if not cand[i] and len(groups) == 1:
                continue  # splits nothing
            lbs = [int(e.lbtab[d - 1, sub.size]) for _, sub in groups]
            total = n + sum(lbs)
            for j, (p, sub) in enumerate(groups):
                rest = total - lbs[j]
                total = rest + self.value(sub, d - 1, e.rule_after(rule, g, p), v - rest + 1)
                if total > v:
                    break
            if total == v:
                return g
            if self.ctl[K.CTL_STOP]:
                raise _Stopped
        if self.ctl[K.CTL_STOP]:
            raise _Stopped
        raise WordlelabError(f"no guess reaches the proven value {v} of these {n} answers")

    def paths(self, S: np.ndarray, d: int, rule: np.ndarray | None = None) -> dict[int, list[int]]:
        """The tree found for S: answer column -> guess rows, the last one the answer itself
        (with losses, a lost answer's line ends without it, after the last guess allowed)."""
        e = self.engine
        rule = e.empty_rule if rule is None else rule
        a2g = e.tabs.a2g
        S = np.sort(np.asarray(S, dtype=np.int64))
        if e.loss and d <= 1 and not (S.size == 1 and d == 1):
            # Nothing left to play (every answer lost), or one guess: the first answer is
            # played, and lost are the others (the value ``K._few_left`` counts).
            line = [int(a2g[S[0]])] if d == 1 else []
            return {int(a): list(line) for a in S}
        if S.size == 1:
            return {int(S[0]): [int(a2g[S[0]])]}
        if S.size == 2:
            g = int(a2g[S[0]])
            return {int(S[0]): [g], int(S[1]): [g, int(a2g[S[1]])]}
        g = self.best_guess(S, d, rule)
        out: dict[int, list[int]] = {}
        for p, sub in e.groups(S, g):
            if p == e.win:
                out[int(sub[0])] = [g]
                continue
            for a, line in self.paths(sub, d - 1, e.rule_after(rule, g, p)).items():
                out[a] = [g, *line]
        return out


def _run_interruptibly(
    fn: Callable[[], int],
    ctl: np.ndarray,
    tick: Callable[[], None],
    stop: threading.Event | None,
    inline: bool = False,
) -> int:
    """Run a kernel call in a worker thread (the kernels release the GIL) so that progress is
    reported and Ctrl-C or ``stop`` ends the call promptly.

    ``inline``: a call known to be short (a small group) runs on the calling thread. Starting a
    thread costs about 50 microseconds on an idle machine and a millisecond or more on a busy one,
    where a review's tens of thousands of small groups spent a minute on thread starts alone;
    ``stop`` is still checked before the call, and the call is bounded by its work limit."""
    if inline:
        tick()
        if stop is not None and stop.is_set():
            ctl[K.CTL_STOP] = 1
            return INF
        return int(fn())
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["v"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller's thread
            box["e"] = exc

    tick()
    if stop is not None and stop.is_set():
        ctl[K.CTL_STOP] = 1
        return INF
    th = threading.Thread(target=target, name="wordlelab-search", daemon=True)
    th.start()
    try:
        while th.is_alive():
            th.join(0.1)
            if stop is not None and stop.is_set():
                ctl[K.CTL_STOP] = 1
            tick()
    except KeyboardInterrupt:
        ctl[K.CTL_STOP] = 1
        th.join()
        raise
    if "e" in box:
        raise box["e"]
    return int(box["v"])


def _guesses(n: int) -> str:
    return f"{n} guess" if n == 1 else f"{n} guesses"


def _replay(
    matrix: PatternMatrix,
    paths: dict[str, tuple[str, ...]],
    root: np.ndarray,
    history: Sequence[tuple[int, int]],
    hard: bool,
    max_guesses: int,
    total: int,
    lost: int = 0,
    ultrahard: bool = False,
) -> None:
    """The tree found, replayed by the game engine before it is reported: every line, after the
    position's guesses, allowed (in hard mode, by their rule), within the limit and ending on
    its answer (or lost at the limit), the lines one tree of ``total`` guesses, ``lost`` of them
    lost. AssertionError if not: a search bug."""
    k = matrix.length
    after = [(str(matrix.guesses[g]), Pattern(int(code), k)) for g, code in history]
    answers = (
        matrix.answers
        if root.size == len(matrix.answers)
        else WordList([str(matrix.answers[int(a)]) for a in root], name=matrix.answers.name)
    )
    try:
        report = DecisionTree(paths, name="the search's tree").verify(
            matrix.guesses,
            answers,
            hard=hard,
            max_guesses=max_guesses,
            after=after,
            ultrahard=ultrahard,
        )
    except TreeError as exc:
        raise AssertionError(f"the search's tree does not replay: {exc}") from None
    if report.total != total or report.lost != lost:
        raise AssertionError(
            f"the search's tree replays to {report.total} ({report.lost} lost), not {total} "
            f"({lost} lost)"
        )


def _refused(
    matrix: PatternMatrix,
    history: Sequence[tuple[int, int]],
    word: str,
    ultrahard: bool = False,
) -> WordlelabError:
    """The error for a first guess ``word`` that the rule of ``history`` refuses."""
    k = matrix.length
    played = [(str(matrix.guesses[g]), Pattern(int(code), k)) for g, code in history]
    broken = rule_for(played, ultrahard).broken(word)
    if broken is None:  # not expected: both rules fix the greens and count revealed letters
        return WordlelabError(f"hard mode would not take {word.upper()} here", word)
    return broken.refuse_line(word)


class _Stopped(Exception):
    pass


@dataclass
class _State:
    opener: str
    phase: str = "exact"
    done: int = 0
    parts: int = 0
    lower: int | None = None


@dataclass
class _Best:
    opener: int
    total: int = INF
    paths: dict[int, list[int]] | None = None
    exact: bool = False


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


@dataclass
class _Outcome:
    solved: int = 0  # sum of the groups' exact values
    cut: int | None = None  # a proven lower bound of the groups' sum, when they cannot beat the cap


def _run_threads(
    solvers: list[Solver],
    targets: list[Callable[[], None]],
    name: str,
    tick: Callable[[], None],
    stop: threading.Event | None,
) -> None:
    """Run each target on a thread of its own until all end, ticking the progress meanwhile; a
    stop (the event, or Ctrl-C in this thread) reaches every solver's search at once."""
    threads = [
        threading.Thread(target=f, name=f"wordlelab-{name}-{k}", daemon=True)
        for k, f in enumerate(targets)
    ]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.1)
                if stop is not None and stop.is_set():
                    for s in solvers:
                        s.ctl[K.CTL_STOP] = 1
                tick()
    except KeyboardInterrupt:
        for s in solvers:
            s.ctl[K.CTL_STOP] = 1
        for t in threads:
            t.join()
        raise


SHARE_MIN = 200  # a group of at least this many answers is shared among the threads (see below)


def _solve_shared(
    solvers: list[Solver],
    sub: np.ndarray,
    d: int,
    rule: np.ndarray,
    beta: int,
    tick: Callable[[], None],
    stop: threading.Event | None,
) -> tuple[int, Solver | None]:
    """One large group solved by every solver at once: each tries its share of the group's
    guesses (every len(solvers)-th in the search order) in its own memo, cutting against the best
    any of them has reached. Returns the group's value (below ``beta``) and the solver whose memo
    holds its tree, or a proven lower bound >= ``beta`` and None."""
    e = solvers[0].engine
    if e.loss == 0:
        return _solve_shared_once(solvers, sub, d, rule, beta, tick, stop, False)
    # With losses, the search without them first (see ``Solver.value``).
    cap = min(beta, e.loss)
    v, owner = _solve_shared_once(solvers, sub, d, rule, cap, tick, stop, True)
    if owner is not None:
        return v, owner
    if beta <= e.loss:
        return min(v, e.loss), None
    return _solve_shared_once(solvers, sub, d, rule, beta, tick, stop, False)


def _solve_shared_once(
    solvers: list[Solver],
    sub: np.ndarray,
    d: int,
    rule: np.ndarray,
    beta: int,
    tick: Callable[[], None],
    stop: threading.Event | None,
    plain: bool,
) -> tuple[int, Solver | None]:
    """``_solve_shared`` with one objective: the engine's, or without losses (``plain``)."""
    e = solvers[0].engine
    loss = np.int64(0 if plain else e.loss)
    split = K.new_split(len(solvers), int(sub.size))
    results = [INF] * len(solvers)
    errors: list[BaseException] = []

    def run(k: int) -> None:
        try:
            results[k] = solvers[k].search(sub, d, rule, beta, split, k, plain)
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller's thread
            errors.append(exc)
            for s in solvers:
                s.ctl[K.CTL_STOP] = 1

    _run_threads(solvers, [partial(run, k) for k in range(len(solvers))], "share", tick, stop)
    if errors:
        raise errors[0]
    if any(s.ctl[K.CTL_STOP] for s in solvers):
        raise _Stopped
    S = np.ascontiguousarray(sub, dtype=np.int64)
    for s in solvers:  # settled before the guesses were shared (a closed form): in the memo
        if K.memo_best(S, np.int64(d), rule, e.hard, loss, s.memo) >= 0:
            return min(results), s
    found = []
    for k in range(len(solvers)):
        base = K.SPLIT_RESULTS + 3 * k
        if split[base] >= 0:
            found.append((int(split[base + 1]), int(split[base + 2]), k, int(split[base])))
    if not found:
        return min(results), None
    v, _, k, g = min(found)  # the least value, then the first in the search order
    K.memo_store(S, np.int64(d), rule, e.hard, loss, solvers[k].memo, np.int64(v), np.int64(g))
    return v, solvers[k]


def _solve_groups(
    solvers: list[Solver],
    parts: list[tuple[int, np.ndarray, np.ndarray]],
    d: int,
    lbs: list[int],
    cap: int | None,
    state: _State,
    paths: dict[int, list[int]],
    done: set[int],
    g: int,
    tick: Callable[[], None],
    stop: threading.Event | None,
) -> _Outcome:
    """Solve an opener's groups on one thread per solver, the largest groups first.

    ``lbs`` holds a proven lower bound of each group. The groups are independent sub-problems; each thread takes the next one and solves it in its
    own memo. With ``cap`` (the sum the groups must stay under to matter), each group gets the
    budget the others leave, counting the exact values found so far and the counting bounds of
    the rest, so a cut found by one thread also stops the other's group at once. Solved groups add
    their lines to ``paths`` and their index to ``done``.
    """
    lock = threading.Lock()
    known = list(lbs)  # each group's exact value once solved, its proven lower bound until then
    out = _Outcome()
    nxt = [0]
    abandon = threading.Event()
    errors: list[BaseException] = []

    def lower() -> int:
        return min(INF, sum(known))

    def record(i: int, v: int, lines: dict[int, list[int]]) -> None:
        """Group i is solved: its value and its answers' lines."""
        known[i] = v
        out.solved += v
        paths.update(lines)
        done.add(i)
        state.done = len(done)
        state.lower = lower()

    # The largest groups first, each shared among all the threads: one group can hold most of an
    # opener's work (a bad opener's largest group), and one thread per group would leave the
    # others idle. The rest go one group a thread, below.
    while len(solvers) > 1 and nxt[0] < len(parts) and parts[nxt[0]][1].size >= SHARE_MIN:
        i = nxt[0]
        nxt[0] += 1
        _, sub, crule = parts[i]
        beta = INF if cap is None else cap - (sum(known) - known[i])
        if beta <= known[i]:
            v, owner = known[i], None
        else:
            state.lower = lower()
            v, owner = _solve_shared(solvers, sub, d, crule, beta, tick, stop)
        if owner is None:  # cannot beat the cap: the opener's sum is at least this
            known[i] = max(known[i], v)
            out.cut = lower()
            return out
        record(i, v, {a: [g, *line] for a, line in owner.paths(sub, d, crule).items()})

    def work(solver: Solver) -> None:
        while True:
            with lock:
                if abandon.is_set() or nxt[0] >= len(parts):
                    return
                i = nxt[0]
                nxt[0] += 1
                beta = INF if cap is None else cap - (sum(known) - known[i])
            _, sub, crule = parts[i]
            if beta <= known[i]:
                v = known[i]
            else:
                v = solver.value(sub, d, crule, beta)
            if solver.ctl[K.CTL_STOP]:
                return
            if v >= beta:
                with lock:
                    known[i] = max(known[i], v)
                    if out.cut is None:
                        out.cut = lower()
                    abandon.set()
                for other in solvers:  # the other groups of this opener no longer matter
                    if other is not solver:
                        other.ctl[K.CTL_STOP] = 1
                return
            try:
                lines = {a: [g, *line] for a, line in solver.paths(sub, d, crule).items()}
            except _Stopped:  # a stop came between the value and its tree: as if it came before
                return
            with lock:
                record(i, v, lines)

    def guarded(solver: Solver) -> None:
        try:
            work(solver)
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller's thread
            errors.append(exc)
            abandon.set()

    state.lower = lower()
    tick()
    _run_threads(solvers, [partial(guarded, s) for s in solvers], "search", tick, stop)
    if errors:
        raise errors[0]
    stopped = stop is not None and stop.is_set()
    for s in solvers:
        s.ctl[K.CTL_STOP] = 0
    if stopped:
        raise _Stopped
    if out.cut is None and len(done) < len(
        parts
    ):  # a thread stopped without a cut: a stop raced it
        raise _Stopped
    return out


def _complete_greedily(
    engine: Engine,
    parts: list[tuple[int, np.ndarray, np.ndarray]],
    done: set[int],
    paths: dict[int, list[int]],
    d: int,
    best: _Best,
    n: int,
    g: int,
    limit: float = 10.0,
) -> None:
    """After an interrupt: the opener in progress with a greedy tree for its unsolved groups.

    The greedy search gets ``limit`` seconds (a second Ctrl-C ends it); without a complete tree
    ``best`` stays empty.
    """
    greedy = Solver(engine, 1, slots=min(engine.slots, 1 << 20))
    ev = threading.Event()
    timer = threading.Timer(limit, ev.set)
    timer.daemon = True
    timer.start()
    out = dict(paths)
    try:
        for i, (_, sub, crule) in enumerate(parts):
            if i in done:
                continue
            v = _run_interruptibly(
                partial(greedy.value, sub, d, crule), greedy.ctl, lambda: None, ev
            )
            if greedy.ctl[K.CTL_STOP] or v >= INF:
                return
            for a, line in greedy.paths(sub, d, crule).items():
                out[a] = [g, *line]
    except (KeyboardInterrupt, _Stopped):
        return
    finally:
        timer.cancel()
    total = _raw_total(engine, out)  # n + the groups' values
    best.total, best.paths, best.opener, best.exact = total, out, g, False


def _opener(engine: Engine, word: str, raw: int, exact: bool) -> OpenerResult:
    """An opener's result from its value in the engine's objective (lost * W + guesses)."""
    lost, value = engine.split_value(min(INF, raw))
    return OpenerResult(word, value, exact, lost=lost)


def _raw_total(engine: Engine, paths: dict[int, list[int]]) -> int:
    """A tree's value in the engine's objective: its guesses, and W + 1 more for each answer
    lost (its line holds the limit's guesses; it counts one more, and the loss)."""
    a2g = engine.tabs.a2g
    total = 0
    for a, line in paths.items():
        total += len(line)
        if not line or line[-1] != a2g[a]:
            total += engine.loss + 1
    return total


def solve_optimal(
    matrix: PatternMatrix,
    *,
    opener: str | None = None,
    hard: bool = False,
    max_guesses: int = 6,
    candidates: int = 10,
    progress: ProgressCallback | None = None,
    memo_mb: int = 256,
    stop: threading.Event | None = None,
    answers: Sequence[str] | None = None,
    history: Sequence[tuple[int, int]] = (),
    threads: int | None = None,
    known_optimum: tuple[int, str] | None = None,
    greedy_on_stop: bool = True,
    losses: bool = False,
    ultrahard: bool = False,
) -> OptimalResult:
    """The decision tree with the fewest total guesses over ``matrix``'s answers (or ``answers``).

    ``known_optimum``: (a total no opener beats, where that is proven), from the start of the
    whole lists only; it rules out the openers not searched when the best searched reaches it.

    With ``opener`` the optimum for that first guess; without, the best of the ``candidates``
    openers with the lowest per-guess bound, each of the others with its value or a lower bound.
    Ctrl-C (or setting ``stop``) ends the search early: the result then holds the best tree
    found so far, an upper bound, and ``proven`` is False. ``history`` (guess row, feedback code)
    pairs start the search from that position (its rule in hard mode, its guesses left); the
    paths are then the subtree from there. ``greedy_on_stop`` False: a stopped search reports
    no greedy completion of the opener in progress (StoppedEarlyError unless one was finished).

    ``losses``: hard mode's objective, the fewest answers lost, then the fewest guesses (a lost
    answer counted as ``max_guesses`` + 1); a search that has to lose answers then gives its
    tree, its count of losses (``lost``) and its total instead of failing.

    ``ultrahard``: every guess must be an allowed word that could still be the answer (that
    would have shown every earlier guess its colours), as alex1770/wordle's ``-U``; implies hard.
    """
    engine = Engine(matrix, hard, max_guesses, memo_mb, losses, ultrahard)
    hard = engine.hard
    guesses = matrix.guesses
    if answers is None:
        root = np.arange(len(matrix.answers), dtype=np.int64)
    else:
        root = np.unique(
            np.array(
                [matrix.answer_index(matrix.answers.normalize(w)) for w in answers], dtype=np.int64
            )
        )
    n = int(root.size)
    rule0 = engine.rule_from(history)
    root_set = set(root.tolist())
    start = time.monotonic()

    left = max_guesses - len(history)
    if left < 1:
        raise SearchFailedError(f"no guesses left after the {len(history)} played", max_guesses)
    if opener is not None:
        word = guesses.normalize(opener)
        if word not in guesses:
            raise UnknownWordError(
                f"opener {opener!r} is not an allowed guess ({guesses.name})", opener
            )
        order = [guesses.index(word)]
        if not engine.legal(order[0], rule0):
            raise _refused(matrix, history, word, ultrahard)
        bounds = np.full(len(guesses), INF, dtype=np.int64)  # only the opener's is needed
        bounds[order[0]] = engine.bounds(root, left, np.array(order))[0]
    else:
        bounds = engine.bounds(root, left)
        if hard and history:
            # The kernel keeps each node's legal guesses (rule0 goes down to the groups), but the
            # root's guesses are chosen here: without this a guess the position's rule refuses
            # was searched and reported as the optimum (PLANC after TARSE .y.y., no S), and where
            # no legal guess wins in time an illegal one made a "proven" tree. A refused guess
            # counts as never winning, so it is neither searched nor a bound on the openers left.
            legal = np.zeros(len(guesses), dtype=bool)
            legal[
                K.legal_pool(engine.all_pool, rule0, engine.tabs.gletters, engine.tabs.gcounts)
            ] = True
            bounds[~legal] = INF
        g2a = matrix.guess_to_answer
        in_root = np.zeros(len(matrix.answers) + 1, dtype=bool)
        in_root[root] = True
        is_cand = in_root[g2a]  # g2a is -1 for non-answers, which reads the False sentinel
        ranked = np.lexsort((engine.all_pool, ~is_cand, bounds))
        order = [int(g) for g in ranked[: max(1, candidates)] if bounds[g] < INF]
        if not order:
            raise SearchFailedError(
                f"no strategy solves every answer within {_guesses(left)} (no opener can) — proven",
                max_guesses,
            )

    workers = max(1, threads if threads is not None else available_cores())
    try:
        solvers = [
            Solver(
                engine,
                0,
                np.zeros(K.CTL_SIZE, dtype=np.int64),
                slots=max(1 << 12, engine.slots // workers),
            )
            for _ in range(workers)
        ]
    except MemoryError:  # e.g. under ulimit -v: one line, not numpy's traceback
        raise WordlelabError(
            f"not enough memory for a memo of {memo_mb} MB; give a smaller --memo-mb", memo_mb
        ) from None
    d = left - 1
    state = _State(opener=str(guesses[order[0]]), phase="exact")
    best = _Best(opener=order[0])

    def nodes() -> int:
        return sum(int(s.ctl[K.CTL_NODES]) for s in solvers)

    def work() -> int:
        return sum(int(s.ctl[K.CTL_WORK]) for s in solvers)

    def tick() -> None:
        if progress is not None:
            progress(
                Progress(
                    state.phase,
                    state.opener,
                    state.done,
                    state.parts,
                    nodes(),
                    None if best.total >= INF else best.total,
                    state.lower,
                    time.monotonic() - start,
                    work(),
                )
            )

    def split(g: int) -> list[tuple[int, np.ndarray, np.ndarray]]:
        """The opener's non-winning groups, largest first (the slowest start first)."""
        out = [
            (p, sub, engine.rule_after(rule0, g, p))
            for p, sub in engine.groups(root, g)
            if p != engine.win
        ]
        out.sort(key=lambda t: (-t[1].size, t[0]))
        return out

    def own(g: int) -> dict[int, list[int]]:
        a = int(matrix.guess_to_answer[g])
        return {a: [g]} if a in root_set else {}

    results: list[OpenerResult] = []
    interrupted = False
    partial_paths: dict[int, list[int]] = {}
    partial_parts: list[tuple[int, np.ndarray, np.ndarray]] = []
    partial_done: set[int] = set()
    try:
        if left < 2 and n > 1 and not engine.loss:
            raise SearchFailedError(
                f"{n} answers cannot all be solved in {left} guess — proven", max_guesses
            )
        if stop is not None and stop.is_set():
            raise _Stopped
        for g in order:
            state.opener = str(guesses[g])
            parts = split(g)
            partial_parts, partial_done, partial_paths = parts, set(), own(g)
            state.parts, state.done = len(parts), 0
            # When comparing openers, a group needs only enough budget to tie the best so far, and
            # one pass over the guesses per group (its least per-guess bound) often shows it cannot.
            cap = best.total + 1 - n if (opener is None and best.total < INF) else None
            lbs = [int(engine.lbtab[d, sub.size]) if d >= 0 else INF for _, sub, _ in parts]
            if cap is not None and sum(lbs) < cap:
                lbs = [
                    max(lb, engine.node_bound(sub, d, crule))
                    for lb, (_, sub, crule) in zip(lbs, parts)
                ]
            if cap is not None and sum(lbs) >= cap:
                results.append(_opener(engine, str(guesses[g]), n + sum(lbs), False))
                continue
            outcome = _solve_groups(
                solvers, parts, d, lbs, cap, state, partial_paths, partial_done, g, tick, stop
            )
            if outcome.cut is not None:
                results.append(_opener(engine, str(guesses[g]), n + outcome.cut, False))
                continue
            total = n + outcome.solved
            results.append(_opener(engine, str(guesses[g]), total, True))
            # The first opener proven to reach the best total keeps it (candidate order).
            if not best.exact or total < best.total:
                best.total, best.paths, best.opener, best.exact = (
                    total,
                    dict(partial_paths),
                    g,
                    True,
                )
    except (KeyboardInterrupt, _Stopped):
        interrupted = True
        if best.paths is None and partial_parts and greedy_on_stop:
            # Complete the opener in progress: its groups solved exactly, a greedy tree for the rest.
            _complete_greedily(
                engine,
                partial_parts,
                partial_done,
                partial_paths,
                d,
                best,
                n,
                guesses.index(state.opener),
            )
    if best.paths is None:
        if interrupted:
            raise StoppedEarlyError("interrupted before the search had a complete tree to report")
        # Every opener not searched has a bound of INF (it cannot win in time, or hard mode
        # refuses it): the search then covered every opener that could.
        searched_all = opener is None and bool((np.delete(bounds, order) >= INF).all())
        tried = (
            f"after {opener.upper()}"
            if opener is not None
            else "with every opener"
            if searched_all
            else f"with the {len(order)} openers tried (--candidates)"
        )
        raise SearchFailedError(
            f"no strategy solves every answer within {_guesses(left)} {tried} — proven",
            max_guesses,
        )
    total = best.total
    done = {r.word: r for r in results}
    lower = INF
    for g in order:
        r = done.get(str(guesses[g]))
        if r is not None:
            lower = min(lower, r.lost * engine.loss + r.value)
        elif (
            interrupted
            and g == order[len(results)]
            and state.lower is not None
            and state.phase == "exact"
        ):
            lower = min(lower, state.lower)
        else:
            lower = min(lower, int(bounds[g]))
    lower = min(lower, total)
    # The openers not searched (past --candidates) count by their per-guess bound: without them
    # the total is only the best of those searched, not a proof over every opener.
    searched_lower = lower
    if opener is None and len(order) < len(guesses):
        untried = np.ones(len(guesses), dtype=bool)
        untried[order] = False
        lower = min(lower, int(bounds[untried].min()))
    table = None
    if (
        known_optimum is not None
        and lower < total
        and searched_lower == total
        and not history
        and answers is None
        and known_optimum[0] == total
    ):
        # No opener does better than this total, proven elsewhere (e.g. the shipped table of
        # every opener's value or bound: ``opener_values.known_optimum``).
        lower = total
        table = known_optimum[1]
    paths_words = {
        str(matrix.answers[a]): tuple(str(guesses[r]) for r in line)
        for a, line in sorted(best.paths.items())
    }
    lost, guesses_total = engine.split_value(total)
    lower_lost, lower_guesses = engine.split_value(lower)
    _replay(matrix, paths_words, root, history, hard, max_guesses, guesses_total, lost, ultrahard)
    return OptimalResult(
        opener=str(guesses[best.opener]),
        total=guesses_total,
        lower_bound=lower_guesses,
        losses=losses,
        lost=lost,
        lower_lost=lower_lost,
        proven=not interrupted and best.exact and lower == total,
        opener_given=opener is not None,
        best_of_searched=not interrupted and best.exact and searched_lower == total,
        searched=len(order),
        table=table,
        paths=paths_words,
        hard=hard,
        ultrahard=ultrahard,
        max_guesses=max_guesses,
        nodes=nodes(),
        elapsed=time.monotonic() - start,
        interrupted=interrupted,
        openers=results,
        work=work(),
        answers_fingerprint=matrix.answers.fingerprint,
        guesses_fingerprint=matrix.guesses.fingerprint,
        after=" ".join(f"{guesses[g]} {Pattern(c, matrix.length)}" for g, c in history),
    )
