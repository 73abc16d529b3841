"""wordlelab bench: play every answer with one or more strategies and compare them."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from ..assist.simulate import SimulationResult, simulate
from ..errors import WordlelabError
from ..game.lists import target_list
from ..kernels.threads import get_threads, set_threads
from ..strategies import Strategy, build_strategies
from .common import (
    capped_to_cores,
    check_output_path,
    echo_json,
    list_options,
    load_lists,
    stderr,
    stdout,
    write_output,
)
from .options import boards_option, given, hard_option, max_guesses_option

if TYPE_CHECKING:
    from ..game.lists import Lists


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs as text; each strategy converts and checks the options it declares."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise WordlelabError(f"option {pair!r} is not KEY=VALUE", pair)
        out[key] = text.strip()
    return out


def histogram_lines(result: SimulationResult, width: int = 40) -> list[str]:
    counts = result.distribution + [len(result.failed)]
    labels = [str(i) for i in range(1, result.max_guesses + 1)] + ["X"]
    top = max(counts) or 1
    return [
        f"{lab:>2} {'█' * max(1 if c else 0, round(width * c / top)):<{width}} {c}"
        for lab, c in zip(labels, counts)
    ]


# Failed words shown in the text report; --json has them all.
SHOW_FAILED = 10


def _pyplot(path: str) -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise WordlelabError(
            "--plot needs matplotlib; install it with: pip install 'wordlelab[plot]'", path
        ) from None
    return plt


def plot_formats(path: str) -> list[str]:
    """The file formats matplotlib can write here (png, pdf, svg, ...)."""
    plt = _pyplot(path)
    fig = plt.figure()
    try:
        return sorted(fig.canvas.get_supported_filetypes())
    finally:
        plt.close(fig)


def plot_histogram(results: Sequence[SimulationResult], path: str | Path) -> None:
    """Grouped bars of the guess distributions (and failures), in the format of the extension."""
    plt = _pyplot(str(path))
    max_guesses = results[0].max_guesses
    labels = [str(i) for i in range(1, max_guesses + 1)] + ["fail"]
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(labels)), 4))
    width = 0.8 / len(results)
    for i, r in enumerate(results):
        counts = r.distribution + [len(r.failed)]
        xs = [x + (i - (len(results) - 1) / 2) * width for x in range(len(labels))]
        ax.bar(xs, counts, width, label=f"{r.strategy} ({r.opener}, {r.mean:.4f})")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_xlabel("guesses")
    ax.set_ylabel("answers")
    mode = "hard" if results[0].hard else "normal"
    ax.set_title(f"wordlelab bench: {results[0].games} answers, {mode} mode")
    ax.legend(fontsize="small")
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=100)
    finally:
        plt.close(fig)


def _auto_strategy(lists: Lists, hard: bool, max_guesses: int) -> str:
    """The coach where a shipped proven tree covers the lists and mode (every game follows it, fast);
    elsewhere the assistant's default heuristic (a bench plays thousands of positions: an exact
    search at each would take hours). Decided from the lists alone, before the matrix is built."""
    from ..exact.evaluation import has_proven_tree

    if len(lists.answers) == len(lists.guesses):
        return "prior"  # as the assistant's default: every allowed word may be the answer
    if lists.guesses.length <= 8 and has_proven_tree(
        lists.guesses.fingerprint, lists.answers.fingerprint, hard, max_guesses
    ):
        return "coach"
    return "entropy"


@click.command("bench")
@click.option(
    "-s",
    "--strategy",
    "strategy_names",
    default="auto",
    show_default=True,
    help="Strategy or comma-separated strategies (see 'wordlelab strategies'); 'auto': the "
    "coach where a proven tree ships for the lists and mode, else as 'assist' would.",
)
@hard_option()
@click.option("--opener", default=None, help="Fix the first guess (default: each strategy's own).")
@click.option(
    "--pool",
    type=click.Choice(["all", "candidates"]),
    default=None,
    help="Guess pool for every strategy (default: each strategy's own).",
)
@list_options
@click.option(
    "--targets",
    "targets_spec",
    default=None,
    metavar="FILE|NAME",
    help="Play only these answers (the strategy still counts every --answers word as "
    "possible), e.g. --answers all --targets answers.",
)
@max_guesses_option(
    "Games needing more guesses count as failures [default: 6; with --boards the "
    "variant's own, e.g. 9 for 4 boards]."
)
@boards_option("Several boards at once on seeded random answer tuples (needs --games).")
@click.option(
    "--games",
    type=click.IntRange(1, 10_000_000),
    default=None,
    help="With --boards: how many games to play.",
)
@click.option(
    "--seed",
    type=int,
    default=1,
    show_default=True,
    help="With --boards: seed of the answer tuples.",
)
@click.option(
    "-o",
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Strategy option, e.g. -o m=20 for lookahead (repeatable).",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(1, None),
    default=None,
    help="Threads for the parallel kernels (default: all cores).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option(
    "--plot",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write a histogram; the extension picks the format (.png when there is none).",
)
def bench(
    strategy_names: str,
    hard: bool,
    opener: str | None,
    pool: str | None,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
    targets_spec: str | None,
    max_guesses: int | None,
    boards: int | None,
    games: int | None,
    seed: int,
    options: tuple[str, ...],
    jobs: int | None,
    as_json: bool,
    plot: str | None,
) -> None:
    """Play every answer with each strategy and report how many guesses it needs.

    With --boards N: play --games seeded random games of N boards (-s entropy-solve or entropy-sum).
    """
    if boards is not None or games is not None:
        # The pair first: with --games but no --boards the missing --boards is the problem.
        if boards is None:
            raise click.UsageError("--games goes with --boards")
        if games is None:
            raise click.UsageError("--boards and --games go together")
        if targets_spec is not None:
            raise WordlelabError(
                "--targets is for one board; --boards draws its own answers", targets_spec
            )
        bench_boards(
            strategy_names,
            hard,
            opener,
            pool,
            length,
            lang,
            words_file,
            answers_file,
            max_guesses,
            boards,
            games,
            seed,
            options,
            jobs,
            as_json,
            plot,
        )
        return
    if given("seed"):
        raise click.UsageError(
            "--seed goes with --boards: one board plays every answer (or the --targets) in order"
        )
    max_guesses = 6 if max_guesses is None else max_guesses
    auto = strategy_names == "auto"
    strategies = [] if auto else build_strategies(strategy_names, pool, parse_options(options))
    lists = load_lists(length, lang, words_file, answers_file)
    if auto:
        strategies = build_strategies(
            _auto_strategy(lists, hard, max_guesses), pool, parse_options(options)
        )
    for s in strategies:  # lists a strategy cannot play: refused before the matrix and the games
        s.check_lists(lists.guesses, lists.answers, hard, max_guesses)
    targets = list(target_list(lists, targets_spec)) if targets_spec is not None else None
    n_games = len(targets) if targets is not None else len(lists.answers)
    if opener is not None:
        opener = lists.guesses.normalize(opener)
        lists.guesses.index(opener)  # UnknownWordError before any work
    plot_path = (
        check_output_path(plot, "--plot", plot_formats(plot), "png") if plot is not None else None
    )
    if jobs is not None:
        set_threads(capped_to_cores(jobs, "--jobs") or 1)
    err = stderr()
    matrix = lists.matrix(on_build=lambda: err.print("building the pattern matrix…"))
    results = []
    with Progress(
        TextColumn("{task.description:<22}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as bar:
        for strategy in strategies:
            task = bar.add_task(strategy.name, total=n_games)

            def advance(done: int, total: int, task: TaskID = task) -> None:
                bar.update(task, completed=done)

            def computing(strategy: Strategy = strategy) -> None:
                # Can take minutes (lookahead with a large m): say why nothing moves yet.
                bar.console.print(
                    f"{strategy.name}: computing its first guess (cached for next time)…"
                )

            results.append(
                simulate(
                    strategy,
                    matrix,
                    hard=hard,
                    opener=opener,
                    max_guesses=max_guesses,
                    progress=advance,
                    on_opener=computing,
                    targets=targets,
                )
            )
    written = plot_path is None or write_output(
        plot_path, lambda p: plot_histogram(results, p), "histogram"
    )
    if as_json:
        echo_json(
            {
                "guesses": {"name": lists.guesses.name, "size": len(lists.guesses)},
                "answers": {"name": lists.answers.name, "size": len(lists.answers)},
                "played": n_games,
                "hard": hard,
                "max_guesses": max_guesses,
                "threads": get_threads(),
                "results": [r.to_dict() for r in results],
            }
        )
        if not written:
            sys.exit(1)
        return
    out = stdout()
    mode = "hard" if hard else "normal"
    played = f" ({n_games} played)" if targets is not None else ""
    table = Table(
        title=f"{len(lists.answers)} answers{played}, {len(lists.guesses)} allowed guesses, {mode} mode",
        show_edge=False,
        pad_edge=False,
    )
    table.add_column("strategy", no_wrap=True)
    table.add_column("opener", no_wrap=True)
    table.add_column("mean", justify="right")
    for i in range(1, max_guesses + 1):
        table.add_column(str(i), justify="right")
    for col in ("fail", "worst", "games/s"):
        table.add_column(col, justify="right", no_wrap=True)
    best = min(r.mean for r in results)
    for r in results:
        mean = f"{r.mean:.4f}"
        table.add_row(
            r.strategy,
            r.opener,
            f"[bold]{mean}[/]" if r.mean == best and len(results) > 1 else mean,
            *(str(c) for c in r.distribution),
            str(len(r.failed)),
            str(r.worst),
            f"{r.games_per_second:.0f}",
        )
    # Never squeeze the numbers: a narrow (or piped, 80-column) console gets a wider table.
    Console(highlight=False, width=max(out.width, 110)).print(table)
    for r in results:
        out.print(
            f"\n{r.strategy} ({r.opener}): total {r.total} guesses, worst {r.worst} "
            f"({', '.join(r.worst_words[:8])}{'…' if len(r.worst_words) > 8 else ''})"
        )
        for line in histogram_lines(r):
            out.print(line)
        if r.failed:
            more = (
                f" … and {len(r.failed) - SHOW_FAILED} more (all of them with --json)"
                if len(r.failed) > SHOW_FAILED
                else ""
            )
            out.print(f"failed ({len(r.failed)}): {' '.join(r.failed[:SHOW_FAILED])}{more}")
    if plot_path is not None and written:
        out.print(f"\nhistogram written to {plot_path}")
    if not written:
        sys.exit(1)


def bench_boards(
    strategy_names: str,
    hard: bool,
    opener: str | None,
    pool: str | None,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
    max_guesses: int | None,
    boards: int | None,
    games: int | None,
    seed: int,
    options: tuple[str, ...],
    jobs: int | None,
    as_json: bool,
    plot: str | None,
) -> None:
    """bench --boards N --games G --seed S: every option checked before any game is played."""
    from ..game.rules import check_seed, rules_from_options
    from ..strategies import multi_method
    from .variants import print_multi_bench

    if boards is None or games is None:
        raise click.UsageError("--boards and --games go together")
    for flag, used in (
        ("--hard", hard),
        ("--opener", opener is not None),
        ("--pool", pool is not None),
        ("--option", bool(options)),
        ("--plot", plot is not None),
    ):
        if used:
            raise WordlelabError(f"{flag} is not used with --boards", flag)
    # As 'solve WORD,WORD': auto and entropy mean the default method; 'coach' and the other
    # one-board strategies are refused, not silently replaced.
    method = multi_method(strategy_names)
    rules = rules_from_options(boards=boards, tries=max_guesses)
    check_seed(seed)
    lists = load_lists(length, lang, words_file, answers_file)
    if boards > len(lists.answers):
        raise WordlelabError(
            f"{boards} boards need {boards} different answers; "
            f"{lists.answers.name} has {len(lists.answers)}",
            boards,
        )
    if jobs is not None:
        set_threads(jobs)
    err = stderr()
    matrix = lists.matrix(on_build=lambda: err.print("building the pattern matrix…"))
    with Progress(
        TextColumn(f"{rules.title:<12}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as bar:
        task = bar.add_task(rules.title, total=games)
        result = rules.simulate(
            matrix,
            method,
            games=games,
            seed=seed,
            progress=lambda done, total: bar.update(task, completed=done),
        )
    if as_json:
        echo_json(
            {
                "guesses": {"name": lists.guesses.name, "size": len(lists.guesses)},
                "answers": {"name": lists.answers.name, "size": len(lists.answers)},
                **result.to_dict(),
            }
        )
        return
    print_multi_bench(result, stdout(), method)
