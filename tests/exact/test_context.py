"""The exact engine's state belongs to its caller (``ExactContext``): two reviews on two threads
give exactly what each gives alone, and a context shares its memos only with its own calls."""

from __future__ import annotations

import json
import threading

from wordlelab.exact.context import ExactContext
from wordlelab.exact.evaluation import evaluate
from wordlelab.game import Position
from wordlelab.game.feedback import score
from wordlelab.judge.review import review

# Under this budget what a step proves, and the work it spends, depends on what the memo holds
# from the game's earlier steps: with one memo for the process, a review of another game running
# meanwhile (each of its steps a new game for the memo) changed these figures.
BUDGET = 20_000_000
GAMES = [
    (["trace", "lions", "moldy", "folly"], "folly"),
    (["adieu", "story", "crony"], "crony"),
]


def _figures(matrix, words, answer, context=None):
    """A review's JSON without its wall-clock seconds (which vary from run to run)."""
    history = [(w, score(w, answer)) for w in words]
    extra = {} if context is None else {"context": context}
    got = review(matrix, history, budget=BUDGET, **extra).to_dict()

    def drop_seconds(x):
        if isinstance(x, dict):
            return {k: drop_seconds(v) for k, v in x.items() if k != "seconds"}
        if isinstance(x, list):
            return [drop_seconds(v) for v in x]
        return x

    return json.dumps(drop_seconds(got), sort_keys=True)


def test_two_reviews_on_two_threads_give_what_each_gives_alone(matrix):
    alone = [_figures(matrix, w, a) for w, a in GAMES]
    rounds = 2
    got: list[list[str]] = [[], []]
    errors: list[BaseException] = []
    start = threading.Barrier(len(GAMES))

    def run(i: int) -> None:
        try:
            start.wait()
            for _ in range(rounds):
                got[i].append(_figures(matrix, *GAMES[i]))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(GAMES))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for i in range(len(GAMES)):
        assert got[i] == [alone[i]] * rounds


def test_a_review_given_a_context_keeps_its_engines_there(matrix):
    ctx = ExactContext()
    words, answer = GAMES[1]
    assert _figures(matrix, words, answer, ctx) == _figures(matrix, words, answer)
    assert len(ctx.engines) >= 1 and ctx.kept_bytes() > 0
    assert ctx.last_game is not None  # the review's game, continued by its later steps
    ctx.forget_kept(0)
    assert not ctx.engines and not ctx.compact and ctx.kept_bytes() == 0


def test_contexts_share_the_read_only_tables_not_the_memos(matrix):
    pos = Position.start(matrix).after("salet", "....y")
    a, b = ExactContext(), ExactContext()
    ea = evaluate(pos, guess="crony", budget=2_000_000, use_tree=False, context=a)
    eb = evaluate(pos, guess="crony", budget=2_000_000, use_tree=False, context=b)
    assert ea.to_dict() | {"seconds": 0} == eb.to_dict() | {"seconds": 0}
    (ka,), (kb,) = a.engines.values(), b.engines.values()
    assert ka.engine is kb.engine  # built once from the matrix, kept with it
    assert ka.exact.memo[0] is not kb.exact.memo[0]
