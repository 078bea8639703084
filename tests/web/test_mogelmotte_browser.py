"""Three phones play a whole game of Mogel-Motte through the real server and the real web app.

Player A creates the room (and is the first guard), B and C join by code; a bot fills the fourth seat.
B reloads mid-game and keeps its seat, B is caught cheating by the guard through the UI (press and
hold a card, "Caught!" at B's seat), and the hostile names show as text. The game is shortened with
the engine's own options (one round, small hands, short pauses) so the test stays quick; a cheat takes
4 s instead of 2 s so the guard's browser has time for screenshots before tapping.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from browsing import LAPTOP, PHONE, join, start_game, watch
from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import Error as PlaywrightError

pytestmark = pytest.mark.browser

HOSTILE = "<img src=x onerror=alert(1)>"
HOSTILE_SHORT = "<svg onload=alert(1)>"
NAME_LIMIT = 24  # the server keeps names to 24 characters


def _page(browser: Browser, dialogs: list[str], *, locale: str = "de-DE", size: ViewportSize = PHONE) -> Page:
    context = browser.new_context(viewport=size, locale=locale, has_touch=False, device_scale_factor=1)
    page = context.new_page()
    watch(page, dialogs)
    page.set_default_timeout(15_000)
    return page


def _shoot(page: Page, folder: Path, name: str) -> None:
    """A phone-sized and a laptop-sized screenshot of the current screen."""
    page.screenshot(path=str(folder / f"{name}-phone.png"))
    page.set_viewport_size(LAPTOP)
    _settle(page)
    page.screenshot(path=str(folder / f"{name}-laptop.png"))
    page.set_viewport_size(PHONE)
    _settle(page)


def _settle(page: Page) -> None:
    """Wait (no fixed sleep) until two frames have been drawn and no finite animation runs any more."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_function(
        """() => document.getAnimations().every(
            (x) => x.playState !== 'running' || x.effect.getComputedTiming().iterations === Infinity)"""
    )


def _step(page: Page) -> str | None:
    """Make one move like a simple player would: slap, throw, give, play a legal card, or draw."""
    spider_card = page.locator("#mm-hand [data-action=spider_give]").first
    try:
        if spider_card.count():
            # spider: pick a card, then the seat that gets it
            spider_card.click(timeout=1500)
            page.locator(".mm-give-here").first.click(timeout=1500)
            return "spider_give"
    except PlaywrightError:
        return None
    for selector in (
        "[data-action=slap]",
        "[data-action=throw]",
        "#mm-hand [data-action=give]",
        "[data-action=spider_skip]",
        "#mm-hand [data-action=play]",
        "[data-action=draw]",
    ):
        node = page.locator(selector).first
        try:
            if node.count() and node.is_visible():
                node.click(timeout=1500)
                return selector
        except PlaywrightError:  # the screen re-rendered under the click; try again next loop
            return None
    return None


def _guard_seat(page: Page) -> int | None:
    node = page.locator(".mm-seat.mm-seat-guard").first
    if not node.count():
        return None
    return int(node.get_attribute("data-seat") or "-1")


def test_three_phones_play_a_whole_game(browser: Browser, server: str, screenshots: Path) -> None:
    dialogs: list[str] = []
    a = _page(browser, dialogs)

    # ---- start page and room creation (A, the host and first guard)
    a.goto(server + "/")
    expect(a.locator("#create-button")).to_be_visible()
    expect(a.locator("[data-game=mogelmotte]")).to_be_visible()
    _shoot(a, screenshots, "01-start")
    a.locator(".option-details summary").first.click()
    for option, value in (
        ("rounds", "1"),
        ("hand_size", "5"),
        ("round_pause_ms", "0.5"),  # seconds, as the form shows them
        ("cheat_ms", "4"),
    ):
        a.fill(f"#opt-{option}", value)
        a.dispatch_event(f"#opt-{option}", "change")
    a.fill("#create-name", "Anna")
    a.click("#create-button")
    expect(a.locator("#room-code")).to_be_visible()
    code = a.locator("#room-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{3,8}", code), code
    assert a.url.endswith(f"/r/{code}")

    # ---- B (hostile name) and C join by code
    b = _page(browser, dialogs, locale="en-US")
    c = _page(browser, dialogs)
    join(b, server, code, HOSTILE)
    join(c, server, code, HOSTILE_SHORT)
    shown_b = HOSTILE[:NAME_LIMIT]
    for page in (a, b, c):
        expect(page.locator("#seat-list .seat-name", has_text=shown_b)).to_have_text(shown_b)
        expect(page.locator("#seat-list .seat-name", has_text=HOSTILE_SHORT)).to_have_text(HOSTILE_SHORT)
        assert page.locator("#seat-list img, #seat-list svg").count() == 0
    expect(b.locator("#waiting-host")).to_contain_text("Anna")

    # the host fills the fourth seat with a bot
    a.click("[data-act=add-bot]")
    expect(a.locator("#seat-list .seat")).to_have_count(4)
    a.evaluate("window.scrollTo(0, 0)")
    _shoot(a, screenshots, "02-lobby")

    # a table screen watches (laptop size): it must never show a hand
    table = _page(browser, dialogs, size=LAPTOP)
    table.goto(f"{server}/r/{code}?table=1")
    expect(table.locator("#room-code")).to_have_text(code)

    start_game(a)
    for page in (a, b, c):
        expect(page.locator("#mm-hand")).to_be_visible()
    expect(table.locator("#mm-seats")).to_be_visible()
    assert table.locator("#mm-hand").count() == 0

    # ---- B cheats (press and hold) and the guard A catches B in the act
    assert _guard_seat(a) == 0
    caught = _catch_a_cheat(a, b, screenshots)
    assert caught, "the guard could not catch the cheater"
    expect(a.locator(".mm-seat.mm-seat-guard")).to_have_attribute("data-seat", "1", timeout=10_000)
    expect(b.locator(".mm-seat.mm-seat-guard")).to_have_attribute("data-seat", "1")

    # ---- everyone plays until the final ranking; B reloads once mid-game
    reloaded = False
    moves = 0
    shot_turn = False
    baited = False
    bait_until = time.monotonic() + 60
    table_shot = False
    deadline = time.monotonic() + 150
    while not a.locator("#ranking").count():
        assert time.monotonic() < deadline, "the game did not finish in time"
        for page in (a, b, c):
            if page.locator("#ranking").count():
                continue
            if page is a and not shot_turn and a.locator("#mm-hand [data-action=play]").count():
                _shoot(a, screenshots, "03-turn")
                shot_turn = True
                # a card that does not fit explains why when tapped
                unfit = a.locator("#mm-hand .pcard.mm-dim").first
                if unfit.count():
                    unfit.click()
                    expect(a.locator(".toast-explain").first).to_be_visible()
            if _step(page):
                moves += 1
        if moves >= 2 and not table_shot:
            table.screenshot(path=str(screenshots / "07-table-screen-laptop.png"))
            assert table.locator("#mm-hand").count() == 0
            table_shot = True
        if moves >= 6 and not baited and time.monotonic() < bait_until:
            baited = _bait_the_guard(b, c)
        if moves >= 4 and not reloaded:
            token_before = b.evaluate(f"localStorage.getItem('tischrunde.token.{code}')")
            b.reload()
            expect(b.locator(".player-me .player-name")).to_have_text(shown_b)
            expect(b.locator("#mm-hand")).to_be_visible()
            assert b.evaluate(f"localStorage.getItem('tischrunde.token.{code}')") == token_before
            reloaded = True
        a.wait_for_timeout(120)
    assert reloaded
    assert baited, "the fidget never drew a wrong accusation"
    for page in (a, b, c):
        expect(page.locator("#ranking")).to_be_visible(timeout=10_000)
        expect(page.locator("#ranking .rank-row")).to_have_count(4)
        expect(page.locator("#ranking .rank-name", has_text=shown_b)).to_have_text(shown_b)
    # the table screen's final table takes the ranking's place there (by rank, every round, the totals)
    expect(table.locator("#mm-round-table tbody tr")).to_have_count(4, timeout=10_000)
    expect(table.locator("#mm-round-table .who-name", has_text=shown_b)).to_have_text(shown_b)
    _settle(a)  # let the last animation finish
    _shoot(a, screenshots, "05-ranking")
    table.screenshot(path=str(screenshots / "06-table-ranking-laptop.png"))
    # on a phone the ranking folds down to one button, so the last table can be looked at
    a.click("#ranking-toggle")
    expect(a.locator("#ranking .rank-row")).to_have_count(0)
    expect(a.locator("#ranking-toggle")).to_have_attribute("aria-expanded", "false")
    a.screenshot(path=str(screenshots / "05-ranking-folded-phone.png"))
    a.click("#ranking-toggle")
    expect(a.locator("#ranking .rank-row")).to_have_count(4)

    # the host starts a new game in the same room, with the same seats
    a.click("#play-again")
    for page in (a, b, c):
        expect(page.locator("#mm-hand")).to_be_visible()
        expect(page.locator("#ranking")).to_have_count(0)

    assert dialogs == [], dialogs


def _catch_a_cheat(a: Page, b: Page, screenshots: Path) -> bool:
    """B holds a card until the tell shows on A's screen; A taps "Caught!" at B's seat."""
    for _attempt in range(6):
        card = b.locator("#mm-hand .pcard[data-cheat='1']").first
        try:
            card.wait_for(timeout=5000)
            box: Any = card.bounding_box()
        except PlaywrightError:  # not B's moment to cheat yet (a race or a give); wait
            b.wait_for_timeout(300)
            continue
        if box is None:
            continue
        b.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        b.mouse.down()
        try:
            accuse = a.locator(".mm-seat[data-seat='1'].mm-seat-tell [data-action=accuse]")
            accuse.wait_for(timeout=2500)
            # the cheater's own screen while the card vanishes (the tell shows at B's seat everywhere)
            expect(b.locator(".mm-seat[data-seat='1'].mm-seat-tell")).to_be_visible()
            b.screenshot(path=str(screenshots / "04-cheating-phone.png"))
            a.screenshot(path=str(screenshots / "04-guard-sees-tell-phone.png"))
            accuse.click(timeout=1500)
            expect(a.locator(".log-line", has_text=re.compile("Erwischt|Caught"))).to_be_visible(timeout=3000)
            _settle(a)
            _shoot(a, screenshots, "04-caught")
            return True
        except (PlaywrightError, AssertionError):  # the cheat could not start (phase changed); retry
            pass
        finally:
            b.mouse.up()
        b.wait_for_timeout(500)
    print("guard's log:", a.locator(".log-line").all_inner_texts())
    print("cheater's log:", b.locator(".log-line").all_inner_texts())
    return False


def _bait_the_guard(guard: Page, fidgeter: Page) -> bool:
    """C fidgets (the tell without a card); the guard B falls for it: a wrong accusation."""
    fidget = fidgeter.locator("[data-action=fidget]")
    try:
        if not fidget.count() or not fidget.is_visible():
            return False
        fidget.click(timeout=1000)
        accuse = guard.locator(".mm-seat[data-seat='2'].mm-seat-tell [data-action=accuse]")
        accuse.wait_for(timeout=1500)
        accuse.click(timeout=1000)
        expect(guard.locator(".log-line", has_text="Wrong guess")).to_be_visible(timeout=3000)
        expect(fidgeter.locator(".log-line", has_text="Falscher Verdacht")).to_be_visible(timeout=3000)
    except (PlaywrightError, AssertionError):
        return False
    return True
