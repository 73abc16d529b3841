"""Input limits checked before any work, and the one way files given by the user are read.

Every file wordlelab reads (word lists, share grids, tree files, the statistics' pending games,
the caches, the web secret) is opened by ``open_regular``: it refuses what is not a regular file
*before* opening it (a FIFO would block the open, a character device such as /dev/zero would be
read until memory runs out), a file over a size cap, and in our own folders a symbolic link;
``read_user_text`` also refuses any line longer than MAX_LINE (a 1 MB line made 'tree show'
quadratic).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from io import BufferedReader
from pathlib import Path

from .config import MAX_LENGTH
from .errors import WordlelabError

MAX_EXACT_WORD = 8  # letters: the longest words the exact search takes
MAX_TILES = 20  # tiles of one feedback pattern (the base-3 code stays a small int)
MAX_LINE = 4096  # characters of one line of a word list, grid or tree file
MAX_FILE_BYTES = 256 << 20  # a file given by the user (the largest bundled list is under 1 MB)


def file_kind(mode: int) -> str:
    """'a FIFO', 'a character device', ... for a stat mode that is not a regular file."""
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def exists(path: str | Path) -> bool:
    """``Path.exists`` for any text a user typed: False, not an OSError, for a name the system
    cannot even look up (longer than it allows, a NUL in it)."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def regular_file_problem(path: str | Path, follow_links: bool = True) -> str | None:
    """Why ``path`` is not a regular file we may read (None when it is one, or does not exist)."""
    try:
        st = os.stat(path) if follow_links else os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot read it ({exc.strerror})"
    if stat.S_ISLNK(st.st_mode):
        return "is a symbolic link; it is not followed here"
    if not stat.S_ISREG(st.st_mode):
        return f"is {file_kind(st.st_mode)}, not a file"
    if st.st_size > MAX_FILE_BYTES:
        return f"is {st.st_size:,} bytes; files of up to {MAX_FILE_BYTES >> 20} MB are read"
    return None


@contextlib.contextmanager
def open_regular(
    path: str | Path,
    error: type[WordlelabError],
    *,
    follow_links: bool = True,
    max_bytes: int = MAX_FILE_BYTES,
    what: str | None = None,
) -> Iterator[BufferedReader]:
    """The one way wordlelab opens a file it reads: a user's (word lists, trees, grids) or one in
    its own folders (caches, the web secret, kept games).

    What is not a regular file is refused *before* it is opened (a FIFO would block the open, a
    device such as /dev/zero would be read until memory runs out), so is a file of more than
    ``max_bytes``; ``follow_links=False`` (our own folders) refuses a symbolic link too. The
    open itself is non-blocking and, without ``follow_links``, O_NOFOLLOW, and the file is
    checked again once open, so a path swapped in between changes nothing. ``error`` (its text
    without the path, the path in ``.path``) for each refusal; ``what`` names the file's role.
    """
    name = str(path)
    if len(name) > 120:
        name = name[:60] + "…"
    role = f"{what} " if what else ""

    def refuse(why: str) -> WordlelabError:
        return error(f"{role}{why}".strip(), path=name)

    problem = regular_file_problem(path, follow_links)
    if problem is not None:
        raise refuse(problem)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise refuse("no such file") from None
    except IsADirectoryError:
        raise refuse("is a folder, not a file") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise refuse("is a symbolic link; it is not followed here") from None
        raise refuse(f"cannot read it ({exc.strerror})") from None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise refuse("is not a regular file")
        if st.st_size > max_bytes:
            raise refuse(f"is {st.st_size:,} bytes; at most {max_bytes:,} are read")
        yield fh


def read_user_bytes(
    path: str | Path,
    error: type[WordlelabError],
    *,
    follow_links: bool = True,
    max_bytes: int = MAX_FILE_BYTES,
    what: str | None = None,
) -> bytes:
    """The bytes of a regular file (``open_regular``'s checks), never more than ``max_bytes``
    (a file that grows while it is read is refused)."""
    with open_regular(path, error, follow_links=follow_links, max_bytes=max_bytes, what=what) as fh:
        try:
            data = fh.read(max_bytes + 1)
        except OSError as exc:
            raise error(
                f"{what + ' ' if what else ''}cannot be read ({exc.strerror})", path=path
            ) from None
    if len(data) > max_bytes:
        raise error(
            f"{what + ' ' if what else ''}grew past {max_bytes:,} bytes while it was read",
            path=path,
        )
    return data


def read_user_text(
    path: str | Path,
    error: type[WordlelabError],
    encoding: str = "utf-8-sig",
    errors: str = "strict",
) -> str:
    """The text of a user's regular file, every line within MAX_LINE; ``error`` (carrying the
    path) for a missing file, a device or FIFO, an unreadable file or an over-long line."""
    name = str(path)
    if len(name) > 120:
        name = name[:60] + "…"
    data = read_user_bytes(path, error)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        # UTF-16 with its byte-order mark: how Windows saves text (Notepad's "Unicode",
        # PowerShell's '>'); read as UTF-8 it held no word or tile at all.
        encoding = "utf-16"
    try:
        text = data.decode(encoding, errors)
    except UnicodeDecodeError as exc:
        raise error(f"cannot read it ({exc})", path=name) from None
    check_lines(text, name, error)
    return text


def check_lines(text: str, name: str, error: type[WordlelabError]) -> None:
    """``error`` naming the first line longer than MAX_LINE characters."""
    if len(text) <= MAX_LINE:
        return
    start = 0
    lineno = 1
    n = len(text)
    while start < n:
        end = text.find("\n", start)
        if end < 0:
            end = n
        if end - start > MAX_LINE:
            raise error(
                f"line {lineno} has {end - start:,} characters; lines of up to {MAX_LINE} are read",
                path=name,
            )
        start = end + 1
        lineno += 1


def check_word_text(text: str, what: str, error: type[WordlelabError]) -> None:
    """``error`` when a typed word is longer than any list's words (checked before any work)."""
    if len(text.strip()) > MAX_LENGTH:
        shown = text.strip()[:20] + "…"
        raise error(
            f"{what} {shown!r} has {len(text.strip()):,} characters; words have at most "
            f"{MAX_LENGTH} letters",
            shown,
        )


def printable(text: str) -> str:
    """``text`` without control characters (C0 but tab, DEL, C1): input echoed to a terminal must
    not carry escape sequences (a piped ESC[2J would clear the screen, an OSC could set its title)."""
    return "".join(ch for ch in text if ch == "\t" or not (ord(ch) < 32 or 127 <= ord(ch) < 160))
