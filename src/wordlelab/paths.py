"""Where wordlelab keeps derived data (cache) and the player's data (statistics)."""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from .config import cache_dir_override, data_dir_override
from .errors import OutputPathError, WordlelabError
from .limits import exists, read_user_bytes


def cache_dir() -> Path:
    """Matrices, frequencies and openers; WORDLELAB_CACHE_DIR overrides."""
    return cache_dir_override() or Path(platformdirs.user_cache_dir("wordlelab"))


def data_dir() -> Path:
    """The player's own data (statistics); WORDLELAB_DATA_DIR overrides."""
    return data_dir_override() or Path(platformdirs.user_data_dir("wordlelab"))


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename: readers never see half."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        # mkstemp makes the file private (0600); a result the user asked for keeps the mode the
        # file had, or gets the one a plain open() would give.
        os.chmod(fd, _file_mode(path))
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


CACHE_ENTRY_BYTES = 16 << 20  # a JSON cache entry (openers, Absurdle's lines) is far smaller


def read_cache_entry(path: Path, key: str) -> dict[str, Any] | None:
    """A JSON cache file's contents when it is a regular file holding an object whose "key" is
    ``key``; None for anything else (missing, unreadable, not ours, another key): the caller then
    computes the entry again."""
    try:  # a FIFO would block, a link may lead anywhere: anything but a plain file is rebuilt
        raw = read_user_bytes(path, WordlelabError, follow_links=False, max_bytes=CACHE_ENTRY_BYTES)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError, WordlelabError):
        return None
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    return data


def write_cache_entry(path: Path, payload: dict[str, object]) -> None:
    """Write a JSON cache entry atomically; an unwritable cache only costs time next run."""
    try:
        write_atomic(path, json.dumps(payload).encode("utf-8"))
    except OSError:
        pass


def _file_mode(path: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mask = os.umask(0o022)  # reading the umask means setting it; put it straight back
        os.umask(mask)
        return 0o666 & ~mask


def check_writable(
    path: str | Path, formats: Sequence[str] | None = None, default_format: str | None = None
) -> Path:
    """The path an output will really be written to, checked before any work is done.

    The folder must exist and be writable, the file (if there) a writable regular file, and the
    extension one of ``formats`` (a path without one gets ``default_format``). OutputPathError
    with the reason otherwise.
    """
    p = Path(path).expanduser()
    if not str(path).strip() or p.name in ("", ".", ".."):
        raise OutputPathError(f"{str(path)!r} is not a file name", str(path))
    try:
        given = os.stat(p).st_mode
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:  # no file can have that name: say so before the work
            shown = str(path)[:40] + "…"
            raise OutputPathError(f"{shown}: the name is too long for a file", shown) from None
        given = None
    if given is not None and not stat.S_ISREG(given):
        # Not only before adding an extension: '/dev/null' must not become '/dev/null.png'.
        kind = (
            "a folder" if stat.S_ISDIR(given) else "not a regular file (a device, FIFO or socket)"
        )
        raise OutputPathError(f"{path} is {kind}; give a file name", str(path))
    if formats is not None:
        ext = p.suffix.lower().lstrip(".")
        if not ext and default_format:
            p = p.with_name(f"{p.name}.{default_format}")
        elif ext not in formats:
            shown = repr(ext) if ext else "no extension"
            raise OutputPathError(
                f"{path}: {shown} is not a format it can write; use "
                f"{', '.join('.' + f for f in formats)}",
                str(path),
            )
    folder = p.parent
    if not exists(folder):
        raise OutputPathError(f"{path}: the folder {folder} does not exist", str(path))
    if not folder.is_dir():
        raise OutputPathError(f"{path}: {folder} is not a folder", str(path))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputPathError(f"{path}: the folder {folder} is not writable", str(path))
    if os.path.lexists(p):
        try:
            mode = p.stat().st_mode
        except OSError as exc:
            raise OutputPathError(f"{path}: cannot use it ({exc.strerror})", str(path)) from None
        if stat.S_ISDIR(mode):
            raise OutputPathError(f"{path} is a folder, not a file", str(path))
        if not stat.S_ISREG(mode):
            raise OutputPathError(f"{path} is not a regular file", str(path))
        if not os.access(p, os.W_OK):
            raise OutputPathError(f"{path}: the file is not writable", str(path))
    return p


# The parts of the cache directory: (folder, what it holds). Everything there can be rebuilt.
CACHE_PARTS: tuple[tuple[str, str], ...] = (
    ("matrix", "pattern matrices (one per pair of word lists)"),
    ("openers", "strategies' first guesses and Absurdle's opening lines"),
    ("freq", "word frequencies of user lists"),
)


@dataclass(frozen=True)
class CacheUsage:
    part: str
    what: str
    files: int
    bytes: int


def cache_usage() -> list[CacheUsage]:
    """Files and bytes in each part of the cache directory."""
    root = cache_dir()
    out = []
    for part, what in CACHE_PARTS:
        files = (
            [p for p in (root / part).glob("*") if p.is_file() and not p.is_symlink()]
            if (root / part).is_dir()
            else []
        )
        out.append(CacheUsage(part, what, len(files), sum(p.stat().st_size for p in files)))
    return out


def clear_cache(parts: Sequence[str] | None = None) -> tuple[int, int]:
    """Delete the cached files of ``parts`` (all by default); returns (files, bytes) removed.

    Only wordlelab's own cache folders are touched, never the player's data (statistics).
    """
    known = [p for p, _ in CACHE_PARTS]
    chosen = list(parts) if parts else known
    bad = [p for p in chosen if p not in known]
    if bad:
        raise WordlelabError(f"unknown cache part {bad[0]!r}; parts: {', '.join(known)}", bad[0])
    files = size = 0
    root = cache_dir()
    failed: list[tuple[Path, OSError]] = []
    for part in chosen:
        folder = root / part
        if not folder.is_dir():
            continue
        for p in folder.glob("*"):
            if p.is_file() and not p.is_symlink():
                try:
                    n = p.stat().st_size
                    p.unlink()
                except FileNotFoundError:
                    continue  # removed by another process meanwhile
                except OSError as exc:  # a read-only cache: say so once, after removing what can be
                    failed.append((p, exc))
                    continue
                files, size = files + 1, size + n
    if failed:
        first, why = failed[0]
        raise WordlelabError(
            f"could not remove {len(failed)} cached files from the cache ({why.strerror}, e.g. "
            f"{first.name}); removed {files}",
            path=root,
        )
    return files, size


def available_memory_bytes() -> int | None:
    """Memory the system can give without swapping (MemAvailable), or None where unknown; less
    when this process's address space is limited (ulimit -v) and that leaves less."""
    free = _free_memory_bytes()
    room = _address_space_left()
    if room is not None:
        free = room if free is None else min(free, room)
    return free


def _address_space_left() -> int | None:
    """RLIMIT_AS minus the address space already used (None without a limit)."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):
        return None
    if soft == resource.RLIM_INFINITY or soft < 0:
        return None
    used = 0
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    used = int(line.split()[1]) * 1024
                    break
    except (OSError, ValueError, IndexError):
        pass
    return max(0, soft - used)


def _free_memory_bytes() -> int | None:
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None
