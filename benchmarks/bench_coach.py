"""The default strategy's (the coach's) mean on each list set and mode, written as JSON.

    python benchmarks/bench_coach.py [--sets nyt:normal,nyt:hard,...] [--out results/coach_means.json]

Every answer is played with ``wordlelab bench``'s default (the coach: the shipped proven tree
while the game is on it, else the exact best within its work budget, else entropy). Where a
proven tree ships the mean must equal the tree's (nyt 3.5526 = 11219/3158).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time
from pathlib import Path

from _util import machine

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--sets", default="nyt:normal,nyt:hard,nyt2022:normal,original:normal,original:hard"
    )
    ap.add_argument("--out", default=str(HERE / "results" / "coach_means.json"))
    args = ap.parse_args()
    from wordlelab.assist.simulate import simulate
    from wordlelab.exact.evaluation import proven_tree
    from wordlelab.game import Position
    from wordlelab.game.lists import load_lists
    from wordlelab.strategies import make_strategy

    rows = []
    load_before = os.getloadavg()
    for item in args.sets.split(","):
        lists_name, mode = item.split(":")
        hard = mode == "hard"
        m = load_lists(5, "en", lists=lists_name).matrix()
        coach = make_strategy("coach")
        t = time.perf_counter()
        r = simulate(coach, m, hard=hard, cache=False)
        dt = time.perf_counter() - t
        tree = proven_tree(Position.start(m, hard=hard))
        tree_mean = (
            None
            if tree is None
            else round(sum(len(p) for p in tree.paths.values()) / len(tree.paths), 4)
        )
        rows.append(
            {
                "lists": lists_name,
                "mode": mode,
                "opener": r.opener,
                "answers": len(r.guesses),
                "total": int(r.guesses.sum()),
                "mean": round(float(r.guesses.mean()), 4),
                "worst": int(r.guesses.max()),
                "tree_mean": tree_mean,
                "seconds": round(dt, 1),
            }
        )
        print(json.dumps(rows[-1]), flush=True)
    sha = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=HERE,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    out = {
        "bench": "coach-means",
        "command": "python benchmarks/bench_coach.py --sets " + args.sets,
        "code": sha,
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "rows": rows,
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "machine": machine(),
    }
    Path(args.out).write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
