"""Measure evaluate() and the exact game review, printed as JSON (no assertions).

python benchmarks/bench_evaluate.py salet [--hard] [--limit N]
    every position after the opener SALET on the original lists (each feedback group),
    evaluated exactly by search (the shipped tree is not used), one after another in
    feedback-code order; the distribution of the times and the sum (7920 normal, 8122 hard).
python benchmarks/bench_evaluate.py games [--games 200] [--budget 400M] [--lists nyt] [--hard] [--prove]
    games seeded at random (a random allowed opener, then each guess by the entropy strategy
    or a random possible answer, half and half), each reviewed end to end with ``review``
    (``budget`` look-ups of exact search per part of a step: the same figures on any machine);
    the share of exact steps in all and by turn (the opener counted exact when the shipped
    opener table, ``opener_value``, gives its value), the time per
    game and per step, the share of steps that fell back to bounds (in all and by turn), the
    slowest step, and the load average before and after. The warm-up (kernels, the counting
    bounds at the start) is timed once, apart. ``--prove``: each review proves the tree after an
    opener with none on first use (in a fresh data folder) and keeps it; the first review after
    each new opener (its proof included: p50, p90, max) and a second game with the same opener,
    reviewed as a new process would (the kept tree read and replayed), are timed apart.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

import _util
from _util import machine, peak_rss_mb


def _dist(times: list[float]) -> dict[str, float]:
    s = sorted(times)
    q = lambda f: s[min(len(s) - 1, int(f * len(s)))]  # noqa: E731
    return {
        "n": len(s),
        "median_s": round(statistics.median(s), 4),
        "p90_s": round(q(0.9), 4),
        "p99_s": round(q(0.99), 4),
        "max_s": round(s[-1], 4),
        "sum_s": round(sum(s), 2),
    }


def _work_dist(work: list[int]) -> dict[str, int]:
    """Look-ups of exact search per game: the same on any machine (the times are not)."""
    s = sorted(work) or [0]
    return {
        "median": int(statistics.median(s)),
        "p90": s[min(len(s) - 1, int(0.9 * len(s)))],
        "max": s[-1],
    }


def bench_salet(args: argparse.Namespace) -> dict:
    import numpy as np

    from wordlelab.exact.evaluation import evaluate
    from wordlelab.game import Position
    from wordlelab.game.matrix import PatternMatrix
    from wordlelab.game.words import WordList

    m = PatternMatrix.load(WordList.bundled("allowed"), WordList.bundled("answers"))
    root = Position.start(m, hard=args.hard)
    g = m.guesses.index(args.opener)
    codes = [int(c) for c in np.unique(m.row(g)) if c != m.win_code][: args.limit or None]
    # Compile the kernels (cached on disk after the first run) on a tiny group first.
    t = time.perf_counter()
    evaluate(root.after(g, min(codes, key=lambda c: (m.row(g) == c).sum())), use_tree=False)
    warm = time.perf_counter() - t
    times, rows, total = [], [], len(m.answers)
    for c in codes:
        pos = root.after(g, c)
        t = time.perf_counter()
        ev = evaluate(pos, use_tree=False)
        dt = time.perf_counter() - t
        times.append(dt)
        total += ev.upper
        rows.append(
            {
                "pattern": c,
                "answers": int(pos.candidates.size),
                "total": ev.upper,
                "exact": ev.exact,
                "seconds": round(dt, 4),
            }
        )
    slow = sorted(rows, key=lambda r: -r["seconds"])[:5]
    buckets = {"<=10ms": 0, "<=50ms": 0, "<=200ms": 0, "<=2s": 0, ">2s": 0}
    for dt in times:
        key = (
            "<=10ms"
            if dt <= 0.01
            else "<=50ms"
            if dt <= 0.05
            else "<=200ms"
            if dt <= 0.2
            else "<=2s"
            if dt <= 2
            else ">2s"
        )
        buckets[key] += 1
    return {
        "bench": "evaluate-salet",
        "lists": "original",
        "mode": "hard" if args.hard else "normal",
        "opener": args.opener,
        "groups": len(codes),
        "opener_total": total,
        "all_exact": all(r["exact"] for r in rows),
        "warmup_s": round(warm, 2),
        "times": _dist(times),
        "buckets": buckets,
        "slowest": slow,
        "peak_rss_mb": peak_rss_mb(),
        "machine": machine(),
    }


def bench_games(args: argparse.Namespace) -> dict:
    import numpy as np

    from wordlelab.exact.budgets import parse_work
    from wordlelab.exact.evaluation import evaluate
    from wordlelab.game import Position
    from wordlelab.game.lists import load_lists
    from wordlelab.judge.review import review
    from wordlelab.strategies import make_strategy

    budget = parse_work(args.budget)
    lists = load_lists(5, "en", lists=args.lists)
    m = lists.matrix()
    rng = np.random.default_rng(args.seed)
    strategy = make_strategy("entropy")
    openers = _openers(args.openers, m, args.hard)
    load_before = os.getloadavg()
    # Once per process, not per game: the kernels (compiled or loaded from numba's cache) and the
    # counting bounds at the start, which every game's first step shares.
    # A game reviewed first too: the review's other kernels compile (numba recompiles a module's
    # kernels after its source changed) outside the first measured game.
    t = time.perf_counter()
    evaluate(Position.start(m, hard=args.hard), guess=m.guesses[0], budget=budget)
    warm_answer = m.answers[0]
    review(
        m,
        [(w, _score(w, warm_answer)) for w in (m.guesses[0], warm_answer)],
        answer=warm_answer,
        budget=budget,
        hard=args.hard,
    )
    warm = time.perf_counter() - t
    games, step_times, fallback, steps, slowest = [], [], 0, 0, (0.0, "")
    by_turn: dict[int, list[int]] = {}
    by_size: dict[str, list[int]] = {}  # answers before the step: [steps, steps with bounds]
    lifted = 0  # steps from a lost position, valued with the guess limit lifted (review.py)
    slow_step = {"seconds": 0.0}
    errors = []
    table_exact = 0
    no_best = 0  # steps naming no best guess though the played guess has a value (an upper bound)
    game_work: list[int] = []
    game_cpu: list[
        float
    ] = []  # CPU seconds: under a heavy load closer to a quiet machine's wall clock
    first_use = _FirstUse()

    def summary(games_done: int) -> dict:
        return {
            "bench": "review-games",
            "lists": args.lists,
            "mode": "hard" if args.hard else "normal",
            "games": args.games,
            "games_done": games_done,
            "seed": args.seed,
            "play": (
                "random allowed opener"
                if not openers
                else f"random opener of {len(openers)}: {', '.join(openers)}"
            )
            + ", then entropy or a random possible answer (half and half)",
            "budget_lookups_per_part": budget,
            "warmup_s": round(warm, 2),
            "exact_share": round(1 - fallback / max(1, steps), 4),
            "exact_share_by_turn": {
                str(k): round(1 - v[1] / v[0], 3) for k, v in sorted(by_turn.items())
            },
            "exact_share_by_answers_before": {
                k: {"steps": v[0], "exact_share": round(1 - v[1] / v[0], 3)}
                for k, v in sorted(by_size.items(), key=lambda kv: SIZE_BUCKETS.index(kv[0]))
            },
            "openers_exact_from_table": table_exact,
            "steps_with_limit_lifted": lifted,
            "steps_naming_no_best_guess": no_best,
            "errors": errors,
            "per_game": _dist(games),
            "work_per_game": _work_dist(game_work),
            "cpu_per_game": _dist(game_cpu),
            "per_step": _dist(step_times),
            "steps": steps,
            "steps_with_bounds": fallback,
            "bounds_share": round(fallback / max(1, steps), 4),
            "bounds_share_by_turn": {
                str(k): round(v[1] / v[0], 3) for k, v in sorted(by_turn.items())
            },
            "steps_by_turn": {str(k): v[0] for k, v in sorted(by_turn.items())},
            "slowest_step": slow_step,
            "slowest_game_s": round(slowest[0], 3),
            "slowest_game": slowest[1],
            "first_use_proof": first_use.summary() if args.prove else None,
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in os.getloadavg()],
            "peak_rss_mb": peak_rss_mb(),
            "machine": machine(),
        }

    for i in range(args.games):
        answer = m.answers[int(rng.integers(len(m.answers)))]
        opener = (
            m.guesses[int(rng.integers(len(m.guesses)))]
            if not openers
            else openers[int(rng.integers(len(openers)))]
        )
        words = _mixed_game(strategy, m, answer, opener, args.hard, rng)
        history = [(w, _score(w, answer)) for w in words]
        t = time.perf_counter()
        c = time.process_time()
        try:
            r = review(m, history, answer=answer, budget=budget, hard=args.hard, prove=args.prove)
        except Exception as exc:  # noqa: BLE001 - e.g. a hard-mode position no strategy solves in time
            errors.append({"game": ".".join(words), "error": str(exc)[:200]})
            continue
        dt = time.perf_counter() - t
        games.append(dt)
        if args.prove and r.proof is not None:
            first_use.record(r, dt, time.process_time() - c, words)
            if r.proof.proved_now:
                first_use.second_game(m, opener, strategy, rng, budget, args.hard)
        game_work.append(sum(s.work for s in r.steps))
        game_cpu.append(time.process_time() - c)
        for s in r.steps:
            steps += 1
            exact = s.exact
            if (
                s.turn == 1
                and not exact
                and opener_value(args.lists, "hard" if args.hard else "normal", s.guess) is not None
            ):
                exact = True  # the shipped opener table values the opener exactly
                table_exact += 1
            s.exact = exact
            fallback += not s.exact
            counts = by_turn.setdefault(s.turn, [0, 0])
            counts[0] += 1
            counts[1] += not s.exact
            lifted += s.limit_lifted
            no_best += s.best is None and s.played_expected is not None
            size = by_size.setdefault(_size_bucket(s.before), [0, 0])
            size[0] += 1
            size[1] += not s.exact
            step_times.append(s.seconds)
            if s.seconds > slow_step["seconds"]:
                slow_step = {
                    "seconds": s.seconds,
                    "game": ".".join(words),
                    "turn": s.turn,
                    "answers_before": s.before,
                    "exact": s.exact,
                }
        if dt > slowest[0]:
            slowest = (dt, f"{'.'.join(words)} (answer {answer})")
        # One line per game on stderr, so a long run can be watched (and cut short).
        print(
            json.dumps(
                {
                    "game": i,
                    "seconds": round(dt, 3),
                    "steps": len(r.steps),
                    "bounds": sum(not s.exact for s in r.steps),
                }
            ),
            file=sys.stderr,
            flush=True,
        )
        if args.snapshot is not None:
            args.snapshot(summary(games_done=i + 1))  # a long run cut short keeps its games
    return summary(games_done=args.games)


class _FirstUse:
    """What the first-use proof of openers' trees did over the games (``--prove``): the first
    review after each opener proven (the proof included), and a second game with the same opener
    reviewed as a new process would (the kept tree read from the data folder and replayed again)."""

    def __init__(self) -> None:
        self.status: dict[str, int] = {}
        self.first: list[float] = []  # seconds: the review that proved its opener's tree
        self.first_work: list[int] = []  # look-ups of those proofs
        # CPU seconds of those reviews, every thread's: under a heavy load closer than the wall
        # clock to what a quiet machine takes (with two threads, about twice its wall clock)
        self.first_cpu: list[float] = []
        self.second: list[float] = []  # seconds: the next game with that opener
        self.second_steps = [0, 0]  # steps, exact steps
        self.second_errors = 0  # second games that could not be reviewed (e.g. too long)
        self.slowest = {"seconds": 0.0}

    def record(self, r, dt: float, cpu: float, words: list[str]) -> None:
        p = r.proof
        self.status[p.status] = self.status.get(p.status, 0) + 1
        if p.proved_now:
            self.first.append(dt)
            self.first_cpu.append(cpu)
            self.first_work.append(p.work)
            if dt > self.slowest["seconds"]:
                self.slowest = {
                    "seconds": round(dt, 3),
                    "proof_s": round(p.seconds, 3),
                    "opener": p.opener,
                    "status": p.status,
                    "work": p.work,
                    "game": ".".join(words),
                }

    def second_game(self, m, opener: str, strategy, rng, budget: int, hard: bool) -> None:
        from wordlelab.judge.review import review

        answer = m.answers[int(rng.integers(len(m.answers)))]
        words = _mixed_game(strategy, m, answer, opener, hard, rng)
        history = [(w, _score(w, answer)) for w in words]
        # A review of its own context, as in a new process: the kept tree is read and replayed again.
        t = time.perf_counter()
        try:
            r = review(m, history, answer=answer, budget=budget, hard=hard, prove=True)
        except Exception:  # noqa: BLE001 - e.g. more guesses than allowed (hard mode's traps)
            self.second_errors += 1
            return
        self.second.append(time.perf_counter() - t)
        self.second_steps[0] += len(r.steps)
        self.second_steps[1] += sum(s.exact for s in r.steps)

    def summary(self) -> dict:
        work = sorted(self.first_work) or [0]
        return {
            "statuses": self.status,
            "openers_proven": len(self.first),
            "first_review_s": _dist(self.first) if self.first else None,
            "first_review_cpu_s": _dist(self.first_cpu) if self.first_cpu else None,
            "proof_work": {
                "median": int(statistics.median(work)),
                "p90": work[min(len(work) - 1, int(0.9 * len(work)))],
                "max": work[-1],
            },
            "slowest_first_review": self.slowest,
            "second_game_s": _dist(self.second) if self.second else None,
            "second_game_errors": self.second_errors,
            "second_game_exact_share": round(
                self.second_steps[1] / max(1, self.second_steps[0]), 4
            ),
        }


SIZE_BUCKETS = ["<=50", "51-100", "101-200", "201-300", "301-400", "401-800", ">800"]


def _size_bucket(n: int) -> str:
    for top, name in zip((50, 100, 200, 300, 400, 800), SIZE_BUCKETS, strict=False):
        if n <= top:
            return name
    return SIZE_BUCKETS[-1]


def opener_value(lists: str, mode: str, word: str) -> int | None:
    """The opener's exact total from the shipped opener table, or None (no table, or a bound)."""
    try:
        from wordlelab.exact.opener_values import opener_table  # shipped by the opener-tables work
    except ImportError:
        return None
    try:
        v = opener_table(lists, mode == "hard").value(word)
    except Exception:  # noqa: BLE001 - no table for these lists
        return None
    return v.total if v.exact and v.total is not None else None


def _openers(spec: str, m, hard: bool) -> list[str]:
    """The openers to draw from: none given, every allowed guess ([]); ``shipped``, those with a
    shipped opener tree for these lists and mode; else a comma-separated list."""
    if not spec:
        return []
    if spec == "shipped":
        from wordlelab.exact.tree import bundled_opener_tree, bundled_opener_trees

        mode = "hard" if hard else "normal"
        words = []
        for name in bundled_opener_trees():
            meta = bundled_opener_tree(name).meta
            if meta.get("answers") == m.answers.fingerprint and meta.get("mode") == mode:
                words.append(meta["opener"])
        return words
    words = [w.strip().lower() for w in spec.split(",") if w.strip()]
    bad = [w for w in words if w not in m.guesses]
    if bad:
        raise SystemExit(f"bench_evaluate.py: --openers: not allowed guesses: {', '.join(bad)}")
    return words


def _mixed_game(strategy, m, answer: str, opener: str, hard: bool, rng) -> list[str]:
    """A game: ``opener``, then each guess by ``strategy`` or a random possible answer (half and half)."""
    from wordlelab.game import Position

    pos = Position.start(m, hard=hard)
    words = []
    w = opener
    while True:
        words.append(w)
        pos = pos.after(w, _score(w, answer))
        if pos.solved or len(words) >= 12:
            return words
        if rng.random() < 0.5:
            w = strategy.choose(pos).word
        else:
            cands = pos.candidate_words
            w = cands[int(rng.integers(len(cands)))]


def _score(guess: str, answer: str):
    from wordlelab.game.feedback import score

    return score(guess, answer)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("part", choices=["salet", "games"])
    ap.add_argument("--hard", action="store_true")
    ap.add_argument("--opener", default="salet")
    ap.add_argument("--limit", type=int, default=0, help="only the first N groups (salet)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument(
        "--budget",
        default=None,
        help="look-ups of exact search per part of a step (default: the library's, REVIEW_WORK)",
    )
    ap.add_argument("--lists", default="nyt")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--openers",
        default="",
        help="games open with one of these (comma-separated, or 'shipped': those with a shipped "
        "opener tree); default any allowed guess",
    )
    ap.add_argument(
        "--prove",
        action="store_true",
        help="games: prove the tree after each opener with none on first use (review(prove=True)), "
        "kept in a fresh data folder; also a second game with each opener proven",
    )
    ap.add_argument(
        "--note", default="", help="recorded with the figures (e.g. which code was measured)"
    )
    args = ap.parse_args()
    from wordlelab.exact.budgets import REVIEW_WORK, format_work, parse_work

    if args.budget is None:
        args.budget = format_work(REVIEW_WORK)
    try:
        budget = parse_work(args.budget)
    except ValueError as exc:
        ap.error(f"--budget: {exc}")
    if args.prove:
        import tempfile

        # A fresh data folder: every opener's tree is proven here, none kept from earlier runs.
        os.environ["WORDLELAB_DATA_DIR"] = tempfile.mkdtemp(prefix="bench-evaluate-prove-")
    args.snapshot = None
    if args.part == "games" and args.prove:
        # Written after every game as well: a run on a busy machine cut short keeps its figures.
        args.snapshot = lambda partial: _util.emit(
            result_name(args, budget), {**partial, "code": _util.commit(), "note": args.note}
        )
    out = bench_salet(args) if args.part == "salet" else bench_games(args)
    out["code"] = _util.commit()
    if args.note:
        out["note"] = args.note
    _util.emit(result_name(args, budget), out)


def result_name(args: argparse.Namespace, budget: int) -> str:
    from wordlelab.exact.budgets import REVIEW_WORK, format_work

    hard = "_hard" if args.hard else ""
    name = (
        f"evaluate_salet_original{hard}"
        if args.part == "salet"
        else f"evaluate_games_{args.lists}_work{hard}"
    )
    # Another budget than the review's default gets its own file (how coverage grows with work).
    if args.part == "games" and budget != REVIEW_WORK:
        name += f"_budget{format_work(budget)}"
    if args.part == "games" and args.prove:
        name += "_prove" + (f"_{args.games}games" if args.games != 200 else "")
    return name


if __name__ == "__main__":
    main()
