"""Pattern-matrix figures: JIT compile, cold kernel build, cache load, the NumPy baseline
(original lists), and the build and load on the NYT lists.

    python benchmarks/bench_matrix.py           # writes benchmarks/results/matrix.json
    python benchmarks/bench_matrix.py --check   # writes benchmarks/results/matrix_check.json

``--check``: what checking a cached matrix costs, reading it (header, size, CRC) against the spot
check (2,048 cells scored again by ``matrix.score_pairs``), on the original and the NYT lists.
Medians over repeated runs.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import tempfile
import time

import _util  # noqa: F401  (puts src/ on the path)
import numpy as np

os.environ["WORDLELAB_CACHE_DIR"] = tempfile.mkdtemp(prefix="wordlelab-bench-")
atexit.register(shutil.rmtree, os.environ["WORDLELAB_CACHE_DIR"], ignore_errors=True)


def numpy_build(guesses: np.ndarray, answers: np.ndarray, n_letters: int) -> np.ndarray:
    """A vectorised NumPy build of the same matrix, in blocks of guesses (the baseline)."""
    n_g, k = guesses.shape
    out = np.empty((n_g, answers.shape[0]), dtype=np.uint8)
    ans_counts = np.zeros((answers.shape[0], n_letters), dtype=np.int16)
    for i in range(k):
        np.add.at(ans_counts, (np.arange(answers.shape[0]), answers[:, i]), 1)
    for start in range(0, n_g, 512):
        g = guesses[start : start + 512]
        green = g[:, None, :] == answers[None, :, :]  # (b, n, k)
        # letters of the answer not matched by a green, per letter
        unused = np.repeat(ans_counts[None, :, :], g.shape[0], axis=0)
        for i in range(k):
            rows, cols = np.nonzero(green[:, :, i])
            np.subtract.at(unused, (rows, cols, answers[cols, i]), 1)
        code = np.zeros(green.shape[:2], dtype=np.int32)
        bidx = np.arange(g.shape[0])[:, None]
        nidx = np.arange(answers.shape[0])[None, :]
        for i in range(k):
            letter = g[:, i][:, None]
            avail = unused[bidx, nidx, letter]
            yellow = ~green[:, :, i] & (avail > 0)
            unused[bidx, nidx, letter] -= yellow
            code = code * 3 + np.where(green[:, :, i], 2, np.where(yellow, 1, 0))
        out[start : start + g.shape[0]] = code
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="the cached matrix's checks instead")
    if ap.parse_args().check:
        check()
        return
    t0 = time.perf_counter()
    from wordlelab.game.matrix import PatternMatrix, build_array, shared_alphabet
    from wordlelab.game.words import WordList
    from wordlelab.kernels.feedback import score_matrix

    import_s = time.perf_counter() - t0
    allowed, answers = WordList.bundled("allowed"), WordList.bundled("answers")
    alpha = shared_alphabet(allowed, answers)
    g, a = allowed.encode(alpha), answers.encode(alpha)

    # First call: loads the on-disk numba cache if present, else compiles.
    t = time.perf_counter()
    score_matrix(g[:2], a[:2], np.empty((2, 2), np.uint8))
    first_call_s = time.perf_counter() - t
    # A true compile, from the Python source, without the disk cache.
    from numba import njit, prange  # noqa: F401

    t = time.perf_counter()
    fresh = njit(parallel=True, nogil=True)(score_matrix.py_func)
    fresh(g[:2], a[:2], np.empty((2, 2), np.uint8))
    compile_s = time.perf_counter() - t

    build(allowed, answers)  # warm the thread pool
    cold = _util.timeit(lambda: build_array(allowed, answers), repeat=7)
    full = _util.timeit(lambda: build_array(allowed, allowed), repeat=3)
    PatternMatrix.load(allowed, answers)  # writes the cache
    load = _util.timeit(lambda: PatternMatrix.load(allowed, answers), repeat=9)
    nyt, nyt_answers = WordList.bundled("nyt"), WordList.bundled("nyt-answers")
    nyt_build = _util.timeit(lambda: build_array(nyt, nyt_answers), repeat=5)
    nyt_full = _util.timeit(lambda: build_array(nyt, nyt), repeat=3)
    PatternMatrix.load(nyt, nyt_answers)
    nyt_load = _util.timeit(lambda: PatternMatrix.load(nyt, nyt_answers), repeat=9)
    ref = build_array(allowed, answers)
    np_t = _util.timeit(lambda: numpy_build(g, a, len(alpha)), repeat=3)
    assert (numpy_build(g[:300], a, len(alpha)) == ref[:300]).all()
    _util.emit(
        "matrix",
        {
            "benchmark": "pattern matrix, original lists (12972x2315) and nyt lists (14855x3158)",
            "machine": _util.machine(),
            "import_s": round(import_s, 3),
            "first_call_with_disk_cache_s": round(first_call_s, 3),
            "jit_compile_s": round(compile_s, 3),
            "build_12972x2315": cold,
            "build_12972x12972": full,
            "cache_load_12972x2315": load,
            "nyt_build_14855x3158": nyt_build,
            "nyt_build_14855x14855": nyt_full,
            "nyt_cache_load_14855x3158": nyt_load,
            "numpy_build_12972x2315": np_t,
            "numpy_over_numba_ratio": round(np_t["median_s"] / cold["median_s"], 1),
            "peak_rss_mb": _util.peak_rss_mb(),
        },
    )


def check() -> None:
    """The cached matrix's two checks, timed (matrix_check.json)."""
    from wordlelab.game.lists import load_lists
    from wordlelab.game.matrix import (
        SPOT_CELLS,
        PatternMatrix,
        _read_valid,
        matrix_key,
        pattern_dtype,
        spot_check,
    )
    from wordlelab.paths import cache_dir

    def measure(name: str) -> dict[str, object]:
        lists = load_lists(lists=name)
        g, a = lists.guesses, lists.answers
        m = PatternMatrix.load(g, a)  # built and cached
        key = matrix_key(g, a)
        path = cache_dir() / "matrix" / f"{key}.bin"
        shape, dtype = m.data.shape, pattern_dtype(g.length)
        read = _util.timeit(lambda: _read_valid(path, key, shape, dtype), repeat=9)
        check = _util.timeit(lambda: spot_check(g, a, m.data), repeat=9)
        return {
            "shape": list(shape),
            "read_and_crc": read,
            "spot_check": check,
            "spot_over_read_median": round(check["median_s"] / read["median_s"], 3),
        }

    out: dict[str, object] = {"spot_cells": SPOT_CELLS}
    for name in ("original", "nyt"):
        out[name] = measure(name)
    _util.emit("matrix_check", out)


def build(allowed, answers):
    from wordlelab.game.matrix import build_array

    return build_array(allowed, answers)


if __name__ == "__main__":
    main()
