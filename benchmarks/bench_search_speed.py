"""The exact search's speed against another checkout's, side by side: CPU seconds and work.

    python benchmarks/bench_search_speed.py --base /path/to/other/checkout/src
        [--this NAME=SRC ...] [--rows nyt:tarse,nyt:adieu,original:salet:hard] [--repeat 3]
        [--compile] [--result search_speed]

Each row (lists:opener[:hard]) values every group of the opener with five guesses left, on one
thread with a fresh memo, in a process of its own per tree and repeat; the trees alternate within
each repeat so that a shared machine's load falls on both alike. A tree's CPU seconds are the
median of the repeats; a ratio is a tree's over the base's. The work, nodes and totals must
be the same in every tree (the script stops otherwise): the search does the same thing, only the
code differs. ``--compile`` also times the first search in a fresh numba cache (compile time).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _util

HERE = Path(__file__).resolve()
THIS_SRC = HERE.parent.parent / "src"


def worker(rows: list[str], compile_only: bool) -> dict[str, object]:
    """Run in a child process whose sys.path holds one tree's src (set by the parent)."""
    import numpy as np

    from wordlelab.exact.kernels import search as K
    from wordlelab.exact.optimal import Engine, Solver
    from wordlelab.game.lists import load_lists

    out: dict[str, object] = {}
    for row in rows:
        lists, opener, *mode = row.split(":")
        m = load_lists(lists=lists).matrix()
        e = Engine(m, mode == ["hard"], 6, 256)
        root = np.arange(len(m.answers), dtype=np.int64)
        g = m.guesses.index(opener)
        parts = [
            (sub, e.rule_after(e.empty_rule, g, p)) for p, sub in e.groups(root, g) if p != e.win
        ]
        t = time.process_time()
        Solver(e).value(parts[-1][0], 5, parts[-1][1])  # compiles or loads the kernels
        first = time.process_time() - t
        if compile_only:
            return {"first_search_cpu_s": round(first, 2)}
        s = Solver(e)
        t = time.process_time()
        total = len(root) + sum(int(s.value(sub, 5, r)) for sub, r in parts)
        out[row] = {
            "cpu_s": round(time.process_time() - t, 3),
            "work": int(s.ctl[K.CTL_WORK]),
            "nodes": int(s.ctl[K.CTL_NODES]),
            "total": total,
        }
    return out


def run(src: Path, args: list[str], cache: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(src), NUMBA_CACHE_DIR=cache, NUMBA_NUM_THREADS="1")
    proc = subprocess.run(
        [sys.executable, str(HERE), "--worker", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if proc.returncode != 0:
        raise SystemExit(f"{src}: the worker failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", type=Path, help="the other checkout's src/ (required)")
    ap.add_argument(
        "--this",
        action="append",
        default=[],
        help="NAME=SRC: a tree to compare with the base (repeatable; default: this checkout)",
    )
    ap.add_argument("--rows", default="nyt:tarse,nyt:adieu,original:salet:hard")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--compile", action="store_true")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--compile-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    rows = args.rows.split(",")
    if args.worker:
        sys.path.insert(0, os.environ["PYTHONPATH"])
        print(json.dumps(worker(rows, args.compile_only)))
        return
    if args.base is None:
        raise SystemExit("--base: name the other checkout's src/ to compare with")
    trees = {"base": args.base.resolve()}
    for spec in args.this or [f"this={THIS_SRC}"]:
        name, _, path = spec.partition("=")
        if not path or name in trees:
            raise SystemExit(f"--this {spec!r}: give NAME=SRC, one name each")
        trees[name] = Path(path).resolve()

    caches = {k: tempfile.mkdtemp(prefix=f"numba-{k}-") for k in trees}
    for k, src in trees.items():  # fill each tree's cache before timing anything
        run(src, ["--rows", rows[-1], "--compile-only"], caches[k])
    runs: dict[str, list[dict]] = {k: [] for k in trees}
    compile_s: dict[str, list[float]] = {k: [] for k in trees}
    for _ in range(args.repeat):
        for k, src in trees.items():
            runs[k].append(run(src, ["--rows", args.rows], caches[k]))
        if args.compile:
            for k, src in trees.items():
                with tempfile.TemporaryDirectory(prefix="numba-fresh-") as fresh:
                    r = run(src, ["--rows", rows[-1], "--compile-only"], fresh)
                compile_s[k].append(r["first_search_cpu_s"])
        print(f"repeat done: {[r[-1] for r in runs.values()]}", file=sys.stderr, flush=True)

    result: dict[str, object] = {
        "trees": {k: {"src": str(v), "commit": _util.git_head(v)} for k, v in trees.items()},
        "repeat": args.repeat,
        "rows": {},
    }
    sums = dict.fromkeys(trees, 0.0)
    for row in rows:
        cells = {}
        for k in trees:
            got = [r[row] for r in runs[k]]
            cells[k] = {
                "median_cpu_s": round(statistics.median(x["cpu_s"] for x in got), 3),
                "cpu_s": [x["cpu_s"] for x in got],
                "work": got[0]["work"],
                "nodes": got[0]["nodes"],
                "total": got[0]["total"],
            }
            sums[k] += cells[k]["median_cpu_s"]
        same = {(c["work"], c["nodes"], c["total"]) for c in cells.values()}
        if len(same) != 1:
            raise SystemExit(f"{row}: the trees do not do the same search: {cells}")
        ratios = {
            k: round(cells[k]["median_cpu_s"] / cells["base"]["median_cpu_s"], 3)
            for k in trees
            if k != "base"
        }
        result["rows"][row] = {**cells, "ratio_to_base": ratios}  # type: ignore[index]
    result["ratio_to_base_all_rows"] = {
        k: round(sums[k] / sums["base"], 3) for k in trees if k != "base"
    }
    if args.compile:
        med = {k: statistics.median(v) for k, v in compile_s.items()}
        result["first_search_fresh_cache_cpu_s"] = {
            k: {"median": med[k], "runs": v} for k, v in compile_s.items()
        }
        result["compile_ratio_to_base"] = {
            k: round(med[k] / med["base"], 3) for k in trees if k != "base"
        }
    for c in caches.values():
        subprocess.run(["rm", "-rf", c], check=False)
    _util.emit("search_speed", result)


if __name__ == "__main__":
    main()
