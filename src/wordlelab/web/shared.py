"""The state the web app's pages share: loaded lists and matrices under a memory budget,
the sessions of each page, the search pool, each client's exact engine, first-use proofs and the
warm-up; and the adapter that makes a page's handler a route's endpoint."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..assist.assistant import EXACT_BUDGET
from ..config import prove_setting, web_matrices_budget
from ..exact.budgets import PROVE_WORK, REVIEW_WORK
from ..exact.context import ExactContext
from ..game.lists import Lists, load_lists
from ..game.matrix import PatternMatrix
from ..game.stats import StatsStore
from . import requests as req
from .contexts import Contexts
from .matrices import Matrices
from .pool import BoundedPool
from .seal import secret_key
from .sessions import Sessions, current_client

if TYPE_CHECKING:
    from ..exact.opener_proof import OpenerProof
    from ..exact.optimal import Progress as SearchProgress
    from ..exact.optimal import ProgressCallback
    from ..warmup import Background

T = TypeVar("T")
STATIC = Path(__file__).parent / "static"
BENCH_BUDGET = 600.0  # seconds a comparison may run before it is stopped
REVIEW_BUDGET = (
    REVIEW_WORK  # look-ups of exact search per reviewed guess; what does not finish is bounds
)
ASSIST_BUDGET = (
    EXACT_BUDGET  # look-ups of exact search behind each assist answer (the assistant's own)
)


class WebApp:
    """The state behind the routes: loaded lists, sessions, the statistics store, a bench job."""

    def __init__(
        self,
        stats_path: str | Path | None = None,
        bench_budget: float = BENCH_BUDGET,
        review_budget: int = REVIEW_BUDGET,
        assist_budget: int = ASSIST_BUDGET,
        matrix_memory: int | None = None,
    ) -> None:
        self.stats_path = stats_path
        self.bench_budget = bench_budget
        self.review_budget = review_budget
        self.assist_budget = assist_budget
        # Every request that may search (an analysis, an assistant's state, a resumed assistant):
        # threads and a queue of their own, each request within its budgets of work, each client
        # with the exact engine's state of its own (``contexts``), so searches run side by side.
        self.searches = BoundedPool("searches")
        self.contexts = Contexts()
        self.games = Sessions()
        self.assistants = Sessions()
        self.benches = Sessions(limit=8)
        # How a first-use proof of an opener's tree goes (POST /api/progress makes one, a request
        # that may prove names it, GET /api/progress/ID reads it while that request runs).
        self.progress = Sessions(limit=8)
        self.prove_budget = PROVE_WORK
        # WORDLELAB_PROVE=off: no request proves an opener's tree (the page hides its setting).
        self.prove_allowed = prove_setting()
        self.matrices = Matrices(
            web_matrices_budget() if matrix_memory is None else matrix_memory,
            search=self.contexts,
        )
        # Seals the saved games the page keeps (beside the statistics, so a restart keeps them).
        self.secret = secret_key(Path(stats_path).parent if stats_path is not None else None)
        self.warming: Background | None = None

    # -- warm-up -----------------------------------------------------------------------------------

    def start_warmup(self) -> bool:
        """On a machine where the kernels are not all compiled yet, compile them (and build the
        default matrix) in the background now, before the first page asks; True if started."""
        from ..kernels import compiled_cache_complete

        if compiled_cache_complete():
            return False
        from ..warmup import Background, steps

        self.warming = Background(steps()).start()
        return True

    def warmup_state(self) -> dict[str, Any]:
        """What the warm-up is doing, for the page to say: running, steps done of all, the step."""
        w = self.warming
        if w is None:
            return {"running": False, "done": 0, "total": 0, "what": None}
        step = w.current
        return {
            "running": w.running,
            "done": w.done,
            "total": len(w.todo),
            "what": step.what if step is not None and w.running else None,
        }

    # -- lists -------------------------------------------------------------------------------------

    def lists(self, lang: str, length: int, set_name: str | None = None) -> Lists:
        """Bundled lists by language, length and set name, as the CLI loads them (never a path)."""
        return load_lists(length, lang, lists=set_name)

    def matrix(self, lang: str, length: int, set_name: str | None = None) -> PatternMatrix:
        """The lists' matrix, shared under the server's memory budget (503 when it cannot fit)."""
        lists = self.lists(lang, length, set_name)  # a bad name fails here, before any work
        return self.matrices.get((lang, length, lists.set_name), lists)

    def searching(self, fn: Callable[..., T]) -> Callable[..., T]:
        """``fn`` followed, however it ends, by letting go of the search's engines past the
        memory budget (``Matrices.trim``): for the requests that may search."""

        def run(*args: Any) -> T:
            try:
                return fn(*args)
            finally:
                self.matrices.trim()

        return run

    def route(
        self,
        fn: Callable[..., dict[str, Any]],
        *,
        body: bool = True,
        token: bool = False,
        extra: tuple[str, ...] = (),
        pool: BoundedPool | None = None,
    ) -> Callable[[Request], Any]:
        """A page's method as a route's endpoint: the path's token, ``extra`` and the JSON body
        as its arguments; with ``pool``, run on that pool's threads (long work), else on a thread
        of the server's."""

        async def endpoint(request: Request) -> Response:
            args: list[Any] = []
            if token:
                args.append(request.path_params["token"])
            args.extend(extra)
            if body:
                args.append(await req.body(request))
            if pool is not None:  # long work: its own threads, so play never waits behind it
                # Each kind of request (analyse, resume_assistant, ...) is a share of the pool's
                # time: a flood of one kind cannot starve the others.
                return JSONResponse(await pool.run(self.searching(fn), *args, share=fn.__name__))
            return JSONResponse(await run_in_threadpool(fn, *args))

        return endpoint

    def store(self) -> StatsStore:
        return StatsStore(self.stats_path)

    def context(self) -> ExactContext:
        """The exact engine's state of the client whose request this is (``web/contexts.py``)."""
        return self.contexts.client(current_client()[0])

    # -- first-use proofs --------------------------------------------------------------------------

    def new_progress(self, data: dict[str, Any]) -> dict[str, Any]:
        """A place for a request's first-use proof to report its progress (``progress``: its id)."""
        token = self.progress.add({"opener": None, "done": 0, "total": 0, "proving": False})
        return self.progress_state(token)

    def progress_state(self, token: str) -> dict[str, Any]:
        _, entry = self.progress.get(token)
        return {"id": token, **entry}

    def progress_callback(self, data: dict[str, Any]) -> ProgressCallback | None:
        """The request's ``progress`` id (from POST /api/progress) as a callback, or None."""
        token = req.text(data, "progress").strip()
        if not token:
            return None
        _, entry = self.progress.get(token)

        def report(p: SearchProgress) -> None:
            entry.update(opener=p.opener, done=p.parts_done, total=p.parts_total, proving=True)

        return report

    def prove(
        self,
        matrix: PatternMatrix,
        opener: str,
        hard: bool,
        max_guesses: int,
        progress: ProgressCallback | None,
    ) -> OpenerProof:
        """The tree after ``opener`` proven (within ``prove_budget`` look-ups) and kept where
        none is there (``opener_proof``)."""
        from ..exact.opener_proof import prove_opener_tree

        return prove_opener_tree(
            matrix,
            opener,
            hard=hard,
            max_guesses=max_guesses,
            progress=progress,
            budget=self.prove_budget,
            context=self.context(),
        )
