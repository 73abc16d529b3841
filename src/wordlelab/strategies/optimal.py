"""The provably optimal strategy: it plays a proven fewest-total-guesses decision tree."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import WordlelabError
from ..exact.tree import DecisionTree
from ..game import Position
from .base import MEAN_FROM_HERE, Choice, Option, Strategy, register


@register
class Optimal(Strategy):
    """Plays the shipped optimal tree when the lists and mode match; otherwise searches.

    Options: ``tree`` (a DecisionTree or a tree file to play instead), ``max_answers`` (the
    largest candidate set a fresh exact search is started for; 400 by default).
    """

    name = "optimal"
    plays_ultrahard = False
    aliases = ("exact",)
    summary = "provably optimal: fewest total guesses (shipped trees, else an exact search)"
    # Raised when a fix of the exact search may change its choices (CHANGELOG.md says which), so
    # openers and rankings cached before are worked out again.
    version = 2
    metric = "guesses"
    options = (
        Option("tree", str, None, "a decision-tree file to play instead of the shipped trees"),
        Option(
            "max_answers",
            int,
            400,
            "the largest candidate set an exact search is started for",
            1,
            5000,
            why="larger sets take hours",
        ),
    )
    max_answers: int

    def __init__(
        self, pool: str | None = None, tree: DecisionTree | str | None = None, **options: Any
    ) -> None:
        # A DecisionTree object is not an option value users can type; it is taken as it is.
        given = tree if isinstance(tree, DecisionTree) else None
        if tree is not None and given is None:
            options["tree"] = tree
        super().__init__(pool, **options)
        if self.pool != "all":
            # The exact search proves its optimum over a fixed guess list; "only the remaining
            # candidates" changes that list at every node, which it does not model.
            raise WordlelabError(
                f"the optimal strategy guesses from every allowed word; pool {self.pool!r} is not supported",
                self.pool,
            )
        path = self.__dict__.pop("tree", None)
        self._given = (
            given if given is not None else (DecisionTree.from_file(path) if path else None)
        )
        self._trees: dict[tuple, DecisionTree | None] = {}
        self._engines: dict[tuple, Any] = {}

    def __repr__(self) -> str:
        return f"Optimal(max_answers={self.max_answers})"

    def params(self) -> dict[str, Any]:
        # The tree is not a plain value; it is named by its file (or absent).
        out: dict[str, Any] = {"pool": self.pool, "max_answers": self.max_answers}
        if self._given is not None:
            out["tree"] = self._given.name
        return out

    def check_lists(
        self, guesses: Any, answers: Any, hard: bool = False, max_guesses: int = 6
    ) -> None:
        """Without a shipped tree (or one given) for these lists, the first move would be an exact
        search over every answer: refused now when that is past ``max_answers``, not after the
        matrix is built and the search has begun (28 s and 779 MB for ``--answers all``)."""
        if self._given is not None or len(answers) <= self.max_answers:
            return
        from ..exact.evaluation import has_proven_tree

        if not has_proven_tree(guesses.fingerprint, answers.fingerprint, hard, max_guesses):
            raise WordlelabError(
                f"the optimal strategy has no shipped tree for these lists ({answers.name}, "
                f"{'hard' if hard else 'normal'} mode) and {len(answers)} answers is more than its "
                f"exact-search limit of {self.max_answers}; build a tree with "
                "'wordlelab optimal --out TREE.txt' and play it with tree=TREE.txt",
                len(answers),
            )

    # The base class ranks rows; this strategy knows one best guess per position.
    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        return self.rank(position, top)

    def rank(self, position: Position, top: int = 10) -> list[Choice]:
        forced = self.forced(position)
        if forced is not None:
            return [forced]
        m = position.matrix
        history = position.words_history()
        tree = self._tree(position)
        if tree is not None:
            word = tree.next_guess(history)
            if word is not None and word in m.guesses:
                row = m.guesses.index(word)
                if position.legal_mask()[row]:
                    left = [
                        len(tree.paths[a]) - len(history)
                        for a in position.candidate_words
                        if a in tree.paths
                    ]
                    if len(left) == position.candidates.size:
                        return [self._choice(position, row, sum(left))]
        return [self._search(position)]

    def _choice(self, position: Position, row: int, total: int) -> Choice:
        m = position.matrix
        a = int(m.guess_to_answer[row])
        is_cand = a >= 0 and bool(np.isin(a, position.candidates))
        mean = total / position.candidates.size
        return Choice((mean,), m.guesses[row], row, mean, MEAN_FROM_HERE, is_cand)

    def _tree(self, position: Position) -> DecisionTree | None:
        if self._given is not None:
            return self._given
        m = position.matrix
        key = (m.guesses.fingerprint, m.answers.fingerprint, position.hard, position.max_guesses)
        if key not in self._trees:
            # Only a tree proven optimal for this guess limit: one proven under 6 guesses may not
            # be optimal when 7 are allowed.
            from ..exact.evaluation import proven_tree

            self._trees[key] = proven_tree(position)
        return self._trees[key]

    def _search(self, position: Position) -> Choice:
        """An exact search from this position (no shipped tree covers it)."""
        from ..exact.optimal import Engine, Solver

        m = position.matrix
        n = int(position.candidates.size)
        if n > self.max_answers:
            raise WordlelabError(
                f"the optimal strategy has no shipped tree for these lists ({m.answers.name}, "
                f"{'hard' if position.hard else 'normal'} mode) and {n} candidates is more than its "
                f"exact-search limit of {self.max_answers}; build a tree with "
                "'wordlelab optimal --out TREE.txt' and play it with tree=TREE.txt",
                n,
            )
        key = (id(m), position.hard, position.max_guesses)
        if key not in self._engines:
            engine = Engine(m, position.hard, position.max_guesses, memo_mb=64)
            self._engines[key] = (engine, Solver(engine, 0))
        engine, solver = self._engines[key]
        d = position.max_guesses - len(position.history)
        rule = engine.rule_from(position.history)
        S = np.sort(position.candidates.astype(np.int64))
        if n == 1 or n == 2:
            row = int(m.answer_to_guess[S[0]])
            return self._choice(position, row, 1 if n == 1 else 3)
        value = solver.value(S, d, rule)
        if value >= (1 << 40):
            raise WordlelabError(
                f"no strategy solves the {n} remaining candidates within the {d} guesses left", n
            )
        row = solver.best_guess(S, d, rule)
        return self._choice(position, row, value)
