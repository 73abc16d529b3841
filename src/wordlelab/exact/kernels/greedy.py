"""numba kernel for a fast greedy decision tree: a proven *upper* bound on the exact value.

At each node the guess with the lowest per-guess counting bound is played (ties: a possible
answer first, then the lower row), as the exact search's greedy does, but the children only
consider the ``keep`` best guesses of their parent's ranking plus their own candidates: that
keeps a tree over thousands of answers within tens of milliseconds. Any complete tree that fits
in the guesses left is an upper bound, so the narrowing costs quality, never soundness. When the
first choice cannot finish in time the next ``tries - 1`` are tried, then the node ranks every
guess once more, then it gives up (INF). Before any ranking, the closed forms: 2n - 1 for a
candidate that tells the others apart, 2n for a candidate that leaves one pair or for a guess of
the pool that splits the set into singletons (with two guesses left the only way, so then every
guess is looked at), found with early exits.

Hard mode: ``rule`` holds the letter fixed at each position (-1 free) then the minimum count of
each letter; only guesses that obey it are played. Everything runs without the GIL.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from ...kernels.stamps import stamp_caches
from .search import _legal as legal  # the hard-mode rule, one definition for both searches
from .search import next_rule

INF = np.int64(1 << 40)


@njit(cache=True, nogil=True)
def _pairs(row: np.ndarray, S: np.ndarray, seen: np.ndarray, limit: int) -> int:
    """Members of S that share a feedback with an earlier one, counted up to ``limit`` + 1."""
    c = 0
    j = 0
    n = S.shape[0]
    while j < n:
        p = row[S[j]]
        if seen[p]:
            c += 1
            if c > limit:
                j += 1
                break
        seen[p] = True
        j += 1
    for t in range(min(j, n)):
        seen[row[S[t]]] = False
    return c


# A greedy search's state: every guess (ranked at a node when its own pool finds no tree), the
# mode, how many of a node's ranked guesses its children consider (``keep``), the guesses a node
# tries, the tables (guess-major matrix, counting bounds, answer <-> guess, each guess's letters
# and letter counts) and the scratch arrays described in ``greedy_value``.
Greedy = namedtuple(
    "Greedy", "full hard keep tries data lbtab a2g g2a gletters gcounts cnt seen mark first work"
)


@njit(cache=True, nogil=True)
def greedy_value(S, d, pool, rule, level, gs):
    """Total guesses of the greedy tree over the sorted answer columns S within d guesses, or INF.

    ``pool``: guess rows ranked at this node (the node's candidates are always added); when none
    of its first ``gs.tries`` finishes, the node ranks ``gs.full`` (every guess) instead, once.
    ``gs.cnt`` (n_patterns int64), ``seen`` (n_patterns bool), ``mark`` (n_guesses bool) are
    zeroed scratch arrays, left zeroed. ``gs.work[0]``: feedback look-ups left (ranking a node
    costs guesses x answers); none left, INF. ``gs.first[level]`` receives the guess played at S
    (-1 if none): call with level 0 and read ``first[0]`` (a depth slot, not a literal flag:
    numba's cache mishandles a recursive call specialised on a literal).
    """
    (
        full,
        hard,
        keep,
        tries,
        data,
        lbtab,
        a2g,
        g2a,
        gletters,
        gcounts,
        cnt,
        seen,
        mark,
        first,
        work,
    ) = gs
    n = S.shape[0]
    first[level] = -1
    if work[0] <= 0:
        return INF  # out of work: no tree (the caller falls back or reports no upper bound)
    work[0] -= 1000  # a node's own cost (allocations, closed-form checks), in look-ups
    if n == 0:
        return np.int64(0)
    if n == 1:
        if d >= 1:
            first[level] = a2g[S[0]]
        return np.int64(1) if d >= 1 else INF
    if d > n:
        d = n
    if n == 2:
        if d >= 2:
            first[level] = a2g[S[0]]
        return np.int64(3) if d >= 2 else INF
    if d <= 1:
        return INF
    n_pat = cnt.shape[0]
    win = n_pat - 1
    # A candidate that tells all the others apart: 2n - 1, the least any tree can cost.
    if n < n_pat:
        for j in range(n):
            g = a2g[S[j]]
            if _pairs(data[g], S, seen, np.int64(0)) == 0 and (
                not hard or legal(g, rule, gletters, gcounts)
            ):
                first[level] = g
                return np.int64(2 * n - 1)
        # Otherwise 2n is the least, reached by a candidate that leaves one pair and the rest apart
        # (with a guess left for the pair), or by any guess that splits S into singletons: the
        # pool's (with two guesses left, only such a split works: then every guess is looked at).
        if d >= 3:
            for j in range(n):
                g = a2g[S[j]]
                if _pairs(data[g], S, seen, np.int64(1)) == 1 and (
                    not hard or legal(g, rule, gletters, gcounts)
                ):
                    first[level] = g
                    return np.int64(2 * n)
        last = pool.shape[0] + (full.shape[0] if d == 2 else 0)
        work[0] -= 4 * last  # early exits: a few look-ups a guess
        for i in range(last):
            g = pool[i] if i < pool.shape[0] else full[i - pool.shape[0]]
            if _pairs(data[g], S, seen, np.int64(0)) == 0 and (
                not hard or legal(g, rule, gletters, gcounts)
            ):
                first[level] = g
                return np.int64(2 * n)
    if d == 2:
        return INF
    # The node's pool: the given rows plus the candidates, legal ones only.
    rows = np.empty(pool.shape[0] + n, dtype=np.int64)
    nr = 0
    for i in range(pool.shape[0]):
        g = pool[i]
        if not mark[g] and (not hard or legal(g, rule, gletters, gcounts)):
            mark[g] = True
            rows[nr] = g
            nr += 1
    for j in range(n):
        g = a2g[S[j]]
        if not mark[g] and (not hard or legal(g, rule, gletters, gcounts)):
            mark[g] = True
            rows[nr] = g
            nr += 1
    for i in range(nr):
        mark[rows[i]] = False
    # Rank by the counting bound n + sum lb(group, d - 1); a guess that splits nothing and is
    # not a candidate is useless.
    key = np.empty(nr, dtype=np.int64)
    lbrow = lbtab[d - 1]
    for i in range(nr):
        g = rows[i]
        row = data[g]
        for j in range(n):
            cnt[row[S[j]]] += 1
        total = np.int64(n)
        groups = 0
        is_cand = False
        for j in range(n):
            p = row[S[j]]
            c = cnt[p]
            if c > 0:
                groups += 1
                if p == win:
                    is_cand = True
                else:
                    total += lbrow[c]
                cnt[p] = 0
        if groups < 2 and not is_cand:
            total = INF
        total = min(total, np.int64(1 << 30))
        key[i] = (total << 32) | ((0 if is_cand else 1) << 31) | g
    work[0] -= nr * n
    order = np.argsort(key)
    nk = min(nr, keep)
    child = np.empty(nk, dtype=np.int64)
    for i in range(nk):
        child[i] = rows[order[i]]
    codes = np.empty(n, dtype=np.int64)
    attempts = 0
    failed = np.empty(0, dtype=np.int64)  # the group that sank the last guess tried
    for oi in range(nr):
        if attempts >= tries:
            break
        r = order[oi]
        if (key[r] >> 32) >= (1 << 30):
            break
        g = rows[r]
        row = data[g]
        # A guess that keeps that group together leaves a superset of it, no easier: skip it
        # (guesses of the same grouping come in a row, and would sink the same way).
        together = failed.shape[0] > 0
        for t in range(1, failed.shape[0]):
            if row[failed[t]] != row[failed[0]]:
                together = False
                break
        if together:
            continue
        attempts += 1
        for j in range(n):
            codes[j] = row[S[j]]
        idx = np.argsort(codes, kind="mergesort")  # stable: each group stays sorted
        total = np.int64(n)
        j = 0
        while j < n:
            p = codes[idx[j]]
            e = j
            while e < n and codes[idx[e]] == p:
                e += 1
            if p != win:
                sub = np.empty(e - j, dtype=np.int64)
                for t in range(j, e):
                    sub[t - j] = S[idx[t]]
                crule = next_rule(rule, g, p, gletters, gs.gcounts) if hard else rule
                v = greedy_value(sub, d - 1, child, crule, level + 1, gs)
                if v >= INF:
                    total = INF
                    failed = sub
                    break
                total += v
            j = e
        if total < INF:
            first[level] = g
            return total
    if pool.shape[0] < full.shape[0]:
        return greedy_value(S, d, full, rule, level, gs)
    return INF


stamp_caches(__name__)  # each kernel's cache stale when a source it depends on changes
