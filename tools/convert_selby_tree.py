"""Convert a decision tree of github.com/alex1770/wordle (MIT) to wordlelab's tree format.

Usage: python tools/convert_selby_tree.py TREE.tree MODE ANSWERS GUESSES OUT
  e.g. git -C <mirror> show HEAD:tarse.easy.nyt20230701.tree > /tmp/t.tree
       python tools/convert_selby_tree.py /tmp/t.tree normal nyt-answers nyt src/wordlelab/data/trees/tarse-nyt-normal.txt

Selby's format prints each answer's path as columns of 13 characters, "guess PATTERNn ", and a
line that shares a prefix with the line above starts at the column where it differs (a guess
column, or a pattern column when only the feedback differs). The output is checked by
wordlelab's own verifier before it is written.
"""

from __future__ import annotations

import sys

from wordlelab.exact.tree import DecisionTree
from wordlelab.game.words import WordList

WIDTH = 13  # "tarse BBBBB1 "


def paths(text: str) -> list[list[str]]:
    out: list[list[str]] = []
    prev: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        col = len(line) - len(line.lstrip(" "))
        if col % WIDTH not in (0, 6):
            raise ValueError(f"unexpected indentation {col}: {line!r}")
        keep = (col // WIDTH) * 2 + (1 if col % WIDTH == 6 else 0)
        tokens = prev[:keep] + line.split()
        if len(tokens) % 2 or not tokens[-1].startswith("GGGGG"):
            raise ValueError(f"a path that does not end in a win: {line!r}")
        out.append([t.lower() for t in tokens[0::2]])
        prev = tokens
    return out


def main(src: str, mode: str, answers: str, guesses: str, dest: str) -> None:
    ans, gs = WordList.bundled(answers), WordList.bundled(guesses)
    found = paths(open(src, encoding="utf-8").read())
    total = sum(len(p) for p in found)
    head = [
        "# wordlelab-tree: 1",
        f"# answers: {ans.fingerprint}",
        f"# guesses: {gs.fingerprint}",
        f"# mode: {mode}",
        "# max-guesses: 6",
        f"# opener: {found[0][0]}",
        f"# total: {total}",
        f"# mean: {total / len(found):.4f}",
        "# proven: optimal",
        f"# source: github.com/alex1770/wordle {src.rsplit('/', 1)[-1]} (MIT, (c) 2022 Alex Selby)",
    ]
    text = "\n".join(head + [" ".join(p) for p in sorted(found, key=lambda p: p[-1])]) + "\n"
    tree = DecisionTree.parse(text, dest)
    tree.verify(gs, ans, hard=(mode == "hard"))
    with open(dest, "w", encoding="utf-8") as f:
        f.write(text)
    print(
        f"{dest}: {len(found)} answers, total {total}, mean {total / len(found):.4f}, worst {tree.worst}"
    )


if __name__ == "__main__":
    main(*sys.argv[1:6])
