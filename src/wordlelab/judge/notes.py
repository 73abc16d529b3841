"""The notes under a review or a judged grid, as data as well as English text.

The CLI prints each note's English ``text``; the web page writes it in the page's language from
its ``kind`` and parameters (``static/js/analyse.js``), falling back to the text for a kind it
does not know. One place makes both, so they cannot say different things.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Note:
    kind: str
    text: str  # the English sentence, as the CLI prints it
    params: dict[str, object] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "text": self.text, **self.params}


def note(kind: str, text: str, **params: object) -> Note:
    return Note(kind, text, params)


def texts(notes: list[Note]) -> list[str]:
    """The English sentences (the CLI's lines, the JSON's ``notes``)."""
    return [n.text for n in notes]


def parts(notes: list[Note]) -> list[dict[str, object]]:
    """The notes as data (the JSON's ``note_parts``, which the web page writes)."""
    return [n.to_dict() for n in notes]


class WithNotes:
    """What a review and a judged grid say besides their steps or rows: ``note_items`` (a field
    of the dataclass that inherits this), as English lines and as data."""

    note_items: list[Note]

    @property
    def notes(self) -> list[str]:
        return texts(self.note_items)

    @property
    def note_parts(self) -> list[dict[str, object]]:
        return parts(self.note_items)


def lifted_note(turns: list[int], n: int) -> Note:
    """The note of a review or a judged grid whose steps ``turns`` were valued with the guess
    limit lifted to ``n`` (no strategy solved every answer left within the game's)."""
    which = ", ".join(str(t) for t in turns)
    one = len(turns) == 1
    return note(
        "lifted",
        f"before guess{'' if one else 'es'} {which} no strategy could solve every answer left "
        f"within the guesses left (proven): {'that step is' if one else 'those steps are'} "
        f"valued as if the game allowed {n} guesses (‡)",
        turns=list(turns),
        n=n,
    )
