"""What checking a cached pattern matrix costs: reading it (header, size, CRC) against the spot
check (2,048 cells scored again by ``matrix.score_pairs``), on the original and the NYT lists.

Run: python benchmarks/bench_matrix_check.py   (writes benchmarks/results/matrix_check.json)
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import _util  # noqa: F401  (puts src/ on the path)

os.environ["WORDLELAB_CACHE_DIR"] = tempfile.mkdtemp(prefix="wordlelab-bench-")
atexit.register(shutil.rmtree, os.environ["WORDLELAB_CACHE_DIR"], ignore_errors=True)


def main() -> None:
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


if __name__ == "__main__":
    main()
