"""Where wordlelab keeps derived data (cache) and the player's data (statistics)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs


def cache_dir() -> Path:
    """Matrices, frequencies and openers; WORDLELAB_CACHE_DIR overrides."""
    env = os.environ.get("WORDLELAB_CACHE_DIR")
    return Path(env) if env else Path(platformdirs.user_cache_dir("wordlelab"))


def data_dir() -> Path:
    """The player's own data (statistics); WORDLELAB_DATA_DIR overrides."""
    env = os.environ.get("WORDLELAB_DATA_DIR")
    return Path(env) if env else Path(platformdirs.user_data_dir("wordlelab"))


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename: readers never see half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
