"""The HTTP server behind ``wordlelab serve``: uvicorn with h11 and timeouts on every stage.

uvicorn closes an idle keep-alive connection (``timeout_keep_alive``) but waits for ever for the
head of a request: a client that sends one header byte a second (slow loris) holds its connection
as long as it likes. HeadTimeoutProtocol closes a connection whose request line and headers have
not all arrived within HEAD_TIMEOUT seconds; the body has its own limit in web/security.py.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_TIMEOUT = 10.0  # seconds from a request's first byte (or the connection) to its last header
IDLE_TIMEOUT = 5  # seconds a kept-alive connection may wait for its next request
MAX_HEAD = 16 * 1024  # bytes of request line and headers (h11's own default, made explicit)


class HeadTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing connections whose request head is late."""

    head_timeout = HEAD_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._head_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._watch_head()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_head()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        super().connection_lost(exc)

    def _watch_head(self) -> None:
        """A timer runs while a request head is awaited with some of it here (or none yet on a new
        connection); between requests with nothing received uvicorn's keep-alive timeout rules."""
        if self.transport.is_closing():
            self._stop_head_timer()
            return
        awaiting = self.conn.their_state is h11.IDLE
        started = self.cycle is None or bool(self.conn.trailing_data[0])
        if awaiting and started:
            if self._head_timer is None:
                self._head_timer = self.loop.call_later(self.head_timeout, self._head_late)
        else:
            self._stop_head_timer()

    def _stop_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_late(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self.logger.info(
                "closing a connection whose request head did not arrive within %g s",
                self.head_timeout,
            )
            self.transport.close()


def server_config(
    app: Any,
    head_timeout: float = HEAD_TIMEOUT,
    idle_timeout: int = IDLE_TIMEOUT,
    log_level: str = "warning",
) -> uvicorn.Config:
    """uvicorn's configuration for ``app``: h11 with the head timeout, the idle timeout, a bounded head."""
    protocol = type("Protocol", (HeadTimeoutProtocol,), {"head_timeout": head_timeout})
    return uvicorn.Config(
        app,
        http=protocol,
        timeout_keep_alive=idle_timeout,
        h11_max_incomplete_event_size=MAX_HEAD,
        log_level=log_level,
        lifespan="off",
        server_header=False,
        ws="none",
    )


def serve_on(app: Any, sock: socket.socket, **options: Any) -> None:
    """Serve ``app`` on the listening socket ``sock`` until interrupted."""
    uvicorn.Server(server_config(app, **options)).run(sockets=[sock])
