"""The fuzz campaign of benchmarks/fuzz_web.py on a real ``wordlelab serve`` (issue 49): every
route, hostile bodies, heads and clients; no traceback, no 500, no plain-text refusal, no hang.
A small seeded run by default, a larger one marked slow (the benchmark writes the figures)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

from serve_helpers import serve  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from fuzz_web import GET_ROUTES, POST_ROUTES, campaign  # noqa: E402


def test_the_campaign_covers_every_route():
    import re

    from wordlelab.web.app import create_app

    def shape(path: str) -> str:
        return re.sub(r"\{\w+\}", "{}", path)

    covered = {shape(p) for p in POST_ROUTES + GET_ROUTES}
    for route in create_app().routes:
        path = getattr(route, "path", "")
        assert shape(path) in covered or path == "/static", f"{path} is not fuzzed"


def run(tmp_path: Path, count: int, seconds: float, seed: int) -> dict:
    # No first-use proofs: one takes a minute of CPU by design (tests/exact test them); a hostile
    # request that asks for one would count as a hang on a busy machine.
    with serve(tmp_path, env={"WORDLELAB_PROVE": "off"}) as served:
        out = campaign(served.port, count, seconds, seed=seed, log=served.log_text)
    out["tracebacks"] = served.log_text().count("Traceback")  # the whole log, after the stop
    return out


def check(out: dict) -> None:
    assert out["http_500"] == 0, out["http_500_examples"]
    assert out["plain_text_refusals"] == 0, out["plain_text_examples"]
    assert out["tracebacks"] == 0, out["traceback_examples"]
    assert out["hangs"] == 0, out["hang_examples"]


def test_a_small_fuzz_campaign(tmp_path):
    out = run(tmp_path, count=80, seconds=60, seed=7)
    check(out)
    assert out["requests"] > 0


@pytest.mark.slow
def test_a_large_fuzz_campaign(tmp_path):
    out = run(tmp_path, count=1500, seconds=600, seed=11)
    check(out)
    # The probe (a player beside the campaign) never waits more than 1 s longer than alone.
    assert out["probe_worst_extra_wait_s"] <= 1.0, out["probe_during"]
