"""wordlelab lists: every bundled word list and the named list sets."""

from __future__ import annotations

import click

from ..game.lists import LIST_SETS, bundled_list_info, default_set_name
from .common import echo_json, stdout


@click.command("lists")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def lists_command(as_json: bool) -> None:
    """Every bundled list (name, language, length, size, source, file) and the list sets."""
    rows = bundled_list_info()
    default = default_set_name()
    if as_json:
        echo_json(
            {
                "sets": [
                    {
                        "name": s.name,
                        "guesses": s.guesses,
                        "answers": s.answers,
                        "summary": s.summary,
                        "default": s.name == default,
                    }
                    for s in LIST_SETS.values()
                ],
                "lists": [r.__dict__ for r in rows],
            }
        )
        return
    out = stdout()
    out.print("[bold]List sets[/] (English, 5 letters; --lists NAME):")
    for s in LIST_SETS.values():
        mark = "  [green](default)[/]" if s.name == default else ""
        out.print(f"  {s.name:<9} --words {s.guesses} --answers {s.answers}: {s.summary}{mark}")
    out.print(
        "\n[bold]Bundled lists[/] (a name works as --words NAME or --answers NAME, with -k and "
        "--lang; --answers all makes every allowed word possible):"
    )
    width = max(len(r.name) for r in rows)
    out.print(f"[bold]{'name':<{width}}  lang  length   words  source[/]")
    for r in rows:
        out.print(f"{r.name:<{width}}  {r.lang:<4}  {r.length:>6}  {r.size:>6}  {r.source}")
        out.print(f"{'':<{width}}  [dim]{r.path}[/]")
