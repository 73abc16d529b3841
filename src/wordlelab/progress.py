"""Notices of slow work (a matrix built, kernels compiled, a warm-up) for whoever listens.

The library never prints: it calls :func:`notify` when slow work starts and :func:`finished`
when it is over (or wraps the work in :func:`working`), and a front-end that wants to show
such notices (the CLI does, on a terminal) registers a listener. A listener is called with the
notice's text, and with ``None`` when the work announced last is over. With no listener nothing
happens.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Listener = Callable[[str | None], None]

_LISTENERS: list[Listener] = []
_THREAD = threading.local()


def add_listener(listener: Listener) -> None:
    """Call ``listener(message)`` for every notice from now on (``None``: the work is over)."""
    if listener not in _LISTENERS:
        _LISTENERS.append(listener)


def remove_listener(listener: Listener) -> None:
    if listener in _LISTENERS:
        _LISTENERS.remove(listener)


def notify(message: str) -> None:
    """Tell every listener that slow work starts (one short phrase, no trailing punctuation)."""
    if getattr(_THREAD, "quiet", False):
        return
    for listener in list(_LISTENERS):
        listener(message)


def finished() -> None:
    """Tell every listener that the slow work announced last is over."""
    if getattr(_THREAD, "quiet", False):
        return
    for listener in list(_LISTENERS):
        listener(None)


@contextmanager
def working(message: str) -> Iterator[None]:
    """``notify(message)`` before the block and ``finished()`` after it, however it ends."""
    notify(message)
    try:
        yield
    finally:
        finished()


@contextmanager
def quietly() -> Iterator[None]:
    """Notices from this thread inside the block go to no one (work in the background, which
    whoever waits for it announces)."""
    old = getattr(_THREAD, "quiet", False)
    _THREAD.quiet = True
    try:
        yield
    finally:
        _THREAD.quiet = old
