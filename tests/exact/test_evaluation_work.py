"""Budgets count work (look-ups inside the kernels), not seconds: the same figures at any load."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from wordlelab.exact.budgets import format_work, parse_work
from wordlelab.exact.evaluation import evaluate, proven_tree, tree_node
from wordlelab.game import Position
from wordlelab.game.feedback import score
from wordlelab.judge.review import review


def _figures(e):
    return (
        e.lower,
        e.upper,
        e.best,
        e.work,
        e.top_complete,
        None if e.guess is None else (e.guess.lower, e.guess.upper),
        [(g.word, g.upper) for g in e.top],
    )


def _busy(n: int) -> list[subprocess.Popen]:
    """``n`` processes that burn a core each until killed."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


def _stop(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        p.kill()
        p.wait()


def test_work_amounts_read_and_print():
    assert (
        parse_work("400M") == 400_000_000
        and parse_work("2g") == 2 * 10**9
        and parse_work("150k") == 150_000
    )
    assert parse_work("1234") == 1234 and parse_work(7) == 7
    assert format_work(400_000_000) == "400M" and format_work(1234) == "1234"
    for bad in ("nan", "inf", "-5M", "lots", ""):
        with pytest.raises(ValueError):
            parse_work(bad)


def test_a_budget_stops_at_the_same_work_every_time(matrix):
    """A budget that runs out mid-search gives the same bounds and the same work spent, again and
    again, and with two busy processes beside it: the stop is counted, not timed."""
    pos = Position.start(matrix).after("salet", ".....")  # 221 answers: 5M look-ups do not prove it
    truth = tree_node(pos, proven_tree(pos))[0]
    evaluate(
        Position.start(matrix).after("crane", "....."), budget=1000
    )  # whatever came before: another game
    runs = [_figures(evaluate(pos, guess="crony", top=3, budget=5_000_000, use_tree=False))]
    runs.append(_figures(evaluate(Position.start(matrix), budget=1000)))  # another game in between
    busy = _busy(2)
    try:
        runs.append(_figures(evaluate(pos, guess="crony", top=3, budget=5_000_000, use_tree=False)))
    finally:
        _stop(busy)
    assert runs[0] == runs[2]
    low, up = runs[0][:2]
    assert low <= truth <= up and low < up  # not proven: the budget did bind
    assert 5_000_000 <= runs[0][3]  # it spent its budget (a part stops just past its limit)


def test_the_memo_is_shared_within_a_game_only(matrix):
    """The next position of the same game reuses the memo; a position of another game starts from
    empty memos, so its figures do not depend on what was evaluated before."""
    one = Position.start(matrix).after("salet", ".....")
    two = one.after("crony", score("crony", "pithy"))
    evaluate(Position.start(matrix).after("crane", "....."), budget=1000)  # a game of its own first
    alone = _figures(evaluate(two, budget=10**9, use_tree=False))
    evaluate(
        Position.start(matrix).after("salet", "....y"), budget=10**9, use_tree=False
    )  # another game
    assert _figures(evaluate(two, budget=10**9, use_tree=False)) == alone
    evaluate(one, budget=10**9, use_tree=False)
    again = evaluate(
        two, budget=10**9, use_tree=False
    )  # the same game, one step on: the memo helps
    assert (again.lower, again.upper, again.best) == alone[:3] and again.work <= alone[3]


def test_no_wall_clock_stops_a_review_unless_asked(matrix, monkeypatch):
    """A budgeted review (the CLI's and the library's default) starts no wall-clock timer, so its
    figures depend on work alone; on a loaded machine the old 60 s net turned them into bounds."""
    import wordlelab.exact.evaluation as ev

    def no_timer(*args, **kwargs):
        raise AssertionError("a wall-clock timer was started")

    monkeypatch.setattr(ev.threading, "Timer", no_timer)
    game = [("salet", score("salet", "pithy")), ("crony", score("crony", "pithy"))]
    r = review(matrix, game, answer="pithy", budget=10**8)
    assert not any(s.timed_out for s in r.steps)


def test_the_safety_net_says_when_it_fires(matrix):
    """The wall clock only stops a search as a safety net, and the review then says so."""
    # A limit of 0 has fired before each search starts (a tiny limit raced the timer's thread: a
    # small position could be valued before it ran).
    game = [("salet", score("salet", "pithy")), ("crony", score("crony", "pithy"))]
    r = review(matrix, game, answer="pithy", budget=10**12, time_limit=0)
    assert any(s.timed_out for s in r.steps)
    assert any("safety time limit" in n for n in r.notes)
    assert r.to_dict()["steps"][1]["timed_out"] is True
    calm = review(matrix, game, answer="pithy")
    assert not any(s.timed_out for s in calm.steps) and not any("safety" in n for n in calm.notes)


def _analyse(budget: str) -> bytes:
    env = dict(os.environ)
    cmd = [
        sys.executable,
        "-m",
        "wordlelab",
        "analyse",
        "--played",
        # AUDIT leaves 434 answers: searched under 440M (434 x 1M per answer), and cut by it
        # (ADIEU was the game once; its tree now values the step with no search).
        "audit,story,crony",
        "--answer",
        "crony",
        "--budget",
        budget,
        "--json",
    ]
    r = subprocess.run(cmd, capture_output=True, env=env, timeout=600, check=False)
    assert r.returncode == 0, r.stderr.decode()
    return r.stdout


@pytest.mark.slow
def test_the_same_review_under_load_prints_the_same_bytes(default_lists):
    """The same command, once on a quiet machine and once beside two CPU-burning processes, prints
    byte-identical output (work spent included), with a budget that binds mid-search."""
    quiet = _analyse("440M")
    busy = _busy(2)
    try:
        time.sleep(0.5)
        loaded = _analyse("440M")
    finally:
        _stop(busy)
    assert quiet == loaded
    steps = json.loads(quiet)["steps"]
    assert not steps[1]["exact"] and steps[1]["work"] > 440_000_000  # the budget bound at step 2


@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize(
    ("opener", "answer", "budget"),
    [("caput", "anger", 30_000_000), ("vigor", "shush", 100_000_000), ("fetid", "dowdy", None)],
)
def test_a_guess_valued_in_one_kernel_call_gives_the_same_figures(
    matrix, monkeypatch, hard, opener, answer, budget
):
    """kernels/guess_total.py runs evaluate's group-by-group loop in one call: the same top N,
    values and work, whether the budget runs out on the way (30M, 100M) or not (None)."""
    import wordlelab.exact.evaluation as evaluation

    pos = Position.start(matrix, hard=hard).after(opener, score(opener, answer))
    got = []
    for batched in (True, False):
        monkeypatch.setattr(evaluation, "BATCHED", batched)
        e = evaluate(pos, top=10, budget=budget, use_tree=False, fresh=True)
        got.append((_figures(e), [(g.word, g.lower, g.upper) for g in e.top]))
    assert got[0] == got[1]
    assert got[0][1]  # a top was found


def test_a_call_never_starts_stopped(matrix):
    """A Ctrl-C that ended the last search (a session that goes on) leaves the stop flag set; the
    next evaluate() still searches, and gives what it gives alone."""
    from wordlelab.exact.context import ExactContext
    from wordlelab.exact.evaluation import _engines
    from wordlelab.exact.kernels import search as K

    pos = Position.start(matrix).after("caput", score("caput", "anger"))
    context = ExactContext()  # the session's, kept across its calls
    run = dict(top=5, budget=30_000_000, use_tree=False, fresh=True, context=context)
    alone = _figures(evaluate(pos, **run))
    _engines(context, pos).ctl[K.CTL_STOP] = 1
    again = _figures(evaluate(pos, **run))
    assert again == alone and again[3] > 0


def test_small_groups_start_no_threads(matrix, monkeypatch):
    """Thread starts cost a millisecond each on a busy machine, and a coach suggestion values
    tens of thousands of small groups: those run on the calling thread (INLINE_N), so a busy
    machine no longer pushes the suggestion past the safety net (CHANGELOG.md: 4.0 s against
    57.3 s beside two burners)."""
    import threading

    import wordlelab.exact.optimal as optimal

    started = []

    class Counted(threading.Thread):
        def start(self) -> None:
            started.append(self.name)
            super().start()

    monkeypatch.setattr(optimal.threading, "Thread", Counted)
    pos = Position.start(matrix).after("caput", score("caput", "anger"))  # 263 answers left
    e = evaluate(pos, top=10, budget=10**9, use_tree=False, fresh=True)
    assert e.exact and len(e.top) == 10
    assert len(started) <= 20, len(started)  # one per search of a group of over 100 answers
