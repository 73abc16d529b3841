"""simulate(): the tree walk equals games played alone; statistics; progress; the opener cache."""

from __future__ import annotations

import json

import numpy as np
import pytest

from wordlelab.assist.openers import opener_path, rank_openers, strategy_opener
from wordlelab.assist.simulate import play_one, simulate
from wordlelab.errors import UnknownWordError
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.words import WordList
from wordlelab.strategies import make_strategy


@pytest.fixture(scope="module")
def tiny(answers, allowed):
    ans = WordList(answers.words[5::40][:50], name="tiny answers")
    extra = [w for w in allowed.words[3::53] if w not in set(ans)][:150]
    return PatternMatrix.build(WordList(sorted(set(ans) | set(extra)), name="tiny guesses"), ans)


def test_statistics_add_up(tiny):
    r = simulate(make_strategy("entropy"), tiny, max_guesses=3, cache=False)
    d = r.to_dict()
    assert sum(r.distribution) + len(r.failed) == r.games == 50
    assert d["total_guesses"] == sum(len(p) for p in r.paths.values())
    assert d["mean"] == pytest.approx(r.total / 50, abs=1e-4)
    assert all(len(r.paths[w]) > 3 for w in r.failed)
    assert r.worst == max(len(p) for p in r.paths.values()) and r.worst_words
    assert json.loads(json.dumps(d)) == d


def test_progress_reports_every_game_once(tiny):
    seen = []
    simulate(
        make_strategy("splits"),
        tiny,
        cache=False,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(i, 50) for i in range(1, 51)]


def test_fixed_opener_and_unknown_opener(tiny):
    word = tiny.guesses[7]
    r = simulate(make_strategy("minimax"), tiny, opener=word.upper(), cache=False)
    assert r.opener == word and all(p[0] == word for p in r.paths.values())
    assert (
        tuple(play_one(make_strategy("minimax"), tiny, tiny.answers[3], opener=word, cache=False))
        == r.paths[tiny.answers[3]]
    )
    with pytest.raises(UnknownWordError):
        simulate(make_strategy("minimax"), tiny, opener="zzzzz")


def test_opener_cache_is_written_reused_and_repaired(tiny):
    s = make_strategy("expected-size")
    path = opener_path(s, tiny, False)
    path.unlink(missing_ok=True)
    row = strategy_opener(s, tiny)
    data = json.loads(path.read_text())
    assert data["word"] == tiny.guesses[row] and data["row"] == row
    # A valid file is trusted (a different word planted in it is used) ...
    other = (row + 1) % len(tiny.guesses)
    path.write_text(json.dumps({**data, "row": other, "word": tiny.guesses[other]}))
    assert strategy_opener(s, tiny) == other
    # ... a corrupt or inconsistent one is recomputed and rewritten.
    for bad in (
        "{not json",
        json.dumps({**data, "word": "zzzzz"}),
        json.dumps({**data, "key": "x"}),
    ):
        path.write_text(bad)
        assert strategy_opener(s, tiny) == row
        assert json.loads(path.read_text())["row"] == row
    # Options and mode are part of the key.
    assert opener_path(make_strategy("expected-size", pool="candidates"), tiny, False) != path
    assert opener_path(s, tiny, True) != path


def test_rank_openers_orders_by_metric(tiny):
    for metric, better in (
        ("entropy", np.greater_equal),
        ("splits", np.greater_equal),
        ("expected-size", np.less_equal),
        ("minimax", np.less_equal),
    ):
        ranked = rank_openers(tiny, metric, top=None)
        assert len(ranked) == len(tiny.guesses)
        values = np.array([o.value for o in ranked])
        assert better(values[:-1], values[1:]).all()
        assert [o.rank for o in ranked[:3]] == [1, 2, 3]


def test_entropy_opener_on_the_original_lists(matrix):
    top = rank_openers(matrix, "entropy", top=3)
    assert [o.word for o in top] == ["soare", "roate", "raise"]
    assert top[0].value == pytest.approx(5.8860, abs=1e-4)
