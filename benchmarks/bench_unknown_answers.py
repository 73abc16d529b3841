"""Play strength when the answer list is unknown: every allowed word may be the answer.

The player treats every allowed guess as a possible answer (``--answers all``); the games played
are the real answers only (``simulate(targets=...)``). Two settings: the original 12972 words as
the open set over the 2315 original answers, and the NYT's 14855 over the 3158 likely answers.
Issue 9's target: no failures and a mean of at most 3.60 on the first.
Run: python benchmarks/bench_unknown_answers.py [--setting original|nyt|both] [-s prior,prior-guard]
(prints JSON; a full run of prior-guard takes tens of minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import time

import _util

SETTINGS = {"original": "original", "nyt": "nyt"}


def run(setting: str, names: list[str]) -> dict:
    from wordlelab.lists import load_lists
    from wordlelab.simulate import simulate
    from wordlelab.strategies import make_strategy

    open_set = load_lists(lists=setting, answers="all")
    targets = list(load_lists(lists=setting).answers)
    t = time.perf_counter()
    matrix = open_set.matrix()
    out: dict = {"setting": setting, "open_set": len(open_set.guesses), "answers_played": len(targets),
                 "matrix_load_s": round(time.perf_counter() - t, 2), "strategies": {}}
    for name in names:
        result = simulate(make_strategy(name), matrix, targets=targets)
        d = result.to_dict()
        d["seconds"] = round(result.seconds, 1)
        out["strategies"][name] = d
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--setting", choices=["original", "nyt", "both"], default="both")
    ap.add_argument("-s", "--strategies", default="prior,prior-guard")
    args = ap.parse_args()
    settings = ["original", "nyt"] if args.setting == "both" else [args.setting]
    names = [n for n in args.strategies.split(",") if n]
    results = [run(s, names) for s in settings]
    print(json.dumps({"benchmark": "unknown answer list", "machine": _util.machine(), "results": results,
                      "peak_rss_mb": _util.peak_rss_mb()}, indent=2))


if __name__ == "__main__":
    main()
