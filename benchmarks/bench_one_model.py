"""Issue 23's check that the one game model changed no figure: the same games played through the
APIs every version has (bench_multi, simulate, the assistants), printed as one JSON object.

    python benchmarks/bench_one_model.py [--src DIR] [--out results/one_model.json] [--label NAME]

Run it on this tree and on an older one (``--src``: a ``src`` folder of another commit, e.g.
``git archive 25bc684 src | tar -x -C /tmp/base``) and compare the ``figures``: they must be equal.
Games: Quordle 1000 and Octordle 300 seeded games (seed 1, original lists), every 4-letter answer
by entropy, the first five suggestions of each assistant for a fixed game, the Absurdle line.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent


def figures() -> dict:
    from wordlelab.assist.assistant import Assistant
    from wordlelab.assist.simulate import simulate
    from wordlelab.game.feedback import score
    from wordlelab.game.lists import load_lists
    from wordlelab.strategies import make_strategy
    from wordlelab.strategies.multi import MultiStrategy, bench_multi
    from wordlelab.variants import AbsurdleSession, Multi, MultiSession

    lists = load_lists(lists="original")
    m = lists.matrix()
    out: dict = {}
    for boards, games in ((4, 1000), (8, 300)):
        r = bench_multi(m, Multi.of(boards), games, 1, MultiStrategy())
        d = r.to_dict()
        out[d["variant"]] = {
            k: d[k] for k in ("games", "wins", "failures", "mean_guesses", "distribution")
        }
    m4 = load_lists(4, "en").matrix()
    s = simulate(make_strategy("entropy"), m4)
    out["entropy 4 letters"] = {"total": s.total, "mean": round(s.mean, 6), "failed": len(s.failed)}
    # Each assistant's suggestions along one game (answer "humph" on every board, feedback given).
    a = Assistant.create(m, "entropy")
    line = []
    while not a.solved and len(line) < 6:
        w = a.suggested_word()
        line.append(w)
        a.play(w, score(w, "humph"))
    out["assist classic"] = line
    ms = MultiSession(m, Multi.of(2))
    line = []
    answers = ("humph", "cigar")
    while not ms.done and len(line) < 7:
        w = ms.suggestion().word
        line.append(w)
        ms.play(
            w, [None if p.solved else score(w, ans) for p, ans in zip(ms.position.boards, answers)]
        )
    out["assist dordle"] = line
    out["assist absurdle"] = AbsurdleSession(m).plan()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default=str(HERE.parent / "src"))
    ap.add_argument("--out", default=str(HERE / "results" / "one_model.json"))
    ap.add_argument("--label", default="head")
    args = ap.parse_args()
    sys.path.insert(0, args.src)
    t0 = time.monotonic()
    data = figures()
    commit = subprocess.run(
        ["git", "-C", str(HERE.parent), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    entry = {
        "label": args.label,
        "src": args.src,
        "commit": commit if args.label == "head" else None,
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "load": os.getloadavg(),
        "seconds": round(time.monotonic() - t0, 1),
        "figures": data,
    }
    path = Path(args.out)
    path.parent.mkdir(parents=True, exist_ok=True)
    runs = json.loads(path.read_text()) if path.exists() else {}
    runs[args.label] = entry
    if {"head", "base"} <= set(runs):
        runs["equal"] = runs["head"]["figures"] == runs["base"]["figures"]
    path.write_text(json.dumps(runs, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps(entry, ensure_ascii=False))


if __name__ == "__main__":
    main()
