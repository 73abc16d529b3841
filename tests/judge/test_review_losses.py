"""Hard mode reviewed by its objective: fewest answers lost, then fewest guesses (issue 51).

Where no six-guess strategy exists (CRANE on the NYT lists), a move costs the answers it can lose
beyond the best play and guesses, finite; infinity is left only where a rule makes a game
unwinnable."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from interactive_helpers import run_cli
from reference import brute_force_losses, hard_ok

from wordlelab.exact.kernels import search as K
from wordlelab.game import Position
from wordlelab.game.feedback import score
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.words import WordList
from wordlelab.judge.review import review

W = int(K.LOSS_WEIGHT)


def test_analyse_gives_crane_in_hard_mode_a_finite_value_its_losses_and_cost():
    out = run_cli(
        "analyse",
        "--lists",
        "nyt",
        "--hard",
        "--played",
        "crane,moist,shout",
        "--answer",
        "shout",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    r = json.loads(out.stdout)
    crane = r["steps"][0]
    # CRANE's tree of fewest losses ships: 1 of the 3158 answers lost, 11759 guesses.
    assert crane["losses"] and crane["played_lost"] == 1 and crane["best_lost"] == 0
    assert crane["played_expected"] == round(11759 / 3158, 4)
    assert crane["best"] == "tarse" and crane["best_expected"] == round(11627 / 3158, 4)
    assert crane["lost_low"] == crane["lost_high"] == 1
    assert crane["cost_low"] == crane["cost_high"] == round((11759 - 11627) / 3158, 4)
    assert crane["cost_shown"] is not None and crane["exact"]
    # Every step exact (the tree of fewest losses values the position after CRANE), the total
    # finite, and the headline says what CRANE cost.
    assert r["exact"] and r["cost_low"] is not None and r["cost_high"] is not None
    assert r["lost_low"] == r["lost_high"] == 1
    assert "CRANE cost +1 lost answer and 0.04 guesses" in r["headline"]["text"]
    assert r["headline"]["lost"] == [1, 1]
    assert "can lose 1 of the 3158 answers" in " ".join(r["notes"])
    assert "∞" not in out.stdout
    text = run_cli(
        "analyse", "--lists", "nyt", "--hard", "--played", "crane,moist,shout", "--answer", "shout"
    )
    assert "+1 lost 0.042" in text.stdout and "∞" not in text.stdout
    assert "total cost against perfect play: +1 lost answer, 0.112 guesses (exact" in text.stdout


def test_check_gives_crane_in_hard_mode_a_finite_cost(tmp_path):
    grid = tmp_path / "grid.txt"
    grid.write_text("Wordle 1,000 3/6*\n\n⬜⬜⬜⬜⬜\n⬜🟨⬜🟨🟩\n🟩🟩🟩🟩🟩\n", encoding="utf-8")
    out = run_cli("check", str(grid), "--lists", "nyt", "--played", "crane,moist,shout", "--json")
    assert out.returncode == 0, out.stderr
    row = json.loads(out.stdout)["rows"][0]
    assert row["losses"] and row["lost_low"] == row["lost_high"] == 1 and not row["can_fail"]
    assert row["exact_guesses"] == round(11759 / 3158, 4) and row["cost"] is not None
    text = run_cli("check", str(grid), "--lists", "nyt", "--played", "crane,moist,shout")
    assert "+1 lost 0.042" in text.stdout and "∞" not in text.stdout


# Small lists where hard mode loses answers: words alike but for a letter or two.
_ALIKE = [
    "batch",
    "catch",
    "hatch",
    "latch",
    "match",
    "patch",
    "watch",
    "fight",
    "light",
    "might",
    "night",
    "right",
    "sight",
    "tight",
]


def _small() -> PatternMatrix:
    extra = ["climb", "whelp"]
    return PatternMatrix.build(
        WordList(sorted(set(_ALIKE + extra)), name="g"), WordList(sorted(_ALIKE), name="a")
    )


_M = _small()


def _colours(history: list) -> tuple:
    """The history as the oracle reads it: (word, colours as ``. y g``)."""
    return tuple((w, str(p)) for w, p in history)


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    answer=st.sampled_from(_ALIKE),
    picks=st.lists(st.integers(0, 10**6), min_size=6, max_size=6),
    limit=st.integers(3, 6),
)
def test_every_won_hard_game_has_a_finite_total_cost(answer, picks, limit):
    """Random hard-mode games on small lists (any legal guesses, won within the limit): the review's
    total cost is finite, each step's values finite, and where a step was valued by hard mode's
    objective its figures are the oracle's (``brute_force_losses``)."""
    m = _M
    history: list = []
    pos = Position.start(m, hard=True, max_guesses=limit)
    for pick in picks[: limit - 1]:
        legal = [w for w in m.guesses if hard_ok(_colours(history), w)]
        w = legal[pick % len(legal)]
        history.append((w, score(w, answer)))
        pos = pos.after(w, score(w, answer))
        if pos.solved:
            break
    if not pos.solved:
        if not hard_ok(_colours(history), answer):
            return
        history.append((answer, score(answer, answer)))
    r = review(m, history, hard=True, max_guesses=limit, answer=answer, budget=None)
    assert r.solved and r.exact
    assert r.cost_low < float("inf") and r.cost_high < float("inf")
    for s in r.steps:
        assert s.cost_low < float("inf") and s.played_expected is not None
        assert s.lost_high < float("inf")
    # The oracle's (lost, guesses) for the move played at each step valued by losses.
    before = Position.start(m, hard=True, max_guesses=limit)
    for s, (w, p) in zip(r.steps, history):
        if s.losses:
            hist = _colours(history[: s.turn - 1])
            answers = [str(m.answers[int(a)]) for a in np.sort(before.candidates)]
            lost, total = brute_force_losses(
                list(m.guesses), answers, limit - len(hist), True, hist, guess=w
            )
            assert s.played_lost == lost
            assert s.played_expected == round(total / len(answers), 4)
        before = before.after(w, p)


def test_first_use_proof_in_hard_mode_proves_keeps_and_replays_the_tree_of_fewest_losses(
    tmp_path, monkeypatch
):
    """After an opener that no strategy follows without losing answers (CLIMB on the alike words
    with three guesses), the first review proves the tree of fewest losses, keeps it in the data
    folder, values every step from it; a second game reuses it; an edited file is not trusted."""
    from wordlelab.exact.opener_proof import KEPT, PROVEN

    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("WORDLELAB_PROVE", "on")
    m = _small()  # lists of this test's own: nothing kept from another test

    def played(*words: str) -> list:
        return [(w, score(w, words[-1])) for w in words]

    first = review(m, played("climb", "match"), hard=True, max_guesses=3, prove=True, budget=None)
    assert first.proof is not None and first.proof.status == PROVEN and first.proof.lost > 0
    (path,) = (tmp_path / "opener_trees").iterdir()
    text = path.read_text()
    assert path.name.startswith("climb-hard-") and f"# lost: {first.proof.lost}" in text
    assert first.exact and first.steps[0].losses  # the opener loses answers; MATCH does not
    assert first.steps[0].played_lost == first.proof.lost
    oracle = brute_force_losses(list(m.guesses), list(m.answers), 3, True, (), guess="climb")
    assert (first.steps[0].played_lost, first.proof.total) == oracle
    second = review(m, played("climb", "watch"), hard=True, max_guesses=3, prove=True, budget=None)
    assert second.proof is not None and second.proof.status == KEPT and second.proof.work == 0
    assert second.exact
    # A kept file whose losses were edited does not replay to its header: proven again.
    path.write_text(text.replace(f"# lost: {first.proof.lost}", "# lost: 0"))
    again = review(m, played("climb", "watch"), hard=True, max_guesses=3, prove=True, budget=None)
    assert again.proof is not None and again.proof.status == PROVEN and again.proof.work > 0
