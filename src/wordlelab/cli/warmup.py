"""wordlelab warmup: compile every numeric kernel and build the default matrix, with a progress bar."""

from __future__ import annotations

import time
from functools import partial

import click

from .common import may_be_terminal, stderr
from .options import chosen_lists, lists_option


@click.command()
@partial(lists_option, help="The list set to warm up [default: the default set].")
def warmup() -> None:
    """Compile the numeric kernels for this machine and build the default lists' pattern matrix.

    Every command and page does it by itself the first time it needs it (seconds to a minute);
    run this once after installing on a server so that no one waits. Later runs take seconds."""
    import sys

    from .. import progress
    from ..game.lists import load_lists
    from ..kernels.compiling import announce_compiles
    from ..warmup import Step, steps, warm_up

    lists_name = chosen_lists()
    load_lists(lists=lists_name)  # an unknown list set fails before any work
    todo = steps(lists_name)
    t0 = time.perf_counter()
    if may_be_terminal(sys.stderr):
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=stderr(),
        ) as bar:
            task = bar.add_task("warming up", total=len(todo))
            current = ["warming up"]

            def on_step(i: int, n: int, step: Step) -> None:
                current[0] = step.what
                bar.update(task, completed=i, description=step.what)

            def on_notice(message: str | None) -> None:
                bar.update(task, description=message or current[0])

            announce_compiles()
            progress.add_listener(on_notice)
            try:
                warm_up(todo, on_step)
            finally:
                progress.remove_listener(on_notice)
            bar.update(task, completed=len(todo), description="warmed up")
    else:  # a pipe or a log: one plain line per step

        def say_step(i: int, n: int, step: Step) -> None:
            click.echo(f"wordlelab: warming up {step.what} ({i + 1}/{n})...", err=True)

        warm_up(todo, say_step)
    click.echo(
        f"warmed up in {time.perf_counter() - t0:.0f} s: later runs load the compiled kernels"
    )
