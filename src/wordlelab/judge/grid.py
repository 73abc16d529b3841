"""Share grids: parsing, which answers and guesses fit them, how skilful or lucky a game was,
and the detector's verdict on how unusually good it was.

Skill and luck (0-99) have one definition each, in ``luck`` (shared with ``analyse`` and the
web); the verdict and its two player models are defined in ``detector``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ..config import MAX_LENGTH, MIN_PLAY_LENGTH
from ..errors import InconsistentFeedbackError, ShareGridError, WordlelabError
from ..exact.budgets import REVIEW_WORK, SAFETY_S
from ..exact.context import ExactContext
from ..exact.kernels.bounds import INF as INF_TOTAL  # an impossible total (numpy only, no numba)
from ..exact.rounding import outward
from ..game import Position
from ..game.feedback import Pattern, score
from ..game.frequency import rank_by_frequency
from ..game.lists import widen, with_answers
from ..game.matrix import PatternMatrix
from ..limits import MAX_TILES
from .detector import Detection, StrongPlayer, detect, strong_player
from .luck import information_skill, luck, outcomes, p_at_most
from .luck import skill as row_skill
from .notes import Note, WithNotes, lifted_note, note

if TYPE_CHECKING:
    from ..exact.evaluation import StepValue
    from ..exact.opener_proof import OpenerProof
    from ..exact.optimal import ProgressCallback

# Light, dark and high-contrast squares; the variation selectors carry no meaning.
SQUARES = {
    "\u2b1c": 0,
    "\u2b1b": 0,
    "\U0001f7e8": 1,
    "\U0001f7e6": 1,
    "\U0001f7e9": 2,
    "\U0001f7e7": 2,
}
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0f\ufe0e\u200d\u200b\ufeff"), None)
# The game's name starts the header: "Wordle", or "Вордли" as Russian clones write it.
_HEADER = re.compile(
    r"(?P<game>wordle|вордли)\b[^\d\n]*?(?P<number>\d[\d,.\u202f\u00a0 ]*\d|\d)?[^\d\n]*?(?P<sign>[-+\u2212])?(?P<score>[0-9]+|x)\s*/\s*(?P<msign>[-+\u2212])?(?P<max>\d+)\s*(?P<hard>\*)?",
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
    lang: str | None = None  # the language the header's game name says ("ru": Вордли), if any

    @classmethod
    def of_game(
        cls, history: Sequence[tuple[str, Pattern]], max_guesses: int = 6, hard: bool = False
    ) -> ShareGrid:
        """The grid a game of (word, feedback) ``history`` shares, with its words beside it."""
        rows = tuple(p for _, p in history)
        solved = bool(rows) and rows[-1].is_win
        return cls(
            rows,
            score=len(rows) if solved else None,
            max_guesses=max_guesses,
            hard=hard,
            words=tuple(w for w, _ in history),
        )

    @property
    def length(self) -> int:
        return self.rows[0].length

    @property
    def solved(self) -> bool:
        return self.rows[-1].is_win


def _there_are(rows: int) -> str:
    """'there is 1 row' or 'there are N rows', for error messages."""
    return "there is 1 row" if rows == 1 else f"there are {rows} rows"


def _line_error(raw: str, says: str, kind: str, **fields: object) -> ShareGridError:
    """The error for the grid's line ``raw``: ``says`` follows the quoted line (kind: the error as
    data for the web page, the line among its fields)."""
    line = raw.strip()
    return ShareGridError(f"line {line!r}{says}", raw, kind=kind, line=line, **fields)


def _header_error(raw: str, says: str, kind: str, **fields: object) -> ShareGridError:
    """The error for the grid's header line ``raw``, as ``_line_error`` for a row."""
    header = raw.strip()
    return ShareGridError(f"header {header!r}{says}", raw, kind=kind, header=header, **fields)


def parse_share_grid(text: str) -> ShareGrid:
    """Read a pasted share grid; ShareGridError quoting the offending line when it is malformed."""
    if not isinstance(text, str):
        raise ShareGridError(f"a share grid must be text, not {text!r}", text)
    lines = text.translate(_INVISIBLE).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    header = None
    rows: list[Pattern] = []
    words: list[str | None] = []
    gap_after_rows = False
    second_header: str | None = None
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
                if not gap_after_rows and _HEADER.search(line[:HEADER_CHARS]):
                    second_header = raw  # a second grid's own header: the line to name
                gap_after_rows = True
            continue
        # Rows side by side (a grid of several boards, as Quordle shares it, or a grid whose line
        # breaks were lost) would otherwise join into one long row; tiles spaced one by one stay
        # one row.
        groups = [g for g in line.split() if all(ch in SQUARES for ch in g)]
        if (
            len(groups) > 1
            and len({len(g) for g in groups}) == 1
            and len(groups[0]) >= MIN_PLAY_LENGTH
        ):
            raise _line_error(
                raw,
                f" has {len(groups)} groups of {len(groups[0])} tiles: put each row on its own "
                "line (a grid of several boards, such as Quordle's, is not a Wordle grid)",
                "grid_groups",
                groups=len(groups),
                tiles=len(groups[0]),
            )
        compact = "".join(line.split())
        tiles = []
        i = 0
        while i < len(compact) and compact[i] in SQUARES:
            tiles.append(SQUARES[compact[i]])
            i += 1
        rest = compact[i:]
        if (
            len(tiles) > MAX_TILES or len(rest) > MAX_LENGTH
        ):  # before a pattern of thousands of digits
            raise ShareGridError(
                f"line {raw.strip()[:24] + '…'!r} has {len(tiles):,} tiles and {len(rest):,} "
                f"letters; rows have at most {MAX_TILES} tiles and words {MAX_LENGTH} letters",
                raw[:24],
                kind="grid_line_too_long",
                line=raw.strip()[:24] + "…",
                tiles=len(tiles),
                letters=len(rest),
                max_tiles=MAX_TILES,
                max_letters=MAX_LENGTH,
            )
        if any(ch in SQUARES for ch in rest) or (rest and not rest.isalpha()):
            raise _line_error(raw, " mixes tiles with other characters", "grid_mixed_line")
        if gap_after_rows:
            raise _line_error(
                second_header or raw,
                " starts a second grid; paste one grid at a time",
                "grid_second",
            )
        if rows and len(tiles) != rows[0].length:
            raise _line_error(
                raw,
                f" has {len(tiles)} tiles; the rows above have {rows[0].length}",
                "grid_row_length",
                tiles=len(tiles),
                above=rows[0].length,
            )
        if rows and rows[-1].is_win:
            raise _line_error(raw, " comes after a solved row", "grid_after_solved")
        rows.append(Pattern.from_colors(tiles))
        words.append(rest.lower() or None)
    if not rows:
        raise ShareGridError(
            "no share grid found (no rows of coloured squares)", text, kind="grid_none"
        )
    grid_score: int | None = None
    max_guesses, hard, number = 6, False, None
    if header is not None:
        m, raw = header
        if m.group("sign") or m.group("msign"):
            # A score is a count of guesses: '-1/6' is not 1/6 (nor is '1/-6' a game of 6).
            said = f"{m.group('sign') or ''}{m.group('score')}/{m.group('msign') or ''}{m.group('max')}"
            raise _header_error(
                raw,
                f": {said} is not a score (guesses from 1 to the game's limit, or X)",
                "grid_score_range",
                score=f"{m.group('sign') or ''}{m.group('score')}",
                max_guesses=f"{m.group('msign') or ''}{m.group('max')}",
            )
        max_guesses = int(m.group("max"))
        hard = m.group("hard") is not None
        number = m.group("number")
        if m.group("score").lower() == "x":
            if rows[-1].is_win:
                raise _header_error(
                    raw, " says X (lost) but the last row is solved", "grid_lost_but_solved"
                )
            if len(rows) != max_guesses:
                raise _header_error(
                    raw,
                    f" says X/{max_guesses} but {_there_are(len(rows))}",
                    "grid_lost_rows",
                    max_guesses=max_guesses,
                    rows=len(rows),
                )
        else:
            grid_score = int(m.group("score"))
            if not 1 <= grid_score <= max_guesses:
                raise _header_error(
                    raw,
                    f": {grid_score} is not between 1 and {max_guesses}",
                    "grid_score_range",
                    score=grid_score,
                    max_guesses=max_guesses,
                )
            if len(rows) != grid_score:
                raise _header_error(
                    raw,
                    f" says {grid_score} guess{'' if grid_score == 1 else 'es'} but "
                    f"{_there_are(len(rows))}",
                    "grid_score_rows",
                    score=grid_score,
                    rows=len(rows),
                )
            if not rows[-1].is_win:
                raise _header_error(
                    raw, " says solved but the last row is not all green", "grid_solved_not_green"
                )
    if len(rows) > max_guesses:
        raise ShareGridError(
            f"{len(rows)} rows; the game allows {max_guesses}",
            text,
            kind="grid_too_many_rows",
            rows=len(rows),
            max_guesses=max_guesses,
        )
    return ShareGrid(
        tuple(rows),
        number,
        grid_score,
        max_guesses,
        hard,
        header is not None,
        tuple(words) if any(words) else (),
        "ru" if header is not None and header[0].group("game").lower() == "вордли" else None,
    )


@dataclass
class RowReport:
    """One row of a judged game."""

    row: int
    pattern: str
    emoji: str
    guess: str | None
    before: int  # answers still possible before this row
    after: int  # ... and after it
    probability: float | None  # the share of the answers still possible that give this row's tiles
    expected: float | None = None  # expected answers left after the guess (a win leaves 0)
    best_guess: str | None = None
    best_expected: float | None = None
    skill: int | None = None
    luck: int | None = None
    skill_source: str | None = None  # "exact" or "information" (see the module docstring)
    exact_best: str | None = None  # the optimal guess, when the exact search proved it
    exact_best_guesses: float | None = None  # exact expected guesses from here, best play
    exact_guesses: float | None = None  # ... with this row's guess first
    cost: float | None = None  # exact_guesses - exact_best_guesses, when both are proven
    # Where the work budget proved bounds only: exact_best_guesses and exact_guesses are then
    # upper bounds (a tree found), and the cost lies in [cost_low, cost_high] (as ``analyse``).
    exact_best_proven: bool = False
    exact_guesses_proven: bool = False
    cost_low: float | None = None
    cost_high: float | None = None
    # No strategy wins every answer left within the guess limit (proven): the row was valued as
    # if the game allowed LIFTED_GUESSES (``limit_lifted``), or, where even that cannot win, has no
    # exact figures (``no_win``).
    limit_lifted: bool = False
    no_win: bool = False
    # Proven: after this row's guess some answer can need more guesses than allowed (hard mode
    # after e.g. CRANE), so it has no finite exact_guesses; exact_best is still given.
    can_fail: bool = False
    # Valued by hard mode's objective (fewest answers lost, then fewest guesses, a lost answer
    # counted as the limit + 1 in the guesses): where no six-guess strategy exists from here or
    # after the guess. Then: the answers the guess can lose beyond the best play (at least, at
    # most; None unknown), and those the best play loses.
    losses: bool = False
    lost_low: int = 0
    lost_high: int | None = 0
    best_lost: int | None = None
    guesses_possible: int | None = None  # tiles only: allowed guesses that could give this row
    guess_examples: list[str] = field(default_factory=list)
    words: list[str] = field(
        default_factory=list
    )  # answers still possible after it, commonest first
    # The detector's per-row figures (see ``detector``): P(doing at least this well) under the
    # player's own guess (words known) and under the strong player (the share of answers whose
    # strong-player row leaves at most ``after`` answers).
    p_own: float | None = None
    p_strong: float | None = None


@dataclass
class GameReport(WithNotes):
    """A judged share grid."""

    number: str | None
    score: str
    hard: bool
    answer: str | None
    consistent: bool
    answers: list[str]  # answers consistent with every row, commonest first
    rows: list[RowReport]
    # What the report says besides its rows (``notes.Note``: kind, English text, figures).
    note_items: list[Note]
    # Allowed words outside the answer list that the report also counted as possible answers:
    # the grid's answer was not on the list (see ``analyse``).
    outside: list[str] = field(default_factory=list)
    # The detector (see ``detector``): the verdict first, its p-value under the strong player.
    verdict: str | None = None
    p_value: float | None = None
    detection: Detection | None = None
    has_header: bool = True  # False: the grid came without its "Wordle 1,234 3/6" line
    # The tree after the opener proven for this report or found (``opener_proof``), when asked.
    opener_proof: OpenerProof | None = None

    def to_dict(self) -> dict:
        out = asdict(self)
        for row in out["rows"]:
            if not row["losses"]:  # hard mode's objective's figures only where it valued the row
                for k in ("losses", "lost_low", "lost_high", "best_lost"):
                    del row[k]
        out["opener_proof"] = self.opener_proof.to_dict() if self.opener_proof else None
        del out["note_items"]
        out["notes"], out["note_parts"] = self.notes, self.note_parts
        # The verdict first, as people read it.
        return {"verdict": out.pop("verdict"), "p_value": out.pop("p_value"), **out}


def hard_pattern_problems(rows: Sequence[Pattern]) -> list[Note]:
    """What the tiles alone show to break hard mode: greens must stay, hints never shrink."""
    problems: list[Note] = []
    greens: set[int] = set()
    hints = 0
    for i, p in enumerate(rows, 1):
        cols = p.colors
        lost = sorted(j + 1 for j in greens if cols[j] != 2)
        if lost:
            problems.append(
                Note(
                    "hard_green_lost",
                    f"row {i} loses the green tile in position {', '.join(map(str, lost))}, "
                    "which hard mode forbids",
                    {"row": i, "positions": lost},
                )
            )
        n_hints = sum(1 for c in cols if c)
        if n_hints < hints:
            problems.append(
                Note(
                    "hard_hints_drop",
                    f"row {i} has {n_hints} coloured tiles after a row with {hints}; in hard mode "
                    "every revealed letter is reused, so the count cannot drop",
                    {"row": i, "n": n_hints, "before": hints},
                )
            )
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
    hard: bool = False,
    prove: bool = False,
    progress: ProgressCallback | None = None,
    context: ExactContext | None = None,
) -> GameReport:
    """Judge a share grid against the lists in ``matrix``, widened when its answer is not listed.

    ``hard``: the game was played in hard mode, also where the grid does not say so (a grid
    pasted without its header, whose ``*`` marks hard mode). ``prove``: with the words played,
    the tree after their opener is proven first where none is kept (``opener_proof``, as
    ``review`` does; ``progress`` told how it goes), so that the exact figures after it are exact.
    ``context``: the exact engine's state (``ExactContext``), the caller's to keep; one of this
    call's own when not given.

    A real game's answer may be an allowed word outside the answer list (the NYT picks such
    words). When ``answer`` is such a word, or the words played leave no listed answer, the grid
    is judged with those allowed words added to the answers, and the report names them.
    """
    m = matrix
    if hard and not grid.hard:
        grid = dataclasses.replace(grid, hard=True)
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
    proof = None
    context = context or ExactContext()
    if prove and not extra and exact_budget is not None and guesses and len(guesses) >= 2:
        proof = _prove_opener(m, grid, guesses, progress, context)
    if not extra:
        report = _judge(grid, m, guesses, answer, lang, list_words, exact_budget, context=context)
    else:
        report = _judge(
            grid,
            with_answers(m, extra),
            guesses,
            answer,
            lang,
            list_words,
            exact_budget,
            context=context,
        )
        report.outside = [w for w in report.answers if w not in m.answers]
        if report.outside:
            shown = ", ".join(w.upper() for w in report.outside[:5])
            report.note_items.insert(
                0,
                note(
                    "outside",
                    f"the answer is outside the answer list ({m.answers.name}): judged with the "
                    f"allowed words that fit added as answers ({shown})",
                    words=[w.upper() for w in report.outside[:5]],
                    list=m.answers.name,
                ),
            )
    _detect(report, grid, _strong(m, grid))
    report.opener_proof = proof
    return report


def _prove_opener(
    m: PatternMatrix,
    grid: ShareGrid,
    guesses: Sequence[str],
    progress: ProgressCallback | None,
    context: ExactContext,
) -> OpenerProof | None:
    """The tree after the game's opener, proven now where none is kept; None where the words or
    the grid will be refused (the judge says why, without a proof first) or cannot be searched."""
    from ..exact.opener_proof import prove_opener_tree
    from ..limits import MAX_EXACT_WORD

    if grid.length != m.length or m.length > MAX_EXACT_WORD or len(guesses) != len(grid.rows):
        return None
    try:
        words = [m.guesses.normalize(w) for w in guesses]
    except WordlelabError:
        return None
    if any(w not in m.guesses for w in words):
        return None
    return prove_opener_tree(
        m,
        words[0],
        hard=grid.hard,
        max_guesses=grid.max_guesses,
        progress=progress,
        context=context,
    )


def _strong(matrix: PatternMatrix, grid: ShareGrid) -> StrongPlayer | None:
    """The detector's strong player on the (unwidened) lists, or None when it cannot be played."""
    try:
        return strong_player(matrix, grid.hard, grid.max_guesses)
    except (ValueError, RuntimeError, WordlelabError):
        return (
            None  # no strong player here (e.g. its play did not finish): the verdict uses the rest
        )


def _detect(report: GameReport, grid: ShareGrid, strong: StrongPlayer | None) -> None:
    """Fill the report's verdict, p-value and per-row strong-player figures."""
    for r, p in zip(report.rows, grid.rows):
        if strong is not None and (p.is_win or r.after > 0):
            r.p_strong = strong.p_left_at_most(r.row, 0 if p.is_win else r.after)
    own = [r.p_own for r in report.rows] if any(r.guess for r in report.rows) else None
    problem = report.notes[0] if report.notes and not report.consistent else None
    d = detect(strong, len(grid.rows) if grid.solved else None, own, report.consistent, problem)
    if report.outside:
        d.reasons.append(
            f"judged on the answer list widened by {', '.join(w.upper() for w in report.outside[:5])}"
        )
        d.parts.append({"kind": "widened", "words": [w.upper() for w in report.outside[:5]]})
        d.line += f"; {d.reasons[-1]}"
    report.detection = d
    report.verdict = d.verdict
    report.p_value = d.p_value


def _evaluate(
    pos: Position, word: str, budget: int | None, context: ExactContext
) -> StepValue | None:
    """The exact search's values of ``word`` from ``pos`` within ``budget`` look-ups, valued as
    ``analyse`` values a step (``evaluation.evaluate_step``: the limit lifted where no strategy wins
    within it), or None where it cannot run."""
    from ..exact.evaluation import (
        evaluate_step,  # the exact search (numba kernels) only when asked for
    )

    try:
        return evaluate_step(pos, word, budget=budget, context=context)
    except WordlelabError:
        return None  # e.g. words too long for the exact search: the information skill stays


def _judge(
    grid: ShareGrid,
    matrix: PatternMatrix,
    guesses: Sequence[str] | None = None,
    answer: str | None = None,
    lang: str = "en",
    list_words: int = 20,
    exact_budget: int | None = REVIEW_WORK,
    *,
    context: ExactContext,
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
        raise ShareGridError(
            f"the grid has {grid.length} tiles a row; the words have {m.length} letters",
            grid.length,
            kind="grid_word_length",
            tiles=grid.length,
            letters=m.length,
        )
    notes: list[Note] = []
    late: list[int] = []  # rows whose exact search the safety time limit stopped
    lifted: list[int] = []  # rows valued with the guess limit lifted (no strategy won within it)
    lifted_to = 0
    consistent = True
    ans_col = None
    if answer is not None:
        answer = m.answers.normalize(answer)
        ans_col = m.answer_index(answer)
    words = (
        list(guesses) if guesses is not None else [w for w in grid.words] if grid.words else None
    )
    if words is not None:
        if len(words) != len(grid.rows) or any(w is None for w in words):
            given = len([w for w in words if w])
            rows = f"{len(grid.rows)} row{'' if len(grid.rows) == 1 else 's'}"
            raise ShareGridError(
                f"{rows} but {given} guess{'' if given == 1 else 'es'}",
                words,
                kind="grid_rows_words",
                rows=len(grid.rows),
                words=given,
            )
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
        notes.append(
            note(
                "answer_misfit",
                f"no allowed guess gives row {bad + 1} ({grid.rows[bad].emoji}) when the answer is "
                f"{answer!r}",
                row=bad + 1,
                tiles=grid.rows[bad].emoji,
                answer=answer,
            )
        )
    if tile_answers.size == 0:
        consistent = False
        notes.append(note("no_answer_fits", "no answer in the list fits every row"))

    # Which allowed guesses could have given each row, for an answer that fits the whole grid.
    focus = np.array([ans_col]) if ans_col is not None else tile_answers
    if words is None and focus.size:
        sub = m.data[:, focus]
        for i, p in enumerate(grid.rows):
            giving = np.flatnonzero((sub == p.code).any(axis=1))
            reports[i].guesses_possible = int(giving.size)
            examples = [m.guesses[int(r)] for r in giving[:2000]]
            reports[i].guess_examples = rank_by_frequency(examples, lang)[:8]

    # The guesses known: walk the game, judging each guess against the best one.
    final = tile_answers
    if words is not None:
        pos = Position.start(m, hard=grid.hard, max_guesses=grid.max_guesses)
        for i, (w, p) in enumerate(zip(words, grid.rows)):
            r = reports[i]
            r.guess = w
            gives = score(w, answer).emoji if answer is not None else p.emoji
            if gives != p.emoji:
                raise InconsistentFeedbackError(
                    f"row {i + 1}: {w.upper()} against {str(answer).upper()} gives {gives}, not "
                    f"{p.emoji}; check the words and the tiles",
                    w,
                    kind="grid_word_answer",
                    row=i + 1,
                    guess=w.upper(),
                    answer=str(answer).upper(),
                    gives=gives,
                    tiles=p.emoji,
                )
            if grid.hard and pos.history:
                broken = pos.rule.broken(w)
                if broken is not None:
                    consistent = False
                    notes.append(
                        note(
                            "breaks_hard",
                            f"row {i + 1}: {w.upper()} breaks hard mode ({broken.message})",
                            row=i + 1,
                            word=w.upper(),
                            rule=broken.message,
                            **broken.fields(),  # letter; position (a green to keep) or times
                        )
                    )
            g = m.guesses.index(w)
            out = outcomes(pos, g)
            n = out.n
            r.before = int(n)
            r.probability = float(out.sizes[p.code] / n)
            info = information_skill(pos, g)
            r.expected = info.expected
            r.best_guess = info.best
            r.best_expected = info.best_expected
            step = _evaluate(pos, w, exact_budget, context) if exact_budget is not None else None
            ev = step.evaluation if step is not None else None
            if ev is not None and ev.timed_out:
                late.append(i + 1)
            # Skill and the exact figures as ``analyse`` gives them for the same step.
            valued = step.position if step is not None else pos
            r.skill, r.skill_source = row_skill(valued, g, ev, info)
            if step is not None and step.lifted:
                r.limit_lifted = True
                lifted.append(i + 1)
                lifted_to = step.position.max_guesses
            played = ev.guess if ev is not None else None
            if ev is not None and played is not None and ev.winnable:
                if not played.winnable:
                    r.can_fail = True
                if ev.best is not None and ev.upper < INF_TOTAL:
                    r.exact_best = ev.best
                    r.exact_best_guesses = round(ev.expected, 4)
                    r.exact_best_proven = ev.exact
                if played.winnable and played.upper < INF_TOTAL:
                    r.exact_guesses = round(played.expected, 4)
                    r.exact_guesses_proven = played.exact
                    r.cost_low, r.cost_high = outward(*ev.cost(played), 4)
                    if ev.exact and played.exact:
                        r.cost = round(ev.cost(played)[0], 4)
                if ev.loss:
                    r.losses = True
                    low, high = ev.lost_cost(played)
                    r.lost_low = int(low)
                    r.lost_high = None if high == float("inf") else int(high)
                    best_lost = ev.lost
                    r.best_lost = int(best_lost[0]) if best_lost[0] == best_lost[1] else None
            elif ev is not None and not ev.winnable:
                r.no_win = True
            if out.sizes[p.code] == 0:
                raise InconsistentFeedbackError(
                    f"row {i + 1}: no allowed answer that fits the rows above gives {p.emoji} to "
                    f"{w.upper()}; check the words and the tiles",
                    w,
                    kind="grid_no_answer",
                    row=i + 1,
                    guess=w.upper(),
                    emoji=p.emoji,
                )
            actual = out.actual(p.code, m.win_code)
            r.luck = luck(out.left, actual)
            r.p_own = p_at_most(out.left, actual)
            pos = pos.after(g, p)
            r.after = int(pos.candidates.size)
            final = pos.candidates
        if not grid.solved and grid.rows and words and len(words) == grid.max_guesses:
            left = len(final)
            notes.append(
                note(
                    "lost",
                    f"lost; {left} answer{' was' if left == 1 else 's were'} still possible",
                    n=left,
                )
            )
        if lifted:
            notes.append(lifted_note(lifted, lifted_to))
        if late:
            rows_text = ", ".join(str(i) for i in late)
            notes.append(
                note(
                    "safety_net_rows",
                    f"the safety time limit ({SAFETY_S:g} s a step) stopped the exact search at row"
                    f"{'' if len(late) == 1 else 's'} {rows_text} before its work budget ran out: "
                    "skill there is the information skill, and another machine may prove it exactly",
                    seconds=SAFETY_S,
                    rows=list(late),
                )
            )

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
                r.words = rank_by_frequency(
                    [m.answers[int(c)] for c in np.flatnonzero(running)], lang
                )[:list_words]

    answers = rank_by_frequency([m.answers[int(c)] for c in final], lang)
    if answer is not None and answer not in answers and consistent:
        consistent = False
    # X is a game lost after every guess; rows that stop unsolved before it are a game unfinished.
    used = len(grid.rows) if grid.solved else "X" if len(grid.rows) >= grid.max_guesses else "?"
    shown = f"{used}/{grid.max_guesses}{'*' if grid.hard else ''}"
    return GameReport(
        grid.number,
        shown,
        grid.hard,
        answer,
        consistent,
        answers,
        reports,
        notes,
        has_header=grid.has_header,
    )
