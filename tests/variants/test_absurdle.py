"""Absurdle: the adversary's tie rule, the game, and the proof of the fewest guesses."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab.errors import GameOverError, HardModeError, UnknownWordError
from wordlelab.exact.absurdle import AbsurdleSearch, pigeonhole_bound, prove_absurdle, replay
from wordlelab.game import Position
from wordlelab.game.absurdle import absurdle_response
from wordlelab.game.feedback import GREEN, YELLOW, Pattern, score
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.words import WordList
from wordlelab.variants import AbsurdleGame, AbsurdleSession


def small_matrix(guesses, answers):
    g = WordList(sorted(set(guesses) | set(answers)), "g")
    return PatternMatrix.build(g, WordList(answers, "a"))


def reference_response(guess, answers):
    """Slow, obviously-correct: biggest group, then fewest greens, fewest yellows, lowest code."""
    groups: dict[Pattern, list[str]] = {}
    for a in answers:
        groups.setdefault(score(guess, a), []).append(a)

    def key(p):
        cols = p.colors
        return (-len(groups[p]), cols.count(GREEN), cols.count(YELLOW), p.code)

    best = min(groups, key=key)
    return best, groups[best]


@pytest.mark.parametrize(
    "answers,expected",
    [
        # grey group (2) ties a green group (2): the fewer greens win
        (["fghij", "klmno", "azzzz", "ayyyy"], "....."),
        # a yellow group ties a green group: no green wins
        (["zazzz", "yayyy", "azzzz", "ayyyy"], "y...."),
        # two yellow groups of one yellow each: the lower code (yellow later in the word) wins
        (["zazzz", "yayyy", "bzzzz", "byyyy"], ".y..."),
        # a bigger group beats fewer greens
        (["fghij", "azzzz", "ayyyy", "axxxx"], "g...."),
    ],
)
def test_tie_rule_on_hand_made_lists(answers, expected):
    m = small_matrix(["abcde"], answers)
    code, kept = absurdle_response(m, np.arange(len(answers)), m.guesses.lookup("abcde"))
    assert str(Pattern(code, 5)) == expected
    assert str(reference_response("abcde", answers)[0]) == expected
    assert sorted(m.answers[int(i)] for i in kept) == sorted(
        reference_response("abcde", answers)[1]
    )


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_response_matches_the_reference(matrix, data):
    n = len(matrix.answers)
    cands = np.array(
        sorted(data.draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=40))), dtype=np.int64
    )
    g = data.draw(st.integers(0, len(matrix.guesses) - 1))
    code, kept = absurdle_response(matrix, cands, g)
    words = [matrix.answers[int(i)] for i in cands]
    best, group = reference_response(matrix.guesses[g], words)
    assert code == best.code
    assert [matrix.answers[int(i)] for i in kept] == group


def test_the_published_four_guess_win_replays(matrix):
    line = replay(matrix, ["aesir", "yauld", "tench", "whoop"])
    assert [(w, str(p), n) for w, p, n in line] == [
        ("aesir", ".....", 168),
        ("yauld", ".....", 15),
        ("tench", "....y", 1),
        ("whoop", "ggggg", 1),
    ]
    # The same line is legal in hard mode.
    assert replay(matrix, ["aesir", "yauld", "tench", "whoop"], hard=True)[-1][1].is_win


def test_game_wins_only_on_the_last_word(matrix):
    game = AbsurdleGame(matrix)
    assert not game.guess("cigar").is_win  # an answer, but never the first guess's kept group
    with pytest.raises(UnknownWordError):
        game.guess("qqqqq")
    for w in ("aesir", "yauld", "tench"):
        game.guess(w)
    assert game.remaining >= 1 and not game.won


def test_hard_mode_is_enforced(matrix):
    game = AbsurdleGame(matrix, hard=True)
    game.guess("aesir")
    game.guess("yauld")
    game.guess("tench")  # h is yellow: the next guess must contain h
    with pytest.raises(HardModeError):
        game.guess("crane")
    assert game.guess("whoop").is_win and game.won
    with pytest.raises(GameOverError):
        game.guess("whoop")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 12971), min_size=1, max_size=6))
def test_a_win_needs_exactly_one_word_left(matrix, rows):
    game = AbsurdleGame(matrix)
    for r in rows:
        if game.won:
            break
        before = game.position.candidates
        word = matrix.guesses[r]
        if r in game.position.played:
            continue
        p = game.guess(word)
        assert p.is_win == (before.size == 1 and matrix.answers[int(before[0])] == word)


# A small list the brute force below can settle: every answer shares "_ight"-like endings.
SMALL_ANSWERS = [
    "fight",
    "light",
    "might",
    "night",
    "right",
    "sight",
    "tight",
    "wight",
    "bight",
    "eight",
    "hight",
]
SMALL_GUESSES = [
    "fight",
    "light",
    "might",
    "night",
    "right",
    "sight",
    "tight",
    "wight",
    "bight",
    "eight",
    "hight",
    "flint",
    "smote",
    "brawn",
    "champ",
    "dwelt",
    "ghost",
]


def brute_minimum(guesses, answers, limit=6):
    """Fewest guesses that force a win, by plain recursion over strings (no matrix, no bounds)."""

    @cache
    def wins_within(cands: tuple[str, ...], d: int) -> bool:
        if len(cands) == 1:
            return d >= 1
        if d < 2:
            return False
        for g in guesses:
            _, kept = reference_response(g, list(cands))
            if len(kept) < len(cands) and wins_within(tuple(kept), d - 1):
                return True
        return False

    for d in range(1, limit + 1):
        if wins_within(tuple(answers), d):
            return d
    return None


def test_proof_matches_brute_force_on_a_small_list():
    m = small_matrix(SMALL_GUESSES, SMALL_ANSWERS)
    expected = brute_minimum(tuple(m.guesses), SMALL_ANSWERS)
    proof = prove_absurdle(m)
    assert proof.guesses == expected and expected >= 3
    assert proof.impossible == expected - 1
    assert proof.line[-1][1].is_win and proof.line[-2][2] == 1
    # The exhaustive search agrees that one guess fewer is not enough.
    start = Position.start(m, max_guesses=10**6)
    assert AbsurdleSearch().line(start, expected - 1) is None


def test_pigeonhole_bound():
    assert pigeonhole_bound(5, 1) == 1
    assert pigeonhole_bound(5, 2) == 243
    assert pigeonhole_bound(5, 3) == 243**2


def test_session_suggests_a_winning_line(matrix):
    s = AbsurdleSession(matrix, width=20)
    s.play("aesir")
    s.play("yauld")
    plan = s.plan()
    assert len(plan) == 2
    s.play(plan[0])
    assert s.position.candidates.size == 1
    assert s.undo() == plan[0]


@pytest.mark.slow
@pytest.mark.parametrize("hard", [False, True])
def test_four_is_the_proven_minimum_on_the_original_lists(matrix, hard):
    proof = prove_absurdle(matrix, hard=hard)
    assert (proof.guesses, proof.impossible) == (4, 3)


def test_the_start_line_is_computed_once_and_then_read_from_the_cache(
    matrix, tmp_path, monkeypatch
):
    """The assistant's line at the start comes from the disk cache after the first game: the same
    line the search gives (it is deterministic), and no search the second time."""
    from wordlelab.exact import absurdle as A

    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))
    start = Position.start(matrix, max_guesses=10**6)
    _, want = A.absurdle_next(start, 20)
    assert A.start_line(matrix, False, 20) == want
    (path,) = (tmp_path / "openers").glob("*.json")

    def no_search(*args, **kwargs):
        raise AssertionError("searched although the line was cached")

    monkeypatch.setattr(A, "absurdle_next", no_search)
    assert A.start_line(matrix, False, 20) == want
    assert AbsurdleSession(matrix, width=20).plan() == [matrix.guesses[r] for r in want]
    # Another width or mode is another line: not taken from this file.
    with pytest.raises(AssertionError, match="searched"):
        A.start_line(matrix, True, 20)
    # A file that was changed (words that do not force a win, junk, another key) is not
    # believed: the line is searched again and the file written anew.
    monkeypatch.undo()
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))
    good = path.read_text(encoding="utf-8")
    for bad in (
        good.replace(matrix.guesses[want[-1]], "zonal"),
        "{not json",
        good.replace('"key": "', '"key": "x'),
        '{"key": 1}',
    ):
        path.write_text(bad, encoding="utf-8")
        assert A.start_line(matrix, False, 20) == want
        assert path.read_text(encoding="utf-8") == good


def test_an_unwritable_cache_only_costs_time(matrix, tmp_path, monkeypatch):
    from wordlelab import paths
    from wordlelab.exact import absurdle as A

    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path))

    def refuse(*args, **kwargs):
        raise PermissionError("read-only")

    monkeypatch.setattr(paths, "write_atomic", refuse)  # every cache entry is written through it
    start = Position.start(matrix, max_guesses=10**6)
    assert A.start_line(matrix, False, 20) == A.absurdle_next(start, 20)[1]
    assert not (tmp_path / "openers").exists()
