"""Decision-tree files: parse, save, verify (and its errors), the shipped trees, the CLI and the strategy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from wordlelab.errors import TreeError, WordlelabError
from wordlelab.exact.tree import DecisionTree, bundled_tree, bundled_trees, find_bundled_tree
from wordlelab.game import Position
from wordlelab.game.feedback import score
from wordlelab.game.words import WordList
from wordlelab.strategies import make_strategy

GUESSES = WordList(
    ["crane", "slate", "trace", "crate", "react", "cater", "plumb", "lumpy"], name="guesses"
)
ANSWERS = WordList(["crane", "trace", "crate", "react", "cater"], name="answers")
# crane splits the other four answers into singletons (checked in the first test).
GOOD = """\
# mode: normal
crane
crane trace
crane crate
crane react
crane cater
"""


def verify(text: str, hard: bool = False, **kw):
    return DecisionTree.parse(text, "t.txt").verify(GUESSES, ANSWERS, hard=hard, **kw)


def test_good_tree_verifies():
    assert len({score("crane", a) for a in ANSWERS}) == 5
    r = verify(GOOD)
    assert (r.answers, r.total, r.worst, r.distribution, r.opener) == (
        5,
        9,
        2,
        {1: 1, 2: 4},
        "crane",
    )
    assert r.mean == pytest.approx(1.8)
    assert DecisionTree.parse(GOOD).meta == {"mode": "normal"}


@pytest.mark.parametrize(
    "text,message",
    [
        (GOOD + "crane trace\n", r"t\.txt:7: 'trace' already has a line \(line 3\)"),
        (
            "plumb crane\nplumb crane trace\nplumb slate crate\n",
            r"t\.txt:3: plays 'slate' after plumb \.\.\.\.\., but t\.txt:1 plays 'crane' there: .*form a tree",
        ),
        (
            GOOD.replace("crane crate", "slate crate"),
            r"t\.txt:4: plays 'slate' after the start, but t\.txt:2 plays 'crane'",
        ),
        (
            GOOD.replace("crane crate", "crane zzzzz crate"),
            r"t\.txt:4: 'zzzzz' is not an allowed guess",
        ),
        (
            GOOD.replace("crane cater", "crane lumpy"),
            r"t\.txt:6: the line ends on 'lumpy', which is not a possible answer",
        ),
        (GOOD.replace("crane cater\n", ""), r"t\.txt: 1 answers have no line: 'cater'"),
        (
            GOOD.replace("crane trace", "crane:ggggg trace"),
            r"t\.txt:3: 'crane' gets 'ygg.g' against 'trace', but the line says 'ggggg'",
        ),
        (
            GOOD.replace("crane trace", "trace crane trace"),
            r"t\.txt:3: plays 'trace' after the start",
        ),
        (
            GOOD.replace("crane\n", "crane crane\n"),
            r"t\.txt:2: guess 1 'crane' already solves 'crane'",
        ),
        (GOOD.replace("crane trace", "crane tr4ce"), r"t\.txt:3: 'tr4ce' is not a word"),
        ("# nothing\n", "t.txt: no lines"),
    ],
)
def test_broken_trees_are_rejected(text, message):
    with pytest.raises(TreeError, match=message):
        verify(text)


def test_hard_mode_violation_is_named():
    # After crane shows c, r, a, e somewhere, 'plumb' uses none of them: illegal in hard mode.
    text = GOOD.replace("crane trace", "crane plumb trace")
    # in normal mode it is a wasted but legal guess (and still a tree: one line goes through plumb)
    assert verify(text).total == 10
    with pytest.raises(TreeError, match=r"t\.txt:3: guess 2 .*breaks hard mode"):
        verify(text, hard=True)


def test_a_tree_from_a_position_is_held_to_its_rule():
    """verify(after=...): the lines of a tree from a position follow its guesses, whose hard-mode
    rule binds every line from its first guess (a search from a position once began with a guess
    the rule refuses) and which count toward the limit."""
    after = [("cater", score("cater", "trace"))]
    left = WordList(["trace", "react"], name="left")  # what CATER yyyyy leaves
    assert all(score("cater", a) == after[0][1] for a in left)
    legal = DecisionTree.parse("trace\ntrace react\n", "t.txt")
    report = legal.verify(GUESSES, left, hard=True, max_guesses=3, after=after)
    assert report.total == 3 and report.worst == 2
    with pytest.raises(TreeError, match=r"2 guesses for 'react' after the 1 played; at most 2"):
        legal.verify(GUESSES, left, hard=True, max_guesses=2, after=after)
    probe = DecisionTree.parse("plumb trace\nplumb trace react\n", "t.txt")
    assert probe.verify(GUESSES, left, after=after).total == 5  # normal mode: a wasted guess
    with pytest.raises(TreeError, match=r"t\.txt:1: guess 2 .*'plumb' breaks hard mode"):
        probe.verify(GUESSES, left, hard=True, after=after)
    assert probe.verify(GUESSES, left, hard=True).total == 5  # without the position: legal


def test_max_guesses():
    with pytest.raises(TreeError, match=r"t\.txt:3: 2 guesses for 'trace'; at most 1"):
        verify(GOOD, max_guesses=1)


def test_feedback_marks_round_trip(tmp_path: Path):
    t = DecisionTree.parse(GOOD, "t.txt")
    path = tmp_path / "marked.txt"
    t.save(path, feedback=True)
    assert "crane:ygg.g trace" in path.read_text()
    again = DecisionTree.from_file(path)
    assert again.paths == t.paths and again.verify(GUESSES, ANSWERS).total == 9


def test_missing_file_is_a_tree_error(tmp_path: Path):
    with pytest.raises(TreeError, match="no such file"):
        DecisionTree.from_file(tmp_path / "nope.txt")


def test_navigation():
    t = DecisionTree.parse(GOOD)
    assert t.next_guess([]) == "crane"
    assert t.next_guess([("crane", score("crane", "trace"))]) == "trace"
    assert t.next_guess([("slate", score("slate", "trace"))]) is None
    assert t.answers_after([("crane", score("crane", "react"))]) == ["react"]
    assert [g for g, _ in t.path("react")] == ["crane", "react"]


@pytest.mark.parametrize(
    "name,mode,total,hard",
    [("salet-normal", "normal", 7920, False), ("salet-hard", "hard", 8122, True)],
)
def test_shipped_trees_verify(name, mode, total, hard, allowed, answers):
    assert name in bundled_trees()
    t = bundled_tree(name)
    assert t.meta["mode"] == mode and t.meta["proven"] == "optimal"
    r = t.verify(allowed, answers, hard=hard, max_guesses=6)
    assert r.total == total and r.opener == "salet" and r.answers == 2315
    if not hard:
        assert r.worst == 5
    assert find_bundled_tree(allowed, answers, hard).paths == t.paths


def test_optimal_strategy_plays_the_shipped_tree(matrix):
    strategy = make_strategy("optimal")
    for hard, tree in ((False, bundled_tree("salet-normal")), (True, bundled_tree("salet-hard"))):
        for a in range(0, len(matrix.answers), 97):
            pos = Position.start(matrix, hard=hard)
            while not pos.solved:
                c = strategy.choose(pos)
                pos = pos.after(c.row, int(matrix.data[c.row, a]))
            assert [matrix.guesses[g] for g, _ in pos.history] == list(
                tree.paths[matrix.answers[a]]
            )


def test_optimal_strategy_searches_off_the_tree(matrix):
    strategy = make_strategy("exact")
    pos = Position.start(matrix).after("crane", "..y..")
    choice = strategy.choose(pos)
    assert choice.word in matrix.guesses and choice.value > 1


def test_optimal_strategy_refuses_large_unknown_lists():
    from wordlelab.game.matrix import PatternMatrix

    words = WordList.bundled("answers")
    m = PatternMatrix.build(words, words)  # answers as guesses: no shipped tree
    with pytest.raises(WordlelabError, match="exact-search limit"):
        make_strategy("optimal").choose(Position.start(m))


# -- the CLI --------------------------------------------------------------------------------------


def run(*args: str):
    from wordlelab.cli.main import cli

    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_verify_and_show(tmp_path: Path):
    from wordlelab.exact.tree import _tree_dir

    path = str(_tree_dir() / "salet-normal.txt")
    r = run("tree", "verify", path, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["total"] == 7920
    r = run("tree", "show", path, "--answer", "crimp")
    assert r.exit_code == 0 and r.output.startswith("salet")
    r = run("tree", "show", path, "--after", "salet .....", "--depth", "1")
    assert r.exit_code == 0 and "221 answers" in r.output


def test_cli_verify_reports_one_line_errors(tmp_path: Path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(GUESSES) + "\n")
    ans = tmp_path / "a.txt"
    ans.write_text("\n".join(ANSWERS) + "\n")
    bad = tmp_path / "bad.txt"
    bad.write_text(GOOD.replace("crane crate", "crane zzzzz crate"))
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordlelab",
            "tree",
            "verify",
            str(bad),
            "--guesses",
            str(words),
            "--answers",
            str(ans),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1
    assert (
        proc.stderr.strip()
        == f"wordlelab: error: {bad}:4: 'zzzzz' is not an allowed guess (w.txt)".replace(
            "(w.txt)", f"({words})"
        )
    )
    assert "Traceback" not in proc.stderr


def test_cli_optimal_small_lists(tmp_path: Path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(GUESSES) + "\n")
    ans = tmp_path / "a.txt"
    ans.write_text("\n".join(ANSWERS) + "\n")
    out = tmp_path / "tree.txt"
    r = run("optimal", "--guesses", str(words), "--answers", str(ans), "--out", str(out), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["total"] == 9 and data["proven"] and data["opener"] == "crane"
    r = run("tree", "verify", str(out), "--guesses", str(words), "--answers", str(ans))
    assert r.exit_code == 0 and "9 guesses in total" in r.output
    r = run("optimal", "--guesses", str(words), "--answers", str(ans), "--opener", "plumb")
    assert r.exit_code == 0 and "optimal after plumb (proven)" in r.output


@pytest.mark.parametrize(
    "name,lists,hard,total,answers",
    [
        ("tarse-nyt-normal", "nyt", False, 11219, 3158),
        ("tarse-nyt-hard", "nyt", True, 11627, 3158),
        ("tarse-nyt2022-normal", "nyt2022", False, 7883, 2309),
    ],
)
def test_shipped_nyt_trees_replay_to_the_published_optima(name, lists, hard, total, answers):
    from wordlelab.game.lists import load_lists

    got = load_lists(lists=lists)
    t = bundled_tree(name)
    r = t.verify(got.guesses, got.answers, hard=hard, max_guesses=6)
    assert (r.total, r.answers, r.opener) == (total, answers, "tarse")
    assert find_bundled_tree(got.guesses, got.answers, hard) is not None


def test_tree_commands_default_to_the_shipped_tree_of_the_lists(default_lists):
    r = run("tree", "verify", "--hard")
    assert r.exit_code == 0 and "tarse-nyt-hard.txt (bundled): OK (hard mode)" in r.output
    assert "11627 guesses in total" in r.output
    r = run("tree", "verify", "--lists", "original")
    assert r.exit_code == 0 and "7920 guesses in total" in r.output
    r = run("tree", "show", "--answer", "guano")
    assert r.exit_code == 0 and r.output.startswith("tarse") and "guano 🟩🟩🟩🟩🟩" in r.output
    r = run("tree", "show", "salet-hard", "--answer", "cigar")
    assert r.exit_code == 0 and r.output.startswith("salet")
    r = run("tree", "verify", "--lists", "nyt2022", "--hard")
    assert r.exit_code == 1 and "no shipped tree for these lists" in r.stderr
    r = run("tree", "show", "no-such-tree")
    assert r.exit_code == 1 and "no-such-tree" in r.stderr


@pytest.mark.parametrize(
    "name,says",
    [
        ("salet-normal", "the original lists' 2315 answers, not the 3158 of nyt-answers"),
        ("tarse-nyt2022-normal", "the nyt2022 lists' 2309 answers, not the 3158 of nyt-answers"),
    ],
)
def test_verifying_a_shipped_tree_on_other_lists_names_the_lists_it_is_for(
    default_lists, name, says
):
    """'tree verify salet-normal' on the default (nyt) lists blamed one line of the shipped tree
    ("line 712 ends on 'fanny', which is not a possible answer"), as if the tree were broken; it
    now says which lists the tree is for, and how to verify it on them."""
    r = run("tree", "verify", name)
    assert r.exit_code == 1
    lists = says.split("'")[0].removeprefix("the ").removesuffix(" lists")
    assert r.stderr.strip() == (
        f"wordlelab: error: {name}.txt (bundled) is a tree for {says} (en, 5 letters); "
        f"verify it on its lists (--lists {lists})"
    )
    r = run("tree", "verify", name, "--lists", lists)
    assert r.exit_code == 0 and ": OK (normal mode)" in r.output


def test_a_tree_whose_lines_fit_the_lists_verifies_whatever_its_header_says(tmp_path: Path):
    """The header's fingerprint only explains a tree made for other answers; a tree whose lines
    are those of the answers given is checked line by line as before."""
    words = tmp_path / "w.txt"
    words.write_text("\n".join(GUESSES) + "\n")
    ans = tmp_path / "a.txt"
    ans.write_text("\n".join(ANSWERS) + "\n")
    tree = tmp_path / "t.txt"
    tree.write_text("# answers: " + "0" * 64 + "\n" + GOOD)
    r = run("tree", "verify", str(tree), "--guesses", str(words), "--answers", str(ans))
    assert r.exit_code == 0, r.output
    tree.write_text("# answers: " + "0" * 64 + "\n" + GOOD.replace("crane cater\n", ""))
    r = run("tree", "verify", str(tree), "--guesses", str(words), "--answers", str(ans))
    assert r.exit_code == 1
    assert "is a tree for other answers (its header's fingerprint 0000000000000000…)" in r.stderr
