"""One guess's total at a set of answers, every group searched in one kernel call.

``evaluation.evaluate`` values the best N guesses of a position one guess at a time: the guess
splits the answers into groups, each group is searched with what is left of the cut-off, and the
first group that does not fit ends the exact count. A suggestion after a bad opener values
hundreds of thousands of groups, too many for a kernel call each from Python, so this kernel
runs that loop (the same groups in the same
order, the same cut-offs, the same checks of the work limit, so the same values and the same
work counted) in one call. It lives in its own module so that changing it leaves the search's
compiled cache alone.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...kernels.stamps import stamp_caches
from .search import CTL_STOP, CTL_WORK, INF, next_rule, solve

# Status of a call: the loop ran (values below), or it was not run because a group is larger
# than ``inline_n`` (the caller then searches the groups one by one, the large ones in a thread).
RAN = 0
TOO_LARGE = 1


@njit(cache=True, nogil=True)
def guess_total(S, d, g, beta, limit, inline_n, pool, rule, qmax, view, st):
    """(status, low, exact, stopped) for guess row ``g`` at the sorted answer columns ``S`` with
    ``d`` guesses left (``d >= 2``), exact below ``beta``.

    The groups other than the win, smallest first (then by pattern), each start at its counting
    bound lb(size, d - 1). Each is searched in turn with the cut-off ``beta`` minus what the
    groups before it took and the bounds of those after it (at least 1); a value under its
    cut-off is exact and added. The first that reaches its cut-off ends the exact count: it adds
    the larger of its bound and the value found, and every group after it its bound (``exact``
    0). Before each search, as ``evaluate``'s ``run`` does, the work counter is checked against
    ``limit`` (negative: none): past it, or when a search stops (``ctl[CTL_STOP]``), ``stopped`` is 1,
    and that group and the rest add their bounds. ``low`` is the total so far (the caller caps it
    at INF). ``st`` is an exact search (``search.Search``) that shares no set among threads;
    ``view`` the search's view of the whole matrix (``optimal.Engine.root_view``).
    """
    hard, ctl, tabs = st.hard, st.ctl, st.tabs
    dT, lbtab = tabs.dT, tabs.lbtab
    n = S.shape[0]
    win = st.scratch.seen.shape[0] - 1  # the all-green pattern
    codes = np.empty(n, dtype=np.int64)
    for j in range(n):
        codes[j] = dT[S[j], g]
    idx = np.argsort(codes, kind="mergesort")  # stable: each group keeps S's (sorted) order
    ordered = np.empty(n, dtype=np.int64)
    sc = np.empty(n, dtype=np.int64)
    for j in range(n):
        ordered[j] = S[idx[j]]
        sc[j] = codes[idx[j]]
    # Runs of one pattern: the groups, in pattern order.
    starts = np.empty(n + 1, dtype=np.int64)
    pats = np.empty(n, dtype=np.int64)
    m = 0
    for j in range(n):
        if j == 0 or sc[j] != sc[j - 1]:
            starts[m] = j
            pats[m] = sc[j]
            m += 1
    starts[m] = n
    # The groups other than the win, by (size, pattern): the runs are in pattern order, so a run's
    # index orders groups of one size as their patterns do.
    keys = np.empty(m, dtype=np.int64)
    k = 0
    biggest = 0
    for i in range(m):
        size = starts[i + 1] - starts[i]
        if pats[i] == win:
            continue
        if size > biggest:
            biggest = size
        keys[k] = size * m + i
        k += 1
    if biggest > inline_n:
        return TOO_LARGE, np.int64(0), 0, 0
    keys = keys[:k]
    groups = np.sort(keys) % m  # run index of each group, in search order
    lbs = np.empty(k, dtype=np.int64)
    rem = np.int64(0)
    for q in range(k):
        i = groups[q]
        lbs[q] = lbtab[d - 1, starts[i + 1] - starts[i]]
        rem += lbs[q]
    low = np.int64(n)
    exact = 1
    stopped = 0
    for q in range(k):
        i = groups[q]
        rem -= lbs[q]
        if exact == 0:
            low += lbs[q]
            continue
        if limit >= 0 and ctl[CTL_WORK] >= limit:
            stopped = 1
            exact = 0
            low += lbs[q]
            continue
        sub = ordered[starts[i] : starts[i + 1]].copy()
        if hard:
            crule = next_rule(rule, g, pats[i], tabs.gletters, tabs.gcounts)
        else:
            crule = rule
        cut = beta - low - rem
        if cut < 1:
            cut = np.int64(1)
        v = solve(sub, d - 1, cut, pool, crule, qmax, view, st)
        if ctl[CTL_STOP] != 0:
            stopped = 1
            exact = 0
            low += lbs[q]
            continue
        if v < cut:
            low += v
            continue
        exact = 0
        low += max(lbs[q], v)
    if low > INF:
        low = INF
    return RAN, low, exact, stopped


stamp_caches(__name__)  # each kernel's cache stale when a source it depends on changes
