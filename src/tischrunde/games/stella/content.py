"""Stella's public content: the grid's measures, points, row orders, the word cards (German and English) and
the room's own word cards (the options that use them: ``spec.py``)."""

from __future__ import annotations

import functools
from itertools import permutations
from pathlib import Path
from typing import Any

import msgspec

from tischrunde.core.errors import ConfigError
from tischrunde.core.game import ChoiceLabel

ROWS = 3
COLUMNS = 5
GRID_SIZE = ROWS * COLUMNS
#: the size of our own picture deck (ids 0..PICTURE_COUNT-1), composed by ``stella.art``
PICTURE_COUNT = 160
SPARK_POINTS = 2
SUPER_SPARK_POINTS = 3
ROW_NAMES = ("top", "middle", "bottom")
ROW_ORDERS = tuple(",".join(p) for p in permutations(ROW_NAMES))
#: each row order as the rows it replaces, in turn (0 the top row)
ROW_ORDER_ROWS = {order: tuple(ROW_NAMES.index(r) for r in order.split(",")) for order in ROW_ORDERS}
DARK_FALL_RULES = ("official", "one_per_card", "half")
#: how a room deals the pictures its host uploaded (the server stacks them as ``decks.pictures``)
OWN_PICTURE_MODES = ("only", "mixed", "off")
_ROW_WORDS = {"top": ("top", "oben"), "middle": ("middle", "Mitte"), "bottom": ("bottom", "unten")}
#: each row order in plain words ("top, middle, bottom" / "oben, Mitte, unten")
ROW_ORDER_LABELS = tuple(
    ChoiceLabel(
        order,
        ", ".join(_ROW_WORDS[r][0] for r in order.split(",")),
        ", ".join(_ROW_WORDS[r][1] for r in order.split(",")),
    )
    for order in ROW_ORDERS
)
PHASES = ("word", "mark", "reveal", "round_over", "over")
#: a room's own word cards (option ``own_words``): card ids OWN_WORD_BASE + i, at most MAX_OWN_WORDS
OWN_WORD_BASE = 1000
MAX_OWN_WORDS = 200
MAX_WORD_CHARS = 40
DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "stella"


class WordCard(msgspec.Struct, frozen=True):
    """Two words, in German and in English (``de[i]`` and ``en[i]`` are the same word)."""

    id: int
    de: tuple[str, str]
    en: tuple[str, str]


@functools.cache
def word_cards() -> tuple[WordCard, ...]:
    """The 96 word cards shipped in ``data/stella/words.tsv``."""
    cards: list[WordCard] = []
    for line in (DATA_DIR / "words.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        de_a, de_b, en_a, en_b = line.split("\t")
        cards.append(WordCard(len(cards), (de_a, de_b), (en_a, en_b)))
    return tuple(cards)


def check_own_words(value: Any) -> tuple[tuple[str, ...], ...]:
    """The option ``own_words`` as word cards (one or two words each, stripped), or a ConfigError naming the
    card: a list of at most MAX_OWN_WORDS lists of 1 or 2 distinct printable words of 1..MAX_WORD_CHARS."""
    if not isinstance(value, list) or len(value) > MAX_OWN_WORDS:
        raise ConfigError("options.own_words", value, f"a list of at most {MAX_OWN_WORDS} word cards")
    cards = []
    for i, card in enumerate(value):
        field = f"options.own_words[{i}]"
        if not isinstance(card, list) or not 1 <= len(card) <= 2 or not all(isinstance(w, str) for w in card):
            raise ConfigError(field, card, "a word card: a list of one or two words")
        words = tuple(" ".join(w.split()) for w in card)
        for word, given in zip(words, card, strict=True):
            if not 1 <= len(word) <= MAX_WORD_CHARS or not given.strip().isprintable():
                raise ConfigError(field, card, f"words of 1 to {MAX_WORD_CHARS} printable characters")
        if len(words) == 2 and words[0].casefold() == words[1].casefold():
            raise ConfigError(field, card, "two different words (or just one)")
        cards.append(words)
    return tuple(cards)
