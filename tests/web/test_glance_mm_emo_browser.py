"""Mogel-Motte and Emojito at a glance (issues 13 and 15), through the real server and the real web app.

- Phone (390x844): in every state of Mogel-Motte the draw and discard piles, the hand and the one big
  control (slap, throw, draw, the guard's "Erwischt!") are on screen without scrolling; Emojito's seven
  cards carry pictures only (no emotion text; a screen reader reads the name from ``aria-label``).
- Table screen (1920x1080 and 1280x800): the board (Emojito) or the table (Mogel-Motte) covers most of the
  page, its text is at least 24 px at 1080p and the score table stays on the page.
- axe-core: no serious or critical violation in any phase seen.
- Keyboard only: one round of each game played with Tab, Enter and Space.
Screenshots go to artifacts/screenshots/glance/ (the reviewed ones are copied to docs/screenshots/).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from a11y import violations
from browsing import IN_VIEW, PHONE, join, set_options, watch
from playwright.sync_api import Browser, Page, ViewportSize, expect

pytestmark = pytest.mark.browser

HD: ViewportSize = {"width": 1920, "height": 1080}
LAPTOP_800: ViewportSize = {"width": 1280, "height": 800}

# the one big control of each Mogel-Motte moment (whichever is there)
MM_CONTROL = "#dock [data-action=slap], #dock [data-action=throw], #dock [data-action=accuse-big], #dock [data-action=draw], #mm-next-round"


def _page(browser: Browser, problems: list[str], *, size: ViewportSize = PHONE, locale: str = "de-DE", dark: bool = False) -> Page:
    context = browser.new_context(
        viewport=size, locale=locale, device_scale_factor=1, color_scheme="dark" if dark else "light", reduced_motion="reduce"
    )
    page = context.new_page()
    watch(page, problems)
    page.set_default_timeout(15_000)
    return page


def _folder(screenshots: Path) -> Path:
    folder = screenshots / "glance"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _shot(page: Page, folder: Path, name: str) -> None:
    size = page.viewport_size or PHONE
    page.screenshot(path=str(folder / f"{name}-{size['width']}x{size['height']}.png"))


def _axe(page: Page, where: str, found: dict[str, list[str]]) -> None:
    bad = violations(page)
    if bad:
        found[where] = bad


def _mm_room(page: Page, server: str, bots: int = 3, options: dict[str, object] | None = None) -> str:
    page.goto(server + "/")
    page.click("[data-game=mogelmotte]")
    set_options(page, {"rounds": 1, "hand_size": 5, "round_pause_ms": 4000, **(options or {})})
    page.fill("#create-name", "Anna")
    page.click("#create-button")
    expect(page.locator("#room-code")).to_be_visible()
    code = page.locator("#room-code").inner_text().strip()
    for k in range(bots):
        page.click("[data-act=add-bot]")
        expect(page.locator("#seat-list .seat")).to_have_count(2 + k)
    return code


def _in_view(page: Page, selectors: list[str]) -> list[str]:
    result: list[str] = page.evaluate(IN_VIEW, selectors)
    return result


def _mm_phase(page: Page) -> str:
    node = page.locator("#table .mm-table")
    return (node.get_attribute("data-phase") or "") if node.count() else ""


def test_mogelmotte_phone_shows_piles_hand_and_control_in_every_state(browser: Browser, server: str, screenshots: Path) -> None:
    folder = _folder(screenshots)
    problems: list[str] = []
    anna = _page(browser, problems)
    code = _mm_room(anna, server)
    table = _page(browser, problems, size=HD)
    table.goto(f"{server}/r/{code}?table=1")
    expect(table.locator("#room-code")).to_have_text(code)
    anna.click("#start-game")
    expect(anna.locator("#mm-hand")).to_be_visible()
    seen: set[str] = set()
    axe: dict[str, list[str]] = {}
    hidden: list[str] = []
    deadline = time.monotonic() + 120
    while not anna.locator("#ranking").count() and time.monotonic() < deadline:
        phase = _mm_phase(anna)
        control = anna.locator(MM_CONTROL)
        key = f"{phase}:{control.first.get_attribute('data-action') if control.count() else '-'}"
        if key not in seen:
            seen.add(key)
            want = ["#mm-draw-pile", "#mm-discard", "#mm-hand", "#status"]
            if control.count():
                want.append(MM_CONTROL)
            hidden += [f"{key}: {h}" for h in _in_view(anna, want)]
            _shot(anna, folder, f"mm-{phase}-{key.split(':')[1]}")
            _axe(anna, key, axe)
        for sel in ("[data-action=slap]", "[data-action=throw]", "#mm-hand [data-action=give]", "#mm-hand [data-action=play]", "[data-action=draw]", "[data-action=spider_skip]"):
            node = anna.locator(sel).first
            if node.count() and node.is_visible():
                try:
                    node.click(timeout=1000)
                except Exception:  # noqa: BLE001 - re-rendered under the click
                    pass
                break
        anna.wait_for_timeout(150)
    print(sorted(seen))
    _shot(table, folder, "mm-table")
    assert hidden == [], hidden
    assert axe == {}, "\n".join(f"{k}: {x}" for k, v in axe.items() for x in v)
    assert problems == [], problems
