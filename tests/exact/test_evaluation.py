"""Exact analysis (issue 10): the position notation, evaluate(), the review and `analyse`."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
import reference
from hypothesis import given, settings
from hypothesis import strategies as st
from interactive_helpers import invoke

from wordlelab.errors import InconsistentFeedbackError, InvalidPatternError, UnknownWordError
from wordlelab.exact.evaluation import evaluate
from wordlelab.game import Position
from wordlelab.game.feedback import Pattern, score
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.notation import PositionText, parse_position, read_position
from wordlelab.game.words import WordList
from wordlelab.judge.review import review


def test_the_three_forms_name_the_same_position():
    forms = [
        "salet:...y. drone:y...g",
        "salet,...y.;drone,y...g",
        "salet.BBBYB.drone.YBBBG",
        "SALET:bbbyb DRONE:ybbbg",
    ]
    parsed = {parse_position(f) for f in forms}
    assert len(parsed) == 1
    (p,) = parsed
    assert [(w, str(q)) for w, q in p.history] == [
        ("salet", "...y."),
        ("drone", "y...g"),
    ] and p.guess is None
    assert parse_position("salet.BBBYB.drone").guess == "drone"
    assert parse_position("salet:...y. drone").guess == "drone"


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["salet", "drone", "cigar", "crane"]), st.integers(0, 3**5 - 1)),
        max_size=5,
    ),
    st.one_of(st.none(), st.sampled_from(["humph", "awake"])),
    st.sampled_from(["colon", "comma", "selby"]),
)
def test_the_notation_round_trips(pairs, guess, style):
    p = PositionText(tuple((w, Pattern(c, 5)) for w, c in pairs), guess)
    assert parse_position(p.format(style)) == p


@pytest.mark.parametrize(
    "text, error, message",
    [
        ("salet drone:y...g", InvalidPatternError, "has no feedback"),
        ("salet:zzzzz", InvalidPatternError, "feedback 'zzzzz'"),
        ("salet.BBBYB.drone.YBB", InvalidPatternError, "3 tiles"),
        ("qqqqq:.....", UnknownWordError, "not in the word list"),
        ("salet:ggggy", InconsistentFeedbackError, "no remaining word gives"),
    ],
)
def test_bad_positions(matrix, text, error, message):
    with pytest.raises(error, match=message):
        read_position(text, matrix)


def test_evaluate_adds_up_to_the_proven_optimum(matrix):
    """SALET's feedback groups, each evaluated on its own, add up to the proven 7920."""
    root = Position.start(matrix)
    g = matrix.guesses.index("salet")
    total = len(matrix.answers)
    for code in sorted(set(matrix.row(g).tolist()) - {matrix.win_code}):
        e = evaluate(root.after(g, code))
        assert e.exact
        total += e.upper
    assert total == 7920
    # The start comes from the complete table of every opener's value (no search), and agrees.
    e = evaluate(root, guess="salet")
    assert (e.exact, e.upper, e.best, e.source, e.guess.upper) == (
        True,
        7920,
        "salet",
        "table",
        7920,
    )


def test_evaluate_top_and_a_given_guess(matrix):
    pos = Position.start(matrix).after("salet", ".y...")
    e = evaluate(pos, top=3, guess="crane")
    assert e.exact and e.upper == 260 and e.best == "brond"
    assert [(x.word, x.upper) for x in e.top][0] == ("brond", 260)
    assert all(a.upper <= b.upper for a, b in itertools.pairwise(e.top)) and len(e.top) == 3
    assert e.guess.word == "crane" and e.guess.exact and e.guess.upper > 260
    low, high = e.cost(e.guess)
    assert low == high == pytest.approx((e.guess.upper - 260) / 102)


def test_a_tiny_budget_gives_bounds_never_a_fake_exact(matrix):
    pos = Position.start(matrix).after(
        "crane", "....."
    )  # a large group: not provable in 1000 look-ups
    e = evaluate(pos, budget=1000)
    assert e.lower <= e.upper
    if not e.exact:
        # No upper bound at all (INF) when even the budgeted greedy tree did not finish.
        assert e.to_dict()["total"] is None and (e.upper < 10**9) == (e.best is not None)


def _brute(words: list[str], S: tuple[str, ...], d: int) -> float:
    """f(S, d) by brute force over every guess (tests/reference.py; tiny sets only)."""
    return reference.brute_force(words, list(S), d)


@pytest.mark.parametrize("hard", [False, True])
def test_evaluate_matches_brute_force_on_small_sets(hard):
    words = [
        "crane",
        "crate",
        "trace",
        "react",
        "cater",
        "caret",
        "slate",
        "plumb",
        "lumpy",
        "tract",
    ]
    wl = WordList(words, name="tiny")
    m = PatternMatrix.build(wl, wl)
    rng = np.random.default_rng(7)
    for _ in range(6):
        cols = np.sort(rng.choice(len(words), size=int(rng.integers(3, 8)), replace=False))
        pos = Position(m, cols.astype(np.int64), (), hard, 6)
        e = evaluate(pos)
        if not hard:
            assert e.upper == _brute(words, tuple(words[int(c)] for c in cols), 6)
        else:
            assert e.upper >= _brute(
                words, tuple(words[int(c)] for c in cols), 6
            )  # hard mode is no easier


def test_review_of_a_game_and_its_cost(matrix):
    r = review(
        matrix,
        [
            ("salet", score("salet", "cigar")),
            ("crane", score("crane", "cigar")),
            ("cigar", score("cigar", "cigar")),
        ],
        answer="cigar",
        budget=None,
    )
    assert r.solved and r.exact and len(r.steps) == 3
    first = r.steps[0]
    assert first.best == "salet" and first.cost_low == first.cost_high == 0.0
    assert r.steps[1].cost_low > 0  # crane is not the best second guess here
    assert r.cost_low == pytest.approx(sum(s.cost_low for s in r.steps))


def test_analyse_command(default_lists):
    code, out, _ = invoke("analyse", "--played", "salet,brond,piano,guano", "--answer", "guano")
    assert code == 0 and "Exact review" in out and "total cost against perfect play" in out
    code, out, _ = invoke(
        "analyze",
        "--played",
        "salet,brond,piano,guano",
        "--answer",
        "guano",
        "--lists",
        "original",
        "--json",
    )
    data = json.loads(out)
    assert code == 0 and data["outside"] and data["solved"] and len(data["steps"]) == 4
    assert "outside the answer list" in data["notes"][0]
    text = f"salet:{score('salet', 'cigar')} chair:{score('chair', 'cigar')}"
    code, out, _ = invoke("analyse", text, "--lists", "original", "--hard", "--json")
    data = json.loads(out)
    assert code == 0 and data["hard"] and data["steps"][1]["before"] == 102
    for args, message in (
        (["--played", "salet"], "--played needs --answer or --grid"),
        ([], "nothing to review"),
        (["salet:zzzzz"], "feedback 'zzzzz'"),
        (["--played", "crane,slate", "--answer", "guano", "--hard"], "hard mode would not take"),
    ):
        code, _, err = invoke("analyse", *args)
        assert code == 1 and message in err and err.count("\n") == 1, err


def test_optimal_from_a_position():
    code, out, _ = invoke("optimal", "--position", "salet:.y...", "--json")
    data = json.loads(out)
    assert code == 0 and data["proven"] and data["total"] == 260 and data["answers"] == 102
    code, out, _ = invoke("optimal", "--position", "salet.BYBBB.crane", "--json")
    data = json.loads(out)
    assert code == 0 and data["opener"] == "crane" and data["total"] > 260


def test_optimal_says_when_only_the_openers_searched_are_proven():
    # The best of one opener searched is not the optimum (SALET 7920 beats SLATE 7928).
    code, out, _ = invoke("optimal", "--lists", "original", "--candidates", "1")
    assert code == 0
    assert "slate (normal mode): 7928" in out
    assert "the best of the 1 openers searched (proven)" in out and "optimal (proven)" not in out
    assert "other openers: not searched, each at least 6797" in out
    code, out, _ = invoke("optimal", "--lists", "original", "--candidates", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["proven"] and data["total"] == 7920
    assert data["proof"].startswith("optimal (the openers not searched: none better")
