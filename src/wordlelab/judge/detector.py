"""The detector: how unusually good a game is, said in one word, with the odds behind it.

Two models of a player, side by side, each giving the probability of doing *at least this well*:

* **the strong player** — perfect play, the proven optimal tree where one ships for the lists
  and mode (``data/trees``: nyt, nyt2022 and original lists), else the assistant's default play
  (its default strategy from its default opener, played on every answer). With the answer
  uniform over the answer list, its ``p_value`` is the share of answers it solves in as many
  guesses as the game took, or fewer (a lost game: 1). For each row: the share of answers for
  which the strong player's same row leaves at most as many answers as the game's row did
  (0 once solved). With tiles alone, the game's count after a row is the number of answers that
  fit every row so far (some allowed guess gives each row's tiles).
* **the player's own guesses** (their luck given their choices; only with the words known) —
  for each row, over the answers still possible before it, each equally likely, the chance
  that the guess played leaves at most as many answers as it did (``luck.p_at_most``). The
  game's ``p_own`` is that of the winning row: the chance, given the position the player had
  reached and the word they chose, of solving by this row — 1/n with n answers still possible
  (None for a game not solved). Earlier lucky rows are honest luck a cheater cannot arrange
  (their feedback is real), so they show in the rows but do not make the verdict.

The verdict, checked in this order:

* ``suspicious`` — the rows cannot come from one real game on these lists (a hard-mode break,
  words that do not give the tiles, no answer fits); or ``p_value < 0.001`` (SUSPICIOUS_P: a
  1/6 on the default lists); or ``p_value < 0.05`` and ``p_own < 0.01`` (both models agree: an
  unusually short game whose winning guess had less than a 1% chance).
* ``unusual`` — ``p_value < 0.05`` (UNUSUAL_P: even perfect play solves in 2 only 2.6% of the
  time on the default lists) or ``p_own < 0.01`` (OWN_P).
* ``plausible`` — otherwise.

A better result never gets a less suspicious verdict than a worse one from the same position:
a game that ends sooner has the smaller ``p_value`` and, as the answers left only shrink, the
smaller ``p_own``; an unsolved game is plausible. The rates at
which honest and cheating players are flagged are measured by ``benchmarks/bench_detector.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

import numpy as np

from ..game.matrix import PatternMatrix

PLAUSIBLE = "plausible"
UNUSUAL = "unusual"
SUSPICIOUS = "suspicious"
LEVELS = (PLAUSIBLE, UNUSUAL, SUSPICIOUS)  # in order of suspicion

SUSPICIOUS_P = 0.001
UNUSUAL_P = 0.05
OWN_P = 0.01


@dataclass(frozen=True)
class StrongPlayer:
    """A deterministic strong player's games on every answer of one pair of lists and mode."""

    name: str  # what it is, for people: "perfect play (the proven tree tarse-nyt-normal)"
    proven: bool  # the proven optimal tree (else the assistant's default play)
    opener: str
    hard: bool
    turns: np.ndarray  # guesses it needs per answer (aligned with the answer list)
    left: np.ndarray  # (answers, rows): answers still possible after each row, 0 once solved

    @property
    def who(self) -> str:
        return "perfect play" if self.proven else "the assistant's default play"

    def p_solved_within(self, n: int) -> float:
        """P(the strong player solves in n guesses or fewer), the answer uniform over the list."""
        return float((self.turns <= n).mean())

    def p_left_at_most(self, row: int, left: float) -> float:
        """P(the strong player's row ``row`` (1-based) leaves at most ``left`` answers)."""
        if row > self.left.shape[1]:
            return 1.0
        return float((self.left[:, row - 1] <= left).mean())

    @property
    def distribution(self) -> dict[int, int]:
        values, counts = np.unique(self.turns, return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts)}


_STRONG: dict[tuple[str, str, bool, int], StrongPlayer] = {}


def left_table(matrix: PatternMatrix, turns: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """(answers, max turns): how many answers each row of a deterministic player's games leaves.

    ``rows[a, k]`` is the guess row played at turn k for answer column a, ``turns[a]`` the guesses
    it took. Answers sharing a history share a node; a row leaves the node's other answers that
    give the same feedback (0 for the answer it solves).
    """
    data = matrix.data
    n = data.shape[1]
    depth = int(turns.max()) if n else 0
    left = np.zeros((n, depth), dtype=np.int64)
    ids = np.zeros(n, dtype=np.int64)
    cols = np.arange(n)
    n_guesses = np.int64(data.shape[0])
    n_patterns = np.int64(3**matrix.length)
    for k in range(depth):
        live = np.flatnonzero(turns > k + 1)  # still unsolved after this row
        if live.size == 0:
            break
        g = rows[live, k].astype(np.int64)
        c = data[g, cols[live]].astype(np.int64)
        key = (ids[live] * n_guesses + g) * n_patterns + c
        _, inverse, counts = np.unique(key, return_inverse=True, return_counts=True)
        left[live, k] = counts[inverse]
        ids[live] = inverse
    return left


def strong_player(matrix: PatternMatrix, hard: bool = False, max_guesses: int = 6) -> StrongPlayer:
    """The strong player for these lists and mode (cached in memory per lists and mode)."""
    key = (matrix.guesses.fingerprint, matrix.answers.fingerprint, hard, max_guesses)
    model = _STRONG.get(key)
    if model is None:
        model = _build_strong(matrix, hard, max_guesses)
        _STRONG[key] = model
    return model


def _build_strong(matrix: PatternMatrix, hard: bool, max_guesses: int) -> StrongPlayer:
    from ..exact.tree import find_bundled_tree

    m = matrix
    n = len(m.answers)
    tree = find_bundled_tree(m.guesses, m.answers, hard, max_guesses)
    if tree is not None:
        depth = tree.worst
        turns = np.zeros(n, dtype=np.int64)
        rows = np.zeros((n, depth), dtype=np.int64)
        index: dict[str, int] = {}
        for answer, line in tree.paths.items():
            a = m.answer_index(answer)
            turns[a] = len(line)
            for k, w in enumerate(line):
                g = index.get(w)
                if g is None:
                    g = index[w] = m.guesses.index(w)
                rows[a, k] = g
        name = (
            f"perfect play (the proven optimal tree {tree.name.split(' ')[0].removesuffix('.txt')})"
        )
        return StrongPlayer(name, True, tree.opener, hard, turns, left_table(m, turns, rows))
    from ..assist.assistant import default_opener, default_strategy
    from ..assist.openers import strategy_opener
    from ..assist.simulate import play_tree
    from ..strategies import make_strategy

    strategy = make_strategy(default_strategy(m))
    default = strategy.name
    if strategy.tree_plan() is None:
        strategy = make_strategy("entropy")  # the tree kernel plays it on every answer at once
    opener = default_opener(m, hard)
    first = (
        m.guesses.index(opener) if opener is not None else strategy_opener(strategy, m, hard=hard)
    )
    played = play_tree(strategy, m, first, hard=hard) if getattr(m, "is_full", True) else None
    if played is None:
        raise ValueError("the strong player needs the full matrix of a pair of lists")
    turns, rows, _ = played
    word = m.guesses[first]
    name = (
        f"the assistant's default play ({strategy.name} from {word.upper()})"
        if strategy.name == default
        # the coach decides by exact searches, one position at a time: entropy stands in for it
        else f"{strategy.name} from {word.upper()} (in place of the assistant's default, {default})"
    )
    return StrongPlayer(name, False, word, hard, turns, left_table(m, turns, rows))


def verdict_of(
    p_value: float | None,
    p_own: float | None,
    consistent: bool = True,
    *,
    suspicious_p: float = SUSPICIOUS_P,
    unusual_p: float = UNUSUAL_P,
    own_p: float = OWN_P,
) -> str:
    """The verdict from the two p-values (see the module docstring for the thresholds)."""
    if not consistent:
        return SUSPICIOUS
    strong_low = p_value is not None and p_value < unusual_p
    own_low = p_own is not None and p_own < own_p
    if (p_value is not None and p_value < suspicious_p) or (strong_low and own_low):
        return SUSPICIOUS
    if strong_low or own_low:
        return UNUSUAL
    return PLAUSIBLE


def suspicion(verdict: str) -> int:
    """0 plausible, 1 unusual, 2 suspicious."""
    return LEVELS.index(verdict)


def _share(p: float) -> str:
    if p >= 0.1:
        return f"{p:.0%} of the time"
    if p >= 0.001:
        return f"only {p:.1%} of the time"
    return f"only 1 time in {round(1 / p):,}"


def _solves(who: str, n: int, p: float) -> str:
    """'even perfect play solves within 2 guesses only 2.6% of the time', and the like."""
    even = "even " if p < UNUSUAL_P else ""
    guesses = "1 guess" if n == 1 else f"{n} guesses"
    if p == 0:
        return f"{even}{who} never solves in {guesses}"
    return f"{even}{who} solves {'in' if n == 1 else 'within'} {guesses} {_share(p)}"


def _odds(p: float) -> str:
    return (
        "no chance" if p == 0 else f"a 1 in {1 / p:,.0f} chance" if p < 0.5 else f"a {p:.0%} chance"
    )


@dataclass
class Detection:
    """The detector's judgement of one game."""

    verdict: str
    p_value: float | None  # P(solving in this many guesses or fewer) under the strong player
    p_own: float | None  # the winning row's P(solving by it) under the player's own guesses
    own_row: int | None  # that row
    line: str  # the verdict and why, in one line
    model: str  # the strong player, in words
    reasons: list[str] = field(default_factory=list)
    # The reasons as data, one per reason and in the same order, so a front-end can say them in
    # the game's language: {"kind": "inconsistent", "problem"}, {"kind": "first_guess", "p"} (a
    # 1/6), {"kind": "solves", "who":
    # "perfect" | "assistant", "n", "p", "even"}, {"kind": "unsolved"}, {"kind": "own", "row",
    # "p"}, {"kind": "none"}, {"kind": "widened", "words"}.
    parts: list[dict[str, object]] = field(default_factory=list)
    thresholds: dict[str, float] = field(
        default_factory=lambda: {
            "suspicious_p": SUSPICIOUS_P,
            "unusual_p": UNUSUAL_P,
            "own_p": OWN_P,
        }
    )

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def detect(
    strong: StrongPlayer | None,
    solved_in: int | None,
    own: Sequence[float | None] | None = None,
    consistent: bool = True,
    problem: str | None = None,
) -> Detection:
    """Judge a game: ``solved_in`` guesses (None: lost or unfinished), ``own`` the per-row
    P(doing at least this well) under the player's own guesses (None: tiles alone); ``problem``
    says why the rows are not ``consistent``."""
    p_value = None
    if strong is not None:
        p_value = 1.0 if solved_in is None else strong.p_solved_within(solved_in)
    first_guess = solved_in == 1 and strong is not None
    if first_guess and strong is not None and p_value is not None:
        # A 1/6 is a first guess that is the answer. Perfect play opens with a word that solves
        # nothing at once, so its 0 is no one's real chance: a player who opens with a possible
        # answer gets one 1 time in N.
        p_value = max(p_value, 1 / strong.turns.size)
    p_own = own_row = None
    if own and solved_in is not None and len(own) >= solved_in and own[solved_in - 1] is not None:
        p_own, own_row = own[solved_in - 1], solved_in
    verdict = verdict_of(p_value, p_own, consistent)
    reasons: list[str] = []
    parts: list[dict[str, object]] = []
    if not consistent:
        reasons.append(
            f"the rows cannot come from one real game on these lists{': ' + problem if problem else ''}"
        )
        parts.append({"kind": "inconsistent", "problem": problem})
    elif first_guess and p_value is not None:
        reasons.append(
            "solving in 1 guess takes a first guess that is the answer: "
            f"{_share(p_value)} for a player who opens with a possible answer"
        )
        parts.append({"kind": "first_guess", "p": p_value})
    elif strong is not None and p_value is not None and solved_in is not None:
        reasons.append(_solves(strong.who, solved_in, p_value))
        who = "perfect" if strong.proven else "assistant"
        even = p_value < UNUSUAL_P
        parts.append({"kind": "solves", "who": who, "n": solved_in, "p": p_value, "even": even})
    elif solved_in is None:
        reasons.append("not solved: nothing unusually good")
        parts.append({"kind": "unsolved"})
    if p_own is not None and own_row is not None and consistent:
        reasons.append(
            f"with the player's own guesses the winning guess (row {own_row}) had {_odds(p_own)}"
        )
        parts.append({"kind": "own", "row": own_row, "p": p_own})
    if not reasons:
        reasons.append("no strong player for these lists and no words played to judge it by")
        parts.append({"kind": "none"})
    shown = f" (p = {p_value:.3g})" if p_value is not None and consistent else ""
    line = f"{verdict}{shown}: " + "; ".join(reasons)
    return Detection(
        verdict, p_value, p_own, own_row, line, strong.name if strong else "none", reasons, parts
    )
