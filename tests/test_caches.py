"""Every cache is validated like the matrix cache and rebuilt on anything else (issue 15 #9)."""

from __future__ import annotations

import json
import os
import threading

import numpy as np
import pytest

from wordlelab.assist.openers import opener_path, strategy_opener
from wordlelab.game import frequency
from wordlelab.game.matrix import _MAGIC, PatternMatrix, matrix_key
from wordlelab.game.words import WordList
from wordlelab.paths import cache_dir
from wordlelab.strategies import make_strategy

GUESSES = WordList(
    ["crane", "slate", "trace", "crate", "plumb", "lumpy", "cigar", "rebut"], name="g"
)
ANSWERS = WordList(["crane", "trace", "crate", "cigar", "rebut"], name="a")


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _within(seconds: float, fn):
    """Run ``fn`` in a thread; fail (instead of hanging the suite) if it blocks."""
    box = {}
    t = threading.Thread(target=lambda: box.setdefault("v", fn()), daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "blocked on a cache file"
    return box["v"]


def _matrix_file() -> os.PathLike:
    return cache_dir() / "matrix" / f"{matrix_key(GUESSES, ANSWERS)}.bin"


@pytest.mark.parametrize("header", [b"[1, 2]", b"42", b'"text"', b"null", b"[" * 100000])
def test_matrix_cache_with_a_foreign_header_is_rebuilt(own_cache, header):
    want = PatternMatrix.build(GUESSES, ANSWERS).data
    path = _matrix_file()
    path.parent.mkdir(parents=True)
    path.write_bytes(_MAGIC + len(header).to_bytes(4, "little") + header + want.tobytes())
    got = PatternMatrix.load(GUESSES, ANSWERS)
    assert np.array_equal(got.data, want)
    assert PatternMatrix.load(GUESSES, ANSWERS).data.tobytes() == want.tobytes()  # and rewritten


def test_a_fifo_in_place_of_a_cache_file_never_blocks(own_cache):
    path = _matrix_file()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    m = _within(20, lambda: PatternMatrix.load(GUESSES, ANSWERS, cache=True))
    assert m.data.shape == (8, 5)
    strategy = make_strategy("entropy")
    opath = opener_path(strategy, m, False)
    opath.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(opath)
    row = _within(20, lambda: strategy_opener(strategy, m))
    assert 0 <= row < len(GUESSES)


@pytest.mark.parametrize(
    "payload",
    ["[" * 100000 + "]" * 100000, "[1, 2]", "7", '{"row": "x"}', '{"row": 99, "key": "k"}'],
)
def test_opener_cache_garbage_is_recomputed(own_cache, payload):
    m = PatternMatrix.build(GUESSES, ANSWERS)
    strategy = make_strategy("entropy")
    want = strategy_opener(strategy, m, cache=False)
    path = opener_path(strategy, m, False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(payload)
    assert strategy_opener(strategy, m) == want
    assert json.loads(path.read_text())["row"] == want  # rewritten with the right value


def test_frequency_cache_rejects_non_finite_values_and_stays_bounded(own_cache):
    words = list(WordList.bundled("answers"))[:600]
    frequency._frequencies.cache_clear()
    first = frequency.word_frequencies(words)
    files = list((own_cache / "freq").glob("*.txt"))
    assert len(files) == 1
    lines = files[0].read_text().split()
    files[0].write_text("\n".join(["nan", "inf"] + lines[2:]) + "\n")
    frequency._frequencies.cache_clear()
    again = frequency.word_frequencies(words)
    assert np.array_equal(first, again) and np.all(np.isfinite(again))
    # small lists (what one game leaves) never reach the disk
    for i in range(30):
        frequency.rank_by_frequency(words[i : i + 20])
    assert len(list((own_cache / "freq").glob("*.txt"))) == 1
    # and the folder keeps at most DISK_CACHE_FILES lists
    for i in range(frequency.DISK_CACHE_FILES + 3):
        frequency.word_frequencies(
            list(WordList.bundled("allowed"))[i : i + frequency.DISK_CACHE_MIN]
        )
    assert len(list((own_cache / "freq").glob("*.txt"))) <= frequency.DISK_CACHE_FILES


def _rewrite_matrix(path, data: np.ndarray) -> None:
    """Put ``data`` in the cache file at ``path`` with its header's CRC made to match."""
    import zlib

    raw = path.read_bytes()
    hlen = int.from_bytes(raw[len(_MAGIC) : len(_MAGIC) + 4], "little")
    header = json.loads(raw[len(_MAGIC) + 4 : len(_MAGIC) + 4 + hlen])
    header["crc32"] = zlib.crc32(np.ascontiguousarray(data).data)
    head = json.dumps(header).encode()
    path.write_bytes(_MAGIC + len(head).to_bytes(4, "little") + head + data.tobytes())


def test_a_matrix_whose_crc_matches_but_whose_columns_are_reversed_is_rebuilt(own_cache):
    """Issue 49: a CRC only says the file is as it was written; the spot check (cells scored
    again by the reference scorer) says whether it was right when written."""
    from wordlelab.game.lists import load_lists

    lists = load_lists(lists="original")
    guesses = WordList(list(lists.guesses)[:120], name="g120")
    answers = WordList(list(lists.answers)[:60], name="a60")
    want = PatternMatrix.build(guesses, answers).data
    assert want.size > 2048  # more cells than the spot check scores
    PatternMatrix.load(guesses, answers)  # cached
    path = cache_dir() / "matrix" / f"{matrix_key(guesses, answers)}.bin"
    _rewrite_matrix(path, np.ascontiguousarray(want[:, ::-1]))
    got = PatternMatrix.load(guesses, answers)
    assert np.array_equal(got.data, want)
    assert np.array_equal(PatternMatrix.load(guesses, answers).data, want)  # and rewritten


def test_a_matrix_cache_is_keyed_by_the_code_that_wrote_it(monkeypatch):
    from wordlelab.game import matrix

    before = matrix_key(GUESSES, ANSWERS)
    assert matrix.scorer_version().startswith(__import__("wordlelab").__version__ + "+")
    matrix.scorer_version.cache_clear()
    monkeypatch.setattr("wordlelab.__version__", "9.9.9")
    try:
        assert matrix_key(GUESSES, ANSWERS) != before
    finally:
        matrix.scorer_version.cache_clear()


def test_a_link_in_the_cache_is_not_followed(own_cache, tmp_path):
    want = PatternMatrix.build(GUESSES, ANSWERS).data
    PatternMatrix.load(GUESSES, ANSWERS)
    path = _matrix_file()
    elsewhere = tmp_path / "elsewhere.bin"
    os.replace(path, elsewhere)
    _rewrite_matrix(elsewhere, np.zeros_like(want))  # what the link would lead to
    before = elsewhere.read_bytes()
    path.symlink_to(elsewhere)
    got = PatternMatrix.load(GUESSES, ANSWERS)
    assert np.array_equal(got.data, want)
    assert elsewhere.read_bytes() == before and not path.is_symlink()  # replaced, not followed


def test_the_spot_checks_scorer_is_the_reference_rule():
    import random

    from wordlelab.game.feedback import score
    from wordlelab.game.matrix import score_pairs

    rng = random.Random(7)
    for k, letters in ((5, "aabeeos"), (6, "ёжиикк"), (4, "ab")):
        g = ["".join(rng.choice(letters) for _ in range(k)) for _ in range(3000)]
        a = ["".join(rng.choice(letters) for _ in range(k)) for _ in range(3000)]
        assert score_pairs(g, a).tolist() == [score(x, y).code for x, y in zip(g, a)]
