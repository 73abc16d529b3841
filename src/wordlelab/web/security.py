"""The web server's front door, as ASGI middleware: which requests reach the routes at all.

Every request is checked before any route runs (docs/threat-model.md says why each rule exists):

- its ``Host`` names this server (the loopback names, the address it listens on, names given
  with ``--allow-host``; with ``--public`` any IP literal too): a DNS-rebinding page sends its own
  name, ``evil.example:PORT``, and gets 421;
- a state-changing request (POST, PUT, PATCH, DELETE) from a browser comes from this origin:
  a foreign ``Origin`` or ``Sec-Fetch-Site: cross-site/same-site`` gets 403; no Origin at all is a
  non-browser client (a script, curl), since browsers send Origin on every cross-origin POST;
- its body is JSON sent as ``Content-Type: application/json`` (415 otherwise): a foreign page
  cannot send that type without a CORS preflight, which this server never grants;
- its request line and headers come to at most MAX_HEAD bytes (431 otherwise), however they
  arrived (web/server.py refuses a head that grows past it before it is complete);
- its body is read here, at most MAX_BODY bytes and within BODY_TIMEOUT seconds, while it
  streams: a larger one gets 413 and the connection is closed without reading the rest; a GET
  (or any request that changes nothing) carries no body at all (400, closed without reading it).

Each refusal is one JSON line, ``{"error": "..."}``, as every other error of the app.
"""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Iterable
from typing import Any

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024  # bytes; a share grid with words is well under 1 KB
MAX_HEAD = 16 * 1024  # bytes of request line and headers
BODY_TIMEOUT = 10.0  # seconds for a whole request body to arrive (a slow body holds a task)
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# An absolute path where a message names a file: the web never shows where files are.
_PATH = re.compile(r"""(?:(?<=^)|(?<=[\s'"(=]))(?:~?/|[A-Za-z]:\\)[^\s'"),;]*""")


def scrub_paths(text: str) -> str:
    """``text`` with every absolute file path replaced by "<file>" (for messages sent to a browser)."""
    return _PATH.sub("<file>", text)


def split_host(host: str) -> tuple[str, int | None] | None:
    """The name and port of a Host header or URL authority (``[::1]:80`` → ``('::1', 80)``);
    None when it is not one."""
    host = host.strip().lower()
    port: int | None = None
    if host.startswith("["):
        end = host.find("]")
        if end < 0:
            return None
        name, rest = host[1:end], host[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                return None
            rest = rest[1:]
            if not rest.isdigit() or len(rest) > 5:
                return None
            port = int(rest)
        return name, port
    name, sep, rest = host.rpartition(":")
    if not sep:
        name = host
    elif rest.isdigit() and len(rest) <= 5 and ":" not in name:
        port = int(rest)
    else:
        return None
    return (name.rstrip("."), port) if name else None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class HostPolicy:
    """The names a request may address this server by; ports are not compared (a forwarded port
    is fine: a rebinding page cannot send a name other than its own)."""

    def __init__(self, names: Iterable[str] = (), any_ip: bool = False) -> None:
        self.names = {
            n.strip().lower().strip("[]").rstrip(".")
            for n in (*LOOPBACK_NAMES, *names)
            if n.strip()
        }
        self.names.discard(
            "0.0.0.0"
        )  # a wildcard address is where we listen, not a name to be asked by
        self.names.discard("::")
        self.any_ip = any_ip  # --public: an IP literal cannot come from DNS rebinding

    def allows(self, name: str) -> bool:
        return name in self.names or (self.any_ip and _is_ip(name))

    def describe(self) -> str:
        shown = sorted(f"[{n}]" if ":" in n else n for n in self.names)
        return ", ".join(shown) + (" and any IP address" if self.any_ip else "")


def _error(
    status: int, message: str, extra: list[tuple[bytes, bytes]] | None = None
) -> list[Message]:
    body = json.dumps({"error": message}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *(extra or []),
    ]
    return [
        {"type": "http.response.start", "status": status, "headers": headers},
        {"type": "http.response.body", "body": body},
    ]


def head_size(scope: Scope) -> int:
    """The bytes of a request's line and headers as they came on the wire (give or take the
    spaces around each header's colon)."""
    line = len(scope["method"]) + len(scope.get("raw_path") or b"") + 12  # " ", " HTTP/1.1\r\n"
    query = scope.get("query_string") or b""
    line += len(query) + 1 if query else 0
    return line + sum(len(k) + len(v) + 4 for k, v in scope.get("headers", [])) + 2


def _headers(scope: Scope) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in scope.get("headers", []):
        name = key.decode("latin-1").lower()
        if name not in out:  # the first of repeated headers; Host must not repeat (checked below)
            out[name] = value.decode("latin-1")
        elif name in ("host", "origin", "content-type", "content-length"):
            out[name] = "\x00"  # two different values cannot both be trusted
    return out


class Guard:
    """ASGI middleware: Host, Origin, Content-Type and body size checked before any route."""

    def __init__(
        self,
        app: ASGIApp,
        hosts: HostPolicy | None = None,
        max_body: int = MAX_BODY,
        body_timeout: float | None = None,
    ) -> None:
        self.app = app
        self.hosts = hosts or HostPolicy()
        self.max_body = max_body
        self._body_timeout = body_timeout

    @property
    def body_timeout(self) -> float:
        return BODY_TIMEOUT if self._body_timeout is None else self._body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        problem = self._check(scope, headers)
        if problem is not None:
            await self._send(send, *problem)
            return
        if scope["method"] not in UNSAFE_METHODS:
            if headers.get("content-length", "0") != "0" or "transfer-encoding" in headers:
                # Refused, and the connection closed, so the body is never read (not even drained).
                await self._send(
                    send, 400, f"a {scope['method']} request carries no body; send it without one"
                )
                return
            await self.app(scope, receive, send)
            return
        body = await self._read_body(headers, receive, send)
        if body is None:
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: only a disconnect is left to hear

        await self.app(scope, replay, send)

    def _check(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        head = head_size(scope)
        if head > MAX_HEAD:
            return 431, f"a request head of {head} bytes; at most {MAX_HEAD}"
        host = headers.get("host", "")
        parsed = split_host(host)
        if parsed is None or not self.hosts.allows(parsed[0]):
            shown = (
                host
                if len(host) <= 80 and host.isprintable()
                else host[:80].encode("unicode_escape").decode()
            )
            return 421, (
                f"this server does not answer to the host {shown!r}; it answers to "
                f"{self.hosts.describe()} (see 'wordlelab serve --help')"
            )
        if scope["method"] not in UNSAFE_METHODS:
            return None
        site = headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return (
                403,
                f"a {site} request may not change anything here; use the page this server serves",
            )
        origin = headers.get("origin")
        if origin is not None:
            # The same origin is the same scheme, name and port: a page served over https is
            # another origin than this http server, whatever its name.
            our_scheme = scope.get("scheme", "http")
            scheme, sep, authority = origin.partition("://")
            theirs = split_host(authority) if sep and scheme.lower() == our_scheme else None
            default = 443 if our_scheme == "https" else 80
            ours = parsed[0], parsed[1] or default
            if theirs is None or (theirs[0], theirs[1] or default) != ours:
                shown = (
                    origin
                    if len(origin) <= 80 and origin.isprintable()
                    else origin[:80].encode("unicode_escape").decode()
                )
                return 403, f"a request from the origin {shown!r} may not change anything here"
        media = headers.get("content-type", "").split(";")[0].strip().lower()
        if media != "application/json":
            return 415, "send the request body as JSON, with Content-Type: application/json"
        return None

    async def _read_body(
        self, headers: dict[str, str], receive: Receive, send: Send
    ) -> bytes | None:
        """The whole body, or None once a refusal has been sent (too large, too slow)."""
        declared = headers.get("content-length")
        if declared is not None:
            if not declared.isdigit():
                await self._send(send, 400, "the Content-Length header is not a number")
                return None
            if len(declared) > 12 or int(declared) > self.max_body:
                await self._send(
                    send, 413, f"a request body of {declared} bytes; at most {self.max_body}"
                )
                return None
        chunks: list[bytes] = []
        size = 0
        with anyio.move_on_after(self.body_timeout) as timer:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return None
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > self.max_body:  # stop reading: the rest is never taken in
                    await self._send(
                        send,
                        413,
                        f"a request body of more than {self.max_body} bytes; "
                        f"at most {self.max_body}",
                    )
                    return None
                chunks.append(chunk)
                if not message.get("more_body", False):
                    break
        if timer.cancelled_caught:
            await self._send(
                send, 408, f"the request body did not arrive within {self.body_timeout:g} s"
            )
            return None
        return b"".join(chunks)

    @staticmethod
    async def _send(send: Send, status: int, message: str) -> None:
        # Connection: close, so the server drops a body it has not read instead of draining it.
        for part in _error(status, message, [(b"connection", b"close")]):
            await send(part)


class JSONLimitError(ValueError):
    """JSON past a limit of this server (nesting, number size); its text says which."""


# What the depth scan looks at: quotes, backslashes and brackets; everything else is skipped by the
# regex engine in one pass (a character class, so no backtracking).
_TOKENS = re.compile(r'[\\"\[\]{}]')


def check_depth(text: str, max_depth: int) -> None:
    """JSONLimitError when brackets outside strings nest more than ``max_depth`` deep; one pass
    over ``text`` (linear in its length whatever its shape: no backtracking, no recursion).
    What is not JSON is left to the parser."""
    depth = 0
    in_string = False
    skip_to = 0  # the character after a backslash is escaped, whatever it is
    for token in _TOKENS.finditer(text):
        at = token.start()
        if at < skip_to:
            continue
        c = token.group()
        if in_string:
            if c == "\\":
                skip_to = at + 2
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > max_depth:
                raise JSONLimitError(
                    f"the request body's JSON is nested more than {max_depth} levels deep"
                )
        elif c in "]}":
            depth -= 1


def parse_json_limits(raw: bytes, max_depth: int = 32, max_digits: int = 40) -> Any:
    """The JSON value in ``raw``: JSONLimitError past ``max_depth`` levels of nesting or for a number
    longer than ``max_digits`` characters (checked before any big number is built); ValueError for
    what is not JSON (NaN and Infinity included) or not UTF-8. Linear in the size of ``raw``.

    JSON between programs is UTF-8 (RFC 8259): the bytes are decoded strictly, and the depth is
    checked on the same text that is then parsed (``json.loads`` on bytes would guess UTF-16 or
    UTF-32 from a body's first bytes and parse something other than what was checked)."""
    text = raw.decode("utf-8")  # strict: UnicodeDecodeError is a ValueError
    check_depth(text, max_depth)

    def number(kind: type) -> Any:
        def parse(text: str) -> Any:
            if len(text) > max_digits:
                raise JSONLimitError(
                    f"a number of {len(text)} characters in the request body; at most {max_digits}"
                )
            return kind(text)

        return parse

    def no_constants(name: str) -> Any:
        raise ValueError(
            f"{name} is not JSON"
        )  # Python's reader takes NaN and Infinity; JSON does not

    return json.loads(
        text, parse_int=number(int), parse_float=number(float), parse_constant=no_constants
    )
