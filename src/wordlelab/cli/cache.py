"""wordlelab cache: how much the cache holds, and clearing it."""

from __future__ import annotations

import click

from ..paths import CACHE_PARTS, cache_dir, cache_usage, clear_cache
from .common import echo_json, stdout


def _size(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return f"{n} B"


@click.group(invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def cache(ctx: click.Context, as_json: bool) -> None:
    """Show the cache's size (matrices, openers, frequencies); 'cache clear' empties it."""
    if ctx.invoked_subcommand is not None:
        return
    rows = cache_usage()
    if as_json:
        echo_json(
            {
                "path": str(cache_dir()),
                "total_bytes": sum(r.bytes for r in rows),
                "parts": [
                    {"part": r.part, "what": r.what, "files": r.files, "bytes": r.bytes}
                    for r in rows
                ],
            }
        )
        return
    out = stdout()
    out.print(f"cache: {cache_dir()}")
    for r in rows:
        out.print(f"  {r.part:<8} {_size(r.bytes):>9}  {r.files:>4} files  {r.what}")
    out.print(
        f"  {'total':<8} {_size(sum(r.bytes for r in rows)):>9}   (everything here is rebuilt when "
        "needed; 'wordlelab cache clear' empties it)"
    )


@cache.command()
@click.argument("parts", nargs=-1, type=click.Choice([p for p, _ in CACHE_PARTS]))
def clear(parts: tuple[str, ...]) -> None:
    """Delete the cached files (of PARTS only, if given); saved statistics are never touched."""
    files, size = clear_cache(parts or None)
    stdout().print(f"removed {files} files, {_size(size)}")
