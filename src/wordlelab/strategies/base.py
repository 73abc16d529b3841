"""The strategy protocol, its scored choices, and the registry that finds strategies by name.

Every strategy ranks the guesses it may play from a ``Position`` and returns ``Choice`` objects
ordered best first. The shared rules live here, not in each strategy: the last candidate is
played when one is left, hard mode restricts the pool, a guess is never repeated, and ties go to
a possible answer, then to the alphabetically first word.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..errors import UnknownStrategyError, WordlelabError
from ..game import Position
from ..kernels.columns import MAX_PATTERNS, partition_stats_t
from ..kernels.partition import partition_stats

POOLS = ("all", "candidates")
# Candidate sets up to this size are scored with the transposed-matrix kernel.
SMALL_SET = 40


@dataclass(frozen=True)
class Option:
    """A strategy option as users see it: name, type, allowed range, default and one line of help.

    ``kind`` is ``int``, ``float`` or ``str``; values given as text (``-o m=20``) are converted,
    and anything outside ``low``..``high`` is refused when the strategy is made.
    """

    name: str
    kind: type
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    # Why ``high`` is there, said in the error (e.g. "larger values take hours").
    why: str = ""

    @property
    def range_text(self) -> str:
        low, high = _num(self.low), _num(self.high)
        if low and high:
            return f"{low}..{high}"
        return f">= {low}" if low else f"<= {high}" if high else ""

    def convert(self, strategy: str, value: Any) -> Any:
        """``value`` checked and converted; WordlelabError naming the strategy and option if not."""
        what = {int: "a whole number", float: "a number", str: "text"}.get(
            self.kind, self.kind.__name__
        )
        where = f"strategy {strategy!r} option {self.name}"
        if self.kind is str:
            if not isinstance(value, str):
                raise WordlelabError(f"{where} must be {what}, not {value!r}", value)
            return value
        out: int | float
        try:
            if isinstance(value, bool):
                raise ValueError
            if isinstance(value, str):
                text = value.strip().replace("_", "")
                out = int(text) if self.kind is int else float(text)
            elif self.kind is int:
                if isinstance(value, float) and not value.is_integer():
                    raise ValueError
                out = int(value)
            else:
                out = float(value)
        except (TypeError, ValueError, OverflowError):
            raise WordlelabError(f"{where} must be {what}, not {value!r}", value) from None
        if isinstance(out, float) and not math.isfinite(out):
            raise WordlelabError(f"{where} must be a finite number, not {value!r}", value)
        if (self.low is not None and out < self.low) or (self.high is not None and out > self.high):
            why = f" ({self.why})" if self.why else ""
            raise WordlelabError(f"{where} must be in {self.range_text}, not {value!r}{why}", value)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.kind.__name__,
            "default": self.default,
            "low": self.low,
            "high": self.high,
            "range": self.range_text,
            "help": self.help,
        }


def _num(x: float | None) -> str:
    """A bound as people write it: 2000, 0.01, 4294967295 (no exponent)."""
    if x is None:
        return ""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


@dataclass(frozen=True)
class TreePlan:
    """How ``kernels.playtree`` plays a strategy's whole game tree at once (the same choices as ``choose``).

    ``score`` is one of the kernel's score kinds; from turn ``candidates_from_turn`` on, the pool
    is the legal candidates (while there are any) instead of every legal guess.
    """

    score: int
    candidates_from_turn: int = 1 << 30


# The methods a strategy's decision goes through: a TreePlan stands for them as one class wrote them.
_DECISION_METHODS = (
    "choose",
    "rank",
    "rank_rows",
    "forced",
    "pool_rows",
    "stats",
    "choices",
    "candidate_mask",
)


# The names a choice's ``value`` can carry besides a strategy's own ``metric`` (front-ends name
# them in the user's language: the web page's i18n.js has each; a test checks).
LAST_CANDIDATE = "last candidate"
MEAN_FROM_HERE = "mean guesses from here"
MEAN_PROVEN = "mean guesses from here (proven)"
MEAN_PROVEN_TREE = "mean guesses from here (proven tree)"
PROVEN_OPENER = "proven best opener"
BITS_SOLVES = "bits+solves"
OTHER_METRICS = (
    LAST_CANDIDATE,
    MEAN_FROM_HERE,
    MEAN_PROVEN,
    MEAN_PROVEN_TREE,
    PROVEN_OPENER,
    BITS_SOLVES,
)


@dataclass(frozen=True, order=True)
class Choice:
    """A ranked guess: ``key`` orders choices (smaller is better); ``value`` is for people."""

    key: tuple
    word: str = field(compare=False)
    row: int = field(compare=False)
    value: float = field(compare=False)
    metric: str = field(compare=False)
    is_candidate: bool = field(compare=False, default=False)

    def to_dict(self) -> dict[str, Any]:
        """The choice as data: its word, value, metric and whether it may be the answer."""
        return {
            "word": self.word,
            "value": self.value,
            "metric": self.metric,
            "is_candidate": self.is_candidate,
        }


class Strategy(ABC):
    """A way to pick the next guess. Subclasses set name, aliases and summary and rank guesses."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    metric: ClassVar[str] = "score"
    default_pool: ClassVar[str] = "all"
    # Whether it plays ultrahard mode (the exact strategies search hard mode's rule only).
    plays_ultrahard: ClassVar[bool] = True
    # The options the strategy takes besides ``pool``; each becomes an attribute of that name.
    options: ClassVar[tuple[Option, ...]] = ()

    def __init__(self, pool: str | None = None, **options: Any) -> None:
        pool = pool or self.default_pool
        if pool not in POOLS:
            raise WordlelabError(
                f"unknown guess pool {pool!r}; use one of {', '.join(POOLS)}", pool
            )
        self.pool = pool
        declared = {o.name: o for o in self.options}
        unknown = sorted(k for k in options if k not in declared)
        if unknown:
            known = ", ".join(declared) if declared else "none besides pool"
            raise WordlelabError(
                f"strategy {self.name!r} takes no option {', '.join(unknown)} (its options: {known})",
                options,
            )
        for opt in self.options:
            value = options.get(opt.name, opt.default)
            if opt.name in options or value is not None:
                value = opt.convert(self.name, value)
            setattr(self, opt.name, value)

    def check_lists(  # noqa: B027 (a hook with a default, not abstract: most strategies play any lists)
        self, guesses: Any, answers: Any, hard: bool = False, max_guesses: int = 6
    ) -> None:
        """Refuse at once (before the matrix is built) lists this strategy cannot play; most play any."""

    def params(self) -> dict[str, Any]:
        """The options that decide this strategy's choices (they key the opener cache)."""
        return {"pool": self.pool, **{o.name: getattr(self, o.name) for o in self.options}}

    @property
    def token(self) -> str:
        """A stable text naming the strategy and its options, e.g. ``lookahead(m=50,pool='all')``."""
        opts = ",".join(f"{k}={v!r}" for k, v in sorted(self.params().items()))
        return f"{self.name}({opts})"

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params().items())
        return f"{type(self).__name__}({args})"

    # -- the protocol --------------------------------------------------------------------------

    def choose(self, position: Position) -> Choice:
        """The best guess for ``position``."""
        return self.rank(position, 1)[0]

    def rank(self, position: Position, top: int = 10) -> list[Choice]:
        """The ``top`` best guesses, best first."""
        forced = self.forced(position)
        if forced is not None:
            return [forced]
        rows = self.pool_rows(position)
        return self.rank_rows(position, rows, top)

    @abstractmethod
    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        """Rank the given guess rows (already legal and unplayed)."""

    def tree_plan(self) -> TreePlan | None:
        """How the tree kernel can play this strategy, or None: then each position is decided by ``choose``."""
        return None

    def _plan_for(self, owner: type[Strategy], score: int) -> TreePlan | None:
        """``owner``'s plan, or None when a subclass changed how a position is decided."""
        if any(getattr(type(self), m) is not getattr(owner, m) for m in _DECISION_METHODS):
            return None
        return TreePlan(score, 1 if self.pool == "candidates" else TreePlan.candidates_from_turn)

    # -- shared rules ----------------------------------------------------------------------------

    def forced(self, position: Position) -> Choice | None:
        """With one candidate left, play it (when it may be played)."""
        if position.candidates.size != 1:
            return None
        row = int(position.matrix.answer_to_guess[position.candidates[0]])
        if row < 0 or not position.legal_mask()[row]:
            return None
        word = position.matrix.guesses[row]
        return Choice((0,), word, row, 1.0, LAST_CANDIDATE, True)

    def pool_rows(self, position: Position) -> np.ndarray:
        legal = position.legal_mask()
        if self.pool == "candidates":
            rows = position.candidate_guess_rows()
            rows = rows[legal[rows]]
            if rows.size:
                return rows
        rows = np.flatnonzero(legal)
        if rows.size == 0:
            raise WordlelabError("no legal guess is left in the pool", position.history)
        return rows

    @staticmethod
    def candidate_mask(position: Position, rows: np.ndarray) -> np.ndarray:
        """Which of ``rows`` are still possible answers."""
        g2a = position.matrix.guess_to_answer[rows]
        is_cand = np.zeros(rows.size, dtype=bool)
        valid = g2a >= 0
        if valid.any():
            cand = np.zeros(len(position.matrix.answers), dtype=bool)
            cand[position.candidates] = True
            is_cand[valid] = cand[g2a[valid]]
        return is_cand

    @staticmethod
    def stats(position: Position, rows: np.ndarray) -> np.ndarray:
        """(len(rows), 4): entropy bits, distinct patterns, sum of squared group sizes, largest group."""
        m = position.matrix
        if not getattr(m, "is_full", True):
            return m.partition_stats(rows, position.candidates)
        out = np.empty((rows.size, 4), dtype=np.float64)
        cols = position.candidates
        n_patterns = 3**m.length
        if cols.size <= SMALL_SET and n_patterns <= MAX_PATTERNS:
            # Few candidates: a serial scan of the transposed matrix beats scattered reads
            # of the rows and the cost of waking threads.
            partition_stats_t(transposed(m), rows.astype(np.int64), cols, n_patterns, out)
        else:
            partition_stats(m.data, rows.astype(np.int64), cols, n_patterns, out)
        return out

    def choices(
        self,
        position: Position,
        rows: np.ndarray,
        primary: np.ndarray,
        values: np.ndarray,
        top: int,
        secondary: np.ndarray | None = None,
    ) -> list[Choice]:
        """Turn per-row scores (``primary``: smaller is better) into the ``top`` choices.

        Ties: ``secondary`` (smaller is better) if given, then a possible answer, then the
        alphabetically first word.
        """
        is_cand = self.candidate_mask(position, rows)
        # Round so that float noise cannot decide a tie the rule should decide.
        prim = np.round(primary, 9)
        sec = np.zeros(rows.size) if secondary is None else np.round(secondary, 9)
        words = position.matrix.guesses
        take = min(top, rows.size)
        if take == 0:
            return []
        # One vectorised sort on the whole key; the word's alphabetical rank is the last tie-break.
        alpha = alphabetical_rank(position.matrix)[rows]
        order = np.lexsort((alpha, ~is_cand, sec, prim))[:take]
        return [
            Choice(
                (float(prim[i]), float(sec[i]), not is_cand[i], words[int(rows[i])]),
                words[int(rows[i])],
                int(rows[i]),
                float(values[i]),
                self.metric,
                bool(is_cand[i]),
            )
            for i in order
        ]


def transposed(matrix: Any) -> np.ndarray:
    """The matrix's answers x guesses copy (made once, kept on the matrix)."""
    cached = matrix.__dict__.get("_data_t")
    if cached is None:
        cached = np.ascontiguousarray(matrix.data.T)
        matrix.__dict__["_data_t"] = cached
    return cached


def alphabetical_rank(matrix: Any) -> np.ndarray:
    """Each guess row's position in alphabetical order (cached on the matrix)."""
    cached = matrix.__dict__.get("_alphabetical_rank")
    if cached is None:
        words = list(matrix.guesses)
        cached = np.empty(len(words), dtype=np.int64)
        cached[np.argsort(np.array(words, dtype=object), kind="stable")] = np.arange(len(words))
        matrix.__dict__["_alphabetical_rank"] = cached
    return cached


_REGISTRY: dict[str, type[Strategy]] = {}
_ALIASES: dict[str, str] = {}


def register(cls: type[Strategy]) -> type[Strategy]:
    """Class decorator: make a strategy findable by its name and aliases."""
    for key in (cls.name, *cls.aliases):
        if key in _REGISTRY or key in _ALIASES:
            raise RuntimeError(f"strategy name {key!r} registered twice")
    _REGISTRY[cls.name] = cls
    for alias in cls.aliases:
        _ALIASES[alias] = cls.name
    return cls


def strategy_names() -> list[str]:
    return sorted(_REGISTRY)


def strategy_classes() -> list[type[Strategy]]:
    return [_REGISTRY[n] for n in strategy_names()]


def find_strategy(name: str) -> type[Strategy]:
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _REGISTRY:
        raise UnknownStrategyError(
            f"unknown strategy {name!r}; known: {', '.join(strategy_names())}",
            name,
            kind="unknown_strategy",
            name=name,
            known=", ".join(strategy_names()),
        )
    return _REGISTRY[key]


def make_strategy(name: str, **options: Any) -> Strategy:
    return find_strategy(name)(**options)


# Strategies for several boards at once: name -> factory. The multi-board strategy class
# (wordlelab.strategies.multi) registers its methods here when imported.
_MULTI_REGISTRY: dict[str, Callable[[], Any]] = {}


def register_multi(name: str, factory: Callable[[], Any]) -> None:
    """Make a multi-board strategy findable by ``name`` (``factory()`` builds one)."""
    if name in _MULTI_REGISTRY:
        raise RuntimeError(f"multi-board strategy name {name!r} registered twice")
    _MULTI_REGISTRY[name] = factory


def multi_strategy_names() -> list[str]:
    """The multi-board strategies, the default (the first registered) first."""
    return list(_MULTI_REGISTRY)


# What a command's one-board strategy option may say for several boards and mean the default
# method: the commands' default ('auto') and the heuristic the methods build on ('entropy').
MULTI_DEFAULT_NAMES = ("auto", "entropy")


def multi_method(name: str) -> str:
    """The multi-board method that a command's ``-s NAME`` plays on several boards: 'auto' and
    'entropy' the default, a method its own name; UnknownStrategyError for any other strategy
    (one-board strategies such as 'coach' are not played on several boards)."""
    methods = multi_strategy_names()
    key = name.strip().lower()
    if key in MULTI_DEFAULT_NAMES and methods:
        return methods[0]
    if key not in methods:
        raise UnknownStrategyError(
            f"several boards are played by {' or '.join(methods)}, not {name!r}", name
        )
    return key


def make_multi_strategy(name: str | None = None) -> Any:
    """The multi-board strategy ``name`` (None: the default); UnknownStrategyError otherwise."""
    key = (name or "").strip().lower() or next(iter(_MULTI_REGISTRY), "")
    if key not in _MULTI_REGISTRY:
        raise UnknownStrategyError(
            f"unknown multi-board method {name!r}; use one of {', '.join(multi_strategy_names())}",
            name,
        )
    return _MULTI_REGISTRY[key]()


def build_strategies(
    names: str, pool: str | None = None, options: dict[str, Any] | None = None
) -> list[Strategy]:
    """Every strategy named in a comma-separated list, each with the pool and the options it takes.

    An option goes to every named strategy that declares it; one that none declares is an error.
    """
    options = options or {}
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    if not wanted:
        raise WordlelabError(
            "no strategy named; see 'wordlelab strategies'", names, kind="no_strategy"
        )
    classes = [find_strategy(n) for n in wanted]  # all names checked before any work
    for i, cls in enumerate(classes):
        if cls in classes[:i]:  # the same strategy twice (or by an alias): one run would repeat
            first = wanted[classes.index(cls)]
            again = f"'{wanted[i]}'" + ("" if wanted[i] == first else f" (= '{first}')")
            raise WordlelabError(
                f"strategy {again} is named twice in {names!r}",
                names,
                kind="strategy_twice",
                name=wanted[i],
            )
    if len(classes) > 1:
        declared = {o.name for cls in classes for o in cls.options}
        unknown = sorted(k for k in options if k not in declared)
        if unknown:
            raise WordlelabError(
                f"no strategy among {', '.join(c.name for c in classes)} takes option {', '.join(unknown)}",
                unknown,
            )
    out = []
    for cls in classes:
        own = {o.name for o in cls.options}
        kwargs = {k: v for k, v in options.items() if len(classes) == 1 or k in own}
        if pool is not None:
            kwargs["pool"] = pool
        out.append(cls(**kwargs))
    return out
