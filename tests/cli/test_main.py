"""CLI reproducers of the reliability sweep (issue 15): one line on stderr, exit 1, nothing lost."""

from __future__ import annotations

import json

import pytest
from interactive_helpers import invoke, run_cli

WORDS = [
    "crane",
    "slate",
    "cigar",
    "rebut",
    "sissy",
    "humph",
    "awake",
    "blush",
    "focal",
    "evade",
    "zesty",
    "qualm",
    "piano",
    "guano",
]


@pytest.fixture
def small(tmp_path):
    p = tmp_path / "w.txt"
    p.write_text("\n".join(WORDS) + "\n")
    # The matrix cached first: the command that happened to build it printed a notice line, so a
    # one-line-error check depended on which test of this worker ran first.
    from wordlelab.game.lists import load_lists

    load_lists(words=str(p), answers=str(p)).matrix()
    return ["--words", str(p), "--answers", str(p)]


def one_line_error(code: int, err: str, message: str) -> None:
    assert code == 1, err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err, err


def test_optimal_checks_out_before_the_search_and_never_loses_the_tree(small, tmp_path):
    code, _, err = invoke("optimal", *small, "--out", str(tmp_path / "no" / "dir" / "t.txt"))
    one_line_error(code, err, "--out")
    assert "does not exist" in err
    code, out, _ = invoke("optimal", *small, "--out", str(tmp_path / "t.txt"), "--json")
    assert code == 0 and json.loads(out)["proven"] and (tmp_path / "t.txt").exists()


def test_optimal_says_when_no_tree_fits(small):
    code, _, err = invoke("optimal", *small, "--max-guesses", "1")
    assert "— proven" in err and "1 guess" in err
    one_line_error(code, err, "no strategy solves every answer within 1 guess")


def test_optimal_memo_is_capped_by_free_memory(small):
    code, out, err = invoke("optimal", *small, "--memo-mb", "65536", "--json")
    assert code == 0 and json.loads(out)["proven"]
    assert "more than half the free memory" in err


def test_bench_plot_format_is_checked_before_the_bench(small, tmp_path):
    pytest.importorskip("matplotlib")
    code, _, err = invoke("bench", "-s", "entropy", *small, "--plot", str(tmp_path / "hist.txt"))
    one_line_error(code, err, "'txt' is not a format it can write")
    code, out, _ = invoke("bench", "-s", "entropy", *small, "--plot", str(tmp_path / "noext"))
    assert code == 0 and f"histogram written to {tmp_path / 'noext.png'}" in out
    assert (tmp_path / "noext.png").exists()


def test_bench_fail_list_is_short_and_absurd_options_are_refused(small):
    code, out, _ = invoke("bench", "-s", "entropy", *small, "--max-guesses", "1")
    assert code == 0 and "… and" in out and "more (all of them with --json)" in out
    code, _, err = invoke("bench", "-s", "lookahead", "-o", "m=99999999999999999999", *small)
    one_line_error(code, err, "option m must be in 1..2000")


def test_tree_show_on_a_file_that_is_not_a_tree(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("salet cigar\ncrane rebut\n")
    code, _, err = invoke("tree", "show", str(bad))
    one_line_error(code, err, "the lines do not form a tree")


def test_long_words_are_refused_before_any_allocation(tmp_path):
    p = tmp_path / "long.txt"
    p.write_text("a" * 25 + "\n" + "b" * 25 + "\n")
    code, _, err = invoke("solve", "a" * 25, "--words", str(p))
    one_line_error(code, err, "wordlelab plays words of 2 to 11 letters")


@pytest.mark.parametrize("value", ["nan", "inf", "1e999", "-5", "lots"])
def test_matrix_budget_must_be_a_size(monkeypatch, value):
    monkeypatch.setenv("WORDLELAB_MATRIX_BUDGET", value)
    code, _, err = invoke("solve", "cigar")
    one_line_error(code, err, "WORDLELAB_MATRIX_BUDGET")


def test_a_huge_header_line_is_read_quickly(small):
    # 8000 repeats took 19 s with the old (quadratic) header pattern, so 80 000 would take about half
    # an hour: the subprocess timeout fails a regression by a wide margin, whatever the machine.
    # Lines are now capped (issue 25): the longest line read is still parsed quickly, a longer one
    # is refused with one line before any work.
    text = "wordle " * 585 + "\n🟩🟩🟩🟩🟩\n"
    r = run_cli("check", "--json", *small, input=text, timeout=60)
    assert r.returncode == 0 and json.loads(r.stdout)["consistent"]
    r = run_cli("check", "--json", *small, input="wordle " * 80_000 + "\n🟩🟩🟩🟩🟩\n", timeout=60)
    assert (
        r.returncode == 1
        and r.stderr.count("\n") == 1
        and "line 1 has 560,000 characters" in r.stderr
    )


def test_assistant_top_is_capped_and_the_marker_explained():
    code, out, _ = invoke("assist", "-s", "entropy", input="top 99999999999999999999\n")
    assert code == 0 and "showing the best 100" in out
    assert "* marks the suggestion, SALET: it is the proven optimal opener" in out
    # The default (the coach) ranks its own suggestion first: no marker needed.
    code, out, _ = invoke("assist", input="top 3\n")
    assert code == 0 and "marks the suggestion" not in out
    assert any(line.split()[:2] == ["1", "SALET"] for line in out.splitlines() if line.strip())
    # An opener the user chose is never called the proven optimum (CRANE is 31st, and in hard
    # mode it has no six-guess strategy); no "*" is promised when the rows do not hold it.
    for hard in ((), ("--hard",)):
        code, out, _ = invoke("assist", "--opener", "crane", *hard, input="top 3\n")
        assert code == 0 and "proven optimal opener" not in out
        assert "the suggestion, CRANE, is not among these rows: the opener you chose" in out


def test_ctrl_c_convention_is_130_everywhere():
    pexpect = pytest.importorskip("pexpect")
    import sys

    from interactive_helpers import cli_env, interrupt

    child = pexpect.spawn(
        sys.executable, ["-m", "wordlelab", "check"], env=cli_env(), encoding="utf-8", timeout=60
    )
    try:
        child.expect("Paste the share grid")
        interrupt(child)
        child.close()
        assert (
            child.exitstatus == 130
            and "interrupted" in child.before
            and "Traceback" not in child.before
        )
    finally:
        child.close(force=True)


# A meta-path finder that raises KeyboardInterrupt when a module is first imported: a Ctrl-C
# at that exact moment of start-up, without any timing luck.
_CTRL_C_AT_IMPORT = """
import sys
class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            raise KeyboardInterrupt
        return None
sys.meta_path.insert(0, CtrlC())
sys.argv = ["wordlelab", "solve", "cigar"]
from wordlelab.cli.main import main
main()
"""


@pytest.mark.parametrize(
    "module", ["typing", "click", "numpy", "rich.console", "wordlelab.cli.solve"]
)
def test_ctrl_c_while_the_modules_load_is_one_line_and_130(module):
    import subprocess
    import sys

    from interactive_helpers import cli_env

    r = subprocess.run(
        [sys.executable, "-c", _CTRL_C_AT_IMPORT.format(module=module)],
        capture_output=True,
        text=True,
        env=cli_env(),
        timeout=60,
    )
    assert r.returncode == 130 and r.stderr.strip() == "wordlelab: interrupted", r.stderr


@pytest.mark.parametrize(
    "command,marker",
    [
        (
            ["bench", "-s", "entropy,approx-entropy,frequency", "--hard"],
            "entropy: computing its first guess",
        ),
        (["optimal", "--candidates", "100000"], "building the pattern matrix"),
        (["openers", "-m", "minimax", "-n", "0"], "building the pattern matrix"),
    ],
)
def test_ctrl_c_in_a_long_command_is_one_line_and_130(command, marker, tmp_path):
    # A fresh cache: the matrix, openers and frequencies are all still to compute when Ctrl-C comes.
    import signal
    import subprocess
    import sys
    import time

    from interactive_helpers import cli_env

    env = cli_env() | {"WORDLELAB_CACHE_DIR": str(tmp_path / "cache")}
    p = subprocess.Popen(
        [sys.executable, "-m", "wordlelab", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert p.stderr is not None
    before = ""
    while marker not in before:  # the work has reached this phase (whatever the machine's load)
        line = p.stderr.readline()
        assert line, before
        before += line
    time.sleep(1)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=120)
    err = before + err
    assert p.returncode == 130 and "Traceback" not in err, err
    # Either nothing to report, or (optimal) the best tree so far was printed as an upper bound.
    assert err.splitlines()[-1] in (
        "wordlelab: interrupted",
        "wordlelab: interrupted before the search had a complete tree to report",
        "wordlelab: interrupted; the tree shown is the best found so far, an upper bound",
    ), err


@pytest.mark.parametrize("as_json", [False, True])
def test_a_tree_that_cannot_be_written_at_the_end_is_printed(small, tmp_path, monkeypatch, as_json):
    # The folder passed the check before the search; the disk filled up while it ran.
    from wordlelab.exact.tree import DecisionTree

    def disk_full(self, path, **kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(DecisionTree, "save", disk_full)
    out_file = tmp_path / "t.txt"
    code, out, err = invoke(
        "optimal", *small, "--out", str(out_file), *(["--json"] if as_json else [])
    )
    assert code == 1 and err.splitlines()[-1].startswith(
        f"wordlelab: error: could not write the tree to {out_file} (No space left on device)"
    ), err
    text = json.loads(out)["tree"] if as_json else out
    tree = DecisionTree.parse(text[text.index("#") :] if not as_json else text, "shown")
    assert sorted(tree.paths) == sorted(WORDS)


_WRITER = """
import sys
from pathlib import Path
from wordlelab.paths import write_atomic
target = Path(sys.argv[1])
payloads = [b"a" * 4_000_000, b"b" * 3_000_000]
i = 0
while True:
    write_atomic(target, payloads[i % 2])
    i += 1
"""


def test_results_and_caches_survive_kill_9_while_writing(tmp_path):
    # Every cache, tree and opener file is written by write_atomic: a kill -9 at any moment
    # leaves the old or the new content, never a mixture or a truncated file.
    import signal
    import subprocess
    import sys
    import time

    from interactive_helpers import cli_env

    target = tmp_path / "result.bin"
    for delay in (0.05, 0.1, 0.2):
        target.unlink(missing_ok=True)
        p = subprocess.Popen([sys.executable, "-c", _WRITER, str(target)], env=cli_env())
        deadline = time.monotonic() + 60
        while not target.exists() and time.monotonic() < deadline:  # started writing
            time.sleep(0.01)
        time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=30)
        data = target.read_bytes()
        assert data in (b"a" * 4_000_000, b"b" * 3_000_000), (len(data), data[:1], data[-1:])


def test_a_saved_tree_has_ordinary_permissions(tmp_path):
    import os
    import stat

    from wordlelab.exact.tree import DecisionTree

    tree = DecisionTree.parse("crane cigar\ncrane\n", "t")
    old = os.umask(0o022)
    try:
        tree.save(tmp_path / "new.txt")
        kept = tmp_path / "kept.txt"
        kept.write_text("old\n")
        kept.chmod(0o640)
        tree.save(kept)
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640 and kept.read_text() == tree.to_text()


def test_a_long_first_guess_says_so_even_through_a_pipe(small, tmp_path):
    # 'bench -s lookahead' used to sit silent while it computed the opener; stderr is a pipe here.
    import subprocess
    import sys

    from interactive_helpers import cli_env

    env = cli_env() | {"WORDLELAB_CACHE_DIR": str(tmp_path / "cache")}
    cmd = [sys.executable, "-m", "wordlelab", "bench", "-s", "lookahead", *small]
    first = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    assert (
        first.returncode == 0
        and "lookahead: computing its first guess (cached for next time)" in first.stderr
    )
    again = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    assert again.returncode == 0 and "computing its first guess" not in again.stderr


def test_a_tree_file_with_a_bom_and_crlf_is_read(small, tmp_path):
    plain = tmp_path / "t.txt"
    code, _, _ = invoke("optimal", *small, "--out", str(plain))
    assert code == 0
    windows = tmp_path / "windows.txt"
    windows.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes().replace(b"\n", b"\r\n"))
    runs = [invoke("tree", "verify", str(p), *small) for p in (plain, windows)]
    assert runs[0][0] == runs[1][0] == 0 and runs[0][1].replace(str(plain), "") == runs[1][
        1
    ].replace(str(windows), "")


@pytest.mark.parametrize("budget", ["nan", "NaN", "inf"])
def test_analyse_budget_must_be_a_number_of_seconds(small, budget):
    code, _, err = invoke("analyse", "crane:.....", "--budget", budget, *small)
    one_line_error(code, err, "--budget")


@pytest.mark.parametrize("value", ["0", "-2"])
def test_numba_threads_zero_is_one_line(value):
    # numba itself raises ValueError while it is imported; the CLI says it before importing it.
    import subprocess
    import sys

    from interactive_helpers import cli_env

    r = subprocess.run(
        [sys.executable, "-m", "wordlelab", "solve", "cigar"],
        capture_output=True,
        text=True,
        env=cli_env() | {"NUMBA_NUM_THREADS": value},
        timeout=60,
    )
    one_line_error(
        r.returncode, r.stderr, "NUMBA_NUM_THREADS must be a whole number of threads, 1 or more"
    )


@pytest.mark.parametrize("columns", ["0", "1", "7"])
def test_a_zero_or_tiny_terminal_width_loses_no_output(small, monkeypatch, columns):
    # rich took COLUMNS=0 at its word and printed empty lines instead of the result.
    monkeypatch.setenv("COLUMNS", columns)
    code, out, _ = invoke("solve", "cigar", *small, "-s", "entropy")
    assert code == 0 and "entropy solves CIGAR in" in out and "🟩🟩🟩🟩🟩" in out
    code, out, _ = invoke("bench", "-s", "entropy", *small)
    assert code == 0 and "total" in out and "worst" in out


# --------------------------------------------------------------------------- the results store (openers)


def _rank_args(small, tmp_path):
    return [
        "openers",
        "--exact",
        "--all",
        "--backend",
        "serial",
        "--store",
        str(tmp_path / "r.sqlite"),
        *small,
    ]


def test_a_results_store_that_fails_mid_run_loses_no_row(small, tmp_path):
    # Locked by another program for longer than the timeout while the ranking runs.
    import sqlite3

    from wordlelab.exact.ranking import RankJob, ResultStore, rank, stored
    from wordlelab.game.matrix import PatternMatrix
    from wordlelab.game.words import WordList

    words = WordList(WORDS, name="w")
    m = PatternMatrix.build(words, words)
    job = RankJob.exact(memo_mb=8)
    ResultStore(tmp_path / "r.sqlite").close()  # ours (a connection alone makes an empty file)
    holder = sqlite3.connect(tmp_path / "r.sqlite", isolation_level=None, check_same_thread=False)
    seen = []

    def lock_after_two(row):
        seen.append(row.word)
        if len(seen) == 2:
            holder.execute("BEGIN EXCLUSIVE")

    with ResultStore(tmp_path / "r.sqlite", timeout=0.05) as store:
        result = rank(m, job, list(WORDS), store=store, on_row=lock_after_two)
        assert (
            len(result.rows) == len(WORDS)
            and store.failed
            and "could not be written" in store.failed
        )
    holder.execute("ROLLBACK")
    holder.close()
    with ResultStore(tmp_path / "r.sqlite") as store:
        assert sorted(r.word for r in stored(m, job, store)) == sorted(seen[:2])
        again = rank(m, job, list(WORDS), store=store)  # the rest is computed next time
        assert (again.reused, again.computed) == (2, len(WORDS) - 2)


def test_openers_cli_shows_the_ranking_when_the_store_or_csv_fail(small, tmp_path, monkeypatch):
    from wordlelab.cli import openers as cli_openers
    from wordlelab.exact.ranking import ResultStore

    put = ResultStore.put

    def put_then_break(self, key, row):
        done = put(self, key, row)
        self._db.close()  # every later write fails (a sqlite3.Error)
        return done

    def disk_full(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ResultStore, "put", put_then_break)
    monkeypatch.setattr(cli_openers, "write_atomic", disk_full)
    code, out, err = invoke(
        *_rank_args(small, tmp_path), "--csv", str(tmp_path / "t.csv"), "-n", "0"
    )
    assert code == 1 and "Traceback" not in err
    assert "could not be written" in err and "shown but not stored" in err
    assert err.splitlines()[-1].startswith(
        f"wordlelab: error: could not write the CSV table to {tmp_path / 't.csv'}"
    )
    assert all(w in out for w in WORDS) and f"{len(WORDS)} computed" in out


def test_rows_of_wrong_types_in_the_results_store_are_recomputed(small, tmp_path):
    import sqlite3

    code, out, _ = invoke(*_rank_args(small, tmp_path), "--json")
    assert code == 0
    db = sqlite3.connect(tmp_path / "r.sqlite")
    db.execute("UPDATE results SET total = 'lots' WHERE word = 'crane'")
    db.execute("UPDATE results SET games = 0 WHERE word = 'cigar'")
    db.commit()
    db.close()
    code, again, err = invoke(*_rank_args(small, tmp_path), "--json")
    assert code == 0, err

    def ranked(text):
        return [(r["word"], r["total"], r["exact"]) for r in json.loads(text)["rows"]]

    assert json.loads(again)["computed"] == 2 and ranked(again) == ranked(out)


_RANKER = """
import sys
from wordlelab.game.matrix import PatternMatrix
from wordlelab.exact.ranking import RankJob, ResultStore, rank
from wordlelab.game.words import WordList
words = WordList(sys.argv[2].split(","), name="w")
m = PatternMatrix.build(words, words)
with ResultStore(sys.argv[1]) as store:
    while True:  # a new key each round (max_guesses), so there is always more to store
        for k in range(6, 31):
            rank(m, RankJob.by_play("entropy", max_guesses=k), list(words), store=store,
                 on_row=lambda row: print(row.word, flush=True))
"""


def test_the_results_store_survives_kill_9(tmp_path):
    # Every row reported as finished is in the store after a SIGKILL, and the store opens.
    import signal
    import sqlite3
    import subprocess
    import sys
    import time

    from interactive_helpers import cli_env

    path = tmp_path / "r.sqlite"
    p = subprocess.Popen(
        [sys.executable, "-c", _RANKER, str(path), ",".join(WORDS)],
        stdout=subprocess.PIPE,
        text=True,
        env=cli_env(),
    )
    assert p.stdout is not None
    seen = 0
    deadline = time.monotonic() + 60
    while seen < 40 and time.monotonic() < deadline:
        seen += bool(p.stdout.readline())
    p.send_signal(signal.SIGKILL)
    p.wait(timeout=30)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] >= seen >= 40


# --------------------------------------------------------------------------- variants


@pytest.mark.parametrize("seed", ["-1", "-99999999999999999999999"])
def test_a_negative_seed_for_several_boards_is_one_line(small, seed):
    # numpy's SeedSequence raised a bare ValueError for these.
    code, _, err = invoke(
        "play", "--boards", "2", "--seed", seed, "--no-stats", *small, input="quit\n"
    )  # play's --seed takes the web's seeds only, 0 to 2**63-1: refused with the options
    one_line_error(code, err, f"{seed} is not in the range 0<=x<=9223372036854775807")
    code, _, err = invoke("bench", "--boards", "2", "--games", "3", "--seed", seed, *small)
    one_line_error(code, err, f"a seed must be 0 or more, not {seed}")


def test_bench_boards_runs(small):
    # The merge of --targets left bench --boards calling its helper with one argument too few.
    code, out, err = invoke(
        "bench",
        "--boards",
        "2",
        "--games",
        "3",
        "--seed",
        "99999999999999999999999",
        "--json",
        *small,
    )
    assert code == 0, err
    assert json.loads(out)["games"] == 3
