"""Where wordlelab keeps derived data (cache) and the player's data (statistics)."""

from __future__ import annotations

import os
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
