"""The ASGI app behind ``wordlelab serve``: the routes of each page (``web/play.py``,
``assist.py``, ``analyse.py``, ``bench.py``, whose handlers parse, call the library and format),
on the state they share (``web/shared.py``).

Every game rule, suggestion and judgement comes from the library (the same calls the CLI makes);
the page only draws tiles and sends keys. Sessions live in memory, bounded per client
(web/sessions.py), keyed by a random token. Bad input is a library error, answered as HTTP 400 with
one line of text, never a 500; what reaches the routes at all is decided in web/security.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..config import PLAY_LENGTHS
from ..errors import WordlelabError
from ..game.languages import LANGUAGES
from ..game.lists import LIST_SETS
from ..game.rules import named_variants
from ..strategies import multi_strategy_names
from .analyse import AnalysePage
from .assist import AssistPage
from .bench import BenchPage
from .play import PlayPage
from .security import Guard, HostPolicy, scrub_paths
from .sessions import ClientMiddleware
from .shared import ASSIST_BUDGET, BENCH_BUDGET, REVIEW_BUDGET, STATIC, WebApp


class Page(Protocol):
    """A page of the app: its state and one handler per request, and the routes to them."""

    def routes(self) -> list[Route]: ...


class SecurityHeaders:
    """Everything the page needs is served from here: no CDN, no inline script, no sniffing."""

    HEADERS = [
        (b"content-security-policy", b"default-src 'self'; img-src 'self' data:"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
    ]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + self.HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


# -- routes ----------------------------------------------------------------------------------------


def create_app(
    stats_path: str | Path | None = None,
    bench_budget: float = BENCH_BUDGET,
    review_budget: int = REVIEW_BUDGET,
    assist_budget: int = ASSIST_BUDGET,
    hosts: HostPolicy | None = None,
    matrix_memory: int | None = None,
    warm_up: bool = False,
) -> Starlette:
    """The web app; ``stats_path`` is the SQLite statistics file (default: the one 'play' uses);
    ``bench_budget`` is seconds of a bench run; ``review_budget`` and ``assist_budget`` are look-ups of
    exact search (``budgets``) for each reviewed step and behind each assist answer;
    ``hosts``: the names it answers to (default: the loopback names; see web/security.py);
    ``matrix_memory``: bytes its matrices may take together (default: WORDLELAB_WEB_MATRICES);
    ``warm_up``: compile the kernels in the background from the start (``/api/warmup`` says how
    far it is), when this machine has not compiled them yet."""
    web = WebApp(stats_path, bench_budget, review_budget, assist_budget, matrix_memory)
    if warm_up:
        web.start_warmup()

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def favicon(request: Request) -> Response:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    async def options(request: Request) -> Response:
        from ..game.lists import default_set_name
        from ..strategies import strategy_names

        return JSONResponse(
            {
                "langs": sorted(LANGUAGES),
                "lengths": list(PLAY_LENGTHS),
                "lists": list(LIST_SETS),
                "default_lists": default_set_name(),
                "strategies": strategy_names(),
                "default_strategy": "coach",
                "multi_strategies": multi_strategy_names(),
                "variants": [r.to_dict() for r in named_variants()],
                "prove_openers": web.prove_allowed,
            }
        )

    async def warmup_get(request: Request) -> Response:
        return JSONResponse(web.warmup_state())

    async def progress_get(request: Request) -> Response:
        return JSONResponse(web.progress_state(request.path_params["token"]))

    async def library_error(request: Request, exc: Exception) -> Response:
        # The English line, and the error as data (kind and figures) for a page in another
        # language to say it in its own words (i18n.js ``err_<kind>``).
        out: dict[str, Any] = {"error": scrub_paths(str(exc))}
        if isinstance(exc, WordlelabError) and exc.kind != "error":
            out["parts"] = {**exc.parts(), "text": out["error"]}
        return JSONResponse(out, status_code=getattr(exc, "status", 400))

    async def server_error(request: Request, exc: Exception) -> Response:
        # A bug, never the request's fault; say so without the details (no paths, no traceback).
        return JSONResponse(
            {"error": "internal error: the server failed on this request"}, status_code=500
        )

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code, headers=exc.headers)

    pages: dict[str, Page] = {
        "play": PlayPage(web),
        "assist": AssistPage(web),
        "analyse": AnalysePage(web),
        "bench": BenchPage(web),
    }
    routes = [
        Route("/", index),
        Route("/favicon.ico", favicon),
        Route("/api/options", options),
        Route("/api/warmup", warmup_get),
        Route("/api/progress", web.route(web.new_progress), methods=["POST"]),
        Route("/api/progress/{token}", progress_get),
        *(r for page in pages.values() for r in page.routes()),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(SecurityHeaders),
            Middleware(Guard, hosts=hosts),
            Middleware(ClientMiddleware),
        ],
        exception_handlers={
            WordlelabError: library_error,
            HTTPException: http_error,
            Exception: server_error,
        },
    )
    app.state.web = web
    app.state.pages = pages
    return app
