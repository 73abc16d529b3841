"""The exact engine's state of each web client: one ``ExactContext`` per client, none shared.

A client's analyses and assistants search with its own context, so what one client proved never
changes another's figures, and two clients' searches run side by side (the bounded pool of
``web/pool.py`` bounds how many). The contexts of the last KEEP clients are kept between requests;
an assistant holds its client's context as long as it lives. The matrices they search are the
server's shared ones (``web/matrices.py``), whose memory budget counts what every context keeps
(``kept_bytes``) and lets go of it, least recently used first (``forget_kept``).
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict

from ..exact.context import ExactContext

KEEP = 8  # clients whose context is kept between requests (an assistant keeps its own alive)


class Contexts:
    """The exact engine's contexts of the server's clients (see the module's docstring)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._kept: OrderedDict[str, ExactContext] = OrderedDict()  # least recently used first
        self._alive: weakref.WeakValueDictionary[str, ExactContext] = weakref.WeakValueDictionary()
        # Every context made here and still alive, least recently used first (by id).
        self._order: OrderedDict[int, weakref.ref[ExactContext]] = OrderedDict()
        self._lock = threading.Lock()

    def client(self, key: str) -> ExactContext:
        """The context of the client ``key`` (``sessions.current_client``), made on first use."""
        with self._lock:
            ctx = self._alive.get(key)
            if ctx is None:
                ctx = self._alive[key] = self._track(ExactContext())
            self._kept[key] = ctx
            self._kept.move_to_end(key)
            while len(self._kept) > self.keep:
                self._kept.popitem(last=False)
            self._order.move_to_end(id(ctx))
            return ctx

    def adopt(self, ctx: ExactContext) -> ExactContext:
        """Count ``ctx`` (a comparison's coach's own) with the others under the memory budget."""
        with self._lock:
            return self._track(ctx)

    def _track(self, ctx: ExactContext) -> ExactContext:
        self._order[id(ctx)] = weakref.ref(ctx)  # (an id freed by a dead context is taken over)
        self._order.move_to_end(id(ctx))
        return ctx

    def _contexts(self) -> list[ExactContext]:
        """The alive contexts, least recently used first (the dead ones dropped)."""
        with self._lock:
            alive = []
            for key, ref in list(self._order.items()):
                ctx = ref()
                if ctx is None:
                    del self._order[key]
                else:
                    alive.append(ctx)
            return alive

    def kept_bytes(self) -> int:
        """Bytes of what every context keeps (engines, memos, compact matrices)."""
        seen: set[int] = set()  # an array two contexts share is counted once
        return sum(c.kept_bytes(seen) for c in self._contexts())

    def forget_kept(self, max_bytes: int) -> int:
        """Let go of what the contexts keep, least recently used first, until it takes at most
        ``max_bytes`` together; the bytes kept after."""
        contexts = self._contexts()
        sizes = [c.kept_bytes() for c in contexts]
        total = sum(sizes)
        for ctx, size in zip(contexts, sizes):
            if total <= max_bytes:
                break
            total += ctx.forget_kept(max(0, size - (total - max_bytes))) - size
        return total
