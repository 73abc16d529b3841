"""Reading a request's fields: each a typed value within its range (``config``), or a
``RequestError`` (HTTP 400) naming the field."""

from __future__ import annotations

import re
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from ..assist.base import Action
from ..config import LENGTH, Whole
from ..errors import WordlelabError
from ..game.languages import get_language
from .security import MAX_BODY, JSONLimitError, parse_json_limits

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


async def body(request: Request) -> dict[str, Any]:
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


def whole(data: dict[str, Any], key: str, default: int | None, limit: Whole) -> int | None:
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


def flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise RequestError(f"{key} must be true or false, not {value!r}", value)
    return value


def text(data: dict[str, Any], key: str, default: str = "") -> str:
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


def lang(data: dict[str, Any]) -> str:
    return get_language(text(data, "lang", "en")).code  # WordlelabError for an unknown language


def lang_length(data: dict[str, Any]) -> tuple[str, int]:
    """The language and the word length (5 unless given) of the lists a request names."""
    code = lang(data)
    length = whole(data, "length", 5, LENGTH)
    assert length is not None
    return code, length


def list_set(data: dict[str, Any], lang: str, length: int) -> str | None:
    """The named list set (English five letters only; others have one set): the CLI's --lists."""
    name = text(data, "lists").strip().lower() or None
    return name if lang == "en" and length == 5 else None


def feedback(data: dict[str, Any]) -> Any:
    """An assist step's feedback: ``patterns`` (one per board, null for a solved one) or the text
    ``pattern`` (one pattern, or a line of them); None when neither is given."""
    if data.get("patterns") is not None:
        return _patterns(data["patterns"])
    return text(data, "pattern").strip() or None


def _patterns(value: Any) -> list[str | None]:
    """Several boards' patterns: a list of texts, null for a solved board."""
    if not isinstance(value, list) or not all(p is None or isinstance(p, str) for p in value):
        raise RequestError(
            f"patterns must be a list of texts (null for a solved board), not {value!r}", value
        )
    return value


def actions(data: dict[str, Any]) -> list[Action]:
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
                out.append(Action(word(item, "skip")))
            elif keys == {"word", "pattern"}:
                out.append(Action(word(item, "word"), (word(item, "pattern"),)))
            elif keys == {"word", "patterns"}:
                out.append(Action(word(item, "word"), tuple(_patterns(item["patterns"]))))
            else:
                raise RequestError(
                    'an action is {"word", "pattern"}, {"word", "patterns"} or {"skip"}, not '
                    f"the fields {sorted(keys)}",
                    sorted(keys),
                )
        except RequestError as exc:
            raise RequestError(f"action {i}: {exc}", item) from None
    return out


def word(data: dict[str, Any], key: str) -> str:
    value = text(data, key).strip()
    if not value:
        raise RequestError(f"{key} must be a non-empty text", value)
    return value
