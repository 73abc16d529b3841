"""Wordle: one board, six tries (or ``max_guesses``), hard mode or not.

The rules value ``Classic`` makes the game (``wordlelab.game.classic.ClassicGame``: Wordle's own
board, which the other parts of the library play on too, as python-chess's variants build on its
standard ``Board``) and the assistant (``wordlelab.assist.assistant.Assistant``, whose strategies
and exact search are the library's main work).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..assist.assistant import AUTO, Assistant
from ..assist.simulate import SimulationResult, simulate
from ..errors import VariantError
from ..game.classic import ClassicGame
from ..game.position import pick_answer
from ..game.rules import MAX_CLASSIC_GUESSES, Rules
from ..strategies import find_strategy, make_strategy

if TYPE_CHECKING:
    from ..exact.context import ExactContext
    from ..game.lists import Lists
    from ..game.matrix import PatternMatrix


@dataclass(frozen=True)
class Classic(Rules):
    """Wordle: one board, ``max_guesses`` tries, and hard mode or not."""

    hard: bool = False
    max_guesses: int = 6
    ultrahard: bool = False
    variant: ClassVar[str] = "classic"
    exact_search: ClassVar[bool] = True
    boards: ClassVar[int] = 1  # type: ignore[misc]

    def __post_init__(self) -> None:
        if not 1 <= self.max_guesses <= MAX_CLASSIC_GUESSES:
            raise VariantError(
                f"tries must be between 1 and {MAX_CLASSIC_GUESSES}, not {self.max_guesses}",
                self.max_guesses,
            )
        if self.ultrahard and not self.hard:
            object.__setattr__(self, "hard", True)  # ultrahard mode is hard mode and more

    def with_ultrahard(self) -> Classic:
        return Classic(True, self.max_guesses, True)

    @property
    def key(self) -> str:
        return "classic"

    @property
    def title(self) -> str:
        return "Wordle"

    @classmethod
    def from_request(
        cls, name: str, boards: int | None, tries: int | None, hard: bool
    ) -> Classic | None:
        if name not in ("classic", "wordle"):
            return None
        if boards not in (None, 1):
            raise VariantError(f"Wordle has one board, not {boards}", boards)
        return cls(hard, 6 if tries is None else tries)

    @classmethod
    def offered(cls) -> list[Rules]:
        return [cls()]

    def new_game(
        self,
        lists: Lists,
        seed: int | None = None,
        lang: str = "en",
        matrix: PatternMatrix | Callable[[], PatternMatrix] | None = None,
        answers: tuple[str, ...] | None = None,
    ) -> ClassicGame:
        self.check_start(seed)
        answer = answers[0] if answers else pick_answer(lists.answers, seed)
        return ClassicGame(
            answer,
            lists.guesses,
            self.max_guesses,
            self.hard,
            seed=seed,
            lang=lang,
            ultrahard=self.ultrahard,
        )

    def simulate(
        self,
        matrix: PatternMatrix,
        strategy: Any = None,
        *,
        games: int | None = None,
        seed: int = 1,
        progress: Callable[[int, int], None] | None = None,
        **options: Any,
    ) -> SimulationResult:
        if games is not None:
            raise VariantError("Wordle plays every answer once; games is for several boards", games)
        if strategy is None or isinstance(strategy, str):
            strategy = make_strategy(strategy or "entropy")
        return simulate(
            strategy,
            matrix,
            hard=self.hard,
            max_guesses=self.max_guesses,
            progress=progress,
            **options,
        )

    def check_strategy(self, strategy: str | None, lists: Lists | None = None) -> None:
        if strategy is not None and strategy != AUTO:
            find_strategy(strategy)
            if lists is not None:
                make_strategy(strategy).check_lists(lists.guesses, lists.answers, self.hard)

    def new_assistant(
        self,
        matrix: PatternMatrix,
        strategy: str | None = None,
        opener: str | None = AUTO,
        context: ExactContext | None = None,
    ) -> Assistant:
        return Assistant.create(
            matrix,
            strategy or AUTO,
            hard=self.hard,
            opener=opener,
            max_guesses=self.max_guesses,
            context=context,
            ultrahard=self.ultrahard,
        )


RULES = Classic
