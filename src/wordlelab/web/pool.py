"""A bounded pool of its own for the web's long work (every request that may search: analyses and
assistants), with a bounded queue.

Such requests get ``workers`` threads of their own and at most ``queue`` more may wait (waiting
costs no thread); past that a request is refused at once with 503 and Retry-After, and the
server's shared thread pool stays free for play. Each request's work is bounded by its budgets of
exact search (``budgets``), so a place in the queue is a bounded wait.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from starlette.exceptions import HTTPException

T = TypeVar("T")
# Searches side by side: each client has the exact engine's state of its own (web/contexts.py);
# a search uses a core, more threads would only share the cores.
WORKERS = 2
QUEUE = 8  # requests waiting at most; each waits its turn of a few seconds
RETRY_AFTER = 5  # seconds a refused client is told to wait


class Slot:
    """One holder at a time, claimed without waiting: ``with slot.claim():`` raises ``busy()`` when
    it is held, and releases it on every way out of the block. Work that outlives the block (a
    thread) takes the release over with ``contextlib.ExitStack.pop_all``."""

    def __init__(self, busy: Callable[[], Exception]) -> None:
        self._lock = threading.Lock()
        self._busy = busy

    @property
    def held(self) -> bool:
        return self._lock.locked()

    @contextmanager
    def claim(self) -> Iterator[None]:
        if not self._lock.acquire(blocking=False):
            raise self._busy()
        try:
            yield
        finally:
            self._lock.release()


class BoundedPool:
    """Runs blocking calls on ``workers`` threads of its own, with at most ``queue`` waiting."""

    def __init__(
        self, name: str, workers: int = WORKERS, queue: int = QUEUE, retry_after: int = RETRY_AFTER
    ) -> None:
        self.name = name
        self.workers = workers
        self.queue = queue
        self.retry_after = retry_after
        self._executor: ThreadPoolExecutor | None = None
        self._admitted = 0
        self._lock = threading.Lock()

    @property
    def admitted(self) -> int:
        """Calls running or waiting now."""
        return self._admitted

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        with self._lock:
            if self._admitted >= self.workers + self.queue:
                raise HTTPException(
                    503,
                    f"the server is busy with {self._admitted} {self.name} (running or "
                    f"waiting); try again in {self.retry_after} s",
                    headers={"Retry-After": str(self.retry_after)},
                )
            if self._executor is None:
                self._executor = ThreadPoolExecutor(
                    self.workers, thread_name_prefix=f"wordlelab-{self.name}"
                )
            executor = self._executor
            self._admitted += 1  # last: from here to the submit below nothing can fail unseen
        context = (
            contextvars.copy_context()
        )  # the client the request came from, as in the shared pool
        try:
            future = executor.submit(context.run, fn, *args)
        except BaseException:
            self._release(None)
            raise
        # Released when the call ends, not when its request does: a client that hangs up while its
        # analysis runs does not make room for another one next to it.
        future.add_done_callback(self._release)
        return await asyncio.wrap_future(future)

    def _release(self, _: object) -> None:
        with self._lock:
            self._admitted -= 1
