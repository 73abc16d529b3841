"""What the browser tests share: finding Chromium and the flags it runs with here."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

# Chromium's own network chatter has nowhere to go on a closed machine; keep it quiet.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def chromium_path() -> str | None:
    """WORDLELAB_CHROMIUM, else Debian's chromium, else one on the PATH; None without one."""
    for candidate in (
        os.environ.get("WORDLELAB_CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and Path(candidate).exists():
            return candidate
    return None
