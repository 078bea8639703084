"""The app shell (issues 13 and 15): option texts in plain words, options of the chosen mode only,
plural forms, the log told again in a new language, bot levels, the mute switch, the live region, axe on
the shell's screens and 200 % text at phone size."""

from __future__ import annotations

import contextlib
import json
import re
import urllib.request
from pathlib import Path
from typing import Any, Literal

import pytest
from a11y import violations
from browsing import PHONE, join, set_options, start_game, watch
from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_mogelmotte_browser import _step  # one simple Mogel-Motte player for every browser test

from tischrunde.server.lobby import loadable_games

pytestmark = pytest.mark.browser

LAPTOP_SHOT: ViewportSize = {"width": 1280, "height": 800}
Scheme = Literal["light", "dark"]
GAMES = ("mogelmotte", "emojito", "stella", "wordland")


def _page(
    browser: Browser,
    problems: list[str],
    *,
    locale: str = "en-US",
    size: ViewportSize = PHONE,
    scheme: Scheme = "light",
) -> Page:
    context = browser.new_context(viewport=size, locale=locale, color_scheme=scheme)
    page = context.new_page()
    watch(page, problems)
    page.set_default_timeout(15_000)
    return page


def _specs(server: str) -> dict[str, dict[str, Any]]:
    with urllib.request.urlopen(server + "/api/games", timeout=5) as res:
        return {g["name"]: g for g in json.loads(res.read())}


def _code_like(value: object) -> bool:
    """A raw value that is a code name, not a word: snake_case or a comma-joined list."""
    return isinstance(value, str) and ("_" in value or "," in value)


def _enumerated(text: str, value: str) -> bool:
    """The text uses the raw value as an enumerator: "(self)", "out = ...", "coop: ..."."""
    v = re.escape(value)
    return bool(re.search(rf"\({v}\)|(^|[\s;(]){v}\s*[=:]", text))


def _create(
    page: Page, server: str, game: str, options: dict[str, object] | None = None, name: str = "Anna"
) -> str:
    page.goto(server + "/")
    page.click(f"[data-game={game}]")
    set_options(page, options or {})
    page.fill("#create-name", name)
    page.click("#create-button")
    expect(page.locator("#room-code")).to_be_visible()
    return page.locator("#room-code").inner_text().strip()


def _switch_language(page: Page, lang: str) -> None:
    page.click("#menu-button")
    page.click(f"#menu [data-lang={lang}]")
    page.click("#menu-button")


# ---------------------------------------------------------------- the data (no browser)


def test_every_choice_has_plain_words_and_every_condition_names_a_real_option() -> None:
    for name, game in loadable_games().items():
        options = {o.name: o for o in game.spec.options}
        for opt in game.spec.options:
            for text in (opt.description_en, opt.description_de):
                for value in opt.choices or ():
                    if isinstance(value, str):
                        assert not _code_like(value) or value not in text, (name, opt.name, value, text)
                        assert not _enumerated(text, value), (name, opt.name, value, text)
            if opt.choices and any(isinstance(c, str) for c in opt.choices):
                labels = {lab.value: lab for lab in opt.choice_labels}
                assert set(labels) == set(opt.choices), (name, opt.name)
                for lab in opt.choice_labels:
                    for label in (lab.en, lab.de):
                        assert (
                            label and "_" not in label and not (_code_like(lab.value) and label == lab.value)
                        ), lab
            when = opt.applies_when
            if when is not None:
                other = options[when.option]
                assert other.choices and set(when.values) <= set(other.choices), (name, opt.name)
    # the check can fail: the old texts had code names
    assert _enumerated("for the Hatter only (self) or for everyone (all).", "self")
    assert _enumerated("out = the player is out at once", "out")


# ---------------------------------------------------------------- option texts and modes


@pytest.mark.parametrize("locale,lang", [("en-US", "en"), ("de-DE", "de")])
def test_option_texts_are_plain_words_in_both_languages(
    browser: Browser, server: str, locale: str, lang: str
) -> None:
    problems: list[str] = []
    page = _page(browser, problems, locale=locale)
    specs = _specs(server)
    page.goto(server + "/")
    page.click(f"[data-lang={lang}]")
    for game in GAMES:
        spec = specs[game]
        page.click(f"[data-game={game}]")
        if page.locator("#create-options").get_attribute("open") is None:
            page.click("#create-options summary")
        shown: list[dict[str, Any]] = page.evaluate(
            """() => [...document.querySelectorAll('#create-form .option')].map((row) => ({
                name: row.dataset.option,
                title: row.querySelector('.option-title').textContent,
                desc: row.querySelector('.option-desc').textContent,
                deflt: row.querySelector('.option-default').textContent,
                choices: [...row.querySelectorAll('select option')].map((o) => o.textContent),
            }))"""
        )
        assert [r["name"] for r in shown] == [o["name"] for o in spec["options"]]
        for row, opt in zip(shown, spec["options"], strict=True):
            assert row["title"] != opt["name"], (game, row)  # a short name, not the code name
            raw = [c for c in opt["choices"] or [] if isinstance(c, str)]
            for value in raw:
                for text in (row["title"], row["desc"], row["deflt"], *row["choices"]):
                    assert not (_code_like(value) and value in text), (game, opt["name"], value, text)
                    assert not _enumerated(text, value), (game, opt["name"], value, text)
            if raw:
                want = [lab[lang] for lab in opt["choice_labels"]]
                assert row["choices"] == want, (game, opt["name"], row["choices"], want)
    assert problems == []
    page.context.close()


def test_only_the_chosen_modes_options_show(browser: Browser, server: str) -> None:
    problems: list[str] = []
    host = _page(browser, problems)
    host.goto(server + "/")
    host.click("[data-game=emojito]")
    host.click("#create-options summary")
    form = host.locator("#create-form")
    only = {
        "coop": ["wrong_step", "trophy_target", "secret_message"],
        "each": ["each_target", "performer_challengeable", "challenger_bonus_stacks"],
        "teams": ["teams_target"],
    }
    for mode in ("coop", "each", "teams", "coop"):
        if mode != "coop" or host.locator("#opt-mode").input_value() != '"coop"':
            host.select_option("#opt-mode", json.dumps(mode))
        for other, names in only.items():
            for name in names:
                row = form.locator(f"[data-option={name}]")
                if other == mode:
                    expect(row).to_be_visible()
                else:
                    expect(row).to_be_hidden()
        expect(form.locator("[data-option=dial_timeout_s]")).to_be_visible()  # every mode's
    # Wordland: the word rules only while words are typed
    host.click("[data-game=wordland]")
    expect(form.locator("[data-option=wrong_word]")).to_be_visible()
    host.select_option("#opt-input", '"spoken"')
    expect(form.locator("[data-option=wrong_word]")).to_be_hidden()
    expect(form.locator("[data-option=fold_umlauts]")).to_be_hidden()

    # in the lobby a guest sees the host's mode's options
    host.click("[data-game=emojito]")
    host.select_option("#opt-mode", '"each"')
    host.fill("#create-name", "Hosty")
    host.click("#create-button")
    expect(host.locator("#room-code")).to_be_visible()
    code = host.locator("#room-code").inner_text().strip()
    guest = _page(browser, problems)
    join(guest, server, code, "Gina")
    guest.click("#lobby-options summary")
    expect(guest.locator("#lobby-options summary")).to_have_attribute("aria-expanded", "true")
    expect(guest.locator("#lobby-options [data-option=each_target]")).to_be_visible()
    expect(guest.locator("#lobby-options [data-option=trophy_target]")).to_be_hidden()
    host.click("#lobby-options summary")
    host.select_option("#opt-mode", '"coop"')
    expect(guest.locator("#lobby-options [data-option=trophy_target]")).to_be_visible()
    expect(guest.locator("#lobby-options [data-option=each_target]")).to_be_hidden()
    assert problems == []
    host.context.close()
    guest.context.close()


def test_rules_disclosure_shows_that_it_opens(browser: Browser, server: str) -> None:
    problems: list[str] = []
    page = _page(browser, problems)
    page.goto(server + "/")
    summary = page.locator("#create-options summary")
    expect(summary).to_have_attribute("aria-expanded", "false")
    mark = summary.locator(".disclosure-mark")
    expect(mark).to_be_visible()
    closed = mark.evaluate("(e) => getComputedStyle(e).transform")
    summary.click()
    expect(summary).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#create-options .option").first).to_be_visible()
    opened = mark.evaluate("(e) => getComputedStyle(e).transform")
    assert closed != opened, (closed, opened)  # the arrow turns
    page.keyboard.press("Enter")  # the summary has the focus: the keyboard closes it again
    expect(summary).to_have_attribute("aria-expanded", "false")
    assert problems == []
    page.context.close()


# ---------------------------------------------------------------- plurals and the log


def test_counted_texts_use_plural_rules(browser: Browser, server: str) -> None:
    page = _page(browser, [])
    page.goto(server + "/")
    expect(page.locator("#create-form h2")).to_be_visible()
    result = page.evaluate(
        """async () => {
            const i18n = await import('/static/i18n.js');
            const out = {bad: [], forms: {}};
            for (const l of ['de', 'en']) {
                const all = i18n.strings(l);
                for (const [key, text] of Object.entries(all)) {
                    // a {count} is only ever in a plural form
                    if (text.includes('{count}') && !/\\.(zero|one|two|few|many|other)$/.test(key)) out.bad.push(`${l}:${key}`);
                    const m = key.match(/^(.*)\\.one$/);
                    if (m && !(`${m[1]}.other` in all)) out.bad.push(`${l}:${m[1]} lacks .other`);
                }
                i18n.setLang(l);
                out.forms[l] = [1, 2, 5].map((n) => i18n.tp('night.wins', n));
                out.forms[l + '_bots'] = [1, 3].map((n) => i18n.tp('join.bots', n));
            }
            return out;
        }"""
    )
    assert result["bad"] == []
    assert result["forms"]["de"] == ["1 Sieg", "2 Siege", "5 Siege"]
    assert result["forms"]["en"] == ["1 win", "2 wins", "5 wins"]
    assert result["forms"]["de_bots"] == ["und 1 Bot", "und 3 Bots"]
    page.context.close()


def _mogelmotte_with_a_bot(browser: Browser, server: str, problems: list[str], **kw: Any) -> Page:
    host = _page(browser, problems, **kw)
    _create(host, server, "mogelmotte", {"rounds": 1, "hand_size": 3, "round_pause_ms": 0})
    host.click("[data-act=add-bot]")
    host.click("[data-act=add-bot]")
    expect(host.locator("#seat-list .seat-bot")).to_have_count(2)
    start_game(host)
    expect(host.locator("#status-main")).to_be_visible()
    return host


def _play_until_lines(page: Page, count: int) -> None:
    """Play a card whenever it is the host's turn until the log has this many lines (bots play too)."""
    for _ in range(100):
        if page.locator("#log .log-line").count() >= count:
            return
        version = page.locator("#table").get_attribute("data-version")
        _step(page)
        _next_state(page, version)
    raise AssertionError("the log stayed short")


def test_language_switch_retells_the_whole_log(browser: Browser, server: str) -> None:
    problems: list[str] = []
    host = _mogelmotte_with_a_bot(browser, server, problems)
    lines = host.locator("#log .log-line")
    _play_until_lines(host, 2)
    host.click("#menu-button")
    # read, switch and read again in one go, so no new state (the bots play on) comes in between
    english, german = host.evaluate(
        """() => {
            const read = () => [...document.querySelectorAll('#log .log-line')].map((n) => n.textContent);
            const before = read();
            document.querySelector('#menu [data-lang=de]').click();
            return [before, read()];
        }"""
    )
    assert len(german) == len(english) >= 2
    assert all(a != b for a, b in zip(english, german, strict=True)), (english, german)
    assert any(
        re.search(r"\b(legt|spielt|Runde|Wächter|Kakerlake|Stechmücke|wirft|zieht)\b", line)
        for line in german
    ), german
    host.click("#menu-button")
    _switch_language(host, "en")
    expect(lines.first).not_to_have_text(german[0])
    assert problems == []
    host.context.close()


def test_live_region_says_whose_turn_and_the_last_line(browser: Browser, server: str) -> None:
    problems: list[str] = []
    host = _mogelmotte_with_a_bot(browser, server, problems)
    live = host.locator("#announce")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_contain_text(host.locator("#status-main").inner_text())
    # a move (the host plays a card or draws when it is her turn; the bots play at a person's pace)
    version = host.locator("#table").get_attribute("data-version")
    _step(host)
    host.wait_for_function(
        "(v) => document.querySelector('#table').dataset.version !== v", arg=version, timeout=15_000
    )
    # the region says the newest line and whose turn it is (read in one go: the bots play on)
    host.wait_for_function(
        """() => {
            const lines = [...document.querySelectorAll('#log .log-line')];
            const live = document.querySelector('#announce').textContent;
            return lines.length && live.includes(lines[lines.length - 1].textContent)
                && live.includes(document.querySelector('#status-main').textContent);
        }""",
        timeout=15_000,
    )
    assert problems == []
    host.context.close()


# ---------------------------------------------------------------- bots, sound


def test_bot_level_is_chosen_and_shown(browser: Browser, server: str) -> None:
    problems: list[str] = []
    host = _page(browser, problems)
    _create(host, server, "mogelmotte")
    expect(host.locator("#bot-level option")).to_have_text(["easy", "normal", "strong"])
    expect(host.locator("#bot-level")).to_have_value("normal")
    host.select_option("#bot-level", "hard")
    host.click("[data-act=add-bot]")
    host.click("[data-act=add-bot]")  # the chosen level stays for the next bot
    bots = host.locator("#seat-list .seat-bot .badge-bot")
    expect(bots).to_have_count(2)
    expect(bots).to_have_text(["bot · strong", "bot · strong"])
    host.select_option("#bot-level", "easy")
    host.click("[data-act=add-bot]")
    expect(bots.nth(2)).to_have_text("bot · easy")
    expect(bots.nth(2)).to_have_attribute("data-level", "easy")
    _switch_language(host, "de")
    expect(bots.nth(0)).to_have_text("Bot · stark")
    expect(host.locator("#bot-level option")).to_have_text(["leicht", "mittel", "stark"])
    assert problems == []
    host.context.close()


def test_mute_switch_is_remembered_and_the_table_starts_muted(browser: Browser, server: str) -> None:
    problems: list[str] = []
    context = browser.new_context(viewport=PHONE, locale="en-US")
    phone = context.new_page()
    watch(phone, problems)
    phone.set_default_timeout(15_000)
    code = _create(phone, server, "mogelmotte")
    phone.click("#menu-button")
    switch = phone.locator("#mute-switch")
    expect(switch).to_have_attribute("aria-checked", "true")  # a phone plays sound by default
    expect(switch).to_contain_text("on")
    switch.click()
    expect(phone.locator("#mute-switch")).to_have_attribute("aria-checked", "false")
    phone.reload()
    phone.click("#menu-button")
    expect(phone.locator("#mute-switch")).to_have_attribute("aria-checked", "false")  # remembered

    # the table screen on another device starts muted
    table_context = browser.new_context(viewport=LAPTOP_SHOT, locale="en-US")
    table = table_context.new_page()
    watch(table, problems)
    table.goto(f"{server}/r/{code}?table=1")
    expect(table.locator("#room-code")).to_be_visible()
    table.click("#menu-button")
    expect(table.locator("#mute-switch")).to_have_attribute("aria-checked", "false")
    expect(table.locator("#mute-switch")).to_contain_text("off")
    table.keyboard.press("Tab")
    # keyboard only: focus the switch and turn it on with Space
    table.locator("#mute-switch").focus()
    table.keyboard.press(" ")
    expect(table.locator("#mute-switch")).to_have_attribute("aria-checked", "true")
    expect(table.locator("#mute-switch")).to_be_focused()
    assert problems == []
    context.close()
    table_context.close()


def test_turn_cue_and_game_cues_play_unless_muted(browser: Browser, server: str) -> None:
    problems: list[str] = []
    host = _mogelmotte_with_a_bot(browser, server, problems)
    # the host starts: "turn" played when the turn became theirs (body[data-last-cue] records it)
    host.wait_for_function("() => document.body.dataset.lastCue === 'turn'")
    names = host.evaluate("async () => (await import('/static/sound.js')).CUE_NAMES")
    assert set(names) == {"turn", "teapot", "race", "caught", "spark"}
    host.context.close()

    muted = _page(browser, problems)
    muted.goto(server + "/")
    muted.evaluate("() => localStorage.setItem('tischrunde.muted', '1')")
    _create(muted, server, "mogelmotte", {"rounds": 1, "hand_size": 3})
    muted.click("[data-act=add-bot]")
    muted.click("[data-act=add-bot]")
    expect(muted.locator("#seat-list .seat-bot")).to_have_count(2)
    start_game(muted)
    expect(muted.locator("#status-main")).to_be_visible()
    expect(muted.locator("#table")).to_have_attribute("data-version", re.compile(r"\d+"))
    assert muted.evaluate("() => document.body.dataset.lastCue || ''") == ""
    assert problems == []
    muted.context.close()


# ---------------------------------------------------------------- accessibility and text size


def _next_state(page: Page, version: str | None) -> None:
    """Wait (at most 3 s) for the next state: a bot or a timer moves the game on, or nothing happens."""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            "(v) => { const t = document.querySelector('#table'); return !t || t.dataset.version !== v; }",
            arg=version,
            timeout=3000,
        )


def _ranking(page: Page) -> None:
    """Play Mogel-Motte with bots until the end screen (one round, two cards each)."""
    for _ in range(400):
        if page.locator("#ranking").count():
            return
        version = page.locator("#table").get_attribute("data-version")
        _step(page)
        _next_state(page, version)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_shell_screens_pass_axe(browser: Browser, server: str, scheme: Scheme, screenshots: Path) -> None:
    problems: list[str] = []
    page = _page(browser, problems, scheme=scheme)
    page.goto(server + "/")
    page.click("#create-options summary")
    expect(page.locator("#create-options .option").first).to_be_visible()
    assert violations(page) == [], "start"
    _create(page, server, "mogelmotte", {"rounds": 1, "hand_size": 2, "round_pause_ms": 0})
    page.click("[data-act=add-bot]")
    page.click("[data-act=add-bot]")
    expect(page.locator("#seat-list .seat-bot")).to_have_count(2)
    page.wait_for_function(
        "() => { const img = document.querySelector('img.qr'); return img && img.complete; }"
    )
    page.click("#lobby-options summary")
    assert violations(page) == [], "lobby"
    page.screenshot(path=str(screenshots / f"shell-lobby-{scheme}-phone.png"), full_page=True)
    page.click("#menu-button")
    expect(page.locator("#mute-switch")).to_be_visible()
    assert violations(page) == [], "menu"
    page.click("#menu-button")
    start_game(page)
    expect(page.locator("#status-main")).to_be_visible()
    _ranking(page)
    expect(page.locator("#ranking .rank-row")).to_have_count(3)
    # the shell's end screen; the game's own table under it is the game module's (checked in its tests)
    page.evaluate("() => { document.querySelector('#table').style.visibility = 'hidden'; }")
    found = violations(page)
    assert found == [], "\n".join(found)
    page.screenshot(path=str(screenshots / f"shell-ranking-{scheme}-phone.png"))
    page.click("#ranking-toggle")  # the ranking folds away; a new render shows the table again
    page.evaluate("() => { document.querySelector('#table').style.visibility = 'hidden'; }")
    assert violations(page) == [], "end screen"
    assert problems == []
    page.context.close()


def test_lobby_and_menu_work_by_keyboard_alone(browser: Browser, server: str) -> None:
    problems: list[str] = []
    page = _page(browser, problems)
    _create(page, server, "mogelmotte")

    def tab_to(selector: str, limit: int = 60) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to("#bot-level")
    page.keyboard.press("ArrowDown")  # normal -> hard
    expect(page.locator("#bot-level")).to_have_value("hard")
    tab_to("[data-act=add-bot]")
    page.keyboard.press("Enter")
    expect(page.locator("#seat-list .badge-bot")).to_have_text(["bot · strong"])
    page.locator("[data-act=add-bot]").focus()  # the lobby re-rendered: the same button again
    page.keyboard.press("Enter")
    expect(page.locator("#seat-list .badge-bot")).to_have_count(2)
    tab_to("#lobby-options summary")
    page.keyboard.press("Enter")
    expect(page.locator("#lobby-options summary")).to_have_attribute("aria-expanded", "true")
    tab_to("#opt-hand_size")
    page.keyboard.press("Control+a")
    page.keyboard.type("5")
    page.keyboard.press("Tab")  # the change goes out when the field is left
    expect(page.locator("#opt-hand_size")).to_have_value("5")
    page.wait_for_function("() => document.querySelector('#opt-hand_size').value === '5'")
    page.keyboard.press("Shift+Tab")
    page.evaluate("() => document.activeElement.blur()")
    page.locator("#menu-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#menu")).to_be_visible()
    tab_to("#mute-switch")
    page.keyboard.press("Enter")
    expect(page.locator("#mute-switch")).to_have_attribute("aria-checked", "false")
    tab_to("[data-lang=de]")
    page.keyboard.press("Enter")
    expect(page.locator("#menu-leave")).to_have_text("Raum verlassen")
    page.locator("#menu-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#menu")).to_have_count(0)
    tab_to("#start-game")
    page.keyboard.press("Enter")
    expect(page.locator("#status-main")).to_be_visible()
    assert problems == []
    page.context.close()


OVERLAPS = """(sels) => {
  const out = [];
  // controls (and the code and QR code) that overlap another one, or stick out of the page sideways
  // the fixed bottom dock lies over the page by design (the page scrolls clear of it: checked below)
  const nodes = [...document.querySelectorAll(sels)].filter((n) => {
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && n.checkVisibility({ visibilityProperty: true }) && !n.closest('.dock');
  });
  const dock = document.querySelector('.dock');
  if (dock && getComputedStyle(dock).position === 'fixed') {
    const page = document.querySelector('main.page');
    const room = parseFloat(getComputedStyle(page).paddingBottom) + parseFloat(getComputedStyle(page).marginBottom);
    if (room + 1 < dock.getBoundingClientRect().height) out.push(`the page leaves ${room}px under its end for a ${dock.getBoundingClientRect().height}px dock`);
  }
  const width = document.documentElement.clientWidth;
  for (const n of nodes) {
    const r = n.getBoundingClientRect();
    if (r.left < -0.5 || r.right > width + 0.5) out.push(`${n.id || n.className} sticks out: ${r.left}..${r.right}`);
  }
  for (let i = 0; i < nodes.length; i += 1) {
    for (let j = i + 1; j < nodes.length; j += 1) {
      const a = nodes[i], b = nodes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
      const x = Math.min(r.right, s.right) - Math.max(r.left, s.left);
      const y = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (x > 1 && y > 1) out.push(`${a.id || a.className} / ${b.id || b.className}`);
    }
  }
  return out;
}"""
CONTROLS = "button, select, input, summary, a.btn, #room-code, img.qr, .option-title, .seat-name, .badge"


def _double_text(page: Page) -> None:
    """The browser's font size at 200 % (32 px instead of 16 px), set through the DevTools protocol."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def test_text_at_200_percent_overlaps_nothing_at_phone_size(
    browser: Browser, server: str, screenshots: Path
) -> None:
    problems: list[str] = []
    page = _page(browser, problems)
    page.goto(server + "/")
    expect(page.locator("#create-form h2")).to_be_visible()
    normal = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('#create-button')).fontSize)"
    )
    _double_text(page)
    doubled = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('#create-button')).fontSize)"
    )
    assert doubled >= 1.9 * normal, (normal, doubled)  # the text really scales with the root
    page.click("#create-options summary")
    found = page.evaluate(OVERLAPS, CONTROLS)
    assert found == [], "\n".join(found)
    page.screenshot(path=str(screenshots / "shell-start-200-phone.png"), full_page=True)
    _create(page, server, "mogelmotte")
    page.click("[data-act=add-bot]")
    _double_text(page)
    page.wait_for_function(
        "() => { const img = document.querySelector('img.qr'); return img && img.complete; }"
    )
    found = page.evaluate(OVERLAPS, CONTROLS)
    assert found == [], "\n".join(found)
    page.screenshot(path=str(screenshots / "shell-lobby-200-phone.png"), full_page=True)
    page.click("#menu-button")
    assert page.evaluate(OVERLAPS, "#menu button, #menu a") == []
    page.screenshot(path=str(screenshots / "shell-menu-200-phone.png"))
    assert problems == []
    page.context.close()


def test_a_wide_code_never_overlaps_the_qr_code(browser: Browser, server: str, screenshots: Path) -> None:
    """A wide code ("XKWHW", the widest letters) at 390 px, on the table screen and at 200 % text."""
    problems: list[str] = []
    page = _page(browser, problems)
    code = _create(page, server, "mogelmotte")
    table = _page(browser, problems, size=LAPTOP_SHOT)
    table.goto(f"{server}/r/{code}?table=1")
    for p, name in ((page, "phone"), (table, "table")):
        expect(p.locator("#room-code")).to_be_visible()
        p.wait_for_function(
            "() => { const img = document.querySelector('img.qr'); return img && img.complete; }"
        )
        for scale in ("100%", "200%"):
            # one script sets the wide code and the text size and measures, so that a re-render of the
            # lobby (the join address arriving) cannot slip in between
            overlaps, right, card_right = p.evaluate(
                f"""(s) => {{
                    document.querySelector('#room-code').textContent = 'XKWHW';
                    document.documentElement.style.fontSize = s;
                    const overlaps = ({OVERLAPS})("#room-code, img.qr");
                    const box = document.querySelector('#room-code').getBoundingClientRect();
                    const card = document.querySelector('.lobby-head').getBoundingClientRect();
                    return [overlaps, box.right, card.right];
                }}""",
                scale,
            )
            assert overlaps == [], (name, scale, overlaps)
            assert right <= card_right + 0.5, (name, scale, right, card_right)
        p.evaluate("() => { document.documentElement.style.fontSize = ''; }")
        p.screenshot(path=str(screenshots / f"shell-wide-code-{name}.png"))
    table.set_viewport_size(PHONE)
    assert table.evaluate(OVERLAPS, "#room-code, img.qr") == []
    assert problems == []
    page.context.close()
    table.context.close()
