"""This checkout against another one: the same commands, whole processes, alternating (JSON).

    python benchmarks/bench_versions.py --before-src OTHER_CHECKOUT [--repeat 3] [--rows ...]

Each row is one ``wordlelab`` command a user runs: the exact search (``optimal`` after an
opener), a review (``analyse`` of a game whose opener has no shipped tree, the opener's proof off)
and the assistant's first suggestion (``assist`` answering ``quit``). Both checkouts run it as a
fresh process, taking turns at each place in the running order, after one untimed run each (so
both numba caches are warm); the figures are the medians and the ratio this/other. The other
checkout runs with its own virtual environment when it has one (OTHER_CHECKOUT/.venv), else with
this interpreter and PYTHONPATH=OTHER_CHECKOUT/src. Whether both printed the same is recorded
too. Writes benchmarks/results/versions.json.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import _util

# name -> (what it measures, the command's arguments, its standard input)
ROWS: dict[str, tuple[str, list[str], str]] = {
    "optimal-salet": (
        "exact search: SALET proven, original lists",
        ["optimal", "--lists", "original", "--opener", "salet", "--json"],
        "",
    ),
    "optimal-salet-hard": (
        "exact search: SALET proven, original lists, hard mode",
        ["optimal", "--lists", "original", "--opener", "salet", "--hard", "--json"],
        "",
    ),
    "optimal-adieu-nyt": (
        "exact search: ADIEU proven, NYT lists",
        ["optimal", "--opener", "adieu", "--json"],
        "",
    ),
    "analyse": (
        "review: KEEVE DUPED MOPEY PACER TAPER, NYT lists (its opener has no shipped tree)",
        ["analyse", "--played", "keeve,duped,mopey,pacer,taper", "--answer", "taper", "--json"],
        "",
    ),
    "assist-first": (
        "assistant: start, first suggestion, quit (NYT lists)",
        ["assist"],
        "quit\n",
    ),
}


def run(python: str, env: dict[str, str], args: list[str], stdin: str) -> tuple[float, str]:
    """Wall seconds of one whole process, and a digest of what it printed."""
    t = time.perf_counter()
    p = subprocess.run(
        [python, "-m", "wordlelab", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    wall = time.perf_counter() - t
    if p.returncode != 0:
        raise SystemExit(f"wordlelab {' '.join(args)} failed ({p.returncode}): {p.stderr[-500:]}")
    return wall, hashlib.sha256(p.stdout.encode()).hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before-src", type=Path, required=True, help="the other checkout")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rows", default=",".join(ROWS), help="comma-separated: " + ", ".join(ROWS))
    args = ap.parse_args()
    rows = [r for r in args.rows.split(",") if r]
    if bad := [r for r in rows if r not in ROWS]:
        ap.error(f"unknown rows: {', '.join(bad)}")
    other = args.before_src.resolve()
    if not (other / "src" / "wordlelab").is_dir():
        ap.error(f"{other} is not a wordlelab checkout (no src/wordlelab)")
    # The proof of an opener's tree on first use would make a review a minute long.
    base = {**os.environ, "WORDLELAB_PROVE": "off"}
    base.pop("PYTHONPATH", None)
    venv = other / ".venv" / "bin" / "python"
    sides = {
        "this": (sys.executable, base),
        "before": (str(venv), base)
        if venv.exists()
        else (sys.executable, {**base, "PYTHONPATH": str(other / "src")}),
    }
    load_before = [round(x, 2) for x in os.getloadavg()]
    out: dict[str, object] = {}
    for name in rows:
        what, cmd, stdin = ROWS[name]
        printed = {side: run(py, env, cmd, stdin)[1] for side, (py, env) in sides.items()}
        times: dict[str, list[float]] = {side: [] for side in sides}
        order = list(sides)
        for rep in range(args.repeat):
            for side in order[rep % 2 :] + order[: rep % 2]:
                py, env = sides[side]
                times[side].append(round(run(py, env, cmd, stdin)[0], 3))
        med = {side: round(statistics.median(v), 3) for side, v in times.items()}
        out[name] = {
            "what": what,
            "command": "wordlelab " + " ".join(cmd),
            "times_s": times,
            "median_s": med,
            "this_over_before": round(med["this"] / med["before"], 3),
            "same_output": printed["this"] == printed["before"],
        }
        print(name, out[name]["median_s"], out[name]["this_over_before"], file=sys.stderr)
    _util.emit(
        "versions",
        {
            "before_src": str(other),
            "before_commit": _util.git_head(other),
            "before_python": sides["before"][0],
            "repeat": args.repeat,
            "load_before": load_before,
            "rows": out,
        },
    )


if __name__ == "__main__":
    main()
