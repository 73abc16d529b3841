"""Exact feedback: the golden table of repeated-letter cases, notations, and properties."""

from __future__ import annotations

import pytest
from golden_feedback import GOLDEN
from hypothesis import given
from hypothesis import strategies as st

from wordlelab import InvalidPatternError, Pattern, score
from wordlelab.game.feedback import NOTATIONS, parse_colors, score_colors


@pytest.mark.parametrize("guess,answer,expected", [g for g in GOLDEN if g[2]])
def test_golden_table(guess, answer, expected):
    assert str(score(guess, answer)) == expected


def test_lengths_must_match():
    with pytest.raises(InvalidPatternError, match="lengths differ"):
        score("молоко", "колобок")


words5 = st.text(alphabet="abcdeoy", min_size=5, max_size=5)
cyrillic = st.text(alphabet="абвгдеёжо", min_size=6, max_size=6)


@given(st.one_of(words5, cyrillic))
def test_own_feedback_is_all_green(w):
    assert score(w, w).is_win


@given(st.data())
def test_letter_counts_bounded(data):
    k = data.draw(st.integers(1, 8))
    alpha = data.draw(st.sampled_from(["abc", "abcdefghij", "ёжзия"]))
    g = data.draw(st.text(alphabet=alpha, min_size=k, max_size=k))
    a = data.draw(st.text(alphabet=alpha, min_size=k, max_size=k))
    colors = score_colors(g, a)
    for letter in set(g):
        marked = sum(1 for ch, c in zip(g, colors) if ch == letter and c > 0)
        assert marked <= min(g.count(letter), a.count(letter))
        # And the marks are exactly that many: Wordle reveals the full shared count.
        assert marked == min(g.count(letter), a.count(letter))
    for i, (x, y) in enumerate(zip(g, a)):
        assert (colors[i] == 2) == (x == y)


patterns = st.integers(1, 11).flatmap(
    lambda k: st.integers(0, 3**k - 1).map(lambda c: Pattern(c, k))
)


@given(patterns, st.sampled_from(sorted(NOTATIONS)))
def test_round_trip_every_notation(p, notation):
    assert Pattern.parse(p.format(notation)) == p
    assert Pattern.parse(p.format(notation).lower()) == p or notation == "xof"


@given(patterns)
def test_repr_reads_back(p):
    assert eval(repr(p)) == p  # noqa: S307 - repr is documented to be code


@pytest.mark.parametrize(
    "text,expected",
    [
        ("..yg.", "..yg."),
        ("--yg_", "..yg."),
        ("xxygx", "..yg."),
        ("00120", "..yg."),
        ("BBYGB", "..yg."),
        ("nnygn", "..yg."),
        ("WWYGW", "..yg."),
        ("ffoxf", "..yg."),
        ("FFOXF", "..yg."),
        ("⬜⬛🟨🟩⬜", "..yg."),
        ("⬜⬜🟦🟧⬜", "..yg."),
        ("⬜️⬜️🟨🟩⬜️", "..yg."),  # with variation selectors
        (" . . y g . ", "..yg."),
        ("XXXXX", "ggggg"),  # capital X alone: XOF's green
        ("xxxxx", "....."),  # lower-case x alone: grey
        ("GGGGG", "ggggg"),
    ],
)
def test_notations_detected(text, expected):
    assert str(Pattern.parse(text)) == expected


@pytest.mark.parametrize(
    "text,message",
    [
        ("..yq.", "'q'"),
        ("b.ygg", "mixes notations"),
        ("0.1..", "mixes notations"),
        ("🟩🟧⬜⬜⬜", "mixes notations"),
        ("", "empty"),
        ("   ", "empty"),
    ],
)
def test_bad_feedback_quotes_the_input(text, message):
    with pytest.raises(InvalidPatternError, match=message) as exc:
        Pattern.parse(text)
    assert repr(text) in str(exc.value)


def test_wrong_length_names_input():
    with pytest.raises(InvalidPatternError, match=r"'..yg' has 4 tiles; expected 5"):
        Pattern.parse("..yg", 5)


def test_pattern_code_layout():
    p = Pattern.parse("g....")
    assert p.code == 2 * 3**4  # position 0 is the most significant digit
    assert Pattern.all_green(5).code == 242
    assert p.colors == (2, 0, 0, 0, 0)
    assert format(p, "emoji") == "🟩⬜⬜⬜⬜"
    assert f"{p:digits}" == "20000"
    assert parse_colors("🟩") == (2,)


def test_pattern_rejects_out_of_range():
    with pytest.raises(InvalidPatternError):
        Pattern(243, 5)
