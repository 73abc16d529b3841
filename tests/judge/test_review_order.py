"""A review's verdict does not depend on what other reviews left in a shared context (issue 25).

Two games on the default lists, in this order, used to break the first: game B proves (its last
positions are small) that some sets cannot be solved in the guesses left; with that in the memo
the search for game A's fourth position (404 answers, 3 guesses left) finishes within its budget
and proves the same of it, and evaluate() raised "no strategy solves the 404 answers left" where a
fresh server gave bounds. Such a position now has a value (no strategy wins for sure), not an error.
"""

from __future__ import annotations

import json
import warnings

import pytest
from interactive_helpers import invoke

from wordlelab.exact import evaluation
from wordlelab.exact.context import ExactContext
from wordlelab.game import Position
from wordlelab.game.feedback import score
from wordlelab.game.lists import load_lists
from wordlelab.judge.review import review

GAME_A = (["fuzzy", "jazzy", "mamma", "cigar"], "cigar")
GAME_B = (["xylyl", "jazzy", "fuzzy", "pizza", "cigar"], "cigar")
BUDGET = 40_000_000  # look-ups of exact search per part of a step


def verdict(steps: list[dict]) -> list[tuple]:
    """What must not depend on the order: the positions, and where no guaranteed win is left."""
    return [
        (
            s["turn"],
            s["guess"],
            s["pattern"],
            s["before"],
            s["after"],
            s["best_expected"] is None,
            s["played_expected"] is None,
        )
        for s in steps
    ]


@pytest.fixture(scope="module")
def default_matrix():
    return load_lists(5, "en", lists="nyt").matrix()  # the default set outside the tests


def test_unwinnable_position_is_a_value_not_an_error(default_matrix):
    m = default_matrix
    pos = Position.start(m)
    for w in GAME_B[0][:4]:
        pos = pos.after(m.guesses.index(w), score(w, "cigar").code)
    assert pos.candidates.size == 12 and pos.max_guesses - len(pos.history) == 2
    ev = evaluation.evaluate(pos, guess="cigar", budget=None)
    assert (
        not ev.winnable
        and ev.best is None
        and ev.guess is not None
        and ev.guess.upper >= evaluation.INF
    )
    d = ev.to_dict()
    assert (
        d["winnable"] is False and d["total"] is None and d["upper"] is None and d["lower"] is None
    )


def test_review_order_on_shared_engines(default_matrix):
    m = default_matrix
    shared = ExactContext()  # one caller's context, kept across its reviews

    def run(words: list[str], answer: str, context: ExactContext = shared) -> list[dict]:
        h = [(w, score(w, answer)) for w in words]
        return [
            s.to_dict() for s in review(m, h, answer=answer, budget=BUDGET, context=context).steps
        ]

    first = run(*GAME_A)
    b = run(*GAME_B)  # raised before the fix: the 12 answers left cannot be solved in 2 guesses
    again = run(*GAME_A)  # raised before the fix whenever B's proofs let A's finish
    assert verdict(first) == verdict(again)
    assert b[-2]["best_expected"] is None and b[-1]["after"] == 1
    assert b[-1]["limit_lifted"] and b[-1]["best_expected"] is not None  # 12 left, 2 guesses
    assert verdict(run(*GAME_A, context=ExactContext())) == verdict(first)


def test_web_and_cli_give_the_same_verdict_in_any_order(tmp_path):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Using `httpx`")
        from starlette.testclient import TestClient

    from wordlelab.web.app import create_app

    body_a = {"words": ",".join(GAME_A[0]), "answer": GAME_A[1], "lists": "nyt"}
    body_b = {"words": ",".join(GAME_B[0]), "answer": GAME_B[1], "lists": "nyt"}
    with TestClient(
        create_app(stats_path=tmp_path / "s.db", review_budget=BUDGET), base_url="http://localhost"
    ) as c:
        got = [c.post("/api/analyse", json=body) for body in (body_a, body_b, body_a)]
    assert [r.status_code for r in got] == [200, 200, 200], [r.text for r in got]
    web = [verdict(r.json()["review"]["steps"]) for r in got]
    assert web[0] == web[2]
    for (words, answer), seen in ((GAME_A, web[0]), (GAME_B, web[1])):
        code, out, err = invoke(
            "analyse",
            "--played",
            ",".join(words),
            "--answer",
            answer,
            "--json",
            "--budget",
            str(BUDGET),
            "--lists",
            "nyt",
        )
        assert code == 0, err
        assert verdict(json.loads(out)["steps"]) == seen
