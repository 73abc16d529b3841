"""The shipped opener trees: fingerprints, replay, agreement with the search, and their use."""

from __future__ import annotations

import gzip
import hashlib

import numpy as np
import pytest
from interactive_helpers import invoke

from wordlelab.exact.evaluation import evaluate, opener_tree, tree_at
from wordlelab.exact.opener_values import opener_table
from wordlelab.exact.tree import _opener_tree_dir, bundled_opener_tree, bundled_opener_trees
from wordlelab.game import Position
from wordlelab.game.lists import load_lists

# sha256 of each decompressed file (tools/build_opener_trees.py prints them; data/PROVENANCE.md).
FINGERPRINTS = {
    "about-nyt-hard": "5f18275e45e74f4b272a3ba550faee36a8077667cc481f52bfadca7670b6b2d5",
    "about-nyt-normal": "1dd8bd3258d0d1133acfc3326bb107bab18523f652209d6678e617cbee8cfe55",
    "adieu-nyt-hard": "046a59285d30756640a343338aa38b5f546114889d0c570e5554418a409c1479",
    "adieu-nyt-normal": "1650825bdcd399eed502449d8ab6ff73c157421302849586d69f31866519e645",
    "arise-nyt-hard": "e1bece3bf61b75867d867e2899fcb0be3d1b4cae39d4510640a44c1bdedd13c6",
    "arise-nyt-normal": "c378c4b7ebc81bb1c08cc25c401bde29685b745adec5465ac03ace11872e02be",
    "audio-nyt-hard": "f3e8fe947634fda361eb9637d2e7e8494d97cae74143c3c99f3a147282e3a025",
    "audio-nyt-normal": "cfb4959de787f89d6acb3548b4029638fa7661622f825c5be579b471c891e24d",
    "crane-nyt-hard": "74a80e6589a698f779a01d2e104b7b67af2abcaef4e7824e2d3c3ff8fc427a52",
    "crane-nyt-normal": "6a3919c17f72a8ac0251a61c244a7bf46e2e6e82f7242af1a520ba845d785c2e",
    "crate-nyt-normal": "b320ca2774925f7bee9ca25c970fcec782492974bec06bf3640567596a994165",
    "house-nyt-normal": "5ce02e73720b03bb782c7c5ea1ee73f0afc43aa26d583d4046ad778e4541bbd1",
    "irate-nyt-normal": "28f61f86c0f6ddc0ec2981c36a19e19dfe7e52bc67e266619d40e2fdb2934d53",
    "later-nyt-normal": "07f3d782c24c8956cd830bad4a7f3338403763b2d8acda651afe713c13c7d2b3",
    "raise-nyt-hard": "d3a1a54040065c3a08b83fad7bfb9f76f0b9491aa798d8c4793151948d260b40",
    "raise-nyt-normal": "9427ee9e73212a8d2ac81d9bdbf2447d8356dcde0f78380d484a3b6e08a7fa18",
    "roate-nyt-normal": "25ce9e802abe1fb906bc59efe8b05f5c7688f4133ee7d728528151ac78712518",
    "salet-nyt-hard": "615f6b518a13d4c8b2e54cfe0c29a70164d7bd809d919186b76a08c262b4e79f",
    "salet-nyt-normal": "c5e08d1061809fef51709c0d475c319b85c144d5359091e72c83b0aa8b592b6c",
    "slate-nyt-hard": "800e7357b64234ba06e2660d48016f95c485e94893d38ff430563cecfab873f9",
    "slate-nyt-normal": "737d4432dde1ac04e37ed4f968e4866de067a5188009a8880c935b4e0a2be8cb",
    "soare-nyt-normal": "711769cda7195350b331db78513f0780386886ce64773e8de18a5be9c36c1495",
    "stare-nyt-hard": "ef8808c4946e2c402fff31644a0c7eef7837ab0952eb6e89bd91f56b7736ecf5",
    "stare-nyt-normal": "ed5b1d9fda7b4da8465baa40d1902e9e0cbb5a99d638d90d78476caa6f5d37cf",
    "trace-nyt-normal": "99cc42a1d4416175ce7a9ca5b6c33592d02bd0396c11f55a21eec736a17fa050",
}


# Hard mode, NYT lists: (answers lost, guesses with a loss counted as 7) after the popular
# openers that have no six-guess tree (the table in docs/optimal.md).
LOSSES = {
    "adieu": (37, 12345),
    "arise": (4, 11924),
    "audio": (10, 12261),
    "crane": (1, 11759),
    "raise": (4, 11855),
    "salet": (3, 11618),
    "slate": (1, 11671),
}


@pytest.fixture(scope="module")
def nyt():
    return load_lists(5, "en", lists="nyt").matrix()


def test_the_shipped_files_are_the_recorded_ones():
    assert bundled_opener_trees() == sorted(FINGERPRINTS)
    for name, want in FINGERPRINTS.items():
        data = gzip.decompress((_opener_tree_dir() / f"{name}.txt.gz").read_bytes())
        assert hashlib.sha256(data).hexdigest() == want, name


@pytest.mark.parametrize("name", sorted(FINGERPRINTS))
def test_each_tree_replays_to_its_openers_value(nyt, name):
    tree = bundled_opener_tree(name)
    opener, hard = tree.meta["opener"], tree.meta["mode"] == "hard"
    assert name == f"{opener}-nyt-{tree.meta['mode']}"
    assert tree.meta["proven"] == f"optimal after {opener}"
    report = tree.verify(nyt.guesses, nyt.answers, hard=hard, max_guesses=6)
    want = opener_table("nyt", hard).value(opener).total
    if want is None:
        # No six-guess tree (the table's Infinity): the tree of hard mode's objective, which
        # loses the fewest answers, as its header claims.
        assert hard and (report.lost, report.total) == LOSSES[opener]
        assert (tree.meta["lost"], tree.meta["total"]) == tuple(map(str, LOSSES[opener]))
    else:
        assert (report.total, report.lost) == (want, 0)
    assert all(line[0] == opener for line in tree.paths.values())


@pytest.mark.parametrize("opener,hard", [("crane", False), ("adieu", False), ("stare", True)])
def test_a_groups_value_from_the_tree_is_the_searched_one(nyt, opener, hard):
    # The smaller groups after the opener: the tree's sub-tree total equals a fresh search.
    g = nyt.guesses.index(opener)
    codes, counts = np.unique(nyt.data[g], return_counts=True)
    small = [int(c) for c, k in zip(codes, counts) if 20 <= k <= 60 and c != 242][:3]
    assert small
    for code in small:
        pos = Position.start(nyt, hard=hard).after(opener, code)
        on_tree = tree_at(pos)
        assert on_tree is not None and on_tree[0] is opener_tree(pos)
        searched = evaluate(pos, use_tree=False, fresh=True)
        assert searched.exact and on_tree[1][0] == searched.lower
        assert evaluate(pos).source == "tree"


def test_opener_trees_hold_only_after_their_opener_and_within_their_limit(nyt):
    start = Position.start(nyt)
    assert opener_tree(start) is None  # the start's value is the best opener's, not CRANE's
    assert tree_at(start.after("pilot", 0)) is None  # no tree ships for PILOT
    seven = Position.start(nyt, max_guesses=7).after("crane", 0)
    assert opener_tree(seven) is None  # proven under six guesses; seven could do better
    # In hard mode CRANE's tree loses an answer: it is no tree within six guesses.
    assert opener_tree(Position.start(nyt, hard=True).after("crane", 0)) is None


def test_a_review_after_a_shipped_opener_is_exact_at_the_second_guess():
    # CRANE all grey leaves 358 answers: within the review's budget only bounds before the trees.
    code, out, _ = invoke(
        "analyse", "--lists", "nyt", "--played", "crane,pilot,moist", "--answer", "moist"
    )
    assert code == 0, out
    assert "358→5" in out and "SLOTH 2.922" in out and "bounds" not in out
    assert "total cost against perfect play: 0.501 guesses (exact)" in out


def test_the_tree_command_shows_an_opener_tree_by_name():
    code, out, _ = invoke("tree", "show", "crane-nyt-normal", "--lists", "nyt", "--answer", "moist")
    assert code == 0 and out.startswith("crane ⬜⬜⬜⬜⬜  sloth"), out
    code, out, _ = invoke("tree", "verify", "stare-nyt-hard", "--lists", "nyt", "--hard")
    assert code == 0 and "11762 guesses in total" in out


def test_a_kept_tree_values_the_players_own_opener(tmp_path, monkeypatch):
    # After PIOUS (no shipped tree) the second guess's position, 175 answers, is only bounded
    # within a small budget, until the player keeps PIOUS's proven tree; a damaged kept file is
    # ignored, never trusted.
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))
    game = ("analyse", "--lists", "original", "--budget", "10M", "--played", "pious,crane,tryst")
    game += ("--answer", "tryst")

    def second_row() -> str:
        code, out, _ = invoke(*game)
        assert code == 0
        # (the row found by its number and word: the lines above it are the summary's)
        row = next(ln for ln in out.splitlines() if ln.split()[:2] == ["2", "CRANE"])
        assert "175→1" in row
        return row

    assert "…" in second_row()
    code, out, _ = invoke("optimal", "--lists", "original", "--opener", "pious", "--keep")
    assert code == 0 and "optimal after pious (proven)" in out and "kept: reviews" in out
    kept = list((tmp_path / "opener_trees").iterdir())
    assert len(kept) == 1 and kept[0].name.startswith("pious-normal-")
    row = second_row()
    assert "…" not in row and "≤" not in row and "2.880" in row and "2.720" in row
    lines = kept[0].read_text().splitlines()
    broken = [ln for ln in lines if not ln.startswith("pious ")] + [
        ln.replace("pious ", "pious pious ", 1) for ln in lines if ln.startswith("pious ")
    ]
    kept[0].write_text("\n".join(broken) + "\n")
    assert "…" in second_row()  # the damaged tree is not used


def test_keep_is_refused_before_any_search(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(tmp_path))
    code, _, err = invoke("optimal", "--lists", "original", "--keep")
    assert code == 1 and "--keep keeps the tree after an --opener" in err
    assert err.count("\n") == 1
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("WORDLELAB_DATA_DIR", str(blocker))
    code, _, err = invoke("optimal", "--lists", "original", "--opener", "pious", "--keep")
    assert code == 1 and "--keep: cannot make the folder" in err and err.count("\n") == 1
