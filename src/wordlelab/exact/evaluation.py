"""Exact values of positions and guesses, for players: the exact search, one position at a time.

``evaluate(position)`` gives the fewest total guesses still needed over the answers left (each
equally likely, as the exact search assumes), the best guess, the exact value of any guess and
the exact top N. It is anytime: with a budget of work (``budgets``: feedback look-ups counted
in the kernels, so the same on any machine at any load) that runs out first it returns proven
lower and upper bounds (an exact sub-search that did not finish, a greedy tree) and says which
is which; a figure is called exact only when lower == upper. A wall-clock limit is only an outer
safety net (``timed_out`` says when it fired).

Totals count the guesses still to make, the next one included: 1 for one answer, 3 for two.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from ..errors import WordlelabError
from ..game import Position, guess_codes
from ..game.matrix import PatternMatrix, shared_alphabet
from ..game.words import WordList
from .budgets import GREEDY_WORK, SEARCH_WORK_PER_ANSWER
from .context import COMPACTS, ENGINE_TABLES, ENGINES, ExactContext
from .greedy_bound import GreedyBound
from .kernels import search as K
from .kernels.guess_total import RAN as GT_RAN
from .kernels.guess_total import guess_total
from .optimal import INF, Engine, Solver, _run_interruptibly, search_version
from .rounding import per_answer
from .tree import DecisionTree, bundled_tree, bundled_trees, find_opener_tree

if TYPE_CHECKING:
    from .opener_values import OpenerTable, OpenerValue

# The memo of an engine over the full lists; an engine over a compact matrix gets half.
MEMO_MB = 64
# Positions with this many answers or more (up to half the list) are searched over a matrix of
# their own columns (see _compact); the context keeps the last few such matrices.
COMPACT_MIN = 100
# Under a budget, compact only when the cells copied (about 10 ns each, against 1-4 for a look-up)
# are at most this share of it.
COMPACT_SHARE = 0.1
# Under a budget at the start (valued by the tree, or not proven), only the played guess's groups
# of up to this many answers are searched exactly: the larger ones would not be proven within the
# budget either, and only spend it.
QUICK_N = 10
# Groups of at most this many answers are searched on the calling thread, not a worker thread
# (optimal._run_interruptibly): their searches are short, shorter than starting a thread on a
# busy machine.
INLINE_N = 100
# Value a guess's groups in one kernel call where it can (kernels/guess_total.py); False: group by
# group from Python, the same values and work (tests compare the two).
BATCHED = True
# Greedy trees (upper bounds) below a position rank this many of its best guesses at their top.
POOL = 1000


@dataclass(frozen=True)
class GuessValue:
    """A guess's total from a position: exact when ``lower == upper``, else proven bounds."""

    word: str
    lower: int
    upper: int
    n: int  # answers possible at the position
    # Hard mode's objective (``losses``): the weight W of a lost answer, values L * W + G (a lost
    # answer counted as the limit + 1 guesses in G); 0: every answer solved within the limit.
    loss: int = 0

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    @property
    def winnable(self) -> bool:
        """False when it is proven that after this guess no strategy solves every answer left
        within the guesses left (with losses: never, a strategy may lose answers)."""
        return self.lower < INF

    @property
    def lost(self) -> tuple[int, float]:
        """Answers lost with the best play after this guess: (at least, at most; inf unknown)."""
        return lost_range(self.lower, self.upper, self.loss)

    @property
    def guesses(self) -> tuple[float, float]:
        """Guesses of the best play after this guess, a lost answer counted as the limit + 1:
        (at least, at most; inf unknown)."""
        return guess_range(self.lower, self.upper, self.loss)

    @property
    def expected(self) -> float:
        """Expected guesses from the position, this guess included (the upper bound's strategy if
        not exact; with losses, a lost answer counted as the limit + 1)."""
        return found_guesses(self.upper, self.loss) / self.n

    def to_dict(self) -> dict[str, object]:
        lost = self.lost
        return {
            "word": self.word,
            "exact": self.exact,
            "total": int(self.guesses[1]) if self.exact and self.upper < INF else None,
            "lower": None if self.lower >= INF else int(self.guesses[0]),
            "upper": None if self.upper >= INF else int(found_guesses(self.upper, self.loss)),
            "expected": round(self.expected, 4) if self.upper < INF else None,
            "expected_shown": per_answer(*self.guesses, self.n),
            # With losses only: the answers the best play after it loses (None: not proven).
            **({"lost": lost[0] if lost[0] == lost[1] else None} if self.loss else {}),
        }


def lost_range(lower: int, upper: int, loss: int) -> tuple[int, float]:
    """Answers lost by a value L * ``loss`` + G with these bounds: (at least, at most; inf when
    not known). Without losses (``loss`` 0) a strategy loses nothing: (0, 0), or (0, inf) when
    it may be one that cannot win (INF)."""
    if loss == 0:
        return 0, (0 if upper < INF else float("inf"))
    if lower >= INF:
        return INF, float("inf")
    return lower // loss, (upper // loss if upper < INF else float("inf"))


def guess_range(lower: int, upper: int, loss: int) -> tuple[float, float]:
    """Guesses (a lost answer counted as the limit + 1) of a value with these bounds: (at least,
    at most; inf when not known). With losses they are known only where the losses are: the
    bounds' G parts when both bounds lose as many answers."""
    if loss == 0 or lower >= INF:
        return float(lower) if lower < INF else float("inf"), (
            float(upper) if upper < INF else float("inf")
        )
    if upper < INF and lower // loss == upper // loss:
        return float(lower % loss), float(upper % loss)
    # Not knowing how many answers the best play loses, nothing is known of its guesses: with
    # one loss fewer it may take more guesses than the strategy found.
    return 0.0, float("inf")


def found_guesses(upper: int, loss: int) -> float:
    """The guesses of the strategy that reaches the upper bound ``upper`` (INF: none found)."""
    if upper >= INF:
        return float(INF)  # as the value itself: callers test ``upper < INF`` first
    return float(upper % loss if loss else upper)


@dataclass
class Evaluation:
    """What ``evaluate`` proved about a position."""

    n: int  # answers still possible
    guesses_left: int
    lower: int  # proven bounds on the fewest total guesses still needed
    upper: int
    best: str | None  # a guess that reaches ``upper`` (optimal when exact)
    top: list[GuessValue] = field(default_factory=list)
    guess: GuessValue | None = None  # the value of the guess asked about
    seconds: float = 0.0  # wall clock (varies from run to run; ``work`` does not)
    source: str = "search"  # "search", or "tree" when a shipped proven tree gave the value
    top_complete: bool = True  # False when the budget ran out before the top N were proven
    work: int = 0  # look-ups of exact search spent (the same on any machine)
    budget: int | None = None  # the work allowed to each part (position, guess, top), if any
    timed_out: bool = (
        False  # the wall-clock safety net stopped a search: figures may vary by machine
    )
    others: list[GuessValue] = field(default_factory=list)  # other words asked about, if valued
    # Not searched at all: under its budget a set of this many answers is never proven
    # (SEARCH_WORK_PER_ANSWER), so the bounds came at once (the counting bound, a greedy tree).
    not_searched: bool = False
    # Hard mode's objective, fewest answers lost then fewest guesses (``GuessValue.loss``): the
    # weight of a lost answer in ``lower`` and ``upper``; 0 without it.
    loss: int = 0

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    @property
    def winnable(self) -> bool:
        """False when it is proven that no strategy solves every answer left within the guesses
        left (with losses: never; a strategy may lose answers)."""
        return self.lower < INF

    @property
    def lost(self) -> tuple[int, float]:
        """Answers the best play from here loses: (at least, at most; inf unknown)."""
        return lost_range(self.lower, self.upper, self.loss)

    @property
    def guesses(self) -> tuple[float, float]:
        """Guesses of the best play from here (a lost answer counted as the limit + 1)."""
        return guess_range(self.lower, self.upper, self.loss)

    @property
    def expected(self) -> float:
        return found_guesses(self.upper, self.loss) / self.n

    def cost(self, guess: GuessValue) -> tuple[float, float]:
        """How many guesses (expected) ``guess`` loses against the best: (at least, at most).

        With losses a move is worse first by the answers it loses (``lost_cost``), and its cost
        in guesses (a lost answer counted as the limit + 1) is never below 0: a move that loses
        an answer more is charged that answer, whatever guesses it saves."""
        if guess.lower >= INF:  # proven: the guess cannot solve every answer in the guesses left
            return float("inf"), float("inf")
        if self.loss:
            glo, ghi = guess.guesses
            blo, bhi = self.guesses
            low = max(0.0, (glo - bhi) / self.n) if bhi < INF else 0.0
            high = max(0.0, (ghi - blo) / self.n) if ghi < INF else float("inf")
            return low, high
        low = max(0.0, (guess.lower - self.upper) / self.n)
        high = max(0.0, (guess.upper - self.lower) / self.n) if guess.upper < INF else float("inf")
        return low, high

    def lost_cost(self, guess: GuessValue) -> tuple[int, float]:
        """How many answers more than the best play ``guess`` can lose: (at least, at most; inf
        unknown). (0, 0) without losses."""
        if not self.loss:
            return 0, 0
        glo, ghi = guess.lost
        blo, bhi = self.lost
        low = max(0, int(glo - bhi)) if bhi < INF else 0
        return low, (max(0.0, ghi - blo) if ghi < INF else float("inf"))

    def value_of(self, word: str) -> GuessValue | None:
        """What this evaluation proved about ``word``: its row in the top N, the guess asked about
        or the other words asked about; None when it says nothing of it."""
        for g in (*self.top, *([self.guess] if self.guess else []), *self.others):
            if g.word == word:
                return g
        return None

    def expected_of(self, word: str) -> tuple[str, float | None]:
        """What this evaluation says of ``word``'s expected guesses from here (this one included),
        as both front-ends show it beside a heuristic's top N: ("exact", x); ("can fail", None):
        proven that after it no strategy solves every answer in the guesses left; ("at least", x):
        not in the complete exact top N, so no better than its last; ("unknown", None). With hard
        mode's objective, ("loses", x): proven that the best play after it loses answers
        (``GuessValue.lost``), x its expected guesses with a lost answer counted as the limit + 1.
        """
        g = self.value_of(word)
        if g is not None and g.exact:
            if not g.winnable:
                return "can fail", None
            return ("loses" if g.lost[0] > 0 else "exact"), g.expected
        if g is not None and g.loss and g.lost[0] > 0:
            return "loses", None  # proven to lose at least ``g.lost[0]`` answers; no more known
        if self.top_complete and self.top:
            return "at least", self.top[-1].expected
        return "unknown", None

    def to_dict(self) -> dict[str, object]:
        lost = self.lost
        return {
            "answers": self.n,
            "guesses_left": self.guesses_left,
            "exact": self.exact,
            "winnable": self.winnable,
            "total": int(self.guesses[1]) if self.exact and self.winnable else None,
            "lower": None if self.lower >= INF else int(self.guesses[0]),
            "upper": None if self.upper >= INF else int(found_guesses(self.upper, self.loss)),
            **(
                {"lost": lost[0] if lost[0] == lost[1] else None, "objective": "losses"}
                if self.loss
                else {}
            ),
            "expected": round(self.expected, 4) if self.upper < INF else None,
            "expected_shown": per_answer(*self.guesses, self.n),
            "best": self.best,
            "top": [g.to_dict() for g in self.top],
            "guess": self.guess.to_dict() if self.guess else None,
            "others": [g.to_dict() for g in self.others],
            "top_complete": self.top_complete,
            "seconds": round(self.seconds, 4),
            "source": self.source,
            "work": self.work,
            "budget": self.budget,
            "timed_out": self.timed_out,
            "not_searched": self.not_searched,
        }


class _Engines:
    """What a context keeps per (matrix, mode, limit): the exact search's engine and memo (without
    a budget a memo is only a cache, so one serves every position of every game on these lists),
    the fast greedy tree for upper bounds, and the ranking of guesses at the start (the same for
    every game)."""

    def __init__(
        self,
        matrix: PatternMatrix,
        hard: bool,
        max_guesses: int,
        memo_mb: int = 64,
        like: _Engines | None = None,
        losses: bool = False,
    ) -> None:
        self.engine = shared_engine(matrix, hard, max_guesses, memo_mb, losses)
        self.ctl = np.zeros(K.CTL_SIZE, dtype=np.int64)
        self.exact = Solver(self.engine, 0, self.ctl)
        # The greedy tree solves every answer within the limit or gives no bound (INF): with
        # losses its total is still a strategy's value (none lost), so it counts the levels
        # without them (the plain counting table).
        self.greedy: GreedyBound = GreedyBound(
            matrix, self.engine.plain_tabs[3], hard, like=like.greedy if like else None
        )
        self.root_bounds: np.ndarray | None = None  # the counting bound of every guess at the start
        self._root_pool: np.ndarray | None = None

    def clear_memo(self) -> None:
        """Forget every memo entry (an empty slot has key 0)."""
        self.exact.memo[0][:] = 0
        self.exact.memo[1][:] = 0

    def root_pool(self, bounds: np.ndarray) -> np.ndarray:
        """The POOL guesses with the lowest counting bound over every answer (ties: row), kept."""
        if self._root_pool is None:
            self._root_pool = np.lexsort((np.arange(bounds.size), bounds))[:POOL].astype(np.int64)
        return self._root_pool


def shared_engine(
    matrix: PatternMatrix, hard: bool, max_guesses: int, memo_mb: int, losses: bool = False
) -> Engine:
    """The search's tables for ``matrix`` (``optimal.Engine``), built once and kept with the
    matrix: they are read-only, so every context searching this matrix shares them (each keeps
    its own memo and scratch tables). They go when the matrix goes."""
    kept: dict[tuple, Engine] = matrix.__dict__.setdefault(ENGINE_TABLES, {})
    key = (hard, max_guesses, memo_mb, losses)
    got = kept.get(key)
    if got is None:
        got = kept.setdefault(
            key, Engine(matrix, hard, max_guesses, memo_mb=memo_mb, losses=losses)
        )
    return got


def _engines(context: ExactContext, position: Position, losses: bool = False) -> _Engines:
    m = position.matrix
    key = (id(m), position.hard, position.max_guesses, losses)
    kept = context.engines
    got = kept.get(key)
    if got is not None and got.engine.matrix is m:
        kept[key] = got
        kept.move_to_end(key)
        return got
    full = next(
        (f for _, sub, f in list(context.compact.values()) if sub is m), None
    )  # m is a compact matrix of full
    like = (
        kept.get((id(full), position.hard, position.max_guesses, losses))
        if full is not None
        else None
    )
    got = _Engines(
        m,
        position.hard,
        position.max_guesses,
        MEMO_MB // 2 if full is not None else MEMO_MB,
        like if like is not None and like.engine.matrix is full else None,
        losses,
    )
    kept[key] = got
    while len(kept) > ENGINES:
        kept.popitem(last=False)
    return got


@lru_cache(maxsize=16)
def _bundled(name: str) -> DecisionTree:
    return bundled_tree(name)  # parsed once: evaluate() is called position after position


def proven_tree(position: Position) -> DecisionTree | None:
    """The shipped tree proven optimal for these lists, mode and guess limit, if there is one.

    A tree proven under a limit L is optimal for any limit from its depth to L, not beyond (more
    guesses allowed could lower the total)."""
    m = position.matrix
    return _proven_tree(
        m.guesses.fingerprint, m.answers.fingerprint, position.hard, position.max_guesses
    )


def has_proven_tree(
    guesses_fingerprint: str, answers_fingerprint: str, hard: bool, max_guesses: int
) -> bool:
    """Whether a shipped proven tree covers these lists, mode and guess limit (no matrix needed)."""
    return _proven_tree(guesses_fingerprint, answers_fingerprint, hard, max_guesses) is not None


def _proven_tree(
    guesses_fp: str, answers_fp: str, hard: bool, max_guesses: int
) -> DecisionTree | None:
    mode = "hard" if hard else "normal"
    for name in bundled_trees():
        tree = _bundled(name)
        meta = tree.meta
        if (
            meta.get("answers") == answers_fp
            and meta.get("guesses") == guesses_fp
            and meta.get("mode") == mode
            and meta.get("proven") == "optimal"
            and tree.worst <= max_guesses <= int(meta.get("max-guesses", "6"))
        ):
            return tree
    return None


def opener_tree(
    position: Position, context: ExactContext | None = None, losses: bool = False
) -> DecisionTree | None:
    """The tree proven optimal after the position's first guess, shipped or kept by the player
    (``wordlelab optimal --opener WORD --keep``; a kept one only once it replays to its total).

    Its sub-trees are optimal for their positions (a better one would improve the tree), so on
    its line every position after the opener has its exact value there."""
    if not position.history:
        return None
    m = position.matrix
    return checked_opener_tree(
        m, position.hard, position.max_guesses, m.guesses[position.history[0][0]], context, losses
    )


def checked_opener_tree(
    matrix: PatternMatrix,
    hard: bool,
    max_guesses: int,
    opener: str,
    context: ExactContext | None = None,
    losses: bool = False,
) -> DecisionTree | None:
    """The tree proven optimal after ``opener`` (a word of ``matrix.guesses``) for these lists,
    mode and guess limit, shipped or kept and replayed; None where there is none to trust.
    ``losses``: hard mode's objective (a tree of fewest losses counts too)."""
    m = matrix
    context = context or ExactContext()
    tree = find_opener_tree(
        m.guesses.fingerprint,
        m.answers.fingerprint,
        hard,
        max_guesses,
        opener,
        kept=context.kept_trees,
        losses=losses,
    )
    if tree is None or tree.name.endswith("(bundled)"):
        return tree  # the shipped ones are checked by the tests
    # A tree the player kept (or a review proved on first use): replayed once before its figures
    # are trusted, and only from the search that runs now (a damaged or edited file, or one
    # another version of the search proved, is ignored, as if none were kept).
    checked = context.checked.get(id(tree))
    if checked is None or checked[0] is not tree:
        limit = int(tree.meta.get("max-guesses", "6"))
        ok = tree.meta.get("code") == search_version()
        try:
            if ok:
                report = tree.verify(m.guesses, m.answers, hard=hard, max_guesses=limit)
                ok = (
                    str(report.total) == tree.meta.get("total")
                    and str(report.lost) == tree.meta.get("lost", "0")  # hard mode's losses
                    and report.opener == opener
                )
        except WordlelabError:
            ok = False
        checked = context.checked[id(tree)] = (tree, ok)  # the tree held: its id stays its own
    return tree if checked[1] else None


def tree_at(
    position: Position, context: ExactContext | None = None, losses: bool = False
) -> tuple[DecisionTree, tuple[int, str]] | None:
    """A shipped proven tree that holds ``position`` and its (total, next guess) there: the
    optimal tree's line first, else the tree proven after the game's opener. ``losses``: hard
    mode's objective (totals L * LOSS_WEIGHT + G; a tree of fewest losses counts too)."""
    for tree in (proven_tree(position), opener_tree(position, context, losses)):
        if tree is not None:
            node = tree_node(position, tree, int(K.LOSS_WEIGHT) if losses else 0)
            if node is not None:
                return tree, node
    return None


def tree_node(position: Position, tree: DecisionTree, loss: int = 0) -> tuple[int, str] | None:
    """(total, next guess) at ``position`` when its history follows ``tree``, else None.

    Every sub-tree of an optimal tree is optimal for its answers (a better one would improve the
    whole), so on the tree's line its sub-tree total is the exact value. With ``loss`` (hard
    mode's objective, a tree of fewest losses) a lost answer adds ``loss`` and one guess more
    than its line holds; a tree that solves every answer has the same totals under both
    objectives (where no answer need be lost, the least value loses none)."""
    words = [w for w, _ in position.words_history()]
    h = len(words)
    total, nxt = 0, None
    for a in position.candidate_words:
        path = tree.paths.get(a)
        if path is None or len(path) <= h or list(path[:h]) != words:
            return None
        if nxt is None:
            nxt = path[h]
        elif path[h] != nxt:
            return None
        total += len(path) - h
        if tree.is_lost(a):
            if not loss:
                return None
            total += loss + 1
    return (total, nxt) if nxt is not None else None


# A step from a position no strategy wins within the game's limit is valued as if the game
# allowed this many guesses (hard mode's traps: _ATCH, _IGHT ... with too few guesses left).
LIFTED_GUESSES = 20


@dataclass(frozen=True)
class StepValue:
    """A played guess valued from its position (``evaluate_step``): the evaluation, the position
    it was valued from (the game's, or the same with the limit lifted) and whether it was lifted."""

    evaluation: Evaluation
    position: Position
    lifted: bool

    @property
    def losses(self) -> bool:
        """Valued by hard mode's objective: fewest answers lost, then fewest guesses."""
        return bool(self.evaluation.loss)


def evaluate_step(
    position: Position,
    guess: str,
    *,
    budget: int | None,
    time_limit: float | None = None,
    context: ExactContext | None = None,
    losses: bool = False,
) -> StepValue:
    """The one valuation of a played guess that ``analyse``, ``check`` and the web share: exact
    values (or bounds) within the game's limit.

    In hard mode, where no strategy wins every answer left within it, or none after the guess
    played (proven), by hard mode's objective (``evaluate``'s ``losses``: fewest answers lost,
    then fewest guesses), so that such a move costs the answers it can lose and guesses, finite;
    ``losses``: by that objective from the start (a game after an opener that no six-guess
    strategy follows, whose tree of fewest losses then values its steps). In normal mode, where
    no strategy wins, the same position as if the game allowed LIFTED_GUESSES, which says
    whether the move made a lost position worse; not lifted where even that cannot win.
    ``context``: the caller's (see ``evaluate``)."""
    context = context or ExactContext()
    if position.hard and not losses and position.history:
        losses = opener_cannot_win(position)
    if losses and position.hard:
        ev = evaluate(
            position,
            guess=guess,
            budget=budget,
            time_limit=time_limit,
            context=context,
            losses=True,
        )
        return StepValue(_played_if_optimal(ev), position, False)
    ev = _played_if_optimal(
        evaluate(position, guess=guess, budget=budget, time_limit=time_limit, context=context)
    )
    if position.hard and not (ev.winnable and (ev.guess is None or ev.guess.winnable)):
        ev = evaluate(
            position,
            guess=guess,
            budget=budget,
            time_limit=time_limit,
            context=context,
            losses=True,
        )
        return StepValue(_played_if_optimal(ev), position, False)
    if ev.winnable or position.max_guesses >= LIFTED_GUESSES:
        return StepValue(ev, position, False)
    roomy = Position(
        position.matrix, position.candidates, position.history, position.hard, LIFTED_GUESSES
    )
    roomy_ev = evaluate(roomy, guess=guess, budget=budget, time_limit=time_limit, context=context)
    if roomy_ev.winnable:
        return StepValue(_played_if_optimal(roomy_ev), roomy, True)
    return StepValue(ev, position, False)


def opener_cannot_win(position: Position) -> bool:
    """Whether the shipped table of every opener proves that no strategy after the game's opener
    solves every answer within the limit (hard mode after CRANE): the game is then valued by hard
    mode's objective from its first step on."""
    from .opener_values import table_for

    m = position.matrix
    if not position.history:
        return False
    table = table_for(
        m.guesses.fingerprint, m.answers.fingerprint, position.hard, position.max_guesses
    )
    if table is None:
        return False
    row = table.rows.get(m.guesses[position.history[0][0]])
    return row is not None and row.exact and row.total is None


def _played_if_optimal(ev: Evaluation) -> Evaluation:
    """The played guess named as the best where it is proven optimal (ties among optimal guesses:
    a review names the move made, not another equally good one)."""
    g = ev.guess
    if g is not None and ev.exact and g.exact and g.upper == ev.upper and ev.upper < INF:
        ev.best = g.word
    return ev


def evaluate(
    position: Position,
    *,
    guess: str | None = None,
    top: int = 0,
    budget: int | None = None,
    use_tree: bool = True,
    time_limit: float | None = None,
    fresh: bool = False,
    context: ExactContext | None = None,
    losses: bool = False,
) -> Evaluation:
    """Exact value of ``position`` (and of ``guess``, and the ``top`` best guesses) within ``budget``.

    ``budget``: look-ups of exact search (``budgets``) for each part: the position's value, the
    guess's, the top N. Without one the search runs to the end. With one, whatever is not
    finished within it is reported as proven bounds: the counting bound below, a greedy tree above
    (its work capped at GREEDY_WORK look-ups; past that, no upper bound). ``time_limit``: an
    optional wall-clock safety net in seconds (none by default, so the figures never depend on the
    machine's load; 0 or less: fired before the search starts); when it fires ``timed_out`` is set.
    ``context``: the caller's state across calls (``ExactContext``: engines, memos, kept trees;
    a new one for this call alone when not given). Without a budget every call on a context
    shares its memos (a memo is only a cache, so no value depends on it); with one, only the
    positions of one game do (``ExactContext.continue_game``), so the figures are the same in
    any process. ``use_tree``: take the value from a shipped proven tree when the position lies
    on its line (instant); False always searches. ``fresh``: start from empty memos, whatever
    came before (the figures then depend on the position alone). ``losses`` (hard mode only):
    value by hard mode's objective, the fewest answers lost, then the fewest guesses with a lost
    answer counted as the limit + 1 (``optimal.Engine``); values are then L * LOSS_WEIGHT + G,
    finite wherever some answer may be lost (``Evaluation.lost``, ``GuessValue.lost``), and the
    same as without it wherever no answer need be lost.
    """
    losses = losses and position.hard
    if position.solved:
        raise WordlelabError("the game is solved; there is nothing left to evaluate")
    if budget is not None:
        budget = max(0, int(budget))
    context = context or ExactContext()
    with context.lock:  # one memo and one set of scratch tables per engine: one call at a time
        if budget is not None or fresh:
            context.continue_game(position, force=fresh)
        start = time.monotonic()
        at_start = (
            start_from_opener_table(position, guess, top, context=context, losses=losses)
            if use_tree
            else None
        )
        if at_start is not None:
            at_start.budget = budget  # valued from the table: no work spent
            at_start.seconds = time.monotonic() - start
            return at_start
        if use_tree and tree_at(position, context, losses) is None:
            use_tree = False  # no shipped tree has this position: the search decides
        if not use_tree:
            position = _compact(context, position, budget)
        engines = _engines(context, position, losses)
        result = _evaluate(context, engines, position, guess, top, budget, use_tree, time_limit)
    result.seconds = time.monotonic() - start  # the columns copied and the engine built included
    result.budget = budget
    return result


def _compact(context: ExactContext, position: Position, budget: int | None = None) -> Position:
    """The position over a matrix of only the columns it can still reach, when that pays.

    Every scan of the search reads a guess's feedback over the answers left; over a matrix of
    just those columns it reads contiguous memory rather than the whole width (about 1.5-2x
    faster from a few hundred answers on). The matrix is kept with its engine and memo for the
    following positions of the game (subsets of its columns); the guesses, hence the rows, the
    history and every value are those of the full lists.
    """
    m = position.matrix
    S = np.sort(position.candidates.astype(np.int64))
    key = (id(m), position.hard, position.max_guesses)
    kept = context.compact
    for ckey, (cols, sub, full) in reversed(list(kept.items())):
        if ckey[0] == key and full is m:
            i = np.searchsorted(cols, S)
            if S.size and i[-1] < cols.size and np.array_equal(cols[i], S):
                kept[ckey] = (cols, sub, full)
                kept.move_to_end(ckey)
                return Position(
                    sub, i.astype(np.int64), position.history, position.hard, position.max_guesses
                )
    if not (COMPACT_MIN <= S.size <= len(m.answers) // 2) or not m.is_full:
        return position
    if budget is not None and S.size * len(m.guesses) > budget * COMPACT_SHARE:
        return position  # copying the columns would take too much of a small budget
    answers = WordList(
        [m.answers[int(a)] for a in S],
        name=f"{S.size} of {m.answers.name}",
        language=m.answers.language,
    )
    sub = PatternMatrix(
        m.guesses, answers, np.take(m.data, S, axis=1)
    )  # take: 8x faster than [:, S]
    # What the engines derive from the lists, carried over rather than worked out again: the same
    # guesses (so the same letters), and the answers' rows and columns mapped through S.
    local = np.full(len(m.answers), -1, dtype=np.int64)
    local[S] = np.arange(S.size)
    g2a = m.guess_to_answer
    sub.__dict__["answer_to_guess"] = m.answer_to_guess[S]
    sub.__dict__["guess_to_answer"] = np.where(g2a >= 0, local[np.maximum(g2a, 0)], -1)
    if shared_alphabet(m.guesses, answers) == shared_alphabet(m.guesses, m.answers):
        sub.__dict__["_guess_codes"] = guess_codes(m)
    kept[(key, S.tobytes())] = (S, sub, m)
    while len(kept) > COMPACTS:
        kept.popitem(last=False)
    return Position(
        sub,
        np.arange(S.size, dtype=np.int64),
        position.history,
        position.hard,
        position.max_guesses,
    )


def _evaluate(
    context: ExactContext,
    engines: _Engines,
    position: Position,
    guess: str | None,
    top: int,
    budget: int | None,
    use_tree: bool,
    time_limit: float | None,
) -> Evaluation:
    engine, exact, greedy = engines.engine, engines.exact, engines.greedy
    loss = engine.loss
    m = position.matrix
    S = np.sort(position.candidates.astype(np.int64))
    n = int(S.size)
    d = position.max_guesses - len(position.history)
    rule = engine.rule_from(position.history)
    grule = greedy.rule_from(position.history)
    ctl = exact.ctl
    # A call never starts stopped: a Ctrl-C that ended the last call (caught by a caller of the
    # library that goes on) leaves ctl[CTL_STOP] set, and the first search here would return at once.
    ctl[K.CTL_STOP] = 0
    ctl[K.CTL_LIMIT] = 0
    stop = threading.Event()  # the wall-clock safety net only
    timer = None
    if time_limit is not None and time_limit <= 0:
        stop.set()  # a net of no time has fired before the search starts (tests use it)
    elif time_limit is not None:
        timer = threading.Timer(time_limit, stop.set)
    if timer is not None:
        timer.daemon = True
        timer.start()
    work0 = int(ctl[K.CTL_WORK])
    part_end = [0]  # the work counter at which the current part stops
    out_of_work = [False]

    def begin_part(allowance: int | None = None) -> None:
        """A new part (the position, the guess, the top N) gets its own ``allowance`` of work (default: the budget)."""
        part_end[0] = (
            int(ctl[K.CTL_WORK]) + (budget if allowance is None else allowance)
            if budget is not None
            else 0
        )
        out_of_work[0] = False

    def run(fn, size: int | None = None) -> int | None:
        """A kernel call, or None when the part's work or the safety net ran out during it.
        ``size``: the answers it searches; a small set runs on this thread (INLINE_N)."""
        if stop.is_set() or out_of_work[0]:
            return None
        ctl[K.CTL_LIMIT] = max(1, part_end[0]) if budget is not None else 0
        if budget is not None and ctl[K.CTL_WORK] >= part_end[0]:
            out_of_work[0] = True
            return None
        inline = size is not None and size <= INLINE_N
        v = _run_interruptibly(fn, ctl, lambda: None, stop, inline=inline)
        ctl[K.CTL_LIMIT] = 0
        if ctl[K.CTL_STOP]:
            ctl[K.CTL_STOP] = 0
            if not stop.is_set():
                out_of_work[0] = True
            return None
        return v

    def batched(g: int, beta: int) -> tuple[int, int] | None:
        """(low, up) of guess ``g`` from guess_total, or None where the groups go one by one."""
        if stop.is_set() or out_of_work[0]:
            return None
        limit = part_end[0] if budget is not None else -1
        ctl[K.CTL_LIMIT] = max(1, part_end[0]) if budget is not None else 0
        status, low, exact_all, stopped = guess_total(
            S,
            np.int64(d),
            np.int64(g),
            np.int64(min(beta, INF)),
            np.int64(limit),
            np.int64(INLINE_N),
            engine.all_pool,
            rule,
            np.int64(engine.n_patterns),
            engine.root_view,
            exact.state(),
        )
        ctl[K.CTL_LIMIT] = 0
        if status != GT_RAN:
            return None
        if stopped:
            ctl[K.CTL_STOP] = 0
            if not stop.is_set():
                out_of_work[0] = True
        low = min(int(low), INF)
        return low, (low if exact_all else INF)

    cached_bounds: list[np.ndarray] = []
    root = not position.history and n == len(m.answers)

    def bounds() -> np.ndarray:
        """The per-guess counting bound of every guess at S (computed once, when first needed)."""
        if not cached_bounds:
            if root and engines.root_bounds is not None:
                b = engines.root_bounds  # the start is the same position in every game
            else:
                b = engine.bounds(S, d) if d >= 1 else np.full(len(m.guesses), INF, dtype=np.int64)
                if root:
                    engines.root_bounds = b
            cached_bounds.append(b)
        return cached_bounds[0]

    # Greedy trees at this position and below rank only the POOL guesses best here (the start's
    # are the same for every game: computed once), each node adding its own candidates.
    pools: list[np.ndarray] = []

    def pool() -> np.ndarray:
        if not pools:
            b = bounds()
            pools.append(
                engines.root_pool(b) if root else np.lexsort((np.arange(b.size), b))[:POOL]
            )
        return pools[0]

    # The greedy trees of one call share one allowance of work: out of it, no upper bound (INF),
    # never a guess.
    work = np.array([GREEDY_WORK], dtype=np.int64)

    def guess_value(
        g: int, beta: int = INF, searched: bool = True, upper: bool = False
    ) -> GuessValue:
        """Total of guess row ``g``: exact below ``beta``; bounds when cut or out of time (the upper
        one INF unless ``upper``: a greedy tree for each group not proven).

        ``searched``: the position's own value was proven by search in this call. When it was not
        (a shipped tree or the budget ran out) at the start (the whole list), under a budget only
        groups of up to QUICK_N answers are searched; the others go straight to bounds (an opener's
        groups are never all proven within a budget: searching them would only spend it).
        """
        word = m.guesses[g]
        if not engine.legal(g, rule):  # hard mode only; a word played before stays legal
            return GuessValue(word, INF, INF, n, loss)
        if BATCHED and not upper and d >= 2 and (searched or budget is None or not root):
            # Every group searched in one kernel call (kernels/guess_total.py: the same loop as
            # below, the same values and work), when every group is small enough to run on this
            # thread; else group by group.
            got = batched(g, beta)
            if got is not None:
                return GuessValue(word, got[0], got[1], n, loss)
        groups = [(p, sub) for p, sub in engine.groups(S, g) if p != engine.win]
        groups.sort(key=lambda t: (t[1].size, t[0]))  # the quick ones first
        lbs = [int(engine.lbtab[d - 1, sub.size]) if d >= 1 else INF for _, sub in groups]
        low = up = n
        rem = sum(lbs)
        exact_so_far = True
        for (p, sub), lb in zip(groups, lbs):
            rem -= lb
            crule = engine.rule_after(rule, g, p)
            try_exact = exact_so_far and (
                searched or budget is None or not root or sub.size <= QUICK_N
            )
            v = (
                None
                if not try_exact
                else run(
                    lambda sub=sub, crule=crule, low=low, rem=rem: exact.value(
                        sub, d - 1, crule, max(1, beta - low - rem)
                    ),
                    int(sub.size),
                )
            )
            if v is not None and v < max(1, beta - low - rem):
                low += v
                up += v
                continue
            exact_so_far = False
            low += max(lb, v if v is not None else lb)
            if not upper:
                up = INF
            elif up < INF:
                gv = greedy.value(sub, d - 1, greedy.after(grule, g, p), pool(), work)
                up = INF if gv >= INF else up + gv
        return GuessValue(word, min(low, INF), min(up, INF), n, loss)

    def best_row(value: int) -> int:
        """A guess reaching ``value``: the memo's, else the first in bound order that does."""
        if n <= 2:
            return int(m.answer_to_guess[S[0]])
        g = exact.memo_best(S, min(d, n), rule)
        if g >= 0:
            return g
        b = bounds()
        for g in np.lexsort((np.arange(len(m.guesses)), ~_candidate_rows(position), b)):
            if b[g] > value:
                break
            if guess_value(int(g), value + 1).upper == value:
                return int(g)
        raise WordlelabError(
            "no guess reaches the position's value"
        )  # cannot happen: the search found one

    source = "search"
    best: str | None = None
    searched = False
    hopeless = False
    on_tree = tree_at(position, context, bool(loss)) if use_tree else None
    node = on_tree[1] if on_tree is not None else None
    if node is not None:
        lower = upper = node[0]
        best, source = node[1], "tree"
    else:
        # Under a budget, a set this large is not proven within it: the budget would only be
        # spent; the bounds come at once instead.
        hopeless = budget is not None and n * SEARCH_WORK_PER_ANSWER > budget
        begin_part()
        v = None if hopeless else run(lambda: exact.value(S, d, rule))
        if v is not None:
            lower = upper = v
            searched = True
            begin_part()  # the best guess is almost always in the memo; else it is searched for
            best = m.guesses[best_row(v)] if v < INF else None
        else:
            # Both are proven: the counting bound, and the least per-guess bound over every guess;
            # above, the total of a greedy tree.
            lower = int(max(engine.lbtab[min(d, n), n] if d >= 1 else INF, bounds().min()))
            upper, row = greedy.solve(S, d, grule, pool(), work)
            best = m.guesses[row] if upper < INF else None
            if upper <= lower:  # the greedy tree meets the bound: it is optimal
                lower = upper
    # lower == upper == INF: proven that no strategy solves every answer left within the guesses
    # left. That is a value like any other, not an error: whether the proof finishes within a
    # budget depends on what the memo already holds (an earlier search), so raising here made one
    # caller's verdict depend on another's work (a review that fails or not by request order).
    result = Evaluation(n, d, lower, upper, best, source=source, loss=loss)
    result.not_searched = hopeless and lower < upper
    if guess is not None:
        g = m.guesses.lookup(guess)
        if best is not None and m.guesses[g] == best and result.exact:
            result.guess = GuessValue(best, lower, upper, n, loss)
        elif not result.winnable:  # no guess can do what no strategy does
            result.guess = GuessValue(m.guesses[g], INF, INF, n, loss)
        else:
            # Off the start, a position on a proven tree is small enough to search the played
            # guess's groups; at the start (the whole list) only a quick few are worth a budget.
            # A step costs at most 1.5 budgets: where the position's value was searched, the guess
            # gets what is left of that (at least a quarter); where it was not proven the step
            # cannot be exact (the guess's value only narrows its bounds): a quarter.
            spent = int(ctl[K.CTL_WORK]) - work0
            if budget is None or source == "tree":
                begin_part()
            else:
                begin_part(
                    max(budget // 4, budget + budget // 2 - spent) if searched else budget // 4
                )
            result.guess = guess_value(
                g, searched=searched or (source == "tree" and not root), upper=True
            )
    if top > 0 and result.winnable:
        begin_part()
        b = bounds()
        order = np.lexsort((np.arange(len(m.guesses)), ~_candidate_rows(position), b))
        found: list[GuessValue] = []
        for g in order:
            g = int(g)
            bound = int(b[g])
            if bound >= INF or (len(found) >= top and bound >= found[-1].upper):
                break
            if stop.is_set() or out_of_work[0]:
                break
            beta = found[-1].upper + 1 if len(found) >= top else INF
            gv = guess_value(g, beta)
            if gv.exact and gv.upper < INF:
                # Guesses come in bound order (a possible answer first, then list order), the
                # search's own tie rule; a stable sort by value keeps it among equal values.
                found.append(gv)
                found.sort(key=lambda x: x.upper)
                del found[top:]
        result.top = found
        result.top_complete = not (stop.is_set() or out_of_work[0])
    # A guess valued here reaches its upper value with a tree of its own: a strategy for the
    # position, so the position's upper bound is at most that, and that guess is the best known
    # (where the position was not proven, e.g. hard mode after a bad opener, where the greedy
    # tree found none within the limit). Never loosens anything: only a strictly better upper.
    for gv in (*result.top[:1], *([result.guess] if result.guess else [])):
        if gv.upper < result.upper:  # (gv.upper >= result.lower: both are proven)
            result.upper, result.best = gv.upper, gv.word
    if timer is not None:
        timer.cancel()
    result.work = int(ctl[K.CTL_WORK]) - work0
    result.timed_out = stop.is_set()
    return result


def _candidate_rows(position: Position) -> np.ndarray:
    mask = np.zeros(len(position.matrix.guesses), dtype=bool)
    mask[position.candidate_guess_rows()] = True
    return mask


def start_from_opener_table(
    position: Position,
    guess: str | None = None,
    top: int = 0,
    words: Sequence[str] = (),
    context: ExactContext | None = None,
    losses: bool = False,
) -> Evaluation | None:
    """The start of a game valued from the shipped table of every opener's exact total, if one
    ships for these lists, mode and guess limit (nyt, nyt2022 and original, 6 guesses); else
    None. Where the table is not complete (none shipped now; a table a run is filling in), a
    played opener whose row is exact, or after which a proven tree ships or was kept, is valued
    the same way (the table's best row is the optimum all the same); other openers, and a top N,
    are left to the search.

    The value, the best opener, the played opener's total and the top N all come from the table
    (source "table"), with no search. An opener after which no strategy solves every answer within
    the limit (hard mode) gets a total of INF, proven; the top N skips such openers. Ties in the
    top N: a possible answer first, then alphabetical. ``words``: other openers to value from the
    table (``others``, see ``opener_values_at_start``; e.g. a heuristic's top N beside the exact
    one).

    ``losses`` (hard mode's objective): such an opener is valued by the fewest answers lost, then
    the fewest guesses, from its tree of fewest losses (shipped, or proven on first use and
    kept); without one, by a proven lower bound (at least one answer lost) and no upper one.
    """
    table = _start_table(position)
    if table is None:
        return None
    m = position.matrix
    n = int(position.candidates.size)
    best = table.best
    assert best.total is not None
    loss = int(K.LOSS_WEIGHT) if losses else 0
    result = Evaluation(
        n, position.max_guesses, best.total, best.total, best.word, source="table", loss=loss
    )
    if not table.complete:
        # An incomplete table (one a run is filling in) holds bounds too. Its best row
        # is still the optimum (no row, value or bound, lies below it: else it would not load),
        # so a played opener is valued from it when its own row is exact, or from the tree proven
        # after it (shipped or kept); otherwise, or for a top N, the search decides.
        if guess is None or top > 0:
            return None
        word = m.guesses[m.guesses.lookup(guess)]
        tree = proven_tree(position)
        if tree is not None and tree.opener == word:
            return None  # the proven tree's own opener: its line values it (and what follows)
        v = table.value(word)
        if v.exact and (v.total is not None or not losses):
            total = _table_guess_value(v, n).upper
        else:
            tree = checked_opener_tree(
                m, position.hard, position.max_guesses, word, context, losses
            )
            if tree is None:
                return None
            total = tree.total + tree.lost * loss
        result.guess = GuessValue(word, total, total, n, loss)
        return result

    def value(word: str) -> GuessValue:
        v = table.value(word)
        if v.total is not None or not losses:
            return _table_guess_value(v, n, loss)
        # No six-guess strategy after it: its fewest losses, where its tree is known.
        tree = checked_opener_tree(m, position.hard, position.max_guesses, word, context, True)
        if tree is not None:
            total = tree.total + tree.lost * loss
            return GuessValue(word, total, total, n, loss)
        return GuessValue(word, loss + n, INF, n, loss)  # proven: at least one answer lost

    if guess is not None:
        result.guess = value(m.guesses[m.guesses.lookup(guess)])
    if top > 0:
        rows = [r for r in table.rows.values() if r.total is not None]
        answers = set(m.answers)
        rows.sort(key=lambda r: (r.total, r.word not in answers, r.word))
        result.top = [value(r.word) for r in rows[:top]]
    result.others = [value(m.guesses[m.guesses.lookup(w)]) for w in words]  # every row exact
    return result


def _start_table(position: Position) -> OpenerTable | None:
    """The shipped table of every opener's value for a position at the start of a game on these
    lists, mode and guess limit; None off the start or where none ships."""
    from .opener_values import table_for

    m = position.matrix
    if position.history or position.candidates.size != len(m.answers):
        return None
    return table_for(
        m.guesses.fingerprint, m.answers.fingerprint, position.hard, position.max_guesses
    )


def _table_guess_value(v: OpenerValue, n: int, loss: int = 0) -> GuessValue:
    """An exact table row as a GuessValue over the n answers (INF: no strategy after it solves
    every answer within the limit)."""
    total = INF if v.total is None else v.total
    return GuessValue(v.word, total, total, n, loss)


def opener_values_at_start(position: Position, words: Sequence[str]) -> list[GuessValue]:
    """The exact values of the openers ``words`` at the start of a game, from the shipped table of
    every opener's value, with no search: those with an exact row (every one where the table is
    complete), as GuessValue (INF for an opener after which no strategy solves every answer within
    the limit). Empty off the start, or where no table ships for these lists, mode and limit."""
    table = _start_table(position) if words else None
    if table is None:
        return []
    m = position.matrix
    n = int(position.candidates.size)
    rows = (table.value(m.guesses[m.guesses.lookup(w)]) for w in words)
    return [_table_guess_value(v, n) for v in rows if v.exact]
