"""wordlelab openers: every allowed opening word ranked by a metric."""

from __future__ import annotations

import click
from rich.table import Table

from ..openers import METRICS, rank_openers
from .common import echo_json, list_options, load_lists, stderr, stdout


@click.command("openers")
@click.option("-m", "--metric", type=click.Choice(list(METRICS)), default="entropy", show_default=True,
              help="What makes an opener good.")
@click.option("-n", "--top", type=click.IntRange(0, None), default=20, show_default=True,
              help="How many to show (0: every allowed word).")
@click.option("--hard", is_flag=True, help="Hard mode (the first guess is unrestricted either way).")
@list_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def openers(metric: str, top: int, hard: bool, length: int, lang: str, words_file: str | None,
            answers_file: str | None, as_json: bool) -> None:
    """Rank the opening words by METRIC over the possible answers."""
    lists = load_lists(length, lang, words_file, answers_file)
    matrix = lists.matrix(on_build=lambda: stderr().print("building the pattern matrix…"))
    ranked = rank_openers(matrix, metric, top or None, hard)
    if as_json:
        echo_json({"metric": metric, "guesses": len(lists.guesses), "answers": len(lists.answers),
                   "openers": [o.to_dict() for o in ranked]})
        return
    unit = ranked[0].metric if ranked else metric
    table = Table(show_edge=False, pad_edge=False,
                  title=f"openers by {metric} over {len(lists.answers)} answers")
    table.add_column("#", justify="right")
    table.add_column("word")
    table.add_column(unit, justify="right")
    table.add_column("answer?")
    for o in ranked:
        value = f"{o.value:.4f}" if o.value != int(o.value) else f"{int(o.value)}"
        table.add_row(str(o.rank), o.word, value, "yes" if o.is_answer else "")
    stdout().print(table)
