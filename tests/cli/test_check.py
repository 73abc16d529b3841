"""wordlelab check end to end: real grids from stdin and files, JSON, and every bad input."""

from __future__ import annotations

import json
import re

from interactive_helpers import invoke, run_cli

from wordlelab.game.feedback import score

CIGAR = "Wordle 1,234 4/6\r\n\r\n⬜️🟨️⬜️⬜️⬜️\r\n⬜️🟨️⬜️⬜️⬜️\r\n🟩️⬜️🟨️🟨️🟩️\r\n🟩️🟩️🟩️🟩️🟩️\r\n"
HARD = "Wordle 1,234 3/6*\n\n" + "\n".join(
    score(w, "cigar").emoji for w in ("salet", "crane", "cigar")
)


def test_tiles_only():
    code, out, _ = invoke("check", input=CIGAR)
    assert code == 0 and "answers fit every row" in out and "consistent" in out


def test_with_guesses_and_answer():
    code, out, _ = invoke(
        "check", "--played", "salet,brond,chair,cigar", "--answer", "CIGAR", input=CIGAR
    )
    assert (
        code == 0 and "skill" in out and "luck" in out and "1 answer fits every row: cigar" in out
    )
    code, out, _ = invoke("check", "--played", "salet brond chair cigar", "--json", input=CIGAR)
    data = json.loads(out)
    assert data["consistent"] and [r["guess"] for r in data["rows"]] == [
        "salet",
        "brond",
        "chair",
        "cigar",
    ]
    assert all(0 <= r["skill"] <= 99 for r in data["rows"])


def test_file_and_hard_mode(tmp_path):
    f = tmp_path / "grid.txt"
    f.write_text(HARD, encoding="utf-8")
    code, out, _ = invoke("check", str(f), "--played", "salet,crane,cigar")
    assert code == 0 and "(hard mode)" in out
    f.write_text(
        HARD.replace(score("crane", "cigar").emoji, score("brond", "cigar").emoji), encoding="utf-8"
    )
    code, out, _ = invoke("check", str(f), "--played", "salet,brond,cigar")
    assert code == 2 and "breaks hard mode" in out and "not consistent" in out


def test_bad_inputs(tmp_path):
    cases = [
        ([], "", "no share grid"),
        ([], "Wordle 1 2/6\n⬜🟨⬜⬜⬜\n🟩🟩x🟩🟩\n", "mixes tiles"),
        (["--played", "salet"], CIGAR, "4 rows but 1 guess\n"),
        (["--played", "salet,brond,chair,zzzzz"], CIGAR, "'zzzzz' is not in the word list"),
        (["--played", ","], CIGAR, "--played is empty"),
        (["--answer", "qqqqq"], CIGAR, "not a possible answer"),
        (["--answer", "cigars"], CIGAR, "has 6 letters"),
        (["-k", "6"], CIGAR, "6"),
        ([str(tmp_path / "missing.txt")], "", "no such file"),
        ([], "⬜🟨⬜⬜⬜\n" * 6 + "🟩🟩🟩🟩🟩\n", "7 rows; the game allows 6"),
        (["--played", "salet,salet"], "⬜⬜⬜⬜⬜\n🟩🟩🟩🟩🟩\n", "row 2: no allowed answer"),
        (
            ["--played", "salet,brond,chair,cigar", "--answer", "vicar"],
            CIGAR,
            "row 3: CHAIR against VICAR",
        ),
    ]
    for args, text, message in cases:
        code, _, err = invoke("check", *args, input=text)
        assert code == 1 and message in err, (args, err)


def test_pipe_subprocess():
    r = run_cli("check", "--played", "salet,brond,chair,cigar", input=CIGAR)
    assert r.returncode == 0 and "CIGAR" in r.stdout and "Traceback" not in r.stdout + r.stderr


def test_hard_flag_for_a_grid_without_its_header(default_lists):
    """A grid pasted without its header ('3/6*' marks hard mode): --hard judges it in hard mode
    (the same report as with the header), and hard mode's tile rules apply to it."""
    rows = "\n".join(score(w, "shout").emoji for w in ("crane", "moist", "shout"))
    played = ("--played", "crane,moist,shout", "--json")
    code, out, _ = invoke("check", "--hard", *played, input=rows)
    flagged = json.loads(out)
    code2, out2, _ = invoke("check", *played, input="Wordle 1,234 3/6*\n\n" + rows)
    headed = json.loads(out2)
    assert code == code2 == 0 and flagged["hard"] and headed["hard"]
    assert flagged["rows"] == headed["rows"] and flagged["verdict"] == headed["verdict"]
    code, out, _ = invoke("check", *played, input=rows)
    assert code == 0 and not json.loads(out)["hard"]
    # Row 2 drops row 1's green: fine in normal mode, not in hard mode.
    bad = "⬜🟩⬜⬜⬜\n⬜⬜⬜🟨🟩\n🟩🟩🟩🟩🟩\n"
    assert invoke("check", input=bad)[0] == 0
    code, out, _ = invoke("check", "--hard", input=bad)
    assert code == 2 and "hard mode forbids" in out


def test_an_opener_that_can_fail_in_hard_mode_says_so(default_lists):
    """Hard mode, CRANE: no strategy after it solves every answer within six (the shipped
    table); the exact column values it by hard mode's objective (its tree of fewest losses: 1
    answer lost, a loss counted as 7) against the best opener, and its cost says the lost answer,
    never 'not proven' nor ∞."""
    rows = "\n".join(score(w, "shout").emoji for w in ("crane", "moist", "shout"))
    code, out, _ = invoke("check", "--hard", "--played", "crane,moist,shout", input=rows)
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("1  CRANE"))
    assert "TARSE 3.682 vs 3.724" in line and "+1 lost 0.042" in line, line
    code, out, _ = invoke("check", "--hard", "--played", "crane,moist,shout", "--json", input=rows)
    row = json.loads(out)["rows"][0]
    assert not row["can_fail"] and row["exact_best"] == "tarse" and row["exact_guesses"] == 3.7236
    assert row["losses"] and row["lost_low"] == row["lost_high"] == 1


def test_the_title_line_is_the_grids_own():
    # A grid pasted without its header got a made-up "Wordle 3/6"; the NYT's milestone header
    # ("Wordle 1,000 🎉 3/6") was not read at all (its number and score were not checked).
    rows = "⬜⬜⬜⬜⬜\n⬜⬜🟩🟨🟩\n🟩🟩🟩🟩🟩\n"
    code, out, _ = invoke("check", input=rows)
    assert code == 0 and out.splitlines()[0] == "3/6 (no header line: the score is the rows')"
    code, out, _ = invoke("check", input="Wordle 1,000 🎉 3/6\n\n" + rows)
    assert code == 0 and out.splitlines()[0] == "Wordle 1,000 3/6"
    code, _, err = invoke("check", input="Wordle 1,000 🎉 2/6\n\n" + rows)
    assert code == 1 and "says 2 guesses but there are 3 rows" in err


def test_a_grid_of_a_length_the_games_do_not_play_is_one_short_line():
    """Rows of 3 tiles (or 12) named every bundled list, on one line of some 900 characters; the
    grid's length is now checked as the web's Analyse checks it."""
    for rows, n in (("⬜🟨⬜\n🟩🟩🟩\n", 3), ("⬜🟨⬜⬜⬜⬜⬜⬜⬜⬜⬜⬜\n", 12)):
        code, out, err = invoke("check", input=rows)
        assert code == 1 and out == ""
        assert (
            err
            == f"wordlelab: error: the grid: {n}-letter words; wordlelab plays 4 to 11 letters\n"
        )


def test_an_unfinished_grid_is_not_scored_as_lost():
    """Two unsolved rows with no header were scored X/6, a game lost after six guesses; the score
    is now ?/6 and the title says the game is unfinished."""
    rows = "⬜🟨⬜⬜⬜\n⬜⬜⬜⬜⬜\n"
    code, out, _ = invoke("check", input=rows)
    assert code == 0
    assert out.splitlines()[0] == "?/6 (no header line: an unfinished game, 2 rows, not solved)"
    code, out, _ = invoke("check", "--json", input=rows)
    assert json.loads(out)["score"] == "?/6"
    # Six unsolved rows are a lost game, header or not.
    code, out, _ = invoke("check", input=rows * 3)
    assert out.splitlines()[0].startswith("X/6 (no header line")


def test_a_russian_header_judges_on_the_russian_lists():
    """A grid headed "Вордли" (a Russian game) was judged on the English lists unless --lang ru
    was given: its answers were English words. The header's language is now the default."""
    grid = "Вордли #412 2/6\n⬜🟨⬜⬜⬜\n🟩🟩🟩🟩🟩\n"
    code, out, _ = invoke("check", "--json", input=grid)
    assert code == 0
    answers = json.loads(out)["answers"]
    assert answers and all(re.fullmatch("[а-я]{5}", w) for w in answers), answers[:5]
    code, out, _ = invoke("check", input=grid)
    assert code == 0 and out.splitlines()[0] == "Вордли 412 2/6"  # the grid's own title
    code, out, _ = invoke("check", "--json", "--lang", "en", input=grid)  # as asked
    assert code == 0 and all(re.fullmatch("[a-z]{5}", w) for w in json.loads(out)["answers"])
    code, out, _ = invoke("check", input=grid.replace("Вордли", "Wordle"))
    assert code == 0 and "about" in out


def test_a_grid_saved_as_utf16_is_read(tmp_path):
    """Windows saves text as UTF-16 with a byte-order mark (Notepad's "Unicode", PowerShell's
    '>'): such a grid file was "no share grid found"; it is now read as the same grid."""
    text = CIGAR
    utf8, utf16 = tmp_path / "g8.txt", tmp_path / "g16.txt"
    utf8.write_text(text, encoding="utf-8")
    utf16.write_bytes(text.encode("utf-16"))  # with its BOM, little-endian here
    code8, out8, _ = invoke("check", str(utf8))
    code16, out16, err16 = invoke("check", str(utf16))
    assert code16 == code8 == 0, err16
    assert out16 == out8
