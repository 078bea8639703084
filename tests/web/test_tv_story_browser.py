"""The table screen tells the story, and people tell apart at a glance (issue "The evening, second pass",
items 3 and 4).

Each game is played once by its bots from a fixed seed (``tvstates.moments``); the real web app, served by
the real server, shows the table screen (seat None) of the first round's end and of the game's end at
1920x1080 and 1280x800, its socket answered with the engine's own frames. Measured in the browser:

- the round table: every row (one per person or side) and every round's column, each cell inside the
  viewport, on top (nothing covers or clips it) and its text whole (scrollWidth <= clientWidth, no "…");
- the round heading agrees with the status line (Mogel-Motte);
- Stella's grid takes at least 70 % of the width while the pictures are named; Wordland's seats (eight
  players) are whole inside the table; Emojito's reveal lies inside the table;
- a splash never covers the seats (their card counts and who has slapped);
- every tile shows an avatar, a 12-character name is shown whole on the TV and on a phone at 390x844, and
  the log marks names with their avatar;
- Mogel-Motte with the player on turn away (offline, the stand-in's countdown, the host's button): the
  draw and discard piles whole on the screen; the phone keeps piles, hand and status in view;
- Emojito co-op lost: the standings rank the game 1. ★ and the team 2. (all seats have rank 1); the
  board's markers are avatars with the name as label; the heading names each_target in mode "each";
- Stella: every strip under a picture shows each marker's avatar whole (no "…"), on the screen;
- Wordland between rounds: every line of the round's scores on the screen.

Screenshots: docs/screenshots/tv-<game>-round-over.png, tv-<game>-end.png (1920x1080) and
phone-names-<game>.png (390x844, 128 colours); every size in artifacts/screenshots/tv/.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import tvstates
from browsing import PHONE, watch
from playwright.sync_api import Browser, Page, ViewportSize, expect

pytestmark = pytest.mark.browser

# the reviewed copies go to docs/screenshots/ only when asked (TISCHRUNDE_DOCS_SHOTS=1): a test run
# leaves the checkout clean
DOCS = Path(__file__).resolve().parents[2] / (
    "docs/screenshots" if os.environ.get("TISCHRUNDE_DOCS_SHOTS") else "artifacts/screenshots/docs"
)
HD: ViewportSize = {"width": 1920, "height": 1080}
LAPTOP_800: ViewportSize = {"width": 1280, "height": 800}

# two names of 12 characters: they must show whole everywhere
NAMES = ["Annabel-Sofi", "Darstellerin", "Ben", "Cleo", "Maximilian12", "Eva", "Konstantinos", "Jo"]
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "mogelmotte": (4, {"rounds": 3, "hand_size": 5}),
    "stella": (6, {"rounds": 3}),
    "wordland": (8, {"rounds": 3}),
    "emojito": (7, {"mode": "each", "each_target": 2}),
}
# Emojito co-op to one trophy, lost (the game wins): the standings rank the game first
COOP: tuple[int, dict[str, Any]] = (4, {"mode": "coop", "trophy_target": 1, "wrong_step": 3})
ROUND_TABLE = {
    "mogelmotte": "#mm-round-table",
    "stella": "#stl-round-table",
    "wordland": "#wl-round-table",
    "emojito": "#emj-standings",
}
# the tiles of people on the table screen (whichever are shown) and on a phone
TILES = "#players .player, .mm-seat, .stl-lantern, .wl-seat, .emj-pick"

# every cell of a table: inside the viewport, the topmost thing at its centre, its text whole
CELLS = """(sel) => {
  const table = document.querySelector(sel);
  if (!table) return [`${sel}: missing`];
  const out = [];
  const W = document.documentElement.clientWidth, H = innerHeight;
  const box = table.closest('.round-table-box');
  if (box && box.scrollWidth > box.clientWidth + 1) out.push(`the box scrolls: ${box.scrollWidth} in ${box.clientWidth}`);
  for (const cell of table.querySelectorAll('th, td, caption')) {
    const r = cell.getBoundingClientRect();
    const name = `${cell.tagName} "${cell.textContent.trim()}"`;
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) out.push(`outside the screen: ${name} ${r.left},${r.top}..${r.right},${r.bottom}`);
    else {
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(cell === hit || cell.contains(hit) || hit.contains(cell))) out.push(`covered or clipped: ${name} (on top: ${hit && hit.className})`);
    }
    if (cell.scrollWidth > cell.clientWidth + 1) out.push(`text cut: ${name} ${cell.scrollWidth} in ${cell.clientWidth}`);
    if (cell.textContent.includes('…')) out.push(`ellipsis: ${name}`);
  }
  for (const n of table.querySelectorAll('.who-name')) {
    if (n.scrollWidth > n.clientWidth + 1) out.push(`name cut: ${n.textContent}`);
  }
  return out;
}"""

# the named elements lie whole inside the viewport and inside the container (and nothing clips them)
INSIDE = """([sel, within]) => {
  const out = [];
  const W = document.documentElement.clientWidth, H = innerHeight;
  const c = document.querySelector(within);
  if (!c) return [`${within}: missing`];
  const q = c.getBoundingClientRect();
  const nodes = [...document.querySelectorAll(sel)];
  if (!nodes.length) return [`${sel}: none`];
  for (const n of nodes) {
    const r = n.getBoundingClientRect();
    const name = `${sel} "${n.textContent.trim().slice(0, 30)}"`;
    if (r.left < Math.max(0, q.left) - 0.5 || r.top < Math.max(0, q.top) - 0.5 || r.right > Math.min(W, q.right) + 0.5 || r.bottom > Math.min(H, q.bottom) + 0.5)
      out.push(`${name}: ${r.left},${r.top}..${r.right},${r.bottom} not in ${q.left},${q.top}..${q.right},${q.bottom}`);
    const hit = document.elementFromPoint(r.left + r.width / 2, r.bottom - 3);
    if (!hit || !(n === hit || n.contains(hit))) out.push(`${name}: its bottom is covered or clipped`);
  }
  return out;
}"""

# a tile's name is whole (not cut, no ellipsis) and every tile carries an avatar
NAMES_WHOLE = """(sel) => {
  const out = [];
  const W = document.documentElement.clientWidth;
  const shown = [...document.querySelectorAll(sel)].filter((n) => n.checkVisibility() && n.getBoundingClientRect().width > 0);
  for (const tile of shown) {
    if (!tile.querySelector('.avatar')) out.push(`no avatar: ${tile.className} "${tile.textContent.trim().slice(0, 30)}"`);
  }
  for (const n of document.querySelectorAll('.player-name, .mm-seat-name, .stl-lantern-name, .wl-seat-name, .emj-pick-name, .who-name')) {
    if (!n.checkVisibility() || !n.getBoundingClientRect().width) continue;
    const r = n.getBoundingClientRect();
    const cut = n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflow !== 'visible';
    if (cut || r.right > W + 0.5 || r.left < -0.5 || n.textContent.includes('…')) out.push(`name not whole: "${n.textContent}" ${n.scrollWidth} in ${n.clientWidth}, ${r.left}..${r.right}`);
    let a = n.parentElement;
    for (; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (['hidden', 'clip'].includes(s.overflowX)) {
        const q = a.getBoundingClientRect();
        if (r.left < q.left - 1 || r.right > q.right + 1) out.push(`name clipped by ${a.className}: "${n.textContent}"`);
        break;
      }
    }
  }
  return { shown: shown.length, out };
}"""

# the visible sentences about the player in the dark (a lantern's short tag is not a sentence)
DARK = """() => [...document.querySelectorAll('#app *')]
  .filter((e) => e.checkVisibility() && !e.closest('.sr-only') && [...e.childNodes].some((n) => n.nodeType === 3 && /ist im Dunkeln/.test(n.textContent)))
  .map((e) => e.textContent.trim())"""

OVERLAP = """([a, b]) => {
  const out = [];
  for (const x of document.querySelectorAll(a)) {
    const r = x.getBoundingClientRect();
    for (const y of document.querySelectorAll(b)) {
      const s = y.getBoundingClientRect();
      const w = Math.min(r.right, s.right) - Math.max(r.left, s.left), h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (w > 1 && h > 1) out.push(`${a} covers ${b} "${y.textContent.trim().slice(0, 30)}"`);
    }
  }
  return out;
}"""


# the strips under Stella's pictures: whole (nothing cut, no "…"), every marker's avatar drawn
STRIPS = """() => {
  const out = [];
  for (const cap of document.querySelectorAll('#stl-grid .stl-cap')) {
    if (cap.scrollWidth > cap.clientWidth + 1) out.push(`strip cut: ${cap.scrollWidth} in ${cap.clientWidth}`);
    for (const who of cap.querySelectorAll('.stl-result-who')) {
      const r = who.getBoundingClientRect(), q = cap.getBoundingClientRect();
      if (who.scrollWidth > who.clientWidth + 1) out.push(`avatars cut: "${who.dataset.who}" ${who.scrollWidth} in ${who.clientWidth}`);
      if (r.right > q.right + 0.5 || r.bottom > q.bottom + 0.5) out.push(`avatars beyond the strip: "${who.dataset.who}" ${r.right},${r.bottom} in ${q.right},${q.bottom}`);
      const s = getComputedStyle(who);
      if (s.textOverflow === 'ellipsis' && s.overflow !== 'visible') out.push(`may end in …: "${who.dataset.who}"`);
    }
  }
  return out;
}"""


@cache
def _moments(game: str, players: int = 0, options: str = "") -> dict[str, tvstates.Moment]:
    if not players:
        players, opts = GAMES[game]
    else:
        opts = json.loads(options)
    return tvstates.moments(game, players, opts, seed=3)


def _open(
    browser: Browser,
    server: str,
    game: str,
    key: str,
    size: ViewportSize,
    problems: list[str],
    seat: int | None = None,
    away: int | None = None,
    setup: tuple[int, dict[str, Any]] | None = None,
    locale: str = "de-DE",
) -> Page:
    """The table screen (or seat ``seat``'s phone) at this moment, with the log filled; ``away``: that
    seat has no connection (the table screen is the host's); ``setup``: players and options of another
    game than GAMES'."""
    players, options = setup or GAMES[game]
    found = _moments(game, players, json.dumps(options, sort_keys=True)) if setup else _moments(game)
    context = browser.new_context(
        viewport=size, locale=locale, device_scale_factor=1, reduced_motion="reduce"
    )
    page = context.new_page()
    watch(page, problems)
    page.set_default_timeout(15_000)
    served = tvstates.serve(page, found[key], NAMES[:players], options, seat=seat, away=away)
    page.goto(f"{server}/r/TVTEST" + ("?table=1" if seat is None else ""))
    expect(page.locator("#table")).to_have_attribute("data-version", "7")
    page.wait_for_function(
        "() => [...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet)"
    )
    served.again()  # the module is loaded now: this state's events go into the log
    expect(page.locator("#table")).to_have_attribute("data-version", "8")
    page.evaluate("() => document.fonts.ready")
    return page


def _shoot(page: Page, screenshots: Path, game: str, key: str) -> None:
    size = page.viewport_size or HD
    label = {"round_over": "round-over", "over": "end"}.get(key, key)
    folder = screenshots / "tv"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"tv-{game}-{label}-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(path))
    if size == HD and key in ("round_over", "over"):
        _small(path, DOCS / f"tv-{game}-{label}.png")


def _small(source: Path, target: Path) -> None:
    """The reviewed copy in docs/screenshots/: 128 colours, as scripts/screenshots.py writes them."""
    image = pytest.importorskip("PIL.Image")
    with image.open(source) as img:
        small = img.convert("RGB").quantize(colors=128, method=image.Quantize.MEDIANCUT)
    target.parent.mkdir(parents=True, exist_ok=True)
    small.save(target, optimize=True)


@pytest.mark.parametrize("size", [HD, LAPTOP_800], ids=["1080p", "800"])
@pytest.mark.parametrize("key", ["round_over", "over"])
@pytest.mark.parametrize("game", list(GAMES))
def test_table_screen_shows_the_round_table_whole(
    browser: Browser, server: str, screenshots: Path, game: str, key: str, size: ViewportSize
) -> None:
    problems: list[str] = []
    page = _open(browser, server, game, key, size, problems)
    _shoot(page, screenshots, game, key)
    sel = ROUND_TABLE[game]
    table = page.locator(sel)
    expect(table).to_be_visible()
    players, _ = GAMES[game]
    view = _moments(game)[key]
    state_view = tvstates.state_frame(view, None)["view"]
    # every person (Emojito each: every side is a person), every finished round
    expect(table.locator("tbody tr")).to_have_count(players)
    rounds = {
        "mogelmotte": len(state_view.get("penalty_points", {}).get("rounds", [])),
        "stella": len(state_view.get("score_table") or []),
        "wordland": len(state_view.get("round_points") or []),
        "emojito": 1,  # the last round's steps; the totals are fields and trophies
    }[game]
    expect(table.locator("thead th.rt-round")).to_have_count(rounds)
    assert rounds >= 1
    if key == "over" and game != "emojito":
        assert rounds == 3, rounds  # the last round too, never cut
    for name in NAMES[:players]:
        expect(table.locator(".who-name", has_text=name).first).to_have_text(name)
    if key == "over":  # the final table: ranks and the winners marked with a star, not only a colour
        expect(table.locator("td.rt-rank").first).to_contain_text("1.")
        assert table.locator("tr.rt-win td.rt-rank").first.inner_text().endswith("★")
    bad: list[str] = page.evaluate(CELLS, sel)
    assert bad == [], bad
    whole = page.evaluate(NAMES_WHOLE, TILES)
    assert whole["out"] == [], whole
    assert whole["shown"] > 0 or key == "over", whole  # at the end the final table is the tiles' place
    # the log marks each name with the person's avatar (drawn by CSS, the line's text stays the sentence)
    if page.locator("#log").is_visible():
        assert page.locator("#log .log-who[data-avatar]").count() > 0
    if game == "mogelmotte":
        # the heading names the round just over, as the status line does; no splash covers the seats
        done = rounds
        if key == "round_over":
            expect(page.locator("#status-main")).to_have_text(f"Runde {done} vorbei!")
        expect(page.locator("#mm-round")).to_have_text(f"Runde {done} von 3")
        assert page.evaluate(OVERLAP, [".mm-burst", ".mm-seat"]) == []
        expect(page.locator(".mm-seat .avatar")).to_have_count(players)
    if game == "wordland":
        assert page.evaluate(INSIDE, ["#wl-seats .wl-seat", "#table"]) == []
        # the round's result whole: its heading, its every line and the possible words
        if key == "round_over":
            assert page.evaluate(INSIDE, ["#wl-summary > *, #wl-summary li", "#table"]) == []
    if game == "stella":
        assert page.evaluate(STRIPS) == []
        assert page.evaluate(INSIDE, ["#stl-grid .stl-cap", "body"]) == []
    if game == "emojito":
        assert page.evaluate(INSIDE, ["#emj-reveal", "#table"]) == []
        assert page.evaluate(INSIDE, ["#emj-reveal .emj-pick", "#table"]) == []
        # the heading names this mode's target (each_target 2), the board's markers are avatars
        expect(page.locator("#emj-head")).to_contain_text("🏆 2")
        markers = page.locator("#emj-board .emj-marker")
        expect(markers).to_have_count(players)
        for k in range(players):
            m = markers.nth(k)
            expect(m.locator(".avatar")).to_have_count(1)
            side = int(m.get_attribute("data-side") or -1)
            assert m.get_attribute("aria-label") == NAMES[side], m.get_attribute("aria-label")
            assert not any(ch.isalpha() for ch in m.inner_text()), m.inner_text()
    if key == "over":  # the phones keep the shell's ranking; the table screen's final table says it all
        expect(page.locator("#ranking")).to_be_hidden()
    assert problems == [], problems
    page.context.close()


@pytest.mark.parametrize("size", [HD, LAPTOP_800], ids=["1080p", "800"])
def test_stella_grid_fills_the_table_screen(
    browser: Browser, server: str, screenshots: Path, size: ViewportSize
) -> None:
    problems: list[str] = []
    page = _open(browser, server, "stella", "playing", size, problems)
    _shoot(page, screenshots, "stella", "reveal")
    grid = page.locator("#stl-grid").bounding_box()
    assert grid is not None
    assert grid["width"] >= 0.7 * size["width"], (grid, size)
    assert grid["y"] + grid["height"] <= size["height"] + 0.5, (grid, size)
    # the whole grid is seen: every picture's number strip is on top at its place
    assert page.evaluate(INSIDE, ["#stl-grid .stl-cap", "body"]) == []
    # the dark sentence once at most (the status line), never again in the side panel
    dark = page.evaluate(DARK)
    assert len(dark) <= 2, dark  # the status hint and at most the newest log line
    expect(page.locator("#stl-dark-line")).to_have_count(0)
    # the named pictures show their markers' avatars
    who = page.locator("#stl-grid .stl-result-who").first.get_attribute("data-who") or ""
    assert who and not any(ch.isalpha() for ch in who), who
    whole = page.evaluate(NAMES_WHOLE, TILES)
    assert whole["shown"] > 0 and whole["out"] == [], whole
    # every named picture shows each of its markers (no "…")
    assert page.evaluate(STRIPS) == []
    assert problems == [], problems
    page.context.close()


@pytest.mark.parametrize("size", [HD, LAPTOP_800], ids=["1080p", "800"])
def test_mogelmotte_piles_whole_while_someone_is_away(
    browser: Browser, server: str, screenshots: Path, size: ViewportSize
) -> None:
    """The player whose turn it is has lost the connection: the seat says so, counts down to the stand-in
    and offers the host's button; the draw and discard piles stay whole on the screen."""
    problems: list[str] = []
    state = _moments("mogelmotte")["start"]
    away = tvstates.state_frame(state, None)["active"][0]
    page = _open(browser, server, "mogelmotte", "start", size, problems, away=away)
    seat = page.locator(f".mm-seat[data-seat='{away}']")
    expect(seat.locator(".mm-seat-off")).to_be_visible()
    expect(seat.locator(".standin-due")).to_contain_text("60")
    expect(seat.locator(".standin-now")).to_be_visible()
    _shoot(page, screenshots, "mogelmotte", "away")
    assert page.evaluate(INSIDE, ["#mm-draw-pile, #mm-discard", "#table"]) == []
    assert page.evaluate(INSIDE, [".mm-seat", "#table"]) == []
    box = seat.locator(".standin-now").bounding_box()
    assert box is not None and box["height"] >= 47.5, box
    assert problems == [], problems
    page.context.close()


def test_mogelmotte_phone_keeps_hand_while_someone_is_away(
    browser: Browser, server: str, screenshots: Path
) -> None:
    """The host's phone while another player is away: piles, hand and the stand-in button in view."""
    problems: list[str] = []
    state = _moments("mogelmotte")["start"]
    active = tvstates.state_frame(state, None)["active"][0]
    away = active if active != 0 else 1
    page = _open(browser, server, "mogelmotte", "start", PHONE, problems, seat=0, away=away)
    expect(page.locator(f".mm-seat[data-seat='{away}'] .standin-now")).to_be_visible()
    page.screenshot(path=str(screenshots / "tv" / "phone-mogelmotte-away.png"))
    assert page.evaluate(INSIDE, ["#mm-draw-pile, #mm-discard, #mm-hand, #status", "body"]) == []
    assert problems == [], problems
    page.context.close()


@pytest.mark.parametrize("size", [HD, LAPTOP_800], ids=["1080p", "800"])
def test_emojito_coop_end_ranks_the_side_that_won(
    browser: Browser, server: str, screenshots: Path, size: ViewportSize
) -> None:
    """Co-op: every seat's rank is 1 whether the team won or lost; the standings rank the team and the
    game by the outcome (the winner first, with ★; the other second), never "∞"."""
    problems: list[str] = []
    page = _open(browser, server, "emojito", "over", size, problems, setup=COOP, locale="en-US")
    players, options = COOP
    moment = _moments("emojito", players, json.dumps(options, sort_keys=True))["over"]
    outcome = tvstates.state_frame(moment, None)["outcome"]
    won = outcome["details"]["team_won"]
    _shoot(page, screenshots, "emojito", "coop-end")
    table = page.locator("#emj-standings")
    expect(table.locator("tbody tr")).to_have_count(2)
    first, second = (0, 1) if won else (1, 0)
    rows = table.locator("tbody tr")
    expect(rows.nth(0)).to_have_attribute("data-side", str(first))
    expect(rows.nth(0).locator("td.rt-rank")).to_have_text("1. ★")
    expect(rows.nth(0)).to_have_class(re.compile(r"\brt-win\b"))
    expect(rows.nth(1)).to_have_attribute("data-side", str(second))
    expect(rows.nth(1).locator("td.rt-rank")).to_have_text("2.")
    assert "∞" not in (table.inner_text() or "")
    expect(page.locator("#status-main")).to_have_text(
        "You won – the team beat the game!" if won else "Lost – the game wins"
    )
    assert problems == [], problems
    page.context.close()


@pytest.mark.parametrize("size", [HD, LAPTOP_800], ids=["1080p", "800"])
def test_mogelmotte_splash_leaves_the_seats_free(
    browser: Browser, server: str, screenshots: Path, size: ViewportSize
) -> None:
    """A mosquito race in the frame: the splash sits over the piles, the seats show their counts and who
    has slapped (the seat's own mark)."""
    problems: list[str] = []
    page = _open(browser, server, "mogelmotte", "race", size, problems)
    expect(page.locator(".mm-burst", has_text="Stechmücke")).to_be_visible()
    _shoot(page, screenshots, "mogelmotte", "race")
    race = tvstates.state_frame(_moments("mogelmotte")["race"], None)["view"]["race"]
    for seat in race["slapped"]:
        expect(page.locator(f".mm-seat[data-seat='{seat}'] .mm-seat-slapped")).to_be_visible()
    assert page.evaluate(OVERLAP, [".mm-burst", ".mm-seat"]) == []
    assert page.evaluate(OVERLAP, [".mm-burst", ".mm-seat-count, .mm-seat-slapped"]) == []
    assert problems == [], problems
    page.context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_phone_tiles_show_avatars_and_whole_names(
    browser: Browser, server: str, screenshots: Path, game: str
) -> None:
    problems: list[str] = []
    page = _open(browser, server, game, "round_over", PHONE, problems, seat=0)
    folder = screenshots / "tv"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"phone-{game}-round-over.png"))
    _small(folder / f"phone-{game}-round-over.png", DOCS / f"phone-names-{game}.png")
    players, _ = GAMES[game]
    # the player strip, or in Mogel-Motte the seats on the table that take its place on a phone
    tiles = ".mm-seat" if game == "mogelmotte" else "#players .player"
    expect(page.locator(tiles)).to_have_count(players)
    for name in ("Annabel-Sofi", "Darstellerin"):
        expect(page.locator(tiles, has_text=name).first).to_be_visible()
    whole = page.evaluate(NAMES_WHOLE, tiles)
    assert whole["shown"] == players and whole["out"] == [], whole
    # each person's badge differs from everyone else's (avatar and, for up to ten, colour)
    badges = page.eval_on_selector_all(f"{tiles} .avatar", "ns => ns.map((n) => n.textContent + n.className)")
    assert len(set(badges)) == players, badges
    assert problems == [], problems
    page.context.close()
