"""axe-core in the browser tests: the serious and critical violations of the page as it is now."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
_source: str | None = None


def violations(page: Page, *, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """One line per violation node: rule id, impact, the element and axe's summary of what is wrong.

    axe is evaluated through the DevTools protocol, which the page's Content-Security-Policy does not
    govern, so the app's own policy stays as strict as in production."""
    global _source
    if _source is None:
        _source = AXE.read_text()
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_source)
    result: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const r = await axe.run(document, { resultTypes: ['violations'] });
            return r.violations.map((v) => ({id: v.id, impact: v.impact,
                nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary}))}));
        }"""
    )
    out: list[str] = []
    for v in result:
        if v["impact"] in impacts:
            out.extend(f"{v['id']} ({v['impact']}): {n['target']}: {n['summary']}" for n in v["nodes"])
    return out
