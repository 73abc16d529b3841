"""Options and loaders that several commands share."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import click
from rich.console import Console

from ..errors import OutputPathError, WordlelabError, WordListError
from ..frequency import common_words
from ..languages import get_language
from ..matrix import DEFAULT_BUDGET, PatternMatrix, load_matrix
from ..paths import check_writable
from ..words import WordList


def stdout() -> Console:
    return Console(highlight=False, soft_wrap=True)


def stderr() -> Console:
    return Console(stderr=True, highlight=False)


def list_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """--words, --answers, -k/--length and --lang."""
    f = click.option("--answers", "answers_file", type=click.Path(dir_okay=False), default=None,
                     help="File of possible answers (one a line).")(f)
    f = click.option("--words", "--guesses", "words_file", type=click.Path(dir_okay=False), default=None,
                     help="File of allowed guesses (one a line).")(f)
    f = click.option("--lang", type=click.Choice(["en", "ru"]), default="en", show_default=True,
                     help="Language of the bundled lists and the alphabet.")(f)
    f = click.option("-k", "--length", type=click.IntRange(4, 11), default=5, show_default=True,
                     help="Word length.")(f)
    return f


@dataclass
class Lists:
    guesses: WordList
    answers: WordList

    def matrix(self, on_build: Callable[[], None] | None = None) -> PatternMatrix:
        return load_matrix(self.guesses, self.answers, budget=matrix_budget(), on_build=on_build)


def load_lists(length: int = 5, lang: str = "en", words_file: str | None = None,
               answers_file: str | None = None) -> Lists:
    """The allowed guesses and possible answers the options name (bundled by default)."""
    language = get_language(lang)
    guesses = WordList.from_file(words_file, language) if words_file else None
    answers = WordList.from_file(answers_file, language) if answers_file else None
    if guesses is None and answers is None:
        guesses = WordList.bundled("allowed", language.code, length)
        answers = WordList.bundled("answers", language.code, length)
    elif guesses is None:
        assert answers is not None
        bundled = _try_bundled("allowed", language.code, answers.length)
        guesses = bundled if bundled is not None and set(answers) <= set(bundled) else answers
    elif answers is None:
        # One list given: its common words are the likely answers (the bundled lists' rule).
        answers = common_words(guesses)
    if guesses.length != answers.length:
        raise WordListError(
            f"{answers.name} has {answers.length}-letter words but {guesses.name} has {guesses.length}",
            answers.name,
        )
    missing = [w for w in answers if w not in guesses]
    if missing:
        shown = ", ".join(repr(w) for w in missing[:5])
        raise WordListError(
            f"{answers.name}: {len(missing)} answers are not allowed guesses in {guesses.name} ({shown})",
            answers.name,
        )
    return Lists(guesses, answers)


def _try_bundled(kind: str, lang: str, length: int) -> WordList | None:
    try:
        return WordList.bundled(kind, lang, length)
    except WordListError:
        return None


def matrix_budget() -> int:
    """Bytes a full matrix may take: WORDLELAB_MATRIX_BUDGET (e.g. 512M, 2G), else 2 GiB."""
    text = os.environ.get("WORDLELAB_MATRIX_BUDGET", "").strip()
    if not text:
        return DEFAULT_BUDGET
    units = {"k": 1024, "m": 1024**2, "g": 1024**3}
    try:
        scale = units.get(text[-1].lower(), 1)
        number = float(text[:-1] if text[-1].lower() in units else text)
    except ValueError:
        raise WordlelabError(
            f"WORDLELAB_MATRIX_BUDGET={text!r} is not a size (e.g. 512M or 2G)", text
        ) from None
    return int(number * scale)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def check_output_path(path: str | None, option: str, formats: Sequence[str] | None = None,
                      default_format: str | None = None) -> Path | None:
    """Check an output option's file BEFORE the work: writable folder, known format.

    Returns the path that will really be written (``--plot hist`` becomes ``hist.png`` when
    ``default_format`` is png), or None when the option was not given. Every command with an
    output file calls this first, then ``write_output`` at the end.
    """
    if path is None:
        return None
    try:
        return check_writable(path, formats, default_format)
    except OutputPathError as exc:
        raise OutputPathError(f"{option} {exc}", exc.input) from None


def write_output(path: Path, write: Callable[[Path], None], what: str) -> bool:
    """Write a finished result; on failure say so on stderr (one line) and return False.

    The caller still shows the result (so nothing computed is lost) and exits 1 at the end.
    """
    try:
        write(path)
        return True
    except (OSError, WordlelabError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        click.echo(f"wordlelab: error: could not write the {what} to {path} ({reason}); "
                   "the result is shown here instead", err=True)
        return False
