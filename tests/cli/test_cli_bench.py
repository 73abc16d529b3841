"""The bench, openers and strategies commands, on their real output."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from wordlelab.cli.main import cli


@pytest.fixture(scope="module")
def files(tmp_path_factory, answers, allowed):
    d = tmp_path_factory.mktemp("lists")
    ans = answers.words[::23][:100]
    guesses = sorted(set(ans) | set(allowed.words[::41][:200]))
    (d / "answers.txt").write_text("\n".join(ans) + "\n")
    (d / "guesses.txt").write_text("\n".join(guesses) + "\n")
    (d / "six.txt").write_text("planet\nstrong\n")
    (d / "not-guessable.txt").write_text("\n".join([*ans[:5], "qajaq"]) + "\n")
    return d


def run(*args):
    result = CliRunner().invoke(cli, list(args))
    return result


def small(files):
    return ["--answers", str(files / "answers.txt"), "--guesses", str(files / "guesses.txt")]


def test_bench_json(files):
    r = run("bench", "-s", "entropy,maxsplits,random", *small(files), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert [x["strategy"] for x in data["results"]] == ["entropy", "splits", "random"]
    for x in data["results"]:
        assert x["games"] == 100 and sum(x["distribution"]) + x["failures"] == 100
        assert x["mean"] >= 1 and x["worst"] >= 1 and x["games_per_second"] > 0
    assert data["answers"]["size"] == 100 and data["hard"] is False


def test_bench_table_histogram_and_reproducible(files):
    a = run("bench", "-s", "entropy,minimax", *small(files), "--hard", "--max-guesses", "4")
    b = run("bench", "-s", "entropy,minimax", *small(files), "--hard", "--max-guesses", "4")
    assert a.exit_code == 0, a.output
    assert "hard mode" in a.stdout and "mean" in a.stdout and "█" in a.stdout
    assert "entropy" in a.stdout and "minimax" in a.stdout

    def strip(s: str) -> list[list[str]]:
        return [line.split("│")[:-1] for line in s.splitlines() if "│" in line]  # drop games/s

    assert strip(a.stdout) == strip(b.stdout)


def test_bench_opener_pool_and_options(files):
    words = (files / "answers.txt").read_text().split()
    r = run(
        "bench",
        "-s",
        "lookahead",
        "-o",
        "m=3",
        "--opener",
        words[0].upper(),
        "--pool",
        "candidates",
        *small(files),
        "--json",
    )
    assert r.exit_code == 0, r.output
    x = json.loads(r.stdout)["results"][0]
    assert x["opener"] == words[0] and x["options"] == "lookahead(m=3,pool='candidates')"


def test_bench_plot(files, tmp_path):
    png = tmp_path / "h.png"
    r = run("bench", "-s", "frequency,rank", *small(files), "--plot", str(png))
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    "args, message",
    [
        (["-s", "telepathy"], "unknown strategy 'telepathy'; known: approx-entropy"),
        (["--opener", "zzzzz"], "'zzzzz' is not in the word list"),
        (["--opener", "toolong"], "has 7 letters"),
        (["-o", "m=3"], "takes no option m"),
        (["-o", "oops"], "is not KEY=VALUE"),
        (["-s", "entropy,frequency,maxinfo"], "strategy 'maxinfo' (= 'entropy') is named twice"),
    ],
)
def test_bench_bad_input_is_one_line_and_exit_1(files, args, message):
    r = run("bench", *small(files), *args)
    assert r.exit_code == 1
    assert message in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.output


def test_bench_bad_lists(files):
    r = run(
        "bench",
        "--answers",
        str(files / "not-guessable.txt"),
        "--guesses",
        str(files / "guesses.txt"),
    )
    assert r.exit_code == 1 and "not allowed guesses" in r.stderr and "qajaq" in r.stderr
    r = run("bench", "--answers", str(files / "six.txt"), "--guesses", str(files / "guesses.txt"))
    assert r.exit_code == 1 and "6-letter" in r.stderr
    r = run("bench", "--answers", str(files / "missing.txt"))
    assert r.exit_code == 1 and "no such file" in r.stderr


def test_openers_command(files):
    r = run("openers", "--metric", "minimax", "--top", "3", *small(files), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    values = [o["value"] for o in data["openers"]]
    assert len(values) == 3 and values == sorted(values) and data["metric"] == "minimax"
    r = run("openers", *small(files), "--top", "5")
    assert r.exit_code == 0 and "bits" in r.stdout and r.stdout.count("\n") >= 5
    r = run("openers", "--metric", "vibes")
    assert r.exit_code != 0 and "vibes" in r.stderr


def test_strategies_command():
    r = run("strategies")
    assert r.exit_code == 0
    for name, alias in (
        ("entropy", "maxinfo"),
        ("splits", "maxsplits"),
        ("expected-size", "maxprune"),
        ("lookahead", "m=50"),
        ("random", "seed=0"),
    ):
        line = next(line for line in r.stdout.splitlines() if line.startswith(name + " "))
        assert alias in line
    data = json.loads(run("strategies", "--json").stdout)
    assert {d["name"] for d in data} >= {"lsi", "rank", "approx-entropy", "entropy-then-answers"}


# -- strategy options: declared, typed, checked before any work (issue 15) --------------------------


@pytest.mark.parametrize(
    "strategy, option, message",
    [
        ("lookahead", "m=abc", "strategy 'lookahead' option m must be a whole number, not 'abc'"),
        ("approx-entropy", "top_percent=abc", "option top_percent must be a number, not 'abc'"),
        ("random", "seed=x", "option seed must be a whole number"),
        ("prior", "common=x", "option common must be a whole number"),
        ("entropy-then-answers", "n=x", "option n must be a whole number"),
        ("entropy-then-answers", "n=-1", "option n must be in 0..30, not '-1'"),
        ("prior", "common=0", "strategy 'prior' option common must be in 1..10000000"),
        ("lookahead", "m=99999999999999999999", "option m must be in 1..2000"),
        ("approx-entropy", "top_percent=nan", "must be a finite number"),
        ("approx-entropy", "top_percent=0", "must be in 0.01..100"),
        ("entropy", "m=3", "takes no option m (its options: none besides pool)"),
    ],
)
def test_bad_strategy_options_are_one_line(files, strategy, option, message):
    r = run("bench", "-s", strategy, "-o", option, *small(files))
    assert r.exit_code == 1, r.output
    assert message in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.output
    assert "n_common" not in r.stderr


def test_an_option_goes_to_the_strategies_that_declare_it(files):
    r = run("bench", "-s", "entropy,lookahead", "-o", "m=3", *small(files), "--json")
    assert r.exit_code == 0, r.output
    opts = [x["options"] for x in json.loads(r.stdout)["results"]]
    assert opts == ["entropy(pool='all')", "lookahead(m=3,pool='all')"]
    r = run("bench", "-s", "entropy,lookahead", "-o", "q=3", *small(files))
    assert r.exit_code == 1 and "no strategy among entropy, lookahead takes option q" in r.stderr


def test_strategies_lists_every_option_with_type_range_and_default():
    r = run("strategies")
    assert "-o m=<int>" in r.stdout and "(default 50, 1..2000)" in r.stdout
    assert "-o top_percent=<float>" in r.stdout
    data = {d["name"]: d for d in json.loads(run("strategies", "--json").stdout)}
    (m,) = data["lookahead"]["options"]
    assert (
        m
        == {
            "name": "m",
            "type": "int",
            "default": 50,
            "low": 1,
            "high": 2000,
            "range": "1..2000",
            "help": m["help"],
        }
        and m["help"]
    )


def test_bench_targets_play_only_the_named_answers(files):
    """--answers all --targets: every allowed word possible, only the listed answers played."""
    r = run(
        "bench",
        "-s",
        "prior-guard",
        "--guesses",
        str(files / "guesses.txt"),
        "--answers",
        "all",
        "--targets",
        str(files / "answers.txt"),
        "--json",
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    res = data["results"][0]
    assert data["played"] == 100 and data["answers"]["size"] > 100
    assert res["games"] == 100 and sum(res["distribution"]) + res["failures"] == 100


def test_bench_targets_must_be_possible_answers(files):
    r = run("bench", "-s", "entropy", *small(files), "--targets", str(files / "guesses.txt"))
    assert r.exit_code == 1
    assert "not possible answers" in r.stderr and "--answers all" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_bench_targets_refused_with_boards(files):
    r = run(
        "bench",
        "-s",
        "entropy-solve",
        *small(files),
        "--boards",
        "2",
        "--games",
        "3",
        "--targets",
        str(files / "answers.txt"),
    )
    assert r.exit_code == 1 and "--targets" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args, message",
    [
        # --seed draws the answers of --boards; one board plays every answer (or the targets).
        (["-s", "entropy", "--seed", "5"], "--seed goes with --boards"),
        (["-s", "entropy", "--seed", "1", "--targets", "TARGETS"], "--seed goes with --boards"),
        # The missing --boards is the problem, not --targets.
        (["-s", "entropy", "--games", "5", "--targets", "TARGETS"], "--games goes with --boards"),
        (["--games", "5"], "--games goes with --boards"),
        (["--boards", "2", "--targets", "TARGETS"], "--boards and --games go together"),
        # As 'solve WORD,WORD -s coach': a one-board strategy is refused, not replaced.
        (
            ["--boards", "2", "--games", "3", "-s", "coach"],
            "several boards are played by entropy-solve or entropy-sum, not 'coach'",
        ),
    ],
)
def test_bench_options_a_mode_does_not_use_are_refused_before_any_work(files, args, message):
    targets = str(files / "answers.txt")
    r = run("bench", *small(files), *(targets if a == "TARGETS" else a for a in args))
    assert r.exit_code == 1 and r.stdout == ""
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "building the pattern matrix" not in r.stderr


def test_bench_and_solve_refuse_coach_on_several_boards_alike(files):
    bench = run("bench", *small(files), "--boards", "2", "--games", "3", "-s", "coach")
    words = (files / "answers.txt").read_text().split()
    solve = run("solve", f"{words[0]},{words[1]}", *small(files), "-s", "coach")
    assert bench.exit_code == solve.exit_code == 1 and bench.stderr == solve.stderr


def test_bench_boards_names_the_method_it_played(files):
    for strategy, method in (("auto", "entropy-solve"), ("entropy", "entropy-solve")):
        r = run("bench", *small(files), "--boards", "2", "--games", "2", "-s", strategy)
        assert r.exit_code == 0, r.output
        assert f"2 games, seed 1, {method}: mean" in r.stdout
    r = run(
        "bench", *small(files), "--boards", "2", "--games", "2", "--seed", "3", "-s", "entropy-sum"
    )
    assert r.exit_code == 0 and "2 games, seed 3, entropy-sum: mean" in r.stdout


_LOOKUP = "does not apply to --exact --opener: it looks each opener named up in the shipped table"


@pytest.mark.parametrize(
    "args, message",
    [
        # --exact --opener: a look-up in the shipped table, no ranking run.
        (["--exact", "--opener", "crane", "-m", "splits"], f"--metric {_LOOKUP}"),
        (["--exact", "--top", "1", "--opener", "adieu", "--opener", "crane"], f"--top {_LOOKUP}"),
        (["--exact", "--opener", "crane", "--store", "STORE"], f"--store {_LOOKUP}"),
        (["--exact", "--opener", "crane", "--backend", "serial"], f"--backend {_LOOKUP}"),
        (["--exact", "--opener", "crane", "-j", "2"], f"--workers {_LOOKUP}"),
        (["--exact", "--opener", "crane", "--address", "ray://h:1"], f"--address {_LOOKUP}"),
        (["--exact", "--opener", "crane", "--csv", "CSV"], f"--csv {_LOOKUP}"),
        # The one-step metric: no games, no workers.
        (["-m", "entropy", "--max-guesses", "3", "--top", "2"], "--max-guesses needs --by-play"),
        (["-m", "entropy", "--backend", "serial"], "--backend needs --by-play or --exact"),
        (["-m", "entropy", "-j", "2"], "--workers needs --by-play or --exact"),
        (["--address", "ray://h:1"], "--address needs --by-play or --exact"),
        (["--store", "STORE"], "--store needs --by-play or --exact"),
        # A ranking run: the one-step metric, and options its backend or --json leave unused.
        (["--exact", "-m", "splits"], "--metric is for the one-step ranking"),
        (["--by-play", "entropy", "--metric", "minimax"], "--metric is for the one-step ranking"),
        (["--exact", "--json", "--top", "3"], "--top does not apply to --json"),
        (
            ["--exact", "--backend", "serial", "-j", "2"],
            "--workers does not apply to --backend serial",
        ),
        (
            ["--exact", "--backend", "local", "--address", "ray://h:1"],
            "--address goes with --backend ray, not local",
        ),
    ],
)
def test_openers_refuses_every_option_its_mode_does_not_use(files, tmp_path, args, message):
    """Each in one line, exit 1, before any work: no matrix built, no store or CSV written."""
    paths = {"STORE": str(tmp_path / "s.sqlite"), "CSV": str(tmp_path / "t.csv")}
    lists = ["--lists", "original"] if "--opener" in args else small(files)
    r = run("openers", *(paths.get(a, a) for a in args), *lists)
    assert r.exit_code == 1 and r.stdout == ""
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "building the pattern matrix" not in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_openers_options_left_at_their_defaults_or_in_the_environment_are_no_mistake(
    files, monkeypatch
):
    monkeypatch.setenv("RAY_ADDRESS", "ray://h:1")  # not typed: the look-up and one step run
    r = run("openers", "--exact", "--opener", "crane", "--lists", "original")
    assert r.exit_code == 0 and "CRANE" in r.stdout
    r = run("openers", "-m", "minimax", "--top", "3", *small(files))
    assert r.exit_code == 0 and r.stdout.count("\n") > 3
