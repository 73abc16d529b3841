"""Every setting read from the environment, parsed in one place, and the word lengths played.

The library, the CLI and the web app all call these; nothing else reads ``WORDLELAB_*``.
A bad value is a ``WordlelabError`` naming the variable (except the test knob
``WORDLELAB_DB_TIMEOUT``, which falls back to its default).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

from .errors import WordlelabError

# Word lengths the engine plays: the kernels count feedback in arrays of 3**length entries, so a
# longer word would need memory that grows as 3**length (12 letters: 531441 codes per guess).
MIN_LENGTH, MAX_LENGTH = 2, 11


@dataclass(frozen=True)
class Whole:
    """A whole-number option's one range, declared here once: every CLI command's option
    (``cli/options.py``) and the web's request parser check it, so the same value is taken or
    refused everywhere."""

    lo: int
    hi: int

    def __contains__(self, value: object) -> bool:
        return (
            isinstance(value, int) and not isinstance(value, bool) and self.lo <= value <= self.hi
        )


# Word lengths the games, the assistant and the web app offer (bundled lists exist for these).
LENGTH = Whole(4, 11)
PLAY_LENGTHS = range(LENGTH.lo, LENGTH.hi + 1)
MIN_PLAY_LENGTH, MAX_PLAY_LENGTH = LENGTH.lo, LENGTH.hi
# Guesses a game allows (--max-guesses, --tries, a request's tries); the statistics store keeps
# games of at most 100 guesses. A variant may allow fewer (one board of Wordle: 20).
GUESSES = Whole(1, 100)
BOARDS = Whole(1, 64)  # boards played at once
SEED = Whole(0, 2**63 - 1)  # a game's seed, on the command line and in the web app
MAX_SEED = SEED.hi
TOP = Whole(1, 50)  # best guesses an assistant's state lists

CACHE_DIR_ENV = "WORDLELAB_CACHE_DIR"
DATA_DIR_ENV = "WORDLELAB_DATA_DIR"
LISTS_ENV = "WORDLELAB_LISTS"
DB_TIMEOUT_ENV = "WORDLELAB_DB_TIMEOUT"
MATRIX_BUDGET_ENV = "WORDLELAB_MATRIX_BUDGET"
WEB_MATRICES_ENV = "WORDLELAB_WEB_MATRICES"
WEB_SECRET_ENV = "WORDLELAB_WEB_SECRET"
PROVE_ENV = "WORDLELAB_PROVE"

DEFAULT_DB_TIMEOUT = 5.0
DEFAULT_MATRIX_BUDGET = 2 * 1024**3  # bytes a full matrix may take unless told otherwise
DEFAULT_WEB_MATRICES = 512 * 1024**2  # bytes the web server's matrices (and searches) take at most


def check_play_length(length: int) -> int:
    """``length`` if the games play it; a WordlelabError naming the range otherwise."""
    if not isinstance(length, int) or isinstance(length, bool) or length not in PLAY_LENGTHS:
        raise WordlelabError(
            f"{length}-letter words; wordlelab plays {MIN_PLAY_LENGTH} to "
            f"{MAX_PLAY_LENGTH} letters",
            length,
            kind="play_length",
            length=length,
            min=MIN_PLAY_LENGTH,
            max=MAX_PLAY_LENGTH,
        )
    return length


def _env(name: str) -> str:
    return os.environ.get(name, "").strip()


def cache_dir_override() -> Path | None:
    """WORDLELAB_CACHE_DIR: matrices, frequencies and openers go there instead of the user cache."""
    return _folder_setting(CACHE_DIR_ENV, os.environ.get(CACHE_DIR_ENV, ""))


def data_dir_override() -> Path | None:
    """WORDLELAB_DATA_DIR: the player's statistics go there instead of the user data folder."""
    return _folder_setting(DATA_DIR_ENV, os.environ.get(DATA_DIR_ENV, ""))


def _folder_setting(name: str, text: str) -> Path | None:
    """A folder named by an environment variable: ``~`` expanded as a shell would (a quoted
    '~/x' must not make a folder called '~' here); a relative path is refused, since where it
    lands would depend on the folder the program happens to run in."""
    if not text:
        return None
    path = Path(text).expanduser()
    if not path.is_absolute():
        shown = text if len(text) <= 60 else text[:60] + "…"
        raise WordlelabError(
            f"{name}={shown!r} is a relative path; give an absolute one (starting with / or ~/)",
            shown,
        )
    return path


def lists_setting() -> str:
    """WORDLELAB_LISTS lower-cased ('' when unset); lists.default_set_name checks the name."""
    return _env(LISTS_ENV).lower()


def db_timeout() -> float:
    """WORDLELAB_DB_TIMEOUT, seconds to wait on a locked statistics database (a test knob).

    Anything but a sensible number of seconds (nan, inf would wait forever, negative) means the
    default.
    """
    try:
        value = float(os.environ.get(DB_TIMEOUT_ENV, DEFAULT_DB_TIMEOUT))
    except ValueError:
        return DEFAULT_DB_TIMEOUT
    return value if 0 <= value <= 600 else DEFAULT_DB_TIMEOUT


def matrix_budget() -> int:
    """Bytes a full matrix may take: WORDLELAB_MATRIX_BUDGET (e.g. 512M, 2G), else 2 GiB."""
    return _size(MATRIX_BUDGET_ENV, DEFAULT_MATRIX_BUDGET)


def web_matrices_budget() -> int:
    """Bytes the web server's matrices, and what its exact searches keep for them, may take
    together: WORDLELAB_WEB_MATRICES (e.g. 256M, 1G), else 512 MiB (the least recently used go
    first; a request for a matrix that cannot fit is a 503)."""
    return _size(WEB_MATRICES_ENV, DEFAULT_WEB_MATRICES)


def _size(name: str, default: int) -> int:
    text = _env(name)
    if not text:
        return default
    units = {"k": 1024, "m": 1024**2, "g": 1024**3, "t": 1024**4}
    scale = units.get(text[-1].lower(), 1)
    digits = text[:-1] if text[-1].lower() in units else text
    try:
        number = float(digits)
    except ValueError:
        number = math.nan
    if not math.isfinite(number) or number < 0 or number * scale > 2**62:
        raise WordlelabError(
            f"{name}={text!r} is not a size (a number of bytes >= 0, e.g. 512M or 2G)",
            text,
        )
    return int(number * scale)


def web_secret_setting() -> str:
    """WORDLELAB_WEB_SECRET: the secret the web app seals saved games with ('' when unset: one is
    kept in the data folder)."""
    return _env(WEB_SECRET_ENV)


def check_settings() -> None:
    """Parse every setting read from the environment once, so a bad one is refused (one
    WordlelabError naming it) before any work starts, not in the middle of it."""
    cache_dir_override()
    data_dir_override()
    matrix_budget()
    prove_setting()
    check_numba_environment()


def check_numba_environment() -> None:
    """A NUMBA_* variable numba cannot parse is refused, naming it.

    numba itself warns with a whole traceback (and again at every compilation) and goes on with
    its default: the run would then not be what was asked for. Only looked at when some NUMBA_*
    variable is set (reading numba's configuration imports numba)."""
    if not any(name.startswith("NUMBA_") for name in os.environ):
        return
    import re
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        from numba.core import config as numba_config

        numba_config.reload_config()
    for w in caught:
        text = str(w.message)
        found = re.match(
            r"Environment variable '([^']*)' is defined but its associated value", text
        )
        if found is None:
            continue
        name = found.group(1)
        value = os.environ.get(name, "")
        lines = [line for line in text.strip().splitlines() if line.strip()]
        why = lines[-1].split(": ", 1)[-1] if lines else ""
        shown = value if len(value) <= 20 else value[:20] + "…"
        raise WordlelabError(
            f"{name}={shown!r} is not a value numba can read ({why[:160]}); fix or unset it",
            shown,
        )


def prove_setting() -> bool:
    """WORDLELAB_PROVE: 'off' (or 0, no, false) and reviews, ``check`` and the assistant never prove
    an opener's tree on first use (as ``--no-prove``); 'on' (1, yes, true) or unset: they do."""
    text = _env(PROVE_ENV).lower()
    if text in ("", "on", "1", "yes", "true"):
        return True
    if text in ("off", "0", "no", "false"):
        return False
    raise WordlelabError(f"{PROVE_ENV}={text!r}: say on or off", text)
