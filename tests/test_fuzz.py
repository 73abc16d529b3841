"""Property-based fuzzing of every parser: any input parses or raises a WordlelabError (issue 15).

Never another exception, never a hang. The strategies mix the characters each parser cares
about (tiles, notations, separators, letters of both alphabets) with arbitrary text.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordlelab.assist.assistant import parse_entry
from wordlelab.errors import WordlelabError
from wordlelab.exact.tree import DecisionTree
from wordlelab.game.feedback import Pattern
from wordlelab.game.lists import load_lists
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.notation import parse_position, read_position
from wordlelab.game.words import WordList
from wordlelab.judge.grid import parse_share_grid
from wordlelab.strategies import strategy_names

TILES = "⬜⬛🟨🟦🟩🟧"
NOTATION = ".-_xbgyBGY0123⬜🟨🟩 ,;\t"
LETTERS = "abcdexyzABCкошаё"
SOUP = st.text(
    alphabet=st.sampled_from(list(TILES + NOTATION + LETTERS + "/*#\n\r\ufeff\ufe0f1234567890W")),
    max_size=120,
)
ANY = st.one_of(SOUP, st.text(max_size=80))
FUZZ = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

_SMALL = WordList(
    ["crane", "slate", "cigar", "rebut", "sissy", "humph"], name="small", language="en"
)
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
@given(
    st.lists(
        st.one_of(
            SOUP,
            st.sampled_from(
                ["Wordle 1,234 3/6*", "Wordle 12 X/6", "🟩🟩🟩🟩🟩", "⬜🟨⬜⬜⬜ crane", ""]
            ),
        ),
        max_size=8,
    )
)
def test_share_grids(lines):
    _parses_or_refuses(parse_share_grid, "\n".join(lines))


@FUZZ
@given(
    st.lists(
        st.one_of(SOUP, st.sampled_from(["crane", "CRANE", "# note", "", "кошка", "crane # c"])),
        max_size=10,
    ),
    st.sampled_from([None, "en", "ru"]),
)
def test_word_list_files(lines, lang):
    _parses_or_refuses(WordList.from_lines, lines, "fuzz.txt", lang)


@FUZZ
@given(
    st.lists(
        st.one_of(
            SOUP,
            st.sampled_from(
                [
                    "crane cigar",
                    "crane rebut",
                    "# mode: hard",
                    "crane ..y.. cigar",
                    "slate sissy humph",
                ]
            ),
        ),
        max_size=8,
    )
)
def test_tree_files(lines):
    def parse_and_check(text: str) -> None:
        tree = DecisionTree.parse(text, "fuzz.txt")
        tree.check_shape()
        tree.verify(_SMALL, _SMALL)

    _parses_or_refuses(parse_and_check, "\n".join(lines))


@FUZZ
@given(
    st.one_of(st.none(), st.sampled_from(["nyt", "original", "nyt2022", "NYT", "bogus", ""])),
    st.one_of(
        st.none(), st.sampled_from(["all", "answers", "nyt-answers", "nope", "/no/such/file"])
    ),
    st.sampled_from([4, 5, 6]),
    st.sampled_from(["en", "ru"]),
)
@pytest.mark.filterwarnings("ignore")
def test_list_specs(lists, answers, length, lang):
    _parses_or_refuses(load_lists, length, lang, None, answers, lists)


POSITION = st.lists(
    st.one_of(
        SOUP,
        st.sampled_from(
            [
                "crane:.....",
                "slate:gy...",
                "cigar,ggggg",
                "rebut",
                "crane.BBYGB",
                ".YYBBG.",
                ";",
                ":",
                ",",
                ".",
                " ",
                "crane:",
                ":ggggg",
                "sissy:....g",
                "humph:GGGGG",
                "crane:⬜🟨⬜🟩⬜",
            ]
        ),
    ),
    max_size=6,
)


@FUZZ
@given(
    POSITION, st.sampled_from(["", " ", ";", ".", ":"]), st.booleans(), st.sampled_from([1, 2, 6])
)
def test_position_strings(parts, sep, hard, max_guesses):
    # Parsed alone, then read on a matrix (words known, history consistent, hard-mode legal).
    text = sep.join(parts)
    _parses_or_refuses(parse_position, text)
    _parses_or_refuses(read_position, text, SMALL_MATRIX, hard, max_guesses)


def _strategy_with(name: str, pairs: list[str]) -> None:
    from wordlelab.cli.bench import build_strategies, parse_options

    build_strategies(name, None, parse_options(pairs))


NUMBERISH = st.one_of(
    st.integers().map(str),
    st.floats().map(str),
    st.text(alphabet="0123456789-+._eE xnaif", max_size=30),
    ANY,
)


@FUZZ
@given(
    st.sampled_from(strategy_names()),
    st.lists(
        st.one_of(
            st.tuples(
                st.sampled_from(
                    [
                        "m",
                        "n",
                        "seed",
                        "common",
                        "top_percent",
                        "width",
                        "depth",
                        "shortlist",
                        "fail",
                        "pool",
                        "x",
                        "",
                    ]
                ),
                NUMBERISH,
            ).map(lambda kv: f"{kv[0]}={kv[1]}"),
            ANY,
        ),
        max_size=3,
    ),
)
def test_strategy_options(name, pairs):
    # '-o KEY=VALUE' text, as bench and the assistant take it: made, or a WordlelabError.
    _parses_or_refuses(_strategy_with, name, pairs)


SESSION_LINE = st.one_of(
    SOUP,
    st.sampled_from(
        [
            "",
            "undo",
            "top",
            "top 3",
            "top 0",
            "top 99999999999999999999",
            "words",
            "words -2",
            "help",
            ".....",
            "ggggg",
            "y...g",
            "crane .y..g",
            "cigar,ggggg",
            "sissy 00000",
            "rebut BYBBG",
            "quit",
        ]
    ),
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(SESSION_LINE, max_size=10), st.booleans())
def test_whole_assist_sessions(tmp_path_factory, lines, hard):
    # The assistant fed a whole session on stdin: it ends normally (exit 0) or, when every word has
    # been refused, with one line and exit 1; never a traceback (invoke checks).
    from interactive_helpers import invoke

    path = tmp_path_factory.getbasetemp() / "session-words.txt"
    path.write_text("\n".join(_SMALL) + "\n")
    code, _, err = invoke(
        "assist",
        "--words",
        str(path),
        "--answers",
        str(path),
        *(["--hard"] if hard else []),
        input="\n".join(lines) + "\n",
    )
    assert code == 0 or (code == 1 and err.count("\n") == 1 and "nothing left to suggest" in err), (
        err
    )


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
GAME_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "answer": JSON,
        "guesses": JSON,
        "won": JSON,
        "hard": JSON,
        "length": JSON,
        "lang": JSON,
        "max_guesses": JSON,
        "words": JSON,
        "id": JSON,
        "finished_at": JSON,
        "extra": st.integers(),
    },
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.one_of(
        JSON,
        GAME_FIELDS,
        GAME_FIELDS.map(lambda d: {"answer": "cigar", "guesses": 3, "won": True, **d}),
    )
)
def test_kept_game_files(tmp_path_factory, payload):
    # A pending file is either a whole game or left in place: 'stats' and the next game never fail.
    import json

    from wordlelab.game.stats import GameRecord, StatsStore

    store = StatsStore(tmp_path_factory.mktemp("stats") / "s.db")
    store.pending_dir.mkdir(parents=True)
    kept = store.pending_dir / "kept.json"
    kept.write_text(json.dumps(payload))
    store.record(GameRecord("rebut", 2, True))
    played = store.summary().played
    assert played in (1, 2) and (played == 2) != kept.exists()
