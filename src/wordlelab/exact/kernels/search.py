"""numba kernels for the exact decision-tree search (see ``wordlelab.exact.optimal`` for the maths).

Everything here runs without the GIL so a driver thread can watch progress and ask for a stop.
Sets of candidates are sorted int64 arrays of answer (column) indices; pools of guesses are
int64 arrays of row indices. Costs are int64; ``INF`` marks an impossible sub-problem (not
solvable within the guesses left).

The objective is the last entry of ``tabs``, ``loss``: 0 counts only strategies that solve every
answer in time (a lost answer makes a node INF); ``loss`` = W > 0 (hard mode's objective, see
``wordlelab.exact.optimal``) lets answers be lost, each costing W + d + 1 at a node with d guesses left
(W for the loss, and the d + 1 guesses a player's X/6 counts from there), so a strategy's value
is L * W + G: L answers lost, G guesses in all with a lost answer counted as max guesses + 1.
W exceeds any G, so the least value has the fewest losses first, then the fewest guesses, and
where no answer need be lost it is the value with ``loss`` 0. Both parts add up over the groups
of a guess, so every sum and cut below is unchanged; where a bound or a shortcut needs more to
hold with losses, it says so beside it.

Scans read ``dT``, the answer-major copy of the matrix: a node with n answers reads n rows along
the guesses (n sequential streams) instead of one cache line per (guess, answer) pair.

The memo is an open-addressing table of fixed size (the memory cap): a 128-bit key (two
independent 64-bit hashes of the set, the guesses left and the hard-mode rule), a value that is
either exact or a proven lower bound, and the best guess for exact entries. When a probe window
is full the entry for the smallest set is overwritten: a memo is only a cache, so losing an
entry costs time, never correctness.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from ...kernels.stamps import stamp_caches

INF = np.int64(1 << 40)
# W, the cost of a lost answer in hard mode's objective: above any total of guesses (at most
# answers x (max guesses + 1), checked by ``optimal.Engine``), and small enough that answers x
# (W + max guesses + 1) stays far below INF.
LOSS_WEIGHT = np.int64(1 << 20)

# ctl[] slots shared with the driver thread.
CTL_STOP = 0
CTL_NODES = 1
CTL_STORES = 2
CTL_HITS = 3
CTL_SCANS = 4
CTL_WORK = 5
CTL_EVALS = 6
CTL_STAMP = 7  # a running tag for the scans' seen-pattern marks
CTL_OFF = 8  # the RULES flags: pruning rules switched off, or on everywhere (0: as shipped)
CTL_SUPER = 9  # lower bounds stored for supersets after a cut (rule OFF_SUPERSETS)
CTL_QB = 10  # times the bound with q groups per guess beat the counting table (rule OFF_QBOUND)
CTL_LIMIT = 11  # stop once ctl[CTL_WORK] passes this (0: no limit); see _spend
CTL_LIVE = 12  # guesses dropped as standing for another on the letters the set holds (OFF_LIVE)
CTL_ROWS_EARLY = 13  # row scans that stopped early, once few guesses could matter (OFF_ROWS_EARLY)
# Guesses dropped as dominated: another guess of the pool tells apart every pair of answers they
# do, on the set and on all its subsets (rule OFF_DOMINANCE, ``_undominated``).
CTL_DOM = 14
CTL_VIEWS = 15  # views made (``_view_of``): a set's rows and its children's pool's columns
CTL_SIZE = 16

# A set's guesses shared out among threads (see ``solve``'s ``split``): split[SPLIT_PARTS] parts
# (1 or less: no sharing), the set's size at SPLIT_N, the best (value, order) key any part has
# reached at SPLIT_KEY, and each part's result at SPLIT_RESULTS + 3 * part: its best guess (-1:
# none below its thresholds), that guess's value, its place in the order (-1: the node's own
# all-small-groups guess); ``new_split`` makes one.
SPLIT_PARTS = 0
SPLIT_N = 1
SPLIT_KEY = 2
SPLIT_RESULTS = 3
SPLIT_ORDER_BITS = 21  # a place in the order takes these bits of the key (pools under 2**21 - 1)

# The state a search carries, as named tuples of arrays (numba passes them as structs).
# The engine's tables (``optimal.Engine``): the matrix guess-major (``data``) and answer-major
# (``dT``), guess <-> answer indices (-1: none), the counting bound table, each guess's letters
# and letter counts, powers of 3, random words for grouping hashes, the guesses sorted by their
# letters elsewhere than at each position (``neighbour_runs``, for ``_undominated``) and W.
Tables = namedtuple(
    "Tables",
    "data g2a a2g lbtab gletters gcounts pow3 rnd dT nb_order nb_lo nb_hi loss",
)
# Scratch tables a search reuses (left as it found them): pattern labels (two sets, -1), seen
# patterns, group counts, the answers of the set being scanned, pattern stamps.
Scratch = namedtuple("Scratch", "lab lab2 seen cnt inS stamp")
# What a set's row scans read (``_view_of``): a matrix of rows (answers) by columns (guesses),
# each answer's row in it and each guess's column (-1: none).
View = namedtuple("View", "M arow gcol")
# One search: the mode, the width (0 exact, 1 greedy), the tables, the memo, the scratch
# tables, the counters shared with the driver (``ctl``), and the shared set (``split``, ``part``).
Search = namedtuple("Search", "hard width tabs memo scratch ctl split part")

# The RULES flags (ctl[CTL_OFF]): the pruning rules the soundness tests switch off, to check
# that the search finds the same values without them, and two that the tests switch on
# everywhere, so that the rules fire on small instances a brute force can check.
OFF_SUPERSETS = 1  # no bounds stored for supersets after a cut (``_store_supersets``)
OFF_QBOUND = 2  # no bound with q groups per guess (``lower_bound_q``)
ALWAYS_SUPERSETS = 4  # the bounds learnt from a cut stored after every sub-search
OFF_LIVE = 8  # no hard-mode guess classes on the letters a set holds (step 4b, ``_live_classes``)
OFF_ROWS_EARLY = 16  # row scans never stopped early (``_repeats``)
OFF_DOMINANCE = 32  # guesses another guess of the pool dominates kept (step 3a, ``_undominated``)
ALWAYS_DOMINANCE = 64  # the dominance rule on every set, however small

SUPER_MIN_NODES = 2  # the bounds learnt from a cut are stored after sub-searches of this many nodes
# Where the dominance rule pays: sets of 48 answers or more with four guesses left or more (the
# pools of the many small sets below them shrink with it); on smaller sets its pass over the
# pool costs about what it saves.
DOM_MIN_D = 4
DOM_MIN_N = 48
# How much dearer counting a guess alone is than its n look-ups' charge (its column is read across
# rows): the row scan stops early only where it saves this many times the count (``_repeats``).
ROWS_EARLY_F = 4
# Pairs of rows compared before a perfect splitter is looked for guess by guess (step 2): speed
# only, the guess found and the work charged are the same.
PRE_PAIRS = 8
# Views (``_view_of``): below a set with VIEW_MIN_D + 1 guesses left or more (an opener's groups,
# deduplicated: one guess per grouping), where the children's pool has at most VIEW_KEEP_NUM /
# VIEW_KEEP_DEN of the columns read so far, the row scans below read a copy of the set's rows and
# those columns only, for the thousands of scans each such set leads to. Speed only: a scan reads
# every column of the pool either way, and is charged for the columns it reads.
VIEW_MIN_D = 4
VIEW_KEEP_NUM = 9
VIEW_KEEP_DEN = 10
# Row cells compared in one look-up's time: a row scan is taken where its cost in look-ups,
# pairs * guesses / VEC_CELLS, is below the guess-by-guess count's, and that cost is the work it
# is charged (a budget in work depends on it, so it is a fixed part of the search's definition).
VEC_CELLS = 80

PROBES = 8
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_FNV = np.uint64(0x100000001B3)

# The helpers that make no array run without the runtime's reference counts (``_borrowing``).
# Every array they are handed is the caller's for the whole call, and nothing they do keeps one
# after it returns, so counting a reference up on the way in and down on the way out (an atomic
# instruction per array, each way) buys nothing, and costs most in the small helpers called for
# every guess tried. numba refuses to compile
# such a helper if it makes an array (nothing would free it); a row cut out of a matrix inside
# one is a view of the caller's array, counted by nobody. (numba's type stubs leave out _nrt.)
_borrowing = njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]
# A constant argument (True, -1, 0) makes numba compile the callee once more for that literal
# value; these typed constants give every call of a kernel the same specialisation.
_YES = np.bool_(True)
_NO = np.bool_(False)
_NO_GUESS = np.int64(-1)
_SEED1 = np.uint64(0x9E3779B97F4A7C15)
_SEED2 = np.uint64(0xCBF29CE484222325)


@njit(cache=True, inline="always")
def _spend(ctl, units) -> bool:
    """Count ``units`` of search work; True (with the stop flag set) once past ctl[CTL_LIMIT].

    Work is counted in feedback look-ups (a scan reads guesses x answers, a partition the answers,
    a node its answers), so a budget in work stops at the same point on any machine at any load."""
    ctl[CTL_WORK] += units
    lim = ctl[CTL_LIMIT]
    if lim > 0 and ctl[CTL_WORK] > lim:
        ctl[CTL_STOP] = 1
        return True
    return False


@njit(cache=True, inline="always")
def _mix(h: np.uint64) -> np.uint64:
    h ^= h >> np.uint64(30)
    h *= _M1
    h ^= h >> np.uint64(27)
    h *= _M2
    h ^= h >> np.uint64(31)
    return h


@njit(cache=True)
def lower_bound_table(max_n: int, max_d: int, n_patterns: int, loss: int = 0) -> np.ndarray:
    """lb[d, m]: fewest total guesses any tree can spend on m answers with d guesses left.

    At most one answer is solved by the next guess, and at most P**(t-1) answers by the t-th,
    where P = n_patterns - 2 is a bound on the non-winning patterns one guess can show (the
    all-green one wins and k-1 greens with one yellow is impossible). Filling the cheapest
    levels first gives the bound; INF when m answers do not fit in d levels. With ``loss`` W > 0
    the answers that do not fit are lost, at W + d + 1 each: more than any level costs, so the
    cheapest assignment the counting allows still fills the levels first.
    """
    P = max(1, n_patterns - 2)
    out = np.full((max_d + 1, max_n + 1), INF, dtype=np.int64)
    if loss > 0:
        for m in range(max_n + 1):
            out[0, m] = m * (loss + 1)
    out[:, 0] = 0
    for d in range(1, max_d + 1):
        for m in range(1, max_n + 1):
            left = np.int64(m)
            cost = np.int64(0)
            cap = np.int64(1)
            for t in range(1, d + 1):
                take = min(left, cap)
                cost += take * t
                left -= take
                cap = min(cap * P, np.int64(1 << 40))
                if left == 0:
                    break
            if left == 0:
                out[d, m] = cost
            elif loss > 0:
                out[d, m] = cost + left * (loss + d + 1)
    return out


@njit(cache=True)
def transposed(data: np.ndarray) -> np.ndarray:
    """A C-ordered copy of data.T, copied in tiles that stay in cache."""
    rows, cols = data.shape
    out = np.empty((cols, rows), dtype=data.dtype)
    B = 64
    for i0 in range(0, rows, B):
        i1 = min(rows, i0 + B)
        for j0 in range(0, cols, B):
            j1 = min(cols, j0 + B)
            for j in range(j0, j1):
                for i in range(i0, i1):
                    out[j, i] = data[i, j]
    return out


# -- memo -------------------------------------------------------------------------------------


@_borrowing
def _set_hash(S: np.ndarray) -> tuple[np.uint64, np.uint64]:
    h1 = _SEED1
    h2 = _SEED2
    for j in range(S.shape[0]):
        x = np.uint64(S[j])
        h1 = _mix(h1 + x + np.uint64(1))
        h2 = (h2 ^ x) * _FNV
    h2 = _mix(h2 + np.uint64(S.shape[0]))
    return h1, h2


@_borrowing
def _rule_hash(rule: np.ndarray) -> tuple[np.uint64, np.uint64]:
    h1 = np.uint64(0x1234567)
    h2 = np.uint64(0x7654321)
    for i in range(rule.shape[0]):
        x = np.uint64(rule[i] + 1)
        h1 = _mix(h1 ^ (x + np.uint64(i) * np.uint64(1000003)))
        h2 = (h2 ^ x) * _FNV
    return h1, _mix(h2)


@_borrowing
def _objective_key(rule: np.ndarray, hard: bool, loss: int) -> tuple[np.uint64, np.uint64]:
    """The part of a node's memo key that the objective adds: the hard-mode rule, and whether
    answers may be lost (a value with losses is finite where the same node without is INF)."""
    r1 = np.uint64(0)
    r2 = np.uint64(0)
    if hard:
        r1, r2 = _rule_hash(rule)
    if loss > 0:
        r1 = _mix(r1 ^ (np.uint64(loss) * _M2))
        r2 = _mix(r2 + np.uint64(loss))
    return r1, r2


@_borrowing
def _node_key(S: np.ndarray, d: int, r1: np.uint64, r2: np.uint64) -> tuple[np.uint64, np.uint64]:
    h1, h2 = _set_hash(S)
    dd = np.uint64(d + 1)
    k1 = _mix(h1 ^ (dd * _SEED2) ^ r1)
    k2 = _mix(h2 + dd * _M1 + r2)
    if k1 == np.uint64(0):  # 0 marks an empty slot
        k1 = np.uint64(1)
    return k1, k2


@_borrowing
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


@_borrowing
def memo_put(
    memo, k1: np.uint64, k2: np.uint64, value: int, exact: bool, guess: int, size: int
) -> None:
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


@_borrowing
def memo_raise(memo, k1: np.uint64, k2: np.uint64, value: int, size: int) -> bool:
    """Record a proven lower bound, never weakening what the entry holds (an exact value or a
    larger bound stays). True when something was written."""
    keys1, keys2, vals, flags, guesses, sizes = memo
    mask = keys1.shape[0] - 1
    base = int(k1 & np.uint64(mask))
    victim = -1
    vsize = size + 1
    for t in range(PROBES):
        s = (base + t) & mask
        if keys1[s] == k1 and keys2[s] == k2:
            if flags[s] == 1 or vals[s] >= value:
                return False
            vals[s] = value
            return True
        if keys1[s] == np.uint64(0):
            victim = s
            break
        if sizes[s] < vsize:
            vsize = sizes[s]
            victim = s
    if victim < 0:
        return False
    keys1[victim] = k1
    keys2[victim] = k2
    vals[victim] = value
    flags[victim] = 0
    guesses[victim] = -1
    sizes[victim] = size
    return True


# -- hard mode --------------------------------------------------------------------------------
#
# A hard-mode rule (int8) is rule[:k], the letter fixed at each position (-1 free), then rule[k:k + A],
# the least count of each of the A letters. An ultrahard rule (every guess must be a word that
# could still be the answer) is the same k + A entries followed by rule[k + A:k + A + k * A], 1
# where position i may not hold letter c (a yellow or grey there), and the last A entries, the
# most times each letter may appear (-1: no limit; a grey sets it to the letter's non-grey count
# in that guess). A word obeys all four parts exactly when every earlier guess would have shown it
# the colours that guess showed: greens are the positions where guess and word agree, and a
# letter's non-grey tiles number min(its count in the guess, its count in the word), with the
# yellows on its leftmost non-green places, which the pattern shows as any answer's does.


@_borrowing
def _legal(g: int, rule: np.ndarray, gletters: np.ndarray, gcounts: np.ndarray) -> bool:
    """Whether guess ``g`` obeys ``rule`` (hard or ultrahard, see above)."""
    k = gletters.shape[1]
    na = gcounts.shape[1]
    for i in range(k):
        if rule[i] >= 0 and gletters[g, i] != rule[i]:
            return False
    for c in range(na):
        if rule[k + c] > 0 and gcounts[g, c] < rule[k + c]:
            return False
    if rule.shape[0] > k + na:
        base = k + na
        for i in range(k):
            if rule[base + i * na + gletters[g, i]] != 0:
                return False
        top = base + k * na
        for c in range(na):
            if rule[top + c] >= 0 and gcounts[g, c] > rule[top + c]:
                return False
    return True


@njit(cache=True, nogil=True)
def next_rule(
    rule: np.ndarray, g: int, pattern: int, gletters: np.ndarray, gcounts: np.ndarray
) -> np.ndarray:
    """The rule after guess ``g`` showed ``pattern``: greens fixed, revealed letters counted
    (ultrahard: and the letters refused at each position, and the counts a grey caps)."""
    k = gletters.shape[1]
    na = gcounts.shape[1]
    out = rule.copy()
    seen = np.zeros(na, dtype=np.int8)
    grey = np.zeros(na, dtype=np.bool_)
    ultra = rule.shape[0] > k + na
    base = k + na
    p = pattern
    for i in range(k - 1, -1, -1):  # the last letter is the least significant digit
        digit = p % 3
        p //= 3
        ch = gletters[g, i]
        if digit == 2:
            out[i] = ch
        else:
            if ultra:
                out[base + i * na + ch] = 1
            if digit == 0:
                grey[ch] = True
        if digit >= 1:
            seen[ch] += 1
    for c in range(na):
        out[k + c] = max(out[k + c], seen[c])
    if ultra:
        top = base + k * na
        for c in range(na):
            if grey[c] and (out[top + c] < 0 or seen[c] < out[top + c]):
                out[top + c] = seen[c]
    return out


# -- the search -------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _store_supersets(
    L, nl, pats, starts, grouped, gl, d, k, lbtab, memo, ctl, additive, r1, r2
) -> None:
    """After guess g was cut on its group L (normal mode): lower bounds for the unions of L with
    the groups whose pattern differs from L's only where L shows grey.

    Soundness. ``gl`` holds a proven lower bound of f(group, d) for every group of g (exact
    values, memo bounds, closed forms, the counting bound; 0 for the winning group). For a
    position where L's pattern is grey, let U be L together with g's groups that show yellow or
    green there instead (the same feedback elsewhere). Super-additivity: for disjoint A and B,
    f(A u B, d) >= f(A, d) + f(B, d), because an optimal tree for A u B played on A alone (and on B
    alone) is a tree for each, costing their answers what it cost them in A u B. So f(U, d) >=
    the sum of its parts' bounds, which is at least gl[L], the bound the cut just proved. Why U:
    a later guess that differs from g only at that position by a letter no answer of the node
    holds shows grey there for every answer, so U is exactly one of its groups, and the memo's
    bound cuts it without a search (the C++ solver's "indirect reasoning" after a cut).

    Hard mode (``additive`` False): the parts other than L were bounded under stricter rules
    (their yellows and greens add constraints), which do not bound them under L's rule, so only
    monotonicity is used: f(U, d, R) >= f(S_p, d, R) >= gl[L] with R = L's rule (the rule after g
    showed L's pattern), since a hard-mode tree for U under R is one for S_p under R. U is stored
    under R: a guess that differs from g only by absent letters where L is grey leaves the same
    rule (a grey adds no constraint), so its lookup finds it.
    """
    # The weights of the positions where L shows grey, lowest first; each alone, then with each
    # later one.
    greys = np.empty(k, dtype=np.int64)
    ng = 0
    w = np.int64(1)
    for _i in range(k):
        if (pats[L] // w) % 3 == 0:
            greys[ng] = w
            ng += 1
        w *= 3
    for a in range(ng):
        for b in range(a, ng):
            w2 = np.int64(0) if b == a else greys[b]
            _store_union(
                L,
                nl,
                pats,
                starts,
                grouped,
                gl,
                d,
                lbtab,
                memo,
                ctl,
                greys[a],
                w2,
                additive,
                r1,
                r2,
            )


@njit(cache=True, nogil=True, inline="always")
def _raised(r, w1, w2) -> bool:
    """Whether pattern p + r differs from p only by the digits of weight w1 (and w2, when not 0)
    raised from grey to yellow or green."""
    for x in range(3):
        for y in range(3 if w2 != 0 else 1):
            if r == x * w1 + y * w2:
                return True
    return False


@njit(cache=True, nogil=True)
def _store_union(
    L, nl, pats, starts, grouped, gl, d, lbtab, memo, ctl, w1, w2, additive, r1, r2
) -> None:
    """The union of the groups whose pattern is L's with the digits of weight w1 (and w2, when
    not 0) raised from grey to yellow or green: its lower bound is the sum of its parts' (see
    ``_store_supersets``)."""
    p = pats[L]
    m = np.int64(0)
    val = np.int64(0)
    parts = 0
    for t in range(nl):
        q = pats[t]
        if q < p:
            continue
        if _raised(q - p, w1, w2):
            m += starts[t + 1] - starts[t]
            val = min(INF, val + gl[t])
            parts += 1
    if parts < 2:
        return
    if not additive:
        val = gl[L]
    dd = min(d, m)
    if val <= lbtab[dd, m] or val <= 2 * m:
        return
    U = np.empty(m, dtype=np.int64)
    q = 0
    for t in range(nl):
        if _raised(pats[t] - p, w1, w2):
            for j in range(starts[t], starts[t + 1]):
                U[q] = grouped[j]
                q += 1
    U.sort()
    k1, k2 = _node_key(U, dd, r1, r2)
    if memo_raise(memo, k1, k2, val, m):
        ctl[CTL_SUPER] += 1


@_borrowing
def _collisions(dT: np.ndarray, g: int, S: np.ndarray, seen: np.ndarray, limit: int) -> int:
    """How many members of S share guess g's pattern with an earlier one, counting no further than limit + 1."""
    n = S.shape[0]
    c = 0
    j = 0
    while j < n:
        p = dT[S[j], g]
        if seen[p]:
            c += 1
            if c > limit:
                j += 1
                break
        seen[p] = True
        j += 1
    for t in range(j):
        seen[dT[S[t], g]] = False
    return c


@_borrowing
def _same_grouping(
    dT: np.ndarray, ga: int, gb: int, S: np.ndarray, laba: np.ndarray, labb: np.ndarray
) -> bool:
    """Do two guesses split S into the same groups (labels ignored)?"""
    n = S.shape[0]
    same = True
    nl = 0
    j = 0
    while j < n:
        pa = dT[S[j], ga]
        pb = dT[S[j], gb]
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
        laba[dT[S[t], ga]] = -1
        labb[dT[S[t], gb]] = -1
    return same


@_borrowing
def _grouping_hash(
    dT: np.ndarray, g: int, S: np.ndarray, lab: np.ndarray, rnd0: np.ndarray
) -> np.uint64:
    """A hash of how g groups S, the same for every guess that groups S alike (labels ignored)."""
    h = _SEED1
    nl = 0
    n = S.shape[0]
    for j in range(n):
        p = dT[S[j], g]
        L = lab[p]
        if L < 0:
            L = nl
            lab[p] = L
            nl += 1
        h += np.uint64(L + 1) * rnd0[j]
    for j in range(n):
        lab[dT[S[j], g]] = -1
    return h


@_borrowing
def _new_class(dT, reps, r, S, lab, lab2, rnd0, ltab, lh) -> bool:
    """Lazy classes (step 4 of ``solve``): True when guess reps[r] groups S unlike every guess
    classed before it (then it joins the table ``ltab`` of places in ``reps``, its hash in
    ``lh``); False when an earlier one groups S the same way. Equal hashes are checked exactly."""
    g = reps[r]
    h = _grouping_hash(dT, g, S, lab, rnd0)
    mask = np.int64(ltab.shape[0] - 1)
    s = np.int64(h >> np.uint64(1)) & mask
    while True:
        f = ltab[s]
        if f < 0:
            ltab[s] = r
            lh[r] = h
            return True
        if lh[f] == h and _same_grouping(dT, reps[f], g, S, lab, lab2):
            return False
        s = (s + 1) & mask


@njit(cache=True, nogil=True)
def _stable_order(keys: np.ndarray) -> np.ndarray:
    """The stable sort order of ``keys`` (non-negative): a counting sort when they span a range
    no wider than a few times their number (the usual case: bounds between the node's least and
    beta), else a merge sort."""
    m = keys.shape[0]
    if m == 0:
        return np.empty(0, dtype=np.int64)
    lo = keys[0]
    hi = keys[0]
    for i in range(1, m):  # (not keys.min(): loading that from the cache imports numba's linalg)
        lo = min(lo, keys[i])
        hi = max(hi, keys[i])
    span = hi - lo + 1
    if span > 4 * m + 64:
        return np.argsort(keys, kind="mergesort")
    count = np.zeros(span + 1, dtype=np.int64)
    for i in range(m):
        count[keys[i] - lo + 1] += 1
    for k in range(span):
        count[k + 1] += count[k]
    out = np.empty(m, dtype=np.int64)
    for i in range(m):
        k = keys[i] - lo
        out[count[k]] = i
        count[k] += 1
    return out


@_borrowing
def _largest_group(dT: np.ndarray, g: int, S: np.ndarray, lab: np.ndarray, cnt: np.ndarray) -> int:
    """The size of the largest group g splits S into."""
    nl = 0
    big = 0
    for j in range(S.shape[0]):
        p = dT[S[j], g]
        L = lab[p]
        if L < 0:
            L = nl
            lab[p] = L
            cnt[nl] = 0
            nl += 1
        cnt[L] += 1
        big = max(big, cnt[L])
    for j in range(S.shape[0]):
        lab[dT[S[j], g]] = -1
    return big


@_borrowing
def _closed_form(dT: np.ndarray, a2g: np.ndarray, S: np.ndarray, d: int, seen: np.ndarray) -> int:
    """The value of S when a candidate settles it at once, else -(the proven lower bound).

    2n - 1 when a candidate tells all the others apart; 2n when (with three guesses or more
    left) a candidate leaves a single pair; otherwise every guess leaves a group of two or more
    or is not an answer, so the value is at least 2n. O(n^2), no scan of the guesses.
    """
    n = S.shape[0]
    pair = False
    for j in range(n):
        c = _collisions(dT, a2g[S[j]], S, seen, np.int64(1))
        if c == 0:
            return 2 * n - 1
        if c == 1:
            pair = True
    if pair and d >= 3:
        return 2 * n
    return -2 * n


@njit(cache=True, nogil=True)
def _repeats(dT: np.ndarray, S: np.ndarray, limit: int, early: bool) -> tuple[np.ndarray, int, int]:
    """For every guess (column of dT), how many of the first ``k`` answers of S show a pattern
    that an earlier answer of S shows too; returns those counts, ``k`` and the pairs of rows
    compared. With ``k`` = len(S) a guess splits S into len(S) minus its count groups.

    The counts only grow with ``k``, so a guess whose count passes ``limit`` after ``k`` rows
    splits S into at most len(S) minus that count groups, whatever the other rows show. With
    ``early``, the scan stops after the first row where counting each guess still at or under
    ``limit`` on its own (about len(S) look-ups each) costs less than comparing the rows left
    (VEC_CELLS row cells a look-up): the caller finishes those guesses one by one.
    """
    n = S.shape[0]
    n_all = dT.shape[1]
    dup = np.zeros(n_all, dtype=np.uint8)
    flag = np.empty(n_all, dtype=np.uint8)
    lim = np.uint8(min(max(limit, 0), 255))
    all_pairs = n * (n - 1) // 2
    pairs = 0
    check = n // 3  # the first row after which the guesses still under the limit are counted
    for j in range(1, n):
        _add_repeated(dup, flag, dT, S, j)
        pairs += j
        if not early or limit >= n - 1 or j < check:  # (no guess can pass a limit of n - 1)
            continue
        check = j + max(1, (n - j) // 3)
        live = 0
        for i in range(n_all):
            live += dup[i] <= lim
        if live * n * VEC_CELLS * ROWS_EARLY_F < (all_pairs - pairs) * n_all:
            return dup, j + 1, pairs
    return dup, n, pairs


@njit(cache=True, nogil=True, inline="always")
def _count_until(dT, S, g, stamp, tag, need):
    """(groups seen, answers read): guess g's distinct patterns over S, read in order and
    stopped once the answers left cannot bring the count to ``need`` (marks in ``stamp``, tagged
    ``tag``). With all n read the count is exact; else the guess has at most count + n - read."""
    n = S.shape[0]
    nl = 0
    j = 0
    while j < n:
        p = dT[S[j], g]
        nl += stamp[p] != tag
        stamp[p] = tag
        j += 1
        if nl + n - j < need:
            break
    return nl, j


@njit(cache=True, nogil=True, inline="always")
def _add_try(reps, replb, key, nr, g, total, c, beta):
    """Guess g (bound ``total``, a candidate when ``c`` is 1) joins the tries when its bound is
    under beta, without a branch: written at place ``nr`` either way and kept by moving ``nr``
    on. Returns the new number of tries."""
    reps[nr] = g
    replb[nr] = total
    key[nr] = (total << 1) | (1 - c)  # bound, then candidates first, then pool order
    return nr + np.int64(total < beta)


@njit(cache=True, nogil=True)
def _rows_of(arow: np.ndarray, S: np.ndarray) -> np.ndarray:
    """The rows of S's answers in a view's matrix."""
    R = np.empty(S.shape[0], dtype=np.int64)
    for j in range(S.shape[0]):
        R[j] = arow[S[j]]
    return R


@njit(cache=True, nogil=True)
def _view_of(dT: np.ndarray, S: np.ndarray, cols: np.ndarray):
    """A view for the search below a set S whose pool is ``cols`` (guesses): the matrix of S's
    rows and those columns only, which answer -> row and which guess -> column (-1: none)."""
    n = S.shape[0]
    m = cols.shape[0]
    M = np.empty((n, m), dtype=dT.dtype)
    for r in range(n):
        row = dT[S[r]]
        out = M[r]
        for c in range(m):
            out[c] = row[cols[c]]
    arow = np.full(dT.shape[0], -1, dtype=np.int64)
    for r in range(n):
        arow[S[r]] = r
    gcol = np.full(dT.shape[1], -1, dtype=np.int64)
    for c in range(m):
        gcol[cols[c]] = c
    return View(M, arow, gcol)


@njit(cache=True, nogil=True)
def _collided(dT: np.ndarray, S: np.ndarray) -> np.ndarray:
    """For every guess (column of dT), 1 where two answers of S show the same pattern, else 0
    (the guess splits S into singletons): every pair of S's rows compared along the row."""
    n = S.shape[0]
    flag = np.zeros(dT.shape[1], dtype=np.uint8)
    for j in range(1, n):
        _or_equal_earlier(flag, dT, S, j)
    return flag


@njit(cache=True, nogil=True)
def _pair_collided(dT: np.ndarray, S: np.ndarray, pairs: int) -> np.ndarray:
    """1 for every guess (column of dT) that shows the same pattern to both answers of one of the
    first ``pairs`` pairs of neighbours in S, (S[0], S[1]), (S[2], S[3]), ...: such a guess does
    not split S into singletons. Neighbours in the list's order often share letters, so a few
    rows rule out most guesses, at a row comparison's cost each."""
    flag = np.zeros(dT.shape[1], dtype=np.uint8)
    for t in range(min(pairs, S.shape[0] // 2)):
        _or_equal(flag, dT[S[2 * t]], dT[S[2 * t + 1]])
    return flag


@_borrowing
def _or_equal_earlier(flag: np.ndarray, dT: np.ndarray, S: np.ndarray, j: int) -> None:
    """Marks in ``flag`` every guess (column of dT) that shows answer S[j] the pattern it shows
    an earlier answer of S."""
    rj = dT[S[j]]
    jj = 0
    while jj + 8 <= j:  # eight earlier rows a pass: fewer loads and stores of the flags
        _or_rows8(flag, rj, dT, S, jj)
        jj += 8
    while jj + 4 <= j:
        _or_equal4(flag, rj, dT[S[jj]], dT[S[jj + 1]], dT[S[jj + 2]], dT[S[jj + 3]])
        jj += 4
    while jj < j:
        _or_equal(flag, rj, dT[S[jj]])
        jj += 1


@njit(cache=True, nogil=True, inline="always")
def _or_rows8(flag, rj, dT, S, jj) -> None:
    """Marks in ``flag`` every guess that shows ``rj`` the pattern it shows one of the eight
    answers S[jj] .. S[jj + 7]."""
    _or_eq8(
        flag,
        rj,
        dT[S[jj]],
        dT[S[jj + 1]],
        dT[S[jj + 2]],
        dT[S[jj + 3]],
        dT[S[jj + 4]],
        dT[S[jj + 5]],
        dT[S[jj + 6]],
        dT[S[jj + 7]],
    )


@_borrowing
def _add_repeated(dup: np.ndarray, flag: np.ndarray, dT: np.ndarray, S: np.ndarray, j: int) -> None:
    """Adds 1 to ``dup`` for every guess (column of dT) that shows answer S[j] the pattern it
    shows an earlier answer of S; ``flag`` is scratch. One pass over the guesses for every eight
    earlier rows (four for the last few): the first pass writes the flags and the last adds them
    to ``dup``, so no pass clears the flags and none adds them apart (on small sets those two
    passes would be a large part of the work). A pass given fewer rows than its width repeats its
    last row: comparing a row twice changes no flag."""
    rj = dT[S[j]]
    last = j - 1
    if j <= 4:
        _add_eq4(dup, rj, dT[S[0]], dT[S[min(1, last)]], dT[S[min(2, last)]], dT[S[last]])
        return
    if j <= 8:
        _add_eq8(
            dup,
            rj,
            dT[S[0]],
            dT[S[1]],
            dT[S[2]],
            dT[S[3]],
            dT[S[4]],
            dT[S[min(5, last)]],
            dT[S[min(6, last)]],
            dT[S[last]],
        )
        return
    _set_eq8(
        flag, rj, dT[S[0]], dT[S[1]], dT[S[2]], dT[S[3]], dT[S[4]], dT[S[5]], dT[S[6]], dT[S[7]]
    )
    jj = 8
    while jj + 8 < j:  # leaves one to eight rows for the last pass
        _or_rows8(flag, rj, dT, S, jj)
        jj += 8
    if j - jj <= 4:
        _or_add_eq4(
            dup,
            flag,
            rj,
            dT[S[jj]],
            dT[S[min(jj + 1, last)]],
            dT[S[min(jj + 2, last)]],
            dT[S[last]],
        )
    else:
        _or_add_eq8(
            dup,
            flag,
            rj,
            dT[S[jj]],
            dT[S[jj + 1]],
            dT[S[jj + 2]],
            dT[S[jj + 3]],
            dT[S[jj + 4]],
            dT[S[min(jj + 5, last)]],
            dT[S[min(jj + 6, last)]],
            dT[S[last]],
        )


@_borrowing
def _add_eq4(dup, a, b, c, d, e) -> None:
    for i in range(dup.shape[0]):
        dup[i] += (a[i] == b[i]) | (a[i] == c[i]) | (a[i] == d[i]) | (a[i] == e[i])


@_borrowing
def _or_add_eq4(dup, flag, a, b, c, d, e) -> None:
    for i in range(dup.shape[0]):
        dup[i] += flag[i] | (a[i] == b[i]) | (a[i] == c[i]) | (a[i] == d[i]) | (a[i] == e[i])


@njit(cache=True, nogil=True, inline="always")
def _eq8(x, i, b, c, d, e, f, g, h, k):
    """Whether ``x`` equals column ``i`` of any of the eight rows."""
    return (
        (x == b[i])
        | (x == c[i])
        | (x == d[i])
        | (x == e[i])
        | (x == f[i])
        | (x == g[i])
        | (x == h[i])
        | (x == k[i])
    )


@_borrowing
def _add_eq8(dup, a, b, c, d, e, f, g, h, k) -> None:
    for i in range(dup.shape[0]):
        dup[i] += _eq8(a[i], i, b, c, d, e, f, g, h, k)


@_borrowing
def _set_eq8(flag, a, b, c, d, e, f, g, h, k) -> None:
    for i in range(flag.shape[0]):
        flag[i] = _eq8(a[i], i, b, c, d, e, f, g, h, k)


@_borrowing
def _or_eq8(flag, a, b, c, d, e, f, g, h, k) -> None:
    for i in range(flag.shape[0]):
        flag[i] |= _eq8(a[i], i, b, c, d, e, f, g, h, k)


@_borrowing
def _or_add_eq8(dup, flag, a, b, c, d, e, f, g, h, k) -> None:
    for i in range(dup.shape[0]):
        dup[i] += flag[i] | _eq8(a[i], i, b, c, d, e, f, g, h, k)


@_borrowing
def _or_equal(flag: np.ndarray, a: np.ndarray, b: np.ndarray) -> None:
    for i in range(flag.shape[0]):
        flag[i] |= a[i] == b[i]


@_borrowing
def _or_equal4(flag, a, b, c, d, e) -> None:
    for i in range(flag.shape[0]):
        flag[i] |= (a[i] == b[i]) | (a[i] == c[i]) | (a[i] == d[i]) | (a[i] == e[i])


@njit(cache=True, nogil=True)
def _live_classes(pool, keep, rep, S, a2g, gletters, n_alpha, ctl) -> None:
    """Drop from ``keep`` and ``rep`` every guess that agrees, at every position, on every letter
    an answer of S holds with an earlier kept guess of the pool (see step 4b of ``solve``)."""
    k = gletters.shape[1]
    live = np.zeros(n_alpha, dtype=np.bool_)
    for j in range(S.shape[0]):
        g = a2g[S[j]]
        for i in range(k):
            live[gletters[g, i]] = True
    npool = pool.shape[0]
    ctl[CTL_WORK] += npool  # k letter reads a guess: about one look-up's time
    size = 1
    while size < 2 * npool:
        size *= 2
    mask = np.uint64(size - 1)
    tab = np.full(size, -1, dtype=np.int64)
    codes = np.empty(npool, dtype=np.int64)
    base = np.int64(n_alpha + 1)
    dropped = 0
    for i in range(npool):
        if not keep[i]:
            continue
        g = pool[i]
        code = np.int64(0)
        for p in range(k):
            ch = np.int64(gletters[g, p])
            code = code * base + (ch + 1 if live[ch] else 0)
        codes[i] = code
        s = _mix(np.uint64(code)) & mask
        while True:
            f = tab[s]
            if f < 0:
                tab[s] = i
                break
            if codes[f] == code:
                keep[i] = False
                rep[i] = False
                dropped += 1
                break
            s = (s + np.uint64(1)) & mask
    ctl[CTL_LIVE] += dropped


@njit(cache=True, nogil=True)
def _undominated(pool, S, a2g, gletters, gcounts, nb_order, nb_lo, nb_hi, ctl) -> np.ndarray:
    """The pool without the guesses another guess of it dominates on S (normal mode; step 3a of
    ``solve``): what is left holds a guess as good as each one dropped, on S and on every subset.

    The argument. A letter that occurs once in a guess, at position i, shows green when the answer
    has it at i, else yellow when the answer holds it, else grey: a function of the letter, the
    position and the answer only. Call position i of guess w *constant on S* when what it shows is
    the same for every answer of S: its letter is held by no answer of S (grey, however often it
    occurs in w), or it occurs once in w and every answer of S has it at i (green) or every answer
    holds it but none at i (yellow). Let h have a constant position and a letter occurring once in
    h at every other position (its *rest*), and let g be h with the letter at one constant
    position i changed, so that every letter of the rest still occurs once in g. Then at the rest
    g and h show the same colours on every answer, and h's other positions show constants: h's
    pattern is a function of g's, so g's partition of S refines h's. Constancy only grows on
    subsets, so the same holds on every subset T of S, and a refining guess never costs more
    there: a tree that plays h at T turns into one that plays g at T, each of g's groups inside
    one of h's and answered by h's subtree for that group, no answer deeper than before, unless h
    is itself an answer of T (h would win its group of one, g cannot): h must not be an answer of
    S. So v(T with g first) <= v(T with h first) for every subset T of S and any guesses left.

    To drop h without dropping every guess that would stand for it, g must show something at i:
    its letter there is not constant on S. Then g has more positions that are not constant than h,
    so following dominators from a dropped guess ends at one nobody dominates, which stays: the
    least value over the pool is kept, here and at every node below (their pools come from this
    one), and so is the least bound. A dominator dropped itself still counts (refining is
    transitive), so the drops are made after every guess has been looked at. ``nb_order``,
    ``nb_lo``, ``nb_hi``: for position i, the guesses sorted by their letters at the other
    positions, and each guess's run of equals in that order (itself included).
    """
    k = gletters.shape[1]
    n = S.shape[0]
    n_alpha = gcounts.shape[1]
    npool = pool.shape[0]
    has = np.zeros(n_alpha, dtype=np.int64)  # answers of S holding each letter
    at = np.zeros((k, n_alpha), dtype=np.int64)  # answers of S with the letter at each position
    for j in range(n):
        w = a2g[S[j]]
        for i in range(k):
            ch = gletters[w, i]
            at[i, ch] += 1
            first = True
            for i2 in range(i):
                if gletters[w, i2] == ch:
                    first = False
                    break
            if first:
                has[ch] += 1
    # By guess, in one word small enough for the neighbours' random look-ups to stay in the
    # nearest cache (k <= 8 positions): bit 0 in the pool, bits 1..k its constant positions, bits
    # 9..8+k its positions whose letter occurs once in it (0 for guesses not in the pool).
    n_all = gletters.shape[0]
    info = np.zeros(n_all, dtype=np.int32)
    iscand = np.zeros(n_all, dtype=np.uint8)
    for j in range(n):
        iscand[a2g[S[j]]] = 1
    full = (1 << k) - 1
    # Per position and letter: 1 when the letter shows the same at that position on every answer
    # of S whatever else the guess holds (no answer holds it: grey), 2 when it does so as a letter
    # occurring once in the guess (every answer has it there, or holds it but none there). A
    # table, so that the pass over the pool below has no branches.
    ctab = np.zeros((k, n_alpha), dtype=np.int64)
    for i in range(k):
        for ch in range(n_alpha):
            if has[ch] == 0:
                ctab[i, ch] = 1
            elif at[i, ch] == n or (has[ch] == n and at[i, ch] == 0):
                ctab[i, ch] = 2
    for t in range(npool):
        g = pool[t]
        c = np.int64(0)
        s1 = np.int64(0)
        for i in range(k):
            ch = gletters[g, i]
            once = np.int64(gcounts[g, ch] == 1)
            s1 |= once << i
            e = ctab[i, ch]
            c |= ((e & 1) | ((e >> 1) & once)) << i
        info[g] = np.int32(1 | (c << 1) | (s1 << 9))
    drop = np.zeros(npool, dtype=np.bool_)
    steps = 0
    for t in range(npool):
        h = pool[t]
        c = (np.int64(info[h]) >> 1) & full
        rest = full & ~c
        if c == 0 or rest == 0 or ((np.int64(info[h]) >> 9) & rest) != rest or iscand[h] != 0:
            continue
        found = False
        # g in the pool, position i not constant in g, every letter of h's rest once in g: one
        # mask and compare (h itself fails it: its position i is constant).
        want = np.int64(1) | (rest << 9)
        for i in range(k):
            if (c >> i) & 1 == 0:
                continue
            care = want | (np.int64(1) << (i + 1))
            for q in range(nb_lo[i, h], nb_hi[i, h]):
                steps += 1
                if (np.int64(info[nb_order[i, q]]) & care) == want:
                    found = True
                    break
            if found:
                break
        drop[t] = found
    # About a look-up's time per guess (its k letters) and per neighbour looked at.
    ctl[CTL_WORK] += npool + steps + n
    kept = 0
    for t in range(npool):
        if not drop[t]:
            kept += 1
    out = np.empty(kept, dtype=np.int64)
    u = 0
    for t in range(npool):
        if not drop[t]:
            out[u] = pool[t]
            u += 1
    ctl[CTL_DOM] += npool - kept
    return out


@njit(cache=True, nogil=True)
def lower_bound_q(m: int, d: int, q: int, loss: int = 0) -> int:
    """The counting bound with at most ``q`` groups per guess: fewest total guesses for m answers
    in d guesses when one guess solves at most one answer and splits a set into at most q groups
    (so the t-th guess solves at most q**(t-1)); INF when they do not fit, or with ``loss`` W > 0
    each answer that does not fit lost at W + d + 1 (more than any level: see
    ``lower_bound_table``)."""
    if m <= 0:
        return np.int64(0)
    left = np.int64(m)
    cost = np.int64(0)
    cap = np.int64(1)
    qq = np.int64(max(1, q))
    for t in range(1, d + 1):
        take = min(left, cap)
        cost += take * t
        left -= take
        if left == 0:
            return cost
        cap = min(cap * qq, np.int64(1 << 40))
    if loss > 0:
        return cost + left * (loss + d + 1)
    return INF


@njit(cache=True, nogil=True, inline="always")
def _few_left(n, d, loss):
    """The value of n >= 2 answers with d <= 1 guesses left (the next included): INF without
    losses. With them, at d == 1 a candidate solves one answer and the others are lost (no guess
    solves more than its own answer, and a candidate is always allowed: in hard mode it agrees
    with every feedback shown), at d == 0 all are lost."""
    if loss == 0:
        return INF
    if d <= 0:
        return n * (loss + 1)
    return 1 + (n - 1) * (loss + 2)


@njit(cache=True, nogil=True)
def _two_left(dT, S, pool, g2a, inS, stamp, ctl, loss):
    """(value, guess) of S (n >= 3, no guess splits it into singletons) with two guesses left
    when answers may be lost: a guess with nl groups, c = 1 if it is a candidate, costs
    n + (nl - c) + (n - nl)(W + 2), since each non-winning group of size m then costs exactly
    1 + (m - 1)(W + 2) (``_few_left``). The least, the first in pool order among equals."""
    n = S.shape[0]
    npool = pool.shape[0]
    for j in range(n):
        inS[S[j]] = True
    tag0 = ctl[CTL_STAMP]
    ctl[CTL_STAMP] += npool
    ctl[CTL_WORK] += npool * n
    best = INF
    bestg = np.int64(-1)
    for i in range(npool):
        g = pool[i]
        a = g2a[g]
        c = np.int64(1) if a >= 0 and inS[a] else np.int64(0)
        tag = tag0 + i
        nl = np.int64(0)
        for j in range(n):
            p = dT[S[j], g]
            nl += stamp[p] != tag
            stamp[p] = tag
        v = n + nl - c + (n - nl) * (loss + 2)
        if v < best:
            best = v
            bestg = g
    for j in range(n):
        inS[S[j]] = False
    return best, bestg


# What step 3's pass over the pool found (``_scan``).
Scan = namedtuple(
    "Scan",
    [
        "splitter",  # a guess that splits S into singletons (2n), or -1
        "ub",  # the least value known to be reached (a guess whose groups are all of 1 or 2)
        "ubg",  # the guess that reaches it, or -1
        "minlb",  # the least bound of the useful guesses
        "qscan",  # the most groups any guess of the pool splits S into (an upper bound)
        "skiplb",  # the least bound of the useful guesses left out of the tries (all >= beta)
        "lbs",  # every guess's bound
        "cands",  # every guess: a candidate (not filled where ``fused``)
        "useful",  # every guess: more than one group, or a candidate (not where ``fused``)
        "h1s",  # every guess's grouping hash (where ``dedupe_all``)
        "nr",  # where ``fused``: the tries, their bounds and their sort keys, nr of each
        "reps",
        "replb",
        "key",
        "fused",  # the pass wrote the tries itself (normal mode, one thread, a row scan)
    ],
)


@njit(cache=True, nogil=True)
def _scan(S, d, beta, pool, splitting, dedupe_all, st, view):
    """Step 3 of ``solve``: one pass over the pool. Every guess's groups, its bound n + sum over
    its non-winning groups of lb(group size, d - 1), a hash of its grouping where ``dedupe_all``,
    and whether it settles S at once (all singletons: 2n) or exactly (all groups of one or two
    answers: its bound is its value)."""
    hard, width, tabs, memo, scratch, ctl, split, part = st
    data, g2a, a2g, lbtab, gletters, gcounts, pow3, rnd, dT, nb_order, nb_lo, nb_hi, loss = tabs
    lab, lab2, seen, cnt, inS, stamp = scratch
    M, arow, gcol = view
    n = S.shape[0]
    npool = pool.shape[0]
    n_pat = seen.shape[0]
    win = n_pat - 1
    ctl[CTL_SCANS] += 1
    for j in range(n):
        inS[S[j]] = True
    # With every group within the counting bound's first two levels (n <= P + 1, as d - 1 >= 2),
    # lb(c, d - 1) = 2c - 1, so a guess's bound is 3n - (its number of groups) - (1 if it is a
    # candidate): counting distinct patterns is enough, without labels or counts.
    fast = not dedupe_all and n <= n_pat - 1
    # For a small set, count every guess's groups at once along the answers' rows: a guess's
    # groups are n minus the answers whose pattern repeats an earlier answer's, and comparing
    # two whole rows runs many guesses per instruction. Taken where its cost (in look-ups'
    # time: about VEC_CELLS row cells a look-up) is below the guess-by-guess count's.
    n_all = M.shape[1]
    vec_cost = (n * (n - 1) // 2) * n_all // VEC_CELLS + n_all
    vec = fast and n < 256 and vec_cost < npool * n
    # Where step 4 keeps every useful guess for the children and tries those under beta (the
    # lazy classes), step 3's loop writes the children's pool and the tries at once (``fused``).
    fused = vec and not hard and not splitting
    m_old = 0 if fused else npool  # the arrays only the other cases use
    m_new = npool if fused else 0
    h1s = np.zeros(m_old, dtype=np.uint64)
    lbs = np.empty(npool, dtype=np.int64)
    cands = np.zeros(m_old, dtype=np.bool_)
    useful = np.zeros(m_old, dtype=np.bool_)
    touched = np.empty(n, dtype=np.int64)
    lbrow = lbtab[d - 1]
    rnd0 = rnd[0]
    ub = INF  # the best value known to be reached (a guess whose groups are all of size <= 2)
    ubg = -1
    minlb = INF
    splitter = -1
    qscan = np.int64(0)  # the most groups any guess of the pool splits S into (an upper bound)
    skiplb = INF  # the least bound of the useful guesses left out of the tries (all >= beta)
    f_nr = 0
    f_reps = np.empty(m_new, dtype=np.int64)
    f_replb = np.empty(m_new, dtype=np.int64)
    f_key = np.empty(m_new, dtype=np.int64)
    if not fast:
        ctl[CTL_WORK] += npool * n
    if fast:
        scanned = np.int64(0)
        early = np.zeros(m_old, dtype=np.bool_)
        tag0 = ctl[CTL_STAMP]
        ctl[CTL_STAMP] += npool
        dup = np.zeros(0, dtype=np.uint8)
        kdone = n
        # A guess's bound is 3n - (its groups) - [candidate] >= 2n + (its repeats) - [candidate]:
        # with repeats >= beta - 2n + [candidate] it cannot matter here (bound >= beta).
        dlimit = beta - 2 * n if beta < INF else np.int64(n)
        if vec:
            early_ok = (ctl[CTL_OFF] & OFF_ROWS_EARLY) == 0
            dup, kdone, pairs = _repeats(M, _rows_of(arow, S), dlimit, early_ok)
            scanned = pairs * n_all // VEC_CELLS + n_all
            if kdone < n:
                ctl[CTL_ROWS_EARLY] += 1
        cmark = np.zeros(0, dtype=np.uint8)
        if vec:
            # The candidates marked along the guesses: no branch on g2a in the loop below.
            cmark = np.zeros(n_all, dtype=np.uint8)
            for j in range(n):
                cj = gcol[a2g[S[j]]]
                if cj >= 0:  # (a candidate outside the view is outside the pool too)
                    cmark[cj] = 1
        full = vec and kdone == n
        # The fused loops: the tries, their bounds and their order, as the loops of steps 3 and
        # 4 below make them, without their passes. (Branch-free appends: whether a guess is
        # under beta is a coin toss the processor cannot predict.) The children's pool is this
        # pool as it is, useless guesses included (see step 4: they change nothing below).
        if fused and kdone < n:
            # A row scan stopped early leaves most guesses at a bound only (>= beta), and with
            # the pool kept as it is, all they change is qscan, minlb and skiplb: one pass finds
            # them, and the others (few) are counted in pool order as in the loop below.
            live = np.empty(npool, dtype=np.int64)
            nlive = 0
            mindu = np.int64(n)
            for i in range(npool):
                gc = gcol[pool[i]]
                du = np.int64(dup[gc])
                lbs[i] = INF + 1
                if du >= dlimit + np.int64(cmark[gc]):
                    mindu = min(mindu, du)
                else:
                    live[nlive] = i
                    nlive += 1
            if nlive < npool:
                qscan = max(qscan, n - mindu)
                minlb = min(minlb, beta)
                skiplb = min(skiplb, beta)
            for t in range(nlive):
                i = live[t]
                g = pool[i]
                c = np.int64(cmark[gcol[g]])
                nl, j = _count_until(dT, S, g, stamp, tag0 + i, 3 * n - c - beta + 1)
                scanned += j * ROWS_EARLY_F
                if nl + n - j > qscan:
                    qscan = nl + n - j
                if j < n:  # a bound only
                    minlb = min(minlb, beta)
                    skiplb = min(skiplb, beta)
                    continue
                if nl == n and c == 0:
                    qscan = n
                    splitter = g
                    break
                if nl <= 1 and c == 0:
                    continue
                total = 3 * n - nl - c
                lbs[i] = total
                if total < minlb:
                    minlb = total
                f_nr = _add_try(f_reps, f_replb, f_key, f_nr, g, total, c, beta)
                skiplb = min(skiplb, INF if total < beta else total)
        elif fused:
            # Every guess's groups known from the rows (a row scan stopped early went above).
            for i in range(npool):
                g = pool[i]
                gc = gcol[g]
                c = np.int64(cmark[gc])
                nl = n - np.int64(dup[gc])
                if nl == n and c == 0:  # n groups and not a candidate: settles S at 2n
                    qscan = n
                    splitter = g
                    break
                if nl > qscan:
                    qscan = nl
                if nl <= 1 and c == 0:  # useless: one group
                    lbs[i] = INF + 1
                    continue
                total = 3 * n - nl - c
                lbs[i] = total  # (the bound of each useful guess counted, INF + 1 for the others)
                if total < minlb:
                    minlb = total
                f_nr = _add_try(f_reps, f_replb, f_key, f_nr, g, total, c, beta)
                skiplb = min(skiplb, INF if total < beta else total)
        elif full:
            # Every guess's groups known from the rows: the loop below without the branches the
            # other cases need (the same figures, in less time).
            for i in range(npool):
                g = pool[i]
                gc = gcol[g]
                c = np.int64(cmark[gc])
                du = np.int64(dup[gc])
                if du == 0 and c == 0:  # n groups and not a candidate: settles S at 2n
                    qscan = n
                    splitter = g
                    break
                cands[i] = c != 0
                nl = n - du
                total = 2 * n + du - c  # 3n - nl - [candidate]
                lbs[i] = total
                u = nl > 1 or c != 0
                useful[i] = u
                if nl > qscan:
                    qscan = nl
                if u and total < minlb:
                    minlb = total
        for i in range(0 if full or fused else npool):
            g = pool[i]
            one = not vec  # counted here, guess by guess
            if vec:
                gc = gcol[g]
                is_cand = cmark[gc] != 0
                cands[i] = is_cand
                if kdone == n:
                    nl = n - np.int64(dup[gc])
                    j = n
                elif np.int64(dup[gc]) >= dlimit + (1 if is_cand else 0):
                    # Repeats among the first kdone answers are repeats in S: a bound only (>=
                    # beta), with at most n - repeats groups.
                    nl = kdone - np.int64(dup[gc])
                    j = kdone
                else:
                    one = True
            else:
                a = g2a[g]
                is_cand = a >= 0 and inS[a]
                cands[i] = is_cand
            if one:
                # The guess matters here only with 3n - nl - [candidate] < beta; stop counting
                # once the answers left cannot bring nl there (its bound is then at least beta).
                need = 3 * n - (1 if is_cand else 0) - beta + 1
                nl, j = _count_until(dT, S, g, stamp, tag0 + i, need)
                # (After a row scan stopped early, a guess counted alone is charged what it
                # costs, ROWS_EARLY_F look-ups an answer: its column is read across the rows.)
                scanned += j * ROWS_EARLY_F if vec else j
            qscan = max(qscan, nl + n - j)  # the answers not read could each open a group
            if j < n:  # a bound only (its exact count was not finished): never the shortcut
                lbs[i] = beta
                useful[i] = True
                early[i] = True
                if beta < minlb:
                    minlb = beta
                continue
            if nl == n and not is_cand:
                splitter = g
                break
            total = 3 * n - nl - (1 if is_cand else 0)
            lbs[i] = total
            useful[i] = nl > 1 or is_cand
            if useful[i] and total < minlb:
                minlb = total
        ctl[CTL_WORK] += scanned
        if splitter < 0 and fused and minlb < beta:
            # (The tries hold every useful guess under beta, in pool order.)
            for r in range(f_nr):
                if f_replb[r] == minlb and _largest_group(dT, f_reps[r], S, lab, cnt) <= 2:
                    ub = minlb
                    ubg = f_reps[r]
                    break
        elif splitter < 0 and fused:
            for i in range(npool):
                if lbs[i] == minlb and _largest_group(dT, pool[i], S, lab, cnt) <= 2:
                    ub = minlb
                    ubg = pool[i]
                    break
        elif splitter < 0:
            # The exact shortcut needs a least-bound guess whose groups are all of one or two.
            for i in range(npool):
                if (
                    useful[i]
                    and not early[i]
                    and lbs[i] == minlb
                    and _largest_group(dT, pool[i], S, lab, cnt) <= 2
                ):
                    ub = minlb
                    ubg = pool[i]
                    break
    else:
        for i in range(npool):
            g = pool[i]
            a = g2a[g]
            is_cand = a >= 0 and inS[a]
            cands[i] = is_cand
            h1 = _SEED1
            nl = 0
            for j in range(n):
                p = dT[S[j], g]
                L = lab[p]
                if L < 0:
                    L = nl
                    lab[p] = L
                    touched[nl] = p
                    cnt[nl] = 0
                    nl += 1
                cnt[L] += 1
                if dedupe_all:
                    # A linear hash of the canonical labels (equal hashes are checked exactly below).
                    h1 += np.uint64(L + 1) * rnd0[j]
            total = np.int64(n)
            small = True
            for t in range(nl):
                p = touched[t]
                lab[p] = -1
                c = cnt[t]
                if p != win:
                    total += lbrow[c]
                    if c > 2:
                        small = False
            qscan = max(qscan, np.int64(nl))
            if nl == n and not is_cand:
                splitter = g
                break
            total = min(INF, total)
            h1s[i] = h1
            lbs[i] = total
            useful[i] = nl > 1 or is_cand
            if useful[i]:
                if total < minlb:
                    minlb = total
                if small and total < ub:
                    ub = total
                    ubg = g
    for j in range(n):
        inS[S[j]] = False
    return Scan(
        np.int64(splitter),
        np.int64(ub),
        np.int64(ubg),
        np.int64(minlb),
        np.int64(qscan),
        np.int64(skiplb),
        lbs,
        cands,
        useful,
        h1s,
        np.int64(f_nr),
        f_reps,
        f_replb,
        f_key,
        fused,
    )


@njit(cache=True, nogil=True)
def _classes(S, d, beta, pool, dedupe_all, lazy, sc, st):
    """Step 4 of ``solve``: (the children's pool, the guesses to try at S, their bounds, their
    sort keys, the least bound of the useful guesses left out of the tries)."""
    hard, width, tabs, memo, scratch, ctl, split, part = st
    data, g2a, a2g, lbtab, gletters, gcounts, pow3, rnd, dT, nb_order, nb_lo, nb_hi, loss = tabs
    lab, lab2, seen, cnt, inS, stamp = scratch
    npool = pool.shape[0]
    rnd0 = rnd[0]
    fused = sc.fused
    useful = sc.useful
    lbs = sc.lbs
    cands = sc.cands
    h1s = sc.h1s
    skiplb = sc.skiplb
    # 4. Guesses that split S the same way are interchangeable on S and on every subset of S,
    # so one representative per grouping is enough; a candidate beats a non-candidate with the
    # same grouping (it wins its own group). Candidates that group S alike are worth the same
    # here (each wins a group of one) but not on subsets, so all stay in the children's pool.
    # Hard mode keeps them all: the rule that follows a guess depends on its letters.
    #
    # Where the children's pool keeps every useful guess (not ``dedupe_all``) and one thread
    # searches the node, the classes are formed lazily (step 5): every guess that may be tried
    # goes into the order, and each is classed only when the search reaches it, skipped when it
    # groups S like one reached before it. The order puts a class's lowest-index candidate (its
    # bound is one less) or else its lowest-index member first, which is the member the classes
    # formed up front would try, and the members reached later are the ones those classes left
    # out: the same guesses are tried in the same order, for the few a node usually tries
    # instead of a grouping hash for every guess under beta.
    keep = np.zeros(0 if fused else npool, dtype=np.bool_)  # in the children's pool
    rep = np.zeros(0 if fused else npool, dtype=np.bool_)  # tried at this node
    if fused:
        pass  # the lists were written in step 3
    elif hard:
        for i in range(npool):
            keep[i] = useful[i]
            rep[i] = useful[i]
    elif lazy:
        for i in range(npool):
            keep[i] = useful[i]
            if useful[i]:
                if lbs[i] < beta:
                    rep[i] = True
                elif lbs[i] < skiplb:
                    skiplb = lbs[i]
    else:
        if not dedupe_all:
            # Every useful guess goes to the children; only those that may be tried here (bound
            # below beta) are grouped into classes. The others are never tried, so the least of
            # their bounds is part of what a cut of every tried guess proves (``skiplb``).
            for i in range(npool):
                keep[i] = useful[i]
                if useful[i]:
                    if lbs[i] < beta:
                        h1s[i] = _grouping_hash(dT, pool[i], S, lab, rnd0)
                    elif lbs[i] < skiplb:
                        skiplb = lbs[i]
        size = 1
        while size < 2 * npool:
            size *= 2
        mask = np.int64(size - 1)
        tab = np.full(size, -1, dtype=np.int64)  # index of the class's first member
        clas = np.empty(npool, dtype=np.int64)  # the member tried for each class
        for i in range(npool):  # pool order: the lowest index of a class comes first
            if not useful[i] or (not dedupe_all and lbs[i] >= beta):
                continue
            s = np.int64(h1s[i] >> np.uint64(1)) & mask
            while True:
                f = tab[s]
                if f < 0:
                    tab[s] = i
                    clas[i] = i
                    keep[i] = True
                    rep[i] = True
                    break
                if h1s[f] == h1s[i] and _same_grouping(dT, pool[f], pool[i], S, lab, lab2):
                    r = clas[f]
                    if cands[i]:
                        keep[i] = True
                        if not cands[r]:  # a candidate replaces the class's non-candidate
                            if dedupe_all:
                                keep[r] = False
                            rep[r] = False
                            rep[i] = True
                            clas[f] = i
                    elif not dedupe_all:
                        keep[i] = True
                    break
                s = (s + 1) & mask
    # 4b. Letters that no answer of S holds show grey wherever a guess puts them, on S and on
    # every subset of S; and a grey letter adds nothing to the hard-mode rule (only greens and
    # revealed letters bind). So guesses that agree on every letter some answer of S holds, at
    # every position, group S and each of its subsets alike, are allowed or refused alike by any
    # rule reached below (a rule binds only letters every answer below holds), and leave the
    # same rule after every pattern: one of each such class stands for all, here and in the
    # children's pool. Hard mode only: in normal mode the grouping classes above, formed where the
    # children's pool matters, are coarser, and elsewhere the hashing costs more than it saves.
    # (Not in ultrahard mode, whose rule binds grey letters too: its Solver sets OFF_LIVE.)
    if hard and (ctl[CTL_OFF] & OFF_LIVE) == 0:
        _live_classes(pool, keep, rep, S, a2g, gletters, gcounts.shape[1], ctl)
    if fused:
        nrep = sc.nr
        nkeep = npool
        child_pool = pool
        reps = sc.reps[:nrep]
        replb = sc.replb[:nrep]
        sortkey = sc.key[:nrep]
    else:
        nrep = 0
        nkeep = 0
        for i in range(npool):
            if rep[i]:
                nrep += 1
            if keep[i]:
                nkeep += 1
        child_pool = np.empty(nkeep, dtype=np.int64)
        reps = np.empty(nrep, dtype=np.int64)
        replb = np.empty(nrep, dtype=np.int64)
        sortkey = np.empty(nrep, dtype=np.int64)
        t = 0
        u = 0
        for i in range(npool):
            if keep[i]:
                child_pool[u] = pool[i]
                u += 1
            if rep[i]:
                reps[t] = pool[i]
                replb[t] = lbs[i]
                # Bound first, then candidates first, then pool order (the sort is stable).
                sortkey[t] = (min(lbs[i], np.int64(1 << 40)) << 1) | (0 if cands[i] else 1)
                t += 1
        if d <= 4 and not hard and not dedupe_all:
            # The children's pool is this pool as it is, as in step 3's fused loops. The useless
            # guesses kept in it (one group on S, not candidates) leave one group on every subset
            # of S, where no candidate is new: every node below drops them again, so they change
            # no bound, no try and no order there, only the length of the pool it reads. (Not in
            # hard mode, where the legal guesses are filtered anew, nor where the pool is
            # deduplicated: there keeping one guess per grouping is what shrinks it.)
            child_pool = pool
    return child_pool, reps, replb, sortkey, skiplb


@_borrowing
def _stored(memo, ctl, k1, k2, value, exact, g, n) -> int:
    """Records the node's value (exact, with its best guess; or a lower bound) and returns it."""
    memo_put(memo, k1, k2, value, exact, g, n)
    ctl[CTL_STORES] += 1
    return value


@njit(cache=True, nogil=True)
def _closed_forms(S, d, dT, a2g, seen, memo, ctl, k1, k2) -> int:
    """Step 1 of ``solve``: a candidate that tells all the others apart reaches the absolute
    bound 2n - 1; with a guess to spare, one that leaves a single pair reaches 2n, which no other
    guess beats. (With losses too: an answer costs at least the guesses that reach it, a lost one
    more.) Returns that value, stored, or 0 when no candidate does either."""
    n = S.shape[0]
    pair_cand = _NO_GUESS
    for j in range(n):
        g = a2g[S[j]]
        c = _collisions(dT, g, S, seen, np.int64(1))
        if c == 0:
            return _stored(memo, ctl, k1, k2, np.int64(2 * n - 1), _YES, g, n)
        if c == 1 and pair_cand < 0 and d >= 3:
            pair_cand = g
    if pair_cand >= 0:
        return _stored(memo, ctl, k1, k2, np.int64(2 * n), _YES, pair_cand, n)
    return np.int64(0)


@njit(cache=True, nogil=True)
def _splitters_only(S, d, beta, lbn, pool, st, view, k1, k2) -> int:
    """Step 2 of ``solve``, where only 2n could answer (two guesses left, or beta <= 2n + 1).

    No candidate reached 2n (step 1), so 2n is reached only by a guess that splits S into
    singletons, and every other guess costs 2n + 1 or more (INF with two guesses left): such a
    guess is looked for alone, stopping at the first collision of each."""
    hard, width, tabs, memo, scratch, ctl, split, part = st
    data, g2a, a2g, lbtab, gletters, gcounts, pow3, rnd, dT, nb_order, nb_lo, nb_hi, loss = tabs
    lab, lab2, seen, cnt, inS, stamp = scratch
    M, arow, gcol = view
    n = S.shape[0]
    npool = pool.shape[0]
    # Along whole rows where comparing every pair of answers' rows costs less than about three
    # look-ups a guess (a small set); the first guess of the pool with no collision is the one
    # the guess-by-guess search finds.
    n_all = M.shape[1]
    row_cost = (n * (n - 1) // 2) * n_all // VEC_CELLS
    if row_cost < 3 * npool:
        ctl[CTL_WORK] += row_cost + npool // VEC_CELLS
        collided = _collided(M, _rows_of(arow, S))
        for i in range(npool):
            g = pool[i]
            if collided[gcol[g]] == 0:
                return _stored(memo, ctl, k1, k2, np.int64(2 * n), _YES, g, n)
    else:
        ctl[CTL_WORK] += npool  # a look-up or two each (each stops at its first collision)
        # (A few pairs of rows compared first rule out most guesses at once: the same guess is
        # found, in a fraction of the time; the work charged is the count's.)
        pre = _pair_collided(dT, S, PRE_PAIRS)
        for i in range(npool):
            g = pool[i]
            if pre[g] == 0 and _collisions(dT, g, S, seen, np.int64(0)) == 0:
                return _stored(memo, ctl, k1, k2, np.int64(2 * n), _YES, g, n)
    if d == 2 and loss == 0:
        return _stored(memo, ctl, k1, k2, INF, _YES, _NO_GUESS, n)
    if d == 2 and beta > 2 * n + 1:
        v, g = _two_left(dT, S, pool, g2a, inS, stamp, ctl, loss)
        return _stored(memo, ctl, k1, k2, v, _YES, g, n)
    # Every guess but a splitter costs 2n + 1 or more (with losses too: an answer lost costs
    # more than one solved).
    lbn = max(lbn, np.int64(2 * n + 1))
    if width == 0:
        return _stored(memo, ctl, k1, k2, lbn, _NO, _NO_GUESS, n)
    return lbn


@njit(cache=True, nogil=True)
def _partition(dT, S, g, lab, cnt, touched, codes, grouped):
    """S partitioned by guess g into ``grouped`` (labels by first occurrence, stable, so each
    group stays sorted): (each group's pattern, where each group starts and, last, len(S))."""
    n = S.shape[0]
    nl = np.int64(0)
    for j in range(n):
        p = dT[S[j], g]
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
    for j in range(n):
        L = codes[j]
        grouped[fill[L]] = S[j]
        fill[L] += 1
    return pats, starts


@njit(cache=True, nogil=True)
def _group_bounds(pats, starts, win, d, lbtab, qn, loss, ctl):
    """(each group's bound, which groups are open, n + the sum of the bounds) for a guess's
    groups with d - 1 guesses left below: groups of one or two are settled, the others (open)
    start at their counting bound."""
    nl = pats.shape[0]
    gl = np.empty(nl, dtype=np.int64)
    open_ = np.zeros(nl, dtype=np.bool_)
    lbsum = starts[nl]
    for L in range(nl):
        m = starts[L + 1] - starts[L]
        if pats[L] == win:
            gl[L] = 0
        elif m == 1:
            gl[L] = 1
        elif m == 2:
            gl[L] = 3 if d >= 3 else INF
        else:
            gl[L] = lbtab[d - 1, m]
            lq = lower_bound_q(m, d - 1, qn, loss)
            if lq > gl[L]:
                gl[L] = lq
                ctl[CTL_QB] += 1
            open_[L] = True
        lbsum = min(INF, lbsum + gl[L])
    return gl, open_, lbsum


@njit(cache=True, nogil=True)
def _known_groups(g, pats, starts, grouped, gl, open_, lbsum, thr, d, rule, qn, st):
    """The open groups of guess g raised, without a search, to the memo's figure or a closed
    form (closed when it is exact), until the sum reaches ``thr``: (the sum, whether it reached
    ``thr``, the groups still open)."""
    hard, tabs, memo, seen = st.hard, st.tabs, st.memo, st.scratch.seen
    a2g, gletters, dT, loss = tabs.a2g, tabs.gletters, tabs.dT, tabs.loss
    nopen = 0
    for L in range(pats.shape[0]):
        if not open_[L]:
            continue
        sub = grouped[starts[L] : starts[L + 1]]
        # What the memo knows of this group: an exact value or a lower bound.
        if hard:
            rr1, rr2 = _objective_key(
                next_rule(rule, g, pats[L], gletters, tabs.gcounts), hard, loss
            )
        else:
            rr1, rr2 = _objective_key(rule, hard, loss)
        kk1, kk2 = _node_key(sub, min(d - 1, sub.shape[0]), rr1, rr2)
        sl = memo_get(memo, kk1, kk2)
        if sl >= 0:
            mv = memo[2][sl]
            if memo[3][sl] == 1:
                lbsum = min(INF, lbsum + mv - gl[L])
                gl[L] = mv
                open_[L] = False
                if lbsum >= thr:
                    return lbsum, True, nopen
                continue
            if mv > gl[L]:
                lbsum = min(INF, lbsum + mv - gl[L])
                gl[L] = mv
                if lbsum >= thr:
                    return lbsum, True, nopen
        cf = _closed_form(dT, a2g, sub, d - 1, seen)
        if cf > 0:
            lbsum += cf - gl[L]
            gl[L] = cf
            open_[L] = False
        else:
            nb = max(-cf, lower_bound_q(sub.shape[0], d - 1, qn, loss))
            if nb > gl[L]:
                lbsum += nb - gl[L]
                gl[L] = nb
            nopen += 1
        if lbsum >= thr:
            return lbsum, True, nopen
    return lbsum, False, nopen


@njit(cache=True, nogil=True)
def solve(S, d, beta, pool, rule, qmax, view, st):
    """Fewest total guesses to solve every answer in S with at most d guesses (the next included).

    Returns the exact value when it is below ``beta``; otherwise a proven lower bound >= beta.
    With losses (W = ``st.tabs.loss`` > 0), the least L * W + G (see the module's docstring).
    ``qmax`` is a proven bound on the number of groups any guess playable below splits S into
    (pass the number of patterns when nothing is known); see ``lower_bound_q``.
    ``view`` is what the row scans read (``View``; the whole matrix at the root). ``st`` is the
    search (``Search``): its ``width`` 0 searches exhaustively; 1 plays the first guess in the
    search order that works (a greedy tree, an upper bound). Exact values and their best guess go
    to its ``memo``.

    ``st.split`` shares the guesses of the set it was set up for (its size at SPLIT_N; the search
    below it has fewer answers) among split[SPLIT_PARTS] threads, this one taking ``st.part``: at
    that node the thread tries only the guesses whose place in the search order is ``part``
    modulo the parts, and reports its result in ``split`` instead of the memo (see
    ``SPLIT_RESULTS``); the node's value is the least of the parts'. Each part publishes the best
    (value, place) it reached, and the others cut against it: a guess earlier in the order than
    the published one must reach its value plus one to be cut, so the guess found is the one the
    search finds alone (the first in the order that reaches the least value), whatever the
    timing. A value published is one a guess reaches, so cutting against it is sound even when a
    thread reads it late.
    """
    hard, width, tabs, memo, scratch, ctl, split, part = st
    data, g2a, a2g, lbtab, gletters, gcounts, pow3, rnd, dT, nb_order, nb_lo, nb_hi, loss = tabs
    lab, lab2, seen, cnt, inS, stamp = scratch
    M, arow, gcol = view
    n = S.shape[0]
    if ctl[CTL_STOP] != 0:
        return INF
    splitting = split[SPLIT_PARTS] > 1 and n == split[SPLIT_N]
    ctl[CTL_NODES] += 1
    if n > 2 and _spend(ctl, n):
        return INF
    if n == 1:
        if d >= 1:
            return np.int64(1)
        return loss + 1 if loss > 0 else INF
    # A useful guess always splits, so no line needs more than n guesses. With losses too: with
    # n guesses left, candidates played one by one (each allowed, each removing itself) lose
    # nothing, so the least value loses nothing there and is the same for any d >= n.
    d = min(d, n)
    if n == 2:
        return np.int64(3) if d >= 2 else _few_left(n, d, loss)
    if d <= 1:
        return _few_left(n, d, loss)
    # (With losses, lbtab counts the answers that do not fit as lost: ``lower_bound_table``.)
    lbn = lbtab[d, n]
    # The counting bound with at most qmax groups per guess (qmax bounds every guess on S, and so
    # on every subset of S: a subset shows a subset of the patterns).
    if (ctl[CTL_OFF] & OFF_QBOUND) == 0:
        lq = lower_bound_q(n, d, qmax, loss)
        if lq > lbn:
            lbn = lq
            ctl[CTL_QB] += 1
    if lbn >= beta:
        return lbn
    r1, r2 = _objective_key(rule, hard, loss)
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

    # 1. Closed forms: a candidate that tells all the others apart, or leaves a single pair.
    v = _closed_forms(S, d, dT, a2g, seen, memo, ctl, k1, k2)
    if v > 0:
        return v
    if lbn < 2 * n:
        lbn = np.int64(2 * n)
    if lbn >= beta:
        return lbn

    # The pool for this node: hard mode keeps the legal guesses.
    if hard:
        # The rule checked for every guess of the pool: about 8 look-ups' time each (its letters
        # and counts).
        ctl[CTL_WORK] += 8 * pool.shape[0]
        pool = legal_pool(pool, rule, gletters, gcounts)

    # 2. Now 2n is reached only by a guess that splits S into singletons (``_splitters_only``).
    if d == 2 or beta <= 2 * n + 1:
        return _splitters_only(S, d, beta, lbn, pool, st, view, k1, k2)

    # 3a. Normal mode: the guesses another guess of the pool dominates on S (one that tells apart
    # every pair of answers they do, here and on every subset: ``_undominated``) are dropped,
    # here and for the children, where the sets are large enough for it to pay.
    if (
        not hard
        and (ctl[CTL_OFF] & OFF_DOMINANCE) == 0
        and ((n >= DOM_MIN_N and d >= DOM_MIN_D) or (ctl[CTL_OFF] & ALWAYS_DOMINANCE) != 0)
    ):
        pool = _undominated(pool, S, a2g, gletters, gcounts, nb_order, nb_lo, nb_hi, ctl)

    # Grouping hashes for every guess only where the children's pool matters (an opener's groups,
    # with five guesses left or more) or where counting patterns alone would not bound a guess
    # (n > P + 1, see ``fast``); elsewhere only the guesses the search reaches are classed (step 4).
    dedupe_all = not hard and (d >= 5 or n > n_pat - 1)
    sc = _scan(S, d, beta, pool, splitting, dedupe_all, st, view)
    # Every guess playable below S is in the pool or splits S (and so every subset) like one of
    # it (the pool is this node's parent's useful guesses, one per grouping, or in hard mode the
    # legal ones; a guess dropped as useless leaves one group): qn bounds them all.
    qn = min(qmax, sc.qscan)
    if (ctl[CTL_OFF] & OFF_QBOUND) != 0:
        qn = np.int64(n_pat)
    if sc.splitter >= 0:
        return _stored(memo, ctl, k1, k2, np.int64(2 * n), _YES, sc.splitter, n)
    if sc.minlb > lbn:
        lbn = sc.minlb
    if sc.ub < INF and sc.ub <= lbn:  # reached and proven least
        return _stored(memo, ctl, k1, k2, sc.ub, _YES, sc.ubg, n)
    if lbn >= beta:
        return _stored(memo, ctl, k1, k2, lbn, _NO, _NO_GUESS, n) if width == 0 else lbn

    # 4. One guess per class of guesses that are interchangeable on S (``_classes``); where the
    # children's pool keeps every useful guess and one thread searches the node, the classes are
    # formed lazily as step 5 reaches each guess.
    lazy = not hard and not dedupe_all and not splitting
    child_pool, reps, replb, sortkey, skiplb = _classes(S, d, beta, pool, dedupe_all, lazy, sc, st)
    nrep = reps.shape[0]
    nkeep = child_pool.shape[0]
    korder = _stable_order(sortkey)
    # The children's view: their pool's columns only, copied for S's rows, where the row scans
    # below will read them many times (see ``_view_of``).
    child_view = view
    if d - 1 >= VIEW_MIN_D and nkeep * VIEW_KEEP_DEN <= M.shape[1] * VIEW_KEEP_NUM:
        child_view = _view_of(dT, S, child_pool)
        ctl[CTL_VIEWS] += 1
        ctl[CTL_WORK] += n * nkeep // 4  # (a copied cell: about a quarter of a look-up)
    # The classes reached so far (lazy nodes): an open-addressing table of places in ``reps``.
    lsize = 1
    if lazy:
        while lsize < 2 * nrep:
            lsize *= 2
    ltab = np.full(lsize, -1, dtype=np.int64)
    lh = np.zeros(nrep if lazy else 0, dtype=np.uint64)

    # 5. Try guesses in that order, skipping each whose bound cannot beat the best so far, and
    # cutting each as soon as the groups solved plus the bounds of the rest reach the best.
    best = beta
    bestg = np.int64(-1)
    bestoi = np.int64(-1)
    if sc.ub < best:
        best = sc.ub
        bestg = sc.ubg
    rnd0 = rnd[0]
    touched = np.empty(n, dtype=np.int64)
    nparts = split[SPLIT_PARTS]
    obits = np.int64(SPLIT_ORDER_BITS)
    omask = (np.int64(1) << obits) - 1
    cutlb = INF  # least proven bound of the guesses cut
    codes = np.empty(n, dtype=np.int64)
    grouped = np.empty(n, dtype=np.int64)
    tried = 0
    for oi in range(nrep):
        r = korder[oi]
        g = reps[r]
        glb = replb[r]
        thr = best  # what this guess must stay under to matter
        if splitting:
            if oi % nparts != part:
                continue
            key = split[SPLIT_KEY]
            if key < (INF << obits):  # some part has reached a value
                sv = key >> obits
                soi = (key & omask) - 1
                t2 = sv + 1 if oi < soi else sv
                if t2 < thr:
                    thr = t2
        if glb >= thr:
            if lazy:
                # Every guess from here on has a bound >= thr (the order is by bound and thr
                # only falls): what the classes formed up front would add to cutlb is the bound
                # of the first guess from here that starts a class of its own.
                for oj in range(oi, nrep):
                    rj = korder[oj]
                    if _new_class(dT, reps, rj, S, lab, lab2, rnd0, ltab, lh):
                        cutlb = min(cutlb, replb[rj])
                        break
                break
            cutlb = min(cutlb, glb)
            continue
        if lazy and not _new_class(dT, reps, r, S, lab, lab2, rnd0, ltab, lh):
            continue
        if ctl[CTL_STOP] != 0 or _spend(ctl, 4 * n):  # the partition, memo probes and closed forms
            return INF
        ctl[CTL_EVALS] += 1
        pats, starts = _partition(dT, S, g, lab, cnt, touched, codes, grouped)
        nl = pats.shape[0]
        gl, open_, lbsum = _group_bounds(pats, starts, win, d, lbtab, qn, loss, ctl)
        cut = lbsum >= thr
        nopen = 0
        if not cut:
            lbsum, cut, nopen = _known_groups(
                g, pats, starts, grouped, gl, open_, lbsum, thr, d, rule, qn, st
            )
        if not cut and nopen > 0:
            # Smallest groups first: they are cheap, and a guess that fails usually fails on
            # many groups by a little rather than on one by a lot.
            order = np.empty(nopen, dtype=np.int64)
            q = 0
            for L in range(nl):
                if open_[L]:
                    order[q] = L
                    q += 1
            osz = np.empty(nopen, dtype=np.int64)
            for q in range(nopen):
                osz[q] = starts[order[q] + 1] - starts[order[q]]
            oo = np.argsort(osz, kind="mergesort")
            for q in range(nopen):
                L = order[oo[q]]
                sub = grouped[starts[L] : starts[L + 1]].copy()
                rest = lbsum - gl[L]
                if hard:
                    crule = next_rule(rule, g, pats[L], gletters, gcounts)
                else:
                    crule = rule
                nodes0 = ctl[CTL_NODES]
                v = solve(sub, d - 1, thr - rest, child_pool, crule, qn, child_view, st)
                lbsum = min(INF, rest + v)
                gl[L] = max(gl[L], v)
                if lbsum >= thr:
                    cut = True
                    # (Only after a sub-search that cost a few nodes: storing costs more than it
                    # saves after cheap ones. Speed only: any subset of the bounds is sound.)
                    if (
                        width == 0
                        and ctl[CTL_STOP] == 0
                        and (ctl[CTL_OFF] & OFF_SUPERSETS) == 0
                        and (
                            ctl[CTL_NODES] - nodes0 >= SUPER_MIN_NODES
                            or (ctl[CTL_OFF] & ALWAYS_SUPERSETS) != 0
                        )
                    ):
                        cr1, cr2 = _objective_key(crule, hard, loss)
                        _store_supersets(
                            L,
                            nl,
                            pats,
                            starts,
                            grouped,
                            gl,
                            d - 1,
                            pow3.shape[0] - 1,
                            lbtab,
                            memo,
                            ctl,
                            not hard,
                            cr1,
                            cr2,
                        )
                    break
        if ctl[CTL_STOP] != 0:
            return INF
        tried += 1
        if cut:
            cutlb = min(cutlb, lbsum)
        else:
            best = lbsum
            bestg = g
            bestoi = oi
            if splitting:
                key = (best << obits) | (oi + 1)
                if key < split[SPLIT_KEY]:  # (a race may leave a larger key: only less pruning)
                    split[SPLIT_KEY] = key
            if width > 0 and tried >= width:
                break
    if splitting:
        # This part's result; the driver takes the least over the parts (never the memo: the
        # value here is the least over this part's guesses only).
        base = SPLIT_RESULTS + 3 * part
        split[base] = bestg
        split[base + 1] = best
        split[base + 2] = bestoi
    if bestg >= 0:
        return best if splitting else _stored(memo, ctl, k1, k2, best, _YES, bestg, n)
    # No guess got under beta: the node's value is at least the least bound of all its guesses,
    # those tried and cut (cutlb) and those left out for a bound at or above beta (skiplb). Both
    # are >= beta here (with no guess found, thr was beta throughout). Without skiplb the bound
    # stored could exceed the value (a guess left out at exactly beta reaches beta), and a later
    # visit with a larger beta would take it for proof.
    lower = max(max(min(cutlb, skiplb), beta), lbn)
    if width == 0 and not splitting:
        return _stored(memo, ctl, k1, k2, lower, _NO, _NO_GUESS, n)
    return lower


def new_split(parts: int, n: int) -> np.ndarray:
    """A ``split`` array for sharing a set of n answers among ``parts`` threads (1: none)."""
    split = np.full(SPLIT_RESULTS + 3 * max(1, parts), -1, dtype=np.int64)
    split[SPLIT_PARTS] = parts
    split[SPLIT_N] = n
    split[SPLIT_KEY] = INF << np.int64(SPLIT_ORDER_BITS)
    return split


@njit(cache=True, nogil=True)
def _key_of(S, d, rule, hard, loss) -> tuple[np.uint64, np.uint64]:
    """The memo key of the node (S, d guesses left, the hard-mode rule, the objective), d capped
    at |S| as in solve."""
    r1, r2 = _objective_key(rule, hard, loss)
    return _node_key(S, min(d, S.shape[0]), r1, r2)


@njit(cache=True, nogil=True)
def memo_store(S, d, rule, hard, loss, memo, value, g) -> None:
    """Record S's exact value and best guess (a split search's result, found outside the memo)."""
    k1, k2 = _key_of(S, d, rule, hard, loss)
    memo_put(memo, k1, k2, value, _YES, g, S.shape[0])


@njit(cache=True, nogil=True)
def memo_best(S, d, rule, hard, loss, memo) -> int:
    """The best guess recorded for an exactly solved node, or -1."""
    k1, k2 = _key_of(S, d, rule, hard, loss)
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


@njit(cache=True, nogil=True)
def node_bound(S, d, pool, tabs, stamp, ctl) -> int:
    """A lower bound of f(S, d) from one pass over the pool: the least per-guess bound.

    Every guess costs at least n + sum over its non-winning groups of lb(group, d - 1) (the
    counting bound of each group), so the least of these over the guesses bounds f(S, d); the
    counting bound of S and the closed forms' 2n - 1 are below it. Groups larger than P + 1 (only
    at the root of big lists) use the table; smaller ones the count of distinct patterns.
    """
    data, g2a, a2g, lbtab, gletters, gcounts, pow3, rnd, dT, nb_order, nb_lo, nb_hi, loss = tabs
    n = S.shape[0]
    if n <= 1:
        if d >= 1:
            return np.int64(n)
        return n * (loss + 1) if loss > 0 else INF
    d = min(d, n)
    if d <= 1:
        return _few_left(n, d, loss)
    best = INF
    n_pat = stamp.shape[0]
    win = n_pat - 1
    if d >= 3 and n <= n_pat - 1:
        tag0 = ctl[CTL_STAMP]
        ctl[CTL_STAMP] += pool.shape[0]
        inS = np.zeros(dT.shape[0], dtype=np.bool_)
        for j in range(n):
            inS[S[j]] = True
        for i in range(pool.shape[0]):
            g = pool[i]
            a = g2a[g]
            is_cand = a >= 0 and inS[a]
            tag = tag0 + i
            nl = 0
            for j in range(n):
                p = dT[S[j], g]
                nl += stamp[p] != tag
                stamp[p] = tag
            v = 3 * n - nl - (1 if is_cand else 0)
            if v < best:
                best = v
        return best
    counts = np.zeros(n_pat, dtype=np.int64)
    lbrow = lbtab[d - 1]
    for i in range(pool.shape[0]):
        g = pool[i]
        for j in range(n):
            counts[dT[S[j], g]] += 1
        total = np.int64(n)
        for j in range(n):
            p = dT[S[j], g]
            c = counts[p]
            if c > 0:
                if p != win:
                    total = min(INF, total + lbrow[c])
                counts[p] = 0
        if total < best:
            best = total
    return best


@njit(cache=True, nogil=True)
def legal_pool(pool, rule, gletters, gcounts) -> np.ndarray:
    """The guesses of the pool that the hard-mode rule allows (``_legal`` for each, written out
    here so that no call per guess passes its arrays' reference counts to and fro)."""
    k = gletters.shape[1]
    nc = gcounts.shape[1]
    ultra = rule.shape[0] > k + nc
    base = k + nc
    top = base + k * nc
    # Only the constraints the rule sets are checked.
    fixed = np.empty(k, dtype=np.int64)
    nf = 0
    for i in range(k):
        if rule[i] >= 0:
            fixed[nf] = i
            nf += 1
    need = np.empty(nc, dtype=np.int64)
    nn = 0
    for c in range(nc):
        if rule[k + c] > 0:
            need[nn] = c
            nn += 1
    cap = np.empty(nc, dtype=np.int64)
    ncap = 0
    if ultra:
        for c in range(nc):
            if rule[top + c] >= 0:
                cap[ncap] = c
                ncap += 1
    keep = np.empty(pool.shape[0], dtype=np.int64)
    nk = 0
    for t in range(pool.shape[0]):
        g = pool[t]
        ok = True
        for q in range(nf):
            i = fixed[q]
            if gletters[g, i] != rule[i]:
                ok = False
                break
        if ok:
            for q in range(nn):
                c = need[q]
                if gcounts[g, c] < rule[k + c]:
                    ok = False
                    break
        if ok and ultra:
            for i in range(k):
                if rule[base + i * nc + gletters[g, i]] != 0:
                    ok = False
                    break
            if ok:
                for q in range(ncap):
                    c = cap[q]
                    if gcounts[g, c] > rule[top + c]:
                        ok = False
                        break
        if ok:
            keep[nk] = g
            nk += 1
    return keep[:nk].copy()


stamp_caches(__name__)  # each kernel's cache stale when a source it depends on changes
