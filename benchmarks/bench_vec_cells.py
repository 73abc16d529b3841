"""How many row cells the exact search compares in one look-up's time (its ``VEC_CELLS``).

    python benchmarks/bench_vec_cells.py [--lists nyt] [--sizes 16,24,...] [--sets 6] [--repeat 7]

A scan of a set S with few answers counts, for every guess, the groups it splits S into, in one
of two ways (``solve``, step 3): guess by guess (a look-up per answer: the pattern the guess
shows it, marked in a table of patterns seen), or along whole rows of the answers' patterns
(``_repeats``: every pair of S's rows compared, many guesses per instruction). The search takes
the row scan where its cost, ``pairs * guesses / VEC_CELLS`` look-ups, is below the guess-by-guess
count's, ``guesses * n``, and charges that cost to the work that budgets count. This measures
both on seeded random sets of the given sizes over every guess of the lists: nanoseconds per
look-up (the loop below is the kernel's guess-by-guess count, line for line) and per row cell
(the kernel's own ``_repeats``), and their ratio, the row cells one look-up's time compares.
Medians over the sets and repeats; both run on the same core one after the other, so the ratio
holds under load better than either time.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from _util import emit
from numba import njit


@njit(cache=True, nogil=True)
def _count_by_guess(
    dT: np.ndarray, S: np.ndarray, pool: np.ndarray, stamp: np.ndarray, tag0: int, need: int
) -> int:
    """The kernel's guess-by-guess count of every guess's groups (``solve``, step 3, ``one``),
    with its test for stopping early (``need`` 0 here: it never stops, every count is whole)."""
    n = S.shape[0]
    total = 0
    for i in range(pool.shape[0]):
        g = pool[i]
        tag = tag0 + i
        nl = 0
        j = 0
        while j < n:
            p = dT[S[j], g]
            nl += stamp[p] != tag
            stamp[p] = tag
            j += 1
            if nl + n - j < need:
                break
        total += nl
    return total


def main() -> None:
    from wordlelab.errors import WordlelabError
    from wordlelab.exact.kernels import search as K
    from wordlelab.game.lists import load_lists

    ap = argparse.ArgumentParser()
    ap.add_argument("--lists", default="nyt")
    ap.add_argument("--sizes", default="16,24,32,48,64,96,128")
    ap.add_argument("--sets", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args()
    try:
        sizes = [int(x) for x in args.sizes.split(",")]
    except ValueError:
        raise SystemExit(
            f"--sizes: whole numbers separated by commas, not {args.sizes!r}"
        ) from None
    if not sizes or min(sizes) < 2 or args.sets < 1 or args.repeat < 1:
        raise SystemExit("--sizes must be 2 answers or more each; --sets and --repeat at least 1")

    try:
        m = load_lists(5, "en", lists=args.lists).matrix()
    except WordlelabError as exc:
        raise SystemExit(f"bench_vec_cells.py: --lists: {exc}") from None
    dT = K.transposed(np.asarray(m.data))
    n_ans, n_all = dT.shape
    rng = np.random.default_rng(args.seed)
    stamp = np.full(256, -1, dtype=np.int64)
    pool = np.arange(n_all, dtype=np.int64)  # every guess, through an index as the search's pool
    tag = [0]

    def by_guess(S: np.ndarray) -> int:
        tag[0] += n_all
        return int(_count_by_guess(dT, S, pool, stamp, tag[0], 0))

    rows = []
    warm = np.sort(rng.choice(n_ans, 8, replace=False)).astype(np.int64)
    by_guess(warm)
    K._repeats(dT, warm, 8, False)
    for n in sizes:
        per_lookup: list[float] = []
        per_cell: list[float] = []
        for _ in range(args.sets):
            S = np.sort(rng.choice(n_ans, n, replace=False)).astype(np.int64)
            dup = K._repeats(dT, S, n, False)[0]
            groups = by_guess(S)
            if groups != n * n_all - int(dup.astype(np.int64).sum()):
                raise SystemExit("the two counts differ: the benchmark is wrong")
            for _ in range(args.repeat):
                t = time.perf_counter()
                by_guess(S)
                t1 = time.perf_counter()
                K._repeats(dT, S, n, False)
                t2 = time.perf_counter()
                per_lookup.append((t1 - t) / (n * n_all) * 1e9)
                per_cell.append((t2 - t1) / (n * (n - 1) // 2 * n_all) * 1e9)
        ns_lookup = statistics.median(per_lookup)
        ns_cell = statistics.median(per_cell)
        rows.append(
            {
                "answers": n,
                "ns_per_lookup": round(ns_lookup, 3),
                "ns_per_row_cell": round(ns_cell, 4),
                "cells_per_lookup": round(ns_lookup / ns_cell, 1),
            }
        )
    ratios = [r["cells_per_lookup"] for r in rows]
    emit(
        "vec_cells",
        {
            "lists": args.lists,
            "guesses": n_all,
            "sets_per_size": args.sets,
            "repeat": args.repeat,
            "seed": args.seed,
            "rows": rows,
            "median_cells_per_lookup": statistics.median(ratios),
            "kernel_vec_cells": K.VEC_CELLS,
        },
    )


if __name__ == "__main__":
    main()
