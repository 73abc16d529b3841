"""The first-use proof of an opener's tree on the command line: the option and the progress bar."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

import click

from .common import may_be_terminal, stderr

if TYPE_CHECKING:
    from ..exact.optimal import Progress

F = TypeVar("F", bound=Callable[..., object])


def prove_option(fn: F) -> F:
    """``--no-prove``: value the steps after an opener with no proven tree within their budget."""
    return click.option(
        "--no-prove",
        "no_prove",
        is_flag=True,
        help="After an opener with no proven tree yet, do not prove it (a few seconds, once: it "
        "is kept) but value each step within its work budget, as bounds where it runs out. "
        "WORDLELAB_PROVE=off does the same for every command.",
    )(fn)


def proving(no_prove: bool) -> bool:
    """Whether to prove an opener's tree on first use: not with --no-prove or WORDLELAB_PROVE=off."""
    from ..config import prove_setting

    return not no_prove and prove_setting()


def _message(p: Progress) -> str:
    return f"proving the tree after {p.opener.upper()} (once; it is kept)"


@contextmanager
def proof_progress() -> Iterator[Callable[[Progress], None] | None]:
    """A progress bar on stderr (the opener's feedback groups proven, of all) while an opener's
    tree is proven, when stderr is a terminal; into a pipe or a file, one plain line (a
    :mod:`wordlelab.progress` notice) when the proof starts.

    The bar or the line appears with the proof's first report: a command that proves nothing
    (the opener's tree is kept, or proving is off) shows none.
    """
    if not may_be_terminal(sys.stderr):
        from .. import progress as notices

        started = False

        def plain(p: Progress) -> None:
            nonlocal started
            if not started:
                started = True
                notices.notify(_message(p))

        try:
            yield plain
        finally:
            if started:
                notices.finished()
        return
    from rich.progress import BarColumn, SpinnerColumn, TaskID, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as Bar

    err = stderr()
    bar = Bar(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.fields[groups]}"),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    task: TaskID | None = None

    def progress(p: Progress) -> None:
        nonlocal task
        if task is None:
            bar.start()
            task = bar.add_task("", total=None, groups="")
        total = p.parts_total or None
        bar.update(
            task,
            description=_message(p),
            completed=p.parts_done,
            total=total,
            groups=f"{p.parts_done}/{total} groups" if total else "",
        )

    try:
        yield progress
    finally:
        if task is not None:
            bar.stop()
