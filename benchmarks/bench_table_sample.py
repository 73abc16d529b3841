"""Our own exact search re-proves a seeded sample of the shipped opener tables (alex1770/wordle's).

    python benchmarks/bench_table_sample.py [--lists nyt] [--per-mode 40] [--infinite 10] [--seed 20]
                                            [--cap 300] [--out benchmarks/results/table_sample_nyt.json]

The sample, per mode: ``--per-mode`` openers spread over the ranks of the shipped table (its
rows sorted by total, cut into that many equal slices, one seeded pick in each; in hard mode
over the rows with a finite total), plus in hard mode ``--infinite`` seeded picks among the
``Infinity`` rows. Each is solved by ``solve_optimal(opener=W)`` (both cores) and its total
compared with the table's; for an ``Infinity`` row the search must prove that no tree within 6
exists (``SearchFailedError``). An opener still unproven after ``--cap`` seconds is recorded as
not finished (with the search's proven lower bound when it has one), never as a match. The two
modes' openers run interleaved, and the JSON is rewritten after every opener, so a run stopped
early keeps everything that finished.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import _util  # noqa: F401  (puts src/ on the path)
from _util import git_head

HERE = Path(__file__).resolve().parent


def sample(table: object, per_mode: int, infinite: int, rng: random.Random) -> list[str]:
    """``per_mode`` finite rows spread over the ranks, then ``infinite`` Infinity rows (seeded)."""
    rows = sorted(table.rows.values(), key=lambda r: (r.total is None, r.total or 0, r.word))  # type: ignore[attr-defined]
    finite = [r.word for r in rows if r.total is not None]
    unsolvable = [r.word for r in rows if r.total is None]
    picks = []
    for k in range(per_mode):
        lo, hi = k * len(finite) // per_mode, (k + 1) * len(finite) // per_mode
        picks.append(finite[rng.randrange(lo, hi)])
    if unsolvable and infinite:
        picks += sorted(rng.sample(unsolvable, min(infinite, len(unsolvable))))
    return picks


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lists", default="nyt")
    ap.add_argument("--per-mode", type=int, default=40)
    ap.add_argument(
        "--infinite", type=int, default=10, help="Infinity rows of the hard table to re-prove"
    )
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument(
        "--cap", type=float, default=300.0, help="seconds per opener before it counts as unfinished"
    )
    ap.add_argument("--modes", default="normal,hard")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    out = Path(args.out or HERE / "results" / f"table_sample_{args.lists}.json")

    from wordlelab.errors import SearchFailedError, StoppedEarlyError
    from wordlelab.exact.opener_values import opener_table
    from wordlelab.exact.optimal import solve_optimal
    from wordlelab.game.lists import load_lists

    matrix = load_lists(lists=args.lists).matrix()
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    plans = {}
    for mode in modes:
        table = opener_table(args.lists, mode == "hard")
        rng = random.Random(f"{args.seed}-{args.lists}-{mode}")
        plans[mode] = (
            table,
            sample(table, args.per_mode, args.infinite if mode == "hard" else 0, rng),
        )
    # Interleave the modes, and within a mode spread the ranks over time (seeded order), so a run
    # stopped early has covered both modes and every part of the tables.
    queues = {
        m: random.Random(f"{args.seed}-order-{m}").sample(words, len(words))
        for m, (_, words) in plans.items()
    }
    order = []
    while any(queues.values()):
        for m in modes:
            if queues[m]:
                order.append((m, queues[m].pop(0)))

    result: dict[str, object] = {
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]),
        "commit": git_head(HERE),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "lists": args.lists,
        "seed": args.seed,
        "cap_s": args.cap,
        "cpus": os.cpu_count(),
        "load_start": [round(x, 2) for x in os.getloadavg()],
        "planned": len(order),
        "sample": {m: words for m, (_, words) in plans.items()},
        "rows": [],
    }
    rows: list[dict[str, object]] = result["rows"]  # type: ignore[assignment]

    def write() -> None:
        done = [r for r in rows if r["finished"]]
        result.update(
            finished=len(done),
            equal=sum(1 for r in done if r["equal"]),
            all_equal=bool(done) and all(r["equal"] for r in done),
            unfinished=[f"{r['mode']} {r['word']}" for r in rows if not r["finished"]],
            per_mode={
                m: {
                    "finished": sum(1 for r in done if r["mode"] == m),
                    "equal": sum(1 for r in done if r["mode"] == m and r["equal"]),
                    "infinite_checked": sum(
                        1 for r in done if r["mode"] == m and r["value"] is None
                    ),
                }
                for m in modes
            },
            load_now=[round(x, 2) for x in os.getloadavg()],
            seconds_total=round(sum(float(r["seconds"]) for r in rows), 1),
        )  # type: ignore[arg-type]
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(".tmp")
        tmp.write_text(json.dumps(result, indent=1) + "\n")
        tmp.replace(out)

    for mode, word in order:
        table = plans[mode][0]
        v = table.value(word)
        stop = threading.Event()
        timer = threading.Timer(args.cap, stop.set)
        timer.daemon = True
        timer.start()
        t, cpu = time.perf_counter(), time.process_time()
        row: dict[str, object] = {"mode": mode, "word": word, "rank": v.rank, "value": v.total}
        try:
            res = solve_optimal(matrix, opener=word, hard=mode == "hard", stop=stop)
            finished = res.proven
            row.update(
                ours=res.total if res.proven else None, lower_bound=res.lower_bound, nodes=res.nodes
            )
        except SearchFailedError:  # proven: no tree within 6 guesses
            finished = True
            row.update(ours=None, proven_unsolvable=True)
        except StoppedEarlyError:
            finished = False
            row.update(ours=None)
        timer.cancel()
        row.update(
            finished=finished,
            equal=finished and row["ours"] == v.total,
            seconds=round(time.perf_counter() - t, 2),
            cpu_seconds=round(time.process_time() - cpu, 2),
            load=round(os.getloadavg()[0], 2),
        )
        rows.append(row)
        write()
        print(json.dumps(row), flush=True)
    write()


if __name__ == "__main__":
    main()
