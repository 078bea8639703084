"""A game night in the browser: three phones and a table screen play Mogel-Motte, a phone loses its network
and knows it, the end screen's buttons sit where no card was, and (with the game-night server ops) the host
goes back to the lobby, a fourth phone that joined during the game is seated, the room switches to Emojito
in teams and the second game starts.

The parts that need the server side of issue 10 (``to_lobby``, ``set_game``, ``first_seat``, waiting
people, the heartbeat that marks a silent seat away) are skipped until the server has those ops; the
offline notice, the unsent tap and the end screen run against today's server.
"""

from __future__ import annotations

import json
import re
import threading
import time
import typing
from pathlib import Path

import pytest
from browsing import PHONE, start_game, watch
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, WebSocketRoute, expect
from test_mogelmotte_browser import _step

import tischrunde.server.protocol as protocol

pytestmark = pytest.mark.browser

NIGHT = "to_lobby" in typing.get_args(protocol.HostOp)
needs_night = pytest.mark.skipif(not NIGHT, reason="the server has no game-night ops (to_lobby) yet")

WIDE: ViewportSize = {"width": 1280, "height": 800}

# every rendered frame, the boxes of the host's cards and game controls while no ranking shows: the
# "last box" of each, to compare with where the end screen puts its buttons
RECORD_BOXES = """() => {
  window.__boxes = [];
  const grab = () => {
    if (!document.querySelector('#ranking')) {
      const nodes = document.querySelectorAll('.pcard, [data-action]');
      if (nodes.length) {
        window.__boxes = [...nodes].map((n) => n.getBoundingClientRect()).filter((r) => r.width && r.height)
          .map((r) => ({x: r.x, y: r.y, w: r.width, h: r.height}));
      }
    }
    requestAnimationFrame(grab);
  };
  grab();
}"""

OVERLAPS = """(sels) => {
  const out = [];
  for (const s of sels) {
    const e = document.querySelector(s);
    if (!e) continue;
    const r = e.getBoundingClientRect();
    for (const b of window.__boxes) {
      if (r.left < b.x + b.w && b.x < r.right && r.top < b.y + b.h && b.y < r.bottom) {
        out.push(`${s} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`
          + ` covers ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}x${Math.round(b.h)}`);
      }
    }
  }
  return out;
}"""

APART = """([a, b]) => {
  const r = document.querySelector(a).getBoundingClientRect();
  const q = document.querySelector(b).getBoundingClientRect();
  const hit = r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom;
  return hit ? `${a} ${JSON.stringify(r)} overlaps ${b} ${JSON.stringify(q)}` : null;
}"""


def _context(browser: Browser, *, locale: str = "en-US", size: ViewportSize = PHONE) -> BrowserContext:
    return browser.new_context(viewport=size, locale=locale, reduced_motion="reduce")


def _page(context: BrowserContext, problems: list[str]) -> Page:
    page = context.new_page()
    watch(page, problems)
    page.set_default_timeout(15_000)
    return page


def _shoot(page: Page, folder: Path, name: str) -> None:
    """The screen at 390x844 and at 1280x800 (then back to the phone)."""
    size = page.viewport_size or PHONE
    page.set_viewport_size(PHONE)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.screenshot(path=str(folder / f"night-{name}-phone.png"))
    page.set_viewport_size(WIDE)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.screenshot(path=str(folder / f"night-{name}-wide.png"))
    page.set_viewport_size(size)


def _create(page: Page, base: str, name: str, options: dict[str, str]) -> str:
    """Options as typed into the form (timers in seconds)."""
    page.goto(base + "/")
    page.locator(".option-details summary").first.click()
    for option, value in options.items():
        page.fill(f"#opt-{option}", value)
        page.dispatch_event(f"#opt-{option}", "change")
    page.fill("#create-name", name)
    page.click("#create-button")
    expect(page.locator("#room-code")).to_be_visible()
    return page.locator("#room-code").inner_text().strip()


def _join_by_link(page: Page, base: str, code: str, name: str) -> None:
    page.goto(f"{base}/r/{code}")
    page.fill("#ask-name", name)
    page.click("#ask-join")


def _code_apart_from_qr(page: Page) -> None:
    """The room code and the QR code never overlap, also for the widest code the server can make."""
    page.wait_for_function("() => { const i = document.querySelector('img.qr'); return i && i.complete; }")
    real = page.locator("#room-code").inner_text()
    for wide_code in (None, "XKWHW", "WWWWW"):
        if wide_code:
            page.evaluate(f"() => {{ document.querySelector('#room-code').textContent = '{wide_code}'; }}")
        for size in (PHONE, WIDE):
            page.set_viewport_size(size)
            problem = page.evaluate(APART, ["#room-code", "img.qr"])
            assert problem is None, f"{size}: {problem}"
            inside = page.evaluate(
                "() => { const c = document.querySelector('#room-code').getBoundingClientRect();"
                " const card = document.querySelector('.lobby-head').getBoundingClientRect();"
                " return c.right <= card.right + 0.5 && c.left >= card.left - 0.5; }"
            )
            assert inside, f"{size}: the room code sticks out of its card"
    page.evaluate("(code) => { document.querySelector('#room-code').textContent = code; }", real)
    page.set_viewport_size(PHONE)


def _my_turn_control(page: Page) -> Locator | None:
    """A control of this phone's turn whose tap sends an action: draw, else a playable card."""
    for selector in ("#mm-hand .pcard[data-action=play]", "[data-action=draw]"):
        node = page.locator(selector).first
        if node.count() and node.is_visible():
            return node
    return None


def _hand(page: Page) -> list[str]:
    """The ids of the cards in this phone's hand, in order."""
    return [n.get_attribute("data-card") or "" for n in page.locator("#mm-hand .pcard").all()]


def _same_version(one: Page, other: Page) -> None:
    """Both phones show the same state version (the room's, counted by the server): the view is current."""
    other.wait_for_function(
        "(v) => { const t = document.querySelector('#table'); return t && t.dataset.version === v; }",
        arg=one.locator("#table").get_attribute("data-version"),
    )


def _play_until(
    pages: list[Page], done: typing.Callable[[], bool], seconds: float, skip: Page | None = None
) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the game did not get there in time"
        for page in pages:
            if page is not skip and not page.locator("#ranking").count():
                _step(page)
        pages[0].wait_for_timeout(100)


def _check_end_screen(host: Page, shots: Path | None) -> None:
    """The end screen's buttons are where no card or game control was during the game."""
    expect(host.locator("#ranking")).to_be_visible()
    expect(host.locator("#play-again")).to_be_visible()
    host.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    boxes = host.evaluate("() => window.__boxes.length")
    assert boxes > 0, "no card box was recorded during the game"
    hits = host.evaluate(OVERLAPS, ["#play-again", "#to-lobby"])
    assert hits == [], hits
    if shots:
        _shoot(host, shots, "end-host")


# ---------------------------------------------------------------- today's server


def test_offline_notice_unsent_tap_and_end_screen(browser: Browser, server: str, screenshots: Path) -> None:
    problems: list[str] = []
    ctx_a, ctx_b, ctx_c = (_context(browser) for _ in range(3))
    a, b, c = (_page(x, problems) for x in (ctx_a, ctx_b, ctx_c))
    code = _create(
        a, server, "Anna", {"rounds": "1", "hand_size": "3", "round_pause_ms": "0.3", "cheat_ms": "20"}
    )
    _code_apart_from_qr(a)
    if NIGHT:
        # the test server listens on 127.0.0.1: the lobby says phones cannot reach it, and how to start it
        expect(a.locator("#reach-notice")).to_contain_text("tischrunde serve --host 0.0.0.0")
    else:
        expect(a.locator("#reach-notice")).to_have_count(0)
    _shoot(a, screenshots, "lobby-host")

    # the join page names the game and the people already there
    b.add_init_script("delete Navigator.prototype.wakeLock;")
    _join_by_link(b, server, code, "Ben")
    expect(a.locator("#seat-list .seat")).to_have_count(2)
    c.goto(f"{server}/r/{code}")
    expect(c.locator("#join-game")).to_contain_text("Mogel-Motte")
    expect(c.locator("#join-people")).to_contain_text("Anna")
    expect(c.locator("#join-people")).to_contain_text("Ben")
    _shoot(c, screenshots, "join-page")
    c.fill("#ask-name", "Cleo")
    c.click("#ask-join")
    expect(a.locator("#seat-list .seat")).to_have_count(3)

    table = _page(_context(browser, size=WIDE), problems)
    table.goto(f"{server}/r/{code}?table=1")
    expect(table.locator("#room-code")).to_have_text(code)
    _code_apart_from_qr(table)

    start_game(a)
    for page in (a, b, c):
        expect(page.locator("#mm-hand")).to_be_visible()
    a.evaluate(RECORD_BOXES)

    # ---- the screen stays on: the Wake Lock API where the browser grants it, else the video fallback
    # (B has no Wake Lock API at all, like a phone on http://192.168.x.y); started by the first tap
    for page in (a, b):
        page.locator("#status").click()
        expect(page.locator("body")).to_have_attribute("data-awake", re.compile("^(lock|video)$"))
    expect(b.locator("body")).to_have_attribute("data-awake", "video")

    # ---- the others play until it is Cleo's turn
    _play_until([a, b], lambda: _my_turn_control(c) is not None, 60)
    hand_before = _hand(c)

    # ---- Cleo's phone goes offline: the notice within 5 s, a tap is refused out loud
    went_offline = time.monotonic()
    ctx_c.set_offline(True)
    expect(c.locator("#conn-lost")).to_be_visible(timeout=5000)
    assert time.monotonic() - went_offline < 5
    expect(c.locator("#conn-lost")).to_contain_text("Connection lost")
    _shoot(c, screenshots, "offline")
    control = _my_turn_control(c)
    assert control is not None
    control.click()
    expect(c.locator(".toast-error", has_text="not sent")).to_be_visible()

    # ---- back online: the notice goes, the view is current, the offline tap was not applied
    ctx_c.set_offline(False)
    expect(c.locator("#conn-lost")).to_have_count(0, timeout=10_000)
    _same_version(a, c)
    assert _hand(c) == hand_before, "the offline tap was applied"
    assert _my_turn_control(c) is not None, "it is no longer Cleo's turn: the offline tap arrived after all"

    # ---- Cleo taps now and it lands
    control = _my_turn_control(c)
    assert control is not None
    control.click()
    c.wait_for_function(
        "(before) => { const h = [...document.querySelectorAll('#mm-hand .pcard')]"
        ".map((n) => n.dataset.card); return JSON.stringify(h) !== before; }",
        arg=json.dumps(hand_before),
    )
    _same_version(a, c)

    # ---- everyone plays to the end; the buttons on the end screen are not under a card
    _play_until([a, b, c], lambda: a.locator("#ranking").count() > 0, 150)
    for page in (b, c):
        expect(page.locator("#ranking")).to_be_visible()
    # the table screen's final round table takes the ranking's place there
    expect(table.locator("#mm-round-table tbody tr")).to_have_count(3)
    _check_end_screen(a, screenshots)
    expect(b.locator("body")).to_have_attribute("data-awake", "")  # the game is over: the screen may sleep
    # nobody but the host sees the buttons; they say what they wait for
    expect(b.locator("#play-again")).to_have_count(0)
    expect(b.locator("#end-wait")).to_contain_text("Anna")
    a.click("#play-again")
    for page in (a, b, c):
        expect(page.locator("#ranking")).to_have_count(0)
        expect(page.locator("#mm-hand")).to_be_visible()
    assert problems == [], problems
    for x in (ctx_a, ctx_b, ctx_c):
        x.close()


def test_heartbeat_finds_a_silent_connection(browser: Browser, server: str) -> None:
    """The socket stays open but nothing comes through any more (a phone whose Wi-Fi went to sleep; the
    browser does not know): the heartbeat calls it lost within 5 s, a tap made just before is reported as
    not sent, and the phone reconnects and resyncs on its own once the line works again."""
    problems: list[str] = []
    page = _page(_context(browser), problems)
    silent = threading.Event()

    def relay(ws: WebSocketRoute) -> None:
        upstream = ws.connect_to_server()
        ws.on_message(lambda m: None if silent.is_set() else upstream.send(m))
        upstream.on_message(lambda m: None if silent.is_set() else ws.send(m))

    page.route_web_socket(re.compile(r"/ws$"), relay)
    _create(page, server, "Rita", {"rounds": "1", "hand_size": "5", "cheat_ms": "20"})
    for count in (2, 3):
        page.click("[data-act=add-bot]")
        expect(page.locator("#seat-list .seat")).to_have_count(count)
    start_game(page)
    expect(page.locator("#mm-hand")).to_be_visible()
    # the bots play until it is Rita's turn (a race she misses costs her a card, nothing more)
    page.wait_for_function(
        "() => [...document.querySelectorAll('#mm-hand .pcard[data-action=play], [data-action=draw]')]"
        ".some((n) => n.offsetParent !== null)",
        timeout=60_000,
    )
    hand = _hand(page)

    silent.set()
    went_silent = time.monotonic()
    control = _my_turn_control(page)
    assert control is not None
    control.click()
    # the tap is on its way (the socket still looks open): the control says so
    expect(page.locator(".tap-sending")).to_have_count(1)
    expect(page.locator("#conn-lost")).to_be_visible(timeout=6000)
    assert time.monotonic() - went_silent < 5.5, "the heartbeat took too long"
    expect(page.locator(".toast-error", has_text="was not sent")).to_be_visible()

    silent.clear()
    expect(page.locator("#conn-lost")).to_have_count(0, timeout=15_000)
    # the fresh view decides: the lost tap never arrived, it is still Rita's turn with the same hand
    expect(page.locator("#mm-hand")).to_be_visible()
    assert _hand(page) == hand, "the lost tap was applied after all"
    assert _my_turn_control(page) is not None
    assert problems == [], problems


def test_a_taken_name_is_refused_kindly(browser: Browser, server: str) -> None:
    """Today's server lets two "Eva" in; with the game-night server the second one is asked for another name."""
    problems: list[str] = []
    a = _page(_context(browser), problems)
    code = _create(a, server, "Eva", {})
    b = _page(_context(browser, locale="de-DE"), problems)
    _join_by_link(b, server, code, " eva ")
    if not NIGHT:
        expect(a.locator("#seat-list .seat")).to_have_count(2)
        return
    expect(b.locator("#ask-name-error")).to_contain_text("Namen")
    expect(b.locator("#ask-name")).to_have_value(" eva ")
    expect(a.locator("#seat-list .seat")).to_have_count(1)
    b.fill("#ask-name", "Bot 2")
    b.click("#ask-join")
    expect(b.locator("#ask-name-error")).to_be_visible()
    b.fill("#ask-name", "Evi")
    b.click("#ask-join")
    expect(b.locator("#waiting-host")).to_contain_text("Eva")
    expect(a.locator("#seat-list .seat")).to_have_count(2)
    assert problems == [], problems


# ---------------------------------------------------------------- with the game-night server


@needs_night
def test_game_night_two_games_one_room(browser: Browser, server: str, screenshots: Path) -> None:
    problems: list[str] = []
    contexts = [_context(browser) for _ in range(4)]
    a, b, c, d = (_page(x, problems) for x in contexts)
    code = _create(
        a, server, "Anna", {"rounds": "1", "hand_size": "3", "round_pause_ms": "0.3", "cheat_ms": "20"}
    )
    # nobody's seat goes to a stand-in bot while a phone is offline in this test
    a.click("#lobby-options summary")
    a.fill("#takeover", "0")
    a.dispatch_event("#takeover", "change")
    for page, name in ((b, "Ben"), (c, "Cleo")):
        _join_by_link(page, server, code, name)
    expect(a.locator("#seat-list .seat")).to_have_count(3)
    # who starts, in the game's own words
    expect(a.locator("label[for=first-seat]")).to_have_text("Who is the oldest?")
    a.select_option("#first-seat", label="Ben")
    expect(b.locator("#first-seat-text")).to_contain_text("Ben")
    table = _page(_context(browser, size=WIDE), problems)
    table.goto(f"{server}/r/{code}?table=1")
    expect(table.locator("#room-code")).to_have_text(code)

    a.click("#start-game")
    for page in (a, b, c):
        expect(page.locator("#mm-hand")).to_be_visible()
    a.evaluate(RECORD_BOXES)

    # ---- Dana joins during the game: she watches and holds a seat in the next one
    d.goto(f"{server}/r/{code}")
    expect(d.locator("#join-running")).to_be_visible()
    d.fill("#ask-name", "Dana")
    d.click("#ask-join")
    expect(d.locator("#status-waiting")).to_contain_text("hold a seat in the next")
    assert d.locator("#mm-hand").count() == 0
    _shoot(d, screenshots, "waiting-welcome")

    # ---- Ben's phone goes offline on his turn: the others and the table say he is away
    _play_until([a, c], lambda: _my_turn_control(b) is not None, 60)
    contexts[1].set_offline(True)
    expect(b.locator("#conn-lost")).to_be_visible(timeout=5000)
    for page in (a, c, table):
        expect(page.locator(".player-off", has_text="Ben")).to_have_count(1, timeout=10_000)
        expect(page.locator("#status-away")).to_contain_text("Ben is away")
    contexts[1].set_offline(False)
    expect(b.locator("#conn-lost")).to_have_count(0, timeout=10_000)
    expect(a.locator(".player-off", has_text="Ben")).to_have_count(0, timeout=10_000)
    _same_version(a, b)

    # ---- to the end; the end screen's buttons are not under a card; back to the lobby
    _play_until([a, b, c], lambda: a.locator("#ranking").count() > 0, 150)
    _check_end_screen(a, screenshots)
    a.click("#to-lobby")
    for page in (a, b, c, d):
        expect(page.locator("#seat-list")).to_be_visible()
    expect(a.locator("#seat-list .seat")).to_have_count(4)
    expect(d.locator("#seat-list .seat", has_text="Dana").locator(".badge-you")).to_be_visible()
    expect(d.locator("#seated-notice")).to_contain_text("seat 4 is yours")

    # the evening so far, on the phones and the table screen, with the record to download
    for page in (a, table):
        expect(page.locator("#evening-games .evening-game")).to_have_count(1)
        expect(page.locator("#evening-games")).to_contain_text("Mogel-Motte")
    href = a.locator("#evening .record-link").first.get_attribute("href") or ""
    assert href.endswith(f"/api/rooms/{code}/games/1/record.json"), href
    record = a.request.get(server + href)
    assert record.ok, record.status
    assert isinstance(json.loads(record.body()), dict)
    _shoot(a, screenshots, "lobby-evening")
    table.screenshot(path=str(screenshots / "night-table-lobby-wide.png"))

    # ---- the host switches to Emojito in teams: the teams show before the start
    a.click("#switch-game summary")
    a.click("#switch-game [data-game=emojito]")
    a.click("#switch-rules summary")
    a.select_option("#sw-mode", json.dumps("teams"))
    a.dispatch_event("#sw-mode", "change")
    a.click("#switch-apply")
    for page in (a, b, c, d):
        expect(page.locator(".lobby-head h1")).to_have_text("Emojito")
    expect(a.locator("#teams .team")).to_have_count(2)
    expect(d.locator("#teams .team").first).to_contain_text("Anna")
    expect(a.locator("label[for=first-seat]")).to_have_text("Who starts?")
    # Emojito is for people only: the add-bot button is gone
    expect(a.locator("[data-act=add-bot]")).to_have_count(0)

    start_game(a)
    for page in (a, b, c, d):
        expect(page.locator("main.game-emojito")).to_be_visible()
        expect(page.locator("#ranking")).to_have_count(0)
    expect(d.locator(".player-me .player-name")).to_have_text("Dana")

    # during a game, going back to the lobby asks first
    a.click("#menu-button")
    a.click("#menu-lobby")
    expect(a.locator("#menu-lobby")).to_contain_text("Tap again")
    expect(a.locator("main.game-emojito")).to_be_visible()
    a.click("#menu-lobby")
    for page in (a, b, c, d):
        expect(page.locator("#seat-list")).to_be_visible()
    assert problems == [], problems
    for x in contexts:
        x.close()


def test_end_screen_buttons_fit_both_sizes(browser: Browser, server: str) -> None:
    """A smoke check of the top-bar end buttons on a laptop-wide screen (the player strip's place there)."""
    problems: list[str] = []
    pages = [_page(_context(browser, size=WIDE), problems) for _ in range(3)]
    a = pages[0]
    code = _create(a, server, "Anna", {"rounds": "1", "hand_size": "1", "round_pause_ms": "0"})
    for page, name in zip(pages[1:], ("Ben", "Cleo"), strict=True):
        _join_by_link(page, server, code, name)
    expect(a.locator("#seat-list .seat")).to_have_count(3)
    start_game(a)
    expect(a.locator("#mm-hand")).to_be_visible()
    a.evaluate(RECORD_BOXES)
    _play_until(pages, lambda: a.locator("#ranking").count() > 0, 90)
    _check_end_screen(a, None)
    assert problems == [], problems
