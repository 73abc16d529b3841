"""numba kernels for the exact decision-tree search (see ``wordlelab.optimal`` for the maths).

Everything here runs without the GIL so a driver thread can watch progress and ask for a stop.
Sets of candidates are sorted int64 arrays of answer (column) indices; pools of guesses are
int64 arrays of row indices. Costs are int64; ``INF`` marks an impossible sub-problem (not
solvable within the guesses left).

The memo is an open-addressing table of fixed size (the memory cap): a 128-bit key (two
independent 64-bit hashes of the set, the guesses left and the hard-mode rule), a value that is
either exact or a proven lower bound, and the best guess for exact entries. When a probe window
is full the entry for the smallest set is overwritten: a memo is only a cache, so losing an
entry costs time, never correctness.
"""

from __future__ import annotations

import numpy as np
from numba import njit

INF = np.int64(1 << 40)

# ctl[] slots shared with the driver thread.
CTL_STOP = 0
CTL_NODES = 1
CTL_STORES = 2
CTL_HITS = 3
CTL_SCANS = 4
CTL_WORK = 5
CTL_EVALS = 6
CTL_SIZE = 8

PROBES = 8
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_FNV = np.uint64(0x100000001B3)
_SEED1 = np.uint64(0x9E3779B97F4A7C15)
_SEED2 = np.uint64(0xCBF29CE484222325)


@njit(cache=True, inline="always")
def _mix(h: np.uint64) -> np.uint64:
    h ^= h >> np.uint64(30)
    h *= _M1
    h ^= h >> np.uint64(27)
    h *= _M2
    h ^= h >> np.uint64(31)
    return h


def lower_bound_table(max_n: int, max_d: int, n_patterns: int) -> np.ndarray:
    """lb[d, m]: fewest total guesses any tree can spend on m answers with d guesses left.

    At most one answer is solved by the next guess, and at most P**(t-1) answers by the t-th,
    where P = n_patterns - 2 is a bound on the non-winning patterns one guess can show (the
    all-green one wins and k-1 greens with one yellow is impossible). Filling the cheapest
    levels first gives the bound; INF when m answers do not fit in d levels.
    """
    P = max(1, n_patterns - 2)
    out = np.full((max_d + 1, max_n + 1), INF, dtype=np.int64)
    out[:, 0] = 0
    for d in range(1, max_d + 1):
        for m in range(1, max_n + 1):
            left, cost, cap = m, 0, 1
            for t in range(1, d + 1):
                take = min(left, cap)
                cost += take * t
                left -= take
                cap = min(cap * P, 1 << 40)
                if left == 0:
                    break
            if left == 0:
                out[d, m] = cost
    return out


# -- memo -------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _set_hash(S: np.ndarray) -> tuple[np.uint64, np.uint64]:
    h1 = _SEED1
    h2 = _SEED2
    for j in range(S.shape[0]):
        x = np.uint64(S[j])
        h1 = _mix(h1 + x + np.uint64(1))
        h2 = (h2 ^ x) * _FNV
    h2 = _mix(h2 + np.uint64(S.shape[0]))
    return h1, h2


@njit(cache=True, nogil=True)
def _rule_hash(rule: np.ndarray) -> tuple[np.uint64, np.uint64]:
    h1 = np.uint64(0x1234567)
    h2 = np.uint64(0x7654321)
    for i in range(rule.shape[0]):
        x = np.uint64(rule[i] + 1)
        h1 = _mix(h1 ^ (x + np.uint64(i) * np.uint64(1000003)))
        h2 = (h2 ^ x) * _FNV
    return h1, _mix(h2)


@njit(cache=True, nogil=True)
def _node_key(S: np.ndarray, d: int, r1: np.uint64, r2: np.uint64) -> tuple[np.uint64, np.uint64]:
    h1, h2 = _set_hash(S)
    dd = np.uint64(d + 1)
    k1 = _mix(h1 ^ (dd * _SEED2) ^ r1)
    k2 = _mix(h2 + dd * _M1 + r2)
    if k1 == np.uint64(0):  # 0 marks an empty slot
        k1 = np.uint64(1)
    return k1, k2


@njit(cache=True, nogil=True)
def memo_get(memo, k1: np.uint64, k2: np.uint64) -> int:
    """Slot of the entry with this key, or -1."""
    keys1, keys2 = memo[0], memo[1]
    mask = keys1.shape[0] - 1
    base = int(k1 & np.uint64(mask))
    for t in range(PROBES):
        s = (base + t) & mask
        if keys1[s] == k1 and keys2[s] == k2:
            return s
        if keys1[s] == np.uint64(0):
            return -1
    return -1


@njit(cache=True, nogil=True)
def memo_put(memo, k1: np.uint64, k2: np.uint64, value: int, exact: bool, guess: int, size: int) -> None:
    keys1, keys2, vals, flags, guesses, sizes = memo
    mask = keys1.shape[0] - 1
    base = int(k1 & np.uint64(mask))
    victim = -1
    vsize = size + 1
    for t in range(PROBES):
        s = (base + t) & mask
        if keys1[s] == k1 and keys2[s] == k2:
            victim = s
            break
        if keys1[s] == np.uint64(0):
            victim = s
            break
        if sizes[s] < vsize:
            vsize = sizes[s]
            victim = s
    if victim < 0:
        return  # every entry nearby is for a larger set: keep them
    keys1[victim] = k1
    keys2[victim] = k2
    vals[victim] = value
    flags[victim] = 1 if exact else 0
    guesses[victim] = guess
    sizes[victim] = size


def new_memo(n_slots: int):
    n = 1 << max(10, int(n_slots).bit_length() - 1)  # a power of two, at most n_slots
    return (
        np.zeros(n, dtype=np.uint64),
        np.zeros(n, dtype=np.uint64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.int8),
        np.zeros(n, dtype=np.int32),
        np.zeros(n, dtype=np.int32),
    )


MEMO_SLOT_BYTES = 8 + 8 + 8 + 1 + 4 + 4


# -- hard mode --------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _legal(g: int, rule: np.ndarray, gletters: np.ndarray, gcounts: np.ndarray) -> bool:
    """rule[:k] is the letter fixed at each position (-1 free); rule[k:] minimum letter counts."""
    k = gletters.shape[1]
    for i in range(k):
        if rule[i] >= 0 and gletters[g, i] != rule[i]:
            return False
    for c in range(rule.shape[0] - k):
        if rule[k + c] > 0 and gcounts[g, c] < rule[k + c]:
            return False
    return True


@njit(cache=True, nogil=True)
def child_rule(rule: np.ndarray, g: int, pattern: int, gletters: np.ndarray, pow3: np.ndarray) -> np.ndarray:
    """The rule after guess ``g`` showed ``pattern``: greens fixed, revealed letters counted."""
    k = gletters.shape[1]
    out = rule.copy()
    seen = np.zeros(rule.shape[0] - k, dtype=np.int8)
    for i in range(k):
        digit = (pattern // pow3[k - 1 - i]) % 3
        ch = gletters[g, i]
        if digit == 2:
            out[i] = ch
        if digit >= 1:
            seen[ch] += 1
    for c in range(seen.shape[0]):
        out[k + c] = max(out[k + c], seen[c])
    return out


# -- the search -------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _collisions(row: np.ndarray, S: np.ndarray, seen: np.ndarray, limit: int) -> int:
    """How many members of S share a pattern with an earlier one, counting no further than limit + 1."""
    n = S.shape[0]
    c = 0
    j = 0
    while j < n:
        p = row[S[j]]
        if seen[p]:
            c += 1
            if c > limit:
                j += 1
                break
        seen[p] = True
        j += 1
    for t in range(j):
        seen[row[S[t]]] = False
    return c


@njit(cache=True, nogil=True)
def _same_grouping(ra: np.ndarray, rb: np.ndarray, S: np.ndarray, laba: np.ndarray, labb: np.ndarray) -> bool:
    """Do two guess rows split S into the same groups (labels ignored)?"""
    n = S.shape[0]
    same = True
    nl = 0
    j = 0
    while j < n:
        pa = ra[S[j]]
        pb = rb[S[j]]
        la = laba[pa]
        lb = labb[pb]
        if la < 0 and lb < 0:
            laba[pa] = nl
            labb[pb] = nl
            nl += 1
        elif la != lb:
            same = False
            break
        j += 1
    for t in range(min(j + 1, n)):
        laba[ra[S[t]]] = -1
        labb[rb[S[t]]] = -1
    return same


@njit(cache=True, nogil=True)
def solve(S, d, beta, pool, rule, hard, width, tabs, memo, scratch, ctl):
    """Fewest total guesses to solve every answer in S with at most d guesses (the next included).

    Returns the exact value when it is below ``beta``; otherwise a proven lower bound >= beta.
    ``width`` 0 searches exhaustively; 1 plays the first guess in bound order that works
    (a greedy tree, an upper bound). Exact values and their best guess go to ``memo``.
    """
    data, g2a, a2g, lbtab, gletters, gcounts, pow3, rnd = tabs
    lab, lab2, seen, cnt, inS = scratch
    n = S.shape[0]
    if ctl[CTL_STOP] != 0:
        return INF
    ctl[CTL_NODES] += 1
    if n == 1:
        return np.int64(1) if d >= 1 else INF
    d = min(d, n)  # a useful guess always splits, so no line needs more than n guesses
    if n == 2:
        return np.int64(3) if d >= 2 else INF
    if d <= 1:
        return INF
    lbn = lbtab[d, n]
    if lbn >= beta:
        return lbn
    r1 = np.uint64(0)
    r2 = np.uint64(0)
    if hard:
        r1, r2 = _rule_hash(rule)
    k1, k2 = _node_key(S, d, r1, r2)
    slot = memo_get(memo, k1, k2)
    if slot >= 0:
        v = memo[2][slot]
        if memo[3][slot] == 1:
            ctl[CTL_HITS] += 1
            return v
        if v >= beta:
            ctl[CTL_HITS] += 1
            return v
        lbn = max(lbn, v)
    n_pat = seen.shape[0]
    win = n_pat - 1

    # 1. A candidate that tells all the others apart reaches the absolute bound 2n - 1.
    pair_cand = -1
    for j in range(n):
        g = a2g[S[j]]
        c = _collisions(data[g], S, seen, 1)
        if c == 0:
            memo_put(memo, k1, k2, 2 * n - 1, True, g, n)
            ctl[CTL_STORES] += 1
            return np.int64(2 * n - 1)
        if c == 1 and pair_cand < 0:
            pair_cand = g
    # Otherwise a candidate leaves a group of two or more, and any other guess wins nothing now.
    if lbn < 2 * n:
        lbn = np.int64(2 * n)
    if lbn >= beta:
        return lbn

    # 2. 2n is reached by a candidate that leaves one pair (when a guess is left for the pair
    # after the one that splits it) or by any guess that splits S into singletons; with two
    # guesses left only a split into singletons works.
    bestg = -1
    if d >= 3 and pair_cand >= 0:
        bestg = pair_cand
    else:
        for i in range(pool.shape[0]):
            g = pool[i]
            if _collisions(data[g], S, seen, 0) == 0 and (not hard or _legal(g, rule, gletters, gcounts)):
                bestg = g
                break
    if bestg >= 0:
        memo_put(memo, k1, k2, 2 * n, True, bestg, n)
        ctl[CTL_STORES] += 1
        return np.int64(2 * n)
    if d == 2:
        memo_put(memo, k1, k2, INF, True, -1, n)
        ctl[CTL_STORES] += 1
        return INF
    # Now every candidate leaves two pairs or a larger group (>= 2n + 1), and every other guess
    # leaves a group of two or more (>= 2n + 1).
    if lbn < 2 * n + 1:
        lbn = np.int64(2 * n + 1)
    if lbn >= beta:
        if width == 0:
            memo_put(memo, k1, k2, lbn, False, -1, n)
            ctl[CTL_STORES] += 1
        return lbn

    # The pool for this node: hard mode keeps the legal guesses.
    if hard:
        keep = np.empty(pool.shape[0], dtype=np.int64)
        nk = 0
        for i in range(pool.shape[0]):
            if _legal(pool[i], rule, gletters, gcounts):
                keep[nk] = pool[i]
                nk += 1
        pool = keep[:nk].copy()

    # 3. Bound every guess: n + sum over its non-winning groups of lb(group size, d - 1).
    ctl[CTL_SCANS] += 1
    ctl[CTL_WORK] += pool.shape[0] * n
    for j in range(n):
        inS[S[j]] = True
    npool = pool.shape[0]
    h1s = np.empty(npool, dtype=np.uint64)
    h2s = np.empty(npool, dtype=np.uint64)
    lbs = np.empty(npool, dtype=np.int64)
    cands = np.zeros(npool, dtype=np.bool_)
    useful = np.zeros(npool, dtype=np.bool_)
    touched = np.empty(n, dtype=np.int64)
    lbrow = lbtab[d - 1]
    for i in range(npool):
        g = pool[i]
        row = data[g]
        a = g2a[g]
        is_cand = a >= 0 and inS[a]
        cands[i] = is_cand
        h1 = _SEED1
        h2 = _SEED2
        nl = 0
        for j in range(n):
            p = row[S[j]]
            L = lab[p]
            if L < 0:
                L = nl
                lab[p] = L
                touched[nl] = p
                cnt[nl] = 0
                nl += 1
            cnt[L] += 1
            # A linear hash of the canonical labels (equal hashes are checked exactly below).
            h1 += np.uint64(L + 1) * rnd[0, j]
            h2 += np.uint64(L + 1) * rnd[1, j]
        total = np.int64(n)
        biggest = 0
        for t in range(nl):
            p = touched[t]
            lab[p] = -1
            c = cnt[t]
            biggest = max(biggest, c)
            if p != win:
                total += lbrow[c]
        h1s[i] = h1
        h2s[i] = h2
        lbs[i] = min(INF, total)
        useful[i] = nl > 1 or is_cand
    for j in range(n):
        inS[S[j]] = False

    # 4. Guesses that split S the same way are interchangeable on S and on every subset of S,
    # so one representative per grouping is enough; a candidate beats a non-candidate with the
    # same grouping (it wins its own group). Hard mode keeps them all: the rule that follows a
    # guess depends on its letters, not only on its grouping.
    order = np.argsort(h1s)
    keep = np.zeros(npool, dtype=np.bool_)
    if hard:
        for i in range(npool):
            keep[i] = useful[i]
    else:
        done = np.zeros(npool, dtype=np.bool_)
        i = 0
        while i < npool:
            j = i
            while j < npool and h1s[order[j]] == h1s[order[i]]:
                j += 1
            # order[i:j] share h1: split them into true groupings, checked element by element.
            for a in range(i, j):
                if done[a]:
                    continue
                done[a] = True
                ia = order[a]
                has_cand = False
                best_non = -1
                if cands[ia]:
                    keep[ia] = useful[ia]
                    has_cand = True
                else:
                    best_non = ia
                for b in range(a + 1, j):
                    if done[b]:
                        continue
                    ib = order[b]
                    if h2s[ib] == h2s[ia] and _same_grouping(data[pool[ia]], data[pool[ib]], S, lab, lab2):
                        done[b] = True
                        if cands[ib]:
                            keep[ib] = useful[ib]
                            has_cand = True
                        elif best_non < 0 or pool[ib] < pool[best_non]:
                            best_non = ib
                if not has_cand and best_non >= 0:
                    keep[best_non] = useful[best_non]
            i = j
    nrep = 0
    for i in range(npool):
        if keep[i]:
            nrep += 1
    reps = np.empty(nrep, dtype=np.int64)
    sortkey = np.empty(nrep, dtype=np.int64)
    t = 0
    for i in range(npool):
        if keep[i]:
            reps[t] = pool[i]
            lb = min(INF, lbs[i])
            sortkey[t] = (min(lb, np.int64(1 << 30)) << 32) | ((0 if cands[i] else 1) << 31) | pool[i]
            t += 1
    korder = np.argsort(sortkey)
    child_pool = reps

    # 5. Try guesses in bound order, cutting each as soon as it cannot beat the best so far.
    best = beta
    bestg = -1
    minlb = INF
    codes = np.empty(n, dtype=np.int64)
    tried = 0
    for oi in range(nrep):
        r = korder[oi]
        g = reps[r]
        glb = sortkey[r] >> 32
        if glb >= (1 << 30):
            glb = INF
        if glb >= best:
            minlb = min(minlb, glb)
            break
        if ctl[CTL_STOP] != 0:
            return INF
        ctl[CTL_EVALS] += 1
        # Partition S by g: labels by first occurrence, stable, so each group stays sorted.
        row = data[g]
        nl = 0
        for j in range(n):
            p = row[S[j]]
            L = lab[p]
            if L < 0:
                L = nl
                lab[p] = L
                touched[nl] = p
                cnt[nl] = 0
                nl += 1
            cnt[L] += 1
            codes[j] = L
        pats = np.empty(nl, dtype=np.int64)
        starts = np.empty(nl + 1, dtype=np.int64)
        starts[0] = 0
        for L in range(nl):
            pats[L] = touched[L]
            lab[touched[L]] = -1
            starts[L + 1] = starts[L] + cnt[L]
        fill = starts[:nl].copy()
        grouped = np.empty(n, dtype=np.int64)
        for j in range(n):
            L = codes[j]
            grouped[fill[L]] = S[j]
            fill[L] += 1
        sizes = starts[1:] - starts[:nl]
        gorder = np.argsort(-sizes, kind="mergesort")
        cost = np.int64(n)
        rem = glb - n
        cut = False
        for q in range(nl):
            L = gorder[q]
            if pats[L] == win:
                continue
            m = sizes[L]
            lm = lbtab[d - 1, m]
            rem -= lm
            sub = grouped[starts[L] : starts[L + 1]].copy()
            sub_beta = best - cost - rem
            if hard:
                crule = child_rule(rule, g, pats[L], gletters, pow3)
            else:
                crule = rule
            v = solve(sub, d - 1, sub_beta, child_pool, crule, hard, width, tabs, memo, scratch, ctl)
            cost += v
            if cost + rem >= best:
                cut = True
                break
        if ctl[CTL_STOP] != 0:
            return INF
        tried += 1
        if cut:
            lbg = cost + rem
            minlb = min(minlb, lbg)
        else:
            best = cost
            bestg = g
            if width > 0 and tried >= width:
                break
    if bestg >= 0:
        memo_put(memo, k1, k2, best, True, bestg, n)
        ctl[CTL_STORES] += 1
        return best
    lower = minlb
    lower = max(lower, beta)
    lower = max(lower, lbn)
    if width == 0:
        memo_put(memo, k1, k2, lower, False, -1, n)
        ctl[CTL_STORES] += 1
    return lower


@njit(cache=True, nogil=True)
def memo_best(S, d, rule, hard, memo) -> int:
    """The best guess recorded for an exactly solved node, or -1."""
    n = S.shape[0]
    d = min(d, n)
    r1 = np.uint64(0)
    r2 = np.uint64(0)
    if hard:
        r1, r2 = _rule_hash(rule)
    k1, k2 = _node_key(S, d, r1, r2)
    slot = memo_get(memo, k1, k2)
    if slot >= 0 and memo[3][slot] == 1:
        return int(memo[4][slot])
    return -1


@njit(cache=True, nogil=True)
def guess_bounds(S, d, pool, lbtab, data, win) -> np.ndarray:
    """For each guess of the pool: n + sum of lb(group, d - 1) over its non-winning groups."""
    n = S.shape[0]
    out = np.empty(pool.shape[0], dtype=np.int64)
    counts = np.zeros(win + 1, dtype=np.int64)
    for i in range(pool.shape[0]):
        row = data[pool[i]]
        for j in range(n):
            counts[row[S[j]]] += 1
        total = np.int64(n)
        for j in range(n):
            p = row[S[j]]
            c = counts[p]
            if c > 0:
                if p != win:
                    total += lbtab[d - 1, c]
                counts[p] = 0
        out[i] = min(INF, total)
    return out
