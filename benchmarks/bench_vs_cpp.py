"""wordlelab's exact search against Alex Selby's C++ solver (alex1770/wordle), whole processes.

    python benchmarks/bench_vs_cpp.py --cpp-src /path/to/wordle-checkout [--rows salet-normal] [--repeat 3] [--threads 1,2]
        [--before-src OTHER_WORDLELAB_CHECKOUT] [--out FILE]

Builds the C++ program with its own Makefile in a scratch copy, then runs both programs on each row
in alternation (A B A B ...) so the machine's load hits both alike, and prints JSON with per-run wall
times, medians, the ratio ours/C++ and peak memory (max RSS of each child). Both read the same word
files (the C++ checkout's), so the lists are pinned. Without --cpp-src it prints a note and skips.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# name -> (opener, hard, answers file, allowed file, expected total)
ROWS: dict[str, tuple[str, bool, str, str, int]] = {
    "salet-normal": ("salet", False, "wordlist_orig_hidden", "wordlist_orig_all", 7920),
    "salet-hard": ("salet", True, "wordlist_orig_hidden", "wordlist_orig_all", 8122),
    "tarse-normal-nyt": (
        "tarse",
        False,
        "wordlist_nyt20230701_hidden",
        "wordlist_nyt20220830_all",
        11219,
    ),
}


def run(
    cmd: list[str], cwd: str | None = None, env: dict | None = None
) -> tuple[float, float, str]:
    """Wall seconds, this child's own peak RSS in MB (os.wait4), and its stdout."""
    with tempfile.TemporaryFile("w+") as fo, tempfile.TemporaryFile("w+") as fe:
        t = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, stdout=fo, stderr=fe, text=True, env=env)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
        p.returncode = os.waitstatus_to_exitcode(status)
        fo.seek(0)
        fe.seek(0)
        if p.returncode != 0:
            raise SystemExit(f"{cmd[0]} failed ({p.returncode}): {fe.read().strip()[-500:]}")
        return wall, round(usage.ru_maxrss / 1024, 1), fo.read()


def build_cpp(src: Path, work: Path) -> Path:
    shutil.copytree(src, work / "selby", ignore=shutil.ignore_patterns(".git"))
    subprocess.run(["make", "-s", "wordle"], cwd=work / "selby", check=True, capture_output=True)
    return work / "selby"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--cpp-src", type=Path, default=None, help="a checkout of github alex1770/wordle"
    )
    ap.add_argument("--rows", default=",".join(ROWS), help="comma-separated: " + ", ".join(ROWS))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument(
        "--threads",
        default="",
        help="comma-separated thread counts for our search, each timed as its own column "
        "(e.g. 1,2); default: one run per repeat with every core",
    )
    ap.add_argument(
        "--before-src",
        type=Path,
        default=None,
        help="another wordlelab checkout whose src runs as extra 'before' columns (same threads)",
    )
    ap.add_argument("--out", type=Path, default=None, help="also write the JSON here")
    args = ap.parse_args()
    thread_counts = [int(t) for t in args.threads.split(",") if t.strip()] or [0]
    rows = [r.strip() for r in args.rows.split(",") if r.strip()]
    bad = [r for r in rows if r not in ROWS]
    if bad:
        raise SystemExit(f"unknown rows: {', '.join(bad)}")
    if args.cpp_src is None or not (args.cpp_src / "wordle.cpp").is_file():
        print(json.dumps({"skipped": "no C++ checkout given (--cpp-src DIR with wordle.cpp)"}))
        return
    wordlelab = shutil.which("wordlelab") or str(Path(sys.executable).parent / "wordlelab")
    import _util  # the commit and machine of the run

    out: dict[str, object] = {
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]),
        "commit": _util.commit(),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": _util.machine(),
        "cpus": os.cpu_count(),
        "repeat": args.repeat,
        "rows": {},
        "load_before": [round(x, 2) for x in os.getloadavg()],
    }
    with tempfile.TemporaryDirectory() as tmp:
        cdir = build_cpp(args.cpp_src, Path(tmp))
        for name in rows:
            opener, hard, ans, allowed, expected = ROWS[name]
            cpp = ["./wordle", "-w", opener, "-a", allowed, "-h", ans] + (["-H"] if hard else [])
            ours = [
                wordlelab,
                "optimal",
                "--opener",
                opener,
                "--json",
                "--words",
                str(cdir / allowed),
                "--answers",
                str(cdir / ans),
            ] + (["--hard"] if hard else [])
            cols = {
                ("ours" if t == 0 else f"ours_{t}t"): (
                    ours if t == 0 else ours + ["--threads", str(t)]
                )
                for t in thread_counts
            }
            envs: dict[str, dict | None] = {k: None for k in cols}
            if args.before_src is not None:
                for k in list(cols):
                    cols["before" + k[4:]] = [sys.executable, "-m", "wordlelab", *cols[k][1:]]
                    envs["before" + k[4:]] = dict(
                        os.environ, PYTHONPATH=str(args.before_src.resolve() / "src")
                    )
            times: dict[str, list[float]] = {k: [] for k in [*cols, "cpp"]}
            mem: dict[str, list[float]] = {k: [] for k in [*cols, "cpp"]}
            total = None
            # The columns take turns at each place in the running order: the process run right
            # after the C++ program took about 0.15 s longer, whichever it was (measured on one
            # build run as both columns), which a fixed order charged to one column.
            names = [*cols, "cpp"]
            for rep in range(args.repeat):
                shift = rep % len(names)
                for col in names[shift:] + names[:shift]:
                    if col == "cpp":
                        w, m, _ = run(cpp, cwd=str(cdir))
                    else:
                        w, m, stdout = run(cols[col], env=envs[col])
                        total = json.loads(stdout).get("total")
                    times[col].append(round(w, 3))
                    mem[col].append(m)
            med = {k: round(statistics.median(v), 3) for k, v in times.items()}
            out["rows"][name] = {  # type: ignore[index]
                "total": total,
                "expected": expected,
                "times_s": times,
                "median_s": med,
                "ratio_over_cpp": {k: round(med[k] / med["cpp"], 2) for k in cols},
                "peak_rss_mb": mem,
            }
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.before_src is not None:
        out["before_src"] = str(args.before_src)
    print(json.dumps(out, indent=2))
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
