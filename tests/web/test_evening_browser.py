"""The evening, as a group plays it (issue "The evening, second pass", done when): the laptop is the table
screen, the host plays from her phone, a late joiner watches and is seated in the next game, a phone goes
away (the countdown to the stand-in on every screen, the host's "let a bot play for Ben now"), and all
four games are played to their end screens in one room.

1. The laptop (1280x800) makes the room: the table screen, no seat; the room code, the address to type
   and a QR code of at least 240 px.
2. Anna joins from her phone under her own name: seated and host (no name_taken); Ben and Cleo join; the
   how-to opens from the lobby.
3. Mogel-Motte, started from Anna's phone: Dana joins late (watches, seated in the next game); Ben's
   phone goes offline on his turn: every screen shows him away with the countdown, Anna lets a bot play
   for him now and the bot plays his turn; Ben comes back.
4. From the table screen (host rights): back to the lobby, Emojito, Stella and Wordland in turn, each
   started from the table screen and played to its end screen by the four phones.

Between rounds and at the end the table screen shows the round table: every round and every person (in
co-op Emojito: the team and the game), each cell inside the viewport, on top and whole, every tile with
its avatar, the avatars distinct. Screenshots of the table screen: docs/screenshots/evening-<game>-
round-over.png and evening-<game>-end.png. Each round's pause is long (30 s) so the checks never race the
next deal; after them the phone allowed to deals the next round. No page error, no CSP refusal.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from browsing import PHONE, record_states, set_options, start_game, watch
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError
from test_game_night_browser import _join_by_link, _my_turn_control, _play_until
from test_game_screens_browser import Wordland, _click_first, _emojito, _stella
from test_howto_browser import _check_open
from test_mogelmotte_browser import _step as mm_step
from test_table_host_browser import LAPTOP_1280, TV, _qr_width
from test_tv_story_browser import CELLS, DOCS, NAMES_WHOLE, ROUND_TABLE, TILES, _small
from test_wordland_browser import _word_with

pytestmark = pytest.mark.browser

PAUSE_MS = 30_000  # a round's result stays this long: the table screen's checks never race the next deal
OPTIONS: dict[str, dict[str, object]] = {
    "mogelmotte": {"rounds": 2, "hand_size": 3, "cheat_ms": 200, "round_pause_ms": PAUSE_MS},
    # co-op, two fields per wrong dial: the game's marker needs two rounds at least for its trophy
    "emojito": {"trophy_target": 1, "wrong_step": 2, "round_pause_ms": PAUSE_MS},
    "stella": {"rounds": 2, "max_marks": 1, "round_pause_ms": PAUSE_MS},
    "wordland": {"rounds": 2, "timer_s": 15, "round_pause_ms": PAUSE_MS},
}
TITLES = {"mogelmotte": "Mogel-Motte", "emojito": "Emojito", "stella": "Stella", "wordland": "Wordland"}
PEOPLE = ["Anna", "Ben", "Cleo", "Dana"]
# whoever may deal the next round (the round's start player, performer, Queen) taps it after the checks
NEXT_ROUND = "#mm-next-round, #emj-next-round, #stl-next-round, .wl-next-round"

# the round table lies whole inside the viewport
IN_VIEWPORT = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  const W = document.documentElement.clientWidth, H = innerHeight;
  return r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5
    ? null : `${r.left},${r.top}..${r.right},${r.bottom} in ${W}x${H}`;
}"""

# the badge numbers of the avatars in the player strip, one per tile
STRIP_BADGES = """() => [...document.querySelectorAll('#players .player')].map((tile) => {
  const a = tile.querySelector('.avatar');
  return a ? a.dataset.badge : null;
})"""


# Ben's tile, in the player strip or (Mogel-Motte) on the table, where it is shown: away, the countdown
# to his stand-in, the host's button and the stand-in at work
BEN = ":is(#players .player, .mm-seat)[data-seat='1']"
BEN_OFF, BEN_DUE = f"{BEN} :is(.off-mark, .mm-seat-off)", f"{BEN} .standin-due"
BEN_NOW, BEN_ON = f"{BEN} button.standin-now", f"{BEN} .standin-on"


def _shown(page: Page, selector: str) -> Locator:
    return page.locator(selector).locator("visible=true")


class _Wordland(Wordland):
    """Wordland's player of test_game_screens_browser, for a table of people: it never objects (nobody
    would vote), bets when it is the Caterpillar, avoids the words it has seen said in the round (one said
    just before may still be repeated: that player is out, as at a table), and once three words stand in
    it says a word with one of its forbidden letters and is out at once: a round ends in a few turns."""

    def __init__(self, page: Page) -> None:
        super().__init__(page)
        self.objected = True

    def __call__(self) -> None:
        page = self.page
        if _click_first(page, ".wl-bets [data-act=bet]"):
            return
        field = page.locator("#wl-word")
        mine = field.count() and field.is_enabled() and page.locator("#wl-send").count()
        if mine and page.locator("#wl-words .wl-word").count() >= 3:
            tiles = page.locator("#wl-tiles .wl-tile:not(.wl-tile-off)")
            forbidden = sorted(
                filter(None, (tiles.nth(k).get_attribute("data-letter") for k in range(tiles.count())))
            )
            if forbidden:
                category = page.locator("#wl-category").get_attribute("data-category") or ""
                field.fill(_word_with(category, forbidden[0]))
                field.press("Enter")
                return
        # the words the others said this round are taken too (a repeat would put this player out)
        for text in page.locator("#wl-words .wl-word-text").all_inner_texts():
            self.said.add(text.split(" (")[0].strip().casefold())
        super().__call__()


class Evening:
    """The room of the evening: the laptop's table screen and the phones of the people in it."""

    def __init__(self, browser: Browser, server: str, shots: Path) -> None:
        self.browser, self.server, self.shots = browser, server, shots
        self.problems: list[str] = []
        self.contexts: list[BrowserContext] = []
        self.table = self.page(LAPTOP_1280)
        self.states = record_states(self.table)  # what the table screen was sent, in order
        # a second table screen, a TV in German, opened by its address (no host rights)
        self.tv = self.page(TV, "de-DE")
        self.phones: dict[str, Page] = {}
        self.since = 0  # the first state of the game under way

    def start(self, page: Page, game: str, first_seat: int) -> None:
        """``page`` (a phone or the table screen) starts the room's game; every phone shows it."""
        self.since = len(self.states)
        start_game(page, first_seat=first_seat)
        for phone in self.phones.values():
            expect(phone.locator(f"main.game-{game}")).to_be_visible()
        for screen in (self.table, self.tv):
            expect(screen.locator(f"main.game-{game}")).to_be_visible()

    def page(self, size: Any, locale: str = "en-US") -> Page:
        context = self.browser.new_context(
            viewport=size, locale=locale, reduced_motion="reduce", device_scale_factor=1
        )
        self.contexts.append(context)
        page = context.new_page()
        watch(page, self.problems)
        page.set_default_timeout(15_000)
        return page

    def phone(self, name: str, code: str, locale: str = "en-US") -> Page:
        page = self.page(PHONE, locale)
        _join_by_link(page, self.server, code, name)
        self.phones[name] = page
        return page

    def view(self) -> dict[str, Any]:
        """The last view the table screen was sent in this game ({} before its first)."""
        return (self.states[-1].get("view") or {}) if len(self.states) > self.since else {}

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def _rounds_done(game: str, view: dict[str, Any]) -> int:
    """How many rounds the round table shows as columns, from the table screen's view."""
    if game == "mogelmotte":
        return len(view["penalty_points"]["rounds"])
    if game == "stella":
        return len(view.get("score_table") or [])
    if game == "wordland":
        return len(view.get("round_points") or [])
    return 1  # Emojito: the last round's steps; the totals are fields and trophies


def _check_table(ev: Evening, game: str, key: str, people: list[str]) -> int:
    """The table screens between rounds (key round-over) or at the end: the round table shows every round
    and every person, whole and inside the viewport; every tile has its avatar, each person a distinct
    one. Screenshots to artifacts, the laptop's also to docs/screenshots (128 colours). Returns the rounds
    shown."""
    view = ev.view()
    rounds = _rounds_done(game, view)
    assert rounds >= 1, view
    rows = len(view["sides"]) if game == "emojito" else len(people)  # co-op: the team and the game
    sel = ROUND_TABLE[game]
    for page, shot in (
        (ev.table, ev.shots / f"evening-{game}-{key}.png"),
        (ev.tv, ev.shots / f"evening-tv-{game}-{key}.png"),
    ):
        expect(page.locator(sel)).to_be_visible()
        if key == "end":
            expect(page.locator(f"{sel}.round-table-final")).to_be_visible()
        page.evaluate("() => document.fonts.ready")
        page.screenshot(path=str(shot))  # first: a failure's picture is kept
        expect(page.locator(f"{sel} tbody tr")).to_have_count(rows)
        expect(page.locator(f"{sel} thead th.rt-round")).to_have_count(rounds)
        if game != "emojito":
            for name in people:
                expect(page.locator(f"{sel} .who-name", has_text=name)).to_have_text(name)
            badges = [b.get_attribute("data-badge") for b in page.locator(f"{sel} .rt-who .avatar").all()]
            assert len(badges) == len(people) and len(set(badges)) == len(people), badges
        outside = page.evaluate(IN_VIEWPORT, sel)
        assert outside is None, (shot.name, outside)
        bad: list[str] = page.evaluate(CELLS, sel)
        assert bad == [], (shot.name, bad)
        whole = page.evaluate(NAMES_WHOLE, TILES)
        assert whole["out"] == [], (shot.name, whole)
        strip: list[str | None] = page.evaluate(STRIP_BADGES)
        assert None not in strip and len(set(strip)) == len(strip), (shot.name, strip)
    _small(
        ev.shots / f"evening-{game}-{key}.png", DOCS / f"evening-{game}-{key}.png"
    )  # the laptop's, reviewed
    return rounds


def _play_game(
    ev: Evening, game: str, drivers: list[Callable[[], object]], people: list[str], seconds: float = 150
) -> None:
    """The phones play until the end screen; each round's end is checked on the table screen first."""
    deadline = time.monotonic() + seconds
    checked: set[int] = set()
    phones = [ev.phones[name] for name in people]
    while (phase := ev.view().get("phase")) != "over":
        assert time.monotonic() < deadline, (
            f"{game}: no end within {seconds} s (phase {phase}, checked {checked})"
        )
        if phase == "round_over":
            done = _rounds_done(game, ev.view()) if game != "emojito" else ev.view().get("round", 0)
            if done not in checked:
                _check_table(ev, game, "round-over", people)
                checked.add(done)
            for page in phones:
                with contextlib.suppress(PlaywrightError):
                    _click_first(page, NEXT_ROUND)
        else:
            for drive in drivers:
                with contextlib.suppress(PlaywrightError):
                    drive()
        ev.table.wait_for_timeout(100)  # the pace of the players' taps
    assert checked, f"{game}: the game ended without a round's end on the table screen"
    rounds = _check_table(ev, game, "end", people)
    if game in ("mogelmotte", "stella", "wordland"):
        assert rounds == 2, rounds  # the last round too
    for page in phones:
        expect(page.locator("#ranking")).to_be_visible()


def _open(page: Page, disclosure: str) -> None:
    if page.locator(disclosure).get_attribute("open") is None:
        page.click(f"{disclosure} > summary")
    expect(page.locator(disclosure)).to_have_attribute("open", "")


def _to_lobby_and_switch(ev: Evening, game: str) -> None:
    """The table screen (host rights) goes back to the lobby and switches the room to the next game."""
    table = ev.table
    table.click("#to-lobby")
    for page in (table, ev.tv, *ev.phones.values()):
        expect(page.locator("#seat-list")).to_be_visible()
    _open(table, "#switch-game")
    table.click(f"#switch-game [data-game={game}]")
    _open(table, "#switch-rules")  # it stays open from the last switch
    set_options(table, OPTIONS[game], prefix="sw", summary=None)
    table.click("#switch-apply")
    for page in (table, ev.tv, *ev.phones.values()):
        expect(page.locator(".lobby-head h1")).to_have_text(TITLES[game])


@pytest.fixture
def ev(browser: Browser, server: str, screenshots: Path) -> Iterator[Evening]:
    evening = Evening(browser, server, screenshots)
    try:
        yield evening
    finally:
        evening.close()


def test_the_evening(ev: Evening, server: str, screenshots: Path) -> None:
    table = ev.table

    # ---- 1. the laptop makes the room: the table screen, no seat, code, address and a large QR code
    table.goto(server + "/")
    table.click("[data-game=mogelmotte]")
    expect(table.locator("[data-where=table]")).to_have_attribute("aria-checked", "true")
    set_options(table, OPTIONS["mogelmotte"])
    table.click("#create-button")
    expect(table.locator("#room-code")).to_be_visible()
    assert table.url.endswith("?table=1"), table.url
    code = table.locator("#room-code").inner_text().strip()
    expect(table.locator("#seat-list .seat")).to_have_count(0)
    expect(table.locator("#join-address-text")).to_contain_text(f"/r/{code}")
    assert _qr_width(table) >= 240
    ev.tv.goto(f"{server}/r/{code}?table=1")
    expect(ev.tv.locator("#room-code")).to_have_text(code)
    assert _qr_width(ev.tv) >= 240

    # ---- 2. Anna joins from her phone under her own name: seated and host; Ben and Cleo join
    anna = ev.phone("Anna", code)
    expect(anna.locator("#seat-list .seat")).to_have_count(1)
    expect(anna.locator("#ask-name-error")).to_have_count(0)
    expect(anna.locator("#seat-list .seat").first).to_contain_text("Anna")
    expect(anna.locator("#seat-list .seat").first.locator(".badge-host")).to_be_visible()
    ben = ev.phone("Ben", code)
    cleo = ev.phone("Cleo", code, locale="de-DE")
    expect(table.locator("#seat-list .seat")).to_have_count(3)
    anna.click("#howto-button")
    _check_open(anna, "mogelmotte", "en")
    anna.click("#howto-close")
    expect(anna.locator("dialog#howto")).to_be_hidden()

    # ---- 3. Mogel-Motte from Anna's phone; Ben begins
    ev.start(anna, "mogelmotte", first_seat=1)
    for page in (anna, ben, cleo):
        expect(page.locator("#mm-hand")).to_be_visible()
    table.screenshot(path=str(screenshots / "evening-mogelmotte-turn.png"))

    # Dana comes late: she watches and holds a seat in the next game
    dana = ev.page(PHONE)
    dana.goto(f"{server}/r/{code}")
    expect(dana.locator("#join-running")).to_be_visible()
    dana.fill("#ask-name", "Dana")
    dana.click("#ask-join")
    expect(dana.locator("#status-waiting")).to_contain_text("hold a seat in the next")
    expect(dana.locator("#mm-hand")).to_have_count(0)
    ev.phones["Dana"] = dana

    # Ben's phone goes offline on his turn: every screen shows him away, counting down to the stand-in
    _play_until([anna, cleo], lambda: _my_turn_control(ben) is not None, 60)
    ben.context.set_offline(True)
    expect(ben.locator("#conn-lost")).to_be_visible(timeout=10_000)
    for page in (anna, cleo, dana, table, ev.tv):
        expect(_shown(page, BEN_OFF)).to_have_count(1, timeout=15_000)
        due = _shown(page, BEN_DUE)
        expect(due).to_have_count(1)
        expect(due).to_have_text(re.compile(r"^🤖 (Bot plays in [1-9]\d* s|Bot spielt in [1-9]\d* s)$"))
        expect(page.locator("#status-away")).to_contain_text(re.compile("Ben (is away|ist weg)"))
    table.screenshot(path=str(screenshots / "evening-mogelmotte-away.png"))
    _small(screenshots / "evening-mogelmotte-away.png", DOCS / "evening-mogelmotte-away.png")
    # the button is the host's: Anna's phone and the table screen (host rights), nobody else's
    for page in (cleo, dana, ev.tv):
        expect(page.locator("button.standin-now")).to_have_count(0)
    expect(_shown(table, BEN_NOW)).to_have_count(1)
    button = _shown(anna, BEN_NOW)
    expect(button).to_have_text("Let a bot play for Ben now")
    box = button.bounding_box()
    assert box is not None and box["height"] >= 48 and box["width"] >= 48, box
    anna.screenshot(path=str(screenshots / "evening-mogelmotte-away-host-390.png"))
    before = len(ev.states)
    button.click()
    # the bot plays Ben's turn: the table screen is told Ben played a card or drew one
    deadline = time.monotonic() + 20
    while not any(
        e.get("seat") == 1 and e.get("kind") in ("play", "draw")
        for s in ev.states[before:]
        for e in s["events"]
    ):
        assert time.monotonic() < deadline, "the stand-in did not play Ben's turn"
        table.wait_for_timeout(100)
    for page in (anna, table):
        # (a race his card set off may still count down to the stand-in's slap first)
        expect(_shown(page, BEN_ON)).to_have_text("🤖 Bot playing", timeout=15_000)
    # Ben is back: nobody is away any more, his phone shows the room as it is
    ben.context.set_offline(False)
    expect(ben.locator("#conn-lost")).to_have_count(0, timeout=15_000)
    for page in (anna, table):
        expect(page.locator(BEN_OFF)).to_have_count(0, timeout=15_000)
    # the game may move on meanwhile (a race's end): Ben's view is at least as new as the table's was
    ben.wait_for_function(
        "(v) => { const t = document.querySelector('#table'); return t && Number(t.dataset.version) >= v; }",
        arg=int(table.locator("#table").get_attribute("data-version") or "0"),
    )

    three = PEOPLE[:3]
    _play_game(ev, "mogelmotte", [partial(mm_step, p) for p in (anna, ben, cleo)], three)
    expect(dana.locator("#ranking")).to_be_visible()

    # ---- 4. the table screen takes the room on: Emojito, Stella, Wordland with Dana seated
    _to_lobby_and_switch(ev, "emojito")
    expect(table.locator("#seat-list .seat")).to_have_count(4)
    expect(dana.locator("#seat-list .seat", has_text="Dana").locator(".badge-you")).to_be_visible()
    phones = [ev.phones[name] for name in PEOPLE]
    ev.start(table, "emojito", first_seat=0)
    _play_game(ev, "emojito", [partial(_emojito, p) for p in phones], PEOPLE)

    _to_lobby_and_switch(ev, "stella")
    ev.start(table, "stella", first_seat=0)
    _play_game(ev, "stella", [partial(_stella, p) for p in phones], PEOPLE)

    _to_lobby_and_switch(ev, "wordland")
    ev.start(table, "wordland", first_seat=0)
    _play_game(ev, "wordland", [_Wordland(p) for p in phones], PEOPLE)

    assert ev.problems == [], ev.problems
