"""The library's progress notices on stderr. On a terminal, one line: a spinner, what is being
done, the seconds it has taken so far; the line goes away when the work is over. Into a pipe, a
file or a log, one plain line per phase, said once; stdout is never touched (JSON and piped
output stay clean).

Every notice fits 80 columns either way: a message is at most :data:`WIDTH` characters.
"""

from __future__ import annotations

import sys
from typing import Any

WIDTH = 66  # "wordlelab: " + message + "..." (plain), spinner + message + " 0:00:00" (terminal)


class NoticeLine:
    """A :mod:`wordlelab.progress` listener that draws the notice on stderr (a terminal)."""

    def __init__(self) -> None:
        self._progress: Any = None
        self._task: Any = None

    def __call__(self, message: str | None) -> None:
        if message is None:
            self.stop()
            return
        if self._progress is None:
            from rich.console import Console
            from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            # rich alone (not cli.common, which loads numba): the first notice shows at once.
            self._progress = Progress(
                SpinnerColumn(),
                TextColumn("{task.description}"),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,
                # The command's own output never runs while a notice shows (the work it waits
                # for runs on the same thread): leave sys.stdout and sys.stderr alone.
                redirect_stdout=False,
                redirect_stderr=False,
            )
            self._progress.start()
            self._task = self._progress.add_task(message)
        else:
            self._progress.reset(self._task, description=message)

    def stop(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


class NoticeLines:
    """A :mod:`wordlelab.progress` listener for a stderr that is no terminal: each phase of slow
    work (a compile, a matrix built, a proof) as one plain line, ``wordlelab: <message>...``,
    the first time it starts; nothing when it ends, no bar, no escape codes."""

    def __init__(self) -> None:
        self._said: set[str] = set()

    def __call__(self, message: str | None) -> None:
        if message is None or message in self._said:
            return
        self._said.add(message)
        try:
            sys.stderr.write(f"wordlelab: {message}...\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass  # stderr closed: the notice is lost, the command goes on
