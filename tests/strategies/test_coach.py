"""The coach (the default strategy) plays what the reviewer praises: the shipped tree while the game
is on it, the exact best when proven within its work budget, ties to the likelier answer."""

from __future__ import annotations

import numpy as np
import pytest

from wordlelab.assist.assistant import Assistant, default_strategy, solve
from wordlelab.exact.evaluation import evaluate, proven_tree
from wordlelab.game import Position
from wordlelab.game.feedback import score
from wordlelab.game.frequency import word_frequencies
from wordlelab.game.lists import load_lists
from wordlelab.judge.review import review
from wordlelab.strategies import make_strategy


@pytest.fixture(scope="module")
def nyt():
    return load_lists(5, "en", lists="nyt").matrix()


def test_the_default_is_the_coach(nyt, matrix):
    assert default_strategy(nyt) == "coach" and default_strategy(matrix) == "coach"
    assert Assistant.create(nyt).strategy.name == "coach"


@pytest.mark.parametrize("hard", [False, True])
def test_the_coach_follows_the_shipped_tree(matrix, hard):
    """Every answer of the original lists is solved along the shipped proven tree's path."""
    coach = make_strategy("coach")
    tree = proven_tree(Position.start(matrix, hard=hard))
    assert tree is not None
    rng = np.random.default_rng(7)
    for a in rng.choice(len(matrix.answers), 25, replace=False):
        answer = matrix.answers[int(a)]
        pos = Position.start(matrix, hard=hard)
        path = tree.paths[answer]
        # Two answers left: either is optimal (3 guesses for the pair), and the coach plays the
        # likelier (see below); until then it plays the tree's guess.
        while pos.candidates.size > 2:
            w = coach.choose(pos).word
            assert w == path[len(pos.history)]
            pos = pos.after(w, score(w, answer))


def test_ties_go_to_the_likelier_answer(nyt):
    """TARSE ⬜⬜⬜⬜⬜ then COLIN leaves HUMID and VIVID: either is optimal; VIVID is the more common
    word, so the coach plays it (alphabet would say HUMID)."""
    pos = Position.start(nyt).after("tarse", ".....").after("colin", score("colin", "vivid"))
    assert sorted(pos.candidate_words) == ["humid", "vivid"]
    coach = make_strategy("coach")
    assert [c.word for c in coach.rank(pos, 2)] == ["vivid", "humid"]
    assert make_strategy("entropy").choose(pos).word == "humid"  # the heuristic's alphabet


def test_exact_ties_prefer_a_possible_answer_then_the_commoner_word(nyt):
    """Off the tree (after ADIEU) the proven optimal guesses tie; the coach plays a possible answer,
    the most common of them, and analyse values it at cost 0."""
    pos = Position.start(nyt).after("adieu", score("adieu", "vivid"))  # 34 answers, off the tree
    coach = make_strategy("coach")
    ev = coach.evaluation(pos)
    assert ev is not None and ev.exact
    ties = [g.word for g in ev.top if g.upper == ev.upper]
    best = coach.choose(pos).word
    assert best == ev.best == "droit" and len(ties) > 1
    cands = set(pos.candidate_words)
    freq = dict(zip(ties, word_frequencies(ties, "en")))
    assert best in cands and all(freq[w] <= freq[best] for w in ties if w in cands)
    assert evaluate(pos, guess=best).guess.upper == evaluate(pos).upper


def _agree(matrix, answer: str, opener: str, hard: bool = False) -> None:
    """The assistant's suggestion at every step of a game (played by the coach from ``opener``) is
    the move ``analyse`` values at cost 0 wherever both are proven."""
    a = Assistant.create(matrix, hard=hard, opener=opener)
    while not a.solved:
        word = a.suggested_word()
        ev = a.exact_top(5)
        if ev is not None and ev.exact and a.history:  # the opener is the one the test asked for
            assert ev.best == word  # "perfect play from here" names the suggestion
        a.play(word, score(word, answer))
    r = review(matrix, a.history, hard=hard, answer=answer)
    for step in r.steps[1:]:  # the first is the opener, chosen by the test
        if step.exact:
            assert step.cost_low == step.cost_high == 0.0, (answer, step)


def test_the_coach_and_the_reviewer_agree_on_the_vivid_game(nyt):
    """The issue's game: the assistant suggested COLIN while perfect play said GUILD, and analyse
    charged COLIN 0.028. Now the suggestion is perfect play's move, at cost 0."""
    _agree(nyt, "vivid", "tarse")
    a = Assistant.create(nyt)
    a.play("tarse", score("tarse", "vivid"))
    assert a.suggested_word() == "guild"
    ev = a.exact_top(5)
    assert ev is not None and ev.exact and ev.best == "guild"


@pytest.mark.parametrize("seed", [1, 2])
def test_the_coach_and_the_reviewer_agree_on_random_games(matrix, seed):
    rng = np.random.default_rng(seed)
    for _ in range(3):
        answer = matrix.answers[int(rng.integers(len(matrix.answers)))]
        opener = matrix.answers[int(rng.integers(len(matrix.answers)))]  # off the tree at once
        _agree(matrix, answer, opener)


def test_solve_follows_the_tree_by_default(nyt):
    tree = proven_tree(Position.start(nyt))
    steps = solve(nyt, "crane")
    assert tuple(s.word for s in steps) == tree.paths["crane"]
    # With two answers left (CRONY and BRONC after TARSE, DOING) the likelier comes first.
    assert [s.word for s in solve(nyt, "crony")] == ["tarse", "doing", "crony"]
    assert tree.paths["crony"] == ("tarse", "doing", "bronc", "crony")
