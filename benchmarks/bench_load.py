"""Load on the real web server: bounded concurrent clients on 127.0.0.1, latency per route, memory.

Starts ``wordlelab serve`` (the real uvicorn server, as a user runs it) on a free loopback port,
with a throw-away data folder, then runs two phases of ``--seconds`` each:

- baseline: ``--players`` clients each playing games (new game, two guesses) back to back, and
  ``--assistants`` clients each starting an assistant and playing its suggestion;
- loaded: the same while ``--analyses`` clients each post exact analyses back to back
  (a refused one, 503, waits ``--retry`` seconds and posts again);
- hostile (with ``--hostile N``): the loaded phase plus N hostile clients, each a new client (a
  new connection and cookie) every request, sending in turn the worst bodies known (unclosed
  quotes, deep nesting, UTF-16, 64 KB and more; benchmarks/fuzz_web.py), assistant resumes of a
  guess and eight skips, heads past the limit and GET bodies, back to back.

Reports throughput, p50/p99/max per route and status counts per phase, the server's resident
memory (sampled, and its high-water mark) and the load average; writes benchmarks/results/load.json.
Goal (issue 25): a plain play request stays under 0.2 s p99 while 20 analyses run; with hostile
clients too (issue 49), and the analyses still answered.

With ``--memory``: the server's memory as clients ask for every language and length (issue
49). One ``/api/assist`` for each language (English, Russian) and word length (4 to 11) in
turn, each from a new client, and the server's resident memory after each. The assistants stay
open (their sessions hold their matrices), as the 16 requests of the issue did, which took a
server from 114 MB to 1,235 MB for good. Writes benchmarks/results/web_memory.json: each
request's status and the memory after it, and the budget the server ran with (``--budget``:
WORDLELAB_WEB_MATRICES).

    PYTHONPATH=src python benchmarks/bench_load.py [--analyses 20] [--players 2] [--seconds 20]
        [--hostile 4 --out benchmarks/results/load_hostile.json]
    PYTHONPATH=src python benchmarks/bench_load.py --memory [--budget 384M]
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import json
import os
import random
import statistics
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from _util import commit, machine, rss_mb, served
from fuzz_web import exchange, worst_bodies

RESULTS = Path(__file__).resolve().parent / "results"
MAX_CLIENTS = 64
MAX_SECONDS = 120.0


class Client:
    """One keep-alive connection with its own cookie, as one browser tab."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.cookie: str | None = None

    def call(
        self, method: str, path: str, body: dict[str, Any] | None = None
    ) -> tuple[int, dict[str, Any], dict[str, str]]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = json.dumps(body).encode() if body is not None else None
        for attempt in (0, 1):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                resp = self.conn.getresponse()
                raw = resp.read()
                break
            except (
                http.client.HTTPException,
                OSError,
            ):  # an idle connection the server closed: reconnect once
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
                if attempt:
                    raise
        cookie = resp.getheader("set-cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        headers = {k.lower(): v for k, v in resp.getheaders()}
        is_json = headers.get("content-type", "").startswith("application/json")
        return resp.status, json.loads(raw) if is_json else {}, headers


class Recorder:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.statuses: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))

    def timed(
        self, route: str, client: Client, method: str, path: str, body: dict[str, Any] | None = None
    ) -> Any:
        t = time.perf_counter()
        status, data, headers = client.call(method, path, body)
        elapsed = time.perf_counter() - t
        with self.lock:
            if status < 400:
                self.times[route].append(elapsed)
            self.statuses[route][status] += 1
        return status, data, headers

    def summary(self, seconds: float) -> dict[str, Any]:
        routes = {}
        for route in sorted(set(self.times) | set(self.statuses)):
            ts = sorted(self.times.get(route, []))
            row: dict[str, Any] = {
                "ok": len(ts),
                "statuses": {str(k): v for k, v in sorted(self.statuses[route].items())},
            }
            if ts:
                row.update(
                    p50_s=round(statistics.median(ts), 4),
                    p99_s=round(ts[min(len(ts) - 1, int(0.99 * len(ts)))], 4),
                    max_s=round(ts[-1], 4),
                    throughput_per_s=round(len(ts) / seconds, 2),
                )
            routes[route] = row
        total = sum(sum(s.values()) for s in self.statuses.values())
        return {
            "seconds": round(seconds, 1),
            "requests": total,
            "throughput_per_s": round(total / seconds, 2),
            "routes": routes,
        }


def player(
    port: int, rec: Recorder, stop: threading.Event, answers: list[str], rng: random.Random
) -> None:
    c = Client(port)
    c.call("GET", "/")  # as a browser: the page first, and its cookie
    while not stop.is_set():
        seed = rng.randrange(10**6)
        status, game, _ = rec.timed(
            "play_new", c, "POST", "/api/play", {"seed": seed, "no_stats": True}
        )
        if status != 200:
            time.sleep(0.1)
            continue
        for word in ("crane", rng.choice(answers)):
            rec.timed("play_guess", c, "POST", f"/api/play/{game['id']}/guess", {"word": word})
        rec.timed("options", c, "GET", "/api/options")


def assistant(
    port: int, rec: Recorder, stop: threading.Event, answers: list[str], rng: random.Random
) -> None:
    from wordlelab.game.feedback import score

    c = Client(port)
    c.call("GET", "/")
    while not stop.is_set():
        status, state, _ = rec.timed(
            "assist_new", c, "POST", "/api/assist", {"strategy": "entropy"}
        )
        if status != 200:
            time.sleep(0.1)
            continue
        word, answer = state["suggestion"]["word"], rng.choice(answers)
        rec.timed(
            "assist_play",
            c,
            "POST",
            f"/api/assist/{state['id']}/play",
            {"word": word, "pattern": str(score(word, answer))},
        )


def analyst(
    port: int,
    rec: Recorder,
    stop: threading.Event,
    answers: list[str],
    rng: random.Random,
    retry: float,
) -> None:
    c = Client(port)
    c.call("GET", "/")
    while not stop.is_set():
        opener, answer = (
            rng.choice(["crane", "slate", "trace", "adieu", "roate"]),
            rng.choice(answers),
        )
        status, _, _ = rec.timed(
            "analyse", c, "POST", "/api/analyse", {"words": f"{opener} {answer}", "answer": answer}
        )
        if status == 503:
            stop.wait(retry)


# A guess and eight skips: the resume that held the exact search for a minute (issue 49).
RESUME = {
    "actions": [{"word": "tarse", "pattern": "....."}]
    + [
        {"skip": w}
        for w in ("guild", "godly", "build", "clomp", "dumpy", "gulch", "howdy", "lumpy")
    ]
}


def hostile(port: int, rec: Recorder, stop: threading.Event, rng: random.Random) -> None:
    """A new client every request (connection and cookie), the worst requests known in turn."""
    host = f"127.0.0.1:{port}"
    bodies = worst_bodies()

    def post(path: str, body: bytes, extra: str = "") -> bytes:
        cookie = f"wordlelab_client={rng.getrandbits(96):024x}"
        return (
            f"POST {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nCookie: {cookie}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n{extra}\r\n"
        ).encode() + body

    kinds: list[tuple[str, Any]] = [
        (
            "hostile_body",
            lambda: post(rng.choice(["/api/play", "/api/analyse"]), rng.choice(bodies)),
        ),
        ("hostile_resume", lambda: post("/api/assist/resume", json.dumps(RESUME).encode())),
        ("hostile_head", lambda: post("/api/play", b"{}", f"X-Filler: {'a' * 100_000}\r\n")),
        (
            "hostile_get_body",
            lambda: (
                (
                    f"GET /api/options HTTP/1.1\r\nHost: {host}\r\nContent-Length: 70000\r\n\r\n"
                ).encode()
                + b"x" * 70_000
            ),
        ),
    ]
    i = rng.randrange(len(kinds))
    while not stop.is_set():
        route, make = kinds[i % len(kinds)]
        i += 1
        t = time.perf_counter()
        got = exchange(port, make(), timeout=120)
        elapsed = time.perf_counter() - t
        status = got["status"] if got["status"] is not None else 0  # 0: closed, no answer
        with rec.lock:
            rec.times[route].append(elapsed)
            rec.statuses[route][status] += 1


def phase(
    port: int,
    players: int,
    assistants: int,
    analyses: int,
    seconds: float,
    answers: list[str],
    retry: float,
    pid: int,
    hostiles: int = 0,
) -> dict[str, Any]:
    rec = Recorder()
    stop = threading.Event()
    threads = [
        threading.Thread(
            target=analyst, args=(port, rec, stop, answers, random.Random(100 + i), retry)
        )
        for i in range(analyses)
    ]
    threads += [
        threading.Thread(target=player, args=(port, rec, stop, answers, random.Random(i)))
        for i in range(players)
    ]
    threads += [
        threading.Thread(target=assistant, args=(port, rec, stop, answers, random.Random(50 + i)))
        for i in range(assistants)
    ]
    threads += [
        threading.Thread(target=hostile, args=(port, rec, stop, random.Random(200 + i)))
        for i in range(hostiles)
    ]
    rss: list[float] = []
    started = time.monotonic()
    for t in threads:
        t.start()
    while time.monotonic() - started < seconds:
        rss.append(rss_mb(pid)["VmRSS"])
        time.sleep(0.5)
    window = time.monotonic() - started
    stop.set()
    for t in threads:  # requests in flight finish (and count) but the window is the phase's
        t.join(180)
    out = rec.summary(window)
    out["drain_seconds"] = round(time.monotonic() - started - window, 1)
    out["clients"] = {
        "players": players,
        "assistants": assistants,
        "analyses": analyses,
        "hostile": hostiles,
    }
    out["server_rss_mb"] = {"min": min(rss), "max": max(rss)}
    return out


def memory(args: argparse.Namespace) -> None:
    """The server's memory as clients ask for every language and length (web_memory.json)."""
    from wordlelab.config import DEFAULT_WEB_MATRICES

    args.out = args.out or RESULTS / "web_memory.json"
    env = {"WORDLELAB_WEB_MATRICES": args.budget} if args.budget else {}
    steps = []
    with served("wordlelab-memory-", env, src=args.src) as server:
        port = server.port
        start = rss_mb(server.pid)
        for i, (lang, length) in enumerate(
            (lang, length) for lang in ("en", "ru") for length in range(4, 12)
        ):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
            body = json.dumps({"lang": lang, "length": length, "strategy": "entropy", "top": 3})
            t = time.monotonic()
            conn.request(
                "POST",
                "/api/assist",
                body=body,
                headers={
                    "Content-Type": "application/json",
                    "Cookie": f"wordlelab_client=memory-client-{i:04d}",
                },
            )
            resp = conn.getresponse()
            answer = json.loads(resp.read())
            conn.close()
            steps.append(
                {
                    "lang": lang,
                    "length": length,
                    "status": resp.status,
                    "seconds": round(time.monotonic() - t, 2),
                    "error": answer.get("error"),
                    **{f"rss_mb_{k}": v for k, v in rss_mb(server.pid).items()},
                }
            )
            print(json.dumps(steps[-1]), flush=True)
        end = rss_mb(server.pid)
    result = {
        "command": "PYTHONPATH=src python benchmarks/bench_load.py " + " ".join(sys.argv[1:]),
        "commit": commit(),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "budget": args.budget or f"default ({DEFAULT_WEB_MATRICES // 2**20}M)",
        "rss_mb_start": start["VmRSS"],
        "rss_mb_end": end["VmRSS"],
        "rss_mb_high_water": end["VmHWM"],
        "answered": sum(s["status"] == 200 for s in steps),
        "refused_503": sum(s["status"] == 503 for s in steps),
        "steps": steps,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k != "steps"}, indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--analyses", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--assistants", type=int, default=0)
    parser.add_argument(
        "--hostile", type=int, default=0, help="hostile clients in a third phase (0: none)"
    )
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--retry", type=float, default=1.0, help="seconds a refused analysis waits")
    parser.add_argument("--out", type=Path, default=None, help="default: results/load.json")
    parser.add_argument("--memory", action="store_true", help="the memory walk instead")
    parser.add_argument(
        "--budget", default="", help="with --memory: WORDLELAB_WEB_MATRICES (default: its own)"
    )
    parser.add_argument(
        "--src",
        type=Path,
        default=Path(__file__).resolve().parent.parent / "src",
        help="the package source the server runs (another checkout's, to compare)",
    )
    args = parser.parse_args()
    if args.memory:
        memory(args)
        return
    args.out = args.out or RESULTS / "load.json"
    clients = args.analyses + args.players + args.assistants + args.hostile
    if not 0 <= clients <= MAX_CLIENTS or args.players < 1 or min(args.hostile, args.analyses) < 0:
        parser.error(f"at least 1 player and at most {MAX_CLIENTS} clients in all")
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds between 0 and {MAX_SECONDS:g}")

    from wordlelab.game.lists import load_lists

    answers = list(load_lists(5, "en").answers)
    load_before = [round(x, 2) for x in os.getloadavg()]
    with served("wordlelab-load-", src=args.src) as server:
        port = server.port
        warm = Client(port)
        for _ in range(100):
            try:
                warm.call("GET", "/api/options")
                break
            except OSError:
                time.sleep(0.1)
        # Lists loaded and kernels compiled before any figure is taken.
        warm.call("POST", "/api/analyse", {"words": "crane octet", "answer": "octet"})
        warm.call("POST", "/api/play", {"no_stats": True})
        warm.call("POST", "/api/assist", {})
        rss_start = rss_mb(server.pid)

        def run(analyses: int, hostiles: int = 0) -> dict[str, Any]:
            return phase(
                port,
                args.players,
                args.assistants,
                analyses,
                args.seconds,
                answers,
                args.retry,
                server.pid,
                hostiles,
            )

        baseline = run(0)
        loaded = run(args.analyses)
        hostile_phase = run(args.analyses, args.hostile) if args.hostile else None
        rss_end = rss_mb(server.pid)
    play = [loaded["routes"].get(r, {}).get("p99_s") for r in ("play_new", "play_guess")]
    result = {
        "command": "PYTHONPATH=src python benchmarks/bench_load.py " + " ".join(sys.argv[1:]),
        "commit": commit(),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "server_src": str(args.src),
        "load": {"before": load_before, "after": [round(x, 2) for x in os.getloadavg()]},
        "server": {
            "rss_mb_after_warm_up": rss_start["VmRSS"],
            "rss_mb_end": rss_end["VmRSS"],
            "rss_mb_high_water": rss_end["VmHWM"],
        },
        "goal": "play p99 < 0.2 s while the analyses run",
        "play_p99_s_loaded": max((p for p in play if p is not None), default=None),
        "baseline": baseline,
        "loaded": loaded,
    }
    if hostile_phase is not None:
        routes = hostile_phase["routes"]
        play = [routes.get(r, {}).get("p99_s") for r in ("play_new", "play_guess")]
        result["goal"] = "play p99 < 0.2 s while the analyses and hostile clients run"
        result["play_p99_s_hostile"] = max((p for p in play if p is not None), default=None)
        result["analyses_answered"] = {
            "loaded": loaded["routes"].get("analyse", {}).get("ok", 0),
            "hostile": routes.get("analyse", {}).get("ok", 0),
        }
        result["hostile"] = hostile_phase
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
