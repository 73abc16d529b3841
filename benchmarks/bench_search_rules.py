"""The exact search's newer rules switched on and off, in one process: CPU time and work per opener.

    python benchmarks/bench_search_rules.py [--rows original:salet,nyt:tarse,nyt:adieu:hard] [--repeat 2]
        [--off 0,1,2,3] [--out benchmarks/results/search_rules.json]

Each row (lists:opener[:hard]) solves every group of the opener on one thread with one fresh memo
per configuration; ``--off`` lists the kernel's CTL_OFF masks to compare (0 all rules on,
1 without the bounds learnt from a cut, 2 without the bound with q groups per guess, 3 without
both, 8 without the hard-mode guess classes on the letters a set holds, 16 without counting a
small set's groups along whole rows, 32 with the guess classes formed up front instead of as the
search reaches each guess, 64 with every guess's grouping hashed on sets of 48 answers or more at
any depth, as before 2026-11-26, 128 without stopping a row scan once few guesses can still
matter, 512 without dropping the guesses another guess dominates; masks add up). Configurations alternate within each repeat. CPU
seconds (process time, robust to a shared machine's load), the kernel's work units (guesses x answers scanned) and nodes; every
total must be the same across configurations (the script stops otherwise).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import _util  # noqa: F401  (puts src/ on the path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", default="original:salet,original:salet:hard,nyt:tarse,nyt:adieu")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--off", default="0,3")
    ap.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parent / "results" / "search_rules.json",
    )
    args = ap.parse_args()

    import numpy as np

    from wordlelab.exact.kernels import search as K
    from wordlelab.exact.optimal import Engine, Solver
    from wordlelab.game.lists import load_lists

    masks = [int(x) for x in args.off.split(",")]
    commit = (
        subprocess.run(
            ["git", "-C", str(Path(__file__).resolve().parent), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        or "?"
    )
    out: dict[str, object] = {
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]),
        "commit": commit,
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "load_before": [round(x, 2) for x in os.getloadavg()],
        "rows": {},
    }
    for row in args.rows.split(","):
        lists, opener, *mode = row.split(":")
        hard = mode == ["hard"]
        m = load_lists(lists=lists).matrix()
        e = Engine(m, hard, 6, 256)
        root = np.arange(len(m.answers), dtype=np.int64)
        g = m.guesses.index(opener)
        parts = [
            (sub, e.rule_after(e.empty_rule, g, p)) for p, sub in e.groups(root, g) if p != e.win
        ]
        Solver(e).value(parts[-1][0], 5, parts[-1][1])  # compile / load the kernels first
        res: dict[int, dict[str, list]] = {
            k: {"cpu_s": [], "work_g": [], "nodes": [], "total": []} for k in masks
        }
        for _ in range(args.repeat):
            for mask in masks:
                s = Solver(e)
                s.ctl[K.CTL_OFF] = mask
                t = time.process_time()
                total = len(root) + sum(int(s.value(sub, 5, r)) for sub, r in parts)
                res[mask]["cpu_s"].append(round(time.process_time() - t, 3))
                res[mask]["work_g"].append(round(int(s.ctl[K.CTL_WORK]) / 1e9, 3))
                res[mask]["nodes"].append(int(s.ctl[K.CTL_NODES]))
                res[mask]["total"].append(total)
        totals = {t for v in res.values() for t in v["total"]}
        if len(totals) != 1:
            raise SystemExit(f"{row}: the configurations disagree: {sorted(totals)}")
        out["rows"][row] = {  # type: ignore[index]
            "total": totals.pop(),
            "by_off_mask": {
                str(k): dict(v, median_cpu_s=round(statistics.median(v["cpu_s"]), 3))
                for k, v in res.items()
            },
        }
        print(
            row,
            {k: statistics.median(v["cpu_s"]) for k, v in res.items()},
            file=sys.stderr,
            flush=True,
        )
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    text = json.dumps(out, indent=2)
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
