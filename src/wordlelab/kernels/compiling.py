"""Notices while numba compiles one of our kernels (a cache miss: the first use on this machine).

numba compiles a kernel the first time it is called with a given signature and keeps the
machine code in its on-disk cache; later processes load it in milliseconds. The first time
costs from a fraction of a second (a small kernel) to half a minute (the exact search), and
nothing shows it. :func:`announce_compiles` listens to numba's compile events and turns each
outermost compilation into a :mod:`wordlelab.progress` notice naming what is compiled, and its
end into ``finished()`` (on a thread inside ``progress.quietly()``, a background warm-up, they
go to no one: whoever waits for it says so).
"""

from __future__ import annotations

import threading
from typing import Any

from .. import progress

# What each kernel module computes, as a person reads it in "compiling ... for this machine".
WHAT = {
    "search": "the exact search",
    "guess_total": "the exact search",
    "greedy": "the greedy tree bound",
    "bounds": "the search bounds",
    "playtree": "the strategy's play-through",
    "feedback": "the feedback kernels",
    "partition": "the guess scorer",
    "scoring": "the guess scorer",
    "columns": "the guess scorer",
    "expected": "the expected-guesses scorer",
    "multi": "the multi-board scorer",
}

_state = threading.local()
_installed = False
_lock = threading.Lock()


def describe(module: str) -> str:
    """``wordlelab.exact.kernels.search`` -> "the exact search" (unknown: "the numeric kernels")."""
    return WHAT.get(module.rpartition(".")[2], "the numeric kernels")


def message(module: str) -> str:
    return f"compiling {describe(module)} (once for this machine)"


def announce_compiles() -> None:
    """From now on, every outermost kernel compilation is announced to the progress listeners.

    Imports numba; call it when numba is (or is about to be) loaded anyway. Idempotent."""
    global _installed
    with _lock:
        if _installed:
            return
        from numba.core import event

        class Listener(event.Listener):
            """numba's compile events (start and end, nested for the callees a kernel compiles)."""

            def on_start(self, ev: Any) -> None:
                depth = getattr(_state, "depth", 0)
                _state.depth = depth + 1
                if depth == 0:
                    func = getattr(ev.data.get("dispatcher"), "py_func", None)
                    progress.notify(message(getattr(func, "__module__", "")))
                    _state.announced = True

            def on_end(self, ev: Any) -> None:
                _state.depth = max(getattr(_state, "depth", 1) - 1, 0)
                if _state.depth == 0 and getattr(_state, "announced", False):
                    _state.announced = False
                    progress.finished()

        event.register("numba:compile", Listener())
        _installed = True
