"""The start page and the lobby in a browser: languages, dark mode, reduced motion, host controls, CSP."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browsing import PHONE, start_game, watch
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser


def _page(browser: Browser, problems: list[str], *, locale: str = "en-US") -> Page:
    context = browser.new_context(viewport=PHONE, locale=locale, color_scheme="dark", reduced_motion="reduce")
    page = context.new_page()
    watch(page, problems)
    page.set_default_timeout(10_000)
    return page


def test_languages_host_controls_and_kick(browser: Browser, server: str, screenshots: Path) -> None:
    problems: list[str] = []
    host = _page(browser, problems)
    host.goto(server + "/")
    expect(host.locator("#create-form h2")).to_have_text("Create a room")
    host.click("[data-lang=de]")
    expect(host.locator("#create-form h2")).to_have_text("Raum erstellen")
    host.click("[data-lang=en]")
    expect(host.locator("#join-form h2")).to_have_text("Join a room")
    # every option of the game is offered with its explanation in the current language
    host.locator(".option-details summary").first.click()
    expect(host.locator("[data-option=cheat_ms] .option-desc")).to_contain_text("How long")

    host.fill("#create-name", "Hosty")
    host.click("#create-button")
    expect(host.locator("#room-code")).to_be_visible()
    code = host.locator("#room-code").inner_text().strip()
    expect(host.locator("#join-link")).to_have_value(re.compile(rf"/r/{code}$"))
    # the QR code is an image of its own: wait until it has loaded (or failed) before measuring it
    host.wait_for_function(
        "() => { const img = document.querySelector('img.qr'); return img && img.complete; }"
    )
    qr_width = host.locator("img.qr").evaluate("img => img.naturalWidth")
    assert qr_width > 0, "the QR code did not load"
    host.screenshot(path=str(screenshots / "10-lobby-dark-phone.png"))

    # a locked room refuses a newcomer with a clear message
    host.click("[data-act=lock]")
    expect(host.locator(".notice:not(.reach-notice)")).to_contain_text("locked")
    guest = _page(browser, problems, locale="de-DE")
    guest.goto(f"{server}/r/{code}")
    guest.fill("#ask-name", "Gast")
    guest.click("#ask-join")
    expect(guest.locator("[role=alert]").first).to_contain_text("geschlossen")
    host.click("[data-act=lock]")  # unlock
    expect(host.locator(".notice:not(.reach-notice)")).to_have_count(0)

    # joining through the link page works once the room is open again
    guest.goto(f"{server}/r/{code}")
    guest.fill("#ask-name", "Gast")
    guest.click("#ask-join")
    expect(guest.locator("#waiting-host")).to_contain_text("Hosty")
    third = _page(browser, problems)
    third.goto(f"{server}/r/{code}")
    third.fill("#ask-name", "Third")
    third.click("#ask-join")
    expect(host.locator("#seat-list .seat")).to_have_count(3)

    # the host changes a rule in the lobby; the others see it (read-only)
    host.click("#lobby-options summary")
    host.fill("#opt-rounds", "2")
    host.dispatch_event("#opt-rounds", "change")
    third.click("#lobby-options summary")
    expect(third.locator("#opt-rounds")).to_have_value("2")
    expect(third.locator("#opt-rounds")).to_be_disabled()
    expect(host.locator("#lobby-options")).to_have_attribute("open", "")

    # every option is labelled with its short name in the UI language, its explanation under it, never the
    # code name; the label fits the phone and the input is a tap target
    guest.click("#lobby-options summary")
    rounds = guest.locator("#lobby-options [data-option=rounds]")
    expect(rounds.locator(".option-title")).to_have_text("Anzahl der Runden")
    expect(rounds.locator("label.option-label")).not_to_contain_text("rounds")
    expect(rounds.locator(".option-desc")).to_contain_text("Runden")
    expect(third.locator("#lobby-options [data-option=rounds] .option-title")).to_have_text(
        "Number of rounds"
    )
    assert guest.locator("#opt-rounds").evaluate("e => e.getBoundingClientRect().height") >= 44
    check = guest.locator("#lobby-options [data-option=give_last_card] .option-check")
    assert check.evaluate("e => e.getBoundingClientRect().height") >= 44
    cut = guest.eval_on_selector_all(
        ".option-label", "ls => ls.filter(l => l.scrollWidth > l.clientWidth + 1).length"
    )
    assert cut == 0, f"{cut} option labels are cut off on a phone"

    # the host kicks the guest; the third player moves up a seat and still knows which one is theirs
    host.locator("#seat-list .seat", has_text="Gast").locator("[data-act=kick]").click()
    expect(host.locator("#seat-list .seat")).to_have_count(2)
    expect(guest.locator("#ask-name-form")).to_be_visible()
    expect(third.locator("#seat-list .seat", has_text="Third").locator(".badge-you")).to_be_visible()

    # the host hands the host role on, after confirming whom: the third player now sees the start button
    host.locator("#seat-list .seat", has_text="Third").locator("[data-act=make-host]").click()
    expect(host.locator("#hand-confirm")).to_contain_text("Third")
    host.click("#hand-confirm-yes")
    expect(third.locator("#start-game")).to_be_visible()
    expect(host.locator("#waiting-host")).to_contain_text("Third")

    # the guest menu: the language switch, then leaving takes a second tap and frees the seat
    third.click("#menu-button")
    third.click("#menu [data-lang=de]")
    expect(third.locator("#menu-leave")).to_have_text("Raum verlassen")
    third.click("#menu-leave")
    expect(third.locator("#menu-leave")).to_contain_text("Nochmal tippen")
    third.click("#menu-leave")
    expect(third.locator("#create-form")).to_be_visible()
    expect(host.locator("#seat-list .seat")).to_have_count(1)

    # every text key exists in German and English, for the shell and every game module
    missing = host.evaluate(
        """async () => {
            await import('/static/games/mogelmotte.js');
            const i18n = await import('/static/i18n.js');
            return i18n.missingKeys();
        }"""
    )
    assert missing == [], missing

    # numbers and lists are formatted per language (the formatters are cached, a switch still counts)
    formatted = host.evaluate(
        """async () => {
            const i18n = await import('/static/i18n.js');
            const out = [];
            for (const l of ['de', 'en', 'de']) {
                i18n.setLang(l);
                out.push(i18n.formatList(['a', 'b', 'c']), i18n.t('start.players', {min: 1000, max: 2}));
            }
            i18n.setLang('en');
            return out;
        }"""
    )
    assert formatted == [
        "a, b und c",
        "1.000–2 Spieler:innen",
        "a, b, and c",
        "1,000–2 players",
        "a, b und c",
        "1.000–2 Spieler:innen",
    ], formatted

    assert problems == [], problems


def test_option_editor_labels_tables_and_emojito_start_check(browser: Browser, server: str) -> None:
    problems: list[str] = []
    host = _page(browser, problems)
    host.goto(server + "/")
    # Wordland's scoring table is shown read-only, never as "[object Object]"
    host.click("[data-game=wordland]")
    host.locator(".option-details summary").first.click()
    expect(host.locator("#opt-scoring")).to_have_text("default table")
    expect(host.locator("#create-form .options")).not_to_contain_text("[object Object]")
    expect(host.locator("#opt-difficulty option")).to_have_text(["easy", "normal", "hard"])
    english = host.locator("[data-option=scoring] .option-desc").inner_text()
    host.click("[data-lang=de]")
    # the chosen game and the open option list survive the language switch
    expect(host.locator("#opt-scoring")).to_have_text("Standardtabelle")
    german = host.locator("[data-option=scoring] .option-desc").inner_text()
    assert german and german != english, (german, english)
    host.click("[data-lang=en]")

    # Emojito: translated modes, no bots in the lobby, and the Start button says what is missing
    host.click("[data-game=emojito]")
    expect(host.locator("#opt-mode option")).to_have_text(["Cooperative", "Everyone for themselves", "Teams"])
    host.select_option("#opt-mode", '"teams"')
    host.fill("#create-name", "Hosty")
    host.click("#create-button")
    expect(host.locator("#room-code")).to_be_visible()
    code = host.locator("#room-code").inner_text().strip()
    expect(host.locator("#seat-list .seat")).to_have_count(1)
    expect(host.locator("[data-act=add-bot]")).to_have_count(0)
    expect(host.locator("#takeover")).to_have_count(0)
    expect(host.locator("#start-game")).to_be_disabled()
    expect(host.locator("#start-problem")).to_contain_text("even number")

    guest = _page(browser, problems)
    guest.goto(f"{server}/r/{code}")
    guest.fill("#ask-name", "Gina")
    guest.click("#ask-join")
    expect(host.locator("#seat-list .seat")).to_have_count(2)
    expect(host.locator("#start-game")).to_be_disabled()
    # two players may play together: the host switches to the cooperative mode
    host.click("#lobby-options summary")
    host.select_option("#opt-mode", '"coop"')
    expect(guest.locator("#opt-mode")).to_have_value('"coop"')
    expect(host.locator("#start-problem")).to_have_count(0)
    expect(host.locator("#start-game")).to_be_enabled()
    start_game(host)
    expect(host.locator("#status-main")).to_be_visible()
    # before the first log line there is no empty log box above the table
    if host.locator("#log .log-line").count() == 0:
        expect(host.locator("#log")).to_be_hidden()
    assert problems == [], problems


def test_refused_options_are_explained_in_the_room_language(browser: Browser, server: str) -> None:
    """A refused option names the option by its German label and what it allows, never the server's English."""
    problems: list[str] = []
    host = _page(browser, problems, locale="de-DE")
    host.goto(server + "/")
    # the start page: two options that each fit on their own but clash (more marks needed than allowed)
    host.click("[data-game=stella]")
    host.locator(".option-details summary").first.click()
    for option, value in (("min_marks", "5"), ("max_marks", "3")):
        host.fill(f"#opt-{option}", value)
        host.dispatch_event(f"#opt-{option}", "change")
    host.fill("#create-name", "Hosty")
    host.click("#create-button")
    toast = host.locator(".toast-error").last
    expect(toast).to_have_text("„Mindestens markieren“ passt so nicht zu den anderen Regeln.")
    # the lobby: a number out of range, sent as the host changes it, names the range too
    host.fill("#opt-min_marks", "1")
    host.dispatch_event("#opt-min_marks", "change")
    host.click("#create-button")
    expect(host.locator("#room-code")).to_be_visible()
    host.click("#lobby-options summary")
    host.fill("#opt-rounds", "99")
    host.dispatch_event("#opt-rounds", "change")
    toast = host.locator(".toast-error").last
    expect(toast).to_contain_text(re.compile(r"^„Anzahl der Runden“ geht so nicht – erlaubt: 1 bis \d+\.$"))
    expect(toast).not_to_contain_text("config")
    assert problems == [], problems
    host.context.close()


def test_typing_survives_room_messages(browser: Browser, server: str) -> None:
    """The host types into the lobby's own-words box and the takeover field while people join (each join
    is a room message that patches the lobby): the focus, the caret in the middle of the text and what was
    typed stay, and the next key lands where the caret is."""
    problems: list[str] = []
    host = _page(browser, problems)
    host.goto(server + "/")
    host.click("[data-game=stella]")
    host.fill("#create-name", "Hosty")
    host.click("#create-button")
    code = host.locator("#room-code").inner_text().strip()
    words = host.locator("#own-words-text")
    expect(words).to_be_visible()
    words.click()
    host.keyboard.type("Sonne, Mond")
    for _ in range(3):
        host.keyboard.press("ArrowLeft")  # the caret between "Mo" and "nd"

    def arrive(name: str, seats: int) -> None:
        guest = _page(browser, problems)
        guest.goto(f"{server}/r/{code}")
        guest.fill("#ask-name", name)
        guest.click("#ask-join")
        expect(guest.locator("#seat-list")).to_be_visible()
        expect(host.locator("#seat-list li:not(.seat-empty)")).to_have_count(seats)

    arrive("Gina", 2)
    caret = "() => { const e = document.activeElement; return [e.id, e.value, e.selectionStart, e.selectionEnd]; }"
    assert host.evaluate(caret) == ["own-words-text", "Sonne, Mond", 8, 8]
    host.keyboard.type("o")
    assert host.evaluate(caret) == ["own-words-text", "Sonne, Moond", 9, 9]

    # a number typed and not yet sent (no change event) stays through the next room message too
    host.locator("#lobby-options summary").click()
    host.locator("#takeover").click()
    host.keyboard.press("Control+A")
    host.keyboard.type("45")
    arrive("Ole", 3)
    assert host.evaluate("() => [document.activeElement.id, document.activeElement.value]") == [
        "takeover",
        "45",
    ]
    assert problems == []
