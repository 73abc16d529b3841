"""What a ``wordlelab optimal`` process spends outside the search, whole processes, medians.

    python benchmarks/bench_startup.py [--repeat 7] [--full] [--cold] [--selby DIR]

The exact-search rows are compared with the C++ solver as whole processes, so start-up counts.
Measured here, each as the wall time of a fresh child process (this checkout's ``src`` first on
PYTHONPATH, the numba and matrix caches warm unless said otherwise), in alternation so the
machine's load hits every variant alike:

* ``python``: ``python -c pass``, the interpreter alone (the floor);
* ``import_wordlelab``: ``python -c "import wordlelab"``;
* ``optimal_help``: ``wordlelab optimal --help``: the CLI and the optimal command loaded;
* per row, ``to_first_node``: the whole ``wordlelab optimal --json`` process on that row's lists
  and mode, from a position that leaves 3 answers (``salet:yy.yg``, ``tarse:g.yg.``). It does all
  the fixed work of a real run (imports, lists, matrix from the cache, engine, bounds, the search
  kernel loaded from numba's cache, the tree and the JSON) while the search itself is a handful
  of nodes (microseconds): so it is the time to the first search node, plus a 3-answer tree.
  Only costs that grow with the root set (the first-level bounds over every answer, the 2315-
  answer tree and its JSON) are not in it; ``--full`` measures those.
* ``--full``: the real rows (``--full-rows``) (``--opener``): wall time, the search's own ``seconds`` from the JSON,
  and the difference (everything outside the search, as the program reports it).
* ``--cold``: the first-ever run: the same short run with an empty numba cache (the kernels are
  compiled and cached), and with both the numba cache and the matrix cache empty.

``--selby DIR`` is where the C++ checkout's word files are (default /tmp/selby); rows whose
files are missing are skipped (the ``--lists original`` row needs none).
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

SRC = Path(__file__).resolve().parent.parent / "src"

# name -> (list arguments, mode arguments, opener, a position that leaves 3 answers)
ROWS: dict[str, tuple[list[str], list[str], str, str]] = {
    "salet-normal-files": (["--words", "{selby}/wordlist_orig_all", "--answers", "{selby}/wordlist_orig_hidden"],
                           [], "salet", "salet:yy.yg"),
    "salet-normal-lists": (["--lists", "original"], [], "salet", "salet:yy.yg"),
    "salet-hard-files": (["--words", "{selby}/wordlist_orig_all", "--answers", "{selby}/wordlist_orig_hidden"],
                         ["--hard"], "salet", "salet:yy.yg"),
    "tarse-normal-nyt": (["--words", "{selby}/wordlist_nyt20220830_all",
                          "--answers", "{selby}/wordlist_nyt20230701_hidden"], [], "tarse", "tarse:g.yg."),
}


def run(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    """Wall seconds of one child process and its stdout (SystemExit when it fails)."""
    t = time.perf_counter()
    p = subprocess.run(args, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({p.returncode}): {p.stderr.strip()[-500:]}")
    return wall, p.stdout


def summary(times: list[float]) -> dict[str, float | int]:
    return {"median_s": round(statistics.median(times), 4), "min_s": round(min(times), 4), "runs": len(times)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--full", action="store_true", help="also the real rows (the whole search)")
    ap.add_argument("--full-repeat", type=int, default=3)
    ap.add_argument("--full-rows", default="salet-normal-files,salet-hard-files",
                    help="rows for --full (the NYT row's search is minutes today)")
    ap.add_argument("--cold", action="store_true", help="also the first-ever run (empty numba cache)")
    ap.add_argument("--rows", default=",".join(ROWS))
    ap.add_argument("--selby", type=Path, default=Path("/tmp/selby"))
    args = ap.parse_args()

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]).rstrip(
        os.pathsep)}
    py = sys.executable
    wordlelab = [py, "-m", "wordlelab"]
    rows = {}
    skipped = {}
    for name in (r.strip() for r in args.rows.split(",") if r.strip()):
        lists, mode, opener, position = ROWS[name]
        lists = [a.format(selby=args.selby) for a in lists]
        missing = [a for a in lists if "/" in a and not Path(a).is_file()]
        if missing:
            skipped[name] = f"missing {', '.join(missing)}"
            continue
        rows[name] = (lists, mode, opener, position)

    base = {
        "python": [py, "-c", "pass"],
        "import_wordlelab": [py, "-c", "import wordlelab"],
        "optimal_help": [*wordlelab, "optimal", "--help"],
    }
    short = {name: [*wordlelab, "optimal", "--json", *lists, *mode, "--position", position]
             for name, (lists, mode, _, position) in rows.items()}
    # Warm the caches (matrix, numba) once, untimed.
    for cmd in short.values():
        run(cmd, env)
    load_before = os.getloadavg()
    times: dict[str, list[float]] = {k: [] for k in [*base, *short]}
    for _ in range(args.repeat):
        for k, cmd in [*base.items(), *short.items()]:
            times[k].append(run(cmd, env)[0])
    out: dict[str, object] = {
        "cpus": os.cpu_count(), "python": sys.version.split()[0], "repeat": args.repeat,
        "load_before": [round(x, 2) for x in load_before],
        **{k: summary(times[k]) for k in base},
        "to_first_node": {k: summary(times[k]) for k in short},
    }
    if skipped:
        out["skipped"] = skipped

    if args.full:
        wanted = [r.strip() for r in args.full_rows.split(",") if r.strip() in rows]
        full: dict[str, dict[str, list[float]]] = {k: {"wall": [], "search": []} for k in wanted}
        for _ in range(args.full_repeat):
            for name in wanted:
                lists, mode, opener, _ = rows[name]
                wall, stdout = run([*wordlelab, "optimal", "--json", *lists, *mode, "--opener", opener], env)
                full[name]["wall"].append(wall)
                full[name]["search"].append(json.loads(stdout)["seconds"])
        out["full"] = {
            name: {"wall_median_s": round(statistics.median(f["wall"]), 3),
                   "search_median_s": round(statistics.median(f["search"]), 3),
                   "outside_search_median_s": round(statistics.median(
                       [w - s for w, s in zip(f["wall"], f["search"])]), 3),
                   "runs": len(f["wall"])}
            for name, f in full.items()
        }

    if args.cold:
        name = next(iter(short))
        cold: dict[str, float] = {}
        with tempfile.TemporaryDirectory() as tmp:
            cold["numba_cache_empty_s"] = round(run(short[name], {**env, "NUMBA_CACHE_DIR": f"{tmp}/numba"})[0], 3)
            cold["numba_and_matrix_cache_empty_s"] = round(run(short[name], {
                **env, "NUMBA_CACHE_DIR": f"{tmp}/numba2", "WORDLELAB_CACHE_DIR": f"{tmp}/cache"})[0], 3)
        out["first_ever_run"] = {"row": name, **cold}

    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
