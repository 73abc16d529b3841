"""Sealed strings: a small JSON object a client keeps for us, unreadable and unchangeable by it.

The web app hands each game's saved form (rules, answers, guesses) to the browser so a reload,
or a server restart, does not lose the game; the answers must stay hidden and a changed string
must be refused. A seal is ``nonce | ciphertext | tag`` in URL-safe base64: the JSON XORed with
an HMAC-SHA256 key stream (counter mode over a random nonce), then an HMAC-SHA256 tag over
nonce and ciphertext with a second key. Both keys derive from one secret (``secret_key``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

from ..config import web_secret_setting
from ..errors import WordlelabError
from ..limits import read_user_bytes
from ..paths import data_dir, write_atomic

NONCE = 16
TAG = 32
SECRET_FILE = "web-secret"
SECRET_MAX_BYTES = 4096  # the secret we write is 64 characters
SECRET_WHAT = "the web secret (web-secret in the data folder)"


class SealError(WordlelabError):
    """A sealed string that was changed, cut, or sealed with another secret."""


def _key(secret: bytes, purpose: bytes) -> bytes:
    return hmac.new(secret, b"wordlelab seal " + purpose, hashlib.sha256).digest()


def _stream(key: bytes, nonce: bytes, size: int) -> bytes:
    blocks = (
        hmac.new(key, nonce + i.to_bytes(8, "big"), hashlib.sha256).digest()
        for i in range((size + 31) // 32)
    )
    return b"".join(blocks)[:size]


def seal(data: dict[str, Any], secret: bytes) -> str:
    """``data`` as a sealed string (JSON inside)."""
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    nonce = secrets.token_bytes(NONCE)
    body = bytes(a ^ b for a, b in zip(raw, _stream(_key(secret, b"enc"), nonce, len(raw))))
    tag = hmac.new(_key(secret, b"mac"), nonce + body, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(nonce + body + tag).decode("ascii").rstrip("=")


def unseal(text: str, secret: bytes) -> dict[str, Any]:
    """The object ``seal`` sealed; SealError for anything else."""
    refused = SealError(
        "this saved game was changed or comes from another server; start a new one",
        text[:40] if isinstance(text, str) else text,
        kind="saved_changed",
    )
    if not isinstance(text, str) or not text or len(text) > 64 * 1024:
        raise refused
    try:
        blob = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise refused from None
    if len(blob) < NONCE + TAG:
        raise refused
    nonce, body, tag = blob[:NONCE], blob[NONCE:-TAG], blob[-TAG:]
    if not hmac.compare_digest(
        tag, hmac.new(_key(secret, b"mac"), nonce + body, hashlib.sha256).digest()
    ):
        raise refused
    raw = bytes(a ^ b for a, b in zip(body, _stream(_key(secret, b"enc"), nonce, len(body))))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise refused from None
    if not isinstance(data, dict):
        raise refused
    return data


def secret_key(folder: Path | None = None) -> bytes:
    """The secret seals use: WORDLELAB_WEB_SECRET, else one kept in the data folder (made once,
    readable by the owner only), so saved games outlive a server restart."""
    setting = web_secret_setting()
    if setting:
        return setting.encode("utf-8")
    path = (folder or data_dir()) / SECRET_FILE
    if os.path.lexists(path):
        # In our own folder, but read as carefully as a user's file: a FIFO there must not hang
        # the server, nor a link to /dev/zero fill its memory; a link is not followed.
        value = read_user_bytes(
            path, WordlelabError, follow_links=False, max_bytes=SECRET_MAX_BYTES, what=SECRET_WHAT
        ).strip()
        if len(value) >= 32:
            return value
    value = secrets.token_hex(32).encode("ascii")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, value)  # a rename: replaces a link rather than writing through it
        os.chmod(path, 0o600)
        return read_user_bytes(  # another process's, if it wrote last
            path, WordlelabError, follow_links=False, max_bytes=SECRET_MAX_BYTES, what=SECRET_WHAT
        ).strip()
    except OSError:
        return value  # a read-only data folder: seals last as long as this process
