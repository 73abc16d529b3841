"""The golden corpus: every case of manifest.toml gives, byte for byte, its recorded output.

A failure prints the unified diff. If the change is meant, re-record the case:
``python tests/golden/corpus.py --record NAME`` (see corpus.py).
"""

from __future__ import annotations

import pytest
from corpus import diff, expected_path, load, run

MASKS, CASES = load()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden(case):
    assert expected_path(case).exists(), (
        f"no recorded output; run: python tests/golden/corpus.py --record {case.name}"
    )
    got = run(case, MASKS)
    d = diff(case, got)
    assert not d, (
        f"{case.name}: the output changed; if that is meant, re-record it with "
        f"`python tests/golden/corpus.py --record {case.name}`\n{d}"
    )


def test_every_recorded_file_has_its_case():
    recorded = {p.name for p in expected_path(CASES[0]).parent.glob("*.txt")}
    assert recorded == {expected_path(c).name for c in CASES}
