"""numba kernel that plays every answer from one opener with a partition-scored strategy.

The partition strategies (entropy, splits, expected size, minimax) decide a position from the
feedback counts of each guess over the candidates alone, so the whole game tree can be played
here without a Python step per position. Each decision repeats the Python path exactly
(``Strategy.rank`` in strategies/base.py): the last candidate is played when it may be; the pool
is every legal guess (or the legal candidates, from a given turn on); the statistics use the
same arithmetic as ``Strategy.stats`` for the same candidate-set size (the transposed-matrix
kernel's formula up to ``small`` candidates, ``partition_stats``'s above), scores are rounded to
9 decimals, and ties go to a possible answer, then to the alphabetically first word.

Two shortcuts change no decision. When a legal candidate splits the candidates into groups of
one (the best any guess can do under all four scores, and a possible answer wins that tie), the
best such candidate is the choice, found from the candidates' own rows without scanning the pool.
For entropy, a guess is scored only if an upper bound of its entropy reaches the best
candidate's: the feedback is the tuple of the colours of each letter's tiles, and the colours of
letter L's tiles depend only on where the candidate has L among those positions and how many L it
has, so the entropy is at most the sum over the guess's letters of the entropy of that key
(subadditivity). A guess below the best candidate by more than 1e-6 bits cannot win.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .stamps import stamp_caches

# Score kinds (the strategy's ``TreePlan.score``).
ENTROPY, SPLITS, EXPECTED, MINIMAX = 0, 1, 2, 3
# Return codes.
OK, TOO_LONG, NO_GUESS = 0, 1, 2

# Guesses scored per block of the transposed matrix, and the largest candidate set read that way
# (larger sets cover most of each matrix row: reading rows is as fast, with no copy).
BLOCK = 64
TRANSPOSED_UP_TO = 300
# Candidate sets from this size on are scored only where the entropy bound allows.
PRUNE_FROM = 8
PRUNE_MARGIN = 1e-6


@njit(cache=True, nogil=True)
def _round9(x: float) -> float:
    # np.round(x, 9) for float64 (numpy multiplies by 10**9, rounds half to even, divides).
    return np.rint(x * 1e9) / 1e9


@njit(cache=True, nogil=True, inline="always")
def _finish(hist, seen, distinct, plogp, out, r):  # type: ignore[no-untyped-def]
    """One row's statistics from its pattern histogram (entropy, groups, sum of squares, largest),
    clearing the histogram for the next row."""
    ent = 0.0
    sq = 0
    big = 0
    for t in range(distinct):
        m = hist[seen[t]]
        hist[seen[t]] = 0
        ent -= plogp[m]
        sq += m * m
        big = max(big, m)
    out[r, 0] = ent
    out[r, 1] = distinct
    out[r, 2] = sq
    out[r, 3] = big


@njit(cache=True, nogil=True)
def _stats(data, data_t, rows, n_rows, cols, n, small, xlogx, plogp, hist, seen, buf, out):  # type: ignore[no-untyped-def]
    """``out[:n_rows]``: entropy, distinct patterns, sum of squares, largest group of each of ``rows``.

    Up to ``small`` candidates: the arithmetic of kernels.columns._block (``xlogx[c] = c log2 c``
    summed as the counts grow); above: that of kernels.partition.partition_stats (``plogp[m]`` is
    its ``(m / n) * log2(m / n)``, subtracted in the order the patterns first appear).
    """
    log2n = np.log2(n)
    if n > small:
        for m in range(1, n + 1):
            plogp[m] = (m / n) * np.log2(m / n)
    if small > 0 and n <= buf.shape[0]:
        # Few candidates: read each one's feedback for a block of guesses as one contiguous run
        # of the transposed matrix, then score the block's guesses one by one.
        width = buf.shape[1]
        for lo in range(0, n_rows, width):
            w = min(n_rows, lo + width) - lo
            for j in range(n):
                col = data_t[cols[j]]
                for b in range(w):
                    buf[j, b] = col[rows[lo + b]]
            if n <= small:
                for b in range(w):
                    xlx = 0.0
                    distinct = 0
                    sq = 0
                    big = 0
                    for j in range(n):
                        p = buf[j, b]
                        c = hist[p]
                        hist[p] = c + 1
                        xlx += xlogx[c + 1] - xlogx[c]
                        sq += 2 * c + 1
                        distinct += c == 0
                        big = max(big, c + 1)
                    for j in range(n):
                        hist[buf[j, b]] = 0
                    ent = log2n - xlx / n
                    r = lo + b
                    out[r, 0] = ent if ent > 0.0 else 0.0
                    out[r, 1] = distinct
                    out[r, 2] = sq
                    out[r, 3] = big
            else:
                for b in range(w):
                    distinct = 0
                    for j in range(n):
                        p = buf[j, b]
                        c = hist[p]
                        seen[distinct] = p
                        distinct += c == 0
                        hist[p] = c + 1
                    _finish(hist, seen, distinct, plogp, out, lo + b)
    else:
        for r in range(n_rows):
            row = data[rows[r]]
            distinct = 0
            for j in range(n):
                p = row[cols[j]]
                c = hist[p]
                seen[distinct] = p  # kept only when new: no branch to mispredict
                distinct += c == 0
                hist[p] = c + 1
            _finish(hist, seen, distinct, plogp, out, r)


@njit(cache=True, nogil=True)
def _best(rows, n_rows, legal, st, n, kind, g2a, member, alpha, letters, raw):  # type: ignore[no-untyped-def]
    """Index in ``rows`` of the best legal guess: smallest (primary, secondary, not a candidate, alphabetical).

    The primary score rounded to 9 decimals grows with the raw score, so only rows whose raw
    score is within 1e-8 of the smallest can tie it after rounding: the full key is built for those.
    """
    if kind == ENTROPY:
        for i in range(n_rows):
            raw[i] = -st[i, 0]
    elif kind == SPLITS:
        for i in range(n_rows):
            raw[i] = -st[i, 1]
    elif kind == EXPECTED:
        for i in range(n_rows):
            raw[i] = st[i, 2] / n
    else:
        for i in range(n_rows):
            raw[i] = st[i, 3]
    low = np.inf
    for i in range(n_rows):
        if legal[rows[i]]:
            low = min(low, raw[i])
    best = -1
    bp = 0.0
    bs = 0.0
    bnc = 0
    ba = 0
    for i in range(n_rows):
        g = rows[i]
        if raw[i] > low + 1e-8 or not legal[g]:
            continue
        a = g2a[g]
        nc = 0 if (a >= 0 and member[a]) else 1
        if kind == ENTROPY:
            prim = _round9(-st[i, 0])
            sec = 0.0
        elif kind == SPLITS:
            prim = _round9(-st[i, 1])
            sec = _round9(nc * 100.0 - letters[g])
        elif kind == EXPECTED:
            prim = _round9(st[i, 2] / n)
            sec = 0.0
        else:
            prim = _round9(st[i, 3])
            sec = _round9(st[i, 2])
        al = alpha[g]
        if (
            best < 0
            or prim < bp
            or (prim == bp and (sec < bs or (sec == bs and (nc < bnc or (nc == bnc and al < ba)))))
        ):
            best = i
            bp = prim
            bs = sec
            bnc = nc
            ba = al
    return best


@njit(cache=True, nogil=True)
def _letter_bounds(
    cols,
    n,
    combo_letter,
    combo_mask,
    amask,
    acount,
    popcount,
    xlogx_all,
    hist,
    seen,  # type: ignore[no-untyped-def]
    at,
    has,
    out,
):
    """``out[u]``: entropy over ``cols`` of the key (positions of letter L among mask T, count of L).

    A one-position key is green / yellow / grey, counted from per-position letter counts; a key
    of several positions is counted candidate by candidate; an empty mask (padding) has none.
    """
    log2n = np.log2(n)
    at[:, :] = 0
    has[:] = 0
    for j in range(n):
        a = cols[j]
        for let in range(has.shape[0]):
            has[let] += acount[a, let] > 0
            m = amask[a, let]
            i = 0
            while m:
                if m & 1:
                    at[i, let] += 1
                m >>= 1
                i += 1
    for u in range(combo_letter.shape[0]):
        let = combo_letter[u]
        t = combo_mask[u]
        size = popcount[t]
        if size == 0 or has[let] == 0:
            out[u] = 0.0
            continue
        if size == 1:
            i = 0
            while not (t >> i) & 1:
                i += 1
            green = at[i, let]
            out[u] = (
                log2n
                - (xlogx_all[green] + xlogx_all[has[let] - green] + xlogx_all[n - has[let]]) / n
            )
            continue
        distinct = 0
        for j in range(n):
            a = cols[j]
            mk = amask[a, let] & t
            greens = popcount[mk]
            key = mk * 16 + min(acount[a, let] - greens, size - greens)
            c = hist[key]
            seen[distinct] = key
            distinct += c == 0
            hist[key] = c + 1
        acc = 0.0
        for q in range(distinct):
            c = hist[seen[q]]
            hist[seen[q]] = 0
            acc += xlogx_all[c]
        out[u] = log2n - acc / n


@njit(cache=True, nogil=True)
def _hard_ok(g, gcodes, gcounts, green_pos, green_let, n_green, need_let, need_cnt, n_need):  # type: ignore[no-untyped-def]
    for i in range(n_green):
        if gcodes[g, green_pos[i]] != green_let[i]:
            return False
    for i in range(n_need):
        if gcounts[g, need_let[i]] < need_cnt[i]:
            return False
    return True


@njit(cache=True, nogil=True)
def play_tree(
    data,
    data_t,
    first,
    cand0,
    wanted,
    hard,
    max_turns,
    n_patterns,
    small,
    a2g,
    g2a,
    alpha,  # type: ignore[no-untyped-def]
    letters,
    gcodes,
    gcounts,
    kind,
    cands_from_turn,
    combo_of,
    combo_letter,
    combo_mask,
    amask,
    acount,
    out_turns,
    out_path,
):
    """Play every answer in ``cand0`` from guess row ``first``; returns (status, positions).

    ``out_turns[a]``: guesses answer ``a`` took (0 if not in a wanted branch); ``out_path[a, :t]``
    its guess rows. ``wanted`` marks the answers to play (a branch without one is skipped).
    ``small``: the largest candidate set scored with the transposed formula (0: never).
    ``gcodes``/``gcounts``: guesses' letter indices and per-letter counts (hard mode only).
    Entropy bound: ``combo_of[:, g]`` lists guess g's (letter, positions) combinations (padded
    with one whose mask is empty), ``combo_letter``/``combo_mask`` describe each, and
    ``amask[a, L]``/``acount[a, L]`` say where and how often answer a has letter L (an empty
    ``combo_letter`` turns the bound off).
    Status TOO_LONG: a game reached turn ``max_turns + 1``; NO_GUESS: no legal guess was left.
    """
    n_guesses = data.shape[0]
    n_answers = data.shape[1]
    k = gcodes.shape[1]
    win = n_patterns - 1
    total = cand0.shape[0]
    cand = cand0.copy()
    tmp = np.empty(total, dtype=np.int64)
    codes = np.empty(total, dtype=np.int64)
    member = np.zeros(n_answers, dtype=np.bool_)
    # Per turn (of the position being decided): which guesses are legal, and the list of them.
    legal = np.ones((max_turns + 1, n_guesses), dtype=np.bool_)
    legal_rows = np.empty((max_turns + 1, n_guesses), dtype=np.int64)
    n_legal = np.zeros(max_turns + 1, dtype=np.int64)
    for g in range(n_guesses):
        legal_rows[0, g] = g
    n_legal[0] = n_guesses
    path = np.zeros(max_turns + 1, dtype=np.int64)
    crows = np.empty(n_guesses, dtype=np.int64)
    st = np.empty((n_guesses, 4), dtype=np.float64)
    raw = np.empty(n_guesses, dtype=np.float64)
    kept = np.empty(n_guesses, dtype=np.int64)
    prune = kind == ENTROPY and combo_letter.shape[0] > 0
    bounds = np.zeros(max(1, combo_letter.shape[0]), dtype=np.float64)
    upper = np.zeros(n_guesses, dtype=np.float64)
    at = np.zeros((k, amask.shape[1]), dtype=np.int64)
    has = np.zeros(amask.shape[1], dtype=np.int64)
    key_hist = np.zeros((1 << k) * 16 if prune else 1, dtype=np.int32)
    popcount = np.zeros(1 << k, dtype=np.int64)
    for t in range(1 << k):
        popcount[t] = popcount[t >> 1] + (t & 1)
    xlogx_all = np.zeros(total + 2, dtype=np.float64)
    for c in range(2, total + 2):
        xlogx_all[c] = c * np.log2(c)
    hist = np.zeros(n_patterns, dtype=np.int32)
    seen = np.empty(total + 1, dtype=np.int64)
    buf = np.empty((TRANSPOSED_UP_TO, BLOCK), dtype=data.dtype)
    plogp = np.zeros(total + 2, dtype=np.float64)
    xlogx = np.zeros(small + 2, dtype=np.float64)
    for c in range(2, small + 2):
        xlogx[c] = c * np.log2(c)
    green_pos = np.empty(k, dtype=np.int64)
    green_let = np.empty(k, dtype=np.int64)
    need_let = np.empty(k, dtype=np.int64)
    need_cnt = np.empty(k, dtype=np.int64)
    powers = np.empty(k, dtype=np.int64)
    for i in range(k):
        powers[i] = 3 ** (k - 1 - i)
    # The stack of positions still to play: a segment of ``cand``, its turn, the code that led there.
    st_s = np.empty(total + 1, dtype=np.int64)
    st_e = np.empty(total + 1, dtype=np.int64)
    st_turn = np.empty(total + 1, dtype=np.int64)
    st_code = np.empty(total + 1, dtype=np.int64)
    st_s[0] = 0
    st_e[0] = total
    st_turn[0] = 1
    st_code[0] = -1
    top = 1
    positions = 0
    while top > 0:
        top -= 1
        s = st_s[top]
        e = st_e[top]
        turn = st_turn[top]
        code = st_code[top]
        positions += 1
        if turn > max_turns:
            return TOO_LONG, positions
        level = turn - 1
        n = e - s
        row = -1
        n_green = 0
        n_need = 0
        if level == 0:
            row = first
        else:
            prow = path[level - 1]
            if hard:
                # This step's rule: its greens, and each letter shown green or yellow as often as shown.
                for i in range(k):
                    d = (code // powers[i]) % 3
                    if d == 2:
                        green_pos[n_green] = i
                        green_let[n_green] = gcodes[prow, i]
                        n_green += 1
                    if d >= 1:
                        let = gcodes[prow, i]
                        found = False
                        for q in range(n_need):
                            if need_let[q] == let:
                                need_cnt[q] += 1
                                found = True
                        if not found:
                            need_let[n_need] = let
                            need_cnt[n_need] = 1
                            n_need += 1
            if n == 1:
                r = a2g[cand[s]]
                ok = r >= 0
                if ok and hard:
                    ok = (
                        legal[level - 1, r]
                        and r != prow
                        and _hard_ok(
                            r,
                            gcodes,
                            gcounts,
                            green_pos,
                            green_let,
                            n_green,
                            need_let,
                            need_cnt,
                            n_need,
                        )
                    )
                elif ok:
                    for t in range(level):
                        ok = ok and r != path[t]
                if ok:
                    row = r
        if row < 0:
            # Legal guesses here. Normal mode: every guess not played yet (the mask of turn 1, with
            # this path's guesses cleared until the choice is made). Hard mode: the parent's legal
            # guesses, less the parent's guess, that obey this step's rule (a mask and a list per turn).
            prow = path[level - 1]
            if not hard:
                lv = legal[0]
                for t in range(level):
                    lv[path[t]] = False
                rows = legal_rows[0]
                n_r = n_guesses
                n_ok = n_guesses - level
            else:
                lv = legal[level]
                lv[:] = legal[level - 1]
                lv[prow] = False
                rows = legal_rows[level]
                n_r = 0
            parent_rows = legal_rows[level - 1]
            for i in range(n_legal[level - 1] if hard else 0):
                g = parent_rows[i]
                if g == prow:
                    continue
                if hard:
                    ok = True
                    for q in range(n_green):
                        if gcodes[g, green_pos[q]] != green_let[q]:
                            ok = False
                            break
                    if ok:
                        for q in range(n_need):
                            if gcounts[g, need_let[q]] < need_cnt[q]:
                                ok = False
                                break
                    if not ok:
                        lv[g] = False
                        continue
                rows[n_r] = g
                n_r += 1
            if hard:
                n_legal[level] = n_r
                n_ok = n_r
            cols = cand[s:e]
            for j in range(n):
                member[cols[j]] = True
            n_c = 0
            for j in range(n):
                r = a2g[cols[j]]
                if r >= 0 and lv[r]:
                    crows[n_c] = r
                    n_c += 1
            bound_from = np.inf
            use_bound = prune and n >= PRUNE_FROM
            if n_c > 0 and (turn >= cands_from_turn or n <= n_patterns or use_bound):
                _stats(data, data_t, crows, n_c, cols, n, small, xlogx, plogp, hist, seen, buf, st)
                i = _best(crows, n_c, lv, st, n, kind, g2a, member, alpha, letters, raw)
                if turn >= cands_from_turn or st[i, 1] == n:
                    row = crows[i]
                bound_from = st[i, 0] - PRUNE_MARGIN
            if row < 0:
                if n_ok <= 0:
                    return NO_GUESS, positions
                pool = rows
                n_p = n_r
                if use_bound and bound_from < np.inf:
                    _letter_bounds(
                        cols,
                        n,
                        combo_letter,
                        combo_mask,
                        amask,
                        acount,
                        popcount,
                        xlogx_all,
                        key_hist,
                        seen,
                        at,
                        has,
                        bounds,
                    )
                    upper[:n_r] = 0.0
                    for q in range(k):
                        combos = combo_of[q]
                        for i in range(n_r):
                            upper[i] += bounds[combos[rows[i]]]
                    n_p = 0
                    for i in range(n_r):
                        g = rows[i]
                        if upper[i] >= bound_from and lv[g]:
                            kept[n_p] = g
                            n_p += 1
                    pool = kept
                _stats(data, data_t, pool, n_p, cols, n, small, xlogx, plogp, hist, seen, buf, st)
                row = pool[_best(pool, n_p, lv, st, n, kind, g2a, member, alpha, letters, raw)]
            for j in range(n):
                member[cols[j]] = False
            if not hard:
                for t in range(level):
                    lv[path[t]] = True
        path[level] = row
        # Split the candidates by feedback, stably, groups in pattern order.
        drow = data[row]
        for j in range(n):
            codes[j] = drow[cand[s + j]]
        order = np.argsort(codes[:n], kind="mergesort")
        for j in range(n):
            tmp[j] = cand[s + order[j]]
        for j in range(n):
            cand[s + j] = tmp[j]
            codes[j] = drow[tmp[j]]
        # Push the groups last-first, so the first pattern is played first (as simulate does).
        j = n
        while j > 0:
            hi = j
            p = codes[j - 1]
            while j > 0 and codes[j - 1] == p:
                j -= 1
            any_wanted = False
            for q in range(j, hi):
                if wanted[cand[s + q]]:
                    any_wanted = True
                    break
            if not any_wanted:
                continue
            if p == win:
                a = cand[s + j]
                out_turns[a] = turn
                for t in range(turn):
                    out_path[a, t] = path[t]
            else:
                st_s[top] = s + j
                st_e[top] = s + hi
                st_turn[top] = turn + 1
                st_code[top] = p
                top += 1
    return OK, positions


stamp_caches(__name__)  # each kernel's cache stale when a source it depends on changes
