"""The real server (uvicorn as 'wordlelab serve' configures it) against slow and endless clients:
a body past the limit is cut off while it streams, slow request heads and idle connections are closed."""

from __future__ import annotations

import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")

from wordlelab.web import security  # noqa: E402
from wordlelab.web.app import create_app  # noqa: E402
from wordlelab.web.server import server_config  # noqa: E402

HEAD_TIMEOUT = 1.0
IDLE_TIMEOUT = 1


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    app = create_app(stats_path=tmp_path_factory.mktemp("srv") / "stats.db")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    server = uvicorn.Server(
        server_config(app, head_timeout=HEAD_TIMEOUT, idle_timeout=IDLE_TIMEOUT)
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield sock.getsockname()[1]
    server.should_exit = True
    thread.join(10)
    sock.close()


def connect(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    return s


def response(s: socket.socket) -> bytes:
    """One whole response (head and Content-Length body) from ``s``."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += s.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length")
    )
    while len(body) < length:
        body += s.recv(65536)
    return head + b"\r\n\r\n" + body


def closed_within(s: socket.socket, seconds: float) -> bool:
    """True when the server closes ``s`` within ``seconds`` (what it sends first is read and dropped)."""
    s.settimeout(0.2)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if s.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:
            return True
    return False


def test_an_endless_chunked_body_is_cut_off_at_the_limit(port):
    s = connect(port)
    s.sendall(
        b"POST /api/play HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"10000\r\n" + b" " * 65536 + b"\r\n"
    before = rss_mb()
    sent = 0
    s.settimeout(5)
    try:
        while sent < 500 * 2**20:  # 500 MB, were it all taken
            s.sendall(chunk)
            sent += 65536
    except OSError:  # reset or timed out: the server stopped reading and closed
        pass
    reply = b""
    try:
        while b"\r\n\r\n" not in reply:
            part = s.recv(4096)
            if not part:
                break
            reply += part
    except OSError:
        pass
    s.close()
    # The kernel's socket buffers take some megabytes before the server's answer closes the door.
    assert sent < 64 * 2**20, f"{sent / 2**20:.0f} MB were taken"
    assert rss_mb() - before < 100
    if reply:  # the answer may be lost to the reset; when it arrives it is the 413
        assert reply.startswith(b"HTTP/1.1 413"), reply[:100]


def test_slow_request_heads_are_closed(port):
    slow = [connect(port) for _ in range(20)]
    silent = connect(port)
    for s in slow:
        s.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    started = time.monotonic()
    # One header byte at a time, well inside any per-read timeout: only a deadline on the head closes it.
    while time.monotonic() - started < HEAD_TIMEOUT + 1.5:
        for s in slow:
            try:
                s.sendall(b"X")
            except OSError:
                pass
        time.sleep(0.1)
    assert all(closed_within(s, 2.0) for s in slow)
    assert closed_within(silent, 1.0)
    for s in (*slow, silent):
        s.close()


def test_idle_keep_alive_connections_are_closed_and_a_request_is_served(port):
    s = connect(port)
    s.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert response(s).startswith(b"HTTP/1.1 200")
    assert closed_within(s, IDLE_TIMEOUT + 2.0)
    s.close()
    # A second request on the same connection is answered too, a good while after the first.
    s = connect(port)
    for _ in range(2):
        s.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert response(s).startswith(b"HTTP/1.1 200")
        time.sleep(IDLE_TIMEOUT / 2)
    s.close()


def test_a_slow_body_is_a_408(port, monkeypatch):
    monkeypatch.setattr(security, "BODY_TIMEOUT", 1.0)
    s = connect(port)
    s.sendall(
        b"POST /api/play HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{"
    )
    time.sleep(1.5)
    assert response(s).startswith(b"HTTP/1.1 408")
    assert closed_within(s, 2.0)
    s.close()


def test_a_rebinding_host_is_refused_on_the_wire(port):
    s = connect(port)
    s.sendall(f"GET /api/stats HTTP/1.1\r\nHost: evil.example:{port}\r\n\r\n".encode())
    reply = response(s)
    assert reply.startswith(b"HTTP/1.1 421") and b"does not answer to the host" in reply
    s.close()
