"""The assistant: library session, the in-process CLI loop, a pipe and a real pseudo-terminal."""

from __future__ import annotations

import io
import sys

import pytest
from interactive_helpers import SRC, cli_env, interrupt, invoke, run_cli  # noqa: F401
from rich.console import Console

from wordlelab.assist.assistant import Assistant, default_opener, parse_entry
from wordlelab.errors import (
    HardModeError,
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
    UnknownWordError,
    WordlelabError,
)
from wordlelab.game.feedback import score

# -- library ----------------------------------------------------------------------------------------


def test_default_opener_is_salet_on_original_lists(matrix):
    assert default_opener(matrix) == "salet"
    a = Assistant.create(matrix)
    assert a.suggestion().word == "salet"
    assert a.remaining == 2315
    own = Assistant.create(matrix, opener="strategy")
    assert own.suggestion().word == own.top(1)[0].word


def test_solves_by_following_suggestions(matrix):
    for answer in ("cigar", "mummy", "eerie", "vivid"):
        a = Assistant.create(matrix)
        while not a.solved:
            assert a.turn <= 7
            step = a.feedback(score(a.suggestion().word, answer))
        assert step.word == answer and step.after == 1


def test_rejected_input_changes_nothing(matrix):
    a = Assistant.create(matrix)
    a.feedback(".y...")
    before = (a.remaining, a.history, a.suggestion().word)
    with pytest.raises(InconsistentFeedbackError):
        a.play("crane", "ggggg")
    with pytest.raises(InvalidPatternError):
        a.feedback("..y")
    with pytest.raises(UnknownWordError):
        a.play("zzzzz", ".....")
    with pytest.raises(InvalidWordError):
        a.play("cran", ".....")
    assert (a.remaining, a.history, a.suggestion().word) == before


def test_skip_and_undo(matrix):
    a = Assistant.create(matrix)
    assert a.skip() != "salet"
    assert "salet" in a.skipped
    second = a.suggestion().word
    a.feedback("y....")
    # A refused word stays refused on later turns.
    assert all(s.word != "salet" for s in a.top(30))
    assert a.undo().startswith(second)
    assert a.undo() == "skip salet"
    assert a.suggestion().word == "salet"
    with pytest.raises(WordlelabError):
        a.undo()


def test_a_refused_opener_gives_way_to_the_next_proven_one(matrix):
    # The opener table ships every opener's proven value: after the game refuses the best, the
    # coach suggests the next best proven opener (not entropy's choice), its top rows are the
    # table's order, and the exact line says which of the words it names were refused.
    from wordlelab.cli.assist import exact_line
    from wordlelab.exact.evaluation import start_from_opener_table

    a = Assistant.create(matrix)
    table = start_from_opener_table(a.position, top=60)
    value = {g.word: g.upper for g in table.top}
    best = table.top[0]
    assert a.suggested_word() == best.word
    a.skip()
    second = a.suggested_word()
    # (ties among equal values go to the likelier answer, so compare values, not words)
    assert value[second] == min(v for w, v in value.items() if w != best.word)
    a.skip()
    rows = [r.word for r in a.top(4)]
    assert [value[w] for w in rows] == sorted(
        v for w, v in value.items() if w not in (best.word, second)
    )[:4]
    line = exact_line(a.exact_top(3), a.skipped)
    assert line.startswith(f"exact: {best.word.upper()} (refused) is optimal")
    assert f"{second.upper()} (refused)" in line


@pytest.mark.usefixtures("default_lists")
def test_a_refused_tree_guess_gives_way_to_the_exact_next_best():
    # On the shipped tree's line the coach plays the tree's guess; refused, it plays the exact
    # search's best among the rest, not entropy's choice (TARSE ..y..: DOING refused, entropy's
    # PRION is at least 2.691 where CODON is proven 2.673).
    from wordlelab.exact.evaluation import evaluate
    from wordlelab.game.lists import load_lists

    a = Assistant.create(load_lists().matrix())
    a.feedback("..y..")
    refused = a.suggested_word()
    now = a.skip()
    ev = evaluate(a.position, top=10, use_tree=False)
    rest = [g for g in ev.top if g.exact and g.word != refused]
    assert now in {g.word for g in rest if g.upper == rest[0].upper}, (refused, now, rest[:3])


def test_an_unsearched_position_says_so_and_values_the_suggestion(matrix):
    # Past the size the exact search is tried on, the line said it "used its work budget" after
    # a fraction of a million look-ups; and the suggestion's own value (a strategy from here, as
    # a review of it shows) did not lower the upper bound.
    from wordlelab.cli.assist import exact_line

    a = Assistant.create(matrix)
    a.play("qajaq", ".....")
    ev = a.exact_top(3)
    assert ev.not_searched and ev.work < ev.budget and a.remaining > 800
    assert ev.guess is not None and ev.guess.word == a.suggested_word()
    assert ev.upper <= ev.guess.upper
    line = exact_line(ev)
    assert f"the exact search was not run ({a.remaining} words left" in line
    assert "used its work budget" not in line


def test_top_numbers(matrix):
    a = Assistant.create(matrix, "entropy")
    a.play("salet", "ggggg".replace("g", ".", 5))  # all grey
    top = a.top(5)
    assert len(top) == 5
    assert [s.word for s in top][0] == a.suggestion().word
    bits = [s.bits for s in top]
    assert bits == sorted(bits, reverse=True)
    for s in top:
        assert 0 <= s.expected <= a.remaining and s.largest >= 1
        assert s.p_answer in (0.0, 1 / a.remaining)


def test_a_heuristics_top_gets_exact_values_at_a_couple_hundred_answers():
    """With a heuristic strategy (not the coach, whose own search gives them) ``top`` values its
    rows exactly up to EXACT_TOP_MAX answers: AUDIO all grey leaves 190 (original lists)."""
    from wordlelab.assist.assistant import EXACT_TOP_MAX

    assert EXACT_TOP_MAX >= 190
    code, out, _ = invoke(
        "assist", "-s", "entropy", "--opener", "audio", input="audio .....\ntop 5\n"
    )
    assert code == 0 and "190 words left" in out
    row = next(line for line in out.splitlines() if line.lstrip().startswith("1  TERSE"))
    assert row.rstrip().endswith("2.684"), row  # proven, and the line under the table agrees
    assert "exact: TERSE is optimal, 2.684 expected guesses (proven)" in out
    # Above that the heuristic's rows are not searched, but for the suggestion (valued with the
    # position, as a review of it would be): a line says why the others are not.
    code, out, _ = invoke(
        "assist", "-s", "entropy", "--opener", "crane", input="crane .....\ntop 3\n"
    )
    assert code == 0 and "263 words left" in out
    row = next(line for line in out.splitlines() if line.lstrip().startswith("1  "))
    assert "*" in row and row.rstrip()[-5:].replace(".", "").isdigit(), row
    assert (
        f"(no exact values for the other rows: with entropy they are searched at {EXACT_TOP_MAX} "
        "words left or fewer, 263 now)"
    ) in out


def test_last_candidate_and_solved(matrix):
    a = Assistant.create(matrix)
    for guess in ("salet", "briny"):
        a.play(guess, score(guess, "cigar"))
    while a.remaining > 1:
        a.feedback(score(a.suggestion().word, "cigar"))
    s = a.suggestion()
    assert s.word == "cigar" and s.p_answer == 1.0 and s.expected == 0.0
    assert a.feedback("ggggg").solved
    with pytest.raises(WordlelabError):
        a.suggestion()
    a.undo()
    assert not a.solved


def test_hard_mode_refuses_illegal_played_word(matrix):
    a = Assistant.create(matrix, hard=True)
    a.play("salet", "g....")
    with pytest.raises(HardModeError, match="1st letter must be S"):
        a.play("crane", ".....")
    assert a.suggestion().word.startswith("s")


def test_words_ranked_by_frequency(matrix):
    a = Assistant.create(matrix)
    a.play("salet", ".y...")
    words = a.words()
    assert sorted(words) == sorted(a.candidates()) and len(words) == a.remaining
    assert words.index("woman") < words.index("vodka")


@pytest.mark.parametrize(
    "text, expected",
    [
        (".y..g", (None, ".y..g")),
        ("01002", (None, ".y..g")),
        ("BYBBG", (None, ".y..g")),
        ("⬜🟨⬛⬜🟩", (None, ".y..g")),
        ("⬜️🟨️⬜️⬜️🟩️", (None, ".y..g")),
        (". y . . g", (None, ".y..g")),
        ("crane .y..g", ("crane", ".y..g")),
        ("CRANE,.y..g", ("crane", ".y..g")),
        (".y..g crane", ("crane", ".y..g")),
        ("crane ⬜ 🟨 ⬜ ⬜ 🟩", ("crane", ".y..g")),
    ],
)
def test_parse_entry(matrix, text, expected):
    word, pattern = parse_entry(text, matrix)
    assert (word, str(pattern)) == expected


@pytest.mark.parametrize(
    "text, match",
    [
        ("crane", "type it with its feedback"),
        ("..y", "3 tiles"),
        (".y..g.", "6 tiles"),
        ("qq...", "'q'"),
        ("crane .y..", "4 tiles"),
        ("cranes .y..g", "6 letters"),
        ("⬜🟨.g0", "mixes notations"),
        # A short word made of feedback letters ('foo' reads as XOF) beside fitting feedback:
        # its length, as for any word, not "mixes notations".
        ("foo ggggg", "3 letters"),
        ("ggggg, foo", "3 letters"),
        ("fox ggggg", "3 letters"),
    ],
)
def test_parse_entry_errors(matrix, text, match):
    with pytest.raises((InvalidPatternError, InvalidWordError), match=match):
        parse_entry(text, matrix)


# -- the session loop in-process (no interpreter start-up) ------------------------------------------


def session(matrix, text: str, **kw) -> tuple[int, str]:
    from wordlelab.cli.assist import run_session

    buf = io.StringIO()
    out = Console(file=buf, width=200, color_system=None, soft_wrap=True)
    code = run_session(Assistant.create(matrix, **kw), iter(text.splitlines()), out)
    return code, buf.getvalue()


def test_session_every_command(matrix):
    code, out = session(
        matrix,
        "\n".join(
            [
                "help",
                "top 3",
                "words 5",
                ".y...",
                "",
                "undo",
                f"crane {score('crane', 'woman')}",
                "bogus!",
                "top 0",
                "top x",
                "words",
                "undo",
                "undo",
                "undo",
                "undo",
                "quit",
                "never read",
            ]
        ),
    )
    assert code == 0
    assert out.splitlines()[0] == "> SALET  (2315 words)"
    assert "(skipping" in out and "undone: skip" in out and "undone: salet .y..." in out
    assert f"CRANE {score('crane', 'woman').emoji}" in out
    assert "nothing to undo" in out and "not a positive number" in out
    assert out.count("! ") >= 4
    assert "Traceback" not in out


def test_session_solves(matrix):
    lines, a = [], Assistant.create(matrix)
    while not a.solved:
        p = score(a.suggestion().word, "pound")
        lines.append(p.format("emoji"))
        a.feedback(p)
    code, out = session(matrix, "\n".join(lines + ["never read"]))
    assert code == 0 and f"Solved in {len(lines)} guesses: POUND" in out


def test_session_eof_midway(matrix):
    code, out = session(matrix, ".y...")
    assert code == 0 and out.count("> ") == 2


# -- end to end -------------------------------------------------------------------------------------


def test_pipe_scripted_session():
    lines = [".y...", "", "garbage", "crane g....", "undo", "top 2", "words 3", "help"]
    # then play the suggestions against an answer until solved, computed in-process
    r = run_cli("assist", input="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    out = r.stdout.splitlines()
    assert out[0] == "> SALET  (2315 words)"
    assert out[1] == "? .y..."
    assert any(line.startswith("! ") for line in out)
    assert "? words 3" in out


def test_cli_errors_and_options(tmp_path):
    code, _, err = invoke("assist", "--strategy", "nope")
    assert code == 1 and "unknown strategy 'nope'" in err
    code, _, err = invoke("assist", "--opener", "qqqqq")
    assert code == 1 and "'qqqqq' is not in the word list" in err
    code, out, _ = invoke("assist", "-k", "6", input="quit\n")
    assert code == 0 and "(2315 words)" in out
    code, out, _ = invoke("assist", "-k", "5", "--lang", "ru", input="quit\n")
    assert code == 0 and "(1550 words)" in out
    words = tmp_path / "w.txt"
    words.write_text("cigar\ncider\ncivic\nrebut\nsissy\n")
    code, out, _ = invoke("assist", "--words", str(words), "--hard", input="ggggg\n")
    assert code == 0
    assert "(5 words:" in out and "Solved in 1 guess" in out
    code, out, _ = invoke("assist", "--answers", str(words), "--opener", "strategy", input="top\n")
    assert code == 0 and "exp. left" in out
    bad = tmp_path / "bad.txt"
    bad.write_text("cigar\nabc\n")
    code, _, err = invoke("assist", "--words", str(bad))
    assert code == 1 and "has 3 letters" in err
    for text in ("", "\n\n\n", "quit\n", "\x04"):
        code, out, _ = invoke("assist", input=text)
        assert code == 0


def test_pty_session():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "wordlelab", "assist"],
        env=cli_env(),
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 200),
    )
    try:
        child.expect(r"SALET\s+\(2315 words\)")
        child.expect_exact("? ")
        child.sendline(".y...")
        child.expect(r"> (\w+)\s+\(102 words\)")
        child.sendline("ggggg")  # impossible for that suggestion
        child.expect("no remaining word gives")
        child.sendline("undo")
        child.expect("undone: salet")
        child.sendline("top 3")
        child.expect("P\\(answer\\)")
        child.expect_exact("? ")
        child.sendcontrol("d")  # Ctrl-D ends cleanly
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
        assert "Traceback" not in (child.before or "")
        # Ctrl-C ends cleanly too
        child = pexpect.spawn(
            sys.executable,
            ["-m", "wordlelab", "assist"],
            env=cli_env(),
            encoding="utf-8",
            timeout=30,
        )
        child.expect_exact("? ")
        interrupt(child)
        assert "Traceback" not in child.before and "interrupted" in child.before
        child.close()
        assert child.exitstatus == 130
    finally:
        child.close(force=True)


def test_a_blank_line_with_one_word_left_keeps_suggesting_it():
    """TARSE yyyyy leaves only ASTER; a blank line ("the game did not take it") then suggested
    "ABACK (1 word)": the answer cannot be refused, so ASTER it stays, and the line says why."""
    code, out, _ = invoke("assist", "--lists", "nyt", input="yyyyy\n\nquit\n")
    assert code == 0
    assert "> TARSE" in out and "ABACK" not in out
    assert "ASTER is the only word left" in out
    assert out.count("> ASTER") == 2


def test_skipping_the_only_word_left_is_refused_and_changes_nothing():
    from wordlelab.game.lists import load_lists

    a = Assistant.create(load_lists(lists="nyt").matrix(), opener="tarse")
    a.feedback(score("tarse", "aster"))
    assert a.remaining == 1
    word = a.suggested_word()
    with pytest.raises(WordlelabError, match="only word left") as err:
        a.skip()
    assert err.value.kind == "only_word_left" and a.suggested_word() == word and not a.skipped
