"""The host uploads 15 photos in a Stella lobby, and three phones play a round on them.

Anna creates a one-round Stella room; Ben (English phone) and Cleo join. Anna picks 16 files at once: 15 real
photos (JPEG and PNG made with Pillow here) and one SVG, which is refused in words. She removes one photo
(the counter and the "at least 15" notice follow) and adds it again; "+ Bot" is refused with the reason. The
game then deals only her photos: every phone's grid shows the room's own pictures (loaded from
/api/rooms/CODE/pictures/ID), and the round is played to the ranking.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from browsing import PHONE, join, set_options, start_game, watch
from PIL import Image
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser


def _photo(i: int) -> dict[str, Any]:
    image = Image.linear_gradient("L").resize((320, 240)).convert("RGB")
    image.paste((30 + 14 * i, 200 - 9 * i, 60 + 11 * i), (20 + 8 * i, 30, 120 + 8 * i, 150))
    fmt = "PNG" if i % 3 == 0 else "JPEG"
    out = io.BytesIO()
    image.save(out, fmt)
    return {
        "name": f"foto-{i:02d}.{fmt.lower()}",
        "mimeType": f"image/{fmt.lower()}",
        "buffer": out.getvalue(),
    }


def _phone(browser: Browser, problems: list[str], locale: str = "de-DE") -> Page:
    page = browser.new_context(viewport=PHONE, locale=locale).new_page()
    watch(page, problems)
    page.set_default_timeout(15_000)
    return page


def _grid_sources(page: Page) -> list[str]:
    return page.eval_on_selector_all("#stl-grid .stl-tile img", "es => es.map((e) => e.getAttribute('src'))")


def test_the_host_uploads_15_photos_and_three_phones_play_a_round_on_them(
    browser: Browser, server: str
) -> None:
    problems: list[str] = []
    a = _phone(browser, problems)
    a.goto(server + "/")
    a.click("[data-game=stella]")
    set_options(a, {"rounds": 1})
    a.fill("#create-name", "Anna")
    a.click("#create-button")
    expect(a.locator("#room-code")).to_be_visible()
    code = a.locator("#room-code").inner_text().strip()
    b = _phone(browser, problems, "en-US")
    join(b, server, code, "Ben")
    c = _phone(browser, problems)
    join(c, server, code, "Cleo")
    expect(a.locator("#seat-list .seat")).to_have_count(3)

    # ---- uploads: 15 photos and an SVG in one pick; only the host has the box
    expect(a.locator("#own-pictures")).to_be_visible()
    expect(b.locator("#own-pictures")).to_have_count(0)
    expect(a.locator("#own-count")).to_have_text("0 / 300, mindestens 15")
    svg = {
        "name": "zeichnung.svg",
        "mimeType": "image/svg+xml",
        "buffer": b"<svg xmlns='http://www.w3.org/2000/svg'/>",
    }
    a.set_input_files("#own-picture-files", [*(_photo(i) for i in range(15)), svg])
    expect(a.locator("#own-count")).to_have_text(
        "15 / 300, mindestens 15", timeout=60_000
    )  # decoded one by one
    expect(a.locator("#own-progress")).to_have_count(0, timeout=30_000)
    expect(a.locator("#own-thumbs .own-thumb")).to_have_count(15)
    expect(a.locator("#own-errors")).to_contain_text("zeichnung.svg: Das ist kein Foto")
    expect(a.locator("#own-no-bots")).to_be_visible()
    a.wait_for_function(  # the thumbnails are the cleaned pictures, served to the room
        "() => [...document.querySelectorAll('#own-thumbs img')].every((e) => e.complete && e.naturalWidth > 0)"
    )

    # remove one, the counter and the notice follow; then it comes back
    a.locator("#own-thumbs .own-remove").first.click()
    expect(a.locator("#own-count")).to_have_text("14 / 300, mindestens 15")
    expect(a.locator("#own-too-few")).to_contain_text("Noch 1 Bilder")
    a.set_input_files("#own-picture-files", [_photo(0)])
    expect(a.locator("#own-count")).to_have_text("15 / 300, mindestens 15")

    # no bots on pictures without tags: the server refuses, and the page says why
    a.click("[data-act=add-bot]")
    expect(a.locator(".toast")).to_contain_text("Bots können mit euren eigenen Bildern nicht spielen")
    expect(a.locator("#seat-list .seat")).to_have_count(3)

    # ---- the game deals Anna's photos
    start_game(a)
    pages = [a, b, c]
    for page in pages:
        expect(page.locator("#stl-grid .stl-tile")).to_have_count(15)
        sources = _grid_sources(page)
        assert len(sources) == 15 and all(
            re.fullmatch(rf"/api/rooms/{code}/pictures/[0-9a-f]{{32}}", s) for s in sources
        )
        assert len(set(sources)) == 15
        page.wait_for_function(
            "() => [...document.querySelectorAll('#stl-grid .stl-tile img')].every((e) => e.complete && e.naturalWidth > 0)"
        )
    assert _grid_sources(a) == _grid_sources(b) == _grid_sources(c)

    # ---- one round: the scout chooses, everyone marks the first picture, the scout names it: a spark for all
    scout = next(p for p in pages if p.locator("#stl-choices button").count())
    scout.locator("#stl-choices button").first.click()
    for page in pages:
        expect(page.locator("#stl-counter")).to_contain_text("0 / 10")
        page.click("#stl-grid .stl-tile[data-pos='0']")
        page.click("#stl-done")
    expect(scout.locator("#stl-grid .stl-tile-can")).to_have_count(1)
    scout.click("#stl-grid .stl-tile[data-pos='0']")
    scout.click("#stl-name")
    for page in pages:
        expect(page.locator("#ranking")).to_be_visible()
    assert not problems, problems


def test_own_words_and_a_deck_file_go_from_one_room_to_another(browser: Browser, server: str) -> None:
    problems: list[str] = []
    a = _phone(browser, problems)
    a.goto(server + "/")
    a.click("[data-game=stella]")
    a.fill("#create-name", "Anna")
    a.click("#create-button")
    expect(a.locator("#own-words")).to_be_visible()
    a.fill("#own-words-text", "Oma, Garten, Hund")
    a.click("#own-words-save")
    expect(a.locator("#own-errors")).to_have_text("Zeile 1: ein oder zwei Wörter pro Karte")
    hostile = "<img src=x onerror=alert(1)>"
    a.fill("#own-words-text", f"Oma, Garten\nUrlaub\n{hostile}")
    a.click("#own-words-save")
    expect(a.locator("#own-words-count")).to_have_text("3 eigene im Spiel.")
    expect(a.locator("#own-words-text")).to_have_value(f"Oma, Garten\nUrlaub\n{hostile}")
    with a.expect_download() as download:
        a.click("#own-deck-save")
    deck = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert deck == {
        "tischrunde_deck": 1,
        "stella_words": [["Oma", "Garten"], ["Urlaub"], [hostile]],
        "wordland_categories": [],
    }

    # Ben (English) hosts a Wordland room and loads a deck file with categories: first a broken one
    b = _phone(browser, problems, "en-US")
    b.goto(server + "/")
    b.click("[data-game=wordland]")
    b.fill("#create-name", "Ben")
    b.click("#create-button")
    expect(b.locator("#own-categories")).to_be_visible()
    broken = b'{"tischrunde_deck": 1,\n "wordland_categories": [\n'
    b.set_input_files(
        "#own-deck-file", {"name": "deck.json", "mimeType": "application/json", "buffer": broken}
    )
    expect(b.locator("#own-errors")).to_contain_text("The deck file is faulty: line 3")
    deck["wordland_categories"] = [{"title": "Grandma's kitchen", "words": ["pot", "ladle"]}]
    good = json.dumps(deck).encode()
    b.set_input_files("#own-deck-file", {"name": "deck.json", "mimeType": "application/json", "buffer": good})
    expect(b.locator("#own-notice")).to_have_text("Deck file loaded: 1 cards.")
    expect(b.locator("#own-categories-text")).to_have_value("Grandma's kitchen: pot, ladle")
    expect(b.locator("#own-categories-count")).to_have_text("1 of your own in the game.")
    assert not problems, problems
