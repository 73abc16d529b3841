"""Every length 4–11, in English and Russian: a full game solved, Cyrillic feedback, bad files."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from wordlelab import WordList, score
from wordlelab.cli.main import cli
from wordlelab.game.classic import ClassicGame


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("length", range(4, 12))
def test_solve_a_full_game(lang, length):
    answers = WordList.bundled("answers", lang, length)
    # A rare-ish answer from the middle of the list, the same every run.
    word = answers[len(answers) // 2]
    r = run("solve", word, "-k", str(length), "--lang", lang, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)  # stderr may carry a progress notice
    steps = data["steps"] if isinstance(data, dict) else data
    guesses = [s["guess"] for s in steps]
    assert guesses[-1].lower() == word
    # Each step's feedback is what the engine gives.
    for s in steps:
        assert str(score(s["guess"].lower(), word)) == s["pattern"]


# Derived by hand: greens first, then yellows left to right from the answer's unused letters.
@pytest.mark.parametrize(
    "guess,answer,expected",
    [
        ("шалаш", "шаман", "gg.g."),
        ("колос", "около", "yyyy."),
        ("потоп", "робот", ".gyg."),
        ("сосна", "насос", "yygyy"),
        ("молоко", "колобо", ".gggyg"),
    ],
)
def test_cyrillic_feedback_with_repeated_letters(guess, answer, expected):
    assert str(score(guess, answer)) == expected


def test_yo_folds_into_ye_everywhere():
    ru4 = WordList.bundled("allowed", "ru", 4)
    assert all("ё" not in w for w in ru4)
    assert ru4.normalize("ЁЖИК") == "ежик"
    game = ClassicGame("ёжик", words=ru4)
    assert game.answer == "ежик" and game.guess("ежик").is_win
    r = run("score", "ёлка", "елка", "--lang", "ru", "--json")
    assert json.loads(r.stdout)["solved"] is True


@pytest.mark.parametrize(
    "content,lang,message",
    [
        ("кошка\nсобака\n", "ru", "has 6 letters; the list's first word has 5"),
        ("кошка\nkoshka\n", "ru", "outside the Russian alphabet"),
        ("crane\nкошка\n", "en", "outside the English alphabet"),
    ],
)
def test_bad_custom_files_name_the_line(tmp_path, content, lang, message):
    p = tmp_path / "list.txt"
    p.write_text(content, encoding="utf-8")
    r = run("solve", "кошка" if lang == "ru" else "crane", "--lang", lang, "--words", str(p))
    assert r.exit_code == 1
    assert message in r.output and f"{p}:2" in r.output and "Traceback" not in r.output


def test_repeated_words_in_a_file_are_dropped_with_one_warning(tmp_path):
    p = tmp_path / "list.txt"
    p.write_text("кошка\nКОШКА\nмышка\n", encoding="utf-8")
    r = run("solve", "кошка", "--lang", "ru", "--words", str(p), "--answers", str(p))
    assert r.exit_code == 0, r.output
    assert r.stderr.count("repeated words kept once: кошка (line 2, first on line 1)") == 1
