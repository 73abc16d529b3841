"""The rules values, and the one game, assistant and simulation each of them makes."""

from __future__ import annotations

import numpy as np
import pytest

from wordlelab.errors import VariantError
from wordlelab.game.base import Game
from wordlelab.game.boards import random_answers
from wordlelab.game.lists import load_lists
from wordlelab.game.rules import (
    named_variants,
    parse_rules,
    rules_from_key,
    rules_from_options,
)
from wordlelab.variants import QUORDLE, Absurdle, Classic, Multi, MultiSession


@pytest.mark.parametrize(
    "rules",
    [
        Classic(),
        Classic(True, 4),
        Multi(4, 9),
        Multi(7, 12),
        Multi(4, 10),
        Absurdle(),
        Absurdle(True),
    ],
)
def test_rules_are_values_that_round_trip(rules):
    assert eval(repr(rules)) == rules and hash(eval(repr(rules))) == hash(rules)
    with pytest.raises(AttributeError):
        rules.hard = not rules.hard  # type: ignore[misc]
    assert rules_from_key(rules.key) == (rules if not rules.hard else type(rules)())


def test_keys_and_titles():
    assert [(r.key, r.title) for r in named_variants()] == [
        ("classic", "Wordle"),
        ("dordle", "Dordle"),
        ("quordle", "Quordle"),
        ("octordle", "Octordle"),
        ("sedecordle", "Sedecordle"),
        ("absurdle", "Absurdle"),
    ]
    assert (Multi(7, 12).key, Multi(7, 12).title) == ("boards-7", "7 boards")
    assert Multi(1, 6).title == "1 board"
    assert Multi(4, 10).key == "boards-4-t10" and Multi.of(4) == Multi(4, 9)
    assert Multi.of(4).max_guesses == QUORDLE.max_guesses


def test_the_cli_flags_and_a_request_name_the_same_rules():
    assert rules_from_options() == parse_rules({}) == Classic()
    assert (
        rules_from_options(boards=8)
        == parse_rules({"variant": "octordle"})
        == parse_rules({"variant": "multi", "boards": "8"})
        == Multi(8, 13)
    )
    assert rules_from_options(absurdle=True, hard=True) == parse_rules(
        {"variant": "Absurdle", "hard": True}
    )
    assert rules_from_options(hard=True, tries=4) == parse_rules(
        {"variant": "wordle", "hard": True, "tries": 4}
    )
    for kwargs, text in [
        ({"boards": 2, "absurdle": True}, "cannot be combined"),
        ({"boards": 2, "hard": True}, "hard mode is not played on several boards"),
        ({"absurdle": True, "tries": 5}, "no limit on guesses"),
        ({"boards": 4, "tries": 3}, "4 boards need at least 4 guesses"),
    ]:
        with pytest.raises(VariantError, match=text):
            rules_from_options(**kwargs)
    for data, text in [
        ({"variant": "tetris"}, "unknown variant"),
        ({"variant": "multi", "boards": 0}, "boards must be 1 to 64"),
        ({"hard": "yes"}, "true or false"),
        ({"tries": 1.5}, "whole number"),
        ({"variant": "boards-3", "boards": 4}, "3 boards"),
    ]:
        with pytest.raises(VariantError, match=text):
            parse_rules(data)


@pytest.fixture(scope="module")
def lists():
    return load_lists(5, "en")


def test_one_play_for_any_rules(lists, matrix):
    classic = Classic().new_game(lists, 7)
    assert classic.answers == ("octet",)
    classic.guess("octet")
    assert classic.over and classic.won and classic.praise == "Genius"
    assert (
        classic.share() == "Wordle 1/6 · seed 7\n\n🟩🟩🟩🟩🟩"
        and classic.record().variant == "classic"
    )
    answers = random_answers(lists.answers, 4, np.random.default_rng(3))
    quad = Multi.of(4).new_game(lists, 3)
    assert quad.answers == answers and quad.turns_left == 9
    for a in answers:
        quad.guess(a)
    assert quad.won and [quad.solved_at(b) for b in range(4)] == [1, 2, 3, 4]
    rec = quad.record()
    assert (rec.variant, rec.answer, rec.guesses, rec.max_guesses, rec.seed) == (
        "quordle",
        ",".join(answers),
        4,
        9,
        3,
    )
    adv = Absurdle().new_game(lists, matrix=matrix)
    for w in ("aesir", "yauld", "tench", "whoop"):
        adv.guess(w)
    assert (
        adv.won
        and adv.answers == ("whoop",)
        and adv.turns_left is None
        and adv.record().max_guesses == 6
    )
    # Saved and replayed: the same game, the same statistics id.
    again = Game.from_saved(quad.to_saved(), lists)
    assert (
        again.answers == answers and again.guesses == quad.guesses and again.record().id == rec.id
    )


def test_absurdle_takes_no_seed_but_an_old_saved_game_with_one_restores(lists, matrix):
    with pytest.raises(VariantError, match="Absurdle draws no answer") as err:
        Absurdle().new_game(lists, 5, matrix=matrix)
    assert err.value.kind == "absurdle_seed" and err.value.parts()["seed"] == 5
    adv = Absurdle().new_game(lists, matrix=matrix)
    adv.guess("aesir")
    saved = dict(adv.to_saved(), seed=5)  # as a game saved before the seed was refused
    again = Game.from_saved(saved, lists, matrix)
    assert again.guesses == ["aesir"] and again.seed is None and again.id == adv.id


def test_one_session_for_any_rules(matrix):
    classic = Classic().new_assistant(matrix, "entropy")
    assert (
        classic.suggest() == "salet"
        and classic.top(3)[0].word
        and classic.strategy_name == "entropy"
    )
    classic.play(None, ".....")
    assert classic.guesses == ["salet"] and classic.can_undo and classic.undo().startswith("salet")
    two = Multi.of(2).new_assistant(matrix)
    assert isinstance(two, MultiSession) and two.suggest() == "soare"
    first = two.suggest()
    assert two.skip() != first and two.undo() == f"skip {first}" and two.suggest() == first
    two.play("crane", [".....", "....y"])
    assert two.guesses == ["crane"] and two.exact() is None
    adv = Absurdle().new_assistant(matrix)
    assert adv.suggest() == "aesir" and adv.top(2) == adv.plan()[:2]
    expected = adv.expected("aesir")
    adv.play(None)  # the adversary's own feedback
    assert adv.position.words_history() == [("aesir", expected)]
    assert int(adv.position.candidates.size) == 168
    with pytest.raises(VariantError, match="nothing to skip"):
        adv.skip()


def test_a_sessions_actions_replay_into_a_new_one_for_any_rules(matrix):
    """``actions()`` lists what was entered (guesses with their feedback, skips); ``replay`` on a
    new session rebuilds it, undo included; an action that does not fit names itself."""
    from wordlelab.assist.base import Action
    from wordlelab.errors import WordlelabError
    from wordlelab.game.feedback import score

    classic = Classic().new_assistant(matrix, "entropy")
    classic.play("salet", score("salet", "octet"))
    skipped = classic.suggest()
    classic.skip()
    classic.play("crony", score("crony", "octet"))
    two = Multi.of(2).new_assistant(matrix)
    two.play("crane", ["ggggg", "....."])
    refused = two.suggest()
    two.skip()
    two.play("moist", [None, ".y..."])
    adv = Absurdle().new_assistant(matrix)
    adv.play(None)  # the adversary's own feedback: kept as the pattern it gave
    assert classic.actions() == [
        Action("salet", ("...gg",)),
        Action(skipped),
        Action("crony", (str(score("crony", "octet")),)),
    ]
    assert two.actions() == [
        Action("crane", ("ggggg", ".....")),
        Action(refused),
        Action("moist", (None, ".y...")),
    ]
    ((_, given),) = adv.position.words_history()
    assert adv.actions() == [Action("aesir", (str(given),))]
    for old, strategy in ((classic, "entropy"), (two, None), (adv, None)):
        new = old.rules.new_assistant(matrix, strategy)
        new.replay(old.actions())
        assert new.actions() == old.actions() and new.guesses == old.guesses
        assert new.suggest() == old.suggest()
        new.undo()
        assert new.actions() == old.actions()[:-1]
    fresh = Classic().new_assistant(matrix, "entropy")
    with pytest.raises(WordlelabError, match=r"action 2 of 2 \('salet'\): no remaining word"):
        fresh.replay([Action("salet", (".....",)), Action("salet", ("ggggy",))])
    assert fresh.guesses == ["salet"]  # the actions before the one that failed
    with pytest.raises(WordlelabError, match=r"action 2 of 2 \(skip 'crane'\): 'crane' is skipped"):
        Classic().new_assistant(matrix, "entropy").replay([Action("crane"), Action("crane")])
    with pytest.raises(WordlelabError, match=r"action 1 of 1 \(skip 'qqqqq'\)"):
        Classic().new_assistant(matrix, "entropy").replay([Action("qqqqq")])
    with pytest.raises(WordlelabError, match="one board takes one pattern"):
        Classic().new_assistant(matrix, "entropy").replay([Action("salet", (".....", "....."))])


def test_one_simulate_for_any_rules(lists):
    m4 = load_lists(4, "en").matrix()
    classic = Classic().simulate(m4, "frequency")
    assert classic.games == len(m4.answers)
    boards = Multi.of(2).simulate(m4, games=3, seed=5)
    assert boards.to_dict()["games"] == 3 and boards.rules.boards == 2
    with pytest.raises(VariantError, match="optimal --absurdle"):
        Absurdle().simulate(m4)


def test_multi_board_methods_are_in_the_strategy_registry():
    from wordlelab.errors import UnknownStrategyError
    from wordlelab.strategies import make_multi_strategy, multi_strategy_names

    assert multi_strategy_names() == ["entropy-solve", "entropy-sum"]
    assert make_multi_strategy(None).method == "entropy-solve"
    assert make_multi_strategy("entropy-sum").solve_weight == 0.0
    with pytest.raises(UnknownStrategyError, match="unknown multi-board method 'minimax'"):
        make_multi_strategy("minimax")
    from interactive_helpers import invoke

    code, out, _ = invoke("strategies")
    assert (
        code == 0
        and "Several boards (--boards) are played by entropy-solve (the default) or entropy-sum."
        in out
    )
