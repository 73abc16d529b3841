"""Proven ranges rounded for display (``rounding.outward``), and the terminal and the JSON the
web page reads showing the same figures for a review with bounds."""

from __future__ import annotations

import json
import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from interactive_helpers import invoke

from wordlelab.exact.rounding import outward, shown

INF = float("inf")
costs = st.floats(min_value=0, max_value=10, allow_nan=False)


@given(costs, costs)
def test_the_range_shown_contains_the_range_proven(a, b):
    low, high = min(a, b), max(a, b)
    lo, hi = outward(low, high, 3)
    if abs(high - low) < 1e-9:
        assert lo == hi == round(low, 3)
        return
    # Within the grid tolerance (a millionth of the last decimal) of containing it.
    assert lo <= low + 1e-9 and hi >= high - 1e-9
    assert low - lo < 1e-3 and hi - high < 1e-3
    assert lo == round(lo, 3) and hi == round(hi, 3)


@pytest.mark.parametrize(
    ("low", "high", "digits", "want"),
    [
        (0.40249, 0.70449, 3, (0.402, 0.705)),  # nearest would give 0.402…0.704
        (0.4021, 0.7045, 3, (0.402, 0.705)),  # the same figures at four decimals: the same
        (0.402, 0.705, 3, (0.402, 0.705)),  # on the grid already (402.0000000001 is not 403)
        (0.1536, 0.1536, 3, (0.154, 0.154)),  # proven exactly: the nearest
        (0.248, INF, 3, (0.248, INF)),  # no upper bound
        (INF, INF, 3, (INF, INF)),  # the move can fail
        (0.24849, 0.55081, 4, (0.2484, 0.5509)),
    ],
)
def test_outward_examples(low, high, digits, want):
    assert outward(low, high, digits) == want


def test_shown_is_what_json_carries():
    assert shown(0.40249, 0.70449) == [0.402, 0.705]
    assert shown(0.248, INF) == [0.248, None]
    assert shown(INF, INF) is None


def test_the_terminal_and_the_json_show_the_same_bounds():
    """A review with an unproven step (MAMMA, GROUP, SHIRE on the default lists: a step has
    bounds): the total line of ``analyse`` and the JSON's ``cost_shown`` agree, step by step
    and in total, and each range contains the four-decimal range the JSON carries."""
    args = ("analyse", "--played", "mamma,group,shire", "--answer", "shire", "--lists", "nyt")
    code, out, err = invoke(*args)
    assert code == 0, err
    code, js, err = invoke(*args, "--json")
    assert code == 0, err
    review = json.loads(js)
    assert not review["exact"]  # the case this test is about: a range, not a value
    low, high = review["cost_shown"]
    total = re.search(r"total cost against perfect play: ([0-9.]+)…([0-9.]+)", out)
    assert total is not None, out
    assert (float(total[1]), float(total[2])) == (low, high)
    assert low <= review["cost_low"] and high >= review["cost_high"]
    for step in review["steps"]:
        slo, shi = step["cost_shown"]
        text = f"{slo:.3f}" if slo == shi else f"{slo:.3f}…{shi:.3f}"
        assert text in out
        if step["cost_low"] == step["cost_high"]:  # proven exactly: the nearest
            assert slo == shi == round(step["cost_low"], 3)
        else:
            assert slo <= step["cost_low"] and shi >= step["cost_high"]
    assert math.isclose(low, 0.831) and math.isclose(high, 1.352)


def test_the_assistants_bounds_read_the_same_in_the_terminal_and_the_json():
    """The coach's exact line with proven bounds (the budget ran out): 17 and 20 guesses over 7
    answers are 2.4286 and 2.8571 a game, which the nearest rounding showed as 2.429…2.857, a
    range narrower than the proven one; both front ends now show 2.428…2.858."""
    from wordlelab.cli.assist import exact_cell, exact_line
    from wordlelab.exact.evaluation import Evaluation, GuessValue

    ev = Evaluation(n=7, guesses_left=4, lower=17, upper=20, best="crane")
    assert "between 2.428 and 2.858 expected guesses" in exact_line(ev)
    assert ev.to_dict()["expected_shown"] == [2.428, 2.858]
    g = GuessValue("crane", 17, 20, 7)
    assert g.to_dict()["expected_shown"] == [2.428, 2.858]
    # No upper bound: "at least"; no win possible: nothing to show.
    open_ev = Evaluation(n=7, guesses_left=4, lower=17, upper=1 << 40, best=None)
    assert "at least 2.428 expected guesses" in exact_line(open_ev)
    assert open_ev.to_dict()["expected_shown"] == [2.428, None]
    assert GuessValue("crane", 1 << 40, 1 << 40, 7).to_dict()["expected_shown"] is None
    # A guess outside a complete exact top N is no better than its last: a bound, rounded down.
    top = [GuessValue("salet", 17, 17, 7)]
    ranked = Evaluation(n=7, guesses_left=4, lower=17, upper=17, best="salet", top=top)
    assert exact_cell(ranked, "salet") == "2.429"  # proven exactly: the nearest
    assert exact_cell(ranked, "zzzzz") == "≥2.428"
