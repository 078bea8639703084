"""Helpers every browser test (and scripts/screenshots.py) shares: Debian's Chromium and how to start
it, the phone and laptop sizes, joining a room and setting its options as a person would, and watching a
page for trouble."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import ConsoleMessage, Dialog, Page, ViewportSize, WebSocket, expect
from playwright.sync_api import Error as PlaywrightError

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}


def set_options(
    page: Page,
    options: dict[str, object],
    prefix: str = "opt",
    summary: str | None = ".option-details summary",
) -> None:
    """On the start page with a game chosen: open the house rules and set each option as a person would
    (values as the engine keeps them: a ``_ms`` timer in ms, typed in seconds). ``prefix`` names the
    editor (``sw``: the lobby's next game), ``summary`` the disclosure to open first (None: it is open)."""
    if not options:
        return
    if summary is not None:
        page.locator(summary).first.click()
    for option, value in options.items():
        selector = f"#{prefix}-{option}"
        if isinstance(value, bool):
            page.set_checked(selector, value)
        elif page.eval_on_selector(selector, "e => e.tagName") == "SELECT":
            page.select_option(selector, json.dumps(value))
        else:
            # a timer kept in ms is typed in seconds, as the lobby shows it
            typed = f"{value / 1000:g}" if option.endswith("_ms") and isinstance(value, int) else str(value)
            page.fill(selector, typed)
            page.dispatch_event(selector, "change")


def join(page: Page, base: str, code: str, name: str) -> None:
    """Open the start page, type the room code and a name, and wait for the lobby."""
    page.goto(base + "/")
    page.fill("#join-code", code)
    page.fill("#join-name", name)
    page.click("#join-button")
    expect(page.locator("#seat-list")).to_be_visible()


def watch(page: Page, problems: list[str]) -> None:
    """Collect every dialog (an XSS would open one), page error and CSP refusal."""

    def dialog(d: Dialog) -> None:
        problems.append(f"dialog: {d.message}")
        d.dismiss()

    def page_error(e: PlaywrightError) -> None:
        problems.append(f"pageerror: {e}")

    def console(msg: ConsoleMessage) -> None:
        if "Content Security Policy" in msg.text:
            problems.append(f"csp: {msg.text}")

    page.on("dialog", dialog)
    page.on("pageerror", page_error)
    page.on("console", console)


# the named elements are whole on a phone without scrolling: above the bottom dock, or inside it and on screen
IN_VIEW = """(sels) => {
  window.scrollTo(0, 0);
  const dock = document.querySelector('#dock');
  const dockTop = dock ? dock.getBoundingClientRect().top : innerHeight;
  return sels.map((s) => {
    const e = document.querySelector(s);
    if (!e) return `${s}: missing`;
    const r = e.getBoundingClientRect();
    const limit = dock && dock.contains(e) ? innerHeight : dockTop;
    return r.top >= 0 && r.bottom <= limit + 0.5 ? null : `${s}: ${r.top}..${r.bottom}, limit ${limit}`;
  }).filter(Boolean);
}"""


def start_game(page: Page, first_seat: int | None = 0) -> None:
    """The host starts the game in the lobby; seat ``first_seat`` begins (the lobby's "who starts", which
    is drawn at random unless the host picks someone; None leaves the host's choice as it is). The
    choice and the start go over the same socket, in order."""
    if first_seat is not None and page.locator("#first-seat").count():
        page.select_option("#first-seat", str(first_seat))
    page.click("#start-game")


def record_states(page: Page) -> list[dict[str, Any]]:
    """Every state frame the server sends this page over its WebSockets, in order (filled as they come)."""
    states: list[dict[str, Any]] = []

    def socket(ws: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            if isinstance(payload, str):
                msg = json.loads(payload)
                if isinstance(msg, dict) and msg.get("type") == "state":
                    states.append(msg)

        ws.on("framereceived", frame)

    page.on("websocket", socket)
    return states
