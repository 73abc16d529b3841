"""What a ``wordlelab optimal`` process spends outside the search, whole processes, medians.

    python benchmarks/bench_startup.py [--repeat 7] [--full] [--cold] [--selby DIR] [--baseline OTHER/src]

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
* ``source_compile_s``: what compiling those of our modules costs, paid by every run when
  there are no .pyc files and none may be written (PYTHONDONTWRITEBYTECODE=1 in this session's
  environment). The timed runs read .pyc files: they are written first with compileall.
* ``--cold``: the first-ever run: the same short run with an empty numba cache (the kernels are
  compiled and cached), and with both the numba cache and the matrix cache empty.

``--baseline OTHER/src`` times another source tree (e.g. ``git archive`` of an older commit) in
alternation with this one and adds the ratios; every figure comes with its CPU time (user +
system of the child), steadier than wall time on a shared machine.
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

import _util  # noqa: F401  (puts src/ on the path)

SRC = Path(__file__).resolve().parent.parent / "src"

# name -> (list arguments, mode arguments, opener, a position that leaves 3 answers)
ROWS: dict[str, tuple[list[str], list[str], str, str]] = {
    "salet-normal-files": (
        ["--words", "{selby}/wordlist_orig_all", "--answers", "{selby}/wordlist_orig_hidden"],
        [],
        "salet",
        "salet:yy.yg",
    ),
    "salet-normal-lists": (["--lists", "original"], [], "salet", "salet:yy.yg"),
    "salet-hard-files": (
        ["--words", "{selby}/wordlist_orig_all", "--answers", "{selby}/wordlist_orig_hidden"],
        ["--hard"],
        "salet",
        "salet:yy.yg",
    ),
    "tarse-normal-nyt": (
        [
            "--words",
            "{selby}/wordlist_nyt20220830_all",
            "--answers",
            "{selby}/wordlist_nyt20230701_hidden",
        ],
        [],
        "tarse",
        "tarse:g.yg.",
    ),
}


# Seconds to compile (source to bytecode) the wordlelab modules `wordlelab optimal` loads: what each
# run pays on top when no .pyc can be read or written.
_COMPILE_COST = """
import json, sys, time
sys.argv = ["wordlelab", "optimal", "--help"]
from wordlelab.cli.main import cli
cli.get_command(None, "optimal")
import wordlelab.exact.optimal, wordlelab.game.notation
files = [m.__file__ for n, m in list(sys.modules.items()) if n.startswith("wordlelab") and getattr(m, "__file__", None)]
t = time.perf_counter()
for f in files:
    compile(open(f, encoding="utf-8").read(), f, "exec")
print(json.dumps({"modules": len(files), "seconds": round(time.perf_counter() - t, 4)}))
"""


def run(args: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """Wall seconds and CPU seconds (user + system) of one child process, and its stdout."""
    with tempfile.TemporaryFile("w+") as fo, tempfile.TemporaryFile("w+") as fe:
        t = time.perf_counter()
        p = subprocess.Popen(args, stdout=fo, stderr=fe, text=True, env=env)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
        fo.seek(0)
        fe.seek(0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"{' '.join(args)} failed: {fe.read().strip()[-500:]}")
        return wall, usage.ru_utime + usage.ru_stime, fo.read()


def summary(walls: list[float], cpus: list[float]) -> dict[str, float | int]:
    return {
        "median_s": round(statistics.median(walls), 4),
        "min_s": round(min(walls), 4),
        "cpu_median_s": round(statistics.median(cpus), 4),
        "runs": len(walls),
    }


def child_env(src: Path) -> dict[str, str]:
    path = os.pathsep.join(p for p in (str(src), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--full", action="store_true", help="also the real rows (the whole search)")
    ap.add_argument("--full-repeat", type=int, default=3)
    ap.add_argument(
        "--full-rows",
        default="salet-normal-files,salet-hard-files",
        help="rows for --full (the NYT row's search is minutes today)",
    )
    ap.add_argument(
        "--cold", action="store_true", help="also the first-ever run (empty numba cache)"
    )
    ap.add_argument("--rows", default=",".join(ROWS))
    ap.add_argument("--selby", type=Path, default=Path("/tmp/selby"))
    ap.add_argument(
        "--src",
        type=Path,
        default=SRC,
        help="the wordlelab sources to time (default: this checkout's)",
    )
    ap.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="another wordlelab src folder (e.g. an older commit's) timed in alternation with --src",
    )
    args = ap.parse_args()

    py = sys.executable
    trees = {"this": args.src.resolve()}
    if args.baseline is not None:
        trees["baseline"] = args.baseline.resolve()
    envs = {v: child_env(src) for v, src in trees.items()}
    for src in trees.values():
        # An installed package has its .pyc files; PYTHONDONTWRITEBYTECODE=1 (set in some
        # environments) would leave the sources to be compiled by every run. Compile them once
        # (into __pycache__, as pip does); source_compile_s says what that saves each run.
        subprocess.run(
            [py, "-m", "compileall", "-q", str(src / "wordlelab")], check=True, capture_output=True
        )
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

    cmds = {
        "python": [py, "-c", "pass"],
        "import_wordlelab": [py, "-c", "import wordlelab"],
        "optimal_help": [*wordlelab, "optimal", "--help"],
        **{
            f"to_first_node/{name}": [
                *wordlelab,
                "optimal",
                "--json",
                *lists,
                *mode,
                "--position",
                position,
            ]
            for name, (lists, mode, _, position) in rows.items()
        },
    }
    # Warm the caches (matrix, numba) once per tree, untimed.
    for v in trees:
        for k, cmd in cmds.items():
            if k.startswith("to_first_node/"):
                run(cmd, envs[v])
    load_before = os.getloadavg()
    walls: dict[str, dict[str, list[float]]] = {v: {k: [] for k in cmds} for v in trees}
    cpus: dict[str, dict[str, list[float]]] = {v: {k: [] for k in cmds} for v in trees}
    for _ in range(args.repeat):
        for k, cmd in cmds.items():
            for v in trees:  # A B A B: the load hits both alike
                wall, cpu, _ = run(cmd, envs[v])
                walls[v][k].append(wall)
                cpus[v][k].append(cpu)
    out: dict[str, object] = {
        "cpus": os.cpu_count(),
        "python": sys.version.split()[0],
        "repeat": args.repeat,
        "load_before": [round(x, 2) for x in load_before],
    }
    for v, src in trees.items():
        figures: dict[str, object] = {
            "src": str(src),
            "source_compile_s": json.loads(run([py, "-c", _COMPILE_COST], envs[v])[2]),
        }
        for k in cmds:
            head, _, name = k.partition("/")
            target = figures.setdefault(head, {}) if name else figures
            target[name or k] = summary(walls[v][k], cpus[v][k])  # type: ignore[index]
        out[v] = figures
    if "baseline" in trees:
        out["ratio_this_to_baseline"] = {
            k: {
                "wall": round(
                    statistics.median(walls["this"][k]) / statistics.median(walls["baseline"][k]), 3
                ),
                "cpu": round(
                    statistics.median(cpus["this"][k]) / statistics.median(cpus["baseline"][k]), 3
                ),
            }
            for k in cmds
        }
    if skipped:
        out["skipped"] = skipped

    if args.full:
        wanted = [r.strip() for r in args.full_rows.split(",") if r.strip() in rows]
        full: dict[str, dict[str, dict[str, list[float]]]] = {
            v: {k: {"wall": [], "search": [], "total": []} for k in wanted} for v in trees
        }
        for _ in range(args.full_repeat):
            for name in wanted:
                lists, mode, opener, _ = rows[name]
                for v in trees:
                    wall, _, stdout = run(
                        [*wordlelab, "optimal", "--json", *lists, *mode, "--opener", opener],
                        envs[v],
                    )
                    full[v][name]["wall"].append(wall)
                    result = json.loads(stdout)
                    full[v][name]["search"].append(result["seconds"])
                    full[v][name]["total"].append(result["total"])
        out["full"] = {
            v: {
                name: {
                    "wall_median_s": round(statistics.median(f["wall"]), 3),
                    "search_median_s": round(statistics.median(f["search"]), 3),
                    "outside_search_median_s": round(
                        statistics.median([w - s for w, s in zip(f["wall"], f["search"])]), 3
                    ),
                    "totals": sorted(set(f["total"])),
                    "runs": len(f["wall"]),
                }
                for name, f in per.items()
            }
            for v, per in full.items()
        }

    if args.cold:
        name = next(k for k in cmds if k.startswith("to_first_node/"))
        cold: dict[str, object] = {"row": name.partition("/")[2]}
        for v in trees:
            with tempfile.TemporaryDirectory() as tmp:
                cold[v] = {
                    "numba_cache_empty_s": round(
                        run(cmds[name], {**envs[v], "NUMBA_CACHE_DIR": f"{tmp}/n1"})[0], 3
                    ),
                    "numba_and_matrix_cache_empty_s": round(
                        run(
                            cmds[name],
                            {
                                **envs[v],
                                "NUMBA_CACHE_DIR": f"{tmp}/n2",
                                "WORDLELAB_CACHE_DIR": f"{tmp}/cache",
                            },
                        )[0],
                        3,
                    ),
                }
        out["first_ever_run"] = cold

    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    _util.emit("startup", out)


if __name__ == "__main__":
    main()
