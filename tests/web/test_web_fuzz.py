"""Hypothesis over every route of the web app: whatever the body, its type, its size or its headers,
the answer is never a 500, and every refusal is one JSON line {"error": ...} below 500 (or a 503
with Retry-After where the server is busy)."""

from __future__ import annotations

import json
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

from wordlelab.web.app import create_app

LOCAL = "http://localhost"
POST_ROUTES = [
    "/api/play",
    "/api/play/{game}/guess",
    "/api/assist",
    "/api/assist/resume",
    "/api/assist/{assistant}/play",
    "/api/assist/{assistant}/undo",
    "/api/assist/{assistant}/skip",
    "/api/assist/{assistant}/top",
    "/api/analyse",
    "/api/bench",
    "/api/bench/{bench}/stop",
    "/api/play/nope/guess",
]
GET_ROUTES = [
    "/api/stats",
    "/api/options",
    "/api/play/{game}",
    "/api/assist/{assistant}",
    "/api/bench/{bench}",
    "/api/assist/nope",
    "/",
]
KEYS = [
    "lang",
    "length",
    "hard",
    "seed",
    "tries",
    "lists",
    "strategy",
    "strategies",
    "top",
    "word",
    "pattern",
    "grid",
    "words",
    "answer",
    "position",
    "no_stats",
    "variant",
    "actions",
]

HUGE = st.sampled_from(
    ["1" * 4301, "9" * 20, "-1", " 5 ", "5" * 50, "0x10", "1e3", "٥"]
)  # ٥: an Arabic digit 5
TEXT = st.one_of(
    st.text(max_size=40),
    HUGE,
    st.sampled_from(
        [
            "crane",
            "octet",
            "salet",
            "CRANE",
            "ёжик",
            "a" * 9200,
            "🟩" * 9200,
            ".y..g",
            "ggggg",
            "🟩🟩🟩🟩🟩",
            "salet:..... crony:.y...",
            "salet.BBBYB",
            "Wordle 2/6\n\n⬜🟨⬜⬜🟩\n🟩🟩🟩🟩🟩",
            "entropy,frequency",
            "Wordle 1/6\n\n" + "🟩" * 5000,
            "crane:" + "." * 5000,
            "a" * 5000 + ":" + "g" * 5000,
            "nyt",
            "original",
            "../etc/passwd",
            "/dev/zero",
            "en",
            "ru",
            "\x00",
            "\u202e",
            "%s%n",
        ]
    ),
)
QUERY = st.one_of(st.text(max_size=40), HUGE)  # a URL has a length limit of its own
SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([3, 4, 5, 12, 2**63]),
    st.floats(allow_nan=False, allow_infinity=False),
    TEXT,
)
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
# Lengths past 8 stay out of a valid "length": a valid 11 would build a big matrix, not what this tests.
OBJECT = st.dictionaries(st.sampled_from(KEYS), VALUE, max_size=6).map(
    lambda d: {**d, "length": 5} if d.get("length") in (6, 7, 8, 9, 10, 11) else d
)


# A resumed assistant's actions: the shapes it reads, with any text or value in them.
ACTION = st.one_of(
    st.fixed_dictionaries({"word": TEXT, "pattern": TEXT}),
    st.fixed_dictionaries(
        {"word": TEXT, "patterns": st.lists(st.one_of(st.none(), TEXT), max_size=3)}
    ),
    st.fixed_dictionaries({"skip": TEXT}),
    VALUE,
)


def nested(depth: int) -> bytes:
    return b'{"a":' * depth + b"1" + b"}" * depth


RAW = st.one_of(
    OBJECT.map(lambda d: json.dumps(d).encode()),
    VALUE.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=200),
    st.sampled_from(
        [
            b"",
            b" ",
            b"{",
            b"[" * 5000,
            nested(33),
            nested(10),
            b'{"seed": ' + b"7" * 5000 + b"}",
            b'{"tries": NaN}',
            b'{"top": Infinity}',
            b'{"a": "\xff\xfe"}',
            b"\xef\xbb\xbf{}",
            b"null",
            b'{"word": "crane", "word": 5}',
            b'{"grid": "' + b"\\u2b1c" * 3000 + b'"}',
        ]
    ),
)
CONTENT_TYPE = st.sampled_from(
    [
        "application/json",
        "application/json; charset=utf-8",
        "text/plain",
        "",
        "application/x-www-form-urlencoded",
        "APPLICATION/JSON",
        "application/json;;",
    ]
)
HEADERS = st.fixed_dictionaries(
    {},
    optional={
        "Origin": st.sampled_from(
            ["http://localhost", "http://evil.example", "null", "http://localhost:1", "x"]
        ),
        "Host": st.sampled_from(
            [
                "localhost",
                "127.0.0.1:9",
                "[::1]",
                "evil.example",
                "local\u00e9".encode("latin-1"),
                "",
            ]
        ),
        "Sec-Fetch-Site": st.sampled_from(["same-origin", "cross-site", "none", "?"]),
        "Cookie": st.sampled_from(
            ["wordlelab_client=" + "a" * 20, "wordlelab_client=;;", "=", "x" * 5000]
        ),
    },
)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    # Tiny budgets: a comparison stops at once, a review gives bounds; the routes' answers are what count.
    app = create_app(
        stats_path=tmp_path_factory.mktemp("fuzz") / "stats.db",
        bench_budget=0.0,
        review_budget=1000,
        assist_budget=1000,
    )
    with TestClient(app, base_url=LOCAL) as c:
        c.get("/")
        ids = {
            "game": c.post("/api/play", json={"no_stats": True}).json()["id"],
            "assistant": c.post("/api/assist", json={"strategy": "frequency"}).json()["id"],
            "bench": c.post("/api/bench", json={"strategies": "frequency", "length": 4}).json()[
                "id"
            ],
        }
        yield c, ids


def check(r) -> None:
    assert r.status_code < 500 or r.status_code == 503, (r.status_code, r.text[:300])
    if r.status_code >= 400:
        data = r.json()
        assert set(data) <= {"error", "parts"} and isinstance(data["error"], str), data
        assert data["error"] and "\n" not in data["error"] and "Traceback" not in data["error"]
        if "parts" in data:  # the same error as data (WordlelabError.parts), never a long echo
            assert data["parts"]["text"] == data["error"] and data["parts"]["kind"] != "error"
            assert len(str(data["parts"].get("input", ""))) <= 64
        if r.status_code == 503:
            assert int(r.headers["retry-after"]) > 0


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(route=st.sampled_from(POST_ROUTES), raw=RAW, content_type=CONTENT_TYPE, headers=HEADERS)
def test_no_post_body_makes_a_server_error(client, route, raw, content_type, headers):
    c, ids = client
    hdrs = {**headers, "Content-Type": content_type} if content_type else dict(headers)
    check(c.post(route.format(**ids), content=raw, headers=hdrs))


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(route=st.sampled_from(POST_ROUTES), body=OBJECT)
def test_no_json_object_makes_a_server_error(client, route, body):
    c, ids = client
    check(c.post(route.format(**ids), json=body))


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    actions=st.lists(ACTION, max_size=4),
    variant=st.sampled_from([None, "classic", "dordle", "absurdle", "boards-3"]),
)
def test_no_actions_to_resume_make_a_server_error(client, actions, variant):
    c, _ = client
    body = {"actions": actions, "strategy": "frequency" if variant in (None, "classic") else None}
    check(c.post("/api/assist/resume", json={**body, "variant": variant}))


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    route=st.sampled_from(GET_ROUTES),
    query=st.dictionaries(st.sampled_from(["lang", "length", "top", "x"]), QUERY, max_size=3),
    headers=HEADERS,
)
def test_no_query_makes_a_server_error(client, route, query, headers):
    c, ids = client
    check(c.get(route.format(**ids), params=query, headers=headers))
