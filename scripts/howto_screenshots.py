"""Screenshots of every game's "how to play" (web/howto.js): on a phone from the lobby (German; Wordland
also English and dark), on the TV table screen from the menu during a game, and on a laptop.

Uses the server and the Shots helper of scripts/screenshots.py (a real server on a free loopback port,
Debian's Chromium, 128 colours) and writes ``docs/screenshots/howto-<game>-<what>-<phone|laptop|tv>.png``.

    .venv/bin/python scripts/howto_screenshots.py [--out DIR]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
for folder in ("scripts", "tests/web", "tests/server"):
    sys.path.insert(0, str(ROOT / folder))
from browsing import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from procs import free_port, start_server, stop  # noqa: E402  (a real server, stopped by pid)
from screenshots import Shots  # noqa: E402

TV: ViewportSize = {"width": 1920, "height": 1080}
LAPTOP_800: ViewportSize = {"width": 1280, "height": 800}
GAMES = ["mogelmotte", "emojito", "stella", "wordland"]


def open_from_lobby(page: Page) -> None:
    page.click("#howto-button")
    expect(page.locator("dialog#howto .howto-step").first).to_be_visible()


def open_from_menu(page: Page) -> None:
    page.click("#menu-button")
    page.click("#menu-howto")
    expect(page.locator("dialog#howto .howto-step").first).to_be_visible()


def shots(s: Shots) -> None:
    for game in GAMES:
        anna = s.page()
        code = s.create(anna, game, "Anna", {"rounds": 1} if game != "emojito" else {})
        if game == "mogelmotte":
            # the lobby's button beside the house rules, and the timers in seconds
            anna.click("#lobby-options summary")
            anna.locator("#howto-button").scroll_into_view_if_needed()
            anna.evaluate("() => window.scrollBy(0, -80)")
            s.shoot(anna, "howto-00-lobby-button")
            anna.locator("#lobby-options [data-option=round_pause_ms]").scroll_into_view_if_needed()
            s.shoot(anna, "options-seconds")
        open_from_lobby(anna)
        s.shoot(anna, f"howto-{game}-lobby")
        # scrolled to the end: the last steps and the "got it" button at thumb height
        anna.evaluate("() => { const d = document.querySelector('#howto'); d.scrollTop = d.scrollHeight; }")
        s.shoot(anna, f"howto-{game}-end")
        anna.keyboard.press("Escape")
        if game in ("mogelmotte", "stella"):
            for n in range(2):
                anna.click("[data-act=add-bot]")
                expect(anna.locator("#seat-list .seat")).to_have_count(2 + n)
            anna.click("#start-game")
            tv = s.page(size=TV)
            tv.goto(f"{s.base}/r/{code}?table=1")
            expect(tv.locator(".room-code")).to_have_text(code)
            open_from_menu(tv)
            s.shoot(tv, f"howto-{game}-table")
        if game == "wordland":
            ben = s.page(locale="en-US", dark=True)
            s.join(ben, code, "Ben")
            open_from_lobby(ben)
            s.shoot(ben, f"howto-{game}-lobby-en-dark")
            laptop = s.page(locale="en-US", size=LAPTOP_800)
            laptop.goto(f"{s.base}/r/{code}?table=1")
            expect(laptop.locator("#room-code")).to_have_text(code)
            open_from_menu(laptop)
            s.shoot(laptop, f"howto-{game}-table-en")
        s.close()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="tischrunde-howto-") as data:
        proc = start_server(Path(data), port, toy=False)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                try:
                    s = Shots(browser, f"http://127.0.0.1:{port}", args.out)
                    shots(s)
                    s.close()
                finally:
                    browser.close()
        finally:
            stop(proc)
    if s.problems:
        print("\n".join(s.problems))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
