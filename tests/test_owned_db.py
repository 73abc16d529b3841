"""Files that are not ours stay byte-identical (issue 49, items 4 and 7).

A file is ours only when its header carries our application id (or it is a file of 0.1.0 with
exactly our tables), or when we made it just now. Every other kind an attacker could put at a
``--store`` path or at the statistics database's place is refused in one line, and the file, its
-wal and its -shm keep every byte; no -wal or -shm appears beside it.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from interactive_helpers import run_cli

from wordlelab.exact.ranking import OpenerRow, RankingError, ResultStore
from wordlelab.game.stats import GameRecord, StatsError, StatsStore
from wordlelab.owned_db import APPLICATION_ID

WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]


def _sql(sql: str, wal: bool = False) -> Callable[[Path], None]:
    def make(p: Path) -> None:
        c = sqlite3.connect(p)
        if wal:
            c.execute("PRAGMA journal_mode=WAL")
        c.executescript(sql)
        c.commit()
        c.close()

    return make


def _wal_with_log(p: Path) -> None:
    """A WAL database whose last transaction sits in its -wal (the writer was killed): opening
    it for writing would recover the log into the file and delete both -wal and -shm."""
    import subprocess
    import sys

    code = (
        "import sqlite3, os, sys\n"
        "c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA journal_mode=WAL')\n"
        "c.execute('PRAGMA wal_autocheckpoint=0')\n"
        "c.execute('CREATE TABLE t(x)'); c.execute('INSERT INTO t VALUES (1)'); c.commit()\n"
        "os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", code, str(p)], check=True)
    assert Path(str(p) + "-wal").exists() and Path(str(p) + "-shm").exists()


def _read_only(p: Path) -> None:
    _sql("CREATE TABLE t (x); INSERT INTO t VALUES (1);")(p)
    os.chmod(p, 0o444)


KINDS: dict[str, Callable[[Path], None]] = {
    "no tables, user_version 7": _sql("PRAGMA user_version = 7;"),
    "only a view": _sql("CREATE VIEW v AS SELECT 1 AS x;"),
    "jobs(key, description, owner)": _sql(
        "CREATE TABLE jobs (key, description, owner); INSERT INTO jobs VALUES (1, 2, 3);"
    ),
    "results with other columns": _sql(
        "CREATE TABLE results (a, b); INSERT INTO results VALUES (1, 2);"
    ),
    "games with extra columns": _sql(
        "CREATE TABLE games (seq INTEGER PRIMARY KEY AUTOINCREMENT, id, finished_at, answer, "
        "guesses, won, hard, length, lang, max_guesses, words, extra); PRAGMA user_version = 1;"
    ),
    "our tables and a trigger": _sql(
        "CREATE TABLE jobs (key TEXT PRIMARY KEY, description TEXT NOT NULL);"
        "CREATE TABLE log (x); CREATE TRIGGER tr AFTER INSERT ON jobs BEGIN INSERT INTO log "
        "VALUES (1); END;"
    ),
    "WAL mode with -wal and -shm": _wal_with_log,
    "not SQLite": lambda p: p.write_text("my notes, not a database\n" * 50),
    "zero bytes": lambda p: p.write_bytes(b""),
    "a header only": lambda p: p.write_bytes(b"SQLite format 3\x00" + bytes(84)),
    "read-only": _read_only,
    "ours, newer schema": _sql(
        f"PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 99;"
        "CREATE TABLE results (key, word, total, exact, games, worst, failures, seconds);"
        "CREATE TABLE games (x);"
    ),
}


def snapshot(folder: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.is_file()
    }


def open_store(p: Path) -> None:
    ResultStore(p).close()


def open_stats(p: Path) -> None:
    StatsStore(p).games()


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize(
    ("opener", "error"),
    [(open_store, RankingError), (open_stats, StatsError)],
    ids=["store", "stats"],
)
def test_a_foreign_file_is_refused_and_keeps_every_byte(tmp_path, kind, opener, error):
    folder = tmp_path / "here"
    folder.mkdir()
    db = folder / "theirs.sqlite"
    KINDS[kind](db)
    before = snapshot(folder)
    with pytest.raises(error) as info:
        opener(db)
    assert "\n" not in str(info.value)
    assert snapshot(folder) == before  # the file, its -wal and -shm; nothing new beside it


def test_a_foreign_store_on_the_command_line_is_one_line(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDS) + "\n")
    db = tmp_path / "theirs.sqlite"
    _wal_with_log(db)
    before = snapshot(tmp_path)
    r = run_cli(
        "openers", "--by-play", "entropy", "--words", str(words), "--answers", str(words),
        "--store", str(db), timeout=120,
    )  # fmt: skip
    assert r.returncode == 1 and r.stderr.count("\n") == 1, r.stderr
    assert "another program's database" in r.stderr and "Traceback" not in r.stderr
    assert snapshot(tmp_path) == before


def test_new_files_are_ours_and_old_ones_of_ours_still_open(tmp_path):
    store = ResultStore(tmp_path / "r.sqlite")
    store.put("k", OpenerRow("salet", 7920, True, 2315, 5, 0, 1.0))
    store.close()
    store = ResultStore(tmp_path / "r.sqlite")
    assert list(store.rows("k")) == ["salet"]
    store.close()
    c = sqlite3.connect(tmp_path / "r.sqlite")
    assert c.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    c.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.sqlite"]  # no temporary file left
    # The statistics database of 0.1.0 (no application id, schema 1) opens, migrates, is marked.
    old = tmp_path / "stats.sqlite3"
    _sql(
        "CREATE TABLE games (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, "
        "finished_at TEXT NOT NULL, answer TEXT NOT NULL, guesses INTEGER NOT NULL, "
        "won INTEGER NOT NULL, hard INTEGER NOT NULL, length INTEGER NOT NULL, lang TEXT NOT NULL, "
        "max_guesses INTEGER NOT NULL, words TEXT NOT NULL); PRAGMA user_version = 1;"
        "INSERT INTO games (id, finished_at, answer, guesses, won, hard, length, lang, "
        "max_guesses, words) VALUES ('a', '2026-01-01', 'cigar', 3, 1, 0, 5, 'en', 6, 'x,y,cigar');"
    )(old)
    assert [g.answer for g in StatsStore(old).games()] == ["cigar"]
    c = sqlite3.connect(old)
    assert c.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert c.execute("PRAGMA user_version").fetchone()[0] == 2
    c.close()
    # A results store of 0.1.0 (its two tables, no mark) is ours too.
    old_store = tmp_path / "old.sqlite"
    _sql(
        "CREATE TABLE results (key TEXT NOT NULL, word TEXT NOT NULL, total INTEGER NOT NULL,"
        " exact INTEGER NOT NULL, games INTEGER NOT NULL, worst INTEGER, failures INTEGER,"
        " seconds REAL NOT NULL, PRIMARY KEY (key, word));"
        "CREATE TABLE jobs (key TEXT PRIMARY KEY, description TEXT NOT NULL);"
    )(old_store)
    ResultStore(old_store).close()


REC = GameRecord(answer="cigar", guesses=3, won=True, words=("salet", "crane", "cigar"))


def test_a_linked_stats_database_does_not_turn_its_target_into_a_database(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    target = tmp_path / "notes.txt"
    target.write_text("my notes\n")
    (data / "stats.sqlite3").symlink_to(target)
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(data))
    with pytest.raises(StatsError, match="symbolic link"):
        StatsStore().games()
    assert target.read_text() == "my notes\n"
    # A dangling link does not create its target.
    (data / "stats.sqlite3").unlink()
    missing = tmp_path / "elsewhere.sqlite3"
    (data / "stats.sqlite3").symlink_to(missing)
    r = run_cli("stats", env={"WORDLELAB_DATA_DIR": str(data)}, timeout=60)
    assert r.returncode == 1 and "symbolic link" in r.stderr and r.stderr.count("\n") == 1
    assert not missing.exists()
    # And the store, as --store.
    with pytest.raises(RankingError, match="symbolic link"):
        ResultStore(data / "stats.sqlite3")
    assert not missing.exists()


@pytest.mark.parametrize("var", ["WORDLELAB_DATA_DIR", "WORDLELAB_CACHE_DIR"])
def test_a_tilde_in_a_folder_setting_is_the_home_folder(tmp_path, monkeypatch, var):
    from wordlelab import paths

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv(var, "~/wl")
    monkeypatch.chdir(tmp_path)
    got = paths.data_dir() if var == "WORDLELAB_DATA_DIR" else paths.cache_dir()
    assert got == home / "wl"
    r = run_cli("stats", cwd=tmp_path, env={var: "~/wl", "HOME": str(home)}, timeout=60)
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / "~").exists()


@pytest.mark.parametrize("var", ["WORDLELAB_DATA_DIR", "WORDLELAB_CACHE_DIR"])
def test_a_relative_folder_setting_is_refused(tmp_path, var):
    r = run_cli("stats", cwd=tmp_path, env={var: "wl/data"}, timeout=60)
    assert r.returncode == 1 and r.stderr.count("\n") == 1, r.stderr
    assert var in r.stderr and "relative path" in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_no_part_of_a_folder_name_reaches_the_web_page(tmp_path):
    """Errors name files by their role, never by path: a folder with a space in its name
    ('John Smith') used to leak its second half past the path scrub."""
    from starlette.testclient import TestClient

    from wordlelab.web.app import create_app

    data = tmp_path / "home" / "John Smith" / "data"
    (data / "stats.sqlite3").mkdir(parents=True)  # cannot be opened: an error about the file
    with TestClient(
        create_app(stats_path=data / "stats.sqlite3"), base_url="http://127.0.0.1"
    ) as c:
        r = c.get("/api/stats")
        assert r.status_code == 400, r.text
        assert "Smith" not in r.text and "John" not in r.text and "/" not in r.text, r.text
        assert "the statistics database" in r.json()["error"]
    # The command line says where the file is.
    r = run_cli("stats", env={"WORDLELAB_DATA_DIR": str(data)})
    assert r.returncode == 1 and f"{data / 'stats.sqlite3'}: the statistics database" in r.stderr


def _within(seconds: float, fn: Callable[[], object]) -> object:
    import threading

    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            box["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "blocked"
    return box


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero", "link to a file", "huge"])
def test_the_web_secret_is_read_as_carefully_as_a_users_file(tmp_path, monkeypatch, kind):
    """Issue 49 item 6: a FIFO there hung 'serve' after 'serving on'; a link to /dev/zero grew
    it to gigabytes and a MemoryError."""
    from wordlelab.errors import WordlelabError
    from wordlelab.web.seal import SECRET_FILE, secret_key

    monkeypatch.delenv("WORDLELAB_WEB_SECRET", raising=False)
    path = tmp_path / SECRET_FILE
    target = tmp_path / "target"
    target.write_text("t" * 64)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "link to a file":
        path.symlink_to(target)
    else:
        path.write_bytes(b"x" * (1 << 20))
    box = _within(20, lambda: secret_key(tmp_path))
    assert isinstance(box.get("error"), WordlelabError), box
    assert "the web secret" in str(box["error"]) and "\n" not in str(box["error"])
    assert target.read_text() == "t" * 64
    r = run_cli("serve", "--port", "0", env={"WORDLELAB_DATA_DIR": str(tmp_path)}, timeout=60)
    assert r.returncode == 1 and "serving on" not in r.stdout, (r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and "the web secret" in r.stderr, r.stderr


def test_a_missing_web_secret_is_made_private_once(tmp_path, monkeypatch):
    from wordlelab.web.seal import SECRET_FILE, secret_key

    monkeypatch.delenv("WORDLELAB_WEB_SECRET", raising=False)
    first = secret_key(tmp_path)
    assert len(first) == 64 and secret_key(tmp_path) == first
    assert (tmp_path / SECRET_FILE).stat().st_mode & 0o777 == 0o600


def test_a_game_is_never_kept_through_a_linked_pending_folder(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (data / "pending").symlink_to(elsewhere)
    (data / "stats.sqlite3").write_text("not a database\n")  # refused: the game would be kept
    with pytest.raises(StatsError, match="could not be kept either"):
        StatsStore(data / "stats.sqlite3").record(REC)
    assert list(elsewhere.iterdir()) == []
