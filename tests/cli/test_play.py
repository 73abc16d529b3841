"""The console game: fixed seeds, scripted input, hard mode, the share grid, and statistics."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys

import pytest
from interactive_helpers import cli_env, invoke

from wordlelab.game.words import WordList


def answer_for(seed: int) -> str:
    return random.Random(seed).choice(list(WordList.bundled("answers")))


@pytest.fixture()
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))
    return tmp_path


def test_seed_is_repeatable():
    assert answer_for(7) == "octet"


def test_win_share_grid_and_stats(data):
    code, out, err = invoke("play", "--seed", "7", input="crane\nzzzzz\ncran\n\nmoist\noctet\n")
    assert code == 0, err
    assert "not in the word list (no try used)" in out and "has 4 letters" in out
    assert "Impressive! 3/6" in out
    assert "Wordle 3/6 · seed 7\n\n🟨⬜⬜⬜🟨\n⬜🟨⬜⬜🟩\n🟩🟩🟩🟩🟩" in out
    assert "(E)" in out and "[T]" in out  # the keyboard, without colour
    assert "Played 1   Win % 100   Current streak 1   Max streak 1" in out
    code, out, _ = invoke("stats", "--json")
    assert code == 0 and '"played": 1' in out and '"3": 1' in out


def test_loss_then_streaks(data):
    guesses = "\n".join(["crane", "slate", "moist", "bingo", "hello", "world"]) + "\n"
    code, out, _ = invoke("play", "--seed", "7", input=guesses)
    assert code == 0 and "The word was OCTET." in out and "Wordle X/6 · seed 7" in out
    invoke("play", "--seed", "7", input="octet\n")
    invoke("play", "--seed", "7", "--tries", "3", input="octet\n")
    code, out, _ = invoke("stats")
    assert "Played 3   Win % 67   Current streak 2   Max streak 2" in out
    assert "  1 ████████████████████ 2" in out


def test_hard_mode_messages(data):
    code, out, _ = invoke(
        "play", "--seed", "7", "--hard", input="crane\nslate\nmoist\ncheck\ntecho\nquit\n"
    )
    assert code == 0
    assert "Guess must contain C" in out  # slate drops the yellow C
    assert "1st letter must be" not in out
    assert "Game abandoned; it is not counted." in out
    code, out, _ = invoke("play", "--seed", "7", "--hard", input="ethos\nwhite\noctet\n")
    assert "Wordle 2/6* · seed 7" in out


def test_abandoned_and_no_stats(data):
    invoke("play", "--seed", "1", input="crane\n")  # EOF mid game
    invoke("play", "--seed", "7", "--no-stats", input="octet\n")
    code, out, _ = invoke("stats", "--json")
    assert '"played": 0' in out


def test_locked_database_loses_nothing(data, monkeypatch):
    monkeypatch.setenv("WORDLELAB_DB_TIMEOUT", "0.1")
    invoke("play", "--seed", "7", input="octet\n")  # creates the database
    holder = sqlite3.connect(data / "stats.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        code, out, err = invoke("play", "--seed", "7", input="crane\noctet\n")
        assert code == 0 and "Wordle 2/6 · seed 7" in out
        assert "is locked by another program" in err and "will be counted next time" in err
        code, _, err = invoke("stats")
        assert code == 1 and "locked" in err
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    code, out, _ = invoke("stats", "--json")
    assert '"played": 2' in out and '"2": 1' in out
    assert not list((data / "pending").glob("*.json"))
    code, out, _ = invoke("stats", "--json")  # absorbing is idempotent
    assert '"played": 2' in out


def test_not_a_database(data):
    (data / "stats.sqlite3").write_text("this is not sqlite" * 100)
    code, _, err = invoke("stats")
    assert code == 1 and "not an SQLite database" in err


def test_pipe_game_and_a_killed_game(data):
    env = {**cli_env(), "WORDLELAB_DATA_DIR": str(data)}
    r = subprocess.run(
        [sys.executable, "-m", "wordlelab", "play", "--seed", "7"],
        input="slate\noctet\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )
    assert (
        r.returncode == 0
        and "Wordle 2/6 · seed 7" in r.stdout
        and "Traceback" not in r.stdout + r.stderr
    )
    # A game killed mid-way leaves the statistics as they were.
    p = subprocess.Popen(
        [sys.executable, "-m", "wordlelab", "play", "--seed", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write("crane\n")
    p.stdin.flush()
    assert "Guess the 5-letter word" in p.stdout.readline()
    os.kill(p.pid, signal.SIGKILL)
    p.wait(timeout=30)
    p.stdout.close()
    p.stderr.close()  # type: ignore[union-attr]
    p.stdin.close()
    code, out, _ = invoke("stats", "--json")
    assert '"played": 1' in out


@pytest.mark.parametrize("seed", ["-1", str(2**63)])
def test_a_seed_the_web_cannot_play_is_refused_before_the_game(seed):
    """'play --seed -1' played a word (and 2**63 too) though the web app, which plays the same
    seed as the same word, refuses them, and '--boards 2 --seed -1' refused -1: seeds are now
    0 to 2**63-1 everywhere, checked with the options."""
    code, out, err = invoke("play", "--seed", seed, "--no-stats", input="quit\n")
    assert code == 1 and out == ""
    assert (
        f"Invalid value for '--seed': {seed} is not in the range 0<=x<=9223372036854775807" in err
    )


def test_a_seeded_game_never_shares_as_an_nyt_puzzle_number(data):
    """ "Wordle 7 X/6" reads as the NYT's puzzle #7: the seed goes after the score, and the grid
    still reads back (no puzzle number) with its score."""
    from wordlelab.judge.grid import parse_share_grid

    code, out, _ = invoke("play", "--seed", "7", input="crane\nmoist\noctet\n")
    assert code == 0 and "Wordle 7" not in out
    share = out[out.index("Wordle 3/6 · seed 7") :].split("\n\n", 2)
    grid = parse_share_grid("\n\n".join(share[:2]))
    assert grid.number is None and grid.score == 3 and grid.lang is None


def test_a_russian_game_shares_under_its_russian_name(data):
    """A Russian grid headed "Wordle" was judged on the English lists by 'check'."""
    from wordlelab.game.lists import load_lists
    from wordlelab.judge.grid import parse_share_grid
    from wordlelab.variants import Classic

    game = Classic().new_game(load_lists(5, "ru"), 3, "ru")
    game.guess(game.answers[0])
    assert game.share().startswith("Вордли 1/6 · seed 3\n\n")
    assert parse_share_grid(game.share()).lang == "ru"
