"""Games, assistants and comparisons in memory, kept per client so no client can push out another's.

A client is a browser (a random cookie the server hands out) or, without the cookie, everything
that comes from one address (scripts, curl). Each client keeps its own PER_CLIENT most recently used
sessions of each kind; past that its own oldest goes. The server keeps at most MAX_CLIENTS clients:
a new one replaces the longest idle only when that one has been idle CLIENT_IDLE seconds; otherwise
it is refused with 503 and Retry-After, so creating clients never evicts an active one. One address
other than loopback (``--public``) holds at most PER_ADDRESS clients, replacing its own oldest.

A session is found by its random token alone (the token is the capability, as before); ownership
decides only whose limit a session counts against and what can be dropped to make room.
"""

from __future__ import annotations

import ipaddress
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

PER_CLIENT = 16  # sessions of each kind one client keeps; its own least recently used goes first
MAX_CLIENTS = 64  # clients with sessions at once
CLIENT_IDLE = (
    1800.0  # seconds without a request before a client's sessions may make room for another's
)
PER_ADDRESS = 8  # clients one address other than loopback may hold
COOKIE = "wordlelab_client"
_COOKIE_VALUE = re.compile(r"[A-Za-z0-9_-]{16,64}")

# (client key, its address) for the request being served; set by ClientMiddleware.
_client: ContextVar[tuple[str, str]] = ContextVar("wordlelab_client", default=("anonymous", ""))


def current_client() -> tuple[str, str]:
    """The key and address of the client whose request is being served."""
    return _client.get()


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address in ("", "testclient")  # no address: the in-process test client


@dataclass
class _Owner:
    address: str
    last: float
    items: OrderedDict[str, tuple[threading.Lock, Any]] = field(default_factory=OrderedDict)


class Sessions:
    """Objects by random token, bounded per client (see the module's docstring); one lock each."""

    def __init__(
        self,
        limit: int = PER_CLIENT,
        clients: int = MAX_CLIENTS,
        idle: float = CLIENT_IDLE,
        per_address: int = PER_ADDRESS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.clients = clients
        self.idle = idle
        self.per_address = per_address
        self._clock = clock
        self._owners: OrderedDict[str, _Owner] = OrderedDict()  # least recently active first
        self._where: dict[str, str] = {}  # token -> owner key
        self._lock = threading.Lock()

    def add(self, obj: Any) -> str:
        key, address = current_client()
        token = secrets.token_urlsafe(12)
        with self._lock:
            owner = self._owners.get(key) or self._admit(key, address)
            owner.items[token] = (threading.Lock(), obj)
            self._where[token] = key
            while len(owner.items) > self.limit:
                dropped, _ = owner.items.popitem(last=False)
                del self._where[dropped]
            self._touch(key, owner)
        return token

    def get(self, token: str) -> tuple[threading.Lock, Any]:
        with self._lock:
            key = self._where.get(token)
            if key is None:
                raise HTTPException(404, "no such session (it may have expired); start a new one")
            owner = self._owners[key]
            owner.items.move_to_end(token)
            self._touch(key, owner)
            return owner.items[token]

    def __len__(self) -> int:
        with self._lock:
            return len(self._where)

    def _touch(self, key: str, owner: _Owner) -> None:
        owner.last = self._clock()
        self._owners.move_to_end(key)

    def _drop(self, key: str) -> None:
        for token in self._owners.pop(key).items:
            del self._where[token]

    def _admit(self, key: str, address: str) -> _Owner:
        now = self._clock()
        if not _loopback(address):
            same = [
                k for k, o in self._owners.items() if o.address == address
            ]  # least recent first
            if len(same) >= self.per_address:
                self._drop(same[0])
        if len(self._owners) >= self.clients:
            oldest_key, oldest = next(iter(self._owners.items()))
            wait = oldest.last + self.idle - now
            if wait > 0:
                raise HTTPException(
                    503,
                    f"the server keeps sessions for {self.clients} clients and all are in "
                    "use; try again later",
                    headers={"Retry-After": str(int(wait) + 1)},
                )
            self._drop(oldest_key)
        owner = _Owner(address, now)
        self._owners[key] = owner
        return owner


class ClientMiddleware:
    """Sets who the client is for each request, and hands a browser its cookie when it has none."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        address = (scope.get("client") or ("", 0))[0] or ""
        value = None
        for name, raw in scope.get("headers", []):
            if name == b"cookie":
                for part in raw.decode("latin-1").split(";"):
                    k, _, v = part.strip().partition("=")
                    if k == COOKIE and _COOKIE_VALUE.fullmatch(v):
                        value = v
        token = _client.set(
            (f"cookie:{value}", address) if value else (f"address:{address}", address)
        )
        new_cookie = None if value else secrets.token_urlsafe(18)

        async def send_with_cookie(message: Message) -> None:
            if new_cookie and message["type"] == "http.response.start":
                cookie = f"{COOKIE}={new_cookie}; Path=/; HttpOnly; SameSite=Lax".encode()
                message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie)]
            await send(message)

        try:
            await self.app(scope, receive, send_with_cookie)
        finally:
            _client.reset(token)
