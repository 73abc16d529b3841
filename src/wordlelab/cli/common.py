"""Options and loaders that several commands share."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import click

from ..config import matrix_budget
from ..errors import OutputPathError, WordlelabError, WordLengthError
from ..game.lists import Lists as _Lists
from ..game.lists import load_lists as _load_lists
from ..game.matrix import PatternMatrix
from ..paths import check_writable
from .options import chosen_lists, list_options, lists_option  # noqa: F401 (re-exported: the commands import them from here)

if TYPE_CHECKING:
    from rich.console import Console


def _console(**kw: Any) -> Console:
    from rich.console import Console  # loaded when something is printed with it (~50 ms)

    console = Console(highlight=False, **kw)
    console.on_broken_pipe = _broken_pipe  # type: ignore[method-assign]
    # COLUMNS=0 (or a width no real terminal has) made rich print empty lines: the output lost.
    if console.width < 20:
        console.width = 80
    return console


def _broken_pipe() -> None:
    """The reader closed the pipe (``wordlelab lists | head -1``): the rest of the output is not
    wanted. rich's own handling ends with exit code 1, as if the input were bad; this raises the
    BrokenPipeError the CLI's main ends quietly on (exit 0), with stdout sent to /dev/null so the
    final flush cannot fail again."""
    import os
    import sys

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    raise BrokenPipeError


def stdout() -> Console:
    """The console commands print to. On a terminal a long sentence wraps at word boundaries to
    its width (the terminal itself broke lines mid-word); into a pipe or a file every line stays
    whole, for scripts and greps."""
    console = _console(soft_wrap=True)
    if console.is_terminal:
        console.soft_wrap = False
    return console


def stderr() -> Console:
    return _console(stderr=True)


def may_be_terminal(stream: TextIO) -> bool:
    """False when a rich Console on ``stream`` would certainly not be a terminal.

    rich's own test, short of its Jupyter and IDLE special cases (which only ever say "not a
    terminal"): TTY_COMPATIBLE=0/1, then FORCE_COLOR, then isatty(). A command can skip its
    progress bar, and loading rich, when this is False.
    """
    tty_compatible = os.environ.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "1"
    force_color = os.environ.get("FORCE_COLOR")
    if force_color is not None:
        return force_color != ""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class Lists(_Lists):
    def matrix(
        self,
        budget: int | None = None,  # type: ignore[override]
        on_build: Callable[[], None] | None = None,
    ) -> PatternMatrix:
        return super().matrix(matrix_budget() if budget is None else budget, on_build)


def load_lists(
    length: int = 5,
    lang: str = "en",
    words_file: str | None = None,
    answers_file: str | None = None,
    lists: str | None = None,
) -> Lists:
    """The lists the options name (``--lists`` comes from the running command's context)."""
    if lists is None:
        lists = chosen_lists()
    got = _load_lists(length, lang, words_file, answers_file, lists)
    ctx = click.get_current_context(silent=True)
    source = ctx.get_parameter_source("length") if ctx is not None else None
    if source is not None and source.name != "DEFAULT" and got.guesses.length != length:
        # Files set the word length; a -k that says otherwise is a mistake, not a hint to ignore.
        raise WordLengthError(
            f"-k {length}, but {got.guesses.name} has {got.guesses.length}-letter words", length
        )
    for wl in {got.guesses.name: got.guesses, got.answers.name: got.answers}.values():
        if wl.dropped:
            more = f" and {len(wl.dropped) - 3} more" if len(wl.dropped) > 3 else ""
            click.echo(
                f"wordlelab: warning: {wl.name}: repeated words kept once: "
                f"{', '.join(wl.dropped[:3])}{more}",
                err=True,
            )
    return Lists(got.guesses, got.answers, got.set_name)


def capped_to_cores(n: int | None, option: str) -> int | None:
    """A thread or process count at most the cores this process may use (said in one line when cut):
    '-j 100000' would start 100,000 processes."""
    if n is None:
        return None
    try:
        cores = max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        cores = max(1, os.cpu_count() or 1)
    if n > cores:
        click.echo(
            f"wordlelab: warning: {option} {n} is more than the {cores} cores this process may use; "
            f"using {cores}",
            err=True,
        )
        return cores
    return n


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def check_output_path(
    path: str | None,
    option: str,
    formats: Sequence[str] | None = None,
    default_format: str | None = None,
) -> Path | None:
    """Check an output option's file BEFORE the work: writable folder, known format.

    Returns the path that will really be written (``--plot hist`` becomes ``hist.png`` when
    ``default_format`` is png), or None when the option was not given. Every command with an
    output file calls this first, then ``write_output`` at the end.
    """
    if path is None:
        return None
    try:
        return check_writable(path, formats, default_format)
    except OutputPathError as exc:
        raise OutputPathError(f"{option} {exc}", exc.input) from None


def check_writable_dir(path: Path, option: str) -> None:
    """Check, BEFORE the work, that results can be kept in the folder ``path`` (made if missing)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputPathError(
            f"{option}: cannot make the folder {path} ({exc.strerror or exc})", str(path)
        ) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise OutputPathError(f"{option}: the folder {path} is not writable", str(path))


def write_output(path: Path, write: Callable[[Path], None], what: str) -> bool:
    """Write a finished result; on failure say so on stderr (one line) and return False.

    The caller still shows the result (so nothing computed is lost) and exits 1 at the end.
    """
    try:
        write(path)
        return True
    except (OSError, WordlelabError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        click.echo(
            f"wordlelab: error: could not write the {what} to {path} ({reason}); "
            "the result is shown here instead",
            err=True,
        )
        return False


class FiniteFloatRange(click.FloatRange):
    """click.FloatRange that also refuses nan (every comparison with nan is false, so it passes)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        rv = super().convert(value, param, ctx)
        if isinstance(rv, float) and math.isnan(rv):
            self.fail(f"{value!r} is not a number", param, ctx)
        return rv
