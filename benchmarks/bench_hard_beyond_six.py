"""Hard-mode openers with no tree within 6 guesses: what our search proves with the limit lifted.

    python benchmarks/bench_hard_beyond_six.py [--lists nyt] [--opener crane ...] [--limits 6,7,8]

For each opener (default CRANE, an ``Infinity`` row of alex1770/wordle's hard table) and each guess
limit, ``solve_optimal(opener=W, hard=True, max_guesses=L)``: with 6 it must prove that no tree
exists (SearchFailedError); with 7 and 8 it gives the fewest total guesses with that limit, the
tree's number of answers needing more than 6 guesses, and the time. Writes
``benchmarks/results/hard_beyond_six_<lists>.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import _util  # noqa: F401  (puts src/ on the path)
from _util import commit

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lists", default="nyt")
    ap.add_argument("--opener", action="append", default=None)
    ap.add_argument("--limits", default="6,7,8")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    openers = args.opener or ["crane"]
    limits = [int(x) for x in args.limits.split(",")]
    out = Path(args.out or HERE / "results" / f"hard_beyond_six_{args.lists}.json")

    from wordlelab.errors import SearchFailedError
    from wordlelab.exact.opener_values import opener_table
    from wordlelab.exact.optimal import solve_optimal
    from wordlelab.game.lists import load_lists

    matrix = load_lists(lists=args.lists).matrix()
    table = opener_table(args.lists, hard=True)
    rows = []
    result = {
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]),
        "commit": commit(),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "lists": args.lists,
        "cpus": os.cpu_count(),
        "load_start": [round(x, 2) for x in os.getloadavg()],
        "rows": rows,
    }
    for word in openers:
        shipped = table.value(word)
        for limit in limits:
            t = time.perf_counter()
            row: dict[str, object] = {
                "opener": word,
                "max_guesses": limit,
                "table_solvable_within_6": shipped.solvable,
            }
            try:
                res = solve_optimal(matrix, opener=word, hard=True, max_guesses=limit)
                lengths = Counter(len(p) for p in res.paths.values())
                row.update(
                    total=res.total,
                    mean=round(res.mean, 4),
                    proven=res.proven,
                    worst=res.worst,
                    beyond_six=sum(c for n, c in lengths.items() if n > 6),
                    lengths={str(k): lengths[k] for k in sorted(lengths)},
                    nodes=res.nodes,
                )
            except SearchFailedError as exc:
                row.update(total=None, proven_no_tree=True, message=str(exc))
            row.update(seconds=round(time.perf_counter() - t, 2), load=round(os.getloadavg()[0], 2))
            rows.append(row)
            print(json.dumps(row), flush=True)
            out.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
