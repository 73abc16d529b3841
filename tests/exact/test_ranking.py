"""Openers ranked by play and exactly: against brute force and simulate, resumable, any executor."""

from __future__ import annotations

import json
import sqlite3

import numpy as np
import pytest
from click.testing import CliRunner
from test_optimal import brute_force, matrix_for, sample

from wordlelab.assist.simulate import simulate
from wordlelab.cli.main import cli
from wordlelab.errors import UnknownStrategyError, UnknownWordError, WordlelabError
from wordlelab.exact.ranking import (
    LocalExecutor,
    OpenerRow,
    RankingError,
    RankJob,
    ResultStore,
    SerialExecutor,
    candidate_openers,
    opener_batches,
    rank,
    sort_rows,
    stored,
)
from wordlelab.strategies import make_strategy


@pytest.fixture(scope="module")
def small():
    gs, ans = sample(21, 25, 30)
    return gs, ans, matrix_for(gs, ans)


@pytest.mark.parametrize("seed,hard", [(21, False), (12, True)])
def test_exact_ranking_agrees_with_brute_force(seed, hard):
    gs, ans = sample(seed, 20, 25)
    m = matrix_for(gs, ans)
    job = RankJob.exact(hard=hard, memo_mb=8)
    res = rank(m, job, candidate_openers(m, job, None))
    assert sorted(r.word for r in res.rows) == sorted(gs)
    for r in res.rows:
        assert r.exact and r.total == brute_force(gs, ans, 6, hard, opener=r.word), r
    assert [r.total for r in res.rows] == sorted(r.total for r in res.rows)


@pytest.mark.parametrize("seed,max_guesses", [(12, 3), (31, 2)])
def test_hard_ranking_by_fewest_lost_then_guesses_agrees_with_brute_force(seed, max_guesses):
    """Hard mode ranks by hard mode's objective (issue 51): with few guesses every opener loses
    answers, and each row's (lost, guesses) is the brute-force oracle's."""
    from reference import brute_force_losses

    from wordlelab.exact.kernels.search import LOSS_WEIGHT
    from wordlelab.exact.ranking import LOSS_WEIGHT as RANKING_WEIGHT

    assert RANKING_WEIGHT == int(LOSS_WEIGHT)
    gs, ans = sample(seed, 12, 12)
    m = matrix_for(gs, ans)
    job = RankJob.exact(hard=True, max_guesses=max_guesses, memo_mb=8)
    res = rank(m, job, candidate_openers(m, job, None))
    got = {r.word: (r.lost, r.guesses) for r in res.rows}
    assert got == {w: brute_force_losses(gs, ans, max_guesses, True, guess=w) for w in gs}
    assert all(r.exact and r.solvable for r in res.rows)
    # (With two guesses for 12 answers, some openers must lose answers.)
    assert max_guesses > 2 or any(lost for lost, _ in got.values())
    order = [(r.lost, r.guesses, r.word) for r in res.rows]
    assert order == sorted(order)


def test_best_only_cuts_soundly(small):
    gs, ans, m = small
    job = RankJob.exact(memo_mb=8)
    full = rank(m, job, gs)
    best = rank(m, job, gs, best_only=True)
    assert best.rows[0].total == full.rows[0].total and best.rows[0].exact
    cut = [r for r in best.rows if not r.exact]
    assert cut, "some opener must be cut on this sample"
    for r in best.rows:
        want = brute_force(gs, ans, 6, False, opener=r.word)
        if r.exact:
            assert r.total == want
        else:
            assert best.rows[0].total < r.total <= want  # a proven bound that cannot beat the best


def test_best_only_rows_do_not_depend_on_workers_or_memo(small):
    """A --best run gives the same rows one opener at a time and with two worker processes (whose
    memos and finishing order differ), and in another order of the openers after the first."""
    gs, ans, m = small
    job = RankJob.exact(memo_mb=8)
    order = candidate_openers(m, job, None)
    serial = rank(m, job, order, best_only=True)
    pooled = rank(m, job, order, best_only=True, executor=LocalExecutor(2))
    shuffled = rank(m, job, [order[0], *reversed(order[1:])], best_only=True)
    want = [(r.word, r.total, r.exact) for r in serial.rows]
    assert [(r.word, r.total, r.exact) for r in pooled.rows] == want
    assert [(r.word, r.total, r.exact) for r in shuffled.rows] == want
    assert any(not r.exact for r in serial.rows)
    for r in serial.rows:
        if not r.exact:
            assert r.total > serial.rows[0].total


def test_known_best_cuts_every_opener_that_cannot_tie_it(small):
    gs, ans, m = small
    job = RankJob.exact(memo_mb=8)
    best = rank(m, job, gs).rows[0].total
    res = rank(m, job, gs, best_only=True, known_best=best)
    for r in res.rows:
        want = brute_force(gs, ans, 6, False, opener=r.word)
        assert (r.exact and r.total == want == best) or (not r.exact and best < r.total <= want), r


def test_by_play_matches_simulate(small):
    gs, ans, m = small
    job = RankJob.by_play("entropy")
    words = candidate_openers(m, job, 6)
    assert len(words) == 6
    res = rank(m, job, words)
    strategy = make_strategy("entropy")
    for r in res.rows:
        sim = simulate(strategy, m, opener=r.word, cache=False)
        assert (r.total, r.worst, r.failures, r.games) == (
            sim.total,
            sim.worst,
            len(sim.failed),
            len(ans),
        )
    assert res.rows == sort_rows(res.rows)


def test_hard_by_play_and_options_change_the_key(small):
    _, _, m = small
    keys = {
        RankJob.by_play("entropy").key(m),
        RankJob.by_play("entropy", hard=True).key(m),
        RankJob.by_play("splits").key(m),
        RankJob.exact().key(m),
        RankJob.exact(hard=True).key(m),
        RankJob.exact(max_guesses=5).key(m),
    }
    assert len(keys) == 6
    assert RankJob.exact(memo_mb=8).key(m) == RankJob.exact(memo_mb=64).key(m)


def test_sort_rule():
    rows = [
        OpenerRow("b", 10, True, 5, 3, 1),
        OpenerRow("a", 10, True, 5, 3, 1),
        OpenerRow("c", 10, True, 5, 3, 0),
        OpenerRow("d", 9, False, 5),
        OpenerRow("e", 9, True, 5),
    ]
    assert [r.word for r in sort_rows(rows)] == ["e", "d", "c", "a", "b"]


def test_interrupted_run_resumes_without_loss_or_duplicates(small, tmp_path):
    gs, _, m = small
    job = RankJob.exact(memo_mb=8)
    path = tmp_path / "r.sqlite"
    seen: list[str] = []

    def stop_after_five(row: OpenerRow) -> None:
        seen.append(row.word)
        if len(seen) == 5:
            raise KeyboardInterrupt

    with ResultStore(path) as store, pytest.raises(KeyboardInterrupt):
        rank(m, job, gs, store=store, on_row=stop_after_five)
    with ResultStore(path) as store:
        assert sorted(r.word for r in stored(m, job, store)) == sorted(seen)
        again = rank(m, job, gs, store=store)
        assert (again.reused, again.computed) == (5, len(gs) - 5)
        assert store.count(job.key(m)) == len(gs)
        third = rank(m, job, gs, store=store)
        assert (third.reused, third.computed) == (len(gs), 0)
    fresh = rank(m, job, gs)
    assert [(r.word, r.total) for r in again.rows] == [(r.word, r.total) for r in fresh.rows]
    assert [(r.word, r.total) for r in third.rows] == [(r.word, r.total) for r in fresh.rows]
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*), COUNT(DISTINCT word) FROM results").fetchone() == (
            len(gs),
            len(gs),
        )


def test_store_never_mixes_modes_or_lists(small, tmp_path):
    gs, ans, m = small
    with ResultStore(tmp_path / "r.sqlite") as store:
        rank(m, RankJob.exact(memo_mb=8), gs[:4], store=store)
        hard = rank(m, RankJob.exact(hard=True, memo_mb=8), gs[:4], store=store)
        assert hard.reused == 0
        other = matrix_for(gs, ans[:-1])
        assert rank(other, RankJob.exact(memo_mb=8), gs[:4], store=store).reused == 0


def test_store_keeps_exact_values_and_upgrades_bounds(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        assert store.put("k", OpenerRow("salet", 50, False, 10))
        assert store.put("k", OpenerRow("salet", 55, True, 10))
        assert not store.put(
            "k", OpenerRow("salet", 56, True, 10)
        )  # an exact value is written once
        assert not store.put("k", OpenerRow("salet", 60, False, 10))
        assert store.rows("k")["salet"] == OpenerRow("salet", 55, True, 10, seconds=0.0)


def test_bad_store_file_is_reported_and_left_alone(tmp_path):
    path = tmp_path / "r.sqlite"
    junk = b"this is not a database, and it holds something precious" * 50
    path.write_bytes(junk)
    with pytest.raises(RankingError, match="not an SQLite database"):
        ResultStore(path)
    assert path.read_bytes() == junk


def test_bad_input_fails_before_work(small):
    gs, _, m = small
    with pytest.raises(UnknownStrategyError):
        RankJob.by_play("no-such-strategy")
    with pytest.raises(WordlelabError):
        RankJob.by_play("entropy", no_such_option=3)
    with pytest.raises(UnknownWordError):
        rank(m, RankJob.exact(), ["zzzzz"])
    with pytest.raises(RankingError):
        rank(m, RankJob.by_play("entropy"), gs[:2], best_only=True)
    with pytest.raises(RankingError):
        candidate_openers(m, RankJob.exact(), 0)


ANAGRAMS = ["stare", "tears", "rates", "aster", "least", "slate", "steal", "crane", "nacre"]


def test_openers_sharing_their_letters_run_as_one_batch():
    words = ["stare", "crane", "slate", "tears", "nacre", "pious", "rates", "least"]
    assert opener_batches(words, RankJob.exact()) == [
        ("stare", "tears", "rates"),
        ("crane", "nacre"),
        ("slate", "least"),
        ("pious",),
    ]
    assert opener_batches(words, RankJob.by_play("entropy")) == [(w,) for w in words]


@pytest.mark.parametrize("hard", [False, True])
def test_batched_openers_keep_their_exact_values(hard):
    # One worker's memo carries each batch's all-grey group from opener to opener: the values
    # must stay those of every opener solved alone (brute force), with the limit tight (3) and not.
    _, ans = sample(31, 18, 0)
    gs = sorted(set(ans) | set(ANAGRAMS))
    m = matrix_for(gs, ans)
    for max_guesses in (3, 6):
        job = RankJob.exact(hard=hard, max_guesses=max_guesses, memo_mb=8)
        res = rank(m, job, ANAGRAMS + [w for w in gs if w not in ANAGRAMS][:4])
        for r in res.rows:
            want = brute_force(gs, ans, max_guesses, hard, opener=r.word)
            got = r.total if r.total < (1 << 40) else float("inf")
            assert r.exact and got == want, (r, want)


def test_process_pool_gives_the_serial_results(small, tmp_path):
    gs, _, m = small
    job = RankJob.exact(memo_mb=8)
    serial = rank(m, job, gs, executor=SerialExecutor())
    with ResultStore(tmp_path / "r.sqlite") as store:
        pooled = rank(m, job, gs, executor=LocalExecutor(2), store=store)
        assert store.count(job.key(m)) == len(gs)
    assert [(r.word, r.total) for r in pooled.rows] == [(r.word, r.total) for r in serial.rows]
    assert pooled.workers == 2


def test_exact_candidates_follow_the_bound(small):
    gs, _, m = small
    from wordlelab.exact.optimal import Engine

    job = RankJob.exact()
    words = candidate_openers(m, job, 10)
    bounds = Engine(m, memo_mb=1).bounds(np.arange(len(m.answers)), 6)
    values = [int(bounds[m.guesses.index(w)]) for w in words]
    assert values == sorted(values) and len(words) == 10
    assert max(values) <= min(int(bounds[m.guesses.index(w)]) for w in gs if w not in words)


# --------------------------------------------------------------------------- the CLI


def _files(tmp_path, small):
    gs, ans, _ = small
    g, a = tmp_path / "g.txt", tmp_path / "a.txt"
    g.write_text("\n".join(gs) + "\n")
    a.write_text("\n".join(ans) + "\n")
    return ["--words", str(g), "--answers", str(a)]


def test_cli_exact_json_csv_and_resume(small, tmp_path):
    gs, ans, _ = small
    lists = _files(tmp_path, small)
    store, csv = tmp_path / "s.sqlite", tmp_path / "t.csv"
    args = ["openers", "--exact", "--all", "--backend", "serial", "--store", str(store), *lists]
    r = CliRunner().invoke(cli, [*args, "--json", "--csv", str(csv)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["openers"] == len(gs) and data["computed"] == len(gs)
    top = data["rows"][0]
    assert top["total"] == brute_force(gs, ans, 6, False, opener=top["word"])
    assert top["total"] == min(row["total"] for row in data["rows"])
    assert csv.read_text().splitlines()[1].startswith(f"1,{top['word']},{top['total']},")
    r = CliRunner().invoke(cli, [*args, "-n", "3"])
    assert r.exit_code == 0, r.output
    assert f"0 computed, {len(gs)} from the store" in r.stdout
    assert top["word"] in r.stdout


def test_cli_by_play_table(small, tmp_path):
    r = CliRunner().invoke(
        cli,
        [
            "openers",
            "--by-play",
            "entropy",
            "-c",
            "3",
            "--backend",
            "serial",
            "--store",
            str(tmp_path / "s.sqlite"),
            *_files(tmp_path, small),
        ],
    )
    assert r.exit_code == 0, r.output
    assert "3 openers by play (entropy)" in r.stdout and "failures" in r.stdout


@pytest.mark.parametrize(
    "extra,message",
    [
        (["--best"], "--best needs --by-play or --exact"),
        (["--by-play", "entropy", "--best"], "--best applies to --exact only"),
        (["--by-play", "entropy", "--exact"], "choose one of --by-play and --exact"),
        (["--by-play", "nope"], "unknown strategy 'nope'"),
        (["--exact", "--all", "-c", "3"], "choose one of --candidates and --all"),
    ],
)
def test_cli_bad_options_one_line(small, tmp_path, extra, message):
    r = CliRunner().invoke(
        cli, ["openers", *extra, "--store", str(tmp_path / "s.sqlite"), *_files(tmp_path, small)]
    )
    assert r.exit_code == 1
    assert r.stderr.strip().splitlines() == [
        f"wordlelab: error: {r.stderr.strip()[len('wordlelab: error: ') :]}"
    ]
    assert message in r.stderr and "Traceback" not in r.output


def test_cli_bad_store_keeps_the_file(small, tmp_path):
    store = tmp_path / "s.sqlite"
    store.write_bytes(b"not sqlite at all" * 100)
    r = CliRunner().invoke(
        cli,
        [
            "openers",
            "--exact",
            "-c",
            "2",
            "--backend",
            "serial",
            "--store",
            str(store),
            *_files(tmp_path, small),
        ],
    )
    assert r.exit_code == 1 and "not an SQLite database" in r.stderr
    assert store.read_bytes() == b"not sqlite at all" * 100


# --------------------------------------------------------------------------- Ray (optional extra)


@pytest.mark.slow
def test_ray_workers_give_the_serial_results_and_survive_a_killed_worker(tmp_path):
    """A local Ray with 2 worker processes: same rows as serial; a worker killed mid-run loses nothing."""
    ray = pytest.importorskip("ray")
    import os
    import signal
    from pathlib import Path

    if not Path("/proc/self/cmdline").exists():
        pytest.skip("finds Ray's worker processes through /proc")

    from wordlelab.exact.ranking import RayExecutor

    gs, ans = sample(62, 60, 80)
    m = matrix_for(gs, ans)
    job = RankJob.by_play("entropy")
    serial = rank(m, job, gs, executor=SerialExecutor())
    killed: list[int] = []

    def kill_a_busy_worker(row: OpenerRow) -> None:
        if killed:
            return
        # A worker running a task is titled "ray::_ray_task"; SIGKILL it as a crash would.
        for proc in Path("/proc").iterdir():
            try:
                cmd = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if (
                proc.name.isdigit()
                and cmd.startswith("ray::_ray_task")
                and int(proc.name) != os.getpid()
            ):
                os.kill(int(proc.name), signal.SIGKILL)
                killed.append(int(proc.name))
                return

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        with ResultStore(tmp_path / "r.sqlite") as store:
            res = rank(m, job, gs, executor=RayExecutor(2), store=store, on_row=kill_a_busy_worker)
            assert store.count(job.key(m)) == len(gs)
            with sqlite3.connect(store.path) as db:
                assert db.execute("SELECT COUNT(DISTINCT word) FROM results").fetchone() == (
                    len(gs),
                )
    finally:
        ray.shutdown()
    assert killed, "no busy Ray worker was found to kill"
    assert [(r.word, r.total, r.worst, r.failures) for r in res.rows] == [
        (r.word, r.total, r.worst, r.failures) for r in serial.rows
    ]
    assert res.backend == "ray" and res.computed == len(gs)


def test_cli_an_opener_with_no_tree_in_time_is_not_shown_as_a_huge_total(small, tmp_path):
    """An opener after which no strategy solves every answer within the guesses (hard mode's SLATE
    on the original lists) was ranked with the search's impossible total, 1099511627776, and a
    mean of 474951027.1171, in the table, the JSON and the CSV; the table now says it as the
    shipped table does (no tree within the limit), the JSON and the CSV mark the row unsolvable
    with no mean (the total stays the store's, which the tools read)."""
    lists = _files(tmp_path, small)
    store, csv = tmp_path / "s.sqlite", tmp_path / "t.csv"
    args = ["openers", "--exact", "-c", "3", "--max-guesses", "2", "--backend", "serial"]
    args += ["--store", str(store), *lists]
    r = CliRunner().invoke(cli, [*args, "--json", "--csv", str(csv)])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)["rows"]
    assert rows and all(row["solvable"] is False for row in rows), rows
    assert all(row["mean"] is None for row in rows)
    assert "474951027" not in r.stdout + csv.read_text()
    header, first = csv.read_text().splitlines()[:2]
    assert header.endswith(",solvable,lost") and first.endswith(",0,0")
    assert first.split(",")[3] == ""
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    assert "1099511627776" not in r.stdout and "no tree within 2" in r.stdout
