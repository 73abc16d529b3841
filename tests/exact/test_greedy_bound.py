"""The fast greedy tree (kernels/greedy.py): a Python reference, a valid tree, an upper bound."""

from __future__ import annotations

import numpy as np
import pytest
from test_evaluation_values import brute, small

from wordlelab.exact.greedy_bound import INF, GreedyBound
from wordlelab.exact.kernels import greedy as G
from wordlelab.exact.optimal import Engine
from wordlelab.exact.tree import DecisionTree
from wordlelab.game import HardRule, Position
from wordlelab.game.words import WordList


def reference(
    gb: GreedyBound, S: list[int], d: int, pool: list[int], history: tuple = ()
) -> tuple[int, dict]:
    """The kernel's greedy, written plainly: (total, {answer column: guess rows}), INF when none."""
    m, full = gb.matrix, list(range(len(gb.matrix.guesses)))
    a2g, win = gb.a2g, m.win_code

    def legal(g: int) -> bool:
        return not gb.hard or HardRule.from_history(history).broken(m.guesses[g]) is None

    def splits_apart(g: int) -> bool:
        return len({int(m.data[g, a]) for a in S}) == len(S)

    n = len(S)
    if n == 0:
        return 0, {}
    if n == 1:
        return (1, {S[0]: [int(a2g[S[0]])]}) if d >= 1 else (INF, {})
    d = min(d, n)
    if n == 2:
        g = int(a2g[S[0]])
        return (3, {S[0]: [g], S[1]: [g, int(a2g[S[1]])]}) if d >= 2 else (INF, {})
    if d <= 1:
        return INF, {}
    lines = lambda g: {a: [g] if int(a2g[a]) == g else [g, int(a2g[a])] for a in S}  # noqa: E731
    if n < win + 1:
        for a in S:
            g = int(a2g[a])
            if splits_apart(g) and legal(g):
                return 2 * n - 1, lines(g)
        if d >= 3:
            for a in S:
                g = int(a2g[a])
                sizes: dict[int, int] = {}
                for b in S:
                    sizes[int(m.data[g, b])] = sizes.get(int(m.data[g, b]), 0) + 1
                if sorted(sizes.values())[-2:] == [1, 2] and legal(g):  # one pair, the rest apart
                    paths = lines(g)
                    x, y = [b for b in S if sizes[int(m.data[g, b])] == 2]
                    paths[x], paths[y] = [g, int(a2g[x])], [g, int(a2g[x]), int(a2g[y])]
                    return 2 * n, paths
        for g in list(pool) + (full if d == 2 else []):
            if splits_apart(g) and legal(g):
                return 2 * n, lines(g)
    if d == 2:
        return INF, {}
    rows = list(dict.fromkeys([g for g in list(pool) + [int(a2g[a]) for a in S] if legal(g)]))

    def key(g: int) -> tuple[int, int, int]:
        groups: dict[int, int] = {}
        for a in S:
            groups[int(m.data[g, a])] = groups.get(int(m.data[g, a]), 0) + 1
        cand = win in groups
        total = n + sum(int(gb.lbtab[d - 1, c]) for p, c in groups.items() if p != win)
        if len(groups) < 2 and not cand:
            total = INF
        return min(total, 1 << 30), 0 if cand else 1, g

    ranked = sorted(rows, key=key)
    child = ranked[: gb.keep]
    attempts, failed = 0, []
    for g in ranked:
        if attempts >= gb.tries or key(g)[0] >= 1 << 30:
            break
        if failed and len({int(m.data[g, a]) for a in failed}) == 1:
            continue  # keeps the group that sank the last guess together
        attempts += 1
        total, paths = n, {}
        groups: dict[int, list[int]] = {}
        for a in S:
            groups.setdefault(int(m.data[g, a]), []).append(a)
        for p in sorted(groups):
            if p == win:
                paths[groups[p][0]] = [g]
                continue
            v, sub = reference(
                gb, groups[p], d - 1, child, history + ((m.guesses[g], _pattern(m, p)),)
            )
            if v >= INF:
                total, failed = INF, groups[p]
                break
            total += v
            paths.update({a: [g, *line] for a, line in sub.items()})
        if total < INF:
            return total, paths
    if len(pool) < len(full):
        return reference(gb, S, d, full, history)
    return INF, {}


def _pattern(m, code: int):
    from wordlelab.game.feedback import Pattern

    return Pattern(code, m.length)


@pytest.mark.parametrize(
    "seed,hard,keep,tries",
    [
        (11, False, 4, 1),
        (12, False, 100, 3),
        (13, True, 4, 2),
        (14, True, 100, 3),
        (15, False, 2, 2),
    ],
)
def test_kernel_matches_the_reference_and_plays_a_valid_tree(seed, hard, keep, tries):
    m, gs, ans = small(seed, 40, 60)
    engine = Engine(m, hard, 6, memo_mb=1)
    gb = GreedyBound(m, engine.lbtab, hard, keep=keep, tries=tries)
    rng = np.random.default_rng(seed)
    for _ in range(8):
        S = sorted(rng.choice(len(ans), size=int(rng.integers(3, 30)), replace=False).tolist())
        d = int(rng.integers(2, 6))
        narrow = sorted(rng.choice(len(gs), size=5, replace=False).tolist())
        for pool in (None, narrow):
            got, first = gb.solve(
                np.array(S), d, None, None if pool is None else np.array(pool, dtype=np.int64)
            )
            want, paths = reference(gb, S, d, list(range(len(gs))) if pool is None else pool)
            assert got == want
            if want >= INF:
                assert first == -1
                continue
            assert first == paths[S[0]][0]
            words = {ans[a]: tuple(gs[g] for g in line) for a, line in paths.items()}
            report = DecisionTree(words).verify(
                m.guesses, WordList(sorted(words), name="S"), hard=hard, max_guesses=d
            )
            assert report.total == got and report.answers == len(S)


@pytest.mark.parametrize("hard", [False, True])
def test_an_upper_bound_on_the_exact_value(hard):
    m, gs, ans = small(21 + hard, 14, 10)
    engine = Engine(m, hard, 6, memo_mb=1)
    gb = GreedyBound(m, engine.lbtab, hard, keep=3, tries=2)
    rng = np.random.default_rng(5)
    for _ in range(6):
        S = sorted(rng.choice(len(ans), size=int(rng.integers(3, 9)), replace=False).tolist())
        for d in (3, 4):
            v = gb.value(np.array(S), d)
            exact = brute(gs, [ans[a] for a in S], d, (), hard)
            assert v >= exact and (v < INF or exact == float("inf") or d < 6)
            assert v >= engine.lbtab[min(d, len(S)), len(S)]


def test_the_python_function_of_the_kernel_agrees():
    m, gs, ans = small(31, 30, 30)
    engine = Engine(m, False, 6, memo_mb=1)
    gb = GreedyBound(m, engine.lbtab, False, keep=5, tries=2)
    S = np.arange(20, dtype=np.int64)
    cnt, seen, mark = (
        np.zeros(3**5, dtype=np.int64),
        np.zeros(3**5, dtype=np.bool_),
        np.zeros(len(gs), dtype=np.bool_),
    )
    first = np.full(9, -1, dtype=np.int64)
    gs = G.Greedy(
        gb.all_rows,
        False,
        np.int64(5),
        np.int64(2),
        m.data,
        gb.lbtab,
        gb.a2g,
        gb.g2a,
        gb.letters,
        gb.counts,
        cnt,
        seen,
        mark,
        first,
        np.full(1, 1 << 62, dtype=np.int64),
    )
    args = (S, np.int64(4), gb.all_rows, gb.empty_rule, np.int64(0), gs)
    assert G.greedy_value.py_func(*args) == gb.value(S, 4)


def test_hard_mode_rule_follows_the_history(matrix):
    """The greedy's own hard-mode rule (letters fixed, counts) agrees with HardRule on legality."""
    engine = Engine(matrix, True, 6, memo_mb=1)
    gb = GreedyBound(matrix, engine.lbtab, True)
    pos = Position.start(matrix, hard=True).after("salet", ".y..g").after("brunt", "....g")
    rule = gb.rule_from(pos.history)
    want = np.array([pos.rule.broken(w) is None for w in matrix.guesses])
    got = np.array([G.legal(g, rule, gb.letters, gb.counts) for g in range(len(matrix.guesses))])
    assert (got == want).all() and 0 < got.sum() < got.size


def test_a_work_allowance_caps_the_tree_search():
    """Out of work the greedy gives no tree (INF), never a guess; one allowance spans calls."""
    m, gs, ans = small(51, 40, 60)
    engine = Engine(m, False, 6, memo_mb=1)
    gb = GreedyBound(m, engine.lbtab, False)
    S = np.arange(40, dtype=np.int64)
    assert gb.value(S, 5) < INF
    assert gb.solve(S, 5, work=np.array([10], dtype=np.int64)) == (INF, -1)
    work = np.array([1 << 40], dtype=np.int64)
    gb.value(S, 5, work=work)
    assert 0 < (1 << 40) - work[0] and gb.value(S, 5, work=np.zeros(1, dtype=np.int64)) == INF
