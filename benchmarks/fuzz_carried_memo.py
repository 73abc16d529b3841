"""A memo carried through many cut searches, checked against fresh searches (soundness fuzz).

    python benchmarks/fuzz_carried_memo.py [--lists original] [--hard] [--seconds 420] [--seed 11]
        [--sets N] [--src OTHER_CHECKOUT] [--out benchmarks/results/fuzz_carried_memo_<mode>.json]

One solver (as a ranking worker keeps one from opener to opener) values random sets at random
cut-offs (beta) and then exactly; each set is a group two random guesses leave (3-90 answers,
2-4 guesses left, in hard mode under the rule those guesses leave). Every answer is checked
against a fresh solver's value: a search cut at beta must return a figure in [beta, value] (the
exact value when beta is above it), and the exact value from the carried memo must be the fresh
one. ``--src`` runs another checkout's search (e.g. one from before a fix) to show the check
finds what it should. The run stops after ``--seconds`` or ``--sets`` (its count of checks is
what it proves); a slow test runs a fixed number of sets.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lists", default="original")
    ap.add_argument("--hard", action="store_true")
    ap.add_argument("--seconds", type=float, default=420.0)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--sets", type=int, default=0, help="stop after this many sets (0: none)")
    ap.add_argument("--src", type=Path, default=None, help="another checkout whose src is searched")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    if args.seconds <= 0 or args.sets < 0:
        raise SystemExit("--seconds must be positive and --sets at least 0")
    src = (args.src or ROOT) / "src"
    if not (src / "wordlelab").is_dir():
        raise SystemExit(f"--src {args.src}: no src/wordlelab there")
    sys.path.insert(0, str(src))
    import numpy as np

    from wordlelab.errors import WordlelabError
    from wordlelab.exact.optimal import INF, Engine, Solver
    from wordlelab.game.lists import load_lists

    mode = "hard" if args.hard else "normal"
    out = args.out or ROOT / "benchmarks" / "results" / f"fuzz_carried_memo_{mode}.json"
    if not out.parent.is_dir() or not os.access(out.parent, os.W_OK):
        raise SystemExit(f"--out {out}: its folder is missing or not writable")  # before the run
    try:
        m = load_lists(5, "en", lists=args.lists).matrix()
    except WordlelabError as exc:
        raise SystemExit(f"--lists {args.lists}: {exc}") from None
    e = Engine(m, args.hard, 6, 64)
    rng = np.random.default_rng(args.seed)
    root = np.arange(len(m.answers), dtype=np.int64)
    carried = Solver(e)
    checks = sets = wrong = 0
    bad: list[dict] = []  # the first ten wrong answers
    start = time.time()
    while time.time() - start < args.seconds and not (args.sets and sets >= args.sets):
        g1, g2 = (int(x) for x in rng.integers(len(m.guesses), size=2))
        found = []
        for p1, s1 in e.groups(root, g1):
            if p1 == e.win:
                continue
            rule1 = e.rule_after(e.empty_rule, g1, p1)
            if args.hard and not e.legal(g2, rule1):
                continue
            for p2, sub in e.groups(s1, g2):
                if p2 != e.win and 3 <= sub.size <= 90:
                    found.append((sub, e.rule_after(rule1, g2, p2)))
        if not found:
            continue
        S, rule = found[int(rng.integers(len(found)))]
        d = int(rng.integers(2, 5))
        v = Solver(e).value(S, d, rule)
        sets += 1
        lo = 2 * S.size - 1
        hi = v + 2 if v < INF else lo + 30
        results: list[tuple[int | None, int, bool]] = []
        for _ in range(3):
            beta = int(rng.integers(lo, hi + 1))
            r = carried.value(S, d, rule, beta)
            results.append((beta, r, (r == v) if beta > v else (beta <= r <= v)))
        r = carried.value(S, d, rule)
        results.append((None, r, r == v))
        checks += len(results)
        for cut, r, ok in results:
            wrong += not ok
            if not ok and len(bad) < 10:
                bad.append(
                    {
                        "answers": [m.answers[int(a)] for a in S],
                        "guesses_left": d,
                        "beta": cut,
                        "returned": r,
                        "value": v,
                    }
                )
    from _util import git_head

    result = {
        "command": "python benchmarks/fuzz_carried_memo.py " + " ".join(sys.argv[1:]),
        "searched_src": str(src) if args.src else "this checkout",
        "commit": git_head(src.parent),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "lists": args.lists,
        "mode": mode,
        "seed": args.seed,
        "seconds": round(time.time() - start, 1),
        "load_after": list(os.getloadavg()),
        "sets": sets,
        "checks": checks,
        "wrong": wrong,
        "first_wrong": bad,
        "sound": wrong == 0,
    }
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: result[k] for k in ("mode", "sets", "checks", "wrong", "sound")}))


if __name__ == "__main__":
    main()
