"""The library's progress notices as one line on a terminal: a spinner, what is being done, the
seconds it has taken so far. The line goes away when the work is over."""

from __future__ import annotations

from typing import Any


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
