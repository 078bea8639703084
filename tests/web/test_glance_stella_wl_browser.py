"""Stella and Wordland at a glance (issue 13) and for the keyboard and a screen reader (issue 15).

Stella: four phones play a round by keyboard alone (Tab to a control, arrow keys through the pictures,
Space/Enter); a fallen player's marked picture is named later and the log line names only who scored; the
player in the dark falls and the round summary explains her points. On the phone (390x844) the pictures are
larger than before, nothing covers a picture, the zoom button is at least 48x48 and the large view shows
the word; the glowing pictures stay on screen in the reveal turn. The table screen's grid covers most of a
1920x1080 page with text of at least 24 px, and the score table stays on screen. axe-core finds nothing
serious in any phase. Wordland: the letter tiles carry a shape and a word beside the colour; the round's
scoring stays on screen through the round_over pause and the next Queen's choice.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

import pytest
from a11y import violations
from browsing import IN_VIEW, PHONE, join
from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import Error as PlaywrightError

pytestmark = pytest.mark.browser

TV: ViewportSize = {"width": 1920, "height": 1080}
LAPTOP_1280: ViewportSize = {"width": 1280, "height": 800}


def _page(
    browser: Browser, problems: list[str], *, size: ViewportSize = PHONE, locale: str = "de-DE"
) -> Page:
    context = browser.new_context(viewport=size, locale=locale, device_scale_factor=1)
    page = context.new_page()
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
    page.set_default_timeout(10_000)
    return page


# on screen as the page is scrolled now: below the sticky top bar and above the bottom dock
SHOWN = """(sels) => {
  const top = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const dock = document.querySelector('#dock');
  return sels.every((s) => {
    const e = document.querySelector(s);
    if (!e) return false;
    const r = e.getBoundingClientRect();
    const limit = dock.contains(e) ? innerHeight : dock.getBoundingClientRect().top;
    return r.top >= top - 0.5 && r.bottom <= limit + 0.5;
  });
}"""


def _tab_to(page: Page, selector: str, limit: int = 80) -> None:
    """Press Tab until the element is focused: it can be reached by keyboard alone."""
    expect(page.locator(selector)).to_be_visible()
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def _key_press(page: Page, selector: str, key: str = "Enter") -> None:
    _tab_to(page, selector)
    page.keyboard.press(key)


def _key_marks(page: Page, positions: list[int]) -> None:
    """Mark pictures by keyboard: Tab into the grid, arrow keys to each picture, Space; then Done by Enter."""
    expect(page.locator("#stl-counter")).to_be_visible()
    _tab_to(page, "#stl-grid .stl-tile[data-pos='0']")
    at = 0
    for pos in positions:
        while at < pos:
            page.keyboard.press("ArrowRight")
            at += 1
        assert page.evaluate("() => document.activeElement.dataset.pos") == str(pos)
        page.keyboard.press("Space")
        expect(page.locator(f"#stl-grid .stl-tile[data-pos='{pos}']")).to_have_attribute(
            "aria-pressed", "true"
        )
        # the focus stays on the picture through the re-render
        assert page.evaluate("() => document.activeElement.dataset.pos") == str(pos)
    _key_press(page, "#stl-done")
    expect(page.locator("#stl-done")).to_have_count(0)  # sent (or everyone has marked)


def _key_reveal(page: Page, pos: int) -> None:
    _tab_to(page, f"#stl-grid .stl-tile[data-pos='{pos}']")
    page.keyboard.press("Enter")
    expect(page.locator("#stl-name")).to_be_enabled()
    _key_press(page, "#stl-name")


def _first_seat(page: Page, seat: int) -> None:
    """The host says who starts (the lobby's first-seat choice; random otherwise)."""
    page.select_option("#first-seat", str(seat))
    expect(page.locator(f"#first-seat option[value='{seat}']")).to_have_attribute("selected", "")
    page.wait_for_function("(s) => document.querySelector('#first-seat').value === s", arg=str(seat))


def _settled(page: Page) -> None:
    """Every one-off animation has run out (a fading log line is not yet its final colour)."""
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.effect.getTiming().iterations === Infinity)"
    )


def _axe(page: Page, where: str) -> None:
    _settled(page)
    found = violations(page)
    assert not found, where + ":\n" + "\n".join(found)


def _shoot(page: Page, name: str) -> None:
    out = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    _settled(page)
    page.screenshot(path=str(out / f"glance-{name}.png"))


def _log(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("#log .log-line").all_inner_texts()]


def _box(page: Page, selector: str) -> dict[str, Any]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return dict(box)


def _min_font(page: Page, selector: str) -> float:
    sizes: list[float] = page.eval_on_selector_all(
        selector,
        """es => es.filter((e) => e.offsetParent && e.textContent.trim())
                   .map((e) => parseFloat(getComputedStyle(e).fontSize))""",
    )
    assert sizes, selector
    return min(sizes)


def test_stella_round_by_keyboard_with_a_fall_in_the_dark(browser: Browser, server: str) -> None:
    problems: list[str] = []
    anna = _page(browser, problems)
    anna.goto(server + "/")
    anna.click("[data-game=stella]")
    anna.locator(".option-details summary").first.click()
    for option, value in (("rounds", "2"), ("round_pause_ms", "60")):
        anna.fill(f"#opt-{option}", value)
        anna.dispatch_event(f"#opt-{option}", "change")
    anna.fill("#create-name", "Anna")
    anna.click("#create-button")
    expect(anna.locator("#room-code")).to_be_visible()
    code = anna.locator("#room-code").inner_text().strip()
    phones = {"Anna": anna}
    for name in ("Ben", "Cara", "Dora"):
        page = _page(browser, problems)
        join(page, server, code, name)
        phones[name] = page
    expect(anna.locator("#seat-list .seat")).to_have_count(4)
    tv = _page(browser, problems, size=TV)
    tv.goto(f"{server}/r/{code}?table=1")
    laptop = _page(browser, problems, size=LAPTOP_1280, locale="en-US")
    laptop.goto(f"{server}/r/{code}?table=1")
    _first_seat(anna, 0)
    _key_press(anna, "#start-game")
    a, b, c, d = phones.values()
    for page in (*phones.values(), tv, laptop):
        expect(page.locator("#stl-grid .stl-tile")).to_have_count(15)

    # ---- word: the scout by keyboard
    _axe(a, "word, scout")
    _axe(tv, "word, table")
    _shoot(a, "stella-word-phone")
    _key_press(a, "#stl-choices button[data-index='0']")
    for page in phones.values():
        expect(page.locator("#stl-counter")).to_be_visible()
    word = a.locator("#stl-word-main").inner_text()

    # ---- marking, all by keyboard; the phone's pictures are larger than 65x87 and nothing lies on them
    # the pictures are larger than the 65x87 px of before, and the whole grid and "Done" fit without scrolling
    pic = _box(a, "#stl-grid .stl-tile[data-pos='7'] .stl-pic")
    assert pic["width"] >= 68 and pic["height"] >= 90, pic
    fit = ["#stl-grid .stl-tile[data-pos='14']", "#stl-done", "#stl-zoom-open"]
    # a passing line (a toast, the newest log line) may push the grid for a moment: the layout settles
    with contextlib.suppress(PlaywrightError):
        a.wait_for_function(f"(sels) => ({IN_VIEW})(sels).length === 0", arg=fit, timeout=5000)
    assert a.evaluate(IN_VIEW, fit) == []
    _key_marks(a, [0, 1, 2, 3, 4])
    overlap = a.evaluate(
        """() => [...document.querySelectorAll('#stl-grid .stl-tile')].flatMap((t) => {
            const pic = t.querySelector('.stl-pic').getBoundingClientRect();
            return [...t.querySelectorAll('.stl-num, .stl-mine, .stl-result, .stl-can-mark')].filter((b) => {
              const r = b.getBoundingClientRect();
              return r.width && r.left < pic.right && r.right > pic.left && r.top < pic.bottom - 0.5 && r.bottom > pic.top;
            }).map((b) => t.dataset.pos + ':' + b.className);
        })"""
    )
    assert overlap == [], overlap
    _axe(b, "mark")
    _shoot(b, "stella-mark-phone")
    zoom = _box(b, "#stl-zoom-open")
    assert zoom["width"] >= 48 and zoom["height"] >= 48, zoom
    _key_marks(b, [0, 1, 5])
    _key_marks(c, [0, 6])
    # the large view from the dock, by keyboard, shows the word; Escape closes it
    _key_press(d, "#stl-zoom-open")
    expect(d.locator("#stl-zoom-word")).to_contain_text(word)
    _axe(d, "zoom")
    d.keyboard.press("Escape")
    expect(d.locator("#stl-zoom")).to_have_count(0)
    _key_marks(d, [1, 12])
    for page in phones.values():
        expect(page.locator(".stl-lantern-dark")).to_have_attribute("data-seat", "0")

    # ---- reveals by keyboard: Anna's turn; her glowing pictures and the name button are on screen
    expect(a.locator("#stl-grid .stl-tile-can")).to_have_count(5)
    assert (
        a.evaluate(IN_VIEW, [f"#stl-grid .stl-tile[data-pos='{p}']" for p in range(5)] + ["#stl-name"]) == []
    )
    _axe(a, "reveal turn")
    _shoot(a, "stella-reveal-phone")
    _key_reveal(a, 0)  # spark: Anna, Ben, Cara +2
    expect(b.locator("#stl-name")).to_be_visible()
    _key_reveal(b, 5)  # only Ben: he falls
    expect(c.locator("#stl-name")).to_be_visible()
    _key_reveal(c, 6)  # only Cara: she falls
    expect(d.locator("#stl-name")).to_be_visible()
    # Dora's turn: her glowing picture in the bottom row is scrolled above the dock by itself
    expect(d.locator("#stl-grid .stl-tile-can")).to_have_count(2)
    d.wait_for_function(
        SHOWN, arg=["#stl-grid .stl-tile[data-pos='1']", "#stl-grid .stl-tile[data-pos='12']", "#stl-name"]
    )
    _key_reveal(d, 1)  # Anna, Ben and Dora marked it; Ben has fallen and scores nothing
    line = "Bild 2 von Dora: Funke! Anna und Dora je +2"
    for page in phones.values():
        expect(page.locator("#log")).to_contain_text(line)
        assert not any("Ben" in t and "Bild 2" in t for t in _log(page)), _log(page)
    first = "Bild 1 von Anna: Funke! Anna, Ben und Cara je +2"
    assert any(first in t for t in a.locator("#stl-reveals .stl-reveal-line").all_inner_texts())
    # Anna is in the dark: the lantern does not promise her the full points once she falls
    _key_reveal(a, 2)  # only Anna: the player in the dark falls
    expect(a.locator(".stl-lantern[data-seat='0'] .stl-lantern-points")).to_contain_text(
        "im Dunkeln gefallen"
    )
    _axe(tv, "reveal, table")
    _shoot(tv, "stella-reveal-tv")
    _shoot(laptop, "stella-reveal-laptop")
    _key_reveal(d, 12)  # only Dora: she falls, the round is over

    # ---- round over: the last reveal stays, the summary explains Anna's 2 points (4 before the cut)
    for page in (*phones.values(), tv):
        expect(page.locator("#stl-table")).to_have_attribute("data-phase", "round_over")
        expect(page.locator("#stl-dark-summary")).to_contain_text(
            "Anna war im Dunkeln und ist gefallen: 2 statt 4"
        )
        expect(page.locator("#stl-grid .stl-tile[data-pos='12']")).to_have_class(re.compile(r"stl-tile-fall"))
    expect(laptop.locator("#stl-dark-summary")).to_contain_text(
        "Anna was in the dark and fell: 2 instead of 4"
    )
    assert any("Anna war im Dunkeln" in t for t in _log(b)), _log(b)
    assert any("Anna +2, Ben +2, Cara +2, Dora +2" in t for t in _log(b)), _log(b)
    # a live region outside the re-rendered screen says what happened and whose turn it is
    expect(b.locator("#announce")).to_contain_text("Runde 1")
    _axe(a, "round over")
    _shoot(a, "stella-round-over-phone")
    _shoot(tv, "stella-round-over-tv")

    # ---- the table screen: the grid covers most of the page, big text, the score table on screen
    for page, least in ((tv, 24.0), (laptop, 18.0)):
        size = page.viewport_size
        assert size is not None
        area = size["width"] * size["height"]
        # the table's boxes step aside on the table screen: the grid's column and the side panel are the table
        grid, main, side = (
            _box(page, "#stl-grid"),
            _box(page, "#stl-table .stl-main"),
            _box(page, "#stl-table .stl-side"),
        )
        top = min(main["y"], side["y"])
        table = {
            "x": main["x"],
            "y": top,
            "width": side["x"] + side["width"] - main["x"],
            "height": max(main["y"] + main["height"], side["y"] + side["height"]) - top,
        }
        # 15 pictures of 2:3 in 5 columns: the grid is as tall as the window allows, the table is most of it
        assert grid["width"] * grid["height"] / area >= 0.25, (size, grid)
        assert table["width"] * table["height"] / area >= 0.6, (size, table)
        assert table["y"] + table["height"] <= size["height"], (size, table)
        assert _box(page, "#stl-grid .stl-tile[data-pos='0']")["height"] >= 0.2 * size["height"], size
        assert _min_font(page, "#stl-table .stl-side *") >= least, (
            size,
            _min_font(page, "#stl-table .stl-side *"),
        )
        scores = _box(page, "#stl-round-table-box")  # the points per round, beside the grid
        assert scores["y"] + scores["height"] <= size["height"], (size, scores)

    _key_press(a, "#stl-next-round")
    for page in phones.values():
        expect(page.locator("#stl-table")).to_have_attribute("data-phase", "word")
    assert problems == [], problems
    for page in (*phones.values(), tv, laptop):
        page.context.close()


SHAPES = {"blue": "●", "purple": "◆", "green": "▲", "red": "■"}
COLOURS = {"blue": "blau", "purple": "lila", "green": "grün", "red": "rot"}


def _letters_carry_shape_and_word(page: Page) -> None:
    """Colour is never the only signal: each letter tile shows a shape and its colour as a word, and says both."""
    tiles = page.locator("#wl-tiles .wl-tile")
    assert tiles.count() > 0
    for k in range(tiles.count()):
        tile = tiles.nth(k)
        colour = tile.get_attribute("data-colour") or ""
        tag = tile.locator(".wl-tile-tag").inner_text()
        assert SHAPES[colour] in tag and COLOURS[colour] in tag, (colour, tag)
        assert COLOURS[colour] in (tile.get_attribute("aria-label") or ""), colour


def test_wordland_by_keyboard_letters_with_shapes(browser: Browser, server: str) -> None:
    from test_wordland_browser import _create, _valid_word

    problems: list[str] = []
    anna = _page(browser, problems)
    code = _create(anna, server, "Anna", {"rounds": 1, "timer_s": 15})
    ben, cleo = _page(browser, problems), _page(browser, problems)
    join(ben, server, code, "Ben")
    join(cleo, server, code, "Cleo")
    expect(anna.locator("#seat-list .seat")).to_have_count(3)
    tv = _page(browser, problems, size=TV)
    tv.goto(f"{server}/r/{code}?table=1")
    _first_seat(anna, 0)
    _key_press(anna, "#start-game")
    phones = [anna, ben, cleo]

    # ---- the Queen chooses by keyboard; the letters show a shape and a word beside the colour
    expect(anna.locator("button.wl-choice")).to_have_count(2)
    for page in phones:
        _letters_carry_shape_and_word(page)
    _axe(anna, "choose, queen")
    _axe(ben, "choose")
    _axe(tv, "choose, table")
    _shoot(anna, "wordland-choose-phone")
    _key_press(anna, "button.wl-choice[data-index='0']")
    category = anna.locator("#wl-category").get_attribute("data-category") or ""
    expect(anna.locator("#wl-category")).not_to_have_attribute("data-category", "")
    category = anna.locator("#wl-category").get_attribute("data-category") or ""

    # ---- whoever's turn it is types a word with the keyboard alone: the field has the focus, Enter sends
    said: set[str] = set()
    for _ in range(1):
        turn = None
        for page in phones:
            if page.locator("#wl-word").count() and page.locator("#status-main").inner_text().startswith(
                "Du bist dran"
            ):
                turn = page
        if turn is None:
            expect(anna.locator("#wl-word, #wl-teapot").first).to_be_visible()
            continue
        expect(turn.locator("#wl-word")).to_be_focused()
        avoid = {
            (turn.locator("#wl-tiles .wl-tile:not(.wl-tile-off)").nth(k).get_attribute("data-letter") or "")
            for k in range(turn.locator("#wl-tiles .wl-tile:not(.wl-tile-off)").count())
        }
        word = _valid_word(category, avoid, said)
        said.add(word.casefold())
        turn.keyboard.type(word)
        turn.keyboard.press("Enter")
        expect(anna.locator("#wl-words")).to_contain_text(word)

    # ---- an objection and a vote, by keyboard: someone objects to the last word, someone else votes
    last = sorted(said)[0]
    objector = None
    for _ in range(50):  # the objection window opens on the other phones with the word's state
        objector = next((p for p in phones if p.locator("#wl-objections button").count()), None)
        if objector is not None:
            break
        anna.wait_for_timeout(100)
    assert objector is not None, "nobody may object"
    _key_press(objector, "#wl-objections button")
    voter = None
    for page in phones:
        if page is not objector and page.locator("#wl-vote-buttons button").count():
            voter = page
    if voter is None:
        expect(anna.locator("#wl-vote-buttons button, #status-main").first).to_be_visible()
        voter = next(p for p in phones if p.locator("#wl-vote-buttons button").count())
    _axe(voter, "vote")
    _shoot(voter, "wordland-vote-phone")
    _key_press(voter, "#wl-vote-buttons [data-against='0']")
    expect(voter.locator("#wl-vote-buttons [data-against='0']")).to_have_count(0)
    for page in phones:
        _letters_carry_shape_and_word(page)
        _axe(page, "play")
    assert last
    expect(ben.locator("#announce")).not_to_be_empty()
    assert ben.locator("[aria-live]:not(#toasts)").count() == 1, "one live region for the game: the shell's"
    _shoot(ben, "wordland-play-phone")
    _shoot(tv, "wordland-play-tv")
    # the table screen: big letters and words, at least 24 px at 1080p
    assert _min_font(tv, "#wl-table *") >= 24.0, _min_font(tv, "#wl-table *")
    assert problems == [], problems
    for page in (*phones, tv):
        page.context.close()
