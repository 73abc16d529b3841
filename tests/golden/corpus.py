"""The golden corpus: run the cases of manifest.toml and compare (or record) their outputs.

Each case is a CLI run (click's runner, in-process, so the matrices and kernels load once) or a
sequence of web API requests (Starlette's test client against ``create_app``). Its output, with the
manifest's masks applied, is stored in ``expected/<name>.txt`` and must match byte for byte.

Re-record every case (after a change of behaviour that is meant)::

    python tests/golden/corpus.py --record            # all cases
    python tests/golden/corpus.py --record NAME ...   # only these
    python tests/golden/corpus.py --check             # compare, as the test does
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import re
import sys
import tempfile
import time
import tomllib
import traceback
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected"
MANIFEST = HERE / "manifest.toml"
REPO = HERE.parents[1]
SRC = REPO / "src"

# The environment every case runs in, whatever the caller's: no colour, a fixed width, no
# terminal, the original lists (the test suite's default). A case's own ``env`` adds to it.
BASE_ENV: dict[str, str | None] = {
    "WORDLELAB_LISTS": "original",
    "COLUMNS": "100",
    "LINES": "40",
    "NO_COLOR": "1",
    "TERM": "dumb",
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "CLICOLOR_FORCE": None,
    "RAY_ADDRESS": None,
    # No opener's tree proven on first use: its timings vary, and the data folder would decide
    # the output (the first-use proof has tests of its own, tests/exact/test_opener_proof.py).
    "WORDLELAB_PROVE": "off",
}


@dataclass(frozen=True)
class Mask:
    name: str
    pattern: re.Pattern[str]
    replace: str
    why: str
    always: bool = False  # applied to every case


@dataclass(frozen=True)
class Case:
    name: str
    steps: list[dict[str, Any]] = field(default_factory=list)  # CLI runs, in order
    requests: list[dict[str, Any]] = field(default_factory=list)  # web requests, in order
    env: dict[str, str] = field(default_factory=dict)
    masks: tuple[str, ...] = ()
    app: dict[str, Any] = field(default_factory=dict)  # create_app keyword arguments
    json: bool = False  # stdout is JSON: stored pretty-printed with sorted keys


def load() -> tuple[dict[str, Mask], list[Case]]:
    data = tomllib.loads(MANIFEST.read_text(encoding="utf-8"))
    masks = {
        name: Mask(name, re.compile(m["pattern"]), m["replace"], m["why"], m.get("always", False))
        for name, m in data["mask"].items()
    }
    cases = []
    for raw in data["case"]:
        raw = dict(raw)
        if "argv" in raw:  # a one-step CLI case
            step = {k: raw.pop(k) for k in ("argv", "stdin") if k in raw}
            raw["steps"] = [step]
        raw["masks"] = tuple(raw.get("masks", ()))
        case = Case(**raw)
        for m in case.masks:
            if m not in masks:
                raise ValueError(f"case {case.name}: no mask named {m!r}")
        cases.append(case)
    names = [c.name for c in cases]
    if len(set(names)) != len(names):
        raise ValueError("case names repeat")
    return masks, cases


def _subst(value: Any, ctx: dict[str, str]) -> Any:
    if isinstance(value, str):
        for key, text in ctx.items():
            value = value.replace("{" + key + "}", text)
        return value
    if isinstance(value, list):
        return [_subst(v, ctx) for v in value]
    if isinstance(value, dict):
        return {k: _subst(v, ctx) for k, v in value.items()}
    return value


def _pretty(text: str) -> str:
    return json.dumps(json.loads(text), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _run_cli(case: Case, tmp: str, always: list[Mask]) -> str:
    from click.testing import CliRunner

    from wordlelab.cli.main import cli

    ctx = {"tmp": tmp, "golden": str(HERE), "src": str(SRC)}
    env = {**BASE_ENV, "WORDLELAB_DATA_DIR": os.path.join(tmp, "data")}
    env.update(_subst(case.env, ctx))
    out = []
    for step in case.steps:
        argv = _subst(step["argv"], ctx)
        stdin = step.get("stdin")
        r = CliRunner().invoke(cli, argv, input=stdin, env=env, prog_name="wordlelab")
        out.append("$ wordlelab " + " ".join(argv) + "\n")
        if stdin is not None:
            out.append("--- stdin\n" + stdin + ("" if stdin.endswith("\n") else "\n"))
        out.append(f"--- exit {r.exit_code}\n")
        if r.exception is not None and not isinstance(r.exception, SystemExit):
            out.append("--- exception\n" + "".join(traceback.format_exception(r.exception)))
        stdout = r.stdout
        if case.json and r.exit_code == 0 and stdout.strip():
            stdout = _pretty(stdout)
        out.append("--- stdout\n" + stdout)
        stderr = r.stderr
        for m in always:  # a progress line alone leaves no stderr section
            stderr = m.pattern.sub(m.replace, stderr)
        if stderr:
            out.append("--- stderr\n" + stderr)
    return "".join(out)


@contextlib.contextmanager
def _environ(env: dict[str, str | None]) -> Iterator[None]:
    """``env`` in os.environ for the block (None: unset), as click's runner does for the CLI."""
    old = {k: os.environ.get(k) for k in env}
    try:
        for k, v in env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _run_web(case: Case, tmp: str) -> str:
    env = {**BASE_ENV, "WORDLELAB_DATA_DIR": os.path.join(tmp, "data")}
    env.update(_subst(case.env, {"tmp": tmp}))
    with _environ(env):
        return _requests(case, tmp)


def _requests(case: Case, tmp: str) -> str:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Using `httpx`")
        from starlette.testclient import TestClient

    from wordlelab.web.app import create_app

    app = create_app(stats_path=os.path.join(tmp, "stats.db"), **case.app)
    ctx: dict[str, str] = {}
    out = []
    with TestClient(app, base_url="http://localhost") as client:
        for req in case.requests:
            method = req.get("method", "POST" if "json" in req or "body" in req else "GET")
            path = _subst(req["path"], ctx)
            kw: dict[str, Any] = {}
            line = f"{method} {req['path']}"
            if "json" in req:
                kw["json"] = _subst(req["json"], ctx)
                line += " " + json.dumps(req["json"], sort_keys=True, ensure_ascii=False)
            elif "body" in req:
                kw["content"] = _subst(req["body"], ctx).encode()
                kw["headers"] = {"Content-Type": "application/json"}
                line += " " + req["body"]
            r = client.request(method, path, **kw)
            out.append(line + "\n" + f"--- status {r.status_code}\n")
            try:
                data = r.json()
            except ValueError:
                out.append(r.text + "\n")
                continue
            if isinstance(data, dict) and isinstance(data.get("id"), str) and "save" not in req:
                ctx["id"] = data["id"]
            out.append(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    return "".join(out)


def run(case: Case, masks: dict[str, Mask]) -> str:
    """The case's output, masked."""
    with tempfile.TemporaryDirectory(prefix="wordlelab-golden-") as tmp:
        always = [m for m in masks.values() if m.always]
        text = _run_web(case, tmp) if case.requests else _run_cli(case, tmp, always)
        text = text.replace(tmp, "<TMP>")
    text = text.replace(str(SRC), "<SRC>").replace(str(HERE), "<GOLDEN>")
    for m in masks.values():
        if m.always or m.name in case.masks:
            text = m.pattern.sub(m.replace, text)
    return text


def expected_path(case: Case) -> Path:
    return EXPECTED / f"{case.name}.txt"


def diff(case: Case, got: str) -> str:
    path = expected_path(case)
    want = path.read_text(encoding="utf-8") if path.exists() else ""
    if got == want:
        return ""
    return "".join(
        difflib.unified_diff(
            want.splitlines(keepends=True),
            got.splitlines(keepends=True),
            f"expected/{path.name}",
            f"now/{path.name}",
        )
    )


def main(argv: list[str]) -> int:
    # The matrices the cases build are cached between runs, apart from the user's own cache.
    cache = os.path.join(tempfile.gettempdir(), "wordlelab-golden-cache")
    os.environ.setdefault("WORDLELAB_CACHE_DIR", cache)
    record = "--record" in argv
    names = {a for a in argv if not a.startswith("--")}
    masks, cases = load()
    if names - {c.name for c in cases}:
        print("no such case:", ", ".join(sorted(names - {c.name for c in cases})))
        return 1
    chosen = [c for c in cases if not names or c.name in names]
    EXPECTED.mkdir(exist_ok=True)
    bad = 0
    for case in chosen:
        start = time.perf_counter()
        got = run(case, masks)
        if record:
            again = run(case, masks)
            if again != got:  # recorded only when two runs agree
                print(f"{case.name}: NOT DETERMINISTIC")
                sys.stdout.writelines(
                    difflib.unified_diff(got.splitlines(True), again.splitlines(True))
                )
                bad += 1
                continue
            expected_path(case).write_text(got, encoding="utf-8")
            print(f"{case.name}: recorded ({time.perf_counter() - start:.1f} s for two runs)")
        else:
            d = diff(case, got)
            print(f"{case.name}: {'ok' if not d else 'DIFFERS'}")
            if d:
                sys.stdout.write(d)
                bad += 1
    if record and not names:  # no stale files of removed cases
        known = {expected_path(c).name for c in cases}
        for stale in EXPECTED.glob("*.txt"):
            if stale.name not in known:
                stale.unlink()
                print(f"{stale.name}: removed (no such case)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
