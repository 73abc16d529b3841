"""Notices of slow first-run work (a matrix built, kernels compiled) for whoever listens.

The library never prints: it calls :func:`notify`, and a front-end that wants to show such
notices (the CLI does, on a terminal) registers a listener. With no listener nothing happens.
"""

from __future__ import annotations

from collections.abc import Callable

Listener = Callable[[str], None]

_LISTENERS: list[Listener] = []


def add_listener(listener: Listener) -> None:
    """Call ``listener(message)`` for every notice from now on."""
    if listener not in _LISTENERS:
        _LISTENERS.append(listener)


def remove_listener(listener: Listener) -> None:
    if listener in _LISTENERS:
        _LISTENERS.remove(listener)


def notify(message: str) -> None:
    """Tell every listener that slow work starts (one short phrase, no trailing punctuation)."""
    for listener in list(_LISTENERS):
        listener(message)
