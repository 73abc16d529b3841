"""The process and its environment (issue 25): kill -9 during 'openers', NUMBA_NUM_THREADS, an
ASCII-only output, a memory limit, bad Ray addresses — one line or a clean degrade, never a
traceback, a crash or an orphan."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
import types

import pytest
from interactive_helpers import cli_env, invoke

from wordlelab.exact.ranking import RankingError, RayExecutor


def children(pid: int) -> list[int]:
    out: list[int] = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out += [int(x) for x in f.read().split()]
        except OSError:
            pass
    return out


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1][0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_kill_9_during_openers_leaves_no_worker(tmp_path):
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wordlelab",
            "openers",
            "--by-play",
            "entropy",
            "-j",
            "2",
            "--lists",
            "original",
            "--candidates",
            "60",
            "--store",
            str(tmp_path / "r.sqlite"),
        ],
        env=cli_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        workers: list[int] = []
        while time.monotonic() < deadline and len(workers) < 2 and proc.poll() is None:
            time.sleep(0.2)
            workers = children(proc.pid)
        assert len(workers) >= 2, "the workers never started"
        time.sleep(0.5)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and any(alive(w) for w in workers):
            time.sleep(0.2)
        left = [w for w in workers if alive(w)]
        assert not left, f"workers {left} outlived their parent"
    finally:
        for w in children(proc.pid) if proc.poll() is None else []:
            os.kill(w, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()


def test_numba_threads_text_is_one_line():
    env = cli_env() | {"NUMBA_NUM_THREADS": "abc"}
    r = subprocess.run(
        [sys.executable, "-m", "wordlelab", "solve", "cigar", "--lists", "original"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "NUMBA_NUM_THREADS" in r.stderr, (
        r.stderr
    )


def test_numba_threads_beyond_the_machine_are_capped():
    env = cli_env() | {"NUMBA_NUM_THREADS": "100000"}  # numba crashed (SIGSEGV, exit 139) before
    r = subprocess.run(
        [sys.executable, "-m", "wordlelab", "solve", "cigar", "--lists", "original"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert r.returncode == 0, r.stderr
    assert r.stderr.count("\n") == 1 and "NUMBA_NUM_THREADS=100000 is more than" in r.stderr
    assert "CIGAR" in r.stdout


def test_an_ascii_only_output_degrades():
    env = cli_env() | {"PYTHONIOENCODING": "ascii"}
    r = subprocess.run(
        [sys.executable, "-m", "wordlelab", "score", "crane", "salet"],
        env=env,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr
    assert b"crane ? salet: ..y.y" in r.stdout


def test_a_memo_beyond_a_memory_limit_is_capped():
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordlelab",
            "optimal",
            "--memo-mb",
            "65536",
            "--lists",
            "original",
            "--position",
            "salet:.....",
            "--threads",
            "1",
        ],
        env=cli_env(),
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=limit,
        check=False,
    )
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "--memo-mb 65536 is more than half the free memory" in r.stderr


def test_bad_ray_addresses_are_one_line(monkeypatch):
    code, _, err = invoke("openers", "--by-play", "entropy", "--address", "bogus")
    assert code == 1 and "--address 'bogus' is not a Ray address" in err and err.count("\n") == 1
    # A cluster that does not answer: Ray's own exception becomes one line (a fake Ray stands in).
    fake = types.ModuleType("ray")
    fake.is_initialized = lambda: False  # type: ignore[attr-defined]

    def init(**kw):
        raise ConnectionError("Failed to connect to the Ray cluster at 127.0.0.1:1\nretrying...")

    fake.init = init  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ray", fake)
    ex = RayExecutor(2, "ray://127.0.0.1:1")
    with pytest.raises(
        RankingError, match=r"cannot start the Ray cluster at ray://127.0.0.1:1: Failed to connect"
    ):
        ex.start(None, None)  # type: ignore[arg-type]


def test_thread_and_process_counts_are_capped_to_the_cores(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\nnaval\nserve\n")
    small = ["--words", str(words), "--answers", str(words)]
    code, out, err = invoke("optimal", *small, "--threads", "1000")
    assert code == 0 and "--threads 1000 is more than the" in err, err
    code, out, err = invoke(
        "openers",
        "--by-play",
        "entropy",
        *small,
        "-j",
        "100000",
        "--store",
        str(tmp_path / "r.sqlite"),
    )
    assert code == 0 and "--workers 100000 is more than the" in err, err
    code, out, err = invoke("bench", "-s", "entropy", *small, "--jobs", "100000")
    assert code == 0 and "--jobs 100000 is more than the" in err, err


def test_a_memo_that_cannot_be_allocated_is_one_line(monkeypatch, tmp_path):
    from wordlelab.exact.kernels import search as K

    def no_memory(n_slots):
        raise MemoryError("Unable to allocate 512. MiB")

    monkeypatch.setattr(K, "new_memo", no_memory)
    words = tmp_path / "w.txt"
    words.write_text("cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\nnaval\nserve\n")
    code, _, err = invoke(
        "optimal", "--words", str(words), "--answers", str(words), "--memo-mb", "64"
    )
    assert (
        code == 1 and "not enough memory for a memo of 64 MB" in err and "Traceback" not in err
    ), err


@pytest.mark.parametrize("args", [("lists",), ("strategies",), ("score", "crane", "cigar")])
def test_a_reader_that_closes_the_pipe_ends_the_run_quietly(args):
    # `wordlelab lists | head -1`: rich and click both ended such a run with exit code 1 (the
    # code of bad input), with nothing said.
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordlelab", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=cli_env(),
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first line
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0 and err == b""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_that_cannot_be_written_is_one_line():
    with open("/dev/full", "w") as full:
        r = subprocess.run(
            [sys.executable, "-m", "wordlelab", "lists"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=cli_env(),
            timeout=60,
        )
    assert r.returncode == 1
    assert r.stderr == "wordlelab: error: cannot write the output: No space left on device\n"
