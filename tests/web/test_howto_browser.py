"""How to play: every game's illustrated steps open from the lobby and from the in-game menu on a phone,
in English and German, close with Escape or the 48 px button, keep the focus inside and give it back; the
lobby's timer options are shown and typed in seconds."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from a11y import violations
from browsing import PHONE, join, set_options, start_game, watch
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

TITLES = {"mogelmotte": "Mogel-Motte", "emojito": "Emojito", "stella": "Stella", "wordland": "Wordland"}
#: quick games: the tests only need the game to be running
QUICK: dict[str, dict[str, object]] = {
    "mogelmotte": {"rounds": 1},
    "emojito": {},
    "stella": {"rounds": 1},
    "wordland": {"rounds": 1},
}

# where the focus is: inside the dialog (and which control), or elsewhere
FOCUS = """() => {
  const a = document.activeElement;
  const d = document.querySelector('#howto');
  return {inside: Boolean(d && d.contains(a)), id: a ? a.id : null};
}"""


def _page(browser: Browser, problems: list[str]) -> Page:
    context = browser.new_context(viewport=PHONE, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    watch(page, problems)
    return page


def _create(page: Page, server: str, game: str) -> str:
    page.goto(server + "/")
    page.click(f"[data-game={game}]")
    set_options(page, QUICK[game])
    page.fill("#create-name", "Anna")
    page.click("#create-button")
    expect(page.locator("#room-code")).to_be_visible()
    return page.locator("#room-code").inner_text().strip()


def _check_open(page: Page, game: str, lang: str) -> None:
    """The dialog is open over the screen: its title, 5-8 steps with a picture and words, all on the phone."""
    dialog = page.locator("dialog#howto")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-game", game)
    title = f"How to play {TITLES[game]}" if lang == "en" else f"So wird {TITLES[game]} gespielt"
    expect(page.locator("#howto-title")).to_have_text(title)
    steps = dialog.locator(".howto-step")
    count = steps.count()
    assert 5 <= count <= 8, count
    for i in range(count):
        step = steps.nth(i)
        assert step.locator("svg.howto-art").count() == 1
        heading = step.locator("h3").inner_text().strip()
        text = step.locator("p").inner_text().strip()
        # a translated sentence, never a key
        assert heading and len(text) > 30 and not text.startswith("howto."), (heading, text)
    words = dialog.inner_text()
    marker = {"en": " the ", "de": " die "}[lang]
    assert marker in words, words[:200]
    # nothing wider than the phone; the close buttons are thumb-sized
    box = page.evaluate(
        "() => { const d = document.querySelector('#howto'); const r = d.getBoundingClientRect();"
        " return {left: r.left, right: r.right, scroll: d.scrollWidth, client: d.clientWidth}; }"
    )
    assert box["left"] >= 0 and box["right"] <= PHONE["width"] + 0.5 and box["scroll"] <= box["client"], box
    for sel in ("#howto-close", "#howto-done"):
        size = page.locator(sel).bounding_box()
        assert size is not None and size["width"] >= 48 and size["height"] >= 48, (sel, size)
    assert page.evaluate(FOCUS) == {"inside": True, "id": "howto-close"}


def _tab_stays_inside(page: Page) -> None:
    for key in ["Tab"] * 3 + ["Shift+Tab"] * 4:
        page.keyboard.press(key)
        assert page.evaluate(FOCUS)["inside"], key


def _start(
    page: Page, browser: Browser, server: str, code: str, game: str, problems: list[str]
) -> list[Page]:
    """Fill the table (bots, or a second person in Emojito) and start the game."""
    others: list[Page] = []
    if game == "emojito":
        ben = _page(browser, problems)
        join(ben, server, code, "Ben")
        others.append(ben)
        expect(page.locator("#seat-list .seat")).to_have_count(2)
    else:
        for n in range(2):
            page.click("[data-act=add-bot]")
            expect(page.locator("#seat-list .seat")).to_have_count(2 + n)
    start_game(page)
    expect(page.locator("#dock")).to_be_attached()
    return others


@pytest.mark.parametrize("game", list(TITLES))
def test_how_to_play_opens_from_the_lobby_and_the_game_menu(browser: Browser, server: str, game: str) -> None:
    problems: list[str] = []
    page = _page(browser, problems)
    code = _create(page, server, game)

    # the lobby: "How to play" beside the house rules (the old "Rules" says what it is now)
    expect(page.locator("#lobby-options > summary")).to_have_text("House rules")
    expect(page.locator("#howto-button")).to_have_text(re.compile("How to play"))
    page.click("#howto-button")
    _check_open(page, game, "en")
    assert violations(page) == []
    _tab_stays_inside(page)
    page.keyboard.press("Escape")
    expect(page.locator("#howto")).to_have_count(0)
    assert page.evaluate("() => document.activeElement.id") == "howto-button"

    # in German, closed with the big button at the top
    page.click("#menu-button")
    page.click("#menu [data-lang=de]")
    page.click("#menu-button")
    expect(page.locator("#lobby-options > summary")).to_have_text("Hausregeln")
    expect(page.locator("#howto-button")).to_have_text(re.compile("So wird gespielt"))
    page.click("#howto-button")
    _check_open(page, game, "de")
    page.click("#howto-close")
    expect(page.locator("#howto")).to_have_count(0)
    assert page.evaluate("() => document.activeElement.id") == "howto-button"

    # during the game, from the menu; the focus comes back to the menu button
    others = _start(page, browser, server, code, game, problems)
    page.click("#menu-button")
    expect(page.locator("#menu-howto")).to_have_text(re.compile("So wird gespielt"))
    page.click("#menu-howto")
    _check_open(page, game, "de")
    expect(page.locator("#menu")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(page.locator("#howto")).to_have_count(0)
    assert page.evaluate("() => document.activeElement.id") == "menu-button"
    # and in English again, with the game going on underneath
    page.click("#menu-button")
    page.click("#menu [data-lang=en]")
    page.click("#menu-howto")
    _check_open(page, game, "en")
    page.click("#howto-done")
    expect(page.locator("#howto")).to_have_count(0)
    assert problems == []
    for other in [*others, page]:
        other.context.close()


def _room(server: str, code: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server}/api/rooms/{code}", timeout=5) as res:
        info: dict[str, Any] = json.loads(res.read())
    return info


def test_timer_options_are_shown_and_typed_in_seconds(browser: Browser, server: str) -> None:
    problems: list[str] = []
    page = _page(browser, problems)
    page.goto(server + "/")
    page.click("[data-game=mogelmotte]")
    page.locator(".option-details summary").first.click()
    cheat = page.locator("[data-option=cheat_ms]")
    expect(cheat.locator("input")).to_have_value("2")
    expect(cheat.locator(".option-unit")).to_have_text("seconds")
    expect(cheat.locator(".option-default")).to_have_text("Default: 2 s")
    expect(page.locator("[data-option=round_pause_ms] .option-default")).to_have_text("Default: 4 s")
    # the explanations are plain words, never "ms"
    for text in page.locator(".option-desc").all_inner_texts():
        assert "(ms)" not in text and " ms" not in text, text
    page.fill("#opt-cheat_ms", "2.5")
    page.dispatch_event("#opt-cheat_ms", "change")
    page.fill("#create-name", "Anna")
    page.click("#create-button")
    expect(page.locator("#room-code")).to_be_visible()
    code = page.locator("#room-code").inner_text().strip()
    assert _room(server, code)["options"]["cheat_ms"] == 2500
    page.click("#lobby-options summary")
    expect(page.locator("#lobby-options #opt-cheat_ms")).to_have_value("2.5")
    # the host types seconds in the lobby too: the room keeps milliseconds
    page.fill("#lobby-options #opt-slap_window_ms", "4")
    page.dispatch_event("#lobby-options #opt-slap_window_ms", "change")
    deadline_ok = page.wait_for_function(
        f"async () => (await (await fetch('/api/rooms/{code}')).json()).options.slap_window_ms === 4000"
    )
    assert deadline_ok
    page.click("#menu-button")
    page.click("#menu [data-lang=de]")
    page.click("#menu-button")
    expect(page.locator("#lobby-options [data-option=cheat_ms] .option-default")).to_have_text(
        "Standard: 2 s"
    )
    expect(page.locator("#lobby-options [data-option=cheat_ms] .option-unit")).to_have_text("Sekunden")
    # a courtesy timer counted in seconds (Stella's marking, relaxed by default) says its default in seconds
    page.goto(server + "/")
    page.click("[data-game=stella]")
    page.locator(".option-details summary").first.click()
    expect(page.locator("[data-option=mark_timeout_s] .option-default")).to_have_text("Standard: 120 s")
    expect(page.locator("[data-option=round_pause_ms] .option-default")).to_have_text("Standard: 6 s")
    assert problems == []
    page.context.close()


def test_every_step_is_written_in_both_languages(browser: Browser, server: str) -> None:
    problems: list[str] = []
    page = _page(browser, problems)
    page.goto(server + "/")
    found = page.evaluate(
        """async (games) => {
            const howto = await import('/static/howto.js');
            const i18n = await import('/static/i18n.js');
            const out = {missing: i18n.missingKeys(), steps: {}, absent: []};
            for (const game of games) {
                const keys = howto.howtoSteps(game);
                out.steps[game] = keys.length;
                for (const key of keys) for (const part of ['title', 'text']) for (const l of ['de', 'en']) {
                    const text = i18n.strings(l)[`howto.${game}.${key}.${part}`];
                    if (!text) out.absent.push(`${l} howto.${game}.${key}.${part}`);
                }
            }
            return out;
        }""",
        list(TITLES),
    )
    assert found["missing"] == [] and found["absent"] == [], found
    assert all(5 <= n <= 8 for n in found["steps"].values()), found["steps"]
    assert problems == []
    page.context.close()


def test_option_explanations_say_no_milliseconds_and_no_code() -> None:
    """The lobby shows every timer in seconds, so no explanation speaks of ms, ids or field names."""
    from tischrunde.server.lobby import loadable_games

    jargon = re.compile(r"\(ms\)|\bms\b|\.\.n|\{title|k-t?h\b|k-te")
    for name, game in loadable_games().items():
        for opt in game.spec.options:
            for text in (opt.description_en, opt.description_de):
                assert not jargon.search(text), (name, opt.name, text)
    assert jargon.search("How long (ms) a cheat takes") and jargon.search("ids 0..n-1")
