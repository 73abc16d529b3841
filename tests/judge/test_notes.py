"""The notes under a review or a judged grid: data (kind, English text, parameters) that the web
page writes in its own language, and the same English text the CLI prints."""

from __future__ import annotations

import re
from pathlib import Path

from wordlelab.game.feedback import score
from wordlelab.game.lists import load_lists
from wordlelab.judge.grid import analyse, parse_share_grid
from wordlelab.judge.review import review

SRC = Path(__file__).resolve().parents[2] / "src" / "wordlelab"


def game(words, answer):
    return [(w, score(w, answer)) for w in words]


def kinds_in_source() -> set[str]:
    """Every note kind the library can emit (``note(...)``, ``Note(...)``)."""
    text = "".join(
        (SRC / f).read_text() for f in ("judge/review.py", "judge/grid.py", "judge/notes.py")
    )
    found = set(re.findall(r'\b[Nn]ote\(\s*"(\w+)"', text))
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
    from wordlelab.judge.review import LIFTED_GUESSES

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
    # Hard mode's objective after CRANE, from its shipped tree (issue 51): the fewest answers
    # lost and the guesses a game; no command line to run.
    assert (can_fail["lost"], can_fail["answers"], can_fail["mean_with_losses"]) == (
        1,
        3158,
        3.7236,
    )
    assert "even perfect play after CRANE can lose 1 of the 3158 answers" in can_fail["text"]
    assert "wordlelab optimal" not in can_fail["text"]


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
    last = next(p for p in rep.note_parts if p["kind"] == "lost")
    assert last["n"] >= 2 and f"lost; {last['n']} answers" in last["text"]
    # The rows after the position was lost are valued with the limit lifted, as analyse does.
    lifted = next(p for p in rep.note_parts if p["kind"] == "lifted")
    assert lifted["turns"] and all(rep.rows[t - 1].limit_lifted for t in lifted["turns"])
    # A row no guess gives (four greens and a yellow): against the answer, and against any.
    rep = analyse(parse_share_grid("🟩🟩🟩🟩🟨\n🟩🟩🟩🟩🟩"), matrix, answer="cigar")
    check_parts(rep.notes, rep.note_parts)
    assert [p["kind"] for p in rep.note_parts][:2] == ["answer_misfit", "no_answer_fits"]
    assert rep.note_parts[0]["row"] == 1 and rep.note_parts[0]["answer"] == "cigar"


# What each note kind says in English, rebuilt from its parameters alone: the data carries every
# figure the CLI's sentence has, so a page in another language can say all of it. (An oracle
# written out by hand, not the library's f-strings: a parameter dropped or renamed fails here.)
def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _hard_rule(p) -> str:
    if p["position"] is not None:
        return f"{_ordinal(p['position'])} letter must be {p['letter']}"
    times = "" if p["times"] == 1 else f" {p['times']} times"
    return f"Guess must contain {p['letter']}{times}"


def _english(p) -> str:
    join = ", ".join
    k = p["kind"]
    if k == "outside" and "list" in p:  # the judged grid's
        return (
            f"the answer is outside the answer list ({p['list']}): judged with the allowed words "
            f"that fit added as answers ({join(p['words'])})"
        )
    if k == "outside":  # the review's
        return (
            "the answer is outside the answer list; each step is valued over the listed words "
            f"that fit plus {join(p['words'])}"
        )
    if k == "opener_can_fail":
        w = p["word"]
        middle = (
            "whatever follows, at least one answer can be lost; how many at fewest is not proven "
            "here, so its cost is at least +1 lost answer"
            if p["lost"] is None
            else f"even perfect play after {w} can lose {p['lost']} of the {p['answers']} answers, "
            f"and takes {p['mean_with_losses']:.4f} guesses a game, a lost answer counted as 7 "
            "(proven by wordlelab's search); the review values it and the moves after it by that: "
            "fewest answers lost, then fewest guesses"
        )
        return (
            f"no strategy after {w} solves every answer within 6 in {p['mode']} mode (proven, "
            f"{p['source']}'s table): {middle}; {p['best']} solves every answer within 6 "
            f"({p['best_mean']:.4f} a game)"
        )
    if k == "no_expected":
        left = f"{p['n']} guess{'' if p['n'] == 1 else 'es'} left"
        return (
            f"before guess {p['turn']} no strategy could solve all {p['answers']} answers left "
            f"within the {left} (proven): that step has no expected-guesses figure"
        )
    if k == "lifted":
        one = len(p["turns"]) == 1
        return (
            f"before guess{'' if one else 'es'} {join(map(str, p['turns']))} no strategy could "
            "solve every answer left within the guesses left (proven): "
            f"{'that step is' if one else 'those steps are'} valued as if the game allowed "
            f"{p['n']} guesses (‡)"
        )
    if k == "safety_net":
        allowed = (
            "the search" if p["budget"] is None else f"its work budget ({p['budget']} look-ups)"
        )
        return (
            f"the safety time limit ({p['seconds']} s a step) stopped the search at step "
            f"{join(map(str, p['turns']))} before {allowed} ran out: those figures are proven "
            "bounds, but another machine may prove more"
        )
    if k == "safety_net_rows":
        rows = p["rows"]
        return (
            f"the safety time limit ({p['seconds']:g} s a step) stopped the exact search at "
            f"row{'' if len(rows) == 1 else 's'} {join(map(str, rows))} before its work budget "
            "ran out: skill there is the information skill, and another machine may prove it "
            "exactly"
        )
    if k == "hard_green_lost":
        return (
            f"row {p['row']} loses the green tile in position {join(map(str, p['positions']))}, "
            "which hard mode forbids"
        )
    if k == "hard_hints_drop":
        return (
            f"row {p['row']} has {p['n']} coloured tiles after a row with {p['before']}; in hard "
            "mode every revealed letter is reused, so the count cannot drop"
        )
    if k == "answer_misfit":
        return (
            f"no allowed guess gives row {p['row']} ({p['tiles']}) when the answer is "
            f"{p['answer']!r}"
        )
    if k == "no_answer_fits":
        return "no answer in the list fits every row"
    if k == "breaks_hard":
        assert p["rule"] == _hard_rule(p)  # the NYT's message, and as data
        return f"row {p['row']}: {p['word']} breaks hard mode ({_hard_rule(p)})"
    if k == "lost":
        return f"lost; {p['n']} answer{' was' if p['n'] == 1 else 's were'} still possible"
    if k == "opener_proof":
        why = {
            "not asked": "this review was not to prove one",
            "widened": "none is proven on lists widened by an outside answer",
            "out of work": f"its proof did not finish within {p['budget']} look-ups",
            "no tree": "no strategy after it solves every answer within the guess limit, "
            "proven now",
            "not kept": f"it was proven but could not be kept: {p['error']}",
            "stopped": "its proof was stopped",
        }[p["status"]]
        return (
            f"no proven tree after {p['word']} values the steps after it ({why}): they are valued "
            "within their work budget (proven bounds where it runs out)"
        )
    raise AssertionError(f"note kind {k!r} has no English oracle in this test")


def test_every_note_kind_rebuilds_its_english_text_from_its_data(matrix, monkeypatch):
    """One game or grid for each kind the library can emit: its parameters alone rebuild the
    sentence the CLI prints, and between them the games cover every kind in the source."""
    from wordlelab.exact import evaluation as evaluation_module
    from wordlelab.exact.evaluation import evaluate_step
    from wordlelab.judge import grid as analysis

    parts: list[dict] = []

    def keep(notes, note_parts):
        check_parts(notes, note_parts)
        parts.extend(note_parts)

    nyt = load_lists(5, "en", lists="nyt").matrix()
    # outside (review and grid), opener_can_fail: the default lists, where the tables ship.
    outside = next(w for w in nyt.guesses if w not in nyt.answers and w.startswith("sh"))
    r = review(nyt, game(["tarse", outside], outside), answer=outside)
    keep(r.notes, r.note_parts)
    g = parse_share_grid("\n".join(score(w, outside).emoji for w in ["tarse", outside]))
    rep = analyse(g, nyt, guesses=["tarse", outside])
    keep(rep.notes, rep.note_parts)
    r = review(nyt, game(["crane", "moist", "shout"], "shout"), hard=True, answer="shout")
    keep(r.notes, r.note_parts)
    # lifted: the -IGHT trap with four guesses (the four played; in normal mode: hard mode values
    # such a position by its objective, fewest answers lost, with no limit to lift).
    ight = ["fight", "light", "might", "night"]
    r = review(matrix, game(ight, "night"), max_guesses=4, answer="night")
    keep(r.notes, r.note_parts)
    # no_expected: the same trap where the limit cannot be lifted any further.
    monkeypatch.setattr(evaluation_module, "LIFTED_GUESSES", 4)
    r = review(matrix, game(ight, "night"), max_guesses=4, answer="night")
    keep(r.notes, r.note_parts)
    monkeypatch.undo()
    # safety_net: a safety time limit no step can meet, with and without a work budget.
    for budget in (None, 10**8):
        r = review(matrix, game(["fight", "light", "sight"], "sight"), budget=budget, time_limit=0)
        keep(r.notes, r.note_parts)
    # opener_proof: after PIOUS, with no tree kept and none proven, the 175 answers left are
    # only bounded within a budget of 100M look-ups.
    r = review(matrix, game(["pious", "crane", "tryst"], "tryst"), budget=10**8)
    keep(r.notes, r.note_parts)
    # hard_green_lost, hard_hints_drop: tiles alone; breaks_hard, for each of its rules.
    g = parse_share_grid("Wordle 1 3/6*\n\n⬜🟩🟨⬜⬜\n⬜⬜⬜⬜🟩\n🟩🟩🟩🟩🟩")
    rep = analyse(g, matrix)
    keep(rep.notes, rep.note_parts)
    for words, answer in (
        (["crane", "cloud", "cigar"], "cigar"),  # Guess must contain R
        (["crane", "barge", "cigar"], "cigar"),  # 1st letter must be C
        (["asses", "basis", "sassy"], "sassy"),  # Guess must contain S 3 times
    ):
        grid = f"Wordle 1 {len(words)}/6*\n\n" + "\n".join(score(w, answer).emoji for w in words)
        rep = analyse(parse_share_grid(grid), matrix, guesses=words)
        keep(rep.notes, rep.note_parts)
    # lost; answer_misfit and no_answer_fits.
    lost = ["fight", "light", "might", "night", "right", "tight"]
    grid = "Wordle 1 X/6\n\n" + "\n".join(score(w, "sight").emoji for w in lost)
    rep = analyse(parse_share_grid(grid), matrix, guesses=lost)
    keep(rep.notes, rep.note_parts)
    rep = analyse(parse_share_grid("🟩🟩🟩🟩🟨\n🟩🟩🟩🟩🟩"), matrix, answer="cigar")
    keep(rep.notes, rep.note_parts)
    # safety_net_rows: the grid's exact skill search under a safety limit it cannot meet.
    monkeypatch.setattr(
        analysis,
        "_evaluate",
        lambda pos, w, b, ctx: evaluate_step(pos, w, budget=b, time_limit=0, context=ctx),
    )
    rep = analyse(parse_share_grid(grid), matrix, guesses=lost)
    keep(rep.notes, rep.note_parts)

    for part in parts:
        assert _english(part) == part["text"], part
    rules = {(p["position"] is not None, p["times"]) for p in parts if p["kind"] == "breaks_hard"}
    assert rules == {(False, 1), (True, 1), (False, 3)}, rules
    seen = {p["kind"] for p in parts}
    assert seen == kinds_in_source(), f"kinds not covered: {kinds_in_source() - seen}"


def test_every_strategy_metric_has_a_russian_name_in_the_page():
    """The web's Assist names a strategy's figure (Choice.metric) in the page's language."""
    from wordlelab.strategies import make_strategy, strategy_names
    from wordlelab.strategies.base import OTHER_METRICS

    i18n = (SRC / "web" / "static" / "js" / "i18n.js").read_text()
    ru = i18n[i18n.index("\n  ru: {") :]
    block = ru[ru.index("metrics: {") : ru.index("},", ru.index("metrics: {"))]
    metrics = {type(make_strategy(n)).metric for n in strategy_names()} | set(OTHER_METRICS)
    missing = sorted(m for m in metrics if f'"{m}":' not in block)
    assert not missing, f"metrics with no Russian name in i18n.js: {missing}"


def error_kinds_in_source() -> set[str]:
    """Every error kind the library can give (``kind="..."`` where it raises, or a class's own)."""
    text = "".join(p.read_text() for p in SRC.rglob("*.py"))
    # within an error's call (``...Error(`` or an error class's own ``cls(``)
    raised = r'(?:Error|\bcls)\((?:[^()]|\([^()]*\))*?\bkind="(\w+)"'
    # and the share grid's errors, made by analysis._line_error and _header_error from a kind
    found = (
        set(re.findall(raised, text))
        | set(re.findall(r'"(grid_\w+)"', (SRC / "judge" / "grid.py").read_text()))
        | set(re.findall(r'^    kind = "(\w+)"', (SRC / "errors.py").read_text(), re.M))
    )
    found.discard("error")
    assert {
        "unknown_word",
        "hard_mode",
        "grid_none",
        "grid_second",
        "nothing_to_review",
    } <= found, "no longer matches"
    return found


def test_every_error_kind_has_a_russian_text_in_the_page():
    """The web page says a refused request in its own language from the error's data
    (``WordlelabError.parts``, the 400's ``parts``): each kind needs its Russian text."""
    i18n = (SRC / "web" / "static" / "js" / "i18n.js").read_text()
    ru = i18n[i18n.index("\n  ru: {") :]
    missing = sorted(k for k in error_kinds_in_source() if f"err_{k}:" not in ru)
    assert not missing, f"error kinds with no Russian text in i18n.js: {missing}"
