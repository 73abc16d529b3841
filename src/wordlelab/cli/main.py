"""The ``wordlelab`` command group; every input error becomes one line on stderr and exit 1."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..errors import WordlelabError


class WordlelabGroup(click.Group):
    """A group whose errors never reach the user as a traceback."""

    def main(self, args: Any = None, prog_name: str | None = None, **extra: Any) -> Any:  # type: ignore[override]
        extra.pop("standalone_mode", None)
        try:
            rv = super().main(args=args, prog_name=prog_name or "wordlelab", standalone_mode=False, **extra)
        except WordlelabError as exc:
            click.echo(f"wordlelab: error: {exc}", err=True)
            sys.exit(1)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            sys.exit(0)
        except click.ClickException as exc:
            click.echo(f"wordlelab: error: {exc.format_message()}", err=True)
            sys.exit(1)
        except click.exceptions.Abort:
            click.echo("wordlelab: aborted", err=True)
            sys.exit(1)
        except KeyboardInterrupt:
            click.echo("wordlelab: interrupted", err=True)
            sys.exit(130)
        except BrokenPipeError:
            sys.exit(0)
        if isinstance(rv, int) and rv:
            sys.exit(rv)
        sys.exit(0)


@click.group(cls=WordlelabGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="wordlelab")
def cli() -> None:
    """Play, coach, benchmark and provably solve Wordle."""


def _register() -> None:
    # Each command lives in a module of its own; importing them here keeps start-up explicit.
    from . import assist as _assist
    from . import bench as _bench
    from . import check as _check
    from . import openers as _openers
    from . import optimal as _optimal
    from . import play as _play
    from . import score as _score
    from . import serve as _serve
    from . import solve as _solve
    from . import strategies as _strategies
    from . import tree as _tree

    cli.add_command(_score.score)
    cli.add_command(_assist.assist)
    cli.add_command(_play.play)
    cli.add_command(_play.stats)
    cli.add_command(_solve.solve)
    cli.add_command(_check.check)
    cli.add_command(_bench.bench)
    cli.add_command(_openers.openers)
    cli.add_command(_strategies.strategies)
    cli.add_command(_optimal.optimal)
    cli.add_command(_tree.tree)
    cli.add_command(_serve.serve)


_register()


def main() -> None:
    cli.main()
