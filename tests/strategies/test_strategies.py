"""Strategies: registry, shared rules, every strategy on a small list and (fast ones) the full lists."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from wordlelab.assist.simulate import play_one, simulate
from wordlelab.errors import UnknownStrategyError, WordlelabError
from wordlelab.game import Position
from wordlelab.game.classic import ClassicGame
from wordlelab.game.feedback import score_colors
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.words import WordList
from wordlelab.kernels.columns import one_step_cost_t, partition_stats_t, scratch_for
from wordlelab.kernels.partition import partition_stats
from wordlelab.kernels.scoring import cost_table, leaf_guesses, one_step_cost
from wordlelab.strategies import (
    find_strategy,
    letter_entropy,
    make_strategy,
    strategy_names,
)

ALL = strategy_names()
EXPECTED = {
    "entropy",
    "approx-entropy",
    "splits",
    "expected-size",
    "minimax",
    "frequency",
    "rank",
    "lsi",
    "entropy-then-answers",
    "lookahead",
    "random",
}


@pytest.fixture(scope="module")
def small(answers, allowed):
    """150 answers and 500 guesses (the answers plus 350 other allowed words)."""
    ans = WordList(answers.words[::15][:150], name="small answers")
    extra = [w for w in allowed.words[::29] if w not in set(ans)][:350]
    guesses = WordList(sorted(set(ans) | set(extra)), name="small guesses")
    return PatternMatrix.build(guesses, ans)


def replay(result, matrix, hard):
    """Every path is a legal game (Game raises on an illegal guess) that ends on its answer."""
    for answer, path in result.paths.items():
        game = ClassicGame(answer, matrix.guesses, max_guesses=100, hard=hard)
        assert len(set(path)) == len(path), f"{answer}: repeated a guess {path}"
        for word in path:
            game.guess(word)
        assert game.won and path[-1] == answer
        assert len(path) == result.guesses[matrix.answers.index(answer)]


# -- registry ------------------------------------------------------------------------------------


def test_registry_has_every_strategy():
    assert EXPECTED <= set(ALL)


@pytest.mark.parametrize(
    "alias, name",
    [
        ("maxinfo", "entropy"),
        ("maxsplits", "splits"),
        ("maxprune", "expected-size"),
        ("average-size", "expected-size"),
        ("MINIMAX", "minimax"),
    ],
)
def test_aliases(alias, name):
    assert find_strategy(alias).name == name


def test_unknown_strategy_lists_the_known_ones():
    with pytest.raises(UnknownStrategyError) as exc:
        find_strategy("telepathy")
    assert (
        "telepathy" in str(exc.value)
        and "entropy" in str(exc.value)
        and "lookahead" in str(exc.value)
    )


def test_unknown_option_and_bad_pool():
    with pytest.raises(WordlelabError, match="no option"):
        make_strategy("entropy", m=3)
    with pytest.raises(WordlelabError, match="pool"):
        make_strategy("splits", pool="everything")
    with pytest.raises(WordlelabError):
        make_strategy("approx-entropy", top_percent=0)


def test_options_reach_the_token():
    assert make_strategy("lookahead", m=7).token == "lookahead(m=7,pool='all')"
    assert make_strategy("random", seed=3, pool="all").params() == {"pool": "all", "seed": 3}


# -- every strategy on a small list ---------------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("hard", [False, True])
def test_small_list_every_game_finishes_legally(small, name, hard):
    strategy = make_strategy(name, m=8) if name == "lookahead" else make_strategy(name)
    r = simulate(strategy, small, hard=hard, cache=False)
    assert (r.guesses >= 1).all() and len(r.paths) == len(small.answers)
    replay(r, small, hard)
    again = simulate(strategy, small, hard=hard, cache=False)
    assert np.array_equal(r.guesses, again.guesses) and r.paths == again.paths


@pytest.mark.parametrize("name", ALL)
def test_tree_matches_games_played_alone(small, name):
    strategy = make_strategy(name, m=8) if name == "lookahead" else make_strategy(name)
    r = simulate(strategy, small, hard=True, cache=False)
    for answer in small.answers.words[::37]:
        assert tuple(play_one(strategy, small, answer, hard=True, cache=False)) == r.paths[answer]


@pytest.mark.parametrize("name", [n for n in ALL if n not in ("optimal", "coach")])
def test_candidate_pool_guesses_only_candidates(small, name):
    strategy = (
        make_strategy(name, m=5) if name == "lookahead" else make_strategy(name, pool="candidates")
    )
    if name == "lookahead":
        strategy = make_strategy(name, m=5, pool="candidates")
    r = simulate(strategy, small, cache=False)
    for answer, path in r.paths.items():
        history = []
        for word in path:
            cands = [a for a in small.answers if all(score_colors(g, a) == c for g, c in history)]
            assert word in cands, (answer, path, word)
            history.append((word, score_colors(word, answer)))


def test_optimal_refuses_the_candidates_pool():
    with pytest.raises(WordlelabError, match="pool 'candidates' is not supported"):
        make_strategy("optimal", pool="candidates")


def test_last_candidate_is_played(small):
    pos = Position.start(small)
    for g in ("slate", "crony"):
        if g in small.guesses:
            pos = pos.after(g, score_colors(g, small.answers[0]) and _code(g, small.answers[0]))
    target = small.answers[0]
    pos1 = Position(small, np.array([small.answers.index(target)]), pos.history)
    for name in ALL:
        assert make_strategy(name).choose(pos1).word == target


def _code(guess, answer):
    code = 0
    for c in score_colors(guess, answer):
        code = code * 3 + c
    return code


def test_ties_prefer_a_candidate_then_alphabetical(small):
    # Two candidates: every candidate splits them perfectly, so a candidate must be chosen,
    # and the alphabetically first one at that.
    a, b = sorted(small.answers.words[3:5])
    pos = Position(small, np.array([small.answers.index(a), small.answers.index(b)]))
    for name in ("entropy", "splits", "expected-size", "minimax"):
        assert make_strategy(name).choose(pos).word == a


def test_random_is_seeded_by_position(small):
    pos = Position.start(small)
    s0, s1 = make_strategy("random", seed=0), make_strategy("random", seed=1)
    assert s0.choose(pos).word == make_strategy("random", seed=0).choose(pos).word
    words = {make_strategy("random", seed=s).choose(pos).word for s in range(8)}
    assert len(words) > 1 and s1.choose(pos).is_candidate


# -- the approximations and kernels against slow references ----------------------------------------


def _h(ps):
    return -sum(p * math.log2(p) for p in ps if p > 0)


def test_letter_entropy_matches_a_slow_reference(small):
    from wordlelab.game import guess_codes
    from wordlelab.strategies.words_cache import alphabet, answer_codes

    cands = np.arange(0, 150, 4)
    words = [small.answers[int(i)] for i in cands]
    approx = letter_entropy(guess_codes(small), answer_codes(small)[cands], len(alphabet(small)))
    for gi in range(0, len(small.guesses), 41):
        g = small.guesses[gi]
        want = 0.0
        for i, ch in enumerate(g):
            green = sum(w[i] == ch for w in words) / len(words)
            present = sum(ch in w for w in words) / len(words)
            want += _h([green, present - green, 1 - present])
        assert approx[gi] == pytest.approx(want)


def test_approx_entropy_exact_step_over_the_shortlist(small):
    s = make_strategy("approx-entropy", top_percent=10)
    pos = Position.start(small)
    best = s.choose(pos)
    short = s.shortlist(pos, np.arange(len(small.guesses)))
    assert short.size == math.ceil(len(small.guesses) * 0.10) and best.row in short
    exact = make_strategy("entropy").stats(pos, short)[:, 0]
    assert best.value == pytest.approx(exact.max())


@pytest.mark.parametrize("n", [1, 2, 3, 7, 30, 41, 150])
def test_transposed_kernels_match_the_row_kernels(small, n):
    rng = np.random.default_rng(n)
    cols = np.sort(rng.choice(len(small.answers), n, replace=False)).astype(np.int64)
    rows = np.sort(rng.choice(len(small.guesses), 300, replace=False)).astype(np.int64)
    dt = np.ascontiguousarray(small.data.T)
    a, b, c = (np.empty((rows.size, 4)) for _ in range(3))
    partition_stats(small.data, rows, cols, 243, a)
    partition_stats_t(dt, rows, cols, 243, b)
    partition_stats_t(dt, rows, cols, 243, c, parallel=True)
    assert np.allclose(a, b) and np.allclose(a, c)
    x, y = np.empty(rows.size), np.empty(rows.size)
    one_step_cost(small.data, rows, cols, 243, 242, x)
    one_step_cost_t(dt, rows, cols, 242, cost_table(n), scratch_for(243), y)
    assert np.allclose(x, y)
    # and the slow reference for the first few rows
    for r in range(5):
        groups: dict[int, int] = {}
        for col in cols:
            p = int(small.data[rows[r], col])
            groups[p] = groups.get(p, 0) + 1
        want = sum(m if p == 242 else m * (1 + leaf_guesses(m)) for p, m in groups.items())
        assert x[r] == pytest.approx(want)
        assert a[r, 0] == pytest.approx(_h([m / n for m in groups.values()]))
        assert (a[r, 1], a[r, 2], a[r, 3]) == (
            len(groups),
            sum(m * m for m in groups.values()),
            max(groups.values()),
        )


def test_lookahead_expected_guesses_is_exact_for_two_step_trees(small):
    # Three candidates: with all three splittable by one of them the answer is (1 + 2 + 2) / 3.
    s = make_strategy("lookahead", m=20)
    for trio in itertools.combinations(small.answers.words[:12], 3):
        pos = Position(small, np.array([small.answers.index(w) for w in trio]))
        best = s.rank(pos, 1)[0]
        assert best.value >= 5 / 3 - 1e-9
        if best.value == pytest.approx(5 / 3):
            assert best.is_candidate


# -- full lists (kept fast) -----------------------------------------------------------------------


def test_entropy_full_lists_golden(matrix):
    r = simulate(make_strategy("entropy"), matrix)
    assert r.opener == "soare" and r.total == 8020 and r.failed == [] and r.mean <= 3.47


@pytest.mark.parametrize("name", ["frequency", "random", "entropy-then-answers", "rank"])
def test_cheap_strategies_full_lists(matrix, name):
    r = simulate(make_strategy(name), matrix)
    assert len(r.paths) == 2315 and r.guesses.min() >= 1
    assert r.mean < 4.5


@pytest.mark.slow
@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("hard", [False, True])
def test_every_strategy_full_lists(matrix, name, hard):
    r = simulate(make_strategy(name), matrix, hard=hard)
    replay(r, matrix, hard)
    assert r.mean < 4.5


@pytest.mark.slow
def test_lookahead_from_salet_reaches_the_proven_optimum(matrix):
    r = simulate(make_strategy("lookahead"), matrix, opener="salet")
    assert r.total == 7920 and r.failed == []


def test_top_eigenvector_matches_lapack():
    from wordlelab.strategies.letters import top_eigenvector

    rng = np.random.default_rng(0)
    x = (rng.random((40, 30)) < 0.2).astype(float)
    gram = x.T @ x
    want = np.linalg.eigh(gram)[1][:, -1]
    got = top_eigenvector(gram)
    assert np.allclose(np.abs(got), np.abs(want), atol=1e-6)


def test_options_are_checked_when_the_strategy_is_made():
    from wordlelab.strategies import Strategy

    assert make_strategy("lookahead", m="7").m == 7  # text (from the command line) is converted
    assert make_strategy("approx-entropy", top_percent=5).top_percent == 5.0
    for name, kwargs in [
        ("lookahead", {"m": 0}),
        ("lookahead", {"m": 2.5}),
        ("lookahead", {"m": True}),
        ("random", {"seed": -1}),
        ("prior", {"common": 0}),
        ("optimal", {"max_answers": 0}),
    ]:
        with pytest.raises(WordlelabError, match=f"option {next(iter(kwargs))}"):
            make_strategy(name, **kwargs)
    # Every declared option's default passes its own check.
    for cls in (find_strategy(n) for n in ALL):
        for opt in cls.options:
            assert opt.default is None or opt.convert(cls.name, opt.default) == opt.default
        assert isinstance(cls(), Strategy)
