"""The notes under a review or a judged grid: data (kind, English text, parameters) that the web
page writes in its own language, and the same English text the CLI prints."""

from __future__ import annotations

import re
from pathlib import Path

from wordlelab.analysis import analyse, parse_share_grid
from wordlelab.feedback import score
from wordlelab.lists import load_lists
from wordlelab.review import review

SRC = Path(__file__).resolve().parents[1] / "src" / "wordlelab"


def game(words, answer):
    return [(w, score(w, answer)) for w in words]


def kinds_in_source() -> set[str]:
    """Every note kind the library can emit (``Notes.add``, ``insert_first``, ``Note(...)``)."""
    text = "".join((SRC / f).read_text() for f in ("review.py", "analysis.py"))
    found = set(re.findall(r'(?:notes\.add|Note)\(\s*"(\w+)"', text))
    assert found, "no note kinds found: the pattern no longer matches the code"
    return found


def test_every_note_kind_has_a_russian_text_in_the_page():
    i18n = (SRC / "web" / "static" / "js" / "i18n.js").read_text()
    ru = i18n[i18n.index("\n  ru: {") :]
    missing = sorted(k for k in kinds_in_source() if f"note_{k}:" not in ru)
    assert not missing, f"note kinds with no Russian text in i18n.js: {missing}"


def check_parts(notes, parts):
    assert len(parts) == len(notes)
    for text, part in zip(notes, parts):
        assert part["text"] == text and part["kind"] in kinds_in_source()


def test_review_notes_as_data(matrix):
    from wordlelab.review import LIFTED_GUESSES

    words = ["fight", "light", "might", "night", "right", "tight"]
    r = review(matrix, game(words, "sight"), answer="sight")
    check_parts(r.notes, r.note_parts)
    lifted = next(p for p in r.note_parts if p["kind"] == "lifted")
    assert lifted["n"] == LIFTED_GUESSES and lifted["turns"] == [
        s.turn for s in r.steps if s.limit_lifted
    ]
    assert r.to_dict()["note_parts"] == r.note_parts


def test_review_notes_outside_and_opener_that_can_fail(default_lists):
    m = load_lists(5, "en", lists="nyt").matrix()
    outside = next(w for w in m.guesses if w not in m.answers and w.startswith("sh"))
    r = review(m, game(["tarse", outside], outside), answer=outside)
    check_parts(r.notes, r.note_parts)
    assert [p["kind"] for p in r.note_parts] == ["outside"]
    assert r.note_parts[0]["words"] == [outside.upper()]
    r = review(m, game(["crane", "moist", "shout"], "shout"), hard=True, answer="shout")
    check_parts(r.notes, r.note_parts)
    assert [p["kind"] for p in r.note_parts] == ["opener_can_fail"]
    can_fail = r.note_parts[0]
    assert can_fail["word"] == "CRANE" and can_fail["best"] == "TARSE"
    assert f"{can_fail['best_mean']:.4f}" in can_fail["text"]


def test_report_notes_as_data(matrix):
    # Hard mode, tiles alone: row 2 drops row 1's green and its count of coloured tiles.
    grid = parse_share_grid("Wordle 1 3/6*\n\n⬜🟩🟨⬜⬜\n⬜⬜⬜⬜🟩\n🟩🟩🟩🟩🟩")
    rep = analyse(grid, matrix)
    check_parts(rep.notes, rep.note_parts)
    kinds = [p["kind"] for p in rep.note_parts]
    assert kinds[:2] == ["hard_green_lost", "hard_hints_drop"], kinds
    assert rep.note_parts[0]["row"] == 2 and rep.note_parts[0]["positions"] == [2]
    assert (rep.note_parts[1]["row"], rep.note_parts[1]["n"], rep.note_parts[1]["before"]) == (
        2,
        1,
        2,
    )
    assert rep.to_dict()["note_parts"] == rep.note_parts
    # A lost game with the words known.
    words = ["fight", "light", "might", "night", "right", "tight"]
    lost = "Wordle 1 X/6\n\n" + "\n".join(score(w, "sight").emoji for w in words)
    rep = analyse(parse_share_grid(lost), matrix, guesses=words)
    check_parts(rep.notes, rep.note_parts)
    last = rep.note_parts[-1]
    assert (
        last["kind"] == "lost" and last["n"] >= 2 and f"lost; {last['n']} answers" in last["text"]
    )
    # A row no guess gives (four greens and a yellow): against the answer, and against any.
    rep = analyse(parse_share_grid("🟩🟩🟩🟩🟨\n🟩🟩🟩🟩🟩"), matrix, answer="cigar")
    check_parts(rep.notes, rep.note_parts)
    assert [p["kind"] for p in rep.note_parts][:2] == ["answer_misfit", "no_answer_fits"]
    assert rep.note_parts[0]["row"] == 1 and rep.note_parts[0]["answer"] == "cigar"
