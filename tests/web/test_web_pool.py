"""Long work in the web app: analyses in a bounded pool of their own (a clear 503 when it is full,
play never waiting behind them), and the assistant at every length /api/options offers."""

from __future__ import annotations

import threading
import time
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

from wordlelab.game.feedback import score
from wordlelab.web.app import create_app
from wordlelab.web.pool import QUEUE, WORKERS

LOCAL = "http://localhost"


def test_analyses_queue_in_their_own_pool_and_play_does_not_wait(tmp_path, monkeypatch):
    import wordlelab.judge.review as review_module

    release = threading.Event()
    started = threading.Semaphore(0)
    real_review = review_module.review

    def slow_review(*args, **kwargs):  # an analysis that runs until the test lets it finish
        started.release()
        release.wait(60)
        return real_review(*args, **kwargs)

    monkeypatch.setattr(review_module, "review", slow_review)
    body = {"words": "salet cerne octet", "answer": "octet"}
    with TestClient(create_app(stats_path=tmp_path / "s.db"), base_url=LOCAL) as c:
        c.get("/")
        results: list[int] = []
        threads = [
            threading.Thread(
                target=lambda: results.append(c.post("/api/analyse", json=body).status_code)
            )
            for _ in range(WORKERS + QUEUE)
        ]
        for t in threads:
            t.start()
        assert started.acquire(timeout=60)  # the first is running, the others are queued
        deadline = time.monotonic() + 30
        while c.app.state.web.searches.admitted < WORKERS + QUEUE and time.monotonic() < deadline:
            time.sleep(0.05)
        # The queue is full: one more is refused at once, with when to come back.
        r = c.post("/api/analyse", json=body)
        assert r.status_code == 503 and r.headers["retry-after"] == "5"
        assert "busy" in r.json()["error"] and "try again" in r.json()["error"]
        # A new game and a guess do not wait behind the analyses.
        t0 = time.monotonic()
        game = c.post("/api/play", json={"seed": 7, "no_stats": True}).json()
        assert c.post(f"/api/play/{game['id']}/guess", json={"word": "octet"}).json()["won"]
        assert time.monotonic() - t0 < 5
        release.set()
        for t in threads:
            t.join(120)
        assert results == [200] * (WORKERS + QUEUE)
        assert c.app.state.web.searches.admitted == 0
        assert c.post("/api/analyse", json=body).status_code == 200


@pytest.mark.parametrize("length", [9, 11])
def test_assist_at_lengths_past_the_exact_search(tmp_path, length):
    # /api/options offers 4 to 11 letters; past 8 the exact search does not apply and the assistant
    # answers by its strategy alone, as 'wordlelab assist -k 9' does (it used to be a 400).
    with TestClient(create_app(stats_path=tmp_path / "s.db"), base_url=LOCAL) as c:
        assert length in c.get("/api/options").json()["lengths"]
        r = c.post("/api/assist", json={"length": length, "strategy": "frequency", "top": 3})
        assert r.status_code == 200, r.text
        state = r.json()
        assert state["exact"] is None and state["suggestion"]["word"] and len(state["top"]) == 3
        assert len(state["suggestion"]["word"]) == length
        word, answer = state["suggestion"]["word"], state["words"][-1]
        after = c.post(
            f"/api/assist/{state['id']}/play",
            json={"word": word, "pattern": str(score(word, answer))},
        ).json()
        assert after["remaining"] < state["remaining"] and after["exact"] is None


def test_every_request_that_may_search_shares_the_bounded_pool(tmp_path, monkeypatch):
    # An assistant's start, resume, actions and state may search (the coach, the exact figures):
    # with the pool full they are refused at once (503), not queued behind it without bound.
    import wordlelab.judge.review as review_module

    release = threading.Event()
    started = threading.Event()
    real_review = review_module.review

    def slow_review(*args, **kwargs):
        started.set()
        release.wait(60)
        return real_review(*args, **kwargs)

    monkeypatch.setattr(review_module, "review", slow_review)
    app = create_app(stats_path=tmp_path / "s.db")
    with TestClient(app, base_url=LOCAL) as c:
        aid = c.post("/api/assist", json={"strategy": "entropy"}).json()["id"]
        app.state.web.searches.workers = 1  # one request at a time, none waiting
        app.state.web.searches.queue = 0
        body = {"words": "salet cerne octet", "answer": "octet"}
        t = threading.Thread(target=lambda: c.post("/api/analyse", json=body))
        t.start()
        try:
            assert started.wait(60)
            for method, path, data in [
                ("POST", "/api/assist", {"strategy": "entropy"}),
                ("POST", "/api/assist/resume", {"actions": [{"skip": "salet"}]}),
                ("POST", f"/api/assist/{aid}/skip", {}),
                ("POST", f"/api/assist/{aid}/top", {"top": 5}),
                ("GET", f"/api/assist/{aid}", None),
            ]:
                r = c.request(method, path, json=data)
                assert r.status_code == 503 and "busy" in r.json()["error"], (path, r.text)
        finally:
            release.set()
            t.join(120)
        assert c.get(f"/api/assist/{aid}").status_code == 200


def test_a_resume_replays_without_searching(monkeypatch, matrix):
    # A resumed assistant enters what was entered; a skip records the word refused. Working out
    # each skipped suggestion again searched once per skip (a minute for eight, issue 49); the
    # resumed state's own search is bounded as any assist request's.
    import wordlelab.exact.evaluation as evaluation
    from wordlelab.variants import Classic

    live = Classic().new_assistant(matrix, "auto")
    live.play("crane", ".....")
    live.skip()  # the coach's suggestion after CRANE: an exact search
    calls: list[int] = []
    real = evaluation.evaluate

    def counting(*args, **kwargs):
        ev = real(*args, **kwargs)
        calls.append(ev.work)
        return ev

    monkeypatch.setattr(evaluation, "evaluate", counting)
    resumed = Classic().new_assistant(matrix, "auto")
    resumed.replay(live.actions())
    assert calls == []
    assert resumed.actions() == live.actions()


def test_one_kind_of_request_sent_back_to_back_does_not_starve_another():
    # A share that has had the thread for long waits behind one that has had it for less: with a
    # long "resume" running and more queued, a quick "analyse" queued after them runs next.
    import asyncio

    from wordlelab.web.pool import BoundedPool

    pool = BoundedPool("searches", workers=1, queue=8)
    gate = threading.Event()
    order: list[str] = []

    def work(name: str, wait: bool) -> str:
        if wait:
            gate.wait(30)
        order.append(name)
        return name

    async def main() -> None:
        first = asyncio.ensure_future(pool.run(work, "resume-1", True, share="resume"))
        await asyncio.sleep(0.2)  # resume-1 runs (and waits) before the others arrive
        rest = [
            asyncio.ensure_future(pool.run(work, f"resume-{i}", False, share="resume"))
            for i in (2, 3)
        ]
        await asyncio.sleep(0.05)
        quick = asyncio.ensure_future(pool.run(work, "analyse", False, share="analyse"))
        await asyncio.sleep(0.05)
        gate.set()
        await asyncio.gather(first, *rest, quick)

    asyncio.run(main())
    assert order == ["resume-1", "analyse", "resume-2", "resume-3"]
    assert pool.admitted == 0
