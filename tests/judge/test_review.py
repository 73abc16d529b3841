"""The exact game review (review(), 'wordlelab analyse') and 'optimal --position'."""

from __future__ import annotations

import json

import pytest
from interactive_helpers import invoke, run_cli

from wordlelab.errors import HardModeError, InconsistentFeedbackError, UnknownWordError
from wordlelab.exact.evaluation import evaluate
from wordlelab.exact.tree import bundled_tree
from wordlelab.game import Position
from wordlelab.game.feedback import score
from wordlelab.game.matrix import PatternMatrix
from wordlelab.game.notation import read_position
from wordlelab.game.words import WordList
from wordlelab.judge.review import review


def game(words: list[str], answer: str) -> list:
    return [(w, score(w, answer)) for w in words]


@pytest.mark.parametrize("hard", [False, True])
def test_optimal_line_costs_nothing(matrix, hard):
    """Playing the proven tree's own moves: every step exact, cost 0, best = played."""
    paths = bundled_tree("salet-hard" if hard else "salet-normal").paths
    for answer in ("aback", "shown", "vivid"):
        r = review(matrix, game(list(paths[answer]), answer), hard=hard, answer=answer)
        assert r.exact and r.solved and r.cost_low == r.cost_high == 0
        assert [s.guess for s in r.steps] == [s.best for s in r.steps] == list(paths[answer])
        assert r.steps[0].before == 2315 and r.steps[-1].after == 1
        assert r.steps[0].best_expected == round((8122 if hard else 7920) / 2315, 4)


def small_matrix() -> PatternMatrix:
    ans = [
        "cigar",
        "rebut",
        "sissy",
        "humph",
        "awake",
        "blush",
        "focal",
        "evade",
        "naval",
        "serve",
        "heath",
        "dwarf",
        "model",
        "karma",
        "stink",
        "grade",
        "quiet",
        "bench",
        "abate",
        "feign",
    ]
    extra = ["salet", "crane", "zzzzz"[:0] or "fjord"]
    return PatternMatrix.build(
        WordList(sorted(set(ans + extra)), name="g"), WordList(sorted(ans), name="a")
    )


def test_cost_is_the_exact_difference():
    m = small_matrix()
    r = review(m, game(["fjord", "salet", "stink"], "stink"), answer="stink", budget=None)
    assert r.exact and r.solved
    pos = Position.start(m)
    for s in r.steps:
        ev = evaluate(pos, guess=s.guess)
        assert s.best_expected == round(ev.upper / ev.n, 4)
        assert s.played_expected == round(ev.guess.upper / ev.n, 4)
        assert s.cost_low == s.cost_high == round((ev.guess.upper - ev.upper) / ev.n, 4)
        pos = pos.after(s.guess, score(s.guess, "stink"))
    assert r.cost_low > 0  # FJORD first is not the best opener here


def test_bad_games(matrix):
    with pytest.raises(UnknownWordError):
        review(matrix, game(["qqqqq"], "cigar"))
    with pytest.raises(InconsistentFeedbackError):
        review(matrix, [("salet", score("salet", "cigar"))], answer="shown")
    with pytest.raises(HardModeError):
        review(matrix, game(["salet", "crony"], "cigar"), hard=True, answer="cigar")


def test_answer_outside_the_list(matrix):
    assert "guano" not in matrix.answers and "guano" in matrix.guesses
    r = review(matrix, game(["salet", "guano"], "guano"), answer="guano")
    assert r.outside and r.solved and any("outside" in n for n in r.notes)
    assert r.steps[-1].after == 1


def test_cli_analyse_json_and_text():
    code, out, err = invoke(
        "analyse",
        "--lists",
        "original",
        "--played",
        "salet,brond,shown",
        "--answer",
        "shown",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["solved"] and len(data["steps"]) == 3 and data["steps"][0]["best"] == "salet"
    assert data["steps"][0]["cost_low"] == 0 and data["steps"][0]["exact"]
    code, out, err = invoke("analyze", "--lists", "original", "salet.BBBBB.brond.BBYBY")
    assert code == 0, err
    assert "Exact review" in out and "BROND" in out and "total cost against perfect play" in out


@pytest.mark.parametrize(
    "args, says",
    [
        (["analyse"], "nothing to review"),
        # An answer alone is no game: what a review needs, not what a share grid looks like.
        (["analyse", "--answer", "crane"], "nothing to review: give a POSITION, or --played"),
        (["analyse", "--played", "salet"], "needs --answer"),
        (["analyse", "--played", "qqqqq", "--answer", "cigar"], "qqqqq"),
        (["analyse", "salet:ggggq"], "ggggq"),
        (["analyse", "salet:.....", "--played", "crane", "--answer", "cigar"], "not both"),
        (["analyse", "--hard", "salet:g.... crane:....."], "hard mode"),
        (["analyse", "salet:ggggy"], "ggggy"),
        (["analyse", "cigar:ggggg crane:....."], "after the game was won"),
    ],
)
def test_cli_analyse_errors(args, says):
    r = run_cli(*args, "--lists", "original")
    assert r.returncode == 1
    assert (
        says in r.stderr and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    )


@pytest.mark.parametrize("text", ["", "\n  \n"])
def test_cli_analyse_an_empty_grid_file_is_no_share_grid(tmp_path, text):
    """--grid with a file that holds nothing was taken for no --grid at all: "--played needs
    --answer or --grid", though --grid was given. It is a grid with no rows."""
    (tmp_path / "empty.txt").write_text(text)
    args = ["--played", "salet,crony", "--grid", str(tmp_path / "empty.txt")]
    code, out, err = invoke("analyse", *args, "--lists", "original")
    assert (code, out) == (1, "")
    assert err == "wordlelab: error: no share grid found (no rows of coloured squares)\n"


_SEVEN = "fuzzy,jumbo,whelp,vivid,kayak,dwelt,crony"  # seven guesses, CRONY the answer


@pytest.mark.parametrize(
    "args, says",
    [
        (
            ["--played", "adieu,story", "--answer", "crony", "--max-guesses", "1"],
            "wordlelab: error: --max-guesses 1: 2 guesses were played",
        ),
        (
            ["salet:g.... brond:..gy. shown:ggggg", "--max-guesses", "2"],
            "wordlelab: error: --max-guesses 2: 3 guesses were played",
        ),
        # Six guesses allowed unless told otherwise (the web's rule too): no seven-guess review.
        (
            ["--played", _SEVEN, "--answer", "crony"],
            "wordlelab: error: 7 guesses were played; the game allows 6",
        ),
        (
            ["--played", "adieu,story,crony", "--grid", "GRID3", "--max-guesses", "2"],
            "wordlelab: error: --max-guesses 2, but the share grid's header says the game allows 6",
        ),
        (
            ["--played", "adieu,story,crony", "--grid", "BARE3", "--max-guesses", "2"],
            "wordlelab: error: --max-guesses 2: 3 guesses were played",
        ),
    ],
)
def test_cli_analyse_refuses_a_limit_below_the_guesses_played(tmp_path, args, says):
    """One line, exit 1, before the lists are loaded or anything is searched (it reviewed them)."""
    (tmp_path / "g3.txt").write_text("Wordle 1 3/6\n\n⬜⬜⬜⬜⬜\n⬜⬜⬜⬜⬜\n🟩🟩🟩🟩🟩\n")
    (tmp_path / "b3.txt").write_text("⬜⬜⬜⬜⬜\n⬜⬜⬜⬜⬜\n🟩🟩🟩🟩🟩\n")
    files = {"GRID3": str(tmp_path / "g3.txt"), "BARE3": str(tmp_path / "b3.txt")}
    code, out, err = invoke("analyse", *(files.get(a, a) for a in args), "--lists", "original")
    assert code == 1 and out == "" and err == says + "\n"


def test_cli_analyse_takes_a_limit_that_fits_or_the_grid_headers(tmp_path):
    code, out, _ = invoke(
        "analyse",
        "salet:g.... brond:..gy. shown:ggggg",
        "--max-guesses",
        "3",
        "--json",
        "--lists",
        "original",
    )
    assert code == 0 and json.loads(out)["solved"] and len(json.loads(out)["steps"]) == 3
    # A game of 8 guesses, as its header says: reviewed without --max-guesses.
    words = _SEVEN.split(",")
    rows = "\n".join(score(w, "crony").emoji for w in words)
    (tmp_path / "g7.txt").write_text(f"Wordle 1 7/8\n\n{rows}\n")
    args = ["--played", _SEVEN, "--grid", str(tmp_path / "g7.txt"), "--budget", "1k"]
    code, out, err = invoke("analyse", *args, "--json", "--lists", "original")
    assert code == 0, err
    assert json.loads(out)["solved"] and len(json.loads(out)["steps"]) == 7


def test_review_refuses_more_guesses_than_the_limit(matrix):
    from wordlelab.errors import WordlelabError

    with pytest.raises(WordlelabError, match="^2 guesses were played; the game allows 1$") as exc:
        review(matrix, game(["adieu", "crony"], "crony"), max_guesses=1, answer="crony")
    assert exc.value.kind == "too_many_guesses" and exc.value.fields == {
        "played": 2,
        "max_guesses": 1,
    }


def test_cli_optimal_position(matrix, tmp_path):
    text = "salet:..... brond:.y..."
    pos, _ = read_position(text, matrix)
    want = evaluate(pos, use_tree=False)
    out_file = tmp_path / "sub.txt"
    code, out, err = invoke(
        "optimal", "--lists", "original", "--position", text, "--json", "--out", str(out_file)
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["proven"] and data["total"] == want.upper and data["answers"] == want.n
    assert out_file.read_text().count("\n") >= want.n
    code, out, err = invoke(
        "optimal", "--lists", "original", "--position", text + " " + want.best, "--json"
    )
    assert (
        code == 0
        and json.loads(out)["total"] == want.upper
        and json.loads(out)["opener"] == want.best
    )


def test_check_reports_exact_skill(matrix):
    words, answer = ["salet", "brond", "chump", "shown"], "shown"
    grid = "Wordle 1 4/6\n\n" + "\n".join(score(w, answer).emoji for w in words) + "\n"
    code, out, err = invoke(
        "check",
        "--lists",
        "original",
        "--played",
        ",".join(words),
        "--answer",
        answer,
        "--json",
        input=grid,
    )
    assert code == 0, err
    rows = json.loads(out)["rows"]
    assert [r["skill_source"] for r in rows] == ["exact"] * 4
    assert rows[0]["skill"] == 99 and rows[0]["cost"] == 0 and rows[0]["exact_best"] == "salet"
    pos = Position.start(matrix)
    for r, w in zip(rows, words):
        ev = evaluate(pos, guess=w)
        assert r["cost"] == round((ev.guess.upper - ev.upper) / ev.n, 4)
        assert r["skill"] == round(99 * ev.upper / ev.guess.upper)
        pos = pos.after(w, score(w, answer))
    code, out, _ = invoke("check", "--lists", "original", "--played", ",".join(words), input=grid)
    assert "skill* is exact" in out and "vs" in out


def test_assistant_exact_top(matrix):
    from wordlelab.assist.assistant import EXACT_TOP_MAX, Assistant

    a = Assistant.create(matrix, "entropy", opener="salet")
    # 2315 answers: the value and the top 5 come from the complete table of every opener's value.
    first = a.exact_top(5)
    assert first is not None and first.exact and first.source == "table" and first.best == "salet"
    assert [(g.word, g.upper) for g in first.top][:2] == [("salet", 7920), ("reast", 7923)]
    assert len(first.top) == 5 and all(g.exact for g in first.top)
    a.play("salet", ".....")
    a.play("brond", ".y...")
    assert a.remaining <= EXACT_TOP_MAX
    ev = a.exact_top(5, budget=30_000_000_000)
    want = evaluate(a.position, top=5)
    assert ev.exact and ev.upper == want.upper
    assert sorted((g.word, g.upper) for g in ev.top) == sorted((g.word, g.upper) for g in want.top)
    # The suggestion, when it is one of the optimal guesses, is the one named optimal (first).
    suggestion = a.suggested_word()
    tied = any(g.word == suggestion and g.upper == ev.upper for g in want.top)
    assert ev.best == (suggestion if tied else want.best) and ev.top[0].word == ev.best
    r = run_cli(
        "assist", "--lists", "original", "-s", "entropy", input="salet .....\nbrond .y...\ntop 5\n"
    )
    assert (
        r.returncode == 0
        and "exact guesses" in r.stdout
        and f"exact: {ev.best.upper()} is optimal" in r.stdout
    )
    # The default (the coach) names its own suggestion as perfect play.
    r = run_cli("assist", "--lists", "original", input="salet .....\nbrond .y...\ntop 5\n")
    shown = r.stdout.split("> ")[-1].split()[0]
    assert r.returncode == 0 and f"exact: {shown} is optimal" in r.stdout


def test_steps_from_a_lost_position_are_valued_with_the_limit_lifted(matrix):
    """_IGHT in normal mode with FIGHT LIGHT MIGHT NIGHT RIGHT: from guess 2 on no strategy wins
    within six; the step that lost it costs infinity (exact), and each later step is valued as if
    the game allowed 20 guesses: exact, marked, and equal to evaluate() on that position."""
    from wordlelab.judge.review import LIFTED_GUESSES

    words = ["fight", "light", "might", "night", "right", "tight"]
    r = review(matrix, game(words, "sight"), answer="sight")
    lifted = [s.turn for s in r.steps if s.limit_lifted]
    assert lifted and lifted == list(range(lifted[0], 7))
    lost = r.steps[lifted[0] - 2]
    assert not lost.limit_lifted and lost.cost_low == float("inf") and lost.exact
    assert any(
        f"valued as if the game allowed {LIFTED_GUESSES} guesses" in n
        and ", ".join(map(str, lifted)) in n
        for n in r.notes
    ), r.notes
    for s in r.steps[lifted[0] - 1 :]:
        pos = Position.start(matrix, max_guesses=LIFTED_GUESSES)
        for w in words[: s.turn - 1]:
            pos = pos.after(w, score(w, "sight"))
        ev = evaluate(pos, guess=s.guess, budget=None)
        assert s.exact and s.best_expected == round(ev.expected, 4)
        assert s.played_expected == round(ev.guess.expected, 4)
        assert s.cost_low == s.cost_high == round(ev.cost(ev.guess)[0], 4)
    out = run_cli(
        "analyse", "--lists", "original", "--played", ",".join(words), "--answer", "sight"
    )
    assert out.returncode == 0 and "‡" in out.stdout and "20 guesses (‡)" in out.stdout


def test_assist_exact_line_with_one_guess_left_says_guess_in_the_singular(matrix):
    from wordlelab.cli.assist import exact_line

    pos = Position.start(matrix)
    for w in ["fight", "light", "might", "night", "right"]:
        pos = pos.after(w, score(w, "sight"))
    ev = evaluate(pos, budget=5.0)
    assert not ev.winnable and exact_line(ev).endswith("within the 1 guess left (proven)")


def test_an_unproven_step_names_the_best_guess_known():
    """Hard mode, CRANE then MOIST on the default lists, counting guesses alone: the 358 answers
    left are not proven within the default budget and the greedy tree finds no six-guess
    strategy, but MOIST's own value is proven, so MOIST is a strategy: the evaluation names the
    best guess known (MOIST, an upper bound) instead of none. The review values the game by hard
    mode's objective, from CRANE's tree of fewest losses: every step exact, with a best word."""
    from wordlelab.exact.budgets import REVIEW_WORK
    from wordlelab.game.lists import load_lists

    m = load_lists(5, "en", lists="nyt").matrix()
    pos = Position.start(m, hard=True).after("crane", score("crane", "shout"))
    ev = evaluate(pos, guess="moist", budget=REVIEW_WORK)
    assert ev.guess is not None and ev.guess.exact and not ev.exact
    assert ev.best is not None and ev.expected <= ev.guess.expected
    low, high = ev.cost(ev.guess)
    assert low == 0.0 and high > 0
    r = review(m, game(["crane", "moist", "shout"], "shout"), hard=True, answer="shout")
    assert r.exact and r.steps[1].losses
    for s in r.steps:
        assert s.best is not None and s.best_expected <= s.played_expected


@pytest.mark.usefixtures("default_lists")
def test_a_played_guess_that_ties_the_optimum_is_named_the_best():
    # After ADIEU .y... both DOWRY and DROOL are optimal (2.477); a review of DOWRY named DROOL
    # the best move (the search's first in its order), as if the player had missed it.
    from wordlelab.game.lists import load_lists

    m = load_lists().matrix()
    evaluate_both = evaluate(Position.start(m).after("adieu", ".y..."), top=3)
    tied = [g.word for g in evaluate_both.top if g.upper == evaluate_both.upper]
    assert {"dowry", "drool"} <= set(tied)
    for word in ("dowry", "drool"):
        answer = "dolly" if word == "dowry" else "droll"
        r = review(m, [(w, score(w, answer)) for w in ("adieu", word)], budget=200_000_000)
        assert r.steps[1].best == word and r.steps[1].cost_low == 0 and r.steps[1].exact


# -- the line a review opens with (issue 52) -----------------------------------------------------


def test_a_review_opens_with_skill_luck_and_its_costliest_move(matrix):
    """One line a player reads first, made once in the library for the terminal and the page."""
    r = review(matrix, game(["adieu", "story", "crony"], "crony"), answer="crony")
    h = r.headline
    costliest = max(r.steps, key=lambda s: s.cost_low)
    assert h.word == costliest.guess and h.best == costliest.best != h.word
    assert h.skill == round(sum(s.skill for s in r.steps) / 3)
    assert h.luck == round(sum(s.luck for s in r.steps if s.luck is not None) / 3)
    assert h.text == (
        f"Skill {h.skill} · Luck {h.luck} — {h.word.upper()} cost {costliest.cost_low:.2f} "
        f"guesses; {h.best.upper()} was the best move"
    )
    assert r.to_dict()["headline"]["text"] == h.text
    # Perfect play: nothing cost anything, and the line says so.
    paths = bundled_tree("salet-normal").paths
    perfect = review(matrix, game(list(paths["shown"]), "shown"), answer="shown").headline
    assert perfect.word is None and perfect.text.endswith("— every move was the best one")


def test_the_analyse_command_prints_the_headline_first():
    code, out, _ = invoke(
        "analyse", "--played", "adieu,story,crony", "--answer", "crony", "--lists", "original"
    )
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("Skill ") and " · Luck " in first and "was the best move" in first
