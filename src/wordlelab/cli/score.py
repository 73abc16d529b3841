"""wordlelab score GUESS ANSWER"""

from __future__ import annotations

import click

from ..config import MAX_PLAY_LENGTH, MIN_PLAY_LENGTH
from ..errors import InvalidWordError
from ..game.feedback import score as score_words
from ..game.languages import get_language
from ..game.words import normalize_word
from .common import echo_json, stdout
from .options import lang_option, length_option


@click.command()
@click.argument("guess")
@click.argument("answer")
@lang_option(default="en")
@length_option("Word length (default: the guess's).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def score(guess: str, answer: str, lang: str, length: int | None, as_json: bool) -> None:
    """Show the feedback GUESS gets when the answer is ANSWER."""
    language = get_language(lang)
    g = normalize_word(guess, length, language)
    a = normalize_word(answer, length, language)
    if len(g) != len(a):
        raise InvalidWordError(f"{guess!r} and {answer!r} differ in length", (guess, answer))
    # the lengths of the bundled lists (and of -k)
    if not MIN_PLAY_LENGTH <= len(g) <= MAX_PLAY_LENGTH:
        raise InvalidWordError(
            f"{guess!r} has {len(g)} letters; wordlelab plays words of {MIN_PLAY_LENGTH} to "
            f"{MAX_PLAY_LENGTH} letters",
            guess,
        )
    p = score_words(g, a)
    if as_json:
        echo_json(
            {
                "guess": g,
                "answer": a,
                "pattern": str(p),
                "emoji": p.emoji,
                "code": p.code,
                "colors": list(p.colors),
                "solved": p.is_win,
            }
        )
        return
    stdout().print(f"{g} → {a}: {p}  {p.emoji}")
