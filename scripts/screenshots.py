"""Screenshots of the key screens of the lobby's option editor, Emojito, Stella and Wordland, as players see them.

Starts a real ``tischrunde serve`` on a free loopback port with a throwaway data folder, drives Debian's
Chromium through Playwright (several phones at 390x844 in their own browser contexts joining one room, one
table screen at 1366x768 per game) and writes small viewport screenshots (128 colours) to
``docs/screenshots/<game>-NN-<what>-<phone|laptop>.png``. The server is stopped by its pid at the end.

    .venv/bin/python scripts/screenshots.py [--out DIR] [--only lobby,emojito,stella,wordland]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from PIL import Image
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(ROOT / "tests" / "server"))
from browsing import CHROMIUM, CHROMIUM_ARGS, LAPTOP, PHONE, join, set_options, start_game  # noqa: E402
from procs import free_port, start_server, stop  # noqa: E402  (a real server, stopped by pid)


class Shots:
    """Opens phones and laptops, and writes each viewport screenshot small (128 colours)."""

    def __init__(self, browser: Browser, base: str, out: Path) -> None:
        self.browser = browser
        self.base = base
        self.out = out
        self.pages: list[Page] = []
        self.problems: list[str] = []
        self.written: list[Path] = []

    def page(
        self,
        *,
        locale: str = "de-DE",
        dark: bool = False,
        laptop: bool = False,
        size: ViewportSize | None = None,
    ) -> Page:
        context = self.browser.new_context(
            viewport=size or (LAPTOP if laptop else PHONE),
            locale=locale,
            device_scale_factor=1,
            color_scheme="dark" if dark else "light",
            reduced_motion="reduce",
        )
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda e: self.problems.append(f"pageerror: {e}"))
        self.pages.append(page)
        return page

    def shoot(self, page: Page, name: str) -> None:
        page.wait_for_timeout(400)  # animations and the toast's entrance are over
        width = (page.viewport_size or PHONE)["width"]
        kind = "tv" if width >= 1900 else "laptop" if width > 800 else "phone"
        path = self.out / f"{name}-{kind}.png"
        page.screenshot(path=str(path))
        with Image.open(path) as img:
            small = img.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
        small.save(path, optimize=True)
        self.written.append(path)
        print(f"  {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")

    def create(self, page: Page, game: str, name: str, options: dict[str, object]) -> str:
        page.goto(self.base + "/")
        page.click(f"[data-game={game}]")
        set_options(page, options)
        page.fill("#create-name", name)
        page.click("#create-button")
        expect(page.locator("#room-code")).to_be_visible()
        return page.locator("#room-code").inner_text().strip()

    def join(self, page: Page, code: str, name: str) -> None:
        join(page, self.base, code, name)

    def three(self, game: str, options: dict[str, object]) -> tuple[Page, Page, Page, str]:
        """Anna creates a room, Ben (English, dark mode) and Cleo join it: the three phones and the code."""
        anna = self.page()
        code = self.create(anna, game, "Anna", options)
        ben = self.page(locale="en-US", dark=True)
        cleo = self.page()
        self.join(ben, code, "Ben")
        self.join(cleo, code, "Cleo")
        expect(anna.locator("#seat-list .seat")).to_have_count(3)
        return anna, ben, cleo, code

    def table(self, code: str, size: ViewportSize | None = None) -> Page:
        page = self.page(laptop=True, size=size)
        page.goto(f"{self.base}/r/{code}?table=1")
        expect(page.locator("#room-code")).to_have_text(code)
        return page

    def close(self) -> None:
        for page in self.pages:
            page.context.close()
        self.pages.clear()


# ---------------------------------------------------------------- Emojito


def emojito(s: Shots) -> None:
    """Co-op, three phones: the lobby, the performer, a guesser watching (English, dark), picking a tile,
    the reveal, the table screen, and the end after the game marker wins its trophy. Who performs first is
    drawn by the room, so the phones are named by their role."""
    anna, ben, cleo, code = s.three("emojito", {"wrong_step": 3, "trophy_target": 1})
    s.shoot(anna, "emojito-01-lobby")
    table = s.table(code)
    anna.click("#start-game")
    phones = [anna, ben, cleo]
    for page in (*phones, table):
        expect(page.locator("#emj-board")).to_be_visible()

    def roles() -> tuple[Page, list[Page]]:
        anna.locator("#emj-secret, #emj-watch").first.wait_for()
        performer = next(p for p in phones if p.locator("#emj-secret").count())
        return performer, [p for p in phones if p is not performer]

    # round 1: one guesser right, the other wrong
    performer, (first, second) = roles()
    card = int(performer.locator("#emj-secret").get_attribute("data-card") or "-1")
    s.shoot(performer, "emojito-02-performer")
    s.shoot(first, "emojito-03-watching")
    performer.click("[data-action=performed]")
    for page in (first, second):
        expect(page.locator("#emj-tiles button.emj-tile")).to_have_count(7)
    tile = performer.locator(f"#emj-tiles .emj-tile[data-card='{card}']")
    right = int(tile.get_attribute("data-number") or "0")
    wrong = 1 if right != 1 else 2
    second.locator(f"#emj-tiles button.emj-tile[data-number='{wrong}']").click()
    s.shoot(second, "emojito-04-tile-picked")
    first.locator(f"#emj-tiles button.emj-tile[data-number='{right}']").click()
    first.click("#emj-set-dial")
    expect(first.locator("#emj-set-dial")).to_have_count(0)
    s.shoot(first, "emojito-05-dial-set")
    s.shoot(performer, "emojito-06-performer-waits")
    s.shoot(table, "emojito-07-table-dials")
    second.click("#emj-set-dial")
    for page in phones:
        expect(page.locator("#emj-reveal[data-round='1']")).to_be_visible()
    s.shoot(second, "emojito-08-reveal")
    s.shoot(table, "emojito-09-table-reveal")
    performer.click("#emj-next-round")

    # round 2: both guess wrong: the game marker crosses the line and wins
    performer, guessers = roles()
    card = int(performer.locator("#emj-secret").get_attribute("data-card") or "-1")
    performer.click("[data-action=performed]")
    for page in guessers:
        expect(page.locator("#emj-tiles button.emj-tile")).to_have_count(7)
    tile = performer.locator(f"#emj-tiles .emj-tile[data-card='{card}']")
    right = int(tile.get_attribute("data-number") or "0")
    wrong = 1 if right != 1 else 2
    for page in guessers:
        page.locator(f"#emj-tiles button.emj-tile[data-number='{wrong}']").click()
        page.click("#emj-set-dial")
    for page in (anna, ben):
        expect(page.locator("#ranking")).to_be_visible()
    s.shoot(anna, "emojito-10-ranking")
    s.shoot(ben, "emojito-11-ranking-en-dark")
    s.close()


# ---------------------------------------------------------------- the option editor


def check_options(s: Shots, page: Page, where: str) -> None:
    """Every option's short name fits its line and every input is at least 44 px high (a tap target)."""
    bad = page.eval_on_selector_all(
        ".option",
        """opts => opts.flatMap(o => {
            const out = [];
            if (!o.getClientRects().length) return out;  // an option of another mode, hidden
            const label = o.querySelector('.option-label');
            if (!label || label.scrollWidth > label.clientWidth + 1) out.push(`${o.dataset.option}: label cut off`);
            const control = o.querySelector('select, input:not([type=checkbox]), .option-check');
            if (control && control.getBoundingClientRect().height < 44) out.push(`${o.dataset.option}: input under 44 px`);
            if (o.getBoundingClientRect().right > document.documentElement.clientWidth + 1) out.push(`${o.dataset.option}: wider than the screen`);
            return out;
        })""",
    )
    s.problems.extend(f"{where}: {b}" for b in bad)


def lobby(s: Shots) -> None:
    """The option editor on a phone: the create form (German), the host's lobby (German) and a guest's
    read-only view (English, dark), each option by its short name with its explanation under it."""
    anna = s.page()
    anna.goto(s.base + "/")
    anna.click("[data-game=emojito]")
    anna.locator(".option-details summary").first.click()
    check_options(s, anna, "create emojito de")
    anna.evaluate("() => document.querySelector('.option-details summary').scrollIntoView()")
    s.shoot(anna, "lobby-01-create-options")
    anna.click("[data-game=mogelmotte]")
    anna.fill("#create-name", "Anna")
    anna.click("#create-button")
    expect(anna.locator("#room-code")).to_be_visible()
    code = anna.locator("#room-code").inner_text().strip()
    anna.locator("#lobby-options summary").click()
    check_options(s, anna, "lobby mogelmotte de")
    anna.evaluate("() => document.querySelector('#lobby-options').scrollIntoView()")
    s.shoot(anna, "lobby-02-options-host")
    ben = s.page(locale="en-US", dark=True)
    s.join(ben, code, "Ben")
    ben.locator("#lobby-options summary").click()
    check_options(s, ben, "lobby mogelmotte en")
    ben.evaluate(
        "() => document.querySelector('#lobby-options [data-option=give_last_card]').scrollIntoView({block: 'center'})"
    )
    s.shoot(ben, "lobby-03-options-guest-en-dark")
    s.close()


# ---------------------------------------------------------------- Stella


def stella(s: Shots) -> None:
    """One round, three phones: the scout chooses, the others wait, marking, the reveal turn, a spark, a fall,
    the table screen and the ranking."""
    anna, ben, cleo, code = s.three("stella", {"rounds": 1, "mark_timeout_s": 300, "turn_timeout_s": 300})
    table = s.table(code, LAPTOP_1280)
    tv = s.table(code, TV)
    start_game(anna)
    for page in (anna, ben, cleo, table):
        expect(page.locator("#stl-grid .stl-tile")).to_have_count(15)
    page_imgs_loaded(anna)
    s.shoot(anna, "stella-01-scout-chooses")
    s.shoot(ben, "stella-02-waiting-for-word-en-dark")
    anna.click("#stl-choices button[data-index='0']")
    for page in (anna, ben, cleo):
        expect(page.locator("#stl-counter")).to_contain_text("0 / 10")

    def mark(page: Page, positions: list[int]) -> None:
        for pos in positions:
            page.click(f"#stl-grid .stl-tile[data-pos='{pos}']")

    mark(cleo, [0, 7])
    s.shoot(cleo, "stella-03-marking")
    cleo.click("#stl-done")
    mark(anna, [0, 3, 7])
    anna.click("#stl-done")
    mark(ben, [0])
    s.shoot(ben, "stella-04-marking-en-dark")
    s.shoot(table, "stella-05-table-marking")
    ben.click("#stl-done")
    expect(anna.locator("#stl-grid .stl-tile-can")).to_have_count(3)
    s.shoot(anna, "stella-06-my-reveal-turn")
    s.shoot(cleo, "stella-07-waiting-for-reveal")
    # Anna names 0 (a spark for all three), Cleo names 7 (a super-spark with Anna), Anna names 3 and falls
    anna.click("#stl-grid .stl-tile[data-pos='0']")
    anna.click("#stl-name")
    expect(cleo.locator("#stl-grid .stl-tile-can")).to_have_count(1)
    s.shoot(ben, "stella-08-after-spark-en-dark")
    cleo.click("#stl-grid .stl-tile[data-pos='7']")
    s.shoot(cleo, "stella-09-picked-to-name")
    cleo.click("#stl-name")
    s.shoot(table, "stella-10-table-reveals")
    s.shoot(tv, "stella-10-table-reveals")
    expect(anna.locator("#stl-grid .stl-tile-can")).to_have_count(1)
    anna.click("#stl-grid .stl-tile[data-pos='3']")
    anna.click("#stl-name")
    for page in (anna, ben, table):
        expect(page.locator("#ranking")).to_be_visible()
    s.shoot(anna, "stella-11-ranking")
    s.shoot(table, "stella-12-table-ranking")
    s.shoot(tv, "stella-12-table-ranking")
    s.close()


TV: ViewportSize = {"width": 1920, "height": 1080}
LAPTOP_1280: ViewportSize = {"width": 1280, "height": 800}


def page_imgs_loaded(page: Page) -> None:
    """The pictures have arrived (polled: the page's CSP forbids wait_for_function's eval)."""
    for _ in range(100):
        if page.evaluate("[...document.images].every((i) => i.complete)"):
            return
        page.wait_for_timeout(50)


# ---------------------------------------------------------------- Wordland


def wordland(s: Shots) -> None:
    """One round, three phones: the Queen chooses, her turn, a forbidden letter (English, dark), the objection
    window, the vote, the table screen, the teapot running, the ranking."""
    from tischrunde.games.wordland.content import lexicon_letters

    anna, ben, cleo, code = s.three(
        "wordland", {"rounds": 1, "timer_s": 15, "objection_s": 8, "wrong_word": "retry"}
    )
    table = s.table(code, LAPTOP_1280)
    tv = s.table(code, TV)
    start_game(anna)
    expect(anna.locator("button.wl-choice")).to_have_count(2)
    s.shoot(anna, "wordland-01-queen-chooses")
    s.shoot(cleo, "wordland-02-waiting-for-category")
    choice = anna.locator("button.wl-choice").first
    category = choice.get_attribute("data-category") or ""
    choice.click()
    expect(anna.locator("#wl-word")).to_be_focused()

    def letters(page: Page) -> set[str]:
        tiles = page.locator("#wl-tiles .wl-tile")
        return {tiles.nth(k).get_attribute("data-letter") or "" for k in range(tiles.count())}

    said: set[str] = set()

    def valid(avoid: set[str]) -> str:
        for word, used in lexicon_letters(category, "de", True):
            if used.isdisjoint(avoid) and word.casefold() not in said:
                said.add(word.casefold())
                return word
        raise RuntimeError("no word")

    first = valid(letters(anna))
    anna.locator("#wl-word").fill(first[:3])
    s.shoot(anna, "wordland-03-my-turn-typing")
    anna.locator("#wl-word").fill(first)
    anna.locator("#wl-word").press("Enter")
    expect(ben.locator("#wl-word")).to_be_focused()
    bad_letter = sorted(letters(ben))[0]
    bad = next(
        (w for w, used in lexicon_letters(category, "de", True) if bad_letter in used), bad_letter + "aus"
    )
    ben.locator("#wl-word").fill(bad)
    s.shoot(ben, "wordland-04-forbidden-while-typing-en-dark")
    ben.locator("#wl-word").press("Enter")
    expect(ben.locator("#wl-rejection")).to_be_visible()
    s.shoot(ben, "wordland-05-word-refused-en-dark")
    second = valid(letters(ben))
    ben.locator("#wl-word").fill(second)
    ben.locator("#wl-word").press("Enter")
    objection = cleo.locator("#wl-objections button", has_text=second)
    expect(objection).to_be_visible()
    s.shoot(cleo, "wordland-06-my-turn-with-objection")
    s.shoot(table, "wordland-07-table-turn")
    s.shoot(tv, "wordland-07-table-turn")
    objection.click()
    expect(anna.locator("#wl-vote-buttons button")).to_have_count(2)
    s.shoot(anna, "wordland-08-vote")
    s.shoot(ben, "wordland-09-my-word-on-trial-en-dark")
    anna.click("#wl-vote-buttons [data-against='1']")
    expect(cleo.locator("#wl-word")).to_be_focused()
    cleo.wait_for_timeout(9000)
    s.shoot(cleo, "wordland-10-teapot-running-out")
    s.shoot(ben, "wordland-11-out-en-dark")
    for page in (anna, table):
        expect(page.locator("#ranking")).to_be_visible(timeout=20_000)
    s.shoot(anna, "wordland-12-ranking")
    s.shoot(table, "wordland-13-table-ranking")
    s.close()


GAMES: dict[str, Callable[[Shots], None]] = {
    "lobby": lobby,
    "emojito": emojito,
    "stella": stella,
    "wordland": wordland,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", default=",".join(GAMES))
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    failed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="tischrunde-shots-") as tmp:
        port = free_port()
        data = Path(tmp) / "data"
        data.mkdir()
        proc = start_server(data, port, toy=False)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                try:
                    for name in args.only.split(","):
                        print(name)
                        shots = Shots(browser, f"http://127.0.0.1:{port}", out)
                        try:
                            GAMES[name](shots)
                        except Exception as exc:  # one game's trouble must not hide the others' screenshots
                            failed.append(f"{name}: {exc}")
                            shots.close()
                        failed.extend(f"{name}: {p}" for p in shots.problems)
                finally:
                    browser.close()
        finally:
            stop(proc)
    for line in failed:
        print("PROBLEM", line, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
