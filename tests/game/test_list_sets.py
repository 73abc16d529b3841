"""Today's game (issue 9): the NYT lists by default, named list sets, and no dead end."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from interactive_helpers import cli_env, invoke, run_cli

from wordlelab.assist.assistant import WIDENED, Assistant
from wordlelab.errors import InconsistentFeedbackError, WordListError
from wordlelab.game.feedback import score
from wordlelab.game.lists import LIST_SETS, load_lists, widen


def default_env() -> dict[str, str]:
    env = cli_env()
    env.pop("WORDLELAB_LISTS", None)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def play_piped(answer: str, *args: str, limit: int = 10) -> list[str]:
    """Play ``answer`` against ``wordlelab assist`` through a pipe, answering each suggestion."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordlelab", "assist", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=default_env(),
    )
    lines: list[str] = []
    try:
        assert proc.stdout is not None and proc.stdin is not None
        for _ in range(limit):
            while True:
                line = proc.stdout.readline()
                assert line, (
                    f"assist ended early: {lines} {proc.stderr.read() if proc.stderr else ''}"
                )
                lines.append(line.rstrip("\n"))
                if line.startswith("> ") or line.startswith("Solved"):
                    break
            if lines[-1].startswith("Solved"):
                break
            word = lines[-1][2:].split()[0].lower()
            proc.stdin.write(f"{score(word, answer)}\n")
            proc.stdin.flush()
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
    return lines


@pytest.mark.parametrize("answer", ["snafu", "guano", "kazoo"])
def test_pipe_session_solves_the_new_nyt_answers_on_the_default_lists(answer):
    lines = play_piped(answer)
    assert lines[0] == "> TARSE  (3158 words)"
    assert lines[-1].startswith("Solved") and lines[-1].endswith(answer.upper())
    assert not any(line.startswith("!") for line in lines)
    assert WIDENED not in "\n".join(lines)  # they are on the 3158-word list


def test_a_word_outside_the_answer_list_widens_then_solves():
    assert "fibre" not in set(load_lists(lists="nyt").answers)
    lines = play_piped("fibre")
    text = "\n".join(lines)
    assert WIDENED in text and not any(line.startswith("!") for line in lines)
    assert lines[-1].startswith("Solved") and lines[-1].endswith("FIBRE (not on the answer list)")


def test_all_green_on_a_word_off_the_answer_list_solves_without_widening_talk():
    """TARSE (the opener, not one of the 3158) answered ggggg: solved at once; no talk of every
    allowed word being possible now, but a word that the answer is off the list."""
    assert "tarse" not in set(load_lists(lists="nyt").answers)
    code, out, _ = invoke("assist", "--lists", "nyt", input="ggggg\n")
    lines = [line for line in out.splitlines() if line.strip()]
    assert code == 0 and WIDENED not in out
    assert lines[-1] == "Solved in 1 guess: TARSE (not on the answer list)"


def test_the_old_lists_widen_for_guano_instead_of_naming_piano():
    lines = play_piped("guano", "--lists", "original")
    assert lines[0] == "> SALET  (2315 words)"
    assert WIDENED in "\n".join(lines) and lines[-1].endswith("GUANO (not on the answer list)")


@pytest.mark.parametrize("answer", ["snafu", "guano", "kazoo", "fibre"])
def test_pty_session_on_the_default_lists(answer):
    """In a terminal: the new NYT answers are solved without widening; FIBRE (outside the 3158)
    widens, then is solved."""
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "wordlelab", "assist"],
        env=default_env(),
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 200),
    )
    seen = ""
    try:
        child.expect(r"> TARSE\s+\(3158 words\)")
        word = "tarse"
        for _ in range(8):
            child.expect_exact("? ")
            child.sendline(str(score(word, answer)))
            got = child.expect([rf"Solved in \d guesses?: {answer.upper()}", r"> ([A-Z]+)"])
            seen += child.before
            if got == 0:
                break
            word = child.match.group(1).lower()
        else:
            pytest.fail("not solved in 8 guesses")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0 and "Traceback" not in child.before
        assert (WIDENED in seen) == (answer == "fibre") and "! " not in seen
    finally:
        child.close(force=True)


def test_library_widening_and_refusal():
    lists = load_lists(lists="original")
    m = lists.matrix()
    a = Assistant.create(m, "entropy")
    a.play("salet", score("salet", "guano"))
    a.play("brond", score("brond", "guano"))
    step = a.play("piano", score("piano", "guano"))
    assert step.widened and a.widened and a.candidates() == ["cyano", "guano"]
    assert (
        a.words()[0] == "guano" and a.suggested_word() == "guano"
    )  # the likelier word, by the prior
    a.undo()
    assert not a.widened and "guano" not in a.candidates()
    # feedback no allowed word can give is refused, and nothing changes
    with pytest.raises(InconsistentFeedbackError):
        a.play("piano", "ggggy")
    assert len(a.history) == 2
    assert widen(m, [(m.guesses.index("salet"), score("salet", "guano").code)]) is not None


def test_named_sets_and_answers_all(default_lists):
    nyt = load_lists()
    assert (len(nyt.guesses), len(nyt.answers), nyt.set_name) == (14855, 3158, "nyt")
    assert nyt.answers.fingerprint.startswith("3e443482b78dee0f")
    assert (
        len(load_lists(lists="nyt2022").answers),
        len(load_lists(lists="original").guesses),
    ) == (2309, 12972)
    everything = load_lists(lists="original", answers="all")
    assert len(everything.answers) == len(everything.guesses) == 12972
    named = load_lists(words="allowed", answers="nyt2022-answers")
    assert (len(named.guesses), len(named.answers)) == (12972, 2309)
    with pytest.raises(WordListError, match="no such file, and no bundled list"):
        load_lists(answers="nyt-answerz")
    with pytest.raises(WordListError, match="unknown list set"):
        load_lists(lists="wordle")
    with pytest.raises(WordListError, match="English five-letter"):
        load_lists(length=6, lists="nyt")
    assert set(LIST_SETS) == {"nyt", "nyt2022", "original"}


def test_cli_lists_options(default_lists):
    code, out, _ = invoke("solve", "snafu", "--json")
    assert code == 0 and json.loads(out)["in_answer_list"] is True
    code, out, _ = invoke("solve", "snafu", "--lists", "original", "--json")
    data = json.loads(out)
    assert code == 0 and data["in_answer_list"] is False and data["widened_at"] >= 1
    code, out, _ = invoke("solve", "snafu", "--lists", "original")
    assert "SNAFU is not in the answer list" in out
    code, out, _ = invoke(
        "bench",
        "-s",
        "entropy",
        "--lists",
        "original",
        "--answers",
        "all",
        "--json",
        "--opener",
        "salet",
    )
    assert code == 0 and json.loads(out)["answers"]["size"] == 12972
    for args, message in (
        (["--lists", "nope"], "Invalid value for '--lists'"),
        (["--answers", "no-such-list"], "no such file, and no bundled list"),
        (["--words", "/no/such/file.txt"], "no such file"),
    ):
        code, _, err = invoke("solve", "cigar", *args)
        assert code == 1 and message in err and err.count("\n") == 1, err


def test_env_var_picks_the_default_set_and_is_checked(monkeypatch):
    monkeypatch.setenv("WORDLELAB_LISTS", "nyt2022")
    assert load_lists().set_name == "nyt2022"
    monkeypatch.setenv("WORDLELAB_LISTS", "bogus")
    code, _, err = invoke("solve", "cigar")
    assert code == 1 and "WORDLELAB_LISTS='bogus' is not a list set" in err


def test_check_judges_a_real_guano_grid_on_its_word(default_lists):
    grid = "Wordle 250 4/6\n\n⬜🟨⬜⬜⬜\n⬜⬜🟨🟩⬜\n⬜⬜🟩🟩🟩\n🟩🟩🟩🟩🟩\n"
    code, out, _ = invoke(
        "check", "--lists", "original", "--played", "salet,brond,piano,guano", "--json", input=grid
    )
    data = json.loads(out)
    assert (
        code == 0
        and data["consistent"]
        and data["answers"] == ["guano"]
        and data["outside"] == ["guano"]
    )
    assert "outside the answer list" in data["notes"][0]
    code, out, _ = invoke("check", "--lists", "original", "--answer", "guano", input=grid)
    assert code == 0 and "consistent" in out and "guesses that give it against GUANO" in out
    assert "P(row)" not in out and "--played" in out
    # on the default lists GUANO is a listed answer
    code, out, _ = invoke("check", "--played", "salet,brond,piano,guano", "--json", input=grid)
    assert code == 0 and json.loads(out)["outside"] == []


def test_check_prompts_for_the_grid_in_a_terminal():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "wordlelab", "check"],
        env=default_env(),
        encoding="utf-8",
        timeout=60,
    )
    try:
        child.expect("Paste the share grid")
        child.sendline("Wordle 1 1/6")
        child.sendline("🟩🟩🟩🟩🟩")
        child.sendcontrol("d")
        child.expect("consistent")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


def test_lists_and_cache_commands(tmp_path, monkeypatch):
    code, out, _ = invoke("lists")
    assert code == 0 and "nyt-answers" in out and "3158" in out and "(default)" in out
    data = json.loads(invoke("lists", "--json")[1])
    assert {r["name"] for r in data["lists"] if r["lang"] == "en" and r["length"] == 5} == {
        "answers",
        "allowed",
        "nyt",
        "nyt-answers",
        "nyt2022-answers",
    }
    assert all(os.path.exists(r["path"]) for r in data["lists"])
    monkeypatch.setenv("WORDLELAB_CACHE_DIR", str(tmp_path / "c"))
    stats = tmp_path / "data"
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(stats))
    stats.mkdir()
    (stats / "stats.json").write_text("{}")
    (tmp_path / "c" / "openers").mkdir(parents=True)
    (tmp_path / "c" / "openers" / "x.json").write_text("{}")
    (tmp_path / "c" / "matrix").mkdir()
    (tmp_path / "c" / "matrix" / "m.bin").write_bytes(b"0" * 2048)
    code, out, _ = invoke("cache", "--json")
    assert code == 0 and json.loads(out)["total_bytes"] == 2050
    code, out, _ = invoke("cache", "clear", "openers")
    assert code == 0 and "removed 1 files" in out and (tmp_path / "c" / "matrix" / "m.bin").exists()
    code, out, _ = invoke("cache", "clear")
    assert code == 0 and not (tmp_path / "c" / "matrix" / "m.bin").exists()
    assert (stats / "stats.json").exists()  # the player's data is never the cache's
    code, _, err = invoke("cache", "clear", "stats")
    assert code == 1 and "stats" in err


def test_wrong_alphabet_suggests_the_other_language():
    code, _, err = invoke("solve", "вещьи")
    assert code == 1 and "try --lang ru" in err
    r = run_cli("score", "crane", "слово")
    assert r.returncode == 1 and "try --lang ru" in r.stderr


def test_answers_all_weights_every_allowed_word_by_the_prior():
    """--answers all: every allowed word possible from the start, suggestions by the prior strategy."""
    code, out, _ = invoke("solve", "guano", "--lists", "original", "--answers", "all", "--json")
    data = json.loads(out)
    assert code == 0 and data["strategy"] == "prior" and data["steps"][0]["before"] == 12972
    assert (
        data["in_answer_list"]
        and data["widened_at"] is None
        and data["steps"][-1]["guess"] == "guano"
    )
    code, out, _ = invoke("solve", "guano", "--lists", "original", "--json")
    assert code == 0 and json.loads(out)["strategy"] == "coach"  # a known answer list: the coach
    code, out, _ = invoke("assist", "--lists", "original", "--answers", "all", input="quit\n")
    assert code == 0 and out.startswith("> TARES  (12972 words)")


def test_the_last_listed_answer_is_not_called_the_only_word():
    """On the original lists GUANO's feedback leaves PIANO listed: not 'the only word left'."""
    feedback = [str(score(w, "guano")) for w in ("salet", "brond")]
    code, out, _ = invoke("assist", "--lists", "original", input="\n".join(feedback) + "\n")
    assert (
        code == 0
        and "> PIANO  (the only listed answer left)" in out
        and "only word left" not in out
    )
    code, out, _ = invoke(
        "assist",
        "--lists",
        "original",
        input="\n".join(feedback + [str(score("piano", "guano"))]) + "\n",
    )
    assert code == 0 and "no listed answer fits; every allowed word is possible now" in out


def test_lists_original_reproduces_the_literature_figures(default_lists):
    """With the nyt default, --lists original still gives the first release's figures."""
    code, out, _ = invoke(
        "bench", "-s", "entropy,optimal", "--lists", "original", "--opener", "salet", "--json"
    )
    assert code == 0, out
    totals = {r["strategy"]: r["total_guesses"] for r in json.loads(out)["results"]}
    assert totals == {"entropy": 7946, "optimal": 7920}
    code, out, _ = invoke(
        "bench", "-s", "optimal", "--json"
    )  # the default: nyt, TARSE's proven tree
    data = json.loads(out)
    assert (
        code == 0
        and data["answers"]["size"] == 3158
        and data["results"][0]["total_guesses"] == 11219
    )


def test_the_list_sets_are_public_api():
    import wordlelab

    lists = wordlelab.load_lists(lists="nyt2022")
    assert isinstance(lists, wordlelab.Lists) and set(wordlelab.LIST_SETS) == {
        "nyt",
        "nyt2022",
        "original",
    }
    assert (len(lists.guesses), len(lists.answers), lists.set_name) == (14855, 2309, "nyt2022")


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_never_a_dead_end_for_any_allowed_word(matrix, data):
    """Property: whatever allowed word is the answer, the assistant's suggestions reach it, and a
    widening happens exactly when the word is not a listed answer."""
    from wordlelab.assist.assistant import solve

    word = data.draw(st.sampled_from(matrix.guesses.words))
    steps = solve(matrix, word)
    assert steps[-1].solved and steps[-1].word == word
    assert any(s.widened for s in steps) == (word not in matrix.answers)


def test_one_word_left_the_top_lists_that_word_alone():
    """With one word left, `top` lists it alone (it listed words by alphabet, each with 0 bits),
    and the exact top is that word at 1.000."""
    code, out, _ = invoke(
        "assist", "--lists", "original", input="salet ...gg\ncerne .y...\nquiet .g.gg\ntop 5\n"
    )
    lines = [line for line in out.splitlines() if line.strip()]
    assert code == 0
    head = next(i for i, line in enumerate(lines) if line.startswith("#  guess"))
    assert lines[head + 1].split()[:2] == ["1", "DUVET"]
    assert lines[head + 2].startswith("exact: DUVET is optimal")
    assert lines[head + 2].endswith("exact top: DUVET 1.000")
    a = Assistant.create(load_lists(lists="original").matrix(1 << 31))
    for word, pattern in (("salet", "...gg"), ("cerne", ".y..."), ("quiet", ".g.gg")):
        a.play(word, pattern)
    assert [s.word for s in a.top(10)] == ["duvet"]
