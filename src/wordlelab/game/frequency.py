"""Word frequencies (Zipf scale) and the frequency prior that turns them into answer weights.

Values come from wordfreq (offline, installed with wordlelab), Russian summing the frequencies
of every ё spelling, exactly as ``tools/build_wordlists.py`` ranked the answer lists. wordfreq's
data is CC BY-SA, so it is not copied into the package: a list's values are computed on first
use (about 0.3 s per 18,000 words) and kept in the user cache directory.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from pathlib import Path

import numpy as np

from ..errors import InvalidWordError, WordlelabError
from ..limits import read_user_bytes
from ..paths import cache_dir, write_atomic
from .languages import Language, get_language
from .words import WordList

__all__ = ["common_words", "prior_weights", "rank_by_frequency", "word_frequencies", "zipf"]


def zipf(word: str, lang: str | Language = "en") -> float:
    """Zipf frequency of one word (log10 of its count per billion words; 0 when unseen)."""
    language = get_language(lang)
    return _computed_zipf(_normalize(word, language), language.code)


def word_frequencies(
    words: WordList | Sequence[str], lang: str | Language | None = None
) -> np.ndarray:
    """Zipf frequency of each word, in the order given, as a float64 array.

    ``lang`` defaults to the word list's language, else English. Words are folded (case, ё) and
    must use the language's alphabet.
    """
    language = _language_of(words, lang)
    return np.array(_frequencies(_as_tuple(words), language.code), dtype=np.float64)


def rank_by_frequency(
    words: WordList | Sequence[str], lang: str | Language | None = None
) -> list[str]:
    """The words, most frequent first; equal frequencies in alphabetical order."""
    language = _language_of(words, lang)
    items = _as_tuple(words)
    freqs = _frequencies(items, language.code)
    order = sorted(range(len(items)), key=lambda i: (-freqs[i], items[i]))
    return [items[i] for i in order]


def prior_weights(
    words: WordList | Sequence[str],
    lang: str | Language | None = None,
    *,
    n_common: int = 3000,
    width: float = 10.0,
    normalize: bool = False,
) -> np.ndarray:
    """A sigmoid prior over frequency rank: the chance, in (0, 1), that each word is an answer.

    As in 3Blue1Brown's solver: the words sorted by frequency are spread evenly over ``width``
    units of the logistic curve, placed so that the ``n_common``-th most frequent word gets 1/2
    (``n_common`` is capped at the number of words). Words of equal frequency share their mean
    rank, so the prior never depends on spelling. ``normalize`` scales the weights to sum to 1.
    """
    if n_common < 1:
        raise WordlelabError(f"n_common must be at least 1, not {n_common}", n_common)
    if not width > 0:
        raise WordlelabError(f"width must be positive, not {width}", width)
    freqs = word_frequencies(words, lang)
    n = len(freqs)
    if n == 0:
        return np.zeros(0, dtype=np.float64)
    if n == 1:
        return np.ones(1, dtype=np.float64)
    ranks = _mean_ranks(freqs)  # 0 = most frequent
    common = min(n_common, n)
    x = width * (common / n - ranks / (n - 1))
    weights = 1.0 / (1.0 + np.exp(-x))
    if normalize:
        weights = weights / weights.sum()
    return weights


def common_words(
    words: WordList, *, floor: float = 2.5, limit: int = 2315, minimum: int = 20
) -> WordList:
    """The likely answers of a guess list: Zipf >= ``floor``, the ``limit`` most frequent.

    The rule the bundled answer lists follow (without their inflection filters). When fewer
    than ``minimum`` words pass, every word is a possible answer.
    """
    freqs = word_frequencies(words)
    order = sorted(range(len(words)), key=lambda i: (-freqs[i], words[i]))
    keep = [i for i in order if freqs[i] >= floor][:limit]
    if len(keep) < min(minimum, len(words)):
        return words
    chosen = sorted(keep)
    return WordList(
        [words[i] for i in chosen], name=f"common words of {words.name}", language=words.language
    )


# -- internals --------------------------------------------------------------------------------


def _language_of(words: WordList | Sequence[str], lang: str | Language | None) -> Language:
    if lang is not None:
        return get_language(lang)
    if isinstance(words, WordList) and words.language is not None:
        return words.language
    return get_language("en")


def _as_tuple(words: WordList | Sequence[str]) -> tuple[str, ...]:
    if isinstance(words, str):
        raise InvalidWordError(f"expected a sequence of words, got the string {words!r}", words)
    items = tuple(words)
    for w in items:
        if not isinstance(w, str):
            raise InvalidWordError(f"{w!r} is not a word", w)
    return items


def _normalize(word: str, language: Language) -> str:
    if not isinstance(word, str):
        raise InvalidWordError(f"{word!r} is not a word", word)
    w = language.normalize(word)
    bad = language.bad_letters(w)
    if not w or bad:
        raise InvalidWordError(f"{word!r} has {bad!r}, outside the {language.name} alphabet", word)
    return w


# Lists this long are cached on disk (the bundled and user word lists); at most this many files.
DISK_CACHE_MIN = 500
DISK_CACHE_FILES = 32


@lru_cache(maxsize=256)
def _frequencies(words: tuple[str, ...], lang: str) -> tuple[float, ...]:
    language = get_language(lang)
    folded = [_normalize(word, language) for word in words]
    if len(folded) < DISK_CACHE_MIN:
        # Small lists (the words a grid or a position leaves) change with every game: computed
        # here (word by word, memoised), never written, so the cache does not grow with use.
        return tuple(_computed_zipf(w, lang) for w in folded)
    path = _cache_path(folded, lang)
    cached = _read_cache(path, len(folded))
    if cached is not None:
        return cached
    values = tuple(_computed_zipf(w, lang) for w in folded)
    _write_cache(path, values)
    return values


def _cache_path(words: list[str], lang: str) -> Path:
    from importlib.metadata import version

    wordfreq_version = version("wordfreq")
    head = f"{lang}\n{wordfreq_version}\n".encode()
    digest = hashlib.sha256(head + "\n".join(words).encode()).hexdigest()
    return cache_dir() / "freq" / f"{digest[:32]}.txt"


def _read_cache(path: Path, n: int) -> tuple[float, ...] | None:
    """The cached values, or None for anything but a regular file of ``n`` finite Zipf values."""
    try:  # never through a link, a FIFO or a device; at most 8 bytes a word
        raw = read_user_bytes(path, WordlelabError, follow_links=False, max_bytes=8 * n + 64)
        values = tuple(float(v) for v in raw.decode("ascii").split())
    except (OSError, ValueError, UnicodeDecodeError, WordlelabError):
        return None
    if len(values) != n or not all(0.0 <= v <= 10.0 for v in values):  # also refuses nan and inf
        return None
    return values


def _write_cache(path: Path, values: tuple[float, ...]) -> None:
    try:
        write_atomic(path, ("\n".join(f"{v:.2f}" for v in values) + "\n").encode("ascii"))
        _prune(path.parent, DISK_CACHE_FILES)
    except OSError:
        pass  # an unwritable cache only costs time


def _prune(folder: Path, keep: int) -> None:
    """Keep the ``keep`` most recently written files of ``folder``."""
    files = sorted(
        (p for p in folder.glob("*.txt") if p.is_file()),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for old in files[keep:]:
        try:
            old.unlink()
        except OSError:
            pass


@lru_cache(maxsize=65536)
def _computed_zipf(word: str, lang: str) -> float:
    # imported late: wordfreq is slow to import and only needed for words without a table
    from wordfreq import word_frequency

    spellings = _yo_spellings(word) if lang == "ru" else [word]
    freq = sum(word_frequency(w, lang) for w in spellings)
    return round(math.log10(freq) + 9, 2) if freq > 0 else 0.0


def _yo_spellings(word: str) -> list[str]:
    """The word with every subset of its е written ё: the spellings folding merged into it."""
    places = [i for i, ch in enumerate(word) if ch == "е"]
    out = []
    for r in range(len(places) + 1):
        for chosen in combinations(places, r):
            letters = list(word)
            for i in chosen:
                letters[i] = "ё"
            out.append("".join(letters))
    return out


def _mean_ranks(freqs: np.ndarray) -> np.ndarray:
    order = np.argsort(-freqs, kind="stable")
    ranks = np.empty(len(freqs), dtype=np.float64)
    ranks[order] = np.arange(len(freqs), dtype=np.float64)
    # ties share the mean of the ranks they span
    _, inverse, counts = np.unique(-freqs, return_inverse=True, return_counts=True)
    sums = np.bincount(inverse, weights=ranks)
    return sums[inverse] / counts[inverse]
