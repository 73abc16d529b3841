"""Typed errors: every error caused by input is a WordlelabError that quotes the input."""

from __future__ import annotations


class WordlelabError(Exception):
    """Base class for every error wordlelab raises because of its input.

    ``kind`` names what went wrong where a front-end may say it in another language (the web
    page's Russian text); ``fields`` are the figures of the sentence. ``parts()`` gives both with
    the English line; an error of kind "error" has only the English line.

    An error about a file never writes the file's path into its text: the text names the file by
    its role ("the statistics database") and ``path`` holds where it is. ``located()`` is the line
    with the path, for the command line; the text alone (``str``, ``parts``) goes to a browser,
    so no folder name (``/home/John Smith/...``) can reach one however it is spelt."""

    kind = "error"  # (no typing import here: this module loads before Ctrl-C is handled)

    def __init__(
        self,
        message: str,
        input: object = None,
        *,
        kind: str | None = None,
        path: object = None,
        **fields: object,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.input = input
        if kind is not None:
            self.kind = kind
        self.path = None if path is None else str(path)
        self.fields = fields

    def __str__(self) -> str:
        return self.message

    def located(self) -> str:
        """The line with the file's path in front (``/x/stats.sqlite3: the statistics ...``)."""
        if self.path is None:
            return self.message
        # A name with a newline or an escape in it is quoted: the line stays one line.
        shown = self.path if self.path.isprintable() else repr(self.path)
        return f"{shown}: {self.message}"

    def within(self, where: str, **fields: object) -> WordlelabError:
        """The same error said of a part of the input (``within("board 3", board=3)``): a copy of
        the same type and kind whose line starts with ``where``, with ``fields`` added."""
        import copy

        err = copy.copy(self)
        err.message = f"{where}: {self.message}"
        err.args = (err.message,)
        err.fields = {**self.fields, **fields}
        return err

    def parts(self) -> dict[str, object]:
        """The error as data: kind, the English text, the input when it is short text (a word, a
        line; never a whole pasted grid), and the fields."""
        out: dict[str, object] = {"kind": self.kind, "text": self.message}
        if isinstance(self.input, str) and len(self.input) <= 64:
            out["input"] = self.input
        out.update(self.fields)
        return out


class InvalidWordError(WordlelabError, ValueError):
    """A word of the wrong length or with letters outside the alphabet."""


class UnknownWordError(WordlelabError, ValueError):
    """A well-formed word that is not in the list it must come from."""

    @classmethod
    def not_in_list(cls, word: str, list_name: str | None = None) -> UnknownWordError:
        """The error every game and list gives for ``word`` (as typed) outside its list."""
        # "(nyt)", or ": nyt (en, 5 letters)" where the name has its own parentheses
        where = "" if not list_name else f": {list_name}" if "(" in list_name else f" ({list_name})"
        return cls(f"{word!r} is not in the word list{where}", word, kind="unknown_word")


class InvalidPatternError(WordlelabError, ValueError):
    """Feedback text that no notation can read, or of the wrong length."""


class InconsistentFeedbackError(WordlelabError):
    """Feedback that no remaining candidate could have produced."""


class HardModeError(WordlelabError):
    """A guess that breaks the hard-mode rule (its fields: ``game.HardBreak``'s)."""

    kind = "hard_mode"


class UltrahardError(HardModeError):
    """A guess ultrahard mode refuses: it could not be the answer (its fields:
    ``game.position.UltraBreak``'s)."""

    kind = "ultrahard"


class GameOverError(WordlelabError):
    """A guess played after the game has ended."""

    kind = "game_over"

    @classmethod
    def not_played(cls, word: str) -> GameOverError:
        """The error every game gives for ``word`` typed after it ended."""
        return cls(f"the game is over; {word!r} was not played", word)


class WordListError(WordlelabError):
    """A word list file that cannot be used (mixed lengths, bad characters, duplicates, empty)."""


class UnknownStrategyError(WordlelabError, LookupError):
    """A strategy name that is not in the registry."""


class TreeError(WordlelabError):
    """A decision-tree file that is malformed or fails verification."""


class ShareGridError(WordlelabError, ValueError):
    """A share grid that cannot be parsed."""


class OutputPathError(WordlelabError):
    """An output file that cannot be written (no such folder, not writable, unknown format)."""


class WordLengthError(WordListError, InvalidWordError):
    """Words longer or shorter than the engine supports."""


class StoppedEarlyError(WordlelabError):
    """The user stopped a long computation before it had anything to report (exit code 130)."""

    exit_code = 130


class SearchFailedError(WordlelabError):
    """The exact search proved that no decision tree meets the constraints."""


class VariantError(WordlelabError, ValueError):
    """Rules or moves of a variant (several boards, Absurdle) that cannot be used."""
