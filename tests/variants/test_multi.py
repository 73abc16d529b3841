"""Several boards at once: rules, the game, the position, the strategy and the kernel."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab.errors import GameOverError, UnknownWordError, VariantError
from wordlelab.game import Position
from wordlelab.game.boards import MultiPosition, random_answers
from wordlelab.game.feedback import Pattern, score
from wordlelab.kernels.multi import multi_board_scores
from wordlelab.strategies.multi import MultiStrategy, bench_multi, play_multi
from wordlelab.variants import DORDLE, OCTORDLE, QUORDLE, SEDECORDLE, Multi, MultiGame


def test_presets_match_the_published_games():
    assert [
        (r.title, r.boards, r.max_guesses) for r in (DORDLE, QUORDLE, OCTORDLE, SEDECORDLE)
    ] == [
        ("Dordle", 2, 7),
        ("Quordle", 4, 9),
        ("Octordle", 8, 13),
        ("Sedecordle", 16, 21),
    ]
    assert Multi.of(4) == QUORDLE
    assert Multi.of(3) == Multi(3, 8)
    assert Multi.of(4, 12) == Multi(4, 12)


@pytest.mark.parametrize("boards,guesses", [(0, 5), (4, 3), (65, 80)])
def test_bad_rules_are_refused(boards, guesses):
    with pytest.raises(VariantError):
        Multi(boards, guesses)


def test_a_guess_is_played_only_on_unsolved_boards(allowed):
    game = MultiGame(["crane", "slate"], allowed, DORDLE)
    first = game.guess("crane")
    assert first[0].is_win and first[1] == score("crane", "slate")
    second = game.guess("slate")
    assert second[0] is None and second[1].is_win
    assert game.won and game.solved_at(0) == 1 and game.solved_at(1) == 2
    assert len(game.patterns[0]) == 1 and len(game.patterns[1]) == 2
    with pytest.raises(GameOverError):
        game.guess("adieu")


def test_the_same_answer_on_two_boards_is_solved_by_one_guess(allowed):
    game = MultiGame(["crane", "crane", "slate", "adieu"], allowed, QUORDLE)
    pats = game.guess("crane")
    assert pats[0].is_win and pats[1].is_win and not pats[2].is_win
    assert game.solved == [True, True, False, False]


def test_running_out_of_guesses_loses(allowed):
    game = MultiGame(["crane", "slate"], allowed, Multi(2, 3))
    for w in ("adieu", "crane", "pious"):
        game.guess(w)
    assert game.lost and game.over and not game.won
    assert game.solved == [True, False]
    with pytest.raises(GameOverError):
        game.guess("slate")


def test_a_bad_word_costs_no_guess(allowed):
    game = MultiGame(["crane", "slate"], allowed)
    with pytest.raises(UnknownWordError):
        game.guess("xxxxx")
    assert game.guesses == [] and game.turns_left == 7


def test_position_follows_the_game_and_rejects_feedback_for_solved_boards(matrix, allowed):
    game = MultiGame(["crane", "slate"], allowed, DORDLE)
    pos = MultiPosition.start(matrix, DORDLE)
    game.guess("crane")
    pos = pos.after_game(game, 0)
    assert pos.solved == (True, False) and pos.unsolved == [1]
    assert "slate" in pos.boards[1].candidate_words
    with pytest.raises(VariantError):
        pos.after("slate", [Pattern.parse("..y..", 5), "ggggg"])
    with pytest.raises(VariantError):
        pos.after("slate", ["ggggg"])
    done = pos.after("slate", [None, "ggggg"])
    assert done.done


def test_forced_word_is_played(matrix):
    pos = MultiPosition.start(matrix, DORDLE)
    pos = pos.after("crane", [score("crane", "slate"), score("crane", "crane")])
    pos = pos.after("slate", [score("slate", "slate"), None])
    assert pos.done
    # A board with one candidate left gets that word, even though the other boards are wide open.
    full = Position.start(matrix, max_guesses=9)
    one = Position(matrix, np.array([matrix.answer_index("humph")]), max_guesses=9)
    p = MultiPosition((full, one, full, full), QUORDLE)
    choice = MultiStrategy().choose(p)
    assert (choice.word, choice.metric) == ("humph", "last candidate")


def test_last_turns_play_only_possible_words(matrix):
    rules = Multi(2, 2)
    pos = MultiPosition.start(matrix, rules)
    choice = MultiStrategy().choose(pos)
    assert choice.is_candidate


def reference_scores(data, rows, parts, win):
    """Slow, obviously-correct: per board, entropy of the feedback groups and P(all green)."""
    out = np.zeros((len(rows), 2))
    for i, r in enumerate(rows):
        for cols in parts:
            if len(cols) == 0:
                continue
            codes = [int(data[r, c]) for c in cols]
            n = len(codes)
            for code in set(codes):
                p = codes.count(code) / n
                out[i, 0] -= p * math.log2(p)
            out[i, 1] += codes.count(win) / n
    return out


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_kernel_matches_the_python_reference(matrix, data):
    n_boards = data.draw(st.integers(1, 5))
    parts = [
        data.draw(st.lists(st.integers(0, len(matrix.answers) - 1), max_size=30, unique=True))
        for _ in range(n_boards)
    ]
    rows = np.array(
        data.draw(st.lists(st.integers(0, len(matrix.guesses) - 1), min_size=1, max_size=20)),
        dtype=np.int64,
    )
    # A guess that is an answer of some board makes the "solves" column non-zero.
    rows = np.concatenate(
        [rows, matrix.answer_to_guess[np.array([p[0] for p in parts if p] or [0])]]
    )
    cols = np.array([c for p in parts for c in p], dtype=np.int64)
    starts = np.zeros(n_boards + 1, dtype=np.int64)
    starts[1:] = np.cumsum([len(p) for p in parts])
    expected = reference_scores(matrix.data, rows, parts, matrix.win_code)
    for fn in (multi_board_scores, multi_board_scores.py_func):
        out = np.empty((rows.size, 2))
        fn(matrix.data, rows, cols, starts, 243, matrix.win_code, out)
        np.testing.assert_allclose(out, expected, atol=1e-9)


def test_play_multi_golden_quordle(matrix):
    result = play_multi(matrix, ["cigar", "rebut", "sissy", "humph"], MultiStrategy(), QUORDLE)
    assert result.won
    assert result.guesses[0] == MultiStrategy().choose(MultiPosition.start(matrix, QUORDLE)).word
    assert max(s for s in result.solved_at if s is not None) == len(result.guesses)
    # Replaying the guesses by hand gives the same boards solved at the same guesses.
    game = MultiGame(result.answers, matrix.guesses, QUORDLE)
    for w in result.guesses:
        game.guess(w)
    assert tuple(game.solved_at(b) for b in range(4)) == result.solved_at


def test_seeded_bench_is_reproducible(matrix):
    a = bench_multi(matrix, DORDLE, 5, seed=7)
    b = bench_multi(matrix, DORDLE, 5, seed=7)
    assert [g.answers for g in a.games] == [g.answers for g in b.games]
    assert [g.guesses for g in a.games] == [g.guesses for g in b.games]
    c = bench_multi(matrix, DORDLE, 5, seed=8)
    assert [g.answers for g in a.games] != [g.answers for g in c.games]
    d = a.to_dict()
    assert d["games"] == 5 and sum(d["distribution"].values()) == d["wins"]


def test_random_answers_are_distinct(answers):
    rng = np.random.default_rng(3)
    for _ in range(20):
        t = random_answers(answers, 16, rng)
        assert len(set(t)) == 16
    with pytest.raises(VariantError):
        random_answers(answers, len(answers) + 1, rng)


@settings(max_examples=15, deadline=None)
@given(
    st.lists(st.integers(0, 2314), min_size=2, max_size=5),
    st.lists(st.integers(0, 12971), min_size=1, max_size=6),
)
def test_every_board_keeps_its_answer(matrix, answer_ids, guess_rows):
    answers = [matrix.answers[i] for i in answer_ids]
    rules = Multi.of(len(answers), len(answers) + 6)
    game = MultiGame(answers, matrix.guesses, rules)
    pos = MultiPosition.start(matrix, rules)
    for t, r in enumerate(guess_rows):
        if game.over or r in pos.guesses:
            break
        game.guess(matrix.guesses[r])
        pos = pos.after_game(game, t)
    for b, answer in enumerate(game.answers):
        words = pos.boards[b].candidate_words
        assert answer in words
        assert pos.boards[b].solved == (game.solved_at(b) is not None)
        if pos.boards[b].solved:
            assert words == [answer]


def test_session_reads_feedback_in_every_form(matrix):
    from wordlelab.variants import MultiSession, parse_board_feedback

    s = MultiSession(matrix, QUORDLE)
    first = s.suggestion().word
    pats = [score(first, a) for a in ("cigar", "rebut", "sissy", "humph")]
    s.play(None, " ".join(str(p) for p in pats))
    assert s.position.guesses == (matrix.guesses.lookup(first),)
    s.undo()
    s.play(
        None, "cigar ggggg " + " ".join(str(score("cigar", a)) for a in ("rebut", "sissy", "humph"))
    )
    assert s.position.solved == (True, False, False, False)
    word, parsed = parse_board_feedback("rebut - ggggg ..... .....", s.position)
    assert word == "rebut" and parsed[0] is None and parsed[1].is_win
    word, parsed = parse_board_feedback("ggggg ..... .....", s.position)
    assert word is None and parsed[0] is None and len(parsed) == 4
    with pytest.raises(VariantError):
        parse_board_feedback("ggggg .....", s.position)
    with pytest.raises(VariantError):
        parse_board_feedback("..... ggggg ..... .....", s.position)  # board 1 is solved
    with pytest.raises(VariantError):
        s.undo() and s.undo()
    assert len(s.board_lines()) == 4


def test_session_checks_one_board_at_a_time_and_errors_name_the_board(matrix):
    """Feedback typed board by board is read and checked against its board as it comes; every
    refusal names the board and keeps the error's type and kind."""
    from wordlelab.errors import InconsistentFeedbackError, InvalidPatternError
    from wordlelab.variants import MultiSession, parse_board_feedback

    s = MultiSession(matrix, QUORDLE)
    first = s.suggestion().word
    pats = [score(first, a) for a in ("cigar", "rebut", "sissy", "humph")]
    assert s.check_board(2, str(pats[2])) == pats[2]
    assert s.position.guesses == ()  # checking plays nothing
    with pytest.raises(InvalidPatternError, match="^board 3: feedback 'bad' has") as bad:
        s.check_board(2, "bad")
    assert bad.value.fields["board"] == 3
    with pytest.raises(InconsistentFeedbackError, match="^board 4: no remaining word gives") as no:
        s.check_board(3, "gggg.")
    assert no.value.kind == "no_fit" and no.value.fields["board"] == 4
    with pytest.raises(VariantError, match="there is no board 5"):
        s.check_board(4, ".....")
    with pytest.raises(InconsistentFeedbackError, match="^board 4: no remaining word gives"):
        s.play(None, " ".join(str(p) for p in pats[:3]) + " gggg.")
    with pytest.raises(InvalidPatternError, match="^board 2: feedback 'bad'"):
        parse_board_feedback(f"{pats[0]} bad {pats[2]} {pats[3]}", s.position)
    assert s.position.guesses == ()
    s.play(
        None, "cigar ggggg " + " ".join(str(score("cigar", a)) for a in ("rebut", "sissy", "humph"))
    )
    with pytest.raises(VariantError, match="board 1 is already solved"):
        s.check_board(0, "ggggg")
