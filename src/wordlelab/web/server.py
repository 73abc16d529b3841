"""The HTTP server behind ``wordlelab serve``: uvicorn with h11 and timeouts on every stage.

uvicorn closes an idle keep-alive connection (``timeout_keep_alive``) but waits for ever for the
head of a request: a client that sends one header byte a second (slow loris) holds its connection
as long as it likes. HeadTimeoutProtocol closes a connection whose request line and headers have
not all arrived within HEAD_TIMEOUT seconds; the body has its own limit in web/security.py.
What uvicorn itself refuses (a head that is not HTTP/1.1, or grows past MAX_HEAD before it is
complete) is answered in JSON like every other refusal, not in uvicorn's plain text.
"""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .security import MAX_HEAD

HEAD_TIMEOUT = 10.0  # seconds from a request's first byte (or the connection) to its last header
IDLE_TIMEOUT = 5  # seconds a kept-alive connection may wait for its next request


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

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to what h11 cannot parse, in JSON: 431 for a head past MAX_HEAD (h11
        refuses an incomplete head that grows past it), else 400."""
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            # The request's head was read and its app is running (a broken body came after it):
            # the app's answer is dropped (it would follow this one on a connection that must
            # close) and a wait for more body ends.
            if cycle.response_started:
                self.transport.close()
                return
            cycle.disconnected = True
            cycle.message_event.set()
        too_long = len(self.conn.trailing_data[0]) > MAX_HEAD
        status = 431 if too_long else 400
        text = (
            f"a request head of more than {MAX_HEAD} bytes; at most {MAX_HEAD}"
            if too_long
            else "the request is not valid HTTP/1.1 (its line or a header is malformed)"
        )
        body = json.dumps({"error": text}).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        try:
            for event in (
                h11.Response(status_code=status, headers=headers),
                h11.Data(data=body),
                h11.EndOfMessage(),
            ):
                self.transport.write(self.conn.send(event))
        except h11.LocalProtocolError:
            pass  # a response had already begun: nothing more can be said on this connection
        self.transport.close()

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
