"""The exact search from a position in hard mode: the position's rule binds the first guess too.

Until this file, ``solve_optimal`` passed the position's hard-mode rule to the groups below its
first guess but ranked and searched every guess at the top, legal or not: ``optimal --hard
--position 'tarse:.y.y.'`` proved PLANC (no S) optimal, and where no legal guess wins in time it
wrote a "proven" tree beginning with a guess hard mode refuses.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
import reference
from interactive_helpers import invoke

from wordlelab.errors import HardModeError, SearchFailedError
from wordlelab.exact.evaluation import evaluate
from wordlelab.exact.optimal import solve_optimal
from wordlelab.exact.tree import DecisionTree
from wordlelab.game import Position
from wordlelab.game.lists import load_lists
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.notation import read_position

INF = float("inf")


def hard_mode_lines(history: reference.History, paths: dict[str, tuple[str, ...]]) -> list[str]:
    """The lines of a tree from the position ``history`` that break hard mode somewhere, judged
    by the reference's rule (each guess against the history and the line's guesses before it)."""
    bad = []
    for answer, line in paths.items():
        hist = history
        for g in line:
            if not reference.hard_ok(hist, g):
                bad.append(f"{answer}: {' '.join(line)} ({g})")
                break
            hist = hist + ((g, reference.slow_score(g, answer)),)
    return bad


@pytest.fixture
def nyt(default_lists):
    """The default (nyt) lists' matrix: TARSE, the position QA found, is not on the original list."""
    return load_lists().matrix()


def test_cli_first_guess_obeys_the_positions_rule(nyt, tmp_path):
    """TARSE showed A and S (yellow): the first guess must hold both. The search's total is the
    position's exact value as evaluate() proves it (the assistant's SPAIL 2.511)."""
    text = "tarse:.y.y."
    pos, _ = read_position(text, nyt, hard=True)
    want = evaluate(pos, use_tree=False)
    assert want.exact and want.n == 45
    out_file = tmp_path / "tree.txt"
    code, out, err = invoke(
        "optimal", "--hard", "--position", text, "--json", "--out", str(out_file)
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["proven"] and data["answers"] == 45
    assert data["total"] == want.upper == 113 and round(data["total"] / 45, 3) == 2.511
    assert reference.hard_ok((("tarse", ".y.y."),), data["opener"]), data["opener"]
    assert data["opener"] == want.best == "spail"
    tree = DecisionTree.from_file(out_file)
    assert tree.total == 113 and hard_mode_lines((("tarse", ".y.y."),), tree.paths) == []


def test_cli_refuses_an_opener_the_positions_rule_refuses(nyt):
    for args in (
        ["--position", "tarse:.y.y.", "--opener", "planc"],
        ["--position", "tarse:.y.y. planc"],
    ):
        code, _, err = invoke("optimal", "--hard", *args)
        assert code == 1 and "Guess must contain S: hard mode would not take PLANC" in err, err
        assert err.count("\n") == 1
    with pytest.raises(HardModeError, match="hard mode would not take PLANC"):
        solve_optimal(
            nyt,
            opener="planc",
            hard=True,
            history=[(nyt.guesses.index("tarse"), reference.slow_code("tarse", "psalm"))],
            answers=["psalm", "scalp"],
        )


def test_where_no_legal_guess_wins_in_time(nyt, tmp_path):
    """_ATCH with T seen: every legal guess is one of ten ?ATCH words, which tell apart only the
    one they name, so six answers need six guesses and four are left. The search without losses
    proves it (the reference agrees) and says so as for any position with no strategy; it once
    wrote a "proven" tree beginning with BLIMP (2nd letter must be A)."""
    history = (("tarse", "yg..."), ("catch", ".gggg"))
    text = " ".join(f"{w}:{p}" for w, p in history)
    pos, _ = read_position(text, nyt, hard=True)
    assert pos.candidate_words == ["batch", "hatch", "latch", "match", "patch", "watch"]
    assert reference.brute_force(list(nyt.guesses), pos.candidate_words, 4, True, history) == INF
    with pytest.raises(SearchFailedError, match="within 4 guesses with every opener — proven"):
        solve_optimal(
            nyt, hard=True, history=list(pos.history), answers=pos.candidate_words, memo_mb=16
        )
    # The command line searches hard mode's objective: the fewest answers lost (two), then the
    # fewest guesses, and writes that tree (issue 51).
    out_file = tmp_path / "trap.txt"
    code, out, err = invoke("optimal", "--hard", "--position", text, "--out", str(out_file))
    assert code == 0, err
    assert "loses 2 of the 6 answers (each counted as 7 guesses), 20 guesses" in out
    assert DecisionTree.from_file(out_file).lost == 2
    # One guess left: a candidate, and the five others lost.
    code, out, err = invoke("optimal", "--hard", "--position", text, "--max-guesses", "3")
    assert code == 0 and "loses 5 of the 6 answers (each counted as 4 guesses)" in out, err


def random_hard_position(matrix: PatternMatrix, seed: int) -> tuple[Position, reference.History]:
    """A hard-mode position on the original lists: a random answer's feedback to a random guess
    from the answer list that shows some letter (else the rule binds nothing), leaving 5 to 60
    answers (the exact search takes well under a second there)."""
    rng = np.random.default_rng(seed)
    answers = matrix.answers
    while True:
        guess, answer = (str(answers[int(i)]) for i in rng.integers(len(answers), size=2))
        colours = reference.slow_score(guess, answer)
        if set(colours) == {"."}:
            continue
        pos = Position.start(matrix, hard=True).after(
            matrix.guesses.index(guess), reference.slow_code(guess, answer)
        )
        if 5 <= pos.candidates.size <= 60:
            return pos, ((guess, colours),)


@pytest.mark.parametrize("seed", range(6))
def test_search_from_a_random_hard_position_plays_by_its_rule(matrix, seed):
    """From a random hard-mode position: a first guess the position's rule allows (by the
    reference's rule), a tree whose every line obeys hard mode, and the position's value as
    evaluate() proves it (it values each legal guess on its own). The search once chose among
    every guess at the top: on the original lists nearly every such position got a better,
    illegal, first guess (HERBS after CLOUD g..y.: 37 against 39)."""
    pos, history = random_hard_position(matrix, seed)
    want = evaluate(pos, use_tree=False)
    got = solve_optimal(
        matrix,
        hard=True,
        history=list(pos.history),
        answers=pos.candidate_words,
        candidates=len(matrix.guesses),  # every legal guess: a proof without the others' bounds
        memo_mb=16,
    )
    assert reference.hard_ok(history, got.opener), (history, got.opener)
    assert hard_mode_lines(history, got.paths) == []
    assert want.exact and got.proven and got.total == want.upper


def test_a_tree_that_breaks_the_positions_rule_is_never_reported(matrix, monkeypatch):
    """The replay check every result passes before it is reported: with the first guesses'
    filter undone (the bug above, put back), the search's tree fails it instead of coming back
    "proven"."""
    from wordlelab.exact import optimal

    pos, _ = random_hard_position(matrix, 0)
    monkeypatch.setattr(optimal.K, "legal_pool", lambda pool, *_: pool)
    with pytest.raises(AssertionError, match="does not replay: .*breaks hard mode"):
        solve_optimal(
            matrix, hard=True, history=list(pos.history), answers=pos.candidate_words, memo_mb=16
        )


@pytest.mark.parametrize("hard", [False, True])
def test_a_tree_from_a_position_keeps_it_and_tree_verify_replays_it(tmp_path, hard):
    # The file said nothing of its position, so 'tree verify' took it for a tree of every answer
    # ("2312 answers have no line"); its header now keeps the position, and verify replays it
    # (in hard mode, the position's rule binds every line).
    mode = ("--hard",) if hard else ()
    out = tmp_path / "sub.txt"
    code, _, err = invoke("optimal", *mode, "--position", "salet:.y.y.", "--out", str(out))
    assert code == 0, err
    assert "# after: salet .y.y." in out.read_text()
    code, text, err = invoke("tree", "verify", str(out), *mode)
    assert code == 0, err
    assert f"OK ({'hard' if hard else 'normal'} mode after salet .y.y.)" in text
    # A line changed to break the position's hard-mode rule is caught.
    if hard:
        lines = out.read_text().splitlines()
        i = next(i for i, line in enumerate(lines) if not line.startswith("#") and " " in line)
        lines[i] = "plumb " + lines[i]
        out.write_text("\n".join(lines) + "\n")
        code, _, err = invoke("tree", "verify", str(out), "--hard")
        assert code == 1 and "hard mode" in err
