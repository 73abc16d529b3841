"""The published ``wordlelab openers`` runs on the original lists, run as one CLI process and measured.

    python benchmarks/bench_openers_runs.py PRESET [--candidates N] [--store PATH] [--load-every S]
        [--no-warm-up]
    python benchmarks/bench_openers_runs.py --list

Presets (the original lists: 12972 allowed guesses, 2315 answers; 2 local workers):

    exact-best-all        openers --exact --best --all                 -> ranking_exact_best_all.json
                                                                          + exact_best_all_normal.csv
    exact-best-all-hard   the same with --hard                          -> ranking_exact_best_all_hard.json
                                                                          + exact_best_all_hard.csv
    play-all              openers --by-play entropy --all              -> ranking_play_all.json
    play-all-hard         the same with --hard                          -> ranking_play_all_hard.json
    exact-candidates100   openers --exact --candidates 100             -> ranking_exact_candidates100.json

``--candidates N`` runs the same command on the N best openers by the one-step bound instead of
``--all`` (or of 100): a short run for testing, written to ``<result>_candidates<N>.json`` (and
its CSV to a temporary folder), never over the published files.

The CLI runs as a child process (``python -m wordlelab`` with this checkout's ``src`` first on
PYTHONPATH), after an untimed run of the same command on 2 openers (numba's cache loaded, or
compiled in a fresh checkout; ``--no-warm-up`` skips it), with a fresh temporary results store
unless ``--store`` is given (a store that
already holds openers makes the run a resumption: ``reused`` says how many). Measured from
outside: wall time, CPU time of the process and of its workers (user + system, this script's
children's usage before and after; the script adopts workers that outlive the CLI, Linux's
subreaper, so every worker's time counts), the peak RSS of the largest process, and the load average sampled every ``--load-every`` seconds during the run (it counts
this run's own workers). From the CLI's ``--json``: the ranking; computed here: the top ten, the
last row, openers per second, CPU-seconds per opener, the per-opener times in the workers, and
for exact runs a check of every row against the proven values alex1770/wordle published for
these lists (``normal.some3593.proven``, ``hard.top101.proven``; an exact value must equal it, a
lower bound must not exceed it) and against the shipped opener table.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import _util

ROOT = Path(__file__).resolve().parent.parent
INF = 1 << 40  # wordlelab's total for "no strategy within the guesses" (the CSV and JSON)
REFERENCE_COMMIT = "8fd3f1bdf884ff6757c24ad1227dc561fab7787d"  # as tools/build_opener_tables.py
REFERENCE_FILES = {False: "normal.some3593.proven", True: "hard.top101.proven"}
MIRROR = "/work/.mirror/alex1770+wordle/repo"
WARM_UP = 2  # openers of the untimed run before the measured one
# Proven values to check exact rows against: key -> (what they are, word -> total; None: no strategy)
References = dict[str, tuple[str, dict[str, int | None]]]


@dataclass(frozen=True)
class Preset:
    name: str
    result: str  # benchmarks/results/<result>.json
    cli: tuple[str, ...]  # the openers command's arguments, without --store/--csv/--json
    hard: bool = False
    csv: str | None = None  # benchmarks/results/<csv> gets the full table (full runs only)
    keep_rows: int = 0  # rows of the ranking kept in the JSON (0: none; the CSV has them all)

    def command(self, candidates: int | None) -> list[str]:
        """The CLI arguments; ``candidates`` replaces --all (or the preset's own --candidates)."""
        args = list(self.cli)
        if candidates is not None:
            if "--all" in args:
                args[args.index("--all")] = "--candidates"
                args.insert(args.index("--candidates") + 1, str(candidates))
            else:
                args[args.index("--candidates") + 1] = str(candidates)
        return args + (["--hard"] if self.hard else [])


_EXACT_BEST = ("openers", "--exact", "--best", "--all", "--lists", "original", "--backend", "local")
_PLAY = ("openers", "--by-play", "entropy", "--all", "--lists", "original", "--backend", "local")
PRESETS = {
    p.name: p
    for p in (
        Preset(
            "exact-best-all",
            "ranking_exact_best_all",
            (*_EXACT_BEST, "-j", "2"),
            csv="exact_best_all_normal.csv",
            keep_rows=30,
        ),
        Preset(
            "exact-best-all-hard",
            "ranking_exact_best_all_hard",
            (*_EXACT_BEST, "-j", "2"),
            hard=True,
            csv="exact_best_all_hard.csv",
            keep_rows=30,
        ),
        Preset("play-all", "ranking_play_all", (*_PLAY, "-j", "2")),
        Preset("play-all-hard", "ranking_play_all_hard", (*_PLAY, "-j", "2"), hard=True),
        Preset(
            "exact-candidates100",
            "ranking_exact_candidates100",
            ("openers", "--exact", "--candidates", "100", "--lists", "original")
            + ("--backend", "local", "-j", "2"),
            keep_rows=100,
        ),
    )
}


# --------------------------------------------------------------------------- the child process


_SUBREAPER = [False]  # set by main(): a library caller (a test) keeps its own process as it is


def _become_subreaper() -> bool:
    """Adopt our descendants when their parent dies (Linux), so their CPU time is counted too."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def _reap_orphans(patience: float = 30.0) -> tuple[int, float]:
    """Wait for adopted descendants (workers that outlived the CLI): how many, their peak RSS."""
    n, rss = 0, 0.0
    end = time.monotonic() + patience
    while time.monotonic() < end:
        try:
            pid, _status, usage = os.wait4(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid:
            n += 1
            rss = max(rss, usage.ru_maxrss / 1024)
        else:
            time.sleep(0.05)
    return n, rss


def run_cli(args: Sequence[str], load_every: float) -> dict[str, Any]:
    """Run ``python -m wordlelab ARGS``: its stdout, wall and CPU seconds, peak RSS, load samples.

    The CPU time is that of every process the run started (the CLI and its workers; under
    main(), which makes this process a subreaper, also workers that outlive the CLI), read as
    this process's children's usage before and after.
    """
    subreaper = _SUBREAPER[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "src"), *([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])]
    )
    cmd = [sys.executable, "-m", "wordlelab", *args]
    loads: list[float] = []
    with tempfile.TemporaryFile("w+") as fo, tempfile.TemporaryFile("w+") as fe:
        load_before = [round(x, 2) for x in os.getloadavg()]
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=fo, stderr=fe, text=True, env=env, cwd=ROOT)
        next_sample = t0 + load_every
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            now = time.perf_counter()
            if now >= next_sample:
                loads.append(os.getloadavg()[0])
                next_sample += load_every
            time.sleep(0.05)
        wall = time.perf_counter() - t0
        code = os.waitstatus_to_exitcode(status)
        p.returncode = code  # reaped by os.wait4; stop Popen from waiting again
        fo.seek(0)
        fe.seek(0)
        out, err = fo.read(), fe.read()
    orphans, orphan_rss = _reap_orphans() if subreaper else (0, 0.0)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if code != 0:
        raise SystemExit(f"wordlelab {' '.join(args)} failed ({code}): {err.strip()[-800:]}")
    return {
        "stdout": out,
        "wall_s": wall,
        "cpu_user_s": after.ru_utime - before.ru_utime,
        "cpu_system_s": after.ru_stime - before.ru_stime,
        # The CLI's own figure: itself and the workers it waited for (os.wait4).
        "cpu_s_reaped_by_cli": usage.ru_utime + usage.ru_stime,
        "workers_outliving_cli": orphans if subreaper else None,
        "peak_rss_mb": max(usage.ru_maxrss / 1024, orphan_rss),
        "load_before": load_before,
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "load_samples": loads,
    }


# --------------------------------------------------------------------------- pure summaries


def _num(x: float, digits: int = 3) -> float:
    return round(float(x), digits)


def load_summary(samples: Sequence[float]) -> dict[str, Any]:
    """min, max, mean of the 1-minute load averages sampled during a run."""
    if not samples:
        return {"min": None, "max": None, "mean": None, "samples": 0}
    return {
        "min": _num(min(samples), 2),
        "max": _num(max(samples), 2),
        "mean": _num(statistics.fmean(samples), 2),
        "samples": len(samples),
    }


def opener_times(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The seconds each opener took in its worker: median, mean, and the slowest opener."""
    if not rows:
        return {}
    secs = [float(r["seconds"]) for r in rows]
    slowest = max(rows, key=lambda r: (float(r["seconds"]), r["word"]))
    return {
        "median_s": _num(statistics.median(secs)),
        "mean_s": _num(statistics.fmean(secs)),
        "max_s": _num(slowest["seconds"]),
        "slowest": slowest["word"],
    }


def best_only_verdict(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """For a --best run: the best opener, whether it is proven, and the least total of the others."""
    best = rows[0]
    others = [int(r["total"]) for r in rows[1:]]
    least = min(others) if others else None
    return {
        "best": best["word"],
        "best_total": best["total"],
        "best_exact": bool(best["exact"]),
        "others_at_least": least,
        # Every other opener is proven (value or lower bound) to need more guesses than the best.
        "best_proven_unique": bool(best["exact"]) and (least is None or least > best["total"]),
    }


def check_against(
    rows: Iterable[dict[str, Any]], reference: dict[str, int | None], name: str
) -> dict[str, Any]:
    """Each row against a table of proven values (None: proven to have no strategy in time).

    An exact row must equal the reference; a lower bound must not exceed it. Rows whose opener is
    not in the reference are counted, not judged.
    """
    exact_equal = 0
    bounds_ok = 0
    differ: list[dict[str, Any]] = []
    not_in = 0
    for r in rows:
        word = r["word"]
        if word not in reference:
            not_in += 1
            continue
        ref = reference[word]
        ref_total = INF if ref is None else ref
        total = int(r["total"])
        if r["exact"]:
            if total == ref_total:
                exact_equal += 1
            else:
                differ.append({"word": word, "exact": total, "reference": ref})
        elif total <= ref_total:
            bounds_ok += 1
        else:
            differ.append({"word": word, "bound": total, "reference": ref})
    return {
        "reference": name,
        "reference_openers": len(reference),
        "exact_equal": exact_equal,
        "bounds_not_above": bounds_ok,
        "disagree": differ,
        "rows_not_in_reference": not_in,
        "agree": not differ,
    }


def summarise(
    preset: Preset,
    data: dict[str, Any],
    measured: dict[str, Any],
    references: References | None = None,
) -> dict[str, Any]:
    """The result file's body from the CLI's --json and what was measured around the process."""
    rows: list[dict[str, Any]] = data["rows"]
    wall = float(measured["wall_s"])
    cpu = float(measured["cpu_user_s"]) + float(measured["cpu_system_s"])
    workers = int(data["workers"])
    computed = int(data["computed"])
    out: dict[str, Any] = {
        "kind": data["kind"],
        "job": data["job"],
        "hard": data["hard"],
        "lists": f"original ({data['guesses']} allowed guesses, {data['answers']} answers)",
        "guesses": data["guesses"],
        "answers": data["answers"],
        "backend": data["backend"],
        "workers": workers,
        "best_only": data["best_only"],
        "openers": data["openers"],
        "computed": computed,
        "reused": data["reused"],
        # The whole process: start-up, the matrix, the ranking, the output.
        "wall_s": _num(wall, 2),
        "cpu_user_s": _num(measured["cpu_user_s"], 2),
        "cpu_system_s": _num(measured["cpu_system_s"], 2),
        "cpu_s": _num(cpu, 2),
        "core_share": _num(cpu / (wall * workers), 3) if wall > 0 else None,
        "peak_rss_mb_largest_process": _num(measured["peak_rss_mb"], 1),
        "workers_outliving_cli": measured.get("workers_outliving_cli"),
        "cpu_s_reaped_by_cli": _num(measured["cpu_s_reaped_by_cli"], 2)
        if "cpu_s_reaped_by_cli" in measured
        else None,
        "openers_per_s": _num(int(data["openers"]) / wall, 3) if wall > 0 else None,
        "cpu_s_per_opener_all_processes": _num(cpu / computed, 4) if computed else None,
        # The CLI's own figure: the ranking only, openers reused from the store not counted.
        "ranking_seconds": data["seconds"],
        "ranking_openers_per_second": data["openers_per_second"],
        "opener_seconds_in_worker": opener_times(rows),
        "load_average_1min_during_run": load_summary(measured["load_samples"]),
        "load_before": measured["load_before"],
        "load_after": measured["load_after"],
    }
    if data["best_only"] and rows:
        out["verdict"] = best_only_verdict(rows)
    if data["kind"] == "play":
        out["openers_with_failures"] = sum(1 for r in rows if r.get("failures"))
    out["top10"] = rows[:10]
    out["last"] = rows[-1] if rows else None
    for key, (name, table) in (references or {}).items():
        out.setdefault("checks", {})[key] = check_against(rows, table, name)
    if preset.keep_rows:
        out["rows"] = rows[: preset.keep_rows]
    return out


def parse_proven(text: str) -> dict[str, int | None]:
    """alex1770/wordle's ``*.proven`` files: ``word total`` a line."""
    out: dict[str, int | None] = {}
    for line in text.splitlines():
        if line.strip():
            word, total = line.split()
            out[word] = int(total)
    return out


# --------------------------------------------------------------------------- references


def reference_tables(hard: bool, mirror: str) -> References:
    """The proven values to check exact rows against: alex1770/wordle's file, the shipped table."""
    from wordlelab.exact.opener_values import opener_table

    refs: References = {}
    path = REFERENCE_FILES[hard]
    try:
        text = subprocess.run(
            ["git", "-C", mirror, "show", f"{REFERENCE_COMMIT}:{path}"],
            capture_output=True,
            check=True,
            text=True,
        ).stdout
        refs["alex1770"] = (
            f"alex1770/wordle {REFERENCE_COMMIT[:12]} {path}",
            parse_proven(text),
        )
    except (OSError, subprocess.CalledProcessError):
        print(
            f"bench_openers_runs: no {path} (mirror {mirror}); that check is left out",
            file=sys.stderr,
        )
    table = opener_table("original", hard)
    refs["shipped_table"] = (
        f"the exact rows of data/openers/original-{'hard' if hard else 'normal'}.txt.gz",
        {w: r.total for w, r in table.rows.items() if r.exact},
    )
    return refs


# --------------------------------------------------------------------------- main


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("preset", nargs="?", choices=sorted(PRESETS))
    ap.add_argument("--list", action="store_true", help="print each preset's command and stop")
    ap.add_argument(
        "--candidates",
        type=int,
        default=None,
        metavar="N",
        help="a short run: the N best openers by the one-step bound (result <name>_candidates<N>)",
    )
    ap.add_argument(
        "--store", default=None, help="results store to use (default: a fresh temporary one)"
    )
    ap.add_argument("--load-every", type=float, default=10.0, metavar="S")
    ap.add_argument(
        "--no-warm-up", action="store_true", help="time the first run of the kernels too"
    )
    ap.add_argument("--mirror", default=MIRROR, help="git dir of alex1770/wordle (the check)")
    args = ap.parse_args()
    if args.list:
        for p in PRESETS.values():
            print(f"{p.name}: wordlelab {' '.join(p.command(None))} -> {p.result}.json")
        return
    if args.preset is None:
        ap.error("name a preset (or --list)")
    if args.candidates is not None and args.candidates < 1:
        ap.error("--candidates must be at least 1")
    preset = PRESETS[args.preset]
    _SUBREAPER[0] = _become_subreaper()
    short = args.candidates is not None
    result = preset.result + (f"_candidates{args.candidates}" if short else "")
    cli = preset.command(args.candidates)
    with tempfile.TemporaryDirectory(prefix="openers-run-") as tmp:
        if not args.no_warm_up:
            # numba's cache is loaded (or, in a fresh checkout, compiled) once, outside the timing.
            warm = [*preset.command(WARM_UP), "--store", str(Path(tmp) / "warm.sqlite"), "--json"]
            run_cli(warm, args.load_every)
        store = args.store or str(Path(tmp) / "store.sqlite")
        csv_path = (
            _util.RESULTS / preset.csv if preset.csv and not short else Path(tmp) / "table.csv"
        )
        measured = run_cli(
            [*cli, "--store", store, "--csv", str(csv_path), "--json"], args.load_every
        )
    data = json.loads(measured["stdout"])
    refs = reference_tables(preset.hard, args.mirror) if data["kind"] == "exact" else None
    body = summarise(preset, data, measured, refs)
    shown = ["wordlelab", *cli, "--store", "S", "--csv", "F", "--json"]
    head = {
        "cli": " ".join(shown),
        "store": "given: " + args.store if args.store else "fresh (temporary)",
        "warm_up": None
        if args.no_warm_up
        else f"a --candidates {WARM_UP} run first, not timed (numba's cache loaded or compiled)",
        "csv": f"benchmarks/results/{preset.csv}" if preset.csv and not short else None,
    }
    _util.emit(result, {**head, **body})


if __name__ == "__main__":
    main()
