"""What the exact engine keeps between calls, owned by its caller: one ``ExactContext`` each.

A review, an assistant or a web client makes one and passes it to ``evaluate`` (and to what calls
it); calls given the same context share its engines and memos, calls given different contexts
share nothing mutable, so two callers on two threads never see each other's state. A call given
no context makes one of its own and forgets it after.

What a context holds: the exact search's engines (the tables built from a matrix, and the memo of
what it proved) for the last few (matrix, mode, limit); the compact matrices of a game's large
positions; the trees kept by the player (``wordlelab optimal --opener W --keep``) as parsed, and
whether each replayed; and the game its last budgeted call belonged to. Under a budget what is
proven depends on what the memo holds, so a call that does not continue that game starts from
empty memos (``continue_game``): a position's figures then depend only on its own game's earlier
positions in the same context, never on another game.

Importing this module loads neither numpy's kernels nor numba: a context is made before any search.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..game import Position
    from .tree import DecisionTree

# Engines (each with its memo) kept for the last few (matrix, mode, limit): a game's positions share
# them. Room for the full lists' engine and the compact ones of a game or two.
ENGINES = 6
# The compact matrices kept (see ``evaluation._compact``): a game's later positions reuse them.
COMPACTS = 2
# Where a matrix keeps the search's read-only tables built from it (``evaluation.shared_engine``),
# shared by every context that searches it.
ENGINE_TABLES = "_exact_engine_tables"


class ExactContext:
    """The exact engine's state across calls for one owner (see the module's docstring).

    Calls on one context from several threads take turns (``lock``); give each concurrent
    caller a context of its own to run side by side. ``forget_kept`` may be called from any
    thread at any time (a server trimming its memory)."""

    def __init__(self) -> None:
        # (id(matrix), hard, max_guesses) -> evaluation._Engines, least recently used first.
        self.engines: OrderedDict[tuple, Any] = OrderedDict()
        # (engine key, columns' bytes) -> (columns, compact matrix, full matrix).
        self.compact: OrderedDict[tuple, tuple[Any, Any, Any]] = OrderedDict()
        # Kept trees as parsed, by file: (mtime_ns, size, tree).
        self.kept_trees: dict[Path, tuple[int, int, DecisionTree]] = {}
        # id(tree) -> (tree, replayed to its total by the search that runs now).
        self.checked: dict[int, tuple[DecisionTree, bool]] = {}
        # (lists and mode, history) of the last budgeted call's position.
        self.last_game: tuple[tuple, tuple] | None = None
        # One call at a time: an engine has one memo and one set of scratch tables.
        self.lock = threading.RLock()

    def __repr__(self) -> str:
        return f"ExactContext(engines={len(self.engines)}, compact={len(self.compact)})"

    def continue_game(self, position: Position, force: bool = False) -> None:
        """Note that a budgeted call is about ``position``; unless its history extends the last
        one's on the same lists, mode and limit (or with ``force``), start from empty memos."""
        m = position.matrix
        key = (m.guesses.fingerprint, m.answers.fingerprint, position.hard, position.max_guesses)
        hist = tuple(position.history)
        with self.lock:
            last = self.last_game
            if (
                not force
                and last is not None
                and last[0] == key
                and hist[: len(last[1])] == last[1]
            ):
                self.last_game = (key, hist)
                return
            self.last_game = (key, hist)
            self.compact.clear()
            for engines in list(self.engines.values()):
                engines.clear_memo()

    def kept_bytes(self, seen: set[int] | None = None) -> int:
        """Bytes of the arrays this context keeps: its engines' memos and scratch tables and its
        compact matrices. The matrices the callers passed in are theirs, with the tables built
        from them (``matrix_tables_bytes``), and not counted. ``seen``: ids of arrays counted
        already (for a total over several contexts)."""
        seen = set() if seen is None else seen
        total = sum(_array_bytes(e, seen) for e in list(self.engines.values()))
        for _, sub, _ in list(self.compact.values()):
            if id(sub) not in seen:
                seen.add(id(sub))
                total += sub.data.nbytes + matrix_tables_bytes(sub)
        return total

    def forget_kept(self, max_bytes: int) -> int:
        """Let go of the least recently used engines, then compact matrices, until this context
        keeps at most ``max_bytes``; the bytes kept after. A later call builds what it needs again
        (and, under a budget, proves from an empty memo, as in a new game)."""
        # Without the call lock: a call running now keeps what it took and ends as it would.
        kept = self.kept_bytes()
        while kept > max_bytes and (self.engines or self.compact):
            try:
                (self.engines or self.compact).popitem(last=False)  # type: ignore[attr-defined]
            except KeyError:  # emptied by the call running meanwhile
                pass
            kept = self.kept_bytes()
        return kept


def matrix_tables_bytes(matrix: object) -> int:
    """Bytes of the search's tables kept with ``matrix`` (``evaluation.shared_engine``)."""
    tables = getattr(matrix, "__dict__", {}).get(ENGINE_TABLES, {})
    seen: set[int] = set()
    return sum(_array_bytes(e, seen, tables=True) for e in list(tables.values()))


def _array_bytes(obj: object, seen: set[int], depth: int = 0, tables: bool = False) -> int:
    """The bytes of the NumPy arrays reachable from ``obj`` through its attributes, lists, tuples
    and dicts (a few levels), each counted once; matrices are left out, and so are the tables
    built from them unless ``tables``."""
    import numpy as np

    from ..game.matrix import PatternMatrix

    if id(obj) in seen or depth > 4 or isinstance(obj, PatternMatrix):
        return 0
    optimal = sys.modules.get("wordlelab.exact.optimal")  # no Engine before it was imported
    if optimal is not None and isinstance(obj, optimal.Engine) and not tables:
        return 0
    seen.add(id(obj))
    if isinstance(obj, np.ndarray):
        return obj.nbytes if obj.base is None or id(obj.base) not in seen else 0
    if isinstance(obj, (list, tuple)):
        items: list[object] = list(obj)
    elif isinstance(obj, dict):
        items = list(obj.values())
    else:
        try:
            items = list(vars(obj).values())
        except TypeError:
            return 0
    return sum(_array_bytes(x, seen, depth + 1, tables) for x in items)
