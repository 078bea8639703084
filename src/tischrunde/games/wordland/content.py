"""Wordland's card data: category cards with their lexicons (de + en), the forbidden-letter table, the
characters and the scoring cards.

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

import hashlib
import json
import threading
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Final

from tischrunde.core.content import GameContent, OwnPart
from tischrunde.core.errors import ConfigError
from tischrunde.games.wordland.state import Category as Category

LANGUAGES: Final = ("de", "en")
COLOURS: Final = ("blue", "purple", "green", "red")
#: the forbidden-letter colours laid out per option ``difficulty`` [seed + ours]
DIFFICULTY_COLOURS: Final = {
    "easy": ("blue",),
    "normal": ("blue", "purple", "green"),
    "hard": ("purple", "green", "green"),
}

# ---- the character cards [seed] ----------------------------------------------------------------

QUEEN: Final = "queen"
RABBIT: Final = "white_rabbit"
TWEEDLES: Final = "tweedles"
CAT: Final = "cheshire_cat"
CATERPILLAR: Final = "caterpillar"
ALICE: Final = "alice"
HATTER: Final = "mad_hatter"
GUARD: Final = "royal_guard"
CHARACTERS: Final = (QUEEN, RABBIT, TWEEDLES, CAT, CATERPILLAR, ALICE, HATTER, GUARD)
#: the characters left out with 3 players [official]
FROM_FOUR: Final = (CATERPILLAR, ALICE)

# ---- the scoring cards [ours] ------------------------------------------------------------------

#: per player count, the points of cards 1..n: the k-th player out takes card k (k - 1 points), the survivor
#: card n (n points)
DEFAULT_SCORING: Final = {str(n): [*range(n - 1), n] for n in range(3, 9)}
#: the most points a scoring card may be worth
MAX_CARD_POINTS: Final = 100
_UMLAUTS = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "s"})


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


# ---- a room's own categories (option own_categories) -------------------------------------------

MAX_OWN_CATEGORIES = 100
MAX_TITLE_CHARS = 60
MAX_OWN_WORDS = 300  # per category
MAX_ALL_OWN_WORDS = 1500  # all own categories together
MAX_WORD_CHARS = 40
#: own categories by id, registered when a game with them starts (content-addressed: the same card, the
#: same id in every process; bots and ``could_have_said`` find their words here)
_OWN: dict[str, Category] = {}


def _tidy(text: str) -> str:
    return unicodedata.normalize("NFC", " ".join(text.split()))


def check_own_categories(value: Any) -> tuple[Category, ...]:
    """The option ``own_categories`` as category cards (id ``own-`` + a hash of the card), or a ConfigError
    naming the card: a list of at most MAX_OWN_CATEGORIES objects ``{"title": str, "words": [str...]}``
    (words optional: the ones that fit, which bots say and ``could_have_said`` shows)."""
    if not isinstance(value, list) or len(value) > MAX_OWN_CATEGORIES:
        raise ConfigError(
            "options.own_categories", value, f"a list of at most {MAX_OWN_CATEGORIES} categories"
        )
    out: list[Category] = []
    for i, card in enumerate(value):
        field = f"options.own_categories[{i}]"
        if not isinstance(card, dict) or not set(card) <= {"title", "words"} or "title" not in card:
            raise ConfigError(field, card, 'a category: {"title": "...", "words": ["...", ...]}')
        title = card["title"]
        if (
            not isinstance(title, str)
            or not 1 <= len(_tidy(title)) <= MAX_TITLE_CHARS
            or not title.isprintable()
        ):
            raise ConfigError(
                f"{field}.title", title, f"a title of 1 to {MAX_TITLE_CHARS} printable characters"
            )
        words = card.get("words", [])
        if (
            not isinstance(words, list)
            or len(words) > MAX_OWN_WORDS
            or not all(isinstance(w, str) for w in words)
        ):
            raise ConfigError(f"{field}.words", words, f"a list of at most {MAX_OWN_WORDS} words")
        tidy = tuple(dict.fromkeys(_tidy(w).lower() for w in words))
        for word in [*tidy, *(w.strip() for w in words)]:
            if not 1 <= len(word) <= MAX_WORD_CHARS or not word.isprintable():
                raise ConfigError(
                    f"{field}.words", word, f"words of 1 to {MAX_WORD_CHARS} printable characters"
                )
        name = _tidy(title)
        digest = hashlib.sha256(json.dumps([name, tidy], ensure_ascii=False).encode()).hexdigest()[:16]
        if sum(len(c.words["de"]) for c in out) + len(tidy) > MAX_ALL_OWN_WORDS:
            raise ConfigError(
                f"{field}.words", len(tidy), f"at most {MAX_ALL_OWN_WORDS} words in all categories"
            )
        out.append(
            Category(
                id=f"own-{digest}", title=dict.fromkeys(LANGUAGES, name), words=dict.fromkeys(LANGUAGES, tidy)
            )
        )
    return tuple(out)


def register_own(cards: tuple[Category, ...]) -> None:
    """Make own categories known to ``category`` (a game that deals them calls this as it starts)."""
    for card in cards:
        _OWN[card.id] = card


def category(category_id: str) -> Category:
    """A category card by id: a built-in one or a registered own one (KeyError if neither)."""
    found = category_index().get(category_id)
    return found if found is not None else _OWN[category_id]


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


@lru_cache(maxsize=4096)
def letters_of(word: str, *, fold_umlauts: bool) -> str:
    """The word's letters as the forbidden-letter check sees them (lowercase, umlauts folded if on)."""
    word = unicodedata.normalize("NFC", word).lower()
    if fold_umlauts:
        word = word.translate(_UMLAUTS)
    return word


@lru_cache(maxsize=4096)
def word_key(word: str) -> str:
    """The form two words are compared in for repeats (case-insensitive, NFC)."""
    return unicodedata.normalize("NFC", word).strip().casefold()


@cache
def lexicon_letters(
    category_id: str, language: str, fold_umlauts: bool
) -> tuple[tuple[str, frozenset[str]], ...]:
    """The lexicon of a category with each word's letter set, for fast filtering."""
    words = category(category_id).words[language]
    return tuple((w, frozenset(letters_of(w, fold_umlauts=fold_umlauts))) for w in words)


#: one bit per letter that occurs in a lexicon word seen so far (``lexicon_masks``), in order of appearance
_BITS: Final[dict[str, int]] = {}
_BITS_LOCK = threading.Lock()


@cache
def lexicon_masks(category_id: str, language: str, fold_umlauts: bool) -> tuple[tuple[str, int, str], ...]:
    """The lexicon of a category with each word's letters (``letters_of``) as a bit mask (``letters_mask``)
    and its repeat key (``word_key``), for fast filtering."""
    words = category(category_id).words[language]
    bits = _BITS
    out = []
    with _BITS_LOCK:
        for word in words:
            mask = 0
            for letter in letters_of(word, fold_umlauts=fold_umlauts):
                bit = bits.get(letter)
                if bit is None:
                    bit = bits[letter] = 1 << len(bits)
                mask |= bit
            out.append((word, mask, word_key(word)))
    return tuple(out)


def letters_mask(letters: Iterable[str]) -> int:
    """The bit mask of these letters as ``lexicon_masks`` has them (a letter no lexicon word seen so far
    holds has no bit: no mask of those words has it either)."""
    mask = 0
    for letter in letters:
        bit = _BITS.get(letter)
        if bit is not None:
            mask |= bit
    return mask


#: categories whose German words are not nouns (verbs, adjectives): written in lower case
GERMAN_LOWER_CASE = frozenset({"movement", "traits"})
#: categories whose English words are names, and names in other English lexicons: capitalised
ENGLISH_NAMES = frozenset({"countries", "cities", "first_names", "languages"})
ENGLISH_PROPER = frozenset({"mars", "venus", "mercury", "jupiter", "saturn", "uranus", "neptune", "pluto"})


def written(word: str, category_id: str, language: str) -> str:
    """A lexicon word (stored in lower case) as a person writes it: German nouns and English names
    capitalised, other words in lower case. Bots say words so and the round summary shows them so;
    judging folds case, so this never changes what counts."""
    if language == "de":
        upper = category_id not in GERMAN_LOWER_CASE
    else:
        upper = category_id in ENGLISH_NAMES or word in ENGLISH_PROPER
    return word[:1].upper() + word[1:] if upper else word


# --- what the server serves (core.content)


def public_content() -> dict[str, Any]:
    """``{"colours": [...], "umlauts": {"ä": "a", ...}}``: the letter colours in order and the folding of
    umlauts that the option ``fold_umlauts`` applies."""
    return {"colours": list(COLOURS), "umlauts": {chr(k): v for k, v in _UMLAUTS.items()}}


CONTENT = GameContent(
    public=public_content,
    own_part=OwnPart(option="own_categories", deck_key="wordland_categories", check=check_own_categories),
)
