"""wordlelab strategies: every registered strategy with its aliases and one line."""

from __future__ import annotations

import click

from ..strategies import multi_strategy_names, strategy_classes
from ..variants import multi as _multi  # noqa: F401  (registers the multi-board methods)
from .common import echo_json, stdout


def strategy_rows() -> list[dict[str, object]]:
    return [
        {
            "name": cls.name,
            "aliases": list(cls.aliases),
            "summary": cls.summary,
            "pool": cls.default_pool,
            "options": [o.to_dict() for o in cls.options],
        }
        for cls in strategy_classes()
    ]


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
        options: list[dict[str, object]] = r["options"]  # type: ignore[assignment]
        defaults = "".join(
            f" {o['name']}={o['default']}" for o in options if o["default"] is not None
        )
        out.print(
            f"[bold]{str(r['name']):<{width}}[/]  {r['summary']}  "
            f"[dim](aliases: {aliases or '-'}; pool={r['pool']}{defaults})[/]"
        )
        for o in options:
            rng = o["range"]
            default = "none" if o["default"] is None else o["default"]
            out.print(
                f"{'':<{width}}    -o {o['name']}=<{o['type']}>  {o['help']} "
                f"[dim](default {default}{', ' + str(rng) if rng else ''})[/]"
            )
    out.print("\nOptions are given as -o NAME=VALUE, e.g. wordlelab bench -s lookahead -o m=20.")
    methods = multi_strategy_names()
    out.print(
        f"Several boards (--boards) are played by {methods[0]} (the default) or {', '.join(methods[1:])}."
    )
