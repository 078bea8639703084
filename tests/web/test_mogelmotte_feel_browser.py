"""Mogel-Motte at 390 x 844: every card's printed name fits its card, and the guard's "Erwischt!" is seen.

The labels are drawn by the module itself (its renderControls and renderTable with a hand of every kind), in
German and English. The catch is a real game of three people and no bot: nobody else moves, so Ben's
cheat and Anna's catch happen every time, not by chance.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from browsing import PHONE, join, start_game
from playwright.sync_api import Browser, Page, expect

# card ids of the deck (games/data/mogelmotte/deck.json): 43 numbers, then 5 each of ant, spider,
# mosquito, cockroach, then the moths
KINDS = ["ant", "spider", "mosquito", "cockroach", "moth"]
FIRST = {"ant": 43, "spider": 48, "mosquito": 53, "cockroach": 58, "moth": 63}

RENDER = """
async ({hand, top, lang}) => {
  const i18n = await import('/static/i18n.js');
  const mod = (await import('/static/games/mogelmotte.js')).default;
  const dom = await import('/static/dom.js');
  i18n.setLang(lang);
  // the module's own stylesheet loads after its import: measure only with it in place
  const link = document.querySelector('link[data-mogelmotte]');
  if (!link.sheet) await new Promise((r) => link.addEventListener('load', r, {once: true}));
  const seats = [0, 1, 2].map((s) => ({seat: s, name: ['Anna', 'Ben', 'Cleo'][s], kind: 'human', connected: true}));
  const view = {phase: 'play', round: 1, rounds: 1, hand, hand_counts: [hand.length, 5, 5], draw_count: 30,
    discard_top: top, guard_seat: 1, turn: 0, tells: [], penalty_points: {rounds: [], total: [0, 0, 0]},
    options: {cheat_ms: 2000}, can_cheat: true};
  const ctx = {view, legal: [], active: [0], seat: 0, role: 'player', isTable: false, outcome: null,
    info: {options: {}, seats}, name: (s) => seats[s].name, act: () => {}, explain: () => {},
    rerender: () => {}, announce: () => {}, now: () => 0};
  const page = document.createElement('main');
  page.className = 'page game game-mogelmotte';
  const table = document.createElement('section');
  table.className = 'table';
  table.id = 'table';
  dom.mount(table, mod.renderTable(ctx));
  const dock = document.createElement('footer');
  dock.className = 'dock';
  dock.id = 'dock';
  dom.mount(dock, mod.renderControls(ctx));
  page.append(table, dock);
  document.getElementById('app').replaceChildren(page);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}
"""

# every printed card name on the page: [text, card width, label scroll/client width and height, card box]
LABELS = """() => [...document.querySelectorAll('.pcard .pl')].filter((e) => e.offsetParent !== null).map((e) => {
  const card = e.closest('.pcard').getBoundingClientRect();
  const r = e.getBoundingClientRect();
  return {text: e.textContent, card: card.width, sw: e.scrollWidth, cw: e.clientWidth, sh: e.scrollHeight,
          ch: e.clientHeight, inside: r.left >= card.left - 0.5 && r.right <= card.right + 0.5
          && r.top >= card.top - 0.5 && r.bottom <= card.bottom + 0.5};
})"""


def test_every_card_label_fits_its_card(browser: Browser, server: str, screenshots: Path) -> None:
    page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
    page.goto(server + "/")
    for lang in ("de", "en"):
        for value in (0, 4):
            hand = [FIRST[k] + value for k in KINDS]
            for top in hand:
                page.evaluate(RENDER, {"hand": hand, "top": top, "lang": lang})
                labels = page.evaluate(LABELS)
                assert len(labels) == len(KINDS) + 1, labels  # five in the hand, one on the pile
                for label in labels:
                    assert label["sw"] <= label["cw"], (lang, label)
                    assert label["sh"] <= label["ch"] + 1, (lang, label)
                    assert label["inside"], (lang, label)
        assert any(label["card"] <= 64.5 for label in labels)  # the narrow cards of the hand were measured
        page.screenshot(path=str(screenshots / f"mogelmotte-card-labels-{lang}-phone.png"))
    page.context.close()


IN_VIEWPORT = """() => {
  const b = document.querySelector('.mm-burst-caught');
  if (!b) return null;
  const r = b.getBoundingClientRect();
  // the banner lets taps through (pointer-events: none); for one look it takes them, to find what is on top
  b.style.pointerEvents = 'auto';
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  b.style.pointerEvents = '';
  return {inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
          onTop: Boolean(hit && b.contains(hit)), text: b.textContent, opacity: getComputedStyle(b).opacity};
}"""


def _phone(
    browser: Browser,
    problems: list[str],
    *,
    locale: str = "de-DE",
    motion: Literal["reduce", "no-preference"] = "no-preference",
) -> Page:
    context = browser.new_context(viewport=PHONE, locale=locale, device_scale_factor=1, reduced_motion=motion)
    page = context.new_page()
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.set_default_timeout(10_000)
    return page


def test_the_guard_catches_a_cheat_and_everyone_sees_caught(
    browser: Browser, server: str, screenshots: Path
) -> None:
    problems: list[str] = []
    anna = _phone(browser, problems)
    anna.goto(server + "/")
    anna.click("[data-game=mogelmotte]")
    anna.fill("#create-name", "Anna")
    anna.click("#create-button")
    expect(anna.locator("#room-code")).to_be_visible()
    code = anna.locator("#room-code").inner_text().strip()
    ben = _phone(browser, problems, motion="reduce")
    cleo = _phone(browser, problems, locale="en-US")
    join(ben, server, code, "Ben")
    join(cleo, server, code, "Cleo")
    expect(anna.locator("#seat-list .seat")).to_have_count(3)
    start_game(anna, first_seat=0)  # Anna begins: she is the guard; nobody else moves until Ben cheats
    for page in (anna, ben, cleo):
        expect(page.locator("#mm-hand")).to_be_visible()
    expect(anna.locator(".mm-seat[data-seat='0'].mm-seat-guard")).to_be_visible()

    # Ben presses and holds a card: the tell shows at his seat, and Anna's "Erwischt!" appears there
    card = ben.locator("#mm-hand .pcard[data-cheat='1']").first
    box = card.bounding_box()
    assert box is not None
    ben.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ben.mouse.down()
    accuse = anna.locator(".mm-seat[data-seat='1'].mm-seat-tell [data-action=accuse]")
    expect(accuse).to_be_visible(timeout=3000)
    accuse.click()
    ben.mouse.up()

    # the banner: on every phone, whole inside the 390 x 844 viewport and on top of everything
    for page, word in ((anna, "Erwischt!"), (ben, "Erwischt!"), (cleo, "Caught!")):
        page.wait_for_function("() => document.querySelector('.mm-burst-caught')", timeout=3000)
        seen = page.evaluate(IN_VIEWPORT)
        assert seen is not None and seen["inside"] and seen["onTop"], seen
        assert word in seen["text"], seen
    anna.wait_for_timeout(300)  # the zoom has settled (a screenshot, not an assertion)
    anna.screenshot(path=str(screenshots / "mogelmotte-caught-phone.png"))
    expect(anna.locator(".log-line", has_text="Erwischt")).to_be_visible()
    expect(ben.locator(".mm-seat[data-seat='1'].mm-seat-guard")).to_be_visible()  # Ben is the guard now
    assert problems == [], problems
    for page in (anna, ben, cleo):
        page.context.close()
