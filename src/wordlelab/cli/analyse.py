"""wordlelab analyse: an exact review of a game, guess by guess (WordleBot's review, proven)."""

from __future__ import annotations

import click
from rich.markup import escape
from rich.table import Table

from ..errors import WordlelabError
from ..exact.budgets import REVIEW_WORK, format_work, parse_work
from ..exact.rounding import lost_words, outward
from ..game.feedback import Pattern
from ..judge.grid import parse_share_grid
from ..judge.request import NAMES_CLI, GameRequest
from ..judge.review import Review, review
from .check import VERDICT_STYLE, read_grid
from .common import FiniteFloatRange, echo_json, list_options, load_lists, stdout
from .options import hard_option, max_guesses_option
from .proving import proof_progress, prove_option, proving


class WorkAmount(click.ParamType):
    """A budget of exact search in look-ups: 400M, 2G, 150k or a plain count."""

    name = "WORK"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> int:
        if isinstance(value, int):
            return value
        try:
            return parse_work(str(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def _cost(
    low: float, high: float, lost_low: int = 0, lost_high: float = 0, short: bool = False
) -> str:
    if low == float(
        "inf"
    ):  # proven: after this guess some answer may need more guesses than allowed
        return "∞ (can fail)"
    lost = lost_words(lost_low, lost_high)
    if short:
        lost = lost.replace(" answers", "").replace(" answer", "")
    low, high = outward(low, high, 3)  # the range shown contains the range proven
    if high == float("inf"):
        guesses = f"≥{low:.3f}"
    else:
        guesses = f"{low:.3f}" if abs(high - low) < 1e-9 else f"{low:.3f}…{high:.3f}"
    if lost and high == float("inf") and low == 0:
        return lost  # not knowing the losses, nothing is known of the guesses
    return f"{lost}{' ' if short else ', '}{guesses}" if lost else guesses


def show(r: Review) -> None:
    out = stdout()
    table = Table(box=None, pad_edge=False, header_style="bold")
    for name, justify in (
        ("#", "right"),
        ("guess", "left"),
        ("feedback", "left"),
        ("left", "right"),
        ("played", "right"),
        ("best", "left"),
        ("cost", "right"),
        ("skill", "right"),
        ("luck", "right"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for s in r.steps:
        # Not proven in time: the figures shown are the upper bounds (a tree that reaches them).
        def up(exact: bool, x: float | None) -> str:
            return _num(x) if exact or x is None else f"≤{_num(x)}"

        best = f"{(s.best or '-').upper()} {up(s.best_exact, s.best_expected)}"
        mark = ("‡" if s.limit_lifted else "") + ("" if s.exact else " (bounds)")
        table.add_row(
            str(s.turn),
            s.guess.upper(),
            Pattern.parse(s.pattern).emoji,
            f"{s.before}→{s.after}",
            up(s.played_exact, s.played_expected),
            best,
            _cost(s.cost_low, s.cost_high, s.lost_low, s.lost_high, short=True) + mark,
            "-" if s.skill is None else f"{s.skill}{'*' if s.skill_source == 'exact' else ''}",
            "-" if s.luck is None else str(s.luck),
        )
    mode = " (hard mode)" if r.hard else ""
    title = f"answer {r.answer.upper()}" if r.answer else ("solved" if r.solved else "game so far")
    out.print(f"[bold]{escape(r.headline.text)}[/]")  # the line a player reads first
    out.print(
        f"[bold]Exact review[/]{mode}: {title}; expected guesses from each position, this guess included"
    )
    if r.detection is not None and r.solved:
        verdict, _, rest = r.detection.line.partition(" ")
        out.print(f"[{VERDICT_STYLE.get(verdict, 'bold')}]{escape(verdict)}[/] {escape(rest)}")
    out.print(table)
    if r.opener is not None and r.opener.solvable:
        out.print(f"• opener {escape(r.opener.verdict())} ({r.opener.source}'s table)")
    if r.proof is not None and r.proof.proved_now and r.proof.has_tree:
        out.print(
            f"• the tree after {r.proof.opener.upper()} was proven now ({r.proof.seconds:.1f} s) "
            "and kept: every later game with this opener is valued from it at once"
        )
    for note in r.notes:
        out.print(f"• {escape(note)}")
    out.print("skill and luck 0-99 as 'check' gives them (skill* exact); docs/detector.md")
    if r.cost_low == float("inf"):
        out.print(
            "total cost against perfect play: ∞ (a move was made after which some answer can need more "
            "guesses than allowed; see above)"
        )
        return
    total = _cost(r.cost_low, r.cost_high, r.lost_low, r.lost_high)
    proof = (
        "exact" if r.exact else "proven bounds: some steps are not proven within the work budget"
    )
    lost = (
        "; hard mode's objective: fewest answers lost, then fewest guesses, a lost answer "
        "counted as 7"
        if any(s.losses for s in r.steps)
        else ""
    )
    out.print(f"total cost against perfect play: {total} guesses ({proof}{lost})")


@click.command("analyse")
@click.argument("position", required=False)
@click.option(
    "--played",
    default=None,
    help="The words played, comma- or space-separated (with --answer or --grid).",
)
@click.option("--answer", default=None, help="The answer (gives each guess's feedback).")
@click.option(
    "--grid",
    "grid_file",
    default=None,
    metavar="FILE|-",
    help="A share grid (file, or - for stdin) giving the feedback of the --played words.",
)
@hard_option("Hard mode (WordleBot cannot review these).")
@max_guesses_option("Guesses the game allows [default: the share grid's header's, else 6].")
@click.option(
    "--budget",
    type=WorkAmount(),
    default=format_work(REVIEW_WORK),
    show_default=True,
    help="Exact search per step, in look-ups (e.g. 400M, 2G), the same on any machine; what "
    "does not finish within it is reported as proven bounds.",
)
@click.option(
    "--time-limit",
    type=FiniteFloatRange(0.01, 86400),
    default=None,
    help="An optional safety net in seconds per step (none by default: the work budget alone "
    "decides, so the figures do not depend on the machine's load); when it stops a search the "
    "review says so.",
)
@prove_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@list_options
def analyse(
    position: str | None,
    played: str | None,
    answer: str | None,
    grid_file: str | None,
    hard: bool,
    max_guesses: int | None,
    budget: int,
    time_limit: float | None,
    no_prove: bool,
    as_json: bool,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
) -> None:
    """Review a game exactly: POSITION (e.g. 'salet:...y. drone:y...g'), or --played with --answer or --grid."""
    # With a POSITION the grid file is not read: any text stands for it (refused: not both).
    grid = None if grid_file is None else read_grid(grid_file) if position is None else grid_file
    if grid is not None and not grid.strip():
        # A --grid that holds nothing is a grid given, not one missing: say what is wrong with it
        # (it said "--played needs --answer or --grid").
        parse_share_grid(grid)
    request = GameRequest.parse(position, grid, played, answer, names=NAMES_CLI, grid_alone=False)
    max_guesses = request.limit(max_guesses, NAMES_CLI)  # before the lists and the search
    lists = load_lists(length, lang, words_file, answers_file)
    try:
        history = request.history(lists.guesses)
    except WordlelabError as exc:
        if exc.kind != "position_ends_with_guess":
            raise
        # The library names no command (the web page says the same); here one values a guess.
        raise WordlelabError(
            f"{exc}; 'wordlelab optimal --position' values a guess",
            position,
            kind=exc.kind,
            **exc.fields,
        ) from None
    hard = hard or request.hard
    prove = proving(no_prove)
    with proof_progress() as progress:
        result = review(
            lists.matrix(),
            history,
            hard=hard,
            max_guesses=max_guesses,
            answer=answer,
            budget=budget,
            time_limit=time_limit,
            prove=prove,
            progress=progress,
        )
    if as_json:
        echo_json(result.to_dict())
    else:
        show(result)
