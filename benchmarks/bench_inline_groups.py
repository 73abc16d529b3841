"""The coach's second-move suggestion after a random opener, this checkout against another one.

    python benchmarks/bench_inline_groups.py --before-src OTHER_CHECKOUT [--games 6] [--burn 2]
        [--result inline_groups]

Each game: an answer and an opener drawn (seeded) from the original answer list, as in
tests/strategies/test_coach.py; the opener's feedback recorded, then the assistant's suggestion
(the coach: the exact best within its work budget) timed in a fresh process, once with this
checkout's ``src`` and once with ``--before-src``'s, alternating which goes first. ``--burn N``
runs N CPU-burning processes (nice 0) beside every measurement, as on a busy machine. Written:
per game and checkout the seconds, the word, the work counted and whether the wall-clock safety
net fired; the median ratio of this checkout's seconds to the other's. The words and the work
must agree wherever neither run hit the safety net.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import statistics
import subprocess
import sys
from pathlib import Path

from _util import emit, git_head

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
from wordlelab.assist.assistant import Assistant
from wordlelab.exact.evaluation import evaluate
from wordlelab.game.feedback import score
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.notation import Position
from wordlelab.game.words import WordList
m = PatternMatrix.load(WordList.bundled("allowed"), WordList.bundled("answers"))
answer, opener = sys.argv[1], sys.argv[2]
# Load the search kernels on a small position of another game first (not timed).
small = Position.start(m).after("salet", score("salet", "pithy"))
evaluate(small.after("crony", score("crony", "pithy")), top=2, use_tree=False, fresh=True)
a = Assistant.create(m, opener=opener)
a.play(opener, score(opener, answer))
t = time.perf_counter()
word = a.suggested_word()
seconds = time.perf_counter() - t
ev = a.strategy.evaluation(a.position)  # the decision's own evaluation (cached: no new search)
print(json.dumps({"seconds": seconds, "word": word, "left": int(a.position.candidates.size),
                  "work": getattr(ev, "work", None), "timed_out": getattr(ev, "timed_out", None)}))
"""


def _burn() -> None:
    while True:
        pass


def measure(src: Path, answer: str, opener: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, answer, opener],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(src / "src"), "PATH": "/usr/bin:/bin"},
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--before-src", type=Path, required=True)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--burn", type=int, default=0)
    args = ap.parse_args()
    if not (args.before_src / "src" / "wordlelab").is_dir():
        raise SystemExit(f"--before-src {args.before_src}: no src/wordlelab there")
    if args.games < 1:
        raise SystemExit(f"--games {args.games}: at least 1 game")
    if args.burn < 0:
        raise SystemExit(f"--burn {args.burn}: a count of processes, 0 or more")
    import numpy as np

    sys.path.insert(0, str(ROOT / "src"))
    from wordlelab.game.words import WordList

    answers = WordList.bundled("answers")
    rng = np.random.default_rng(args.seed)
    games = []
    while len(games) < args.games:
        answer = answers[int(rng.integers(len(answers)))]
        opener = answers[int(rng.integers(len(answers)))]
        games.append((answer, opener))
    burners = [mp.Process(target=_burn, daemon=True) for _ in range(args.burn)]
    for p in burners:
        p.start()
    rows = []
    try:
        for i, (answer, opener) in enumerate(games):
            order = [("ours", ROOT), ("before", args.before_src)]
            if i % 2:
                order.reverse()
            got = {name: measure(src, answer, opener) for name, src in order}
            rows.append({"answer": answer, "opener": opener, **got})
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    finally:
        for p in burners:
            p.terminate()
    ratios = [r["ours"]["seconds"] / r["before"]["seconds"] for r in rows]
    agree = all(
        r["ours"]["word"] == r["before"]["word"]
        for r in rows
        if not (r["ours"]["timed_out"] or r["before"]["timed_out"])
    )
    emit(
        "inline_groups",
        {
            "before_commit": git_head(args.before_src),
            "games": args.games,
            "seed": args.seed,
            "burners": args.burn,
            "rows": rows,
            "summary": {
                "median_ratio_ours_over_before": round(statistics.median(ratios), 3),
                "ours_median_s": round(statistics.median(r["ours"]["seconds"] for r in rows), 3),
                "before_median_s": round(
                    statistics.median(r["before"]["seconds"] for r in rows), 3
                ),
                "before_safety_net_fired": sum(bool(r["before"]["timed_out"]) for r in rows),
                "ours_safety_net_fired": sum(bool(r["ours"]["timed_out"]) for r in rows),
                "same_words_where_no_net_fired": agree,
            },
        },
    )


if __name__ == "__main__":
    main()
