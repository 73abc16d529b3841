"""The named list sets (nyt, nyt2022, original) and the default one: names only, no word is loaded.

Kept apart from ``lists`` (which loads words and matrices, hence numpy and numba) so that a
command that only needs the names, such as an opener-table lookup, starts quickly.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..config import LISTS_ENV, lists_setting
from ..errors import WordListError


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

# Each set's lists' fingerprints (data/PROVENANCE.md) and its number of answers: what a tree's or
# a table's header names its lists by.
GUESSES_NYT = "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320"
GUESSES_ORIGINAL = "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579"
ANSWERS = {
    "nyt": "3e443482b78dee0f6f8de4f74dbb67537db781524279b1d40ca3353c592b03ce",
    "nyt2022": "c495f6cbc36475358a89e30ac16bd5c0c05073c8c7647bb6c35dd01f7bae6e32",
    "original": "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee",
}
GUESSES = {"nyt": GUESSES_NYT, "nyt2022": GUESSES_NYT, "original": GUESSES_ORIGINAL}
N_ANSWERS = {"nyt": 3158, "nyt2022": 2309, "original": 2315}


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
