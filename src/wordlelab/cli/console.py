"""Terminal helpers the console commands share: reading answers, drawing tiles and the keyboard."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..errors import WordlelabError
from ..game import letter_states
from ..game.feedback import GREEN, GREY, YELLOW, Pattern
from ..game.languages import keyboard_rows
from ..limits import printable
from .interrupts import waiting_for

_COLOUR = {
    GREEN: "bold white on #538d4e",
    YELLOW: "bold white on #b59f3b",
    GREY: "bold white on #3a3a3c",
}
# The NYT's high-contrast (colour-blind) tiles: orange for the right place, blue for elsewhere.
_CONTRAST = {
    GREEN: "bold white on #f5793a",
    YELLOW: "bold white on #85c0f9",
    GREY: "bold white on #3a3a3c",
}
# A 16-colour terminal (TERM=xterm, the Linux console, legacy Windows) gets named colours: rich
# would map each colour above to its nearest of the 16, and green and grey both became bright
# black there, yellow and blue white behind white letters.
_COLOUR_16 = {
    GREEN: "bold white on green",
    YELLOW: "bold black on yellow",
    GREY: "bold white on bright_black",
}
_CONTRAST_16 = {
    GREEN: "bold white on red",
    YELLOW: "bold white on blue",
    GREY: "bold white on bright_black",
}
_UNUSED, _UNUSED_16 = "bold black on #d3d6da", "bold black on white"
# The marks after each key on several boards (coloured text, no background).
_DOT = {GREEN: "#538d4e", YELLOW: "#b59f3b", GREY: "#3a3a3c"}
_DOT_16 = {GREEN: "green", YELLOW: "yellow", GREY: "bright_black"}
_NOT_PLAYED = -1
# Without colour each tile carries its state in symbols: [A] right place, (A) elsewhere, -A- absent.
_PLAIN = {GREEN: "[{}]", YELLOW: "({})", GREY: "-{}-"}

# Set by 'play --high-contrast' for this process: tiles and share squares in orange and blue.
high_contrast = False


@dataclass(frozen=True)
class Palette:
    """The styles tiles, keys and the several-board marks are drawn in on one terminal."""

    tiles: dict[int, str]
    unused: str
    dots: dict[int, str]


def tile_colours(out: Console) -> Palette | None:
    """The palette tiles are drawn in on ``out``; None without colour (NO_COLOR, not a colour
    terminal): then the tiles carry their state in symbols."""
    if out.color_system is None or out.no_color:
        return None
    if out.color_system in ("standard", "windows"):
        return Palette(_CONTRAST_16 if high_contrast else _COLOUR_16, _UNUSED_16, _DOT_16)
    return Palette(_CONTRAST if high_contrast else _COLOUR, _UNUSED, _DOT)


def squares(pattern: Pattern) -> str:
    """A row's share squares, high contrast (🟧🟦) when that is chosen."""
    return pattern.format("contrast" if high_contrast else "emoji")


def board_row(word: str, pattern: Pattern, colour: Palette | None) -> Text:
    """One played row: coloured tiles on a colour terminal, else symbols ([A] (A) -A-) and squares."""
    if colour:
        row = Text()
        for ch, c in zip(word, pattern.colors):
            row.append(f" {ch.upper()} ", style=colour.tiles[c])
            row.append(" ")
        return row
    return Text(
        " ".join(_PLAIN[c].format(ch.upper()) for ch, c in zip(word, pattern.colors))
        + "  "
        + squares(pattern)
    )


def keyboard(
    history: list[tuple[str, Pattern]], lang: str, letters: str, colour: Palette | None
) -> list[Text]:
    """The keyboard under the board, each key in the colour it has shown.

    Without colour: [A] green, (A) yellow, · absent, a not tried yet.
    """
    rows = keyboard_rows(lang, letters)
    states = letter_states(history)
    out = []
    for i, keys in enumerate(rows):
        line = Text(" " * i)
        for ch in keys:
            state = states.get(ch, _NOT_PLAYED)
            if colour:
                style = colour.tiles[state] if state != _NOT_PLAYED else colour.unused
                line.append(f" {ch.upper()} ", style=style)
                line.append(" ")
            else:
                shown = {GREEN: f"[{ch.upper()}]", YELLOW: f"({ch.upper()})", GREY: " · "}.get(
                    state, f" {ch} "
                )
                line.append(shown)
        out.append(line)
    return out


# Rows 'top N' shows at most in the console assistants.
TOP_MAX = 100


def count_arg(arg: str, default: int) -> int:
    """The N of a console command ('top N', 'words N'): a positive whole number, ``default`` when
    none is given; WordlelabError naming the text otherwise (the command then does nothing)."""
    arg = arg.strip()
    if not arg:
        return default
    if not arg.isdigit() or int(arg) < 1:
        raise WordlelabError(f"{arg!r} is not a positive number", arg)
    return int(arg)


def read_lines(echo: bool, out: Console) -> Iterator[str]:
    """Lines from stdin: with a prompt on a terminal; echoed after '? ' when piped, so a scripted
    transcript reads like a session."""
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401  (line editing for input())
        except ImportError:
            pass
    while True:
        if echo:
            line = sys.stdin.readline()
            if not line:
                return
            line = line.rstrip("\r\n")
            out.print(f"? {escape(printable(line))}")
        else:
            try:
                with waiting_for(sys.stdin):  # a Ctrl-C as the prompt comes up is not lost
                    line = input("? ")
            except EOFError:
                out.print()
                return
        yield line
