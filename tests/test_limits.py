"""Input limits checked before any work (issue 25): over-long words, lines and patterns, empty or
contradictory options — each one clear line on stderr, exit 1, no traceback."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from interactive_helpers import invoke

from wordlelab.errors import (
    InvalidPatternError,
    InvalidWordError,
    ShareGridError,
    TreeError,
    WordlelabError,
)
from wordlelab.exact.tree import DecisionTree
from wordlelab.game.feedback import Pattern, score
from wordlelab.game.notation import parse_position
from wordlelab.game.words import normalize_word
from wordlelab.judge.grid import parse_share_grid

LONG = "a" * 9_200  # past Python's 4,300-digit int conversion limit once read as a base-3 pattern


def one_line_error(args: list[str], message: str, input: str = "") -> None:
    start = time.monotonic()
    code, _, err = invoke(*args, input=input)
    assert code == 1, err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err, err
    assert len(err) < 400, err  # the input is named, not echoed whole
    assert time.monotonic() - start < 20  # refused before any work


@pytest.mark.parametrize(
    "args",
    [
        ["score", LONG, LONG],
        ["score", "crane", LONG],
        ["analyse", "--played", f"crane,{LONG}", "--answer", "cigar"],
        ["optimal", "--position", f"salet:..... {LONG}"],
    ],
)
def test_over_long_words_are_refused_before_any_work(args):
    one_line_error(args, "9,200")


def test_over_long_grid_rows_and_tree_lines(tmp_path):
    one_line_error(["check", "-"], "9,200 characters", input="🟩" * 9_200 + "\n")
    one_line_error(["check", "-"], "60 tiles", input="🟩" * 60 + "\n")
    tree = tmp_path / "t.txt"
    tree.write_text(" ".join(["salet"] * 20_000) + "\n")  # 29 s and 1.67 GB before
    one_line_error(["tree", "show", str(tree)], "line 1 has 119,999 characters")
    tree.write_text(" ".join(["salet"] * 30) + "\n")
    one_line_error(["tree", "show", str(tree)], "30 guesses on one line")


def test_library_limits_raise_typed_errors():
    with pytest.raises(InvalidWordError, match="9,200"):
        normalize_word(LONG)
    with pytest.raises(InvalidPatternError):
        Pattern.parse("g" * 5000)
    with pytest.raises(InvalidPatternError):
        Pattern.from_colors([2] * 9_200)
    with pytest.raises(InvalidPatternError):
        score(LONG, LONG)
    with pytest.raises(ShareGridError):
        parse_share_grid("🟩" * 9_200)
    with pytest.raises(TreeError):
        DecisionTree.parse(f"salet {LONG}\n")
    with pytest.raises(InvalidPatternError, match="no guesses"):
        parse_position(";;;;")


def test_silently_accepted_inputs_are_refused(tmp_path):
    five = tmp_path / "w5.txt"
    five.write_text("crane\nslate\nsalet\n")
    one_line_error(["play", "--words", ""], "--words '' is empty")
    one_line_error(["solve", "--answers", " ", "crane"], "--answers ' ' is empty")
    one_line_error(["solve", "-k", "4", "--words", str(five), "crane"], "-k 4, but")
    one_line_error(["optimal", "--position", ";;;;"], "has no guesses")
    one_line_error(["score", "abc", "abc"], "3 letters")
    one_line_error(["tree", "show", "--answer", ""], "--answer '' is empty")
    code, _, _ = invoke("solve", "--words", str(five), "--answers", str(five), "crane")
    assert code == 0  # without -k the file's length is taken, as before


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=300))
def test_parsers_raise_only_typed_errors(text):
    for parse in (
        Pattern.parse,
        parse_position,
        parse_share_grid,
        normalize_word,
        lambda t: DecisionTree.parse(t + " salet"),
    ):
        try:
            parse(text)
        except WordlelabError:
            pass


@pytest.mark.parametrize("command", [["play", "--seed", "1"], ["assist"]])
def test_piped_input_is_echoed_without_escape_sequences(command):
    from interactive_helpers import run_cli

    hostile = "cr\x1b[2Jane\n\x1b]0;owned\x07\n\x9b31m\nquit\n"
    r = run_cli(*command, "--lists", "original", input=hostile, timeout=120)
    assert "Traceback" not in r.stderr, r.stderr
    for ch in ("\x1b", "\x07", "\x9b"):
        assert ch not in r.stdout and ch not in r.stderr
    assert "? cr[2Jane" in r.stdout  # the line is still shown, without its control characters


def test_strategies_that_cannot_play_the_lists_are_refused_at_once():
    start = time.monotonic()
    one_line_error(["assist", "--answers", "all", "-s", "optimal"], "no shipped tree", input="\n")
    one_line_error(["bench", "-s", "entropy,optimal", "--answers", "all"], "no shipped tree")
    assert time.monotonic() - start < 20  # 28 s and 779 MB (assist), 9 s (bench) before


def test_error_lines_quote_a_huge_input_by_its_start_and_length():
    code, _, err = invoke("tree", "show", "--answer", LONG)
    assert code == 1 and err.count("\n") == 1 and "(9,202 characters)" in err and len(err) < 300, (
        err
    )
    code, _, err = invoke("play", "--seed", "9" * 5000)
    assert code == 1 and err.count("\n") == 1 and "(5,002 characters)" in err and len(err) < 300, (
        err
    )


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(
        [
            ["score", "{x}", "crane"],
            ["score", "crane", "{x}"],
            ["optimal", "--position", "{x}"],
            ["tree", "show", "--answer", "{x}"],
            ["tree", "show", "--after", "{x}"],
            ["analyse", "{x}"],
            ["solve", "{x}"],
        ]
    ),
    st.one_of(
        st.text(min_size=1, max_size=40),
        st.text(alphabet="ag.:;, 🟩y", min_size=1, max_size=12_000),
    ),
)
def test_cli_arguments_give_a_result_or_one_line(args, x):
    """Any argument text: a result, or one clear line and exit 1 — never a traceback, never a huge echo."""
    if x.startswith("-") or "\x00" in x or not x.strip():
        return  # an option, a NUL (the OS refuses it in argv), or the empty position (the whole search)
    code, _, err = invoke(*[a.format(x=x) if a == "{x}" else a for a in args])
    if code != 0:
        assert code == 1 and err.count("\n") <= 2 and len(err) < 1200, err
