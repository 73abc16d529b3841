"""The web server's front door (web/security.py): Host, Origin, Content-Type, body size, limits on
JSON, and no file path in any answer. Each case here was an open door before (issue 25)."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

from wordlelab.web.app import create_app
from wordlelab.web.security import (
    HostPolicy,
    parse_json_limits,
    scrub_paths,
    split_host,
)

LOCAL = "http://localhost"
JSON = {"Content-Type": "application/json"}


@pytest.fixture()
def client(tmp_path):
    with TestClient(create_app(stats_path=tmp_path / "stats.db"), base_url=LOCAL) as c:
        yield c


def one_line_error(r) -> str:
    """The error's one line; beside it at most the same error as data (``parts``, whose text it
    is), for a page in another language."""
    text = r.json()["error"]
    assert set(r.json()) <= {"error", "parts"} and text and "\n" not in text
    assert r.json().get("parts", {"text": text})["text"] == text
    return text


@pytest.mark.parametrize(
    "host",
    [
        "evil.example:8000",
        "evil.example",
        "localhost.evil.example:80",
        "10.0.0.1:80",
        "",
        "localhost:80:80",
        "[::1",
        "local host",
    ],
)
def test_a_foreign_host_is_refused(client, host):
    # DNS rebinding: a page on evil.example re-points its name at 127.0.0.1 and sends its own Host.
    for method, path in (("GET", "/api/stats"), ("GET", "/"), ("POST", "/api/play")):
        r = client.request(method, path, headers={"Host": host, **JSON}, content=b"{}")
        assert r.status_code == 421, (host, path)
        assert "does not answer to the host" in one_line_error(r)


@pytest.mark.parametrize(
    "host", ["localhost:8000", "LOCALHOST", "127.0.0.1:1234", "[::1]:80", "[::1]", "localhost."]
)
def test_loopback_names_are_answered(client, host):
    assert client.get("/api/options", headers={"Host": host}).status_code == 200
    origin = {"Origin": f"http://{host}"}
    assert (
        client.post(
            "/api/play", json={"no_stats": True}, headers={"Host": host, **origin}
        ).status_code
        == 200
    )


def test_host_policy_names_and_public_ip_literals():
    policy = HostPolicy(["192.168.1.5", "wordle.lan"])
    for name in ("localhost", "127.0.0.1", "::1", "192.168.1.5", "wordle.lan"):
        assert policy.allows(name), name
    assert not policy.allows("10.1.1.1") and not policy.allows("0.0.0.0")
    assert not HostPolicy(["0.0.0.0"]).allows(
        "0.0.0.0"
    )  # a wildcard is where we listen, not a name
    public = HostPolicy(any_ip=True)
    assert (
        public.allows("10.1.1.1") and public.allows("fe80::1") and not public.allows("evil.example")
    )
    assert (
        split_host("[::1]:8080") == ("::1", 8080)
        and split_host("a:b") is None
        and split_host("Ex.com.") == ("ex.com", None)
    )


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example:8000"},
        {"Origin": "http://localhost:9999"},  # another server on this machine is another origin
        {"Origin": "https://localhost"},
        {"Origin": "null"},  # a sandboxed frame or a data: page
        {"Origin": "http://localhost\x7f"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
def test_a_foreign_origin_cannot_change_anything(client, headers):
    for path in ("/api/play", "/api/assist", "/api/bench", "/api/analyse"):
        r = client.post(path, json={"strategies": "frequency", "length": 4}, headers=headers)
        assert r.status_code == 403, (headers, path)
        assert "may not change anything" in one_line_error(r)
    assert not client.app.state.pages["bench"].slot.held  # no comparison was started


def test_same_origin_and_non_browser_posts_are_answered(client):
    assert (
        client.post("/api/play", json={}, headers={"Origin": "http://localhost"}).status_code == 200
    )
    assert (
        client.post(
            "/api/play",
            json={},
            headers={"Origin": "http://localhost:80", "Sec-Fetch-Site": "same-origin"},
        ).status_code
        == 200
    )
    # No Origin: not a browser (every browser sends one on a cross-origin POST); a script may play.
    assert client.post("/api/play", json={}).status_code == 200
    # Reading needs no Origin check: a foreign page cannot read the answer (no CORS headers are sent).
    r = client.get("/api/options", headers={"Origin": "http://evil.example"})
    assert r.status_code == 200 and "access-control-allow-origin" not in r.headers


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        None,
        "application/jsonx",
        "text/json",
    ],
)
def test_json_only_as_application_json(client, content_type):
    # A foreign page may POST text/plain without a preflight: the server must not read it as JSON.
    headers = {"Content-Type": content_type} if content_type else {}
    for path in ("/api/bench", "/api/play", "/api/assist/nope/undo"):
        r = client.post(path, content=b'{"strategies": "frequency", "length": 4}', headers=headers)
        assert r.status_code == 415, (content_type, path)
        assert "application/json" in one_line_error(r)
    assert not client.app.state.pages["bench"].slot.held
    r = client.post(
        "/api/play", content=b"{}", headers={"Content-Type": "Application/JSON; charset=utf-8"}
    )
    assert r.status_code == 200


def test_the_body_limit(client):
    # (That it holds while streaming, reading no more than it keeps, is tested on a real server in
    # test_web_server.py: the test client reads a streamed body to its end before the app starts.)
    r = client.post("/api/play", content=iter([b" " * 65536] * 4), headers=JSON)
    assert r.status_code == 413 and "at most 65536" in one_line_error(r)
    assert r.headers["connection"] == "close"
    r = client.post("/api/play", content=b"{}", headers={**JSON, "Content-Length": "999999999999"})
    assert r.status_code == 413
    assert client.post("/api/play", content=b" " * 65536 + b"{}", headers=JSON).status_code == 413
    assert client.post("/api/play", content=b" " * 65000 + b"{}", headers=JSON).status_code == 200


@pytest.mark.parametrize(
    "body, text",
    [
        (b"[" * 60_000, "nested"),
        (b'{"a":' * 40 + b"1" + b"}" * 40, "nested"),
        (b'{"seed": ' + b"1" * 5000 + b"}", "characters"),
        (b'{"length": 1' + b"0" * 4400 + b"}", "characters"),
        (b'{"tries": 1e99999}', "whole number"),
        (b'{"seed": "' + b"1" * 4301 + b'"}', "seed must be a whole number"),
        (b'{"length": "' + b"9" * 5000 + b'"}', "length must be a whole number"),
        (b'{"a": "\xff"}', "not JSON"),
    ],
)
def test_hostile_json_is_a_400(client, body, text):
    r = client.post("/api/play", content=body, headers=JSON)
    assert r.status_code == 400 and text in one_line_error(r), r.text[:200]
    assert len(r.text) < 500  # the input is not echoed back at length


def test_hostile_numbers_elsewhere_are_400s(client):
    aid = client.post("/api/assist", json={}).json()["id"]
    assert client.post(f"/api/assist/{aid}/top", json={"top": "7" * 4301}).status_code == 400
    assert client.get(f"/api/assist/{aid}?top=" + "7" * 4301).status_code == 400
    assert client.get("/api/stats?length=" + "5" * 4301).status_code == 400
    # Strings inside JSON may hold brackets and quotes without counting as nesting.
    assert client.post("/api/play", json={"lang": "[" * 100 + '"\\' + "{" * 100}).status_code == 400


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/analyse", {"grid": "Wordle 1/6\n\n" + "🟩" * 9200}),
        ("/api/analyse", {"position": "a" * 9200 + ":" + "g" * 9200}),
        ("/api/analyse", {"position": "crane:" + "." * 5000}),
        ("/api/analyse", {"words": "crane " + "a" * 9200, "answer": "crane"}),
        ("/api/play", {"lang": "e" * 5000}),
    ],
)
def test_huge_words_and_rows_are_400s_before_any_work(client, path, body):
    # Python refuses to make an int of 4,301+ digits: a 9,200-tile row reached that inside the library.
    r = client.post(path, json=body)
    assert r.status_code == 400 and "without a space" in one_line_error(r)


def test_json_limits_parse_what_is_fine():
    assert parse_json_limits(b'{"a": [1, 2.5, "]]]\\"[["], "b": {"c": null}}') == {
        "a": [1, 2.5, ']]]"[['],
        "b": {"c": None},
    }
    with pytest.raises(ValueError):
        parse_json_limits(b'{"a": NaN}')


def test_no_file_path_in_any_answer(tmp_path):
    # The statistics database cannot be opened (its path is a folder): the error names no file.
    folder = tmp_path / "private-folder"
    (folder / "x").mkdir(parents=True)
    with TestClient(create_app(stats_path=folder), base_url=LOCAL) as c:
        r = c.get("/api/stats")
        assert r.status_code == 400
        assert str(tmp_path) not in r.text and "private-folder" not in r.text
        game = c.post("/api/play", json={"seed": 7}).json()
        r = c.post(f"/api/play/{game['id']}/guess", json={"word": "octet"})
        assert r.status_code == 200 and r.json()["won"]
        assert "private-folder" not in r.text and "error" in r.json()["stats"]


def test_scrub_paths():
    assert scrub_paths("the statistics database /home/a/b.sqlite3 cannot be used") == (
        "the statistics database <file> cannot be used"
    )
    assert scrub_paths("cannot open 'C:\\Users\\a\\s.db': denied") == "cannot open '<file>': denied"
    assert scrub_paths("Wordle 1,234 3/6 and ~/x") == "Wordle 1,234 3/6 and <file>"


def test_an_unexpected_failure_is_a_json_500_without_details(tmp_path, monkeypatch):
    app = create_app(stats_path=tmp_path / "s.db")
    monkeypatch.setattr(app.state.pages["play"], "game_state", lambda token: 1 / 0)
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as c:
        r = c.post("/api/play", json={})
    assert r.status_code == 500 and r.json() == {
        "error": "internal error: the server failed on this request"
    }
