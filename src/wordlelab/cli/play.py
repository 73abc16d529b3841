"""wordlelab play: the console game, and wordlelab stats."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import click
from rich.console import Console
from rich.markup import escape

from ..config import GUESSES
from ..errors import WordlelabError
from ..game.base import Game, Segment
from ..game.rules import MAX_CLASSIC_GUESSES, rules_from_key, rules_from_options
from ..game.stats import StatsError, StatsLockedError, StatsStore, Summary
from . import console
from .common import echo_json, list_options, load_lists, stdout
from .console import Palette, board_row, keyboard, read_lines, tile_colours
from .options import (
    boards_option,
    hard_option,
    lang_option,
    length_option,
    max_guesses_option,
    seed_option,
    ultrahard_option,
)
from .variants import multi_keyboard, rows_side_by_side


def show_summary(out: Console, s: Summary) -> None:
    out.print(
        f"Played {s.played}   Win % {s.win_percent}   Current streak {s.current_streak}   "
        f"Max streak {s.max_streak}"
    )
    out.print("Guess distribution")
    top = max(s.distribution.values(), default=0) or 1
    width = max((len(str(n)) for n in s.distribution), default=1)  # 10 and up: bars line up
    for n, count in sorted(s.distribution.items()):
        bar = "█" * max(1, round(20 * count / top)) if count else ""
        out.print(f"  {n:>{width}} {bar} {count}")


_STYLES = {None: "", "win": "bold green", "word": "bold"}


def _styled(segments: list[Segment]) -> str:
    """The game's text with its emphasis as console markup."""
    return "".join(
        f"[{_STYLES[style]}]{escape(text)}[/]" if style else escape(text)
        for text, style in segments
    )


def _draw(game: Game, out: Console, colour: Palette | None, lang: str) -> None:
    """The boards after a guess: one board as a board, several side by side."""
    if game.rules.boards == 1:
        for word, pattern in game.rows():
            out.print(board_row(word, pattern, colour))
    else:
        for row in rows_side_by_side(game, colour, out.width):
            out.print(row)


def _keys(game: Game, out: Console, colour: Palette | None, lang: str) -> None:
    """The keyboard under the boards (one mark per board after each key with several)."""
    if not game.shows_keyboard:
        return
    if game.rules.boards == 1:
        lines = keyboard(game.rows(), lang, game.letters, colour)
    else:
        lines = multi_keyboard(game, lang, colour, out.width)
    for key_line in lines:
        out.print(key_line)


def play_game(game: Game, lines: Iterator[str], out: Console, lang: str) -> bool:
    """Run one game of any variant from ``lines``; True when it ended (won or lost), False when
    abandoned."""
    colour = tile_colours(out)
    out.print(f"{game.describe()} 'quit' stops (an unfinished game is not counted).")
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if line.lower() in ("quit", "exit", "q"):
            if game.answers:
                shown = ", ".join(f"[bold]{a.upper()}[/]" for a in game.answers)
                out.print(f"The {'word was' if len(game.answers) == 1 else 'words were'} {shown}.")
            return False
        try:
            game.guess(line)
        except WordlelabError as exc:
            out.print(f"[red]! {escape(str(exc))}[/] (no try used)")
            continue
        _draw(game, out, colour, lang)
        if game.over:
            return True
        _keys(game, out, colour, lang)
        out.print(game.progress())
    return False


@click.command()
@seed_option(
    "Seed for the answer (the same seed, the same word, here and in the web app); "
    "none for --absurdle, which draws no answer."
)
@hard_option("Hard mode: revealed hints must be used in later guesses.")
@ultrahard_option("Ultrahard mode: every guess must be a word that could still be the answer.")
@max_guesses_option(
    f"Number of tries, up to {MAX_CLASSIC_GUESSES} on one board and {GUESSES.hi} with --boards "
    "[default: 6; with --boards the variant's own, e.g. 9 for 4 boards].",
    tries=True,
)
@boards_option("Play several boards at once: 2 Dordle, 4 Quordle, 8 Octordle, 16 Sedecordle.")
@click.option(
    "--absurdle", is_flag=True, help="Play Absurdle: an adversary that keeps the most words."
)
@click.option("--no-stats", is_flag=True, help="Do not record this game in the statistics.")
@click.option(
    "--high-contrast",
    "--colour-blind",
    "high_contrast",
    is_flag=True,
    help="Colour-blind tiles: orange for the right place, blue for elsewhere (also in the share).",
)
@list_options
def play(
    seed: int | None,
    hard: bool,
    ultrahard: bool,
    tries: int | None,
    boards: int | None,
    absurdle: bool,
    no_stats: bool,
    high_contrast: bool,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
) -> int:
    """Play Wordle in the console against a random answer (or several boards, or Absurdle).

    Every finished game is recorded in the statistics under its variant ('wordlelab stats').
    Without colour (NO_COLOR, or not a colour terminal) tiles read [A] right place, (A) elsewhere,
    -A- absent.
    """
    console.high_contrast = high_contrast
    if boards is None and not absurdle and tries is not None and tries > 20:
        raise click.BadParameter(f"{tries} is not in the range 1<=x<=20.", param_hint="'--tries'")
    rules = rules_from_options(boards, absurdle, hard, tries, ultrahard)
    rules.check_start(seed)  # before the lists load
    lists = load_lists(length, lang, words_file, answers_file)
    out = stdout()
    game: Game = rules.new_game(lists, seed, lang)
    try:
        finished = play_game(game, read_lines(not sys.stdin.isatty(), out), out, lang)
    except KeyboardInterrupt:
        out.print()
        click.echo("interrupted; the game is not counted", err=True)
        return 130
    if not finished:
        if not game.over:
            out.print("Game abandoned; it is not counted.")
        return 0
    out.print(_styled(game.ending()))
    out.print()
    share = game.share()
    if high_contrast:
        share = share.translate(_CONTRAST_SQUARES)
    out.print(share)
    out.print()
    if no_stats:
        return 0
    store = StatsStore()
    try:
        store.record(game.record())
        show_summary(out, store.summary(length, lang, rules.key))
    except StatsLockedError as exc:
        click.echo(f"wordlelab: {exc}", err=True)
    except StatsError as exc:
        click.echo(f"wordlelab: error: {exc}", err=True)
        return 1
    return 0


# The share text's squares in the NYT's high-contrast colours.
_CONTRAST_SQUARES = str.maketrans({"\U0001f7e9": "\U0001f7e7", "\U0001f7e8": "\U0001f7e6"})


def _title(key: str) -> str:
    try:
        return rules_from_key(key).title
    except WordlelabError:
        return key  # a key some other program wrote


@click.command()
@length_option("Only games of this length.")
@lang_option("Only games in this language.")
@click.option(
    "--variant",
    default=None,
    metavar="NAME",
    help="Only this variant: classic, dordle, quordle, octordle, sedecordle, boards-N, absurdle.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def stats(length: int | None, lang: str | None, variant: str | None, as_json: bool) -> None:
    """Show your statistics from 'wordlelab play', each variant on its own."""
    key = rules_from_key(variant).key if variant is not None else None  # an unknown name: one line
    store = StatsStore()
    by_variant = store.by_variant(length, lang)
    for f in store.unreadable_pending:
        click.echo(f"wordlelab: a kept game could not be read and is left in place: {f}", err=True)
    if store.invalid_rows:
        click.echo(
            f"wordlelab: {store.invalid_rows} rows of {store.path} are not games (wrong types) and are "
            "not counted",
            err=True,
        )
    shown = key or "classic"
    main = by_variant.get(shown) or store.summary(length, lang, shown)
    if as_json:
        echo_json(
            {
                **main.to_dict(),
                "variant": shown,
                "database": str(store.path),
                "variants": {k: s.to_dict() for k, s in by_variant.items() if key in (None, k)},
            }
        )
        return
    out = stdout()
    others = [k for k in by_variant if k != shown] if key is None else []
    if others:
        out.print(f"[bold]{_title(shown)}[/]")
    show_summary(out, main)
    for k in others:
        out.print()
        out.print(f"[bold]{_title(k)}[/]")
        show_summary(out, by_variant[k])
