"""Share grids: parsing, which answers and guesses fit them, and how skilful or lucky a game was.

Skill and luck are 0-99, as WordleBot players know them, with stated definitions:

* skill: the share of the best guess's information that the played guess achieved, on a log
  scale: ``log((n+1)/(E[guess]+1)) / log((n+1)/(E[best]+1))``, where ``n`` is the number of
  answers still possible, ``E`` the expected number left after a guess (a win leaves none) and
  the best guess the legal guess with the smallest ``E``. (A plain ratio of reductions would give
  almost every opener 99; the +1 keeps the last guesses finite.)
* exact skill (``check`` with the guesses known, when the exact search proves both values within
  its budget; ``skill_source`` says which skill a row has): ``99 * E*[best] / E*[guess]``, where
  ``E*`` is the exact expected number of guesses still needed from the row's position with that
  guess played first and perfect play after it (uniform over the answers still possible). An
  optimal guess scores 99; one that costs a tenth of a guess more out of 3.4 about 96.
* luck: where the actual outcome falls among the outcomes the guess could have had, as a
  mid-rank percentile: ``P(left > actual) + P(left == actual) / 2`` over the answers still
  possible. 50 is an average outcome, 99 the best possible, 0 the worst.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Sequence

import numpy as np

from .budgets import REVIEW_WORK
from .errors import InconsistentFeedbackError, ShareGridError, WordlelabError
from .feedback import Pattern, score
from .frequency import rank_by_frequency
from .game import Position
from .lists import widen, with_answers
from .matrix import PatternMatrix
from .strategies import Strategy

# Light, dark and high-contrast squares; the variation selectors carry no meaning.
SQUARES = {"\u2b1c": 0, "\u2b1b": 0, "\U0001f7e8": 1, "\U0001f7e6": 1, "\U0001f7e9": 2, "\U0001f7e7": 2}
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0f\ufe0e\u200d\u200b\ufeff"), None)
_HEADER = re.compile(
    r"wordle\b[^\d\n]*?(?P<number>\d[\d,.\u202f\u00a0 ]*\d|\d)?\s*(?P<score>[0-9]+|x)\s*/\s*(?P<max>\d+)\s*(?P<hard>\*)?",
    re.IGNORECASE,
)
HEADER_CHARS = 200


@dataclass(frozen=True)
class ShareGrid:
    """A parsed share grid: the tiles, and what the header says (when there is one)."""

    rows: tuple[Pattern, ...]
    number: str | None = None
    score: int | None = None  # guesses used; None for X (lost) or when there is no header
    max_guesses: int = 6
    hard: bool = False
    has_header: bool = False
    words: tuple[str | None, ...] = ()  # words written beside the rows, if any

    @property
    def length(self) -> int:
        return self.rows[0].length

    @property
    def solved(self) -> bool:
        return self.rows[-1].is_win


def parse_share_grid(text: str) -> ShareGrid:
    """Read a pasted share grid; ShareGridError quoting the offending line when it is malformed."""
    if not isinstance(text, str):
        raise ShareGridError(f"a share grid must be text, not {text!r}", text)
    lines = text.translate(_INVISIBLE).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    header = None
    rows: list[Pattern] = []
    words: list[str | None] = []
    gap_after_rows = False
    for raw in lines:
        line = raw.strip()
        if not any(ch in SQUARES for ch in line):
            if header is None and not rows:
                # A real header is short ("Wordle 1,234 4/6*"); searching only the start of a
                # line keeps the (backtracking) header pattern linear in the pasted text.
                m = _HEADER.search(line[:HEADER_CHARS])
                if m:
                    header = (m, raw)
            if rows and line:
                gap_after_rows = True
            continue
        compact = "".join(line.split())
        tiles = []
        i = 0
        while i < len(compact) and compact[i] in SQUARES:
            tiles.append(SQUARES[compact[i]])
            i += 1
        rest = compact[i:]
        if any(ch in SQUARES for ch in rest) or (rest and not rest.isalpha()):
            raise ShareGridError(f"line {raw.strip()!r} mixes tiles with other characters", raw)
        if gap_after_rows:
            raise ShareGridError(f"line {raw.strip()!r} starts a second grid; paste one grid at a time", raw)
        if rows and len(tiles) != rows[0].length:
            raise ShareGridError(
                f"line {raw.strip()!r} has {len(tiles)} tiles; the rows above have {rows[0].length}", raw)
        if rows and rows[-1].is_win:
            raise ShareGridError(f"line {raw.strip()!r} comes after a solved row", raw)
        rows.append(Pattern.from_colors(tiles))
        words.append(rest.lower() or None)
    if not rows:
        raise ShareGridError("no share grid found (no rows of coloured squares)", text)
    grid_score: int | None = None
    max_guesses, hard, number = 6, False, None
    if header is not None:
        m, raw = header
        max_guesses = int(m.group("max"))
        hard = m.group("hard") is not None
        number = m.group("number")
        if m.group("score").lower() == "x":
            if rows[-1].is_win:
                raise ShareGridError(f"header {raw.strip()!r} says X (lost) but the last row is solved", raw)
            if len(rows) != max_guesses:
                raise ShareGridError(
                    f"header {raw.strip()!r} says X/{max_guesses} but there are {len(rows)} rows", raw)
        else:
            grid_score = int(m.group("score"))
            if not 1 <= grid_score <= max_guesses:
                raise ShareGridError(f"header {raw.strip()!r}: {grid_score} is not between 1 and {max_guesses}", raw)
            if len(rows) != grid_score:
                raise ShareGridError(
                    f"header {raw.strip()!r} says {grid_score} guesses but there are {len(rows)} rows", raw)
            if not rows[-1].is_win:
                raise ShareGridError(f"header {raw.strip()!r} says solved but the last row is not all green", raw)
    if len(rows) > max_guesses:
        raise ShareGridError(f"{len(rows)} rows; the game allows {max_guesses}", text)
    return ShareGrid(tuple(rows), number, grid_score, max_guesses, hard, header is not None,
                     tuple(words) if any(words) else ())


@dataclass
class RowReport:
    """One row of a judged game."""

    row: int
    pattern: str
    emoji: str
    guess: str | None
    before: int  # answers still possible before this row
    after: int  # ... and after it
    probability: float | None  # how likely this row was (see analyse())
    expected: float | None = None  # expected answers left after the guess (a win leaves 0)
    best_guess: str | None = None
    best_expected: float | None = None
    skill: int | None = None
    luck: int | None = None
    skill_source: str | None = None  # "exact" or "information" (see the module docstring)
    exact_best: str | None = None  # the optimal guess, when the exact search proved it
    exact_best_guesses: float | None = None  # exact expected guesses from here, best play
    exact_guesses: float | None = None  # ... with this row's guess first
    cost: float | None = None  # exact_guesses - exact_best_guesses
    guesses_possible: int | None = None  # tiles only: allowed guesses that could give this row
    guess_examples: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)  # answers still possible after it, commonest first


@dataclass
class GameReport:
    """A judged share grid."""

    number: str | None
    score: str
    hard: bool
    answer: str | None
    consistent: bool
    answers: list[str]  # answers consistent with every row, commonest first
    rows: list[RowReport]
    notes: list[str]
    # Allowed words outside the answer list that the report also counted as possible answers:
    # the grid's answer was not on the list (see ``analyse``).
    outside: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


def _mid_rank(outcomes: np.ndarray, actual: float) -> float:
    """P(outcome > actual) + P(outcome == actual) / 2 (larger outcomes are worse)."""
    return float(((outcomes > actual).sum() + 0.5 * (outcomes == actual).sum()) / outcomes.size)


def _score99(x: float) -> int:
    return int(round(99 * min(1.0, max(0.0, x))))


def hard_pattern_problems(rows: Sequence[Pattern]) -> list[str]:
    """What the tiles alone show to break hard mode: greens must stay, hints never shrink."""
    problems = []
    greens: set[int] = set()
    hints = 0
    for i, p in enumerate(rows, 1):
        cols = p.colors
        lost = sorted(j + 1 for j in greens if cols[j] != 2)
        if lost:
            problems.append(f"row {i} loses the green tile in position {', '.join(map(str, lost))}, "
                            "which hard mode forbids")
        n_hints = sum(1 for c in cols if c)
        if n_hints < hints:
            problems.append(f"row {i} has {n_hints} coloured tiles after a row with {hints}; in hard mode "
                            "every revealed letter is reused, so the count cannot drop")
        greens |= {j for j, c in enumerate(cols) if c == 2}
        hints = max(hints, n_hints)
    return problems


def analyse(
    grid: ShareGrid,
    matrix: PatternMatrix,
    guesses: Sequence[str] | None = None,
    answer: str | None = None,
    lang: str = "en",
    list_words: int = 20,
    exact_budget: int | None = REVIEW_WORK,
) -> GameReport:
    """Judge a share grid against the lists in ``matrix``, widened when its answer is not listed.

    A real game's answer may be an allowed word outside the answer list (the NYT picks such
    words). When ``answer`` is such a word, or the words played leave no listed answer, the grid
    is judged with those allowed words added to the answers, and the report names them.
    """
    m = matrix
    extra: list[str] = []
    if answer is not None:
        a = m.guesses.normalize(answer)
        if a not in m.answers and a in m.guesses:
            extra = [a]
    elif guesses is not None and len(guesses) == len(grid.rows) and grid.length == m.length:
        try:
            history = [(m.guesses.lookup(w), p.code) for w, p in zip(guesses, grid.rows)]
        except WordlelabError:
            history = []  # _judge reports the bad word
        pos = Position.start(m)
        try:
            for row, code in history:
                pos = pos.after(row, code)
        except InconsistentFeedbackError:
            wide = widen(m, history)
            extra = list(wide.answers) if wide is not None else []
    if not extra:
        return _judge(grid, m, guesses, answer, lang, list_words, exact_budget)
    report = _judge(grid, with_answers(m, extra), guesses, answer, lang, list_words, exact_budget)
    report.outside = [w for w in report.answers if w not in m.answers]
    if report.outside:
        shown = ", ".join(w.upper() for w in report.outside[:5])
        report.notes.insert(0, f"the answer is outside the answer list ({m.answers.name}): judged with the "
                               f"allowed words that fit added as answers ({shown})")
    return report


def _exact_skill(r: RowReport, pos: Position, word: str, budget: int) -> None:
    """Fill the row's exact figures and exact skill when the search proves them within ``budget`` look-ups."""
    from .evaluation import evaluate  # the exact search (numba kernels) only when asked for

    try:
        ev = evaluate(pos, guess=word, budget=budget)
    except WordlelabError:
        return  # e.g. words too long for the exact search: the information skill stays
    played = ev.guess
    if played is None or not (ev.exact and played.exact) or played.upper >= 1 << 40:
        return
    r.exact_best = ev.best
    r.exact_best_guesses = round(ev.upper / ev.n, 4)
    r.exact_guesses = round(played.upper / ev.n, 4)
    r.cost = round((played.upper - ev.upper) / ev.n, 4)
    r.skill = _score99(ev.upper / played.upper)
    r.skill_source = "exact"


def _judge(
    grid: ShareGrid,
    matrix: PatternMatrix,
    guesses: Sequence[str] | None = None,
    answer: str | None = None,
    lang: str = "en",
    list_words: int = 20,
    exact_budget: int | None = REVIEW_WORK,
) -> GameReport:
    """Judge a share grid against exactly the lists in ``matrix``.

    With the guesses known, every row gets the answers left, the row's probability (the share of
    the answers still possible that give this pattern to this guess), skill and luck. With tiles
    alone, the rows are checked against every answer at once: an answer fits a row when some
    allowed guess scores that pattern against it; a row's probability is then the share of the
    answers still possible that fit it.
    """
    m = matrix
    if grid.length != m.length:
        raise ShareGridError(f"the grid has {grid.length} tiles a row; the words have {m.length} letters",
                             grid.length)
    notes: list[str] = []
    consistent = True
    ans_col = None
    if answer is not None:
        answer = m.answers.normalize(answer)
        ans_col = m.answer_index(answer)
    words = list(guesses) if guesses is not None else [w for w in grid.words] if grid.words else None
    if words is not None:
        if len(words) != len(grid.rows) or any(w is None for w in words):
            raise ShareGridError(f"{len(grid.rows)} rows but {len([w for w in words if w])} guesses", words)
        words = [m.guesses.normalize(w) for w in words if w is not None]
        for w in words:
            m.guesses.index(w)  # UnknownWordError for a word that is not allowed
    if grid.hard:
        problems = hard_pattern_problems(grid.rows)
        if problems:
            consistent = False
            notes.extend(problems)

    # Tiles alone, vectorised over the whole matrix: fits[i] marks the answers row i allows.
    fits = []
    cache: dict[int, np.ndarray] = {}
    for p in grid.rows:
        if p.code not in cache:
            cache[p.code] = (m.data == p.code).any(axis=0)
        fits.append(cache[p.code])
    alive = np.ones(len(m.answers), dtype=bool)
    reports: list[RowReport] = []
    for i, p in enumerate(grid.rows):
        before = int(alive.sum())
        alive = alive & fits[i]
        after = int(alive.sum())
        # Tiles alone say nothing of a row's odds (almost any answer fits almost any row for
        # some guess); the odds come with the guesses, below.
        reports.append(RowReport(i + 1, str(p), p.emoji, None, before, after, None))
    tile_answers = np.flatnonzero(alive)
    if ans_col is not None and not alive[ans_col]:
        consistent = False
        bad = next(i for i in range(len(grid.rows)) if not fits[i][ans_col])
        notes.append(f"no allowed guess gives row {bad + 1} ({grid.rows[bad].emoji}) when the answer is "
                     f"{answer!r}")
    if tile_answers.size == 0:
        consistent = False
        notes.append("no answer in the list fits every row")

    # Which allowed guesses could have given each row, for an answer that fits the whole grid.
    focus = np.array([ans_col]) if ans_col is not None else tile_answers
    if words is None and focus.size:
        sub = m.data[:, focus]
        for i, p in enumerate(grid.rows):
            rows = np.flatnonzero((sub == p.code).any(axis=1))
            reports[i].guesses_possible = int(rows.size)
            examples = [m.guesses[int(r)] for r in rows[:2000]]
            reports[i].guess_examples = rank_by_frequency(examples, lang)[:8]

    # The guesses known: walk the game, judging each guess against the best one.
    final = tile_answers
    if words is not None:
        pos = Position.start(m, hard=grid.hard, max_guesses=grid.max_guesses)
        for i, (w, p) in enumerate(zip(words, grid.rows)):
            r = reports[i]
            r.guess = w
            if answer is not None and score(w, answer) != p:
                consistent = False
                notes.append(f"row {i + 1}: {w.upper()} against {answer.upper()} gives {score(w, answer).emoji}, "
                             f"not {p.emoji}")
            if grid.hard and pos.history:
                message = pos.rule.violation(w)
                if message:
                    consistent = False
                    notes.append(f"row {i + 1}: {w.upper()} breaks hard mode ({message})")
            g = m.guesses.index(w)
            n = pos.candidates.size
            column = m.row(g)[pos.candidates]
            sizes = np.bincount(column, minlength=3**m.length)
            outcome = sizes[column].astype(np.float64)
            outcome[column == m.win_code] = 0.0
            r.before = int(n)
            r.probability = float(sizes[p.code] / n)
            legal = np.flatnonzero(pos.legal_mask())
            legal = legal if g in set(legal.tolist()) else np.append(legal, g)
            stats = Strategy.stats(pos, legal)
            cand = Strategy.candidate_mask(pos, legal)
            expected = (stats[:, 2] - cand) / n
            at = int(np.flatnonzero(legal == g)[0])
            best = int(np.argmin(expected))
            r.expected = float(expected[at])
            r.best_guess = m.guesses[int(legal[best])]
            r.best_expected = float(expected[best])
            gain = np.log((n + 1) / (expected[best] + 1))
            r.skill = (_score99(np.log((n + 1) / (expected[at] + 1)) / gain) if gain > 0
                       else (99 if expected[at] <= expected[best] else 0))
            r.skill_source = "information"
            if exact_budget is not None:
                _exact_skill(r, pos, w, exact_budget)
            actual = 0.0 if p.is_win else float(sizes[p.code])
            if sizes[p.code] == 0:
                r.after = 0
                r.luck = None
                consistent = False
                notes.append(f"row {i + 1}: no answer still possible gives {p.emoji} to {w.upper()}; "
                             "the rows cannot come from one game on these lists")
                for rest in reports[i + 1:]:
                    rest.before = rest.after = 0
                    rest.probability = None
                final = np.array([], dtype=np.int64)
                break
            # With one possible outcome nothing was left to chance.
            r.luck = None if np.all(outcome == outcome[0]) else _score99(_mid_rank(outcome, actual))
            pos = pos.after(g, p)
            r.after = int(pos.candidates.size)
            final = pos.candidates
        else:
            if not grid.solved and grid.rows and words and len(words) == grid.max_guesses:
                notes.append(f"lost; {len(final)} answers were still possible")

    # The answers still possible after each row, commonest first.
    if words is not None:
        shown_after: list[np.ndarray] = []
        pos = Position.start(m, hard=grid.hard)
        for w, p in zip(words, grid.rows):
            try:
                pos = pos.after(w, p)
            except InconsistentFeedbackError:
                break
            shown_after.append(pos.candidates)
        for r, cols in zip(reports, shown_after):
            r.words = rank_by_frequency([m.answers[int(c)] for c in cols], lang)[:list_words]
    else:
        running = np.ones(len(m.answers), dtype=bool)
        for i, r in enumerate(reports):
            running &= fits[i]
            if r.after <= 5 * list_words:
                r.words = rank_by_frequency([m.answers[int(c)] for c in np.flatnonzero(running)], lang)[:list_words]

    answers = rank_by_frequency([m.answers[int(c)] for c in final], lang)
    if answer is not None and answer not in answers and consistent:
        consistent = False
    least = min((r.probability for r in reports if r.probability), default=None)
    if least is not None and least < 0.01 and consistent:
        which = next(r.row for r in reports if r.probability == least)
        notes.append(f"row {which} had a 1 in {round(1 / least):,} chance; lucky, or not a real game")
    shown = f"{len(grid.rows) if grid.solved else 'X'}/{grid.max_guesses}{'*' if grid.hard else ''}"
    return GameReport(grid.number, shown, grid.hard, answer, consistent, answers, reports, notes)


