"""wordlelab assist: suggest a guess, read the game's feedback, repeat."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..assist.assistant import (
    AUTO,
    EXACT_TOP_MAX,
    OFF_LIST,
    WIDENED,
    Assistant,
    Scored,
    parse_entry,
)
from ..errors import WordlelabError
from ..exact.budgets import SEARCH_WORK_PER_ANSWER, format_work
from ..exact.rounding import exact_shown, per_answer
from ..game.rules import rules_from_options
from ..strategies import strategy_names
from ..strategies.base import LAST_CANDIDATE, MEAN_FROM_HERE
from ..variants import Absurdle, Classic, Multi
from .common import list_options, load_lists, stderr, stdout
from .console import TOP_MAX, count_arg, read_lines
from .options import boards_option, hard_option, max_guesses_option, ultrahard_option
from .proving import proof_progress, prove_option, proving
from .variants import run_absurdle_assist, run_multi_assist

if TYPE_CHECKING:
    from ..exact.evaluation import Evaluation
    from ..warmup import Background

HELP = """\
Answer each suggestion with the game's feedback, in any notation:
  .y..g   (. grey, y yellow, g green)   01002   BYBBG   ⬜🟨⬜⬜🟩
  (blank line)   the game did not take that word: suggest the next-best one
  WORD PATTERN   you played another word, e.g.  crane .y..g  (or crane,.y..g)
  undo           take back the last step
  top [N]        the best N guesses: bits, expected words left, chance it is
                 the answer, and exact expected guesses once few are left
                 (proven; '≥' a bound, '∞' it cannot solve every answer in time)
  words [N]      the words still possible, most common first (N, default 60)
  help           this text
  quit           end the session (Ctrl-D and Ctrl-C too)"""

# Said once under the first suggestion on a terminal (a piped transcript stays as it was).
FIRST_HINT = "type the colours you got, e.g. .y..g (. grey, y yellow, g green) — 'help' for more"

SHOW_WORDS = 8  # list the candidates with the suggestion when this few are left


def _count(n: int) -> str:
    return "1 word" if n == 1 else f"{n} words"


def _suggestion_line(a: Assistant, word: str) -> str:
    n = a.remaining
    if n == 1 and a.candidates() == [word]:
        # A word list may miss the answer (the NYT picks words outside it), so the last listed
        # answer is called the only *word* only once every allowed word is possible.
        every = a.widened or len(a.matrix.answers) == len(a.matrix.guesses)
        return f"> [bold]{word.upper()}[/]  (the only {'word' if every else 'listed answer'} left)"
    extra = ""
    if 1 < n <= SHOW_WORDS:
        extra = ": " + ", ".join(a.words())
    return f"> [bold]{word.upper()}[/]  ({_count(n)}{extra})"


def _percent(p: float) -> str:
    return f"{p:.2%}" if p < 0.1 else f"{p:.1%}"


def exact_cell(ev: Evaluation | None, word: str) -> str:
    """A guess's exact expected guesses (this one included), '≥x' when only a bound is proven,
    '∞ (can fail)' when no strategy after it solves every answer in the guesses left."""
    if ev is None:
        return "-"
    kind, x = ev.expected_of(word)
    if kind == "exact" and x is not None:
        return f"{exact_shown(kind, x):.3f}"
    if kind == "loses":  # hard mode's objective: its best play loses answers
        g = ev.value_of(word)
        lost = int(g.lost[0]) if g is not None else 0
        if x is None:
            return f"loses ≥{lost}"
        return f"{exact_shown('exact', x):.3f} (loses {lost})"
    if kind == "can fail":
        return "∞ (can fail)"
    if kind == "at least" and x is not None:
        return f"≥{exact_shown(kind, x):.3f}"  # not in the exact top N: no better than its last
    return "-"


def can_fail_line(ev: Evaluation, words: list[str]) -> str:
    """Plain words for the guesses valued ∞: after them some answer can need too many guesses."""
    named = ", ".join(w.upper() for w in words[:3]) + (" …" if len(words) > 3 else "")
    return (
        f"∞ (can fail): after {named} no strategy solves every answer left within the "
        f"{ev.guesses_left} guess{'' if ev.guesses_left == 1 else 'es'} left (proven)"
    )


def losing_line(ev: Evaluation, words: list[str]) -> str:
    """Plain words for the guesses whose best play loses answers (hard mode's objective)."""
    named = ", ".join(w.upper() for w in words[:3]) + (" …" if len(words) > 3 else "")
    return (
        f"loses N: after {named} no strategy solves every answer left within the "
        f"{ev.guesses_left} guess{'' if ev.guesses_left == 1 else 'es'} left (proven); even "
        "perfect play loses N answers, and its expected guesses count a lost one as "
        f"{ev.guesses_left + 1}"
    )


def exact_line(ev: Evaluation, refused: Sequence[str] = ()) -> str:
    """The exact verdict under a top table: the optimum, or proven bounds when time ran out.
    ``refused``: words the game refused ('skip'), marked where the line names them."""

    def name(word: str) -> str:
        return word.upper() + (" (refused)" if word in refused else "")

    if not ev.winnable:
        return (
            f"exact: no strategy solves all {ev.n} answers left within the {ev.guesses_left} "
            f"guess{'' if ev.guesses_left == 1 else 'es'} left (proven)"
        )
    if ev.exact and ev.best is not None:
        line = f"exact: {name(ev.best)} is optimal, {ev.expected:.3f} expected guesses (proven)"
        if ev.top:
            line += "; exact top: " + ", ".join(
                f"{name(g.word)} {g.expected:.3f}" for g in ev.top[:5]
            )
        if not ev.top_complete:
            line += f"; {_stopped(ev)} before the whole top list was proven"
        return line
    # The bounds a game at three decimals, outwards: the figures the web page shows.
    low, high = per_answer(ev.lower, ev.upper, ev.n) or (0.0, None)  # (winnable here)
    if high is None:
        reach = "no guess found yet solves every answer within the guesses left"
        between = f"at least {low:.3f} expected guesses"
    else:
        reach = f"{name(ev.best) if ev.best else '-'} reaches the upper one"
        between = f"between {low:.3f} and {high:.3f} expected guesses"
    return f"{_stopped(ev)}: {between} (proven bounds; {reach})"


def _stopped(ev: Evaluation) -> str:
    """Why the exact search stopped short: its work budget (the same on any machine) or the
    wall-clock safety net (which depends on the machine)."""
    if ev.timed_out:
        return "the safety time limit stopped the exact search"
    if ev.not_searched and ev.budget is not None:
        most = ev.budget // SEARCH_WORK_PER_ANSWER
        return (
            f"the exact search was not run ({ev.n} words left; within its work budget of "
            f"{format_work(ev.budget)} look-ups it is tried on {most} or fewer)"
        )
    if ev.budget is not None:
        return f"the exact search used its work budget ({format_work(ev.budget)} look-ups)"
    return "the exact search stopped"


def _valued(rows: list[Scored], ev: Evaluation | None) -> set[str]:
    """The rows' words the exact figures value (proven, a bound or can fail)."""
    if ev is None:
        return set()
    return {r.word for r in rows if ev.expected_of(r.word)[0] != "unknown"}


def top_table(
    rows: list[Scored], current: str | None = None, ev: Evaluation | None = None
) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("guess")
    table.add_column("bits", justify="right")
    table.add_column("exp. left", justify="right")
    table.add_column("P(answer)", justify="right")
    table.add_column("worst", justify="right")

    # The strategy's own score, unless every row's is a figure shown anyway: its bits (the bits
    # column) or the exact mean the exact column gives (the coach's proven values, a proven
    # tree's at the start, beside the others' bits): the same figure twice, too wide for 80
    # columns.
    valued = _valued(rows, ev)

    def shown_anyway(r: Scored) -> bool:
        if r.metric in ("", "bits", LAST_CANDIDATE):
            return True
        return r.metric.startswith(MEAN_FROM_HERE) and r.word in valued

    own = not all(shown_anyway(r) for r in rows)
    # One metric for every row (a strategy's own): its name heads the column, numbers below.
    metrics = {r.metric for r in rows if r.metric}
    one_metric = next(iter(metrics)) if len(metrics) == 1 else None
    if own:
        table.add_column(one_metric or "score", justify="right")
    # A column of dashes says nothing: as on the web, the column only when some row is valued.
    if valued:
        table.add_column("exact guesses", justify="right")
    for i, r in enumerate(rows, 1):
        word = r.word.upper() + (" *" if r.word == current else "")
        cells = [
            str(i),
            word,
            f"{r.bits:.3f}",
            f"{r.expected:.2f}",
            _percent(r.p_answer) if r.p_answer else "-",
            str(r.largest),
        ]
        if own:
            if r.value is None:
                cells.append("")
            else:
                cells.append(f"{r.value:.4g}" if one_metric else f"{r.value:.4g} {r.metric}")
        if valued:
            assert ev is not None
            cells.append(exact_cell(ev, r.word))
        table.add_row(*cells)
    return table


def _not_first_line(a: Assistant, current: str, words: list[str]) -> str:
    """Why the suggestion is not the top table's first row (the line under the table)."""
    ahead = f"while this table ranks by {a.strategy.name}"
    if a.turn == 1 and a.opener == current:
        why = {
            "proven": f"it is the proven optimal opener for these lists (exact search), {ahead}",
            "given": f"the opener you chose (--opener), {ahead}",
        }.get(a.opener_from, f"{a.strategy.name}'s own first guess, {ahead}")
    else:
        why = "the game refused a word, or you asked for another opener"
    if current in words:
        return f"* marks the suggestion, {current.upper()}: {why}"
    return f"the suggestion, {current.upper()}, is not among these rows: {why}"


def _warm_in_background(a: Assistant) -> Background | None:
    """On a first run, compile the exact search the next suggestions need while the player reads
    the first one (on the other core; a second or two of work once compiled)."""
    from ..kernels import compiled_cache_complete

    if compiled_cache_complete():
        return None
    from ..warmup import Background, exact_search

    return Background([exact_search(a.matrix, a.hard, a.strategy)]).start()


def run_session(a: Assistant, lines: Iterator[str], out: Console, prove: bool = True) -> int:
    """Drive a session from ``lines`` (one answer each); returns the exit code. ``prove``: after
    an opener with no proven tree, prove it first (``Assistant.prove_opener``)."""
    say = out.print
    suggestion = a.suggested_word()
    say(_suggestion_line(a, suggestion))
    if sys.stdin.isatty():
        say(f"[dim]{FIRST_HINT}[/]")
    warming = _warm_in_background(a)
    for raw in lines:
        line = raw.strip()
        low = line.lower()
        cmd, _, arg = low.partition(" ")
        try:
            if cmd in ("quit", "exit", "q"):
                return 0
            if cmd in ("help", "?", "h"):
                say(escape(HELP))
                continue
            if warming is not None:
                warming.wait()
                warming = None
            if cmd == "undo":
                done = a.undo()
                say(f"undone: {escape(done)}")
            elif cmd == "top":
                n = count_arg(arg, 10)
                if n > TOP_MAX:
                    say(f"(showing the best {TOP_MAX}; 'words' lists the possible answers)")
                    n = TOP_MAX
                current = a.suggested_word()
                rows = a.top(n)
                ev = a.exact_top(n, words=[r.word for r in rows])
                say(top_table(rows, current, ev))
                if ev is not None:
                    valued = _valued(rows, ev)
                    if a.remaining > EXACT_TOP_MAX and valued <= {current} and len(rows) > 1:
                        which = "the other rows" if valued else "these rows"
                        say(
                            f"(no exact values for {which}: with {a.strategy.name} they are "
                            f"searched at {EXACT_TOP_MAX} words left or fewer, {a.remaining} now)"
                        )
                    say(exact_line(ev, a.skipped))
                    failing = [r.word for r in rows if ev.expected_of(r.word)[0] == "can fail"]
                    if failing:
                        say(can_fail_line(ev, failing))
                    losing = [r.word for r in rows if ev.expected_of(r.word)[0] == "loses"]
                    if losing:
                        say(losing_line(ev, losing))
                if not rows or rows[0].word != current:
                    say(_not_first_line(a, current, [r.word for r in rows]))
                continue
            elif cmd == "words":
                n = count_arg(arg, 60)
                words = a.words()
                shown = ", ".join(words[:n])
                more = (
                    f" … and {len(words) - n} more ('words {len(words)}' lists them all)"
                    if len(words) > n
                    else ""
                )
                say(f"{_count(len(words))}, most common first: {shown}{more}")
                continue
            elif cmd in ("", "skip", "next"):
                refused = suggestion
                suggestion = a.skip()
                say(f"(skipping {refused.upper()})")
                say(_suggestion_line(a, suggestion))
                continue
            else:
                word, pattern = parse_entry(line, a.matrix)
                step = a.play(word, pattern) if word is not None else a.feedback(pattern)
                if step.widened and not step.solved:
                    say(f"[yellow]{WIDENED}[/]")
                if step.solved:
                    # Solved on a word off the answer list (Assistant.list_note says OFF_LIST).
                    off_list = f" ({OFF_LIST})" if a.list_note == OFF_LIST else ""
                    say(
                        f"[bold green]Solved[/] in {a.turn - 1} "
                        f"{'guess' if a.turn == 2 else 'guesses'}: {step.word.upper()}{off_list}"
                    )
                    return 0
                if word is not None:
                    say(f"  {step.word.upper()} {pattern.emoji}: {_count(step.after)} left")
                if prove and a.turn == 2:
                    with proof_progress() as progress:
                        proof = a.prove_opener(progress)
                    if proof is not None and proof.proved_now and proof.has_tree:
                        say(
                            f"(the tree after {proof.opener.upper()} is proven "
                            f"({proof.seconds:.1f} s) and kept: the suggestions and exact figures "
                            "after it are optimal, now and in later games)"
                        )
        except WordlelabError as exc:
            # Part of the conversation, so it goes with the rest (a piped transcript stays in order).
            say(f"[red]! {escape(str(exc))}[/] (nothing changed; 'help' for help)")
            if cmd in ("", "skip", "next") and not a.solved:
                say(_suggestion_line(a, suggestion))  # a refused skip: the same word, again
            continue
        suggestion = a.suggested_word()
        say(_suggestion_line(a, suggestion))
    return 0


# Each variant's console dialogue; the session itself is the library's.
_RUNNERS: dict[type, Callable[[Any, Iterator[str], Console], int]] = {
    Classic: run_session,
    Multi: run_multi_assist,
    Absurdle: run_absurdle_assist,
}


@click.command()
@click.option(
    "-s",
    "--strategy",
    default=AUTO,
    show_default=True,
    help="Strategy that ranks the guesses: 'auto' (prior with --answers all, else coach: the proven tree, else the exact best, else entropy) "
    f"or one of {', '.join(strategy_names())}.",
)
@hard_option("Hard mode: revealed letters must be used.")
@ultrahard_option(
    "Ultrahard mode: every guess a word that could still be the answer (strategy auto is "
    "then entropy, and the opener its own)."
)
@click.option(
    "--opener",
    default=AUTO,
    show_default=True,
    help="First guess: a word, 'auto' (the proven optimum where a shipped tree gives it: "
    "TARSE on nyt, SALET on original; elsewhere the strategy's own) or 'strategy'.",
)
@boards_option("Several boards at once (2 Dordle, 4 Quordle, 8 Octordle, 16 Sedecordle).")
@max_guesses_option(
    "With --boards: guesses allowed [default: the variant's own, e.g. 9 for 4 boards]."
)
@click.option("--absurdle", is_flag=True, help="Tell what to play against Absurdle's adversary.")
@prove_option
@list_options
def assist(
    strategy: str,
    hard: bool,
    ultrahard: bool,
    opener: str,
    boards: int | None,
    max_guesses: int | None,
    absurdle: bool,
    no_prove: bool,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
) -> int:
    """Suggest guesses for a game you are playing elsewhere; answer with the feedback.

    \b
    Type the colours the game gave, in any notation:
      .y..g   (. - _ or x grey, y yellow, g green)
      01002   (digits: 0 grey, 1 yellow, 2 green)
      BYBBG   NYNNG  WYWWG   (letters: B/N/W grey, Y yellow, G green)
      FOFFX   (X green, O yellow, F grey)
      ⬜🟨⬜⬜🟩  ⬛🟨⬛⬛🟩  🟦🟧 (the share grid's squares, high contrast too)
    A blank line: the game did not take the word. WORD PATTERN: you played another word.
    undo, top [N], words [N], help, quit.
    """
    if max_guesses is not None and boards is None:
        raise click.UsageError("--max-guesses goes with --boards")
    rules = rules_from_options(boards, absurdle, hard, max_guesses, ultrahard)
    lists = load_lists(length, lang, words_file, answers_file)
    err = stderr()
    out = stdout()

    def on_build() -> None:
        err.print("building the pattern matrix (once per word list)…")

    rules.check_strategy(strategy, lists)  # before the matrix and the search
    session = rules.new_assistant(lists.matrix(on_build=on_build), strategy, opener)
    run = _RUNNERS[type(rules)]
    if run is run_session:
        run = partial(run_session, prove=proving(no_prove))
    try:
        return run(session, read_lines(not sys.stdin.isatty(), out), out)
    except KeyboardInterrupt:
        out.print()
        err.print("interrupted; bye")
        return 130
