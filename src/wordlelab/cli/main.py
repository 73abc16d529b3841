"""The ``wordlelab`` command group; every input error becomes one line on stderr and exit 1.

Ctrl-C anywhere (even while the modules load) ends with one line, ``wordlelab: interrupted``,
and exit code 130: the convention of every command.
"""

from __future__ import annotations

import errno
import os
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


def _shown(message: str) -> str:
    """An error message as one readable line: no control characters, and an input of thousands of
    characters quoted by its start and its length rather than whole."""
    import re

    from ..limits import printable

    def cut(m: re.Match[str]) -> str:
        return f"{m.group(0)[:40]}… ({len(m.group(0)):,} characters)"

    return "\n".join(re.sub(r"\S{120,}", cut, printable(line)) for line in message.split("\n"))


class WordlelabGroup(click.Group):
    """A group whose errors never reach the user as a traceback; commands load on first use."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        _load(cmd_name)
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in _COMMANDS if name not in _ALIASES)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # One whole phrase a command, from the table below: listing the commands loads none of
        # their modules, and no line is cut mid-phrase as click's 45-character short help is.
        rows = [(name, _SUMMARY[name]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)
        aliases = ", ".join(f"{alias} = {name}" for alias, name in sorted(_ALIASES.items()))
        formatter.write_paragraph()
        formatter.write_text(
            f"Aliases: {aliases}. 'wordlelab COMMAND --help' for a command's options."
        )

    def main(self, args: Any = None, prog_name: str | None = None, **extra: Any) -> Any:  # type: ignore[override]
        extra.pop("standalone_mode", None)
        out = sys.stdout
        try:
            rv = super().main(
                args=args, prog_name=prog_name or "wordlelab", standalone_mode=False, **extra
            )
        except WordlelabError as exc:
            code = getattr(exc, "exit_code", 1)
            text = exc.located()
            if exc.fields.get("other_lang"):  # the word is another language's: the option for it
                text += f" (try --lang {exc.fields['other_lang']})"
            click.echo(f"wordlelab: {'error: ' if code == 1 else ''}{_shown(text)}", err=True)
            sys.exit(code)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            sys.exit(0)
        except click.ClickException as exc:
            click.echo(f"wordlelab: error: {_shown(exc.format_message())}", err=True)
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
        except SystemExit as exc:
            # click ends a run whose reader closed the pipe with exit code 1, as if the input were
            # bad (see also common._broken_pipe for rich's output): the output was not all wanted.
            if exc.code == 1 and sys.stdout is not out:  # click wrapped the closed stdout
                sys.exit(0)
            raise
        except OSError as exc:
            if exc.errno not in (errno.ENOSPC, errno.EIO, errno.EFBIG):
                raise
            # The output could not be written (a full disk, /dev/full): one line, not a traceback
            # (and the output's last flush goes nowhere instead of failing again).
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            click.echo(f"wordlelab: error: cannot write the output: {exc.strerror}", err=True)
            sys.exit(1)
        if isinstance(rv, int) and rv:
            sys.exit(rv)
        sys.exit(0)


@click.group(cls=WordlelabGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="wordlelab")
def cli() -> None:
    """Play, coach, benchmark and provably solve Wordle."""


# name -> (module in wordlelab.cli, attribute). Each command lives in a module of its own, loaded
# only when that command runs (they pull in numpy, numba, rich...): `wordlelab optimal` does not
# pay for the web app or the assistant, a Ctrl-C during start-up is caught by main(), and
# --version stays quick.
_COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("score", "score"),
    "assist": ("assist", "assist"),
    "play": ("play", "play"),
    "stats": ("play", "stats"),
    "solve": ("solve", "solve"),
    "check": ("check", "check"),
    "bench": ("bench", "bench"),
    "openers": ("openers", "openers"),
    "strategies": ("strategies", "strategies"),
    "optimal": ("optimal", "optimal"),
    "tree": ("tree", "tree"),
    "serve": ("serve", "serve"),
    "cache": ("cache", "cache"),
    "analyse": ("analyse", "analyse"),
    "analyze": ("analyse", "analyse"),
    "lists": ("lists", "lists_command"),
    "warmup": ("warmup", "warmup"),
}

# Other names of a command, kept out of the command list.
_ALIASES = {"analyze": "analyse"}

# The line each command gets in 'wordlelab --help' (a test checks every command has one).
_SUMMARY = {
    "analyse": "Review a game exactly: each guess against the proven best, in expected guesses.",
    "assist": "Suggest guesses for a game you play elsewhere; you type the colours you got.",
    "bench": "Play every answer with one or more strategies and compare them.",
    "cache": "Show the cache's size; 'cache clear' empties it (saved statistics stay).",
    "check": "Judge a share grid: is the result believable, and which words fit.",
    "lists": "Every bundled word list and the named list sets.",
    "openers": "Rank the opening words: one-step metric, whole games, or exact values.",
    "optimal": "Find and prove the tree with the fewest total guesses.",
    "play": "Play Wordle in the console (also several boards or Absurdle).",
    "score": "Show the feedback GUESS gets when the answer is ANSWER.",
    "serve": "Serve the web app (play, assist, analyse, bench) on this machine.",
    "solve": "Show how a strategy solves WORD, step by step.",
    "stats": "Show your statistics from 'wordlelab play' and the web app.",
    "strategies": "List the strategies: names, aliases, options.",
    "tree": "Check and inspect decision trees: 'tree verify', 'tree show'.",
    "warmup": "Compile the numeric kernels and build the matrix now (for a server install).",
}


def _check_numba_threads() -> None:
    """NUMBA_NUM_THREADS checked before numba is imported: numba refuses 0 or less with a
    ValueError, warns in 9 lines about text, and crashes (SIGSEGV) starting 100,000 threads."""
    import os

    raw = os.environ.get("NUMBA_NUM_THREADS")
    if raw is None:
        return
    value = raw.strip()
    try:
        n = int(value) if len(value) <= 12 else -1
    except ValueError:
        n = -1
    if n < 1:
        raise WordlelabError(
            f"NUMBA_NUM_THREADS must be a whole number of threads, 1 or more, not {value[:20]!r}",
            value[:20],
        )
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    limit = max(1, cores)
    if n > limit:
        os.environ["NUMBA_NUM_THREADS"] = str(limit)
        sys.stderr.write(
            f"wordlelab: warning: NUMBA_NUM_THREADS={n} is more than the {limit} cores this process "
            f"may use; using {limit}\n"
        )


# Commands that run no numba kernel, so a first run has nothing to compile.
_NO_KERNELS = {"cache", "lists", "stats", "strategies", "serve", "warmup"}
_NOTICES_SHOWN = False
_COLD_NOTICE = "starting: the first run on this machine compiles what it needs"


def _show_first_run_notices(name: str) -> bool:
    """Show the library's notices of slow work (a compile, a matrix built) on stderr as they
    come: a line with a spinner on a terminal, one plain line per phase into a pipe or a file.
    True when stderr is a terminal and no kernel is compiled yet, the first run on this machine
    (then the CLI says so before loading them, which takes a second or more). Any later compile
    is announced when it starts (``announce_compiles``), and piped only then, so a refusal or a
    warm run stays one line or none."""
    global _NOTICES_SHOWN
    if _NOTICES_SHOWN or name == "warmup":
        return False  # (warmup shows them in its own progress bar)
    _NOTICES_SHOWN = True
    from .. import progress
    from .notices import NoticeLine, NoticeLines

    if not sys.stderr.isatty():
        progress.add_listener(NoticeLines())
        return False
    from ..kernels import compiled_modules

    progress.add_listener(NoticeLine())
    return name not in _NO_KERNELS and not compiled_modules()


def _load(name: str) -> None:
    """Add command ``name`` to the group, importing its module (unknown names: nothing)."""
    if name not in _COMMANDS or name in cli.commands:
        return
    _check_numba_threads()
    from ..config import check_settings

    check_settings()
    cold = _show_first_run_notices(name)
    from importlib import import_module

    from .. import progress

    module, attr = _COMMANDS[name]
    if cold:
        progress.notify(_COLD_NOTICE)
    try:
        with _numba_without_yaml():
            command = getattr(import_module(f"{__package__}.{module}"), attr)
    finally:
        if cold:
            progress.finished()
    if _NOTICES_SHOWN and "numba" in sys.modules:
        from ..kernels.compiling import announce_compiles

        announce_compiles()
    cli.add_command(command, name)


_NUMBA_CONFIG_FILE = ".numba_config.yaml"


class _numba_without_yaml:
    """While the command's modules (and numba) load, ``import yaml`` fails unless numba needs it.

    numba imports PyYAML (~20 ms, a few per cent of a run) only to read a .numba_config.yaml
    in the working folder. Without such a file there is nothing for it to read, so the CLI
    (which owns its process) lets numba find no YAML; the entry is removed afterwards, so
    anything that imports yaml later gets it as usual.
    """

    def __enter__(self) -> None:
        import os

        self.blocked = not ({"numba", "yaml"} & sys.modules.keys()) and not os.path.exists(
            _NUMBA_CONFIG_FILE
        )
        if self.blocked:
            sys.modules["yaml"] = None  # type: ignore[assignment]  # None: "import yaml" raises ImportError

    def __exit__(self, *exc: object) -> None:
        if self.blocked and "yaml" in sys.modules and sys.modules["yaml"] is None:
            del sys.modules["yaml"]


def _register() -> None:
    """Load every command (the help listing does it through get_command)."""
    for name in _COMMANDS:
        _load(name)


def _degrade_output() -> None:
    """On a terminal or pipe that cannot show the tiles and arrows (PYTHONIOENCODING=ascii, a
    C locale), print what can be printed and '?' for the rest rather than fail with a traceback."""
    for stream in (sys.stdout, sys.stderr):
        try:
            "🟩→…".encode(stream.encoding or "ascii")
        except (UnicodeEncodeError, LookupError):
            try:
                stream.reconfigure(errors="replace")  # type: ignore[union-attr]
            except (AttributeError, ValueError, OSError):
                pass


def main() -> None:
    # The command's module loads inside cli.main(), whose handlers turn a Ctrl-C or a bad
    # NUMBA_NUM_THREADS during the imports into one line, as anywhere else.
    _degrade_output()
    try:
        cli.main()
    except SystemExit as exc:
        _exit(exc.code)
    _exit(0)


def _exit(code: object) -> None:
    """End the process with ``code`` without Python's interpreter teardown, when that is safe.

    With numba loaded, tearing the interpreter down (every module, every object, LLVM's
    globals) costs ~80 ms of CPU after the command has finished: a tenth of a short run. The
    output is flushed and the atexit callbacks run (so temporary files, Ray and the like are
    cleaned up as usual); only the teardown is skipped. It is not skipped under a profiler or
    a tracer (cProfile, coverage write at teardown), in Python's dev mode (it reports unclosed
    resources then), or while another non-daemon thread still runs (Python would wait for it).
    """
    import threading

    status = 0 if code is None else code if isinstance(code, int) else 1
    others = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    if sys.getprofile() is not None or sys.gettrace() is not None or sys.flags.dev_mode or others:
        sys.exit(code if code is None or isinstance(code, (int, str)) else status)
    if not isinstance(code, int) and code is not None:
        sys.stderr.write(f"{code}\n")  # what sys.exit("text") prints
    import atexit
    import os

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more can be said
            pass
    os._exit(status)
