"""Game statistics in SQLite: played, win %, streaks and the guess distribution.

Each finished game is one row written in one transaction, so a killed process never leaves half a
game behind. Another process holding the database gets a busy timeout; if it is still locked
after that, the game is written to a small JSON file in ``pending/`` (atomically) and added the
next time the database opens, so nothing is lost. Every game carries a unique id, which makes
adding a pending file twice harmless.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import tempfile
import uuid
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ..config import GUESSES, db_timeout
from ..errors import WordlelabError
from ..limits import read_user_text
from ..owned_db import DbSpec, open_owned, rollback
from ..paths import data_dir

# 1: the first release. 2: every game names its variant (rules key: classic, quordle, absurdle,
# ...) and the seed it was played with; version 1 games are classic games with no seed.
SCHEMA_VERSION = 2

# The columns of the games table in each schema version; a file of 0.1.0 (no application id yet)
# is ours when it has exactly one of these shapes.
_V1_COLUMNS = frozenset(
    {
        "seq",
        "id",
        "finished_at",
        "answer",
        "guesses",
        "won",
        "hard",
        "length",
        "lang",
        "max_guesses",
        "words",
    }
)
_V2_COLUMNS = _V1_COLUMNS | {"variant", "seed"}
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    finished_at TEXT NOT NULL,
    answer TEXT NOT NULL,
    guesses INTEGER NOT NULL,
    won INTEGER NOT NULL,
    hard INTEGER NOT NULL,
    length INTEGER NOT NULL,
    lang TEXT NOT NULL,
    max_guesses INTEGER NOT NULL,
    words TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT 'classic',
    seed INTEGER
)
"""
# Columns added since version 1, with their definitions (ALTER TABLE ... ADD COLUMN).
_ADDED = (("variant", "TEXT NOT NULL DEFAULT 'classic'"), ("seed", "INTEGER"))
_SPEC = DbSpec(
    what="the statistics database",
    schema=_SCHEMA,
    version=SCHEMA_VERSION,
    legacy=({"games": _V1_COLUMNS}, {"games": _V2_COLUMNS}),
)


class StatsError(WordlelabError):
    """The statistics database cannot be used (locked, unreadable, not a database)."""


class StatsLockedError(StatsError):
    """The database stayed locked; the game was kept in a pending file and is not lost."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game."""

    answer: str
    guesses: int
    won: bool
    hard: bool = False
    length: int = 5
    lang: str = "en"
    max_guesses: int = 6
    words: tuple[str, ...] = ()
    variant: str = "classic"  # the rules' key: classic, dordle, quordle, boards-7, absurdle, ...
    seed: int | None = None
    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    finished_at: str = field(
        default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds")
    )

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """A record from its JSON form (a pending file); ValueError unless every field has its type.

        Checked because a kept game is trusted into the database: a wrong type there (guesses
        "lots") would break every later 'stats'.
        """
        if not isinstance(data, dict) or not isinstance(data.get("words", []), list):
            raise ValueError("not a game record")
        rec = cls(**{**data, "words": tuple(data.get("words", ()))})
        if not rec.is_valid():
            raise ValueError("not a game record")
        return rec

    def is_valid(self) -> bool:
        """Every field of its type and in range (1 <= guesses <= max_guesses)."""

        def whole(x: object) -> bool:
            return isinstance(x, int) and not isinstance(x, bool)

        return (
            all(
                isinstance(x, str)
                for x in (
                    self.answer,
                    self.lang,
                    self.id,
                    self.finished_at,
                    self.variant,
                    *self.words,
                )
            )
            and (self.seed is None or whole(self.seed))
            and all(isinstance(x, bool) for x in (self.won, self.hard))
            and all(whole(x) for x in (self.guesses, self.length, self.max_guesses))
            and self.max_guesses in GUESSES
            and 1 <= self.guesses <= self.max_guesses
            and 1 <= self.length <= 64
        )


@dataclass(frozen=True)
class Summary:
    """Statistics as the NYT shows them."""

    played: int
    wins: int
    current_streak: int
    max_streak: int
    distribution: dict[int, int]  # guesses -> wins in that many guesses

    @property
    def win_percent(self) -> int:
        return round(100 * self.wins / self.played) if self.played else 0

    def to_dict(self) -> dict:
        return {
            "played": self.played,
            "wins": self.wins,
            "win_percent": self.win_percent,
            "current_streak": self.current_streak,
            "max_streak": self.max_streak,
            "distribution": {str(k): v for k, v in sorted(self.distribution.items())},
        }


def summarize(results: list[tuple[bool, int]], max_guesses: int = 6) -> Summary:
    """Summary of (won, guesses) in the order played."""
    dist = {n: 0 for n in range(1, max_guesses + 1)}
    best = run = 0
    for won, n in results:
        if won:
            dist[n] = dist.get(n, 0) + 1
            run += 1
            best = max(best, run)
        else:
            run = 0
    return Summary(len(results), sum(1 for w, _ in results if w), run, best, dist)


class StatsStore:
    """The statistics database (``stats.sqlite3`` in the data directory unless a path is given)."""

    def __init__(self, path: str | Path | None = None, timeout: float | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / "stats.sqlite3"
        self.timeout = db_timeout() if timeout is None else timeout
        # Kept games that could not be read on the last absorb (left in place, never deleted).
        self.unreadable_pending: list[Path] = []
        # Rows of the database that are not games (wrong types) on the last read, not counted.
        self.invalid_rows = 0

    @property
    def pending_dir(self) -> Path:
        return self.path.parent / "pending"

    def _connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StatsError(
                f"the statistics database's folder cannot be made: {exc.strerror}", path=self.path
            ) from None
        # Another program's database, a link, or a newer schema is refused before any write.
        conn, _ = open_owned(self.path, _SPEC, StatsError, self.timeout, self._error)
        try:
            conn.execute(_SCHEMA)
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:  # raised to it by another process since the header check
                raise StatsError(
                    f"the statistics database was written by a newer wordlelab (schema {version})",
                    path=self.path,
                )
            if version < SCHEMA_VERSION:
                self._migrate(conn)
        except sqlite3.Error as exc:
            conn.close()
            raise self._error(exc) from None
        except StatsError:
            conn.close()
            raise
        return conn

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> None:
        """Bring an older database to SCHEMA_VERSION in one transaction, keeping every game
        (version 1 games become classic games with no seed). Safe when two processes race."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            have = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
            for name, definition in _ADDED:
                if name not in have:
                    conn.execute(f"ALTER TABLE games ADD COLUMN {name} {definition}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _error(self, exc: sqlite3.Error) -> StatsError:
        text = str(exc)
        if "locked" in text or "busy" in text:
            return StatsError(
                f"the statistics database is locked by another program (waited "
                f"{self.timeout:g} s); try again when it has finished",
                path=self.path,
            )
        return StatsError(f"the statistics database cannot be used: {text}", path=self.path)

    @staticmethod
    def _insert(conn: sqlite3.Connection, rec: GameRecord) -> None:
        conn.execute(
            "INSERT OR IGNORE INTO games (id, finished_at, answer, guesses, won, hard, length, lang, "
            "max_guesses, words, variant, seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                rec.id,
                rec.finished_at,
                rec.answer,
                rec.guesses,
                int(rec.won),
                int(rec.hard),
                rec.length,
                rec.lang,
                rec.max_guesses,
                ",".join(rec.words),
                rec.variant,
                rec.seed,
            ),
        )

    def _pending(self) -> list[Path]:
        try:
            return sorted(self.pending_dir.glob("*.json"))
        except OSError:
            return []

    def _absorb_pending(self, conn: sqlite3.Connection) -> None:
        """Add games that were kept aside while the database was locked (idempotent)."""
        files = self._pending()
        if not files:
            return
        done: list[tuple[Path, GameRecord]] = []
        unreadable: list[Path] = []
        for f in files:
            try:
                # A FIFO or device there is not opened (it would block): skipped, and said.
                text = read_user_text(f, StatsError, encoding="utf-8")
                done.append((f, GameRecord.from_dict(json.loads(text))))
            except (OSError, ValueError, TypeError, RecursionError, StatsError):
                # Unreadable or being written right now: left in place, never deleted, and said.
                unreadable.append(f)
        self.unreadable_pending = unreadable
        if not done:
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            for _, rec in done:
                self._insert(conn, rec)
            conn.execute("COMMIT")
        except BaseException:
            rollback(conn)
            raise
        for f, _ in done:  # only the files whose game is now in the database
            try:
                f.unlink()
            except OSError:
                pass

    def record(self, rec: GameRecord) -> None:
        """Add a finished game. StatsLockedError (with the game safe in a pending file) if locked."""
        try:
            conn = self._connect()
        except StatsError as exc:
            self._keep_pending(rec, exc)
        try:
            self._absorb_pending(conn)
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._insert(conn, rec)
                conn.execute("COMMIT")
            except BaseException:
                rollback(conn)  # a full disk has rolled it back already: keep the real cause
                raise
        except sqlite3.Error as exc:
            self._keep_pending(rec, self._error(exc))
        finally:
            conn.close()

    def _keep_pending(self, rec: GameRecord, exc: StatsError) -> None:
        try:
            self.pending_dir.mkdir(parents=True, exist_ok=True)
            if self.pending_dir.is_symlink():  # games are written in our own folder, not via a link
                raise OSError(errno.ELOOP, "the pending folder is a symbolic link")
            fd, tmp = tempfile.mkstemp(dir=self.pending_dir, suffix=".tmp")
        except OSError as err:
            raise StatsError(
                f"{exc}; the game could not be kept either ({err.strerror})", path=self.path
            ) from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(asdict(rec), fh)
            os.replace(tmp, self.pending_dir / f"{rec.id}.json")
        except OSError as err:
            try:
                os.unlink(tmp)  # a full disk must not leave an empty temporary file behind
            except OSError:
                pass
            raise StatsError(
                f"{exc}; the game could not be kept either ({err.strerror})", path=self.path
            ) from None
        raise StatsLockedError(
            f"{exc}. This game is kept in the pending folder beside it and will be counted next "
            "time",
            path=self.path,
        )

    def games(
        self, length: int | None = None, lang: str | None = None, variant: str | None = None
    ) -> list[GameRecord]:
        """Every recorded game, oldest first (optionally one length / language / variant only)."""
        conn = self._connect()
        try:
            try:
                self._absorb_pending(conn)
            except sqlite3.Error:
                pass  # still locked: count what is in the database, add the rest next time
            query = (
                "SELECT id, finished_at, answer, guesses, won, hard, length, lang, max_guesses, words, "
                "variant, seed FROM games"
            )
            where: list[str] = []
            args: list[object] = []
            if length is not None:
                where.append("length = ?")
                args.append(length)
            if lang is not None:
                where.append("lang = ?")
                args.append(lang)
            if variant is not None:
                where.append("variant = ?")
                args.append(variant)
            if where:
                query += " WHERE " + " AND ".join(where)
            rows = conn.execute(query + " ORDER BY seq", args).fetchall()
        except sqlite3.Error as exc:
            raise self._error(exc) from None
        finally:
            conn.close()
        records = [
            GameRecord(
                answer=r[2],
                guesses=r[3],
                won=bool(r[4]),
                hard=bool(r[5]),
                length=r[6],
                lang=r[7],
                max_guesses=r[8],
                # A non-text words column is an ill-typed row: GameRecord refuses it, and the
                # row is counted as invalid (not a game).
                words=tuple(w for w in r[9].split(",") if w) if isinstance(r[9], str) else (None,),  # type: ignore[arg-type]
                variant=r[10],
                seed=r[11],
                id=r[0],
                finished_at=r[1],
            )
            for r in rows
        ]
        # Rows some other program wrote with wrong types are left in the database but not counted.
        good = [rec for rec in records if rec.is_valid()]
        self.invalid_rows = len(records) - len(good)
        return good

    def summary(
        self, length: int | None = None, lang: str | None = None, variant: str | None = None
    ) -> Summary:
        """The statistics of the games chosen (every variant together unless one is named). A
        named variant's distribution runs to its own number of tries, games or none."""
        least = 6
        if variant is not None:
            from .rules import rules_from_key

            least = getattr(rules_from_key(variant), "max_guesses", None) or 6
        return _summary(self.games(length, lang, variant), least)

    def by_variant(self, length: int | None = None, lang: str | None = None) -> dict[str, Summary]:
        """The statistics of each variant with games, classic first, then in order of first play."""
        groups: dict[str, list[GameRecord]] = {}
        for g in self.games(length, lang):
            groups.setdefault(g.variant, []).append(g)
        order = sorted(groups, key=lambda k: k != "classic")
        return {k: _summary(groups[k]) for k in order}

    def played_seed(self, variant: str, lang: str, length: int, seed: int) -> bool:
        """Whether a game of this variant, language and length was already recorded with ``seed``
        (a replay is practice: it is not counted again)."""
        return any(g.seed == seed for g in self.games(length, lang, variant))


def _summary(games: list[GameRecord], least: int = 6) -> Summary:
    top = max([least] + [g.max_guesses for g in games])
    return summarize([(g.won, g.guesses) for g in games], top)
