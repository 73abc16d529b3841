"""PatternMatrix: every guess scored against every answer, built by numba and cached on disk.

The cache file is a small JSON header followed by the raw array. It is keyed by what produced
it: a content hash of both lists (and their order), the file format, and the version of the code
that scores (wordlelab's version and a hash of the scoring kernel's source), so a matrix written
by another version is never read. It is written atomically (temporary file + rename), opened like
any file we read (no link, FIFO or device; its exact size) and validated on load (key, shape,
dtype, size, a CRC of the data, and SPOT_CELLS cells scored again by the slow reference scorer,
which a CRC cannot replace: it catches a matrix that was wrong when it was written). Anything
wrong and it is rebuilt silently.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import zlib
from collections.abc import Callable
from functools import cached_property
from pathlib import Path

import numpy as np

from ..config import DEFAULT_MATRIX_BUDGET, MAX_LENGTH
from ..errors import UnknownWordError, WordlelabError, WordLengthError
from ..kernels.feedback import score_matrix, score_row
from ..kernels.partition import partition_stats
from ..limits import open_regular
from ..paths import cache_dir, write_atomic
from .words import WordList

FORMAT_VERSION = 1
SPOT_CELLS = 2048  # cells of a loaded matrix scored again by the reference scorer
# Bytes a full matrix may take before rows are scored on demand (WORDLELAB_MATRIX_BUDGET changes it).
DEFAULT_BUDGET = DEFAULT_MATRIX_BUDGET
_MAGIC = b"WLABPM1\n"


def pattern_dtype(length: int) -> np.dtype:
    """Smallest unsigned dtype holding every code 0..3**length-1."""
    top = 3**length - 1
    for dt in (np.uint8, np.uint16, np.uint32, np.uint64):
        if top <= np.iinfo(dt).max:
            return np.dtype(dt)
    raise ValueError(f"length {length} is too long for a pattern matrix")


def shared_alphabet(*lists: WordList) -> str:
    return "".join(sorted(set().union(*(set(wl.letters) for wl in lists))))


@functools.cache
def scorer_version() -> str:
    """wordlelab's version and a hash of the scoring kernel's source: what wrote a matrix."""
    from .. import __version__
    from ..kernels import feedback as kernel

    try:
        source = Path(kernel.__file__ or "").read_bytes()
    except OSError:
        source = b""
    return f"{__version__}+{hashlib.sha256(source).hexdigest()[:16]}"


def matrix_key(guesses: WordList, answers: WordList) -> str:
    text = f"v{FORMAT_VERSION}\n{scorer_version()}\n{guesses.fingerprint}\n{answers.fingerprint}\n"
    # The words' order fixes the rows and columns, so it is part of the key too.
    order = hashlib.sha256(("\n".join(guesses) + "|" + "\n".join(answers)).encode()).hexdigest()
    return hashlib.sha256((text + order).encode()).hexdigest()[:32]


def build_array(guesses: WordList, answers: WordList) -> np.ndarray:
    """The guesses x answers feedback codes (no cache)."""
    if guesses.length != answers.length:
        raise ValueError("guesses and answers differ in length")
    if guesses.length > MAX_LENGTH:  # before allocating anything that grows as 3**length
        raise WordLengthError(
            f"{guesses.name}: {guesses.length}-letter words are longer than the "
            f"{MAX_LENGTH} letters the engine plays",
            guesses.name,
        )
    alphabet = shared_alphabet(guesses, answers)
    out = np.empty((len(guesses), len(answers)), dtype=pattern_dtype(guesses.length))
    score_matrix(guesses.encode(alphabet), answers.encode(alphabet), out)
    return out


def _write_atomic(path: Path, key: str, data: np.ndarray) -> None:
    header = json.dumps(
        {
            "key": key,
            "shape": list(data.shape),
            "dtype": data.dtype.str,
            "crc32": zlib.crc32(data.data),
        }
    ).encode()
    write_atomic(path, _MAGIC + len(header).to_bytes(4, "little") + header + data.tobytes())


def spot_check(
    guesses: WordList, answers: WordList, data: np.ndarray, cells: int = SPOT_CELLS
) -> bool:
    """Whether ``cells`` cells of ``data`` (all of them, for a small matrix), chosen at random
    with a fixed seed, hold what ``score_pairs`` (written apart from the kernel) gives."""
    n_rows, n_cols = data.shape
    if n_rows * n_cols <= cells:
        rows, cols = np.divmod(np.arange(n_rows * n_cols), max(1, n_cols))
    else:
        rng = np.random.default_rng(0x574C4142)
        rows = rng.integers(0, n_rows, cells)
        cols = rng.integers(0, n_cols, cells)
    g = [guesses[int(r)] for r in rows]
    a = [answers[int(c)] for c in cols]
    return bool(np.array_equal(data[rows, cols].astype(np.int64), score_pairs(g, a)))


def score_pairs(guesses: list[str], answers: list[str]) -> np.ndarray:
    """The feedback code of each (guess, answer) pair, vectorised over the pairs: greens first,
    then yellows left to right while the answer has that letter unused (the rule of
    ``feedback.score_colors``, which the tests compare it with)."""
    if not guesses:
        return np.zeros(0, dtype=np.int64)
    k = len(guesses[0])
    g = np.frombuffer("".join(guesses).encode("utf-32-le"), dtype=np.uint32).reshape(-1, k)
    a = np.frombuffer("".join(answers).encode("utf-32-le"), dtype=np.uint32).reshape(-1, k)
    green = g == a
    yellow = np.zeros_like(green)
    for i in range(k):
        # answer letters equal to this guess letter and not matched by a green
        free = ((a == g[:, i : i + 1]) & ~green).sum(axis=1)
        # earlier guess letters, the same, that already took one as a yellow
        taken = ((g[:, :i] == g[:, i : i + 1]) & yellow[:, :i]).sum(axis=1)
        yellow[:, i] = ~green[:, i] & (free > taken)
    colors = green.astype(np.int64) * 2 + yellow.astype(np.int64)
    return colors @ (3 ** np.arange(k - 1, -1, -1, dtype=np.int64))


def _read_valid(path: Path, key: str, shape: tuple[int, int], dtype: np.dtype) -> np.ndarray | None:
    nbytes = shape[0] * shape[1] * dtype.itemsize
    try:
        with open_regular(path, WordlelabError, follow_links=False, max_bytes=nbytes + 65536) as fh:
            size = os.fstat(fh.fileno()).st_size
            head = fh.read(len(_MAGIC) + 4)
            if len(head) < len(_MAGIC) + 4 or not head.startswith(_MAGIC):
                return None
            hlen = int.from_bytes(head[len(_MAGIC) :], "little")
            if len(head) + hlen + nbytes != size:
                return None
            header = json.loads(fh.read(hlen))
            if not isinstance(header, dict) or (
                header.get("key") != key
                or tuple(header.get("shape", ())) != shape
                or header.get("dtype") != dtype.str
            ):
                return None
            # Straight into the array: no bytes object to copy from (30-47 MB on every start).
            data = np.empty(shape, dtype=dtype)
            view = data.data.cast("B")
            got = 0
            while got < nbytes:
                n = fh.readinto(view[got:])
                if not n:
                    return None
                got += n
    except (OSError, WordlelabError):  # missing, unreadable, or not a plain file of ours
        return None
    except (ValueError, TypeError, RecursionError, json.JSONDecodeError, UnicodeDecodeError):
        return None
    if header.get("crc32") != zlib.crc32(data.data):
        return None
    data.flags.writeable = False  # as the cache's copy it was read-only before; keep it so
    return data


class PatternMatrix:
    """Feedback codes of every guess (rows) against every answer (columns)."""

    def __init__(self, guesses: WordList, answers: WordList, data: np.ndarray):
        if data.shape != (len(guesses), len(answers)):
            raise ValueError("matrix shape does not match the lists")
        self.guesses = guesses
        self.answers = answers
        if data.flags.writeable:
            # Read-only always, as a matrix loaded from the cache is: the kernels are compiled for
            # one array type. A recursive kernel (greedy_value) compiled a second time for the
            # other one, in a process that built one matrix and loaded another, crashed the
            # process (a segmentation fault in the test suite's workers).
            data = data.view()
            data.flags.writeable = False
        self.data = data
        self.length = guesses.length

    @classmethod
    def build(cls, guesses: WordList, answers: WordList) -> PatternMatrix:
        return cls(guesses, answers, build_array(guesses, answers))

    @staticmethod
    def build_message(shape: tuple[int, int]) -> str:
        """The notice while a matrix of ``shape`` (guesses, answers) is built."""
        return f"building the {shape[0]}×{shape[1]} pattern matrix (once; cached afterwards)"

    @classmethod
    def load(
        cls,
        guesses: WordList,
        answers: WordList,
        *,
        cache: bool = True,
        on_build: Callable[[], None] | None = None,
    ) -> PatternMatrix:
        """From the disk cache when a valid copy is there, else built (and cached)."""
        if not cache:
            return cls.build(guesses, answers)
        key = matrix_key(guesses, answers)
        path = cache_dir() / "matrix" / f"{key}.bin"
        shape = (len(guesses), len(answers))
        dtype = pattern_dtype(guesses.length)
        data = _read_valid(path, key, shape, dtype)
        if data is not None and not spot_check(guesses, answers, data):
            data = None  # wrong when it was written (a bug, another version): built again
        if data is None:
            from ..progress import working

            if on_build is not None:
                on_build()
                data = build_array(guesses, answers)
            else:
                with working(cls.build_message(shape)):
                    data = build_array(guesses, answers)
            try:
                _write_atomic(path, key, data)
            except OSError:
                pass  # an unwritable cache only costs speed next time
        return cls(guesses, answers, data)

    @cached_property
    def answer_to_guess(self) -> np.ndarray:
        """For each answer, its row index among the guesses, or -1 when it is not a guess."""
        return np.array([self.guesses._index.get(w, -1) for w in self.answers], dtype=np.int64)

    @cached_property
    def guess_to_answer(self) -> np.ndarray:
        """For each guess, its column index among the answers, or -1."""
        return np.array([self.answers._index.get(w, -1) for w in self.guesses], dtype=np.int64)

    @property
    def win_code(self) -> int:
        return 3**self.length - 1

    def row(self, guess: int) -> np.ndarray:
        """Feedback codes of one guess against every answer."""
        return self.data[guess]

    def partition_stats(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """(len(rows), 4): entropy bits, distinct patterns, sum of squared group sizes, largest group."""
        out = np.empty((rows.size, 4), dtype=np.float64)
        partition_stats(
            self.data,
            np.asarray(rows, dtype=np.int64),
            np.asarray(cols, dtype=np.int64),
            3**self.length,
            out,
        )
        return out

    @property
    def is_full(self) -> bool:
        return True

    def guess_index(self, word: str) -> int:
        return self.guesses.index(word)

    def answer_index(self, word: str) -> int:
        try:
            return self.answers.index(word)
        except UnknownWordError:
            raise UnknownWordError(
                f"{word!r} is not a possible answer ({self.answers.name})", word
            ) from None

    def __repr__(self) -> str:
        return f"<PatternMatrix {self.data.shape[0]}x{self.data.shape[1]} {self.data.dtype}>"


def score_against(guess: str, answers: WordList) -> np.ndarray:
    """One row scored on demand (for lists too large for a full matrix)."""
    alphabet = shared_alphabet(answers) + "".join(sorted(set(guess) - set(answers.letters)))
    table = {ch: i for i, ch in enumerate(alphabet)}
    g = np.array([table[ch] for ch in guess], dtype=np.uint8)
    out = np.empty(len(answers), dtype=pattern_dtype(answers.length))
    score_row(g, answers.encode(alphabet), out)
    return out


class OnDemandMatrix(PatternMatrix):
    """The same interface without the full array: rows and blocks are scored when asked for.

    For lists whose full matrix would not fit the memory budget (long words with every allowed
    word a possible answer). Strategies that need the whole array get a clear error instead.
    """

    def __init__(self, guesses: WordList, answers: WordList, max_cached_rows: int = 4096):
        if guesses.length != answers.length:
            raise ValueError("guesses and answers differ in length")
        self.guesses = guesses
        self.answers = answers
        self.length = guesses.length
        alphabet = shared_alphabet(guesses, answers)
        self.encoded_guesses = guesses.encode(alphabet)
        self.encoded_answers = answers.encode(alphabet)
        self._dtype = pattern_dtype(self.length)
        self._rows: dict[int, np.ndarray] = {}
        self._max_rows = max_cached_rows

    @property
    def data(self) -> np.ndarray:  # type: ignore[override]
        size = full_matrix_bytes(self.guesses, self.answers) / 1024**3
        raise WordlelabError(
            f"{len(self.guesses)}x{len(self.answers)} words need a {size:.1f} GiB matrix, over the "
            "memory budget; this needs a full matrix (use a smaller answer list or a larger budget)",
            (len(self.guesses), len(self.answers)),
        )

    @property
    def is_full(self) -> bool:
        return False

    def row(self, guess: int) -> np.ndarray:
        row = self._rows.get(guess)
        if row is None:
            row = np.empty(len(self.answers), dtype=self._dtype)
            score_row(self.encoded_guesses[guess], self.encoded_answers, row)
            if len(self._rows) >= self._max_rows:
                self._rows.pop(next(iter(self._rows)))
            self._rows[guess] = row
        return row

    def block(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        out = np.empty((len(rows), len(cols)), dtype=self._dtype)
        score_matrix(self.encoded_guesses[rows], self.encoded_answers[cols], out)
        return out

    def partition_stats(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        rows = np.asarray(rows, dtype=np.int64)
        out = np.empty((rows.size, 4), dtype=np.float64)
        # Score in slabs so the temporary block stays small whatever the sizes.
        step = max(1, (64 * 1024**2) // max(1, len(cols) * self._dtype.itemsize))
        every = np.arange(len(cols), dtype=np.int64)
        for start in range(0, rows.size, step):
            part = rows[start : start + step]
            block = self.block(part, np.asarray(cols, dtype=np.int64))
            partition_stats(
                block,
                np.arange(part.size, dtype=np.int64),
                every,
                3**self.length,
                out[start : start + part.size],
            )
        return out

    def __repr__(self) -> str:
        return f"<OnDemandMatrix {len(self.guesses)}x{len(self.answers)} (rows scored on demand)>"


def full_matrix_bytes(guesses: WordList, answers: WordList) -> int:
    return len(guesses) * len(answers) * pattern_dtype(guesses.length).itemsize


def load_matrix(
    guesses: WordList,
    answers: WordList,
    *,
    budget: int = DEFAULT_BUDGET,
    on_build: Callable[[], None] | None = None,
) -> PatternMatrix:
    """The full cached matrix when it fits ``budget`` bytes, else an on-demand one."""
    if full_matrix_bytes(guesses, answers) <= budget:
        return PatternMatrix.load(guesses, answers, on_build=on_build)
    return OnDemandMatrix(guesses, answers)
