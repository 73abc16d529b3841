"""The ASGI app behind ``wordlelab serve``: JSON routes that parse, call the library and format.

Every game rule, suggestion and judgement comes from the library (the same calls the CLI makes);
the page only draws tiles and sends keys. Sessions live in memory, bounded, keyed by a random
token. Bad input is a library error, answered as HTTP 400 with one line of text, never a 500.
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import asdict
from pathlib import Path
from typing import Any, Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..assistant import WIDENED
from ..budgets import ASSIST_WORK, REVIEW_WORK
from ..errors import WordlelabError
from ..feedback import Pattern
from ..game import PRAISE, Game, letter_states, pick_answer, share_grid
from ..languages import LANGUAGES, get_language, keyboard_rows
from ..lists import LIST_SETS, Lists, load_lists
from ..matrix import PatternMatrix
from ..stats import GameRecord, StatsError, StatsStore

STATIC = Path(__file__).parent / "static"
MAX_SESSIONS = 256  # games and assistants kept per kind; the oldest is dropped first
MAX_BODY = 64 * 1024  # bytes; a share grid with words is well under 1 KB
WORDS_SHOWN = 60
BENCH_BUDGET = 600.0  # seconds a comparison may run before it is stopped
REVIEW_BUDGET = REVIEW_WORK  # look-ups of exact search per reviewed guess; what does not finish is bounds
ASSIST_BUDGET = ASSIST_WORK  # look-ups of exact search behind each assist answer
EXACT_TOP_MAX = 60  # answers left at most for the exact top N to be searched (about 0.2 s at 56)
LENGTHS = range(4, 12)


class RequestError(WordlelabError):
    """A request that is not what the route reads (bad JSON, a missing or ill-typed field)."""


class _Stopped(Exception):
    """A comparison stopped by the user or by its time budget."""


class Sessions:
    """Objects by random token, least recently used dropped past ``limit``; one lock each."""

    def __init__(self, limit: int = MAX_SESSIONS) -> None:
        self.limit = limit
        self._items: OrderedDict[str, tuple[threading.Lock, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, obj: Any) -> str:
        token = secrets.token_urlsafe(12)
        with self._lock:
            self._items[token] = (threading.Lock(), obj)
            while len(self._items) > self.limit:
                self._items.popitem(last=False)
        return token

    def get(self, token: str) -> tuple[threading.Lock, Any]:
        with self._lock:
            item = self._items.get(token)
            if item is None:
                raise HTTPException(404, "no such session (it may have expired); start a new one")
            self._items.move_to_end(token)
            return item


# -- reading requests ------------------------------------------------------------------------------

async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise RequestError(f"request body of {len(raw)} bytes; at most {MAX_BODY}", len(raw))
    if not raw.strip():
        return {}
    import json

    def no_constants(name: str) -> Any:
        raise ValueError(name)  # NaN and Infinity are not JSON, though Python's reader takes them

    try:
        data = json.loads(raw, parse_constant=no_constants)
    except (ValueError, UnicodeDecodeError):
        raise RequestError("the request body is not JSON", None) from None
    if not isinstance(data, dict):
        raise RequestError("the request body must be a JSON object", data)
    return data


def _int(data: dict[str, Any], key: str, default: int | None, lo: int, hi: int) -> int | None:
    value = data.get(key, default)
    if value is None or value == "":
        return default
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RequestError(f"{key} must be a whole number, not {value!r}", value)
    if not lo <= value <= hi:
        raise RequestError(f"{key} must be between {lo} and {hi}, not {value}", value)
    return value


def _bool(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise RequestError(f"{key} must be true or false, not {value!r}", value)
    return value


def _str(data: dict[str, Any], key: str, default: str = "") -> str:
    value = data.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise RequestError(f"{key} must be text, not {value!r}", value)
    return value


def _lang(data: dict[str, Any]) -> str:
    return get_language(_str(data, "lang", "en")).code  # WordlelabError for an unknown language


def _list_set(data: dict[str, Any], lang: str, length: int) -> str | None:
    """The named list set (English five letters only; others have one set): the CLI's --lists."""
    name = _str(data, "lists").strip().lower() or None
    return name if lang == "en" and length == 5 else None


# -- formatting ------------------------------------------------------------------------------------

def _row(word: str, pattern: Pattern) -> dict[str, Any]:
    return {"word": word, "colors": list(pattern.colors), "pattern": str(pattern), "emoji": pattern.emoji}


class WebApp:
    """The state behind the routes: loaded lists, sessions, the statistics store, a bench job."""

    def __init__(self, stats_path: str | Path | None = None, bench_budget: float = BENCH_BUDGET,
                 review_budget: int = REVIEW_BUDGET, assist_budget: int = ASSIST_BUDGET) -> None:
        self.stats_path = stats_path
        self.bench_budget = bench_budget
        self.review_budget = review_budget
        self.assist_budget = assist_budget
        self._exact_lock = threading.Lock()
        self.games = Sessions()
        self.assistants = Sessions()
        self.benches = Sessions(limit=8)
        self._matrices: dict[tuple[str, int, str | None], PatternMatrix] = {}
        self._lists_lock = threading.Lock()
        self._bench_running = threading.Lock()

    # -- lists -------------------------------------------------------------------------------------

    def lists(self, lang: str, length: int, set_name: str | None = None) -> Lists:
        """Bundled lists by language, length and set name, as the CLI loads them (never a path)."""
        return load_lists(length, lang, lists=set_name)

    def matrix(self, lang: str, length: int, set_name: str | None = None) -> PatternMatrix:
        lists = self.lists(lang, length, set_name)  # a bad name fails here, before any work
        key = (lang, length, lists.set_name)
        with self._lists_lock:
            if key not in self._matrices:
                self._matrices[key] = lists.matrix()
            return self._matrices[key]

    def store(self) -> StatsStore:
        return StatsStore(self.stats_path)

    # -- play --------------------------------------------------------------------------------------

    def new_game(self, data: dict[str, Any]) -> dict[str, Any]:
        lang = _lang(data)
        length = _int(data, "length", 5, LENGTHS.start, LENGTHS.stop - 1)
        assert length is not None
        seed = _int(data, "seed", None, 0, 2**63 - 1)
        tries = _int(data, "tries", 6, 1, 20)
        assert tries is not None
        hard = _bool(data, "hard")
        record = not _bool(data, "no_stats")
        lists = self.lists(lang, length, _list_set(data, lang, length))
        game = Game(pick_answer(lists.answers, seed), words=lists.guesses, max_guesses=tries, hard=hard)
        token = self.games.add({"game": game, "lang": lang, "seed": seed, "record": record})
        return self.game_state(token)

    def guess(self, token: str, data: dict[str, Any]) -> dict[str, Any]:
        lock, entry = self.games.get(token)
        word = _str(data, "word").strip()
        if not word:
            raise RequestError("type a word first", word)
        with lock:
            game: Game = entry["game"]
            game.guess(word)  # a bad word raises and costs no turn
            if game.over and entry["record"] and "stats" not in entry:
                entry["stats"] = self._record(game, entry["lang"])
        return self.game_state(token)

    def _record(self, game: Game, lang: str) -> dict[str, Any]:
        store = self.store()
        try:
            store.record(GameRecord.from_game(game, lang))
            return {"summary": store.summary(len(game.answer), lang).to_dict()}
        except StatsError as exc:  # a locked database keeps the game pending; say so, lose nothing
            return {"error": str(exc)}

    def game_state(self, token: str) -> dict[str, Any]:
        _, entry = self.games.get(token)
        game: Game = entry["game"]
        out: dict[str, Any] = {
            "id": token, "length": len(game.answer), "tries": game.max_guesses, "hard": game.hard,
            "lang": entry["lang"], "seed": entry["seed"],
            "rows": [_row(w, p) for w, p in game.history],
            "keys": letter_states(game.history),
            "keyboard": keyboard_rows(entry["lang"], game.words.letters),
            "letters": game.words.letters,
            "over": game.over, "won": game.won, "turns_left": game.turns_left,
        }
        if game.over:
            out["answer"] = game.answer
            out["share"] = share_grid(game.history, game.won, game.max_guesses, game.hard, entry["seed"])
            out["praise"] = PRAISE.get(len(game.history), "Phew") if game.won else None
            out["stats"] = entry.get("stats")
        return out

    def stats(self, lang: str | None, length: int | None) -> dict[str, Any]:
        return self.store().summary(length, lang).to_dict()

    # -- assist ------------------------------------------------------------------------------------

    def new_assistant(self, data: dict[str, Any]) -> dict[str, Any]:
        from ..assistant import Assistant
        from ..strategies import find_strategy

        lang = _lang(data)
        length = _int(data, "length", 5, LENGTHS.start, LENGTHS.stop - 1)
        assert length is not None
        strategy = _str(data, "strategy", "auto") or "auto"
        if strategy != "auto":
            find_strategy(strategy)  # an unknown name fails before any list is loaded
        hard = _bool(data, "hard")
        with self._exact_lock:  # the coach's first guess may need the exact search
            a = Assistant.create(self.matrix(lang, length, _list_set(data, lang, length)), strategy, hard=hard)
        token = self.assistants.add(a)
        return self.assist_state(token, _int(data, "top", 10, 1, 50) or 10)

    def assist_action(self, token: str, action: str, data: dict[str, Any]) -> dict[str, Any]:
        lock, a = self.assistants.get(token)
        top = _int(data, "top", 10, 1, 50) or 10
        # The exact search serves one request at a time (one memo): the coach's suggestion needs it.
        with lock, self._exact_lock:
            if action == "play":
                pattern = _str(data, "pattern").strip()
                if not pattern:
                    raise RequestError("give the colours of the tiles", pattern)
                word = _str(data, "word").strip()
                if word:
                    a.play(word, pattern)
                else:
                    a.feedback(pattern)
            elif action == "undo":
                a.undo()
            elif action == "skip":
                a.skip()
            # "top": nothing changes; the state comes back with another number of best guesses
            return self._assist_state(a, token, top)

    def assist_state(self, token: str, top: int = 10) -> dict[str, Any]:
        lock, a = self.assistants.get(token)
        with lock, self._exact_lock:
            return self._assist_state(a, token, top)

    def _assist_state(self, a: Any, token: str, top: int) -> dict[str, Any]:
        words = a.words()
        out: dict[str, Any] = {
            "id": token, "length": a.matrix.length, "hard": a.hard, "strategy": a.strategy.name,
            "rows": [_row(w, p) for w, p in a.history],
            "remaining": a.remaining, "solved": a.solved, "can_undo": a.can_undo,
            "words": words[:WORDS_SHOWN], "skipped": a.skipped,
            "widened": WIDENED if a.widened else None,
            "suggestion": None, "top": [], "exact": None,
        }
        if not a.solved:
            out["exact"] = self._exact(a, top)
            out["suggestion"] = asdict(a.suggestion())
            out["top"] = [asdict(s) for s in a.top(top)]
        return out

    def _exact(self, a: Any, top: int) -> dict[str, Any] | None:
        """Exact values of the position and its best guesses within ASSIST_BUDGET look-ups (bounds
        past it), from the assistant (the coach's own search: the suggestion and perfect play
        agree). The caller holds the exact search's lock (one memo, one search at a time: the
        figures then depend on the request alone)."""
        # The exact top N is asked for only where it usually finishes within the budget.
        n = int(a.position.candidates.size)
        ev = a.exact_top(top if n <= EXACT_TOP_MAX else 0, budget=self.assist_budget)
        return ev.to_dict() if ev is not None else None

    # -- analyse -----------------------------------------------------------------------------------

    def analyse(self, data: dict[str, Any]) -> dict[str, Any]:
        """A share grid judged as 'check' does and, with the words known (or a position), the exact
        review 'analyse' gives, each step's search bounded by REVIEW_BUDGET look-ups."""
        from ..analysis import analyse, parse_share_grid
        from ..position import parse_position
        from ..review import game_history, review

        lang = _lang(data)
        position = _str(data, "position").strip() or None
        grid_text = _str(data, "grid")
        words = [w for w in re.split(r"[\s,;]+", _str(data, "words")) if w]
        answer = _str(data, "answer").strip() or None
        hard = _bool(data, "hard")
        if position is not None and (grid_text.strip() or words):
            raise RequestError("give a position, or a grid and the words played, not both", position)
        grid = parse_share_grid(grid_text) if position is None and (grid_text.strip() or not words) else None
        if grid is None and position is None and answer is None:
            raise RequestError("the words played need the answer or a share grid to give their feedback", words)
        if grid is not None:
            length = grid.length
        elif position is not None:
            parsed = parse_position(position)
            first = parsed.history[0][0] if parsed.history else parsed.guess
            if not first:
                raise RequestError("the position has no guesses in it", position)
            length = len(first)
        else:
            length = len(words[0])
        if length not in LENGTHS:
            raise RequestError(f"{length}-letter words; wordlelab plays 4 to 11 letters", length)
        set_name = _list_set(data, lang, length)
        matrix = self.matrix(lang, length, set_name)
        history = None
        if position is not None or words:
            history = game_history(matrix.guesses, position=position, words=words, grid=grid, answer=answer)
        out: dict[str, Any] = {"report": None, "review": None}
        if grid is not None:
            with self._exact_lock:  # its exact skill searches too: one request at a time
                report = analyse(grid, matrix, guesses=words or None, answer=answer, lang=lang)
            out["report"] = report.to_dict()
            for row, pattern in zip(out["report"]["rows"], grid.rows):
                row["colors"] = list(pattern.colors)
            hard = hard or grid.hard
        if history is not None:
            with self._exact_lock:
                result = review(matrix, history, hard=hard, answer=answer, budget=self.review_budget,
                                max_guesses=grid.max_guesses if grid is not None else 6).to_dict()
            for step, (_, pattern) in zip(result["steps"], history):  # type: ignore[call-overload]
                step["colors"] = list(pattern.colors)
            out["review"] = result
        return out

    # -- bench -------------------------------------------------------------------------------------

    def start_bench(self, data: dict[str, Any]) -> dict[str, Any]:
        from ..strategies import build_strategies

        lang = _lang(data)
        length = _int(data, "length", 5, LENGTHS.start, LENGTHS.stop - 1)
        assert length is not None
        hard = _bool(data, "hard")
        strategies = build_strategies(_str(data, "strategies", "entropy"))
        if len(strategies) > 4:
            raise RequestError(f"{len(strategies)} strategies; compare at most 4 at a time", len(strategies))
        if not self._bench_running.acquire(blocking=False):
            raise HTTPException(409, "a comparison is already running; wait for it to finish")
        try:
            matrix = self.matrix(lang, length, _list_set(data, lang, length))
        except BaseException:
            self._bench_running.release()
            raise
        job: dict[str, Any] = {"done": 0, "total": len(matrix.answers) * len(strategies), "results": [],
                               "finished": False, "error": None, "current": strategies[0].name,
                               "stop": False, "budget": self.bench_budget}
        token = self.benches.add(job)
        threading.Thread(target=self._run_bench, args=(job, strategies, matrix, hard), daemon=True).start()
        return {"id": token, **job}

    def _run_bench(self, job: dict[str, Any], strategies: list[Any], matrix: PatternMatrix, hard: bool) -> None:
        from ..simulate import simulate

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
                        raise _Stopped(f"stopped after its time budget of {job['budget']:.0f} s")

                r = simulate(strategy, matrix, hard=hard, progress=progress)
                job["results"].append({
                    "strategy": r.strategy, "opener": r.opener, "mean": r.mean, "total": r.total,
                    "games": r.games, "distribution": r.distribution, "failed": len(r.failed),
                    "worst": r.worst, "worst_words": r.worst_words[:8], "seconds": r.seconds,
                })
                job["done"] = (i + 1) * n
        except (WordlelabError, _Stopped) as exc:
            job["error"] = str(exc)
        finally:
            self._bench_running.release()  # before 'finished', so a caller who saw it may start another
            job["finished"] = True

    def bench_state(self, token: str) -> dict[str, Any]:
        _, job = self.benches.get(token)
        return {"id": token, **job}

    def stop_bench(self, token: str, data: dict[str, Any]) -> dict[str, Any]:
        _, job = self.benches.get(token)
        job["stop"] = True
        return {"id": token, **job}


class SecurityHeaders:
    """Everything the page needs is served from here: no CDN, no inline script, no sniffing."""

    HEADERS = [(b"content-security-policy", b"default-src 'self'; img-src 'self' data:"),
               (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]

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

def create_app(stats_path: str | Path | None = None, bench_budget: float = BENCH_BUDGET,
               review_budget: int = REVIEW_BUDGET, assist_budget: int = ASSIST_BUDGET) -> Starlette:
    """The web app; ``stats_path`` is the SQLite statistics file (default: the one 'play' uses);
    ``bench_budget`` is seconds of a bench run; ``review_budget`` and ``assist_budget`` are look-ups of
    exact search (``budgets``) for each reviewed step and behind each assist answer."""
    web = WebApp(stats_path, bench_budget, review_budget, assist_budget)

    def route(fn: Callable[..., dict[str, Any]], *, body: bool = True, token: bool = False,
              extra: tuple[str, ...] = ()) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            args: list[Any] = []
            if token:
                args.append(request.path_params["token"])
            args.extend(extra)
            if body:
                args.append(await _body(request))
            return JSONResponse(await run_in_threadpool(fn, *args))
        return endpoint

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def favicon(request: Request) -> Response:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    async def options(request: Request) -> Response:
        from ..lists import default_set_name
        from ..strategies import strategy_names

        return JSONResponse({"langs": sorted(LANGUAGES), "lengths": list(LENGTHS),
                             "lists": list(LIST_SETS), "default_lists": default_set_name(),
                             "strategies": strategy_names(), "default_strategy": "coach"})

    async def stats(request: Request) -> Response:
        q = request.query_params
        lang = get_language(q["lang"]).code if q.get("lang") else None
        length = _int(dict(q), "length", None, LENGTHS.start, LENGTHS.stop - 1)
        return JSONResponse(await run_in_threadpool(web.stats, lang, length))

    async def assist_get(request: Request) -> Response:
        top = _int(dict(request.query_params), "top", 10, 1, 50) or 10
        return JSONResponse(await run_in_threadpool(web.assist_state, request.path_params["token"], top))

    async def game_get(request: Request) -> Response:
        return JSONResponse(web.game_state(request.path_params["token"]))

    async def bench_get(request: Request) -> Response:
        return JSONResponse(web.bench_state(request.path_params["token"]))

    async def library_error(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": str(exc)}, status_code=400)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    routes = [
        Route("/", index),
        Route("/favicon.ico", favicon),
        Route("/api/options", options),
        Route("/api/stats", stats),
        Route("/api/play", route(web.new_game), methods=["POST"]),
        Route("/api/play/{token}", game_get),
        Route("/api/play/{token}/guess", route(web.guess, token=True), methods=["POST"]),
        Route("/api/assist", route(web.new_assistant), methods=["POST"]),
        Route("/api/assist/{token}", assist_get),
        *(Route(f"/api/assist/{{token}}/{action}", route(web.assist_action, token=True, extra=(action,)),
                methods=["POST"]) for action in ("play", "undo", "skip", "top")),
        Route("/api/analyse", route(web.analyse), methods=["POST"]),
        Route("/api/bench", route(web.start_bench), methods=["POST"]),
        Route("/api/bench/{token}", bench_get),
        Route("/api/bench/{token}/stop", route(web.stop_bench, token=True), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(SecurityHeaders)], exception_handlers={
        WordlelabError: library_error, HTTPException: http_error,
    })
    app.state.web = web
    return app
