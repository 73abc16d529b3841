"""Bad input that used to end in a traceback or be misread (issue 49, items 8 and 14): each is
one line naming the input, exit 1, before any long work."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from interactive_helpers import run_cli

from wordlelab.errors import ShareGridError
from wordlelab.exact.ranking import RankingError, ResultStore
from wordlelab.judge.grid import parse_share_grid


def one_line(r: subprocess.CompletedProcess, *needles: str) -> None:
    assert r.returncode == 1, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1, r.stderr
    for needle in needles:
        assert needle in r.stderr, r.stderr


def test_a_budget_past_64_bits_is_refused():
    r = run_cli("analyse", "--played", "crane slate", "--answer", "cigar", "--budget", "1e19")
    one_line(r, "--budget", "1e19")


@pytest.mark.parametrize(
    "host", ["a" * 300, "localhost\n", "bad host", "a..b", "x" * 64 + ".example", ""]
)
def test_a_host_that_is_no_name_is_refused(host):
    r = run_cli("serve", "--host", host, timeout=60)
    one_line(r, "--host")


@pytest.mark.parametrize(("name", "value"), [("NUMBA_OPT", "abc"), ("NUMBA_BOUNDSCHECK", "x")])
def test_a_numba_setting_numba_cannot_read_is_refused_by_name(name, value):
    # Decided: refused (numba would warn with a traceback and run with its default instead).
    for args in (["stats"], ["score", "crane", "salet"]):
        r = run_cli(*args, env={name: value})
        one_line(r, f"{name}={value!r}")
    r = run_cli("score", "crane", "salet", env={"NUMBA_OPT": "2", "NUMBA_BOUNDSCHECK": "0"})
    assert r.returncode == 0 and r.stderr == "", r.stderr


@pytest.mark.parametrize("score", ["-1/6", "+1/6", "\u22121/6", "1/-6"])
def test_a_signed_score_in_a_grid_header_is_refused(tmp_path, score):
    grid = f"Wordle 1 {score}\n\n🟩🟩🟩🟩🟩\n"
    with pytest.raises(ShareGridError, match="is not a score"):
        parse_share_grid(grid)
    f = tmp_path / "grid.txt"
    f.write_text(grid, encoding="utf-8")
    one_line(run_cli("check", str(f)), "is not a score")
    assert parse_share_grid("Wordle 1 - 1/6\n\n🟩🟩🟩🟩🟩\n").score == 1  # a dash apart


def test_a_store_on_a_full_disk_leaves_nothing(tmp_path, monkeypatch):
    """SQLite reports a full disk while the new store is made: no file (not even an empty one)
    is left at the path, nor a temporary one beside it."""
    import wordlelab.owned_db as owned_db

    real = sqlite3.connect

    class FullDisk:
        def __init__(self, conn: sqlite3.Connection) -> None:
            self.conn = conn

        def execute(self, sql: str, *a: object) -> object:
            if sql.startswith("PRAGMA application_id"):
                raise sqlite3.OperationalError("database or disk is full")
            return self.conn.execute(sql, *a)

        def __getattr__(self, name: str) -> object:
            return getattr(self.conn, name)

    monkeypatch.setattr(owned_db.sqlite3, "connect", lambda *a, **k: FullDisk(real(*a, **k)))
    with pytest.raises(RankingError, match="disk is full"):
        ResultStore(tmp_path / "r.sqlite")
    assert list(tmp_path.iterdir()) == []

    def no_link(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(owned_db.sqlite3, "connect", real)
    monkeypatch.setattr(owned_db.os, "link", no_link)
    with pytest.raises(RankingError, match="No space left"):
        ResultStore(tmp_path / "r.sqlite")
    assert list(tmp_path.iterdir()) == []


def fill(path: Path) -> None:
    """Write to ``path`` until the disk is full."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        for size in (4096, 512, 1):
            try:
                while True:
                    os.write(fd, b"x" * size)
            except OSError:
                pass
    finally:
        os.close(fd)


@pytest.fixture
def tiny_disk(tmp_path):
    """A 64 KB tmpfs (root only; skipped elsewhere), filled up but for a few bytes."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    r = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True
    )
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.decode(errors='replace').strip()}")
    try:
        fill(mount / "filler")
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_openers_store_on_a_real_full_disk_leaves_nothing(tmp_path, tiny_disk):
    words = tmp_path / "w.txt"
    words.write_text("cigar\nrebut\nsissy\nhumph\nawake\n")
    store = tiny_disk / "r.sqlite"
    r = run_cli(
        "openers", "--by-play", "entropy", "--words", str(words), "--answers", str(words),
        "--store", str(store), timeout=120,
    )  # fmt: skip
    one_line(r, "results store")
    assert sorted(p.name for p in tiny_disk.iterdir()) == ["filler"]
    # An existing store of ours stays intact on a full disk.
    os.unlink(tiny_disk / "filler")
    ResultStore(store).close()
    before = Path(store).read_bytes()
    fill(tiny_disk / "filler")
    run_cli(
        "openers", "--by-play", "entropy", "--words", str(words), "--answers", str(words),
        "--store", str(store), timeout=120,
    )  # fmt: skip
    assert Path(store).read_bytes() == before or sqlite3.connect(store).execute(
        "PRAGMA integrity_check"
    ).fetchone() == ("ok",)


@pytest.mark.parametrize(
    "args",
    [
        ["assist", "--answers", "x" * 5000],
        ["solve", "--words", "x" * 5000, "cigar"],
        ["tree", "show", "x" * 5000],
        ["check", "x" * 5000],
        ["bench", "--plot", "/tmp/" + "x" * 300 + ".png"],
        ["openers", "--by-play", "entropy", "--csv", "/tmp/" + "x" * 300 + ".csv"],
        ["openers", "--by-play", "entropy", "--store", "/tmp/" + "x" * 300],
    ],
)
def test_a_file_name_too_long_for_the_system_is_one_line(args):
    # Path.exists() raised OSError (ENAMETOOLONG) for these: a traceback (found by fuzz_cli.py).
    one_line(run_cli(*args, input="quit\n"), "wordlelab: error:")


@pytest.mark.parametrize("opener", ["cigar,rebut", "zzzzz", ""])
def test_optimal_checks_its_opener_before_building_the_matrix(tmp_path, opener):
    # fuzz_cli.py: 'building the pattern matrix…' came first, then the refusal.
    words = tmp_path / "w.txt"
    words.write_text("cigar\nrebut\nsissy\nhumph\nawake\n")
    r = run_cli(
        "optimal", "--words", str(words), "--answers", str(words), "--opener", opener,
        env={"WORDLELAB_CACHE_DIR": str(tmp_path / "cache")},
    )  # fmt: skip
    one_line(r, "wordlelab: error:")
    assert "building" not in r.stderr


def test_a_file_name_with_a_newline_stays_on_one_line():
    # fuzz_cli.py: 'analyse --grid $'\n'' printed the name's newline, a two-line refusal.
    r = run_cli("analyse", "--played", "cigar rebut", "--grid", "\n")
    one_line(r, "'\\n': no such file")
