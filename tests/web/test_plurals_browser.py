"""Counts and sentences with names in the four game modules: one plural helper (Intl.PluralRules), templates.

The modules are imported into a real page (they register their strings with i18n.js), and their texts are
asked for 1 and 2 in German and English: "1 Trophäe" / "2 Trophäen", "Anna fordert Ben heraus" /
"Anna und Cara fordern Ben heraus". A count key with only one form, or a count glued by hand, fails here.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page

MODULES = ["mogelmotte", "emojito", "stella", "wordland"]

# every count word of the four modules: key -> (de 1, de 2, en 1, en 2)
COUNTS: dict[str, tuple[str, str, str, str]] = {
    "mm.cards": ("1 Karte", "2 Karten", "1 card", "2 cards"),
    "mm.score": ("1 Minuspunkt", "2 Minuspunkte", "1 penalty point", "2 penalty points"),
    "mm.points_short": ("1 MP", "2 MP", "1 pt", "2 pts"),
    "emj.trophies": ("1 Trophäe", "2 Trophäen", "1 trophy", "2 trophies"),
    "emj.score.trophies": ("1 Trophäe", "2 Trophäen", "1 trophy", "2 trophies"),
    "stl.count": ("1 Markierung", "2 Markierungen", "1 mark", "2 marks"),
    "stl.score": ("1 Punkt", "2 Punkte", "1 point", "2 points"),
    "stl.sent": ("1 Markierung", "2 Markierungen", "1 mark –", "2 marks –"),
    "stl.ev.my_marks": ("1 Bild markiert", "2 Bilder markiert", "1 picture.", "2 pictures."),
    "wl.score": ("1 Punkt", "2 Punkte", "1 point", "2 points"),
    "wl.points": ("1 Pkt.", "2 Pkt.", "1 pt", "2 pts"),
    "wl.tokens": ("1 Zeitmarke", "2 Zeitmarken", "1 time token", "2 time tokens"),
    "wl.forbidden_count": (
        "1 verbotener Buchstabe",
        "2 verbotene Buchstaben",
        "1 forbidden letter",
        "2 forbidden letters",
    ),
}

# words that may follow a bare count: they are not nouns, so one form serves 1 and 2
NOT_NOUNS = ["umgedreht", "turned", "offen", "not", "von", "of"]

ASK = """
async ({modules, keys}) => {
  const i18n = await import('/static/i18n.js');
  for (const m of modules) await import(`/static/games/${m}.js`);
  const was = i18n.lang();
  const out = {};
  for (const l of ['de', 'en']) {
    i18n.setLang(l);
    for (const k of keys) out[`${l}:${k}`] = [i18n.tp(k, 1, {name: 'Anna', points: 1}), i18n.tp(k, 2, {name: 'Anna', points: 2})];
  }
  i18n.setLang(was);
  return out;
}
"""

# sentences with names: the module's own describe()/status() for one and for two people
SENTENCES = """
async () => {
  const i18n = await import('/static/i18n.js');
  const emj = (await import('/static/games/emojito.js')).default;
  const names = ['Anna', 'Ben', 'Cara', 'Dora'];
  const ctx = {view: {}, legal: [], seat: null, isTable: true, name: (s) => names[s], now: () => 0};
  const challenges = (who) => emj.describe({kind: 'challenges', data: {challengers: who, leaders: [1]}}, ctx);
  const was = i18n.lang();
  const out = {};
  for (const l of ['de', 'en']) {
    i18n.setLang(l);
    out[l] = {
      one: challenges([0]),
      two: challenges([0, 2]),
      wait_one: i18n.tp('emj.status.challenge_wait', 1, {names: ['Anna']}),
      wait_two: i18n.tp('emj.status.challenge_wait', 2, {names: ['Anna', 'Cara']}),
    };
  }
  i18n.setLang(was);
  return out;
}
"""

# every string of the modules: no key keeps a bare count with a single form ("{count} Karten" for 1 too)
SINGLE_FORMS = """
async ({modules, notNouns}) => {
  const i18n = await import('/static/i18n.js');
  for (const m of modules) await import(`/static/games/${m}.js`);
  const bad = [];
  for (const l of ['de', 'en']) {
    const all = i18n.strings(l);
    for (const [k, text] of Object.entries(all)) {
      if (!/^(mm|emj|stl|wl)\\./.test(k) || !text.includes('{count}')) continue;
      if (/\\.(one|other)$/.test(k)) {
        const base = k.replace(/\\.(one|other)$/, '');
        if (!(`${base}.one` in all) || !(`${base}.other` in all)) bad.push(`${l}:${k}`);
      } else {
        // a word after the count that is not a noun ("3 umgedreht", "3 of at most 5") needs no plural
        const next = (text.match(/\\{count\\} ([A-Za-zÄÖÜäöü]+)/) || [])[1];
        if (next && !notNouns.includes(next)) bad.push(`${l}:${k}: ${text}`);
      }
    }
  }
  return bad;
}
"""


def _page(browser: Browser, server: str) -> Page:
    page = browser.new_context(locale="de-DE").new_page()
    page.set_default_timeout(10_000)
    page.goto(server + "/")
    return page


def test_counts_take_the_plural_form_of_the_language(browser: Browser, server: str) -> None:
    page = _page(browser, server)
    got: dict[str, list[str]] = page.evaluate(ASK, {"modules": MODULES, "keys": list(COUNTS)})
    wrong = []
    for key, (de1, de2, en1, en2) in COUNTS.items():
        for lang, one, two in (("de", de1, de2), ("en", en1, en2)):
            said = got[f"{lang}:{key}"]
            if one not in said[0] or two not in said[1]:
                wrong.append((lang, key, said))
    assert wrong == []
    page.context.close()


def test_no_count_word_has_a_single_form(browser: Browser, server: str) -> None:
    page = _page(browser, server)
    assert page.evaluate(SINGLE_FORMS, {"modules": MODULES, "notNouns": NOT_NOUNS}) == []
    page.context.close()


def test_sentences_with_names_agree_with_how_many(browser: Browser, server: str) -> None:
    page = _page(browser, server)
    got = page.evaluate(SENTENCES)
    assert got["de"]["one"] == "Anna fordert Ben heraus!"
    assert got["de"]["two"] == "Anna und Cara fordern Ben heraus!"
    assert got["en"]["one"] == "Anna challenges Ben!"
    assert got["en"]["two"] == "Anna and Cara challenge Ben!"
    assert got["de"]["wait_one"] == "Anna überlegt, ob sie herausfordert"
    assert got["de"]["wait_two"] == "Anna und Cara überlegen, ob sie herausfordern"
    assert got["en"]["wait_one"] == "Anna is deciding whether to challenge"
    assert got["en"]["wait_two"] == "Anna and Cara are deciding whether to challenge"
    page.context.close()
