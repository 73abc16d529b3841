"""The Play page: a game of any variant, its guesses, and the player's statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..assist.base import row_dict
from ..config import LENGTH, SEED, check_play_length
from ..game.base import Game
from ..game.languages import get_language, keyboard_rows
from ..game.rules import parse_rules, rules_from_key
from ..game.stats import StatsError
from . import requests as req
from .seal import seal, unseal
from .security import scrub_paths

if TYPE_CHECKING:
    from .shared import WebApp


class PlayPage:
    """The Play page: a game of any variant, its guesses, and the player's statistics."""

    def __init__(self, web: WebApp) -> None:
        self.web = web

    def new_game(self, data: dict[str, Any]) -> dict[str, Any]:
        rules = parse_rules(data)  # an unknown variant fails before any list is loaded
        lang, length = req.lang_length(data)
        seed = req.whole(data, "seed", None, SEED)
        record = not req.flag(data, "no_stats")
        set_name = req.list_set(data, lang, length)
        lists = self.web.lists(lang, length, set_name)
        play = rules.new_game(lists, seed, lang, lambda: self.web.matrix(lang, length, set_name))
        # A seed already played in this variant is practice: the game is not counted again.
        practice = record and seed is not None and self._played(rules.key, lang, length, seed)
        play.extra = {"lists": set_name, "record": record and not practice, "practice": practice}
        token = self.web.games.add({"play": play})
        return self.game_state(token)

    def _played(self, key: str, lang: str, length: int, seed: int) -> bool:
        try:
            return self.web.store().played_seed(key, lang, length, seed)
        except StatsError:
            return False  # a locked store: the game counts, as the CLI's would

    def resume_game(self, data: dict[str, Any]) -> dict[str, Any]:
        """The game a saved string describes, under a new id (after a reload or a restart)."""
        saved = unseal(req.text(data, "saved"), self.web.secret)
        lang = get_language(str(saved.get("lang", "en"))).code
        length = saved.get("length")
        if not isinstance(length, int) or isinstance(length, bool):
            raise req.RequestError("the saved game has no word length", length)
        check_play_length(length)
        set_name = saved.get("lists") if isinstance(saved.get("lists"), str) else None
        lists = self.web.lists(lang, length, set_name)
        play = Game.from_saved(saved, lists, lambda: self.web.matrix(lang, length, set_name))
        token = self.web.games.add({"play": play})
        return self.game_state(token)

    def guess(self, token: str, data: dict[str, Any]) -> dict[str, Any]:
        lock, entry = self.web.games.get(token)
        word = req.text(data, "word").strip()
        if not word:
            raise req.RequestError("type a word first", word)
        with lock:
            play: Game = entry["play"]
            play.guess(word)  # a bad word raises and costs no turn
            if play.over and play.extra.get("record") and "stats" not in entry:
                entry["stats"] = self._record(play)
                play.extra["recorded"] = True
        return self.game_state(token)

    def _record(self, play: Game) -> dict[str, Any]:
        store = self.web.store()
        try:
            store.record(play.record())
            return {"summary": store.summary(play.length, play.lang, play.rules.key).to_dict()}
        except StatsError as exc:  # a locked database keeps the game pending; say so, lose nothing
            return {"error": scrub_paths(str(exc))}

    def game_state(self, token: str) -> dict[str, Any]:
        _, entry = self.web.games.get(token)
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
            "saved": seal(play.to_saved(), self.web.secret),
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
        store = self.web.store()
        if variant == "all":
            return {"variants": {k: s.to_dict() for k, s in store.by_variant(length, lang).items()}}
        key = rules_from_key(variant).key if variant else "classic"
        return store.summary(length, lang, key).to_dict()

    def routes(self) -> list[Route]:
        web = self.web

        async def game_get(request: Request) -> Response:
            return JSONResponse(self.game_state(request.path_params["token"]))

        async def stats(request: Request) -> Response:
            q = request.query_params
            lang = get_language(q["lang"]).code if q.get("lang") else None
            length = req.whole(dict(q), "length", None, LENGTH)
            variant = q.get("variant") or None
            return JSONResponse(await run_in_threadpool(self.stats, lang, length, variant))

        return [
            Route("/api/stats", stats),
            Route("/api/play", web.route(self.new_game), methods=["POST"]),
            Route("/api/play/resume", web.route(self.resume_game), methods=["POST"]),
            Route("/api/play/{token}", game_get),
            Route("/api/play/{token}/guess", web.route(self.guess, token=True), methods=["POST"]),
        ]
