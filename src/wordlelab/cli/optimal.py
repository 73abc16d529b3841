"""wordlelab optimal: the exact search for the fewest-total-guesses decision tree."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from ..errors import UnknownWordError, WordlelabError
from ..exact.optimal import Progress as SearchProgress
from ..exact.optimal import solve_optimal
from ..game.notation import parse_position, read_position
from ..paths import available_memory_bytes
from .common import (
    capped_to_cores,
    check_output_path,
    check_writable_dir,
    echo_json,
    list_options,
    load_lists,
    may_be_terminal,
    stderr,
    stdout,
    write_output,
)
from .options import hard_option, max_guesses_option, ultrahard_option


@click.command()
@click.option(
    "--opener", default=None, help="Solve for this first guess (default: try the best candidates)."
)
@hard_option("Hard mode: every guess must use the revealed hints.")
@ultrahard_option(
    "Ultrahard mode: every guess must be a word that could still be the answer "
    "(alex1770/wordle's -U); fewest answers lost, then fewest guesses."
)
@click.option(
    "--position",
    default=None,
    metavar="POSITION",
    help="Solve from this position, e.g. 'salet:...y. drone:y...g' (a trailing word: that guess).",
)
@max_guesses_option("Every answer must be solved within this many guesses.", default=6)
@click.option(
    "--candidates",
    type=click.IntRange(1, 100000),
    default=10,
    show_default=True,
    help="Without --opener: how many openers (the lowest per-guess bounds first) to search.",
)
@click.option(
    "--out",
    "out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the tree here (one line per answer).",
)
@click.option(
    "--memo-mb",
    type=click.IntRange(1, 65536),
    default=256,
    show_default=True,
    help="Memory for the table of solved sub-problems (shared out among the threads).",
)
@click.option(
    "--threads",
    type=click.IntRange(1, 1024),
    default=None,
    help="Search threads: the opener's feedback groups are solved in parallel.  [default: one per core]",
)
@click.option(
    "--absurdle",
    is_flag=True,
    help="Instead: the fewest guesses that force a win against Absurdle, with a proof.",
)
@click.option(
    "--keep",
    is_flag=True,
    help="With --opener: keep the proven tree, so that reviews and the coach value every "
    "position after that opener from it (kept in the data folder).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@list_options
def optimal(
    opener: str | None,
    hard: bool,
    ultrahard: bool,
    position: str | None,
    max_guesses: int,
    candidates: int,
    out: str | None,
    memo_mb: int,
    threads: int | None,
    absurdle: bool,
    keep: bool,
    as_json: bool,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
) -> None:
    """Find the strategy with the fewest total guesses over all answers, and prove it.

    Ctrl-C stops the search and reports the best tree found so far as an upper bound.
    With --absurdle: the fewest guesses that force a win against the Absurdle adversary, a winning
    line, and an exhaustive proof that one guess fewer is not enough.
    """
    if keep and (opener is None or position is not None or absurdle):
        raise WordlelabError(
            "--keep keeps the tree after an --opener on the whole lists (no --position, no "
            "--absurdle)",
            "--keep",
        )
    if ultrahard and (keep or absurdle):
        raise WordlelabError(
            f"--ultrahard takes no {'--keep' if keep else '--absurdle'} (the reviews and Absurdle "
            "play normal and hard mode)",
            "--ultrahard",
        )
    hard = hard or ultrahard
    if keep:
        from ..exact.tree import kept_opener_tree_dir

        check_writable_dir(kept_opener_tree_dir(), "--keep")  # before the search
    if absurdle:
        optimal_absurdle(
            hard, opener, position, out, as_json, length, lang, words_file, answers_file
        )
        return
    out_path = check_output_path(
        out, "--out"
    )  # before the search: a proof is never lost to a bad path
    memo_mb = capped_memo_mb(memo_mb)
    threads = capped_to_cores(threads, "--threads")
    if position is not None:
        parse_position(
            position
        )  # its syntax, before the matrix is built (its words are checked below)
    lists = load_lists(length, lang, words_file, answers_file)
    if opener is not None:  # a word of the lists, before the matrix is built
        try:
            lists.guesses.lookup(opener)
        except UnknownWordError:
            raise UnknownWordError(
                f"opener {opener!r} is not an allowed guess ({lists.guesses.name})", opener
            ) from None
    matrix = lists.matrix(on_build=lambda: stderr().print("building the pattern matrix…"))
    history: list[tuple[int, int]] = []
    subset: list[str] | None = None
    if position is not None:
        pos, trailing = read_position(
            position, matrix, hard=hard, max_guesses=max_guesses, ultrahard=ultrahard
        )
        if trailing is not None and opener is not None:
            raise WordlelabError(
                "give the guess to value either at the end of --position or as --opener", position
            )
        opener = trailing or opener
        history = list(pos.history)
        subset = pos.candidate_words
    from ..exact.opener_values import known_optimum

    optimum = (
        known_optimum(matrix.guesses.fingerprint, matrix.answers.fingerprint, hard, max_guesses)
        if position is None and opener is None and not ultrahard
        else None
    )
    with search_progress() as progress:
        res = solve_optimal(
            matrix,
            opener=opener,
            hard=hard,
            max_guesses=max_guesses,
            candidates=candidates,
            progress=progress,
            memo_mb=memo_mb,
            answers=subset,
            history=history,
            threads=threads,
            known_optimum=optimum,
            # Hard mode's objective: fewest answers lost, then fewest guesses (where every answer
            # can be solved in time, the same tree and total as the fewest guesses alone).
            losses=hard,
            ultrahard=ultrahard,
        )
    tree = res.tree()
    kept: str | None = None
    kept_ok = True
    if keep and res.proven:
        from ..exact.tree import keep_opener_tree, kept_opener_tree_path

        target = kept_opener_tree_path(
            matrix.guesses.fingerprint, matrix.answers.fingerprint, tree.meta["mode"], res.opener
        )

        def write_kept(_path: Path) -> None:
            keep_opener_tree(tree)

        kept_ok = write_output(target, write_kept, "kept tree")
        kept = str(target) if kept_ok else None
    written = out_path is None or write_output(out_path, tree.save, "tree")
    if not written:
        out = None
    if res.proven:
        status = f"optimal after {res.opener} (proven)" if res.opener_given else "optimal (proven)"
    elif res.best_of_searched:
        status = f"the best of the {res.searched} openers searched (proven)"
    else:
        status = "interrupted: upper bound" if res.interrupted else "upper bound"
    if as_json:
        echo_json(
            {
                "opener": res.opener,
                "total": res.total,
                "lost": res.lost,
                "mean": round(res.mean, 4),
                "worst": res.worst,
                "distribution": {str(k): v for k, v in tree.distribution.items()},
                "proven": res.proven,
                "proof": res.proof,
                "best_of_searched": res.best_of_searched,
                "lower_bound": res.lower_bound,
                "interrupted": res.interrupted,
                "hard": hard,
                **({"ultrahard": True} if ultrahard else {}),
                "max_guesses": max_guesses,
                "answers": res.n_answers,
                "nodes": res.nodes,
                "seconds": round(res.elapsed, 2),
                "out": out,
                "position": position,
                "kept": kept,
                "openers": [
                    {
                        "word": o.word,
                        "value": o.value,
                        "lost": o.lost,
                        "exact": o.exact,
                        "greedy": o.greedy,
                    }
                    for o in res.openers
                ],
                # The file could not be written: the tree itself, so the proven result is not lost.
                **({} if written else {"tree": tree.to_text()}),
            }
        )
    else:
        con = stdout()
        mode = f"{res.mode} mode"
        if position is not None:
            con.print(
                f"from {position}: {res.n_answers} answers possible, {max_guesses - len(history)} guesses left"
            )
        lost = (
            f"loses {res.lost} of the {res.n_answers} answers (each counted as "
            f"{max_guesses + 1} guesses), "
            if res.lost
            else ""
        )
        con.print(
            f"[bold]{res.opener}[/bold] ({mode}): {lost}{res.total} guesses for {res.n_answers} "
            f"answers, mean {res.mean:.4f}, worst {res.worst} — {status}"
        )
        if res.proven and res.table:
            con.print(f"the openers not searched: {res.table}")
        if res.best_of_searched and not res.proven:
            con.print(
                f"other openers: not searched, each at least {res.lower_bound} by its bound, so one "
                "could do better; 'wordlelab openers --exact' values every opener"
            )
        elif not res.proven:
            con.print(f"proven lower bound: {res.lower_bound}")
        dist = "  ".join(f"{k}: {v}" for k, v in tree.distribution.items())
        con.print(f"guesses per answer  {dist}")
        if opener is None and res.openers:
            from rich.table import Table

            greedy = any(o.greedy is not None for o in res.openers)
            first = "next guess" if res.after else "opener"
            table = Table(first, "total", "proof", *(["greedy tree"] if greedy else []))
            for o in res.openers:
                table.add_row(
                    o.word,
                    f"{o.lost} lost, {o.value}" if o.lost else str(o.value),
                    "exact" if o.exact else "lower bound",
                    *(["-" if o.greedy is None else str(o.greedy)] if greedy else []),
                )
            con.print(table)
        con.print(
            f"{res.nodes:,} nodes in {res.elapsed:.1f}s"
            + (f"; tree written to {out}" if out else "")
        )
        if kept:
            con.print(
                f"kept: reviews and the coach now value every position after {res.opener} from "
                f"this tree ({kept})"
            )
        elif keep and not res.proven:
            con.print("not kept: the search did not finish its proof")
        if not written:
            con.print("the tree, one line per answer (it could not be written to the file):")
            click.echo(tree.to_text(), nl=False)
    if res.interrupted:
        click.echo(
            "wordlelab: interrupted; the tree shown is the best found so far, an upper bound",
            err=True,
        )
        sys.exit(130)
    if not written or not kept_ok:
        sys.exit(1)


@contextmanager
def search_progress() -> Iterator[Callable[[SearchProgress], None] | None]:
    """A progress bar on stderr while the search runs, when stderr is a terminal; else None.

    Without a terminal there is no bar to show, so rich.progress is not even loaded: start-up
    time counts when whole runs are compared.
    """
    if not may_be_terminal(sys.stderr):
        yield None
        return
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    err = stderr()
    bar = Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} groups"),
        TextColumn(
            "nodes {task.fields[nodes]:,}  best {task.fields[upper]}  lower {task.fields[lower]}"
        ),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    with bar:
        task = bar.add_task("starting", total=None, nodes=0, upper="-", lower="-")

        def progress(p: SearchProgress) -> None:
            bar.update(
                task,
                description=f"{p.phase} {p.opener}",
                completed=p.parts_done,
                total=p.parts_total or None,
                nodes=p.nodes,
                upper="-" if p.upper is None else p.upper,
                lower="-" if p.lower is None else p.lower,
            )

        yield progress


def capped_memo_mb(memo_mb: int) -> int:
    """--memo-mb, at most half the memory this machine has free (said on stderr when capped)."""
    free = available_memory_bytes()
    if free is None:
        return memo_mb
    cap = max(16, free // 2 // 2**20)
    if memo_mb > cap:
        click.echo(
            f"wordlelab: --memo-mb {memo_mb} is more than half the free memory "
            f"({free // 2**20} MB free); using {cap}",
            err=True,
        )
        return cap
    return memo_mb


def optimal_absurdle(
    hard: bool,
    opener: str | None,
    position: str | None,
    out: str | None,
    as_json: bool,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
) -> None:
    from ..errors import VariantError
    from ..exact.absurdle import prove_absurdle
    from .variants import print_absurdle_proof

    ctx = click.get_current_context()
    for name in ("opener", "position", "out", "candidates", "max_guesses", "memo_mb"):
        source = ctx.get_parameter_source(name)
        if source is not None and source.name != "DEFAULT":
            raise VariantError(f"--{name.replace('_', '-')} is not used with --absurdle", name)
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    lists = load_lists(length, lang, words_file, answers_file)
    err = stderr()
    matrix = lists.matrix(on_build=lambda: err.print("building the pattern matrix…"))
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} first guesses"),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as bar:
        task = bar.add_task("searching", total=None)
        proof = prove_absurdle(
            matrix,
            hard=hard,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
        )
    if as_json:
        echo_json(proof.to_dict())
        return
    print_absurdle_proof(proof, stdout())
