"""The exact game review: each guess against the best, in expected guesses, proven.

For every guess of a game: the answers possible before and after it, the exact expected number
of guesses of the best move and of the move played (this guess included), what the move cost,
its skill and how lucky the feedback was (skill and luck as ``check`` gives them: one definition
each, in ``luck``). Values are over the answer list, each answer equally likely (as
the exact search assumes). When the game's answer is outside the list, each step is valued over
the listed words that fit plus that word, and the review says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from ..errors import InconsistentFeedbackError, ShareGridError, WordlelabError
from ..exact.budgets import PROVE_WORK, REVIEW_WORK, format_work
from ..exact.context import ExactContext
from ..exact.evaluation import LIFTED_GUESSES, Evaluation, checked_opener_tree, evaluate_step
from ..exact.opener_proof import (
    NO_TREE,
    NOT_ASKED,
    NOT_KEPT,
    OUT_OF_WORK,
    STOPPED,
    WIDENED,
    OpenerProof,
    existing_opener_tree,
    prove_opener_tree,
)
from ..exact.opener_values import OpenerValue, opener_value, unsolvable_opener_note
from ..exact.optimal import INF, ProgressCallback
from ..exact.rounding import lost_words, outward, shown
from ..game import Position
from ..game.feedback import Pattern, score
from ..game.lists import widen, with_answers
from ..game.matrix import PatternMatrix
from ..game.notation import parse_position
from ..game.words import WordList
from .detector import Detection, StrongPlayer, detect, strong_player
from .grid import ShareGrid
from .luck import luck, outcomes, p_at_most
from .luck import skill as row_skill
from .notes import Note, WithNotes, lifted_note, note


@dataclass
class ReviewStep:
    turn: int
    guess: str
    pattern: str
    before: int  # answers possible before the guess
    after: int  # ... and after its feedback
    best: str | None
    best_expected: (
        float | None
    )  # expected guesses from here with the best move (upper bound if not exact)
    played_expected: float | None  # ... with the move played
    cost_low: float  # guesses the move lost against the best: proven at least / at most
    cost_high: float
    exact: bool  # both values proven exactly (cost_low == cost_high)
    expected_left: float  # answers the guess leaves on average (a win leaves none)
    luck: (
        int | None
    )  # 0..99: how the count left compares with the other outcomes (None: no chance involved)
    best_exact: bool = True  # best_expected is proven exact (else the upper bound of a tree found)
    played_exact: bool = True  # ... and played_expected
    timed_out: bool = (
        False  # the wall-clock safety net stopped its search (figures may vary by machine)
    )
    work: int = 0  # look-ups of exact search spent on this step (the same on any machine)
    skill: int | None = (
        None  # 0..99 (``luck.skill``): exact when both values are proven, else information
    )
    skill_source: str | None = None
    p_own: float | None = (
        None  # P(the guess leaves at most as many answers as it did): the detector's row figure
    )
    limit_lifted: bool = (
        False  # no strategy could win within the guess limit from here: valued with LIFTED_GUESSES
    )
    seconds: float = field(
        default=0.0, compare=False
    )  # time spent valuing this step (not in to_dict:
    # the same game reviewed twice gives the same output)
    # Valued by hard mode's objective, fewest answers lost then fewest guesses (a lost answer
    # counted as the limit + 1 in the expected guesses): where no six-guess strategy exists from
    # here, or after the move played. Then also: the answers the move can lose beyond the best
    # play (proven at least / at most, inf unknown), and those the best play and the move lose.
    losses: bool = False
    lost_low: int = 0
    lost_high: float = 0
    best_lost: int | None = None
    played_lost: int | None = None

    def to_dict(self) -> dict[str, object]:
        skip = {"seconds"} | (
            set()
            if self.losses
            else {"losses", "lost_low", "lost_high", "best_lost", "played_lost"}
        )
        out: dict[str, object] = {
            k: (None if v == float("inf") else v) for k, v in asdict(self).items() if k not in skip
        }
        if self.losses:
            out["lost_high"] = None if self.lost_high == float("inf") else int(self.lost_high)
        out["cost_shown"] = shown(self.cost_low, self.cost_high)
        return out


# Below this many guesses a move's cost is nothing: the best move, or one as good.
_NO_COST = 5e-4


@dataclass(frozen=True)
class Headline:
    """The line a review opens with, the one a player reads first: the game's skill and luck
    (the means of its steps' figures, 0..99) and its costliest move against the best, e.g.
    "Skill 87 · Luck 58 — BLADE cost 0.73 guesses; STALK was the best move"."""

    skill: int | None  # None: no step has a skill figure
    luck: int | None  # None: chance played no part (every outcome the same)
    word: str | None  # the costliest move; None when every move was the best
    best: str | None  # the best move in its place (None when not known)
    cost_low: float  # what that move cost, proven at least / at most (inf: it can fail)
    cost_high: float
    text: str
    lost_low: int = 0  # answers more than the best play that move can lose (hard mode)
    lost_high: float = 0

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "text": self.text,
            "skill": self.skill,
            "luck": self.luck,
            "word": self.word,
            "best": self.best,
            "cost_shown": shown(self.cost_low, self.cost_high),
            "cost": _cost_figures(self.cost_low, self.cost_high),
        }
        if self.lost_high:
            out["lost"] = [self.lost_low, _finite(self.lost_high)]
        return out


def _finite(x: float) -> int | None:
    return None if x == float("inf") else int(x)


def _cost_figures(low: float, high: float) -> list[float | None] | None:
    """The cost as the headline says it: two decimals, outwards; high None when unbounded; None
    when the move can fail."""
    if low == float("inf"):
        return None
    lo, hi = outward(low, high, 2)
    return [lo, None if hi == float("inf") else hi]


def _mean(values: Sequence[int | None]) -> int | None:
    known = [v for v in values if v is not None]
    return round(sum(known) / len(known)) if known else None


def _cost_words(low: float, high: float, lost_low: int = 0, lost_high: float = 0) -> str:
    figures = _cost_figures(low, high)
    if figures is None:
        return "can leave an answer that needs more guesses than allowed"
    lo, hi = figures[0] or 0.0, figures[1]
    if hi is None:
        guesses = f"at least {lo:.2f} guesses"
    else:
        guesses = f"{lo:.2f} guesses" if hi - lo < 0.005 else f"{lo:.2f}–{hi:.2f} guesses"
    lost = lost_words(lost_low, lost_high)
    return f"cost {lost} and {guesses}" if lost else f"cost {guesses}"


def headline(steps: Sequence[ReviewStep]) -> Headline:
    """The review's first line (``Headline``), the same for the terminal and the web page."""
    skill_, luck_ = _mean([s.skill for s in steps]), _mean([s.luck for s in steps])
    figures = " · ".join(
        f"{name} {v}" for name, v in (("Skill", skill_), ("Luck", luck_)) if v is not None
    )
    worst = max(
        steps, key=lambda s: (s.lost_low, s.lost_high, s.cost_low, s.cost_high), default=None
    )
    lost_low, lost_high = 0, 0.0
    if worst is None or (worst.cost_high < _NO_COST and not worst.lost_high):
        move = "every move was the best one" if steps else "no moves to judge"
        word = best = None
        low = high = 0.0
    else:
        word, best = worst.guess, worst.best
        low, high = worst.cost_low, worst.cost_high
        lost_low, lost_high = worst.lost_low, worst.lost_high
        move = f"{word.upper()} {_cost_words(low, high, lost_low, lost_high)}"
        if best is not None and best != word:
            move += f"; {best.upper()} was the best move"
    text = f"{figures} — {move}" if figures else move[:1].upper() + move[1:]
    return Headline(skill_, luck_, word, best, low, high, text, lost_low, lost_high)


@dataclass
class Review(WithNotes):
    steps: list[ReviewStep]
    hard: bool
    answer: str | None
    solved: bool
    outside: bool = False  # the answer is not on the answer list (values use it anyway)
    # What the review says besides its steps (``notes.Note``: kind, English text, figures).
    note_items: list[Note] = field(default_factory=list)
    detection: Detection | None = None  # the detector's verdict on the game (as ``check`` gives it)
    opener: OpenerValue | None = (
        None  # the first guess's row of the shipped opener table, if one ships
    )
    # The tree after the opener that valued the later steps: shipped, kept, proven for this review
    # (``opener_proof``), or why there is none; None when the game has no step after its opener.
    proof: OpenerProof | None = None

    @property
    def cost_low(self) -> float:
        return sum(s.cost_low for s in self.steps)

    @property
    def cost_high(self) -> float:
        return sum(s.cost_high for s in self.steps)

    @property
    def lost_low(self) -> int:
        """Answers more than perfect play the moves can lose (hard mode's objective), at least."""
        return sum(s.lost_low for s in self.steps)

    @property
    def lost_high(self) -> float:
        return sum(s.lost_high for s in self.steps)

    @property
    def exact(self) -> bool:
        return all(s.exact for s in self.steps)

    @property
    def headline(self) -> Headline:
        """The line the review opens with (skill, luck, the costliest move)."""
        return headline(self.steps)

    def to_dict(self) -> dict[str, object]:
        d = self.detection
        low, high = outward(self.cost_low, self.cost_high, 4)
        return {
            "headline": self.headline.to_dict(),
            "verdict": d.verdict if d else None,
            "p_value": d.p_value if d else None,
            "detection": d.to_dict() if d else None,
            "hard": self.hard,
            "answer": self.answer,
            "solved": self.solved,
            "outside": self.outside,
            "exact": self.exact,
            "cost_low": None if low == float("inf") else low,
            "cost_high": None if high == float("inf") else high,
            "cost_shown": shown(self.cost_low, self.cost_high),
            **(
                {"lost_low": self.lost_low, "lost_high": _finite(self.lost_high)}
                if any(s.losses for s in self.steps)
                else {}
            ),
            "notes": self.notes,
            "note_parts": self.note_parts,
            "steps": [s.to_dict() for s in self.steps],
            "opener": self.opener.to_dict() if self.opener is not None else None,
            "opener_proof": self.proof.to_dict() if self.proof is not None else None,
        }


def too_many_guesses(played: int, max_guesses: int, what: str | None = None) -> WordlelabError:
    """The error for a game of ``played`` guesses reviewed under a limit of ``max_guesses``;
    ``what`` names the limit as the user gave it (``--max-guesses 1``)."""
    text = (
        f"{what}: {played} guesses were played"
        if what
        else f"{played} guesses were played; the game allows {max_guesses}"
    )
    return WordlelabError(
        text, played, kind="too_many_guesses", played=played, max_guesses=max_guesses
    )


def after_win(turn: int, word: str, won: str) -> WordlelabError:
    """The error for guess ``turn`` (``word``) played after ``won`` had already won the game."""
    return WordlelabError(
        f"guess {turn} ({word.upper()}) comes after the game was won with {won.upper()}",
        word,
        kind="after_win",
        turn=turn,
        guess=word.upper(),
        won=won.upper(),
    )


def review(
    matrix: PatternMatrix,
    history: Sequence[tuple[str, Pattern]],
    *,
    hard: bool = False,
    max_guesses: int = 6,
    answer: str | None = None,
    budget: int | None = REVIEW_WORK,
    time_limit: float | None = None,
    prove: bool = False,
    progress: ProgressCallback | None = None,
    prove_budget: int = PROVE_WORK,
    context: ExactContext | None = None,
) -> Review:
    """Review a game (``history`` of (word, feedback)); ``budget`` look-ups of exact search per
    part of a step (``budgets``; None: no limit), ``time_limit`` seconds as a safety net.

    ``prove``: where no tree proven after the game's opener ships or is kept, prove it first
    (``opener_proof.prove_opener_tree``, within ``prove_budget`` look-ups, ``progress`` told
    how it goes) and keep it, so that every step after the opener is valued from it.
    ``context``: the exact engine's state (``ExactContext``), the caller's to keep between
    reviews; a review of its own when not given."""
    m = matrix
    if len(history) > max_guesses:
        raise too_many_guesses(len(history), max_guesses)
    for turn, (w, p) in enumerate(history[:-1], 1):
        if p.is_win:
            raise after_win(turn + 1, history[turn][0], w)
    words = [m.guesses.normalize(w) for w, _ in history]
    for w in words:
        m.guesses.index(w)
    if answer is not None:
        answer = m.guesses.normalize(answer)
        m.guesses.index(answer)
        for turn, (w, (_, p)) in enumerate(zip(words, history), 1):
            gives = score(w, answer)
            if gives != p:
                raise InconsistentFeedbackError(
                    f"{w.upper()} against {answer.upper()} gives {gives}, not {p}",
                    w,
                    kind="word_answer",
                    row=turn,
                    guess=w.upper(),
                    answer=answer.upper(),
                    gives=gives.emoji,
                    tiles=p.emoji,
                )
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
    notes: list[Note] = []
    if extra:
        m = with_answers(m, extra)
        shown = [w.upper() for w in extra[:5]]
        notes.append(
            note(
                "outside",
                f"the answer is outside the answer list; each step is valued over the listed words "
                f"that fit plus {', '.join(shown)}",
                words=shown,
            )
        )
    pos = Position.start(m, hard=hard, max_guesses=max_guesses)
    opener = (
        opener_value(m.guesses.fingerprint, m.answers.fingerprint, words[0], hard, max_guesses)
        if words
        else None
    )
    # Hard mode after an opener that no six-guess strategy follows (the shipped table proves it):
    # every step is valued by hard mode's objective, fewest answers lost then fewest guesses.
    losses_game = hard and opener is not None and not opener.solvable
    context = context or ExactContext()
    proof = _opener_proof(
        m, words, hard, max_guesses, prove, progress, prove_budget, extra, opener, context
    )
    if opener is not None and not opener.solvable:
        # Its fewest losses, from its tree of fewest losses (shipped, or proven and kept).
        fewest = (
            checked_opener_tree(m, hard, max_guesses, opener.word, context, losses=True)
            if hard
            else None
        )
        losses = (fewest.lost, fewest.total) if fewest is not None and fewest.lost else None
        notes.append(
            note(
                "opener_can_fail",
                unsolvable_opener_note(opener, losses),
                word=opener.word.upper(),
                best=opener.best_word.upper(),
                best_mean=round(opener.best_mean, 4),
                source=opener.source,
                mode=opener.mode,
                # Hard mode's objective after it, where its tree is known: the fewest answers lost,
                # and the guesses a game with a loss counted as 7 (None: not proven here).
                lost=None if losses is None else losses[0],
                answers=opener.answers,
                mean_with_losses=None if losses is None else round(losses[1] / opener.answers, 4),
            )
        )
    steps: list[ReviewStep] = []
    lifted_turns: list[int] = []
    for turn, ((r, c), w) in enumerate(zip(rows, words), 1):
        if pos.solved:
            raise after_win(turn, w, words[turn - 2])
        if hard and pos.history:
            broken = pos.rule.broken(w)
            if broken is not None:
                raise broken.refuse_line(w)
        # Every figure within the limit is infinite where no strategy wins, whatever the move:
        # such a step is valued as if the game allowed LIFTED_GUESSES (never a made-up number:
        # exact or bounds as any other step).
        step = evaluate_step(
            pos, w, budget=budget, time_limit=time_limit, context=context, losses=losses_game
        )
        ev: Evaluation = step.evaluation
        valued, lifted = step.position, step.lifted
        if lifted:
            lifted_turns.append(turn)
        elif not ev.winnable:
            left = f"{ev.guesses_left} guess{'' if ev.guesses_left == 1 else 'es'} left"
            notes.append(
                note(
                    "no_expected",
                    f"before guess {turn} no strategy could solve all {ev.n} answers left within "
                    f"the {left} (proven): that step has no expected-guesses figure",
                    turn=turn,
                    answers=ev.n,
                    n=ev.guesses_left,
                )
            )
        played = ev.guess
        assert played is not None
        # Four decimals, outwards: the rounded range still contains the proven one.
        low, high = outward(*ev.cost(played), 4)
        lost_low, lost_high = ev.lost_cost(played)
        out = outcomes(pos, r)
        actual = out.actual(c, m.win_code)
        skill, source = row_skill(valued, r, ev)
        nxt = pos.after(r, c)
        steps.append(
            ReviewStep(
                turn,
                w,
                str(Pattern(c, m.length)),
                int(pos.candidates.size),
                int(nxt.candidates.size),
                ev.best,
                round(ev.expected, 4) if ev.upper < INF else None,
                round(played.expected, 4) if played.upper < INF else None,
                low,
                high,
                ev.exact and played.exact and ev.winnable,
                round(out.expected, 3),
                luck(out.left, actual),
                ev.exact,
                played.exact,
                timed_out=ev.timed_out,
                work=ev.work,
                skill=skill,
                skill_source=source,
                p_own=p_at_most(out.left, actual),
                limit_lifted=lifted,
                seconds=ev.seconds,
                losses=step.losses,
                lost_low=int(lost_low),
                lost_high=lost_high,
                best_lost=_known(ev.lost),
                played_lost=_known(played.lost),
            )
        )
        pos = nxt
    if lifted_turns:
        notes.append(lifted_note(lifted_turns, LIFTED_GUESSES))
    # Why the steps after the opener were not valued from its tree, where that left some bounds
    # (the shipped table already says why an opener has none in hard mode).
    if (
        proof is not None
        and not proof.has_tree
        and not all(s.exact for s in steps[1:])
        and not (opener is not None and not opener.solvable)
    ):
        notes.append(_proof_note(proof, prove_budget))
    late = [str(s.turn) for s in steps if s.timed_out]
    if late:
        allowed = (
            f"its work budget ({format_work(budget)} look-ups)"
            if budget is not None
            else "the search"
        )
        notes.append(
            note(
                "safety_net",
                f"the safety time limit ({time_limit} s a step) stopped the search at step "
                f"{', '.join(late)} before {allowed} ran out: those figures are proven bounds, "
                "but another machine may prove more",
                seconds=time_limit,
                turns=[int(t) for t in late],
                budget=format_work(budget) if budget is not None else None,
            )
        )
    own = [s.p_own for s in steps]
    detection = detect(_strong(matrix, hard, max_guesses), len(steps) if pos.solved else None, own)
    if extra:
        detection.reasons.append(
            f"judged on the answer list widened by {', '.join(w.upper() for w in extra[:5])}"
        )
        detection.line += f"; {detection.reasons[-1]}"
    return Review(
        steps,
        hard,
        answer,
        pos.solved,
        outside,
        notes,
        detection=detection,
        opener=opener,
        proof=proof,
    )


def _opener_proof(
    m: PatternMatrix,
    words: Sequence[str],
    hard: bool,
    max_guesses: int,
    prove: bool,
    progress: ProgressCallback | None,
    budget: int,
    extra: Sequence[str],
    table: OpenerValue | None,
    context: ExactContext,
) -> OpenerProof | None:
    """The tree after the game's opener that values its later steps (proven now with ``prove``),
    or why there is none; None for a game with no step after its opener. Not proven on lists
    widened by an answer outside them (a tree for that one game only)."""
    from ..limits import MAX_EXACT_WORD

    if len(words) < 2 or m.length > MAX_EXACT_WORD:
        return None
    there = existing_opener_tree(m, words[0], hard, max_guesses, context)
    if there is not None:
        return there
    word = m.guesses[m.guesses.index(words[0])]
    if table is not None and not table.solvable and not hard:
        return OpenerProof(word, hard, NO_TREE)  # proven by the shipped table: nothing to search
    if not prove:
        return OpenerProof(word, hard, NOT_ASKED)
    if extra:
        return OpenerProof(word, hard, WIDENED)
    return prove_opener_tree(
        m,
        word,
        hard=hard,
        max_guesses=max_guesses,
        progress=progress,
        budget=budget,
        context=context,
    )


def _proof_note(proof: OpenerProof, budget: int) -> Note:
    """What the review says when no tree after the opener values the steps after it."""
    w = proof.opener.upper()
    work = format_work(budget)
    why = {
        NOT_ASKED: "this review was not to prove one",
        WIDENED: "none is proven on lists widened by an outside answer",
        OUT_OF_WORK: f"its proof did not finish within {work} look-ups",
        NO_TREE: "no strategy after it solves every answer within the guess limit, proven now",
        NOT_KEPT: f"it was proven but could not be kept: {proof.error}",
        STOPPED: "its proof was stopped",
    }.get(proof.status, proof.status)
    return note(
        "opener_proof",
        f"no proven tree after {w} values the steps after it ({why}): they are valued within "
        "their work budget (proven bounds where it runs out)",
        word=w,
        status=proof.status,
        budget=work,
        error=proof.error,
    )


def _known(lost: tuple[int, float]) -> int | None:
    """Answers lost where proven exactly, else None."""
    return int(lost[0]) if lost[0] == lost[1] else None


def _strong(matrix: PatternMatrix, hard: bool, max_guesses: int) -> StrongPlayer | None:
    try:
        return strong_player(matrix, hard, max_guesses)
    except (ValueError, RuntimeError, WordlelabError):
        return (
            None  # no strong player here (e.g. its play did not finish): the verdict uses the rest
        )


def game_history(
    guesses: WordList,
    *,
    position: str | None = None,
    words: Sequence[str] = (),
    grid: ShareGrid | None = None,
    answer: str | None = None,
) -> list[tuple[str, Pattern]]:
    """The (word, feedback) history to review: from a position's text, or from the words played
    with a share grid's rows (their feedback) or with the answer (which gives each feedback)."""
    if position is not None:
        parsed = parse_position(position)
        if parsed.guess:
            raise WordlelabError(
                f"position {position!r} ends with a guess without feedback; "
                "a review needs the feedback of every guess",
                position,
                kind="position_ends_with_guess",
                guess=parsed.guess.upper(),
            )
        return list(parsed.history)
    if grid is not None:
        if len(grid.rows) != len(words):
            rows = f"{len(grid.rows)} row{'' if len(grid.rows) == 1 else 's'}"
            played = f"{len(words)} word{'' if len(words) == 1 else 's'}"
            raise ShareGridError(
                f"{rows} but {played} played",
                " ".join(words),
                kind="grid_rows_words",
                rows=len(grid.rows),
                words=len(words),
            )
        return list(zip(words, grid.rows))
    if answer is None:
        raise WordlelabError(
            "the words played need the answer or a share grid to give their feedback",
            words,
            kind="words_need_feedback",
        )
    target = guesses.normalize(answer)
    return [(w, score(guesses.normalize(w), target)) for w in words]
