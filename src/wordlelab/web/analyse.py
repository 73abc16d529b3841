"""The Analyse page: a share grid judged and a game reviewed exactly, as check and analyse do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.routing import Route

from ..config import LENGTH
from ..errors import HardModeError, WordlelabError
from ..exact.budgets import SAFETY_S
from ..judge.request import NAMES_WEB, GameRequest
from ..limits import MAX_EXACT_WORD
from . import requests as req
from .security import scrub_paths

if TYPE_CHECKING:
    from .shared import WebApp


class AnalysePage:
    """The Analyse page: a share grid judged and a game reviewed exactly, as check and analyse do."""

    def __init__(self, web: WebApp) -> None:
        self.web = web

    def analyse(self, data: dict[str, Any]) -> dict[str, Any]:
        """A share grid judged as 'check' does and, with the words known (or a position), the exact
        review 'analyse' gives, each step's search bounded by REVIEW_BUDGET look-ups."""
        from ..judge.grid import ShareGrid, analyse
        from ..judge.review import review

        lang = req.lang(data)
        request = GameRequest.parse(
            req.text(data, "position"),
            req.text(data, "grid"),
            req.text(data, "words"),
            req.text(data, "answer"),
            names=NAMES_WEB,
        )
        grid, words, answer = request.grid, list(request.words), request.answer
        hard = req.flag(data, "hard") or request.hard
        length = request.length
        asked = req.whole(data, "length", None, LENGTH)
        if asked is not None and asked != length:
            # The page's length setting and the pasted game disagree: say so rather than guess.
            raise req.RequestError(f"the game has {length}-letter words, not {asked}", asked)
        set_name = req.list_set(data, lang, length)
        max_guesses = request.limit()  # more guesses played than the game allows: before any work
        matrix = self.web.matrix(lang, length, set_name)
        history = request.history(matrix.guesses) if request.reviewable else None
        out: dict[str, Any] = {"verdict": None, "p_value": None, "report": None, "review": None}
        if history is not None and grid is None and length > MAX_EXACT_WORD:
            # Longer words than the exact search takes (Play offers up to 11 letters): the game is
            # judged as its share grid with the words would be; the review below says why it has
            # no exact review.
            grid = ShareGrid.of_game(history, max_guesses, hard)
            words = [w for w, _ in history]
        prove = req.flag(data, "prove") and self.web.prove_allowed
        progress = self.web.progress_callback(data)
        opener = history[0][0] if history is not None and len(history) >= 2 else None
        if opener is None and grid is not None and len(words) >= 2:
            opener = words[0]
        proof = None
        if prove and opener is not None and length <= MAX_EXACT_WORD:
            # The proof has an engine and memo of its own; the review below finds its tree kept.
            proof = self.web.prove(matrix, opener, hard, max_guesses, progress)
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
                context=self.web.context(),
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
                    budget=self.web.review_budget,
                    # A server keeps the wall-clock net, so that one client's review cannot hold a
                    # worker for long on a loaded machine; when it fires the review says so.
                    time_limit=SAFETY_S,
                    max_guesses=max_guesses,
                    prove=prove,
                    prove_budget=self.web.prove_budget,
                    context=self.web.context(),
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

    def routes(self) -> list[Route]:
        web = self.web
        return [Route("/api/analyse", web.route(self.analyse, pool=web.searches), methods=["POST"])]
