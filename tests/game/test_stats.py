"""Statistics store: streaks, the distribution, locks and pending games."""

from __future__ import annotations

import sqlite3

import pytest

from wordlelab.game.stats import GameRecord, StatsError, StatsLockedError, StatsStore, summarize
from wordlelab.owned_db import APPLICATION_ID


def test_summarize_streaks():
    s = summarize(
        [(True, 3), (True, 4), (False, 6), (True, 2), (True, 3), (True, 3), (False, 6), (True, 1)]
    )
    assert (s.played, s.wins, s.win_percent, s.current_streak, s.max_streak) == (8, 6, 75, 1, 3)
    assert s.distribution == {1: 1, 2: 1, 3: 3, 4: 1, 5: 0, 6: 0}
    assert summarize([]).win_percent == 0


def test_store_round_trip_and_filters(tmp_path):
    store = StatsStore(tmp_path / "s.db")
    store.record(GameRecord("cigar", 4, True, words=("salet", "brond", "chair", "cigar")))
    store.record(GameRecord("тесто", 6, False, lang="ru"))
    assert store.summary().played == 2
    assert store.summary(lang="en").distribution[4] == 1
    assert store.games()[0].words == ("salet", "brond", "chair", "cigar")


def test_locked_keeps_the_game(tmp_path):
    store = StatsStore(tmp_path / "s.db", timeout=0.05)
    store.record(GameRecord("cigar", 4, True))
    holder = sqlite3.connect(tmp_path / "s.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    rec = GameRecord("rebut", 2, True)
    with pytest.raises(StatsLockedError, match="will be counted next time"):
        store.record(rec)
    with pytest.raises(StatsError, match="locked"):
        store.summary()
    holder.execute("ROLLBACK")
    holder.close()
    # The pending file is added once, even if it were seen twice.
    (store.pending_dir / "copy.json").write_text((store.pending_dir / f"{rec.id}.json").read_text())
    s = store.summary()
    assert s.played == 2 and s.distribution[2] == 1
    assert not list(store.pending_dir.glob("*.json"))


def test_unusable_database(tmp_path):
    bad = tmp_path / "s.db"
    bad.write_bytes(b"garbage" * 200)
    with pytest.raises(StatsError, match="not an SQLite database"):
        StatsStore(bad).summary()


def test_an_unreadable_pending_file_never_costs_another_game(tmp_path):
    """Issue 15 #6: a pending file that cannot be parsed must not make another one be deleted."""
    store = StatsStore(tmp_path / "s.db", timeout=0.05)
    store.record(GameRecord("cigar", 4, True))
    holder = sqlite3.connect(tmp_path / "s.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    kept = []
    for answer in ("rebut", "sissy", "humph"):
        rec = GameRecord(answer, 3, True)
        with pytest.raises(StatsLockedError):
            store.record(rec)
        kept.append(store.pending_dir / f"{rec.id}.json")
    holder.execute("ROLLBACK")
    holder.close()
    broken = sorted(kept)[0]  # the first file the store will see
    broken.write_text("{not json")
    assert store.summary().played == 3  # cigar and the two readable games
    assert store.unreadable_pending == [broken] and broken.exists()
    assert [p for p in kept if p.exists()] == [broken]


def test_games_survive_a_kill_during_recording(tmp_path):
    """A process killed (SIGKILL) while it records games loses nothing already recorded."""
    import os
    import signal
    import subprocess
    import sys
    import time

    db = tmp_path / "s.db"
    code = (
        f"from wordlelab.game.stats import StatsStore, GameRecord\ns = StatsStore({str(db)!r})\n"
        "i = 0\nwhile True:\n    s.record(GameRecord('cigar', 1 + i % 6, True)); i += 1\n"
        "    print(i, flush=True)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    seen = 0
    deadline = time.monotonic() + 30
    while seen < 20 and time.monotonic() < deadline:
        seen = int(proc.stdout.readline())
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    played = StatsStore(db).summary().played
    assert played >= seen  # every game reported as recorded is there, and the database opens


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "1e999", "soon"])
def test_a_silly_lock_timeout_means_the_default(tmp_path, monkeypatch, value):
    # WORDLELAB_DB_TIMEOUT=inf would wait forever on a locked database.
    monkeypatch.setenv("WORDLELAB_DB_TIMEOUT", value)
    assert StatsStore(tmp_path / "s.db").timeout == 5.0
    monkeypatch.setenv("WORDLELAB_DB_TIMEOUT", "0.25")
    assert StatsStore(tmp_path / "s.db").timeout == 0.25


@pytest.mark.parametrize(
    "payload",
    [
        {
            "answer": "cigar",
            "guesses": 3,
            "won": True,
            "words": [1, 2],
        },  # was a TypeError traceback
        {"answer": "cigar", "guesses": "lots", "won": True},  # was stored, then broke every 'stats'
        {
            "answer": "cigar",
            "guesses": [3],
            "won": True,
        },  # was refused by sqlite: no game recorded again
        {"answer": "cigar", "guesses": 99, "won": True},
        {"answer": "cigar", "guesses": 3, "won": "yes"},
        {"answer": "cigar", "guesses": 3, "won": True, "id": 5},
        [[[]]],
    ],
)
def test_a_kept_game_with_wrong_types_is_left_aside_not_trusted(tmp_path, payload):
    import json

    store = StatsStore(tmp_path / "s.db")
    store.pending_dir.mkdir(parents=True)
    bad = store.pending_dir / "bad.json"
    bad.write_text(json.dumps(payload))
    store.record(GameRecord("rebut", 2, True))
    s = store.summary()
    assert s.played == 1 and s.distribution[2] == 1
    assert store.unreadable_pending == [bad] and bad.exists()


def test_rows_with_wrong_types_are_not_counted(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))
    store = StatsStore()
    store.record(GameRecord("cigar", 4, True))
    conn = sqlite3.connect(store.path)
    conn.execute(
        "INSERT INTO games (id, finished_at, answer, guesses, won, hard, length, lang, max_guesses, words)"
        " VALUES ('x', 'now', 'rebut', 'lots', 1, 0, 5, 'en', 6, '')"
    )
    conn.commit()
    conn.close()
    s = store.summary()
    assert s.played == 1 and s.distribution[4] == 1 and store.invalid_rows == 1
    from interactive_helpers import invoke

    code, out, err = invoke("stats")
    assert code == 0 and "Played 1" in out and "1 rows of" in err and "not counted" in err


# -- variants (schema version 2) -------------------------------------------------------------------

V1_SCHEMA = """
CREATE TABLE games (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, finished_at TEXT NOT NULL,
    answer TEXT NOT NULL, guesses INTEGER NOT NULL, won INTEGER NOT NULL, hard INTEGER NOT NULL,
    length INTEGER NOT NULL, lang TEXT NOT NULL, max_guesses INTEGER NOT NULL, words TEXT NOT NULL)
"""


def write_v1(path, games):
    """A database as the first release wrote it (schema version 1, no variant, no seed)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(V1_SCHEMA)
    conn.execute("PRAGMA user_version = 1")
    for i, (answer, guesses, won) in enumerate(games):
        conn.execute(
            "INSERT INTO games (id, finished_at, answer, guesses, won, hard, length, lang, max_guesses, "
            "words) VALUES (?, ?, ?, ?, ?, 0, 5, 'en', 6, 'crane')",
            (f"old{i}", f"2025-01-0{i + 1}T00:00:00+00:00", answer, guesses, int(won)),
        )
    conn.close()


def test_a_version_1_database_is_migrated_without_losing_a_game(tmp_path):
    path = tmp_path / "s.db"
    write_v1(path, [("cigar", 3, True), ("rebut", 6, False), ("sissy", 4, True)])
    store = StatsStore(path)
    before = store.summary()
    assert (before.played, before.wins, before.current_streak) == (3, 2, 1)
    old = store.games()
    assert [g.id for g in old] == ["old0", "old1", "old2"] and {g.variant for g in old} == {
        "classic"
    }
    assert all(g.seed is None for g in old)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    columns = [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    conn.close()
    assert columns[-2:] == ["variant", "seed"]
    # New games of other variants go in beside them and are counted apart.
    store.record(GameRecord("humph,cigar", 7, True, max_guesses=9, variant="quordle", seed=5))
    store.record(GameRecord("cigar", 5, True, variant="classic", seed=7))
    assert (
        store.summary(variant="classic").played == 4
        and store.summary(variant="quordle").played == 1
    )
    assert list(store.by_variant()) == ["classic", "quordle"]
    assert store.by_variant()["quordle"].distribution[7] == 1
    assert store.played_seed("classic", "en", 5, 7) and not store.played_seed("quordle", "en", 5, 7)
    # Opening it again (a second process) migrates nothing twice.
    assert StatsStore(path).summary().played == 5


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "s.db"
    write_v1(path, [])
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA user_version = 3")
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # a newer wordlelab marks it
    conn.close()
    with pytest.raises(StatsError, match="newer wordlelab"):
        StatsStore(path).summary()


def test_a_pending_game_of_the_first_release_counts_as_classic(tmp_path):
    rec = GameRecord.from_dict(
        {"answer": "cigar", "guesses": 2, "won": True, "words": ["salet", "cigar"]}
    )
    assert rec.variant == "classic" and rec.seed is None
    with pytest.raises(ValueError):
        GameRecord.from_dict({"answer": "cigar", "guesses": 2, "won": True, "seed": "seven"})


def test_a_named_variant_with_no_games_shows_its_own_tries(tmp_path):
    store = StatsStore(tmp_path / "s.db")
    assert len(store.summary(variant="quordle").distribution) == 9  # was 6, Wordle's
    assert len(store.summary(variant="dordle").distribution) == 7
    assert len(store.summary().distribution) == 6


def test_the_distribution_bars_line_up_past_nine_guesses(tmp_path, monkeypatch):
    """'stats' for a variant of ten tries or more (Octordle's 13, Absurdle's) started the bars of
    rows 10 and up one column to the right of the others; the labels are now right-aligned."""
    from interactive_helpers import invoke

    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))
    store = StatsStore()
    store.record(GameRecord("cigar", 9, True, variant="octordle", max_guesses=13))
    store.record(GameRecord("rebut", 11, True, variant="octordle", max_guesses=13))
    code, out, _ = invoke("stats", "--variant", "octordle")
    assert code == 0, out
    rows = [line for line in out.splitlines() if "█" in line]
    assert [r.split()[0] for r in rows] == ["9", "11"], out
    assert len({r.index("█") for r in rows}) == 1, out
    assert "\n   1  0\n" in out and "\n  11 █" in out, out
