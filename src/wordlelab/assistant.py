"""The library side of ``wordlelab assist``: a solving session that suggests, records and undoes.

An ``Assistant`` keeps a stack of immutable states (position, words the game refused, current
suggestion), so every action can be taken back and a rejected input never changes anything.
It never prints; the CLI formats what it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from .errors import HardModeError, InconsistentFeedbackError, WordlelabError
from .feedback import Pattern
from .frequency import rank_by_frequency
from .game import Position
from .matrix import PatternMatrix
from .strategies import Choice, Strategy, make_strategy

# Openers proven or measured to be stronger than a greedy strategy's own first choice, keyed by
# the fingerprint prefixes of (allowed guesses, answers). On the original lists SALET is the
# proven optimal opener (7920 guesses in total); the entropy strategy's own choice, SOARE,
# costs 8020 guesses in total when entropy plays on, SALET 7946 (measured for this branch).
KNOWN_OPENERS: dict[tuple[str, str], str] = {
    ("feacc549249b5dcb", "f40e47975cf360ff"): "salet",
}

AUTO = "auto"
STRATEGY = "strategy"


def default_opener(matrix: PatternMatrix) -> str | None:
    """The best known opener for these lists, or None when the strategy should choose."""
    key = (matrix.guesses.fingerprint[:16], matrix.answers.fingerprint[:16])
    word = KNOWN_OPENERS.get(key)
    return word if word is not None and word in matrix.guesses else None


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


@dataclass(frozen=True)
class _State:
    position: Position
    skipped: frozenset[int] = frozenset()
    # What the last action was, so undo can say what it took back.
    action: str = "start"


@dataclass
class Assistant:
    """A solving session: suggest a guess, take the game's feedback, repeat; everything undoable."""

    matrix: PatternMatrix
    strategy: Strategy
    hard: bool = False
    opener: str | None = None
    max_guesses: int = 6
    _states: list[_State] = field(default_factory=list, repr=False)
    _ranked: dict = field(default_factory=dict, repr=False)

    @classmethod
    def create(
        cls,
        matrix: PatternMatrix,
        strategy: str | Strategy = "entropy",
        hard: bool = False,
        opener: str | None = AUTO,
        max_guesses: int = 6,
    ) -> Assistant:
        """A new session. ``opener``: a word, ``"auto"`` (best known, else the strategy's) or
        ``"strategy"``/None (the strategy's own first guess)."""
        strat = make_strategy(strategy) if isinstance(strategy, str) else strategy
        first: str | None
        if opener is None or opener == STRATEGY:
            first = None
        elif opener == AUTO:
            first = default_opener(matrix)
        else:
            first = matrix.guesses.normalize(opener)
            matrix.guesses.index(first)  # UnknownWordError when it is not an allowed guess
        return cls(matrix, strat, hard, first, max_guesses)

    def __post_init__(self) -> None:
        if not self._states:
            self._states.append(_State(Position.start(self.matrix, self.hard, self.max_guesses)))

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
    def can_undo(self) -> bool:
        return len(self._states) > 1

    def candidates(self) -> list[str]:
        """The answers still possible, in list order."""
        return self.position.candidate_words

    def words(self) -> list[str]:
        """The answers still possible, most common first."""
        lang = self.matrix.answers.language
        return rank_by_frequency(self.candidates(), lang.code if lang else "en")

    # -- ranking -----------------------------------------------------------------------------------

    def _ranking(self, top: int) -> list[Choice]:
        """The strategy's ``top`` choices for the current state, without refused words (cached)."""
        state = self._state
        key = (state.position.history, state.skipped)
        cached = self._ranked.get(key)
        if cached is not None and (len(cached[1]) >= top or cached[0]):
            return cached[1][:top]
        pos = state.position
        forced = self.strategy.forced(pos)
        if forced is not None and forced.row not in state.skipped and top == 1:
            choices, complete = [forced], False
        else:
            rows = self.strategy.pool_rows(pos)
            if state.skipped:
                rows = rows[~np.isin(rows, np.fromiter(state.skipped, dtype=np.int64))]
            if rows.size == 0:
                raise WordlelabError("every allowed guess has been refused; nothing left to suggest")
            choices = self.strategy.rank_rows(pos, rows, max(top, 10))
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
        choice = next((c for c in self._ranked.get((self.position.history, self._state.skipped), (0, []))[1]
                       if c.row == row), None)
        return self.score_rows(np.array([row]), [choice])[0]

    def top(self, n: int = 10) -> list[Scored]:
        """The strategy's ``n`` best guesses now, with their numbers."""
        if n < 1:
            raise WordlelabError(f"top needs a positive number, not {n}", n)
        choices = self._ranking(n)
        return self.score_rows(np.array([c.row for c in choices], dtype=np.int64), list(choices))

    def score_rows(self, rows: np.ndarray, choices: Sequence[Choice | None] | None = None) -> list[Scored]:
        """Entropy, expected remaining and chance of being the answer for guess ``rows`` now."""
        pos = self.position
        rows = np.asarray(rows, dtype=np.int64)
        stats = Strategy.stats(pos, rows)
        is_cand = Strategy.candidate_mask(pos, rows)
        n = pos.candidates.size
        out = []
        for i, r in enumerate(rows):
            c = choices[i] if choices is not None else None
            out.append(Scored(
                word=self.matrix.guesses[int(r)],
                bits=float(stats[i, 0]),
                expected=float((stats[i, 2] - is_cand[i]) / n),
                p_answer=(1.0 / n) if is_cand[i] else 0.0,
                largest=int(stats[i, 3]),
                value=c.value if c is not None else None,
                metric=c.metric if c is not None else "",
            ))
        return out

    # -- actions -------------------------------------------------------------------------------------

    def feedback(self, pattern: Pattern | str) -> Step:
        """Record the game's feedback for the current suggestion."""
        return self.play(self.suggested_word(), pattern)

    def play(self, word: str, pattern: Pattern | str) -> Step:
        """Record that ``word`` was played and got ``pattern``; nothing changes if that is impossible."""
        if self.solved:
            raise WordlelabError("the game is already solved; 'undo' to go back")
        m = self.matrix
        w = m.guesses.normalize(word)
        row = m.guesses.index(w)
        if isinstance(pattern, str):
            pattern = Pattern.parse(pattern, m.length)
        if pattern.length != m.length:
            raise InconsistentFeedbackError(
                f"feedback {str(pattern)!r} has {pattern.length} tiles; words have {m.length}", str(pattern))
        pos = self.position
        if self.hard:
            message = pos.rule.violation(w)
            if message:
                raise HardModeError(f"{message}: hard mode would not take {w.upper()}", w)
        new = pos.after(row, pattern)  # raises and leaves everything as it was
        self._states.append(_State(new, self._state.skipped, f"{w} {pattern}"))
        return Step(w, pattern, int(pos.candidates.size), int(new.candidates.size), new.solved)

    def skip(self) -> str:
        """The game refused the current suggestion: never suggest it again; return the next one."""
        if self.solved:
            raise WordlelabError("the game is solved; nothing left to suggest")
        row = self._suggestion_row()
        state = self._state
        self._states.append(_State(state.position, state.skipped | {row}, f"skip {self.matrix.guesses[row]}"))
        return self.suggested_word()

    def undo(self) -> str:
        """Take back the last action (a recorded guess or a skip); returns what was undone."""
        if not self.can_undo:
            raise WordlelabError("nothing to undo")
        return self._states.pop().action


def parse_entry(text: str, matrix: PatternMatrix) -> tuple[str | None, Pattern]:
    """Read one answer typed to the assistant: feedback alone, or ``WORD PATTERN`` (either order,
    space or comma between). Raises InvalidPatternError / InvalidWordError with a hint."""
    import re

    from .errors import InvalidPatternError

    k = matrix.length
    text = text.strip()
    try:
        return None, Pattern.parse(text, k)
    except InvalidPatternError as exc:
        whole_error = exc

    def wordlike(token: str) -> bool:
        if token.lower() in matrix.guesses:
            return True
        if not token.isalpha():
            return False
        try:
            Pattern.parse(token)
        except InvalidPatternError:
            return True
        return False

    head = re.match(r"^([^\s,;]+)[\s,;]+(.+)$", text)
    tail = re.match(r"^(.+?)[\s,;]+([^\s,;]+)$", text)
    if head and wordlike(head.group(1)):
        word, rest = head.group(1), head.group(2)
    elif tail and wordlike(tail.group(2)):
        word, rest = tail.group(2), tail.group(1)
    else:
        if wordlike(text) and len(text) == k:
            raise InvalidPatternError(
                f"{text!r} is not feedback; to record a word you played, type it with its "
                f"feedback, e.g. '{text} {'.' * k}'", text)
        raise whole_error
    w = matrix.guesses.normalize(word)
    return w, Pattern.parse(rest, k)


def solve(
    matrix: PatternMatrix,
    answer: str,
    strategy: str | Strategy = "entropy",
    hard: bool = False,
    opener: str | None = AUTO,
    max_steps: int = 30,
) -> list[Step]:
    """How the assistant's suggestions find ``answer`` (a possible answer), step by step."""
    word = matrix.answers.normalize(answer)
    col = matrix.answer_index(word)
    a = Assistant.create(matrix, strategy, hard=hard, opener=opener)
    steps: list[Step] = []
    while not a.solved:
        if len(steps) >= max_steps:
            raise WordlelabError(f"no solution for {word!r} within {max_steps} guesses", word)
        guess = a.suggested_word()
        code = int(matrix.row(matrix.guesses.index(guess))[col])
        steps.append(a.play(guess, Pattern(code, matrix.length)))
    return steps
