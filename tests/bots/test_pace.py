"""Bot levels and person-like reaction times: parsing, seeded determinism, the levels' distributions."""

from __future__ import annotations

import json
import random
import statistics

import pytest
from typer.testing import CliRunner

from tischrunde.bots import BotSpec, RandomBot, check_bot, make_bot, parse_bot
from tischrunde.bots.base import Decision
from tischrunde.bots.driver import play_game
from tischrunde.bots.mogelmotte import HeuristicBot
from tischrunde.bots.pace import LEVELS, PACES, TURN_MAX_MS, TURN_MIN_MS, Reaction
from tischrunde.cli import app
from tischrunde.core.errors import ConfigError
from tischrunde.core.game import Action, Config
from tischrunde.games.mogelmotte import GAME, Cheat, Draw, Play, Slap
from tischrunde.games.mogelmotte.content import DECK_SIZE, KIND, VALUE


def test_kind_and_level_are_parsed() -> None:
    assert parse_bot("heuristic:easy", ["random", "heuristic"]) == BotSpec("heuristic", "easy")
    assert parse_bot(" random ", ["random"]) == BotSpec("random")
    assert check_bot("mogelmotte", "heuristic:hard").text == "heuristic:hard"
    assert check_bot("mogelmotte", "heuristic").text == "heuristic"
    bot = make_bot("mogelmotte", "heuristic:easy", 2, 9)
    assert isinstance(bot, HeuristicBot) and bot.level == "easy" and bot.pace is PACES["easy"]
    assert make_bot("mogelmotte", "heuristic", 2, 9).level == "normal"


def test_an_unknown_level_names_the_field_and_the_levels() -> None:
    with pytest.raises(ConfigError) as caught:
        check_bot("mogelmotte", "heuristic:pro", "bot")
    assert caught.value.field == "bot" and caught.value.value == "pro"
    assert caught.value.allowed == "'easy', 'normal', 'hard'"
    with pytest.raises(ConfigError) as unknown_kind:
        make_bot("mogelmotte", "genius:hard", 0, 1)
    assert unknown_kind.value.field == "bots" and "'heuristic'" in unknown_kind.value.allowed
    with pytest.raises(ConfigError) as empty_level:
        parse_bot("heuristic:", ["heuristic"])
    assert empty_level.value.field == "bots"


@pytest.mark.parametrize(
    ("level", "low", "high"), [("easy", 1300, 1600), ("normal", 1000, 1300), ("hard", 750, 950)]
)
def test_the_slap_median_lies_in_its_band(level: str, low: int, high: int) -> None:
    bot = RandomBot(0, 12345, level=level)
    times = [bot.sample(bot.pace.react) for _ in range(20_000)]
    median = statistics.median(times)
    deciles = statistics.quantiles(times, n=10)
    assert low <= median <= high
    assert deciles[-1] > 1.2 * deciles[0], "people spread out"
    assert min(times) >= PACES[level].react.floor_ms


def test_levels_are_ordered_and_misses_happen_at_their_rate() -> None:
    medians = []
    for level in LEVELS:
        bot = RandomBot(0, 7, level=level)
        reacted = [bot.react(bot.pace.react) for _ in range(20_000)]
        missed = sum(1 for r in reacted if r is None) / len(reacted)
        assert abs(missed - PACES[level].react.miss) < 0.01
        medians.append(statistics.median(r for r in reacted if r is not None))
    assert medians[0] > medians[1] > medians[2]


def test_a_cap_bounds_the_time() -> None:
    capped = Reaction(3000, 2000, 1.5, cap_ms=6000)
    bot = RandomBot(0, 1)
    assert max(capped.sample(bot) for _ in range(5000)) == 6000


def test_a_seed_gives_the_same_times_whatever_the_global_random_does() -> None:
    def times(global_seed: int) -> list[int | None]:
        random.seed(global_seed)
        bot = RandomBot(3, 42, level="normal")
        out = []
        for _ in range(200):
            random.random()
            out.append(bot.react(bot.pace.react))
        return out

    assert times(1) == times(2)
    assert times(1) != [RandomBot(3, 43, level="normal").react(PACES["normal"].react) for _ in range(200)]


def test_whole_games_with_levels_are_deterministic() -> None:
    def play() -> list[tuple[int | None, int]]:
        config = Config(game="mogelmotte", players=4, seed=77)
        kinds = ["heuristic:easy", "heuristic", "heuristic:hard", "random:hard"]
        result = play_game(config, [make_bot("mogelmotte", k, s, 77) for s, k in enumerate(kinds)])
        return [(e.seat, e.t) for e in result.record.entries]

    assert play() == play()


def card(kind: str, value: int, nth: int = 0) -> int:
    return [c for c in range(DECK_SIZE) if KIND[c] == kind and VALUE[c] == value][nth]


def test_the_slap_counts_from_the_card_landing_not_from_being_asked() -> None:
    hands = [
        [card("mosquito", 3), card("number", 4, 0)],
        [card("number", 5, 0), card("number", 5, 1)],
        [card("number", 1, 0), card("number", 1, 1)],
    ]
    order = [c for h in hands for c in h] + [card("number", 2), card("number", 1, 3)]
    config = Config(game="mogelmotte", players=3, options={"hand_size": 2}, decks={"main": order})
    state, _ = GAME.apply(GAME.new(config), 0, Play(card("mosquito", 3)), 1000)
    early = HeuristicBot(1, 8).decide(GAME.view(state, 1), GAME.legal_actions(state, 1), 1000)
    late = HeuristicBot(1, 8).decide(GAME.view(state, 1), GAME.legal_actions(state, 1), 1200)
    assert early is not None and late is not None and early.action == Slap() == late.action
    assert early.delay_ms == late.delay_ms + 200


def test_a_normal_bot_cheats_and_accuses_at_a_persons_rate() -> None:
    cheats = accusations = 0
    games = 20
    for i in range(games):
        config = Config(game="mogelmotte", players=4, seed=500 + i)
        result = play_game(config, [make_bot("mogelmotte", "heuristic", s, 500 + i) for s in range(4)])
        for entry in result.record.entries:
            cheats += entry.action["type"] == "cheat"
            accusations += entry.action["type"] == "accuse"
    per_bot_game = 4 * games
    assert 2 <= cheats / per_bot_game <= 9  # it cheated 20-25 times a game before
    assert 0.5 <= accusations / per_bot_game <= 6


def test_the_cli_takes_levels_per_seat_and_names_the_field_of_a_bad_one() -> None:
    runner = CliRunner()
    args = ["simulate", "mogelmotte", "--games", "2", "--json", "--bots", "heuristic:easy,random"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert [seat["bot"] for seat in summary["seats"]] == ["heuristic:easy", "random"] * 2
    bad = runner.invoke(app, ["simulate", "mogelmotte", "--games", "1", "--bots", "heuristic:pro"])
    assert bad.exit_code == 2
    assert "'bots'" in bad.output and "'pro'" in bad.output and "'hard'" in bad.output


@pytest.mark.parametrize("level", LEVELS)
def test_a_turns_thinking_lies_within_one_to_three_seconds(level: str) -> None:
    bot = RandomBot(0, 99, level=level)
    times = [bot.sample(bot.pace.think) for _ in range(20_000)]
    assert min(times) >= TURN_MIN_MS and max(times) <= TURN_MAX_MS
    assert statistics.quantiles(times, n=10)[-1] - statistics.quantiles(times, n=10)[0] > 400, "spread"
    assert max(bot.sample(bot.pace.choose) for _ in range(5000)) <= TURN_MAX_MS


class Recording(HeuristicBot):
    """A heuristic bot that keeps every decision it makes about its move (play or draw)."""

    def __init__(self, seat: int, seed: int, level: str) -> None:
        super().__init__(seat, seed, level=level)
        self.moves: list[int] = []

    def decide(self, view: dict[str, object], legal: list[Action], now: int) -> Decision | None:
        decision = super().decide(view, legal, now)
        if decision is not None and isinstance(decision.action, (Play, Draw)):
            self.moves.append(decision.delay_ms)
        return decision


def test_every_move_of_a_bot_in_whole_games_comes_one_to_three_seconds_later() -> None:
    moves: list[int] = []
    for i in range(12):
        config = Config(game="mogelmotte", players=4, seed=300 + i)
        bots = [Recording(s, 300 + i, LEVELS[(i + s) % 3]) for s in range(4)]
        play_game(config, bots)
        moves.extend(m for bot in bots for m in bot.moves)
    assert len(moves) > 500
    assert min(moves) >= TURN_MIN_MS and max(moves) <= TURN_MAX_MS


def test_asked_again_in_the_same_turn_the_bot_keeps_its_time() -> None:
    state = GAME.new(Config(game="mogelmotte", players=3, seed=5))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    for seed in range(30):
        bot = HeuristicBot(0, seed)
        first = bot.decide(view, legal, 0)
        assert first is not None and isinstance(first.action, (Play, Draw))
        # an accusation and the guard's gift dropped the plan; thinking does not start over
        again = bot.decide(view, legal, 700)
        assert again is not None and again.delay_ms == max(TURN_MIN_MS, first.delay_ms - 700)
        late = bot.decide(view, legal, 9000)
        assert late is not None and late.delay_ms == TURN_MIN_MS


def test_a_turn_that_began_while_the_bot_was_cheating_is_not_held_up() -> None:
    state = GAME.new(Config(game="mogelmotte", players=3, seed=5))
    spans = []
    for seed in range(30):
        bot = HeuristicBot(1, seed, cheat_gap_ms=0, cheat_rate=1.0, busy_cheat_rate=1.0)
        cheat = bot.decide(GAME.view(state, 1), GAME.legal_actions(state, 1), 0)
        assert cheat is not None and isinstance(cheat.action, Cheat) and cheat.delay_ms <= 2000
        turn, _ = GAME.apply(state, 0, Draw(), 100)  # seat 1's turn begins at 100 ms
        turn, _ = GAME.apply(turn, 1, cheat.action, cheat.delay_ms)
        move = bot.decide(GAME.view(turn, 1), GAME.legal_actions(turn, 1), cheat.delay_ms)
        assert move is not None and isinstance(move.action, (Play, Draw))
        assert move.delay_ms >= TURN_MIN_MS
        spans.append(cheat.delay_ms + move.delay_ms - 100)
    assert max(spans) <= TURN_MAX_MS
