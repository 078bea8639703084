"""Three phones play a round of Wordland through the real server and the real web app.

Anna (German phone) creates the room with one round and the short teapot, Ben (English phone, dark mode)
and Cleo join by code, a table screen watches. The Queen (Anna, seat 0 in round 1) picks one of two
categories that only she sees; she tries a hostile word (rejected with a reason, never executed), then a
valid one, and lays out her secret red letter. Ben tries a word with a forbidden letter (the reason names the
letter), then a valid one; Cleo objects to it and Anna votes it out. Cleo lets the teapot run out, so Anna is
the last one standing and the final ranking follows the engine's scoring cards. The Queen's letter never
shows on another page before she lays it out, and never on the table screen while it is secret. A second
room checks the "Said it!" button of the spoken table.
"""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest
from browsing import IN_VIEW, LAPTOP, PHONE, join, start_game
from playwright.sync_api import Browser, ConsoleMessage, Dialog, Page, ViewportSize, expect

from tischrunde.core.game import Action, Config, Event, Timeout, encode_action
from tischrunde.games.wordland import (
    GAME,
    Bet,
    CatPass,
    ChooseCategory,
    Extend,
    GuardForce,
    HatterIgnore,
    Object,
    Say,
    State,
    Vote,
)
from tischrunde.games.wordland.content import lexicon_letters

pytestmark = pytest.mark.browser

HOSTILE = "<img src=x onerror=alert(1)>"


def _page(
    browser: Browser,
    problems: list[str],
    *,
    locale: str = "de-DE",
    size: ViewportSize = PHONE,
    dark: bool = False,
) -> Page:
    context = browser.new_context(
        viewport=size, locale=locale, device_scale_factor=1, color_scheme="dark" if dark else "light"
    )
    page = context.new_page()

    def dialog(d: Dialog) -> None:
        problems.append(f"dialog: {d.message}")
        d.dismiss()

    def console(m: ConsoleMessage) -> None:
        if m.type == "error":
            problems.append(f"console: {m.text}")

    page.on("dialog", dialog)
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", console)
    page.set_default_timeout(10_000)
    return page


def _shoot(page: Page, folder: Path, name: str) -> None:
    page.wait_for_timeout(500)
    page.screenshot(path=str(folder / f"wordland-{name}.png"))


def _create(page: Page, base: str, name: str, options: dict[str, int | str]) -> str:
    page.goto(base + "/")
    page.click("[data-game=wordland]")
    page.locator(".option-details summary").first.click()
    for option, value in options.items():
        selector = f"#opt-{option}"
        if page.eval_on_selector(selector, "e => e.tagName") == "SELECT":
            page.select_option(selector, f'"{value}"' if isinstance(value, str) else str(value))
        else:
            page.fill(selector, str(value))
            page.dispatch_event(selector, "change")
    page.fill("#create-name", name)
    page.click("#create-button")
    expect(page.locator("#room-code")).to_be_visible()
    return page.locator("#room-code").inner_text().strip()


def _binding(page: Page) -> set[str]:
    """The forbidden letters that bind this phone's player now (tiles not marked as off)."""
    tiles = page.locator("#wl-tiles .wl-tile:not(.wl-tile-off)")
    return {tiles.nth(k).get_attribute("data-letter") or "" for k in range(tiles.count())}


def _all_displayed(page: Page) -> set[str]:
    tiles = page.locator("#wl-tiles .wl-tile")
    return {tiles.nth(k).get_attribute("data-letter") or "" for k in range(tiles.count())}


def _valid_word(category: str, avoid: set[str], said: set[str]) -> str:
    for word, letters in lexicon_letters(category, "de", True):
        if letters.isdisjoint(avoid) and word.casefold() not in said:
            return word
    raise AssertionError(f"no word in {category} avoids {avoid}")


def _word_with(category: str, letter: str) -> str:
    for word, letters in lexicon_letters(category, "de", True):
        if letter in letters:
            return word
    return f"{letter}aus"  # any word with the letter: the engine checks letters before anyone judges


def _say(page: Page, word: str) -> None:
    field = page.locator("#wl-word")
    expect(field).to_be_focused()
    field.fill(word)
    field.press("Enter")


def test_three_phones_play_a_round_of_wordland(browser: Browser, server: str, screenshots: Path) -> None:
    problems: list[str] = []
    anna = _page(browser, problems)
    # wrong_word=retry: this walk-through types a word with a forbidden letter and tries again
    code = _create(
        anna, server, "Anna", {"rounds": 1, "timer_s": 10, "objection_s": 8, "wrong_word": "retry"}
    )
    ben = _page(browser, problems, locale="en-US", dark=True)
    cleo = _page(browser, problems)
    join(ben, server, code, "Ben")
    join(cleo, server, code, "Cleo")
    for page in (anna, ben, cleo):
        expect(page.locator("#seat-list .seat")).to_have_count(3)
    table = _page(browser, problems, size=LAPTOP)
    table.goto(f"{server}/r/{code}?table=1")
    expect(table.locator("#room-code")).to_have_text(code)
    start_game(anna)
    phones = [anna, ben, cleo]
    others = [ben, cleo, table]

    # the Queen (seat 0 in round 1) alone sees both category cards
    expect(anna.locator("#wl-my-character")).to_have_attribute("data-character", "queen")
    choices = anna.locator("button.wl-choice")
    expect(choices).to_have_count(2)
    for page in others:
        expect(page.locator("#wl-category")).to_be_visible()
        expect(page.locator("button.wl-choice")).to_have_count(0)
    expect(ben.locator("#status-main")).to_contain_text("Anna (Queen) is choosing the category")
    expect(ben.locator("#status-hint")).to_contain_text(
        re.compile(r"^Think ahead: your words may not contain [A-Z]")
    )
    red = anna.locator("#wl-my-letter").get_attribute("data-letter") or ""
    assert len(red) == 1, red
    expect(anna.locator("#wl-private")).to_contain_text("nur für dich")
    rabbit_letter = None
    for page in (ben, cleo):
        if page.locator("#wl-my-letter").count():
            # the White Rabbit holds a purple secret of its own
            expect(page.locator("#wl-my-character")).to_have_attribute("data-character", "white_rabbit")
            rabbit_letter = page.locator("#wl-my-letter").get_attribute("data-letter")
    _shoot(anna, screenshots, "01-queen-chooses")
    titles = [choices.nth(k).inner_text() for k in range(2)]
    category = choices.nth(1).get_attribute("data-category") or ""
    choices.nth(1).click()
    for page in (*phones, table):
        expect(page.locator("#wl-category")).to_have_attribute("data-category", category)
        expect(page.locator(".wl-category-title")).to_have_text(titles[1])

    def secrets_hidden() -> None:
        for page in others:
            expect(page.locator("#wl-tiles .wl-tile-red")).to_have_count(0)
            if (
                page is table
                or page.locator("#wl-my-character").get_attribute("data-character") != "white_rabbit"
            ):
                expect(page.locator("#wl-tiles [data-source=rabbit]")).to_have_count(0)
                mine = page.locator("#wl-my-letter")
                assert mine.count() == 0 or mine.get_attribute("data-letter") == rabbit_letter
        assert table.locator("#wl-private, #wl-my-letter, #wl-word").count() == 0

    secrets_hidden()

    # Anna's turn: the field has the focus and the phone-keyboard hints; a hostile word is refused as text
    field = anna.locator("#wl-word")
    for attr, value in (
        ("autocapitalize", "off"),
        ("autocomplete", "off"),
        ("spellcheck", "false"),
        ("enterkeyhint", "send"),
    ):
        expect(field).to_have_attribute(attr, value)
    expect(anna.locator("#wl-teapot")).to_be_visible()
    expect(anna.locator("#status-main")).to_have_text("Du bist dran!")
    _say(anna, HOSTILE)
    rejection = anna.locator("#wl-rejection")
    expect(rejection).to_contain_text("genau ein Wort")
    assert anna.locator("img[src=x]").count() == 0
    expect(field).to_have_value(HOSTILE)  # nothing lost: the text stays to be fixed
    _shoot(anna, screenshots, "02-hostile-word-rejected")
    said: set[str] = set()
    first = _valid_word(category, _all_displayed(anna), said)
    said.add(first.casefold())
    _say(anna, first)
    for page in (*phones, table):
        expect(page.locator("#wl-words .wl-word").first).to_contain_text(first)
        expect(page.locator("#wl-words .wl-word").first).to_contain_text("Anna")
    assert not any("alert" in p for p in problems), problems

    # Ben's turn; Anna may lay out her red letter now, and does
    expect(ben.locator("#status-main")).to_have_text("Your turn!")
    expect(ben.locator("#wl-objections button")).to_have_count(1)  # Anna's word is open to objection
    secrets_hidden()
    # Ben has started typing when Anna's letter arrives: his text, focus and caret survive the new state
    ben.locator("#wl-word").focus()
    ben.keyboard.type("zwi")
    place = anna.locator("[data-act=place_letter][data-replace='0']")
    expect(place).to_contain_text(red.upper())
    place.click()
    for page in (*phones, table):
        expect(page.locator(f"#wl-tiles .wl-tile-red[data-letter='{red}']")).to_have_count(1)
    ben.keyboard.type("sch")
    expect(ben.locator("#wl-word")).to_have_value("zwisch")
    expect(ben.locator("#wl-word")).to_be_focused()
    expect(anna.locator("#wl-my-letter")).to_have_attribute("data-state", "laid")
    forbidden = sorted(_binding(ben))
    assert forbidden, "Ben is bound by at least one letter"
    bad = _word_with(category, forbidden[0])
    ben.locator("#wl-word").fill(bad)
    expect(ben.locator("#wl-live-warn")).to_contain_text("Forbidden:")  # a hint while typing
    _say(ben, bad)
    expect(ben.locator("#wl-rejection")).to_contain_text(
        re.compile(r"contains the forbidden letter [A-ZÄÖÜ]")
    )
    _shoot(ben, screenshots, "03-forbidden-letter-en-dark")
    second = _valid_word(category, _all_displayed(ben), said)
    said.add(second.casefold())
    _say(ben, second)
    expect(cleo.locator("#status-main")).to_have_text("Du bist dran!")

    # Cleo objects to Ben's word; Anna votes it invalid: Ben is out with scoring card 1
    objection = cleo.locator("#wl-objections button", has_text=second)
    expect(objection).to_be_visible()
    expect(cleo.locator("#wl-objections .wl-obj-bar").last).to_be_visible()
    _shoot(cleo, screenshots, "04-objection-window")
    objection.click()
    for page in (*phones, table):
        expect(page.locator("#wl-vote")).to_contain_text(second)
    expect(anna.locator("#wl-vote-buttons button")).to_have_count(2)
    expect(ben.locator("#wl-vote-buttons")).to_have_count(0)  # no vote on your own word
    expect(cleo.locator("#wl-vote-buttons")).to_have_count(0)  # the objector has voted by objecting
    expect(anna.locator("#wl-teapot")).to_contain_text("Uhr steht")
    # both verdicts on the phone without scrolling, each a button of at most two lines (German is long)
    buttons = ["#wl-vote-buttons [data-against='1']", "#wl-vote-buttons [data-against='0']"]
    assert anna.evaluate(IN_VIEW, buttons) == []
    for selector in buttons:
        box = anna.locator(selector).bounding_box()
        assert box is not None and 44 <= box["height"] <= 90, (selector, box)
    _shoot(anna, screenshots, "05-vote")
    table.wait_for_timeout(500)
    table.screenshot(path=str(screenshots / "wordland-06-table-vote-laptop.png"))
    anna.click("#wl-vote-buttons [data-against='1']")
    expect(ben.locator("#status-hint")).to_contain_text("You are out – you hold scoring card 1.")
    expect(ben.locator("#log")).to_contain_text("Voted 2 to 0")
    for page in (anna, cleo, table):
        expect(page.locator("#wl-seats [data-seat='1']")).to_have_class(re.compile("wl-seat-out"))
        expect(page.locator("#wl-words .wl-word-rejected")).to_contain_text(second)

    # Cleo lets the teapot run out: out with card 2, Anna is the last one standing (card 3)
    expect(cleo.locator("#wl-word")).to_be_focused()
    cleo.wait_for_timeout(4000)
    _shoot(cleo, screenshots, "07-teapot-running")
    for page in phones:
        expect(page.locator("#ranking")).to_be_visible(timeout=15_000)
    # the table screen's final table takes the ranking's place there
    expect(table.locator("#wl-round-table tbody tr")).to_have_count(3)
    expect(anna.locator("#log")).to_contain_text("Cleo ist raus: die Teekanne pfeift!")
    # default scoring with 3 players: card 1 = 0, card 2 = 1, the survivor's card 3 = 3 points
    expect(anna.locator("#ranking .rank-row").first).to_contain_text("Anna")
    expect(anna.locator("#status-main")).to_have_text("Du hast gewonnen!")
    expect(ben.locator("#status-main")).to_have_text("Won: Anna")
    expect(anna.locator("#ranking .rank-row").first).to_contain_text("3 Punkte")
    expect(ben.locator("#ranking .rank-row[data-seat='2']")).to_contain_text("1 point")
    expect(ben.locator("#ranking .rank-row[data-seat='1']")).to_contain_text("0 points")
    summary = anna.locator("#wl-final-summary")
    expect(summary.locator(".wl-summary-row[data-seat='0']")).to_contain_text("Karte 3: 3")
    expect(summary.locator(".wl-summary-row[data-seat='1']")).to_contain_text("Karte 1: 0")
    expect(summary).to_contain_text(titles[1])
    _shoot(anna, screenshots, "08-ranking")
    table.wait_for_timeout(500)
    table.screenshot(path=str(screenshots / "wordland-09-table-ranking-laptop.png"))
    assert problems == [], problems
    for page in (*phones, table):
        page.context.close()


def test_spoken_table_has_a_said_it_button(browser: Browser, server: str, screenshots: Path) -> None:
    problems: list[str] = []
    anna = _page(browser, problems, locale="en-US")
    code = _create(anna, server, "Anna", {"input": "spoken", "rounds": 1})
    ben = _page(browser, problems)
    join(ben, server, code, "Ben")
    expect(anna.locator("#seat-list .seat")).to_have_count(2)
    anna.click("[data-act=add-bot]")
    expect(anna.locator("#seat-list .seat-bot")).to_have_count(1)
    start_game(anna)
    anna.locator("button.wl-choice").first.click()
    said_it = anna.locator("button.wl-said-it")
    expect(said_it).to_have_text(re.compile("Said it!"))
    expect(anna.locator("#wl-word")).to_have_count(0)
    _shoot(anna, screenshots, "10-spoken-said-it")
    said_it.click()
    for page in (anna, ben):
        expect(page.locator("#wl-words .wl-word").last).to_contain_text("Anna")
    expect(ben.locator("#wl-words .wl-word").last).to_contain_text("(gesagt)")
    # an objection to a spoken word names the player, not a word nobody typed
    objection = ben.locator("#wl-objections [data-act=object]")
    expect(objection).to_have_text("✋ Einspruch gegen das Wort von Anna!")
    objection.click()
    expect(anna.locator("#wl-vote")).to_contain_text("Vote on Anna's word")
    expect(anna.locator("#status-main")).to_have_text("The others judge your word")
    assert problems == [], problems
    for page in (anna, ben):
        page.context.close()


# ---------------------------------------------------------------- every character, rendered from engine views

CAST = [
    "queen",
    "white_rabbit",
    "tweedles",
    "cheshire_cat",
    "caterpillar",
    "alice",
    "mad_hatter",
    "royal_guard",
]
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]

RENDER = """
async ({view, legal, seat, names}) => {
  const mod = (await import('/static/games/wordland.js')).default;
  const dom = await import('/static/dom.js');
  window.__acts = [];
  const ctx = {
    view, legal, active: [], seat, role: seat === null ? 'table' : 'player', isTable: seat === null,
    info: {options: {}, seats: []}, outcome: null, name: (s) => names[s] ?? `#${s + 1}`,
    act: (a) => window.__acts.push(a), explain: () => {}, rerender: () => draw(),
    now: () => (typeof view.deadline === 'number' ? view.deadline - 5000 : 0),
  };
  const draw = () => {
  const status = mod.status(ctx);
  const box = document.createElement('main');
  box.className = 'page game game-wordland' + (seat === null ? ' is-table' : '');
  const main = document.createElement('p');
  main.id = 'status-main';
  main.textContent = status.main;
  const table = document.createElement('section');
  table.className = 'table';
  dom.mount(table, mod.renderTable(ctx));
  const dock = document.createElement('footer');
  dock.className = 'dock';
  dom.mount(dock, mod.renderControls(ctx));
  box.append(main, table, dock);
  document.body.replaceChildren(box);
  };
  draw();
  await new Promise((r) => setTimeout(r, 30));
}
"""


DESCRIBE = """
async ({events, seat, names}) => {
  const mod = (await import('/static/games/wordland.js')).default;
  const ctx = {view: {}, legal: [], seat, isTable: seat === null, name: (s) => names[s] ?? `#${s + 1}`, now: () => 0};
  return events.map((ev) => mod.describe(ev, ctx));
}
"""


def _step(log: list[Event], state: State, seat: int | None, action: Action, t: int) -> State:
    """Apply one action through the engine and keep its events for the log-line check."""
    state, events = GAME.apply(state, seat, action, t)
    log.extend(events)
    return state


def _render(page: Page, state: State, seat: int | None) -> None:
    view = msgspec.to_builtins(GAME.view(state, seat))
    legal = [] if seat is None else [encode_action(a) for a in GAME.legal_actions(state, seat)]
    page.evaluate(RENDER, {"view": view, "legal": legal, "seat": seat, "names": NAMES})


def _clicked(page: Page) -> list[dict[str, object]]:
    acts: list[dict[str, object]] = page.evaluate("window.__acts")
    return acts


def test_every_character_ability_has_its_button(browser: Browser, server: str, screenshots: Path) -> None:
    """Eight seats with a stacked cast: each ability appears as a button exactly when the engine allows it,
    sends the engine's own action, and nothing secret reaches the table screen or another seat."""
    problems: list[str] = []
    page = _page(browser, problems, locale="en-US")
    page.goto(server + "/")
    config = Config(game="wordland", players=8, seed=7, language="en", decks={"characters": CAST})
    state = GAME.new(config)
    log: list[Event] = []
    red, purple = state.deal.red_letter, state.deal.purple_letter

    # the Queen chooses between two cards only she sees
    _render(page, state, 0)
    expect(page.locator("button.wl-choice")).to_have_count(2)
    page.locator("button.wl-choice").nth(1).click()
    assert _clicked(page) == [{"type": "choose_category", "index": 1}]
    expect(page.locator("#wl-my-letter")).to_have_attribute("data-letter", str(red))
    for seat in (None, 2, 4):
        _render(page, state, seat)
        expect(page.locator("button.wl-choice")).to_have_count(0)
        expect(page.locator("#wl-category")).to_contain_text("The Queen is choosing")
    state = _step(log, state, 0, ChooseCategory(1), 100)

    # the Caterpillar bets in secret; the bet shows on its own phone only
    _render(page, state, 4)
    expect(page.locator("#status-main")).to_have_text("Place your bet!")
    expect(page.locator("[data-act=bet]")).to_have_count(7)
    page.locator("[data-act=bet][data-seat='6']").click()
    assert _clicked(page) == [{"type": "bet", "seat": 6}]
    state = _step(log, state, 4, Bet(6), 200)
    _render(page, state, 4)
    expect(page.locator("#wl-my-bet")).to_have_text("Your bet: Gus")
    for seat in (None, 0, 6):
        _render(page, state, seat)
        expect(page.locator("#wl-my-bet")).to_have_count(0)
        assert "Your bet" not in page.locator("body").inner_text()

    # the Queen's turn: the field, the reminder of her binding letters; the Hatter and the Guard may act
    _render(page, state, 0)
    expect(page.locator("#wl-word")).to_be_focused()
    expect(page.locator("#wl-reminder")).to_contain_text(re.compile(r"\d"))
    _shoot(page, screenshots, "11-queen-turn-eight-players")
    _render(page, state, 6)
    letters = sorted({d["letter"] for d in GAME.view(state, 6)["forbidden_letters"]})
    expect(page.locator("[data-pick=hatter]")).to_have_count(len(letters))
    expect(page.locator("[data-act=hatter_ignore]")).to_have_count(0)  # a tap picks, a second one confirms
    page.locator(f"[data-pick=hatter][data-key='{letters[0]}']").click()
    assert _clicked(page) == []
    page.locator("[data-act=hatter_ignore]").click()
    assert _clicked(page) == [{"type": "hatter_ignore", "letter": letters[0]}]
    _render(page, state, 7)
    expect(page.locator("[data-pick=guard]")).to_have_count(0)  # not before the Queen's first turn
    _render(page, state, 2)
    expect(page.locator("[data-act=extend]")).to_have_count(0)  # not Tweedles' turn yet
    word = GAME.sample_words(state, 0, 1)[0]
    state = _step(log, state, 0, Say(word), 300)
    # now the Guard may force anyone but itself and the player whose turn it is (the Rabbit)
    _render(page, state, 7)
    expect(page.locator("[data-pick=guard]")).to_have_count(6)
    page.locator("[data-pick=guard][data-key='3']").click()
    expect(page.locator("[data-act=guard_force]")).to_have_text("💂 Call on Di now!")
    _shoot(page, screenshots, "12-guard-picker")
    page.locator("[data-act=guard_force]").click()
    assert _clicked(page) == [{"type": "guard_force", "seat": 3}]

    # right after her turn the Queen may lay out her red letter; until then nobody else sees it
    _render(page, state, 0)
    expect(page.locator("[data-act=place_letter]")).to_contain_text(str(red).upper())
    for seat in (None, 1, 2, 7):
        _render(page, state, seat)
        expect(page.locator("#wl-tiles .wl-tile-red")).to_have_count(0)
        if seat != 1:
            expect(page.locator("#wl-my-letter")).to_have_count(0)
        expect(page.locator("#wl-private")).to_have_count(0 if seat is None else 1)
    _render(
        page, state, 1
    )  # the White Rabbit's turn: its own purple secret, the objection to the Queen's word
    expect(page.locator("#wl-my-letter")).to_have_attribute("data-letter", str(purple))
    expect(page.locator("#wl-objections [data-act=object]")).to_contain_text(word)
    state = _step(log, state, 0, GAME.legal_actions(state, 0)[-1], 400)  # lays out the red letter
    for seat in (None, 1, 2):
        _render(page, state, seat)
        expect(page.locator(f"#wl-tiles .wl-tile-red[data-letter='{red}']")).to_have_count(1)
    _render(page, state, 7)  # the Royal Guard is not bound by the red letter
    expect(page.locator(f"#wl-tiles .wl-tile-red[data-letter='{red}']")).to_have_class(
        re.compile("wl-tile-off")
    )
    word = GAME.sample_words(state, 1, 1)[0]
    state = _step(log, state, 1, Say(word), 500)

    # the Rabbit may lay out its letter or swap it for the red one; Tweedles may extend their turn
    _render(page, state, 1)
    expect(page.locator("[data-act=place_letter]")).to_have_count(2)
    expect(page.locator("[data-act=place_letter][data-replace='1']")).to_contain_text(str(purple).upper())
    _render(page, state, 2)
    page.locator("[data-act=extend]").click()
    assert _clicked(page) == [{"type": "extend"}]
    # the other abilities and a whole vote, on copies of this moment (the engine is pure), for the log lines
    rabbit_word = GAME.view(state, 5)["objection_windows"][-1]["turn_id"]
    _step(log, state, 2, Extend(), 550)
    _step(log, state, 6, HatterIgnore(letters[0]), 550)
    _step(log, state, 7, GuardForce(3), 550)
    voting = _step(log, state, 5, Object(rabbit_word), 550)
    for voter in (0, 2, 3, 4, 6, 7):  # everyone but the Rabbit (its word) and Alice (objected)
        voting = _step(log, voting, voter, Vote(against=True), 560)
    word = GAME.sample_words(state, 2, 1)[0]
    state = _step(log, state, 2, Say(word), 600)

    # the Cheshire Cat may pass its turn
    _render(page, state, 3)
    page.locator("[data-act=cat_pass]").click()
    assert _clicked(page) == [{"type": "cat_pass"}]
    _shoot(page, screenshots, "13-cat-turn")
    _step(log, state, 3, CatPass(), 700)

    # everyone else lets the teapot run out: the next round opens with last round's scores and bonuses
    while state.deal.round == 0:
        due = GAME.due_at(state)
        assert due is not None
        state = _step(log, state, None, Timeout(), due)
    last = GAME.view(state, None)["last_round"]
    for seat in (None, 3):
        _render(page, state, seat)
        summary = page.locator("#wl-summary")
        expect(summary.locator(".wl-summary-row")).to_have_count(8)
        alice = summary.locator(".wl-summary-row[data-seat='5']")
        expect(alice).to_contain_text(f"card {last['cards'][5]}: {last['card_points'][5]}")
        if last["bonus"][5]:
            expect(alice).to_contain_text(f"bonus {last['bonus'][5]} (Alice)")
        expect(summary).to_contain_text("The Caterpillar had bet on Gus.")
        total = last["card_points"][4] + last["bonus"][4]
        expect(summary.locator(".wl-summary-row[data-seat='4']")).to_contain_text(f"= {total}")
    _shoot(page, screenshots, "14-next-round-scores")

    # every event of the round has a log line in words, for the Caterpillar's phone and the table screen
    kinds = {e.kind for e in log}
    assert kinds >= {"category", "bet", "word", "place_letter", "extend", "hatter_ignore", "guard_force"}
    assert kinds >= {"objection", "vote", "vote_result", "out", "cat_pass", "round_end"}
    for seat in (4, None):
        events = [
            {"kind": e.kind, "seat": e.seat, "data": msgspec.to_builtins(e.data)}
            for e in log
            if e.visible_to is None or seat in e.visible_to
        ]
        lines = page.evaluate(DESCRIBE, {"events": events, "seat": seat, "names": NAMES})
        assert len(lines) == len(events)
        for event, line in zip(events, lines, strict=True):
            assert line and "wl." not in line and "undefined" not in line, (event, line)
        assert ("You bet on Gus." in lines) == (seat == 4), lines
    assert problems == [], problems
    page.context.close()
