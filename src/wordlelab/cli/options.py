"""Click options several commands share that need no word list loaded (so a quick command stays quick)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from ..config import MAX_PLAY_LENGTH, MIN_PLAY_LENGTH
from ..game.list_sets import DEFAULT_SET, LIST_SETS, LISTS_ENV


def given(name: str) -> bool:
    """Whether the running command's parameter ``name`` was typed on its command line (not left
    at its default, nor set by an environment variable such as RAY_ADDRESS)."""
    ctx = click.get_current_context(silent=True)
    source = ctx.get_parameter_source(name) if ctx is not None else None
    return source is click.core.ParameterSource.COMMANDLINE


def _remember_lists(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    ctx.meta["wordlelab.game.lists"] = value
    return value


def lists_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """--lists NAME: a named list set; load_lists reads it from the command's context."""
    return click.option(
        "--lists",
        "lists_name",
        type=click.Choice(sorted(LIST_SETS), case_sensitive=False),
        default=None,
        expose_value=False,
        is_eager=True,
        callback=_remember_lists,
        help=f"Named English 5-letter lists: {', '.join(LIST_SETS)} "
        f"(default {DEFAULT_SET}, or ${LISTS_ENV}).",
    )(f)


def list_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """--lists, --words/--guesses, --answers, -k/--length and --lang."""
    f = click.option(
        "--answers",
        "answers_file",
        default=None,
        metavar="FILE|NAME|all",
        help="Possible answers: a file (one a line), a bundled list's name, or 'all' "
        "(every allowed guess).",
    )(f)
    f = click.option(
        "--words",
        "--guesses",
        "words_file",
        default=None,
        metavar="FILE|NAME",
        help="Allowed guesses: a file (one a line) or a bundled list's name.",
    )(f)
    f = lists_option(f)
    f = click.option(
        "--lang",
        type=click.Choice(["en", "ru"]),
        default="en",
        show_default=True,
        help="Language of the bundled lists and the alphabet.",
    )(f)
    f = click.option(
        "-k",
        "--length",
        type=click.IntRange(MIN_PLAY_LENGTH, MAX_PLAY_LENGTH),
        default=5,
        show_default=True,
        help="Word length.",
    )(f)
    return f
