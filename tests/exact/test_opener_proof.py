"""An opener's tree proven on first use: exact reviews after any opener, kept, reused, checked."""

from __future__ import annotations

import json

import pytest
from interactive_helpers import invoke

from wordlelab.exact.opener_proof import KEPT, NOT_ASKED, PROVEN, prove_opener_tree
from wordlelab.game.feedback import score
from wordlelab.judge.review import review

# After PIOUS (no shipped tree on the original lists) the second guess's position, 175 answers,
# is only bounded within a budget of 100M look-ups (not searched: 175 answers need more); with
# the tree proven after PIOUS it is exact.
BUDGET = 100_000_000


def game(*words: str) -> list:
    return [(w, score(w, words[-1])) for w in words]


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("data")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("WORDLELAB_DATA_DIR", str(path))
        mp.setenv("WORDLELAB_PROVE", "on")
        yield path


@pytest.fixture(scope="module")
def first(matrix, data_dir):
    """The first review after PIOUS: it proves the tree, reporting its progress."""
    seen = []
    r = review(
        matrix, game("pious", "crane", "tryst"), budget=BUDGET, prove=True, progress=seen.append
    )
    return r, seen


def test_without_the_proof_the_second_step_has_only_bounds(matrix, tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))
    r = review(matrix, game("pious", "crane", "tryst"), budget=BUDGET)
    assert not r.steps[1].exact and r.proof is not None and r.proof.status == NOT_ASKED
    assert any(n.kind == "opener_proof" for n in r.note_items)
    assert not (tmp_path / "opener_trees").exists()  # nothing proven, nothing kept


def test_the_first_review_proves_the_tree_and_is_exact_at_every_step(first, data_dir):
    r, seen = first
    assert r.proof is not None and r.proof.status == PROVEN and r.proof.work > 0
    assert r.proof.total == 8350  # PIOUS's row of the shipped table of every opener
    assert all(s.exact for s in r.steps), [s.to_dict() for s in r.steps]
    assert r.to_dict()["opener_proof"]["status"] == PROVEN
    kept = list((data_dir / "opener_trees").iterdir())
    assert len(kept) == 1 and kept[0].name.startswith("pious-normal-")
    # Progress came through the callback: the opener's groups, counted up to all of them.
    assert seen and seen[-1].opener == "pious" and seen[-1].parts_total > 0
    assert max(p.parts_done for p in seen) <= seen[-1].parts_total
    assert any(p.work > 0 for p in seen)


def test_a_second_game_with_the_opener_reuses_the_kept_tree(first, matrix):
    r = review(matrix, game("pious", "slant", "dwarf"), budget=BUDGET, prove=True)
    assert r.proof is not None and r.proof.status == KEPT and r.proof.work == 0
    assert all(s.exact for s in r.steps)
    again = prove_opener_tree(matrix, "PIOUS")  # any spelling of the opener
    assert again.status == KEPT and again.work == 0


def test_a_tampered_kept_tree_is_rejected_and_proven_again(first, matrix, data_dir):
    (path,) = (data_dir / "opener_trees").iterdir()
    text = path.read_text()
    lines = text.splitlines()
    # Two answers' lines swapped: no longer a tree of PIOUS that replays.
    body = [i for i, ln in enumerate(lines) if ln.startswith("pious ")]
    a, b = body[0], body[-1]
    lines[a], lines[b] = lines[a].rsplit(" ", 1)[0] + " " + lines[b].rsplit(" ", 1)[1], lines[b]
    path.write_text("\n".join(lines) + "\n")
    r = review(matrix, game("pious", "crane", "tryst"), budget=BUDGET, prove=True)
    assert r.proof is not None and r.proof.status == PROVEN and r.proof.work > 0
    assert all(s.exact for s in r.steps)
    assert path.read_text() != "\n".join(lines) + "\n"  # replaced by the new proof
    # A tree another version of the search proved is not trusted either.
    path.write_text(path.read_text().replace("# code: ", "# code: x", 1))
    again = prove_opener_tree(matrix, "pious")
    assert again.status == PROVEN and again.work > 0


def test_the_cli_proves_once_and_no_prove_keeps_the_bounds(first, tmp_path, monkeypatch):
    args = ("analyse", "--lists", "original", "--budget", "100M", "--played", "pious,crane,tryst")
    args += ("--answer", "tryst")
    code, out, _ = invoke(*args)  # the module's data folder: the tree is kept there
    assert code == 0 and "(exact)" in out and "…" not in out, out
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))  # none kept here
    code, out, _ = invoke(*args, "--no-prove")
    row = next(ln for ln in out.splitlines() if ln.split()[:2] == ["2", "CRANE"])
    assert code == 0 and "…" in row and "no proven tree after PIOUS" in out
    monkeypatch.setenv("WORDLELAB_PROVE", "off")
    code, out, _ = invoke(*args, "--json")
    assert code == 0 and json.loads(out)["opener_proof"]["status"] == NOT_ASKED
    monkeypatch.setenv("WORDLELAB_PROVE", "maybe")
    code, _, err = invoke(*args)
    assert code == 1 and "WORDLELAB_PROVE='maybe'" in err and err.count("\n") == 1


def test_check_played_values_its_rows_from_the_proven_tree(first):
    grid = "Wordle 1,000 3/6\n\n⬜⬜⬜⬜🟨\n⬜🟩⬜⬜⬜\n🟩🟩🟩🟩🟩\n"
    code, out, _ = invoke(
        "check", "-", "--lists", "original", "--played", "pious,crane,tryst", "--json", input=grid
    )
    assert code == 0, out
    d = json.loads(out)
    assert d["opener_proof"]["status"] == KEPT
    assert all(r["exact_guesses_proven"] for r in d["rows"])


def test_assist_proves_the_tree_after_its_opener(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("WORDLELAB_PROVE", "on")
    code, out, _ = invoke("assist", "--lists", "original", input="pious ....y\nquit\n")
    assert code == 0 and "the tree after PIOUS is proven" in out, out
    assert "> THALE  (175 words)" in out  # the tree's next guess
    assert len(list((tmp_path / "opener_trees").iterdir())) == 1
    code, out, _ = invoke("assist", "--lists", "original", input="pious ....y\nquit\n")
    assert code == 0 and "is proven" not in out and "> THALE  (175 words)" in out  # kept


@pytest.mark.filterwarnings("ignore:Using `httpx`")
def test_the_web_proves_in_its_analysis_and_reports_progress(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from wordlelab.web.app import create_app

    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("WORDLELAB_PROVE", "on")
    with TestClient(create_app(stats_path=tmp_path / "s.db"), base_url="http://127.0.0.1") as c:
        assert c.get("/api/options").json()["prove_openers"] is True
        job = c.post("/api/progress", json={}).json()
        assert job["opener"] is None and job["total"] == 0
        body = {"lists": "original", "words": "pious crane tryst", "answer": "tryst"}
        r = c.post("/api/analyse", json={**body, "prove": True, "progress": job["id"]})
        assert r.status_code == 200, r.text
        review = r.json()["review"]
        assert review["exact"] and review["opener_proof"]["status"] == PROVEN
        seen = c.get(f"/api/progress/{job['id']}").json()
        assert seen["opener"] == "pious" and seen["proving"] and 0 < seen["done"] <= seen["total"]
        # The setting off: today's bounded review (another data folder: nothing kept there).
        monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path / "other"))
        r = c.post("/api/analyse", json=body)
        assert r.json()["review"]["opener_proof"]["status"] == NOT_ASKED
        assert c.post("/api/analyse", json={**body, "progress": "nope"}).status_code == 404
        assert c.post("/api/analyse", json={**body, "prove": "yes"}).status_code == 400
    monkeypatch.setenv("WORDLELAB_PROVE", "off")  # the server's setting: no request proves
    with TestClient(create_app(stats_path=tmp_path / "s.db"), base_url="http://127.0.0.1") as c:
        assert c.get("/api/options").json()["prove_openers"] is False
        r = c.post("/api/analyse", json={**body, "prove": True})
        assert r.json()["review"]["opener_proof"]["status"] == NOT_ASKED
