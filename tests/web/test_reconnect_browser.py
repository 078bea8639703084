"""A phone keeps its seat through a server crash: kill -9, restart on the same data, the page reconnects."""

from __future__ import annotations

from typing import Any

import pytest
from browsing import PHONE, start_game, watch
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser


def test_phone_reconnects_after_kill_9(browser: Browser, server_process: Any) -> None:
    server = server_process
    server.start()
    base: str = server.url
    problems: list[str] = []
    context = browser.new_context(viewport=PHONE, locale="en-US")
    page = context.new_page()
    watch(page, problems)
    page.set_default_timeout(15_000)

    page.goto(base + "/")
    page.locator(".option-details summary").first.click()
    for option, value in (("rounds", "1"), ("hand_size", "7"), ("cheat_ms", "20")):
        page.fill(f"#opt-{option}", value)
        page.dispatch_event(f"#opt-{option}", "change")
    page.fill("#create-name", "Rita")
    page.click("#create-button")
    expect(page.locator("#room-code")).to_be_visible()
    page.click("[data-act=add-bot]")
    expect(page.locator("#seat-list .seat")).to_have_count(2)
    page.click("[data-act=add-bot]")
    expect(page.locator("#seat-list .seat")).to_have_count(3)
    start_game(page)
    expect(page.locator("#mm-hand")).to_be_visible()
    url = page.url

    server.kill()
    expect(page.locator(".conn-lost")).to_be_visible()
    server.start()

    # no dialog, no reload: the page finds its seat again and shows the game
    expect(page.locator(".conn-lost")).to_have_count(0, timeout=20_000)
    expect(page.locator(".player-me .player-name")).to_have_text("Rita")
    expect(page.locator("#mm-hand .pcard").first).to_be_visible()
    assert page.url == url
    assert problems == [], problems
