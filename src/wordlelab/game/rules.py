"""The rules of a game: a variant IS its rules value (python-chess: a variant is a Board subclass).

Each variant is one module of ``wordlelab.variants`` whose rules class (a ``Rules``) makes the
variant's own game and assistant: ``rules.new_game(lists, seed)`` and
``rules.new_assistant(matrix, strategy)`` give objects with the one interface of
``wordlelab.game.base.Game`` and ``wordlelab.assist.base.Session``, so a front-end never asks
which variant it holds. Front-ends get the rules from ``parse_rules`` (a request's fields) or
``rules_from_options`` (the CLI's flags). ``VARIANTS`` is the registry: one line per variant.
"""

from __future__ import annotations

import importlib
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ..config import BOARDS, GUESSES
from ..errors import VariantError

MAX_BOARDS = BOARDS.hi
MAX_CLASSIC_GUESSES = 20
MAX_MULTI_GUESSES = GUESSES.hi
# The published multi-board games: boards -> (name, guesses).
NAMED: dict[int, tuple[str, int]] = {
    2: ("Dordle", 7),
    4: ("Quordle", 9),
    8: ("Octordle", 13),
    16: ("Sedecordle", 21),
}
_BY_NAME = {name.lower(): boards for boards, (name, _) in NAMED.items()}


# The registry: each variant's module, whose ``RULES`` is its rules class. The modules load on
# first use (they sit above the game and the assistant; this module stays at the bottom).
# Adding a variant: one module in wordlelab/variants/ and one line here.
VARIANTS: dict[str, str] = {
    "classic": "wordlelab.variants.classic",
    "multi": "wordlelab.variants.multi",
    "absurdle": "wordlelab.variants.absurdle",
}


class Rules(ABC):
    """A variant's rules value: small, immutable, ``repr`` reads back as code."""

    variant: ClassVar[str]
    # Whether a game under these rules draws its answers from a seed.
    takes_seed: ClassVar[bool] = True
    # Whether its assistant runs the exact search (which serves one caller at a time).
    exact_search: ClassVar[bool] = False
    boards: int
    hard: bool
    # Ultrahard mode (alex1770/wordle's -U): every guess a word that could still be the answer;
    # ``hard`` is True with it.
    ultrahard: bool
    max_guesses: int | None

    @property
    @abstractmethod
    def key(self) -> str:
        """The name statistics and addresses use (hard mode is not part of it)."""

    @property
    @abstractmethod
    def title(self) -> str:
        """The game's name as a player knows it."""

    @classmethod
    @abstractmethod
    def from_request(
        cls, name: str, boards: int | None, tries: int | None, hard: bool
    ) -> Rules | None:
        """The rules a request's ``variant`` ``name`` (lower case) names, if it is this variant's
        (VariantError for fields it cannot take); None for another variant's name."""

    @classmethod
    @abstractmethod
    def offered(cls) -> list[Rules]:
        """The games of this variant a front-end offers by name."""

    def to_dict(self) -> dict[str, Any]:
        """The rules as the web app sends them (see docs/web-api.md); ``ultrahard`` only when set."""
        out = {
            "variant": self.variant,
            "key": self.key,
            "title": self.title,
            "boards": self.boards,
            "tries": self.max_guesses,
            "hard": self.hard,
        }
        if self.ultrahard:
            out["ultrahard"] = True
        return out

    def with_ultrahard(self) -> Rules:
        """These rules in ultrahard mode; VariantError where the variant has none."""
        raise VariantError(
            f"ultrahard mode is played on Wordle alone, not {self.title}", "ultrahard"
        )

    def check_start(self, seed: int | None) -> None:
        """VariantError for a seed these rules cannot take, before any list or matrix loads."""
        check_seed(seed)

    @abstractmethod
    def new_game(
        self,
        lists: Any,
        seed: int | None = None,
        lang: str = "en",
        matrix: Any = None,
        answers: tuple[str, ...] | None = None,
    ) -> Any:
        """A new ``Game`` (wordlelab.game.base): the answers drawn from ``seed`` as ``wordlelab play
        --seed`` draws them (or ``answers`` given); ``matrix`` (a PatternMatrix or a function that
        gives it) for a variant that needs one. ``check_start`` refuses a seed first."""

    @abstractmethod
    def simulate(
        self,
        matrix: Any,
        strategy: Any = None,
        *,
        games: int | None = None,
        seed: int = 1,
        progress: Callable[[int, int], None] | None = None,
        **options: Any,
    ) -> Any:
        """Play a strategy (or its name) under these rules and measure it: Wordle plays every
        answer (``wordlelab.assist.simulate.simulate``, ``options`` passed on), N boards play ``games``
        seeded random answer tuples (``bench_multi``); VariantError where there is no answer to
        play against."""

    @abstractmethod
    def check_strategy(self, strategy: str | None, lists: Any = None) -> None:
        """The error ``new_assistant`` would raise for ``strategy`` (on ``lists``, when given),
        before any work."""

    @abstractmethod
    def new_assistant(
        self,
        matrix: Any,
        strategy: str | None = None,
        opener: str | None = "auto",
        context: Any = None,
    ) -> Any:
        """A new assistant ``Session`` (wordlelab.assist.base) on ``matrix``; ``strategy`` None or
        'auto' is the variant's own. ``context``: the exact engine's state (``ExactContext``) a
        variant that searches uses, the caller's to share; its own when not given."""


def check_seed(seed: int | None) -> None:
    """VariantError for a seed numpy cannot take (it raises a bare ValueError for a negative one)."""
    if seed is not None and seed < 0:
        raise VariantError(f"a seed must be 0 or more, not {seed}", seed)


def variant_classes() -> list[type[Rules]]:
    """The registered variants' rules classes, in the registry's order."""
    return [importlib.import_module(m).RULES for m in VARIANTS.values()]


def rules_class(variant: str) -> type[Rules]:
    """The rules class of the variant named ``variant`` (a registry key)."""
    return importlib.import_module(VARIANTS[variant]).RULES


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


def default_tries(boards: int) -> int:
    """Guesses a game of ``boards`` boards gives: the named game's own, else boards + 5."""
    return NAMED[boards][1] if boards in NAMED else boards + 5


def rules_from_options(
    boards: int | None = None,
    absurdle: bool = False,
    hard: bool = False,
    tries: int | None = None,
    ultrahard: bool = False,
) -> Rules:
    """The rules the CLI's ``--boards``, ``--absurdle``, ``--hard``, ``--tries`` and
    ``--ultrahard`` name."""
    if ultrahard:
        return rules_from_options(boards, absurdle, False, tries).with_ultrahard()
    if boards is not None and absurdle:
        raise VariantError("--boards and --absurdle cannot be combined", "--absurdle")
    if boards is not None and hard:
        raise VariantError(
            "hard mode is not played on several boards; drop --hard or --boards", "--hard"
        )
    if absurdle:
        if tries is not None:
            raise VariantError("Absurdle has no limit on guesses; drop --tries", tries)
        name = "absurdle"
    else:
        name = "classic" if boards is None else "multi"
    rules = rules_class(name).from_request(name, boards, tries, hard)
    assert rules is not None  # the variant's own name
    return rules


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
    dordle, quordle, octordle, sedecordle), ``boards``, ``tries``, ``hard`` and ``ultrahard``.
    VariantError for anything else."""
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
    ultrahard = data.get("ultrahard", False)
    if ultrahard is None:
        ultrahard = False
    if not isinstance(ultrahard, bool):
        raise VariantError(f"ultrahard must be true or false, not {ultrahard!r}", ultrahard)
    boards = _whole(data, "boards")
    tries = _whole(data, "tries")
    for cls in variant_classes():
        rules = cls.from_request(name, boards, tries, hard and not ultrahard)
        if rules is not None:
            return rules.with_ultrahard() if ultrahard else rules
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
    return [rules for cls in variant_classes() for rules in cls.offered()]
