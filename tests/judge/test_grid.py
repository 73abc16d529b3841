"""Share grids: robust parsing, consistency over the matrix, skill and luck."""

from __future__ import annotations

import pytest

from wordlelab.errors import InconsistentFeedbackError, ShareGridError, UnknownWordError
from wordlelab.game.feedback import Pattern, score
from wordlelab.judge.grid import analyse, hard_pattern_problems, parse_share_grid


def grid_of(
    guesses: list[str], answer: str, header: str = "Wordle 1,234 {n}/6", squares: str = "emoji"
) -> str:
    rows = [score(g, answer).format(squares) for g in guesses]
    n = len(rows) if rows[-1] == "🟩" * 5 or guesses[-1] == answer else "X"
    return header.format(n=n) + "\n\n" + "\n".join(rows) + "\n"


@pytest.mark.parametrize(
    "text",
    [
        "Wordle 1,234 3/6\n\n⬜🟨⬜⬜⬜\n⬜⬜🟨🟩⬜\n🟩🟩🟩🟩🟩",
        "Wordle 1,234 3/6\r\n\r\n⬜️🟨️⬜️⬜️⬜️\r\n⬜️⬜️🟨️🟩️⬜️\r\n🟩️🟩️🟩️🟩️🟩️\r\n",  # VS16, Windows
        "my score today!\nWordle 1234 3/6\n⬛🟨⬛⬛⬛\n⬛⬛🟨🟩⬛\n🟩🟩🟩🟩🟩\n#wordle https://x.y",  # dark
        "Wordle 1.234 3/6\n\n⬜🟦⬜⬜⬜\n⬜⬜🟦🟧⬜\n🟧🟧🟧🟧🟧",  # high contrast
        "⬜ 🟨 ⬜ ⬜ ⬜\n⬜ ⬜ 🟨 🟩 ⬜\n🟩 🟩 🟩 🟩 🟩",  # no header, spaced
    ],
)
def test_parse_variants(text):
    g = parse_share_grid(text)
    assert [str(p) for p in g.rows] == [".y...", "..yg.", "ggggg"]
    assert g.solved and not g.hard


def test_parse_header_details():
    g = parse_share_grid("Wordle 1,234 X/6*\n" + "⬜⬜⬜⬜⬜\n" * 6)
    assert g.score is None and g.hard and g.number == "1,234" and not g.solved
    g = parse_share_grid("Wordle 210 1/6\n🟩🟩🟩🟩🟩")
    assert g.score == 1 and g.number == "210"
    g = parse_share_grid(
        "Wordle 1,000 🎉 2/6\n⬜🟨⬜⬜⬜\n🟩🟩🟩🟩🟩"
    )  # the NYT's milestone header
    assert (g.number, g.score) == ("1,000", 2)
    g = parse_share_grid("Вордли #412 2/6*\n⬜🟨⬜⬜⬜\n🟩🟩🟩🟩🟩")  # a Russian clone's header
    assert g.has_header and g.score == 2 and g.hard and g.number == "412"
    with pytest.raises(ShareGridError, match="says 3 guesses but there are 2 rows"):
        parse_share_grid("ВОРДЛИ 3/6\n⬜🟨⬜⬜⬜\n🟩🟩🟩🟩🟩")
    g = parse_share_grid("⬜🟨⬜⬜⬜ salet\n🟩🟩🟩🟩🟩 cigar")
    assert g.words == ("salet", "cigar")


@pytest.mark.parametrize(
    "text, match",
    [
        ("", "no share grid"),
        ("hello\nworld", "no share grid"),
        ("Wordle 1 3/6\n⬜🟨⬜⬜⬜\n🟩🟩🟩🟩🟩", "says 3 guesses but there are 2"),
        ("Wordle 1 1/6\n⬜🟨⬜⬜⬜\n🟩🟩🟩🟩🟩", "says 1 guess but there are 2 rows"),
        ("Wordle 1 2/6\n🟩🟩🟩🟩🟩", "says 2 guesses but there is 1 row"),
        ("Wordle 1 2/6\n⬜🟨⬜⬜⬜\n🟩🟩🟩🟩⬜", "last row is not all green"),
        ("Wordle 1 X/6\n⬜🟨⬜⬜⬜\n🟩🟩🟩🟩⬜", "X/6 but there are 2 rows"),
        ("⬜🟨⬜⬜⬜\n🟩🟩🟩🟩", "'🟩🟩🟩🟩' has 4 tiles"),
        ("⬜🟨⬜⬜⬜\n🟩🟩x🟩🟩", "'🟩🟩x🟩🟩' mixes tiles"),
        ("🟩🟩🟩🟩🟩\n⬜🟨⬜⬜⬜", "after a solved row"),
        ("⬜🟨⬜⬜⬜\n\nWordle 2 1/6\n🟩🟩🟩🟩🟩", "line 'Wordle 2 1/6' starts a second grid"),
        ("⬜🟨⬜⬜⬜\n\n#wordle\n🟩🟩🟩🟩🟩", "line '🟩🟩🟩🟩🟩' starts a second grid"),
        ("Wordle 1 7/6\n" + "⬜⬜⬜⬜⬜\n" * 6 + "🟩🟩🟩🟩🟩", "not between 1 and 6"),
    ],
)
def test_parse_errors(text, match):
    with pytest.raises(ShareGridError, match=match):
        parse_share_grid(text)


def test_hard_pattern_rules():
    rows = [Pattern.parse(t) for t in ("..g.y", "..gy.", "..g..", "ggggg")]
    problems = hard_pattern_problems(rows)
    assert len(problems) == 1 and "row 3 has 1 coloured tiles" in problems[0].text
    assert problems[0].kind == "hard_hints_drop"
    assert problems[0].params == {"row": 3, "n": 1, "before": 2}
    lost = hard_pattern_problems([Pattern.parse("..g.."), Pattern.parse("y....")])[0]
    assert "loses the green tile in position 3" in lost.text
    assert (lost.kind, lost.params) == ("hard_green_lost", {"row": 2, "positions": [3]})


def test_known_guesses_repeated_letters(matrix):
    guesses = ["salet", "geese", "eerie"]
    g = parse_share_grid(grid_of(guesses, "eerie"))
    r = analyse(g, matrix, guesses, "eerie")
    assert r.consistent and r.answers == ["eerie"] and not r.notes or r.consistent
    assert [x.guess for x in r.rows] == guesses
    assert r.rows[0].before == 2315 and r.rows[-1].after == 1
    for x in r.rows:
        assert 0 <= x.skill <= 99 and (x.luck is None or 0 <= x.luck <= 99)
        assert 0 < x.probability <= 1


def test_known_guesses_wrong_answer_is_caught(matrix):
    guesses = ["salet", "brond", "chair", "cigar"]
    g = parse_share_grid(grid_of(guesses, "cigar"))
    assert analyse(g, matrix, guesses, "cigar").consistent
    # Words that do not give the tiles are bad input (as 'analyse' treats them), naming the row.
    with pytest.raises(InconsistentFeedbackError, match="row 3: CHAIR against VICAR gives"):
        analyse(g, matrix, guesses, "vicar")


def test_one_guess_is_flagged(matrix):
    r = analyse(parse_share_grid("Wordle 210 1/6\n🟩🟩🟩🟩🟩"), matrix, ["crane"])
    assert r.rows[0].probability == pytest.approx(1 / 2315)
    # The detector's p is the real chance of a 1/6 (a player who opens with a possible answer).
    assert r.rows[0].luck == 99 and r.verdict == "suspicious"
    assert r.p_value == pytest.approx(1 / 2315)
    assert r.rows[0].p_own == pytest.approx(1 / 2315)
    line = r.detection.line
    assert "1 in 2,315 chance" in line and "only 1 time in 2,315" in line
    tiles = analyse(parse_share_grid("Wordle 210 1/6\n🟩🟩🟩🟩🟩"), matrix)
    assert len(tiles.answers) == 2315 and tiles.consistent and tiles.verdict == "suspicious"


def test_lost_game(matrix):
    guesses = ["fuzzy", "jumpy", "yummy", "dummy", "gummy", "tummy"]
    text = grid_of(guesses, "mummy")
    assert "X/6" in text
    r = analyse(parse_share_grid(text), matrix, guesses, "mummy")
    assert r.consistent and "mummy" in r.answers and r.rows[-1].after >= 1
    assert any(n.startswith("lost;") for n in r.notes)


def test_lost_game_with_one_answer_left_says_so_in_the_singular(matrix):
    guesses = ["crane", "pilot", "dumpy", "shack", "fjord", "beget"]
    r = analyse(parse_share_grid(grid_of(guesses, "manor")), matrix, guesses, "manor")
    assert r.rows[-1].after == 1
    assert "lost; 1 answer was still possible" in r.notes


def test_tiles_only_vectorised_matches_brute_force(matrix):
    text = grid_of(["salet", "brond", "chair", "cigar"], "cigar")
    r = analyse(parse_share_grid(text), matrix)
    rows = parse_share_grid(text).rows
    data = matrix.data
    brute = [
        matrix.answers[a]
        for a in range(len(matrix.answers))
        if all((data[:, a] == p.code).any() for p in rows)
    ]
    assert sorted(r.answers) == sorted(brute) and "cigar" in brute
    with_answer = analyse(parse_share_grid(text), matrix, answer="cigar")
    assert with_answer.rows[2].guesses_possible >= 1


def test_hard_mode_grid(matrix):
    guesses = ["salet", "crane", "cigar"]
    ok = grid_of(guesses, "cigar", header="Wordle 1,234 {n}/6*")
    assert analyse(parse_share_grid(ok), matrix, guesses).consistent
    bad_guesses = ["salet", "brond", "cigar"]  # BROND drops the yellow A
    bad = grid_of(bad_guesses, "cigar", header="Wordle 1,234 {n}/6*")
    r = analyse(parse_share_grid(bad), matrix, bad_guesses)
    assert not r.consistent and any("breaks hard mode (Guess must contain A)" in n for n in r.notes)
    impossible = "Wordle 9 3/6*\n⬜⬜🟩⬜⬜\n⬜⬜⬜⬜⬜\n🟩🟩🟩🟩🟩"
    r = analyse(parse_share_grid(impossible), matrix)
    assert not r.consistent and any("loses the green" in n for n in r.notes)


def test_bad_guesses(matrix):
    g = parse_share_grid(grid_of(["salet", "cigar"], "cigar"))
    with pytest.raises(ShareGridError, match="2 rows but 1 guess$"):
        analyse(g, matrix, ["salet"])
    with pytest.raises(UnknownWordError):
        analyse(g, matrix, ["qqqqq", "cigar"])
    with pytest.raises(ShareGridError, match="6 tiles a row"):
        analyse(parse_share_grid("🟩🟩🟩🟩🟩🟩"), matrix)


def test_a_row_the_safety_time_limit_stopped_is_said(matrix, monkeypatch, opener_rows):
    """When the wall-clock safety net (not the work budget) stops a row's exact search, the report
    says which row and that its skill fell back to the information skill."""
    import wordlelab.exact.evaluation as evaluation

    original = evaluation.evaluate

    def hurried(pos, **kw):
        kw["time_limit"] = 0  # fired before each search starts: the budget never runs out first
        return original(pos, **kw)

    monkeypatch.setattr(evaluation, "evaluate", hurried)
    # (FUZZY: an opener the original lists' table only bounds, so its row is searched too.)
    opener_rows("original", False, {"fuzzy": (7921, False)})
    words = ["fuzzy", "moist", "shout"]
    grid = parse_share_grid("Wordle 1 3/6\n" + "\n".join(score(w, "shout").emoji for w in words))
    r = analyse(grid, matrix, words, "shout", exact_budget=10**12)
    assert any("safety time limit" in n and "rows 1, 2, 3" in n for n in r.notes), r.notes


@pytest.mark.parametrize(
    "text, groups",
    [
        # Quordle's grid: two boards side by side on each line
        ("Daily Quordle 1034\n⬜🟨⬜⬜⬜ ⬜⬜⬜🟨⬜\n🟩🟩🟩🟩🟩 ⬜🟨⬜⬜⬜\n", 2),
        # a Wordle grid whose line breaks were lost when it was pasted
        ("⬜🟨⬜⬜⬜ 🟨🟩⬜⬜⬜ 🟩🟩🟩🟩🟩", 3),
    ],
)
def test_a_line_of_several_groups_of_tiles_is_refused_as_such(text, groups):
    """Groups of tiles side by side on a line were joined into one long row: a Quordle grid was
    judged as a 10-letter Wordle game ("plausible"), a grid pasted on one line as 15 letters."""
    with pytest.raises(ShareGridError) as exc:
        parse_share_grid(text)
    line = text.splitlines()[1 if "Quordle" in text else 0]
    assert str(exc.value) == (
        f"line {line!r} has {groups} groups of 5 tiles: put each row on its own line "
        "(a grid of several boards, such as Quordle's, is not a Wordle grid)"
    )
    assert exc.value.parts() == {
        "kind": "grid_groups",
        "text": str(exc.value),
        "input": line,
        "line": line,
        "groups": groups,
        "tiles": 5,
    }
    # Tiles spaced one by one, and a word beside its row, are still one row.
    assert len(parse_share_grid("⬜ 🟨 ⬜ ⬜ ⬜ crane\n🟩 🟩 🟩 🟩 🟩").rows) == 2
