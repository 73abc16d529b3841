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
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
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


class _Job:
    """A call waiting its turn: what to run, in which context, and where its result goes."""

    __slots__ = ("share", "order", "fn", "args", "context", "future")

    def __init__(
        self,
        share: str,
        order: int,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        context: contextvars.Context,
        future: Future[Any],
    ) -> None:
        self.share, self.order, self.fn, self.args = share, order, fn, args
        self.context, self.future = context, future


class BoundedPool:
    """Runs blocking calls on ``workers`` threads of its own, with at most ``queue`` waiting.

    The calls waiting are served by share (``run(..., share=...)``: the kind of request), the
    share that has had the least time of the threads first, ties in arrival order: one kind of
    long request sent back to back cannot starve another kind (a share that was idle starts
    again level with the busiest waiting one, not ahead by what it did not use)."""

    def __init__(
        self, name: str, workers: int = WORKERS, queue: int = QUEUE, retry_after: int = RETRY_AFTER
    ) -> None:
        self.name = name
        self.workers = workers
        self.queue = queue
        self.retry_after = retry_after
        self._admitted = 0
        self._waiting: list[_Job] = []
        self._used: dict[str, float] = {}  # seconds of the threads each share has had
        self._order = 0
        self._threads: list[threading.Thread] = []
        self._lock = threading.Condition()

    @property
    def admitted(self) -> int:
        """Calls running or waiting now."""
        return self._admitted

    async def run(self, fn: Callable[..., T], *args: Any, share: str = "") -> T:
        future: Future[T] = Future()
        with self._lock:
            if self._admitted >= self.workers + self.queue:
                raise HTTPException(
                    503,
                    f"the server is busy with {self._admitted} {self.name} (running or "
                    f"waiting); try again in {self.retry_after} s",
                    headers={"Retry-After": str(self.retry_after)},
                )
            while len(self._threads) < self.workers:
                thread = threading.Thread(
                    target=self._serve, name=f"wordlelab-{self.name}", daemon=True
                )
                thread.start()
                self._threads.append(thread)
            if not any(j.share == share for j in self._waiting):
                # Back after a pause: level with the least served share waiting now.
                level = min((self._used.get(j.share, 0.0) for j in self._waiting), default=0.0)
                self._used[share] = max(self._used.get(share, 0.0), level)
            self._order += 1
            # The client the request came from travels with it, as in the shared pool.
            job = _Job(share, self._order, fn, args, contextvars.copy_context(), future)
            self._waiting.append(job)
            self._admitted += 1
            self._lock.notify()
        # Released when the call ends, not when its request does: a client that hangs up while its
        # call runs does not make room for another one next to it.
        future.add_done_callback(self._release)
        return await asyncio.wrap_future(future)

    def _serve(self) -> None:
        while True:
            with self._lock:
                while not self._waiting:
                    self._lock.wait()
                job = min(self._waiting, key=lambda j: (self._used.get(j.share, 0.0), j.order))
                self._waiting.remove(job)
            started = time.monotonic()
            try:
                if job.future.set_running_or_notify_cancel():
                    try:
                        result = job.context.run(job.fn, *job.args)
                    except BaseException as exc:
                        job.future.set_exception(exc)
                    else:
                        job.future.set_result(result)
            finally:
                with self._lock:
                    self._used[job.share] = (
                        self._used.get(job.share, 0.0) + time.monotonic() - started
                    )

    def _release(self, _: object) -> None:
        with self._lock:
            self._admitted -= 1
