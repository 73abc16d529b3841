"""The Assist page: an assistant of any variant, its suggestions and exact figures."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..assist.base import Action, Session
from ..config import TOP
from ..game.rules import parse_rules
from . import requests as req

if TYPE_CHECKING:
    from .shared import WebApp

WORDS_SHOWN = 60


class AssistPage:
    """The Assist page: an assistant of any variant, its suggestions and exact figures."""

    def __init__(self, web: WebApp) -> None:
        self.web = web

    def new_assistant(
        self, data: dict[str, Any], actions: list[Action] | None = None
    ) -> dict[str, Any]:
        """A new assistant for the rules, language, length, lists and strategy in ``data``, given
        ``actions`` (a resumed one: what its states listed) before its first state."""
        rules = parse_rules(data)
        lang, length = req.lang_length(data)
        top = req.whole(data, "top", 10, TOP) or 10
        strategy = req.text(data, "strategy").strip() or None  # None: the variant's own
        rules.check_strategy(strategy)  # an unknown name fails before any list is loaded
        matrix = self.web.matrix(lang, length, req.list_set(data, lang, length))
        session = rules.new_assistant(matrix, strategy, context=self.web.context())
        if actions:  # a skip asks for the suggestion it skips: the same search
            session.replay(actions)
        token = self.web.assistants.add({"session": session, "lang": lang})
        return self.assist_state(token, top)

    def resume_assistant(self, data: dict[str, Any]) -> dict[str, Any]:
        """The assistant a start request and its ``actions`` describe, under a new id (after a
        reload or a server restart); an action that no longer fits is a 400 naming it."""
        actions = req.actions(data)  # before any list is loaded
        return self.new_assistant(data, actions)

    def assist_action(self, token: str, action: str, data: dict[str, Any]) -> dict[str, Any]:
        lock, entry = self.web.assistants.get(token)
        session: Session = entry["session"]
        top = req.whole(data, "top", 10, TOP) or 10
        prove = req.flag(data, "prove") and self.web.prove_allowed
        progress = self.web.progress_callback(data)
        with lock:
            if action == "play":
                word = req.text(data, "word").strip() or None
                session.play(word, req.feedback(data))
            elif action == "undo":
                session.undo()
            elif action == "skip":
                session.skip()
            # "top": nothing changes; the state comes back with another number of best guesses
            if prove and len(session.guesses) == 1 and not session.done:
                # After the opener: its tree proven first where none is kept (the proof has an
                # engine of its own), so what follows is exact.
                session.prove_opener(progress, self.web.prove_budget)
            return self._assist_state(entry, token, top)

    def assist_state(self, token: str, top: int = 10) -> dict[str, Any]:
        lock, entry = self.web.assistants.get(token)
        with lock:
            return self._assist_state(entry, token, top)

    def _assist_state(self, entry: dict[str, Any], token: str, top: int) -> dict[str, Any]:
        session: Session = entry["session"]
        # The exact figures within ASSIST_BUDGET look-ups (bounds past it), searched with the
        # context of the client that made the assistant.
        state = session.state(top, budget=self.web.assist_budget, words_shown=WORDS_SHOWN)
        return {"id": token, "lang": entry["lang"], **state}

    def routes(self) -> list[Route]:
        web = self.web

        async def assist_get(request: Request) -> Response:
            top = req.whole(dict(request.query_params), "top", 10, TOP) or 10
            return JSONResponse(
                await web.searches.run(
                    web.searching(self.assist_state),
                    request.path_params["token"],
                    top,
                    share="assist_state",
                )
            )

        return [
            Route(
                "/api/assist", web.route(self.new_assistant, pool=web.searches), methods=["POST"]
            ),
            Route(
                "/api/assist/resume",
                web.route(self.resume_assistant, pool=web.searches),
                methods=["POST"],
            ),
            Route("/api/assist/{token}", assist_get),
            *(
                Route(
                    f"/api/assist/{{token}}/{action}",
                    web.route(self.assist_action, token=True, extra=(action,), pool=web.searches),
                    methods=["POST"],
                )
                for action in ("play", "undo", "skip", "top")
            ),
        ]
