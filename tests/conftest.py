"""Shared fixtures: the default lists and matrix, and private cache/data directories."""

from __future__ import annotations

import os
import tempfile

import pytest

# Tests never touch the user's real cache or saved statistics.
_TMP = tempfile.mkdtemp(prefix="wordlelab-tests-")
os.environ.setdefault("WORDLELAB_CACHE_DIR", os.path.join(_TMP, "cache"))
os.environ.setdefault("WORDLELAB_DATA_DIR", os.path.join(_TMP, "data"))


@pytest.fixture(scope="session")
def answers():
    from wordlelab.words import WordList

    return WordList.bundled("answers")


@pytest.fixture(scope="session")
def allowed():
    from wordlelab.words import WordList

    return WordList.bundled("allowed")


@pytest.fixture(scope="session")
def matrix(allowed, answers):
    from wordlelab.matrix import PatternMatrix

    return PatternMatrix.load(allowed, answers)
