"""Sessions per client (web/sessions.py): nobody pushes out another's game or assistant by starting
many of their own, with one cookie, with none, or with a new cookie each time."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

from starlette.exceptions import HTTPException

from wordlelab.web.app import create_app
from wordlelab.web.sessions import COOKIE, MAX_CLIENTS, PER_CLIENT, Sessions, _client

LOCAL = "http://localhost"


@pytest.fixture()
def app(tmp_path):
    return create_app(stats_path=tmp_path / "stats.db")


def test_a_flood_of_games_from_another_client_leaves_mine(app):
    with TestClient(app, base_url=LOCAL) as me, TestClient(app, base_url=LOCAL) as other:
        for c in (me, other):  # as a browser does, each has loaded the page (and its cookie) first
            c.get("/")
        game = me.post("/api/play", json={"seed": 7, "no_stats": True}).json()["id"]
        helper = me.post("/api/assist", json={}).json()["id"]
        assert COOKIE in me.cookies
        first = other.post("/api/play", json={"no_stats": True}).json()["id"]
        for _ in range(300):
            assert other.post("/api/play", json={"no_stats": True}).status_code == 200
        assert me.get(f"/api/play/{game}").status_code == 200
        assert me.post(f"/api/play/{game}/guess", json={"word": "octet"}).json()["won"]
        assert me.get(f"/api/assist/{helper}").status_code == 200
        # The flooder's own oldest games went first: each client keeps PER_CLIENT of each kind.
        assert other.get(f"/api/play/{first}").status_code == 404
        assert len(app.state.web.games) == 1 + PER_CLIENT
        # Without its cookie a client counts as its address; that does not touch cookie holders either.
        for _ in range(40):
            other.post("/api/play", json={"no_stats": True}, headers={"Cookie": f"{COOKIE}=bad!"})
        assert me.get(f"/api/play/{game}").status_code == 200
        assert len(app.state.web.games) == 1 + 2 * PER_CLIENT


def test_new_clients_never_evict_an_active_one(app):
    with TestClient(app, base_url=LOCAL) as me:
        me.get("/")
        game = me.post("/api/play", json={"no_stats": True}).json()["id"]
        refused = 0
        for i in range(300):  # a new cookie each time: 300 new clients
            with TestClient(app, base_url=LOCAL) as c:
                r = c.post(
                    "/api/play",
                    json={"no_stats": True},
                    headers={"Cookie": f"{COOKIE}=client-{i:012d}"},
                )
                if r.status_code == 503:
                    refused += 1
                    assert (
                        int(r.headers["retry-after"]) > 0 and "try again later" in r.json()["error"]
                    )
                else:
                    assert r.status_code == 200
        assert refused == 300 - (MAX_CLIENTS - 1)
        assert me.get(f"/api/play/{game}").status_code == 200


def test_idle_clients_make_room_and_addresses_are_capped():
    now = [0.0]
    s = Sessions(limit=2, clients=3, idle=100, per_address=2, clock=lambda: now[0])

    def add(key: str, address: str = "127.0.0.1") -> str:
        token = _client.set((key, address))
        try:
            return s.add(key)
        finally:
            _client.reset(token)

    a = add("a")
    add("b"), add("c")
    with pytest.raises(HTTPException) as refused:
        add("d")
    assert refused.value.status_code == 503
    now[0] = 50
    s.get(a)  # 'a' is active again: 'b' is now the longest idle
    now[0] = 101
    add("d")
    assert s.get(a)[1] == "a" and len(s) == 3
    # One remote address holds at most two clients, replacing its own oldest.
    now[0] = 1000
    x1 = add("x1", "10.0.0.9")
    add("x2", "10.0.0.9")
    add("x3", "10.0.0.9")
    with pytest.raises(HTTPException) as gone:
        s.get(x1)
    assert gone.value.status_code == 404


def test_a_comparison_refused_by_the_client_cap_leaves_no_slot_taken(app):
    # The "a comparison is running" slot is released on every path: here the bench sessions'
    # client cap (one client) refuses the second client's comparison with 503.
    import time

    app.state.web.benches = Sessions(limit=8, clients=1)

    def bench(client: str):
        c = TestClient(app, base_url=LOCAL, cookies={COOKIE: client})
        return c, c.post("/api/bench", json={"length": 4, "strategies": "entropy"})

    def stop(c, job) -> None:
        c.post(f"/api/bench/{job['id']}/stop", json={})
        deadline = time.monotonic() + 60
        while not c.get(f"/api/bench/{job['id']}").json()["finished"]:
            assert time.monotonic() < deadline
            time.sleep(0.01)

    c, r = bench("a" * 20)
    assert r.status_code == 200
    stop(c, r.json())
    assert bench("b" * 20)[1].status_code == 503
    assert not app.state.pages["bench"].slot.held
    c, r = bench("a" * 20)
    assert r.status_code == 200, r.json()
    stop(c, r.json())
