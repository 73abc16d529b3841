"""Every opener ranked by whole games (``by_play``) or exactly (``exact``), resumable, local or on Ray.

A ranking is a list of independent tasks, one opener each, run by an executor: in this process,
in a pool of local worker processes, or on a Ray cluster (Ray is imported only by
``RayExecutor``, only when used). Each finished opener is written at once to a SQLite results
store keyed by the lists, the mode and the job's options, so a run stopped at any moment and
started again redoes only the openers that were in flight, and never mixes lists or modes.
The library never prints: ``progress(done, total)`` reports finished openers.
"""

from __future__ import annotations

import hashlib
import os
import re
import signal
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ..errors import UnknownWordError, WordlelabError
from ..game import Position
from ..game.matrix import PatternMatrix, matrix_key
from ..owned_db import DbSpec, check_parent, open_owned
from ..paths import data_dir
from ..strategies.base import make_strategy

STORE_FORMAT = 1
EXACT_SEARCH_VERSION = 2  # raised when a fix of the exact search may change a stored row

Progress = Callable[[int, int], None]


class RankingError(WordlelabError):
    """A ranking that cannot run as asked (bad options, an unusable results store, no Ray)."""


# --------------------------------------------------------------------------- jobs and rows


@dataclass(frozen=True)
class RankJob:
    """What is measured for each opener: ``kind`` "play" (with ``strategy``) or "exact"."""

    kind: str
    hard: bool = False
    max_guesses: int = 6
    strategy: str | None = None
    options: tuple[tuple[str, Any], ...] = ()
    memo_mb: int = 256

    def __post_init__(self) -> None:
        if self.kind not in ("play", "exact"):
            raise RankingError(f"unknown ranking kind {self.kind!r}; use play or exact", self.kind)
        if self.kind == "play" and not self.strategy:
            raise RankingError("a ranking by play needs a strategy", self.strategy)
        if self.max_guesses < 1:
            raise RankingError(
                f"max guesses must be at least 1, not {self.max_guesses}", self.max_guesses
            )

    @classmethod
    def by_play(
        cls, strategy: str, hard: bool = False, max_guesses: int = 6, **options: Any
    ) -> RankJob:
        try:
            make_strategy(
                strategy, **options
            )  # unknown names and options fail here, before any work
        except TypeError as e:
            raise RankingError(
                f"strategy {strategy!r} does not take these options: {e}", options
            ) from None
        return cls("play", hard, max_guesses, strategy, tuple(sorted(options.items())))

    @classmethod
    def exact(cls, hard: bool = False, max_guesses: int = 6, memo_mb: int = 256) -> RankJob:
        return cls("exact", hard, max_guesses, memo_mb=memo_mb)

    def token(self) -> str:
        """The part of the store key that names the job (the memo size changes no result)."""
        if self.kind == "play":
            assert self.strategy is not None
            s = make_strategy(self.strategy, **dict(self.options))
            what = f"play {s.token} version={getattr(s, 'version', 1)}"
        else:
            # Rows stored under an earlier search version are not found, so not reused.
            what = f"exact search={EXACT_SEARCH_VERSION}"
            if self.hard:
                # Hard mode's objective, fewest lost first: rows stored before it are not reused.
                what += " losses"
        return f"{what} hard={self.hard} max_guesses={self.max_guesses}"

    def key(self, matrix: PatternMatrix) -> str:
        text = f"v{STORE_FORMAT}\n{matrix_key(matrix.guesses, matrix.answers)}\n{self.token()}\n"
        return hashlib.sha256(text.encode()).hexdigest()[:32]


# The total of an opener after which no strategy solves every answer in time (kernels' INF).
NO_STRATEGY = 1 << 40
# Hard mode's exact rows rank by the fewest answers lost, then the fewest guesses: ``total`` holds
# lost * LOSS_WEIGHT + guesses, the exact search's value (``optimal.Engine(losses=True)``);
# a total of guesses alone is always below it.
LOSS_WEIGHT = 1 << 20


@dataclass(frozen=True)
class OpenerRow:
    """One opener's result: a total of guesses (exact, or a proven lower bound) and its games."""

    word: str
    total: int
    exact: bool  # False: ``total`` is a proven lower bound (the opener was cut, shown "≥ total")
    games: int
    worst: int | None = None
    failures: int | None = None
    seconds: float = 0.0
    cpu_seconds: float | None = (
        None  # this worker's CPU time (not stored): a fair cost on a busy machine
    )

    @property
    def lost(self) -> int:
        """Answers lost after the opener (hard mode's objective; 0 where none need be)."""
        return self.total // LOSS_WEIGHT if self.total < NO_STRATEGY else 0

    @property
    def guesses(self) -> int:
        """Guesses in total, a lost answer counted as max guesses + 1."""
        return self.total % LOSS_WEIGHT if self.total < NO_STRATEGY else self.total

    @property
    def mean(self) -> float:
        return self.guesses / self.games

    @property
    def solvable(self) -> bool:
        """False when no strategy after the opener solves every answer within the guesses (proven):
        ``total`` is then the search's impossible total, no figure to show."""
        return self.total < NO_STRATEGY

    def to_dict(self) -> dict[str, object]:
        return {
            "word": self.word,
            # unsolvable: the impossible total, as the store and the tools that read it keep it
            "total": self.guesses,
            "lost": self.lost,
            "mean": round(self.mean, 4) if self.solvable else None,
            "solvable": self.solvable,
            "exact": self.exact,
            "worst": self.worst,
            "failures": self.failures,
            "seconds": round(self.seconds, 3),
        }


def sort_rows(rows: Iterable[OpenerRow]) -> list[OpenerRow]:
    """Best first: fewest guesses in total, then fewest failures, a proven value before a bound, then a-z."""
    return sorted(rows, key=lambda r: (r.total, r.failures or 0, not r.exact, r.word))


# --------------------------------------------------------------------------- the store


def _row_types_ok(
    word: object, total: object, games: object, worst: object, failures: object, seconds: object
) -> bool:
    def whole(x: object) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    return (
        isinstance(word, str)
        and whole(total)
        and whole(games)
        and games > 0  # type: ignore[operator]
        and all(x is None or whole(x) for x in (worst, failures))
        and isinstance(seconds, (int, float))
    )


_STORE_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (key TEXT NOT NULL, word TEXT NOT NULL, total INTEGER NOT NULL,
    exact INTEGER NOT NULL, games INTEGER NOT NULL, worst INTEGER, failures INTEGER,
    seconds REAL NOT NULL, PRIMARY KEY (key, word));
CREATE TABLE IF NOT EXISTS jobs (key TEXT PRIMARY KEY, description TEXT NOT NULL);
"""
_STORE_SPEC = DbSpec(
    what="the results store",
    schema=_STORE_SCHEMA,
    version=1,
    legacy=(
        {
            "results": frozenset(
                {"key", "word", "total", "exact", "games", "worst", "failures", "seconds"}
            ),
            "jobs": frozenset({"key", "description"}),
        },
    ),
    wal=True,
)


def default_store_path() -> Path:
    return data_dir() / "rankings.sqlite"


class ResultStore:
    """Finished openers in SQLite, one row per (job key, opener), written as each one finishes."""

    def __init__(self, path: Path | str | None = None, timeout: float = 30):
        self.path = Path(path) if path is not None else default_store_path()
        # Why the last put could not write (locked too long, disk full): the run goes on, its
        # rows in memory, and the caller says so. None while every row is stored.
        self.failed: str | None = None
        if path is not None:  # a folder the user named is never created (a typo would go unnoticed)
            check_parent(self.path, "the results store", RankingError)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise RankingError(
                f"the results store's folder cannot be made: {e.strerror}", path=self.path
            ) from None
        # Another program's database, a link, a newer store is refused before any write.
        self._db, _ = open_owned(self.path, _STORE_SPEC, RankingError, timeout)
        try:
            self._db.executescript(_STORE_SCHEMA)  # a 0.1.0 store may lack the jobs table
            self._db.execute(f"PRAGMA user_version = {_STORE_SPEC.version}")
        except (sqlite3.Error, OSError) as e:
            # Never repair or replace the file: it may hold hours of finished results.
            self._db.close()
            raise RankingError(f"the results store cannot be used: {e}", path=self.path) from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def register(self, key: str, description: str) -> None:
        try:
            self._db.execute("INSERT OR IGNORE INTO jobs VALUES (?, ?)", (key, description))
        except sqlite3.Error as e:  # before any work: a one-line error
            raise RankingError(f"the results store cannot be used: {e}", path=self.path) from None

    def rows(self, key: str) -> dict[str, OpenerRow]:
        """The stored rows of a job; rows another program wrote with wrong types are skipped."""
        try:
            cur = self._db.execute(
                "SELECT word, total, exact, games, worst, failures, seconds FROM results WHERE key = ?",
                (key,),
            )
            found = list(cur)
        except sqlite3.Error as e:
            raise RankingError(f"the results store cannot be read: {e}", path=self.path) from None
        return {
            w: OpenerRow(w, t, bool(x), g, wo, f, s)
            for w, t, x, g, wo, f, s in found
            if _row_types_ok(w, t, g, wo, f, s)
        }

    def put(self, key: str, row: OpenerRow) -> bool:
        """Store ``row`` unless an exact value is already there; a bound is replaced by a better fact.

        False (and ``failed`` set) when the store cannot be written: the row is not lost, the
        ranking keeps it in memory.
        """
        if self.failed is not None:
            return False
        try:
            cur = self._db.execute(
                "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key, word) DO UPDATE SET"
                " total = excluded.total, exact = excluded.exact, seconds = excluded.seconds"
                " WHERE results.exact = 0 AND (excluded.exact = 1 OR excluded.total > results.total)",
                (
                    key,
                    row.word,
                    row.total,
                    int(row.exact),
                    row.games,
                    row.worst,
                    row.failures,
                    row.seconds,
                ),
            )
        except sqlite3.Error as e:
            self.failed = f"the results store {self.path} could not be written ({e})"
            return False
        return cur.rowcount > 0

    def count(self, key: str) -> int:
        return int(
            self._db.execute("SELECT COUNT(*) FROM results WHERE key = ?", (key,)).fetchone()[0]
        )


# --------------------------------------------------------------------------- per-opener work


def play_opener(matrix: PatternMatrix, job: RankJob, word: str) -> OpenerRow:
    """Play every answer from ``word`` with the job's strategy."""
    from ..assist.simulate import simulate

    assert job.strategy is not None
    strategy = make_strategy(job.strategy, **dict(job.options))
    r = simulate(
        strategy,
        matrix,
        hard=job.hard,
        opener=word,
        max_guesses=job.max_guesses,
        cache=False,
        keep_paths=False,
    )
    return OpenerRow(word, r.total, True, r.games, r.worst, len(r.failed), r.seconds)


class ExactEvaluator:
    """The exact optimum after one opener, with a memo kept across the openers one worker solves."""

    def __init__(
        self, matrix: PatternMatrix, hard: bool = False, max_guesses: int = 6, memo_mb: int = 256
    ):
        from .optimal import Engine, K, Solver

        self.K = K
        # Hard mode's objective: fewest answers lost, then fewest guesses.
        self.engine = Engine(matrix, hard, max_guesses, memo_mb, losses=hard)
        self.ctl = np.zeros(K.CTL_SIZE, dtype=np.int64)
        self.exact = Solver(self.engine, 0, self.ctl)
        self.root = np.arange(len(matrix.answers), dtype=np.int64)

    def __call__(self, word: str, cutoff: int | None = None) -> OpenerRow:
        """Exact total after ``word``; with ``cutoff``, stop as soon as it provably cannot beat it."""
        start = time.perf_counter()
        e, K = self.engine, self.K
        matrix = e.matrix
        g = matrix.guesses.index(word)
        n = int(self.root.size)
        d = e.max_guesses - 1
        inf = int(K.INF)
        parts = [
            (sub, e.rule_after(e.empty_rule, g, p))
            for p, sub in e.groups(self.root, g)
            if p != e.win
        ]
        parts.sort(key=lambda t: -t[0].size)  # largest first: they decide a cut soonest
        lbs = [int(e.lbtab[d, sub.size]) if d >= 0 else inf for sub, _ in parts]
        if cutoff is not None and n + sum(lbs) <= cutoff:
            # One pass over the guesses per group (the least per-guess bound) settles most openers
            # that cannot beat the cutoff, and tightens every group's budget for the others.
            lbs = [max(lb, e.node_bound(sub, d, rule)) for lb, (sub, rule) in zip(lbs, parts)]
        if (
            max(lbs, default=0) >= inf
        ):  # a group that cannot be solved in the guesses left: nor can the opener
            return OpenerRow(word, inf, True, n, None, None, time.perf_counter() - start)
        if cutoff is not None and n + sum(lbs) > cutoff:
            return OpenerRow(
                word, min(inf, n + sum(lbs)), False, n, None, None, time.perf_counter() - start
            )
        bound_left = sum(lbs)
        solved = 0
        for i, (sub, rule) in enumerate(parts):
            bound_left -= lbs[i]
            beta = inf
            if cutoff is not None:
                beta = cutoff + 1 - (n + solved + bound_left)
            v = int(self.exact.value(sub, d, rule, beta)) if beta > lbs[i] else lbs[i]
            if v >= inf:  # this group cannot be solved in the guesses left: nor can the opener
                return OpenerRow(word, inf, True, n, None, None, time.perf_counter() - start)
            if v >= beta:  # only when the cutoff set beta: the opener cannot beat ``cutoff``
                # The bound reported is what the cutoff proved (v >= beta), not v itself: v can be
                # larger when the memo, shared by this worker's earlier openers, knew more, and
                # which openers a worker had before depends on timing. So the row depends only on
                # the opener and the cutoff.
                lower = n + solved + max(beta, lbs[i]) + bound_left
                return OpenerRow(word, lower, False, n, None, None, time.perf_counter() - start)
            solved += v
        total = n + solved
        return OpenerRow(word, total, True, n, None, None, time.perf_counter() - start)


# Per-process state of a worker: the matrix arrives once, the evaluator is built once.
_WORKER: dict[str, Any] = {}


def _die_with_parent(parent: int) -> None:
    """End this worker process when ``parent`` (the CLI) dies, even by kill -9.

    On Linux the kernel sends SIGKILL (prctl PR_SET_PDEATHSIG); everywhere a daemon thread also
    checks the parent once a second. A worker holds nothing that must be saved: the parent
    stores every finished opener.
    """
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))  # 1: PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="wordlelab-parent-watch", daemon=True).start()


def _worker_init(matrix: PatternMatrix, job: RankJob, parent: int | None = None) -> None:
    if parent is not None:
        _die_with_parent(parent)
    _WORKER.clear()
    _WORKER["matrix"], _WORKER["job"] = matrix, job


def _worker_run(words: tuple[str, ...], cutoff: int | None) -> list[OpenerRow]:
    """One task: the openers of a batch (``opener_batches``), one after another, one row each."""
    matrix: PatternMatrix = _WORKER["matrix"]
    job: RankJob = _WORKER["job"]
    rows = []
    for word in words:
        cpu = time.process_time()
        if job.kind == "play":
            row = play_opener(matrix, job, word)
        else:
            ev = _WORKER.get("exact")
            if ev is None:
                ev = _WORKER["exact"] = ExactEvaluator(
                    matrix, job.hard, job.max_guesses, job.memo_mb
                )
            row = ev(word, cutoff)
        rows.append(replace(row, cpu_seconds=time.process_time() - cpu))
    return rows


def opener_batches(words: Sequence[str], job: RankJob) -> list[tuple[str, ...]]:
    """The tasks of a run: for exact jobs, the openers that share their set of letters together.

    Openers with the same letters leave the same group after all grey, with the same guesses
    left and (in hard mode) the same rule, since grey letters bind nothing; after a poor opener
    that group is most of the search. Solved one after another by one worker, whose memo holds
    that group's value, every opener of a batch but the first reuses it (docs/ranking.md gives
    the figure). A batch goes where its first opener stood in ``words``; play jobs share nothing
    and keep one opener a task.
    """
    if job.kind != "exact":
        return [(w,) for w in words]
    batches: dict[frozenset[str], list[str]] = {}
    for w in words:
        batches.setdefault(frozenset(w), []).append(w)
    return [tuple(b) for b in batches.values()]


# --------------------------------------------------------------------------- executors


class Executor(Protocol):
    """Runs ``_worker_run(words, cutoff)`` for many batches of openers, yielding their rows as
    each batch finishes."""

    workers: int

    def start(self, matrix: PatternMatrix, job: RankJob) -> None: ...

    def submit(self, words: tuple[str, ...], cutoff: int | None) -> Any: ...

    def wait_any(self, pending: Sequence[Any]) -> list[tuple[Any, list[OpenerRow]]]: ...

    def stop(self) -> None: ...


class SerialExecutor:
    """Everything in this process, one opener at a time (tests, one core, debugging)."""

    workers = 1

    def start(self, matrix: PatternMatrix, job: RankJob) -> None:
        _worker_init(matrix, job)

    def submit(self, words: tuple[str, ...], cutoff: int | None) -> Any:
        return (words, cutoff)

    def wait_any(self, pending: Sequence[Any]) -> list[tuple[Any, list[OpenerRow]]]:
        h = pending[0]
        return [(h, _worker_run(*h))]

    def stop(self) -> None:
        _WORKER.clear()


class LocalExecutor:
    """A pool of worker processes on this machine; the matrix is sent to each once."""

    def __init__(self, workers: int | None = None):
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._pool: ProcessPoolExecutor | None = None

    def start(self, matrix: PatternMatrix, job: RankJob) -> None:
        self._pool = ProcessPoolExecutor(
            self.workers, initializer=_worker_init, initargs=(matrix, job, os.getpid())
        )

    def submit(self, words: tuple[str, ...], cutoff: int | None) -> Future[list[OpenerRow]]:
        assert self._pool is not None
        return self._pool.submit(_worker_run, words, cutoff)

    def wait_any(self, pending: Sequence[Any]) -> list[tuple[Any, list[OpenerRow]]]:
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        return [(f, f.result()) for f in done]

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


_RAY_ADDRESS = re.compile(
    r"^(auto|local|(ray://)?[A-Za-z0-9._\-]+:\d{1,5}|(ray://)?\[[0-9A-Fa-f:.]+\]:\d{1,5})$"
)


class RayExecutor:
    """Ray tasks, one batch of openers each, on a local Ray instance or the cluster at ``address``.

    The matrix goes into Ray's object store once; each worker process keeps its evaluator
    between tasks. Ray retries a task whose worker died, so a killed worker loses no opener.
    """

    def __init__(
        self, workers: int | None = None, address: str | None = None, max_retries: int = 3
    ):
        address = address or os.environ.get("RAY_ADDRESS") or None
        if address is not None and not _RAY_ADDRESS.match(address.strip()):
            # Checked before Ray is imported or the work starts ('bogus' was a Ray traceback).
            raise RankingError(
                f"--address {address[:60]!r} is not a Ray address; use ray://HOST:PORT, "
                "HOST:PORT or auto",
                address[:60],
            )
        try:
            import ray
        except ImportError:
            raise RankingError(
                "Ray is not installed; pip install 'wordlelab[cluster]'", "ray"
            ) from None
        self.ray = ray
        self.address = address.strip() if address else None
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.max_retries = max_retries
        self._started_here = False
        self._remote: Any = None
        self._refs: tuple[Any, Any] | None = None

    def start(self, matrix: PatternMatrix, job: RankJob) -> None:
        ray = self.ray
        if not ray.is_initialized():
            try:
                if self.address:
                    ray.init(address=self.address, log_to_driver=False)
                else:
                    ray.init(num_cpus=self.workers, include_dashboard=False, log_to_driver=False)
            except Exception as exc:  # noqa: BLE001 - Ray raises many kinds (ConnectionError, RuntimeError...)
                where = f"the Ray cluster at {self.address}" if self.address else "a local Ray"
                first = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
                raise RankingError(f"cannot start {where}: {first}", self.address) from None
            self._started_here = True
        self._refs = (ray.put(matrix), ray.put(job))
        self._remote = ray.remote(num_cpus=1, max_retries=self.max_retries)(_ray_task)

    def submit(self, words: tuple[str, ...], cutoff: int | None) -> Any:
        assert self._refs is not None
        return self._remote.remote(self._refs[0], self._refs[1], words, cutoff)

    def wait_any(self, pending: Sequence[Any]) -> list[tuple[Any, list[OpenerRow]]]:
        done, _ = self.ray.wait(list(pending), num_returns=1)
        return [(r, self.ray.get(r)) for r in done]

    def stop(self) -> None:
        self._refs = None
        if self._started_here:
            self.ray.shutdown()
            self._started_here = False


def _ray_task(
    matrix: PatternMatrix, job: RankJob, words: tuple[str, ...], cutoff: int | None
) -> list[OpenerRow]:
    # Ray hands each task the object-store copy; rebuild the worker state only when the job changes.
    have = _WORKER.get("matrix")
    if (
        _WORKER.get("job") != job
        or have is None
        or matrix_key(have.guesses, have.answers) != matrix_key(matrix.guesses, matrix.answers)
    ):
        _worker_init(matrix, job)
    return _worker_run(words, cutoff)


def make_executor(
    backend: str = "local", workers: int | None = None, address: str | None = None
) -> Executor:
    """``serial``, ``local`` (worker processes) or ``ray`` (a local Ray, or the cluster at ``address``)."""
    if backend == "serial":
        return SerialExecutor()
    if backend == "local":
        return LocalExecutor(workers)
    if backend == "ray":
        return RayExecutor(workers, address)
    raise RankingError(f"unknown backend {backend!r}; use serial, local or ray", backend)


# --------------------------------------------------------------------------- choosing openers


def candidate_openers(matrix: PatternMatrix, job: RankJob, candidates: int | None) -> list[str]:
    """The openers to rank: every allowed word (``None``), else the best ``candidates`` by a one-step bound.

    Exact jobs order by the exact search's per-guess lower bound, play jobs by the strategy's own
    score of the first guess; ties: a possible answer first, then list order.
    """
    n = len(matrix.guesses)
    if candidates is not None and candidates < 1:
        raise RankingError(f"--candidates must be at least 1, not {candidates}", candidates)
    if job.kind == "exact":
        from .optimal import Engine

        engine = Engine(matrix, job.hard, job.max_guesses, memo_mb=1, losses=job.hard)
        root = np.arange(len(matrix.answers), dtype=np.int64)
        bounds = engine.bounds(root, job.max_guesses)
        is_cand = matrix.guess_to_answer >= 0
        order = np.lexsort((np.arange(n), ~is_cand, bounds))
        rows = [int(g) for g in order if bounds[g] < (1 << 60)]
        if candidates is not None:
            rows = rows[:candidates]
        return [str(matrix.guesses[g]) for g in rows]
    if candidates is None:
        return [str(w) for w in matrix.guesses]
    assert job.strategy is not None
    strategy = make_strategy(job.strategy, **dict(job.options))
    ranked = strategy.rank(
        Position.start(matrix, hard=job.hard, max_guesses=job.max_guesses), min(candidates, n)
    )
    return [c.word for c in ranked]


# --------------------------------------------------------------------------- the run


@dataclass
class RankingResult:
    """The ranked rows of a run, how many were computed now, and the store they live in."""

    job: RankJob
    rows: list[OpenerRow]
    computed: int
    reused: int
    seconds: float
    best_only: bool
    store: Path | None = None
    workers: int = 1
    backend: str = "serial"
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def openers_per_second(self) -> float:
        return self.computed / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.job.kind,
            "job": self.job.token(),
            "hard": self.job.hard,
            "openers": len(self.rows),
            "computed": self.computed,
            "reused": self.reused,
            "seconds": round(self.seconds, 3),
            "openers_per_second": round(self.openers_per_second, 3),
            "best_only": self.best_only,
            "backend": self.backend,
            "workers": self.workers,
            "store": str(self.store) if self.store else None,
            "rows": [dict(rank=i + 1, **r.to_dict()) for i, r in enumerate(self.rows)],
        }

    def to_csv(self) -> str:
        lines = ["rank,word,total,mean,exact,worst,failures,seconds,solvable,lost"]
        for i, r in enumerate(self.rows):
            mean = f"{r.mean:.4f}" if r.solvable else ""
            lines.append(
                f"{i + 1},{r.word},{r.guesses},{mean},{int(r.exact)},"
                f"{'' if r.worst is None else r.worst},{'' if r.failures is None else r.failures},"
                f"{r.seconds:.3f},{int(r.solvable)},{r.lost}"
            )
        return "\n".join(lines) + "\n"


def rank(
    matrix: PatternMatrix,
    job: RankJob,
    openers: Sequence[str],
    *,
    executor: Executor | None = None,
    store: ResultStore | None = None,
    best_only: bool = False,
    known_best: int | None = None,
    progress: Progress | None = None,
    on_row: Callable[[OpenerRow], None] | None = None,
) -> RankingResult:
    """Evaluate every opener in ``openers`` (those already in ``store`` are reused), ranked best first.

    With ``best_only`` (exact jobs) an opener is cut as soon as a proven lower bound shows it
    cannot beat the cutoff; its row then holds that bound (``exact`` False). The cutoff is fixed
    for the run, so rows do not depend on which worker finished first: the best exact total in
    ``store`` or ``known_best`` (a total some opener is known to reach), else the best exact
    total of the first batch (``opener_batches``), computed alone before the others start.
    """
    start = time.perf_counter()
    words = list(dict.fromkeys(matrix.guesses.normalize(w) for w in openers))
    for w in words:
        if w not in matrix.guesses:
            raise UnknownWordError(
                f"opener {w!r} is not an allowed guess ({matrix.guesses.name})", w
            )
    if best_only and job.kind != "exact":
        raise RankingError("--best applies to --exact only", best_only)
    executor = executor or SerialExecutor()
    key = job.key(matrix)
    known: dict[str, OpenerRow] = {}
    if store is not None:
        store.register(key, f"{matrix.guesses.name}/{matrix.answers.name} {job.token()}")
        known = store.rows(key)
    best = min((r.total for r in known.values() if r.exact), default=None)
    if known_best is not None:
        best = known_best if best is None else min(best, known_best)

    def usable(r: OpenerRow | None) -> bool:
        # A cut opener's bound answers a --best run only once it reaches the best total.
        return r is not None and (r.exact or (best_only and best is not None and r.total >= best))

    rows: dict[str, OpenerRow] = {w: known[w] for w in words if usable(known.get(w))}
    todo = [w for w in words if w not in rows]
    reused = len(rows)
    total = len(words)
    if progress is not None:
        progress(reused, total)
    computed = 0
    if todo:
        executor.start(matrix, job)
        try:
            pending: dict[Any, tuple[str, ...]] = {}
            queue = iter(opener_batches(todo, job))
            # One task in flight per worker: on Ray (whose instance may have more CPUs) this is
            # what bounds the parallelism, and it keeps each --best cut-off fresh.
            depth = executor.workers

            def fill() -> None:
                for batch in queue:
                    pending[executor.submit(batch, best if best_only else None)] = batch
                    if len(pending) >= depth:
                        return

            def take(batch_rows: list[OpenerRow]) -> None:
                nonlocal computed
                for row in batch_rows:
                    if store is not None:
                        store.put(key, row)
                    rows[row.word] = row
                    computed += 1
                    if on_row is not None:
                        on_row(row)
                    if progress is not None:
                        progress(len(rows), total)

            while best_only and best is None:
                # The first batches alone, uncut, until an opener has a finite total: the run's
                # cutoff.
                first = next(queue, None)
                if first is None:
                    break
                handle = executor.submit(first, None)
                for _, batch_rows in executor.wait_any([handle]):
                    take(batch_rows)
                    finite = [r.total for r in batch_rows if r.exact and r.total < NO_STRATEGY]
                    if finite:
                        best = min(finite)
            fill()
            while pending:
                for handle, batch_rows in executor.wait_any(list(pending)):
                    pending.pop(handle)
                    take(batch_rows)
                fill()
        finally:
            executor.stop()
    return RankingResult(
        job,
        sort_rows(rows.values()),
        computed,
        reused,
        time.perf_counter() - start,
        best_only,
        store.path if store is not None else None,
        executor.workers,
        type(executor).__name__.replace("Executor", "").lower(),
    )


def stored(matrix: PatternMatrix, job: RankJob, store: ResultStore) -> list[OpenerRow]:
    """Every row the store holds for this job on these lists, ranked."""
    return sort_rows(store.rows(job.key(matrix)).values())


__all__ = [
    "ExactEvaluator",
    "Executor",
    "LocalExecutor",
    "OpenerRow",
    "RankJob",
    "RankingError",
    "RankingResult",
    "RayExecutor",
    "ResultStore",
    "SerialExecutor",
    "candidate_openers",
    "default_store_path",
    "make_executor",
    "play_opener",
    "rank",
    "sort_rows",
    "stored",
]
