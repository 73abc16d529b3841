"""Latency of the web app's routes, in process through Starlette's test client; prints JSON.

Warm figures (lists loaded and JIT compiled once before timing), medians of --repeat runs, on the
default lists (nyt unless WORDLELAB_LISTS says otherwise):

    PYTHONPATH=src python benchmarks/bench_web.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import warnings

import _util  # noqa: F401  (puts src/ on the path)
from _util import machine, timeit

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

from wordlelab.game import pick_answer
from wordlelab.game.feedback import score
from wordlelab.game.lists import load_lists
from wordlelab.web.app import create_app


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    import tempfile

    client = TestClient(
        create_app(stats_path=tempfile.mkdtemp() + "/stats.db"), base_url="http://localhost"
    )
    lists = load_lists()
    answer = pick_answer(lists.answers, 7)

    def play_game() -> None:
        game = client.post("/api/play", json={"seed": 7, "no_stats": True}).json()
        for word in ("crane", answer):
            client.post(f"/api/play/{game['id']}/guess", json={"word": word}).raise_for_status()

    def assist_start() -> str:
        r = client.post("/api/assist", json={})
        r.raise_for_status()
        return str(r.json()["id"])

    def assist_game() -> int:
        aid = assist_start()
        state = client.get(f"/api/assist/{aid}").json()
        steps = 0
        while not state["solved"]:
            word = state["suggestion"]["word"]
            state = client.post(
                f"/api/assist/{aid}/play", json={"word": word, "pattern": str(score(word, answer))}
            ).json()
            steps += 1
        return steps

    words = ["salet", "prone", answer]
    grid = "Wordle 3/6\n\n" + "\n".join(score(w, answer).emoji for w in words)

    def analyse_words() -> None:
        client.post(
            "/api/analyse", json={"grid": grid, "words": " ".join(words)}
        ).raise_for_status()

    def analyse_tiles() -> None:
        client.post("/api/analyse", json={"grid": grid}).raise_for_status()

    for warm in (play_game, assist_game, analyse_words, analyse_tiles):
        warm()
    _util.emit(
        "web",
        {
            "lists": lists.set_name,
            "answers": len(lists.answers),
            "guesses": len(lists.guesses),
            "answer": answer,
            "assist_steps": assist_game(),
            "play_new_and_two_guesses": timeit(play_game, args.repeat),
            "assist_start_with_top10": timeit(assist_start, args.repeat),
            "assist_whole_game": timeit(assist_game, args.repeat),
            "analyse_grid_with_words": timeit(analyse_words, args.repeat),
            "analyse_grid_tiles_only": timeit(analyse_tiles, args.repeat),
            "machine": machine(),
        },
    )


if __name__ == "__main__":
    main()
