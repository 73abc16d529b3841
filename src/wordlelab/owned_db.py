"""Opening our SQLite files (the results store, the statistics) without touching anyone else's.

A path given as ``--store`` or found in the data folder may be another program's database, a
link to one, or no database at all. A file is ours when its header carries our application id;
nothing is decided by opening it for writing, since an SQLite connection alone may change a file
(recover a WAL, delete its -wal and -shm beside it, switch it to WAL mode). So:

1. The path is looked at with ``lstat``: a link, a folder, a FIFO or a device is refused.
2. A missing file is created whole: a private temporary file in the same folder gets our schema,
   application id and version, and is then hard-linked into place (never over an existing file),
   so no half-made or empty file is ever left at the path.
3. An existing file's 100-byte header is read directly (``O_NOFOLLOW``, non-blocking): it must be
   an SQLite file with our application id and a schema version we know. Files written before the
   mark existed (version 0.1.0) are recognised by their exact tables and columns, read through a
   read-only, immutable connection that cannot write anything.

Anything else (an empty file, a text file, a foreign database, a newer version of ours) is refused
with one line and left byte-identical, its -wal and -shm included.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import stat
import tempfile
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .errors import WordlelabError
from .limits import exists, file_kind

APPLICATION_ID = 0x574C4142  # "WLAB": PRAGMA application_id of every SQLite file wordlelab writes
SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_BYTES = 100
_USER_VERSION_AT = 60  # big-endian 32-bit integers in the header (sqlite.org/fileformat.html)
_APPLICATION_ID_AT = 68


@dataclass(frozen=True)
class DbSpec:
    """What one kind of our databases looks like.

    ``what``: its role in messages ("the statistics database"). ``schema``: the SQL that makes a
    new one. ``version``: the user_version we write; a file of ours with a higher one is refused.
    ``legacy``: the exact tables and columns of each shape written before the application id (a
    file with application id 0 is ours only if it has one of these shapes, and a user_version no
    higher than ``version``). ``wal``: use WAL journal mode.
    """

    what: str
    schema: str
    version: int
    legacy: tuple[Mapping[str, frozenset[str]], ...] = field(default=())
    wal: bool = False


def check_parent(path: Path, what: str, error: type[WordlelabError]) -> None:
    """``error`` when the folder of a file the user named does not exist (it is never created)."""
    folder = path.parent
    if not exists(folder):
        raise error(f"{what}: its folder does not exist", path=path)
    if not folder.is_dir():
        raise error(f"{what}: its folder is not a folder", path=path)


def open_owned(
    path: Path,
    spec: DbSpec,
    error: type[WordlelabError],
    timeout: float,
    describe: Callable[[sqlite3.Error], WordlelabError] | None = None,
) -> tuple[sqlite3.Connection, bool]:
    """(connection, new) to our database at ``path``; ``error`` (and not a byte written) when it
    is not ours. ``new``: the file was made just now. ``describe``: the caller's own error for an
    SQLite error (e.g. a lock held too long)."""
    what = spec.what

    def failed(exc: sqlite3.Error) -> WordlelabError:
        return (
            describe(exc)
            if describe is not None
            else error(f"{what} cannot be used: {exc}", path=path)
        )

    new = False
    header = _read_header(path, what, error)
    if header is None:
        new = _create(path, spec, error)
        if not new:  # another process made it meanwhile: judge what it made
            header = _read_header(path, what, error)
            if header is None:
                raise error(f"{what} vanished while it was being opened", path=path)
    if header is not None:
        _check_ours(path, header, spec, error)
    try:
        conn = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    except sqlite3.Error as exc:
        raise failed(exc) from None
    try:
        if header is not None and not header[_APPLICATION_ID_AT : _APPLICATION_ID_AT + 4].strip(
            b"\0"
        ):
            # a file of 0.1.0 (recognised by its shape): mark it ours from now on
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        if spec.wal:
            conn.execute("PRAGMA journal_mode=WAL")
    except sqlite3.Error as exc:
        conn.close()
        raise failed(exc) from None
    return conn, new


def _read_header(path: Path, what: str, error: type[WordlelabError]) -> bytes | None:
    """The first 100 bytes of the regular file at ``path`` (fewer if it is shorter); None when
    nothing is there. A link (even a dangling one), a FIFO or a device is refused unopened."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise error(f"{what} cannot be used: {exc.strerror}", path=path) from None
    if stat.S_ISLNK(st.st_mode):
        raise error(
            f"{what} is a symbolic link; wordlelab writes its databases only as files of their "
            "own (give the path of the file itself)",
            path=path,
        )
    if not stat.S_ISREG(st.st_mode):
        raise error(f"{what} is {file_kind(st.st_mode)}, not a database file", path=path)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise error(f"{what} is a symbolic link", path=path) from None
        raise error(f"{what} cannot be read: {exc.strerror}", path=path) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error(f"{what} is not a regular file", path=path)
        return os.read(fd, HEADER_BYTES)
    finally:
        os.close(fd)


def _check_ours(path: Path, header: bytes, spec: DbSpec, error: type[WordlelabError]) -> None:
    what = spec.what
    leave = "it is left as it is: give another file"
    if not header:
        raise error(f"{what} is an empty file, not a wordlelab database; {leave}", path=path)
    if len(header) < HEADER_BYTES or not header.startswith(SQLITE_MAGIC):
        raise error(f"{what} is not an SQLite database; {leave}", path=path)
    app = int.from_bytes(header[_APPLICATION_ID_AT : _APPLICATION_ID_AT + 4])
    version = int.from_bytes(header[_USER_VERSION_AT : _USER_VERSION_AT + 4])
    if app == APPLICATION_ID:
        if version > spec.version:
            raise error(
                f"{what} was written by a newer wordlelab (schema {version}; this one reads up "
                f"to {spec.version}); {leave}",
                path=path,
            )
        return
    if app == 0 and version <= spec.version and _legacy_shape(path, spec):
        return
    raise error(f"{what} is another program's database (application_id {app}); {leave}", path=path)


def _legacy_shape(path: Path, spec: DbSpec) -> bool:
    """Whether the file holds exactly the tables and columns of a shape we wrote before the
    application id, and nothing else (no view, trigger or other table). Read through an
    immutable read-only connection: it takes no lock and writes no -wal or -shm."""
    if not spec.legacy:
        return False
    uri = "file:" + urllib.parse.quote(str(Path(path).absolute())) + "?mode=ro&immutable=1"
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as conn:
            objects = conn.execute("SELECT type, name FROM sqlite_master").fetchall()
            tables = {n for t, n in objects if t == "table" and not n.startswith("sqlite_")}
            if any(t not in ("table", "index") for t, _ in objects):
                return False
            found = {
                name: frozenset(
                    row[1] for row in conn.execute(f"PRAGMA table_info({_quote(name)})")
                )
                for name in tables
            }
    except sqlite3.Error:
        return False
    return bool(found) and any(
        set(found) <= set(shape) and all(found[n] == shape[n] for n in found)
        for shape in spec.legacy
    )


def _create(path: Path, spec: DbSpec, error: type[WordlelabError]) -> bool:
    """Make a new database at ``path``, whole or not at all; False when a file appeared there
    meanwhile (it is then judged like any other)."""
    folder = path.parent
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".new")
        os.close(fd)
    except OSError as exc:
        raise error(f"{spec.what} cannot be created: {exc.strerror}", path=path) from None
    try:
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {spec.version}")
            conn.executescript(spec.schema)
            if spec.wal:
                conn.execute("PRAGMA journal_mode=WAL")
        finally:
            conn.close()  # the WAL (if any) is checkpointed into the file and removed
        os.chmod(tmp, _new_file_mode())
        try:
            os.link(tmp, path)  # fails if anything (a file, a link) is there now
        except FileExistsError:
            return False
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS):
                raise
            return _copy_new(tmp, path)  # a file system without hard links
        return True
    except sqlite3.Error as exc:
        raise error(f"{spec.what} cannot be created: {exc}", path=path) from None
    except OSError as exc:
        raise error(f"{spec.what} cannot be created: {exc.strerror}", path=path) from None
    finally:
        for leftover in (tmp, tmp + "-wal", tmp + "-shm", tmp + "-journal"):
            with contextlib.suppress(OSError):
                os.unlink(leftover)


def _copy_new(tmp: str, path: Path) -> bool:
    """Copy ``tmp`` to a file made at ``path`` (never over one that is there); nothing is left
    at ``path`` if the copy fails."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, _new_file_mode())
    except FileExistsError:
        return False
    try:
        with open(tmp, "rb") as src, os.fdopen(fd, "wb") as dst:
            dst.write(src.read())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise
    return True


def _new_file_mode() -> int:
    mask = os.umask(0o022)  # reading the umask means setting it; put it straight back
    os.umask(mask)
    return 0o666 & ~mask


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
