"""Expand a hunspell dictionary (.dic + .aff) into every word form it accepts.

Only what Debian's ru_RU dictionary uses is supported: single-character flags and suffix rules
(``SFX``) without continuation classes; anything else raises ``ValueError`` so that a change in
the source is noticed instead of silently mis-expanded. Hunspell's own ``unmunch`` is not used
because it compares conditions byte by byte and drops forms of UTF-8 words (e.g. ``кошек``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Suffix:
    strip: str
    add: str
    condition: re.Pattern[str]

    def apply(self, stem: str) -> str | None:
        if not self.condition.search(stem):
            return None
        if self.strip and not stem.endswith(self.strip):
            return None
        base = stem[: len(stem) - len(self.strip)] if self.strip else stem
        return base + self.add


def _condition(text: str) -> re.Pattern[str]:
    # hunspell conditions are a tiny regex subset: literals, '.', [abc] and [^abc], anchored at the end
    if text == ".":
        return re.compile("")
    if not re.fullmatch(r"(?:[^\[\]]|\[\^?[^\[\]]+\])+", text):
        raise ValueError(f"unsupported affix condition {text!r}")
    return re.compile("(?:" + text + ")$")


def read_affixes(aff: Path) -> dict[str, list[Suffix]]:
    rules: dict[str, list[Suffix]] = {}
    lines = aff.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        parts = lines[i].split()
        i += 1
        if not parts or parts[0].startswith("#"):
            continue
        key = parts[0]
        if key in ("SET", "TRY"):
            if key == "SET" and parts[1].upper() != "UTF-8":
                raise ValueError(f"unsupported encoding {parts[1]}")
            continue
        if key != "SFX":
            raise ValueError(f"unsupported .aff directive {key!r}")
        flag, _cross, count = parts[1], parts[2], int(parts[3])
        if len(flag) != 1:
            raise ValueError(f"unsupported flag {flag!r}")
        group = rules.setdefault(flag, [])
        for _ in range(count):
            rule = lines[i].split()
            i += 1
            if rule[0] != "SFX" or rule[1] != flag or len(rule) < 5:
                raise ValueError(f"malformed rule line {lines[i - 1]!r}")
            strip = "" if rule[2] == "0" else rule[2]
            add = "" if rule[3] == "0" else rule[3]
            if "/" in add:
                raise ValueError(f"continuation classes are not supported: {lines[i - 1]!r}")
            group.append(Suffix(strip, add, _condition(rule[4])))
    return rules


def expand(dic: Path, aff: Path) -> Iterator[str]:
    """Every stem of ``dic`` and every form its suffix flags make, in file order."""
    rules = read_affixes(aff)
    lines = dic.read_text(encoding="utf-8").splitlines()
    for line in lines[1:]:  # the first line is the stem count
        line = line.strip()
        if not line:
            continue
        stem, _, flags = line.partition("/")
        yield stem
        for flag in flags:
            for suffix in rules.get(flag, ()):
                form = suffix.apply(stem)
                if form is not None:
                    yield form
