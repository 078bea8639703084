"""An away player's tile (the evening, second pass): every screen counts down to the stand-in bot, the
host's "let a bot play for Ben now" works, and the lobby's "no time limit" switch says what it means.

Emojito (people only): Ben performs first and closes his phone; Anna (host), Cleo and the table screen
see the countdown on Ben's tile, only Anna gets the button; her tap lets the stand-in leave Ben's
performance out, and Cleo performs next."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browsing import PHONE, join, start_game, watch
from playwright.sync_api import Browser, Page, ViewportSize, expect

pytestmark = pytest.mark.browser


def _page(browser: Browser, problems: list[str], viewport: ViewportSize = PHONE) -> Page:
    context = browser.new_context(viewport=viewport, locale="en-US")
    page = context.new_page()
    watch(page, problems)
    page.set_default_timeout(15_000)
    return page


def test_an_away_seat_shows_the_countdown_and_the_host_lets_a_bot_play(
    browser: Browser, server: str, screenshots: Path
) -> None:
    problems: list[str] = []
    anna = _page(browser, problems)
    anna.goto(server + "/")
    anna.click("[data-game=emojito]")
    anna.fill("#create-name", "Anna")
    anna.click("#create-button")
    expect(anna.locator("#room-code")).to_be_visible()
    code = anna.locator("#room-code").inner_text().strip()
    ben, cleo = _page(browser, problems), _page(browser, problems)
    join(ben, server, code, "Ben")
    join(cleo, server, code, "Cleo")
    expect(anna.locator("#seat-list .seat")).to_have_count(3)

    # the lobby's switch: no time limit, and what it means in this room (Emojito: a stand-in after 5 s)
    expect(anna.locator("#no-time-limit")).not_to_be_checked()
    anna.check("#no-time-limit")
    expect(anna.locator("#more-time")).to_have_value("0")
    expect(anna.locator("#no-time-limit-text")).to_have_text(
        "No time limit: nobody is hurried. Whoever is away is stood in for by a bot after 5 s."
    )
    expect(cleo.locator("#no-time-limit-text")).to_contain_text("nobody is hurried")
    anna.screenshot(path=str(screenshots / "standin-lobby-no-time-limit-390.png"), full_page=True)
    anna.uncheck("#no-time-limit")
    expect(anna.locator("#more-time")).to_have_value("100")
    expect(cleo.locator("#no-time-limit-text")).to_have_count(0)

    table = _page(browser, problems, {"width": 1920, "height": 1080})
    table.goto(f"{server}/r/{code}?table=1")
    start_game(anna, first_seat=1)  # Ben performs first
    for page in (anna, cleo, table):
        expect(page.locator("#players .player[data-seat='1'].player-turn")).to_be_visible()
    ben.context.close()  # Ben's phone is gone

    for page in (anna, cleo, table):
        due = page.locator("#players .player[data-seat='1'] .standin-due")
        expect(due).to_be_visible()
        expect(due).to_have_text(re.compile(r"^🤖 Bot plays (in [1-9]\d* s|in a moment)$"))
    expect(anna.locator("#players .player[data-seat='0'] .standin-due")).to_have_count(0)
    button = anna.locator("#players .player[data-seat='1'] button.standin-now")
    expect(button).to_have_text("Let a bot play for Ben now")
    box = button.bounding_box()
    assert box is not None and box["height"] >= 48 and box["width"] >= 48, box
    expect(cleo.locator("button.standin-now")).to_have_count(0)
    expect(table.locator("button.standin-now")).to_have_count(0)
    anna.screenshot(path=str(screenshots / "standin-tile-host-390.png"))
    table.screenshot(path=str(screenshots / "standin-tile-table-1920.png"))
    laptop = _page(browser, problems, {"width": 1280, "height": 800})
    laptop.goto(f"{server}/r/{code}?table=1")
    expect(laptop.locator("#players .player[data-seat='1'] .standin-due")).to_be_visible()
    laptop.screenshot(path=str(screenshots / "standin-tile-table-1280.png"))

    button.click()
    # the stand-in leaves Ben's performance out at once: Cleo performs, Ben's tile says a bot plays for him
    for page in (anna, cleo, table):
        expect(page.locator("#players .player[data-seat='2'].player-turn")).to_be_visible()
        expect(page.locator("#players .player[data-seat='1'] .standin-on")).to_have_text("🤖 Bot playing")
    expect(anna.locator("button.standin-now")).to_have_count(0)
    assert not problems, problems
    for page in (anna, cleo, table, laptop):
        page.context.close()
