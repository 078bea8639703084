"""The laptop is the table, the host plays from the phone (evening, second pass): a room made on a laptop
opens as the table screen without a seat and with host rights; the person who made it joins from her
phone under her own name and is host; the table screen starts the game. Joining without scanning: the
address in large type, a QR code of at least 240 px on the laptop and the TV, the start page's main
button above the fold, the phone's link field never cut."""

from __future__ import annotations

from pathlib import Path

import pytest
from browsing import PHONE, start_game, watch
from playwright.sync_api import Browser, Page, ViewportSize, expect

pytestmark = pytest.mark.browser

LAPTOP_1280: ViewportSize = {"width": 1280, "height": 800}
TV: ViewportSize = {"width": 1920, "height": 1080}

# the element's box is whole inside the first screen of the page (nothing to scroll to reach it)
ABOVE_FOLD = """(sel) => {
  window.scrollTo(0, 0);
  const r = document.querySelector(sel).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: innerHeight};
}"""

# a field shows its whole text: nothing scrolled away sideways or below
WHOLE_TEXT = """(sel) => {
  const e = document.querySelector(sel);
  return {sw: e.scrollWidth, cw: e.clientWidth, sh: e.scrollHeight, ch: e.clientHeight, value: e.value};
}"""


def _page(browser: Browser, problems: list[str], viewport: ViewportSize, locale: str = "de-DE") -> Page:
    context = browser.new_context(viewport=viewport, locale=locale, reduced_motion="reduce")
    page = context.new_page()
    watch(page, problems)
    page.set_default_timeout(10_000)
    return page


def _qr_width(page: Page) -> float:
    """The QR code's shown size once it has loaded (one script: the lobby re-renders on every message)."""
    size = page.wait_for_function(
        """() => {
            const img = document.querySelector('img.qr');
            if (!img || !img.complete || img.naturalWidth === 0) return null;
            const r = img.getBoundingClientRect();
            return Math.min(r.width, r.height);
        }"""
    ).json_value()
    assert isinstance(size, (int, float))
    return float(size)


def _above_fold(page: Page, selector: str) -> None:
    box = page.evaluate(ABOVE_FOLD, selector)
    assert box["top"] >= 0 and box["bottom"] <= box["height"], (selector, box)


def test_the_laptop_is_the_table_and_the_host_plays_from_her_phone(
    browser: Browser, server: str, screenshots: Path
) -> None:
    problems: list[str] = []
    laptop = _page(browser, problems, LAPTOP_1280)
    laptop.goto(server + "/")
    # Eva has played here before: the laptop knows her name, and must not seat her with it
    laptop.evaluate("() => localStorage.setItem('tischrunde.name', 'Eva')")
    laptop.goto(server + "/")
    laptop.click("[data-game=mogelmotte]")
    _above_fold(laptop, "#create-button")
    expect(laptop.locator("[data-where=table]")).to_have_attribute("aria-checked", "true")
    expect(laptop.locator("#create-name")).to_have_value("")
    laptop.screenshot(path=str(screenshots / "start-laptop-1280x800.png"))
    laptop.click("#create-button")

    # the table screen, without a seat, with the host's controls and the address to type
    expect(laptop.locator("#room-code")).to_be_visible()
    assert laptop.url.endswith("?table=1")
    code = laptop.locator("#room-code").inner_text().strip()
    expect(laptop.locator("#seat-list .seat")).to_have_count(0)
    expect(laptop.locator("#start-game")).to_be_visible()
    expect(laptop.locator("#join-address-text")).to_contain_text(f"/r/{code}")
    assert _qr_width(laptop) >= 240

    # a refresh keeps the table screen's rights (its token is stored like a seat's)
    laptop.reload()
    expect(laptop.locator("#room-code")).to_have_text(code)
    expect(laptop.locator("[data-act=add-bot]").first).to_be_visible()

    # Eva scans the QR code with her phone and types her own name: seated, and host
    eva = _page(browser, problems, PHONE)
    eva.goto(f"{server}/r/{code}")
    eva.fill("#ask-name", "Eva")
    eva.click("#ask-join")
    expect(eva.locator("#seat-list .seat")).to_have_count(1)
    expect(eva.locator("#ask-name-error")).to_have_count(0)
    expect(eva.locator("#seat-list .seat").first).to_contain_text("Eva")
    expect(eva.locator("#seat-list .seat").first.locator(".badge-host")).to_be_visible()
    expect(eva.locator("#start-game")).to_be_visible()
    # the phone's link field shows the whole link
    whole = eva.evaluate(WHOLE_TEXT, "#join-link")
    assert whole["value"].endswith(f"/r/{code}")
    assert whole["sw"] <= whole["cw"] and whole["sh"] <= whole["ch"] + 1, whole
    eva.screenshot(path=str(screenshots / "lobby-phone-390x844.png"))

    ben = _page(browser, problems, PHONE)
    ben.goto(f"{server}/r/{code}")
    ben.fill("#ask-name", "Ben")
    ben.click("#ask-join")
    expect(laptop.locator("#seat-list .seat")).to_have_count(2)

    # handing on the host role asks first, naming the person; "cancel" changes nothing
    laptop.locator("[data-seat='1'] [data-act=make-host]").click()
    expect(laptop.locator("#hand-confirm")).to_contain_text("Ben")
    laptop.click("#hand-confirm-no")
    expect(laptop.locator("#hand-confirm")).to_have_count(0)
    expect(eva.locator("#start-game")).to_be_visible()
    laptop.locator("[data-seat='1'] [data-act=make-host]").click()
    laptop.click("#hand-confirm-yes")
    expect(ben.locator("#start-game")).to_be_visible()
    expect(eva.locator("#start-game")).to_have_count(0)
    expect(laptop.locator("#start-game")).to_be_visible()  # the table screen keeps its rights

    # the table screen adds a bot and starts the game; the phones play
    laptop.locator("[data-act=add-bot]").first.click()
    expect(laptop.locator("#seat-list .seat")).to_have_count(3)
    start_game(laptop)
    expect(laptop.locator("main.game")).to_be_visible()
    expect(eva.locator("main.game")).to_be_visible()
    expect(ben.locator("main.game")).to_be_visible()
    assert problems == []


def test_joining_without_scanning_geometry(browser: Browser, server: str, screenshots: Path) -> None:
    """The QR code at 1920 x 1080 (TV, table screen) and 1280 x 800 (a person's lobby on a laptop); the
    start page's main button above the fold on a phone (joining: the phone's main job)."""
    problems: list[str] = []
    phone = _page(browser, problems, PHONE)
    phone.goto(server + "/")
    expect(phone.locator("#create-button")).to_be_visible()
    _above_fold(phone, "#join-button")
    expect(phone.locator("[data-where]")).to_have_count(0)  # a phone makes and joins in one step
    phone.screenshot(path=str(screenshots / "start-phone-390x844.png"))

    tv = _page(browser, problems, TV, locale="en-US")
    tv.goto(server + "/")
    expect(tv.locator("#create-button")).to_be_visible()  # the start page renders once the games are known
    _above_fold(tv, "#create-button")
    tv.click("#create-button")
    expect(tv.locator("#room-code")).to_be_visible()
    code = tv.locator("#room-code").inner_text().strip()
    assert _qr_width(tv) >= 240
    expect(tv.locator("#join-address")).to_contain_text("type this address")
    address = tv.locator("#join-address-text")
    expect(address).to_contain_text(f"/r/{code}")
    # measured on the element in the page at the moment (a new state may render the lobby anew)
    tv.wait_for_function(
        "() => { const e = document.querySelector('#join-address-text');"
        " return e && e.isConnected && e.scrollWidth <= e.clientWidth"
        " && parseFloat(getComputedStyle(e).fontSize) >= 32; }"
    )
    tv.screenshot(path=str(screenshots / "table-lobby-1920x1080.png"))

    # a person playing on the laptop: seated, host, and the QR code still large
    laptop = _page(browser, problems, LAPTOP_1280, locale="en-US")
    laptop.goto(server + "/")
    laptop.fill("#create-name", "Kim")
    expect(laptop.locator("[data-where=seat]")).to_have_attribute("aria-checked", "true")
    laptop.click("#create-button")
    expect(laptop.locator("#seat-list .seat")).to_have_count(1)
    expect(laptop.locator("#start-game")).to_be_visible()
    assert _qr_width(laptop) >= 240
    assert problems == []
