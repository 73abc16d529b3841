"""A fuzz campaign over every route of a real ``wordlelab serve`` on 127.0.0.1 (issue 49).

Seeded and bounded (``--count`` requests, ``--seconds`` of wall clock, ``--workers`` hostile clients
at once): JSON bodies of any shape on every POST route (the live ids of a game, an assistant and a
comparison filled in), the worst bodies known (unclosed quotes, deep nesting, UTF-16, long
numbers, 64 KB and more), resumes with many actions, foreign Host and Origin headers, heads past
the limit, GET bodies, other methods, what is not HTTP at all, a new client (cookie) per request.
Beside them a probe client plays (a new game, a guess, the options) and its latency is compared
with the same probe alone before the campaign.

Counted: answers by status, HTTP 500s, refusals (4xx/5xx) that are not JSON, connections closed
without an answer, tracebacks in the server's log, the probe's worst extra wait. Writes
benchmarks/results/fuzz_web.json. The goal: 0 tracebacks, 0 500s, 0 plain-text refusals and the
probe never more than 1 s slower than alone.

    PYTHONPATH=src python benchmarks/fuzz_web.py [--count 2000] [--seconds 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import re
import socket
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _util import commit, machine, served

RESULTS = Path(__file__).resolve().parent / "results"
MAX_COUNT = 20_000
MAX_SECONDS = 1800.0
REQUEST_TIMEOUT = 120.0  # seconds one hostile request may take before it counts as a hang

POST_ROUTES = [
    "/api/play",
    "/api/play/resume",
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
    "/api/progress",
]
GET_ROUTES = [
    "/",
    "/favicon.ico",
    "/api/options",
    "/api/stats",
    "/api/play/{game}",
    "/api/assist/{assistant}",
    "/api/bench/{bench}",
    "/api/progress/{progress}",
    "/api/warmup",
    "/static/js/main.js",
    "/static/../app.py",
    "/static/%2e%2e/app.py",
    "/nope",
]
KEYS = [
    "lang",
    "length",
    "hard",
    "seed",
    "lists",
    "strategy",
    "strategies",
    "top",
    "word",
    "pattern",
    "patterns",
    "grid",
    "words",
    "answer",
    "position",
    "no_stats",
    "variant",
    "boards",
    "actions",
    "saved",
    "progress",
]
WORDS = ["crane", "salet", "octet", "tarse", "guild", "adieu", "story", "crony", "zzzzz", "ёжик"]
TEXTS = [
    "",
    " ",
    "en",
    "ru",
    "xx",
    "nyt",
    "original",
    "entropy",
    "coach",
    "auto",
    "entropy,frequency,coach,prior",
    "dordle",
    "absurdle",
    "quordle",
    ".....",
    "ggggg",
    ".y..g",
    "🟩🟩🟩🟩🟩",
    "salet:..... crony:.y...",
    "Wordle 2/6\n\n⬜🟨⬜⬜🟩\n🟩🟩🟩🟩🟩",
    "Wordle 1 -1/6\n\n🟩🟩🟩🟩🟩",
    "a" * 1025,
    "a " * 5000,
    "🟩" * 3000,
    "../../etc/passwd",
    "/dev/zero",
    "\x00",
    "\u202e",
    "%s%n",
    "1" * 41,
    *WORDS,
]
NUMBERS = [0, 1, -1, 3, 4, 5, 8, 11, 12, 50, 51, 2**63, -(2**63), 1e308, 0.5, "5", " 5 ", "٥"]


def worst_bodies() -> list[bytes]:
    """The bodies known to have cost the server most (issue 49 and before)."""
    deep = 40
    utf16 = '["\u0a22",' + "[" * 990 + "]" * 990 + "]"
    return [
        b'"' + b'\\"' * 32767,  # unclosed quotes: quadratic for a backtracking string regex
        b"[" * 65536,
        ("[" * deep + "]" * deep).encode(),
        ('{"a":' * deep + "1" + "}" * deep).encode(),
        utf16.encode("utf-16-le"),
        json.dumps({"length": 5}).encode("utf-16"),
        b'{"seed": ' + b"9" * 4301 + b"}",
        b'{"top": 1e999}',
        b'{"top": NaN}',
        b"\xff\xfe\xfd",
        b"\xef\xbb\xbf{}",
        b" " * 65536,
        b" " * 65537,  # past the limit: 413
        b'{"a": "' + b"x" * 65000 + b'"}',
        b"{}" * 30000,
        b"",
        b"null",
        b"[]",
        b'"text"',
        b"{",
    ]


class Fuzzer:
    """Makes requests from a seeded generator; each is raw bytes sent on a new connection."""

    def __init__(self, port: int, rng: random.Random, ids: dict[str, str]) -> None:
        self.port = port
        self.rng = rng
        self.ids = ids
        self.worst = worst_bodies()

    def value(self, depth: int = 0) -> Any:
        r = self.rng.random()
        if depth < 2 and r < 0.15:
            return [self.value(depth + 1) for _ in range(self.rng.randrange(4))]
        if depth < 2 and r < 0.25:
            return {self.rng.choice(KEYS): self.value(depth + 1) for _ in range(3)}
        if r < 0.6:
            return self.rng.choice(TEXTS)
        if r < 0.85:
            return self.rng.choice(NUMBERS)
        return self.rng.choice([None, True, False])

    def obj(self) -> dict[str, Any]:
        out = {self.rng.choice(KEYS): self.value() for _ in range(self.rng.randrange(6))}
        if out.get("length") in (9, 10, 11) and self.rng.random() < 0.8:
            out["length"] = 5  # now and then a long word's matrix, not every time
        return out

    def actions(self) -> list[Any]:
        n = self.rng.choice([0, 1, 2, 6, 10, 40, 257])
        out: list[Any] = []
        for _ in range(n):
            r = self.rng.random()
            if r < 0.5:
                out.append({"skip": self.rng.choice(WORDS)})
            elif r < 0.9:
                pattern = "".join(self.rng.choice(".yg") for _ in range(5))
                out.append({"word": self.rng.choice(WORDS), "pattern": pattern})
            else:
                out.append(self.value())
        return out

    def path(self, template: str) -> str:
        for name in ("game", "assistant", "bench", "progress"):
            template = template.replace("{" + name + "}", self.ids.get(name, "nope"))
        return template

    def request(self) -> tuple[str, bytes]:
        """A (kind, raw request) pair."""
        rng = self.rng
        host = f"127.0.0.1:{self.port}"
        headers = {"Host": host, "Connection": "close"}
        if rng.random() < 0.5:  # client churn: a new client each time
            headers["Cookie"] = f"wordlelab_client={rng.getrandbits(96):024x}"
        kind = rng.choice(
            ["json"] * 6
            + ["worst"] * 2
            + ["resume"] * 2
            + ["headers", "get", "method", "wire", "search"]
        )
        method, path, body = "POST", self.path(rng.choice(POST_ROUTES)), b""
        if kind == "json":
            body = json.dumps(self.obj()).encode()
        elif kind == "worst":
            body = rng.choice(self.worst)
        elif kind == "search":  # valid requests that search, so the pool is busy meanwhile
            path, data = rng.choice(
                [
                    ("/api/analyse", {"words": "adieu story crony", "answer": "crony"}),
                    (
                        "/api/analyse",
                        {"grid": "Wordle 1 3/6\n\n⬜🟨⬜⬜🟩\n🟨🟨⬜⬜🟩\n🟩🟩🟩🟩🟩"},
                    ),
                    ("/api/assist", {"length": rng.choice([4, 5, 6]), "top": 5}),
                    (
                        "/api/assist/resume",
                        {
                            "actions": [{"word": "tarse", "pattern": "....."}]
                            + [{"skip": w} for w in ("guild", "godly", "build", "clomp")]
                        },
                    ),
                ]
            )
            body = json.dumps(data).encode()
        elif kind == "resume":
            path = "/api/assist/resume"
            body = json.dumps({**self.obj(), "actions": self.actions()}).encode()
        elif kind == "headers":
            body = json.dumps(self.obj()).encode()
            name, value = rng.choice(
                [
                    ("Host", "evil.example:8000"),
                    ("Host", "127.0.0.1\x00"),
                    ("Host", ""),
                    ("Origin", f"https://{host}"),
                    ("Origin", "null"),
                    ("Origin", "http://evil.example"),
                    ("Sec-Fetch-Site", "cross-site"),
                    ("Content-Type", "text/plain"),
                    ("Content-Type", "application/json; charset=utf-16"),
                    ("X-Filler", "a" * 17_000),
                    ("X-Filler", "b" * 100_000),
                    ("Cookie", "wordlelab_client=" + "c" * 5000),
                    ("Transfer-Encoding", "chunked, identity"),
                ]
            )
            headers[name] = value
        elif kind == "get":
            method, path = "GET", self.path(rng.choice(GET_ROUTES))
            if rng.random() < 0.3:
                path += "?" + "&".join(
                    f"{rng.choice(['lang', 'length', 'variant', 'top'])}={rng.choice(TEXTS)[:20]}"
                    for _ in range(3)
                )
            if rng.random() < 0.2:
                body = b"x" * rng.choice([1, 1000, 70_000])
        elif kind == "method":
            method = rng.choice(["PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE"])
            path = self.path(rng.choice(POST_ROUTES + GET_ROUTES))
            body = json.dumps(self.obj()).encode() if rng.random() < 0.5 else b""
        else:  # not what a client should send at all
            return "wire", rng.choice(
                [
                    b"NOT HTTP\r\n\r\n",
                    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(40),
                    b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: " + host.encode() + b"\r\n\r\n",
                    b"GET /api/options HTTP/1.0\r\n\r\n",
                    b"GET http://evil.example/api/options HTTP/1.1\r\nHost: evil.example\r\n\r\n",
                    b"POST /api/play HTTP/1.1\r\nHost: " + host.encode() + b"\r\n"
                    b"Content-Type: application/json\r\nContent-Length: 2\r\n"
                    b"Content-Length: 3\r\n\r\n{}",
                    b"GET /api/options HTTP/1.1\r\nHost: " + host.encode() + b"\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\nzz\r\n",
                ]
            )
        if method in ("POST", "PUT", "PATCH", "DELETE") or body:
            headers.setdefault("Content-Type", "application/json")
            if "Transfer-Encoding" not in headers:
                headers["Content-Length"] = str(len(body))
            else:
                body = f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n"
        head = f"{method} {path} HTTP/1.1\r\n" + "".join(
            f"{k}: {v}\r\n" for k, v in headers.items()
        )
        return kind, head.encode("utf-8", "surrogateescape") + b"\r\n" + body


def exchange(port: int, raw: bytes, timeout: float = REQUEST_TIMEOUT) -> dict[str, Any]:
    """Send ``raw`` on a new connection; the answer's status, type and whether it is JSON."""
    t = time.monotonic()
    out: dict[str, Any] = {"status": None}
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            try:
                s.sendall(raw)
            except OSError:
                pass  # refused mid-body: the answer may still be there to read
            data = b""
            while True:
                try:
                    part = s.recv(65536)
                except TimeoutError:
                    out["hang"] = True
                    break
                except OSError:
                    break
                if not part:
                    break
                data += part
                if len(data) > 4_000_000:
                    break
    except OSError as exc:
        out["error"] = type(exc).__name__
        data = b""
    out["seconds"] = time.monotonic() - t
    if data.startswith(b"HTTP/"):
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        out["status"] = int(lines[0].split()[1])
        headers = dict(
            (k.strip().lower(), v.strip()) for k, _, v in (ln.partition(":") for ln in lines[1:])
        )
        out["type"] = headers.get("content-type", "")
        if out["type"].startswith("application/json"):
            try:
                json.loads(body)
                out["json"] = True
            except ValueError:
                out["json"] = False
    return out


class Probe:
    """A player beside the campaign: a new game, a guess, the options, over and over."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.times: list[float] = []

    def once(self) -> float:
        t = time.monotonic()
        game = request_json(self.port, "POST", "/api/play", {"no_stats": True})
        request_json(self.port, "POST", f"/api/play/{game['id']}/guess", {"word": "crane"})
        request_json(self.port, "GET", "/api/options")
        return time.monotonic() - t

    def run(self, stop: threading.Event, pause: float = 0.1) -> None:
        while not stop.is_set():
            self.times.append(self.once())
            stop.wait(pause)


def request_json(port: int, method: str, path: str, body: Any = None) -> Any:
    raw = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(raw)}\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=REQUEST_TIMEOUT) as s:
        s.sendall(head.encode() + b"\r\n" + raw)
        data = b""
        while part := s.recv(65536):
            data += part
    return json.loads(data.partition(b"\r\n\r\n")[2])


def _stats(ts: list[float]) -> dict[str, float | int]:
    if not ts:
        return {"n": 0}
    s = sorted(ts)
    return {
        "n": len(s),
        "p50_s": round(statistics.median(s), 4),
        "p99_s": round(s[min(len(s) - 1, int(0.99 * len(s)))], 4),
        "max_s": round(s[-1], 4),
    }


def campaign(
    port: int,
    count: int,
    seconds: float,
    seed: int = 1,
    workers: int = 4,
    log: Callable[[], str] | None = None,
    probes_alone: int = 20,
) -> dict[str, Any]:
    """Run the campaign against the server on ``port``; the counts (see the module's docstring).
    ``log``: the server's stderr so far, searched for tracebacks."""
    count = min(count, MAX_COUNT)
    seconds = min(seconds, MAX_SECONDS)
    probe = Probe(port)
    probe.once()  # lists loaded
    alone = [probe.once() for _ in range(probes_alone)]
    ids = {
        "game": request_json(port, "POST", "/api/play", {"no_stats": True})["id"],
        "assistant": request_json(port, "POST", "/api/assist", {"strategy": "entropy"})["id"],
        "bench": request_json(port, "POST", "/api/bench", {"length": 4})["id"],
        "progress": request_json(port, "POST", "/api/progress", {})["id"],
    }
    request_json(port, "POST", f"/api/bench/{ids['bench']}/stop", {})
    rng = random.Random(seed)
    cases = [Fuzzer(port, random.Random(rng.getrandbits(64)), ids) for _ in range(workers)]
    lock = threading.Lock()
    results: list[tuple[str, str, dict[str, Any]]] = []
    issued = [0]
    deadline = time.monotonic() + seconds

    def worker(fuzzer: Fuzzer) -> None:
        while time.monotonic() < deadline:
            with lock:
                if issued[0] >= count:
                    return
                issued[0] += 1
            kind, raw = fuzzer.request()
            first = raw.split(b"\r\n", 1)[0][:80].decode("latin-1")
            got = exchange(port, raw)
            with lock:
                results.append((kind, first, got))

    stop = threading.Event()
    probe.times = []
    probe_thread = threading.Thread(target=probe.run, args=(stop,))
    threads = [threading.Thread(target=worker, args=(f,)) for f in cases]
    started = time.monotonic()
    probe_thread.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 2 * REQUEST_TIMEOUT)
    stop.set()
    probe_thread.join(2 * REQUEST_TIMEOUT)
    elapsed = time.monotonic() - started

    statuses: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    routes: Counter[str] = Counter()
    server_errors, plain, closed, hangs = [], [], [], []
    for kind, first, got in results:
        by_kind[kind] += 1
        parts = first.split(" ")
        routes[parts[1].split("?")[0][:60] if len(parts) > 1 else "?"] += 1
        status = got["status"]
        statuses[str(status)] += 1
        if status is None:
            closed.append(first)
        elif status >= 500 and status != 503:
            server_errors.append((first, status))
        head_only = first.startswith("HEAD ") and got.get("type", "").startswith("application/json")
        if status is not None and status >= 400 and not (got.get("json") or head_only):
            plain.append((first, status, got.get("type")))
        if got.get("hang"):
            hangs.append(first)
    text = log() if log is not None else ""
    tracebacks = text.count("Traceback")
    # Each traceback's last line (the exception), as an example.
    raised = re.findall(r"Traceback \(most recent call last\):\n(?:[ \t].*\n)*(.*)", text)
    extra = max(probe.times, default=0.0) - max(alone)
    return {
        "requests": len(results),
        "seconds": round(elapsed, 1),
        "workers": workers,
        "seed": seed,
        "by_kind": dict(sorted(by_kind.items())),
        "by_route": dict(sorted(routes.items())),
        "statuses": dict(sorted(statuses.items())),
        "http_500": len(server_errors),
        "http_500_examples": server_errors[:5],
        "plain_text_refusals": len(plain),
        "plain_text_examples": plain[:5],
        "closed_without_answer": len(closed),
        "closed_examples": sorted(set(closed))[:5],
        "hangs": len(hangs),
        "hang_examples": sorted(set(hangs))[:5],
        "tracebacks": tracebacks,
        "traceback_examples": sorted(set(raised))[:5],
        "probe_alone": _stats(alone),
        "probe_during": _stats(probe.times),
        "probe_worst_extra_wait_s": round(extra, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--out", type=Path, default=RESULTS / "fuzz_web.json")
    args = parser.parse_args()
    if not 0 < args.count <= MAX_COUNT or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--count 1..{MAX_COUNT}, --seconds up to {MAX_SECONDS:g}")
    if not 1 <= args.workers <= 16:
        parser.error("--workers 1..16")
    load_before = [round(x, 2) for x in os.getloadavg()]
    with served("wordlelab-fuzz-") as server:
        out = campaign(
            server.port, args.count, args.seconds, args.seed, args.workers, log=server.log_text
        )
    result = {
        "command": "PYTHONPATH=src python benchmarks/fuzz_web.py " + " ".join(sys.argv[1:]),
        "commit": commit(),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "load": {"before": load_before, "after": [round(x, 2) for x in os.getloadavg()]},
        "goal": "0 tracebacks, 0 HTTP 500, 0 plain-text refusals, the probe <= 1 s slower",
        **out,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps(result, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
