"""The exact search's dominance rule (kernels/search.py, ``_undominated``): a guess dropped for
another that tells apart every pair of answers it does.

Checked two ways: directly, on sets from the real lists, every dropped guess is refined by a kept
one (on the set and on random subsets of it); and through the search, on small instances built so
that the rule fires often, against the brute force and against the search without the rule.
"""

from __future__ import annotations

import numpy as np
import pytest
import reference
from test_optimal import FAMILY  # one family of answers: _A_ED

from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.words import WordList


def _distinct(rows: np.ndarray) -> np.ndarray:
    """The number of distinct values in each row."""
    srt = np.sort(rows, axis=1)
    return 1 + (srt[:, 1:] != srt[:, :-1]).sum(axis=1)


def _dropped(e, S: np.ndarray, pool: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    from wordlelab.exact.kernels import search as K

    t = e.tabs
    ctl = np.zeros(K.CTL_SIZE, dtype=np.int64)
    kept = K._undominated(pool, S, t[2], t[4], t[5], t[9], t[10], t[11], ctl)
    assert ctl[K.CTL_DOM] == len(pool) - len(kept)
    return kept, np.setdiff1d(pool, kept)


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow), 3])
def test_every_dropped_guess_is_refined_by_a_kept_one(seed):
    """On groups of the original lists (after a random opener, and after a second guess), each
    guess the rule drops is refined by a guess it keeps, on the set and on subsets of it; no
    answer of the set is dropped, and a guess that dominates another is never lost with it."""
    from wordlelab.exact.optimal import Engine
    from wordlelab.game.lists import load_lists

    m = load_lists(lists="original").matrix()
    e = Engine(m, False, 6, 8)
    data = m.data
    rng = np.random.default_rng(seed)
    pool = np.arange(len(m.guesses), dtype=np.int64)
    root = np.arange(len(m.answers), dtype=np.int64)
    opener, second = rng.choice(len(m.guesses), 2, replace=False)
    groups = [sub for p, sub in e.groups(root, int(opener)) if p != e.win and sub.size >= 20]
    S1 = max(groups, key=len)
    S2 = max((sub for p, sub in e.groups(S1, int(second)) if p != e.win), key=len)
    fired = 0
    for S in (S1, S2):
        kept, dropped = _dropped(e, S, pool)
        fired += len(dropped)
        a2g = e.tabs[2]
        assert not np.isin(a2g[S], dropped).any()  # an answer of S wins its own group
        subsets = [S, np.sort(rng.choice(S, max(3, S.size // 3), replace=False))]
        for T in subsets:
            rows = data[np.ix_(kept, T)].astype(np.int64)
            own = _distinct(rows)
            for h in rng.choice(dropped, min(15, len(dropped)), replace=False):
                # some kept guess tells apart every pair h tells apart (h itself may have been
                # dropped for a guess that was dropped in turn: the chain ends at a kept one)
                joint = _distinct(rows * 243 + data[int(h), T].astype(np.int64))
                assert (joint == own).any(), m.guesses[h]
    assert fired > 100


def _dominance_sample(seed: int, n_answers: int) -> tuple[list[str], list[str]]:
    """Answers from one family (_A_ED: three positions the same in every answer), and as guesses
    the family's other words and words one letter away from them, so that many guesses are
    dominated by others in the pool."""
    rng = np.random.default_rng(seed)
    ans = sorted(rng.choice(FAMILY, n_answers, replace=False).tolist())
    others = [w for w in FAMILY if w not in ans]
    allowed = list(WordList.bundled("allowed"))
    near = [
        w
        for w in allowed
        if w not in FAMILY and any(sum(a != b for a, b in zip(w, f)) == 1 for f in others)
    ]
    picked = rng.choice(others, 8, replace=False).tolist()
    picked += rng.choice(near, min(len(near), 16), replace=False).tolist()
    return sorted(set(ans) | set(picked)), ans


@pytest.mark.parametrize(
    "seed,max_guesses",
    [
        (1, 3),
        (2, 4),
        pytest.param(3, 5, marks=pytest.mark.slow),
        pytest.param(4, 6, marks=pytest.mark.slow),
    ],
)
def test_search_with_dominance_agrees_with_brute_force(seed, max_guesses):
    from wordlelab.exact.kernels import search as K
    from wordlelab.exact.optimal import Engine, Solver

    gs, ans = _dominance_sample(seed, 14)
    m = PatternMatrix.build(WordList(gs, name="guesses"), WordList(ans, name="answers"))
    e = Engine(m, False, max_guesses, 8)
    S = np.arange(len(ans), dtype=np.int64)
    on, off = Solver(e), Solver(e)
    on.ctl[K.CTL_OFF] = K.ALWAYS_DOMINANCE
    off.ctl[K.CTL_OFF] = K.OFF_DOMINANCE
    want = reference.brute_force(gs, ans, max_guesses, False)
    got = on.value(S, max_guesses)
    assert (float("inf") if got >= K.INF else got) == want
    assert off.value(S, max_guesses) == got
    assert on.ctl[K.CTL_DOM] > 0 and off.ctl[K.CTL_DOM] == 0
    # openers' totals too, from the same memo (each group valued with the rule on)
    for g in range(0, len(gs), 3):
        total = float(len(ans))
        for p, sub in e.groups(S, g):
            if p != e.win:
                v = on.value(sub, max_guesses - 1)
                total += float("inf") if v >= K.INF else v
        assert total == reference.brute_force(gs, ans, max_guesses, False, guess=gs[g])


def _dropped_by_definition(words: list[str], answers: list[str], pool: list[int]) -> set[int]:
    """The rule as stated in ``_undominated``'s docstring, word by word: h (not an answer of S)
    is dropped when some guess g of the pool equals h but at one position i that is constant on
    S for h, g's position i is not constant for g, and every letter at h's other non-constant
    positions (its rest) occurs once in g as in h."""
    k = len(words[0])
    holds = {ch: sum(ch in a for a in answers) for ch in set("".join(words))}
    n = len(answers)

    def constant(w: str, i: int) -> bool:
        ch = w[i]
        if holds.get(ch, 0) == 0:
            return True  # grey on every answer
        if w.count(ch) != 1:
            return False
        at = sum(a[i] == ch for a in answers)
        return at == n or (holds[ch] == n and at == 0)  # green everywhere or yellow everywhere

    in_pool = {words[g]: g for g in pool}
    out = set()
    for h in pool:
        w = words[h]
        if w in answers:
            continue
        const = [i for i in range(k) if constant(w, i)]
        rest = [i for i in range(k) if i not in const]
        if not const or not rest or any(w.count(w[i]) != 1 for i in rest):
            continue
        for i in const:
            for ch in "abcdefghijklmnopqrstuvwxyz":
                v = w[:i] + ch + w[i + 1 :]
                if v == w or v not in in_pool or constant(v, i):
                    continue
                if all(v.count(v[r]) == 1 for r in rest):
                    out.add(h)
    return out


@pytest.mark.parametrize("seed", [4, 5])
def test_the_kernel_drops_what_the_rule_says(seed):
    """The kernel's drop set, found through its tables of one-letter neighbours and bit masks,
    equals the rule written out word by word, on groups of the original lists and on random
    pools: nothing dropped that the rule keeps, nothing kept that it drops."""
    from wordlelab.exact.optimal import Engine
    from wordlelab.game.lists import load_lists

    m = load_lists(lists="original").matrix()
    e = Engine(m, False, 6, 8)
    rng = np.random.default_rng(seed)
    root = np.arange(len(m.answers), dtype=np.int64)
    fired = 0
    for _ in range(3):
        opener = int(rng.integers(len(m.guesses)))
        S = max((sub for p, sub in e.groups(root, opener) if p != e.win), key=len)
        if rng.random() < 0.5:
            S = np.sort(rng.choice(S, max(3, S.size // 2), replace=False))
        pool = np.sort(rng.choice(len(m.guesses), 3000, replace=False)).astype(np.int64)
        pool = np.union1d(pool, e.tabs[2][S])  # the set's answers in the pool, as in the search
        _, dropped = _dropped(e, S, pool)
        expect = _dropped_by_definition(list(m.guesses), [m.answers[a] for a in S], list(pool))
        assert set(dropped.tolist()) == expect
        fired += len(expect)
    assert fired > 0  # the rule fired, so the comparison said something
