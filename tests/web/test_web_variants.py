"""The web API for every variant (docs/web-api.md): Play and Assist for N boards and Absurdle,
saved games that survive a reload, statistics per variant, and bad input as one-line 400s."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient  # noqa: E402

from wordlelab.game.boards import random_answers  # noqa: E402
from wordlelab.game.feedback import score  # noqa: E402
from wordlelab.game.stats import StatsStore  # noqa: E402
from wordlelab.game.words import WordList  # noqa: E402
from wordlelab.web.app import create_app  # noqa: E402
from wordlelab.web.seal import SealError, seal, unseal  # noqa: E402


@pytest.fixture()
def client(tmp_path):
    with TestClient(create_app(stats_path=tmp_path / "stats.db"), base_url="http://localhost") as c:
        yield c


def seeded(boards: int, seed: int) -> tuple[str, ...]:
    """The answers 'wordlelab play --boards N --seed S' plays (the tests' lists are the original ones)."""
    return random_answers(WordList.bundled("answers"), boards, np.random.default_rng(seed))


def guess(client, gid, word):
    r = client.post(f"/api/play/{gid}/guess", json={"word": word})
    assert r.status_code == 200, r.text
    return r.json()


def test_options_list_the_variants(client):
    data = client.get("/api/options").json()
    keys = [v["key"] for v in data["variants"]]
    assert keys == ["classic", "dordle", "quordle", "octordle", "sedecordle", "absurdle"]
    quordle = data["variants"][2]
    assert quordle == {
        "variant": "multi",
        "key": "quordle",
        "title": "Quordle",
        "boards": 4,
        "tries": 9,
        "hard": False,
    }
    assert data["multi_strategies"][0] == "entropy-solve"


def test_quordle_to_a_win_with_share_keys_and_stats(client, tmp_path):
    answers = seeded(4, 7)
    game = client.post("/api/play", json={"variant": "quordle", "seed": 7}).json()
    assert game["rules"]["key"] == "quordle" and game["tries"] == 9 and len(game["boards"]) == 4
    assert "answers" not in game and "answer" not in game and "rows" not in game
    assert all(a not in game["saved"] for a in answers)  # the saved string hides the answers
    state = guess(client, game["id"], "crane")
    for board, answer in zip(state["boards"], answers):
        assert board["rows"][0]["colors"] == list(score("crane", answer).colors)
    # The keyboard: each letter's colour on each board.
    assert state["keys"]["c"] == [score("crane", a).colors[0] for a in answers]
    assert state["keys"]["e"] == [score("crane", a).colors[4] for a in answers]
    for i, answer in enumerate(answers):
        state = guess(client, game["id"], answer)
        assert state["boards"][i]["solved_at"] == i + 2 and state["solved"] == i + 1
    assert state["over"] and state["won"] and state["answers"] == list(answers)
    # A solved board takes no more rows; each board shows when it was solved.
    assert [len(b["rows"]) for b in state["boards"]] == [2, 3, 4, 5]
    assert state["share"].startswith("Quordle · seed 7\n2️⃣ 3️⃣ 4️⃣ 5️⃣\n\n")
    assert (
        state["stats"]["summary"]["played"] == 1
        and state["stats"]["summary"]["distribution"]["5"] == 1
    )
    store = StatsStore(tmp_path / "stats.db")
    assert (
        store.summary(variant="quordle").wins == 1 and store.summary(variant="classic").played == 0
    )
    assert client.get("/api/stats?variant=quordle").json()["played"] == 1
    assert client.get("/api/stats").json()["played"] == 0  # classic by default
    assert list(client.get("/api/stats?variant=all").json()["variants"]) == ["quordle"]
    r = client.post(f"/api/play/{game['id']}/guess", json={"word": "crane"})
    assert r.status_code == 400 and "over" in r.json()["error"]


def test_any_number_of_boards_and_running_out(client):
    game = client.post(
        "/api/play", json={"variant": "multi", "boards": 3, "seed": 2, "no_stats": True}
    ).json()
    assert game["rules"] == {
        "variant": "multi",
        "key": "boards-3",
        "title": "3 boards",
        "boards": 3,
        "tries": 8,
        "hard": False,
    }
    game = client.post(
        "/api/play", json={"variant": "dordle", "tries": 2, "seed": 3, "no_stats": True}
    ).json()
    assert game["rules"]["key"] == "boards-2-t2" and game["turns_left"] == 2
    answers = seeded(2, 3)
    words = [w for w in ("fuzzy", "mamma", "vivid") if w not in answers][:2]
    for w in words:
        state = guess(client, game["id"], w)
    assert state["over"] and not state["won"] and state["answers"] == list(answers)
    assert state["stats"] is None and "🟥 🟥" in state["share"]


def test_absurdle_the_four_guess_win(client, tmp_path):
    game = client.post("/api/play", json={"variant": "absurdle"}).json()
    assert game["turns_left"] is None and game["remaining"] == 2315 and game["tries"] is None
    left = [guess(client, game["id"], w)["remaining"] for w in ("aesir", "yauld", "tench")]
    assert left[:2] == [168, 15]
    state = guess(client, game["id"], "whoop")
    assert (
        state["won"]
        and state["answer"] == "whoop"
        and state["share"].startswith("Absurdle 4/∞\n\n")
    )
    assert StatsStore(tmp_path / "stats.db").summary(variant="absurdle").distribution[4] == 1


def test_a_saved_game_resumes_and_a_changed_one_is_refused(client):
    answers = seeded(2, 11)
    game = client.post("/api/play", json={"variant": "dordle", "seed": 11}).json()
    state = guess(client, game["id"], answers[0])
    back = client.post("/api/play/resume", json={"saved": state["saved"]}).json()
    assert back["id"] != game["id"] and back["guesses"] == [answers[0]]
    assert back["boards"][0]["solved_at"] == 1 and back["rules"]["key"] == "dordle"
    done = guess(client, back["id"], answers[1])
    assert done["won"] and done["stats"]["summary"]["played"] == 1
    # Resuming the finished game shows it again, and counts it no second time.
    again = client.post("/api/play/resume", json={"saved": done["saved"]}).json()
    assert again["over"] and again["won"]
    assert client.get("/api/stats?variant=dordle").json()["played"] == 1
    saved = state["saved"]
    for bad in (
        saved[:-2] + ("AA" if not saved.endswith("AA") else "BB"),
        "",
        "nonsense",
        saved[:20],
    ):
        r = client.post("/api/play/resume", json={"saved": bad})
        assert r.status_code == 400 and "changed" in r.json()["error"], bad
        # ... and as data, for a page in another language to say it (i18n.js err_saved_changed).
        assert r.json()["parts"]["kind"] == "saved_changed", bad


def test_seals_round_trip_and_refuse_another_secret():
    text = seal({"guesses": ["crane"], "answers": ["cigar"]}, b"k" * 32)
    assert "cigar" not in text and unseal(text, b"k" * 32)["answers"] == ["cigar"]
    with pytest.raises(SealError):
        unseal(text, b"x" * 32)


def test_a_replayed_seed_is_practice(client, tmp_path):
    first = client.post("/api/play", json={"seed": 7}).json()
    assert not first["practice"]
    guess(client, first["id"], "octet")
    again = client.post("/api/play", json={"seed": 7}).json()
    assert again["practice"]
    state = guess(client, again["id"], "octet")
    assert state["won"] and state["stats"] is None
    assert StatsStore(tmp_path / "stats.db").summary().played == 1
    other = client.post("/api/play", json={"variant": "dordle", "seed": 7, "no_stats": True}).json()
    assert not other["practice"]  # a seed is per variant


@pytest.mark.parametrize(
    "body,text",
    [
        ({"variant": "tetris"}, "unknown variant 'tetris'"),
        ({"variant": 4}, "variant must be text"),
        ({"variant": "quordle", "boards": 8}, "quordle has 4 boards, not 8"),
        ({"variant": "multi"}, "needs the number of boards"),
        ({"variant": "multi", "boards": 65}, "boards must be 1 to 64"),
        ({"variant": "multi", "boards": 4, "tries": 3}, "4 boards need at least 4 guesses"),
        ({"variant": "octordle", "hard": True}, "hard mode is not played on several boards"),
        ({"variant": "absurdle", "tries": 6}, "no limit on guesses"),
        ({"variant": "classic", "boards": 2}, "one board"),
    ],
)
def test_bad_variants_are_one_line_400s(client, body, text):
    for path in ("/api/play", "/api/assist"):
        r = client.post(path, json=body)
        assert r.status_code == 400 and text in r.json()["error"], (path, r.text)


def test_absurdle_with_a_seed_is_a_400_the_page_can_say_in_russian(client, tmp_path):
    """Absurdle draws no answer: a seed is refused, as data (kind and figure), and nothing is
    recorded; without one the game starts."""
    r = client.post("/api/play", json={"variant": "absurdle", "seed": 7})
    assert r.status_code == 400
    assert r.json()["error"] == (
        "Absurdle draws no answer, so it takes no seed (got 7); play it without one"
    )
    assert r.json()["parts"]["kind"] == "absurdle_seed" and r.json()["parts"]["seed"] == 7
    assert client.post("/api/play", json={"variant": "absurdle"}).status_code == 200
    assert StatsStore(tmp_path / "stats.db").summary(variant="absurdle").played == 0


def test_bad_words_in_a_variant_cost_nothing(client):
    game = client.post(
        "/api/play", json={"variant": "octordle", "seed": 1, "no_stats": True}
    ).json()
    for word, text in [("cran", "letters"), ("zzzzz", "not in the word list"), ("", "type a word")]:
        r = client.post(f"/api/play/{game['id']}/guess", json={"word": word})
        assert r.status_code == 400 and text in r.json()["error"]
    assert client.get(f"/api/play/{game['id']}").json()["turns_left"] == 13
    assert client.get("/api/stats?variant=nope").status_code == 400


def test_assist_two_boards_play_skip_undo(client):
    state = client.post("/api/assist", json={"variant": "dordle", "top": 3}).json()
    aid = state["id"]
    assert (
        state["suggestion"]["word"] == "soare" and len(state["top"]) == 3
    )  # as 'assist --boards 2'
    assert state["strategy"] == "entropy-solve" and state["turns_left"] == 7
    state = client.post(f"/api/assist/{aid}/play", json={"patterns": [".....", "....y"]}).json()
    assert [b["remaining"] for b in state["boards"]] == [183, 120] and state["guesses"] == ["soare"]
    nxt = state["suggestion"]["word"]
    skipped = client.post(f"/api/assist/{aid}/skip", json={}).json()
    assert skipped["suggestion"]["word"] != nxt and skipped["skipped"] == [nxt]
    assert client.post(f"/api/assist/{aid}/undo", json={}).json()["suggestion"]["word"] == nxt
    state = client.post(f"/api/assist/{aid}/undo", json={}).json()
    assert state["guesses"] == [] and not state["can_undo"]
    # The line the CLI reads, a solved board, and the end.
    state = client.post(
        f"/api/assist/{aid}/play", json={"word": "crane", "pattern": "ggggg ....."}
    ).json()
    assert state["boards"][0]["solved"] and not state["solved"]
    r = client.post(
        f"/api/assist/{aid}/play", json={"word": "moist", "patterns": [".....", "ggggg"]}
    )
    assert r.status_code == 400 and "already solved" in r.json()["error"]
    state = client.post(
        f"/api/assist/{aid}/play", json={"word": "moist", "patterns": [None, "ggggg"]}
    ).json()
    assert state["solved"] and state["suggestion"] is None and state["top"] == []
    r = client.post(f"/api/assist/{aid}/play", json={"word": "moist", "patterns": [None, "ggggg"]})
    assert r.status_code == 400 and "solved" in r.json()["error"]
    for body, text in [
        ({"patterns": "x"}, "list of texts"),
        ({"patterns": [".....", 3]}, "list of texts"),
        ({}, "feedback"),
    ]:
        fresh = client.post("/api/assist", json={"variant": "dordle"}).json()["id"]
        r = client.post(f"/api/assist/{fresh}/play", json=body)
        assert r.status_code == 400 and text in r.json()["error"], body
    r = client.post("/api/assist", json={"variant": "dordle", "strategy": "nope"})
    assert r.status_code == 400 and "entropy-solve" in r.json()["error"]


def test_assist_absurdle_follows_the_adversary(client):
    state = client.post("/api/assist", json={"variant": "absurdle"}).json()
    aid = state["id"]
    assert (
        state["suggestion"]["word"] == "aesir"
        and len(state["plan"]) == 4
        and state["remaining"] == 2315
    )
    state = client.post(f"/api/assist/{aid}/play", json={}).json()  # the adversary's own feedback
    assert state["remaining"] == 168 and state["rows"][0]["word"] == "aesir" and state["can_undo"]
    assert state["suggestion"]["word"] == "yauld"
    r = client.post(f"/api/assist/{aid}/skip", json={})
    assert r.status_code == 400 and "nothing to skip" in r.json()["error"]
    for named in ("lookahead", "entropy"):  # entropy too (it was taken for "the default")
        r = client.post("/api/assist", json={"variant": "absurdle", "strategy": named})
        assert r.status_code == 400 and "drop the strategy" in r.json()["error"]


def test_classic_assist_is_unchanged_and_names_its_rules(client):
    state = client.post("/api/assist", json={"top": 2}).json()
    assert state["rules"]["key"] == "classic" and state["suggestion"]["word"] == "salet"
    assert state["exact"]["best"] == "salet" and state["remaining"] == 2315


def test_the_request_shape_is_the_librarys_for_both_front_ends():
    from wordlelab.judge.request import NAMES_CLI, NAMES_WEB, GameRequest

    r = GameRequest.parse(
        None, None, "salet, brond;octet", "octet", names=NAMES_CLI, grid_alone=False
    )
    assert r.words == ("salet", "brond", "octet") and r.length == 5 and r.reviewable
    for names, text in (
        (NAMES_CLI, "--played needs --answer or --grid"),
        (NAMES_WEB, "the words played need the answer or a share grid"),
    ):
        with pytest.raises(Exception, match=text):
            GameRequest.parse(None, None, "salet", None, names=names)
    with pytest.raises(Exception, match="give a POSITION or --played, not both"):
        GameRequest.parse("salet:.....", None, "crane", "cigar", names=NAMES_CLI)
    with pytest.raises(Exception, match="nothing to review"):
        GameRequest.parse(
            None, "Wordle 1 1/6\n\n🟩🟩🟩🟩🟩", None, None, names=NAMES_CLI, grid_alone=False
        )
    grid_only = GameRequest.parse(None, "Wordle 1 2/6*\n\n⬜⬜⬜⬜⬜\n🟩🟩🟩🟩🟩", None, None)
    assert grid_only.hard and not grid_only.reviewable and grid_only.length == 5
    with pytest.raises(Exception, match="wordlelab plays 4 to 11 letters"):
        _ = GameRequest.parse("abc:...", None, None, None).length


def test_an_assistant_resumes_from_its_start_request_and_actions(client):
    """Each assist state lists what was entered (``actions``); the start request with them
    rebuilds the assistant under a new id (after a reload or a restart), undo included, in every
    variant. An action that no longer fits, or one not in that shape, is a 400 naming it."""
    start = {"lists": "original", "strategy": "entropy", "top": 3}
    state = client.post("/api/assist", json=start).json()
    assert state["actions"] == []
    aid = state["id"]
    client.post(f"/api/assist/{aid}/play", json={"word": "salet", "pattern": "...gg"})
    skipped = client.post(f"/api/assist/{aid}/skip", json={}).json()["skipped"]
    state = client.post(
        f"/api/assist/{aid}/play", json={"word": "crony", "pattern": score("crony", "octet").emoji}
    ).json()
    assert state["actions"] == [
        {"word": "salet", "pattern": "...gg"},
        {"skip": skipped[0]},
        {"word": "crony", "pattern": str(score("crony", "octet"))},
    ]
    again = client.post("/api/assist/resume", json={**start, "actions": state["actions"]}).json()
    assert again["id"] != aid
    for key in ("rows", "remaining", "skipped", "suggestion", "top", "actions", "can_undo"):
        assert again[key] == state[key], key
    back = client.post(f"/api/assist/{again['id']}/undo", json={}).json()
    assert back["actions"] == state["actions"][:-1] and len(back["rows"]) == 1
    # Several boards (a solved board's pattern is null) and Absurdle (the adversary's answer kept).
    for body, moves in (
        (
            {"variant": "dordle"},
            [
                {"word": "crane", "patterns": ["ggggg", "....."]},
                {"word": "moist", "patterns": [None, ".y..."]},
            ],
        ),
        ({"variant": "absurdle"}, [{}, {}]),  # no pattern: the adversary's own
    ):
        aid = client.post("/api/assist", json=body).json()["id"]
        for move in moves:
            state = client.post(f"/api/assist/{aid}/play", json=move).json()
        again = client.post("/api/assist/resume", json={**body, "actions": state["actions"]})
        assert again.status_code == 200, again.text
        for key in ("guesses", "suggestion", "actions", "boards", "rows"):
            assert again.json().get(key) == state.get(key), (body, key)
        if body["variant"] == "dordle":
            assert state["actions"][1] == {"word": "moist", "patterns": [None, ".y..."]}
        else:
            assert [a["word"] for a in state["actions"]] == state["guesses"]
            assert all(set(a) == {"word", "pattern"} for a in state["actions"])
    for body, text in [
        ({"actions": "salet"}, "actions must be a list"),
        ({"actions": ["salet"]}, "action 1 must be an object"),
        ({"actions": [{"word": "salet"}]}, "action 1: an action is"),
        ({"actions": [{"word": "salet", "pattern": 5}]}, "action 1: pattern must be text"),
        ({"actions": [{"skip": ""}]}, "action 1: skip must be a non-empty text"),
        ({"actions": [{"word": "salet", "patterns": "....."}]}, "list of texts"),
        ({"actions": [{"skip": "salet"}] * 300}, "300 actions; at most 256"),
        (
            {
                "actions": [
                    {"word": "salet", "pattern": "....."},
                    {"word": "salet", "pattern": "ggggy"},
                ]
            },
            "action 2 of 2 ('salet'): no remaining word",
        ),
        (
            {"actions": [{"skip": "crane"}, {"skip": "crane"}]},
            "action 2 of 2 (skip 'crane'): 'crane' is skipped already",
        ),
        ({"actions": [{"word": "zzzzz", "pattern": "....."}]}, "action 1 of 1 ('zzzzz')"),
        ({"variant": "absurdle", "actions": [{"skip": "aesir"}]}, "nothing to skip"),
        ({"strategy": "nope", "actions": []}, "nope"),
    ]:
        r = client.post("/api/assist/resume", json={"lists": "original", **body})
        assert r.status_code == 400 and text in r.json()["error"], (body, r.text)
    # An action that no longer fits, as data too (i18n.js err_replay): which one, and its own
    # error (here the feedback no remaining word gives on the first board).
    body = {"variant": "dordle", "lists": "original"}
    moves = [{"word": "salet", "patterns": [".....", "....."]}]
    moves.append({"word": "salet", "patterns": ["ggggy", "....."]})
    parts = client.post("/api/assist/resume", json={**body, "actions": moves}).json()["parts"]
    assert {k: parts[k] for k in ("kind", "action", "actions", "word", "skip")} == {
        "kind": "replay",
        "action": 2,
        "actions": 2,
        "word": "salet",
        "skip": False,
    }
    assert parts["cause"]["kind"] == "no_fit" and parts["cause"]["board"] == 1
    assert parts["text"].startswith("action 2 of 2 ('salet'): board 1: no remaining word")
    skip = client.post("/api/assist/resume", json={**body, "actions": [{"skip": "qqqqq"}]})
    assert skip.json()["parts"]["skip"] is True


def test_assist_boards_feedback_faults_are_errors_as_data(client):
    """The colours typed for several boards, refused, came in English on the Russian page ("give 4
    patterns (one per unsolved board: 1, 2, 3, 4), not 1"); each refusal carries a kind, with the
    board named as for the other errors of one board."""
    aid = client.post("/api/assist", json={"variant": "quordle"}).json()["id"]
    r = client.post(f"/api/assist/{aid}/play", json={"pattern": "....."})
    assert r.status_code == 400
    parts = r.json()["parts"]
    assert (parts["kind"], parts["want"], parts["got"], parts["boards"]) == (
        "patterns_count",
        4,
        1,
        "1, 2, 3, 4",
    )
    r = client.post(f"/api/assist/{aid}/play", json={"pattern": "- ..... ..... ....."})
    assert (r.json()["parts"]["kind"], r.json()["parts"]["board"]) == ("board_unsolved", 1)
    r = client.post(f"/api/assist/{aid}/play", json={"patterns": [None, ".....", ".....", "....."]})
    assert (r.json()["parts"]["kind"], r.json()["parts"]["board"]) == ("board_unsolved", 1)
    client.post(
        f"/api/assist/{aid}/play", json={"word": "crane", "pattern": "ggggg ..... ..... ....."}
    )
    r = client.post(
        f"/api/assist/{aid}/play", json={"word": "moist", "pattern": "..... ..... ..... ....."}
    )
    assert (r.json()["parts"]["kind"], r.json()["parts"]["board"]) == ("board_solved", 1)
    r = client.post(
        f"/api/assist/{aid}/play",
        json={"word": "moist", "patterns": [".....", ".....", ".....", "....."]},
    )
    assert (r.json()["parts"]["kind"], r.json()["parts"]["board"]) == ("board_solved", 1)


@pytest.mark.parametrize("variant", ["classic", "absurdle"])
def test_one_board_given_several_patterns_is_a_400(client, variant):
    # Found by benchmarks/fuzz_web.py: a list of patterns to a one-board assistant was a 500.
    aid = client.post("/api/assist", json={"variant": variant, "lists": "original"}).json()["id"]
    for patterns in ([".....", "....."], [None], []):
        r = client.post(f"/api/assist/{aid}/play", json={"word": "crane", "patterns": patterns})
        assert r.status_code == 400 and "one board takes one pattern" in r.json()["error"]
    r = client.post(f"/api/assist/{aid}/play", json={"word": "crane", "patterns": ["....."]})
    assert r.status_code == 200, r.text
