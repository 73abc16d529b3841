"""A real ``wordlelab serve`` on 127.0.0.1 for the tests that talk to it over a socket, and the
raw HTTP/1.1 they speak to it (every refusal is checked as it arrives on the wire)."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Served:
    """A running server: its port, its process and the file its stderr goes to."""

    port: int
    proc: subprocess.Popen[bytes]
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@contextmanager
def serve(tmp: Path, *args: str, env: dict[str, str] | None = None) -> Iterator[Served]:
    """``wordlelab serve --port 0 ARGS`` with its own data folder under ``tmp``; stopped (SIGINT,
    then killed if it lingers) when the block ends."""
    log = tmp / "serve.log"
    out = tmp / "serve.out"
    environ = {
        **os.environ,
        "PYTHONUNBUFFERED": "1",
        "WORDLELAB_DATA_DIR": str(tmp / "data"),
        **(env or {}),
    }
    with open(out, "wb") as stdout, open(log, "wb") as stderr:
        proc = subprocess.Popen(
            [sys.executable, "-m", "wordlelab", "serve", "--port", "0", *args],
            stdout=stdout,
            stderr=stderr,
            env=environ,
        )
    try:
        deadline = time.monotonic() + 60
        port = None
        while port is None:
            m = re.search(r"http://127\.0\.0\.1:(\d+)/", out.read_text())
            if m:
                port = int(m.group(1))
            elif proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"serve did not start: {log.read_text()[-2000:]}")
            else:
                time.sleep(0.05)
        yield Served(port, proc, log)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=20)


def connect(port: int, timeout: float = 30) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=timeout)


def read_response(s: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One whole response from ``s``: status, headers (lowercase names) and the body (by its
    Content-Length, else to the close)."""
    data = b""
    while b"\r\n\r\n" not in data:
        part = s.recv(65536)
        if not part:
            raise ConnectionError(f"closed before a whole head: {data[:200]!r}")
        data += part
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        headers[k.strip().lower()] = v.strip()
    if "content-length" in headers:
        while len(body) < int(headers["content-length"]):
            part = s.recv(65536)
            if not part:
                break
            body += part
    else:
        while part := s.recv(65536):
            body += part
    return status, headers, body


def request(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """One request on a new connection, as a well-behaved client sends it."""
    hdrs = {"Host": f"127.0.0.1:{port}", "Connection": "close", **(headers or {})}
    if body is not None:
        hdrs.setdefault("Content-Type", "application/json")
        hdrs["Content-Length"] = str(len(body))
    head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in hdrs.items())
    with connect(port) as s:
        s.sendall(head.encode("latin-1") + b"\r\n" + (body or b""))
        return read_response(s)


def json_error(status: int, headers: dict[str, str], body: bytes) -> str:
    """The one line of a JSON refusal (asserts that it is one)."""
    assert headers.get("content-type", "").startswith("application/json"), (status, headers, body)
    data = json.loads(body)
    assert set(data) >= {"error"} and "\n" not in data["error"], data
    return str(data["error"])
