"""Reproduce a wrong exact value found on 2026-11-24 and explained and fixed on 2026-11-25.

    python tools/repro_milos_carried_memo.py [--step 2] [--start 1]

One ``ExactEvaluator`` (as a ranking worker uses: one memo carried from opener to opener) solves
every other opener of the original lists' candidate order before MILOS (places 1, 3, 5, ...;
about 16 minutes on one core), then MILOS in normal mode. Before the fix it printed 8229;
alex1770/wordle's proven value, and a fresh search (``wordlelab optimal --opener milos --lists
original``), give 8228. Then each of MILOS's groups is valued by the carried solver and by a
fresh one, and the groups that differ are printed.

The cause: a node of the search whose tried guesses were all cut stored, as its lower bound, the
least bound of the guesses it had tried, forgetting the guesses it had left out for a bound at
or above beta (normal mode, sets under 48 answers with four guesses or fewer left). One of those
can reach beta itself, so the stored bound could exceed the value; a later visit of the set with
a larger beta took it for proof. ``tests/exact/kernels/test_search_bounds.py`` checks the fix on sets where
the old kernel went wrong; this script, after the fix, prints 8228 and no differing group.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--step", type=int, default=2)
    args = ap.parse_args()
    from wordlelab.exact.optimal import Solver
    from wordlelab.exact.ranking import ExactEvaluator, RankJob, candidate_openers
    from wordlelab.game.lists import load_lists

    m = load_lists(5, "en", lists="original").matrix()
    order = candidate_openers(m, RankJob.exact(False), None)
    i = order.index("milos")
    ev = ExactEvaluator(m)
    t = time.time()
    before = order[args.start : i : args.step]
    for w in before:
        ev(w)
    print(f"after {len(before)} openers ({time.time() - t:.0f} s): MILOS {ev('milos').total}")
    e = ev.engine
    g = m.guesses.index("milos")
    for p, sub in e.groups(ev.root, g):
        if p == e.win:
            continue
        carried = ev.exact.value(sub, e.max_guesses - 1, e.empty_rule)
        fresh = Solver(e).value(sub, e.max_guesses - 1, e.empty_rule)
        if carried != fresh:
            print(f"group {p} ({sub.size} answers): carried {carried}, fresh {fresh}")


if __name__ == "__main__":
    main()
