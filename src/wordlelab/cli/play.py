"""wordlelab play: the console game, and wordlelab stats."""

from __future__ import annotations

import sys
from typing import Iterator

import click
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..config import MAX_PLAY_LENGTH, MIN_PLAY_LENGTH
from ..errors import WordlelabError
from ..feedback import GREEN, GREY, YELLOW, Pattern
from ..game import PRAISE, Game, letter_states, pick_answer, share_grid
from ..languages import keyboard_rows
from ..stats import GameRecord, StatsError, StatsLockedError, StatsStore, Summary
from .assist import read_lines
from .common import echo_json, list_options, load_lists, stdout

_TILE = {GREEN: "bold white on #538d4e", YELLOW: "bold white on #b59f3b", GREY: "bold white on #3a3a3c"}
_UNUSED = -1


def board_row(word: str, pattern: Pattern, colour: bool) -> Text:
    """One played row: coloured tiles on a colour terminal, letters and emoji elsewhere."""
    if colour:
        row = Text()
        for ch, c in zip(word, pattern.colors):
            row.append(f" {ch.upper()} ", style=_TILE[c])
            row.append(" ")
        return row
    return Text(" ".join(word.upper()) + "  " + pattern.emoji)


def keyboard(history: list[tuple[str, Pattern]], lang: str, letters: str, colour: bool) -> list[Text]:
    """The keyboard under the board, each key in the colour it has shown.

    Without colour: [A] green, (A) yellow, · absent, a not tried yet.
    """
    rows = keyboard_rows(lang, letters)
    states = letter_states(history)
    out = []
    for i, keys in enumerate(rows):
        line = Text(" " * i)
        for ch in keys:
            state = states.get(ch, _UNUSED)
            if colour:
                style = _TILE[state] if state != _UNUSED else "bold black on #d3d6da"
                line.append(f" {ch.upper()} ", style=style)
                line.append(" ")
            else:
                shown = {GREEN: f"[{ch.upper()}]", YELLOW: f"({ch.upper()})", GREY: " · "}.get(state, f" {ch} ")
                line.append(shown)
        out.append(line)
    return out


def show_summary(out: Console, s: Summary) -> None:
    out.print(f"Played {s.played}   Win % {s.win_percent}   Current streak {s.current_streak}   "
              f"Max streak {s.max_streak}")
    out.print("Guess distribution")
    top = max(s.distribution.values(), default=0) or 1
    for n, count in sorted(s.distribution.items()):
        bar = "█" * max(1, round(20 * count / top)) if count else ""
        out.print(f"  {n} {bar} {count}")


def play_game(game: Game, lines: Iterator[str], out: Console, lang: str) -> bool:
    """Run one game from ``lines``; True when it ended (won or lost), False when abandoned."""
    colour = out.color_system is not None
    k = len(game.answer)
    out.print(f"Guess the {k}-letter word in {game.max_guesses} tries"
              f"{' (hard mode: revealed hints must be used)' if game.hard else ''}. 'quit' gives up.")
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if line.lower() in ("quit", "exit", "q"):
            out.print(f"The word was [bold]{game.answer.upper()}[/].")
            return False
        try:
            game.guess(line)
        except WordlelabError as exc:
            out.print(f"[red]! {escape(str(exc))}[/] (no try used)")
            continue
        for word, pattern in game.history:
            out.print(board_row(word, pattern, colour))
        if game.over:
            return True
        for key_line in keyboard(game.history, lang, game.words.letters, colour):
            out.print(key_line)
        out.print(f"{game.turns_left} {'try' if game.turns_left == 1 else 'tries'} left")
    return False


@click.command()
@click.option("--seed", type=int, default=None, help="Seed for the answer (the same seed, the same word).")
@click.option("--hard", is_flag=True, help="Hard mode: revealed hints must be used in later guesses.")
@click.option("--tries", "--max-guesses", "tries", type=click.IntRange(1, 40), default=None,
              help="Number of tries [default: 6; with --boards the variant's own, e.g. 9 for 4 boards].")
@click.option("--boards", type=click.IntRange(1, 64), default=None,
              help="Play several boards at once: 2 Dordle, 4 Quordle, 8 Octordle, 16 Sedecordle.")
@click.option("--absurdle", is_flag=True, help="Play Absurdle: an adversary that keeps the most words.")
@click.option("--no-stats", is_flag=True, help="Do not record this game in the statistics.")
@list_options
def play(seed: int | None, hard: bool, tries: int | None, boards: int | None, absurdle: bool, no_stats: bool,
         length: int, lang: str, words_file: str | None, answers_file: str | None) -> int:
    """Play Wordle in the console against a random answer (or several boards, or Absurdle).

    Games of several boards and of Absurdle are not recorded in the statistics.
    """
    if boards is not None or absurdle:
        from . import variants as v

        v.check_variant_options(boards, absurdle, hard and boards is not None)
        if boards is not None:
            v.check_seed(seed)
        lists = load_lists(length, lang, words_file, answers_file)
        out = stdout()
        lines = read_lines(not sys.stdin.isatty(), out)
        try:
            if boards is not None:
                rules = v.MultiRules.of(boards, tries)
                return v.run_multi_play(lists.guesses, lists.answers, rules, seed, lines, out, lang)
            adversary = v.AbsurdleGame(lists.matrix(), hard=hard)
            if v.play_absurdle_game(adversary, lines, out):
                out.print(f"[bold green]Cornered[/] in {len(adversary.history)} guesses!")
                out.print()
                out.print(v.absurdle_share(adversary))
                out.print()
            return 0
        except KeyboardInterrupt:
            out.print()
            click.echo("interrupted", err=True)
            return 130
    tries = 6 if tries is None else tries
    if tries > 20:
        raise click.BadParameter(f"{tries} is not in the range 1<=x<=20.", param_hint="'--tries'")
    lists = load_lists(length, lang, words_file, answers_file)
    answer = pick_answer(lists.answers, seed)
    out = stdout()
    game = Game(answer, words=lists.guesses, max_guesses=tries, hard=hard)
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
    n = len(game.history)
    if game.won:
        out.print(f"[bold green]{PRAISE.get(n, 'Phew')}![/] {n}/{tries}")
    else:
        out.print(f"The word was [bold]{game.answer.upper()}[/].")
    out.print()
    out.print(share_grid(game.history, game.won, tries, hard, seed))
    out.print()
    if no_stats:
        return 0
    store = StatsStore()
    rec = GameRecord.from_game(game, lang)
    try:
        store.record(rec)
        show_summary(out, store.summary(length, lang))
    except StatsLockedError as exc:
        click.echo(f"wordlelab: {exc}", err=True)
    except StatsError as exc:
        click.echo(f"wordlelab: error: {exc}", err=True)
        return 1
    return 0


@click.command()
@click.option("-k", "--length", type=click.IntRange(MIN_PLAY_LENGTH, MAX_PLAY_LENGTH), default=None, help="Only games of this length.")
@click.option("--lang", type=click.Choice(["en", "ru"]), default=None, help="Only games in this language.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def stats(length: int | None, lang: str | None, as_json: bool) -> None:
    """Show your statistics from 'wordlelab play'."""
    store = StatsStore()
    s = store.summary(length, lang)
    for f in store.unreadable_pending:
        click.echo(f"wordlelab: a kept game could not be read and is left in place: {f}", err=True)
    if store.invalid_rows:
        click.echo(f"wordlelab: {store.invalid_rows} rows of {store.path} are not games (wrong types) and are "
                   "not counted", err=True)
    if as_json:
        echo_json({**s.to_dict(), "database": str(store.path)})
        return
    show_summary(stdout(), s)
