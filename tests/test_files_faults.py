"""Files that are not what they seem (issue 25): FIFOs and devices, other programs' SQLite files,
missing folders, output paths that are devices, a full disk, a read-only cache. Each: one clear
line naming the file, exit 1, nothing written or lost, no file of anyone else touched."""

from __future__ import annotations

import errno
import hashlib
import os
import sqlite3
import threading
from pathlib import Path

import pytest
from interactive_helpers import invoke, run_cli

from wordlelab import paths
from wordlelab.errors import WordlelabError
from wordlelab.exact.ranking import OpenerRow, RankingError, ResultStore
from wordlelab.game.stats import GameRecord, StatsError, StatsStore
from wordlelab.owned_db import APPLICATION_ID

WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]


def one_line(r, message: str) -> None:
    assert r.returncode == 1, r.stderr
    assert message in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, (
        r.stderr
    )


def digest(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


@pytest.fixture
def fifo(tmp_path):
    p = tmp_path / "pipe.txt"
    os.mkfifo(p)
    return p


@pytest.fixture
def small(tmp_path):
    p = tmp_path / "w.txt"
    p.write_text("\n".join(WORDS) + "\n")
    return ["--words", str(p), "--answers", str(p)]


# -- readers refuse FIFOs and devices up front (a FIFO blocked the open; /dev/zero ate the memory) --


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--words", "{f}", "cigar"],
        ["check", "{f}"],
        ["tree", "show", "{f}"],
        ["bench", "--answers", "{f}"],
        ["play", "--words", "{f}"],
    ],
)
def test_readers_refuse_a_fifo(fifo, args):
    r = run_cli(
        *[a.format(f=fifo) for a in args], timeout=60
    )  # before the fix: blocked until the timeout
    one_line(r, "is a FIFO (named pipe), not a file")


def test_readers_refuse_a_character_device():
    r = run_cli("solve", "--words", "/dev/zero", "cigar", timeout=60)
    one_line(r, "/dev/zero: is a character device, not a file")
    r = run_cli("check", "/dev/zero", timeout=60)
    one_line(r, "is a character device")


def test_a_fifo_in_pending_does_not_hang_stats(tmp_path):
    store = StatsStore(tmp_path / "stats.sqlite3")
    store.record(
        GameRecord(
            answer="cigar",
            guesses=3,
            won=True,
            hard=False,
            length=5,
            lang="en",
            max_guesses=6,
            words=("salet", "crane", "cigar"),
        )
    )
    store.pending_dir.mkdir()
    os.mkfifo(store.pending_dir / "x.json")
    got: list = []
    t = threading.Thread(target=lambda: got.append(store.games()), daemon=True)
    t.start()
    t.join(30)
    assert not t.is_alive(), "stats blocked on a FIFO in pending/"
    assert len(got[0]) == 1 and [p.name for p in store.unreadable_pending] == ["x.json"]


# -- other programs' SQLite files stay byte-identical --------------------------------------------


def foreign_db(path: Path, sql: str) -> str:
    c = sqlite3.connect(path)
    c.executescript(sql)
    c.commit()
    c.close()
    return digest(path)


@pytest.mark.parametrize(
    "sql",
    [
        "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('mine');",
        "CREATE TABLE results (a, b); INSERT INTO results VALUES (1, 2);",
    ],
)
def test_a_foreign_store_is_refused_and_untouched(tmp_path, sql):
    db = tmp_path / "theirs.sqlite"
    before = foreign_db(db, sql)
    with pytest.raises(RankingError, match="another program's database"):
        ResultStore(db)
    assert digest(db) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["theirs.sqlite"]  # no -wal, no -shm


def test_a_foreign_store_on_the_command_line(tmp_path, small):
    db = tmp_path / "theirs.sqlite"
    before = foreign_db(db, "CREATE TABLE notes (x TEXT);")
    r = run_cli("openers", "--by-play", "entropy", *small, "--store", str(db), timeout=120)
    one_line(r, "is another program's database")
    assert digest(db) == before


def test_a_foreign_games_table_in_the_stats_db(tmp_path):
    db = tmp_path / "stats.sqlite3"
    before = foreign_db(
        db, "CREATE TABLE games (name TEXT, score INT); INSERT INTO games VALUES ('go', 9);"
    )
    with pytest.raises(StatsError, match="another program's database"):
        StatsStore(db).games()
    assert digest(db) == before


def test_our_own_files_open_and_are_marked(tmp_path):
    store = ResultStore(tmp_path / "r.sqlite")
    store.put("k", OpenerRow("salet", 7920, True, 2315, 5, 0, 1.0))
    store.close()
    store = ResultStore(tmp_path / "r.sqlite")  # ours: opens again, rows kept
    assert list(store.rows("k")) == ["salet"]
    store.close()
    c = sqlite3.connect(tmp_path / "r.sqlite")
    assert c.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    c.close()
    # A store written before the mark (our tables, application_id 0) is still ours.
    old = tmp_path / "old.sqlite"
    foreign_db(
        old,
        "CREATE TABLE results (key TEXT NOT NULL, word TEXT NOT NULL, total INTEGER NOT NULL,"
        " exact INTEGER NOT NULL, games INTEGER NOT NULL, worst INTEGER, failures INTEGER,"
        " seconds REAL NOT NULL, PRIMARY KEY (key, word));",
    )
    ResultStore(old).close()


def test_a_missing_store_folder_is_not_created(tmp_path, small):
    target = tmp_path / "nonexistent" / "r.sqlite"
    r = run_cli("openers", "--exact", *small, "--store", str(target), timeout=120)
    one_line(r, "does not exist")
    assert not target.parent.exists()


# -- output paths that are devices ----------------------------------------------------------------


def test_plot_to_a_device_writes_nothing(tmp_path, fifo):
    for target in ("/dev/null", str(fifo)):
        r = run_cli("bench", "--plot", target, timeout=60)
        one_line(r, "not a regular file")
        assert not Path(target + ".png").exists()


# -- a full disk, a read-only cache ---------------------------------------------------------------


def test_a_full_disk_keeps_the_cause_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    import wordlelab.game.stats as stats_module

    store = StatsStore(tmp_path / "stats.sqlite3")
    store.games()  # the database exists

    def insert_on_a_full_disk(conn, rec):
        conn.execute("ROLLBACK")  # what SQLite itself does on SQLITE_FULL
        raise sqlite3.OperationalError("database or disk is full")

    def dump_on_a_full_disk(obj, fh):
        fh.write("{")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(StatsStore, "_insert", staticmethod(insert_on_a_full_disk))
    monkeypatch.setattr(stats_module.json, "dump", dump_on_a_full_disk)
    rec = GameRecord(
        answer="cigar",
        guesses=3,
        won=True,
        hard=False,
        length=5,
        lang="en",
        max_guesses=6,
        words=("salet", "crane", "cigar"),
    )
    with pytest.raises(StatsError) as info:
        store.record(rec)
    message = str(info.value)
    assert "disk is full" in message and "No space left" in message
    assert "cannot rollback" not in message
    assert list(store.pending_dir.glob("*")) == []  # no 0-byte temporary file left behind


def test_cache_clear_on_a_read_only_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "cache" / "matrix"
    folder.mkdir(parents=True)
    (folder / "a.npy").write_bytes(b"x" * 10)

    def refuse(self, missing_ok=False):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(
        Path, "unlink", refuse
    )  # root ignores chmod: the read-only folder simulated
    with pytest.raises(WordlelabError, match="could not remove 1 cached files"):
        paths.clear_cache()
    code, _, err = invoke("cache", "clear")
    assert code == 1 and "Permission denied" in err and err.count("\n") == 1


def test_a_text_file_as_store_is_refused_and_untouched(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("my notes, not a database\n" * 50)
    before = digest(f)
    with pytest.raises(RankingError, match="not an SQLite database"):
        ResultStore(f)
    with pytest.raises(StatsError):
        StatsStore(f).games()
    assert digest(f) == before
