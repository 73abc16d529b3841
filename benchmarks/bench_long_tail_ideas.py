"""Ideas measured before building them (NYT lists, normal mode), written as JSON.

    python benchmarks/bench_long_tail_ideas.py pool [--opener shivs] [--seed 1]
    python benchmarks/bench_long_tail_ideas.py subtract [--openers keeve,feens,...] [--budget 3G]
    python benchmarks/bench_long_tail_ideas.py refute [--opener shivs]

``pool``: could the exact search's nodes with three guesses left scan fewer guesses? Under the
opener's largest group, for a few second guesses, take their groups of 40-120 answers (four
guesses left) and, below each, the groups of 16-47 answers that 200 seeded third guesses make
(three guesses left, where most of a bad opener's work is); count the guesses that split each
set at all (a guess that does not is never tried). A compacted pool pays only if few do.

``subtract``: a review's second step after a random opener is the value of the opener's group
that the game fell into. The shipped table gives the opener's total, the sum over all its
groups, so that value is the total minus the other groups' exact values. Measured: the largest
and second-largest group of each opener, and the look-ups (``Evaluation.work``) that proving
every other group took within ``--budget`` each, and whether they all finished.

``refute``: where does the exact search's work go on the opener's largest group (five guesses
left)? Is it finding the best second guess or proving that every other one is worse? Counts the
second guesses whose one-level bound (the group's size plus the counting bound of each of their
groups) is at or below the group's value (each must be refuted by search), then solves the group
on one thread with a fresh memo four ways and records the work (look-ups), nodes and guesses
valued: no bound given (as a table run does), the value plus one given as the bound from the
start (a perfect first guess and upper bound), and memos of 64 MB and 900 MB instead of 256 MB.
Work counts do not depend on the load; the CPU seconds do.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from _util import emit

from wordlelab.exact.budgets import parse_work


def _useful(data: np.ndarray, S: np.ndarray) -> int:
    cols = data[:, S]
    return int((cols.min(axis=1) != cols.max(axis=1)).sum())


def bench_pool(args: argparse.Namespace) -> dict:
    from wordlelab.game.lists import load_lists

    m = load_lists(lists="nyt").matrix(1 << 31)
    data = m.data
    g = m.guesses.index(args.opener)
    codes = data[g]
    vals, cnts = np.unique(codes, return_counts=True)
    big = int(vals[np.argmax(cnts)])
    S = np.flatnonzero(codes == big).astype(np.int64)
    rng = np.random.default_rng(args.seed)
    rows = []
    for second in ("crane", "later", "toned", "pored", "mungo", "blert"):
        c2 = data[m.guesses.index(second), S]
        v2, k2 = np.unique(c2, return_counts=True)
        for v, k in [(v, k) for v, k in zip(v2, k2) if 40 <= k <= 120][:3]:
            sub = S[c2 == v]
            below = []
            for g3 in rng.choice(len(m.guesses), 200, replace=False):
                c3 = data[g3, sub]
                v3, k3 = np.unique(c3, return_counts=True)
                below += [_useful(data, sub[c3 == x]) for x, y in zip(v3, k3) if 16 <= y <= 47]
            rows.append(
                {
                    "second": second,
                    "answers": int(k),
                    "useful_guesses": _useful(data, sub),
                    "sets_16_47_below": len(below),
                    "useful_guesses_median_below": int(np.median(below)) if below else None,
                }
            )
    medians = [r["useful_guesses_median_below"] for r in rows if r["sets_16_47_below"]]
    return {
        "bench": "pool",
        "opener": args.opener,
        "largest_group": int(S.size),
        "guesses": len(m.guesses),
        "seed": args.seed,
        "rows": rows,
        "useful_share_at_three_left": {
            "min": round(min(medians) / len(m.guesses), 3),
            "max": round(max(medians) / len(m.guesses), 3),
        },
    }


def bench_subtract(args: argparse.Namespace) -> dict:
    from wordlelab.exact.evaluation import evaluate
    from wordlelab.game.lists import load_lists
    from wordlelab.game.notation import Position

    m = load_lists(lists="nyt").matrix(1 << 31)
    win = 3**m.length - 1  # the all-green pattern
    rows = []
    for opener in args.openers.split(","):
        g = m.guesses.index(opener)
        vals, cnts = np.unique(m.data[g], return_counts=True)
        order = np.argsort(-cnts)
        largest = int(vals[order[0]])
        t = time.perf_counter()
        work = 0
        all_exact = True
        others = 0
        for v in vals:
            if int(v) in (largest, win):
                continue
            ev = evaluate(Position.start(m).after(g, int(v)), budget=args.budget, use_tree=False)
            work += ev.work
            all_exact &= ev.exact
            others += 1
        rows.append(
            {
                "opener": opener,
                "largest": int(cnts[order[0]]),
                "second": int(cnts[order[1]]),
                "other_groups": others,
                "work": work,
                "all_exact": bool(all_exact),
                "seconds": round(time.perf_counter() - t, 2),
            }
        )
    return {"bench": "subtract", "budget_per_group": args.budget, "rows": rows}


def bench_refute(args: argparse.Namespace) -> dict:
    from wordlelab.exact.optimal import Engine, K, Solver
    from wordlelab.game.lists import load_lists

    m = load_lists(lists="nyt").matrix(1 << 31)
    g = m.guesses.index(args.opener)
    root = np.arange(len(m.answers), dtype=np.int64)
    engines: dict[int, Engine] = {}

    def engine(mb: int) -> Engine:
        if mb not in engines:
            engines[mb] = Engine(m, False, 6, mb)
        return engines[mb]

    e = engine(256)
    groups = [(sub, p) for p, sub in e.groups(root, g) if p != e.win]
    S, p = max(groups, key=lambda t: t[0].size)
    rule = e.rule_after(e.empty_rule, g, p)
    d = e.max_guesses - 1
    runs = []
    value = None
    for name, mb, given in (
        ("no bound given", 256, False),
        ("value + 1 given", 256, True),
        ("memo 64 MB", 64, False),
        ("memo 900 MB", 900, False),
    ):
        solver = Solver(engine(mb), 0)
        beta = int(K.INF) if not given else int(value) + 1
        cpu = time.process_time()
        v = solver.value(S, d, rule, beta)
        cpu = time.process_time() - cpu
        value = v if value is None else value
        runs.append(
            {
                "run": name,
                "memo_mb": mb,
                "beta": None if not given else beta,
                "value": v,
                "work": int(solver.ctl[K.CTL_WORK]),
                "nodes": int(solver.ctl[K.CTL_NODES]),
                "guesses_valued": int(solver.ctl[K.CTL_EVALS]),
                "cpu_s": round(cpu, 1),
            }
        )
        print(runs[-1], flush=True)
    bounds = e.bounds(S, d)
    base = runs[0]["work"]
    return {
        "bench": "refute",
        "opener": args.opener,
        "largest_group": int(S.size),
        "value": value,
        "guesses": len(m.guesses),
        "second_guesses_bound_at_or_below_value": int((bounds <= value).sum()),
        "second_guesses_bound_below_value_by": {
            str(k): int((bounds <= value - k).sum()) for k in (50, 100, 200)
        },
        "least_bound": int(bounds.min()),
        "runs": runs,
        "work_ratio_to_first_run": [round(r["work"] / base, 4) for r in runs],
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("part", choices=["pool", "subtract", "refute"])
    ap.add_argument("--opener", default="shivs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--openers", default="keeve,feens,hudud,esile,ditty,brujo")
    ap.add_argument("--budget", default="3G")
    args = ap.parse_args()
    try:
        args.budget = parse_work(args.budget)
    except ValueError as e:
        raise SystemExit(f"--budget: {e}") from None
    from wordlelab.game.lists import load_lists

    guesses = load_lists(lists="nyt").guesses
    for w in [args.opener, *args.openers.split(",")]:
        if w not in guesses:
            raise SystemExit(f"{w!r} is not an allowed guess on the NYT lists")
    parts = {"pool": bench_pool, "subtract": bench_subtract, "refute": bench_refute}
    data = parts[args.part](args)
    emit(f"long_tail_ideas_{args.part}", data)


if __name__ == "__main__":
    main()
