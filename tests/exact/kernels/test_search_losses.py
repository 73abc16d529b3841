"""Hard mode's objective, fewest answers lost then fewest guesses (``Engine(losses=True)``),
against the slow oracle (tests/reference.py) on small random positions, many with losses forced
by a small limit of guesses."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import brute_force, brute_force_losses, hard_ok, slow_code, slow_score

from wordlelab.exact.kernels import search as K
from wordlelab.exact.kernels.bounds import counting_bound_table
from wordlelab.exact.optimal import INF, Engine, Solver
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.words import WordList

W = int(K.LOSS_WEIGHT)
ANSWERS = list(WordList.bundled("answers"))
ALLOWED = list(WordList.bundled("allowed"))
CASES = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def _sample(seed: int, n_answers: int, n_extra: int) -> tuple[list[str], list[str]]:
    """Answers from the real list (some sharing letters, as real groups do) and extra guesses."""
    rng = np.random.default_rng(seed)
    if seed % 2:
        # Words alike but for a letter or two: the sets where hard mode loses answers.
        stem = str(rng.choice(ANSWERS))
        alike = [w for w in ANSWERS if sum(a == b for a, b in zip(w, stem)) >= 3]
        pool = alike if len(alike) >= n_answers else ANSWERS
    else:
        pool = ANSWERS
    ans = sorted(rng.choice(pool, n_answers, replace=False).tolist())
    extra = rng.choice(ALLOWED, n_extra, replace=False).tolist()
    return sorted(set(ans) | set(extra)), ans


def _replayed(
    paths: dict[int, list[int]], m: PatternMatrix, hist: tuple, d: int, hard: bool
) -> tuple[int, int]:
    """(lost, guesses) of a tree's lines from a position with ``d`` guesses left, every line
    checked: allowed in hard mode, within the limit, a lost one using every guess left."""
    lost = total = 0
    for a, line in paths.items():
        answer = str(m.answers[a])
        words = [str(m.guesses[g]) for g in line]
        h = hist
        for w in words:
            assert not hard or hard_ok(h, w), (answer, words)
            h = h + ((w, slow_score(w, answer)),)
        assert len(words) <= d
        if words and words[-1] == answer:
            total += len(words)
        else:
            assert len(words) == d and answer not in words, (answer, words)
            lost += 1
            total += d + 1
    return lost, total


def _position(seed: int, n_answers: int, n_extra: int, played: int):
    """A random position: lists, the history played (reference form and rows/codes) and the
    answers still possible."""
    gs, ans = _sample(seed, n_answers, n_extra)
    m = PatternMatrix.build(WordList(gs, name="guesses"), WordList(ans, name="answers"))
    rng = np.random.default_rng(seed + 1)
    hist: tuple = ()
    rows: list[tuple[int, int]] = []
    S = list(ans)
    for _ in range(played):
        legal = [w for w in gs if hard_ok(hist, w)]
        w = str(rng.choice(legal))
        secret = str(rng.choice(S))
        colours = slow_score(w, secret)
        hist = hist + ((w, colours),)
        rows.append((m.guesses.index(w), slow_code(w, secret)))
        S = [a for a in S if slow_score(w, a) == colours]
    return gs, ans, m, hist, rows, S


@CASES
@given(
    seed=st.integers(0, 10**6),
    n_answers=st.integers(3, 9),
    n_extra=st.integers(0, 12),
    max_guesses=st.integers(1, 4),
    played=st.integers(0, 1),
    hard=st.sampled_from([True, True, True, False]),
)
def test_losses_agree_with_brute_force(seed, n_answers, n_extra, max_guesses, played, hard):
    played = min(played, max_guesses - 1)
    gs, ans, m, hist, rows, S = _position(seed, n_answers, n_extra, played)
    d = max_guesses - played
    want = brute_force_losses(gs, S, d, hard, hist)
    e = Engine(m, hard, max_guesses, memo_mb=4, losses=True)
    solver = Solver(e)
    cols = np.array(sorted(m.answer_index(a) for a in S), dtype=np.int64)
    rule = e.rule_from(rows)
    v = solver.value(cols, d, rule)
    assert e.split_value(v) == want
    assert _replayed(solver.paths(cols, d, rule), m, hist, d, hard) == want
    # Without losses: the same value where nothing need be lost, INF where something must.
    plain = Solver(Engine(m, hard, max_guesses, memo_mb=4)).value(cols, d, rule)
    assert plain == (want[1] if want[0] == 0 else INF)
    # Under a budget: exact below it, a bound at or above it otherwise (a loss-free value and
    # its budget, a value with losses and its budget, and between).
    for beta in {want[1], want[1] + 1, want[0] * W + want[1], want[0] * W + want[1] + 1, W}:
        cut = Solver(e).value(cols, d, rule, beta=beta)
        exact = want[0] * W + want[1]
        assert cut == exact if exact < beta else cut >= beta
        assert cut <= exact


@CASES
@given(seed=st.integers(0, 10**6), n_answers=st.integers(3, 8), max_guesses=st.integers(2, 4))
def test_each_opener_agrees_with_brute_force(seed, n_answers, max_guesses):
    """Every guess's own value at the start (the kernel's cuts and bounds meet every guess)."""
    gs, ans = _sample(seed, n_answers, 6)
    m = PatternMatrix.build(WordList(gs, name="guesses"), WordList(ans, name="answers"))
    e = Engine(m, True, max_guesses, memo_mb=4, losses=True)
    solver = Solver(e)
    root = np.arange(len(ans), dtype=np.int64)
    for g in range(len(gs)):
        lost, total = 0, len(ans)
        for p, sub in e.groups(root, g):
            if p != e.win:
                a, b = e.split_value(
                    solver.value(sub, max_guesses - 1, e.rule_after(e.empty_rule, g, p))
                )
                lost, total = lost + a, total + b
        assert (lost, total) == brute_force_losses(gs, ans, max_guesses, True, guess=gs[g])


def test_losses_change_nothing_where_none_is_forced():
    """A position every answer of which can be solved in time: the value, the tree and the
    nodes searched are those of the search without losses."""
    gs, ans = _sample(5, 12, 20)
    m = PatternMatrix.build(WordList(gs, name="guesses"), WordList(ans, name="answers"))
    root = np.arange(len(ans), dtype=np.int64)
    want = brute_force(gs, ans, 6, True)
    a, b = Solver(Engine(m, True, 6, 4)), Solver(Engine(m, True, 6, 4, losses=True))
    assert a.value(root, 6) == b.value(root, 6) == want
    assert a.paths(root, 6) == b.paths(root, 6)
    assert a.ctl[K.CTL_NODES] == b.ctl[K.CTL_NODES]


@pytest.mark.parametrize("d", [0, 1, 2, 3, 6])
def test_counting_bound_with_losses(d):
    """The table with losses: the counting bound where the answers fit, else the levels filled
    and the rest lost at W + d + 1; the NumPy table and the kernel's agree, and so does lb_q."""
    table = counting_bound_table(300, 6, 243, W)
    assert (table == K.lower_bound_table(300, 6, 243, W)).all()
    plain = counting_bound_table(300, 6, 243)
    fits = plain[d] < INF
    assert (table[d][fits] == plain[d][fits]).all()
    for n in (1, 2, 5, 100, 300):
        assert K.lower_bound_q(n, d, 241, W) == table[d, n]
    if d == 1:
        assert table[1, 5] == 1 + 4 * (W + 2)
    if d == 0:
        assert table[0, 5] == 5 * (W + 1)


def test_too_many_answers_for_the_weight():
    words = WordList(["crane", "slate"], name="w")
    m = PatternMatrix.build(words, words)
    Engine(m, True, 6, 4, losses=True)  # fine
    with pytest.raises(Exception, match="weight of a lost answer"):
        Engine(m, True, W, 4, losses=True)


@pytest.fixture
def nyt(default_lists):
    from wordlelab.game.lists import load_lists

    return load_lists().matrix()


def test_the_atch_trap_loses_two_answers(nyt, tmp_path):
    """_ATCH with T seen (six answers, four guesses left, every legal guess one of ten ?ATCH
    words that tells apart only itself): no strategy solves them all, and the fewest lost is 2
    (four solved at 1, 2, 3 and 4 guesses from here, two counted at 5): the reference agrees,
    the tree replays, and its text reads back."""
    from wordlelab.exact.optimal import solve_optimal
    from wordlelab.exact.tree import DecisionTree
    from wordlelab.game.feedback import Pattern
    from wordlelab.game.notation import read_position

    history = (("tarse", "yg..."), ("catch", ".gggg"))
    text = " ".join(f"{w}:{p}" for w, p in history)
    pos, _ = read_position(text, nyt, hard=True)
    words = pos.candidate_words
    assert brute_force_losses(list(nyt.guesses), words, 4, True, history) == (2, 20)
    res = solve_optimal(
        nyt, hard=True, history=list(pos.history), answers=words, memo_mb=16, losses=True
    )
    assert (res.lost, res.total, res.proven) == (2, 20, True)  # counted from the position
    tree = res.tree()
    assert tree.meta["lost"] == "2" and tree.lost == 2
    after = [(w, Pattern.parse(p, 5)) for w, p in history]
    left = WordList(words, name="left")
    report = tree.verify(nyt.guesses, left, hard=True, max_guesses=6, after=after)
    assert (report.lost, report.total) == (2, 20)
    again = DecisionTree.parse(tree.to_text(), name="again")
    assert again.paths == tree.paths and again.lost == 2
    lines = [x for x in tree.to_text().splitlines() if not x.startswith("#")]
    assert sum(x.endswith(")") for x in lines) == 2
    # A lost line must play every guess allowed.
    lost = next(a for a in tree.paths if tree.is_lost(a))
    short = dict(tree.paths)
    short[lost] = short[lost][:-1]
    with pytest.raises(Exception, match="lost after 3 guesses"):
        DecisionTree(short).verify(nyt.guesses, left, hard=True, max_guesses=6, after=after)
    # 'tree verify' replays it (the limit from its header) and checks the losses it claims.
    from interactive_helpers import invoke

    path = tmp_path / "atch.txt"
    tree.save(path)
    code, out, err = invoke("tree", "verify", str(path), "--hard")
    assert code == 0 and "20 guesses in total" in out and "2 lost" in out, err
    path.write_text(tree.to_text().replace("# lost: 2", "# lost: 1"))
    code, out, err = invoke("tree", "verify", str(path), "--hard")
    assert code == 1 and "claims 1 lost and 20 guesses" in err
