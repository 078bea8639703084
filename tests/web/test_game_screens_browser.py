"""Every phase of every game on a phone (390x844), light and dark (issue 15): axe-core finds no serious or
critical violation, and with the browser's font size at 200 % no control overlaps another, sticks out of the
page or is cut off by its box. The end screen is checked too.

One phone plays with the mouse as a simple player would (Emojito, played by people only, with a second
phone); bots fill the other seats. The phase is the one the server last sent (``view.phase``) and whether
this phone may act in it; a check is kept only if no new state came while it ran (bots move fast), otherwise
it is made again. Screenshots of each phase at 100 % and 200 % go to artifacts/screenshots/phases/."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import pytest
from a11y import violations
from browsing import PHONE, join, record_states, set_options, start_game, watch
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError
from test_mogelmotte_browser import _step as mm_step
from test_wordland_browser import _valid_word

pytestmark = pytest.mark.browser

Scheme = Literal["light", "dark"]
SCHEMES: tuple[Scheme, ...] = ("light", "dark")

# what a person can operate; the checks below look at each one that is shown
CONTROLS = "button, select, input, textarea, summary, a[href], [role=button], [tabindex='0']"

LAYOUT = """(sels) => {
  window.scrollTo(0, 0);
  const out = [];
  const W = document.documentElement.clientWidth, H = innerHeight;
  const dock = document.querySelector('#dock');
  const fixedDock = dock && ['fixed', 'sticky'].includes(getComputedStyle(dock).position);
  const shown = (n) => {
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && n.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  };
  const name = (n) => `${n.tagName.toLowerCase()}${n.id ? '#' + n.id : ''}.${(n.className || '').toString().trim().split(/\\s+/).join('.')}` +
    ` "${(n.getAttribute('aria-label') || n.textContent || '').trim().slice(0, 24)}"`;
  const nodes = [...document.querySelectorAll(sels)].filter(shown);
  const layer = (n) => (fixedDock && dock.contains(n) ? 'dock' : 'page');
  // a box that clips its content and does not scroll: what lies outside it cannot be seen at all
  const clipper = (n) => {
    for (let a = n.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (['auto', 'scroll'].includes(s.overflowX) || ['auto', 'scroll'].includes(s.overflowY)) return null;
      if (['hidden', 'clip'].includes(s.overflowX) || ['hidden', 'clip'].includes(s.overflowY)) return a;
    }
    return null;
  };
  const scrolls = (n) => {
    for (let a = n.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (['auto', 'scroll'].includes(s.overflowX) && a.scrollWidth > a.clientWidth) return true;
    }
    return false;
  };
  if (dock && getComputedStyle(dock).position === 'fixed' && shown(dock)) {
    const page = document.querySelector('main.page');
    const d = dock.getBoundingClientRect();
    const room = page ? parseFloat(getComputedStyle(page).paddingBottom) + parseFloat(getComputedStyle(page).marginBottom) : 0;
    if (room + 1 < d.height) out.push(`the page leaves ${room}px under its end for a ${d.height}px dock`);
  }
  for (const n of nodes) {
    const r = n.getBoundingClientRect();
    if ((r.left < -0.5 || r.right > W + 0.5) && !scrolls(n)) out.push(`sticks out sideways: ${name(n)} ${r.left}..${r.right}`);
    if (layer(n) === 'dock' && (r.top < -0.5 || r.bottom > H + 0.5)) out.push(`off the screen in the dock: ${name(n)} ${r.top}..${r.bottom}`);
    const c = clipper(n);
    if (c) {
      const q = c.getBoundingClientRect();
      if (r.left < q.left - 1 || r.right > q.right + 1 || r.top < q.top - 1 || r.bottom > q.bottom + 1)
        out.push(`cut off by ${name(c)}: ${name(n)}`);
    }
    const s = getComputedStyle(n);
    if ([s.overflowX, s.overflowY].some((o) => ['hidden', 'clip'].includes(o)) && n.tagName !== 'SELECT' && n.tagName !== 'INPUT' && n.tagName !== 'TEXTAREA' &&
        (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1))
      out.push(`its text is cut off: ${name(n)} ${n.scrollWidth}x${n.scrollHeight} in ${n.clientWidth}x${n.clientHeight}`);
  }
  for (let i = 0; i < nodes.length; i += 1) {
    for (let j = i + 1; j < nodes.length; j += 1) {
      const a = nodes[i], b = nodes[j];
      if (a.contains(b) || b.contains(a) || layer(a) !== layer(b)) continue;
      const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
      const x = Math.min(r.right, s.right) - Math.max(r.left, s.left);
      const y = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (x > 1 && y > 1) out.push(`overlap: ${name(a)} / ${name(b)}`);
    }
  }
  return out;
}"""


# colour is never the only signal: each coloured or highlighted thing also carries a shape or a word
SIGNALS = """() => {
  const out = [];
  const text = (n) => (n ? n.textContent.trim() : '');
  const shape = (s) => /[^\\p{L}\\p{N}\\s]/u.test(s);  // a symbol (a shape, a mark), not a letter or digit
  for (const n of document.querySelectorAll('.player-turn')) {
    if (!shape(text(n.querySelector('.turn-mark')))) out.push(`turn without a mark: ${text(n)}`);
  }
  for (const n of document.querySelectorAll('.wl-tile')) {
    const tag = text(n.querySelector('.wl-tile-tag'));
    const word = tag.replace(/^[^\\p{L}]+/u, '').trim();
    if (!shape(tag) || !word) out.push(`letter tile without a shape and a colour word: ${n.outerHTML.slice(0, 80)}`);
    else if (!(n.getAttribute('aria-label') || '').includes(word)) out.push(`letter tile whose label lacks "${word}"`);
  }
  for (const n of document.querySelectorAll('.wl-chip')) {
    if (!shape(text(n).slice(0, 2))) out.push(`letter chip without a shape: ${text(n)}`);
  }
  for (const n of document.querySelectorAll('.mm-legal')) {
    if (!shape(text(n.querySelector('.mm-legal-mark')))) out.push(`legal card without a mark: ${n.getAttribute('aria-label')}`);
  }
  for (const n of document.querySelectorAll('.stl-tile-mine, .stl-tile-can.stl-tile-chosen')) {
    if (!shape(text(n.querySelector('.stl-mine, .stl-can-mark')))) out.push(`marked picture without a mark: ${n.dataset.pos}`);
  }
  for (const n of document.querySelectorAll('.emj-tile-chosen')) {
    if (n.getAttribute('aria-pressed') !== 'true' && !shape(text(n.querySelector('.emj-chosen-mark'))))
      out.push(`chosen card without a mark: ${n.dataset.number}`);
  }
  return out;
}"""


def _page(browser: Browser, problems: list[str], scheme: Scheme, locale: str = "en-US") -> Page:
    context = browser.new_context(
        viewport=PHONE, locale=locale, color_scheme=scheme, reduced_motion="reduce", device_scale_factor=1
    )
    page = context.new_page()
    watch(page, problems)
    page.set_default_timeout(15_000)
    return page


def _font_scale(page: Page, percent: int) -> None:
    """The browser's default font size (16 px at 100 %), set through the DevTools protocol."""
    cdp = page.context.new_cdp_session(page)
    cdp.send(
        "Page.setFontSizes", {"fontSizes": {"standard": 16 * percent // 100, "fixed": 13 * percent // 100}}
    )
    cdp.detach()
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def _settled(page: Page) -> None:
    """Every one-off animation has run out (a fading line is not yet its final colour)."""
    with contextlib.suppress(PlaywrightError):
        page.wait_for_function(
            "() => document.getAnimations().every((a) => a.effect.getTiming().iterations === Infinity)",
            timeout=3000,
        )


class Sweep:
    """The checks of one phone, phase by phase."""

    def __init__(self, page: Page, states: list[dict[str, Any]], name: str, folder: Path) -> None:
        self.page, self.states, self.name, self.folder = page, states, name, folder
        self.seen: set[str] = set()
        self.found: dict[str, list[str]] = {}

    def key(self) -> str:
        if self.page.locator("#ranking").count():
            return "end"
        if not self.states:
            return ""
        last = self.states[-1]
        acts = "act" if last.get("legal") else "wait"  # the legal actions are this seat's
        return f"{(last.get('view') or {}).get('phase', '')}-{acts}"

    def check(self) -> None:
        key = self.key()
        if not key or key in self.seen:
            return
        before = len(self.states)
        axe: list[str] = []
        for scheme in SCHEMES:  # one phase, both colour schemes: axe (contrast included) in each
            self.page.emulate_media(color_scheme=scheme)
            _settled(self.page)
            axe += [f"{scheme}: {found}" for found in violations(self.page)]
            self.page.screenshot(path=str(self.folder / f"{self.name}-{key}-{scheme}.png"))
        _font_scale(self.page, 200)
        signals: list[str] = self.page.evaluate(SIGNALS)
        layout: list[str] = self.page.evaluate(LAYOUT, CONTROLS)
        self.page.screenshot(path=str(self.folder / f"{self.name}-{key}-200.png"))
        _font_scale(self.page, 100)
        if len(self.states) != before or self.key() != key:
            return  # the screen changed under the checks: look again at the next chance
        self.seen.add(key)
        if axe:
            self.found[f"{key} axe"] = axe
        if signals:
            self.found[f"{key} colour only"] = signals
        if layout:
            self.found[f"{key} 200 %"] = layout


def _play(sweep: Sweep, drivers: list[Callable[[], object]], seconds: float = 300) -> None:
    """Check each new phase, make the players' moves, until the end screen has been checked."""
    deadline = time.monotonic() + seconds
    while "end" not in sweep.seen and time.monotonic() < deadline:
        sweep.check()
        if sweep.key() not in sweep.seen:
            sweep.page.wait_for_timeout(50)
            continue  # this phase is not checked yet: nobody here moves on before it is
        for drive in drivers:
            with contextlib.suppress(PlaywrightError):
                drive()
        sweep.page.wait_for_timeout(120)
    assert "end" in sweep.seen, f"no end screen within {seconds} s; seen {sorted(sweep.seen)}"


def _create(page: Page, server: str, game: str, options: dict[str, object], more_time: int = 100) -> str:
    page.goto(server + "/")
    page.click(f"[data-game={game}]")
    set_options(page, options)
    page.fill("#create-name", "Anna")
    page.click("#create-button")
    expect(page.locator("#room-code")).to_be_visible()
    if more_time != 100:
        page.select_option("#more-time", str(more_time))
        expect(page.locator("#more-time-box")).to_have_attribute("data-more-time", str(more_time))
    return page.locator("#room-code").inner_text().strip()


def _add_bots(page: Page, bots: int) -> None:
    for k in range(bots):
        page.click("[data-act=add-bot]")
        expect(page.locator("#seat-list .seat")).to_have_count(2 + k)


def _click_first(page: Page, *selectors: str) -> bool:
    for selector in selectors:
        node = page.locator(selector).first
        if node.count() and node.is_visible() and node.is_enabled():
            node.click(timeout=1500)
            return True
    return False


# ---------------------------------------------------------------- the four games


def _emojito(page: Page) -> None:
    if _click_first(page, "[data-action=performed]"):
        return
    tiles = page.locator("#emj-tiles button.emj-tile")
    if page.locator("#emj-set-dial").count() and tiles.count():
        if not page.locator(".emj-tile-chosen").count():
            tiles.first.click(timeout=1500)
        _click_first(page, "#emj-set-dial")


def _stella(page: Page) -> None:
    if _click_first(page, "#stl-choices button"):
        return
    if page.locator("#stl-done").count():
        if not page.locator("#stl-grid .stl-tile-mine").count():
            page.locator("#stl-grid .stl-tile").first.click(timeout=1500)
        _click_first(page, "#stl-done")
        return
    if page.locator("#stl-name").count():
        if page.locator("#stl-name").is_disabled():
            page.locator("#stl-grid .stl-tile-mine").first.click(timeout=1500)
        _click_first(page, "#stl-name")
        return
    _click_first(page, "#stl-next-round")


class Wordland:
    """Chooses the first category, says a valid word on each turn, and objects once to someone's word."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.said: set[str] = set()
        self.objected = False

    def __call__(self) -> None:
        page = self.page
        if _click_first(page, "button.wl-choice"):
            return
        if not self.objected and _click_first(page, "#wl-objections button"):
            self.objected = True
            return
        field = page.locator("#wl-word")
        if field.count() and field.is_enabled() and page.locator("#wl-send").count():
            category = page.locator("#wl-category").get_attribute("data-category") or ""
            tiles = page.locator("#wl-tiles .wl-tile:not(.wl-tile-off)")
            avoid = {tiles.nth(k).get_attribute("data-letter") or "" for k in range(tiles.count())}
            word = _valid_word(category, avoid, self.said)
            self.said.add(word.casefold())
            field.fill(word)
            field.press("Enter")


GAMES = ("mogelmotte", "emojito", "stella", "wordland")


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_passes_axe_and_200_percent_text(
    browser: Browser, server: str, screenshots: Path, game: str
) -> None:
    scheme: Scheme = "light"  # each phase is checked in both schemes (Sweep.check)
    folder = screenshots / "phases"
    folder.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    anna = _page(browser, problems, scheme)
    states = record_states(anna)
    others: list[Page] = []
    drivers: list[Callable[[], object]]
    if game == "mogelmotte":
        # the races get double time, so that a slap or a throw is still open while it is checked
        _create(anna, server, game, {"rounds": 1, "hand_size": 5}, more_time=200)
        _add_bots(anna, 2)
        drivers = [lambda: mm_step(anna)]
        want = {"turn", "end"}
    elif game == "emojito":
        code = _create(anna, server, game, {"trophy_target": 1, "wrong_step": 3, "round_pause_ms": 3000})
        ben = _page(browser, problems, scheme, locale="de-DE")
        join(ben, server, code, "Ben")
        others.append(ben)
        drivers = [lambda: _emojito(anna), lambda: _emojito(ben)]
        want = {"perform", "dial", "end"}
    elif game == "stella":
        _create(anna, server, game, {"rounds": 1, "max_marks": 1, "round_pause_ms": 3000})
        _add_bots(anna, 2)
        drivers = [lambda: _stella(anna)]
        want = {"word", "mark", "reveal", "end"}
    else:
        _create(anna, server, game, {"rounds": 1, "timer_s": 15, "round_pause_ms": 3000})
        _add_bots(anna, 2)
        drivers = [Wordland(anna)]
        want = {"choose", "play", "end"}
    expect(anna.locator("#seat-list .seat")).to_have_count(3 if game != "emojito" else 2)
    start_game(anna, first_seat=0)
    sweep = Sweep(anna, states, game, folder)
    _play(sweep, drivers)
    print(game, sorted(sweep.seen), json.dumps(sweep.found, indent=1))
    phases = {key.split("-")[0] for key in sweep.seen}
    assert want <= phases, f"phases not checked: {sorted(want - phases)} (seen {sorted(sweep.seen)})"
    assert any(key.endswith("-act") for key in sweep.seen), sweep.seen
    assert sweep.found == {}, "\n".join(f"{k}: {x}" for k, v in sweep.found.items() for x in v)
    assert problems == [], problems
    for page in (anna, *others):
        page.context.close()


def test_the_checks_find_what_they_should(browser: Browser) -> None:
    """The layout and signal checks can fail: overlapping buttons, a button cut off by its box, a letter
    tile and a legal card marked by colour alone."""
    page = browser.new_page(viewport=PHONE)
    page.set_content(
        """<main class="page">
        <button style="position:absolute;top:10px;left:10px;width:100px;height:50px">one</button>
        <button style="position:absolute;top:20px;left:20px;width:100px;height:50px">two</button>
        <div style="overflow:hidden;width:60px;height:30px;position:absolute;top:200px">
          <button style="width:120px;height:40px">cut</button></div>
        <span class="wl-tile" data-colour="red" aria-label="Forbidden letter X">X</span>
        <button class="mm-legal" aria-label="3">3</button>
        </main>"""
    )
    layout = " ".join(page.evaluate(LAYOUT, CONTROLS))
    assert "overlap" in layout and "cut off by" in layout, layout
    signals = " ".join(page.evaluate(SIGNALS))
    assert "letter tile" in signals and "legal card" in signals, signals
    page.context.close()
