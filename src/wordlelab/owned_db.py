"""Opening our SQLite files (the results store, the statistics) without touching anyone else's.

A file given as ``--store`` may be another program's database. Before any write (a table, a
pragma, WAL mode) the file is checked: new and empty, or marked with our application_id, or
(files written before the mark) holding only our tables with our columns. Anything else is
refused with one line and stays byte-identical.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Callable, Mapping
from pathlib import Path

from .errors import WordlelabError
from .limits import file_kind

APPLICATION_ID = 0x574C4142  # "WLAB": PRAGMA application_id of every SQLite file wordlelab writes


def check_parent(path: Path, what: str, error: type[WordlelabError]) -> None:
    """``error`` when the folder of a file the user named does not exist (it is never created)."""
    folder = path.parent
    if not folder.exists():
        raise error(f"{what} {path}: the folder {folder} does not exist", str(path))
    if not folder.is_dir():
        raise error(f"{what} {path}: {folder} is not a folder", str(path))


def open_owned(
    path: Path,
    tables: Mapping[str, set[str]],
    what: str,
    error: type[WordlelabError],
    timeout: float,
    describe: Callable[[sqlite3.Error], WordlelabError] | None = None,
) -> tuple[sqlite3.Connection, bool]:
    """(connection, new) to our database at ``path``; ``error`` and no write when it is not ours.

    ``tables``: our table names and the columns each must have. ``new``: the file had no tables
    (the caller creates them). The application_id is set on a new file and on an old one of ours.
    ``describe``: the caller's own error for an SQLite error (e.g. a lock held too long).
    """

    def failed(exc: sqlite3.Error) -> WordlelabError:
        return (
            describe(exc)
            if describe is not None
            else error(f"{what} {path} cannot be used: {exc}", str(path))
        )

    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise error(f"{what} {path} cannot be used: {exc.strerror}", str(path)) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise error(f"{what} {path} is {file_kind(st.st_mode)}, not a database file", str(path))
    try:
        conn = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    except sqlite3.Error as exc:
        raise failed(exc) from None
    try:
        app = conn.execute("PRAGMA application_id").fetchone()[0]
        found = {
            name: {row[1] for row in conn.execute(f"PRAGMA table_info({_quote(name)})")}
            for (name,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
    except sqlite3.Error as exc:
        conn.close()
        raise failed(exc) from None
    new = not found and app == 0
    ours = app == APPLICATION_ID or (
        app == 0
        and bool(found)
        and all(name in tables and tables[name] <= cols for name, cols in found.items())
    )
    if not (new or ours):
        conn.close()
        names = ", ".join(sorted(found)) or "none"
        raise error(
            f"{what} {path} is another program's database (application_id {app}, tables: {names}); "
            "it is left as it is: give another file",
            str(path),
        )
    if app != APPLICATION_ID:
        try:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        except sqlite3.Error as exc:
            conn.close()
            raise failed(exc) from None
    return conn, new


def rollback(conn: sqlite3.Connection) -> None:
    """Roll back the open transaction, if SQLite has not already (it does after a full disk:
    a second ROLLBACK only says 'cannot rollback - no transaction is active', hiding the cause)."""
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
