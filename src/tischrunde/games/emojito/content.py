"""Emojito's content as data: the 100 picture cards and the seven-field board (JSON under games/data)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import msgspec

from tischrunde.core.content import GameContent


class Card(msgspec.Struct, frozen=True):
    """One picture card: a kind of face showing one emotion."""

    id: int
    key: str
    emoji: str
    face: str
    emotion: str
    name_en: str
    name_de: str

    def name(self, language: str) -> str:
        return self.name_de if language == "de" else self.name_en


class Field(msgspec.Struct, frozen=True):
    """A board field and the ways a performance on it may be shown ("face", "sound")."""

    field: int
    symbols: tuple[str, ...]


def _read(name: str) -> Any:
    text = resources.files("tischrunde.games").joinpath("data", "emojito", name).read_text(encoding="utf-8")
    return json.loads(text)


@cache
def cards() -> tuple[Card, ...]:
    """The deck, indexed by card id (ids are 0..99)."""
    deck = msgspec.convert(_read("cards.json")["cards"], type=tuple[Card, ...])
    if [c.id for c in deck] != list(range(len(deck))):
        raise ValueError("emojito cards.json: ids must be 0..n-1 in order")
    return deck


@cache
def board() -> tuple[Field, ...]:
    """The seven fields in order 1..7."""
    fields = msgspec.convert(_read("board.json")["fields"], type=tuple[Field, ...])
    if [f.field for f in fields] != list(range(1, 8)):
        raise ValueError("emojito board.json: fields must be 1..7 in order")
    return fields


@cache
def board_data() -> dict[str, Any]:
    """The board JSON as it is (fields and the symbols' pictures and names), for views and the UI."""
    data = _read("board.json")
    assert isinstance(data, dict)
    return data


# --- what the server serves (core.content)


def public_content() -> dict[str, Any]:
    """``{"cards": [[emoji, German name, English name], ...] by card id, "board": [symbols of field 1..7],
    "symbols": {symbol: {"emoji", "name_en", "name_de"}}}`` (public knowledge)."""
    return {
        "cards": [[card.emoji, card.name_de, card.name_en] for card in cards()],
        "board": [list(field.symbols) for field in board()],
        "symbols": board_data()["symbols"],
    }


CONTENT = GameContent(public=public_content)
