from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from tischrunde.bots import RandomBot, make_bot
from tischrunde.bots.driver import play_game
from tischrunde.core import registry
from tischrunde.core.errors import ConfigError, GameError, MalformedActionError
from tischrunde.core.game import Config, OptionSpec, Timeout, encode_action
from tischrunde.core.playout import random_playout
from tischrunde.core.records import Entry, Record, ReplayError, dumps, loads, replay


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    sys.path.insert(0, str(Path(__file__).parent))
    registry.GAME_MODULES["coretoy"] = "core_toygame"
    yield
    registry.GAME_MODULES.pop("coretoy")
    registry._cache.pop("coretoy", None)
    sys.path.remove(str(Path(__file__).parent))


def test_config_errors_name_the_field_and_allowed_values() -> None:
    game = registry.get("coretoy")
    with pytest.raises(ConfigError, match=r"'players': 9 .*2\.\.4"):
        game.new(Config(game="coretoy", players=9))
    with pytest.raises(ConfigError, match=r"options\.target") as info:
        game.new(Config(game="coretoy", players=2, options={"target": 99}))
    assert info.value.field == "options.target"
    with pytest.raises(ConfigError, match=r"options\.colour"):
        game.new(Config(game="coretoy", players=2, options={"colour": "red"}))
    with pytest.raises(ConfigError, match="game"):
        registry.get("chess")


def test_option_spec_checks_types() -> None:
    flag = OptionSpec("flag", True, "a flag", "ein Schalter")
    assert flag.check(False) is False
    with pytest.raises(ConfigError):
        flag.check(1)
    choice = OptionSpec("mode", "a", "mode", "Modus", choices=("a", "b"))
    assert choice.check("b") == "b"
    with pytest.raises(ConfigError, match="'c'"):
        choice.check("c")
    number = OptionSpec("n", 3, "n", "n", minimum=1, maximum=5)
    with pytest.raises(ConfigError):
        number.check(True)
    with pytest.raises(ConfigError):
        number.check(6)


def test_apply_is_pure_and_errors_change_nothing() -> None:
    game = registry.get("coretoy")
    state = game.new(Config(game="coretoy", players=2, seed=3))
    before = msgspec.json.encode(state)
    new, events = game.apply(state, 0, game.decode_action({"type": "add", "amount": 2}), 10)
    assert msgspec.json.encode(state) == before
    assert new.totals == (2, 0) and events[0].kind == "add"
    with pytest.raises(GameError) as info:
        game.apply(state, 1, game.decode_action({"type": "add", "amount": 1}), 10)
    assert info.value.code == "not_your_turn"
    with pytest.raises(MalformedActionError):
        game.decode_action({"type": "add", "amount": "lots"})
    with pytest.raises(MalformedActionError):
        game.decode_action(b"{not json")
    with pytest.raises(GameError):
        game.apply(state, None, Timeout(), 5)
    assert msgspec.json.encode(state) == before


def test_driver_plays_to_the_end_and_the_record_replays() -> None:
    config = Config(game="coretoy", players=3, seed=9, options={"target": 8})
    result = play_game(config, [RandomBot(s, 1) for s in range(3)])
    assert max(result.outcome.scores) >= 8
    record = loads(dumps(result.record))
    final, outcome = replay(record)
    assert final == result.state and outcome == result.outcome


def test_driver_injects_timeouts_for_slow_bots() -> None:
    config = Config(game="coretoy", players=2, seed=1, options={"turn_ms": 300, "target": 3})
    bots = [RandomBot(s, 1, min_delay_ms=0, max_delay_ms=600) for s in range(2)]
    result = play_game(config, bots, max_decisions=500)
    assert any(e.seat is None for e in result.record.entries)


def test_replay_rejects_bad_records() -> None:
    config = Config(game="coretoy", players=2)
    bad = Record("coretoy", 1, config, [Entry(1, encode_action(Timeout()), 0)])
    with pytest.raises(ReplayError, match="entry 0"):
        replay(bad)
    with pytest.raises(ReplayError, match="rules version"):
        replay(Record("coretoy", 99, config))
    with pytest.raises(ReplayError):
        loads(b'{"game": 3}')


def test_random_playout_counts_decisions_and_timeouts() -> None:
    stats = random_playout(Config(game="coretoy", players=2, seed=4, options={"turn_ms": 300}), 4)
    assert registry.get("coretoy").outcome(stats.state) is not None
    assert 0 < stats.decisions <= stats.steps


def test_make_bot_lists_kinds_on_error() -> None:
    assert isinstance(make_bot("coretoy", "random", 0, 1), RandomBot)
    with pytest.raises(ConfigError, match="random"):
        make_bot("coretoy", "genius", 0, 1)
