"""wordlelab openers: every allowed opening word ranked by a metric, by whole games, or exactly."""

from __future__ import annotations

import json
import sys
import time
from typing import TYPE_CHECKING

import click

from ..errors import WordlelabError
from ..paths import write_atomic  # light (no numpy); a module name the tests can patch
from .options import chosen_lists, given, hard_option, list_options, max_guesses_option

if TYPE_CHECKING:
    from ..exact.opener_values import OpenerValue
    from ..exact.ranking import RankingResult

# The one-step metrics (wordlelab.assist.openers.METRICS, checked by a test): named here so that a table
# look-up (--exact --opener) loads neither numpy nor numba.
METRIC_NAMES = ("entropy", "splits", "expected-size", "minimax")


def _ranking_run() -> tuple[tuple[str, bool], ...]:
    """The options only a ranking run (--by-play, --exact without --opener) uses, each with
    whether the user typed it (a default, or RAY_ADDRESS in the environment, is no mistake)."""
    return tuple(
        (flag, given(name))
        for flag, name in (
            ("--backend", "backend"),
            ("--workers", "workers"),
            ("--address", "address"),
            ("--store", "store_path"),
            ("--csv", "csv_path"),
        )
    )


@click.command("openers")
@click.option(
    "-m",
    "--metric",
    type=click.Choice(METRIC_NAMES),
    default="entropy",
    show_default=True,
    help="What makes an opener good (the one-step ranking: without --by-play or --exact).",
)
@click.option(
    "--by-play",
    "by_play",
    metavar="STRATEGY",
    default=None,
    help="Rank by whole games: play every answer from each opener with STRATEGY.",
)
@click.option("--exact", is_flag=True, help="Rank by the exact optimum after each opener.")
@click.option(
    "--opener",
    "opener_words",
    multiple=True,
    metavar="WORD",
    help="With --exact: this opener's proven value, mean, rank and gap to the best, from the "
    "shipped table (repeatable; instant).",
)
@click.option(
    "--prove",
    is_flag=True,
    help="With --opener: where the table holds only a bound (original lists), prove the exact "
    "value now with the exact search, within --prove-nodes.",
)
@click.option(
    "--prove-nodes",
    type=click.IntRange(1, None),
    default=None,
    metavar="N",
    help="Search nodes each --prove may take (default 50000; the same verdict on any machine).",
)
@click.option(
    "--best",
    is_flag=True,
    help="With --exact: only find the best; cut openers that provably cannot beat it (shown ≥).",
)
@click.option(
    "-c",
    "--candidates",
    type=click.IntRange(1, None),
    default=None,
    help="Rank the best N openers by a one-step bound [--by-play/--exact; default 100].",
)
@click.option(
    "--all", "all_openers", is_flag=True, help="Rank every allowed word [--by-play/--exact]."
)
@click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Strategy option for --by-play (repeatable).",
)
@click.option(
    "--backend",
    type=click.Choice(["auto", "local", "ray", "serial"]),
    default="auto",
    show_default=True,
    help="Where a ranking's openers run [--by-play/--exact]: worker processes here, Ray, or this "
    "process (auto: ray with --address, else local).",
)
@click.option(
    "--workers",
    "-j",
    type=click.IntRange(1, None),
    default=None,
    help="Worker processes [--by-play/--exact; local or ray; default: every core].",
)
@click.option(
    "--address",
    default=None,
    envvar="RAY_ADDRESS",
    help="An existing Ray cluster (ray://host:port) [--by-play/--exact]; also RAY_ADDRESS.",
)
@click.option(
    "--store",
    "store_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Results store [--by-play/--exact] (SQLite; default: rankings.sqlite in the user data "
    "directory).",
)
@click.option(
    "--csv",
    "csv_path",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Also write the ranking as CSV to this file [--by-play/--exact].",
)
@click.option(
    "-n",
    "--top",
    type=click.IntRange(0, None),
    default=20,
    show_default=True,
    help="How many to show (0: all); --exact --opener shows each opener named, and a "
    "ranking's --json every row.",
)
@hard_option()
@max_guesses_option("Guesses allowed per game [--by-play/--exact].", default=6)
@list_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def openers(
    metric: str,
    by_play: str | None,
    exact: bool,
    opener_words: tuple[str, ...],
    prove: bool,
    prove_nodes: int | None,
    best: bool,
    candidates: int | None,
    all_openers: bool,
    options: tuple[str, ...],
    backend: str,
    workers: int | None,
    address: str | None,
    store_path: str | None,
    csv_path: str | None,
    top: int,
    hard: bool,
    max_guesses: int,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
    as_json: bool,
) -> None:
    """Rank the opening words: by METRIC (one step), by whole games (--by-play) or exactly (--exact).

    --exact --opener WORD looks each opener up in the shipped table of exact values (nyt and
    nyt2022 lists: complete; original lists: proven values and bounds, labelled).
    """
    if (prove or prove_nodes is not None) and not opener_words:
        raise WordlelabError("--prove and --prove-nodes go with --exact --opener WORD", "--prove")
    if opener_words:
        if not exact:
            raise WordlelabError(
                "--opener needs --exact (the proven value from the shipped table)", "--opener"
            )
        for flag, used in (
            ("--words", words_file is not None),
            ("--answers", answers_file is not None),
            ("--length", length != 5),
            ("--lang", lang != "en"),
            ("--max-guesses", max_guesses != 6),
        ):
            if used:
                raise WordlelabError(
                    f"{flag} does not apply to --exact --opener: the shipped tables are for "
                    "the named list sets (--lists) with 6 guesses",
                    flag,
                )
        for flag, used in (
            ("--by-play", by_play is not None),
            ("--metric", given("metric")),
            ("--best", best),
            ("--candidates", candidates is not None),
            ("--all", all_openers),
            ("--option", bool(options)),
            *_ranking_run(),
            ("--top", given("top")),
        ):
            if used:
                raise WordlelabError(
                    f"{flag} does not apply to --exact --opener: it looks each opener named up "
                    "in the shipped table and runs no ranking",
                    flag,
                )
        _lookup(opener_words, hard, as_json, prove or prove_nodes is not None, prove_nodes)
        return
    from ..exact.ranking import RankJob, ResultStore, candidate_openers, make_executor, rank
    from .common import (
        capped_to_cores,
        check_output_path,
        echo_json,
        load_lists,
        stderr,
        write_output,
    )

    if by_play is None and not exact:
        for flag, used in (
            ("--best", best),
            ("--candidates", candidates is not None),
            ("--all", all_openers),
            ("--option", bool(options)),
            *_ranking_run(),
            ("--max-guesses", given("max_guesses")),
        ):
            if used:
                raise WordlelabError(f"{flag} needs --by-play or --exact", flag)
        _one_step(metric, top, hard, length, lang, words_file, answers_file, as_json)
        return
    from .bench import parse_options

    if by_play is not None and exact:
        raise WordlelabError("choose one of --by-play and --exact", "--by-play --exact")
    if best and not exact:
        raise WordlelabError("--best applies to --exact only", "--best")
    if all_openers and candidates is not None:
        raise WordlelabError("choose one of --candidates and --all", "--all")
    if exact and options:
        raise WordlelabError("--option applies to --by-play only", options)
    if given("metric"):
        raise WordlelabError(
            "--metric is for the one-step ranking; --by-play and --exact rank by whole games",
            "--metric",
        )
    if as_json and given("top"):
        raise WordlelabError("--top does not apply to --json: the JSON has every opener", "--top")
    if backend == "serial" and workers is not None:
        raise WordlelabError(
            "--workers does not apply to --backend serial (one process)", "--workers"
        )
    if backend in ("local", "serial") and given("address"):
        raise WordlelabError(f"--address goes with --backend ray, not {backend}", "--address")
    csv_out = check_output_path(csv_path, "--csv")
    job = (
        RankJob.exact(hard, max_guesses)
        if exact
        else RankJob.by_play(by_play or "", hard, max_guesses, **parse_options(options))
    )
    if backend == "auto":
        backend = "ray" if address else "local"
    workers = capped_to_cores(workers, "--workers")
    store = ResultStore(
        store_path
    )  # another program's file or a missing folder: refused before any work
    try:
        executor = make_executor(
            backend, workers, address
        )  # a missing Ray fails here, before any work
        lists = load_lists(length, lang, words_file, answers_file)
        err = stderr()
        matrix = lists.matrix(on_build=lambda: err.print("building the pattern matrix…"))
        chosen = candidate_openers(matrix, job, None if all_openers else (candidates or 100))
    except BaseException:
        store.close()
        raise
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with (
        store,
        Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        ) as bar,
    ):
        task = bar.add_task(
            "exact" if exact else f"by play ({by_play})", total=len(chosen), rate=""
        )
        first: list[tuple[int, float]] = []

        def advance(done: int, total: int) -> None:
            now = time.monotonic()
            if not first:  # openers reused from the store do not count towards the rate
                first.append((done, now))
            start_done, start_time = first[0]
            rate = (done - start_done) / (now - start_time) if now > start_time else 0.0
            bar.update(task, completed=done, rate=f"{rate:.2f}/s")

        result = rank(
            matrix, job, chosen, executor=executor, store=store, best_only=best, progress=advance
        )
    # The ranking is shown whatever happens to the files: hours of work are never lost to them.
    if store.failed:
        click.echo(
            f"wordlelab: warning: {store.failed}; the openers after that are shown but not stored",
            err=True,
        )
    written = csv_out is None or write_output(
        csv_out, lambda p: write_atomic(p, result.to_csv().encode("utf-8")), "CSV table"
    )
    if as_json:
        data = result.to_dict()
        data.update(guesses=len(lists.guesses), answers=len(lists.answers))
        echo_json(data)
    else:
        _print_ranking(result, top, len(lists.answers), len(lists.guesses))
    if not written:
        sys.exit(1)


def _print_ranking(result: RankingResult, top: int, n_answers: int, n_guesses: int) -> None:
    from rich.table import Table

    from .common import stdout

    job = result.job
    mode = "hard" if job.hard else "normal"
    how = (
        f"by play ({job.strategy})"
        if job.kind == "play"
        else ("exactly, best only" if result.best_only else "exactly")
    )
    table = Table(
        show_edge=False,
        pad_edge=False,
        title=f"{len(result.rows)} openers {how}, {n_answers} answers, {n_guesses} guesses, {mode} mode",
    )
    table.add_column("#", justify="right")
    table.add_column("word")
    table.add_column("total", justify="right")
    table.add_column("mean", justify="right")
    if job.kind == "play":
        table.add_column("worst", justify="right")
        table.add_column("failures", justify="right")
    rows = result.rows if top == 0 else result.rows[:top]
    for i, r in enumerate(rows):
        sign = "" if r.exact else "≥ "
        lost = f"{r.lost} lost, " if r.lost else ""
        shown = (f"{sign}{lost}{r.guesses}", f"{sign}{r.mean:.4f}") if r.solvable else ("—", "—")
        cells = [str(i + 1), r.word, *shown]
        if job.kind == "play":
            cells += [str(r.worst), str(r.failures)]
        table.add_row(*cells)
    out = stdout()
    out.print(table)
    if any(r.lost for r in rows):
        out.print(
            f"N lost: after that opener every strategy loses N answers (proven); the total counts "
            f"each as {job.max_guesses + 1} guesses, and ranks by the fewest lost, then the fewest "
            "guesses"
        )
    if any(not r.solvable for r in rows):
        out.print(
            f"—: no tree within {job.max_guesses} (proven): after that opener no strategy solves "
            f"every answer within {job.max_guesses} guesses"
        )
    out.print(
        f"{result.computed} computed, {result.reused} from the store ({result.store}), "
        f"{result.seconds:.1f} s"
    )


def _one_step(
    metric: str,
    top: int,
    hard: bool,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
    as_json: bool,
) -> None:
    from rich.table import Table

    from ..assist.openers import openers_to_dict, rank_openers
    from .common import echo_json, load_lists, stderr, stdout

    lists = load_lists(length, lang, words_file, answers_file)
    matrix = lists.matrix(on_build=lambda: stderr().print("building the pattern matrix…"))
    ranked = rank_openers(matrix, metric, top or None, hard)
    if as_json:
        echo_json(openers_to_dict(metric, len(lists.guesses), len(lists.answers), ranked))
        return
    unit = ranked[0].metric if ranked else metric
    table = Table(
        show_edge=False,
        pad_edge=False,
        title=f"openers by {metric} over {len(lists.answers)} answers",
    )
    table.add_column("#", justify="right")
    table.add_column("word")
    table.add_column(unit, justify="right")
    table.add_column("answer?")
    for o in ranked:
        value = f"{o.value:.4f}" if o.value != int(o.value) else f"{int(o.value)}"
        table.add_row(str(o.rank), o.word, value, "yes" if o.is_answer else "")
    stdout().print(table)


def _lookup(
    words: tuple[str, ...],
    hard: bool,
    as_json: bool,
    prove: bool = False,
    prove_nodes: int | None = None,
) -> None:
    """Each opener's proven value from the shipped table; every word is checked before anything prints.

    With ``prove``, each row that is only a bound is searched now (one thread, a budget in nodes)."""
    from ..exact.opener_values import PROVE_NODES, look_up
    from ..game.list_sets import default_set_name

    def proving(word: str, nodes: int) -> None:
        click.echo(f"proving {word.upper()} (at most {nodes} search nodes)…", err=True)

    nodes = (prove_nodes or PROVE_NODES) if prove else None
    found = look_up(chosen_lists() or default_set_name(), hard, words, nodes, proving)
    table, values, proofs = found.table, found.values, found.proofs
    best = table.value(table.best.word)
    if as_json:
        click.echo(json.dumps(found.to_dict(), ensure_ascii=False, indent=2))
        return
    what = table.summary
    click.echo(
        f"Openers, exactly: {table.lists} lists ({table.answers} answers, {len(table)} allowed guesses), "
        f"{table.mode} mode, at most 6 guesses; {what}"
    )
    cells = [("word", "total", "mean", "rank", "gap")] + [_cells(v) for v in values]
    widths = [max(len(c[i]) for c in cells) for i in range(5)]
    for c in cells:
        click.echo(
            "  ".join(
                x.ljust(w) if i in (0, 3) else x.rjust(w) for i, (x, w) in enumerate(zip(c, widths))
            ).rstrip()
        )
    for v in values:
        if not v.solvable:
            click.echo(f"{v.verdict()}.")
    stuck = [v for v in values if not v.solvable]
    if stuck:
        from ..exact.tree import shipped_losses
        from ..game.list_sets import ANSWERS, GUESSES

        unproven = []
        for v in stuck:
            # Hard mode's objective after it, where its tree ships: fewest lost, then guesses.
            losses = shipped_losses(GUESSES[table.lists], ANSWERS[table.lists], v.word)
            if losses is None:
                unproven.append(v.word)
                continue
            click.echo(
                f"{v.word.upper()}: even perfect play after it can lose {losses[0]} of the "
                f"{v.answers} answers, and takes {losses[1] / v.answers:.4f} guesses a game, a lost "
                "answer counted as 7 (proven by wordlelab's search; its tree ships)."
            )
        if unproven:
            click.echo(
                f"'wordlelab optimal --opener {unproven[0]} --hard' proves the fewest answers "
                "lost after it, then the fewest guesses (a few minutes of search)."
            )
    for word, proof in proofs.items():
        how = (
            f"proven exactly now by wordlelab's search ({proof.nodes} nodes, {proof.seconds:.1f} s)"
            if proof.finished
            else f"not proven within {proof.nodes} search nodes: the bound stays"
        )
        click.echo(f"{word.upper()}: {how}.")
    if any(not v.exact for v in values):
        click.echo("≥: a proven lower bound, not the exact value.")
    click.echo(
        f"Best: {best.word.upper()} {best.total} ({best.best_mean:.4f} a game); gap = guesses a game "
        "lost against it."
    )


def _cells(v: OpenerValue) -> tuple[str, str, str, str, str]:
    if not v.solvable:
        # Ranked after every opener that solves every answer; unknown where the table is incomplete.
        return (
            v.word.upper(),
            "—",
            "—",
            f"{v.rank} of {v.openers}" + (f" (tied with {v.ties})" if v.ties else "")
            if v.rank_exact
            else "—",
            "no tree within 6",
        )
    assert v.total is not None and v.mean is not None and v.gap is not None
    sign = "" if v.exact else "≥ "
    rank = f"{v.rank} of {v.openers}" if v.rank_exact else f"≥ {v.rank} of {v.openers}"
    if v.ties and v.rank_exact:
        rank += f" (tied with {v.ties})"  # the others at the same value, as 'analyse' says
    return (v.word.upper(), f"{sign}{v.total}", f"{sign}{v.mean:.4f}", rank, f"{sign}+{v.gap:.4f}")
