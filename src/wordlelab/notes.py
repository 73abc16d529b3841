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


class Notes:
    """A list of notes: ``texts`` for the CLI and the JSON's ``notes``, ``parts`` for the page."""

    def __init__(self) -> None:
        self.items: list[Note] = []

    def add(self, kind: str, text: str, **params: object) -> None:
        self.items.append(Note(kind, text, params))

    def insert_first(self, kind: str, text: str, **params: object) -> None:
        self.items.insert(0, Note(kind, text, params))

    def extend(self, notes: list[Note]) -> None:
        self.items.extend(notes)

    @property
    def texts(self) -> list[str]:
        return [n.text for n in self.items]

    @property
    def parts(self) -> list[dict[str, object]]:
        return [n.to_dict() for n in self.items]

    def __bool__(self) -> bool:
        return bool(self.items)
