"""Terminal helpers the console commands share: reading answers, drawing tiles and the keyboard."""

from __future__ import annotations

import sys
from typing import Iterator

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..feedback import GREEN, GREY, YELLOW, Pattern
from ..game import letter_states
from ..languages import keyboard_rows

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
            out.print(f"? {escape(line)}")
        else:
            try:
                line = input("? ")
            except EOFError:
                out.print()
                return
        yield line
