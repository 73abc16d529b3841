"""Time to the assistant's first and later suggestions on a named list set; prints JSON.

Each figure is from a fresh interpreter (subprocess), so start-up, imports, the matrix load and
the numba JIT (or its on-disk cache, ``cache=True``) are counted as a user meets them.

    PYTHONPATH=src python benchmarks/bench_assist.py [--lists nyt|nyt2022|original] [--repeat 3] [--cold]

--cold also times a first run with an empty numba cache (by pointing NUMBA_CACHE_DIR at an empty
directory) and an empty matrix cache.
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

import _util  # noqa: F401  (puts src/ on the path)

CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
from wordlelab.assist.assistant import Assistant
from wordlelab.cli.common import load_lists
from wordlelab.game.feedback import score
t_import = time.perf_counter()
m = load_lists().matrix()
t_matrix = time.perf_counter()
a = Assistant.create(m, sys.argv[1], opener=sys.argv[2])
first = a.suggested_word()  # what the CLI shows first
t_first = time.perf_counter()
later = []
answer = sys.argv[3]
while not a.solved:
    t = time.perf_counter()
    a.feedback(score(a.suggested_word(), answer))
    if not a.solved:
        s = a.suggested_word()
        later.append(time.perf_counter() - t)
t = time.perf_counter()
a.undo(); a.top(10)
t_top = time.perf_counter() - t
print(json.dumps({"import_s": t_import - t0, "matrix_s": t_matrix - t_import,
                  "first_suggestion_s": t_first - t0, "first": first,
                  "later_suggestions_s": later, "top10_after_undo_s": t_top}))
"""


def run(env: dict[str, str], strategy: str, opener: str, answer: str) -> dict:
    t = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", CHILD, strategy, opener, answer],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    data = json.loads(out)
    data["process_s"] = time.perf_counter() - t
    return data


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--strategy", default="entropy")
    ap.add_argument("--answer", default="cigar")
    ap.add_argument("--cold", action="store_true")
    ap.add_argument(
        "--lists", default="nyt", help="the named list set (default: nyt, the CLI's default)"
    )
    args = ap.parse_args()
    env = {**os.environ, "WORDLELAB_LISTS": args.lists}  # the child's load_lists() reads it
    results: dict[str, object] = {
        "lists": args.lists,
        "strategy": args.strategy,
        "answer": args.answer,
        "cpus": os.cpu_count(),
    }
    if args.cold:
        with (
            tempfile.TemporaryDirectory() as numba_cache,
            tempfile.TemporaryDirectory() as wl_cache,
        ):
            cold_env = {**env, "NUMBA_CACHE_DIR": numba_cache, "WORDLELAB_CACHE_DIR": wl_cache}
            results["cold_jit_and_matrix_build"] = run(cold_env, args.strategy, "auto", args.answer)
    run(env, args.strategy, "auto", args.answer)  # make sure caches are warm
    for opener in ("auto", "strategy"):
        runs = [run(env, args.strategy, opener, args.answer) for _ in range(args.repeat)]
        later = [x for r in runs for x in r["later_suggestions_s"]]
        results[f"warm_opener_{opener}"] = {
            "first": runs[0]["first"],
            "import_s_median": statistics.median(r["import_s"] for r in runs),
            "matrix_load_s_median": statistics.median(r["matrix_s"] for r in runs),
            "first_suggestion_s_median": statistics.median(r["first_suggestion_s"] for r in runs),
            "first_suggestion_s_max": max(r["first_suggestion_s"] for r in runs),
            "later_suggestion_s_median": statistics.median(later) if later else None,
            "later_suggestion_s_max": max(later) if later else None,
            "top10_after_undo_s_median": statistics.median(r["top10_after_undo_s"] for r in runs),
            "process_s_median": statistics.median(r["process_s"] for r in runs),
        }
    _util.emit("assist", results)


if __name__ == "__main__":
    main()
