"""The installable app: Chromium's installability criteria, the service worker's shell cache, and the
API and WebSocket left to the network."""

from __future__ import annotations

from pathlib import Path

import pytest
from browsing import CHROMIUM, CHROMIUM_ARGS, PHONE, watch
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser


def test_installable_with_a_worker_that_keeps_the_shell(
    browser: Browser, server: str, tmp_path: Path
) -> None:
    problems: list[str] = []
    # a profile on disk, as a person's browser has: an incognito context is never installable
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        viewport=PHONE,
        locale="en-US",
        service_workers="allow",
    )
    page = context.pages[0] if context.pages else context.new_page()
    watch(page, problems)
    page.set_default_timeout(15_000)
    page.goto(server + "/")
    expect(page.locator("#create-form h2")).to_be_visible()
    # the worker is installed and takes the page over (it claims its clients when it activates)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest.get("errors")
    assert "standalone" in manifest["data"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors

    # what the worker keeps: the shell and the versioned files, never the API
    keys = page.evaluate(
        """async () => {
            const out = [];
            for (const name of await caches.keys()) {
              for (const req of await (await caches.open(name)).keys()) out.push(new URL(req.url).pathname);
            }
            return out;
        }"""
    )
    assert "/" in keys
    assert any(k.endswith("/app.js") and k.startswith("/static/") and k != "/static/app.js" for k in keys), (
        keys
    )
    assert not any(k.startswith("/api/") or k == "/ws" for k in keys), keys

    # a reload with no network at all still shows the app (the shell from the worker's cache), not
    # the browser's offline page; the games list itself needs the server
    context.set_offline(True)
    page.reload()
    expect(page.locator("main h1")).to_have_text("tischrunde")
    context.set_offline(False)
    # the API is never answered from a cache: offline it fails, online it answers
    context.set_offline(True)
    failed = page.evaluate("() => fetch('/api/games').then(() => false, () => true)")
    assert failed, "the API must not be served from the worker's cache"
    context.set_offline(False)
    ok = page.evaluate("() => fetch('/api/games').then((r) => r.ok)")
    assert ok
    assert problems == [], problems
    context.close()
