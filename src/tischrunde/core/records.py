"""Game records: config + the list of (seat, action, time). Replaying one reproduces every state."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from tischrunde.core import registry
from tischrunde.core.errors import GameError
from tischrunde.core.game import Config, Event, Outcome

RECORD_FORMAT = 1


class Entry(msgspec.Struct, frozen=True, array_like=False):
    """One logged action: who (None = the driver), what (JSON form), when (ms since start)."""

    seat: int | None
    action: dict[str, Any]
    t: int


class Record(msgspec.Struct, frozen=True):
    """A whole game as data.

    ``names``: who sat on each seat (index = seat), as the room knew them; None in records written
    before names were kept and in simulated games. Replaying never reads it.
    """

    game: str
    rules_version: int
    config: Config
    entries: list[Entry] = []
    id: str = ""
    format: int = RECORD_FORMAT
    names: list[str] | None = None


class ReplayError(GameError):
    """A record that does not replay (wrong rules version, an action that is not legal)."""

    code = "bad_record"


def states(record: Record) -> Iterator[tuple[Any, list[Event]]]:
    """Yield (state, events) after creation and after every entry of the record."""
    game = registry.get(record.game)
    if record.rules_version != game.spec.rules_version:
        raise ReplayError(
            f"record has rules version {record.rules_version}, this program plays version "
            f"{game.spec.rules_version} of {record.game}"
        )
    state = game.new(record.config)
    yield state, []
    for index, entry in enumerate(record.entries):
        action = game.decode_action(entry.action)
        try:
            state, events = game.apply(state, entry.seat, action, entry.t)
        except GameError as exc:
            raise ReplayError(f"entry {index} ({entry.action}) is not legal: {exc.message}") from exc
        yield state, events


def replay(record: Record) -> tuple[Any, Outcome | None]:
    """Replay a record; return the final state and its outcome."""
    final: Any = None
    for final, _ in states(record):  # noqa: B007
        pass
    return final, registry.get(record.game).outcome(final)


def dumps(record: Record) -> bytes:
    return msgspec.json.format(msgspec.json.encode(record), indent=1)


def loads(data: bytes | str) -> Record:
    try:
        return msgspec.json.decode(data, type=Record)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ReplayError(f"not a tischrunde record: {exc}") from exc


def load(path: Path) -> Record:
    return loads(path.read_bytes())


def save(record: Record, path: Path) -> None:
    path.write_bytes(dumps(record))
