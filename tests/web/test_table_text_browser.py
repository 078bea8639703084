"""The table screen is read from three metres: at 1920 x 1080 every visible text is at least 24 px.

One game of each of the four games with three phones and a table screen (`?table=1`); the shell's texts
(room code, status, log, players and scores) and the game's table are measured in the phase after the
start, and the screen is kept as a screenshot (also at 1280 x 800, where the same rule scales down).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browsing import PHONE, join, start_game
from playwright.sync_api import Browser, Page, ViewportSize, expect

HD: ViewportSize = {"width": 1920, "height": 1080}
LAPTOP: ViewportSize = {"width": 1280, "height": 800}

# what shows on the table screen once the game runs: a game's own element proves its table is drawn
READY = {
    "mogelmotte": "#mm-seats",
    "emojito": "#emj-board",
    "stella": "#stl-grid",
    "wordland": "#wl-table",
}

# a first move on Anna's phone where one is quick, so a line stands in the log and its size is measured too
FIRST_MOVE = {
    "mogelmotte": "[data-action=draw]",
    "wordland": "button.wl-choice[data-index='0']",
}

# every element that itself holds visible text (a text node child), with its font size
SMALL = """(least) => {
  const out = [];
  for (const e of document.querySelectorAll('#app *')) {
    if (!e.checkVisibility || !e.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    if (e.closest('.sr-only')) continue;
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < least) out.push(`${e.tagName.toLowerCase()}#${e.id}.${[...e.classList].join('.')} ${size}px "${e.textContent.trim().slice(0, 30)}"`);
  }
  return out;
}"""


def _page(browser: Browser, size: ViewportSize, locale: str = "de-DE") -> Page:
    page = browser.new_context(viewport=size, locale=locale, device_scale_factor=1).new_page()
    page.set_default_timeout(10_000)
    return page


@pytest.mark.parametrize("game", list(READY))
def test_table_screen_text_is_at_least_24px_at_1080p(
    browser: Browser, server: str, screenshots: Path, game: str
) -> None:
    anna = _page(browser, PHONE)
    anna.goto(server + "/")
    anna.click(f"[data-game={game}]")
    anna.fill("#create-name", "Anna")
    anna.click("#create-button")
    expect(anna.locator("#room-code")).to_be_visible()
    code = anna.locator("#room-code").inner_text().strip()
    ben, cleo = _page(browser, PHONE), _page(browser, PHONE)
    join(ben, server, code, "Ben")
    join(cleo, server, code, "Cleo")
    expect(anna.locator("#seat-list .seat")).to_have_count(3)
    tv = _page(browser, HD)
    tv.goto(f"{server}/r/{code}?table=1")
    laptop = _page(browser, LAPTOP, locale="en-US")
    laptop.goto(f"{server}/r/{code}?table=1")
    expect(tv.locator("#room-code")).to_be_visible()
    start_game(anna, first_seat=0)
    for page in (tv, laptop):
        expect(page.locator(READY[game])).to_be_visible()
    if game in FIRST_MOVE:
        anna.click(FIRST_MOVE[game])
        expect(tv.locator("#log .log-line").first).to_be_visible()
    for page in (tv, laptop):  # the game's own stylesheet is in place before anything is measured
        page.wait_for_function(
            "() => [...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet)"
        )
    tv.screenshot(path=str(screenshots / f"table-text-{game}-1080p.png"))
    laptop.screenshot(path=str(screenshots / f"table-text-{game}-800.png"))
    small = tv.evaluate(SMALL, 24.0)
    assert small == [], small
    # on a laptop the same rule scales with the viewport: nothing under 24 x 800/1080
    small = laptop.evaluate(SMALL, 17.5)
    assert small == [], small
    for page in (anna, ben, cleo, tv, laptop):
        page.context.close()
