"""The exact search against an obviously-correct brute force on small random word sets."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import reference

from wordlelab.errors import SearchFailedError, StoppedEarlyError, UnknownWordError, WordlelabError
from wordlelab.matrix import PatternMatrix
from wordlelab.optimal import solve_optimal
from wordlelab.tree import DecisionTree
from wordlelab.words import WordList

INF = float("inf")


def brute_force(guesses: list[str], answers: list[str], max_guesses: int, hard: bool,
                opener: str | None = None) -> float:
    """Every tree enumerated by the shared slow reference (tests/reference.py)."""
    return reference.brute_force(guesses, answers, max_guesses, hard, guess=opener)


def sample(seed: int, n_answers: int, n_guesses: int) -> tuple[list[str], list[str]]:
    """Answers and guesses sampled from the real lists with a seed; answers are guesses too."""
    rng = np.random.default_rng(seed)
    answers_all = list(WordList.bundled("answers"))
    allowed = list(WordList.bundled("allowed"))
    ans = sorted(rng.choice(answers_all, n_answers, replace=False).tolist())
    extra = rng.choice(allowed, n_guesses, replace=False).tolist()
    gs = sorted(set(ans) | set(extra))[: max(n_guesses, len(ans))]
    gs = sorted(set(gs) | set(ans))
    return gs, ans


def matrix_for(gs: list[str], ans: list[str]) -> PatternMatrix:
    return PatternMatrix.build(WordList(gs, name="guesses"), WordList(ans, name="answers"))


CASES = [
    # seed, answers, extra guesses, max guesses, hard
    (1, 12, 20, 6, False),
    (2, 18, 25, 6, False),
    (3, 15, 30, 3, False),
    (4, 20, 20, 4, False),
    (5, 12, 20, 6, True),
    (6, 16, 24, 6, True),
    (7, 14, 20, 3, True),
    (8, 10, 10, 2, False),
    (9, 22, 16, 5, False),
    (10, 18, 20, 4, True),
    (61, 30, 50, 6, False),
    (62, 40, 40, 6, False),
]


@pytest.mark.parametrize("seed,n_ans,n_guess,max_guesses,hard", CASES)
def test_search_agrees_with_brute_force(seed, n_ans, n_guess, max_guesses, hard):
    gs, ans = sample(seed, n_ans, n_guess)
    m = matrix_for(gs, ans)
    want = brute_force(gs, ans, max_guesses, hard)
    if want == INF:
        with pytest.raises(WordlelabError):
            solve_optimal(m, hard=hard, max_guesses=max_guesses, candidates=len(gs))
        return
    got = solve_optimal(m, hard=hard, max_guesses=max_guesses, candidates=len(gs), memo_mb=8)
    assert got.proven
    assert got.total == want
    report = got.tree().verify(m.guesses, m.answers, hard=hard, max_guesses=max_guesses)
    assert report.total == want


@pytest.mark.parametrize("seed,hard", [(11, False), (12, True), (13, False)])
def test_fixed_opener_agrees_with_brute_force(seed, hard):
    gs, ans = sample(seed, 20, 25)
    m = matrix_for(gs, ans)
    for opener in (gs[0], ans[len(ans) // 2]):
        want = brute_force(gs, ans, 6, hard, opener=opener)
        got = solve_optimal(m, opener=opener, hard=hard, memo_mb=8)
        assert got.proven and got.total == want and got.opener == opener
        assert got.openers[0].exact
        assert all(line[0] == opener for line in got.paths.values())
        got.tree().verify(m.guesses, m.answers, hard=hard)


def test_openers_report_values_or_bounds():
    gs, ans = sample(21, 25, 30)
    m = matrix_for(gs, ans)
    res = solve_optimal(m, candidates=6, memo_mb=8)
    assert len(res.openers) == 6
    for r in res.openers:
        exact = brute_force(gs, ans, 6, False, opener=r.word)
        if r.exact:
            assert r.value == exact
        else:
            assert r.value <= exact  # a sound lower bound
            assert r.value >= res.total  # and it shows the opener cannot beat the best
    assert min(r.value for r in res.openers if r.exact) == res.total


def test_tiny_closed_forms():
    # one answer: 1 guess; two answers: 3 guesses in total.
    m = matrix_for(["crane", "slate", "trace"], ["crane"])
    assert solve_optimal(m, opener="crane").total == 1
    assert solve_optimal(m, candidates=3).total == 1
    m = matrix_for(["crane", "slate", "trace"], ["crane", "trace"])
    assert solve_optimal(m, candidates=3).total == 3


def test_bad_opener_and_impossible_depth():
    gs, ans = sample(31, 12, 10)
    m = matrix_for(gs, ans)
    with pytest.raises(UnknownWordError):
        solve_optimal(m, opener="zzzzz")
    with pytest.raises(WordlelabError):
        solve_optimal(m, max_guesses=1)


def test_stop_returns_best_tree_so_far():
    gs, ans = sample(41, 30, 40)
    m = matrix_for(gs, ans)
    stop = threading.Event()
    seen = []

    def progress(p):
        seen.append(p)
        if p.phase == "exact":
            stop.set()

    res = solve_optimal(m, candidates=3, stop=stop, progress=progress)
    # stopped as the search began: the first opener's groups solved so far plus a greedy tree for
    # the others is the answer, an upper bound
    assert res.interrupted and not res.proven
    assert res.lower_bound <= res.total
    assert res.total >= solve_optimal(m, candidates=3).total
    res.tree().verify(m.guesses, m.answers)
    assert seen and seen[0].phase == "exact"
    with pytest.raises(StoppedEarlyError, match="interrupted before the search had a complete tree") as exc:
        stop.set()
        solve_optimal(m, candidates=3, stop=stop)
    assert exc.value.exit_code == 130  # the CLI's Ctrl-C convention, not an input error


def test_no_tree_within_the_limit_is_said_to_be_proven():
    gs, ans = sample(41, 30, 40)
    with pytest.raises(SearchFailedError, match="no strategy solves every answer within 2 guesses"):
        solve_optimal(matrix_for(gs, ans), candidates=3, max_guesses=2)


def test_tree_text_round_trip():
    gs, ans = sample(51, 20, 20)
    m = matrix_for(gs, ans)
    res = solve_optimal(m, candidates=3)
    tree = res.tree()
    again = DecisionTree.parse(tree.to_text(), "x.txt")
    assert again.paths == tree.paths
    again = DecisionTree.parse(tree.to_text(feedback=True), "x.txt")
    assert again.verify(m.guesses, m.answers).total == res.total


def test_salet_normal_is_7920(matrix):
    res = solve_optimal(matrix, opener="salet")
    assert res.proven and res.total == 7920 and res.worst <= 5
    res.tree().verify(matrix.guesses, matrix.answers, max_guesses=6)


def test_salet_hard_is_8122(matrix):
    res = solve_optimal(matrix, opener="salet", hard=True)
    assert res.proven and res.total == 8122
    res.tree().verify(matrix.guesses, matrix.answers, hard=True, max_guesses=6)


@pytest.mark.slow
@pytest.mark.parametrize("answers,total", [("nyt-answers", 11219), ("nyt2022-answers", 7883)])
def test_tarse_on_the_nyt_lists_is_the_published_optimum(answers, total):
    """Our own search re-proves Selby's published TARSE optima on the NYT lists (14855 guesses)."""
    m = PatternMatrix.load(WordList.bundled("nyt"), WordList.bundled(answers))
    res = solve_optimal(m, opener="tarse")
    assert res.proven and res.total == total
    res.tree().verify(m.guesses, m.answers, max_guesses=6)


@pytest.mark.parametrize("hard", [False, True])
def test_one_thread_or_several_give_the_same_proof(hard):
    gs, ans = sample(7, 60, 120)
    m = matrix_for(gs, ans)
    one = solve_optimal(m, candidates=4, hard=hard, threads=1)
    many = solve_optimal(m, candidates=4, hard=hard, threads=3)
    assert one.proven and many.proven
    assert (one.opener, one.total) == (many.opener, many.total)
    assert [(o.word, o.exact) for o in one.openers] == [(o.word, o.exact) for o in many.openers]
    # An opener that is cut may be cut at a different bound, but never below the best total.
    assert all(o.value == p.value or (not o.exact and o.value >= one.total and p.value >= one.total)
               for o, p in zip(one.openers, many.openers))
    many.tree().verify(m.guesses, m.answers, hard=hard)


def test_threads_option_on_the_command_line(tmp_path):
    import json

    from interactive_helpers import invoke

    gs, ans = sample(7, 40, 80)
    (tmp_path / "g.txt").write_text("\n".join(gs) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(ans) + "\n")
    args = ["optimal", "--json", "--words", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    c1, out1, _ = invoke(*args, "--threads", "1")
    c2, out2, _ = invoke(*args, "--threads", "2")
    assert c1 == 0 and c2 == 0
    assert json.loads(out1)["total"] == json.loads(out2)["total"]
    code, _, err = invoke(*args, "--threads", "0")
    assert code == 1 and "--threads" in err and len(err.strip().splitlines()) == 1
