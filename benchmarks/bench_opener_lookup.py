"""How long `wordlelab openers --exact --opener ADIEU --opener CRANE` takes on the installed package.

    python benchmarks/bench_opener_lookup.py [--repeat 9]

Runs the installed ``wordlelab`` script (the one next to this Python) in a fresh process, as a
user would, for the lookups below; records the median and maximum wall-clock seconds, the median
CPU seconds (user + system of the child: what the command costs without the machine's queue),
and the load. Writes ``benchmarks/results/opener_lookup.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from _util import commit

HERE = Path(__file__).resolve().parent
CASES: dict[str, list[str] | None] = {
    # The floor: an empty Python process, started the same way (the machine's queue, not wordlelab).
    "baseline: python -c pass": None,
    "nyt normal": ["--opener", "ADIEU", "--opener", "CRANE"],
    "nyt normal --json": ["--opener", "ADIEU", "--opener", "CRANE", "--json"],
    "nyt hard": ["--opener", "ADIEU", "--opener", "CRANE", "--hard"],
    "original normal": ["--opener", "SALET", "--opener", "CRANE", "--lists", "original"],
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--out", default=str(HERE / "results" / "opener_lookup.json"))
    args = ap.parse_args()
    exe = shutil.which("wordlelab", path=str(Path(sys.executable).parent)) or shutil.which(
        "wordlelab"
    )
    if exe is None:
        sys.exit("no installed wordlelab script found (pip install -e .)")
    env = {k: v for k, v in os.environ.items() if k != "WORDLELAB_LISTS"}
    result: dict[str, object] = {
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]),
        "commit": commit(),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "executable": exe,
        "cpus": os.cpu_count(),
        "load_start": [round(x, 2) for x in os.getloadavg()],
        "cases": {},
    }
    cases: dict[str, object] = result["cases"]  # type: ignore[assignment]
    for name, extra in CASES.items():
        walls, cpus = [], []
        for _ in range(args.repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            argv = (
                [sys.executable, "-c", "pass"]
                if extra is None
                else [exe, "openers", "--exact", *extra]
            )
            p = subprocess.run(argv, capture_output=True, text=True, env=env)
            walls.append(time.perf_counter() - t)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
            if p.returncode != 0:
                sys.exit(f"{name}: exit {p.returncode}: {p.stderr.strip()}")
        cases[name] = {
            "args": argv[1:] if extra is None else argv[1:],
            "runs": args.repeat,
            "median_s": round(statistics.median(walls), 3),
            "max_s": round(max(walls), 3),
            "min_s": round(min(walls), 3),
            "median_cpu_s": round(statistics.median(cpus), 3),
            "output_first_line": p.stdout.splitlines()[0] if p.stdout else "",
        }
        print(name, cases[name], flush=True)
    result["load_end"] = [round(x, 2) for x in os.getloadavg()]
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
