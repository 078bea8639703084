"""The service worker keeps only the app's own pages as its shell: a visit to the manifest, the worker's
own file or a plain static file is answered by the server as that file, and never replaces the start page."""

from __future__ import annotations

from pathlib import Path

import pytest
from browsing import CHROMIUM, CHROMIUM_ARGS, PHONE, watch
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

SHELL_TYPE = """async () => {
    for (const name of await caches.keys()) {
      const hit = await (await caches.open(name)).match('/');
      if (hit) return hit.headers.get('content-type');
    }
    return null;
}"""


def test_other_files_never_become_the_start_page(browser: Browser, server: str, tmp_path: Path) -> None:
    problems: list[str] = []
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        viewport=PHONE,
        locale="en-US",
        service_workers="allow",
    )
    try:
        page = context.pages[0] if context.pages else context.new_page()
        watch(page, problems)
        page.set_default_timeout(15_000)
        page.goto(server + "/")
        expect(page.locator("#create-form h2")).to_be_visible()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)
        for path, kind in [
            ("/manifest.webmanifest", "application/manifest+json"),
            ("/sw.js", "text/javascript"),
            ("/static/app.js", "text/javascript"),
        ]:
            page.goto(server + path)
            # the server's file itself, not the app shell the worker had in its cache
            assert page.evaluate("() => document.contentType") == kind.split(";")[0], path
            assert page.evaluate("() => navigator.serviceWorker.controller !== null")
            # the worker may still be writing its cache: it must hold the start page, as HTML
            shell = page.evaluate(SHELL_TYPE)
            assert shell is not None and shell.startswith("text/html"), (path, shell)
        page.goto(server + "/")
        expect(page.locator("main h1")).to_have_text("tischrunde")
        page.goto(server + "/r/ABCDE")  # a room's page is the shell too
        expect(page.get_by_role("heading", name="Join room ABCDE")).to_be_visible()
        assert page.evaluate("() => document.contentType") == "text/html"
        # offline, the start page comes from the worker's cache, and it is still the app
        context.set_offline(True)
        page.goto(server + "/")
        expect(page.locator("main h1")).to_have_text("tischrunde")
        assert page.evaluate(SHELL_TYPE).startswith("text/html")
        context.set_offline(False)
        assert problems == [], problems
    finally:
        context.close()
