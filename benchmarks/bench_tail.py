"""The exact search on the long tail of openers, against Alex Selby's C++ solver (alex1770/wordle).

    python benchmarks/bench_tail.py --cpp-src /path/to/wordle-checkout [--limit N] [--only adieu,..]
        [--threads 2] [--timeout 900] [--before-src OTHER_CHECKOUT] [--out benchmarks/results/tail.json]

The sample is fixed and seeded: 24 openers spread evenly over the ranks of the checkout's
published NYT normal-mode table (results_easy_nyt20230701, 14855 openers: one drawn at random
from each of 24 equal slices of the ranks) and 12 over the finite rows of its hard-mode table
(results_hard_nyt20230701), all on the NYT lists (14855 guesses, the 3158 answers of
wordlist_nyt20230701_hidden). They run in a fixed, seeded order (normal and hard mixed), so
``--limit N`` takes a representative first N; ``--only`` names openers (any row of the tables;
``word`` or ``word:hard``).

Each opener is solved by both programs as whole processes, one after the other and alternating
which goes first, so the machine's load hits both alike; with ``--before-src`` a second checkout
of wordlelab (its ``src``) runs too, as the "before" column of the same alternation. Every total
is checked against the published value. A process that runs past ``--timeout`` seconds is stopped
and its time counts as the timeout (a lower bound; the row says so). The JSON (printed and
written to ``--out``) holds per-opener times, each program's total, the total-time ratio, the
worst opener, the peak memory (max RSS of each child) and the load before and after each row.

``--cpp-cap R`` stops the C++ program at R times our wall time on the same row (ours then goes
first on every row): a sample whose C++ column would take hours still gives a ratio, an upper
bound where a C++ row was stopped (``ratio_ours_over_cpp_is_upper_bound``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from _util import git_head

ANSWERS = "wordlist_nyt20230701_hidden"
ALLOWED = "wordlist_nyt20220830_all"
TABLES = {False: "results_easy_nyt20230701", True: "results_hard_nyt20230701"}
SEED = 22
N_NORMAL = 24
N_HARD = 12


def table(src: Path, hard: bool) -> list[tuple[str, int]]:
    """(opener, published total) in the table's rank order; finite rows only."""
    rows = []
    for line in (src / TABLES[hard]).read_text().splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] != "Infinity":
            rows.append((parts[0], int(parts[2])))
    return rows


def sample(src: Path) -> list[dict]:
    """The fixed sample: one opener per equal slice of the ranks, in a seeded running order."""
    rng = np.random.default_rng(SEED)
    out = []
    for hard, k in ((False, N_NORMAL), (True, N_HARD)):
        rows = table(src, hard)
        edges = np.linspace(0, len(rows), k + 1).astype(int)
        for i in range(k):
            r = int(rng.integers(edges[i], edges[i + 1]))
            out.append(
                {
                    "opener": rows[r][0],
                    "hard": hard,
                    "rank": r + 1,
                    "of": len(rows),
                    "published": rows[r][1],
                }
            )
    order = rng.permutation(len(out))
    return [out[int(i)] for i in order]


def run(cmd: list[str], timeout: float, cwd: str | None = None, env: dict | None = None) -> dict:
    """Wall seconds, this child's peak RSS in MB (os.wait4), stdout; stopped after ``timeout``."""
    with tempfile.TemporaryFile("w+") as fo, tempfile.TemporaryFile("w+") as fe:
        t = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, stdout=fo, stderr=fe, text=True, env=env)
        timed_out = False
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - t > timeout:
                p.kill()
                _, status, usage = os.wait4(p.pid, 0)
                timed_out = True
                break
            time.sleep(0.05)
        wall = time.perf_counter() - t
        code = os.waitstatus_to_exitcode(status)
        fo.seek(0)
        fe.seek(0)
        error = None
        if code != 0 and not timed_out:
            # Recorded, not fatal: the row says so (a failed opener never counts as equal).
            error = fe.read().strip()[-500:] or f"exit code {code}"
        return {
            "error": error,
            "wall_s": round(wall, 2),
            "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),
            "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
            "timeout": timed_out,
            "stdout": fo.read(),
        }


def build_cpp(src: Path, work: Path) -> Path:
    dst = work / "selby"
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".git"))
    subprocess.run(["make", "-s", "wordle"], cwd=dst, check=True, capture_output=True)
    return dst


def cpp_total(stdout: str) -> int | None:
    for line in stdout.splitlines():
        if line.startswith("Best first guess score ="):
            v = int(line.split("=")[1])
            return v if v < 10**9 else None
    return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--cpp-src", type=Path, default=None, help="a checkout of github alex1770/wordle"
    )
    ap.add_argument(
        "--limit", type=int, default=None, help="only the first N openers of the running order"
    )
    ap.add_argument(
        "--only",
        default="",
        help="comma-separated openers (word or word:hard) instead of the sample",
    )
    ap.add_argument(
        "--threads", type=int, default=2, help="threads for our search (the C++ program uses one)"
    )
    ap.add_argument(
        "--timeout", type=float, default=900.0, help="seconds before a process is stopped"
    )
    ap.add_argument(
        "--before-src",
        type=Path,
        default=None,
        help="another wordlelab checkout whose src runs as the 'before' column",
    )
    ap.add_argument("--no-cpp", action="store_true", help="run only our program(s)")
    ap.add_argument(
        "--cpp-cap",
        type=float,
        default=None,
        help="stop the C++ program at this many times our wall time on the row (ours then runs "
        "first on every row; a stopped row gives the C++ column a lower bound, so the ratio is "
        "an upper bound)",
    )
    ap.add_argument(
        "--resume",
        action="store_true",
        help="keep the rows already in --out and run only the sample's other openers",
    )
    ap.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parent / "results" / "tail.json"
    )
    args = ap.parse_args()
    if args.cpp_src is None or not (args.cpp_src / "wordle.cpp").is_file():
        print(json.dumps({"skipped": "no C++ checkout given (--cpp-src DIR with wordle.cpp)"}))
        return
    if args.threads < 1:
        raise SystemExit("--threads must be at least 1")
    if args.cpp_cap is not None and (args.cpp_cap <= 0 or args.no_cpp):
        raise SystemExit("--cpp-cap must be a positive ratio, and needs the C++ column")
    if args.before_src is not None and not (args.before_src / "src" / "wordlelab").is_dir():
        raise SystemExit(f"--before-src {args.before_src}: no src/wordlelab there")
    rows = sample(args.cpp_src)
    if args.only:
        published = {hard: dict(table(args.cpp_src, hard)) for hard in (False, True)}
        rank = {
            hard: {w: i + 1 for i, (w, _) in enumerate(table(args.cpp_src, hard))}
            for hard in (False, True)
        }
        rows = []
        for item in args.only.split(","):
            word, _, mode = item.strip().lower().partition(":")
            hard = mode == "hard"
            if word not in published[hard]:
                raise SystemExit(f"{word!r} has no finite row in {TABLES[hard]}")
            rows.append(
                {
                    "opener": word,
                    "hard": hard,
                    "rank": rank[hard][word],
                    "of": len(published[hard]),
                    "published": published[hard][word],
                }
            )
    if args.limit is not None:
        rows = rows[: args.limit]

    here = Path(__file__).resolve().parent.parent
    columns: dict[str, tuple[list[str], dict | None]] = {}
    ours_env = dict(os.environ, PYTHONPATH=str(here / "src"))
    columns["ours"] = ([sys.executable, "-m", "wordlelab"], ours_env)
    if args.before_src is not None:
        columns["before"] = (
            [sys.executable, "-m", "wordlelab"],
            dict(os.environ, PYTHONPATH=str(args.before_src.resolve() / "src")),
        )
    out: dict[str, object] = {
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]),
        "commit": git_head(here),
        "before_commit": git_head(args.before_src) if args.before_src else None,
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "cpus": os.cpu_count(),
        "threads": args.threads,
        "timeout_s": args.timeout,
        "cpp_cap": args.cpp_cap,
        "seed": SEED,
        "lists": f"{ALLOWED} / {ANSWERS}",
        "load_before": [round(x, 2) for x in os.getloadavg()],
        "rows": [],
    }
    if args.resume and args.out.exists():
        # Keep the rows of an earlier run of the same sample and run only the others.
        old = json.loads(args.out.read_text())
        out["rows"] = old["rows"]
        out["resumed"] = {"rows_kept": len(old["rows"]), "from": old.get("date")}
        done = {(r["opener"], r["hard"]) for r in old["rows"]}
        rows = [r for r in rows if (r["opener"], r["hard"]) not in done]
    with tempfile.TemporaryDirectory() as tmp:
        cdir = build_cpp(args.cpp_src, Path(tmp))
        for base, env in columns.values():  # the numba cache of each checkout, compiled once
            run(
                base + ["optimal", "--opener", "salet", "--json", "--lists", "original"],
                3600,
                env=env,
            )
        for k, row in enumerate(rows):
            w, hard = row["opener"], row["hard"]
            cmds: dict[str, tuple[list[str], dict | None, str | None]] = {}
            for name, (base, env) in columns.items():
                cmd = base + [
                    "optimal",
                    "--opener",
                    w,
                    "--json",
                    "--threads",
                    str(args.threads),
                    "--words",
                    str(cdir / ALLOWED),
                    "--answers",
                    str(cdir / ANSWERS),
                ]
                cmds[name] = (cmd + (["--hard"] if hard else []), env, None)
            if not args.no_cpp:
                cmds["cpp"] = (
                    ["./wordle", "-w", w, "-a", ALLOWED, "-h", ANSWERS] + (["-H"] if hard else []),
                    None,
                    str(cdir),
                )
            names = list(cmds)
            if k % 2 and args.cpp_cap is None:
                names.reverse()  # alternate which program goes first
            rec: dict[str, object] = dict(row, load_before=[round(x, 2) for x in os.getloadavg()])
            for name in names:
                cmd, env, cwd = cmds[name]
                limit = args.timeout
                if name == "cpp" and args.cpp_cap is not None:
                    limit = min(limit, args.cpp_cap * rec["ours"]["wall_s"])  # type: ignore[index]
                r = run(cmd, limit, cwd=cwd, env=env)
                stdout = r.pop("stdout")
                if r["timeout"] or r["error"]:
                    total = None
                elif name == "cpp":
                    total = cpp_total(stdout)
                else:
                    res = json.loads(stdout)
                    total = res["total"] if res.get("proven") else None
                r["total"] = total
                r["equal_published"] = total == row["published"]
                rec[name] = r
                print(
                    f"{w}{' hard' if hard else ''} rank {row['rank']}: {name} {r['wall_s']} s"
                    f"{' (timeout)' if r['timeout'] else ''} total {total}"
                    f"{' ERROR ' + str(r['error']) if r['error'] else ''}",
                    file=sys.stderr,
                    flush=True,
                )
            rec["load_after"] = [round(x, 2) for x in os.getloadavg()]
            out["rows"].append(rec)  # type: ignore[attr-defined]
            summarise(out, list(cmds))
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))


def summarise(out: dict, names: list[str]) -> None:
    rows = out["rows"]
    summary: dict[str, object] = {"openers": len(rows)}
    for name in names:
        times = [r[name]["wall_s"] for r in rows]
        worst = max(rows, key=lambda r: r[name]["wall_s"])
        summary[name] = {
            "total_wall_s": round(sum(times), 2),
            "total_cpu_s": round(sum(r[name]["cpu_s"] for r in rows), 2),
            "median_wall_s": round(float(np.median(times)), 2),
            "worst": {
                "opener": worst["opener"],
                "hard": worst["hard"],
                "wall_s": worst[name]["wall_s"],
            },
            "over_60_s": sum(t > 60 for t in times),
            "timeouts": sum(r[name]["timeout"] for r in rows),
            "peak_rss_mb": max(r[name]["peak_rss_mb"] for r in rows),
            "all_equal_published": all(r[name]["equal_published"] for r in rows),
        }
    for name in names:
        if name != "cpp" and "cpp" in names:
            summary[f"ratio_{name}_over_cpp"] = round(
                summary[name]["total_wall_s"] / summary["cpp"]["total_wall_s"], 3
            )
            summary[f"cpu_ratio_{name}_over_cpp"] = round(
                summary[name]["total_cpu_s"] / summary["cpp"]["total_cpu_s"], 3
            )
            # A stopped C++ row counts its time so far (a lower bound): the ratio is then at most this.
            summary[f"ratio_{name}_over_cpp_is_upper_bound"] = summary["cpp"]["timeouts"] > 0
    if "before" in names:
        summary["ratio_ours_over_before"] = round(
            summary["ours"]["total_wall_s"] / summary["before"]["total_wall_s"], 3
        )
        summary["cpu_ratio_ours_over_before"] = round(
            summary["ours"]["total_cpu_s"] / summary["before"]["total_cpu_s"], 3
        )
    out["summary"] = summary


if __name__ == "__main__":
    main()
