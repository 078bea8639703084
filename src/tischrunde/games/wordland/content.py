"""Wordland's card data: category cards with their lexicons (de + en) and the forbidden-letter table.

Files under ``tischrunde/games/data/wordland/``:

- ``categories_de.txt`` / ``categories_en.txt``: one category card per line,
  ``id | title | word word word ...`` (lowercase words; ``#`` starts a comment line). Both files hold
  the same ids in the same order.
- ``letters.json``: the forbidden-letter cards per language and colour, derived by
  ``scripts/wordland_letters.py`` from letter frequencies of each language's 5000 most common words.
- ``frequency.json``: a Zipf frequency (x100, int) per lexicon word, derived by
  ``scripts/wordland_frequency.py``; bots use it as their sense of how well-known a word is.
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from importlib import resources
from typing import Any

import msgspec

LANGUAGES = ("de", "en")
COLOURS = ("blue", "purple", "green", "red")
_UMLAUTS = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "s"})


class Category(msgspec.Struct, frozen=True):
    """One category card: its id, title and lexicon per language."""

    id: str
    title: dict[str, str]
    words: dict[str, tuple[str, ...]]


def _data(name: str) -> str:
    return resources.files("tischrunde.games").joinpath("data", "wordland", name).read_text(encoding="utf-8")


def _parse(text: str) -> list[tuple[str, str, tuple[str, ...]]]:
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        ident, title, words = (part.strip() for part in line.split("|"))
        out.append((ident, title, tuple(dict.fromkeys(words.split()))))
    return out


@cache
def categories() -> tuple[Category, ...]:
    """Every category card, in file order."""
    per_lang = {lang: _parse(_data(f"categories_{lang}.txt")) for lang in LANGUAGES}
    ids = [ident for ident, _, _ in per_lang["de"]]
    if ids != [ident for ident, _, _ in per_lang["en"]]:
        raise ValueError("categories_de.txt and categories_en.txt must list the same ids in the same order")
    cards = []
    for i, ident in enumerate(ids):
        cards.append(
            Category(
                id=ident,
                title={lang: per_lang[lang][i][1] for lang in LANGUAGES},
                words={lang: per_lang[lang][i][2] for lang in LANGUAGES},
            )
        )
    return tuple(cards)


@cache
def category_index() -> dict[str, Category]:
    """Category cards by id."""
    return {c.id: c for c in categories()}


@cache
def letter_table() -> dict[str, Any]:
    """The committed forbidden-letter table (see scripts/wordland_letters.py)."""
    table: dict[str, Any] = json.loads(_data("letters.json"))
    return table


def letter_cards(language: str, colour: str) -> tuple[str, ...]:
    """The forbidden-letter cards of one colour in one language."""
    return tuple(letter_table()[language][colour])


@cache
def frequencies() -> dict[str, dict[str, int]]:
    """Zipf frequency x100 of every lexicon word, per language (0 = unknown)."""
    table: dict[str, dict[str, int]] = json.loads(_data("frequency.json"))
    return table


def letters_of(word: str, *, fold_umlauts: bool) -> str:
    """The word's letters as the forbidden-letter check sees them (lowercase, umlauts folded if on)."""
    word = unicodedata.normalize("NFC", word).lower()
    if fold_umlauts:
        word = word.translate(_UMLAUTS)
    return word


def word_key(word: str) -> str:
    """The form two words are compared in for repeats (case-insensitive, NFC)."""
    return unicodedata.normalize("NFC", word).strip().casefold()


@cache
def lexicon_letters(
    category_id: str, language: str, fold_umlauts: bool
) -> tuple[tuple[str, frozenset[str]], ...]:
    """The lexicon of a category with each word's letter set, for fast filtering."""
    words = category_index()[category_id].words[language]
    return tuple((w, frozenset(letters_of(w, fold_umlauts=fold_umlauts))) for w in words)
