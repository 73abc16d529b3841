"""The Bench page: strategies compared over every answer, in a thread of its own."""

from __future__ import annotations

import threading
import time
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..errors import WordlelabError
from ..exact.context import ExactContext
from ..game.matrix import PatternMatrix
from . import requests as req
from .pool import Slot

if TYPE_CHECKING:
    from .shared import WebApp


class BusyError(WordlelabError):
    """A comparison asked for while another runs (HTTP 409)."""

    kind = "bench_running"
    status = 409


class _Stopped(Exception):
    """A comparison stopped by the user (``seconds`` None) or by its time budget."""

    def __init__(self, message: str, seconds: float | None = None) -> None:
        super().__init__(message)
        self.seconds = seconds


class BenchPage:
    """The Bench page: strategies compared over every answer, in a thread of its own."""

    def __init__(self, web: WebApp) -> None:
        self.web = web
        # One comparison at a time, server-wide.
        self.slot = Slot(
            lambda: BusyError("a comparison is already running; wait for it to finish")
        )

    def start_bench(self, data: dict[str, Any]) -> dict[str, Any]:
        from ..strategies import build_strategies

        lang, length = req.lang_length(data)
        hard = req.flag(data, "hard")
        strategies = build_strategies(req.text(data, "strategies", "entropy"))
        for s in strategies:  # a coach searches with a context of its own, counted in memory
            ctx = getattr(s, "context", None)
            if isinstance(ctx, ExactContext):
                self.web.contexts.adopt(ctx)
        if len(strategies) > 4:
            raise req.RequestError(
                f"{len(strategies)} strategies; compare at most 4 at a time",
                len(strategies),
                kind="too_many_strategies",
                n=len(strategies),
                max=4,
            )
        with ExitStack() as held:
            # The slot is released on every way out of this block; the comparison's thread takes
            # it over (pop_all below) and releases it when it ends.
            held.enter_context(self.slot.claim())
            matrix = self.web.matrix(lang, length, req.list_set(data, lang, length))
            job: dict[str, Any] = {
                "done": 0,
                "total": len(matrix.answers) * len(strategies),
                "results": [],
                "finished": False,
                "error": None,
                "stopped": None,
                "current": strategies[0].name,
                "stop": False,
                "budget": self.web.bench_budget,
            }
            token = self.web.benches.add(job)  # 503 when the server keeps no more clients
            release = ExitStack()
            thread = threading.Thread(
                target=self._run_bench, args=(job, strategies, matrix, hard, release), daemon=True
            )
            release.push(held.pop_all())  # the thread's to release from here, once it runs
            try:
                thread.start()
            except BaseException:
                release.close()
                raise
        return {"id": token, **job}

    def _run_bench(
        self,
        job: dict[str, Any],
        strategies: list[Any],
        matrix: PatternMatrix,
        hard: bool,
        release: ExitStack,
    ) -> None:
        from ..assist.simulate import simulate

        started = time.monotonic()
        try:
            n = len(matrix.answers)
            for i, strategy in enumerate(strategies):
                job["current"] = strategy.name

                def progress(done: int, total: int, base: int = i * n) -> None:
                    job["done"] = base + done
                    if job["stop"]:
                        raise _Stopped("stopped; the strategies finished before are shown")
                    if time.monotonic() - started > job["budget"]:
                        raise _Stopped(
                            f"stopped after its time budget of {job['budget']:.0f} s",
                            job["budget"],
                        )

                r = simulate(strategy, matrix, hard=hard, progress=progress)
                job["results"].append(r.to_dict())  # what 'wordlelab bench --json' prints
                job["done"] = (i + 1) * n
        except _Stopped as exc:
            job["error"] = str(exc)
            # As data, for the page to say in its language (and whether anything finished).
            by = "user" if exc.seconds is None else "budget"
            job["stopped"] = {"by": by, "seconds": exc.seconds, "finished": len(job["results"])}
        except WordlelabError as exc:
            job["error"] = str(exc)
        finally:
            self.web.matrices.trim()  # a strategy may have searched (the coach)
            release.close()  # the slot, before 'finished': a caller who saw it may start another
            job["finished"] = True

    def bench_state(self, token: str) -> dict[str, Any]:
        _, job = self.web.benches.get(token)
        return {"id": token, **job}

    def stop_bench(self, token: str, data: dict[str, Any]) -> dict[str, Any]:
        _, job = self.web.benches.get(token)
        job["stop"] = True
        return {"id": token, **job}

    def routes(self) -> list[Route]:
        web = self.web

        async def bench_get(request: Request) -> Response:
            return JSONResponse(self.bench_state(request.path_params["token"]))

        return [
            Route("/api/bench", web.route(self.start_bench), methods=["POST"]),
            Route("/api/bench/{token}", bench_get),
            Route(
                "/api/bench/{token}/stop", web.route(self.stop_bench, token=True), methods=["POST"]
            ),
        ]
