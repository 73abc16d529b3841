"""Ctrl-C that is never lost while the console waits for a line.

CPython notices a signal only between bytecodes or when a blocking call fails with EINTR. A Ctrl-C
that arrives after the last check and before ``input()`` (with readline) or a read of stdin starts
to wait trips Python's flag but wakes nothing: readline runs with ``rl_catch_signals = 0`` and
waits in ``select()`` on stdin alone. The session then sits at its prompt until a second Ctrl-C.
On a loaded machine the window is wide enough to hit: the prompt's own write wakes whoever reads
the terminal, and the console is often descheduled right there.

``InterruptGuard`` closes it. Python's C-level handler writes every signal number to a wakeup fd;
a watcher thread reads it, and when a SIGINT has not reached the Python-level handler a moment
later while the main thread is waiting for a line, it sends SIGINT to the main thread again. That
one interrupts the wait (EINTR), and the KeyboardInterrupt comes out of ``input()`` as it should.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import threading
import time
from collections.abc import Iterator
from types import FrameType
from typing import TextIO

#: How long a SIGINT may stay unhandled while the console waits for a line before it is re-sent.
GRACE_SECONDS = 0.2


class InterruptGuard:
    """Re-sends a SIGINT that Python tripped but did not act on while the main thread waits for
    input. Installed once per process, from the main thread, and only on a terminal."""

    def __init__(self) -> None:
        self._handled = 0  # Python-level SIGINT handler runs
        self._waiting = 0  # > 0 while the main thread waits for a line
        self._main = threading.main_thread().ident or 0
        self._read_fd = -1
        # The handler and the watcher take turns at the wakeup pipe: a signal the handler has
        # acted on is drained by it, so the watcher only ever times signals not yet acted on
        # (reentrant: a second Ctrl-C can run the handler inside the first).
        self._lock = threading.RLock()
        self.tried = False  # install() runs once: a refusal stands for the process

    def install(self) -> bool:
        """Take over SIGINT's Python-level handler and the wakeup fd; False (nothing changed) when
        either is already someone else's, or when not called from the main thread."""
        if threading.current_thread() is not threading.main_thread():
            return False
        if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            return False
        read_fd, write_fd = os.pipe()
        os.set_blocking(read_fd, False)
        os.set_blocking(write_fd, False)
        previous = signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
        if previous != -1:  # someone else's (an event loop): give it back, leave it to them
            signal.set_wakeup_fd(previous)
            os.close(read_fd)
            os.close(write_fd)
            return False
        self._read_fd = read_fd
        signal.signal(signal.SIGINT, self._on_sigint)
        threading.Thread(target=self._watch, name="wordlelab-interrupts", daemon=True).start()
        return True

    def _on_sigint(self, signum: int, frame: FrameType | None) -> None:
        with self._lock:
            self._handled += 1
            self._drain()
        raise KeyboardInterrupt

    def _drain(self) -> bytes | None:
        """The signal numbers waiting in the pipe; None when there are none."""
        try:
            return os.read(self._read_fd, 256)
        except BlockingIOError:
            return None

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """Around a blocking read of a line from the terminal."""
        self._waiting += 1
        try:
            yield
        finally:
            self._waiting -= 1

    def _watch(self) -> None:
        while True:
            try:
                select.select([self._read_fd], [], [])
            except (OSError, ValueError):
                return
            with self._lock:
                try:
                    data = self._drain()
                except OSError:
                    return
                handled = self._handled
            if data is None:  # the handler got there first: acted on
                continue
            if not data:  # the pipe closed
                return
            if signal.SIGINT not in data:
                continue
            time.sleep(GRACE_SECONDS)
            if self._handled == handled and self._waiting:
                # Tripped, not acted on, and the main thread is waiting for a line: wake it.
                signal.pthread_kill(self._main, signal.SIGINT)


_GUARD = InterruptGuard()


def waiting_for(stream: TextIO) -> contextlib.AbstractContextManager[None]:
    """Around a blocking read of ``stream``: guarded when it is a terminal (Ctrl-C), the process's
    guard installed on the first such read."""
    if not stream.isatty():
        return contextlib.nullcontext()
    if not _GUARD.tried:
        _GUARD.tried = True
        _GUARD.install()
    return _GUARD.waiting()
