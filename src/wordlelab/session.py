"""One assistant session for any rules: suggest, top, exact top, play, skip, undo.

``Session.create(rules, matrix, strategy)`` answers the same questions whatever the variant:
``suggest()`` is the word to play now (one way to ask, where the variant classes had three:
``suggested_word()``, ``suggestion().word``, ``plan()[0]``), ``top(n)`` the best n with their
numbers, ``exact(n)`` the exact figures within a budget (Wordle only; the policy of when to
search lives here), ``play(word, feedback)``, ``skip()`` and ``undo()``. Underneath it drives the
variant's own session (``Assistant``, ``MultiSession``, ``AbsurdleSession``), so every suggestion
is the one those classes made before. ``actions()`` lists what was entered, as ``Action`` values
that ``replay`` enters again into a new session (a front-end that lost its session rebuilds it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .assistant import AUTO, EXACT_BUDGET, EXACT_TOP_MAX, Assistant  # noqa: F401  (the policy, re-exported)
from .errors import VariantError, WordlelabError
from .feedback import Pattern
from .frequency import rank_by_frequency
from .matrix import PatternMatrix
from .rules import Absurdle, Classic, Multi, Rules
from .strategies import find_strategy, make_multi_strategy
from .variants.multi import MultiRules
from .variants.session import AbsurdleSession, MultiSession, parse_board_feedback

if TYPE_CHECKING:
    from .exact.context import ExactContext
    from .exact.evaluation import Evaluation

Backend = Assistant | MultiSession | AbsurdleSession
# Strategy names that mean "the variant's own" for several boards (Absurdle takes none: "auto").
_DEFAULTS = (AUTO, "entropy")


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


@dataclass
class Session:
    """Suggestions for a game played elsewhere, under ``rules``; every action undoable."""

    rules: Rules
    backend: Backend

    @classmethod
    def create(
        cls,
        rules: Rules,
        matrix: PatternMatrix,
        strategy: str | None = None,
        opener: str | None = AUTO,
        context: ExactContext | None = None,
    ) -> Session:
        """A new session. ``strategy``: Wordle's strategy name (default ``auto``), a multi-board
        method (default the first registered), nothing for Absurdle (its search is fixed).
        ``context``: the exact engine's state a Wordle session searches with (its own if not
        given; the other variants never search)."""
        backend: Backend
        if strategy == AUTO or (strategy in _DEFAULTS and isinstance(rules, Multi)):
            # the variant's own default (several boards' entropy: as 'bench' and 'solve' read it)
            strategy = None if not isinstance(rules, Classic) else strategy
        if isinstance(rules, Classic):
            backend = Assistant.create(
                matrix,
                strategy or AUTO,
                hard=rules.hard,
                opener=opener,
                max_guesses=rules.max_guesses,
                context=context,
            )
        elif isinstance(rules, Multi):
            backend = MultiSession(
                matrix, MultiRules.from_rules(rules), make_multi_strategy(strategy)
            )
        elif isinstance(rules, Absurdle):
            if strategy:
                raise VariantError(
                    "Absurdle's suggestions come from its own search; drop the strategy", strategy
                )
            backend = AbsurdleSession(matrix, hard=rules.hard)
        else:
            raise VariantError(f"not a rules value: {rules!r}", rules)
        return cls(rules, backend)

    @staticmethod
    def check(rules: Rules, strategy: str | None) -> None:
        """The error ``create`` would raise for ``strategy`` under ``rules``, before any work."""
        if strategy is None or strategy == AUTO:
            return
        if isinstance(rules, Classic):
            find_strategy(strategy)
        elif isinstance(rules, Multi):
            if strategy not in _DEFAULTS:
                make_multi_strategy(strategy)
        else:
            raise VariantError(
                "Absurdle's suggestions come from its own search; drop the strategy", strategy
            )

    @property
    def matrix(self) -> PatternMatrix:
        return self.backend.matrix

    @property
    def strategy_name(self) -> str | None:
        b = self.backend
        if isinstance(b, Assistant):
            return b.strategy.name
        if isinstance(b, MultiSession):
            return b.strategy.method
        return None

    @property
    def done(self) -> bool:
        """Every board solved: nothing is left to suggest."""
        b = self.backend
        if isinstance(b, MultiSession):
            return b.done
        return b.solved

    @property
    def can_undo(self) -> bool:
        b = self.backend
        return b.can_undo if isinstance(b, Assistant) else len(b.stack) > 1

    @property
    def guesses(self) -> list[str]:
        """The words played so far."""
        b = self.backend
        if isinstance(b, MultiSession):
            return [b.matrix.guesses[g] for g in b.position.guesses]
        if isinstance(b, Assistant):
            return [w for w, _ in b.history]
        return [w for w, _ in b.position.words_history()]

    def words(self, board: int = 0) -> list[str]:
        """The answers still possible on ``board``, most common first."""
        b = self.backend
        if isinstance(b, Assistant):
            return b.words()
        position = b.position.boards[board] if isinstance(b, MultiSession) else b.position
        lang = b.matrix.answers.language
        return rank_by_frequency(position.candidate_words, lang.code if lang else "en")

    # -- suggestions ---------------------------------------------------------------------------------

    def suggest(self) -> str:
        """The word to play now."""
        if self.done:
            raise WordlelabError("the game is solved; nothing left to suggest")
        b = self.backend
        if isinstance(b, Assistant):
            return b.suggested_word()
        if isinstance(b, MultiSession):
            return b.suggestion().word
        return b.plan()[0]

    def top(self, n: int = 10) -> list[Any]:
        """The ``n`` best guesses now, best first, each with a ``word`` and its numbers
        (Wordle: ``Scored``; several boards: ``Choice``; Absurdle: the winning line's words)."""
        if n < 1:
            raise WordlelabError(f"top needs a positive number, not {n}", n)
        if self.done:
            return []
        b = self.backend
        if isinstance(b, Assistant):
            return b.top(n)
        if isinstance(b, MultiSession):
            return b.top(n)
        return b.plan()[:n]

    def exact(
        self, n: int = 10, budget: int | None = EXACT_BUDGET, words: Sequence[str] = ()
    ) -> Evaluation | None:
        """Exact figures now within ``budget`` look-ups (the policy: ``Assistant.exact_top``; ``words``
        valued too where that costs no search); None when the game is solved, the variant has none
        (several boards, Absurdle) or the words are too long for it."""
        b = self.backend
        return b.exact_top(n, budget, words) if isinstance(b, Assistant) else None

    # -- actions -------------------------------------------------------------------------------------

    def play(self, word: str | None, feedback: Any = None) -> None:
        """Record ``word`` (None: the suggestion) and the game's ``feedback``: a pattern (Wordle;
        Absurdle, where None means the adversary's own), or one pattern per board (a sequence with
        None for solved boards, or the text the CLI reads). Nothing changes if it is impossible."""
        b = self.backend
        if not isinstance(b, MultiSession) and not (
            feedback is None or isinstance(feedback, (str, Pattern))
        ):
            # One board: one pattern (a list of one, as several boards give theirs, is that one).
            if (
                isinstance(feedback, Sequence)
                and len(feedback) == 1
                and isinstance(feedback[0], str)
            ):
                feedback = feedback[0]
            else:
                n = len(feedback) if isinstance(feedback, Sequence) else 0
                raise VariantError(f"one board takes one pattern, not {n}", str(feedback)[:40])
        if isinstance(b, Assistant):
            if feedback is None:
                raise WordlelabError("give the colours of the tiles", word)
            if word is None:
                b.feedback(feedback)
            else:
                b.play(word, feedback)
        elif isinstance(b, MultiSession):
            if b.done:
                raise WordlelabError("every board is solved; 'undo' to go back", word)
            if isinstance(feedback, str):
                typed, pats = parse_board_feedback(feedback, b.position)
                word = word or typed
            elif isinstance(feedback, Sequence):
                pats = [
                    None if p is None or (isinstance(p, str) and p.strip() in ("", "-")) else p
                    for p in feedback
                ]
            else:
                raise VariantError("give the feedback of every unsolved board", feedback)
            b.play(word, pats)
        else:
            if b.solved:
                raise WordlelabError("the game is already solved; 'undo' to go back", word)
            b.play(word if word is not None else self.suggest(), feedback)

    def skip(self) -> str:
        """The game refused the suggestion: never suggest it again here; the next one."""
        b = self.backend
        if isinstance(b, Assistant):
            return b.skip()
        if isinstance(b, MultiSession):
            return b.skip()
        raise VariantError("Absurdle takes every allowed word; there is nothing to skip", None)

    def undo(self) -> str:
        """Take back the last action; what was taken back."""
        return self.backend.undo()

    # -- the actions entered, and entering them again -----------------------------------------------

    def actions(self) -> list[Action]:
        """What was entered, oldest first (an undone action is gone): ``replay`` on a new session
        with the same rules, lists and strategy rebuilds this one, undo included."""
        b = self.backend
        if isinstance(b, Assistant):
            return [Action(w, None if p is None else (str(p),)) for w, p in b.steps()]
        words = b.matrix.guesses
        out: list[Action] = []
        if isinstance(b, MultiSession):
            for i in range(1, len(b.stack)):
                before, after = b.stack[i - 1], b.stack[i]
                if after is before:  # a skip: the same position, one more refused word
                    (row,) = b.skipped[i] - b.skipped[i - 1]
                    out.append(Action(words[row]))
                    continue
                patterns = tuple(
                    None if was.solved else str(now.words_history()[-1][1])
                    for was, now in zip(before.boards, after.boards)
                )
                out.append(Action(words[after.guesses[-1]], patterns))
            return out
        for position in b.stack[1:]:
            word, pattern = position.words_history()[-1]
            out.append(Action(word, (str(pattern),)))
        return out

    def apply(self, action: Action) -> None:
        """Enter ``action`` as ``play`` or ``skip`` would, without working out any suggestion (no
        search: entering what was entered costs no more than the entering did; a skip records the
        word refused). Nothing changes if it is impossible."""
        b = self.backend
        if action.patterns is None:
            if isinstance(b, (Assistant, MultiSession)):
                b.refuse(action.word)
            else:
                self.skip()  # Absurdle: says why there is nothing to skip
        elif isinstance(b, MultiSession):
            self.play(action.word, list(action.patterns))
        elif len(action.patterns) != 1:
            raise VariantError(
                f"one board takes one pattern, not {len(action.patterns)}", list(action.patterns)
            )
        else:
            self.play(action.word, action.patterns[0])

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

    def expected(self, word: str) -> Pattern | None:
        """The feedback the Absurdle adversary gives ``word`` now (None in the other variants)."""
        b = self.backend
        return b.expected(word) if isinstance(b, AbsurdleSession) else None
