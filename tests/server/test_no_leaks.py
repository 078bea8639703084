"""Security: every frame one seat receives during whole bot games holds nothing hidden from it.

Seat 0 is a person (this test, playing random legal moves over the protocol); every other seat is a
server bot. Afterwards the room's log is replayed, and each recorded frame must equal what the engine
shows seat 0 of that state *and* of the same state with everything hidden from seat 0 reshuffled
(``rerandomize_hidden``): so no frame depends on another seat's hand or the deck. Events sent must be
exactly those seat 0 may see.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from helpers import create_room, hello
from starlette.testclient import TestClient

from tischrunde.bots import RandomBot
from tischrunde.core import registry
from tischrunde.core.game import Event, encode_action
from tischrunde.server.app import create_app
from tischrunde.server.lobby import loadable_games
from tischrunde.server.store import MemoryStore


class FastBot(RandomBot):
    name = "fast"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed, min_delay_ms=0, max_delay_ms=40)


@pytest.fixture
def served(web_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TestClient, MemoryStore]]:
    with contextlib.suppress(ModuleNotFoundError):
        import tischrunde.bots.mogelmotte as mogelmotte_bots

        def quick(seat: int, seed: int) -> Any:
            # the game's own bot, with short reaction times so whole games take seconds
            return mogelmotte_bots.BOTS["heuristic"](seat, seed, think_ms=30, reaction_ms=20)

        monkeypatch.setitem(mogelmotte_bots.BOTS, "fast", FastBot)
        monkeypatch.setitem(mogelmotte_bots.BOTS, "quick", quick)
    store = MemoryStore()
    app = create_app(store=store, web_dir=web_dir, tick_s=0.05, msg_rate=1000, msg_burst=1000)
    with TestClient(app) as client:
        yield client, store


def plain(value: Any) -> Any:
    return json.loads(msgspec.json.encode(value))


def play_whole_game(client: TestClient, code: str, bots: int, bot: str, seed: int) -> list[str]:
    """Seat 0 plays random legal moves until the outcome; returns every raw frame seat 0 received."""
    chooser = random.Random(seed)
    with client.websocket_connect("/ws") as ws:
        raw: list[str] = []
        hello(ws, code, name="Me")
        for _ in range(bots):
            ws.send_json({"type": "host", "op": "add_bot", "bot": bot})
        ws.send_json({"type": "host", "op": "start"})
        end = time.monotonic() + 90
        while time.monotonic() < end:
            message = ws.portal.call(_receive_raw, ws)
            raw.append(message)
            frame = json.loads(message)
            if frame["type"] == "state":
                if frame["outcome"] is not None:
                    return raw
                if frame["legal"]:
                    # mostly move the game on; sometimes cheat or fidget (always legal in Mogel-Motte)
                    moving = [a for a in frame["legal"] if a["type"] not in ("cheat", "fidget")]
                    action = chooser.choice(moving if moving and chooser.random() < 0.9 else frame["legal"])
                    ws.send_json({"type": "act", "version": frame["version"], "action": action})
        raise AssertionError("the game did not end in 90 s")


async def _receive_raw(ws: Any) -> str:
    import anyio

    with anyio.fail_after(10):
        message = await ws._send_rx.receive()
    ws._raise_on_close(message)
    text = message["text"]
    assert isinstance(text, str)
    return text


def check_frames(client: TestClient, store: MemoryStore, code: str, raw: list[str]) -> int:
    room = client.app.state.manager.rooms[code]  # type: ignore[attr-defined]
    game = room.game
    config = room.config()
    states: list[Any] = [game.new(config)]
    step_events: list[list[Event]] = [[]]
    for entry in store.logs[(code, room.row.game_no)]:
        state, events = game.apply(states[-1], entry.seat, game.decode_action(entry.action), entry.t)
        states.append(state)
        step_events.append(events)
    checked = 0
    previous = 0
    for text in raw:
        frame = json.loads(text)
        if frame["type"] != "state":
            continue
        version = frame["version"]
        state = states[version]
        assert frame["view"] == plain(game.view(state, 0))
        active = game.active_seats(state)
        for k in range(1, 4):
            other = game.rerandomize_hidden(state, 0, k * 7919 + version)
            assert frame["view"] == plain(game.view(other, 0)), f"version {version} depends on hidden cards"
            if 0 in active:
                assert frame["legal"] == plain([encode_action(a) for a in game.legal_actions(other, 0)])
        expected = [
            {"kind": e.kind, "seat": e.seat, "data": plain(e.data)}
            for events in step_events[previous + 1 : version + 1]
            for e in events
            if e.visible_to is None or 0 in e.visible_to
        ]
        assert frame["events"] == expected
        previous = version
        checked += 1
    return checked


def test_no_frame_holds_another_seats_secret_in_toy_games(served: tuple[TestClient, MemoryStore]) -> None:
    client, store = served
    for seed in range(3):
        code = create_room(client, options={"target": 25})
        raw = play_whole_game(client, code, bots=3, bot="fast", seed=seed)
        room = client.app.state.manager.rooms[code]  # type: ignore[attr-defined]
        others = room.state.secrets[1:]
        assert all(secret not in text for secret in others for text in raw)
        assert any(room.state.secrets[0] in text for text in raw)  # the check can see a secret
        assert check_frames(client, store, code, raw) > 5


@pytest.mark.skipif("mogelmotte" not in loadable_games(), reason="Mogel-Motte engine not available")
def test_no_frame_holds_another_seats_hand_or_the_deck_in_mogelmotte(
    served: tuple[TestClient, MemoryStore],
) -> None:
    client, store = served
    fast = {
        "rounds": 1,
        "hand_size": 3,
        "cheat_ms": 200,
        "slap_window_ms": 200,
        "throw_window_ms": 200,
        "round_pause_ms": 0,
    }
    for seed, players in ((1, 3), (2, 4)):
        code = create_room(client, game="mogelmotte", options=fast)
        raw = play_whole_game(client, code, bots=players - 1, bot="quick", seed=seed)
        game = registry.get("mogelmotte")
        room = client.app.state.manager.rooms[code]  # type: ignore[attr-defined]
        assert game.outcome(room.state) is not None
        assert check_frames(client, store, code, raw) > 5
        for text in raw:
            frame = json.loads(text)
            if frame["type"] == "state":
                assert "hands" not in frame["view"] and "draw" not in frame["view"]
