"""Every option more than one command takes, declared once with its range from ``config``.

A command passes only what differs (its help, its default); none of these loads a word list, so
a quick command stays quick."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from ..config import BOARDS, GUESSES, LENGTH, SEED, Whole
from ..game.list_sets import DEFAULT_SET, LIST_SETS, LISTS_ENV

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]
LANGS = ["en", "ru"]


def whole(limit: Whole) -> click.IntRange:
    """The click type of a whole number in ``limit``'s range."""
    return click.IntRange(limit.lo, limit.hi)


def hard_option(help: str = "Hard mode.") -> Decorator:
    """--hard."""
    return click.option("--hard", is_flag=True, help=help)


def ultrahard_option(help: str) -> Decorator:
    """--ultrahard: every guess a word that could still be the answer (alex1770/wordle's -U)."""
    return click.option("--ultrahard", is_flag=True, help=help)


def max_guesses_option(help: str, default: int | None = None, tries: bool = False) -> Decorator:
    """--max-guesses (also --tries, with ``tries``): guesses the game allows, in ``GUESSES``."""
    names = ("--tries", "--max-guesses", "tries") if tries else ("--max-guesses",)
    return click.option(
        *names, type=whole(GUESSES), default=default, show_default=default is not None, help=help
    )


def boards_option(help: str) -> Decorator:
    """--boards: several boards at once, in ``BOARDS``."""
    return click.option("--boards", type=whole(BOARDS), default=None, help=help)


def seed_option(help: str, default: int | None = None) -> Decorator:
    """--seed: a game's seed, in ``SEED``."""
    return click.option(
        "--seed",
        type=whole(SEED),
        default=default,
        show_default=default is not None,
        help=help,
    )


def length_option(help: str = "Word length.", default: int | None = None) -> Decorator:
    """-k/--length: the word length, in ``LENGTH``."""
    return click.option(
        "-k",
        "--length",
        type=whole(LENGTH),
        default=default,
        show_default=default is not None,
        help=help,
    )


def lang_option(help: str | None = None, default: str | None = None) -> Decorator:
    """--lang: the language of the bundled lists and the alphabet."""
    return click.option(
        "--lang",
        type=click.Choice(LANGS),
        default=default,
        show_default=default is not None,
        help=help,
    )


def given(name: str) -> bool:
    """Whether the running command's parameter ``name`` was typed on its command line (not left
    at its default, nor set by an environment variable such as RAY_ADDRESS)."""
    ctx = click.get_current_context(silent=True)
    source = ctx.get_parameter_source(name) if ctx is not None else None
    return source is click.core.ParameterSource.COMMANDLINE


_LISTS_KEY = "wordlelab.game.lists"


def _remember_lists(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    ctx.meta[_LISTS_KEY] = value
    return value


def chosen_lists() -> str | None:
    """The list set the running command's --lists names (None: the default set)."""
    ctx = click.get_current_context(silent=True)
    return ctx.meta.get(_LISTS_KEY) if ctx is not None else None


def lists_option(f: Callable[..., Any], help: str | None = None) -> Callable[..., Any]:
    """--lists NAME: a named list set; load_lists reads it from the command's context."""
    return click.option(
        "--lists",
        "lists_name",
        type=click.Choice(sorted(LIST_SETS), case_sensitive=False),
        default=None,
        expose_value=False,
        is_eager=True,
        callback=_remember_lists,
        help=help
        or f"Named English 5-letter lists: {', '.join(LIST_SETS)} "
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
    f = lang_option("Language of the bundled lists and the alphabet.", "en")(f)
    f = length_option(default=5)(f)
    return f
