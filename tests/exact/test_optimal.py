"""The exact search against an obviously-correct brute force on small random word sets."""

from __future__ import annotations

import threading

import numpy as np
import pytest
import reference

from wordlelab.errors import SearchFailedError, StoppedEarlyError, UnknownWordError, WordlelabError
from wordlelab.exact.optimal import solve_optimal
from wordlelab.exact.tree import DecisionTree
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.words import WordList

INF = float("inf")


def brute_force(
    guesses: list[str], answers: list[str], max_guesses: int, hard: bool, opener: str | None = None
) -> float:
    """Every tree enumerated by the shared slow reference (tests/reference.py)."""
    return reference.brute_force(guesses, answers, max_guesses, hard, guess=opener)


def sample(seed: int, n_answers: int, n_guesses: int) -> tuple[list[str], list[str]]:
    """Answers and guesses sampled from the real lists with a seed; answers are guesses too."""
    rng = np.random.default_rng(seed)
    answers_all = list(WordList.bundled("answers"))
    allowed = list(WordList.bundled("allowed"))
    ans = sorted(rng.choice(answers_all, n_answers, replace=False).tolist())
    extra = rng.choice(allowed, n_guesses, replace=False).tolist()
    gs = sorted(set(ans) | set(extra))[: max(n_guesses, len(ans))]
    gs = sorted(set(gs) | set(ans))
    return gs, ans


def matrix_for(gs: list[str], ans: list[str]) -> PatternMatrix:
    return PatternMatrix.build(WordList(gs, name="guesses"), WordList(ans, name="answers"))


CASES = [
    # seed, answers, extra guesses, max guesses, hard
    (1, 12, 20, 6, False),
    (2, 18, 25, 6, False),
    (3, 15, 30, 3, False),
    (4, 20, 20, 4, False),
    (5, 12, 20, 6, True),
    (6, 16, 24, 6, True),
    (7, 14, 20, 3, True),
    (8, 10, 10, 2, False),
    (9, 22, 16, 5, False),
    (10, 18, 20, 4, True),
    (61, 30, 50, 6, False),
    (62, 40, 40, 6, False),
]


@pytest.mark.parametrize("seed,n_ans,n_guess,max_guesses,hard", CASES)
def test_search_agrees_with_brute_force(seed, n_ans, n_guess, max_guesses, hard):
    gs, ans = sample(seed, n_ans, n_guess)
    m = matrix_for(gs, ans)
    want = brute_force(gs, ans, max_guesses, hard)
    if want == INF:
        with pytest.raises(WordlelabError):
            solve_optimal(m, hard=hard, max_guesses=max_guesses, candidates=len(gs))
        return
    got = solve_optimal(m, hard=hard, max_guesses=max_guesses, candidates=len(gs), memo_mb=8)
    assert got.proven
    assert got.total == want
    report = got.tree().verify(m.guesses, m.answers, hard=hard, max_guesses=max_guesses)
    assert report.total == want


@pytest.mark.parametrize("seed,hard", [(11, False), (12, True), (13, False)])
def test_fixed_opener_agrees_with_brute_force(seed, hard):
    gs, ans = sample(seed, 20, 25)
    m = matrix_for(gs, ans)
    for opener in (gs[0], ans[len(ans) // 2]):
        want = brute_force(gs, ans, 6, hard, opener=opener)
        got = solve_optimal(m, opener=opener, hard=hard, memo_mb=8)
        assert got.proven and got.total == want and got.opener == opener
        assert got.openers[0].exact
        assert all(line[0] == opener for line in got.paths.values())
        got.tree().verify(m.guesses, m.answers, hard=hard)


def test_openers_report_values_or_bounds():
    gs, ans = sample(21, 25, 30)
    m = matrix_for(gs, ans)
    res = solve_optimal(m, candidates=6, memo_mb=8)
    assert len(res.openers) == 6
    for r in res.openers:
        exact = brute_force(gs, ans, 6, False, opener=r.word)
        if r.exact:
            assert r.value == exact
        else:
            assert r.value <= exact  # a sound lower bound
            assert r.value >= res.total  # and it shows the opener cannot beat the best
    assert min(r.value for r in res.openers if r.exact) == res.total


def test_tiny_closed_forms():
    # one answer: 1 guess; two answers: 3 guesses in total.
    m = matrix_for(["crane", "slate", "trace"], ["crane"])
    assert solve_optimal(m, opener="crane").total == 1
    assert solve_optimal(m, candidates=3).total == 1
    m = matrix_for(["crane", "slate", "trace"], ["crane", "trace"])
    assert solve_optimal(m, candidates=3).total == 3


def test_bad_opener_and_impossible_depth():
    gs, ans = sample(31, 12, 10)
    m = matrix_for(gs, ans)
    with pytest.raises(UnknownWordError):
        solve_optimal(m, opener="zzzzz")
    with pytest.raises(WordlelabError):
        solve_optimal(m, max_guesses=1)


def test_stop_returns_best_tree_so_far():
    gs, ans = sample(41, 30, 40)
    m = matrix_for(gs, ans)
    stop = threading.Event()
    seen = []

    def progress(p):
        seen.append(p)
        if p.phase == "exact":
            stop.set()

    res = solve_optimal(m, candidates=3, stop=stop, progress=progress)
    # stopped as the search began: the first opener's groups solved so far plus a greedy tree for
    # the others is the answer, an upper bound
    assert res.interrupted and not res.proven
    assert res.lower_bound <= res.total
    assert res.total >= solve_optimal(m, candidates=3).total
    res.tree().verify(m.guesses, m.answers)
    assert seen and seen[0].phase == "exact"
    with pytest.raises(
        StoppedEarlyError, match="interrupted before the search had a complete tree"
    ) as exc:
        stop.set()
        solve_optimal(m, candidates=3, stop=stop)
    assert exc.value.exit_code == 130  # the CLI's Ctrl-C convention, not an input error


def test_no_tree_within_the_limit_is_said_to_be_proven():
    gs, ans = sample(41, 30, 40)
    with pytest.raises(SearchFailedError, match="no strategy solves every answer within 2 guesses"):
        solve_optimal(matrix_for(gs, ans), candidates=3, max_guesses=2)


def test_no_tree_after_a_given_opener_names_the_opener():
    """With --opener the failure read "with the 1 openers tried (--candidates)", an option the
    user had not given; it names the opener."""
    gs, ans = sample(41, 30, 40)
    with pytest.raises(SearchFailedError) as exc:
        solve_optimal(matrix_for(gs, ans), opener=ans[0], max_guesses=2)
    assert str(exc.value) == (
        f"no strategy solves every answer within 2 guesses after {ans[0].upper()} — proven"
    )


def test_tree_text_round_trip():
    gs, ans = sample(51, 20, 20)
    m = matrix_for(gs, ans)
    res = solve_optimal(m, candidates=3)
    tree = res.tree()
    again = DecisionTree.parse(tree.to_text(), "x.txt")
    assert again.paths == tree.paths
    again = DecisionTree.parse(tree.to_text(feedback=True), "x.txt")
    assert again.verify(m.guesses, m.answers).total == res.total


def test_salet_normal_is_7920(matrix):
    res = solve_optimal(matrix, opener="salet")
    assert res.proven and res.total == 7920 and res.worst <= 5
    res.tree().verify(matrix.guesses, matrix.answers, max_guesses=6)


def test_salet_hard_is_8122(matrix):
    res = solve_optimal(matrix, opener="salet", hard=True)
    assert res.proven and res.total == 8122
    res.tree().verify(matrix.guesses, matrix.answers, hard=True, max_guesses=6)


@pytest.mark.slow
@pytest.mark.parametrize(
    "answers,hard,total",
    [("nyt-answers", False, 11219), ("nyt2022-answers", False, 7883), ("nyt-answers", True, 11627)],
)
def test_tarse_on_the_nyt_lists_is_the_published_optimum(answers, hard, total):
    """Our own search re-proves Selby's published TARSE optima on the NYT lists (14855 guesses),
    normal mode and hard mode, and its tree replays to that total."""
    m = PatternMatrix.load(WordList.bundled("nyt"), WordList.bundled(answers))
    res = solve_optimal(m, opener="tarse", hard=hard)
    assert res.proven and res.total == total
    report = res.tree().verify(m.guesses, m.answers, hard=hard, max_guesses=6)
    assert report.total == total


# Openers from the long tail with their totals published in alex1770/wordle's tables
# (results_easy_nyt20230701, results_hard_nyt20230701; MIT): rank 7580 and 477 of 14855 in
# normal mode, 214 of the 7453 finite rows in hard mode.
@pytest.mark.slow
@pytest.mark.parametrize(
    "opener,hard,total", [("adieu", False, 11815), ("talon", False, 11420), ("coapt", True, 11810)]
)
def test_long_tail_openers_match_the_published_tables(opener, hard, total):
    m = PatternMatrix.load(WordList.bundled("nyt"), WordList.bundled("nyt-answers"))
    res = solve_optimal(m, opener=opener, hard=hard)
    assert res.proven and res.total == total
    assert res.tree().verify(m.guesses, m.answers, hard=hard, max_guesses=6).total == total


@pytest.mark.parametrize("hard", [False, True])
def test_one_thread_or_several_give_the_same_proof(hard):
    gs, ans = sample(7, 60, 120)
    m = matrix_for(gs, ans)
    one = solve_optimal(m, candidates=4, hard=hard, threads=1)
    many = solve_optimal(m, candidates=4, hard=hard, threads=3)
    assert one.proven and many.proven
    assert (one.opener, one.total) == (many.opener, many.total)
    assert [(o.word, o.exact) for o in one.openers] == [(o.word, o.exact) for o in many.openers]
    # An opener that is cut may be cut at a different bound, but never below the best total.
    assert all(
        o.value == p.value or (not o.exact and o.value >= one.total and p.value >= one.total)
        for o, p in zip(one.openers, many.openers)
    )
    many.tree().verify(m.guesses, m.answers, hard=hard)


def test_threads_option_on_the_command_line(tmp_path):
    import json

    from interactive_helpers import invoke

    gs, ans = sample(7, 40, 80)
    (tmp_path / "g.txt").write_text("\n".join(gs) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(ans) + "\n")
    args = [
        "optimal",
        "--json",
        "--words",
        str(tmp_path / "g.txt"),
        "--answers",
        str(tmp_path / "a.txt"),
    ]
    c1, out1, _ = invoke(*args, "--threads", "1")
    c2, out2, _ = invoke(*args, "--threads", "2")
    assert c1 == 0 and c2 == 0
    assert json.loads(out1)["total"] == json.loads(out2)["total"]
    code, _, err = invoke(*args, "--threads", "0")
    assert code == 1 and "--threads" in err and len(err.strip().splitlines()) == 1


# Answers of one family (_A_ED: the words differ in two letters), where the search cuts many
# guesses and the rules that learn from a cut fire; guesses are the family plus random words.
FAMILY = (
    "baked baled bared based bated bayed caged caked caned caped cared cased caved cawed dared "
    "dated dazed eared eased faced faded faked famed fared fated faxed fazed gamed gaped gated "
    "gazed hated hazed jaded laced lamed laved lazed mated maxed naked named oared paced paged "
    "paled pared paved pawed raced raged raked rated raved razed sated saved sawed tamed taped "
    "taxed waded waged waked waned waved waxed"
).split()


def family_sample(
    seed: int, n_answers: int = 14, n_guesses: int = 30
) -> tuple[list[str], list[str]]:
    rng = np.random.default_rng(seed)
    ans = sorted(rng.choice(FAMILY, n_answers, replace=False).tolist())
    extra = rng.choice(list(WordList.bundled("allowed")), n_guesses, replace=False).tolist()
    return sorted(set(ans) | set(extra)), ans


LEARNT_CASES = [
    # hard mode with five or six guesses is a slow brute force (30-50 s each)
    pytest.param(seed, hard, d, marks=[pytest.mark.slow] if hard and d >= 5 else [])
    for seed, hard in [(2, False), (4, False), (1, True), (9, True)]
    for d in (3, 4, 5, 6)
]


@pytest.mark.parametrize("seed,hard,max_guesses", LEARNT_CASES)
def test_rules_learnt_from_cuts_agree_with_brute_force(seed, hard, max_guesses):
    """Every rule that stores what a cut proved, and the bound with at most q groups per guess
    (see kernels/search.py), fire here, and the search with them agrees with the brute force,
    and with the search without either or both, on the whole set
    and afterwards, from the same memo, after every fourth guess (each group in normal mode; every
    sixth guess's total in hard mode)."""
    from wordlelab.exact.kernels import search as K
    from wordlelab.exact.optimal import Engine, Solver

    def inf(v: int) -> float:
        return INF if v >= K.INF else v

    gs, ans = family_sample(seed, 12, 24) if hard else family_sample(seed)
    m = matrix_for(gs, ans)
    e = Engine(m, hard, max_guesses, 8)
    S = np.arange(len(ans), dtype=np.int64)
    on = Solver(e)
    on.ctl[K.CTL_OFF] = (
        K.ALWAYS_SUPERSETS
    )  # after every cut, not only after costly ones: more bounds
    want = brute_force(gs, ans, max_guesses, hard)
    got = on.value(S, max_guesses)
    assert inf(got) == want
    for rules_off in [
        *range(K.OFF_LIVE * 2),
        K.OFF_ROWS_EARLY,
        K.OFF_DOMINANCE,
        K.ALWAYS_DOMINANCE,
    ]:
        if rules_off & K.ALWAYS_SUPERSETS:
            continue
        off = Solver(e)
        off.ctl[K.CTL_OFF] = rules_off
        assert off.value(S, max_guesses) == got
        assert off.ctl[K.CTL_SUPER] == 0 or not rules_off & K.OFF_SUPERSETS
        assert off.ctl[K.CTL_QB] == 0 or not rules_off & K.OFF_QBOUND
        assert off.ctl[K.CTL_LIVE] == 0 or not rules_off & K.OFF_LIVE
        assert off.ctl[K.CTL_ROWS_EARLY] == 0 or not rules_off & K.OFF_ROWS_EARLY
    for g in range(0, len(gs), 6 if hard else 4):
        total: float = len(ans)
        for p, sub in e.groups(S, g):
            if p == e.win:
                continue
            v = inf(on.value(sub, max_guesses - 1, e.rule_after(e.empty_rule, g, p)))
            if not hard and sub.size >= 3:
                assert v == brute_force(gs, [ans[a] for a in sub], max_guesses - 1, False)
            total += v
        if hard:
            assert total == brute_force(gs, ans, max_guesses, True, opener=gs[g])
    # every rule fired (on the set or the groups; with three guesses no guess class matters)
    assert on.ctl[K.CTL_SUPER] > 0 and on.ctl[K.CTL_QB] > 0
    # (Whether the hard-mode guess classes fire here depends on the sample; the test on real-list
    # groups below checks that they do. Here they only must not change a value, on or off.)


def test_row_scans_stopped_early_agree_with_brute_force():
    """A normal-mode instance where row scans stop early (kernels/search.py, ``_repeats``): the
    search agrees with the brute force with and without that rule. (Hard mode: the seed-9 cases
    of the test above fire it.)"""
    from wordlelab.exact.kernels import search as K
    from wordlelab.exact.optimal import Engine, Solver

    gs, ans = family_sample(3, 20, 40)
    e = Engine(matrix_for(gs, ans), False, 4, 8)
    S = np.arange(len(ans), dtype=np.int64)
    on, off = Solver(e), Solver(e)
    off.ctl[K.CTL_OFF] = K.OFF_ROWS_EARLY
    want = brute_force(gs, ans, 4, False)
    assert on.value(S, 4) == off.value(S, 4) == want
    assert on.ctl[K.CTL_ROWS_EARLY] > 0 and off.ctl[K.CTL_ROWS_EARLY] == 0


def opener_groups(e, openers: tuple[str, ...], lo: int, hi: int):
    """The groups of lo to hi answers the openers leave on the engine's lists, with their rules."""
    m = e.matrix
    S = np.arange(len(m.answers), dtype=np.int64)
    for opener in openers:
        g = m.guesses.index(opener)
        for p, sub in e.groups(S, g):
            if p != e.win and lo <= sub.size <= hi:
                yield sub, e.rule_after(e.empty_rule, g, p)


@pytest.mark.parametrize("hard", [False, True])
def test_guess_classes_on_the_letters_a_set_holds_change_no_value(matrix, hard):
    """Guesses that agree on every letter some answer holds stand for each other (kernels/search.py,
    step 4b): on the real lists, every group of a few openers is valued the same with and without
    that rule, in normal and hard mode, at five and four guesses, and in hard mode (where it is
    used) the rule drops guesses."""
    from wordlelab.exact.kernels import search as K
    from wordlelab.exact.optimal import Engine, Solver

    e = Engine(matrix, hard, 6, 64)
    on, off = Solver(e), Solver(e)
    off.ctl[K.CTL_OFF] = K.OFF_LIVE
    checked = 0
    for sub, rule in opener_groups(e, ("fuzzy", "mamma", "crwth"), 8, 60):
        for d in (5, 4):
            assert on.value(sub, d, rule) == off.value(sub, d, rule)
            checked += 1
    assert checked >= 10
    assert (on.ctl[K.CTL_LIVE] > 0) == hard and off.ctl[K.CTL_LIVE] == 0  # a hard-mode rule


@pytest.mark.parametrize("hard", [False, True])
def test_row_scans_stopped_early_change_no_value(matrix, hard):
    """A row scan stops once counting the guesses that may still matter one by one costs less
    than the rows left (kernels/search.py, ``_repeats``): on the real lists, every group of a few
    openers is valued the same with and without that rule, at five, four and three guesses, the
    best guesses agree, and in normal mode the rule fires and saves work."""
    from wordlelab.exact.kernels import search as K
    from wordlelab.exact.optimal import Engine, Solver

    e = Engine(matrix, hard, 6, 64)
    on, off = Solver(e), Solver(e)
    off.ctl[K.CTL_OFF] = K.OFF_ROWS_EARLY
    checked = 0
    for sub, rule in opener_groups(e, ("fuzzy", "cutis", "mamma"), 8, 80):
        for d in (5, 4, 3):
            v = on.value(sub, d, rule)
            assert v == off.value(sub, d, rule)
            if d == 4 and v < K.INF:
                assert on.best_guess(sub, d, rule) == off.best_guess(sub, d, rule)
            checked += 1
    assert checked >= 30 and off.ctl[K.CTL_ROWS_EARLY] == 0
    if not hard:  # (hard mode's legal pools are mostly too small for the row scans)
        assert on.ctl[K.CTL_ROWS_EARLY] > 0
        assert on.ctl[K.CTL_WORK] < off.ctl[K.CTL_WORK]


def test_a_tree_is_rebuilt_when_the_memo_refused_its_nodes(matrix, monkeypatch):
    """With a memo far too small to keep the search's nodes (it refuses a set when every slot it
    may take holds a larger one), the tree is still rebuilt: a refused node's guess is found by
    valuing the guesses one by one, and the tree reaches the proven value."""
    from wordlelab.exact.optimal import Engine, Solver

    calls = []
    original = Solver._guess_reaching

    def counted(self, *args):
        calls.append(args[-1])
        return original(self, *args)

    monkeypatch.setattr(Solver, "_guess_reaching", counted)
    e = Engine(matrix, True, 6, 64)
    S = np.arange(len(matrix.answers), dtype=np.int64)
    g = matrix.guesses.index("fuzzy")
    groups = sorted((s for p, s in e.groups(S, g) if p != e.win), key=lambda s: -s.size)
    sub = groups[3]  # 123 answers
    rule = e.rule_after(e.empty_rule, g, int(matrix.data[g, sub[0]]))
    tiny = Solver(e, slots=256)
    v = tiny.value(sub, 5, rule)
    paths = tiny.paths(sub, 5, rule)
    assert calls, "the memo refused no node: the test no longer exercises the rebuild"
    assert sorted(paths) == sorted(int(a) for a in sub)
    assert sum(len(line) for line in paths.values()) == v == Solver(e).value(sub, 5, rule)
    for a, line in paths.items():
        assert line[-1] == int(e.tabs[2][a]) and len(line) <= 5


def test_a_search_of_some_openers_says_what_it_proved(matrix):
    # One opener searched on the original lists: SLATE 7928, the best of those searched, but
    # SALET reaches 7920 and the openers not searched are bounded only by 6797 (this once said
    # "optimal (proven)").
    one = solve_optimal(matrix, candidates=1)
    assert (one.opener, one.total) == ("slate", 7928)
    assert one.best_of_searched and not one.proven and one.lower_bound == 6797
    assert one.proof == "best of 1 openers searched (others: lower bound 6797)"
    assert one.tree().meta["proven"] == one.proof
    # With every opener searched, or the opener given, the proof is complete.
    gs, ans = sample(41, 30, 40)
    m = matrix_for(gs, ans)
    every = solve_optimal(m, candidates=len(gs), memo_mb=8)
    assert every.proven and every.total == brute_force(gs, ans, 6, False)
    assert every.proof == "optimal" and every.table is None
    fixed = solve_optimal(m, opener=gs[3], memo_mb=8)
    assert fixed.proven and fixed.proof == f"optimal after {gs[3]}"
    assert fixed.tree().meta["proven"] == f"optimal after {gs[3]}"


def test_the_shipped_opener_table_rules_out_the_openers_not_searched(matrix):
    from wordlelab.exact.opener_values import known_optimum

    fps = (matrix.guesses.fingerprint, matrix.answers.fingerprint)
    assert known_optimum(*fps, False)[0] == 7920 and known_optimum(*fps, True)[0] == 8122
    assert not solve_optimal(matrix, candidates=2).proven  # without it: the best of two
    res = solve_optimal(matrix, candidates=2, known_optimum=known_optimum(*fps, False))
    assert res.total == 7920 and res.proven and res.table and "original" in res.table
    assert res.proof.startswith("optimal (the openers not searched:")
