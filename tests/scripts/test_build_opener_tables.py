"""tools/build_opener_tables.py: the committed tables rebuild byte for byte; row changes judged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_opener_tables as bot  # noqa: E402


def table(*rows: str) -> bytes:
    return ("# header\n" + "".join(r + "\n" for r in rows)).encode()


@pytest.mark.skipif(
    not Path(bot.MIRROR).exists(), reason="needs the alex1770/wordle mirror (its proven values)"
)
def test_the_committed_tables_rebuild_from_their_sources():
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_opener_tables.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_every_best_all_run_is_read(tmp_path, monkeypatch):
    """The latest run's table and every dated one of the mode, nothing else."""
    for name in (
        "exact_best_all_normal.csv",
        "exact_best_all_normal_2026-12-01.csv",
        "exact_best_all_hard.csv",
        "exact_all_normal.csv",
    ):
        (tmp_path / name).write_text("word,total,exact\n")
    monkeypatch.setattr(bot, "RESULTS", tmp_path)
    assert [p.name for p in bot.best_all_tables("normal")] == [
        "exact_best_all_normal.csv",
        "exact_best_all_normal_2026-12-01.csv",
    ]
    assert [p.name for p in bot.best_all_tables("hard")] == ["exact_best_all_hard.csv"]
    # The committed runs: the hard-mode run of 2026-11-23 is still read; the normal-mode one was
    # withdrawn after the search fix of 2026-11-25 (see data/PROVENANCE.md).
    monkeypatch.undo()
    assert "exact_best_all_hard_2026-11-23.csv" in [p.name for p in bot.best_all_tables("hard")]


def test_changes_tell_gains_from_losses():
    old = table(
        "salet = 7920 wordlelab",
        "bombo >= 7921 wordlelab",
        "crane >= 7921 wordlelab",
        "slate = inf wordlelab",
        "zonal >= 7930 wordlelab",
    )
    new = table(
        "salet = 7920 wordlelab",
        "bombo >= 7925 wordlelab",  # a higher bound
        "crane = 7960 wordlelab",  # proven
        "slate >= 7921 wordlelab",  # an exact value lost
        "zonal >= 7925 wordlelab",  # a bound lowered
    )
    c = bot.changes(old, new)
    assert c["higher bound"] == ["bombo >= 7921 -> >= 7925"]
    assert c["bound to exact"] == ["crane >= 7921 -> = 7960"]
    assert c["lost"] == ["slate = inf -> >= 7921", "zonal >= 7930 -> >= 7925"]
    assert bot.changes(old, old) == {"bound to exact": [], "higher bound": [], "lost": []}
