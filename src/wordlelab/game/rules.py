"""The rules of a game: a variant IS its rules value.

``Classic(hard, max_guesses)`` is Wordle; ``Multi(boards, max_guesses)`` plays several boards at
once (Dordle, Quordle, Octordle, Sedecordle or any N); ``Absurdle(hard)`` plays against an
adversary that keeps the largest group of answers. The games, the assistant sessions, the
statistics, the CLI and the web app all take one of these, and front-ends get it from
``parse_rules`` (a request's fields) or ``rules_from_options`` (the CLI's flags), never by
branching on flags themselves.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import VariantError

MAX_BOARDS = 64
MAX_CLASSIC_GUESSES = 20
MAX_MULTI_GUESSES = 100  # the statistics store takes games of at most 100 guesses
# The published multi-board games: boards -> (name, guesses).
NAMED: dict[int, tuple[str, int]] = {
    2: ("Dordle", 7),
    4: ("Quordle", 9),
    8: ("Octordle", 13),
    16: ("Sedecordle", 21),
}
_BY_NAME = {name.lower(): boards for boards, (name, _) in NAMED.items()}


@dataclass(frozen=True)
class Classic:
    """Wordle: one board, ``max_guesses`` tries, and hard mode or not."""

    hard: bool = False
    max_guesses: int = 6
    variant: ClassVar[str] = "classic"
    boards: ClassVar[int] = 1

    def __post_init__(self) -> None:
        if not 1 <= self.max_guesses <= MAX_CLASSIC_GUESSES:
            raise VariantError(
                f"tries must be between 1 and {MAX_CLASSIC_GUESSES}, not {self.max_guesses}",
                self.max_guesses,
            )

    @property
    def key(self) -> str:
        return "classic"

    @property
    def title(self) -> str:
        return "Wordle"


def boards_title(boards: int) -> str:
    """A game of ``boards`` boards with no name of its own: "1 board", "7 boards"."""
    return f"{boards} board{'' if boards == 1 else 's'}"


def check_boards(boards: int, max_guesses: int) -> None:
    """VariantError unless ``boards`` is 1 to MAX_BOARDS and each board can get a guess."""
    if not 1 <= boards <= MAX_BOARDS:
        raise VariantError(f"boards must be 1 to {MAX_BOARDS}, not {boards}", boards)
    if max_guesses < boards:
        raise VariantError(
            f"{boards} boards need at least {boards} guesses, not {max_guesses}", max_guesses
        )


@dataclass(frozen=True)
class Multi:
    """``boards`` boards at once; every guess goes to every unsolved board; ``max_guesses`` in all."""

    boards: int
    max_guesses: int
    variant: ClassVar[str] = "multi"
    hard: ClassVar[bool] = False

    def __post_init__(self) -> None:
        check_boards(self.boards, self.max_guesses)
        if self.max_guesses > MAX_MULTI_GUESSES:
            raise VariantError(
                f"at most {MAX_MULTI_GUESSES} guesses, not {self.max_guesses}", self.max_guesses
            )

    @classmethod
    def of(cls, boards: int, max_guesses: int | None = None) -> Multi:
        """The named game for ``boards`` (Quordle for 4, ...), or N boards with N + 5 guesses."""
        return cls(boards, default_tries(boards) if max_guesses is None else max_guesses)

    @property
    def named(self) -> bool:
        """The published game of this many boards, with its own number of guesses."""
        return self.boards in NAMED and NAMED[self.boards][1] == self.max_guesses

    @property
    def key(self) -> str:
        if self.named:
            return NAMED[self.boards][0].lower()
        base = f"boards-{self.boards}"
        return (
            base
            if self.max_guesses == default_tries(self.boards)
            else f"{base}-t{self.max_guesses}"
        )

    @property
    def title(self) -> str:
        return NAMED[self.boards][0] if self.named else boards_title(self.boards)


@dataclass(frozen=True)
class Absurdle:
    """Absurdle: no secret word; an adversary keeps the largest group; no limit on guesses."""

    hard: bool = False
    variant: ClassVar[str] = "absurdle"
    boards: ClassVar[int] = 1
    max_guesses: ClassVar[None] = None

    @property
    def key(self) -> str:
        return "absurdle"

    @property
    def title(self) -> str:
        return "Absurdle"


Rules = Classic | Multi | Absurdle


def default_tries(boards: int) -> int:
    """Guesses a game of ``boards`` boards gives: the named game's own, else boards + 5."""
    return NAMED[boards][1] if boards in NAMED else boards + 5


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """The rules as the web app sends them (see docs/web-api.md)."""
    return {
        "variant": rules.variant,
        "key": rules.key,
        "title": rules.title,
        "boards": rules.boards,
        "tries": rules.max_guesses,
        "hard": rules.hard,
    }


def rules_from_options(
    boards: int | None = None, absurdle: bool = False, hard: bool = False, tries: int | None = None
) -> Rules:
    """The rules the CLI's ``--boards``, ``--absurdle``, ``--hard`` and ``--tries`` name."""
    if boards is not None and absurdle:
        raise VariantError("--boards and --absurdle cannot be combined", "--absurdle")
    if boards is not None and hard:
        raise VariantError(
            "hard mode is not played on several boards; drop --hard or --boards", "--hard"
        )
    if absurdle:
        if tries is not None:
            raise VariantError("Absurdle has no limit on guesses; drop --tries", tries)
        return Absurdle(hard)
    if boards is not None:
        return Multi.of(boards, tries)
    return Classic(hard, 6 if tries is None else tries)


def _whole(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise VariantError(
            f"{key} must be a whole number, not {value!r}",
            value,
            kind="not_whole",
            field=key,
            value=str(value)[:40],
        )
    return value


def parse_rules(data: Mapping[str, Any]) -> Rules:
    """The rules a request names: ``variant`` (classic, multi, absurdle, or a game's name: wordle,
    dordle, quordle, octordle, sedecordle), ``boards``, ``tries`` and ``hard``. VariantError for
    anything else."""
    name = data.get("variant")
    if name is None or name == "":
        name = "classic"
    if not isinstance(name, str):
        raise VariantError(f"variant must be text, not {name!r}", name)
    name = name.strip().lower()
    hard = data.get("hard", False)
    if hard is None:
        hard = False
    if not isinstance(hard, bool):
        raise VariantError(f"hard must be true or false, not {hard!r}", hard)
    boards = _whole(data, "boards")
    tries = _whole(data, "tries")
    if name in ("classic", "wordle"):
        if boards not in (None, 1):
            raise VariantError(f"Wordle has one board, not {boards}", boards)
        return Classic(hard, 6 if tries is None else tries)
    if name == "absurdle":
        if boards not in (None, 1):
            raise VariantError(f"Absurdle has one board, not {boards}", boards)
        if tries is not None:
            raise VariantError("Absurdle has no limit on guesses; leave tries out", tries)
        return Absurdle(hard)
    if name in _BY_NAME or name == "multi" or re.fullmatch(r"boards-\d+(-t\d+)?", name):
        if name in _BY_NAME:
            own = _BY_NAME[name]
        elif name == "multi":
            if boards is None:
                raise VariantError("variant multi needs the number of boards", name)
            own = boards
        else:
            parts = re.findall(r"\d+", name)
            own = int(parts[0])
            if len(parts) > 1 and tries is None:
                tries = int(parts[1])
        if boards is not None and boards != own:
            raise VariantError(f"{name} has {own} boards, not {boards}", boards)
        if hard:
            raise VariantError("hard mode is not played on several boards", "hard")
        return Multi.of(own, tries)
    raise VariantError(
        f"unknown variant {name!r}; use classic, multi, absurdle, "
        f"{', '.join(n.lower() for n, _ in NAMED.values())} or boards-N",
        name,
    )


def rules_from_key(key: str) -> Rules:
    """The rules a statistics key or an address names (``classic``, ``quordle``, ``boards-7``,
    ``absurdle``); hard mode is not part of a key."""
    return parse_rules({"variant": key})


def named_variants() -> list[Rules]:
    """Classic, the named multi-board games, Absurdle: what a front-end offers."""
    return [Classic(), *(Multi(b, t) for b, (_, t) in NAMED.items()), Absurdle()]
