"""The named list sets (nyt, nyt2022, original) and the default one: names only, no word is loaded.

Kept apart from ``lists`` (which loads words and matrices, hence numpy and numba) so that a
command that only needs the names, such as an opener-table lookup, starts quickly.
"""

from __future__ import annotations

from dataclasses import dataclass

from .config import LISTS_ENV, lists_setting
from .errors import WordListError


@dataclass(frozen=True)
class ListSet:
    """A named pair of bundled English five-letter lists."""

    name: str
    guesses: str  # bundled list name of the allowed guesses
    answers: str  # bundled list name of the possible answers
    summary: str


LIST_SETS: dict[str, ListSet] = {
    s.name: s
    for s in (
        ListSet(
            "nyt", "nyt", "nyt-answers", "the NYT's 14855 allowed guesses and 3158 likely answers"
        ),
        ListSet(
            "nyt2022",
            "nyt",
            "nyt2022-answers",
            "the NYT's 14855 allowed guesses and its 2309 answers of 2022",
        ),
        ListSet(
            "original",
            "allowed",
            "answers",
            "the original game's 12972 allowed guesses and 2315 answers (the literature's lists)",
        ),
    )
}
DEFAULT_SET = "nyt"


def default_set_name() -> str:
    """The list set used when none is named: WORDLELAB_LISTS, else nyt."""
    name = lists_setting()
    if not name:
        return DEFAULT_SET
    if name not in LIST_SETS:
        raise WordListError(
            f"{LISTS_ENV}={name!r} is not a list set; use one of {', '.join(LIST_SETS)}", name
        )
    return name


def list_set(name: str) -> ListSet:
    try:
        return LIST_SETS[name.strip().lower()]
    except KeyError:
        raise WordListError(
            f"unknown list set {name!r}; use one of {', '.join(LIST_SETS)}", name
        ) from None
