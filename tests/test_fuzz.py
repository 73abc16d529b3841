"""Property-based fuzzing of every parser: any input parses or raises a WordlelabError (issue 15).

Never another exception, never a hang. The strategies mix the characters each parser cares
about (tiles, notations, separators, letters of both alphabets) with arbitrary text.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordlelab.analysis import parse_share_grid
from wordlelab.assistant import parse_entry
from wordlelab.errors import WordlelabError
from wordlelab.feedback import Pattern
from wordlelab.lists import load_lists
from wordlelab.matrix import PatternMatrix
from wordlelab.tree import DecisionTree
from wordlelab.words import WordList

TILES = "⬜⬛🟨🟦🟩🟧"
NOTATION = ".-_xbgyBGY0123⬜🟨🟩 ,;\t"
LETTERS = "abcdexyzABCкошаё"
SOUP = st.text(alphabet=st.sampled_from(list(TILES + NOTATION + LETTERS + "/*#\n\r\ufeff\ufe0f1234567890W")),
               max_size=120)
ANY = st.one_of(SOUP, st.text(max_size=80))
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

_SMALL = WordList(["crane", "slate", "cigar", "rebut", "sissy", "humph"], name="small", language="en")
SMALL_MATRIX = PatternMatrix.build(_SMALL, _SMALL)


def _parses_or_refuses(fn, *args) -> None:
    try:
        fn(*args)
    except WordlelabError:
        pass


@FUZZ
@given(ANY, st.sampled_from([None, 4, 5, 6]))
def test_pattern_notations(text, length):
    _parses_or_refuses(Pattern.parse, text, length)


@FUZZ
@given(ANY)
def test_assist_lines(text):
    _parses_or_refuses(parse_entry, text, SMALL_MATRIX)


@FUZZ
@given(st.lists(st.one_of(SOUP, st.sampled_from(["Wordle 1,234 3/6*", "Wordle 12 X/6", "🟩🟩🟩🟩🟩",
                                                    "⬜🟨⬜⬜⬜ crane", ""])), max_size=8))
def test_share_grids(lines):
    _parses_or_refuses(parse_share_grid, "\n".join(lines))


@FUZZ
@given(st.lists(st.one_of(SOUP, st.sampled_from(["crane", "CRANE", "# note", "", "кошка", "crane # c"])),
                max_size=10), st.sampled_from([None, "en", "ru"]))
def test_word_list_files(lines, lang):
    _parses_or_refuses(WordList.from_lines, lines, "fuzz.txt", lang)


@FUZZ
@given(st.lists(st.one_of(SOUP, st.sampled_from(["crane cigar", "crane rebut", "# mode: hard",
                                                    "crane ..y.. cigar", "slate sissy humph"])), max_size=8))
def test_tree_files(lines):
    def parse_and_check(text: str) -> None:
        tree = DecisionTree.parse(text, "fuzz.txt")
        tree.check_shape()
        tree.verify(_SMALL, _SMALL)

    _parses_or_refuses(parse_and_check, "\n".join(lines))


@FUZZ
@given(st.one_of(st.none(), st.sampled_from(["nyt", "original", "nyt2022", "NYT", "bogus", ""])),
       st.one_of(st.none(), st.sampled_from(["all", "answers", "nyt-answers", "nope", "/no/such/file"])),
       st.sampled_from([4, 5, 6]), st.sampled_from(["en", "ru"]))
@pytest.mark.filterwarnings("ignore")
def test_list_specs(lists, answers, length, lang):
    _parses_or_refuses(load_lists, length, lang, None, answers, lists)
