"""Build the shipped opener trees under src/wordlelab/data/opener_trees/ (see data/PROVENANCE.md).

Usage: python tools/build_opener_trees.py [--lists nyt] [--hard] [--openers adieu,crane,...]
           [--from DIR] [--check]

For each opener, the tree proven optimal after it by wordlelab's own exact search
(``solve_optimal(opener=WORD)``, what ``wordlelab optimal --opener WORD --out FILE`` writes; with
``--from DIR`` the files ``DIR/WORD-LISTS-MODE.txt`` such a command wrote are taken instead of
searching again). Each tree must be proven, replay on these lists and mode (``verify``, at most 6
guesses) and total exactly the opener's value in the shipped opener table; its ``proven`` line
becomes ``optimal after WORD``. In hard mode the search is hard mode's objective (fewest answers
lost, then fewest guesses): an opener the table gives no six-guess tree (``Infinity``) gets the
tree that loses the fewest answers, which must lose at least one and replay to the losses and
total its header claims. Written as ``WORD-LISTS-MODE.txt.gz``, gzip'd without a name or a
time stamp (reproducible bytes); prints each file's sha256 (of the decompressed text) for
data/PROVENANCE.md and tests/exact/test_tree_openers.py. ``--check`` compares with the committed files
instead of writing (exit 1 on a difference).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
OUT = ROOT / "src" / "wordlelab" / "data" / "opener_trees"

# Common openers, our pick (vowel-heavy starters, and the usual advice's), which the
# review values from their trees at the second guess; in hard mode STARE and ABOUT have a
# six-guess tree, and the popular ones after which no strategy solves every answer in six ship
# the tree of hard mode's objective (fewest lost, then fewest guesses).
NORMAL = (
    "adieu audio crane slate stare raise arise roate soare trace crate irate house about later "
    "salet"
).split()
HARD = ["stare", "about", "crane", "slate", "salet", "adieu", "audio", "raise", "arise"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lists", default="nyt")
    ap.add_argument("--hard", action="store_true")
    ap.add_argument("--openers", default="", help="comma-separated (default: the shipped set)")
    ap.add_argument("--from", dest="src", type=Path, help="trees already written by optimal --out")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()

    from wordlelab.errors import WordlelabError
    from wordlelab.exact.opener_values import table_for
    from wordlelab.exact.optimal import solve_optimal
    from wordlelab.exact.tree import DecisionTree
    from wordlelab.game.lists import load_lists

    mode = "hard" if args.hard else "normal"
    try:
        lists = load_lists(5, "en", lists=args.lists)
    except WordlelabError as exc:
        sys.exit(f"build_opener_trees.py: --lists: {exc}")
    m = lists.matrix()
    openers = [w.strip().lower() for w in args.openers.split(",") if w.strip()] or (
        HARD if args.hard else NORMAL
    )
    bad = [w for w in openers if w not in m.guesses]
    if bad:
        sys.exit(f"build_opener_trees.py: not allowed guesses on {args.lists}: {', '.join(bad)}")
    if args.src is not None and not args.src.is_dir():
        sys.exit(f"build_opener_trees.py: --from {args.src}: not a directory")
    table = table_for(m.guesses.fingerprint, m.answers.fingerprint, args.hard)
    if table is None or not table.complete:
        sys.exit(f"build_opener_trees.py: no complete opener table for {args.lists} {mode}")
    differ = 0
    for w in openers:
        want = table.value(w)
        if not want.exact or (want.total is None and not args.hard):
            sys.exit(f"{w}: the table has no six-guess value for it in {mode} mode: no tree")
        name = f"{w}-{args.lists}-{mode}"
        if args.src is not None:
            path = args.src / f"{name}.txt"
            if not path.is_file():
                sys.exit(f"build_opener_trees.py: {path}: missing")
            tree = DecisionTree.from_file(path)
            proven = tree.meta.get("proven", "")
            if not proven.startswith("optimal"):
                sys.exit(f"{path}: not proven ({proven!r})")
        else:
            res = solve_optimal(m, opener=w, hard=args.hard, losses=args.hard)
            if not res.proven:
                sys.exit(f"{w}: the search did not finish a proof")
            tree = res.tree()
        meta = tree.meta
        if (
            meta.get("answers") != m.answers.fingerprint
            or meta.get("guesses") != m.guesses.fingerprint
            or meta.get("mode") != mode
            or meta.get("opener") != w
        ):
            sys.exit(f"{name}: the tree is for other lists, another mode or another opener")
        report = tree.verify(m.guesses, m.answers, hard=args.hard, max_guesses=6)
        if want.total is not None and (report.total, report.lost) != (want.total, 0):
            sys.exit(f"{name}: the tree totals {report.total}, the table says {want.total}")
        if want.total is None and (
            report.lost == 0
            or (meta.get("lost"), meta.get("total")) != (str(report.lost), str(report.total))
        ):
            sys.exit(f"{name}: loses {report.lost} and totals {report.total}: not as claimed")
        meta["proven"] = f"optimal after {w}"
        meta["max-guesses"] = "6"
        text = DecisionTree(tree.paths, name=name, meta=meta).to_text()
        data = gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        target = OUT / f"{name}.txt.gz"
        if args.check:
            old = gzip.decompress(target.read_bytes()).decode("utf-8") if target.is_file() else ""
            if old != text:
                differ += 1
                print(f"{name}: differs from the committed file")
            continue
        OUT.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        lost = f"  lost {report.lost}" if report.lost else ""
        print(f"{name}  total {report.total}{lost}  worst {report.worst}  sha256 {digest}")
    if differ:
        sys.exit(1)


if __name__ == "__main__":
    main()
