"""Every strategy under one protocol, found by name through the registry."""

from __future__ import annotations

from . import information, optimal, prior  # noqa: F401  (register their strategies)
from .base import (
    Choice,
    Strategy,
    find_strategy,
    make_strategy,
    register,
    strategy_classes,
    strategy_names,
)

__all__ = [
    "Choice",
    "Strategy",
    "find_strategy",
    "make_strategy",
    "register",
    "strategy_classes",
    "strategy_names",
]
