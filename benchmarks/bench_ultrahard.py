"""Ultrahard mode (every guess a word that could still be the answer): every opener's exact value,
and a sample checked against alex1770/wordle's C++ solver run with ``-U``.

    python benchmarks/bench_ultrahard.py rank [--lists nyt] [--max-guesses 6] [--hours 1.0]
        [--memo-mb 512] [--first crane,salet,...] [--result NAME]
    python benchmarks/bench_ultrahard.py best [--lists nyt] [--result NAME]
    python benchmarks/bench_ultrahard.py cpp --cpp-bin PATH --cpp-lists DIR --openers a,b,c
        [--limits 6,12] [--result NAME]

``rank``: the openers named by ``--first``, then the others in the search's order (least
per-guess bound first, candidates first, then list order), each proven exactly with the objective hard mode uses (fewest answers lost within
the limit, then fewest guesses; a lost answer counted as limit + 1): one search, one thread, its
memo kept across openers. Resumable: the openers already in the result file
(results/ultrahard_rank_<lists>.json) are skipped, and the file is rewritten every few openers
and at the end, with openers an hour over this run and the best so far.
``best``: the best opener of that file proven again by ``solve_optimal`` (its tree replayed
under ultrahard mode by the game engine): results/ultrahard_best_<lists>.json.
``cpp``: each opener valued by the C++ program (a binary you built from its source; this
script does not build it) and by ours, at each limit of guesses, side by side: the C++ program
reads Infinity where no strategy solves every answer in time, and so does ours (None in the
file; ``rank`` gives its fewest losses); results/ultrahard_cpp.json, resumable. Both read the same word files (the C++ checkout's:
their fingerprints are recorded next to ours).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import _util
import numpy as np
from _util import RESULTS, emit


def _lists(name: str):
    from wordlelab.game.lists import load_lists
    from wordlelab.game.matrix import load_matrix

    ls = load_lists(lists=name)
    return load_matrix(ls.guesses, ls.answers)


def rank(args: argparse.Namespace) -> None:
    from wordlelab.exact.optimal import INF, Engine, Solver

    name = args.result or f"ultrahard_rank_{args.lists}"
    path = RESULTS / f"{name}.json"
    rows: list[dict] = []
    seconds_before = 0.0
    if path.exists():
        old = json.loads(path.read_text(encoding="utf-8"))
        if old.get("max_guesses") == args.max_guesses:
            rows = old.get("rows", [])
            seconds_before = float(old.get("seconds_total", 0.0))
    done = {r["word"] for r in rows}
    m = _lists(args.lists)
    e = Engine(m, max_guesses=args.max_guesses, memo_mb=args.memo_mb, losses=True, ultrahard=True)
    solver = Solver(e)
    root = np.arange(len(m.answers), dtype=np.int64)
    bounds = e.bounds(root, args.max_guesses)
    is_cand = m.guess_to_answer >= 0
    order = [int(g) for g in np.lexsort((e.all_pool, ~is_cand, bounds)) if bounds[g] < INF]
    if args.first:
        # The openers named first (the popular ones), then the rest in the search's order.
        named = [m.guesses.index(w.strip().lower()) for w in args.first.split(",") if w.strip()]
        order = named + [g for g in order if g not in set(named)]
    todo = [g for g in order if str(m.guesses[g]) not in done]
    start = time.perf_counter()
    run_done = 0
    last_write = start

    def write(final: bool) -> None:
        elapsed = time.perf_counter() - start
        ranked = sorted(rows, key=lambda r: (r["lost"], r["guesses"], r["word"]))
        emit(
            name,
            {
                "lists": args.lists,
                "answers": len(m.answers),
                "guesses_list": len(m.guesses),
                "max_guesses": args.max_guesses,
                "objective": "fewest answers lost within the limit, then fewest guesses "
                "(a lost answer counts limit + 1); exact for every row",
                "openers_ranked": len(rows),
                "openers_total": len(order),
                "this_run": {
                    "openers": run_done,
                    "seconds": round(elapsed, 1),
                    "openers_per_hour": round(run_done / elapsed * 3600, 1) if elapsed else None,
                    "load_end": [round(x, 2) for x in __import__("os").getloadavg()],
                },
                "seconds_total": round(seconds_before + elapsed, 1),
                "hours_for_all_at_this_rate": (
                    round((len(order) - len(rows)) / (run_done / elapsed) / 3600, 1)
                    if run_done and elapsed
                    else None
                ),
                "best": ranked[:20],
                "finished": final,
                "rows": sorted(rows, key=lambda r: r["word"]),
            },
        )

    for g in todo:
        if time.perf_counter() - start > args.hours * 3600:
            break
        t = time.perf_counter()
        lost, total = 0, len(root)
        for p, sub in e.groups(root, g):
            if p != e.win:
                a, b = e.split_value(
                    solver.value(sub, args.max_guesses - 1, e.rule_after(e.empty_rule, g, p))
                )
                lost, total = lost + a, total + b
        rows.append(
            {
                "word": str(m.guesses[g]),
                "order": order.index(g),
                "lost": lost,
                "guesses": total,
                "mean": round(total / len(root), 4),
                "seconds": round(time.perf_counter() - t, 2),
            }
        )
        run_done += 1
        if time.perf_counter() - last_write > 120:
            write(False)
            last_write = time.perf_counter()
    write(len(rows) == len(order))


def best(args: argparse.Namespace) -> None:
    from wordlelab.exact.optimal import solve_optimal

    ranking = json.loads(
        (RESULTS / f"ultrahard_rank_{args.lists}.json").read_text(encoding="utf-8")
    )
    top = ranking["best"][0]
    m = _lists(args.lists)
    t = time.perf_counter()
    r = solve_optimal(
        m,
        opener=top["word"],
        ultrahard=True,
        losses=True,
        max_guesses=ranking["max_guesses"],
        threads=1,
        memo_mb=args.memo_mb,
    )
    emit(
        args.result or f"ultrahard_best_{args.lists}",
        {
            "lists": args.lists,
            "opener": r.opener,
            "lost": r.lost,
            "guesses": r.total,
            "mean": round(r.mean, 4),
            "worst": r.worst,
            "proven": r.proven,
            "replayed": True,  # solve_optimal replays its tree under the rule before it returns
            "seconds": round(time.perf_counter() - t, 1),
            "ranking_agrees": (r.lost, r.total) == (top["lost"], top["guesses"]),
            "openers_ranked": ranking["openers_ranked"],
            "openers_total": ranking["openers_total"],
        },
    )


def _fingerprint(words: list[str]) -> str:
    return hashlib.sha256(("\n".join(sorted(words)) + "\n").encode()).hexdigest()[:16]


def _cpp_value(binary: Path, lists: Path, opener: str, limit: int) -> tuple[int | None, float]:
    """The C++ program's total after ``opener`` (None for its Infinity) and its CPU seconds."""
    out = subprocess.run(
        [str(binary.resolve()), "-U", f"-g{limit}", "-w", opener],
        cwd=lists,
        capture_output=True,
        text=True,
        check=True,
        timeout=3600,
    ).stdout
    found = re.search(rf"First guess {opener}\s*=\s*(\d+).*CPU =\s*([\d.]+)", out)
    if found is None:
        raise SystemExit(f"no value for {opener} in the C++ program's output:\n{out[-800:]}")
    value = int(found.group(1))
    return (None if value >= 1_000_000_000 else value), float(found.group(2))


def cpp(args: argparse.Namespace) -> None:
    from wordlelab.exact.optimal import INF, Engine, Solver
    from wordlelab.game.matrix import PatternMatrix
    from wordlelab.game.words import WordList

    lists = Path(args.cpp_lists)
    hidden = (lists / "wordlist_nyt20230701_hidden").read_text().split()
    allowed = (lists / "wordlist_nyt20220830_all").read_text().split()
    m = PatternMatrix.build(WordList(allowed, name="all"), WordList(hidden, name="hidden"))
    root = np.arange(len(m.answers), dtype=np.int64)
    name = args.result or "ultrahard_cpp"
    path = RESULTS / f"{name}.json"
    # Resumable: the rows already in the file stay, and only the (opener, limit) pairs not in it
    # are run.
    rows = json.loads(path.read_text(encoding="utf-8"))["rows"] if path.exists() else []
    done = {(r["opener"], r["max_guesses"]) for r in rows}
    for opener in args.openers.split(","):
        for limit in (int(x) for x in args.limits.split(",")):
            if (opener, limit) in done:
                continue
            g = m.guesses.index(opener)
            row: dict = {"opener": opener, "max_guesses": limit}
            t = time.perf_counter()
            e = Engine(m, max_guesses=limit, memo_mb=args.memo_mb, ultrahard=True)
            plain = Solver(e)
            total = len(root)
            for p, sub in e.groups(root, g):
                if p != e.win:
                    total += plain.value(sub, limit - 1, e.rule_after(e.empty_rule, g, p))
                    if total >= INF:  # one group with no strategy in time is enough
                        break
            row["ours"] = None if total >= INF else total
            row["ours_seconds"] = round(time.perf_counter() - t, 2)
            row["cpp"], row["cpp_cpu_seconds"] = _cpp_value(
                Path(args.cpp_bin), lists, opener, limit
            )
            row["agree"] = row["ours"] == row["cpp"]
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    emit(
        name,
        {
            "cpp_program": "alex1770/wordle wordle.cpp, run as: wordle -U -g<limit> -w <opener> "
            "(None: its Infinity, no strategy within the limit)",
            "answers_file": "wordlist_nyt20230701_hidden",
            "answers_fingerprint": _fingerprint(hidden),
            "allowed_file": "wordlist_nyt20220830_all",
            "allowed_fingerprint": _fingerprint(allowed),
            "rows": rows,
            "all_agree": all(r["agree"] for r in rows),
        },
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="what", required=True)
    r = sub.add_parser("rank")
    r.add_argument("--lists", default="nyt")
    r.add_argument("--max-guesses", type=int, default=6)
    r.add_argument("--hours", type=float, default=1.0)
    r.add_argument("--memo-mb", type=int, default=512)
    r.add_argument("--first", default="", help="comma-separated openers to rank first")
    b = sub.add_parser("best")
    b.add_argument("--lists", default="nyt")
    b.add_argument("--memo-mb", type=int, default=512)
    c = sub.add_parser("cpp")
    c.add_argument("--cpp-bin", required=True, help="the C++ program, built from its source")
    c.add_argument("--cpp-lists", required=True, help="the folder of its word files")
    c.add_argument("--openers", required=True)
    c.add_argument("--limits", default="6,12")
    c.add_argument("--memo-mb", type=int, default=512)
    for p in (r, b, c):
        p.add_argument("--result", default=None)
    args = ap.parse_args()
    args.result = _util._RESULT
    {"rank": rank, "best": best, "cpp": cpp}[args.what](args)


if __name__ == "__main__":
    main()
