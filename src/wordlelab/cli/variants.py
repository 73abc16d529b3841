"""The variants in the console: several boards (the boards side by side, assist, solve, bench) and
Absurdle (assist, optimal); the logic lives in wordlelab.variants."""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..assist.assistant import parse_entry
from ..errors import VariantError, WordlelabError
from ..exact.absurdle import AbsurdleProof
from ..game.base import Game
from ..game.feedback import GREEN, GREY, YELLOW, Pattern
from ..game.languages import LAYOUTS
from ..game.matrix import PatternMatrix
from ..strategies.multi import MultiBenchResult, MultiStrategy, play_multi
from ..variants.absurdle import AbsurdleSession
from ..variants.multi import Multi, MultiGame, MultiSession, board_tokens, parse_board_feedback
from .console import TOP_MAX, Palette, board_row, count_arg

_PLAIN = {GREEN: "g", YELLOW: "y", GREY: "."}
_PLAIN_TILE = {GREEN: "[{}]", YELLOW: "({})", GREY: "-{}-"}


# -- several boards ------------------------------------------------------------------------------


_SEP = " | "


def _tiles(word: str, pattern: Pattern, colour: Palette | None) -> Text:
    """One board's row, narrow: tiles back to back (3 cells a letter), no share squares."""
    row = Text()
    for ch, c in zip(word, pattern.colors):
        if colour:
            row.append(f" {ch.upper()} ", style=colour.tiles[c])
        else:
            row.append(_PLAIN_TILE[c].format(ch.upper()))
    return row


def board_bands(boards: int, k: int, colour: Palette | None, width: int) -> tuple[int, bool]:
    """How many boards go side by side on a terminal ``width`` cells wide, and whether their rows
    are drawn wide (spaced tiles, as on one board) or narrow (tiles back to back).

    Wide when every board fits one line so; else narrow, in bands of boards as even as fit."""
    wide = 4 * k - 1 if colour else 6 * k + 1  # board_row's cells, trailing space left out
    if boards * (wide + len(_SEP)) - len(_SEP) <= width:
        return boards, True
    fit = max(1, (width + len(_SEP)) // (3 * k + len(_SEP)))
    bands = -(-boards // fit)
    return -(-boards // bands), False


def rows_side_by_side(game: Game, colour: Palette | None, width: int = 80) -> list[Text]:
    """The boards' rows laid out to ``width``: each guess as one line per band of boards (a blank
    line between bands), a board's cells blank once it was solved."""
    k = game.length
    per, wide = board_bands(game.rules.boards, k, colour, width)
    cells = (4 * k - 1 if colour else 6 * k + 1) if wide else 3 * k
    lines: list[Text] = []
    for start in range(0, game.rules.boards, per):
        if start:
            lines.append(Text())
        band = range(start, min(start + per, game.rules.boards))
        rows = {b: game.rows(b) for b in band}
        for t in range(len(game.guesses)):
            line = Text()
            for b in band:
                if t < len(rows[b]):
                    word, pattern = rows[b][t]
                    row = (
                        board_row(word, pattern, colour) if wide else _tiles(word, pattern, colour)
                    )
                    if wide and colour:
                        row.right_crop(1)  # board_row's space after its last tile
                    line.append_text(row)
                    line.append(" " * (cells - row.cell_len))
                else:
                    line.append(" " * cells)
                if b < band[-1]:
                    line.append(_SEP)
            lines.append(line)
    return lines


def multi_keyboard(game: Game, lang: str, colour: Palette | None, width: int = 80) -> list[Text]:
    """The keyboard with one mark per board after each key: green, yellow, grey, or blank if unplayed.

    Without colour the marks are g, y and '.'. A row of keys wider than ``width`` goes on two lines
    (or more).
    """
    states = game.keys()
    rows = list(LAYOUTS.get(lang, ()))
    extra = "".join(ch for ch in game.letters if not any(ch in r for r in rows))
    if extra:
        rows.append(extra)
    per_line = max(1, width // (game.rules.boards + 2))
    out = []
    for keys in rows:
        parts = -(-len(keys) // per_line)
        size = -(-len(keys) // parts)
        for start in range(0, len(keys), size):
            line = Text()
            for ch in keys[start : start + size]:
                line.append(ch.upper(), style="bold")
                for b, state in enumerate(states.get(ch, [None] * game.rules.boards)):
                    solved = game.solved_at(b) is not None
                    if state is None:
                        line.append(" ")
                    elif colour:
                        dot = colour.dots[state]
                        line.append("▮", style=dot if not solved else "dim " + dot)
                    else:
                        line.append(_PLAIN[state])
                line.append(" ")
            line.rstrip()
            out.append(line)
    return out


def _all_solved(boards: int) -> str:
    return "The board solved" if boards == 1 else f"All {boards} boards solved"


MULTI_HELP = """\
After each suggestion type the feedback of every unsolved board on one line, e.g.
  .y..g gg... ..... y.y..      (boards in order; a solved board is left out or written '-')
or one board per line (you are asked for the next board until all are given;
a board refused is asked for again, the boards before it are kept).
  WORD P1 P2 ...   you played another word (WORD,P1,... if WORD is a command)
  undo             take back the last board typed, or the last guess
  top [N]          the best N guesses (summed bits + expected boards solved)
  boards           what is left on each board
  quit             end the session"""

# Classic assist's commands that several boards do not offer, and where to look instead.
_MULTI_ELSEWHERE = {"words": "'boards' shows the words left on each board"}


def run_multi_assist(session: MultiSession, lines: Iterator[str], out: Console) -> int:
    """Drive a multi-board session from ``lines``; returns the exit code."""
    say = out.print
    # Feedback typed one board per line for the suggestion, in the order of the unsolved boards;
    # each is checked against its board as it comes, and kept until the guess is played.
    pending: list[Pattern] = []

    def suggest() -> None:
        c = session.suggestion()
        left = ", ".join(str(b + 1) for b in session.position.unsolved)
        say(
            f"> [bold]{c.word.upper()}[/]  (guess {session.position.turn}/{session.rules.max_guesses}; "
            f"boards {left} unsolved)"
        )

    def ask() -> None:
        say(f"  board {session.position.unsolved[len(pending)] + 1}?")

    suggest()
    for raw in lines:
        line = raw.strip()
        cmd, _, arg = line.lower().partition(" ")
        try:
            if cmd in ("quit", "exit", "q"):
                return 0
            if cmd in ("help", "?", "h"):
                say(escape(MULTI_HELP))
                continue
            if cmd in _MULTI_ELSEWHERE:
                raise VariantError(
                    f"{cmd!r} is not available with several boards; {_MULTI_ELSEWHERE[cmd]}", cmd
                )
            if cmd == "boards":
                for text in session.board_lines():
                    say(text)
                continue
            if cmd == "top":
                n = count_arg(arg, 10)
                if n > TOP_MAX:
                    say(f"(showing the best {TOP_MAX})")
                    n = TOP_MAX
                table = Table(box=None, pad_edge=False, header_style="bold")
                for name in ("#", "guess", "score", "possible"):
                    table.add_column(name)
                for i, c in enumerate(session.top(n), 1):
                    table.add_row(
                        str(i), c.word.upper(), f"{c.value:.3f}", "yes" if c.is_candidate else ""
                    )
                say(table)
                continue
            if cmd == "undo":
                if pending:
                    pending.pop()
                    say(f"undone: board {session.position.unsolved[len(pending)] + 1}'s feedback")
                    ask()
                    continue
                say(f"undone: {escape(session.undo())}")
                suggest()
                continue
            if not line:
                continue
            unsolved = session.position.unsolved
            tokens = board_tokens(line)
            if len(tokens) == 1 and (pending or len(unsolved) > 1):
                # One board's feedback: refused at once if its board cannot give it.
                pattern = session.check_board(unsolved[len(pending)], tokens[0])
                if len(pending) + 1 < len(unsolved):
                    pending.append(pattern)
                    ask()
                    continue
                given = iter([*pending, pattern])
                session.play(
                    None,
                    [next(given) if b in unsolved else None for b in range(session.rules.boards)],
                )
            else:
                word, pats = parse_board_feedback(line, session.position)
                session.play(word, pats)
            pending.clear()
        except WordlelabError as exc:
            # Nothing changed: the boards already typed are kept, and the next one asked again.
            say(f"[red]! {escape(str(exc))}[/] (nothing changed; 'help' for help)")
            if pending:
                ask()
            continue
        for text in session.board_lines():
            say("  " + text)
        if session.done:
            say(
                f"[bold green]{_all_solved(session.rules.boards)}[/] in "
                f"{len(session.position.guesses)} guesses."
            )
            return 0
        if session.position.turns_left <= 0:
            say("No guesses left.")
            return 0
        suggest()
    return 0


def multi_solve_rows(
    matrix: PatternMatrix, answers: list[str], rules: Multi, strategy: MultiStrategy
) -> tuple[MultiGame, dict]:
    result = play_multi(matrix, answers, strategy, rules)
    game = MultiGame(result.answers, matrix.guesses, rules)
    for w in result.guesses:
        game.guess(w)
    data = {
        "variant": rules.title,
        "answers": list(result.answers),
        "won": result.won,
        "guesses": len(result.guesses),
        "strategy": repr(strategy),
        "solved_at": list(result.solved_at),
        "steps": [
            {
                "guess": w,
                "patterns": [
                    str(game.patterns[b][t]) if t < len(game.patterns[b]) else None
                    for b in range(rules.boards)
                ],
            }
            for t, w in enumerate(result.guesses)
        ],
    }
    return game, data


def print_multi_solve(game: MultiGame, out: Console) -> None:
    out.print(
        f"{game.rules.title}: {', '.join(a.upper() for a in game.answers)} "
        f"{'solved' if game.won else 'NOT solved'} in {len(game.guesses)} guesses"
    )
    for t, w in enumerate(game.guesses):
        cells = [
            game.patterns[b][t].emoji if t < len(game.patterns[b]) else " " * len(w) * 2
            for b in range(game.rules.boards)
        ]
        newly = [str(b + 1) for b in range(game.rules.boards) if game.solved_at(b) == t + 1]
        out.print(
            f"{t + 1:>2} {w.upper()}  {' '.join(cells)}"
            + (f"  solves {', '.join(newly)}" if newly else "")
        )


def print_multi_bench(result: MultiBenchResult, out: Console, method: str) -> None:
    d = result.to_dict()
    mean = "-" if d["mean_guesses"] is None else f"{d['mean_guesses']:.3f}"
    out.print(
        f"{d['variant']} ({d['boards']} boards, {d['max_guesses']} guesses), {d['games']} games, "
        f"seed {d['seed']}, {method}: mean {mean} guesses over the games won, "
        f"{d['failures']} failed ({100 * d['failure_rate']:.2f}%)"
    )
    top = max(result.distribution.values(), default=0) or 1
    for n, c in result.distribution.items():
        out.print(f"  {n:>2} {'█' * (round(30 * c / top) if c else 0)} {c}")
    out.print(
        f"   X {'█' * (round(30 * result.failures / top) if result.failures else 0)} {result.failures}"
    )


# -- Absurdle ---------------------------------------------------------------------------------------


ABSURDLE_HELP = """\
After each suggestion type the feedback Absurdle showed (.y..g, BYBBG, emoji...), or
  WORD PATTERN   you played another word (WORD,PATTERN if WORD is a command)
  WORD           you played WORD here: its feedback is the adversary's own
  plan           the whole line of guesses that forces a win from here
  undo           take back the last guess
  quit           end the session"""

# Classic assist's commands that the Absurdle assistant does not offer.
_ABSURDLE_MISSING = ("top", "words", "skip", "next")


def _not_against_absurdle(cmd: str, session: AbsurdleSession) -> VariantError:
    """The one line for a command of classic assist typed here; a word of that name is played as
    any word with its feedback (classic assist's rule: a line's first word is read as a command)."""
    line = f"{cmd!r} is not available against Absurdle (its commands: plan, undo, help, quit)"
    if cmd in session.matrix.guesses and not session.solved:
        line += f"; to play the word {cmd.upper()} type '{cmd},{session.expected(cmd)}'"
    return VariantError(line, cmd)


def run_absurdle_assist(session: AbsurdleSession, lines: Iterator[str], out: Console) -> int:
    say = out.print
    plan = session.plan()
    say(
        f"> [bold]{plan[0].upper()}[/]  (wins in {len(plan)} from here: {' '.join(w.upper() for w in plan)})"
    )
    for raw in lines:
        line = raw.strip()
        low = line.lower()
        cmd = low.partition(" ")[0]  # as classic assist reads its commands
        try:
            if cmd in ("quit", "exit", "q"):
                return 0
            if cmd in ("help", "?", "h"):
                say(escape(ABSURDLE_HELP))
                continue
            if cmd == "plan":
                say(" ".join(w.upper() for w in plan))
                continue
            if cmd in _ABSURDLE_MISSING:
                raise _not_against_absurdle(cmd, session)
            if cmd == "undo":
                say(f"undone: {escape(session.undo())}")
            elif not line:
                continue
            elif low in session.matrix.guesses:
                pattern = session.expected(low)
                session.play(low, pattern)
                say(f"  {low.upper()} {pattern.emoji}")
            else:
                word, pattern = parse_entry(line, session.matrix)
                session.play(word or plan[0], pattern)
        except WordlelabError as exc:
            say(f"[red]! {escape(str(exc))}[/] (nothing changed; 'help' for help)")
            continue
        if session.solved:
            say(f"[bold green]Cornered[/] in {len(session.position.history)} guesses.")
            return 0
        n = int(session.position.candidates.size)
        plan = session.plan()
        say(f"  {n} {'word' if n == 1 else 'words'} left")
        say(
            f"> [bold]{plan[0].upper()}[/]  (wins in {len(plan)} from here: {' '.join(w.upper() for w in plan)})"
        )
    return 0


def print_absurdle_proof(proof: AbsurdleProof, out: Console) -> None:
    mode = "hard mode" if proof.hard else "normal mode"
    lists = proof.lists
    out.print(
        f"Absurdle, {mode}, {lists.get('guesses')} x {lists.get('answers')}: "
        f"[bold]{proof.guesses} guesses[/] force a win."
    )
    for i, (w, p, n) in enumerate(proof.line, 1):
        left = "won" if p.is_win else f"{n} left"
        out.print(f"  {i}. {w.upper()}  {p.emoji}  {left}")
    out.print(
        f"Proof: this line replays to a win against the adversary, and an exhaustive search of every "
        f"legal guess at every position ({proof.positions:,} positions, pruned only by the "
        f"pigeonhole bound) finds no win in {proof.impossible}. ({proof.seconds:.1f} s)"
    )
