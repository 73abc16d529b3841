"""The one slow, obviously-correct oracle the tests compare the library against.

Nothing here imports wordlelab: the scorer, the hard-mode rule and the brute-force search are
written from the game's rules alone, so a bug in the library cannot hide in its own reference.
Patterns are strings of '.', 'y', 'g' (grey, yellow, green).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

INF = float("inf")

History = tuple[tuple[str, str], ...]


def slow_score(guess: str, answer: str) -> str:
    """The colours ``guess`` gets against ``answer``: greens first, then yellows while copies last."""
    assert len(guess) == len(answer)
    colours = ["."] * len(guess)
    unmatched = Counter(a for g, a in zip(guess, answer) if g != a)
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            colours[i] = "g"
    for i, g in enumerate(guess):
        if colours[i] == "." and unmatched[g] > 0:
            colours[i] = "y"
            unmatched[g] -= 1
    return "".join(colours)


def slow_code(guess: str, answer: str) -> int:
    """The same as one base-3 integer, position 0 most significant (grey 0, yellow 1, green 2)."""
    code = 0
    for c in slow_score(guess, answer):
        code = code * 3 + ".yg".index(c)
    return code


def hard_ok(history: History, guess: str) -> bool:
    """The NYT's hard mode: every green stays in place, every revealed letter is used as often."""
    for word, colours in history:
        for i, c in enumerate(colours):
            if c == "g" and guess[i] != word[i]:
                return False
        shown = Counter(word[i] for i, c in enumerate(colours) if c != ".")
        have = Counter(guess)
        if any(have[letter] < n for letter, n in shown.items()):
            return False
    return True


def ultra_ok(history: History, guess: str) -> bool:
    """Ultrahard mode (alex1770/wordle's -U): ``guess`` could still be the answer, i.e. every
    earlier guess would have shown it the colours it showed."""
    return all(slow_score(word, guess) == colours for word, colours in history)


def _legal(history: History, guess: str, hard: bool, ultrahard: bool) -> bool:
    if ultrahard:
        return ultra_ok(history, guess)
    return not hard or hard_ok(history, guess)


def _key(history: History, hard: bool, ultrahard: bool) -> object:
    """What of the history the guesses allowed from here depend on (the whole history, as a
    set, in ultrahard mode)."""
    if ultrahard:
        return frozenset(history)
    return _rule(history) if hard else None


def _rule(history: History) -> tuple:
    greens = sorted({(i, w[i]) for w, cs in history for i, c in enumerate(cs) if c == "g"})
    need: Counter[str] = Counter()
    for w, cs in history:
        for letter, n in Counter(w[i] for i, c in enumerate(cs) if c != ".").items():
            need[letter] = max(need[letter], n)
    return tuple(greens), tuple(sorted(need.items()))


def brute_force(
    guesses: Sequence[str],
    answers: Sequence[str],
    guesses_left: int,
    hard: bool = False,
    history: History = (),
    guess: str | None = None,
    ultrahard: bool = False,
) -> float:
    """The fewest total guesses that solve every answer (equally likely) within ``guesses_left``.

    f(S, d) = min over every allowed guess g of |S| + the sum of f(group, d - 1) over the
    non-winning feedback groups; f(S, 0) = infinity. No pruning, no bounds, no dominance: every
    guess is tried at every node (in hard mode, every guess the rule allows; in ultrahard
    mode, every guess that could still be the answer). With ``guess`` the value of playing that
    guess first. Tiny sets only.
    """
    memo: dict = {}
    win = "g" * len(answers[0])

    def f(S: frozenset[str], d: int, hist: History) -> float:
        if d == 0:
            return INF
        key = (S, d, _key(hist, hard, ultrahard))
        if key not in memo:
            memo[key] = min(cost(g, S, d, hist) for g in guesses)
        return memo[key]

    def cost(g: str, S: frozenset[str], d: int, hist: History) -> float:
        if not _legal(hist, g, hard, ultrahard):
            return INF
        groups: dict[str, set[str]] = {}
        for a in S:
            groups.setdefault(slow_score(g, a), set()).add(a)
        total: float = len(S)
        for colours, sub in groups.items():
            if colours == win:
                continue
            if d == 1:
                return INF
            total += f(frozenset(sub), d - 1, hist + ((g, colours),))
            if total == INF:
                return INF
        return total

    S0 = frozenset(answers)
    return cost(guess, S0, guesses_left, history) if guess else f(S0, guesses_left, history)


def brute_force_losses(
    guesses: Sequence[str],
    answers: Sequence[str],
    guesses_left: int,
    hard: bool = False,
    history: History = (),
    guess: str | None = None,
    ultrahard: bool = False,
) -> tuple[int, int]:
    """Hard mode's objective: (fewest answers lost, then fewest guesses), every answer equally
    likely, a lost answer counted as ``guesses_left`` + 1 guesses from here (a player's X/6).

    f(S, d) = min over every allowed guess g (lexicographically) of (0, |S|) plus the sum of
    f(group, d - 1) over the non-winning groups; f(S, 0) = (|S|, |S|): every answer lost, each
    costing the one guess more than were played. No pruning, no bounds, every guess tried at
    every node (in hard mode, every guess the rule allows; in ultrahard mode, every guess that
    could still be the answer). Tiny sets only.
    """
    memo: dict = {}
    win = "g" * len(answers[0])

    def f(S: frozenset[str], d: int, hist: History) -> tuple[int, int]:
        if d == 0:
            return len(S), len(S)
        key = (S, d, _key(hist, hard, ultrahard))
        if key not in memo:
            memo[key] = min(
                cost(g, S, d, hist) for g in guesses if _legal(hist, g, hard, ultrahard)
            )
        return memo[key]

    def cost(g: str, S: frozenset[str], d: int, hist: History) -> tuple[int, int]:
        groups: dict[str, set[str]] = {}
        for a in S:
            groups.setdefault(slow_score(g, a), set()).add(a)
        lost, total = 0, len(S)
        for colours, sub in groups.items():
            if colours == win:
                continue
            sub_lost, sub_total = f(frozenset(sub), d - 1, hist + ((g, colours),))
            lost += sub_lost
            total += sub_total
        return lost, total

    S0 = frozenset(answers)
    if guess is not None:
        assert _legal(history, guess, hard, ultrahard)
        return cost(guess, S0, guesses_left, history)
    return f(S0, guesses_left, history)
