"""CLI reproducers of the reliability sweep (issue 15): one line on stderr, exit 1, nothing lost."""

from __future__ import annotations

import json

import pytest

from interactive_helpers import invoke, run_cli

WORDS = ["crane", "slate", "cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "zesty",
         "qualm", "piano", "guano"]


@pytest.fixture
def small(tmp_path):
    p = tmp_path / "w.txt"
    p.write_text("\n".join(WORDS) + "\n")
    return ["--words", str(p), "--answers", str(p)]


def one_line_error(code: int, err: str, message: str) -> None:
    assert code == 1, err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err, err


def test_optimal_checks_out_before_the_search_and_never_loses_the_tree(small, tmp_path):
    code, _, err = invoke("optimal", *small, "--out", str(tmp_path / "no" / "dir" / "t.txt"))
    one_line_error(code, err, "--out")
    assert "does not exist" in err
    code, out, _ = invoke("optimal", *small, "--out", str(tmp_path / "t.txt"), "--json")
    assert code == 0 and json.loads(out)["proven"] and (tmp_path / "t.txt").exists()


def test_optimal_says_when_no_tree_fits(small):
    code, _, err = invoke("optimal", *small, "--max-guesses", "1")
    assert "— proven" in err and "1 guess" in err
    one_line_error(code, err, "no strategy solves every answer within 1 guess")


def test_optimal_memo_is_capped_by_free_memory(small):
    code, out, err = invoke("optimal", *small, "--memo-mb", "65536", "--json")
    assert code == 0 and json.loads(out)["proven"]
    assert "more than half the free memory" in err


def test_bench_plot_format_is_checked_before_the_bench(small, tmp_path):
    pytest.importorskip("matplotlib")
    code, _, err = invoke("bench", "-s", "entropy", *small, "--plot", str(tmp_path / "hist.txt"))
    one_line_error(code, err, "'txt' is not a format it can write")
    code, out, _ = invoke("bench", "-s", "entropy", *small, "--plot", str(tmp_path / "noext"))
    assert code == 0 and f"histogram written to {tmp_path / 'noext.png'}" in out
    assert (tmp_path / "noext.png").exists()


def test_bench_fail_list_is_short_and_absurd_options_are_refused(small):
    code, out, _ = invoke("bench", "-s", "entropy", *small, "--max-guesses", "1")
    assert code == 0 and "… and" in out and "more (all of them with --json)" in out
    code, _, err = invoke("bench", "-s", "lookahead", "-o", "m=99999999999999999999", *small)
    one_line_error(code, err, "option m must be in 1..2000")


def test_tree_show_on_a_file_that_is_not_a_tree(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("salet cigar\ncrane rebut\n")
    code, _, err = invoke("tree", "show", str(bad))
    one_line_error(code, err, "the lines do not form a tree")


def test_long_words_are_refused_before_any_allocation(tmp_path):
    p = tmp_path / "long.txt"
    p.write_text("a" * 25 + "\n" + "b" * 25 + "\n")
    code, _, err = invoke("solve", "a" * 25, "--words", str(p))
    one_line_error(code, err, "wordlelab plays words of 2 to 11 letters")


@pytest.mark.parametrize("value", ["nan", "inf", "1e999", "-5", "lots"])
def test_matrix_budget_must_be_a_size(monkeypatch, value):
    monkeypatch.setenv("WORDLELAB_MATRIX_BUDGET", value)
    code, _, err = invoke("solve", "cigar")
    one_line_error(code, err, "WORDLELAB_MATRIX_BUDGET")


def test_a_huge_header_line_is_read_quickly():
    # 8000 repeats took 19 s with the old header pattern; the subprocess timeout guards a regression.
    text = "wordle " * 8000 + "\n🟩🟩🟩🟩🟩\n"
    r = run_cli("check", "--json", input=text, timeout=60)
    assert r.returncode == 0 and json.loads(r.stdout)["consistent"]


def test_assistant_top_is_capped_and_the_marker_explained():
    code, out, _ = invoke("assist", input="top 99999999999999999999\n")
    assert code == 0 and "showing the best 100" in out
    assert "* marks the suggestion, SALET: it is the proven optimal opener" in out


def test_ctrl_c_convention_is_130_everywhere():
    pexpect = pytest.importorskip("pexpect")
    import sys

    from interactive_helpers import cli_env

    child = pexpect.spawn(sys.executable, ["-m", "wordlelab", "check"], env=cli_env(), encoding="utf-8",
                          timeout=60)
    try:
        child.expect("Paste the share grid")
        child.sendintr()
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 130 and "interrupted" in child.before and "Traceback" not in child.before
    finally:
        child.close(force=True)
