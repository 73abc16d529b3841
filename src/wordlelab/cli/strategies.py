"""wordlelab strategies: every registered strategy with its aliases and one line."""

from __future__ import annotations

import click

from ..strategies import strategy_classes
from .common import echo_json, stdout


def strategy_rows() -> list[dict[str, object]]:
    rows = []
    for cls in strategy_classes():
        try:
            params = cls().params()
        except TypeError:  # a strategy that cannot be built without arguments
            params = {}
        rows.append({"name": cls.name, "aliases": list(cls.aliases), "summary": cls.summary,
                     "pool": params.pop("pool", cls.default_pool), "options": params})
    return rows


@click.command("strategies")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def strategies(as_json: bool) -> None:
    """List the strategies: name, aliases, default pool, options and what each does."""
    rows = strategy_rows()
    if as_json:
        echo_json(rows)
        return
    out = stdout()
    width = max(len(str(r["name"])) for r in rows)
    for r in rows:
        aliases = ", ".join(r["aliases"])  # type: ignore[arg-type]
        options: dict[str, object] = r["options"]  # type: ignore[assignment]
        opts = " ".join(f"{k}={v}" for k, v in options.items())
        extra = f"pool={r['pool']}" + (f" {opts}" if opts else "")
        out.print(f"[bold]{str(r['name']):<{width}}[/]  {r['summary']}  "
                  f"[dim](aliases: {aliases or '-'}; {extra})[/]")
