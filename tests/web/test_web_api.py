"""The web app's JSON routes through Starlette's test client: every endpoint, and bad input as 4xx."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import warnings  # noqa: E402

with warnings.catch_warnings():
    # Starlette 1.x nudges towards httpx2 for its test client; httpx still works the same.
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient  # noqa: E402

from wordlelab.assist.assistant import WIDENED  # noqa: E402
from wordlelab.game import pick_answer  # noqa: E402
from wordlelab.game.feedback import score  # noqa: E402
from wordlelab.game.stats import StatsStore  # noqa: E402
from wordlelab.game.words import WordList  # noqa: E402
from wordlelab.web.app import create_app  # noqa: E402

LOCAL = (
    "http://localhost"  # the server answers only to the names it is reached by (not 'testserver')
)


@pytest.fixture()
def client(tmp_path):
    # raise_server_exceptions: a 500 fails the test loudly instead of hiding as a status code.
    with TestClient(create_app(stats_path=tmp_path / "stats.db"), base_url=LOCAL) as c:
        yield c


def test_index_static_and_headers(client):
    page = client.get("/")
    assert page.status_code == 200
    assert '<script type="module" src="/static/js/main.js"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for path in ("/static/js/main.js", "/static/style.css", "/favicon.ico"):
        assert client.get(path).status_code == 200, path
    # No file paths from the request: the static mount does not leave its folder.
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/%2e%2e/app.py").status_code == 404


def test_options(client):
    data = client.get("/api/options").json()
    assert data["lengths"] == list(range(4, 12))
    assert "entropy" in data["strategies"] and data["langs"] == ["en", "ru"]


def test_play_to_a_win_records_stats(client, tmp_path):
    answer = pick_answer(WordList.bundled("answers"), 7)
    assert answer == "octet"  # the same word 'wordlelab play --seed 7' plays
    game = client.post("/api/play", json={"seed": 7}).json()
    assert game["rows"] == [] and game["length"] == 5 and not game["over"]
    assert "answer" not in game  # the answer is not sent before the game ends
    state = client.post(f"/api/play/{game['id']}/guess", json={"word": "CRANE"}).json()
    assert state["rows"][0]["word"] == "crane"
    assert state["rows"][0]["colors"] == list(score("crane", "octet").colors)
    assert state["keys"]["c"] == 1 and state["keys"]["r"] == 0 and state["turns_left"] == 5
    state = client.post(f"/api/play/{game['id']}/guess", json={"word": "octet"}).json()
    assert state["over"] and state["won"] and state["praise"] == "Magnificent"
    assert state["share"].startswith("Wordle 2/6 · seed 7\n\n")
    assert state["stats"]["summary"]["played"] == 1
    assert StatsStore(tmp_path / "stats.db").summary().wins == 1
    assert client.get("/api/stats?length=5&lang=en").json()["played"] == 1
    # A guess after the end is a library error, not a crash, and changes nothing.
    r = client.post(f"/api/play/{game['id']}/guess", json={"word": "crane"})
    assert r.status_code == 400 and "over" in r.json()["error"]
    assert len(client.get(f"/api/play/{game['id']}").json()["rows"]) == 2


def test_play_hard_mode_and_bad_words(client):
    game = client.post("/api/play", json={"seed": 7, "hard": True, "no_stats": True}).json()
    gid = game["id"]
    client.post(f"/api/play/{gid}/guess", json={"word": "crane"})
    for word, status, text in [
        ("zzzzz", 400, "not in the word list"),
        ("cran", 400, "letters"),
        ("moist", 400, "hard mode"),
        ("", 400, "type a word"),
        (5, 400, "text"),
    ]:
        r = client.post(f"/api/play/{gid}/guess", json={"word": word})
        assert r.status_code == status, word
        assert text in r.json()["error"], (word, r.json())
    assert len(client.get(f"/api/play/{gid}").json()["rows"]) == 1  # no try used


def test_a_refused_word_comes_as_data_too(client):
    """A 400 for a word the game refuses carries the error as data (``parts``: kind and figures)
    besides the English line, so a Russian page can say it in Russian; others carry none."""
    game = client.post("/api/play", json={"seed": 7, "hard": True, "no_stats": True}).json()
    gid = game["id"]
    state = client.post(f"/api/play/{gid}/guess", json={"word": "crane"}).json()
    for word, parts in [
        ("zzzzz", {"kind": "unknown_word", "input": "zzzzz"}),
        ("cran", {"kind": "word_length", "input": "cran", "letters": 4, "length": 5}),
        ("cr4ne", {"kind": "bad_letters", "input": "cr4ne", "letters": "4"}),
    ]:
        r = client.post(f"/api/play/{gid}/guess", json={"word": word}).json()
        assert r["parts"] == {**parts, "text": r["error"]}, word
    # After CRANE (seed 7's answer shows some of its letters), PIOUS lacks them: the rule, as data.
    assert len(state["rows"]) == 1
    r = client.post(f"/api/play/{gid}/guess", json={"word": "pious"}).json()
    assert r["parts"]["kind"] == "hard_mode" and r["parts"]["input"] == "pious"
    assert set(r["parts"]) == {"kind", "text", "input", "letter", "position", "times"}
    assert r["parts"]["text"] == r["error"] and "hard mode" in r["error"]
    # A grid the page cannot read: which line, and the figures.
    r = client.post("/api/analyse", json={"grid": "⬜⬜⬜⬜⬜\n🟩🟩🟩🟩"}).json()
    assert r["parts"] == {
        "kind": "grid_row_length",
        "text": r["error"],
        "input": "🟩🟩🟩🟩",
        "line": "🟩🟩🟩🟩",
        "tiles": 4,
        "above": 5,
    }
    # A grid of a length no game plays, and the assistant's commonest typos in the colours.
    r = client.post("/api/analyse", json={"grid": "🟩🟩🟩"}).json()
    assert r["parts"] == {
        "kind": "play_length",
        "text": r["error"],
        "length": 3,
        "min": 4,
        "max": 11,
    }
    aid = client.post("/api/assist", json={}).json()["id"]
    for pattern, parts in [
        ("abc", {"kind": "feedback_chars", "chars": "a, c"}),
        ("...", {"kind": "feedback_length", "tiles": 3, "expected": 5}),
    ]:
        r = client.post(f"/api/assist/{aid}/play", json={"pattern": pattern}).json()
        assert r["parts"] == {**parts, "input": pattern, "text": r["error"]}, pattern
    # An error with no words of its own for a page to use has only the English line.
    r = client.post(f"/api/play/{gid}/guess", json={"word": ""}).json()
    assert "parts" not in r and r["error"]


@pytest.mark.parametrize(
    "body, text",
    [
        ({"length": 3}, "between 4 and 11"),
        ({"length": "x"}, "whole number"),
        ({"lang": "fr"}, "fr"),
        ({"hard": "yes"}, "true or false"),
        ({"seed": -1}, "between"),
        ({"tries": 0}, "between 1 and 20"),
    ],
)
def test_play_bad_options(client, body, text):
    r = client.post("/api/play", json=body)
    assert r.status_code == 400 and text in r.json()["error"]


JSON = {"Content-Type": "application/json"}


def test_bad_bodies_and_unknown_sessions(client):
    assert client.post("/api/play", content=b"{not json", headers=JSON).status_code == 400
    assert client.post("/api/play", json=[1, 2]).status_code == 400
    assert (
        client.post("/api/play", content=b'{"tries": NaN}', headers=JSON).status_code == 400
    )  # not JSON, though Python reads it
    assert client.post("/api/play", content=b"x" * 70_000, headers=JSON).status_code == 413
    for path in ("/api/play/nope", "/api/assist/nope", "/api/bench/nope"):
        r = client.get(path)
        assert r.status_code == 404 and "session" in r.json()["error"]
    assert client.post("/api/play/nope/guess", json={"word": "crane"}).status_code == 404
    for path in (
        "/api/assist/nope/undo",
        "/api/assist/nope/skip",
        "/api/assist/nope/top",
        "/api/assist/nope/play",
        "/api/bench/nope/stop",
    ):
        assert client.post(path, json={}).status_code == 404, path
    assert client.get("/api/play").status_code == 405  # a new game is a POST
    assert client.get("/api/stats?length=99").status_code == 400


def test_assist_whole_game_undo_and_skip(client):
    answer = "octet"
    state = client.post("/api/assist", json={"top": 5}).json()
    aid = state["id"]
    assert state["suggestion"]["word"] == "salet" and len(state["top"]) == 5
    assert (
        state["exact"]["best"] == "salet" and state["exact"]["total"] == 7920
    )  # the proven optimum
    assert state["remaining"] == 2315 and not state["can_undo"]
    skipped = client.post(f"/api/assist/{aid}/skip", json={}).json()
    assert skipped["suggestion"]["word"] != "salet" and skipped["skipped"] == ["salet"]
    state = client.post(f"/api/assist/{aid}/undo", json={}).json()
    assert state["suggestion"]["word"] == "salet"
    for _ in range(8):
        word = state["suggestion"]["word"]
        state = client.post(
            f"/api/assist/{aid}/play", json={"word": word, "pattern": score(word, answer).emoji}
        ).json()
        if state["solved"]:
            break
    assert state["solved"] and state["rows"][-1]["word"] == answer and state["suggestion"] is None
    r = client.post(f"/api/assist/{aid}/skip", json={})
    assert r.status_code == 400 and "solved" in r.json()["error"]
    back = client.post(f"/api/assist/{aid}/undo", json={}).json()
    assert not back["solved"] and len(back["rows"]) == len(state["rows"]) - 1
    assert back["remaining"] == 1  # SALET, CERNE leave OCTET: the top is that word alone
    assert [r["word"] for r in client.get(f"/api/assist/{aid}?top=3").json()["top"]] == [answer]
    while back["remaining"] < 10:  # back to a position with a top of 7 to list
        back = client.post(f"/api/assist/{aid}/undo", json={}).json()
    assert len(client.get(f"/api/assist/{aid}?top=3").json()["top"]) == 3
    assert len(client.post(f"/api/assist/{aid}/top", json={"top": 7}).json()["top"]) == 7


def test_assist_top_rows_carry_their_exact_value_at_the_start(client):
    """Each best-guess row at the start carries its exact expected guesses from the opener table
    (the CLI's column: ``Evaluation.expected_of``); in hard mode an opener with no six-guess
    strategy "loses" answers. The coach's rows at the start are the table's best (all exact);
    entropy's rows in hard mode hold openers that lose some."""
    from wordlelab.exact.opener_values import opener_table

    for hard, strategy in (
        (False, "coach"),
        (False, "entropy"),
        (True, "coach"),
        (True, "entropy"),
    ):
        state = client.post(
            "/api/assist", json={"top": 8, "lists": "nyt", "hard": hard, "strategy": strategy}
        ).json()
        table = opener_table("nyt", hard)
        kinds = set()
        for row in state["top"]:
            want = table.value(row["word"])
            kinds.add(row["exact"]["kind"])
            if want.total is None:  # no six-guess strategy: it loses answers (how many, if proven)
                # With a shipped tree of fewest losses (RAISE): its losses and value (a loss as
                # 7 guesses); without one, the bound: at least one answer lost, no value.
                got = row["exact"]
                assert got["kind"] == "loses" and got["lost"] >= 1
                if got["expected"] is None:
                    assert got["shown"] is None and got["lost"] == 1
                else:
                    assert got["shown"] == round(got["expected"], 3) and got["expected"] > 3
            else:
                x = want.total / 3158
                assert row["exact"] == {
                    "kind": "exact",
                    "expected": round(x, 4),
                    "shown": round(x, 3),
                }
        assert kinds == ({"exact", "loses"} if hard and strategy == "entropy" else {"exact"})
        if strategy == "coach":  # the table's order: best first
            values = [table.value(row["word"]).total for row in state["top"]]
            assert values == sorted(values) and values[0] == table.best.total
    # Past the start, rows outside the exact top carry a bound or nothing, never a made-up value.
    aid = client.post("/api/assist", json={"top": 5, "lists": "nyt"}).json()["id"]
    state = client.post(f"/api/assist/{aid}/play", json={"pattern": "....."}).json()
    assert all(r["exact"]["kind"] in ("exact", "at least", "unknown") for r in state["top"])
    for r in state["top"]:  # a bound shown at three decimals stays a bound: rounded down
        if r["exact"]["kind"] == "at least":
            assert r["exact"]["shown"] <= r["exact"]["expected"] < r["exact"]["shown"] + 0.001


def test_assist_bad_input_changes_nothing(client):
    aid = client.post("/api/assist", json={}).json()["id"]
    for body, text in [
        ({"word": "salet", "pattern": "..q.."}, "q"),
        ({"word": "salet", "pattern": ""}, "colours"),
        ({"word": "zzzzz", "pattern": "....."}, "zzzzz"),
        ({"word": "salet", "pattern": "ggggy"}, ""),
    ]:
        r = client.post(f"/api/assist/{aid}/play", json=body)
        assert r.status_code == 400 and text in r.json()["error"], body
    assert client.post(f"/api/assist/{aid}/undo", json={}).status_code == 400  # nothing to undo
    assert client.get(f"/api/assist/{aid}").json()["rows"] == []
    assert client.post("/api/assist", json={"strategy": "nope"}).status_code == 400
    assert client.get(f"/api/assist/{aid}?top=0").status_code == 400


def test_analyse(client):
    words = ["salet", "tenor", "octet"]
    grid = "Wordle 1,234 3/6\n\n" + "\n".join(score(w, "octet").emoji for w in words)
    r = client.post("/api/analyse", json={"grid": grid, "words": "salet, tenor octet"}).json()
    report, exact = r["report"], r["review"]
    assert [row["guess"] for row in report["rows"]] == words
    assert report["rows"][0]["before"] == 2315 and report["rows"][-1]["after"] == 1
    assert report["rows"][0]["colors"] == list(score("salet", "octet").colors)
    assert report["answers"] == ["octet"] and report["consistent"]
    # The exact review: SALET is the proven optimal opener (7920 guesses over 2315 answers).
    first = exact["steps"][0]
    assert first["guess"] == "salet" and first["best_expected"] == pytest.approx(
        7920 / 2315, abs=1e-4
    )
    assert first["cost_low"] == 0 and exact["solved"] and exact["exact"]
    assert [s["colors"] for s in exact["steps"]] == [list(score(w, "octet").colors) for w in words]
    tiles = client.post("/api/analyse", json={"grid": grid}).json()
    assert tiles["review"] is None and tiles["report"]["rows"][0]["guess"] is None
    assert "octet" in tiles["report"]["answers"]


def test_analyse_gives_the_detector_verdict(client):
    words = ["salet", "tenor", "octet"]
    grid = "Wordle 1,234 3/6\n\n" + "\n".join(score(w, "octet").emoji for w in words)
    both = client.post("/api/analyse", json={"grid": grid, "words": " ".join(words)}).json()
    by_answer = client.post(
        "/api/analyse", json={"words": " ".join(words), "answer": "octet"}
    ).json()
    tiles = client.post("/api/analyse", json={"grid": grid}).json()
    for r in (both, by_answer, tiles):
        assert r["verdict"] == "plausible" and r["detection"]["line"].startswith("plausible")
        assert r["p_value"] == both["p_value"] and 0.05 < r["p_value"] < 1
    # One formula for luck and for skill: the grid's report and the exact review agree.
    report, steps = both["report"]["rows"], both["review"]["steps"]
    assert [x["luck"] for x in report] == [s["luck"] for s in steps]
    assert [x["p_own"] for x in report] == [s["p_own"] for s in steps]
    one = client.post("/api/analyse", json={"grid": "Wordle 7 1/6\n🟩🟩🟩🟩🟩"}).json()
    # (a 1/6's real chance: a player who opens with a possible answer, 1 in the answers)
    assert one["verdict"] == "suspicious" and one["p_value"] == pytest.approx(1 / 2315)


def test_analyse_a_hard_mode_grid_whose_words_break_the_rule(client):
    """With the grid given, words that break hard mode get the judged report (its note and the
    detector's verdict, as 'check' gives them) instead of a 400; without a grid, still a 400."""
    words = ["moist", "bloat", "shout"]  # BLOAT drops MOIST's S
    grid = "Wordle 1 3/6*\n\n" + "\n".join(score(w, "shout").emoji for w in words)
    r = client.post("/api/analyse", json={"grid": grid, "words": " ".join(words)})
    assert r.status_code == 200
    out = r.json()
    assert out["review"] is None and "hard mode would not take BLOAT" in out["review_error"]
    # ... and as data, for a page in another language to say it (i18n.js errorText).
    parts = out["review_error_parts"]
    assert parts["kind"] == "hard_mode" and parts["text"] == out["review_error"]
    assert parts["input"].lower() == "bloat" and parts["letter"].lower() == "s"
    kinds = [p["kind"] for p in out["report"]["note_parts"]]
    assert "breaks_hard" in kinds
    assert out["detection"]["parts"][0]["kind"] == "inconsistent"
    bad = client.post(
        "/api/analyse", json={"words": " ".join(words), "answer": "shout", "hard": True}
    )
    assert bad.status_code == 400 and "BLOAT" in bad.json()["error"]


def test_analyse_a_position_or_words_with_the_answer(client, opener_rows):
    by_position = client.post(
        "/api/analyse", json={"position": "salet.BBBGG.cerne.YYBBB.octet.GGGGG"}
    ).json()
    by_answer = client.post(
        "/api/analyse", json={"words": "salet cerne octet", "answer": "octet"}
    ).json()
    assert by_position["review"]["steps"] == by_answer["review"]["steps"]
    assert by_position["report"] is None
    crane = client.post("/api/analyse", json={"position": "crane:.....", "hard": True}).json()[
        "review"
    ]
    assert crane["hard"] and crane["steps"][0]["best"] == "salet"
    # the upper bound of CRANE's cost may stay open (null) when its greedy tree does not finish in time
    assert crane["steps"][0]["cost_high"] is None or crane["steps"][0]["cost_high"] > 0
    # A tiny budget gives proven bounds, labelled so, never a number called exact (FUZZY: an
    # opener the original lists' table only bounds, as it is made here; CRANE's exact row values
    # it at no cost).
    opener_rows("original", False, {"fuzzy": (7921, False)})
    bounded = (
        TestClient(create_app(review_budget=1000), base_url=LOCAL)
        .post("/api/analyse", json={"position": "fuzzy:....."})
        .json()["review"]
    )
    step = bounded["steps"][0]
    assert not bounded["exact"] and not step["exact"]
    assert step["cost_high"] is None or step["cost_low"] <= step["cost_high"]
    exact = (
        TestClient(create_app(review_budget=1000), base_url=LOCAL)
        .post("/api/analyse", json={"position": "crane:....."})
        .json()["review"]
    )
    assert exact["steps"][0]["exact"]


@pytest.mark.parametrize(
    "body, text",
    [
        ({"grid": "hello"}, "no share grid"),
        ({"grid": "Wordle 1/6\n\n🟩🟩🟩🟩🟩", "words": "salet tenor"}, "1 row but 2 words played"),
        ({"grid": "⬜⬜⬜⬜⬜\n🟩🟩🟩🟩🟩", "words": "salet zzzzz"}, "zzzzz"),
        ({}, "nothing to review"),
        ({"grid": "⬜⬜⬜"}, "3-letter words"),
        ({"grid": 5}, "text"),
        ({"words": "salet"}, "need the answer or a share grid"),
        ({"position": "salet"}, "without feedback"),
        ({"position": "salet:..q.."}, "q"),
        ({"position": "salet:ggggy"}, "no remaining word gives"),
        ({"position": "salet:.....", "grid": "⬜⬜⬜⬜⬜"}, "not both"),
        ({"words": "salet", "answer": "zzzzz"}, "zzzzz"),
        ({"grid": "⬜⬜⬜⬜⬜\n🟩🟩🟩🟩🟩", "words": "salet salet"}, "row 2: no allowed answer"),
        (
            {"grid": "⬜⬜⬜⬜⬜\n🟩🟩🟩🟩🟩", "words": "crane vivid", "answer": "cigar"},
            "row 1: CRANE against CIGAR",
        ),
        # Seven guesses in a game of six (it was reviewed as if they fitted).
        (
            {"words": "fuzzy jumbo whelp vivid kayak dwelt crony", "answer": "crony"},
            "7 guesses were played; the game allows 6",
        ),
        (
            {
                "position": "fuzzy:....g jumbo:....y whelp:..... vivid:..... kayak:..y.. "
                "dwelt:..... crony:ggggg"
            },
            "7 guesses were played; the game allows 6",
        ),
    ],
)
def test_analyse_bad_input(client, body, text):
    resp = client.post("/api/analyse", json=body)
    assert resp.status_code == 400 and text in resp.json()["error"], (body, resp.json())


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"answer": "crane"},
        {"answer": "crane", "grid": " \n ", "words": " , ", "position": " "},
        {"lang": "ru", "answer": "crane"},
    ],
)
def test_analyse_with_nothing_to_review_says_so(client, body):
    """An empty form, or the answer alone, is not a game: the error says what to give (not what a
    share grid looks like), with a kind the Russian page says in its own words."""
    resp = client.post("/api/analyse", json=body)
    assert resp.status_code == 400, resp.json()
    said = "nothing to review: give a share grid, a position, or the words played with the answer"
    assert resp.json()["error"] == said
    assert resp.json()["parts"] == {"kind": "nothing_to_review", "text": said}


@pytest.mark.parametrize("grid", ["hello", "Wordle 1,234 4/6\n\nno squares here"])
def test_analyse_a_pasted_text_with_no_rows_is_grid_none(client, grid):
    """Text pasted as the grid is a grid given: one with no coloured rows is still grid_none."""
    resp = client.post("/api/analyse", json={"grid": grid, "answer": "crane"})
    assert resp.status_code == 400
    assert resp.json()["parts"]["kind"] == "grid_none"
    assert resp.json()["error"] == "no share grid found (no rows of coloured squares)"


def test_analyse_too_many_guesses_is_an_error_as_data(client):
    """The Russian page says it in its own words (i18n.js err_too_many_guesses)."""
    body = {"words": "fuzzy jumbo whelp vivid kayak dwelt crony", "answer": "crony"}
    resp = client.post("/api/analyse", json=body)
    assert resp.status_code == 400
    parts = resp.json()["parts"]
    assert parts["kind"] == "too_many_guesses"
    assert (parts["played"], parts["max_guesses"]) == (7, 6)


RU_GRID = "⬜🟨⬜⬜⬜\n🟨🟩⬜⬜⬜\n🟩🟩🟩🟩🟩"


@pytest.mark.parametrize(
    ("body", "kind", "fields"),
    [
        # the words do not give the grid's tiles against the answer
        (
            {"grid": RU_GRID, "words": "норка пирог шепот", "answer": "шепот"},
            "grid_word_answer",
            {"row": 2, "guess": "ПИРОГ", "answer": "ШЕПОТ", "gives": "🟨⬜⬜🟩⬜"},
        ),
        # no answer that fits the rows above gives a row's tiles to its word
        (
            {"grid": RU_GRID, "words": "норка пирог шепот"},
            "grid_no_answer",
            {"row": 2, "guess": "ПИРОГ", "emoji": "🟨🟩⬜⬜⬜"},
        ),
        # a position's word against the answer
        (
            {"position": "норка:..... пирог:.....", "answer": "шепот"},
            "word_answer",
            {"row": 1, "guess": "НОРКА", "answer": "ШЕПОТ", "gives": "⬜🟨⬜⬜⬜"},
        ),
        (
            {"words": "шепот норка", "answer": "шепот"},
            "after_win",
            {"turn": 2, "guess": "НОРКА", "won": "ШЕПОТ"},
        ),
        (
            {"position": "норка:..... шепот:ggggg пирог:....."},
            "after_win",
            {"turn": 3, "guess": "ПИРОГ", "won": "ШЕПОТ"},
        ),
        ({"position": "норка:.....", "words": "норка"}, "position_and_words", {}),
        ({"words": "норка пирог"}, "words_need_feedback", {}),
        ({"position": "норка:..... пирог"}, "position_ends_with_guess", {}),
    ],
)
def test_analyse_refusals_are_errors_as_data_for_the_russian_page(client, body, kind, fields):
    """Each way the Analyse form can be refused carries a kind and its figures, so the Russian page
    says it in Russian (i18n.js err_<kind>); these were English lines on the Russian page."""
    from pathlib import Path

    resp = client.post("/api/analyse", json={"lang": "ru", **body})
    assert resp.status_code == 400, resp.json()
    parts = resp.json().get("parts")
    assert parts is not None, resp.json()
    assert parts["kind"] == kind and parts["text"] == resp.json()["error"]
    assert fields.items() <= parts.items(), parts
    i18n = Path(__file__).parents[2] / "src/wordlelab/web/static/js/i18n.js"
    ru = i18n.read_text(encoding="utf-8").split("\n  ru: {", 1)[1]
    assert f"err_{kind}:" in ru


def test_analysing_a_game_of_nine_letters_or_more_gives_its_report(client):
    """Play offers 'Analyse this game' up to 11 letters, but the exact search takes up to 8: the
    analysis was a 400 ("the exact search supports words of up to 8 letters, not 9"). The game is
    now judged as its share grid with the words would be (information skill, the detector's
    verdict), and the reason there is no exact review comes as data, as for a hard-mode break."""
    words, answer = "abatement abdominal", "abdominal"
    resp = client.post("/api/analyse", json={"words": words, "answer": answer})
    assert resp.status_code == 200, resp.json()
    out = resp.json()
    assert out["review"] is None and out["verdict"] in ("plausible", "unusual", "suspicious")
    report = out["report"]
    assert [r["guess"] for r in report["rows"]] == ["abatement", "abdominal"]
    assert report["rows"][0]["emoji"] == score("abatement", answer).emoji
    assert report["rows"][0]["colors"] == list(score("abatement", answer).colors)
    assert report["score"] == "2/6" and report["answers"] == [answer]
    assert out["review_error_parts"] == {
        "kind": "exact_length",
        "text": out["review_error"],
        "length": 9,
        "max": 8,
    }
    # ... and with its share grid, as Play's "Analyse this game" sends it.
    grid = f"Wordle 4 2/6\n\n{score('abatement', answer).emoji}\n{score(answer, answer).emoji}"
    resp = client.post("/api/analyse", json={"grid": grid, "words": words, "answer": answer})
    assert resp.status_code == 200, resp.json()
    assert resp.json()["review_error_parts"]["kind"] == "exact_length"
    assert resp.json()["report"]["number"] == "4"
    # A position of nine letters too.
    position = f"abatement:{score('abatement', answer)}"
    resp = client.post("/api/analyse", json={"position": position})
    assert resp.status_code == 200, resp.json()
    assert resp.json()["report"]["rows"][0]["guess"] == "abatement"


@pytest.mark.parametrize(
    ("body", "parts"),
    [
        ({"seed": "abc"}, {"kind": "not_whole", "field": "seed", "value": "abc"}),
        ({"seed": "1.5"}, {"kind": "not_whole", "field": "seed", "value": "1.5"}),
        (
            {"seed": "-5"},
            {"kind": "number_range", "field": "seed", "value": "-5", "min": 0, "max": 2**63 - 1},
        ),
        (
            {"length": 3},
            {"kind": "number_range", "field": "length", "value": "3", "min": 4, "max": 11},
        ),
    ],
)
def test_a_bad_number_is_an_error_as_data(client, body, parts):
    """The seed typed on the Russian Play page was refused in English ("seed must be a whole
    number, not 'abc'"); a field's bad number now comes with a kind and its figures."""
    resp = client.post("/api/play", json=body)
    assert resp.status_code == 400
    got = resp.json()["parts"]
    assert got["text"] == resp.json()["error"]
    assert parts.items() <= got.items(), got


def test_too_many_strategies_is_an_error_as_data(client):
    """Five strategies on the Russian Bench page were refused in English."""
    resp = client.post("/api/bench", json={"strategies": "entropy,frequency,minimax,splits,rank"})
    assert resp.status_code == 400
    assert resp.json()["parts"] == {
        "kind": "too_many_strategies",
        "text": "5 strategies; compare at most 4 at a time",
        "n": 5,
        "max": 4,
    }


def test_bench_runs_with_progress(client):
    job = client.post("/api/bench", json={"strategies": "frequency", "length": 4}).json()
    deadline = time.monotonic() + 120
    while not job["finished"] and time.monotonic() < deadline:
        time.sleep(0.2)
        job = client.get(f"/api/bench/{job['id']}").json()
    assert job["finished"] and job["error"] is None
    (result,) = job["results"]
    assert (
        job["done"]
        == job["total"]
        == result["games"]
        == sum(result["distribution"]) + result["failures"]
    )
    # The same keys as 'wordlelab bench --json' (SimulationResult.to_dict), not a web dialect.
    assert {"total_guesses", "failures", "failed", "games_per_second", "options"} <= set(result)
    assert result["strategy"] == "frequency"
    for body, text in [
        ({"strategies": "nope"}, "nope"),
        ({"strategies": ""}, "no strategy"),
        ({"strategies": "entropy,frequency,minimax,splits,random"}, "at most 4"),
    ]:
        r = client.post("/api/bench", json=body)
        assert r.status_code == 400 and text in r.json()["error"], body


def test_lists_option_as_the_cli(client):
    from wordlelab.game.lists import load_lists

    nyt = load_lists(5, "en", lists="nyt")
    state = client.post("/api/assist", json={"lists": "nyt"}).json()
    assert state["remaining"] == len(nyt.answers)
    game = client.post("/api/play", json={"lists": "nyt2022", "seed": 3, "no_stats": True}).json()
    answer = pick_answer(load_lists(5, "en", lists="nyt2022").answers, 3)
    won = client.post(f"/api/play/{game['id']}/guess", json={"word": answer}).json()
    assert won["won"] and won["answer"] == answer
    r = client.post("/api/assist", json={"lists": "bogus"})
    assert r.status_code == 400 and "bogus" in r.json()["error"]
    # Other lengths have one set; the field is ignored there, as the page hides it.
    assert client.post("/api/play", json={"lists": "nyt", "length": 4}).status_code == 200
    assert client.get("/api/options").json()["lists"] == ["nyt", "nyt2022", "original"]


def test_russian_game(client):
    from wordlelab.game.lists import load_lists

    answer = pick_answer(load_lists(5, "ru").answers, 11)
    game = client.post("/api/play", json={"lang": "ru", "seed": 11, "no_stats": True}).json()
    assert game["keyboard"][0].startswith("йцук")
    state = client.post(f"/api/play/{game['id']}/guess", json={"word": answer.upper()}).json()
    assert state["won"] and state["rows"][0]["word"] == answer
    r = client.post(f"/api/play/{game['id']}/guess", json={"word": "crane"})
    assert r.status_code == 400


def test_russian_analyse_gives_its_notes_as_data(client):
    """A Russian game's notes come with their kind and figures (the page writes them in Russian
    from these), next to the English text the CLI prints."""

    def kinds(part):
        return [p["kind"] for p in (part or {}).get("note_parts", [])]

    answer = "авгур"  # an allowed word, not on the answer list
    words = ["ветер", answer]
    body = {"lang": "ru", "grid": "\n".join(score(w, answer).emoji for w in words)}
    r = client.post("/api/analyse", json={**body, "words": " ".join(words)}).json()
    assert kinds(r["review"]) == ["outside"] and kinds(r["report"]) == ["outside"]
    for part in (r["review"], r["report"]):
        assert part["note_parts"][0]["words"] == ["АВГУР"]
        assert [p["text"] for p in part["note_parts"]] == part["notes"]
    # Hard mode from the page's switch, tiles alone: row 2 loses row 1's green.
    grid = "⬜🟩⬜⬜⬜\n⬜⬜⬜🟨🟩\n🟩🟩🟩🟩🟩"
    r = client.post("/api/analyse", json={"lang": "ru", "grid": grid, "hard": True}).json()
    assert r["review"] is None and kinds(r["report"]) == ["hard_green_lost"]
    assert r["report"]["note_parts"][0] | {"text": ""} == {
        "kind": "hard_green_lost",
        "text": "",
        "row": 2,
        "positions": [2],
    }
    # Lost, with the words: the report says how many answers were left.
    lost = ["ветер", "линия", "порог", "сумка", "шапка", "банка"]
    grid = "\n".join(score(w, "мечта").emoji for w in lost)
    r = client.post("/api/analyse", json={"lang": "ru", "grid": grid, "words": " ".join(lost)})
    report = r.json()["report"]
    assert kinds(report) == ["lost"] and report["note_parts"][0]["n"] == len(report["answers"])


def wait_for(client, job):
    deadline = time.monotonic() + 120
    while not job["finished"] and time.monotonic() < deadline:
        time.sleep(0.1)
        job = client.get(f"/api/bench/{job['id']}").json()
    return job


def test_bench_refuses_a_strategy_named_twice(client):
    r = client.post("/api/bench", json={"strategies": "entropy, frequency, entropy"})
    assert r.status_code == 400 and "'entropy' is named twice" in r.json()["error"]


def test_bench_is_bounded_and_can_be_stopped(tmp_path):
    with TestClient(
        create_app(stats_path=tmp_path / "s.db", bench_budget=0.0), base_url=LOCAL
    ) as c:
        job = wait_for(
            c, c.post("/api/bench", json={"strategies": "frequency", "length": 4}).json()
        )
        assert job["results"] == [] and "time budget" in job["error"]
        assert job["stopped"] == {"by": "budget", "seconds": 0.0, "finished": 0}
    with TestClient(create_app(stats_path=tmp_path / "s.db"), base_url=LOCAL) as c:
        job = c.post("/api/bench", json={"strategies": "entropy,frequency"}).json()
        busy = c.post("/api/bench", json={"strategies": "frequency"})
        assert busy.status_code == 409  # one at a time, said as data too (the Russian page)
        assert busy.json()["parts"]["kind"] == "bench_running"
        c.post(f"/api/bench/{job['id']}/stop", json={})
        job = wait_for(c, job)
        assert job["finished"] and "stopped" in job["error"] and len(job["results"]) < 2
        # whether anything finished: the page says "nothing to show" rather than promise results
        assert job["stopped"] == {"by": "user", "seconds": None, "finished": len(job["results"])}
        # The next comparison may start once the last one has stopped.
        assert (
            c.post("/api/bench", json={"strategies": "frequency", "length": 4}).status_code == 200
        )


def test_assist_widens_past_the_answer_list(client):
    # FIBRE is an allowed guess but not a listed NYT answer: the session goes on, as the CLI's does.
    # While it goes on the state says the list was widened; once solved, that FIBRE is off the
    # list (the CLI's words, from Assistant.list_note).
    state = client.post("/api/assist", json={"lists": "nyt"}).json()
    notes = []
    for _ in range(8):
        word = state["suggestion"]["word"]
        state = client.post(
            f"/api/assist/{state['id']}/play",
            json={"word": word, "pattern": str(score(word, "fibre"))},
        ).json()
        notes.append((state["widened"], state["list_note_kind"]))
        if state["solved"]:
            break
    assert state["solved"] and state["rows"][-1]["word"] == "fibre"
    assert notes[-1] == ("not on the answer list", "offList")
    assert (WIDENED, "widened") in notes[:-1] and notes[0] == (None, None)


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.none()),
)
# Lengths stay small or invalid: a valid long length would build a large matrix, not what this tests.
BODY = st.fixed_dictionaries(
    {},
    optional={
        "lang": st.one_of(ANY, st.sampled_from(["en", "ru", "EN"])),
        "length": st.sampled_from([None, 3, 4, 5, 12, "5", "x", 5.5, True]),
        "hard": ANY,
        "seed": ANY,
        "tries": ANY,
        "lists": st.one_of(ANY, st.sampled_from(["nyt", "original", "../etc"])),
        "strategy": st.one_of(ANY, st.sampled_from(["entropy", "frequency"])),
        "top": ANY,
        "word": st.one_of(ANY, st.sampled_from(["crane", "octet", "CRANE"])),
        "pattern": st.one_of(ANY, st.sampled_from([".y..g", "ggggg", "🟩🟩🟩🟩🟩", "01201"])),
        "grid": st.one_of(
            ANY, st.sampled_from([GRID := "Wordle 2/6\n\n⬜🟨⬜⬜🟩\n🟩🟩🟩🟩🟩", "⬜⬜"])
        ),
        "words": st.one_of(ANY, st.sampled_from(["crane octet", "salet,tenor"])),
        "answer": ANY,
        "position": st.one_of(ANY, st.sampled_from(["crane:.y..g", "salet.BBBYB", "salet"])),
    },
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=BODY,
    route=st.sampled_from(["/api/play", "/api/assist", "/api/analyse", "guess", "assist-play"]),
)
def test_no_request_body_makes_a_server_error(client, body, route):
    """Any JSON object gets an answer below 500 (the client re-raises a server error)."""
    if route == "guess":
        route = f"/api/play/{client.post('/api/play', json={'no_stats': True}).json()['id']}/guess"
    elif route == "assist-play":
        route = f"/api/assist/{client.post('/api/assist', json={}).json()['id']}/play"
    r = client.post(route, json=body)
    assert r.status_code < 500
    if r.status_code >= 400:
        out = r.json()
        assert set(out) <= {"error", "parts"} and out["error"]
        if "parts" in out:  # the same error as data: its kind and the same English line
            assert out["parts"]["kind"] != "error" and out["parts"]["text"] == out["error"]


def test_analyse_refuses_a_length_the_game_contradicts(client):
    grid = "Wordle 1 2/6\n\n⬜⬜⬜⬜⬜\n🟩🟩🟩🟩🟩"
    r = client.post("/api/analyse", json={"grid": grid, "length": 6})
    assert r.status_code == 400 and "5-letter words, not 6" in r.json()["error"]
    assert client.post("/api/analyse", json={"grid": grid, "length": 5}).status_code == 200
    assert client.post("/api/analyse", json={"grid": grid}).status_code == 200


def test_play_ultrahard_mode(client):
    """``ultrahard`` in the request: the rules say so, and a word that could not be the answer
    (CHECK after CRANE showed y...y against OCTET) is a 400 naming it, with its figures."""
    game = client.post("/api/play", json={"seed": 7, "ultrahard": True, "no_stats": True}).json()
    assert game["rules"]["ultrahard"] is True and game["rules"]["hard"] is True
    gid = game["id"]
    client.post(f"/api/play/{gid}/guess", json={"word": "crane"})
    r = client.post(f"/api/play/{gid}/guess", json={"word": "check"})
    assert r.status_code == 400
    body = r.json()
    assert body["error"].startswith("CHECK could not be the answer: CRANE showed y...y")
    assert body["parts"]["kind"] == "ultrahard" and body["parts"]["input"] == "check"
    assert body["parts"]["would"] == "g...y"
    state = client.post(f"/api/play/{gid}/guess", json={"word": "octet"}).json()
    assert state["won"]


def test_analyse_values_crane_in_hard_mode_with_a_finite_cost(client):
    """Hard mode on the NYT lists after CRANE (no six-guess strategy follows it): every move has
    a finite cost, CRANE's +1 lost answer among them, and no command line is named (issue 51)."""
    r = client.post(
        "/api/analyse",
        json={"words": "crane moist shout", "answer": "shout", "hard": True, "lists": "nyt"},
    ).json()
    review = r["review"]
    crane = review["steps"][0]
    assert crane["cost_shown"] is not None and crane["lost_low"] == crane["lost_high"] == 1
    assert crane["played_lost"] == 1 and crane["played_expected"] == round(11759 / 3158, 4)
    assert all(s["cost_shown"] is not None for s in review["steps"])
    assert review["cost_shown"] is not None and review["lost_low"] == 1
    assert "wordlelab " not in json.dumps(r) and "∞" not in json.dumps(r, ensure_ascii=False)
