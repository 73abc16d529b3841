"""Hard mode's objective (fewest answers lost, then fewest guesses): its cost, and the search's
speed before and after it, whole processes in alternation.

    python benchmarks/bench_hard_losses.py speed --before-src OTHER_CHECKOUT [--repeat 3]
        [--rows salet-normal,salet-hard,abune-hard] [--result NAME]
    python benchmarks/bench_hard_losses.py losses [--lists nyt] [--opener crane ...] [--result NAME]
    python benchmarks/bench_hard_losses.py rank [--lists nyt] [--sample 6] [--seed 51]

``speed``: each row (an opener proven with ``solve_optimal``, without losses, as today) runs in
a fresh process from the other checkout's src/ and from this one's, alternately (A B A B ...), so
the machine's load hits both alike; writes every run's search seconds and nodes, the medians and
the ratio after/before (results/hard_losses_speed.json). ``losses``: each opener proven in hard
mode with losses on (its fewest losses, its total), the seconds and nodes it took
(results/hard_losses_<lists>.json). ``rank``: what ``openers --exact --hard`` does (the ranking
library, one worker, its memo kept across openers) on a seeded sample of the openers after which
no strategy solves every answer within six (the shipped table's Infinity rows): each opener's
(lost, guesses) and seconds, and openers an hour (results/hard_losses_rank_<lists>.json).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import _util
from _util import RESULTS, commit

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"

# name -> (opener, hard, lists); abune: an opener after which no hard-mode tree solves every
# answer of the original lists within six guesses (proven in seconds).
ROWS: dict[str, tuple[str, bool, str]] = {
    "salet-normal": ("salet", False, "original"),
    "salet-hard": ("salet", True, "original"),
    "abune-hard": ("abune", True, "original"),
    "tarse-hard-nyt": ("tarse", True, "nyt"),
}

# One search in a fresh process: the lists load before the clock starts.
CHILD = r"""
import json, sys, time
from wordlelab.errors import SearchFailedError
from wordlelab.game.lists import load_lists
from wordlelab.game.matrix import PatternMatrix
from wordlelab.exact.optimal import solve_optimal
opener, hard, lists, losses = sys.argv[1], sys.argv[2] == "1", sys.argv[3], sys.argv[4] == "1"
out_dir = sys.argv[5] if len(sys.argv) > 5 else ""
ls = load_lists(lists=lists)
m = PatternMatrix.load(ls.guesses, ls.answers)
kw = {"losses": True} if losses else {}
t = time.perf_counter()
try:
    r = solve_optimal(m, opener=opener, hard=hard, **kw)
    out = {"total": r.total, "lost": getattr(r, "lost", 0), "nodes": r.nodes, "proven": r.proven}
    if out_dir:
        path = f"{out_dir}/{opener}-{lists}-{'hard' if hard else 'normal'}.txt"
        r.tree().save(path)
        out["tree"] = path
except SearchFailedError as exc:
    out = {"total": None, "failed": str(exc)}
out["seconds"] = round(time.perf_counter() - t, 3)
print(json.dumps(out))
"""


def child(
    src: Path, opener: str, hard: bool, lists: str, losses: bool = False, out_dir: str = ""
) -> dict:
    env = dict(os.environ, PYTHONPATH=str(src))
    args = [opener, "1" if hard else "0", lists, "1" if losses else "0", out_dir]
    p = subprocess.run(
        [sys.executable, "-c", CHILD, *args], env=env, capture_output=True, text=True
    )
    if p.returncode != 0:
        raise SystemExit(f"the search failed ({src}): {p.stderr.strip()[-800:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def speed(args: argparse.Namespace) -> dict:
    before = Path(args.before_src).resolve() / "src"
    rows = args.rows.split(",")
    label = args.before_label or _util.git_head(before.parent)
    out: dict = {"before": label, "rows": {}}
    for name in rows:
        opener, hard, lists = ROWS[name]
        for side in (before, SRC):  # compile the kernels once on each side, not timed
            child(side, opener, hard, lists)
        runs: dict[str, list[dict]] = {"before": [], "after": []}
        for _ in range(args.repeat):
            runs["before"].append(child(before, opener, hard, lists))
            runs["after"].append(child(SRC, opener, hard, lists))
        med = {k: statistics.median(r["seconds"] for r in v) for k, v in runs.items()}
        out["rows"][name] = {
            "opener": opener,
            "hard": hard,
            "lists": lists,
            "runs": runs,
            "median_s": med,
            "ratio_after_before": round(med["after"] / med["before"], 3),
            "same_results": all(
                {k: b.get(k) for k in ("total", "nodes", "failed")}
                == {k: a.get(k) for k in ("total", "nodes", "failed")}
                for b, a in zip(runs["before"], runs["after"])
            ),
        }
        print(name, out["rows"][name]["median_s"], file=sys.stderr)
    return out


def losses(args: argparse.Namespace) -> dict:
    rows = []
    for opener in args.opener or ["crane"]:
        r = child(SRC, opener, True, args.lists, True, args.out_dir or "")
        r["opener"] = opener
        rows.append(r)
        print(r, file=sys.stderr)
    return {"lists": args.lists, "rows": rows}


def rank_sample(args: argparse.Namespace) -> dict:
    import random
    import time

    from wordlelab.exact.opener_values import opener_table
    from wordlelab.exact.ranking import RankJob, SerialExecutor, rank
    from wordlelab.game.lists import load_lists

    ls = load_lists(lists=args.lists)
    m = ls.matrix()
    table = opener_table(args.lists, True)
    stuck = sorted(w for w in m.guesses if table.value(w).total is None)
    sample = sorted(random.Random(args.seed).sample(stuck, args.sample))
    t = time.perf_counter()
    res = rank(m, RankJob.exact(hard=True), sample, executor=SerialExecutor())
    seconds = time.perf_counter() - t
    rows = [
        {
            "opener": r.word,
            "lost": r.lost,
            "total": r.guesses,
            "exact": r.exact,
            "seconds": r.seconds,
        }
        for r in res.rows
    ]
    for r in rows:
        print(r, file=sys.stderr)
    return {
        "lists": args.lists,
        "unsolvable_openers": len(stuck),
        "sample": sample,
        "rows": rows,
        "seconds": round(seconds, 1),
        "openers_per_hour": round(3600 * len(rows) / seconds, 1),
        "hours_for_all": round(len(stuck) * seconds / len(rows) / 3600, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="what", required=True)
    sp = sub.add_parser("speed")
    sp.add_argument("--before-src", required=True)
    sp.add_argument("--repeat", type=int, default=3)
    sp.add_argument("--before-label", help="the other checkout's commit, when it is no git tree")
    sp.add_argument("--rows", default="salet-normal,salet-hard,abune-hard")
    lp = sub.add_parser("losses")
    lp.add_argument("--lists", default="nyt")
    lp.add_argument("--opener", action="append")
    lp.add_argument("--out-dir", help="write each opener's tree there (WORD-LISTS-hard.txt)")
    rp = sub.add_parser("rank")
    rp.add_argument("--lists", default="nyt")
    rp.add_argument("--sample", type=int, default=6)
    rp.add_argument("--seed", type=int, default=51)
    args = ap.parse_args()
    load0 = os.getloadavg()
    code = commit()  # the code measured: the checkout as the run starts
    run = {"speed": speed, "losses": losses, "rank": rank_sample}[args.what]
    result = run(args)
    name = (
        _util._RESULT
        or {
            "speed": "hard_losses_speed",
            "losses": f"hard_losses_{getattr(args, 'lists', '')}",
            "rank": f"hard_losses_rank_{getattr(args, 'lists', '')}",
        }[args.what]
    )
    doc = {
        "command": " ".join(["python", "benchmarks/bench_hard_losses.py", *_util._ARGV[1:]]),
        "commit": code,
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load_start": [round(x, 2) for x in load0],
        "load_end": [round(x, 2) for x in os.getloadavg()],
        **result,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{name}.json").write_text(json.dumps(doc, indent=1) + "\n")
    print(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main()
