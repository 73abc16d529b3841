"""The position notation: three spellings, round trips, and one-line errors for bad positions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlelab.errors import (
    HardModeError,
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
    UnknownWordError,
    WordlelabError,
)
from wordlelab.game.feedback import Pattern, score
from wordlelab.game.notation import PositionText, parse_position, read_position

STYLES = ("colon", "comma", "selby")


@pytest.fixture(scope="module")
def original(answers, allowed, matrix):
    assert (len(matrix.answers), len(matrix.guesses)) == (2315, 12972)
    return matrix


SAME = [
    "salet:...y. drone:y...g",
    "salet,...y.;drone,y...g",
    "salet.BBBYB.drone.YBBBG",
    "SALET:00010 DRONE:10002",
    " salet:⬜⬜⬜🟨⬜  drone:🟨⬜⬜⬜🟩 ",
]


@pytest.mark.parametrize("text", SAME)
def test_spellings_agree(text):
    spec = parse_position(text)
    assert spec.history == (("salet", Pattern.parse("...y.")), ("drone", Pattern.parse("y...g")))
    assert spec.guess is None


def test_trailing_guess_and_empty():
    assert parse_position("salet.BBBYB.drone").guess == "drone"
    assert parse_position("salet:...y. drone").guess == "drone"
    assert parse_position("salet,...y.;drone").guess == "drone"
    assert parse_position("crane") == PositionText((), "crane")
    assert parse_position("  ") == PositionText(())


def test_formats():
    spec = parse_position("salet.BBBYB.drone.YBBBG.crane")
    assert spec.format("colon") == "salet:...y. drone:y...g crane"
    assert spec.format("comma") == "salet,...y.;drone,y...g;crane"
    assert spec.format("selby") == "salet.BBBYB.drone.YBBBG.crane"
    with pytest.raises(InvalidPatternError):
        spec.format("nope")


words5 = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=5, max_size=5)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(words5, st.integers(0, 3**5 - 1)), max_size=6),
    st.one_of(st.none(), words5),
    st.sampled_from(STYLES),
)
def test_round_trip(steps, trailing, style):
    spec = PositionText(tuple((w, Pattern(c, 5)) for w, c in steps), trailing)
    assert parse_position(spec.format(style)) == spec


@pytest.mark.parametrize(
    "text, error",
    [
        ("salet:...q.", InvalidPatternError),
        ("salet:...y drone:y...g", InvalidPatternError),
        ("salet drone:y...g", InvalidPatternError),
        ("sa1et:.....", InvalidWordError),
        ("salet..drone", InvalidWordError),
        ("salets:...... crane:.....", InvalidWordError),
    ],
)
def test_bad_syntax(text, error):
    with pytest.raises(error) as exc:
        parse_position(text)
    assert "\n" not in str(exc.value)


def test_a_word_and_its_feedback_of_different_lengths_name_both():
    """'sal:.....' is a short word, not feedback too long: the error names the word's letters
    and the feedback's tiles (it said "feedback '.....' has 5 tiles; expected 3")."""
    with pytest.raises(InvalidPatternError) as exc:
        parse_position("sal:.....")
    assert str(exc.value) == (
        "position 'sal:.....': 'sal' has 3 letters but its feedback '.....' has 5 tiles"
    )
    parts = exc.value.parts()
    assert (parts["kind"], parts["input"], parts["letters"], parts["tiles"]) == (
        "position_tiles",
        "sal",
        3,
        5,
    )


def test_bad_feedback_in_a_position_keeps_its_kind():
    """The web page's Russian text comes from the error's kind and figures: a position's bad
    feedback keeps those of the feedback's own error (it had none: the page showed English)."""
    with pytest.raises(InvalidPatternError) as exc:
        parse_position("salet:.q...")
    assert str(exc.value).startswith("position 'salet:.q...': feedback '.q...' has 'q'")
    parts = exc.value.parts()
    assert (parts["kind"], parts["input"], parts["chars"]) == ("feedback_chars", ".q...", "q")


def test_resolve(original):
    pos, trailing = read_position("salet.BBBYB.drone.YBBBG", original)
    words = pos.candidate_words
    assert words and all(
        score("salet", w) == Pattern.parse("BBBYB") and score("drone", w) == Pattern.parse("YBBBG")
        for w in words
    )
    assert trailing is None
    pos, trailing = read_position("salet:..... crane", original)
    assert trailing == "crane" and pos.turn == 2


@pytest.mark.parametrize(
    "text, hard, error",
    [
        ("zzzzz:.....", False, UnknownWordError),
        ("cigar:ggggg crane:.....", False, InvalidPatternError),
        ("salet:gggg.", False, InconsistentFeedbackError),
        ("salet:g.... crane:.....", True, HardModeError),
        ("salet:g.... crane", True, HardModeError),
        ("salet:..... qqqqq", False, UnknownWordError),
    ],
)
def test_bad_positions(original, text, hard, error):
    with pytest.raises(error) as exc:
        read_position(text, original, hard=hard)
    assert isinstance(exc.value, WordlelabError) and "\n" not in str(exc.value)


@pytest.mark.parametrize(
    ("text", "kind", "input_", "fields"),
    [
        (";;;", "position_no_guesses", ";;;", {}),
        ("salet crane:.....", "position_no_feedback", "salet", {}),
        ("sa1et:.....", "position_not_word", "sa1et", {}),
        ("salet:..... cranes:......", "position_word_lengths", "cranes", {"first": "SALET"}),
    ],
)
def test_each_fault_of_a_position_has_a_kind_for_the_page(text, kind, input_, fields):
    """The Russian page says a refused position in Russian from its kind (i18n.js err_<kind>);
    these faults had none, so it showed the English sentence."""
    with pytest.raises(WordlelabError) as exc:
        parse_position(text)
    parts = exc.value.parts()
    assert (parts["kind"], parts["input"]) == (kind, input_), parts
    assert fields.items() <= parts.items()


def test_a_position_played_on_after_the_win_or_past_the_limit_has_a_kind(matrix):
    with pytest.raises(WordlelabError) as exc:
        read_position("cigar:ggggg crane:.....", matrix)
    assert (exc.value.parts()["kind"], exc.value.parts()["input"]) == (
        "position_after_win",
        "crane",
    )
    with pytest.raises(WordlelabError) as exc:
        read_position("cigar:ggggg crane", matrix)
    assert exc.value.parts()["kind"] == "position_after_win"
    with pytest.raises(WordlelabError) as exc:
        read_position("salet:..... crane:..... fuzzy:.....", matrix, max_guesses=2)
    parts = exc.value.parts()
    assert (parts["kind"], parts["played"], parts["max_guesses"]) == ("too_many_guesses", 3, 2)
