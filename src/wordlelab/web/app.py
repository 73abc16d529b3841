"""The ASGI app behind ``wordlelab serve``: JSON routes that parse, call the library and format.

Every game rule, suggestion and judgement comes from the library (the same calls the CLI makes);
the page only draws tiles and sends keys. Sessions live in memory, bounded per client
(web/sessions.py), keyed by a random token. Bad input is a library error, answered as HTTP 400 with
one line of text, never a 500; what reaches the routes at all is decided in web/security.py.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..assist.assistant import EXACT_BUDGET
from ..assist.base import Action, Session, row_dict
from ..config import (
    LENGTH,
    PLAY_LENGTHS,
    SEED,
    TOP,
    Whole,
    check_play_length,
    prove_setting,
    web_matrices_budget,
)
from ..errors import HardModeError, WordlelabError
from ..exact.budgets import PROVE_WORK, REVIEW_WORK, SAFETY_S
from ..exact.context import ExactContext
from ..game.base import Game
from ..game.languages import LANGUAGES, get_language, keyboard_rows
from ..game.lists import LIST_SETS, Lists, load_lists
from ..game.matrix import PatternMatrix
from ..game.rules import named_variants, parse_rules, rules_from_key
from ..game.stats import StatsError, StatsStore
from ..judge.request import NAMES_WEB, GameRequest
from ..limits import MAX_EXACT_WORD
from ..strategies import multi_strategy_names
from .contexts import Contexts
from .matrices import Matrices
from .pool import BoundedPool, Slot
from .seal import seal, secret_key, unseal
from .security import (
    MAX_BODY,
    Guard,
    HostPolicy,
    JSONLimitError,
    parse_json_limits,
    scrub_paths,
)
from .sessions import ClientMiddleware, Sessions, current_client

if TYPE_CHECKING:
    from ..exact.opener_proof import OpenerProof
    from ..exact.optimal import Progress as SearchProgress
    from ..exact.optimal import ProgressCallback
    from ..warmup import Background

T = TypeVar("T")
STATIC = Path(__file__).parent / "static"
WORDS_SHOWN = 60
BENCH_BUDGET = 600.0  # seconds a comparison may run before it is stopped
REVIEW_BUDGET = (
    REVIEW_WORK  # look-ups of exact search per reviewed guess; what does not finish is bounds
)
ASSIST_BUDGET = (
    EXACT_BUDGET  # look-ups of exact search behind each assist answer (the assistant's own)
)
# Actions a resumed assistant may be given: far more than any game's guesses and skips (Absurdle
# has no limit of guesses; a request is also bounded by MAX_BODY).
MAX_ACTIONS = 256
MAX_RUN = (
    1024  # characters without a space in a text field (a position of 20 guesses of 11 letters: 480)
)
INLINE_BODY = 4096  # bytes of a body parsed on the event loop; larger ones on a thread
_LONG_RUN = re.compile(rf"\S{{{MAX_RUN + 1},}}")


class RequestError(WordlelabError):
    """A request that is not what the route reads (bad JSON, a missing or ill-typed field)."""


class BusyError(WordlelabError):
    """A comparison asked for while another runs (HTTP 409)."""

    kind = "bench_running"
    status = 409


class _Stopped(Exception):
    """A comparison stopped by the user (``seconds`` None) or by its time budget."""

    def __init__(self, message: str, seconds: float | None = None) -> None:
        super().__init__(message)
        self.seconds = seconds


# -- reading requests ------------------------------------------------------------------------------


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()  # Guard has read it already: at most MAX_BODY bytes, as JSON
    if len(raw) > MAX_BODY:
        raise RequestError(f"request body of {len(raw)} bytes; at most {MAX_BODY}", len(raw))
    if not raw.strip():
        return {}
    try:
        # Linear, but a large body is still parsed off the event loop: other clients never wait.
        data = (
            parse_json_limits(raw)
            if len(raw) <= INLINE_BODY
            else await run_in_threadpool(parse_json_limits, raw)
        )
    except JSONLimitError as exc:
        raise RequestError(str(exc), None) from None
    except ValueError:  # UnicodeDecodeError and JSONDecodeError are ValueErrors too
        raise RequestError("the request body is not JSON", None) from None
    if not isinstance(data, dict):
        raise RequestError("the request body must be a JSON object", data)
    return data


def _int(data: dict[str, Any], key: str, default: int | None, limit: Whole) -> int | None:
    lo, hi = limit.lo, limit.hi
    value = data.get(key, default)
    if value is None or value == "":
        return default
    if (
        isinstance(value, str) and len(value) > 40
    ):  # before int(): 4,300+ digits are refused by Python itself
        raise RequestError(
            f"{key} must be a whole number between {lo} and {hi}, not a text of {len(value)} "
            "characters",
            None,
            kind="number_range",
            field=key,
            value=f"{value[:12]}…",
            min=lo,
            max=hi,
        )
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    # The errors as data too (kind, the field and the figures), for the page to say in its language.
    if not isinstance(value, int) or isinstance(value, bool):
        raise RequestError(
            f"{key} must be a whole number, not {value!r}",
            value,
            kind="not_whole",
            field=key,
            value=str(value)[:40],
        )
    if not lo <= value <= hi:
        raise RequestError(
            f"{key} must be between {lo} and {hi}, not {value}",
            value,
            kind="number_range",
            field=key,
            value=str(value),
            min=lo,
            max=hi,
        )
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
    if len(value) > MAX_RUN and _LONG_RUN.search(
        value
    ):  # before any work: no word, row or position is this long
        raise RequestError(
            f"{key} holds more than {MAX_RUN} characters without a space; no word, row of "
            "tiles or position is that long",
            None,
        )
    return value


def _lang(data: dict[str, Any]) -> str:
    return get_language(_str(data, "lang", "en")).code  # WordlelabError for an unknown language


def _list_set(data: dict[str, Any], lang: str, length: int) -> str | None:
    """The named list set (English five letters only; others have one set): the CLI's --lists."""
    name = _str(data, "lists").strip().lower() or None
    return name if lang == "en" and length == 5 else None


def _feedback(data: dict[str, Any]) -> Any:
    """An assist step's feedback: ``patterns`` (one per board, null for a solved one) or the text
    ``pattern`` (one pattern, or a line of them); None when neither is given."""
    patterns = data.get("patterns")
    if patterns is not None:
        if not isinstance(patterns, list) or not all(
            p is None or isinstance(p, str) for p in patterns
        ):
            raise RequestError(
                f"patterns must be a list of texts (null for a solved board), not {patterns!r}",
                patterns,
            )
        return patterns
    return _str(data, "pattern").strip() or None


def _actions(data: dict[str, Any]) -> list[Action]:
    """A resumed assistant's ``actions``, as its states give them: ``{"word", "pattern"}`` (one
    board), ``{"word", "patterns": [text or null per board]}`` (several), ``{"skip": word}``."""
    items = data.get("actions", [])
    if items is None:
        return []
    if not isinstance(items, list):
        raise RequestError(f"actions must be a list, not {items!r}", items)
    if len(items) > MAX_ACTIONS:
        raise RequestError(f"{len(items)} actions; at most {MAX_ACTIONS}", len(items))
    out = []
    for i, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise RequestError(f"action {i} must be an object, not {item!r}", item)
        keys = set(item)
        try:
            if keys == {"skip"}:
                out.append(Action(_word(item, "skip")))
            elif keys == {"word", "pattern"}:
                out.append(Action(_word(item, "word"), (_word(item, "pattern"),)))
            elif keys == {"word", "patterns"}:
                patterns = item["patterns"]
                if not isinstance(patterns, list) or not all(
                    p is None or isinstance(p, str) for p in patterns
                ):
                    raise RequestError(
                        f"patterns must be a list of texts (null for a solved board), not "
                        f"{patterns!r}",
                        patterns,
                    )
                out.append(Action(_word(item, "word"), tuple(patterns)))
            else:
                raise RequestError(
                    'an action is {"word", "pattern"}, {"word", "patterns"} or {"skip"}, not '
                    f"the fields {sorted(keys)}",
                    sorted(keys),
                )
        except RequestError as exc:
            raise RequestError(f"action {i}: {exc}", item) from None
    return out


def _word(data: dict[str, Any], key: str) -> str:
    value = _str(data, key).strip()
    if not value:
        raise RequestError(f"{key} must be a non-empty text", value)
    return value


# -- formatting ------------------------------------------------------------------------------------


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
        self._bench_slot = Slot(
            lambda: BusyError("a comparison is already running; wait for it to finish")
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

    def store(self) -> StatsStore:
        return StatsStore(self.stats_path)

    # -- play --------------------------------------------------------------------------------------

    def new_game(self, data: dict[str, Any]) -> dict[str, Any]:
        rules = parse_rules(data)  # an unknown variant fails before any list is loaded
        lang = _lang(data)
        length = _int(data, "length", 5, LENGTH)
        assert length is not None
        seed = _int(data, "seed", None, SEED)
        record = not _bool(data, "no_stats")
        set_name = _list_set(data, lang, length)
        lists = self.lists(lang, length, set_name)
        play = rules.new_game(lists, seed, lang, lambda: self.matrix(lang, length, set_name))
        # A seed already played in this variant is practice: the game is not counted again.
        practice = record and seed is not None and self._played(rules.key, lang, length, seed)
        play.extra = {"lists": set_name, "record": record and not practice, "practice": practice}
        token = self.games.add({"play": play})
        return self.game_state(token)

    def _played(self, key: str, lang: str, length: int, seed: int) -> bool:
        try:
            return self.store().played_seed(key, lang, length, seed)
        except StatsError:
            return False  # a locked store: the game counts, as the CLI's would

    def resume_game(self, data: dict[str, Any]) -> dict[str, Any]:
        """The game a saved string describes, under a new id (after a reload or a restart)."""
        saved = unseal(_str(data, "saved"), self.secret)
        lang = get_language(str(saved.get("lang", "en"))).code
        length = saved.get("length")
        if not isinstance(length, int) or isinstance(length, bool):
            raise RequestError("the saved game has no word length", length)
        check_play_length(length)
        set_name = saved.get("lists") if isinstance(saved.get("lists"), str) else None
        lists = self.lists(lang, length, set_name)
        play = Game.from_saved(saved, lists, lambda: self.matrix(lang, length, set_name))
        token = self.games.add({"play": play})
        return self.game_state(token)

    def guess(self, token: str, data: dict[str, Any]) -> dict[str, Any]:
        lock, entry = self.games.get(token)
        word = _str(data, "word").strip()
        if not word:
            raise RequestError("type a word first", word)
        with lock:
            play: Game = entry["play"]
            play.guess(word)  # a bad word raises and costs no turn
            if play.over and play.extra.get("record") and "stats" not in entry:
                entry["stats"] = self._record(play)
                play.extra["recorded"] = True
        return self.game_state(token)

    def _record(self, play: Game) -> dict[str, Any]:
        store = self.store()
        try:
            store.record(play.record())
            return {"summary": store.summary(play.length, play.lang, play.rules.key).to_dict()}
        except StatsError as exc:  # a locked database keeps the game pending; say so, lose nothing
            return {"error": scrub_paths(str(exc))}

    def game_state(self, token: str) -> dict[str, Any]:
        _, entry = self.games.get(token)
        play: Game = entry["play"]
        rules = play.rules
        boards = play.boards()
        over = play.over
        out: dict[str, Any] = {
            "id": token,
            "rules": rules.to_dict(),
            "length": play.length,
            "tries": rules.max_guesses,
            "hard": rules.hard,
            "lang": play.lang,
            "seed": play.seed,
            "guesses": play.guesses,
            "boards": [
                {"rows": [row_dict(w, p) for w, p in rows], "solved_at": play.solved_at(b)}
                for b, rows in enumerate(boards)
            ],
            "keys": play.keys(),
            "keyboard": keyboard_rows(play.lang, play.letters),
            "letters": play.letters,
            # Keys the game folds into its letters (Russian ё into е), as it folds typed words.
            "folds": dict(get_language(play.lang).folds),
            "over": over,
            "won": play.won,
            "turns_left": play.turns_left,
            "solved": sum(play.solved_at(b) is not None for b in range(len(boards))),
            "remaining": play.remaining,
            "practice": bool(play.extra.get("practice")),
            "saved": seal(play.to_saved(), self.secret),
        }
        if len(boards) == 1:
            out["rows"] = out["boards"][0]["rows"]
        if over:
            answers = list(play.answers)
            for board, answer in zip(out["boards"], answers):
                board["answer"] = answer
            out["answers"] = answers
            if len(answers) == 1:
                out["answer"] = answers[0]
            out["share"] = play.share()
            out["praise"] = play.praise
            out["stats"] = entry.get("stats")
        return out

    def stats(self, lang: str | None, length: int | None, variant: str | None) -> dict[str, Any]:
        store = self.store()
        if variant == "all":
            return {"variants": {k: s.to_dict() for k, s in store.by_variant(length, lang).items()}}
        key = rules_from_key(variant).key if variant else "classic"
        return store.summary(length, lang, key).to_dict()

    # -- assist ------------------------------------------------------------------------------------

    def new_assistant(
        self, data: dict[str, Any], actions: list[Action] | None = None
    ) -> dict[str, Any]:
        """A new assistant for the rules, language, length, lists and strategy in ``data``, given
        ``actions`` (a resumed one: what its states listed) before its first state."""
        rules = parse_rules(data)
        lang = _lang(data)
        length = _int(data, "length", 5, LENGTH)
        assert length is not None
        top = _int(data, "top", 10, TOP) or 10
        strategy = _str(data, "strategy").strip() or None  # None: the variant's own
        rules.check_strategy(strategy)  # an unknown name fails before any list is loaded
        matrix = self.matrix(lang, length, _list_set(data, lang, length))
        session = rules.new_assistant(matrix, strategy, context=self._context())
        if actions:  # a skip asks for the suggestion it skips: the same search
            session.replay(actions)
        token = self.assistants.add({"session": session, "lang": lang})
        return self.assist_state(token, top)

    def resume_assistant(self, data: dict[str, Any]) -> dict[str, Any]:
        """The assistant a start request and its ``actions`` describe, under a new id (after a
        reload or a server restart); an action that no longer fits is a 400 naming it."""
        actions = _actions(data)  # before any list is loaded
        return self.new_assistant(data, actions)

    def assist_action(self, token: str, action: str, data: dict[str, Any]) -> dict[str, Any]:
        lock, entry = self.assistants.get(token)
        session: Session = entry["session"]
        top = _int(data, "top", 10, TOP) or 10
        prove = _bool(data, "prove") and self.prove_allowed
        progress = self._progress_callback(data)
        with lock:
            if action == "play":
                word = _str(data, "word").strip() or None
                session.play(word, _feedback(data))
            elif action == "undo":
                session.undo()
            elif action == "skip":
                session.skip()
            # "top": nothing changes; the state comes back with another number of best guesses
            if prove and len(session.guesses) == 1 and not session.done:
                # After the opener: its tree proven first where none is kept (the proof has an
                # engine of its own), so what follows is exact.
                session.prove_opener(progress, self.prove_budget)
            return self._assist_state(entry, token, top)

    def assist_state(self, token: str, top: int = 10) -> dict[str, Any]:
        lock, entry = self.assistants.get(token)
        with lock:
            return self._assist_state(entry, token, top)

    def _assist_state(self, entry: dict[str, Any], token: str, top: int) -> dict[str, Any]:
        session: Session = entry["session"]
        # The exact figures within ASSIST_BUDGET look-ups (bounds past it), searched with the
        # context of the client that made the assistant.
        state = session.state(top, budget=self.assist_budget, words_shown=WORDS_SHOWN)
        return {"id": token, "lang": entry["lang"], **state}

    def _context(self) -> ExactContext:
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

    def _progress_callback(self, data: dict[str, Any]) -> ProgressCallback | None:
        """The request's ``progress`` id (from POST /api/progress) as a callback, or None."""
        token = _str(data, "progress").strip()
        if not token:
            return None
        _, entry = self.progress.get(token)

        def report(p: SearchProgress) -> None:
            entry.update(opener=p.opener, done=p.parts_done, total=p.parts_total, proving=True)

        return report

    def _prove(
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
            context=self._context(),
        )

    # -- analyse -----------------------------------------------------------------------------------

    def analyse(self, data: dict[str, Any]) -> dict[str, Any]:
        """A share grid judged as 'check' does and, with the words known (or a position), the exact
        review 'analyse' gives, each step's search bounded by REVIEW_BUDGET look-ups."""
        from ..judge.grid import ShareGrid, analyse
        from ..judge.review import review

        lang = _lang(data)
        request = GameRequest.parse(
            _str(data, "position"),
            _str(data, "grid"),
            _str(data, "words"),
            _str(data, "answer"),
            names=NAMES_WEB,
        )
        grid, words, answer = request.grid, list(request.words), request.answer
        hard = _bool(data, "hard") or request.hard
        length = request.length
        asked = _int(data, "length", None, LENGTH)
        if asked is not None and asked != length:
            # The page's length setting and the pasted game disagree: say so rather than guess.
            raise RequestError(f"the game has {length}-letter words, not {asked}", asked)
        set_name = _list_set(data, lang, length)
        max_guesses = request.limit()  # more guesses played than the game allows: before any work
        matrix = self.matrix(lang, length, set_name)
        history = request.history(matrix.guesses) if request.reviewable else None
        out: dict[str, Any] = {"verdict": None, "p_value": None, "report": None, "review": None}
        if history is not None and grid is None and length > MAX_EXACT_WORD:
            # Longer words than the exact search takes (Play offers up to 11 letters): the game is
            # judged as its share grid with the words would be; the review below says why it has
            # no exact review.
            grid = ShareGrid.of_game(history, max_guesses, hard)
            words = [w for w, _ in history]
        prove = _bool(data, "prove") and self.prove_allowed
        progress = self._progress_callback(data)
        opener = history[0][0] if history is not None and len(history) >= 2 else None
        if opener is None and grid is not None and len(words) >= 2:
            opener = words[0]
        proof = None
        if prove and opener is not None and length <= MAX_EXACT_WORD:
            # The proof has an engine and memo of its own; the review below finds its tree kept.
            proof = self._prove(matrix, opener, hard, max_guesses, progress)
        proven_now = proof.to_dict() if proof is not None and proof.proved_now else None
        if grid is not None:
            report = analyse(
                grid,
                matrix,
                guesses=words or None,
                answer=answer,
                lang=lang,
                hard=hard,
                prove=prove,
                context=self._context(),
            )
            out["report"] = report.to_dict()
            if proven_now and out["report"]["opener_proof"] is not None:
                out["report"]["opener_proof"] = proven_now  # proven by this request, just above
            for row, pattern in zip(out["report"]["rows"], grid.rows):
                row["colors"] = list(pattern.colors)
        if history is not None:
            try:
                result = review(
                    matrix,
                    history,
                    hard=hard,
                    answer=answer,
                    budget=self.review_budget,
                    # A server keeps the wall-clock net, so that one client's review cannot hold a
                    # worker for long on a loaded machine; when it fires the review says so.
                    time_limit=SAFETY_S,
                    max_guesses=max_guesses,
                    prove=prove,
                    prove_budget=self.prove_budget,
                    context=self._context(),
                ).to_dict()
                if proven_now and result["opener_proof"] is not None:
                    result["opener_proof"] = proven_now
            except WordlelabError as exc:
                # A judged grid whose words break hard mode: the report says so (its note and
                # the detector's verdict, as 'check' gives them); no review can be made of it.
                # Nor of words longer than the exact search takes: the report stands alone.
                if out["report"] is None or not (
                    isinstance(exc, HardModeError) or exc.kind == "exact_length"
                ):
                    raise
                out["review_error"] = scrub_paths(str(exc))
                # ... and as data, for a page in another language (as a refused request's parts).
                out["review_error_parts"] = {**exc.parts(), "text": out["review_error"]}
            else:
                for step, (_, pattern) in zip(result["steps"], history):  # type: ignore[call-overload]
                    step["colors"] = list(pattern.colors)
                out["review"] = result
        # The detector's verdict first (the same as 'check' and 'analyse' give): from the grid's
        # report when there is one, else from the review of the words played.
        judged = out["report"] or out["review"] or {}
        out["verdict"], out["p_value"] = judged.get("verdict"), judged.get("p_value")
        out["detection"] = judged.get("detection")
        return out

    # -- bench -------------------------------------------------------------------------------------

    def start_bench(self, data: dict[str, Any]) -> dict[str, Any]:
        from ..strategies import build_strategies

        lang = _lang(data)
        length = _int(data, "length", 5, LENGTH)
        assert length is not None
        hard = _bool(data, "hard")
        strategies = build_strategies(_str(data, "strategies", "entropy"))
        for s in strategies:  # a coach searches with a context of its own, counted in memory
            ctx = getattr(s, "context", None)
            if isinstance(ctx, ExactContext):
                self.contexts.adopt(ctx)
        if len(strategies) > 4:
            raise RequestError(
                f"{len(strategies)} strategies; compare at most 4 at a time",
                len(strategies),
                kind="too_many_strategies",
                n=len(strategies),
                max=4,
            )
        with ExitStack() as held:
            # The slot is released on every way out of this block; the comparison's thread takes
            # it over (pop_all below) and releases it when it ends.
            held.enter_context(self._bench_slot.claim())
            matrix = self.matrix(lang, length, _list_set(data, lang, length))
            job: dict[str, Any] = {
                "done": 0,
                "total": len(matrix.answers) * len(strategies),
                "results": [],
                "finished": False,
                "error": None,
                "stopped": None,
                "current": strategies[0].name,
                "stop": False,
                "budget": self.bench_budget,
            }
            token = self.benches.add(job)  # 503 when the server keeps no more clients
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
            self.matrices.trim()  # a strategy may have searched (the coach)
            release.close()  # the slot, before 'finished': a caller who saw it may start another
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

    def route(
        fn: Callable[..., dict[str, Any]],
        *,
        body: bool = True,
        token: bool = False,
        extra: tuple[str, ...] = (),
        pool: BoundedPool | None = None,
    ) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            args: list[Any] = []
            if token:
                args.append(request.path_params["token"])
            args.extend(extra)
            if body:
                args.append(await _body(request))
            if pool is not None:  # long work: its own threads, so play never waits behind it
                # Each kind of request (analyse, resume_assistant, ...) is a share of the pool's
                # time: a flood of one kind cannot starve the others.
                return JSONResponse(await pool.run(web.searching(fn), *args, share=fn.__name__))
            return JSONResponse(await run_in_threadpool(fn, *args))

        return endpoint

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

    async def stats(request: Request) -> Response:
        q = request.query_params
        lang = get_language(q["lang"]).code if q.get("lang") else None
        length = _int(dict(q), "length", None, LENGTH)
        variant = q.get("variant") or None
        return JSONResponse(await run_in_threadpool(web.stats, lang, length, variant))

    async def assist_get(request: Request) -> Response:
        top = _int(dict(request.query_params), "top", 10, TOP) or 10
        return JSONResponse(
            await web.searches.run(
                web.searching(web.assist_state),
                request.path_params["token"],
                top,
                share="assist_state",
            )
        )

    async def game_get(request: Request) -> Response:
        return JSONResponse(web.game_state(request.path_params["token"]))

    async def warmup_get(request: Request) -> Response:
        return JSONResponse(web.warmup_state())

    async def progress_get(request: Request) -> Response:
        return JSONResponse(web.progress_state(request.path_params["token"]))

    async def bench_get(request: Request) -> Response:
        return JSONResponse(web.bench_state(request.path_params["token"]))

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

    routes = [
        Route("/", index),
        Route("/favicon.ico", favicon),
        Route("/api/options", options),
        Route("/api/stats", stats),
        Route("/api/warmup", warmup_get),
        Route("/api/play", route(web.new_game), methods=["POST"]),
        Route("/api/play/resume", route(web.resume_game), methods=["POST"]),
        Route("/api/play/{token}", game_get),
        Route("/api/play/{token}/guess", route(web.guess, token=True), methods=["POST"]),
        Route("/api/assist", route(web.new_assistant, pool=web.searches), methods=["POST"]),
        Route(
            "/api/assist/resume", route(web.resume_assistant, pool=web.searches), methods=["POST"]
        ),
        Route("/api/assist/{token}", assist_get),
        *(
            Route(
                f"/api/assist/{{token}}/{action}",
                route(web.assist_action, token=True, extra=(action,), pool=web.searches),
                methods=["POST"],
            )
            for action in ("play", "undo", "skip", "top")
        ),
        Route("/api/analyse", route(web.analyse, pool=web.searches), methods=["POST"]),
        Route("/api/progress", route(web.new_progress), methods=["POST"]),
        Route("/api/progress/{token}", progress_get),
        Route("/api/bench", route(web.start_bench), methods=["POST"]),
        Route("/api/bench/{token}", bench_get),
        Route("/api/bench/{token}/stop", route(web.stop_bench, token=True), methods=["POST"]),
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
    return app
