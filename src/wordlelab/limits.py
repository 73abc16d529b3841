"""Input limits checked before any work, and the one way files given by the user are read.

Every reader of a user's file (word lists, share grids, tree files, the statistics' pending
games) goes through ``read_user_text``: it refuses what is not a regular file *before* opening
it (a FIFO would block the open, a character device such as /dev/zero would be read until
memory runs out) and any line longer than MAX_LINE (a 1 MB line made 'tree show' quadratic).
"""

from __future__ import annotations

import os
import stat
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


def regular_file_problem(path: str | Path) -> str | None:
    """Why ``path`` is not a regular file we may read (None when it is one, or does not exist)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot read it ({exc.strerror})"
    if not stat.S_ISREG(st.st_mode):
        return f"is {file_kind(st.st_mode)}, not a file"
    if st.st_size > MAX_FILE_BYTES:
        return f"is {st.st_size:,} bytes; files of up to {MAX_FILE_BYTES >> 20} MB are read"
    return None


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
    problem = regular_file_problem(path)
    if problem is not None:
        raise error(f"{name}: {problem}", name)
    try:
        # O_NONBLOCK: should the path become a FIFO between the check and the open, the open
        # does not wait for a writer (and the read of an empty pipe ends at once).
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise error(f"{name}: is not a regular file", name)
            data = fh.read(MAX_FILE_BYTES + 1)
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            # UTF-16 with its byte-order mark: how Windows saves text (Notepad's "Unicode",
            # PowerShell's '>'); read as UTF-8 it held no word or tile at all.
            encoding = "utf-16"
        text = data.decode(encoding, errors)
    except FileNotFoundError:
        raise error(f"{name}: no such file", name) from None
    except IsADirectoryError:
        raise error(f"{name}: is a folder, not a file", name) from None
    except OSError as exc:
        raise error(f"{name}: cannot read it ({exc.strerror})", name) from None
    except UnicodeDecodeError as exc:
        raise error(f"{name}: cannot read it ({exc})", name) from None
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
                f"{name}: line {lineno} has {end - start:,} characters; lines of up to "
                f"{MAX_LINE} are read",
                name,
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
