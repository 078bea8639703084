"""Stella's public content: the grid's measures, points, row orders, the word cards (German and English) and
the room's own word cards (the options that use them: ``spec.py``)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import permutations
from pathlib import Path
from typing import Any

import msgspec

from tischrunde.core import rng
from tischrunde.core.content import Deal, DealRefused, GameContent, OwnPart, OwnPictures
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


# --- what the server serves (core.content)


#: the fewest uploads a game deals from alone (option own_pictures ``only``)
MIN_OWN_PICTURES = 15
#: the card id of the first own picture of a game (built-in pictures are 0..PICTURE_COUNT-1)
OWN_PICTURE_BASE = 1000


def public_content() -> dict[str, Any]:
    """``{"rows", "columns", "row_names", "picture_count"}``: the table's shape and the built-in deck's size."""
    return {"rows": ROWS, "columns": COLUMNS, "row_names": list(ROW_NAMES), "picture_count": PICTURE_COUNT}


def picture_svg(card: int) -> str:
    """A built-in picture as a self-contained SVG (the generator is content tooling, loaded when asked)."""
    from tischrunde.art.stella.art import picture_svg as draw

    return draw(card)


def own_mode(options: dict[str, Any], uploads: int) -> str:
    """How a room deals its uploads now: ``only``, ``mixed``, or ``off`` (also when there are none)."""
    return "off" if uploads == 0 else str(options.get("own_pictures", "only"))


def bots_refused(options: dict[str, Any], uploads: int) -> str | None:
    """Why no bot may sit at this table (the room deals own pictures, which have no tags), or None."""
    if own_mode(options, uploads) == "off":
        return None
    return (
        "bots choose pictures by their hidden tags, and uploaded pictures have none: remove the room's "
        "own pictures or set the option own_pictures to off to play with bots"
    )


def deal_own_pictures(options: dict[str, Any], seed: int, uploads: Sequence[str], bots: bool) -> Deal | None:
    """The picture deck of a game that starts with these uploads, or None for the built-in deck.

    Option ``own_pictures``: ``only`` (the default; at least MIN_OWN_PICTURES uploads) deals the uploads,
    shuffled; when a game needs more pictures than were uploaded, pictures that have left the table come
    back (the row that leaves now never comes straight back), and with fewer than 20 uploads built-in
    pictures fill a row whenever every upload is on the table. ``mixed``: the uploads shuffled into the
    built-in deck. ``off`` (or no uploads): the built-in deck. An own card is ``OWN_PICTURE_BASE + k`` and
    shows ``Deal.pictures[k]``, numbered in the order of the picture ids (every seat sees that list: the
    pile's order stays hidden); a built-in one keeps its id. Bots are refused (``bots_need_tags``)."""
    mode = own_mode(options, len(uploads))
    if mode == "off":
        return None
    if mode == "only" and len(uploads) < MIN_OWN_PICTURES:
        raise DealRefused(
            "too_few_pictures",
            f"upload at least {MIN_OWN_PICTURES} pictures (the room has {len(uploads)}), or set own_pictures "
            "to mixed or off",
        )
    if bots:
        raise DealRefused("bots_need_tags", bots_refused(options, len(uploads)) or "")
    state = rng.seed_state(seed * 31 + 7)
    own, state = rng.shuffled(state, uploads)
    builtin, state = rng.shuffled(state, range(PICTURE_COUNT))
    cards: list[str | int]
    if mode == "mixed":
        pool: list[str | int] = [*own, *builtin]
        mixed, state = rng.shuffled(state, pool)
        cards = list(mixed)
    else:
        cards = only_own(list(own), list(builtin), options)
    seen: dict[str, int] = {}
    dealt: list[tuple[str, int] | int] = []
    for card in cards:
        if isinstance(card, str):
            seen[card] = seen.get(card, -1) + 1
            dealt.append((card, seen[card]))
        else:
            dealt.append(card)
    numbered = sorted(c for c in dealt if isinstance(c, tuple))
    number = {c: OWN_PICTURE_BASE + k for k, c in enumerate(numbered)}
    return Deal(
        decks={"pictures": [number[c] if isinstance(c, tuple) else c for c in dealt]},
        pictures=[picture for picture, _ in numbered],
    )


def only_own(own: list[str], builtin: list[int], options: dict[str, Any]) -> list[str | int]:
    """The cards a game of ``options["rounds"]`` rounds deals from ``own`` uploads, in order (the grid
    first, then one row per later round): fresh uploads first, then those that have been off the table
    longest; a built-in picture only when no upload is off the table."""
    order = [ROW_NAMES.index(name) for name in str(options["row_order"]).split(",")]
    grid: list[str | int] = list(own[:GRID_SIZE])
    waiting: list[str] = own[GRID_SIZE:]  # off the table, next first
    cards = list(grid)
    spare = iter(builtin)
    for done in range(int(options["rounds"]) - 1):
        start = order[done % len(order)] * COLUMNS
        leaving = grid[start : start + COLUMNS]
        fresh: list[str | int] = [waiting.pop(0) if waiting else next(spare) for _ in range(COLUMNS)]
        grid[start : start + COLUMNS] = fresh
        waiting.extend(card for card in leaving if isinstance(card, str))
        cards.extend(fresh)
    return cards


CONTENT = GameContent(
    public=public_content,
    picture_svg=picture_svg,
    own_part=OwnPart(option="own_words", deck_key="stella_words", check=check_own_words),
    own_pictures=OwnPictures(
        option="own_pictures", minimum=MIN_OWN_PICTURES, deal=deal_own_pictures, bots_refused=bots_refused
    ),
)
