"""Relaxed timers in the lobby (issue 15, WCAG 2.2.1): the host chooses "more time" in plain words, every
phone sees the choice and what it does, it survives a reload, and the game's deadlines grow with it.

The deadline is read from the state frames the server sends over the WebSocket (``deadline_ms - now_ms``,
both the server's clock), so nothing here measures wall-clock time."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from browsing import PHONE, join, record_states, start_game, watch
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser


def _page(browser: Browser, problems: list[str], locale: str = "en-US") -> Page:
    context = browser.new_context(viewport=PHONE, locale=locale)
    page = context.new_page()
    watch(page, problems)
    page.set_default_timeout(15_000)
    return page


def _wordland_room(page: Page, server: str) -> str:
    page.goto(server + "/")
    page.click("[data-game=wordland]")
    page.fill("#create-name", "Anna")
    page.click("#create-button")
    expect(page.locator("#room-code")).to_be_visible()
    return page.locator("#room-code").inner_text().strip()


def _first_deadline(page: Page, states: list[dict[str, Any]]) -> int:
    """The Queen's category choice (Wordland's first deadline, a courtesy timer): how long it gives."""
    page.wait_for_function("() => document.querySelectorAll('button.wl-choice').length === 2")
    with_deadline = [s for s in states if s.get("deadline_ms") is not None]
    assert with_deadline, states
    first = with_deadline[0]
    return int(first["deadline_ms"]) - int(first["now_ms"])


def test_the_host_gives_more_time_and_the_deadline_doubles(browser: Browser, server: str) -> None:
    problems: list[str] = []
    seen: dict[int, int] = {}

    # a default room: "Normal" everywhere, and the Queen's choice as the game sets it
    anna = _page(browser, problems)
    states = record_states(anna)
    _wordland_room(anna, server)
    expect(anna.locator("#more-time")).to_have_value("100")
    expect(anna.locator("#more-time-races")).to_have_count(0)
    for _ in range(2):
        anna.click("[data-act=add-bot]")
    expect(anna.locator("#seat-list .seat")).to_have_count(3)
    start_game(anna, first_seat=0)
    seen[100] = _first_deadline(anna, states)
    anna.context.close()

    # the host chooses "twice as long" in the lobby; Ben (German phone) sees it in his words
    anna = _page(browser, problems)
    states = record_states(anna)
    code = _wordland_room(anna, server)
    ben = _page(browser, problems, locale="de-DE")
    join(ben, server, code, "Ben")
    expect(ben.locator("#more-time-text")).to_contain_text("Normal")
    expect(ben.locator("#more-time")).to_have_count(0)  # only the host chooses
    anna.select_option("#more-time", "200")
    expect(anna.locator("#more-time-box")).to_have_attribute("data-more-time", "200")
    expect(ben.locator("#more-time-text")).to_contain_text("Mehr Zeit")
    expect(ben.locator("#more-time-text strong")).to_have_text("Doppelt so lang")
    expect(ben.locator("#more-time-explain")).to_contain_text("doppelt so lang")
    # Wordland's teapot is the game itself: at most double, never off, and the lobby says so
    expect(anna.locator("#more-time-races")).to_contain_text("teapot")
    expect(anna.locator("#more-time-races")).to_contain_text("never more than twice")
    expect(ben.locator("#more-time-races")).to_contain_text("Teekanne")
    anna.select_option("#more-time", "0")
    expect(anna.locator("#more-time-explain")).to_contain_text("No time limit")
    expect(anna.locator("#more-time-races")).to_contain_text("never without a time limit")
    expect(ben.locator("#more-time-text strong")).to_have_text("Ohne Zeitlimit")
    anna.select_option("#more-time", "200")
    expect(ben.locator("#more-time-text strong")).to_have_text("Doppelt so lang")
    # the choice is the room's: a reload shows it again
    anna.reload()
    expect(anna.locator("#more-time")).to_have_value("200")
    expect(anna.locator("#more-time option:checked")).to_have_text("Twice as long")
    anna.click("[data-act=add-bot]")
    expect(anna.locator("#seat-list .seat")).to_have_count(3)
    start_game(anna, first_seat=0)
    seen[200] = _first_deadline(anna, states)

    # the server's deadlines, not a clock: the choice as set, and twice that (less the few ms between the
    # deadline being set and the frame being sent)
    with urllib.request.urlopen(server + "/api/games", timeout=5) as res:
        spec = next(g for g in json.loads(res.read()) if g["name"] == "wordland")
    choose_ms = 1000 * next(o["default"] for o in spec["options"] if o["name"] == "choose_s")
    assert choose_ms - 1_000 <= seen[100] <= choose_ms, seen
    assert 2 * choose_ms - 1_000 <= seen[200] <= 2 * choose_ms, seen
    assert seen[200] > 1.9 * seen[100], seen
    assert problems == [], problems
    for page in (anna, ben):
        page.context.close()


def test_a_game_without_races_says_nothing_about_races(browser: Browser, server: str) -> None:
    """Stella's timers are all courtesy timers: the lobby shows no line about races."""
    problems: list[str] = []
    anna = _page(browser, problems, locale="de-DE")
    anna.goto(server + "/")
    anna.click("[data-game=stella]")
    anna.fill("#create-name", "Anna")
    anna.click("#create-button")
    expect(anna.locator("#room-code")).to_be_visible()
    anna.select_option("#more-time", "300")
    expect(anna.locator("#more-time-box")).to_have_attribute("data-more-time", "300")
    expect(anna.locator("#more-time-explain")).to_contain_text("dreimal so lang")
    expect(anna.locator("#more-time-races")).to_have_count(0)
    assert problems == [], problems
    anna.context.close()
