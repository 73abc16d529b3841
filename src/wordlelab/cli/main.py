"""The ``wordlelab`` command group; every input error becomes one line on stderr and exit 1.

Ctrl-C anywhere (even while the modules load) ends with one line, ``wordlelab: interrupted``,
and exit code 130: the convention of every command.
"""

from __future__ import annotations

import sys

INTERRUPTED = "wordlelab: interrupted"


def _interrupted() -> None:
    sys.stderr.write(f"\n{INTERRUPTED}\n")
    sys.exit(130)


try:
    # Everything that takes time to load sits inside: typing alone is tens of milliseconds.
    from typing import Any

    import click

    from ..errors import WordlelabError
except KeyboardInterrupt:  # Ctrl-C while Python loads the command line's modules
    _interrupted()


class WordlelabGroup(click.Group):
    """A group whose errors never reach the user as a traceback; commands load on first use."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        _register()
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        _register()
        return super().list_commands(ctx)

    def main(self, args: Any = None, prog_name: str | None = None, **extra: Any) -> Any:  # type: ignore[override]
        extra.pop("standalone_mode", None)
        try:
            rv = super().main(args=args, prog_name=prog_name or "wordlelab", standalone_mode=False, **extra)
        except WordlelabError as exc:
            code = getattr(exc, "exit_code", 1)
            click.echo(f"wordlelab: {'error: ' if code == 1 else ''}{exc}", err=True)
            sys.exit(code)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            sys.exit(0)
        except click.ClickException as exc:
            click.echo(f"wordlelab: error: {exc.format_message()}", err=True)
            sys.exit(1)
        except click.exceptions.Abort as exc:
            # click turns Ctrl-C (and Ctrl-D at a prompt) into Abort; both are the user stopping.
            if isinstance(exc.__cause__, EOFError):
                click.echo("wordlelab: aborted", err=True)
                sys.exit(1)
            click.echo(INTERRUPTED, err=True)
            sys.exit(130)
        except KeyboardInterrupt:
            click.echo(INTERRUPTED, err=True)
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


_registered = False


def _check_numba_threads() -> None:
    # numba refuses NUMBA_NUM_THREADS=0 (or negative) with a ValueError while it is imported.
    import os

    value = os.environ.get("NUMBA_NUM_THREADS", "").strip()
    try:
        bad = int(value) < 1
    except ValueError:
        bad = False  # not a number: numba warns and uses every core
    if bad:
        raise WordlelabError(f"NUMBA_NUM_THREADS must be a whole number of threads, 1 or more, not {value!r}",
                             value)


def _register() -> None:
    # Each command lives in a module of its own, loaded on first use (they pull in numpy and
    # numba): so a Ctrl-C during start-up is caught by main() and --version stays quick.
    global _registered
    if _registered:
        return
    _check_numba_threads()
    from . import assist as _assist
    from . import analyse as _analyse
    from . import bench as _bench
    from . import cache as _cache
    from . import lists as _lists
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
    cli.add_command(_cache.cache)
    cli.add_command(_analyse.analyse)
    cli.add_command(_analyse.analyse, "analyze")
    cli.add_command(_lists.lists_command)
    _registered = True


def main() -> None:
    try:
        _register()
    except KeyboardInterrupt:
        _interrupted()
    except WordlelabError as exc:
        sys.stderr.write(f"wordlelab: error: {exc}\n")
        sys.exit(1)
    cli.main()
