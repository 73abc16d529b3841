"""Is one Ctrl-C enough? The console's interrupt guard against a session without it.

    python benchmarks/bench_interrupts.py [--sessions 40] [--burners 4] [--wait 5]

Each session is ``wordlelab assist --absurdle --lists original`` in a pseudo-terminal: the blank
pattern after AESIR, then one Ctrl-C the moment the next suggestion (YAULD) shows, while the rest
of its line is still being written and the prompt comes up. A session that has not ended
``--wait`` seconds later lost the interrupt (it is then sent again, so the run goes on). The two
arms alternate (guarded, unguarded, ...) beside ``--burners`` CPU-bound processes, which widen the
window a loaded machine leaves between Python's signal check and readline's wait. The unguarded
arm runs the same command with ``cli.console.waiting_for`` replaced by a null context.
Writes benchmarks/results/interrupts.json.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

import _util

SRC = str(Path(__file__).resolve().parent.parent / "src")
UNGUARDED = (
    "import contextlib, sys\n"
    "from wordlelab.cli import console\n"
    "console.waiting_for = lambda stream: contextlib.nullcontext()\n"
    "from wordlelab.cli.main import main\n"
    "sys.argv = ['wordlelab', *sys.argv[1:]]\n"
    "main()\n"
)
ARGS = ["assist", "--absurdle", "--lists", "original"]


def session(guarded: bool, wait: float) -> dict:
    import pexpect

    argv = ["-m", "wordlelab", *ARGS] if guarded else ["-c", UNGUARDED, *ARGS]
    env = {"PYTHONPATH": SRC, "TERM": "dumb", "PATH": "/usr/bin:/bin"}
    child = pexpect.spawn(
        sys.executable, argv, env=env, encoding="utf-8", timeout=120, dimensions=(40, 200)
    )
    try:
        child.expect(r"> AESIR")
        child.expect_exact("? ")
        child.sendline(".....")
        child.expect(r"> YAULD")
        t = time.perf_counter()
        child.sendintr()
        try:
            child.expect(pexpect.EOF, timeout=wait)
            lost = False
        except pexpect.TIMEOUT:
            lost = True
            child.sendintr()
            child.expect(pexpect.EOF, timeout=30)
        ended = time.perf_counter() - t
        child.close()
        return {"lost": lost, "exit": child.exitstatus, "seconds_to_end": round(ended, 3)}
    finally:
        child.close(force=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=40, help="sessions per arm")
    ap.add_argument("--burners", type=int, default=4, help="CPU-bound processes beside them")
    ap.add_argument("--wait", type=float, default=5.0, help="seconds one Ctrl-C gets")
    a = ap.parse_args()
    if a.sessions < 1 or a.burners < 0 or a.wait <= 0:
        raise SystemExit("bench_interrupts.py: --sessions >= 1, --burners >= 0, --wait > 0")
    burners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(a.burners)
    ]
    runs: dict[str, list[dict]] = {"guarded": [], "unguarded": []}
    try:
        for _ in range(a.sessions):
            for arm in ("guarded", "unguarded"):
                runs[arm].append(session(arm == "guarded", a.wait))
    finally:
        for p in burners:
            p.kill()
    summary = {
        arm: {
            "sessions": len(rows),
            "lost_first_ctrl_c": sum(r["lost"] for r in rows),
            "exit_130": sum(r["exit"] == 130 for r in rows),
            "median_seconds_to_end": sorted(r["seconds_to_end"] for r in rows)[len(rows) // 2],
        }
        for arm, rows in runs.items()
    }
    _util.emit(
        "interrupts",
        {"args": vars(a), "command_run": ["wordlelab", *ARGS], "summary": summary, "runs": runs},
    )


if __name__ == "__main__":
    main()
