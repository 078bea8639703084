"""What a game serves besides its rules: the hook ``content`` on a game (a :class:`GameContent`).

The server knows no game. It asks a game's ``content`` (``Game.content``) for

- its **public content** for the UI (``public()``: a JSON-safe dict, served as ``/api/games/NAME/content``),
- its **built-in picture art** by card id (``picture_svg``: a self-contained SVG, or None: no art),
- a room's **own words or categories** (``own_part``: the option that holds them, their key in a deck file
  and the check of that key's value), and
- a room's **own pictures** (``own_pictures``: the option, the fewest uploads a game deals from, the deal
  that stacks ``Config.decks`` from the uploads, and why bots may not sit at such a table).

Pure data and small callables: nothing here knows the server (its ids are the store's picture ids).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


class DealRefused(Exception):
    """A game cannot start on the room's own pictures; ``code`` names the rule (``too_few_pictures``,
    ``bots_need_tags``) and ``message`` says it in English."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Deal:
    """The decks a game starts with (``Config.decks``) and the uploads its own cards show, in card order."""

    decks: dict[str, list[Any]]
    pictures: list[str]


@dataclass(frozen=True)
class OwnPart:
    """A room's own words or categories: the ``option`` that holds them, the ``deck_key`` of that part in
    a deck file, and ``check``, which raises ``ConfigError`` (field ``options.<option>...``) for a bad value."""

    option: str
    deck_key: str
    check: Callable[[Any], object]


@dataclass(frozen=True)
class OwnPictures:
    """A room's own pictures (uploads, by picture id).

    ``deal(options, seed, uploads, bots)``: the game's decks for a start, or None (play the built-in deck);
    raises DealRefused. ``bots_refused(options, uploads)``: why no bot may take a seat with this many
    uploads, or None."""

    option: str
    minimum: int
    deal: Callable[[dict[str, Any], int, Sequence[str], bool], Deal | None]
    bots_refused: Callable[[dict[str, Any], int], str | None]


def _nothing() -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class GameContent:
    """Everything a game serves besides its rules (module docstring); every part may be absent."""

    public: Callable[[], dict[str, Any]] = field(default=_nothing)
    picture_svg: Callable[[int], str] | None = None
    own_part: OwnPart | None = None
    own_pictures: OwnPictures | None = None


#: the content of a game that serves nothing besides its rules
NO_CONTENT = GameContent()
