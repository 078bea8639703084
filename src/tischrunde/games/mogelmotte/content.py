"""The Mogel-Motte deck, loaded from ``games/data/mogelmotte/deck.json``, its public lookups (``cards_of(kind,
value)``: the card ids of a kind and value; ``KIND``, ``VALUE``, ``CLASS``: a card id's kind, value and class)
and the lookup tables by card id the engine and views use.

A card id is the index of a card in the expanded composition (71 cards in play; the guard bug is a role
marker, not a card). Every table below is a tuple indexed by card id, so the engine never builds cards.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from tischrunde.core.content import GameContent

_DATA: dict[str, Any] = json.loads(
    resources.files("tischrunde.games").joinpath("data/mogelmotte/deck.json").read_text("utf-8")
)

#: kind name -> {"class": number|action|moth, "de": ..., "en": ...}
KINDS: dict[str, dict[str, str]] = _DATA["kinds"]
#: penalty points per card class
PENALTY_BY_CLASS: dict[str, int] = _DATA["penalty_points"]

_kinds: list[str] = []
_values: list[int] = []
for _entry in _DATA["cards"]:
    for _ in range(int(_entry["count"])):
        _kinds.append(str(_entry["kind"]))
        _values.append(int(_entry["value"]))

#: number of cards in play
DECK_SIZE: Final = len(_kinds)
ALL_CARDS: Final[tuple[int, ...]] = tuple(range(DECK_SIZE))
KIND: Final[tuple[str, ...]] = tuple(_kinds)
VALUE: Final[tuple[int, ...]] = tuple(_values)
CLASS: Final[tuple[str, ...]] = tuple(KINDS[k]["class"] for k in KIND)
PENALTY: Final[tuple[int, ...]] = tuple(PENALTY_BY_CLASS[c] for c in CLASS)
IS_MOTH: Final[tuple[bool, ...]] = tuple(c == "moth" for c in CLASS)
IS_NUMBER: Final[tuple[bool, ...]] = tuple(c == "number" for c in CLASS)


def cards_of(kind: str, value: int | None = None) -> tuple[int, ...]:
    """The card ids of a kind ("number", "spider", "moth", ...), optionally of one value, in id order.

    Raises KeyError for a kind the deck does not have (the kinds are ``KINDS``)."""
    if kind not in KINDS:
        raise KeyError(kind)
    return tuple(i for i in range(DECK_SIZE) if KIND[i] == kind and (value is None or VALUE[i] == value))


MIN_VALUE: Final = 1
MAX_VALUE: Final = 5


def neighbours(value: int) -> tuple[int, int]:
    """The two values that may be played on ``value`` (one lower, one higher; 1 and 5 are neighbours)."""
    span = MAX_VALUE - MIN_VALUE + 1
    lower = (value - MIN_VALUE - 1) % span + MIN_VALUE
    higher = (value - MIN_VALUE + 1) % span + MIN_VALUE
    return (lower, higher)


#: FITS[top value][card id]: the card's value is a neighbour of the top value
FITS: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(v in neighbours(top) for v in VALUE) if top >= MIN_VALUE else () for top in range(MAX_VALUE + 1)
)

#: the JSON form of each card, as views show it
CARD_JSON: tuple[dict[str, Any], ...] = tuple(
    {"id": i, "kind": KIND[i], "value": VALUE[i]} for i in range(DECK_SIZE)
)


def card_json(card: int) -> dict[str, Any]:
    """A fresh ``{id, kind, value}`` dict for a card."""
    return dict(CARD_JSON[card])


# --- what the server serves (core.content)


def public_content() -> dict[str, Any]:
    """``{"cards": [{"id", "kind", "value"}, ...]}``: the deck in card-id order (public knowledge)."""
    return {"cards": [dict(card) for card in CARD_JSON]}


CONTENT = GameContent(public=public_content)
