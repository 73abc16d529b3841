"""wordlelab solve WORD: how a strategy finds WORD, step by step."""

from __future__ import annotations

import click
from rich.table import Table

from ..assist.assistant import AUTO, default_strategy
from ..assist.assistant import solve as solve_word
from ..strategies import strategy_names
from .common import echo_json, list_options, load_lists, stdout
from .options import hard_option, max_guesses_option


@click.command()
@click.argument("word")
@click.option(
    "-s",
    "--strategy",
    default=AUTO,
    show_default=True,
    help="Strategy: 'auto' (prior with --answers all, else coach: the proven tree, else the exact best, else entropy) "
    f"or one of {', '.join(strategy_names())}.",
)
@hard_option()
@click.option(
    "--opener",
    default=AUTO,
    show_default=True,
    help="First guess: a word, 'auto' (as in assist) or 'strategy'.",
)
@max_guesses_option(
    "With several words: guesses allowed [default: the variant's own, e.g. 9 for 4 words]."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@list_options
def solve(
    word: str,
    strategy: str,
    hard: bool,
    opener: str,
    max_guesses: int | None,
    as_json: bool,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
) -> None:
    """Show how STRATEGY solves WORD: each guess, its feedback and the words left.

    WORD,WORD,... plays several boards at once (Dordle, Quordle, ...) with the multi-board
    strategy (-s entropy-solve, the default, or entropy-sum).
    """
    if "," in word:
        solve_boards(
            word,
            strategy,
            hard,
            opener,
            max_guesses,
            as_json,
            length,
            lang,
            words_file,
            answers_file,
        )
        return
    if max_guesses is not None:
        raise click.UsageError("--max-guesses goes with several words (WORD,WORD,...)")
    lists = load_lists(length, lang, words_file, answers_file)
    matrix = lists.matrix()
    if strategy == AUTO:
        strategy = default_strategy(matrix)
    steps = solve_word(matrix, word, strategy, hard=hard, opener=opener)
    listed = steps[-1].word in lists.answers
    widened_at = next((i for i, s in enumerate(steps, 1) if s.widened), None)
    if as_json:
        echo_json(
            {
                "answer": steps[-1].word,
                "strategy": strategy,
                "hard": hard,
                "guesses": len(steps),
                "in_answer_list": listed,
                "widened_at": widened_at,
                "steps": [s.to_dict() for s in steps],
            }
        )
        return
    table = Table(box=None, pad_edge=False, header_style="bold")
    for name, justify in (
        ("#", "right"),
        ("guess", "left"),
        ("feedback", "left"),
        ("left", "right"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for i, s in enumerate(steps, 1):
        table.add_row(
            str(i), s.word.upper(), s.pattern.emoji, "solved" if s.solved else str(s.after)
        )
    out = stdout()
    out.print(
        f"{strategy}{' (hard mode)' if hard else ''} solves {steps[-1].word.upper()} "
        f"in {len(steps)} {'guess' if len(steps) == 1 else 'guesses'}:"
    )
    out.print(table)
    if not listed:
        out.print(
            f"{steps[-1].word.upper()} is not in the answer list"
            + (f" of the {lists.set_name} lists" if lists.set_name else f" {lists.answers.name!r}")
            + f"; after guess "
            f"{widened_at} no listed answer fitted and every allowed word became possible."
        )


def solve_boards(
    words: str,
    strategy: str,
    hard: bool,
    opener: str,
    max_guesses: int | None,
    as_json: bool,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
) -> None:
    from ..errors import VariantError
    from ..strategies import make_multi_strategy, multi_method
    from ..variants import Multi
    from .variants import multi_solve_rows, print_multi_solve

    answers = [w.strip() for w in words.split(",")]
    if any(not w for w in answers):
        raise VariantError(f"{words!r} has an empty word; separate the answers with commas", words)
    if hard:
        raise VariantError("hard mode is not played on several boards", "--hard")
    if opener != AUTO:
        raise VariantError("--opener is not used with several boards", opener)
    method = multi_method(strategy)  # auto and entropy: the entropy method that plays to solve
    rules = Multi.of(len(answers), max_guesses)
    lists = load_lists(length, lang, words_file, answers_file)
    game, data = multi_solve_rows(lists.matrix(), answers, rules, make_multi_strategy(method))
    if as_json:
        echo_json(data)
        return
    print_multi_solve(game, stdout())
