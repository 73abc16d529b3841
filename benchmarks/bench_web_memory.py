"""The web server's memory as clients ask for every language and length (issue 49).

Starts ``wordlelab serve`` on a free loopback port with a throw-away data folder, then posts one
``/api/assist`` for each language (English, Russian) and word length (4 to 11) in turn, each from
a new client, and reads the server's resident memory after each. The assistants stay open (their
sessions hold their matrices), as the 16 requests of the issue did, which took a server from
114 MB to 1,235 MB for good. Writes benchmarks/results/web_memory.json: each request's status and
the memory after it, and the budget the server ran with (``--budget``: WORDLELAB_WEB_MATRICES).

    PYTHONPATH=src python benchmarks/bench_web_memory.py [--budget 384M]
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _util import commit, machine

from wordlelab.config import DEFAULT_WEB_MATRICES

RESULTS = Path(__file__).resolve().parent / "results"


def rss_mb(pid: int) -> dict[str, float]:
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = round(int(value.split()[0]) / 1024, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", default="", help="WORDLELAB_WEB_MATRICES (default: its own)")
    parser.add_argument("--out", type=Path, default=RESULTS / "web_memory.json")
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="wordlelab-memory-")
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "WORDLELAB_DATA_DIR": data}
    if args.budget:
        env["WORDLELAB_WEB_MATRICES"] = args.budget
    server = subprocess.Popen(
        [sys.executable, "-m", "wordlelab", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    steps = []
    try:
        line = server.stdout.readline() if server.stdout else ""
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            raise SystemExit(f"the server did not start: {line!r}")
        port = int(m.group(1))
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
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
    result = {
        "command": "PYTHONPATH=src python benchmarks/bench_web_memory.py " + " ".join(sys.argv[1:]),
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


if __name__ == "__main__":
    main()
