"""benchmarks/bench_openers_runs.py: its presets and what it computes from the CLI's real --json."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from wordlelab.cli.main import cli

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import bench_openers_runs as bor  # noqa: E402


@pytest.fixture(scope="module")
def files(tmp_path_factory, answers, allowed):
    d = tmp_path_factory.mktemp("lists")
    ans = answers.words[::47][:40]
    guesses = sorted(set(ans) | set(allowed.words[::97][:60]))
    (d / "answers.txt").write_text("\n".join(ans) + "\n")
    (d / "guesses.txt").write_text("\n".join(guesses) + "\n")
    return d


def cli_json(files, tmp_path, *args: str) -> dict:
    r = CliRunner().invoke(
        cli,
        [
            "openers",
            *args,
            "--answers",
            str(files / "answers.txt"),
            "--guesses",
            str(files / "guesses.txt"),
            "--backend",
            "serial",
            "--store",
            str(tmp_path / "store.sqlite"),
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


MEASURED = {
    "wall_s": 4.0,
    "cpu_user_s": 6.0,
    "cpu_system_s": 1.0,
    "peak_rss_mb": 300.0,
    "load_before": [1.0, 1.0, 1.0],
    "load_after": [2.0, 1.5, 1.0],
    "load_samples": [1.5, 2.5, 2.0],
}


def test_the_presets_are_the_published_commands():
    published = {
        "exact-best-all": "openers --exact --best --all --lists original --backend local -j 2",
        "exact-best-all-hard": "openers --exact --best --all --lists original --backend local -j 2 --hard",
        "play-all": "openers --by-play entropy --all --lists original --backend local -j 2",
        "play-all-hard": "openers --by-play entropy --all --lists original --backend local -j 2 --hard",
        "exact-candidates100": "openers --exact --candidates 100 --lists original --backend local -j 2",
    }
    assert {n: " ".join(p.command(None)) for n, p in bor.PRESETS.items()} == published
    # A short run changes only how many openers: --all (or the 100) becomes --candidates N.
    assert " ".join(bor.PRESETS["exact-best-all-hard"].command(20)) == published[
        "exact-best-all-hard"
    ].replace("--all", "--candidates 20")
    assert " ".join(bor.PRESETS["exact-candidates100"].command(7)) == published[
        "exact-candidates100"
    ].replace("100", "7")
    # The full tables the opener-table build reads are written by the --best --all runs.
    assert bor.PRESETS["exact-best-all"].csv == "exact_best_all_normal.csv"
    assert bor.PRESETS["exact-best-all-hard"].csv == "exact_best_all_hard.csv"
    assert bor.PRESETS["exact-candidates100"].keep_rows == 100


def test_summary_of_a_real_exact_best_run(files, tmp_path):
    data = cli_json(files, tmp_path, "--exact", "--best", "--candidates", "12")
    rows = data["rows"]
    assert len(rows) == 12
    preset = bor.Preset("t", "t", (), keep_rows=5)
    own = {r["word"]: r["total"] for r in rows if r["exact"]}
    # A reference that agrees with every exact row and lies above every bound ...
    agreeing = {**{r["word"]: r["total"] + 3 for r in rows if not r["exact"]}, **own}
    # ... and one that contradicts the best row's value and one row's bound.
    best = rows[0]
    bound = next(r for r in rows if not r["exact"])
    wrong = {**agreeing, best["word"]: best["total"] + 1, bound["word"]: bound["total"] - 1}
    out = bor.summarise(
        preset, data, MEASURED, {"good": ("agreeing", agreeing), "bad": ("wrong", wrong)}
    )
    assert out["top10"] == rows[:10] and out["last"] == rows[-1] and out["rows"] == rows[:5]
    assert out["openers"] == 12 and out["computed"] == 12 and out["reused"] == 0
    assert out["cpu_s"] == 7.0 and out["wall_s"] == 4.0
    assert out["openers_per_s"] == 3.0
    assert out["cpu_s_per_opener_all_processes"] == round(7.0 / 12, 4)
    assert out["core_share"] == round(7.0 / (4.0 * data["workers"]), 3)
    assert out["load_average_1min_during_run"] == {
        "min": 1.5,
        "max": 2.5,
        "mean": 2.0,
        "samples": 3,
    }
    secs = sorted(r["seconds"] for r in rows)
    assert out["opener_seconds_in_worker"]["max_s"] == secs[-1]
    v = out["verdict"]
    assert v["best"] == best["word"] and v["best_exact"] is True
    assert v["others_at_least"] == min(r["total"] for r in rows[1:])
    assert v["best_proven_unique"] == (v["others_at_least"] > best["total"])
    good, bad = out["checks"]["good"], out["checks"]["bad"]
    assert good["agree"] and good["exact_equal"] == len(own)
    assert good["bounds_not_above"] == 12 - len(own) and good["disagree"] == []
    assert not bad["agree"]
    assert {d["word"] for d in bad["disagree"]} == {best["word"], bound["word"]}


def test_summary_of_a_real_by_play_run(files, tmp_path):
    data = cli_json(files, tmp_path, "--by-play", "entropy", "--candidates", "4", "--hard")
    out = bor.summarise(bor.PRESETS["play-all-hard"], data, MEASURED)
    assert out["kind"] == "play" and out["hard"] is True
    assert "verdict" not in out and "checks" not in out and "rows" not in out
    assert out["openers_with_failures"] == sum(1 for r in data["rows"] if r["failures"])
    assert out["last"] == data["rows"][-1] and len(out["top10"]) == 4


def test_a_reference_row_with_no_strategy_in_time():
    # None in a reference (proven: no strategy within the guesses) equals wordlelab's INF total.
    rows = [{"word": "slate", "total": bor.INF, "exact": True}]
    assert bor.check_against(rows, {"slate": None}, "x")["agree"]
    assert not bor.check_against(rows, {"slate": 8200}, "x")["agree"]


def test_parse_proven_and_an_empty_load():
    assert bor.parse_proven("salet 7920\nreast 7923\n\n") == {"salet": 7920, "reast": 7923}
    assert bor.load_summary([])["samples"] == 0


def test_run_cli_measures_the_child_process():
    m = bor.run_cli(["--version"], load_every=0.01)
    assert m["stdout"].strip().endswith(__import__("wordlelab").__version__)
    assert m["wall_s"] > 0 and m["cpu_user_s"] + m["cpu_system_s"] > 0
    assert m["peak_rss_mb"] > 1


def test_the_docs_block_renders_a_measured_run(files, tmp_path, monkeypatch):
    import render_docs

    data = cli_json(files, tmp_path, "--exact", "--best", "--candidates", "6")
    body = bor.summarise(bor.PRESETS["exact-best-all"], data, MEASURED)
    body["cli"] = "wordlelab openers --exact --best --candidates 6 --store S --csv F --json"
    (tmp_path / "ranking_exact_best_all.json").write_text(json.dumps(body))
    (tmp_path / "ranking_play_all.json").write_text(json.dumps({"note": "by hand"}))
    monkeypatch.setattr(render_docs, "RESULTS", tmp_path)
    lines = render_docs.openers_runs_block("openers_runs").splitlines()
    assert len(lines) == 4  # the header, its rule, the two files present
    best = data["rows"][0]
    assert lines[2].startswith("| `wordlelab openers --exact --best --candidates 6` | 6 | 4 s |")
    word = f"{best['word'].upper()} {best['total']}"
    if body["verdict"]["best_proven_unique"]:
        assert f"{word} proven best" in lines[2]
    else:  # a tie on these small lists
        assert f"{word}, tied: another opener may reach {best['total']}" in lines[2]
    assert "not measured by the script yet" in lines[3]
