"""Wordland with the keyboard alone: Tab to a control, Enter or Space to use it, the focus always visible.

A live round of three phones (no mouse after the lobby): the Queen (Anna) chooses the category, words are
typed, the Queen lays out her red letter, Cleo objects to Ben's word and the others vote, the rest go out
with a forbidden letter, and the Queen deals the next round from the round's scoring. The Royal Guard (not
dealt to three players every time) picks and forces a player by keyboard on a stacked eight-player table
drawn from engine views.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browsing import PHONE, join
from playwright.sync_api import Browser, Page, expect
from test_wordland_browser import (
    CAST,
    _binding,
    _clicked,
    _create,
    _render,
    _step,
    _valid_word,
    _word_with,
)

from tischrunde.core.game import Config, Event
from tischrunde.games.wordland import GAME, Bet, ChooseCategory, Say

pytestmark = pytest.mark.browser

# the focused element shows a ring: :focus-visible matches and draws an outline of at least 3 px
FOCUS = """() => {
  const e = document.activeElement;
  const s = getComputedStyle(e);
  return {visible: e.matches(':focus-visible'), style: s.outlineStyle, width: parseFloat(s.outlineWidth),
          tag: e.tagName, text: e.textContent.trim().slice(0, 40)};
}"""


def _page(browser: Browser, problems: list[str], locale: str = "de-DE") -> Page:
    page = browser.new_context(viewport=PHONE, locale=locale, device_scale_factor=1).new_page()
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.set_default_timeout(10_000)
    return page


def _tab_to(page: Page, selector: str, limit: int = 60) -> None:
    """Press Tab (and nothing else) until the element has the focus, and check that the focus shows."""
    expect(page.locator(selector).first).to_be_visible()
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            ring = page.evaluate(FOCUS)
            assert ring["visible"] and ring["style"] != "none" and ring["width"] >= 3, ring
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def _press(page: Page, selector: str, key: str = "Enter") -> None:
    _tab_to(page, selector)
    page.keyboard.press(key)


def _turn(phones: list[Page]) -> Page:
    """The phone whose word field is on screen (it has the focus at once: no Tab needed)."""
    for _ in range(100):
        for page in phones:
            if page.locator("#wl-word").count() and page.locator("#wl-word").is_visible():
                return page
        phones[0].wait_for_timeout(100)
    raise AssertionError("nobody's turn")


def _type_word(page: Page, word: str) -> None:
    expect(page.locator("#wl-word")).to_be_focused()
    page.keyboard.type(word)
    page.keyboard.press("Enter")


def test_a_round_of_wordland_by_keyboard_alone(browser: Browser, server: str, screenshots: Path) -> None:
    problems: list[str] = []
    anna = _page(browser, problems)
    code = _create(anna, server, "Anna", {"rounds": 2, "timer_s": 15, "objection_s": 10})
    ben, cleo = _page(browser, problems, "en-US"), _page(browser, problems)
    join(ben, server, code, "Ben")
    join(cleo, server, code, "Cleo")
    expect(anna.locator("#seat-list .seat")).to_have_count(3)
    if anna.locator("#first-seat").count():
        anna.select_option("#first-seat", "0")
    _press(anna, "#start-game")
    phones = [anna, ben, cleo]

    # the Queen chooses a category: Tab to the second card, Space
    _press(anna, "button.wl-choice[data-index='1']", "Space")
    expect(anna.locator("#wl-category")).not_to_have_attribute("data-category", "")
    category = anna.locator("#wl-category").get_attribute("data-category") or ""
    said: set[str] = set()

    # Anna's turn: the field has the focus, she types and sends with Enter
    assert _turn(phones) is anna
    word = _valid_word(category, _binding(anna), said)
    said.add(word.casefold())
    _type_word(anna, word)
    expect(anna.locator("#wl-words")).to_contain_text(word)

    # right after her turn she lays out her red letter: Tab to the button, Enter
    _press(anna, "[data-act=place_letter]")
    expect(anna.locator("#wl-tiles .wl-tile-red")).to_have_count(1)

    # Ben's word, then Cleo objects to it by keyboard and the others vote by keyboard (keep it)
    assert _turn(phones) is ben
    word = _valid_word(category, _binding(ben), said)
    said.add(word.casefold())
    _type_word(ben, word)
    expect(cleo.locator("#wl-words .wl-word[data-seat='1']")).to_have_count(1)
    turn = cleo.locator("#wl-words .wl-word[data-seat='1']").get_attribute("data-turn")
    objection = f"#wl-objections [data-act=object][data-turn='{turn}']"
    expect(cleo.locator(objection)).to_be_visible()
    _tab_to(cleo, objection)
    cleo.screenshot(path=str(screenshots / "wordland-keyboard-objection-phone.png"))
    cleo.keyboard.press("Enter")
    for voter in (anna, cleo):
        if voter.locator("#wl-vote-buttons").count() or voter is anna:
            _press(voter, "#wl-vote-buttons [data-against='0']", "Space")
            expect(voter.locator("#wl-vote-buttons")).to_have_count(0)
    expect(anna.locator("#wl-vote")).to_have_count(0)

    # the others go out with a forbidden letter (typed), until one is left standing
    for _ in range(4):
        if anna.locator("#wl-table").get_attribute("data-phase") == "round_over":
            break
        page = _turn(phones)
        words = anna.locator("#wl-words .wl-word").count()
        _type_word(page, _word_with(category, sorted(_binding(page))[0]))
        anna.wait_for_function(
            """(n) => document.querySelectorAll('#wl-words .wl-word').length > n
                || document.querySelector('#wl-table').dataset.phase === 'round_over'""",
            arg=words,
        )
    expect(anna.locator("#wl-table")).to_have_attribute("data-phase", "round_over")

    # the round's scoring stays until the Queen deals the next round: Tab to the button, Enter
    expect(anna.locator("#wl-summary")).to_be_visible()
    anna.screenshot(path=str(screenshots / "wordland-keyboard-round-over-phone.png"))
    _press(anna, "[data-act=next_round]")
    for page in phones:
        expect(page.locator("#wl-table")).not_to_have_attribute("data-phase", "round_over")
    assert problems == [], problems
    for page in phones:
        page.context.close()


def test_the_royal_guard_forces_a_player_by_keyboard(browser: Browser, server: str) -> None:
    problems: list[str] = []
    page = _page(browser, problems, "en-US")
    page.goto(server + "/")
    state = GAME.new(Config(game="wordland", players=8, seed=7, language="en", decks={"characters": CAST}))
    log: list[Event] = []
    state = _step(log, state, 0, ChooseCategory(1), 100)
    state = _step(log, state, 4, Bet(6), 200)
    state = _step(log, state, 0, Say(GAME.sample_words(state, 0, 1)[0]), 300)
    _render(page, state, 7)  # the Guard's phone
    page.keyboard.press("Escape")
    _press(page, "[data-pick=guard][data-key='3']")
    assert page.locator("[data-pick=guard][data-key='3']").get_attribute("aria-pressed") == "true"
    _press(page, "[data-act=guard_force]", "Space")
    assert _clicked(page) == [{"type": "guard_force", "seat": 3}]
    # the Hatter picks a letter the same way
    _render(page, state, 6)
    letter = page.locator("[data-pick=hatter]").first.get_attribute("data-key") or ""
    _press(page, f"[data-pick=hatter][data-key='{letter}']")
    _press(page, "[data-act=hatter_ignore]")
    assert _clicked(page) == [{"type": "hatter_ignore", "letter": letter}]
    assert problems == [], problems
    page.context.close()
