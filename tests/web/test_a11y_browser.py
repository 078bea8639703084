"""axe-core finds no serious or critical violation on the start page and the lobby, light and dark."""

from __future__ import annotations

import pytest
from a11y import violations
from browsing import PHONE
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_start_page_and_lobby_pass_axe(browser: Browser, server: str, scheme: str) -> None:
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(server + "/")
    expect(page.locator("#create-form h2")).to_be_visible()
    assert violations(page) == []
    page.fill("#create-name", "Anna")
    page.click("#create-button")
    expect(page.locator("#room-code")).to_be_visible()
    page.wait_for_function(
        "() => { const img = document.querySelector('img.qr'); return img && img.complete; }"
    )
    assert violations(page) == []
    context.close()


def test_axe_finds_what_it_should(browser: Browser, server: str) -> None:
    """The check can fail: a button without a name and grey-on-grey text are reported."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server + "/")
    expect(page.locator("#create-form h2")).to_be_visible()
    page.evaluate(
        """() => {
            const b = document.createElement('button');
            document.body.appendChild(b);
            const p = document.createElement('p');
            p.textContent = 'faint';
            p.style.color = '#ddd';
            p.style.background = '#eee';
            document.body.appendChild(p);
        }"""
    )
    found = " ".join(violations(page))
    assert "button-name" in found and "color-contrast" in found
    context.close()
