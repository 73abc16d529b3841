"""The library side of ``wordlelab assist``: a solving session that suggests, records and undoes.

An ``Assistant`` keeps a stack of immutable states (position, words the game refused, current
suggestion), so every action can be taken back and a rejected input never changes anything.
It never prints; the CLI formats what it returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import InconsistentFeedbackError, UnknownWordError, VariantError, WordlelabError
from ..exact.budgets import ASSIST_WORK, PROVE_WORK
from ..exact.context import ExactContext
from ..exact.known_openers import KNOWN_OPENERS, default_opener  # noqa: F401  (re-exported)
from ..exact.rounding import exact_shown
from ..game import Position
from ..game.feedback import Pattern, score
from ..game.frequency import rank_by_frequency
from ..game.lists import widened_position
from ..game.matrix import PatternMatrix
from ..game.rules import Rules, parse_rules
from ..strategies import Choice, Strategy, make_strategy
from .base import Action, Session, one_pattern, row_dict
from .openers import strategy_opener

if TYPE_CHECKING:
    from ..exact.evaluation import Evaluation
    from ..exact.opener_proof import OpenerProof
    from ..exact.optimal import ProgressCallback


AUTO = "auto"
# The exact-top policy, the one the CLI and the web app both follow: look-ups of exact search
# behind one answer (``budgets``: the same figures on any machine); the position's own value is
# searched whatever is left (instant on a shipped proven tree's line or from the opener table,
# proven bounds at once where the set is too large to be proven within the budget), its best N
# guesses only when at most EXACT_TOP_MAX answers are left, or where the coach's own search
# (the default strategy's decision) already found them (docs/analysis.md gives the figures).
EXACT_BUDGET = ASSIST_WORK
EXACT_TOP_MAX = 200
STRATEGY = "strategy"


def default_strategy(matrix: PatternMatrix) -> str:
    """The strategy ``"auto"`` stands for: ``prior`` when every allowed word may be the answer
    (``--answers all``: candidates are weighted by how common they are), else ``coach`` (a shipped
    proven tree, else the exact best within a work budget, else entropy) where the exact search
    covers the lists (words of up to 8 letters, every answer an allowed guess), else ``entropy``."""
    if len(matrix.answers) == len(matrix.guesses):
        return "prior"
    if matrix.length <= 8 and bool((matrix.answer_to_guess >= 0).all()):
        return "coach"
    return "entropy"


@dataclass(frozen=True)
class Scored:
    """A guess with the numbers people judge it by."""

    word: str
    bits: float  # entropy of the feedback over the remaining candidates
    expected: float  # expected number of candidates left after it (a win leaves 0)
    p_answer: float  # chance that it is the answer (uniform over the candidates)
    largest: int  # size of the largest group it can leave
    value: float | None = None  # the strategy's own score, when it ranked this guess
    metric: str = ""

    @property
    def is_candidate(self) -> bool:
        return self.p_answer > 0


@dataclass(frozen=True)
class Step:
    """What one recorded guess did."""

    word: str
    pattern: Pattern
    before: int  # candidates before the guess
    after: int  # candidates after it
    solved: bool
    # No listed answer fitted: from this step on every allowed word that fits is possible.
    widened: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "guess": self.word,
            "pattern": str(self.pattern),
            "emoji": self.pattern.emoji,
            "before": self.before,
            "after": self.after,
            "widened": self.widened,
        }


# What the assistant says when the answer list runs out (the CLI and the web app show it).
WIDENED = "no listed answer fits; every allowed word is possible now"
# What it says once a widened game is solved: the answer was a word off the answer list.
OFF_LIST = "not on the answer list"
# The key a page finds each of these notes under, to say it in the game's language.
LIST_NOTE_KINDS: dict[str | None, str] = {WIDENED: "widened", OFF_LIST: "offList"}


@dataclass(frozen=True)
class _State:
    position: Position
    skipped: frozenset[int] = frozenset()
    # What the last action was, so undo can say what it took back.
    action: str = "start"


@dataclass
class Assistant(Session):
    """A solving session: suggest a guess, take the game's feedback, repeat; everything undoable."""

    matrix: PatternMatrix
    strategy: Strategy
    hard: bool = False
    opener: str | None = None
    max_guesses: int = 6
    # Where the opener came from: "proven" (the shipped optimum for these lists and mode), "given"
    # (the caller chose it) or "strategy" (the strategy's own first guess).
    opener_from: str = "given"
    _states: list[_State] = field(default_factory=list, repr=False)
    _ranked: dict = field(default_factory=dict, repr=False)
    # Ranks the guesses once the answer list ran out: every allowed word, weighted by frequency.
    _wide_strategy: Strategy | None = field(default=None, repr=False)
    # The exact engine's state for this session's searches (its coach's too): the caller's to
    # share (a web client's), else the assistant's own.
    context: ExactContext = field(default_factory=ExactContext, repr=False)
    # Ultrahard mode (``hard`` is True with it): every guess a word that could be the answer.
    ultrahard: bool = False

    @classmethod
    def create(
        cls,
        matrix: PatternMatrix,
        strategy: str | Strategy = AUTO,
        hard: bool = False,
        opener: str | None = AUTO,
        max_guesses: int = 6,
        context: ExactContext | None = None,
        ultrahard: bool = False,
    ) -> Assistant:
        """A new session. ``strategy``: a name, a Strategy or ``"auto"`` (``default_strategy``).
        ``opener``: a word, ``"auto"`` (best known, else the strategy's) or ``"strategy"``/None
        (the strategy's own first guess). ``context``: the exact engine's state to search with
        (``ExactContext``; the session's own when not given). ``ultrahard``: every suggestion a
        word that could be the answer (the exact strategies do not play it: ``auto`` is then
        ``entropy``, and the opener the strategy's own)."""
        hard = hard or ultrahard
        if strategy == AUTO:
            strategy = "entropy" if ultrahard else default_strategy(matrix)
        strat = make_strategy(strategy) if isinstance(strategy, str) else strategy
        if ultrahard and not strat.plays_ultrahard:
            raise VariantError(
                f"the {strat.name} strategy does not play ultrahard mode; try entropy",
                strat.name,
            )
        first: str | None
        source = "given"
        if opener is None or opener == STRATEGY or (opener == AUTO and ultrahard):
            first = None
        elif opener == AUTO:
            first = default_opener(matrix, hard)
            source = "proven"
        else:
            first = matrix.guesses.normalize(opener)
            matrix.guesses.index(first)  # UnknownWordError when it is not an allowed guess
        if first is None:
            # The strategy's own opener, cached on disk per (lists, mode, strategy).
            first = matrix.guesses[strategy_opener(strat, matrix, hard=hard)]
            source = "strategy"
        return cls(
            matrix,
            strat,
            hard,
            first,
            max_guesses,
            source,
            context=context or ExactContext(),
            ultrahard=ultrahard,
        )

    def __post_init__(self) -> None:
        from ..strategies.coach import Coach

        if isinstance(self.strategy, Coach):
            self.strategy.context = self.context  # the coach's searches and ours share one state
        if not self._states:
            self._states.append(
                _State(
                    Position.start(
                        self.matrix, self.hard, self.max_guesses, ultrahard=self.ultrahard
                    )
                )
            )

    # -- state -------------------------------------------------------------------------------------

    @property
    def _state(self) -> _State:
        return self._states[-1]

    @property
    def position(self) -> Position:
        return self._state.position

    @property
    def remaining(self) -> int:
        return int(self.position.candidates.size)

    @property
    def solved(self) -> bool:
        return self.position.solved

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def history(self) -> list[tuple[str, Pattern]]:
        return self.position.words_history()

    @property
    def skipped(self) -> list[str]:
        return sorted(self.matrix.guesses[r] for r in self._state.skipped)

    @property
    def widened(self) -> bool:
        """True once no listed answer fitted and every allowed word that fits became possible."""
        return self.position.matrix is not self.matrix

    @property
    def list_note(self) -> str | None:
        """What to tell the player about the answer list, for every front-end alike: WIDENED while
        a widened game goes on, OFF_LIST once it is solved (the answer was off the list, and there
        is no list left to widen to), None on the listed answers."""
        if not self.widened:
            return None
        return OFF_LIST if self.solved else WIDENED

    def _strategy(self) -> Strategy:
        if not self.widened:
            return self.strategy
        if self._wide_strategy is None:
            self._wide_strategy = make_strategy("prior")
        return self._wide_strategy

    @property
    def can_undo(self) -> bool:
        return len(self._states) > 1

    def candidates(self) -> list[str]:
        """The answers still possible, in list order."""
        return self.position.candidate_words

    @property
    def rules(self) -> Rules:  # type: ignore[override]
        return parse_rules(
            {
                "variant": "classic",
                "hard": self.hard,
                "ultrahard": self.ultrahard,
                "tries": self.max_guesses,
            }
        )

    @property
    def strategy_name(self) -> str:
        return self.strategy.name

    @property
    def done(self) -> bool:
        return self.solved

    @property
    def guesses(self) -> list[str]:
        return [w for w, _ in self.history]

    def words(self, board: int = 0) -> list[str]:
        """The answers still possible, most common first."""
        lang = self.matrix.answers.language
        return rank_by_frequency(self.candidates(), lang.code if lang else "en")

    # -- ranking -----------------------------------------------------------------------------------

    def _ranking(self, top: int) -> list[Choice]:
        """The strategy's ``top`` choices for the current state, without refused words (cached)."""
        state = self._state
        key = (state.position.history, state.skipped, self.widened)
        cached = self._ranked.get(key)
        if cached is not None and (len(cached[1]) >= top or cached[0]):
            return cached[1][:top]
        pos = state.position
        strategy = self._strategy()
        forced = strategy.forced(pos)
        if forced is not None and forced.row not in state.skipped and top == 1:
            choices, complete = [forced], False
        else:
            rows = strategy.pool_rows(pos)
            if state.skipped:
                rows = rows[~np.isin(rows, np.fromiter(state.skipped, dtype=np.int64))]
            if rows.size == 0:
                raise WordlelabError(
                    "every allowed guess has been refused; nothing left to suggest"
                )
            choices = strategy.rank_rows(pos, rows, max(top, 10))
            if forced is not None and forced.row not in state.skipped:
                choices = [forced] + [c for c in choices if c.row != forced.row]
            complete = len(choices) < max(top, 10)
        self._ranked[key] = (complete, choices)
        return choices[:top]

    def _suggestion_row(self) -> int:
        state = self._state
        if not state.position.history and self.opener is not None:
            row = self.matrix.guesses.index(self.opener)
            if row not in state.skipped:
                return row
        return self._ranking(1)[0].row

    def suggested_word(self) -> str:
        """The guess to play now, without its numbers (no partition kernel needed for an opener)."""
        if self.solved:
            raise WordlelabError("the game is solved; nothing left to suggest")
        return self.matrix.guesses[self._suggestion_row()]

    def suggestion(self) -> Scored:
        """The guess to play now, with its numbers."""
        if self.solved:
            raise WordlelabError("the game is solved; nothing left to suggest")
        row = self._suggestion_row()
        choice = next(
            (
                c
                for c in self._ranked.get(
                    (self.position.history, self._state.skipped, self.widened), (0, [])
                )[1]
                if c.row == row
            ),
            None,
        )
        return self.score_rows(np.array([row]), [choice])[0]

    def ranked(self, n: int) -> list[Scored]:
        """The strategy's ``n`` best guesses now, with their numbers."""
        # One word left: it is the only guess worth listing (any other costs a turn; listing them
        # showed words picked by alphabet, each with 0 bits).
        choices = self._ranking(1 if self.position.candidates.size == 1 else n)
        return self.score_rows(np.array([c.row for c in choices], dtype=np.int64), list(choices))

    def prove_opener(
        self, progress: ProgressCallback | None = None, budget: int | None = None
    ) -> OpenerProof | None:
        """The tree proven after this game's opener, proven now (within ``budget`` look-ups,
        ``progress`` told how it goes) and kept where none ships or is kept, so the suggestions
        and exact figures after the opener come from it (``opener_proof``). None before the first
        guess, once solved, on lists widened by an off-list answer, and for words the exact search
        does not take."""
        from ..exact.opener_proof import prove_opener_tree
        from ..limits import MAX_EXACT_WORD

        pos = self.position
        if (
            not pos.history
            or self.solved
            or self.widened
            or self.matrix.length > MAX_EXACT_WORD
            or self.ultrahard
        ):
            return None
        opener = self.matrix.guesses[pos.history[0][0]]
        return prove_opener_tree(
            self.matrix,
            opener,
            hard=self.hard,
            max_guesses=self.max_guesses,
            progress=progress,
            budget=PROVE_WORK if budget is None else budget,
            context=self.context,
        )

    def exact(
        self, n: int = 10, budget: int | None = EXACT_BUDGET, words: Sequence[str] = ()
    ) -> Evaluation | None:
        """Exact figures now within ``budget`` look-ups: ``exact_top``."""
        return self.exact_top(n, budget, words)

    def exact_top(
        self, n: int = 10, budget: int | None = EXACT_BUDGET, words: Sequence[str] = ()
    ) -> Evaluation | None:
        """The exact value now and of the best ``n`` guesses (searched only with at most EXACT_TOP_MAX
        answers left; the coach's own top whatever is left), as far as ``budget`` look-ups of
        exhaustive search prove them (the Evaluation says what is a bound); None when the game is
        over or the words are too long for the exact search. ``words``: other guesses (e.g. the
        heuristic's top) to value as well where that costs no search (at the start, from the
        shipped table of every opener: ``Evaluation.others``)."""
        from ..exact.evaluation import (  # numba kernels load only when asked for
            evaluate,
            opener_cannot_win,
            opener_values_at_start,
            start_from_opener_table,
        )
        from ..strategies.coach import Coach

        pos = self.position
        if self.solved or self.ultrahard:  # (the exact review covers normal and hard mode)
            return None
        # every opener's value ships
        # In hard mode an opener that no six-guess strategy follows is valued by hard mode's
        # objective (fewest answers lost, then fewest guesses), as the review values it.
        ev = start_from_opener_table(pos, top=n, words=words, context=self.context, losses=pos.hard)
        if ev is None:
            strategy = self._strategy()
            # Hard mode after such an opener, or where no strategy wins from here: by hard
            # mode's objective, finite figures (the answers the best play loses).
            losses = pos.hard and opener_cannot_win(pos)
            if (
                isinstance(strategy, Coach)
                and strategy.work == budget
                and not self._state.skipped
                and not losses
            ):
                # The coach's own evaluation: the suggestion and "perfect play" come from one search.
                ev = strategy.evaluation(pos)
                if ev is not None:
                    return replace(ev, others=opener_values_at_start(pos, words))
            try:
                # The suggestion is valued too: where the search proves only bounds, its own value
                # (a strategy from here) can lower the upper one, as a review of it would show.
                top = n if pos.candidates.size <= EXACT_TOP_MAX else 0
                guess = self.suggested_word()
                ev = evaluate(
                    pos, guess=guess, top=top, budget=budget, context=self.context, losses=losses
                )
                if pos.hard and not losses and not ev.winnable:
                    ev = evaluate(
                        pos, guess=guess, top=top, budget=budget, context=self.context, losses=True
                    )
            except WordlelabError:
                return None  # e.g. words too long for the exact search, or no strategy fits the turns left
            # At the start of a game whose table is not complete, its exact rows still value words.
            ev.others = opener_values_at_start(pos, words)
        if ev.exact and pos.candidates.size == 1:
            ev.top = ev.top[:1]  # the word itself; every other guess is one more (see top())
        if ev.exact:
            # The suggestion, when it is one of the optimal guesses, is the one named optimal.
            word = self.suggested_word()
            tied = next(
                (g for g in ev.top if g.word == word and g.exact and g.upper == ev.upper), None
            )
            if tied is not None:
                ev.best = word
                ev.top = [tied] + [g for g in ev.top if g is not tied]
        return ev

    def score_rows(
        self, rows: np.ndarray, choices: Sequence[Choice | None] | None = None
    ) -> list[Scored]:
        """Entropy, expected remaining and chance of being the answer for guess ``rows`` now."""
        pos = self.position
        rows = np.asarray(rows, dtype=np.int64)
        stats = Strategy.stats(pos, rows)
        is_cand = Strategy.candidate_mask(pos, rows)
        n = pos.candidates.size
        out = []
        for i, r in enumerate(rows):
            c = choices[i] if choices is not None else None
            out.append(
                Scored(
                    word=self.matrix.guesses[int(r)],
                    bits=float(stats[i, 0]),
                    expected=float((stats[i, 2] - is_cand[i]) / n),
                    p_answer=(1.0 / n) if is_cand[i] else 0.0,
                    largest=int(stats[i, 3]),
                    value=c.value if c is not None else None,
                    metric=c.metric if c is not None else "",
                )
            )
        return out

    # -- actions -------------------------------------------------------------------------------------

    def feedback(self, pattern: Pattern | str) -> Step:
        """Record the game's feedback for the current suggestion."""
        return self.play(self.suggested_word(), pattern)

    def play(self, word: str | None, feedback: Pattern | str | None = None) -> Step:
        """Record that ``word`` (None: the suggestion) was played and got ``feedback``; nothing
        changes if that is impossible."""
        feedback = one_pattern(feedback)
        if feedback is None:
            raise WordlelabError("give the colours of the tiles", word)
        if word is None:
            return self.feedback(feedback)
        pattern = feedback
        if self.solved:
            raise WordlelabError("the game is already solved; 'undo' to go back")
        m = self.matrix
        w = m.guesses.normalize(word)
        row = m.guesses.index(w)
        if isinstance(pattern, str):
            pattern = Pattern.parse(pattern, m.length)
        if pattern.length != m.length:
            raise InconsistentFeedbackError(
                f"feedback {str(pattern)!r} has {pattern.length} tiles; words have {m.length}",
                str(pattern),
                kind="feedback_length",
                tiles=pattern.length,
                expected=m.length,
            )
        pos = self.position
        if self.hard:
            broken = pos.rule.broken(w)
            if broken is not None:
                raise broken.refuse_line(w)
        try:
            new = pos.after(row, pattern)  # raises and leaves everything as it was
            widened = False
        except InconsistentFeedbackError:
            # No listed answer fits: go on over every allowed word that does (never a dead end).
            # Refused only when no allowed word at all can give this feedback.
            wide = None if self.widened else widened_position(pos, row, pattern.code)
            if wide is None:
                raise
            new, widened = wide, True
        self._states.append(_State(new, self._state.skipped, f"{w} {pattern}"))
        return Step(
            w, pattern, int(pos.candidates.size), int(new.candidates.size), new.solved, widened
        )

    def skip(self) -> str:
        """The game refused the current suggestion: never suggest it again; return the next one."""
        if self.solved:
            raise WordlelabError("the game is solved; nothing left to suggest")
        row = self._suggestion_row()
        cands = self.position.candidates
        if cands.size == 1 and self.position.matrix.answers[int(cands[0])] == (
            word := self.matrix.guesses[row]
        ):
            # The one word left is the answer, which the game takes; skipping it left the
            # strategy to pick by alphabet among guesses that all tell nothing (ABACK).
            raise WordlelabError(
                f"{word.upper()} is the only word left: the answer, which the game takes "
                "(if it refused it, a colour typed before was wrong: 'undo' takes a row back)",
                word,
                kind="only_word_left",
                word=word.upper(),
            )
        state = self._state
        self._states.append(
            _State(state.position, state.skipped | {row}, f"skip {self.matrix.guesses[row]}")
        )
        return self.suggested_word()

    def refuse(self, word: str) -> None:
        """Record that the game refused ``word`` (a skip entered again, e.g. on resuming a session):
        as ``skip`` when ``word`` is the suggestion, without working the suggestion out (no search).
        WordlelabError when the game is solved, the word is not a guess or is refused already."""
        if self.solved:
            raise WordlelabError("the game is solved; nothing left to suggest")
        w = self.matrix.guesses.normalize(word)
        row = self.matrix.guesses.index(w)
        state = self._state
        if row in state.skipped:
            raise WordlelabError(f"{w!r} is skipped already", w)
        self._states.append(_State(state.position, state.skipped | {row}, f"skip {w}"))

    def undo(self) -> str:
        """Take back the last action (a recorded guess or a skip); returns what was undone."""
        if not self.can_undo:
            raise WordlelabError("nothing to undo")
        return self._states.pop().action

    def steps(self) -> list[tuple[str, Pattern | None]]:
        """The actions that led here, oldest first (undone ones are gone): ``(word, feedback)`` for
        a recorded guess, ``(word, None)`` for a skip of ``word``. Played again on a new assistant
        with the same lists and strategy (``play``, ``skip``), they rebuild this one."""
        out: list[tuple[str, Pattern | None]] = []
        for before, after in zip(self._states, self._states[1:]):
            if after.position is before.position:  # a skip: one more refused word, same position
                (row,) = after.skipped - before.skipped
                out.append((self.matrix.guesses[row], None))
            else:
                out.append(after.position.words_history()[-1])
        return out

    def actions(self) -> list[Action]:
        return [Action(w, None if p is None else (str(p),)) for w, p in self.steps()]

    def view(self, top: int, budget: int | None, words_shown: int) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rows": [row_dict(w, p) for w, p in self.history],
            "remaining": self.remaining,
            "words": self.words()[:words_shown],
            "skipped": self.skipped,
            # list_note: the widened note while playing on, "not on the answer list" once solved;
            # list_note_kind lets a page say it in the game's language.
            "widened": self.list_note,
            "list_note_kind": LIST_NOTE_KINDS.get(self.list_note),
            "exact": None,
        }
        if not self.solved:
            rows = self.top(top)
            try:
                ev = self.exact(top, budget=budget, words=[s.word for s in rows])
            except WordlelabError:
                # No exact figure here (9 to 11 letters, which the exact search does not take, or
                # no strategy fits the turns left): the suggestions are the strategy's.
                ev = None
            out["exact"] = ev.to_dict() if ev is not None else None
            out["suggestion"] = asdict(self.suggestion())
            # Each row's exact expected guesses as the CLI's column gives them.
            out["top"] = [{**asdict(s), "exact": expected_dict(ev, s.word)} for s in rows]
        return out


def expected_dict(ev: Evaluation | None, word: str) -> dict[str, Any] | None:
    """A guess's exact expected guesses: {"kind": "exact" | "can fail" | "at least" | "unknown",
    "expected": x or None, "shown": x at three decimals as the CLI shows it (a bound rounded
    down)} (``Evaluation.expected_of``); None without exact figures."""
    if ev is None:
        return None
    kind, x = ev.expected_of(word)
    if x is None:
        if kind == "loses":  # proven to lose at least this many answers, no more known
            g = ev.value_of(word)
            return {"kind": kind, "expected": None, "shown": None, "lost": g and int(g.lost[0])}
        return {"kind": kind, "expected": None, "shown": None}
    out: dict[str, Any] = {"kind": kind, "expected": round(x, 4), "shown": exact_shown(kind, x)}
    if kind == "loses":  # hard mode's objective: the answers the best play after it loses
        g = ev.value_of(word)
        out["lost"] = int(g.lost[0]) if g is not None else None
    return out


def _fits(text: str, length: int | None = None) -> bool:
    """Whether ``text`` reads as feedback (of ``length`` tiles, when given)."""
    from ..errors import InvalidPatternError

    try:
        Pattern.parse(text, length)
    except InvalidPatternError:
        return False
    return True


def parse_entry(text: str, matrix: PatternMatrix) -> tuple[str | None, Pattern]:
    """Read one answer typed to the assistant: feedback alone, or ``WORD PATTERN`` (either order,
    space or comma between). Raises InvalidPatternError / InvalidWordError with a hint."""
    import re

    from ..errors import InvalidPatternError

    k = matrix.length
    text = text.strip()
    try:
        return None, Pattern.parse(text, k)
    except InvalidPatternError as exc:
        whole_error = exc

    def wordlike(token: str) -> bool:
        if token.lower() in matrix.guesses:
            return True
        return token.isalpha() and not _fits(token)

    head = re.match(r"^([^\s,;]+)[\s,;]+(.+)$", text)
    tail = re.match(r"^(.+?)[\s,;]+([^\s,;]+)$", text)
    if head and wordlike(head.group(1)):
        word, rest = head.group(1), head.group(2)
    elif tail and wordlike(tail.group(2)):
        word, rest = tail.group(2), tail.group(1)
    else:
        # A word of the wrong length whose letters all read as feedback ('foo' is XOF) beside
        # feedback that fits: name the word's length, as for any other word of that length,
        # rather than report the whole line as mixed notations.
        for m in (head, tail):
            if m is None:
                continue
            for word_tok, pattern_tok in ((m.group(1), m.group(2)), (m.group(2), m.group(1))):
                if word_tok.isalpha() and len(word_tok) != k and _fits(pattern_tok, k):
                    matrix.guesses.normalize(word_tok)  # raises, naming the word's length
        if wordlike(text) and len(text) == k:
            raise InvalidPatternError(
                f"{text!r} is not feedback; to record a word you played, type it with its "
                f"feedback, e.g. '{text} {'.' * k}'",
                text,
            )
        raise whole_error
    w = matrix.guesses.normalize(word)
    return w, Pattern.parse(rest, k)


def solve(
    matrix: PatternMatrix,
    answer: str,
    strategy: str | Strategy = AUTO,
    hard: bool = False,
    opener: str | None = AUTO,
    max_steps: int = 30,
) -> list[Step]:
    """How the assistant's suggestions find ``answer``, step by step.

    ``answer`` may be any allowed guess: one outside the answer list is found the way the
    assistant finds it in a real game, by widening to every allowed word once no answer fits.
    """
    word = matrix.guesses.normalize(answer)
    if word not in matrix.answers and word not in matrix.guesses:
        raise UnknownWordError(
            f"{word!r} is not a possible answer: it is not even an allowed guess "
            f"({matrix.guesses.name})",
            word,
        )
    a = Assistant.create(matrix, strategy, hard=hard, opener=opener)
    steps: list[Step] = []
    while not a.solved:
        if len(steps) >= max_steps:
            raise WordlelabError(f"no solution for {word!r} within {max_steps} guesses", word)
        guess = a.suggested_word()
        steps.append(a.play(guess, score(guess, word)))
    return steps
