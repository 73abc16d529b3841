"""The assistant every variant offers: one interface, whatever the rules.

``rules.new_assistant(matrix, strategy)`` gives a ``Session`` that answers the same questions
for Wordle, N boards or Absurdle: ``suggest()`` is the word to play now, ``top(n)`` the best n
with their numbers, ``exact(n)`` the exact figures within a budget (where the variant has them),
``play(word, feedback)``, ``skip()`` and ``undo()``; ``state(top)`` is all of it as data (the web
app's answer). ``actions()`` lists what was entered, as ``Action`` values that ``replay`` enters
again into a new session (a front-end that lost its session rebuilds it). Each variant's
assistant (in ``wordlelab.variants``) implements the abstract members; the rest is here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import VariantError, WordlelabError
from ..game.feedback import Pattern

if TYPE_CHECKING:
    from ..exact.evaluation import Evaluation
    from ..exact.opener_proof import OpenerProof
    from ..exact.optimal import ProgressCallback
    from ..game.matrix import PatternMatrix
    from ..game.rules import Rules


@dataclass(frozen=True)
class Action:
    """One action of a session as it can be entered again: a guess ``word`` with its feedback,
    ``patterns`` (one per board; None for a board solved before it; one board: one pattern), or,
    with ``patterns`` None, a skip: the game refused ``word``, the suggestion at that point."""

    word: str
    patterns: tuple[str | None, ...] | None = None

    @property
    def skip(self) -> bool:
        return self.patterns is None

    def to_dict(self) -> dict[str, Any]:
        """The action as a request gives it back (one board: its pattern; several: one per board)."""
        if self.patterns is None:
            return {"skip": self.word}
        if len(self.patterns) == 1 and self.patterns[0] is not None:
            return {"word": self.word, "pattern": self.patterns[0]}
        return {"word": self.word, "patterns": list(self.patterns)}


def one_pattern(feedback: Any) -> Any:
    """One board's feedback as a request may give it: a pattern (text or ``Pattern``), None, or a
    list of one pattern (as several boards give theirs); VariantError for anything else."""
    if feedback is None or isinstance(feedback, (str, Pattern)):
        return feedback
    if isinstance(feedback, Sequence) and len(feedback) == 1 and isinstance(feedback[0], str):
        return feedback[0]
    n = len(feedback) if isinstance(feedback, Sequence) else 0
    raise VariantError(f"one board takes one pattern, not {n}", str(feedback)[:40])


def row_dict(word: str, pattern: Pattern) -> dict[str, Any]:
    """A played row as data: the word, its colours, its pattern and its squares."""
    return {
        "word": word,
        "colors": list(pattern.colors),
        "pattern": str(pattern),
        "emoji": pattern.emoji,
    }


class Session(ABC):
    """Suggestions for a game played elsewhere, under ``rules``; every action undoable."""

    matrix: PatternMatrix
    rules: Rules  # the rules of the game being played

    # -- what each variant defines -------------------------------------------------------------------

    @property
    @abstractmethod
    def strategy_name(self) -> str | None:
        """The name of what ranks the guesses (None: the variant's own search)."""

    @property
    @abstractmethod
    def done(self) -> bool:
        """Every board solved: nothing is left to suggest."""

    @property
    @abstractmethod
    def can_undo(self) -> bool: ...

    @property
    @abstractmethod
    def guesses(self) -> list[str]:
        """The words played so far."""

    @abstractmethod
    def words(self, board: int = 0) -> list[str]:
        """The answers still possible on ``board``, most common first."""

    @abstractmethod
    def suggested_word(self) -> str:
        """The word to play now (the game is not solved)."""

    @abstractmethod
    def ranked(self, n: int) -> list[Any]:
        """The ``n`` best guesses now (the game is not solved), best first."""

    @abstractmethod
    def play(self, word: str | None, feedback: Any = None) -> Any:
        """Record ``word`` (None: the suggestion) and the game's ``feedback``: a pattern (one
        board), or one pattern per board (a sequence with None for solved boards, or the text
        the CLI reads). Nothing changes if it is impossible."""

    @abstractmethod
    def skip(self) -> str:
        """The game refused the suggestion: never suggest it again here; the next one."""

    @abstractmethod
    def undo(self) -> str:
        """Take back the last action; what was taken back."""

    @abstractmethod
    def actions(self) -> list[Action]:
        """What was entered, oldest first (an undone action is gone): ``replay`` on a new session
        with the same rules, lists and strategy rebuilds this one, undo included."""

    @abstractmethod
    def view(self, top: int, budget: int | None, words_shown: int) -> dict[str, Any]:
        """The variant's part of ``state``: its boards, words left and suggestions (``top`` best
        guesses, exact figures within ``budget`` look-ups, ``words_shown`` words per board)."""

    # -- the same for every variant ------------------------------------------------------------------

    def suggest(self) -> str:
        """The word to play now."""
        if self.done:
            raise WordlelabError("the game is solved; nothing left to suggest")
        return self.suggested_word()

    def top(self, n: int = 10) -> list[Any]:
        """The ``n`` best guesses now, best first, each with a ``word`` and its numbers
        (Wordle: ``Scored``; several boards: ``Choice``; Absurdle: the winning line's words)."""
        if n < 1:
            raise WordlelabError(f"top needs a positive number, not {n}", n)
        if self.done:
            return []
        return self.ranked(n)

    def exact(
        self, n: int = 10, budget: int | None = None, words: Sequence[str] = ()
    ) -> Evaluation | None:
        """Exact figures now within ``budget`` look-ups; None where the variant has none."""
        return None

    def expected(self, word: str) -> Pattern | None:
        """The feedback the game itself gives ``word`` now, where it is known (Absurdle)."""
        return None

    def prove_opener(
        self, progress: ProgressCallback | None = None, budget: int | None = None
    ) -> OpenerProof | None:
        """The tree proven after this game's opener, proven now where none is kept
        (``opener_proof``); None where the variant has none."""
        return None

    def state(
        self, top: int = 10, budget: int | None = None, words_shown: int = 60
    ) -> dict[str, Any]:
        """Everything a front-end shows, as data (see docs/web-api.md)."""
        out: dict[str, Any] = {
            "rules": self.rules.to_dict(),
            "length": self.matrix.length,
            "hard": self.rules.hard,
            "strategy": self.strategy_name,
            "guesses": self.guesses,
            "solved": self.done,
            "can_undo": self.can_undo,
            "actions": [a.to_dict() for a in self.actions()],
            "suggestion": None,
            "top": [],
        }
        out.update(self.view(top, budget, words_shown))
        return out

    # -- the actions entered, and entering them again -----------------------------------------------

    def refuse(self, word: str) -> None:
        """Record that the game refused ``word`` (a skip entered again) without working out the
        suggestion; where nothing can be skipped, ``skip`` says why."""
        self.skip()

    def enter(self, action: Action) -> None:
        """Enter a guess ``action`` (with its patterns) as ``play`` would."""
        assert action.patterns is not None
        if len(action.patterns) != 1:
            raise VariantError(
                f"one board takes one pattern, not {len(action.patterns)}", list(action.patterns)
            )
        self.play(action.word, action.patterns[0])

    def apply(self, action: Action) -> None:
        """Enter ``action`` as ``play`` or ``skip`` would, without working out any suggestion (no
        search: entering what was entered costs no more than the entering did; a skip records the
        word refused). Nothing changes if it is impossible."""
        if action.patterns is None:
            self.refuse(action.word)
        else:
            self.enter(action)

    def replay(self, actions: Sequence[Action]) -> None:
        """Enter ``actions`` in order (``apply``). An impossible one raises WordlelabError naming
        it ("action 3 of 5 ('crane'): ..."); the session then holds the actions before it. Its
        kind is "replay": which action, and the action's own error as data (``cause``)."""
        for i, action in enumerate(actions, 1):
            try:
                self.apply(action)
            except WordlelabError as exc:
                word = action.word if len(action.word) <= 20 else action.word[:20] + "…"
                what = f"skip {word!r}" if action.skip else repr(word)
                raise WordlelabError(
                    f"action {i} of {len(actions)} ({what}): {exc}",
                    action.word,
                    kind="replay",
                    action=i,
                    actions=len(actions),
                    word=word,
                    skip=action.skip,
                    cause=exc.parts(),
                ) from exc
