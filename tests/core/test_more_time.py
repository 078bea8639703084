"""Relaxed timers (WCAG 2.2.1): ``Config.more_time`` scales every timer option; a game timer at most 2x."""

from __future__ import annotations

from typing import Any

import pytest

from tischrunde.core import registry
from tischrunde.core.errors import ConfigError
from tischrunde.core.game import MORE_TIME, Config, OptionSpec, scale_timers

GAME_TIMERS = {
    "mogelmotte": {"cheat_ms", "slap_window_ms", "throw_window_ms"},
    "wordland": {"timer_s"},
    "emojito": set(),
    "stella": set(),
}


def test_scale_timers_by_kind() -> None:
    options = [
        OptionSpec("race_ms", 1000, "", "", timer="game"),
        OptionSpec("dial_s", 20, "", "", timer="courtesy", unlimited=0),
        OptionSpec("pause_ms", 4000, "", "", timer="courtesy"),
        OptionSpec("hand", 8, "", ""),
    ]
    values = {"race_ms": 1000, "dial_s": 20, "pause_ms": 4000, "hand": 8}
    assert scale_timers(options, values, 150) == {"race_ms": 1500, "dial_s": 30, "pause_ms": 6000, "hand": 8}
    # the point of the game gets at most double time
    assert scale_timers(options, values, 300) == {"race_ms": 2000, "dial_s": 60, "pause_ms": 12000, "hand": 8}
    # off: a courtesy timer with a no-limit value has none, one without gets triple time
    assert scale_timers(options, values, 0) == {"race_ms": 2000, "dial_s": 0, "pause_ms": 12000, "hand": 8}
    # a timer that is off stays off; odd values round up (more time, never less)
    assert scale_timers(options, {**values, "dial_s": 0, "race_ms": 333}, 150)["dial_s"] == 0
    assert scale_timers(options, {**values, "race_ms": 333}, 150)["race_ms"] == 500


@pytest.mark.parametrize("name", sorted(GAME_TIMERS))
def test_every_game_tags_its_timers_and_scales_them(name: str) -> None:
    game = registry.get(name)
    spec = game.spec
    timers = {o.name: o.timer for o in spec.options if o.timer}
    assert {n for n, kind in timers.items() if kind == "game"} == GAME_TIMERS[name]
    assert "round_pause_ms" in timers  # every game has a visible round end
    # every option that is a duration is tagged as a timer of one kind or the other
    durations = {o.name for o in spec.options if o.name.endswith(("_ms", "_s"))}
    assert durations == set(timers), durations ^ set(timers)
    # non-zero values for the timers that are off by default, so scaling shows
    base = {o.name: (o.default or 20) for o in spec.options if o.timer and o.choices is None}
    players = spec.min_players + (1 if name == "emojito" else 0)
    normal = game.resolve_options(Config(game=name, players=players, options=base))
    for percent in (150, 200, 300):
        more = game.resolve_options(Config(game=name, players=players, options=base, more_time=percent))
        for option, kind in timers.items():
            cap = min(percent, 200) if kind == "game" else percent
            assert more[option] == -(-normal[option] * cap // 100), (option, percent)
        untouched: dict[str, Any] = {k: v for k, v in more.items() if k not in timers}
        assert untouched == {k: v for k, v in normal.items() if k not in timers}


def test_more_time_is_checked() -> None:
    game = registry.get("mogelmotte")
    assert 100 in MORE_TIME and 0 in MORE_TIME
    with pytest.raises(ConfigError, match="more_time"):
        game.new(Config(game="mogelmotte", players=3, more_time=250))


def test_a_game_with_more_time_replays_with_it() -> None:
    """The first deadline of a Wordland game (the Queen's category choice) grows with more time."""
    game = registry.get("wordland")
    first = {}
    for percent in (100, 300):
        state = game.new(Config(game="wordland", players=3, seed=5, more_time=percent))
        deadline = game.deadline(state)
        assert deadline is not None
        first[percent] = deadline.t
    assert first[300] == 3 * first[100]
