"""Play strength when the answer list is unknown: every allowed word may be the answer.

The player treats every allowed guess as a possible answer (``--answers all``); the games played
are the real answers only (``simulate(targets=...)``). Two settings: the original 12972 words as
the open set over the 2315 original answers, and the NYT's 14855 over the 3158 likely answers.
Issue 9's target: no failures and a mean of at most 3.60 on the first.
Run: python benchmarks/bench_unknown_answers.py [--setting original|nyt|both] [-s prior,prior-guard]
[-o KEY=VALUE] [--progress]   (prints JSON; prior-guard takes about four minutes per setting on one
busy core once its opener is cached, a few more to find the opener the first time).
"""

from __future__ import annotations

import argparse
import sys
import time

import _util

SETTINGS = {"original": "original", "nyt": "nyt"}


def run(
    setting: str, names: list[str], progress: bool = False, options: dict | None = None
) -> dict:
    from wordlelab.assist.simulate import simulate
    from wordlelab.game.lists import load_lists
    from wordlelab.strategies import make_strategy

    open_set = load_lists(lists=setting, answers="all")
    targets = list(load_lists(lists=setting).answers)
    t = time.perf_counter()
    matrix = open_set.matrix()
    out: dict = {
        "setting": setting,
        "open_set": len(open_set.guesses),
        "answers_played": len(targets),
        "matrix_load_s": round(time.perf_counter() - t, 2),
        "strategies": {},
    }
    for name in names:

        def report(done: int, total: int, name: str = name) -> None:
            if done % 100 and done != total:
                return
            print(
                f"{setting} {name}: {done}/{total} {time.perf_counter() - t:.0f}s",
                file=sys.stderr,
                flush=True,
            )

        result = simulate(
            make_strategy(name, **(options or {})),
            matrix,
            targets=targets,
            progress=report if progress else None,
        )
        d = result.to_dict()
        d["seconds"] = round(result.seconds, 1)
        out["strategies"][name] = d
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--setting", choices=["original", "nyt", "both"], default="both")
    ap.add_argument("-s", "--strategies", default="prior,prior-guard")
    ap.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="strategy option (repeatable), as for 'wordlelab bench -o'",
    )
    ap.add_argument("--progress", action="store_true", help="games done so far, on stderr")
    args = ap.parse_args()
    settings = ["original", "nyt"] if args.setting == "both" else [args.setting]
    names = [n for n in args.strategies.split(",") if n]
    options = dict(o.split("=", 1) for o in args.option)
    results = [run(s, names, args.progress, options) for s in settings]
    _util.emit(
        "unknown_answers",
        {
            "benchmark": "unknown answer list",
            "machine": _util.machine(),
            "results": results,
            "peak_rss_mb": _util.peak_rss_mb(),
        },
    )


if __name__ == "__main__":
    main()
