"""The exact game review: each guess against the best, in expected guesses, proven.

For every guess of a game: the answers possible before and after it, the exact expected number
of guesses of the best move and of the move played (this guess included), what the move cost,
and how lucky the feedback was. Values are over the answer list, each answer equally likely (as
the exact search assumes). When the game's answer is outside the list, each step is valued over
the listed words that fit plus that word, and the review says so.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Sequence

import numpy as np

from .analysis import ShareGrid
from .budgets import REVIEW_WORK, SAFETY_S, format_work
from .errors import HardModeError, InconsistentFeedbackError, ShareGridError, WordlelabError
from .evaluation import Evaluation, evaluate
from .feedback import Pattern, score
from .game import Position
from .lists import widen, with_answers
from .matrix import PatternMatrix
from .optimal import INF
from .position import parse_position
from .words import WordList


@dataclass
class ReviewStep:
    turn: int
    guess: str
    pattern: str
    before: int  # answers possible before the guess
    after: int  # ... and after its feedback
    best: str | None
    best_expected: float | None  # expected guesses from here with the best move (upper bound if not exact)
    played_expected: float | None  # ... with the move played
    cost_low: float  # guesses the move lost against the best: proven at least / at most
    cost_high: float
    exact: bool  # both values proven exactly (cost_low == cost_high)
    expected_left: float  # answers the guess leaves on average (a win leaves none)
    luck: int | None  # 0..99: how the count left compares with the other outcomes (None: no chance involved)
    best_exact: bool = True  # best_expected is proven exact (else the upper bound of a tree found)
    played_exact: bool = True  # ... and played_expected
    timed_out: bool = False  # the wall-clock safety net stopped its search (figures may vary by machine)
    work: int = 0  # look-ups of exact search spent on this step (the same on any machine)
    seconds: float = field(default=0.0, compare=False)  # time spent valuing this step (not in to_dict:
    # the same game reviewed twice gives the same output)

    def to_dict(self) -> dict[str, object]:
        return {k: (None if v == float("inf") else v) for k, v in asdict(self).items() if k != "seconds"}


@dataclass
class Review:
    steps: list[ReviewStep]
    hard: bool
    answer: str | None
    solved: bool
    outside: bool = False  # the answer is not on the answer list (values use it anyway)
    notes: list[str] = field(default_factory=list)

    @property
    def cost_low(self) -> float:
        return sum(s.cost_low for s in self.steps)

    @property
    def cost_high(self) -> float:
        return sum(s.cost_high for s in self.steps)

    @property
    def exact(self) -> bool:
        return all(s.exact for s in self.steps)

    def to_dict(self) -> dict[str, object]:
        return {"hard": self.hard, "answer": self.answer, "solved": self.solved, "outside": self.outside,
                "exact": self.exact, "cost_low": round(self.cost_low, 4),
                "cost_high": None if self.cost_high == float("inf") else round(self.cost_high, 4),
                "notes": self.notes, "steps": [s.to_dict() for s in self.steps]}


def _luck(position: Position, row: int, code: int) -> tuple[float, int | None]:
    """(expected answers left after the guess, luck 0..99 of the outcome that came)."""
    m = position.matrix
    column = m.row(row)[position.candidates]
    sizes = np.bincount(column, minlength=3**m.length)
    outcome = sizes[column].astype(np.float64)
    outcome[column == m.win_code] = 0.0
    n = column.size
    expected = float(outcome.sum() / n)
    actual = 0.0 if code == m.win_code else float(sizes[code])
    if np.all(outcome == outcome[0]):
        return expected, None
    # Share of outcomes that would have left more answers (ties count half): 99 = the best luck.
    share = (float((outcome > actual).sum()) + 0.5 * float((outcome == actual).sum() - 1)) / max(1, n - 1)
    return expected, min(99, max(0, int(round(share * 99))))


def review(matrix: PatternMatrix, history: Sequence[tuple[str, Pattern]], *, hard: bool = False,
           max_guesses: int = 6, answer: str | None = None, budget: int | None = REVIEW_WORK,
           time_limit: float | None = SAFETY_S) -> Review:
    """Review a game (``history`` of (word, feedback)); ``budget`` look-ups of exact search per
    part of a step (``budgets``; None: no limit), ``time_limit`` seconds as a safety net."""
    m = matrix
    for turn, (w, p) in enumerate(history[:-1], 1):
        if p.is_win:
            raise WordlelabError(f"guess {turn + 1} ({history[turn][0].upper()}) comes after the game was won "
                                 f"with {w.upper()}", w)
    words = [m.guesses.normalize(w) for w, _ in history]
    for w in words:
        m.guesses.index(w)
    if answer is not None:
        answer = m.guesses.normalize(answer)
        m.guesses.index(answer)
        for w, (_, p) in zip(words, history):
            if score(w, answer) != p:
                raise InconsistentFeedbackError(f"{w.upper()} against {answer.upper()} gives "
                                                f"{score(w, answer)}, not {p}", w)
    rows = [(m.guesses.index(w), p.code) for w, (_, p) in zip(words, history)]
    outside = answer is not None and answer not in m.answers
    extra: list[str] = [answer] if outside and answer is not None else []
    if not extra:
        pos = Position.start(m, hard=hard, max_guesses=max_guesses)
        try:
            for r, c in rows:
                pos = pos.after(r, c)
        except InconsistentFeedbackError:
            wide = widen(m, rows)
            if wide is None:
                raise
            extra = list(wide.answers)
            outside = True
    notes: list[str] = []
    if extra:
        m = with_answers(m, extra)
        notes.append(f"the answer is outside the answer list; each step is valued over the listed words "
                     f"that fit plus {', '.join(w.upper() for w in extra[:5])}")
    pos = Position.start(m, hard=hard, max_guesses=max_guesses)
    steps: list[ReviewStep] = []
    for turn, ((r, c), w) in enumerate(zip(rows, words), 1):
        if pos.solved:
            raise WordlelabError(f"guess {turn} ({w.upper()}) comes after the game was won", w)
        if hard and pos.history:
            message = pos.rule.violation(w)
            if message:
                raise HardModeError(f"{message}: hard mode would not take {w.upper()}", w)
        ev: Evaluation = evaluate(pos, guess=w, budget=budget, time_limit=time_limit)
        played = ev.guess
        assert played is not None
        low, high = ev.cost(played)
        expected_left, luck = _luck(pos, r, c)
        nxt = pos.after(r, c)
        steps.append(ReviewStep(
            turn, w, str(Pattern(c, m.length)), int(pos.candidates.size), int(nxt.candidates.size), ev.best,
            round(ev.expected, 4) if ev.upper < INF else None,
            round(played.expected, 4) if played.upper < INF else None,
            round(low, 4), round(high, 4) if high != float("inf") else float("inf"),
            ev.exact and played.exact, round(expected_left, 3), luck, ev.exact, played.exact,
            ev.timed_out, ev.work, round(ev.seconds, 4)))
        pos = nxt
    late = [str(s.turn) for s in steps if s.timed_out]
    if late:
        allowed = f"its work budget ({format_work(budget)} look-ups)" if budget is not None else "the search"
        notes.append(f"the safety time limit ({time_limit} s a step) stopped the search at step "
                     f"{', '.join(late)} before {allowed} ran out: those figures are proven bounds, "
                     "but another machine may prove more")
    return Review(steps, hard, answer, pos.solved, outside, notes)


def game_history(guesses: WordList, *, position: str | None = None, words: Sequence[str] = (),
                 grid: ShareGrid | None = None, answer: str | None = None) -> list[tuple[str, Pattern]]:
    """The (word, feedback) history to review: from a position's text, or from the words played
    with a share grid's rows (their feedback) or with the answer (which gives each feedback)."""
    if position is not None:
        parsed = parse_position(position)
        if parsed.guess:
            raise WordlelabError(f"position {position!r} ends with a guess without feedback; "
                                 "'wordlelab optimal --position' values a guess", position)
        return list(parsed.history)
    if grid is not None:
        if len(grid.rows) != len(words):
            raise ShareGridError(f"{len(grid.rows)} rows but {len(words)} words played", " ".join(words))
        return list(zip(words, grid.rows))
    if answer is None:
        raise WordlelabError("the words played need the answer or a share grid to give their feedback", words)
    target = guesses.normalize(answer)
    return [(w, score(guesses.normalize(w), target)) for w in words]
