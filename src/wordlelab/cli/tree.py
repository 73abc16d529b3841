"""wordlelab tree verify | show: check and inspect decision-tree files."""

from __future__ import annotations

import click
from rich.tree import Tree as RichTree

from ..errors import InvalidPatternError, InvalidWordError, TreeError
from ..exact.tree import DecisionTree, bundled_opener_trees, bundled_trees, load_tree
from ..game.feedback import Pattern, score
from ..limits import exists
from .common import echo_json, list_options, load_lists, stdout
from .options import hard_option, max_guesses_option, ultrahard_option


@click.group()
def tree() -> None:
    """Check and inspect decision-tree files (one line of guesses per answer)."""


FILE_HELP = (
    "FILE is a tree file or a shipped tree's name ({names}; or an opener tree, proven optimal "
    "after its opener: {openers}); without it, the shipped tree for the lists and mode given."
)


@tree.command(
    epilog=FILE_HELP.format(
        names=", ".join(bundled_trees()), openers=", ".join(bundled_opener_trees())
    )
)
@click.argument("file", required=False)
@hard_option("Also check that every guess is legal in hard mode.")
@ultrahard_option(
    "Also check that every guess could still be the answer (ultrahard mode; a tree whose "
    "header says 'mode: ultrahard' is checked so without it)."
)
@max_guesses_option("Fail when a line has more guesses than this.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@list_options
def verify(
    file: str,
    hard: bool,
    ultrahard: bool,
    max_guesses: int | None,
    as_json: bool,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
) -> None:
    """Replay every line of FILE with the game engine and report the tree's figures."""
    lists = load_lists(length, lang, words_file, answers_file)
    t = load_tree(file, lists.guesses, lists.answers, hard)
    file = file or t.name
    ultrahard = ultrahard or t.meta.get("mode") == "ultrahard"
    hard = hard or ultrahard
    answers = lists.answers
    # A tree searched from a position ('optimal --position ... --out') says so in its header:
    # its lines follow those guesses, for the answers that fit them.
    after = _history(t.meta.get("after"), answers.length)
    if after:
        from ..game import consistent_words
        from ..game.words import WordList

        fit = consistent_words(answers.words, after)
        if not fit:
            raise TreeError(f"{file}: no answer fits its position {t.meta['after']!r}", file)
        answers = WordList(fit, f"{answers.name} after {t.meta['after']}", answers.language)
    if max_guesses is None and t.lost:
        # A lost answer's line plays every guess the limit allows: the limit is the tree's.
        max_guesses = int(t.meta.get("max-guesses", "6"))
    report = t.verify(
        lists.guesses,
        answers,
        hard=hard,
        max_guesses=max_guesses,
        after=after,
        ultrahard=ultrahard,
    )
    if "lost" in t.meta:
        # A tree of hard mode's objective (fewest lost, then fewest guesses) claims both figures
        # in its header: the replay must bear them out.
        claimed = (t.meta.get("lost"), t.meta.get("total"))
        if claimed != (str(report.lost), str(report.total)):
            raise TreeError(
                f"{file}: its header claims {claimed[0]} lost and {claimed[1]} guesses, but the "
                f"lines replay to {report.lost} lost and {report.total} guesses",
                file,
            )
    if as_json:
        echo_json({"file": file, "ok": True, **report.as_dict()})
        return
    con = stdout()
    mode = "ultrahard mode" if ultrahard else "hard mode" if hard else "normal mode"
    where = f" after {t.meta['after']}" if after else ""
    con.print(
        f"{file}: OK ({mode}{where}) — {report.answers} answers, {report.total} guesses in total, "
        f"mean {report.mean:.4f}, worst {report.worst}, opener {report.opener}"
        + (
            f"; {report.lost} lost, each counted as {max_guesses} + 1 guesses"
            if report.lost
            else ""
        )
    )
    con.print(
        "guesses per answer  " + "  ".join(f"{k}: {v}" for k, v in report.distribution.items())
    )


def _history(text: str | None, length: int) -> list[tuple[str, Pattern]]:
    if not text:
        return []
    tokens = text.split()
    if len(tokens) % 2:
        raise InvalidPatternError(f"--after {text!r}: give pairs of a guess and its feedback", text)
    return [
        (tokens[i].lower(), Pattern.parse(tokens[i + 1], length)) for i in range(0, len(tokens), 2)
    ]


@tree.command(
    epilog=FILE_HELP.format(
        names=", ".join(bundled_trees()), openers=", ".join(bundled_opener_trees())
    )
)
@click.argument("file", required=False)
@hard_option("The shipped hard-mode tree (without FILE).")
@click.option("--answer", default=None, help="Show only the path to this answer.")
@click.option(
    "--after",
    default=None,
    metavar="'GUESS FEEDBACK ...'",
    help="Show the subtree after these guesses and feedback, e.g. 'salet ..y..'.",
)
@click.option(
    "--depth",
    type=click.IntRange(1, 20),
    default=2,
    show_default=True,
    help="Levels of the subtree to show.",
)
@list_options
def show(
    file: str | None,
    hard: bool,
    answer: str | None,
    after: str | None,
    depth: int,
    length: int,
    lang: str,
    words_file: str | None,
    answers_file: str | None,
) -> None:
    """Print FILE's tree (its first levels) or the path to one answer."""
    if file is None or not exists(file):
        lists = load_lists(length, lang, words_file, answers_file)
        t = load_tree(file, lists.guesses, lists.answers, hard)
    else:
        t = DecisionTree.from_file(file)
    file = file or t.name
    t.check_shape()
    con = stdout()
    if answer is not None:
        if not answer.strip():
            raise InvalidWordError(
                "--answer '' is empty; give the answer whose path to show", answer
            )
        steps = t.path(answer)
        con.print("  ".join(f"{g} {p.emoji}" for g, p in steps) + f"   ({len(steps)} guesses)")
        return
    length = len(t.opener)
    history = _history(after, length)
    answers = t.answers_after(history)
    if not answers:
        shown = " ".join(f"{g} {p}" for g, p in history)
        raise InvalidPatternError(f"no line of {file} goes through {shown!r}", after)

    def build(node: RichTree, hist: list[tuple[str, Pattern]], sub: list[str], level: int) -> None:
        guess = t.next_guess(hist)
        groups: dict[Pattern, list[str]] = {}
        for a in sub:
            groups.setdefault(score(guess, a), []).append(a)  # type: ignore[arg-type]
        for p in sorted(groups, key=lambda q: (-len(groups[q]), q.code)):
            members = groups[p]
            if p.is_win:
                node.add(f"{p.emoji} {p}  solved")
                continue
            nxt = t.next_guess(hist + [(guess, p)])  # type: ignore[list-item]
            if len(members) == 1 and nxt == members[0]:
                node.add(f"{p.emoji} {p}  → {nxt}")
                continue
            child = node.add(f"{p.emoji} {p}  ({len(members)}) → [bold]{nxt}[/bold]")
            if level + 1 < depth:
                build(child, hist + [(guess, p)], members, level + 1)  # type: ignore[list-item]
            else:
                child.add("…")

    root_guess = t.next_guess(history)
    label = " ".join(f"{g} {p}" for g, p in history)
    root = RichTree(
        f"{label + '  ' if label else ''}[bold]{root_guess}[/bold] ({len(answers)} answers)"
    )
    build(root, history, answers, 0)
    con.print(root)
