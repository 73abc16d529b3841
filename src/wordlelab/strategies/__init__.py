"""Every strategy under one protocol, found by name through the registry."""

from __future__ import annotations

from . import (  # noqa: F401  (they register)
    coach,
    control,
    information,
    letters,
    lookahead,
    multi,
    optimal,
    partition,
    prior,
    prior_guard,
)
from .base import (
    Choice,
    Strategy,
    build_strategies,
    find_strategy,
    make_multi_strategy,
    make_strategy,
    multi_method,
    multi_strategy_names,
    register,
    register_multi,
    strategy_classes,
    strategy_names,
)
from .information import letter_entropy

__all__ = [
    "Choice",
    "Strategy",
    "build_strategies",
    "find_strategy",
    "letter_entropy",
    "make_multi_strategy",
    "make_strategy",
    "multi_method",
    "multi_strategy_names",
    "register",
    "register_multi",
    "strategy_classes",
    "strategy_names",
]
