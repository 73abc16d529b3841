"""wordlelab serve: the address it prints answers, and unsafe or impossible addresses are refused."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from click.testing import CliRunner

from wordlelab.cli.main import cli
from wordlelab.cli.serve import is_loopback

pytest.importorskip("uvicorn")


def test_loopback_rule():
    for host in ("127.0.0.1", "127.5.0.1", "::1", "localhost"):
        assert is_loopback(host), host
    for host in ("0.0.0.0", "192.168.1.5", "::", "example.org"):
        assert not is_loopback(host), host


def test_public_host_needs_the_flag():
    from wordlelab.cli.main import _register

    _register()
    r = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0"])
    assert r.exit_code == 1
    assert "--public" in r.output and "Traceback" not in r.output


def test_port_in_use_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        r = subprocess.run(
            [sys.executable, "-m", "wordlelab", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert r.returncode == 1
    assert (
        r.stderr.startswith("wordlelab: error: cannot listen on 127.0.0.1:")
        and r.stderr.count("\n") == 1
    )


@pytest.mark.parametrize("args, warned", [([], False), (["--host", "0.0.0.0", "--public"], True)])
def test_serve_prints_its_address_and_answers(args, warned):
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordlelab", "serve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        if warned:
            assert proc.stderr.readline().startswith(
                "warning: listening on 0.0.0.0, reachable from other"
            )
        line = proc.stdout.readline()
        m = re.search(r"http://(?:127\.0\.0\.1|0\.0\.0\.0):(\d+)/", line)
        assert m, line
        deadline = time.monotonic() + 30
        while True:
            try:
                # Only ever asked on loopback, whatever the server listens on.
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{m.group(1)}/api/options", timeout=5
                ) as resp:
                    assert "entropy" in json.load(resp)["strategies"]
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)
    assert "Traceback" not in proc.stderr.read()


def test_open_opens_the_printed_address(monkeypatch):
    import webbrowser

    import uvicorn

    from wordlelab.cli.main import _register

    _register()
    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", lambda url: opened.append(url) or True)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)  # serve nothing
    r = CliRunner().invoke(cli, ["serve", "--open"])
    assert r.exit_code == 0, r.output
    (url,) = opened
    assert url.startswith("http://127.0.0.1:") and url in r.output
    r = CliRunner().invoke(cli, ["serve"])
    assert len(opened) == 1  # without --open nothing is opened


def test_open_with_no_browser_says_so(monkeypatch):
    """``serve --open`` on a machine with no browser opened nothing and said nothing."""
    import webbrowser

    import uvicorn

    from wordlelab.cli.main import _register

    _register()
    monkeypatch.setattr(webbrowser, "open", lambda url: False)  # what it answers with none found
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    r = CliRunner().invoke(cli, ["serve", "--open"])
    assert r.exit_code == 0, r.output
    assert "no web browser found" in r.stderr and "open the address above" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_serve_answers_only_to_its_names_and_checks_allow_host():
    from wordlelab.cli.main import _register

    _register()
    r = CliRunner().invoke(cli, ["serve", "--allow-host", "wordle.lan:80"])
    assert r.exit_code == 1 and "--allow-host" in r.output and "Traceback" not in r.output
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordlelab", "serve", "--allow-host", "wordle.lan"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        port = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline()).group(1)

        def status(host: str) -> int:
            req = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/options", headers={"Host": host}
            )
            try:
                with urllib.request.urlopen(req, timeout=10) as resp:
                    return resp.status
            except urllib.error.HTTPError as exc:
                return exc.code

        deadline = time.monotonic() + 30
        while True:
            try:
                first = status(f"localhost:{port}")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        assert first == 200
        assert status(f"wordle.lan:{port}") == 200
        assert (
            status(f"evil.example:{port}") == 421
        )  # DNS rebinding: a name the server was not given
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)


def test_a_host_name_that_does_not_resolve_says_so():
    """A mistyped --host was "can be reached from other machines; add --public to allow it", and
    with --public "cannot listen on ...:0: Name or service not known"; it now says at once that
    the name has no address."""
    from wordlelab.cli.main import _register

    _register()
    r = CliRunner().invoke(cli, ["serve", "--host", "nonexistent.invalid"])
    assert r.exit_code == 1 and "--public" not in r.output
    assert r.output.startswith(
        "wordlelab: error: --host nonexistent.invalid: no address for that name"
    )
    assert r.output.count("\n") == 1
