"""Warm-up: compile every numba kernel and build the default matrix once, before anyone waits.

Each step is a short piece of real work through the same library calls the commands and the
web pages make (a review, an assistant's game, a share grid's check, a strategy solving a word),
so numba compiles the very specialisations they use and caches them;
afterwards a command or a page loads them in milliseconds. ``wordlelab warmup`` runs every step
with a progress bar, ``serve`` runs them in the background at start, and the assistant warms
the exact search while the player reads its first suggestion.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .progress import quietly

if TYPE_CHECKING:
    from .game.matrix import PatternMatrix


@dataclass(frozen=True)
class Step:
    """One piece of warm-up: its name, what it prepares (for a progress display), the work."""

    name: str
    what: str
    run: Callable[[], object]


def _lists(lists: str | None):  # type: ignore[no-untyped-def]
    from .game.lists import load_lists

    return load_lists(lists=lists)


def steps(lists: str | None = None) -> list[Step]:
    """The warm-up of the English five-letter game on list set ``lists`` (default: the default set)."""

    def matrix() -> object:
        return _lists(lists).matrix()

    def review(hard: bool) -> Callable[[], object]:
        def run() -> object:
            from .judge.review import review as review_game

            m = _lists(lists).matrix()
            from .judge.request import GameRequest

            history = GameRequest.parse(words="adieu,story,crony", answer="crony").history(
                m.guesses
            )
            return review_game(m, history, hard=hard, answer="crony")

        return run

    def assistant(hard: bool) -> Callable[[], object]:
        def run() -> object:
            from .assist.assistant import Assistant

            a = Assistant.create(_lists(lists).matrix(), hard=hard)
            a.suggestion()
            a.play("pious", ".....")  # an opener with no stored tree: the exact search
            return a.suggestion()

        return run

    def check() -> object:
        from .judge.grid import analyse, parse_share_grid

        grid = parse_share_grid("Wordle 1,234 3/6\n\n⬜⬜⬜⬜⬜\n⬜⬜🟩🟨🟩\n🟩🟩🟩🟩🟩\n")
        return analyse(grid, _lists(lists).matrix(), ["adieu", "story", "crony"], "crony")

    def solve() -> object:
        from .assist.assistant import solve as solve_word

        return solve_word(_lists(lists).matrix(), "crony")

    out = [
        Step("matrix", "building the pattern matrix", matrix),
        Step("play", "the feedback kernels (play, check)", check),
        Step("solve", "the strategies (solve, assist)", solve),
        Step("review", "the exact search (analyse)", review(False)),
        Step("review-hard", "the exact search in hard mode", review(True)),
        Step("assist", "the assistant's exact search (assist)", assistant(False)),
        Step("assist-hard", "the assistant in hard mode", assistant(True)),
    ]
    return out


def exact_search(matrix: PatternMatrix, hard: bool = False, strategy: object = None) -> Step:
    """The assistant's exact search on ``matrix`` in one mode: what a suggestion after an opener
    with no stored tree runs. The set is large enough to take the large sets' path (a search
    thread, compact matrices), whose kernels a small set never compiles."""

    def run() -> object:
        import numpy as np

        from .assist.assistant import AUTO, Assistant
        from .exact.evaluation import COMPACT_MIN, INLINE_N
        from .game.feedback import Pattern

        answers = matrix.answers
        opener = answers[len(answers) // 2]
        row = np.asarray(matrix.data[matrix.guesses.index(opener)])
        sizes = np.bincount(row, minlength=3**matrix.length)
        # The pattern leaving the group nearest twice the large-set threshold (the smallest
        # set, the quickest search, that takes the large sets' path whatever the lists).
        target = 2 * max(INLINE_N, COMPACT_MIN)
        code = int(np.argmin(np.abs(np.where(sizes > 0, sizes, 10**9) - target)))
        a = Assistant.create(
            matrix,
            AUTO if strategy is None else strategy,  # type: ignore[arg-type]
            hard=hard,
            opener=opener,
        )
        a.play(opener, Pattern(code, matrix.length))
        return a.suggestion()

    return Step("exact-search", "the exact search", run)


def warm_up(
    chosen: Sequence[Step] | None = None,
    on_step: Callable[[int, int, Step], None] | None = None,
) -> None:
    """Run the warm-up ``chosen`` (default: every step); ``on_step(i, n, step)`` before each."""
    todo = list(steps() if chosen is None else chosen)
    for i, step in enumerate(todo):
        if on_step is not None:
            on_step(i, len(todo), step)
        step.run()


def waiting_message(step: Step | None) -> str:
    """What a wait for background step ``step`` is said to be (within 66 characters)."""
    what = step.what.partition(" (")[0] if step is not None else "the kernels"
    return f"compiling {what} (in the background, once)"


class Background:
    """Warm-up steps on a daemon thread, saying nothing while they run (see ``quietly``).

    ``wait()`` before work that needs them: numba compiles one kernel at a time per process, so
    work started meanwhile would wait for the compile lock anyway, with nothing said."""

    def __init__(self, todo: Sequence[Step]) -> None:
        self.todo = list(todo)
        self.current: Step | None = None
        self.done = 0
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="wordlelab-warmup", daemon=True)

    def start(self) -> Background:
        self._thread.start()
        return self

    def _run(self) -> None:
        with quietly():
            for step in self.todo:
                self.current = step
                try:
                    step.run()
                except Exception as exc:  # a warm-up that fails only costs speed later
                    self.error = exc
                self.done += 1
            self.current = None

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def wait(self) -> None:
        """Wait for the steps to finish, saying what is still being prepared."""
        if not self._thread.is_alive():
            return
        from .progress import working

        with working(waiting_message(self.current)):
            self._thread.join()
