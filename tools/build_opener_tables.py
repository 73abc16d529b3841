"""Build the shipped opener tables under src/wordlelab/data/openers/ (see data/PROVENANCE.md).

Usage: python tools/build_opener_tables.py [--check] [--mirror GITDIR]

* ``{nyt,nyt2022}-{normal,hard}.txt.gz``: alex1770/wordle's complete tables
  (``results_{easy,hard}_nyt{20230701,20220830}``, MIT), byte for byte, gzip'd without a name or
  a time stamp (so the output is reproducible). The sha256 of the decompressed bytes is the
  sha256 of the published file.
* ``original-{normal,hard}.txt.gz``: what is proven for the original lists (12972 allowed, 2315
  answers), one row per allowed word: wordlelab's own ``openers --exact --best --all`` tables
  (``benchmarks/results/exact_best_all_{normal,hard}.csv``: exact values and proven lower
  bounds), wordlelab's ``--exact --candidates 100`` run (normal mode, exact values), and the
  proven values alex1770/wordle published for the original lists (``normal.some3593.proven``,
  ``hard.top101.proven``). An exact value beats a bound; two exact values must agree and an exact
  value must not lie under a proven bound (the script stops otherwise).

``--check`` rebuilds in memory and compares with the committed files (exit 1 on a difference).
"""

from __future__ import annotations

import argparse
import csv
import gzip
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

    with open(RESULTS / f"exact_best_all_{mode}.csv", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            put(r["word"], "=" if r["exact"] == "1" else ">=", int(r["total"]), "wordlelab")
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--mirror", default=MIRROR)
    args = ap.parse_args()
    files = build(args.mirror)
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
