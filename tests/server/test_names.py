"""Player names: blank ones (fillers that Unicode counts as letters) are refused, names are stored
in NFKC, and a name that looks like one in the room (Unicode's confusables, UTS #39) or like a bot's
label is refused with name_taken; everything through a real hello."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import create_room, hello, open_ws, until
from starlette.testclient import TestClient

from tischrunde.server import security
from tischrunde.server.app import create_app
from tischrunde.server.store import MemoryStore

#: each shows nothing: Hangul filler, halfwidth Hangul filler, Braille blank, Hangul choseong and
#: jungseong fillers, Khmer inherent vowel AA, combining grapheme joiner
FILLERS = ["\u3164", "\uffa0", "\u2800", "\u115f", "\u1160", "\u17b5", "\u034f"]


@pytest.fixture
def client(web_dir: Path) -> Iterator[TestClient]:
    app = create_app(store=MemoryStore(), web_dir=web_dir, tick_s=0.05)
    with TestClient(app) as c, contextlib.ExitStack() as stack:
        c.stack = stack  # type: ignore[attr-defined]
        yield c


def refused(client: TestClient, code: str, name: str) -> dict[str, Any]:
    ws = open_ws(client)
    ws.send_json({"type": "hello", "room": code, "name": name})
    error = until(ws, "error")
    return error


def names(client: TestClient, code: str) -> list[str]:
    return [s["name"] for s in client.get(f"/api/rooms/{code}").json()["seats"]]


@pytest.mark.parametrize(
    "name", [*FILLERS, "".join(FILLERS), "\u3164 \u2800 \u3164", "\u0301\u0301", "\ufe0f", "\u200b\u3164"]
)
def test_a_name_of_fillers_only_is_refused_and_changes_nothing(client: TestClient, name: str) -> None:
    code = create_room(client)
    error = refused(client, code, name)
    assert error["code"] == "bad_frame" and error["field"] == "name"
    assert "visible character" in error["message"]
    assert names(client, code) == []


@pytest.mark.parametrize(
    "look_alike",
    [
        "\u0391nna",  # Greek capital Alpha
        "\uff21\uff4e\uff4e\uff41",  # fullwidth
        "A\u0301nna",  # a combining accent
        "\u00c1nna",  # the same, composed
        "Anna\u3164",  # a trailing Hangul filler
        "\u0410nn\u0430",  # Cyrillic A and a
        "ANNA",
    ],
)
def test_a_name_that_looks_like_one_in_the_room_is_refused(client: TestClient, look_alike: str) -> None:
    code = create_room(client)
    hello(open_ws(client), code, name="Anna")
    error = refused(client, code, look_alike)
    assert error["code"] == "name_taken" and error["field"] == "name"
    assert "already in this room" in error["message"]
    assert names(client, code) == ["Anna"]


@pytest.mark.parametrize("label", ["B\u043et 2", "B0t 2", "BOT l", "b\u03bft", "\uff22\uff4f\uff54 3"])
def test_a_name_that_looks_like_a_bots_label_is_refused(client: TestClient, label: str) -> None:
    code = create_room(client)
    error = refused(client, code, label)
    assert error["code"] == "name_taken" and "bots are called" in error["message"]


def test_names_are_stored_in_nfkc_and_different_names_still_join(client: TestClient) -> None:
    code = create_room(client)
    for name in ("\uff2d\uff49\uff41", "Anna", "\u0391\u03bd\u03bd\u03b1", "\u042f\u043d", "\u2764\ufe0f Lu"):
        hello(open_ws(client), code, name=name)
    # fullwidth Mia is stored as Mia; Greek Anna (with nu) and Cyrillic Jan are other names; the emoji
    # keeps its variation selector
    assert names(client, code) == [
        "Mia",
        "Anna",
        "\u0391\u03bd\u03bd\u03b1",
        "\u042f\u043d",
        "\u2764\ufe0f Lu",
    ]


def test_look_keys_follow_unicode_confusables() -> None:
    look = {n: security.name_keys(n)[1] for n in ("0", "O", "o", "1", "l", "I", "\u0430", "a", "m")}
    assert look["0"] == look["O"] == look["o"]
    assert look["1"] == look["l"] == look["I"]
    assert look["\u0430"] == look["a"]
    assert look["m"] == "rn"
    # the plain key keeps case-insensitive sameness that looks alone would miss ("Ian" looks like "lan")
    assert security.name_taken("ian", ["Ian"]) is not None
    assert security.name_taken("lan", ["Ian"]) is not None
    assert security.name_taken("Jan", ["Ian"]) is None
