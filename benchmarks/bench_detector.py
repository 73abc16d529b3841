"""The detector's calibration: how often honest and cheating players are flagged (JSON).

    python benchmarks/bench_detector.py [--lists nyt] [--seed 1] [--out benchmarks/results/detector.json]

Every answer of the lists (normal mode, or hard mode with ``--hard``) is played by each honest
player, and the detector (``detector.detect`` with the strong player and the per-row
``luck.p_at_most``, exactly as ``wordlelab check --played`` computes them) judges each game with
the words known:

* ``tree``: perfect play, the shipped proven tree (what the assistant's default follows where
  a tree ships; from its own opener only);
* ``entropy``: the entropy strategy (the tree kernel) from each opener of OPENERS;
* ``random-candidate``: from each opener, then each turn a word drawn uniformly from the answers
  still possible (numpy's PCG64 seeded with ``--seed``, one stream per opener, answers in list
  order).

Cheated games: the same honest players, except that at row c (2 or 3) the player, who knows the
answer, plays it — a word that fits every row so far, so nothing in the grid gives it away.
Games the honest player had already solved before row c are left out (nobody cheats then);
every cheated game at c = 2 is a 2/6, at c = 3 a 3/6.

Reported: for honest and for cheated games, the share of each verdict, by player and overall,
at the default thresholds and at a few others (``thresholds``).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from datetime import UTC, datetime

import _util

OPENERS = ["tarse", "crane", "slate", "salet", "adieu", "audio", "raise", "stare", "roate", "arise"]
THRESHOLDS = [  # (suspicious_p, unusual_p, own_p); the first is the default
    (0.001, 0.05, 0.01),
    (0.001, 0.05, 0.005),
    (0.001, 0.05, 0.02),
    (0.001, 0.03, 0.01),
    (0.001, 0.1, 0.01),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lists", default="nyt")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--openers", default=",".join(OPENERS))
    ap.add_argument(
        "--hard",
        action="store_true",
        help="hard mode (random candidates and the answer are always legal)",
    )
    ap.add_argument("--out", default=None, help="also write the JSON here")
    args = ap.parse_args()

    import numpy as np

    from wordlelab.assist.simulate import play_tree
    from wordlelab.game import Position
    from wordlelab.game.lists import load_lists
    from wordlelab.judge.detector import LEVELS, detect, strong_player, verdict_of
    from wordlelab.judge.luck import outcomes, p_at_most
    from wordlelab.strategies import make_strategy

    start = time.perf_counter()
    load_before = os.getloadavg()
    m = load_lists(lists=args.lists).matrix()
    strong = strong_player(m, args.hard)
    n = len(m.answers)
    data = m.data
    win = m.win_code
    openers = [w.strip() for w in args.openers.split(",") if w.strip()]

    def judge(rows: list[int], answer: int) -> tuple[float | None, float | None, int]:
        """(p_value, p_own, guesses) of the game playing guess ``rows`` for answer column ``answer``."""
        cands = np.arange(n)
        own = []
        for k, g in enumerate(rows, 1):
            pos = Position(m, cands, (), args.hard, 6)
            out = outcomes(pos, g)
            code = int(data[g, answer])
            own.append(p_at_most(out.left, out.actual(code, win)))
            if code == win:
                d = detect(strong, k, own)
                return d.p_value, d.p_own, k
            cands = cands[data[g, cands] == code]
        raise AssertionError("the game did not end on its answer")

    games: dict[
        str, dict[str, list]
    ] = {}  # label -> {"honest": [...], "cheat2": [...], "cheat3": [...]}

    def record(label: str, kind: str, rows: list[int], answer: int) -> None:
        games.setdefault(label, {"honest": [], "cheat2": [], "cheat3": []})[kind].append(
            judge(rows, answer)
        )

    def play_all(label: str, paths: list[list[int]]) -> None:
        for a, rows in enumerate(paths):
            record(label, "honest", rows, a)
            for c in (2, 3):
                if len(rows) >= c:
                    record(label, f"cheat{c}", rows[: c - 1] + [int(m.answer_to_guess[a])], a)

    # Perfect play: the strong player's own games.
    from wordlelab.exact.tree import find_bundled_tree

    tree = find_bundled_tree(m.guesses, m.answers, args.hard)
    if tree is not None:
        play_all(
            f"tree:{tree.opener}", [[m.guesses.index(w) for w in tree.paths[a]] for a in m.answers]
        )
    entropy = make_strategy("entropy")
    for word in openers:
        first = m.guesses.index(word)
        played = play_tree(entropy, m, first, hard=args.hard)
        assert played is not None
        turns, rows, _ = played
        play_all(f"entropy:{word}", [[int(g) for g in rows[a, : turns[a]]] for a in range(n)])
    for i, word in enumerate(openers):
        rng = np.random.default_rng([args.seed, i])
        first = m.guesses.index(word)
        paths = []
        for a in range(n):
            rows = [first]
            cands = np.arange(n)
            while int(data[rows[-1], a]) != win:
                cands = cands[data[rows[-1], cands] == data[rows[-1], a]]
                rows.append(int(m.answer_to_guess[int(cands[rng.integers(cands.size)])]))
            paths.append(rows)
        play_all(f"random-candidate:{word}", paths)

    def shares(results: list, t: tuple[float, float, float]) -> dict[str, object]:
        verdicts = [
            verdict_of(p, o, suspicious_p=t[0], unusual_p=t[1], own_p=t[2]) for p, o, _ in results
        ]
        total = len(verdicts)
        out: dict[str, object] = {"games": total}
        for level in LEVELS:
            out[level] = round(sum(v == level for v in verdicts) / total, 5) if total else None
        out["flagged"] = (
            round(sum(v != "plausible" for v in verdicts) / total, 5) if total else None
        )
        return out

    def by_player(kind: str, t: tuple[float, float, float]) -> dict[str, object]:
        table = {label: shares(g[kind], t) for label, g in games.items()}
        for family in ("tree", "entropy", "random-candidate"):
            pooled = [
                r for label, g in games.items() if label.split(":")[0] == family for r in g[kind]
            ]
            if pooled:
                table[f"{family} (all openers)"] = shares(pooled, t)
        table["all"] = shares([r for g in games.values() for r in g[kind]], t)
        return table

    default = THRESHOLDS[0]
    honest_all = [r for g in games.values() for r in g["honest"]]
    result = {
        "benchmark": "detector calibration",
        "command": "python benchmarks/bench_detector.py "
        + " ".join(f"--{k} {v}" for k, v in vars(args).items() if v not in (None, False)).replace(
            "--hard True", "--hard"
        ),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "code": _util.commit(),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "lists": {
            "answers": m.answers.name,
            "answer_count": n,
            "guesses": len(m.guesses),
            "mode": "hard" if args.hard else "normal",
        },
        "strong_player": strong.name,
        "strong_distribution": strong.distribution,
        "openers": openers,
        "seed": args.seed,
        "thresholds_default": {
            "suspicious_p": default[0],
            "unusual_p": default[1],
            "own_p": default[2],
        },
        "honest": by_player("honest", default),
        "cheated_row2": by_player("cheat2", default),
        "cheated_row3": by_player("cheat3", default),
        "honest_solved_in_2": shares([r for r in honest_all if r[2] == 2], default),
        "thresholds": [
            {
                "suspicious_p": t[0],
                "unusual_p": t[1],
                "own_p": t[2],
                "honest": shares(honest_all, t),
                "cheated_row2": shares([r for g in games.values() for r in g["cheat2"]], t),
                "cheated_row3": shares([r for g in games.values() for r in g["cheat3"]], t),
            }
            for t in THRESHOLDS
        ],
        "seconds": round(time.perf_counter() - start, 1),
    }
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
