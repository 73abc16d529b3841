"""wordlelab check: judge a pasted share grid (the "bullshit detector")."""

from __future__ import annotations

import sys

import click
from rich.markup import escape
from rich.table import Table

from ..config import check_play_length
from ..errors import ShareGridError, WordlelabError, WordListError
from ..exact.rounding import lost_words, outward
from ..judge.grid import GameReport, RowReport, analyse, parse_share_grid
from ..limits import MAX_FILE_BYTES, check_lines, exists, read_user_text
from .common import echo_json, lists_option, load_lists, stdout
from .interrupts import waiting_for
from .options import hard_option, lang_option, length_option
from .proving import proof_progress, prove_option, proving


def _exact_cells(r: RowReport) -> list[str]:
    """A row's "exact: best vs played" and "cost" cells, as ``analyse`` values the step: proven
    figures plainly, upper bounds with ≤ and a cost range where the work budget proved only
    bounds, ‡ where the guess limit was lifted (no strategy wins within it)."""
    lift = "‡" if r.limit_lifted else ""
    if r.no_win:
        return ["no strategy wins within the limit (proven)", "-"]
    best = (
        f"{r.exact_best.upper()} {'' if r.exact_best_proven else '≤'}{r.exact_best_guesses:.3f}"
        if r.exact_best and r.exact_best_guesses is not None
        else None
    )
    if r.can_fail:
        return [f"{best + ' vs ' if best else ''}∞ (can fail)", "∞"]
    if best is None or r.exact_guesses is None:
        return ["not proven within the work budget", "-"]
    played = f"{'' if r.exact_guesses_proven else '≤'}{r.exact_guesses:.3f}"
    if r.cost is not None:
        cost = f"{r.cost:.3f}{lift}"
    elif r.cost_low is not None and r.cost_high is not None:
        low, high = outward(r.cost_low, r.cost_high, 3)  # contains the range proven
        cost = f"{low:.3f}…{high:.3f}{lift}"
    else:
        cost = "-"
    lost = lost_words(r.lost_low, float("inf") if r.lost_high is None else r.lost_high)
    if lost:  # hard mode's objective: the answers it can lose beyond the best play come first
        cost = lost.replace(" answers", "").replace(" answer", "") + (
            "" if cost == "-" else f" {cost}"
        )
    return [f"{best} vs {played}", cost]


def _pct(p: float | None) -> str:
    if p is None:
        return "-"
    return f"{p:.2%}" if p < 0.1 else f"{p:.1%}"


def _words(words: list[str], total: int) -> str:
    more = f" … (+{total - len(words)})" if total > len(words) else ""
    return ", ".join(words) + more


VERDICT_STYLE = {"plausible": "bold green", "unusual": "bold yellow", "suspicious": "bold red"}


def show(report: GameReport, game: str = "Wordle") -> None:
    """The report as text; ``game``: the name its header gave the game (Wordle, Вордли)."""
    out = stdout()
    rows = len(report.rows)
    title = (
        f"{game}{' ' + report.number if report.number else ''} {report.score}"
        if report.has_header
        else f"{report.score} (no header line: an unfinished game, {rows} row{'s' * (rows != 1)}, "
        "not solved)"
        if report.score.startswith("?")
        else f"{report.score} (no header line: the score is the rows')"
    )
    out.print(
        f"[bold]{escape(title)}[/]{'  (hard mode)' if report.hard else ''}"
        f"{f'  answer {report.answer.upper()}' if report.answer else ''}"
    )
    d = report.detection
    if d is not None:
        verdict, _, rest = d.line.partition(" ")
        out.print(f"[{VERDICT_STYLE.get(verdict, 'bold')}]{escape(verdict)}[/] {escape(rest)}")
    known = any(r.guess for r in report.rows)
    # Two narrow tables rather than one wide one, so that each fits 80 columns: the rows' odds,
    # then (with the words known) each guess against the best one.
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("row", no_wrap=True)
    if known:
        for name in ("guess", "left", "own P≤", "strong P≤", "skill", "luck"):
            table.add_column(name, justify="left" if name == "guess" else "right")
        for r in report.rows:
            skill = (
                "-" if r.skill is None else f"{r.skill}{'*' if r.skill_source == 'exact' else ''}"
            )
            table.add_row(
                str(r.row),
                r.emoji,
                (r.guess or "").upper(),
                str(r.after),
                _pct(r.p_own),
                _pct(r.p_strong),
                skill,
                "-" if r.luck is None else str(r.luck),
            )
    else:
        table.add_column("answers fit", justify="right")
        table.add_column("strong P≤", justify="right")
        against = f" against {report.answer.upper()}" if report.answer else ""
        table.add_column(f"guesses that give it{against}")
        for r in report.rows:
            g = (
                "-"
                if r.guesses_possible is None
                else f"{r.guesses_possible}: {', '.join(r.guess_examples[:5])}"
            )
            table.add_row(str(r.row), r.emoji, str(r.after), _pct(r.p_strong), g)
    out.print(table)
    if known:
        exact = any(
            r.skill_source == "exact" or r.exact_best or r.can_fail or r.no_win for r in report.rows
        )
        moves = Table(box=None, pad_edge=False, header_style="bold")
        moves.add_column("#", justify="right")
        moves.add_column("guess")
        moves.add_column("info: best vs played", no_wrap=True)
        if exact:
            moves.add_column("exact: best vs played", no_wrap=True)
            moves.add_column("cost", justify="right")
        for r in report.rows:
            best = (
                f"{r.best_guess.upper()} {r.best_expected:.1f} vs {r.expected:.1f}"
                if r.best_guess
                else "-"
            )
            cells = [str(r.row), (r.guess or "").upper(), best]
            if exact:
                cells += _exact_cells(r)
            moves.add_row(*cells)
        out.print(moves)
    if d is not None:
        own = "; own: with the guess played, over the answers possible before it" if known else ""
        out.print(
            f"P≤: the chance of leaving at most this many answers (solving, on the last row) — strong: "
            f"{escape(d.model)}'s same row, over all answers{own}"
        )
    if known:
        out.print(
            "info: answers expected to be left after the most informative guess vs after the guess played"
        )
    if any(r.skill_source == "exact" for r in report.rows):
        out.print(
            "skill* is exact: 99 × optimal expected guesses ÷ expected guesses with the guess played "
            "(proven by exhaustive search); exact figures are guesses still needed, this one included"
        )
    for r in report.rows:
        if r.words and 1 < r.after <= 30 and not r.emoji.count("🟩") == len(r.pattern):
            out.print(f"after row {r.row}: {_words(r.words, r.after)}")
    n = len(report.answers)
    label = "answer fits" if n == 1 else "answers fit"
    out.print(f"{n} {label} every row{': ' + _words(report.answers[:20], n) if n else ''}")
    for note in report.notes:
        out.print(f"• {escape(note)}")
    if not known:
        out.print(
            "• tiles alone judge against the strong player only; give the words with --played "
            "for each row's odds under the player's own guesses, skill and luck"
        )
    out.print(
        "[bold green]consistent[/]: these rows can come from a real game on these lists"
        if report.consistent
        else "[bold red]not consistent[/]: no real game on these lists gives this"
    )


def read_grid(file: str) -> str:
    """The share grid from FILE, or from stdin ("-"), with a prompt when stdin is a terminal."""
    if file != "-":
        return read_user_text(file, ShareGridError, encoding="utf-8", errors="replace")
    if sys.stdin.isatty():
        click.echo("Paste the share grid, then press Ctrl-D on an empty line:", err=True)
    try:
        with waiting_for(sys.stdin):  # a Ctrl-C as the prompt comes up is not lost
            text = sys.stdin.read(MAX_FILE_BYTES + 1)
    except KeyboardInterrupt:
        raise click.exceptions.Abort() from None
    check_lines(text, "the grid on stdin", ShareGridError)
    return text


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True), default="-")
@click.option(
    "--played",
    default=None,
    help="The words played, comma- or space-separated (e.g. crane,moist,...).",
)
@click.option("--answer", default=None, help="The answer, if you know it.")
@hard_option("The game was played in hard mode (a grid's header says so with '*', e.g. 3/6*).")
@prove_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option(
    "--answers",
    "answers_file",
    default=None,
    metavar="FILE|NAME|all",
    help="Possible answers: a file, a bundled list's name, or 'all'.",
)
@click.option(
    "--words",
    "--guesses",
    "words_file",
    default=None,
    metavar="FILE|NAME",
    help="Allowed guesses: a file or a bundled list's name.",
)
@lists_option
@lang_option(
    "Language of the bundled lists and the alphabet [default: the header's game: ru for "
    "Вордли, else en]."
)
@length_option("Word length (default: the grid's).")
def check(
    file,
    played: str | None,
    answer: str | None,
    hard: bool,
    no_prove: bool,
    as_json: bool,
    length: int | None,
    lang: str | None,
    words_file: str | None,
    answers_file: str | None,
) -> int:
    """Judge a share grid from FILE or stdin: a verdict (plausible, unusual, suspicious), the answers that
    fit, each row's odds, skill and luck. Thresholds: docs/detector.md.

    Exit code 0 when the rows can come from a real game on these lists, 2 when they cannot
    (inconsistent), 1 for bad input."""
    text = read_grid(file)
    grid = parse_share_grid(text)
    try:
        check_play_length(grid.length)
    except WordlelabError as exc:  # before loading lists of a length none is bundled for
        raise exc.within("the grid") from None
    if length is not None and length != grid.length:
        raise ShareGridError(f"the grid has {grid.length} tiles a row, not {length}", length)
    if words_file and "," in words_file and not exists(words_file):
        raise WordListError(
            f"--guesses {words_file!r}: --guesses names the allowed-guess file; "
            "give the words played as --played",
            words_file,
        )
    lang = lang or grid.lang or "en"
    lists = load_lists(grid.length, lang, words_file, answers_file)
    words = [w for w in played.replace(",", " ").split()] if played is not None else None
    if words is not None and not words:
        raise ShareGridError("--played is empty", played)
    with proof_progress() as progress:
        report = analyse(
            grid,
            lists.matrix(),
            words,
            answer,
            lang,
            hard=hard,
            prove=words is not None and proving(no_prove),
            progress=progress,
        )
    if as_json:
        echo_json(report.to_dict())
    else:
        show(report, "Вордли" if grid.lang == "ru" else "Wordle")
    return 0 if report.consistent else 2
