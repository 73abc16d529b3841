"""The web server's matrices: one per lists, shared by every session on them, under one budget.

A matrix is built (or loaded from the cache) the first time a request needs it and shared from
then on. The matrices alive in the process (kept here, or still held by a game, an assistant or a
comparison) and what the exact search keeps between calls for them (the engines and memos of the
clients' contexts, ``Contexts.kept_bytes``) take at most ``budget`` bytes together. A new matrix first makes room:
the search's engines go (they are only caches), then the least recently used matrices kept here;
when the matrices still held leave no room, or it could never fit, the request is refused with 503
(nothing is built). After each request that searched, ``trim`` lets go of engines past the budget.
A matrix let go of here stays shared while anything holds it (a weak reference finds it), so
asking for it again costs nothing.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Hashable

from starlette.exceptions import HTTPException

from ..exact.context import matrix_tables_bytes
from ..game.lists import Lists
from ..game.matrix import PatternMatrix, full_matrix_bytes
from .contexts import Contexts

RETRY_AFTER = 60  # seconds a client refused for memory is told to wait (sessions come and go)


class Matrices:
    """Matrices by key, alive ones under ``budget`` bytes together (see the module's docstring)."""

    def __init__(
        self, budget: int, retry_after: int = RETRY_AFTER, search: Contexts | None = None
    ) -> None:
        self.budget = budget
        # The exact engine's contexts whose engines count against the budget (none: nothing kept).
        self.search = search if search is not None else Contexts()
        self.retry_after = retry_after
        self._kept: OrderedDict[Hashable, PatternMatrix] = OrderedDict()  # least recent first
        self._alive: weakref.WeakValueDictionary[Hashable, PatternMatrix] = (
            weakref.WeakValueDictionary()
        )
        # One at a time: a matrix is built once however many ask for it together, and the
        # budget is checked against what is alive at that moment.
        self._lock = threading.Lock()

    @property
    def used(self) -> int:
        """Bytes of the matrices alive now and of what the exact search keeps for them."""
        return self._matrices() + self.search.kept_bytes()

    def _matrices(self) -> int:
        return sum(_bytes(m) for m in list(self._alive.values()))

    def trim(self) -> None:
        """Let go of the exact search's engines (least recently used first) past the budget."""
        with self._lock:
            self.search.forget_kept(max(0, self.budget - self._matrices()))

    def get(self, key: Hashable, lists: Lists) -> PatternMatrix:
        """The matrix of ``lists`` (kept under ``key``); HTTP 503 when it cannot fit."""
        with self._lock:
            m = self._alive.get(key)
            if m is None:
                m = self._load(key, lists)
            self._kept[key] = m
            self._kept.move_to_end(key)
            return m

    def _load(self, key: Hashable, lists: Lists) -> PatternMatrix:
        need = full_matrix_bytes(lists.guesses, lists.answers)
        mb = 1024**2
        if need > self.budget:
            raise HTTPException(
                503,
                f"these lists need a matrix of {need // mb} MB; this server's matrices may take "
                f"{self.budget // mb} MB (WORDLELAB_WEB_MATRICES)",
            )
        # the search's caches go first
        self.search.forget_kept(max(0, self.budget - self._matrices() - need))
        while self._kept and self.used + need > self.budget:
            self._kept.popitem(last=False)  # freed at once unless a session still holds it
        used = self.used
        if used + need > self.budget:
            raise HTTPException(
                503,
                f"the server's matrices and searches take {used // mb} MB of "
                f"{self.budget // mb} MB, held by open sessions; these lists need {need // mb} MB "
                "more; try again later",
                headers={"Retry-After": str(self.retry_after)},
            )
        m = lists.matrix(budget=need)
        self._alive[key] = m
        return m


def _bytes(m: PatternMatrix) -> int:
    """The matrix and the exact search's tables built from it (kept with it)."""
    return full_matrix_bytes(m.guesses, m.answers) + matrix_tables_bytes(m)
