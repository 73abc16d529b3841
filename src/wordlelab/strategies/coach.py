"""The coach: plays what the reviewer praises.

While the game stays on a shipped proven tree (nyt, nyt2022, original; normal and hard where one
ships) it plays the tree's guess. Off the tree it plays the exact best guess when the exact
search proves the position's value within its work budget (``budgets``: the same decision on
any machine), and the best guess of a heuristic (entropy) otherwise. Ties go to the likelier
answer: a possible answer first, then the more common word (the frequency prior), then
alphabetical. A decision depends only on the position (each exact search starts from an empty
memo), so ``analyse`` values the coach's proven moves at cost 0.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import WordlelabError
from ..exact.budgets import ASSIST_WORK
from ..exact.context import ExactContext
from ..game import Position
from ..game.frequency import word_frequencies
from .base import (
    MEAN_PROVEN,
    MEAN_PROVEN_TREE,
    PROVEN_OPENER,
    Choice,
    Option,
    Strategy,
    make_strategy,
    register,
)

if TYPE_CHECKING:
    from ..exact.evaluation import Evaluation

# Guesses of the exact top looked at for ties with the best (ties are rare beyond a few).
TIES = 10
OPENER_ROWS = 100  # openers taken from the shipped table at the start (assist's most rows)
_KEPT = 4096  # decisions kept per coach (positions of a bench share them)


def likelier_key(position: Position, rows: np.ndarray) -> np.ndarray:
    """An order over guess ``rows``: a possible answer first, then the more common word, then
    alphabetical (returned as each row's rank, 0 the likeliest)."""
    m = position.matrix
    rows = np.asarray(rows, dtype=np.int64)
    is_cand = Strategy.candidate_mask(position, rows)
    lang = m.guesses.language
    freqs = word_frequencies([m.guesses[int(r)] for r in rows], lang.code if lang else "en")
    words = [m.guesses[int(r)] for r in rows]
    order = sorted(range(rows.size), key=lambda i: (not is_cand[i], -float(freqs[i]), words[i]))
    rank = np.empty(rows.size, dtype=np.int64)
    rank[order] = np.arange(rows.size)
    return rank


@register
class Coach(Strategy):
    """A shipped proven tree while the game is on it; else the exact best guess when proven
    within ``work`` look-ups; else entropy. Ties: a possible answer, the more common word, the
    alphabet."""

    name = "coach"
    plays_ultrahard = False
    aliases = ("default",)
    summary = "the shipped proven tree, else the exact best within a work budget, else entropy"
    # Raised when a change alters its choices, so that cached openers and rankings are worked out
    # again (CHANGELOG.md says why each time)
    version = 2
    metric = "guesses"
    options = (
        Option(
            "work",
            int,
            ASSIST_WORK,
            "look-ups of exact search per position off the tree",
            0,
            10**12,
        ),
    )
    work: int

    def __init__(self, pool: str | None = None, **options: Any) -> None:
        super().__init__(pool, **options)
        if self.pool != "all":
            raise WordlelabError(
                f"the coach guesses from every allowed word; pool {self.pool!r} is not supported",
                self.pool,
            )
        self._heuristic = make_strategy("entropy")
        # The exact engine's state its searches share; an assistant lends the coach its own.
        self.context = ExactContext()
        self._decided: OrderedDict[tuple, tuple[Evaluation | None, list[Choice]]] = OrderedDict()

    def __repr__(self) -> str:
        return f"Coach(work={self.work})"

    def rank_rows(self, position: Position, rows: np.ndarray, top: int) -> list[Choice]:
        """The coach's choices among ``rows`` (a refused word left out), then entropy's ranking of
        the rest of them, the ties of both to the likelier answer."""
        allowed = set(np.asarray(rows).tolist())
        decided = self._decide(position)[1]
        out = [c for c in decided if c.row in allowed][:top]
        if not out and decided and decided[0].metric == MEAN_PROVEN_TREE:
            # The proven tree's guess was refused: the exact search's best guesses among the rest
            # (the tree's value is no longer reachable), before entropy's.
            out = [c for c in self._exact(position)[1] if c.row in allowed][:top]
        if len(out) < top:
            seen = {c.row for c in out}
            out += [
                c
                for c in self._heuristic_choices(position, np.asarray(rows), top + len(out))
                if c.row not in seen
            ][: top - len(out)]
        return out

    def rank(self, position: Position, top: int = 10) -> list[Choice]:
        forced = self.forced(position)
        if forced is not None:
            return [forced]
        return self.rank_rows(position, self.pool_rows(position), top)

    def evaluation(self, position: Position) -> Evaluation | None:
        """The exact evaluation behind the decision (None on a tree or where no search was tried);
        its ``best`` is the coach's guess whenever the value is proven (else bounds, and the
        coach played the heuristic)."""
        if position.solved or self.forced(position) is not None:
            return None
        return self._decide(position)[0]

    # -- the decision ------------------------------------------------------------------------------

    def _key(self, position: Position) -> tuple:
        m = position.matrix
        return (
            m.guesses.fingerprint,
            m.answers.fingerprint,
            position.hard,
            position.max_guesses,
            position.history,
        )

    def _decide(self, position: Position) -> tuple[Evaluation | None, list[Choice]]:
        key = self._key(position)
        got = self._decided.get(key)
        if got is None:
            got = (
                self._pair(position)
                or self._opener_table(position)
                or self._tree(position)
                or self._opener(position)
                or self._exact(position)
            )
            self._decided[key] = got
            while len(self._decided) > _KEPT:
                self._decided.popitem(last=False)
        else:
            self._decided.move_to_end(key)
        return got

    def _pair(self, position: Position) -> tuple[None, list[Choice]] | None:
        """Two answers left: either one played first is optimal (3 guesses in all); the likelier."""
        if position.candidates.size != 2 or position.max_guesses - len(position.history) < 2:
            return None
        m = position.matrix
        rows = m.answer_to_guess[np.sort(position.candidates)].astype(np.int64)
        if (rows < 0).any() or not position.legal_mask()[rows].all():
            return None
        like = likelier_key(position, rows)
        return None, [
            Choice(
                (1.5, int(like[i])),
                m.guesses[int(rows[i])],
                int(rows[i]),
                1.5,
                MEAN_PROVEN,
                True,
            )
            for i in np.argsort(like)
        ]

    def _opener_table(self, position: Position) -> tuple[None, list[Choice]] | None:
        """At the start: the openers in the order of the shipped table of every opener's proven
        value, where one ships (so a refused opener gives way to the next best proven one, not to
        entropy's choice; the table's best is the proven tree's opener)."""
        from ..exact.evaluation import start_from_opener_table

        if position.history or not _searchable(position):
            return None
        ev = start_from_opener_table(position, top=OPENER_ROWS, context=self.context)
        if ev is None or not ev.top:
            return None
        return None, self._proven_choices(position, {g.word: g for g in ev.top})

    def _opener(self, position: Position) -> tuple[None, list[Choice]] | None:
        """At the start without a tree: the proven best opener where one is known for the lists."""
        from ..exact.known_openers import default_opener

        if position.history:
            return None
        word = default_opener(position.matrix, position.hard)
        if word is None:
            return None
        row = position.matrix.guesses.index(word)
        return None, [
            Choice(
                (0.0,),
                word,
                row,
                0.0,
                PROVEN_OPENER,
                bool(self.candidate_mask(position, np.array([row]))[0]),
            )
        ]

    def _tree(self, position: Position) -> tuple[None, list[Choice]] | None:
        """On the shipped optimal tree's line: its guess."""
        from ..exact.evaluation import proven_tree, tree_node

        tree = proven_tree(position) if _searchable(position) else None
        node = tree_node(position, tree) if tree is not None else None
        return None if node is None else self._tree_choice(position, node)

    def _after_opener(self, position: Position) -> tuple[Evaluation, list[Choice]] | None:
        """Where the search cannot prove the position within the budget, the tree proven after
        the game's opener, if one ships and holds the position: its value (exact) and guess.
        Taken only then, so that where the search proves the position the coach's own tie rule
        (the likelier answer) decides among the optimal guesses."""
        from ..exact.evaluation import evaluate, opener_tree, tree_node

        tree = opener_tree(position, self.context) if _searchable(position) else None
        node = tree_node(position, tree) if tree is not None else None
        if node is None:
            return None
        got = self._tree_choice(position, node)
        if got is None:
            return None
        ev = evaluate(position, budget=self.work, context=self.context)  # the same tree: no search
        return ev, got[1]

    def _tree_choice(
        self, position: Position, node: tuple[int, str]
    ) -> tuple[None, list[Choice]] | None:
        total, word = node
        m = position.matrix
        row = m.guesses.index(word)
        if not position.legal_mask()[row]:
            return None
        n = position.candidates.size
        cand = bool(self.candidate_mask(position, np.array([row]))[0])
        return None, [Choice((total / n,), word, row, total / n, MEAN_PROVEN_TREE, cand)]

    def _exact(self, position: Position) -> tuple[Evaluation | None, list[Choice]]:
        """The exact best (the likeliest of the optimal guesses) when proven, else the heuristic's."""
        from ..exact.evaluation import SEARCH_WORK_PER_ANSWER, evaluate

        n = int(position.candidates.size)
        if not _searchable(position) or n * SEARCH_WORK_PER_ANSWER > self.work:
            # Not proven within the budget in any case.
            return self._after_opener(position) or (None, self._heuristic_choices(position))
        try:
            ev = evaluate(
                position,
                top=TIES,
                budget=self.work,
                use_tree=False,
                fresh=True,
                context=self.context,
            )
        except WordlelabError:
            return None, self._heuristic_choices(position)
        if not ev.exact or ev.best is None:
            return self._after_opener(position) or (ev, self._heuristic_choices(position))
        values = {g.word: g for g in ev.top if g.exact}
        if ev.best not in values:
            values[ev.best] = next((g for g in ev.top if g.word == ev.best), None) or _value(ev)
        choices = self._proven_choices(position, values)
        ev.best = choices[0].word  # the likeliest of the optimal guesses: what the coach plays
        ev.top = [values[c.word] for c in choices]
        return ev, choices

    def _proven_choices(self, position: Position, values: dict[str, Any]) -> list[Choice]:
        """Guesses with proven values (GuessValue by word), best first, ties to the likelier."""
        m = position.matrix
        n = int(position.candidates.size)
        words = sorted(values, key=lambda w: values[w].upper)
        rows = np.array([m.guesses.index(w) for w in words], dtype=np.int64)
        like = likelier_key(position, rows)
        order = sorted(range(len(words)), key=lambda i: (values[words[i]].upper, like[i]))
        cand = self.candidate_mask(position, rows)
        choices = [
            Choice(
                (values[words[i]].upper / n, int(like[i])),
                words[i],
                int(rows[i]),
                values[words[i]].upper / n,
                MEAN_PROVEN,
                bool(cand[i]),
            )
            for i in order
        ]
        return choices

    def _heuristic_choices(
        self, position: Position, rows: np.ndarray | None = None, top: int = 20
    ) -> list[Choice]:
        """Entropy's ranking (of ``rows``, default every legal guess), its ties broken by the likelier answer."""
        if rows is None:
            ranked = self._heuristic.rank(position, top)
        else:
            ranked = self._heuristic.rank_rows(position, rows, top)
        if not ranked:
            return ranked
        rows = np.array([c.row for c in ranked], dtype=np.int64)
        like = likelier_key(position, rows)
        order = sorted(range(len(ranked)), key=lambda i: (ranked[i].key[:2], like[i]))
        return [
            Choice(
                (*ranked[i].key[:2], int(like[i])),
                ranked[i].word,
                ranked[i].row,
                ranked[i].value,
                ranked[i].metric,
                ranked[i].is_candidate,
            )
            for i in order
        ]


def _value(ev: Evaluation) -> Any:
    from ..exact.evaluation import GuessValue

    assert ev.best is not None
    return GuessValue(ev.best, ev.upper, ev.upper, ev.n)


def _searchable(position: Position) -> bool:
    """The exact search (and the shipped trees) cover these lists: words of up to 8 letters, every
    answer an allowed guess."""
    m = position.matrix
    return m.length <= 8 and bool((m.answer_to_guess >= 0).all())
