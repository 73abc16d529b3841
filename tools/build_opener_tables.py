"""Build the shipped opener tables under src/wordlelab/data/openers/ (see data/PROVENANCE.md).

Usage: python tools/build_opener_tables.py [--check | --update [--allow-lost]] [--store FILE] [--mirror GITDIR]

* ``{nyt,nyt2022}-{normal,hard}.txt.gz``: alex1770/wordle's complete tables
  (``results_{easy,hard}_nyt{20230701,20220830}``, MIT), byte for byte, gzip'd without a name or
  a time stamp (so the output is reproducible). The sha256 of the decompressed bytes is the
  sha256 of the published file.
* ``original-{normal,hard}.txt.gz``: what is proven for the original lists (12972 allowed, 2315
  answers), one row per allowed word: wordlelab's own ``openers --exact --best --all`` tables
  (every ``benchmarks/results/exact_best_all_{normal,hard}*.csv``: the latest run's
  ``exact_best_all_<mode>.csv``, written by ``benchmarks/bench_openers_runs.py``, and earlier
  runs kept under a dated name; exact values and proven lower bounds), wordlelab's ``--exact
  --candidates 100`` run (normal mode, exact values), and the proven values alex1770/wordle
  published for the original lists (``normal.some3593.proven``, ``hard.top101.proven``). An
  exact value beats a bound, the higher of two bounds wins; two exact values must agree and an
  exact value must not lie under a proven bound (the script stops otherwise). A ``--best`` run's
  bounds depend on when each opener was cut, so runs differ; taking every run keeps the most that
  any of them proved.

Rows of ``openers --exact --all --lists original [--hard]`` runs (no ``--best``: every opener to
its exact value; resumable through their results store) enter through
``benchmarks/results/exact_all_{normal,hard}.csv``: ``--store FILE`` first adds the exact rows
that store holds for the original lists to those files (a row already there must agree), and
writes ``benchmarks/results/original_tables_progress.json`` (rows proven by the runs, the
workers' seconds, rows still bounds), then builds as usual.

``--check`` rebuilds in memory and compares with the committed files (exit 1 on a difference).
``--update`` writes the files, says how the original tables' rows changed (an exact value or a
bound lost is refused: exit 1, nothing written), and writes the new sha256 fingerprints into
data/PROVENANCE.md and tests/exact/test_opener_values.py.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "wordlelab" / "data" / "openers"
RESULTS = ROOT / "benchmarks" / "results"
MIRROR = "/work/.mirror/alex1770+wordle/repo"
COMMIT = "8fd3f1bdf884ff6757c24ad1227dc561fab7787d"
INF = 1 << 40  # wordlelab's INF in the CSV files
NYT = {
    "nyt-normal": "results_easy_nyt20230701",
    "nyt-hard": "results_hard_nyt20230701",
    "nyt2022-normal": "results_easy_nyt20220830",
    "nyt2022-hard": "results_hard_nyt20220830",
}
ORIGINAL_PROVEN = {"normal": "normal.some3593.proven", "hard": "hard.top101.proven"}
HEADER = (
    "# wordlelab opener table v1: original lists (12972 allowed, 2315 answers), {mode} mode, 6 guesses\n"
    "# word kind total source; kind '=' exact, '>=' proven lower bound; total 'inf': no strategy\n"
    "# solves every answer within 6 (proven); sources: see wordlelab/data/PROVENANCE.md\n"
)


def gz(data: bytes) -> bytes:
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=9) as f:
        f.write(data)
    return buf.getvalue()


def show(mirror: str, path: str) -> bytes:
    return subprocess.run(
        ["git", "-C", mirror, "show", f"{COMMIT}:{path}"], capture_output=True, check=True
    ).stdout


def best_all_tables(mode: str) -> list[Path]:
    """Every ``--exact --best --all`` table of this mode: the latest run's and the dated ones."""
    paths = sorted(RESULTS.glob(f"exact_best_all_{mode}*.csv"))
    if not paths:
        sys.exit(f"no benchmarks/results/exact_best_all_{mode}*.csv")
    return paths


def all_run_rows(mode: str) -> dict[str, tuple[int, float]]:
    """word -> (exact total, worker seconds) from ``exact_all_<mode>.csv`` (none when absent)."""
    path = RESULTS / f"exact_all_{mode}.csv"
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as f:
        return {r["word"]: (int(r["total"]), float(r["seconds"])) for r in csv.DictReader(f)}


def export_store(store_path: Path) -> None:
    """Add the exact rows a results store holds for the original lists to exact_all_<mode>.csv."""
    sys.path.insert(0, str(ROOT / "src"))
    from wordlelab.exact.ranking import RankingError, RankJob, ResultStore
    from wordlelab.game.lists import load_lists

    if not store_path.is_file():
        sys.exit(f"--store {store_path}: no such file")
    try:
        store = ResultStore(store_path)
    except RankingError as e:
        sys.exit(f"--store {store_path}: {e}")
    matrix = load_lists(5, "en", lists="original").matrix()
    # The stores exported so far (one per mode's run, or resumed runs elsewhere), by file name.
    done = RESULTS / "original_tables_progress.json"
    stores = json.loads(done.read_text()).get("stores", []) if done.exists() else []
    progress: dict[str, object] = {
        "stores": sorted(set(stores) | {store_path.name}),
    }
    with store:
        for mode in ("normal", "hard"):
            rows = all_run_rows(mode)
            before = len(rows)
            for r in store.rows(RankJob.exact(hard=mode == "hard").key(matrix)).values():
                if not r.exact:
                    continue
                old = rows.get(r.word)
                if old is not None and old[0] != r.total:
                    sys.exit(f"{mode} {r.word}: {r.total} in the store against {old[0]} in the CSV")
                if old is None:
                    rows[r.word] = (r.total, r.seconds)
            lines = ["word,total,exact,seconds"] + [
                f"{w},{t},1,{sec:.3f}"
                for w, (t, sec) in sorted(rows.items(), key=lambda x: (x[1][0], x[0]))
            ]
            (RESULTS / f"exact_all_{mode}.csv").write_text(
                "\n".join(lines) + "\n", encoding="utf-8"
            )
            print(
                f"exact_all_{mode}.csv: {len(rows)} rows ({len(rows) - before} new from the store)"
            )
            progress[mode] = {
                "rows_proven_by_all_runs": len(rows),
                "worker_seconds": round(sum(sec for _t, sec in rows.values()), 1),
                "median_worker_seconds": round(
                    sorted(sec for _t, sec in rows.values())[len(rows) // 2], 3
                )
                if rows
                else None,
                "slowest": max(rows.items(), key=lambda x: x[1][1])[0] if rows else None,
            }
    (RESULTS / "original_tables_progress.json").write_text(
        json.dumps(progress, indent=2) + "\n", encoding="utf-8"
    )


def original(mode: str, mirror: str) -> bytes:
    allowed = (ROOT / "src" / "wordlelab" / "data" / "en" / "5" / "allowed.txt").read_text().split()
    rows: dict[str, tuple[str, int, str]] = {}  # word -> (kind, total, source)

    def put(word: str, kind: str, total: int, source: str) -> None:
        old = rows.get(word)
        if old is None:
            rows[word] = (kind, total, source)
            return
        okind, ototal, osource = old
        if kind == "=" and okind == "=":
            if total != ototal:
                sys.exit(
                    f"{mode} {word}: exact {total} ({source}) against exact {ototal} ({osource})"
                )
            if source == "alex1770":  # proven by both: credit the published value
                rows[word] = (kind, total, source)
        elif kind == "=":
            if total < ototal:
                sys.exit(
                    f"{mode} {word}: exact {total} ({source}) under the proven bound {ototal} ({osource})"
                )
            rows[word] = (kind, total, source)
        elif okind == "=":
            if ototal < total:
                sys.exit(
                    f"{mode} {word}: exact {ototal} ({osource}) under the proven bound {total} ({source})"
                )
        elif total > ototal:
            rows[word] = (kind, total, source)

    for path in best_all_tables(mode):
        with open(path, encoding="utf-8") as f:
            for r in csv.DictReader(f):
                put(r["word"], "=" if r["exact"] == "1" else ">=", int(r["total"]), "wordlelab")
    for word, (total, _sec) in all_run_rows(mode).items():
        put(word, "=", total, "wordlelab")
    if mode == "normal":
        for r in json.loads((RESULTS / "ranking_exact_candidates100.json").read_text())["rows"]:
            if r["exact"]:
                put(r["word"], "=", int(r["total"]), "wordlelab")
    for line in show(mirror, ORIGINAL_PROVEN[mode]).decode().split("\n"):
        if line.strip():
            word, total = line.split()
            put(word, "=", int(total), "alex1770")
    if sorted(rows) != sorted(allowed):
        sys.exit(f"{mode}: the rows are not the 12972 allowed words")
    order = sorted(rows, key=lambda w: (rows[w][1], rows[w][0] != "=", w))
    lines = [
        f"{w} {rows[w][0]} {'inf' if rows[w][1] >= INF else rows[w][1]} {rows[w][2]}\n"
        for w in order
    ]
    return (HEADER.format(mode=mode) + "".join(lines)).encode("utf-8")


def build(mirror: str) -> dict[str, bytes]:
    out = {f"{name}.txt.gz": gz(show(mirror, src)) for name, src in NYT.items()}
    for mode in ("normal", "hard"):
        out[f"original-{mode}.txt.gz"] = gz(original(mode, mirror))
    return out


def _rows(data: bytes) -> dict[str, tuple[str, float]]:
    """word -> (kind, total) of an original table (decompressed); inf as float('inf')."""
    out = {}
    for line in data.decode("utf-8").splitlines():
        if line and not line.startswith("#"):
            word, kind, total, _source = line.split()
            out[word] = (kind, float(total))
    return out


def changes(old: bytes, new: bytes) -> dict[str, list[str]]:
    """How an original table's rows changed: gained (bound to exact, higher bound) or lost."""
    a, b = _rows(old), _rows(new)
    out: dict[str, list[str]] = {"bound to exact": [], "higher bound": [], "lost": []}
    for word in sorted(set(a) | set(b)):
        if word not in a or word not in b:
            out["lost"].append(f"{word}: row {'added' if word not in a else 'removed'}")
            continue
        (k0, t0), (k1, t1) = a[word], b[word]
        if (k0, t0) == (k1, t1):
            continue
        if k0 == ">=" and k1 == "=" and t1 >= t0:
            out["bound to exact"].append(f"{word} >= {t0:g} -> = {t1:g}")
        elif k0 == k1 == ">=" and t1 > t0:
            out["higher bound"].append(f"{word} >= {t0:g} -> >= {t1:g}")
        else:
            out["lost"].append(f"{word} {k0} {t0:g} -> {k1} {t1:g}")
    return out


FINGERPRINT_FILES = [
    ROOT / "src" / "wordlelab" / "data" / "PROVENANCE.md",
    ROOT / "tests" / "exact" / "test_opener_values.py",
]


def update(files: dict[str, bytes], allow_lost: bool = False) -> int:
    """Write the tables after showing what changed; new fingerprints where the old ones stood.

    ``allow_lost``: write even when rows lose a value or a bound. Only for a run withdrawn after
    a fix of the search (its file removed from benchmarks/results; say why in PROVENANCE.md):
    what it alone proved is no longer claimed, and every such row is listed."""
    swap: dict[str, str] = {}
    lost = False
    for name, data in files.items():
        path = OUT / name
        new = gzip.decompress(data)
        old = gzip.decompress(path.read_bytes()) if path.exists() else b""
        if old == new:
            continue
        swap[hashlib.sha256(old).hexdigest()] = hashlib.sha256(new).hexdigest()
        if name.startswith("original-"):
            kinds: dict[str, int] = {}
            for line in new.decode("utf-8").splitlines():
                if line and not line.startswith("#"):
                    _w, kind, total, source = line.split()
                    key = f"{kind} {source}" + (" inf" if total == "inf" else "")
                    kinds[key] = kinds.get(key, 0) + 1
            print(f"{name}: rows " + ", ".join(f"{k}: {n}" for k, n in sorted(kinds.items())))
            for what, rows in changes(old, new).items():
                shown = rows if (what == "lost" and allow_lost) else rows[:8]
                print(f"{name}: {len(rows)} {what}" + (": " + ", ".join(shown) if rows else ""))
                lost = lost or (what == "lost" and bool(rows))
        else:
            print(f"{name}: changed (a different alex1770/wordle file?)")
    if lost and not allow_lost:
        print("refused: a row would lose what an earlier table proved; nothing written")
        return 1
    for name, data in files.items():
        (OUT / name).write_bytes(data)
    for path in FINGERPRINT_FILES:
        text = path.read_text(encoding="utf-8")
        for old_hash, new_hash in swap.items():
            if old_hash not in text:
                print(
                    f"{path.relative_to(ROOT)}: the old fingerprint {old_hash[:12]}… is not there"
                )
                return 1
            text = text.replace(old_hash, new_hash)
        path.write_text(text, encoding="utf-8")
    print(f"{len(swap)} table(s) changed; fingerprints updated" if swap else "no table changed")
    return 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--update", action="store_true")
    ap.add_argument("--mirror", default=MIRROR)
    ap.add_argument(
        "--store",
        type=Path,
        default=None,
        help="a results store of --exact --all runs to add first",
    )
    ap.add_argument(
        "--allow-lost",
        action="store_true",
        help="with --update: write even when rows lose what a withdrawn run proved (listed)",
    )
    args = ap.parse_args()
    if args.allow_lost and not args.update:
        sys.exit("--allow-lost goes with --update")
    if args.store is not None:
        export_store(args.store)
    files = build(args.mirror)
    if args.update:
        sys.exit(update(files, args.allow_lost))
    bad = 0
    for name, data in files.items():
        path = OUT / name
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                print(f"differs: {path}")
                bad += 1
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote {path} ({len(data)} bytes)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
