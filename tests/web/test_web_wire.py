"""A real ``wordlelab serve`` on 127.0.0.1 against hostile bodies and heads (issue 49): nothing a
body holds stalls the server, JSON is read as UTF-8 only, the head limit holds however the head
arrives, GET bodies are never read, and every refusal is JSON."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

pytest.importorskip("uvicorn")

from serve_helpers import connect, json_error, read_response, request, serve  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("wire")) as served:
        yield served
    log = served.log_text()
    assert "Traceback" not in log, log[-3000:]


def post(port: int, path: str, body: bytes, **headers: str):
    return request(port, "POST", path, body, headers)


def test_a_body_of_unclosed_quotes_does_not_stall_other_requests(server):
    # Quadratic for the old backtracking string regex: tens of seconds on the event loop.
    hostile = b'"' + b'\\"' * 32767
    assert len(hostile) == 65535
    answer: list[int] = []
    t = threading.Thread(
        target=lambda: answer.append(post(server.port, "/api/play", hostile)[0]), daemon=True
    )
    t.start()
    time.sleep(0.1)  # the hostile body is on its way or being read
    started = time.monotonic()
    status, headers, body = request(server.port, "GET", "/api/options")
    waited = time.monotonic() - started
    t.join(60)
    assert status == 200
    # A wide margin over the few milliseconds it takes alone; the old server took 20 s or more.
    assert waited < 5, f"GET /api/options waited {waited:.1f} s behind a 64 KB body"
    assert answer == [400]


def test_the_depth_scan_is_linear_in_the_body():
    # The scan looks at each quote, backslash and bracket once: counted, not timed.
    from wordlelab.web.security import check_depth

    calls = 0
    real = check_depth.__globals__["_TOKENS"]

    class Counting:
        def finditer(self, text):
            nonlocal calls
            for m in real.finditer(text):
                calls += 1
                yield m

    check_depth.__globals__["_TOKENS"] = Counting()
    try:
        check_depth('"' + '\\"' * 32767, 32)
    finally:
        check_depth.__globals__["_TOKENS"] = real
    assert calls <= 65535


def utf16_nested(levels: int) -> bytes:
    """JSON in UTF-16-LE without a BOM whose bytes are also UTF-8 (all below 0x80): read as UTF-8,
    a quote byte inside U+0A22 opens a string that hides every bracket after it."""
    text = '["\u0a22",' + "[" * levels + "]" * levels + "]"
    return text.encode("utf-16-le")


@pytest.mark.parametrize("levels", [900, 1000])
def test_a_utf16_body_cannot_pass_the_depth_limit(server, levels):
    raw = utf16_nested(levels)
    raw.decode("utf-8")  # valid UTF-8 too: that is how it passed the old depth count
    status, headers, body = post(server.port, "/api/play", raw)
    assert status == 400, body
    assert "not JSON" in json_error(status, headers, body)


def test_bodies_are_utf8_only(server):
    body = json.dumps({"length": 5}).encode("utf-16")  # with a BOM: still not UTF-8
    status, headers, raw = post(server.port, "/api/play", body)
    assert status == 400 and "not JSON" in json_error(status, headers, raw)


def test_a_head_of_100000_bytes_in_one_line_is_a_json_431(server):
    status, headers, body = request(
        server.port, "GET", "/api/options", headers={"X-Filler": "a" * 100_000}
    )
    assert status == 431, body
    assert "16384" in json_error(status, headers, body)


def test_a_head_of_17_kb_in_1_kb_pieces_is_a_json_431(server):
    with connect(server.port) as s:
        s.sendall(f"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode())
        for i in range(17):
            s.sendall(f"X-Filler-{i}: {'b' * 1000}\r\n".encode())
            time.sleep(0.02)
        s.sendall(b"\r\n")
        status, headers, body = read_response(s)
    assert status == 431, body
    json_error(status, headers, body)


@pytest.mark.parametrize("size", [17_000, 130_000])
def test_an_incomplete_head_past_the_limit_is_a_json_431(server, size):
    # Never finished: the server refuses it once it has more than the limit.
    with connect(server.port) as s:
        s.sendall(b"GET /api/options HTTP/1.1\r\nX-Filler: " + b"c" * size)
        status, headers, body = read_response(s)
    assert status == 431, body
    json_error(status, headers, body)


@pytest.mark.parametrize(
    "head",
    [
        b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\x00\r\n\r\n",
        b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n",
        b"NOT HTTP AT ALL\r\n\r\n",
        # A broken chunk after a good head: the app is already answering when h11 gives up
        # (its answer and uvicorn's raced: a traceback in the log).
        b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        b"POST /api/play HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\nzz\r\n",
    ],
)
def test_what_is_not_http_gets_a_json_400(server, head):
    with connect(server.port) as s:
        s.sendall(head)
        status, headers, body = read_response(s)
    assert status == 400, body
    json_error(status, headers, body)
    time.sleep(0.2)  # the app's own answer, had it raced, would log its traceback by now
    assert "Traceback" not in server.log_text()


def test_a_get_body_is_refused_without_being_read(server):
    with connect(server.port, timeout=10) as s:
        s.sendall(
            f"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Transfer-Encoding: chunked\r\n\r\n".encode()
        )
        chunk = b"10000\r\n" + b" " * 65536 + b"\r\n"
        sent = 0
        try:
            while sent < 300 * 2**20:  # 300 MB, were it all taken
                s.sendall(chunk)
                sent += 65536
        except OSError:  # reset or timed out: the server stopped reading and closed
            pass
        s.settimeout(10)
        try:
            status, headers, body = read_response(s)
        except OSError:
            status = None  # the answer lost to the reset
    # The kernel's socket buffers take some megabytes before the close reaches the sender.
    assert sent < 64 * 2**20, f"{sent / 2**20:.0f} MB were taken"
    if status is not None:
        assert status == 400 and "no body" in json_error(status, headers, body)


def test_a_get_with_a_content_length_is_refused(server):
    status, headers, body = request(
        server.port, "GET", "/api/options", headers={"Content-Length": "5"}
    )
    assert status == 400 and "no body" in json_error(status, headers, body)


def test_an_https_origin_cannot_post_to_an_http_server(server):
    status, headers, body = post(
        server.port, "/api/play", b"{}", Origin=f"https://127.0.0.1:{server.port}"
    )
    assert status == 403, body
    json_error(status, headers, body)
    status, _, body = post(
        server.port, "/api/play", b"{}", Origin=f"http://127.0.0.1:{server.port}"
    )
    assert status == 200, body


def test_no_refusal_is_plain_text_and_the_server_still_answers(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 40)  # a TLS hello
        try:
            status, headers, body = read_response(s)
            json_error(status, headers, body)
        except ConnectionError:
            pass  # closed without an answer is fine too; plain text is not
    assert request(server.port, "GET", "/api/options")[0] == 200


@pytest.mark.slow
def test_a_comparison_refused_by_the_client_cap_can_be_started_again(tmp_path):
    # The bench sessions keep 64 clients: 64 clients each start and stop a comparison, the 65th
    # is refused (503); the "a comparison is running" slot must not stay taken after it.
    with serve(tmp_path) as served:
        port = served.port

        def bench(client: int) -> tuple[int, dict]:
            status, _, body = post(
                port,
                "/api/bench",
                json.dumps({"length": 4, "strategies": "entropy"}).encode(),
                Cookie=f"wordlelab_client=client-{client:04d}-abcdefgh",
            )
            return status, json.loads(body)

        def stop(job: dict) -> None:
            post(port, f"/api/bench/{job['id']}/stop", b"{}")
            deadline = time.monotonic() + 60
            while not json.loads(request(port, "GET", f"/api/bench/{job['id']}")[2])["finished"]:
                assert time.monotonic() < deadline
                time.sleep(0.02)

        for client in range(64):
            status, job = bench(client)
            assert status == 200, job
            stop(job)
        status, refused = bench(64)
        assert status == 503, refused
        status, job = bench(0)  # an old client: its comparison may start
        assert status == 200, job
        stop(job)
    assert "Traceback" not in served.log_text()


def test_the_servers_matrices_stay_under_one_memory_budget(tmp_path):
    # Russian lists: matrices of 1, 4, 12 and 15 MB for 4 to 7 letters; a budget of 20 MB.
    with serve(tmp_path, env={"WORDLELAB_WEB_MATRICES": "20M"}) as served:

        def assist(lang: str, length: int):
            # An Absurdle game holds its lists' matrix, as an assistant does, with no search.
            body = json.dumps({"lang": lang, "length": length, "variant": "absurdle"})
            return post(served.port, "/api/play", body.encode())

        for length in (4, 5, 6):
            status, _, body = assist("ru", length)
            assert status == 200, body
        # The games hold 17 MB; 15 MB more cannot fit while they are open.
        status, headers, body = assist("ru", 7)
        assert status == 503, body
        assert "held by open sessions" in json_error(status, headers, body)
        assert int(headers["retry-after"]) > 0
        # One that could never fit is refused before anything is built (English, 11 letters).
        status, headers, body = assist("en", 11)
        assert status == 503 and "need a matrix of" in json_error(status, headers, body)
        assert assist("ru", 5)[0] == 200  # a matrix already held is shared: no more memory
    assert "Traceback" not in served.log_text()


def test_matrices_are_shared_and_the_least_recently_used_make_room():
    import gc

    from wordlelab.game.lists import load_lists
    from wordlelab.game.matrix import full_matrix_bytes
    from wordlelab.web.matrices import Matrices

    ru = {k: load_lists(k, "ru") for k in (4, 5, 6)}
    sizes = {k: full_matrix_bytes(v.guesses, v.answers) for k, v in ru.items()}
    store = Matrices(budget=sizes[5] + sizes[6])
    m4 = store.get(4, ru[4])
    assert store.get(4, ru[4]) is m4  # shared
    del m4
    store.get(5, ru[5])
    store.get(6, ru[6])  # 4 and 5 do not both fit beside 6: the least recently used (4) goes
    gc.collect()
    assert store.used <= store.budget
    assert 4 not in store._alive and 6 in store._alive


def test_what_the_search_keeps_counts_against_the_budget(tmp_path):
    # An assistant's exact figures build a search engine (a 64 MB memo and more) for its lists:
    # after the request, what is past the budget is let go of.
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Using `httpx`")
        from starlette.testclient import TestClient

    from wordlelab.web.app import create_app

    budget = 32 * 1024**2
    app = create_app(stats_path=tmp_path / "s.db", matrix_memory=budget)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        r = c.post("/api/assist", json={"lang": "ru", "length": 5, "strategy": "entropy"})
        assert r.status_code == 200, r.text
        assert r.json()["exact"] is not None  # it searched
        assert app.state.web.matrices.used <= budget
