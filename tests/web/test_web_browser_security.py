"""The server's front door against a real browser (Debian's Chromium through Playwright): the page's
own POSTs carry its Origin and are answered; a page of another origin cannot start anything with a
simple (text/plain, no-cors) POST, nor by a form. Skips without Chromium, as test_web_browser.py."""

from __future__ import annotations

import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from browser_helpers import FLAGS  # noqa: E402
from browser_helpers import chromium_path as chromium  # noqa: E402

from wordlelab.web.app import create_app  # noqa: E402
from wordlelab.web.server import server_config  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = create_app(stats_path=tmp_path_factory.mktemp("web") / "stats.db")
    seen: list[tuple[str, str, dict[str, str], int]] = []  # method, path, headers, status

    async def spy(scope, receive, send):  # records what reached the server and what it answered
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        headers = {k.decode(): v.decode("latin-1") for k, v in scope["headers"]}

        async def send_status(message):
            if message["type"] == "http.response.start":
                seen.append((scope["method"], scope["path"], headers, message["status"]))
            await send(message)

        await app(scope, receive, send_status)

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    srv = uvicorn.Server(server_config(spy))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield sock.getsockname()[1], app, seen
    srv.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="module")
def browser():
    path = chromium()
    if path is None:
        pytest.skip("no Chromium found (apt-get install chromium, or set WORDLELAB_CHROMIUM)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=FLAGS)
        yield b
        b.close()


def test_the_pages_own_posts_carry_its_origin(server, browser):
    port, _, seen = server
    page = browser.new_page()
    try:
        page.goto(f"http://127.0.0.1:{port}/")
        status = page.evaluate("""async () => (await fetch("/api/play", {method: "POST",
            headers: {"Content-Type": "application/json"}, body: JSON.stringify({no_stats: true})})).status""")
        assert status == 200
    finally:
        page.close()
    _, _, headers, code = next(s for s in reversed(seen) if s[1] == "/api/play")
    # Chromium sends Origin on a same-origin POST: a POST without one is not from a browser page.
    assert headers.get("origin") == f"http://127.0.0.1:{port}" and code == 200


def test_another_origin_cannot_start_anything(server, browser):
    port, app, seen = server
    start = len(seen)
    page = browser.new_page()
    try:
        for path in ("/api/bench", "/api/play"):
            # localhost:PORT and 127.0.0.1:PORT are two origins: a page of the one attacks the other
            # with the classic cross-site POST, a text/plain form (no preflight) holding JSON.
            page.goto(f"http://localhost:{port}/")
            with page.expect_navigation():
                page.evaluate(
                    """(action) => { const f = document.createElement("form");
                    f.method = "post"; f.action = action; f.enctype = "text/plain";
                    const i = document.createElement("input");
                    i.name = '{"strategies": "frequency", "length": 4, "x": "'; i.value = '"}';
                    f.append(i); document.body.append(f); f.submit(); }""",
                    f"http://127.0.0.1:{port}{path}",
                )
    finally:
        page.close()
    # (The Origin sent is "null": the page's Referrer-Policy is no-referrer.)
    answers = {
        (p, c)
        for m, p, h, c in seen[start:]
        if m == "POST" and h.get("host") == f"127.0.0.1:{port}"
    }
    assert answers == {("/api/bench", 403), ("/api/play", 403)}
    assert not app.state.pages["bench"].slot.held
