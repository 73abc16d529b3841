"""The variants' commands on real output: piped sessions, JSON, errors, and a pty."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest
from interactive_helpers import cli_env, interrupt, invoke, run_cli

from wordlelab.game.boards import random_answers
from wordlelab.game.words import WordList

ORIGINAL = ("--lists", "original")


def seeded_answers(boards: int, seed: int) -> tuple[str, ...]:
    return random_answers(WordList.bundled("answers"), boards, np.random.default_rng(seed))


def test_play_two_boards_won_with_share_grid():
    a, b = seeded_answers(2, 5)
    code, out, _ = invoke(
        "play", "--boards", "2", "--seed", "5", *ORIGINAL, input=f"xxxxx\n{a}\n{b}\n"
    )
    assert code == 0
    assert "not in the word list" in out and "(no try used)" in out
    assert "All 2 solved in 2/7" in out
    assert "Dordle · seed 5\n1️⃣ 2️⃣" in out and "#5" not in out
    assert "🟩🟩🟩🟩🟩 " in out


def test_play_boards_out_of_tries():
    answers = seeded_answers(4, 11)
    code, out, _ = invoke(
        "play",
        "--boards",
        "4",
        "--max-guesses",
        "4",
        "--seed",
        "11",
        *ORIGINAL,
        input="fuzzy\nmamma\nvivid\n" + answers[0] + "\n",
    )
    assert code == 0
    assert "Out of tries. Unsolved:" in out and "🟥" in out
    assert "Quordle" not in out.split("\n\n")[-1] or "4 boards" in out


def test_play_absurdle_the_four_guess_win():
    code, out, _ = invoke("play", "--absurdle", *ORIGINAL, input="aesir\nyauld\ntench\nwhoop\n")
    assert code == 0
    assert "168 words still possible" in out and "15 words still possible" in out
    assert "Cornered in 4 guesses" in out and "Absurdle 4/∞" in out


def test_play_absurdle_refuses_a_seed_before_anything_loads(monkeypatch):
    """The adversary draws no answer, so a seed would change nothing: one line, exit 1, and
    neither the lists nor the matrix are touched (the check comes first)."""
    import wordlelab.cli.play as cli_play

    def no_lists(*args, **kwargs):
        raise AssertionError("the lists were loaded before the seed was checked")

    monkeypatch.setattr(cli_play, "load_lists", no_lists)
    code, out, err = invoke("play", "--absurdle", "--seed", "7", *ORIGINAL, input="aesir\n")
    assert code == 1 and out == ""
    assert err == (
        "wordlelab: error: Absurdle draws no answer, so it takes no seed (got 7); "
        "play it without one\n"
    )


def test_assist_boards_one_line_and_one_board_per_line():
    code, out, _ = invoke(
        "assist",
        "--boards",
        "2",
        *ORIGINAL,
        input="..... ....y\nundo\n.....\n....y\nboards\nquit\n",
    )
    assert code == 0
    assert out.count("> SOARE") == 2 and "undone: soare" in out
    assert "board 2?" in out
    assert "board 1: 183 words left" in out and "board 2: 120 words left" in out


def _board_lines(out: str) -> list[str]:
    """The '  board N: ...' lines the assistant prints after a guess is played."""
    return [ln for ln in out.splitlines() if ln.startswith("  board ") and ":" in ln]


def test_assist_boards_one_per_line_keeps_the_boards_typed_before_a_typo():
    """A typo refused while boards are typed one per line keeps the boards given and asks for the
    same board again; the guess then plays exactly as the whole line would."""
    code, out, _ = invoke(
        "assist", "--boards", "4", *ORIGINAL, input=".y..g\ngg...\nbad\n.....\ny.y..\nquit\n"
    )
    assert code == 0
    before, _, after = out.partition("? bad\n")
    assert "board 3?" in before and "board 4?" not in before
    error, ask, *_ = after.splitlines()
    assert error.startswith("! board 3: feedback 'bad' has") and "nothing changed" in error
    assert ask == "  board 3?"
    assert "  board 4?" in after  # '.....' was taken as board 3, not as board 1
    _, whole, _ = invoke(
        "assist", "--boards", "4", *ORIGINAL, input=".y..g gg... ..... y.y..\nquit\n"
    )
    assert _board_lines(out) == _board_lines(whole) and len(_board_lines(out)) == 4


def test_assist_boards_one_per_line_refuses_an_impossible_board_and_keeps_the_others():
    code, out, _ = invoke(
        "assist",
        "--boards",
        "4",
        *ORIGINAL,
        input=".y..g\ngg...\n.....\ngggg.\n.....\nquit\n",
    )
    assert code == 0
    after = out.partition("? gggg.\n")[2].splitlines()
    assert after[0].startswith("! board 4: no remaining word gives 'gggg.'")
    assert after[1] == "  board 4?"
    _, whole, _ = invoke(
        "assist", "--boards", "4", *ORIGINAL, input=".y..g gg... ..... .....\nquit\n"
    )
    assert _board_lines(out) == _board_lines(whole) and len(_board_lines(out)) == 4


def test_assist_boards_undo_takes_back_the_last_board_typed():
    code, out, _ = invoke(
        "assist", "--boards", "3", *ORIGINAL, input=".y..g\ngg...\nundo\n.....\ny.y..\nquit\n"
    )
    assert code == 0
    assert "undone: board 2's feedback\n  board 2?" in out
    _, whole, _ = invoke("assist", "--boards", "3", *ORIGINAL, input=".y..g ..... y.y..\nquit\n")
    assert _board_lines(out) == _board_lines(whole) and len(_board_lines(out)) == 3


def test_assist_boards_a_whole_line_names_the_board_it_refuses():
    code, out, _ = invoke(
        "assist", "--boards", "4", *ORIGINAL, input=".y..g gg... ..... gggg.\nboards\nquit\n"
    )
    assert code == 0
    assert "! board 4: no remaining word gives 'gggg.'" in out and "nothing changed" in out
    assert out.count("words left") == 4  # 'boards': nothing was played


@pytest.mark.parametrize("arg", ["0", "abc", "-3"])
def test_assist_boards_top_refuses_what_classic_assist_refuses(arg):
    code, out, _ = invoke("assist", "--boards", "2", *ORIGINAL, input=f"top {arg}\nquit\n")
    _, classic, _ = invoke("assist", *ORIGINAL, input=f"top {arg}\nquit\n")
    refusal = f"! {arg!r} is not a positive number (nothing changed; 'help' for help)"
    assert code == 0 and refusal in out and refusal in classic
    assert "guess" not in out.partition(f"? top {arg}")[2]  # no table


def test_assist_boards_top_n_and_words():
    code, out, _ = invoke("assist", "--boards", "2", *ORIGINAL, input="top 3\nwords\nquit\n")
    assert code == 0
    table = out.partition("? top 3\n")[2].partition("? words")[0].splitlines()
    assert table[0].split() == ["#", "guess", "score", "possible"] and len(table) == 4
    assert (
        "! 'words' is not available with several boards; 'boards' shows the words left on each "
        "board (nothing changed; 'help' for help)" in out
    )


def test_assist_boards_solves_a_board_and_finishes():
    code, out, _ = invoke(
        "assist",
        "--boards",
        "2",
        *ORIGINAL,
        input="crane ggggg .....\nmoist ggggg ggggg\nmoist - ggggg\n",
    )
    assert code == 0
    assert "board 1: solved (crane)" in out
    assert "board 1 is already solved" in out
    assert "All 2 boards solved in 2 guesses" in out


def test_assist_absurdle_follows_the_adversary():
    code, out, _ = invoke(
        "assist", "--absurdle", *ORIGINAL, input="aesir\nyauld .....\nggggg\nundo\nquit\n"
    )
    assert code == 0
    assert "  AESIR ⬜⬜⬜⬜⬜" in out and "168 words left" in out and "15 words left" in out
    assert "no remaining word gives" in out  # ggggg for the suggestion is impossible with 15 left
    assert "undone: yauld" in out


@pytest.mark.parametrize("typed", ["words", "top 3", "top", "skip"])
def test_assist_absurdle_refuses_the_commands_it_does_not_offer(typed):
    """Classic assist's commands are refused in one line and nothing is recorded (they were taken
    for the guess WORDS, or refused for their length)."""
    code, out, _ = invoke("assist", "--absurdle", *ORIGINAL, input=f"{typed}\nundo\nquit\n")
    cmd = typed.split()[0]
    assert code == 0
    after = out.partition(f"? {typed}\n")[2].splitlines()
    assert after[0].startswith(
        f"! {cmd!r} is not available against Absurdle (its commands: plan, undo, help, quit)"
    )
    assert after[0].endswith("(nothing changed; 'help' for help)")
    assert after[1:3] == ["? undo", "! nothing to undo (nothing changed; 'help' for help)"]
    assert "words left" not in out


def test_assist_absurdle_plays_a_word_named_like_a_command_as_classic_assist_does():
    """A line's first word is read as a command (classic assist's rule): the word WORDS is played
    with its feedback after a comma, or after the feedback, and the refusal says how."""
    code, out, _ = invoke(
        "assist", "--absurdle", *ORIGINAL, input="words\nwords,.....\nundo\n..... words\nquit\n"
    )
    assert code == 0
    assert "; to play the word WORDS type 'words,.....'" in out
    assert out.count("533 words left") == 2 and "undone: words" in out


def test_assist_absurdle_the_docs_show_the_real_first_line():
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "variants.md").read_text()
    shown = next(ln for ln in docs.splitlines() if "assist --absurdle" in ln)
    first = shown.partition("# ")[2].strip()
    code, out, _ = invoke("assist", "--absurdle", *ORIGINAL, input="quit\n")
    assert code == 0 and out.splitlines()[0] == first


def test_solve_several_words_json_golden():
    code, out, _ = invoke("solve", "cigar,rebut,sissy,humph", "--json", *ORIGINAL)
    data = json.loads(out)
    assert code == 0 and data["variant"] == "Quordle" and data["won"]
    assert data["guesses"] == 7 and data["solved_at"] == [5, 7, 4, 6]
    assert [s["guess"] for s in data["steps"]] == [
        "soare",
        "clint",
        "gumps",
        "sissy",
        "cigar",
        "humph",
        "rebut",
    ]
    assert data["steps"][4]["patterns"][2] is None  # board 3 was solved at guess 4


def test_bench_boards_is_seeded():
    args = ("bench", "--boards", "2", "--games", "4", "--seed", "3", "--json", *ORIGINAL)
    first, second = invoke(*args), invoke(*args)
    data = json.loads(first[1])
    again = json.loads(second[1])
    assert first[0] == 0 and data.pop("seconds") >= 0 and again.pop("seconds") >= 0
    assert data == again
    assert data["games"] == 4 and data["variant"] == "Dordle" and data["failures"] == 0
    code, out, _ = invoke("bench", "--boards", "2", "--games", "4", "--seed", "3", *ORIGINAL)
    assert "Dordle (2 boards, 7 guesses), 4 games, seed 3" in out


def test_optimal_absurdle_on_a_small_list(tmp_path):
    words = tmp_path / "words.txt"
    answers = tmp_path / "answers.txt"
    small = [
        "fight",
        "light",
        "might",
        "night",
        "right",
        "sight",
        "tight",
        "wight",
        "bight",
        "eight",
        "hight",
    ]
    words.write_text(
        "\n".join(small + ["flint", "smote", "brawn", "champ", "dwelt", "ghost"]) + "\n"
    )
    answers.write_text("\n".join(small) + "\n")
    code, out, _ = invoke(
        "optimal", "--absurdle", "--words", str(words), "--answers", str(answers), "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["minimum_guesses"] == 5 and data["proved_impossible_in"] == 4
    assert data["line"][-1]["pattern"] == "ggggg"
    code, out, _ = invoke("optimal", "--absurdle", "--words", str(words), "--answers", str(answers))
    assert "5 guesses" in out and "finds no win in 4" in out


@pytest.mark.parametrize(
    "args,message",
    [
        (("play", "--boards", "2", "--absurdle"), "--boards and --absurdle cannot be combined"),
        (("play", "--boards", "2", "--hard"), "hard mode is not played on several boards"),
        (("play", "--boards", "4", "--max-guesses", "3"), "4 boards need at least 4 guesses"),
        (("bench", "--boards", "2"), "--boards and --games go together"),
        (("bench", "--boards", "2", "--games", "3", "--hard"), "--hard is not used with --boards"),
        (
            ("bench", "--boards", "2", "--games", "3", "-s", "lookahead"),
            "several boards are played by",
        ),
        (("solve", "cigar,zzzzz"), "zzzzz"),
        (("solve", "cigar,,rebut"), "empty word"),
        (("optimal", "--absurdle", "--opener", "salet"), "--opener is not used with --absurdle"),
        (("assist", "--max-guesses", "9"), "--max-guesses goes with --boards"),
    ],
)
def test_bad_options_give_one_line(args, message):
    code, out, err = invoke(*args, *ORIGINAL)
    assert code == 1
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err + out


def test_subprocess_bad_option_exit_code(tmp_path):
    few = tmp_path / "few.txt"
    few.write_text("cigar\nrebut\nsissy\n")
    r = run_cli("bench", "--boards", "4", "--games", "2", "--answers", str(few))
    assert r.returncode == 1 and "different answers" in r.stderr and "Traceback" not in r.stderr


def test_pty_play_boards_and_assist_absurdle():
    pexpect = pytest.importorskip("pexpect")
    a, b = seeded_answers(2, 9)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "wordlelab", "play", "--boards", "2", "--seed", "9", *ORIGINAL],
        env={**cli_env(), "TERM": "xterm-256color"},
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 200),
    )
    try:
        child.expect("Dordle: solve 2 words")
        child.expect_exact("? ")
        child.sendline(a)
        child.expect("1/2 solved, 6 tries left")
        child.sendline(b)
        child.expect("All 2 solved")
        child.expect("in 2/7")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
        child = pexpect.spawn(
            sys.executable,
            ["-m", "wordlelab", "assist", "--absurdle", *ORIGINAL],
            env=cli_env(),
            encoding="utf-8",
            timeout=120,
            dimensions=(40, 200),
        )
        child.expect(r"> AESIR\s+\(wins in 4")
        child.expect_exact("? ")
        child.sendline(".....")
        child.expect("168 words left")
        child.expect(r"> YAULD")
        child.expect_exact("? ")
        interrupt(child)
        assert "Traceback" not in child.before
        child.close()
        assert child.exitstatus == 130
    finally:
        child.close(force=True)


def test_variant_games_are_recorded_per_variant(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))
    a, b = seeded_answers(2, 5)
    invoke("play", "--boards", "2", "--seed", "5", *ORIGINAL, input=f"{a}\n{b}\n")
    code, out, _ = invoke("play", "--absurdle", *ORIGINAL, input="aesir\nyauld\ntench\nwhoop\n")
    assert code == 0 and "Played 1   Win % 100" in out
    invoke("play", "--seed", "7", *ORIGINAL, input="octet\n")
    code, out, _ = invoke("stats")
    assert code == 0
    parts = out.split("\n\n")
    assert parts[0].startswith("Wordle\nPlayed 1") and parts[1].startswith("Dordle\nPlayed 1")
    assert parts[2].startswith("Absurdle\nPlayed 1")
    code, out, _ = invoke("stats", "--json")
    data = json.loads(out)
    assert data["variant"] == "classic" and data["played"] == 1
    assert list(data["variants"]) == ["classic", "dordle", "absurdle"]
    assert data["variants"]["dordle"]["distribution"]["2"] == 1
    assert data["variants"]["absurdle"]["distribution"]["4"] == 1
    code, out, _ = invoke("stats", "--variant", "dordle", "--json")
    assert list(json.loads(out)["variants"]) == ["dordle"] and json.loads(out)["played"] == 1
    code, _, err = invoke("stats", "--variant", "tetris")
    assert code == 1 and "unknown variant 'tetris'" in err


def test_assist_boards_takes_its_methods_and_refuses_others():
    code, out, _ = invoke("assist", "--boards", "2", "-s", "entropy-sum", *ORIGINAL, input="quit\n")
    assert code == 0 and "> " in out
    code, _, err = invoke("assist", "--boards", "2", "-s", "lookahead", *ORIGINAL, input="quit\n")
    assert (
        code == 1
        and "unknown multi-board method 'lookahead'" in err
        and len(err.strip().splitlines()) == 1
    )
    code, _, err = invoke("play", "--absurdle", "--tries", "5", *ORIGINAL, input="quit\n")
    assert code == 1 and "Absurdle has no limit on guesses" in err


def test_play_one_board_speaks_of_one_word():
    """``--boards 1`` is allowed (1 to 64): its lines said "1 boards: solve 1 words at once" and
    "All 1 solved"."""
    (answer,) = seeded_answers(1, 3)
    code, out, _ = invoke("play", "--boards", "1", "--seed", "3", *ORIGINAL, input=f"{answer}\n")
    assert code == 0
    assert "1 board: solve 1 word in 6 tries" in out
    assert "Solved in 1/6!" in out
    assert "1 boards" not in out and "1 words" not in out and "All 1 " not in out
