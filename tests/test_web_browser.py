"""The web pages in a real Chromium driven by Playwright: play, assist and analyse as a person would.

Chromium is Debian's (/usr/bin/chromium, which .ci/run installs) or WORDLELAB_CHROMIUM; without
one these tests skip and say why. Screenshots at desktop and phone widths go to
WORDLELAB_ARTIFACTS (default: test-artifacts/ in the working directory).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from wordlelab.feedback import score  # noqa: E402
from wordlelab.web.app import create_app  # noqa: E402

DESKTOP = {"width": 1200, "height": 900}
# The machine may be busy (tests run in parallel): give the page time before calling it broken.
sync_api.expect.set_options(timeout=20_000)
PHONE = {"width": 390, "height": 844}
# Chromium's own network chatter has nowhere to go on a closed machine; keep it quiet.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic"]


def chromium_path() -> str | None:
    for candidate in (os.environ.get("WORDLELAB_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def artifacts() -> Path:
    path = Path(os.environ.get("WORDLELAB_ARTIFACTS", "test-artifacts"))
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    # The exact search's kernels compile (a fresh clone) or load before any budgeted request, so a
    # figure a test reads never falls back to bounds because numba was busy compiling.
    from wordlelab.evaluation import evaluate
    from wordlelab.lists import load_lists
    from wordlelab.position import read_position

    warm = load_lists(lists="original").matrix(1 << 31)
    for hard in (False, True):
        evaluate(read_position("salet:..... crony:.y...", warm, hard=hard)[0], top=3)
    # Generous search budgets: the figures the tests read must finish even on a busy machine.
    app = create_app(stats_path=tmp_path_factory.mktemp("web") / "stats.db", review_budget=20_000_000_000, assist_budget=5_000_000_000)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}/"
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="module")
def browser():
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium found (apt-get install chromium, or set WORDLELAB_CHROMIUM)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=FLAGS)
        yield b
        b.close()


@pytest.fixture()
def page(browser, base_url):
    context = browser.new_context(viewport=DESKTOP)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url)
    page.wait_for_selector("body[data-ready='1']")
    yield page
    context.close()
    # Requests the test provoked on purpose answer 400 and log one line; anything else is a bug.
    unexpected = [e for e in errors if "status of 400" not in e]
    assert unexpected == [], unexpected


def screenshots(page, name: str) -> None:
    """Save the page at desktop and phone widths; at phone width nothing may overflow sideways."""
    out = artifacts()
    page.screenshot(path=str(out / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(out / f"{name}-phone.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name}: the page is {width}px wide on a {PHONE['width']}px phone"
    page.set_viewport_size(DESKTOP)


def test_play_a_seeded_game_to_a_win_by_typing(page):
    page.wait_for_selector("#play-board[data-seed='']")  # the page opens with a game ready
    page.select_option("#length", "6")  # a game not begun follows the settings
    sync_api.expect(page.locator("#play-board .row").first.locator(".tile")).to_have_count(6)
    page.select_option("#length", "5")
    sync_api.expect(page.locator("#play-board .row").first.locator(".tile")).to_have_count(5)
    page.fill("#play-seed", "7")  # seed 7 plays OCTET, as 'wordlelab play --seed 7' does
    page.click("#play-new")
    page.wait_for_selector("#play-board[data-seed='7']")  # the seeded game, not the one the page opened with
    page.keyboard.type("crane")
    page.keyboard.press("Enter")
    sync_api.expect(page.locator("#play-msg")).to_have_text("5 tries left")
    first = page.locator("#play-board .row").first.locator(".tile")
    assert first.nth(0).get_attribute("aria-label") == "c yellow"  # C is in OCTET, not first
    sync_api.expect(page.locator('#play-keyboard [data-key="r"]')).to_have_class("key c0")
    page.keyboard.type("zzzzz")
    page.keyboard.press("Enter")
    sync_api.expect(page.locator("#play-msg")).to_contain_text("not in the word list")
    for _ in range(5):
        page.keyboard.press("Backspace")
    for ch in "octe":
        page.keyboard.type(ch)
    page.click('#play-keyboard [data-key="t"]')  # the on-screen keyboard types too
    page.click('#play-keyboard [data-key="enter"]')
    sync_api.expect(page.locator("#play-msg")).to_have_text("Magnificent! 2/6")
    sync_api.expect(page.locator("#play-share")).to_contain_text("Wordle 7 2/6")
    sync_api.expect(page.locator("#play-stats")).to_contain_text("Played 1")
    page.click("#play-copy")
    sync_api.expect(page.locator("#play-msg")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#play-share").inner_text()
    page.click("#play-show-stats")
    sync_api.expect(page.locator("#play-stats-now")).to_contain_text("Win % 100")
    page.check("#contrast")  # colour-blind mode changes the tile colours, not the page
    assert "contrast" in page.evaluate("document.body.className")
    screenshots(page, "play")


def test_assist_a_whole_game_by_clicking_tiles(page):
    answer = "octet"
    page.click("#tab-assist")
    page.click("#assist-new")
    # Exact values: the opener's from the proven tree, later ones from the exact search.
    sync_api.expect(page.locator("#assist-exact")).to_contain_text("SALET, 3.421 guesses on average, proven")
    for turn in range(1, 7):
        word = page.locator("#assist-suggestion").inner_text().lower()
        assert page.input_value("#assist-word") == word
        for i, colour in enumerate(score(word, answer).colors):
            for _ in range(colour):  # each click: grey -> yellow -> green
                page.click(f'#assist-tiles [data-index="{i}"]')
        page.click("#assist-record")
        sync_api.expect(page.locator("#assist-board .row")).to_have_count(turn)
        if turn == 1:  # 13 words left: small enough for the exact top to finish
            sync_api.expect(page.locator("#assist-exact-top tr").nth(1)).to_contain_text("CERNE2.154")
        if page.locator("#assist-suggestion").count() == 0:
            break
    sync_api.expect(page.locator("#assist-suggest")).to_contain_text(f"Solved in {turn}: OCTET")
    page.click("#assist-undo-solved")
    sync_api.expect(page.locator("#assist-board .row")).to_have_count(turn - 1)
    # Bad colours are refused in the page, and nothing changes.
    page.fill("#assist-pattern", "..q..")
    page.click("#assist-record")
    sync_api.expect(page.locator("#assist-error")).to_contain_text("q")
    sync_api.expect(page.locator("#assist-board .row")).to_have_count(turn - 1)
    screenshots(page, "assist")


def test_analyse_a_real_grid(page):
    words = ["salet", "prone", "octet"]
    grid = "Wordle 1,234 3/6\n\n" + "\n".join(score(w, "octet").emoji for w in words)
    page.click("#tab-analyse")
    page.fill("#analyse-grid", grid)
    page.fill("#analyse-words", " ".join(words))
    page.click("#analyse-run")
    rows = page.locator("#analyse-review tr")
    sync_api.expect(rows).to_have_count(4)
    sync_api.expect(rows.nth(1)).to_contain_text("SALET")
    sync_api.expect(rows.nth(1)).to_contain_text("3.421")  # the proven optimum, per answer
    sync_api.expect(page.locator("#analyse-total")).to_contain_text("(exact)")
    sync_api.expect(page.locator("#analyse-out figure svg")).to_have_count(2)
    sync_api.expect(page.locator("#analyse-out")).to_contain_text("1 answers fit the whole game: octet")
    screenshots(page, "analyse")
    page.fill("#analyse-grid", "not a grid")
    page.click("#analyse-run")
    sync_api.expect(page.locator("#analyse-error")).to_contain_text("no share grid")


def test_tabs_work_from_the_keyboard(page):
    page.focus("#tab-play")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "tab-assist"
    assert page.is_visible("#assist") and not page.is_visible("#play")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.id") == "tab-bench"


def test_a_slow_new_game_never_takes_the_focus_from_where_the_user_moved_it(page):
    # The new game's answer arrives late; meanwhile the user moves to a tab with the keyboard.
    page.evaluate("""() => { const f = window.fetch; window.answered = 0;
        window.fetch = (u, o) => new Promise(r => setTimeout(() => r(f(u, o)), 700))
            .then(x => { setTimeout(() => { window.answered += 1; }, 100); return x; }); }""")
    page.fill("#play-seed", "12")
    page.click("#play-new")
    page.focus("#tab-assist")
    page.wait_for_function("() => window.answered >= 1")
    assert page.evaluate("document.activeElement.id") == "tab-assist"
    page.click("#play-new")  # a new game started from the board's own button still focuses the board
    sync_api.expect(page.locator("#play-board")).to_be_focused()


def test_bench_shows_progress_and_histograms(page):
    page.click("#tab-bench")
    page.select_option("#length", "4")  # the smallest game keeps this quick
    page.fill("#bench-strategies", "frequency,minimax")
    page.click("#bench-run")
    sync_api.expect(page.locator("#bench-progress-label")).to_be_visible()
    sync_api.expect(page.locator("#bench-out figure")).to_have_count(2, timeout=120_000)
    done = page.evaluate("[document.getElementById('bench-progress').value, document.getElementById('bench-progress').max]")
    assert done[0] == done[1] > 0
    sync_api.expect(page.locator("#bench-out h2").first).to_contain_text("frequency (opens")
    screenshots(page, "bench")
    page.fill("#bench-strategies", "nope")
    page.click("#bench-run")
    sync_api.expect(page.locator("#bench-error")).to_contain_text("nope")
