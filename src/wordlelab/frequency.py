"""Word frequencies (zipf) for ranking candidates by how common they are."""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import numpy as np


@lru_cache(maxsize=200_000)
def _zipf(word: str, lang: str) -> float:
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, lang))


def word_frequencies(words: Sequence[str], lang: str = "en") -> np.ndarray:
    """Zipf frequency of each word (0 for unknown words)."""
    return np.array([_zipf(w, lang) for w in words], dtype=np.float64)


def rank_by_frequency(words: Sequence[str], lang: str = "en") -> list[str]:
    """The words, most common first (ties alphabetical)."""
    f = word_frequencies(words, lang)
    return [w for _, w in sorted(zip(-f, words))]
