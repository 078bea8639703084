"""The heuristic Mogel-Motte bot: beats random play, decides from the public view only and learns from the
events the driver hands it (only those its seat may see)."""

from __future__ import annotations

from tischrunde.bots import RandomBot, make_bot
from tischrunde.bots.base import seen_by
from tischrunde.bots.driver import play_game
from tischrunde.bots.mogelmotte import HeuristicBot
from tischrunde.core.game import Action, Config, Event
from tischrunde.games.mogelmotte import GAME, Accuse, Cheat, Fidget, Give, Play, Slap, State
from tischrunde.games.mogelmotte.content import DECK_SIZE, KIND, VALUE


def card(kind: str, value: int, nth: int = 0) -> int:
    return [c for c in range(DECK_SIZE) if KIND[c] == kind and VALUE[c] == value][nth]


def test_heuristic_beats_random_over_200_games() -> None:
    wins = 0.0
    games = 200
    for i in range(games):
        heuristic_seat = i % 3
        bots = [HeuristicBot(s, i) if s == heuristic_seat else RandomBot(s, i) for s in range(3)]
        result = play_game(Config(game="mogelmotte", players=3, seed=1000 + i), bots)
        if heuristic_seat in result.outcome.winners:
            wins += 1 / len(result.outcome.winners)
    # random play would win a third; the random bots slap faster (0.1-1.5 s) than a normal bot (a person)
    assert wins / games > 0.6


def test_make_bot_knows_the_heuristic() -> None:
    assert isinstance(make_bot("mogelmotte", "heuristic", 1, 5), HeuristicBot)


def tell_states() -> tuple[State, State]:
    """The same table twice: seat 1 really cheats in one, only fidgets in the other."""
    hands = [
        [card("number", 5, 0), card("number", 5, 1)],
        [card("moth", 1, 0), card("number", 5, 2)],
        [card("number", 5, 3), card("number", 5, 4)],
    ]
    order = [c for h in hands for c in h] + [card("number", 2), card("number", 1)]
    state = GAME.new(Config(game="mogelmotte", players=3, options={"hand_size": 2}, decks={"main": order}))
    state, _ = GAME.apply(state, 0, GAME.legal_actions(state, 0)[-1], 0)  # seat 0 draws
    cheating, _ = GAME.apply(state, 1, Cheat(card("moth", 1, 0)), 100)
    fidgeting, _ = GAME.apply(state, 1, Fidget(), 100)
    return cheating, fidgeting


def test_the_guard_bot_cannot_tell_a_cheat_from_a_fidget() -> None:
    cheating, fidgeting = tell_states()
    for seed in range(20):
        decisions = []
        for state in (cheating, fidgeting):
            bot = HeuristicBot(0, seed)
            decisions.append(bot.decide(GAME.view(state, 0), GAME.legal_actions(state, 0), 150))
        assert decisions[0] == decisions[1]
        assert decisions[0] is None or decisions[0].action == Accuse(1)


def test_the_guard_bot_accuses_with_a_reaction_time_before_the_cheat_completes() -> None:
    cheating, _ = tell_states()
    accused = 0
    for seed in range(40):
        decision = HeuristicBot(0, seed, alertness=1.0).decide(
            GAME.view(cheating, 0), GAME.legal_actions(cheating, 0), 150
        )
        if decision is not None:
            accused += 1
            assert 150 + decision.delay_ms < 2100 and decision.delay_ms > 0
    assert accused > 10


def test_the_bot_cheats_its_moth_away_while_the_guard_is_busy_racing() -> None:
    hands = [
        [card("mosquito", 3), card("number", 4, 0), card("number", 4, 1)],
        [card("moth", 2, 0), card("number", 5, 0), card("number", 5, 1)],
        [card("number", 1, 0), card("number", 1, 1), card("number", 1, 2)],
    ]
    order = [c for h in hands for c in h] + [card("number", 2), card("number", 1, 3)]
    state = GAME.new(Config(game="mogelmotte", players=3, options={"hand_size": 3}, decks={"main": order}))
    state, _ = GAME.apply(state, 0, Play(card("mosquito", 3)), 0)
    bot = HeuristicBot(1, 3, level="hard")
    decision = bot.decide(GAME.view(state, 1), GAME.legal_actions(state, 1), 10)
    # a hard bot's reaction counts from the card landing (t=0), not from when it was asked
    assert decision is not None and decision.action == Slap() and 250 <= decision.delay_ms + 10 < 1500
    state, _ = GAME.apply(state, 1, Slap(), 200)  # seat 2 is now the slowest
    decision = bot.decide(GAME.view(state, 1), GAME.legal_actions(state, 1), 200)
    assert decision is not None and decision.action == Give(card("number", 5, 1))  # the worst giveable card
    racing = GAME.new(Config(game="mogelmotte", players=3, options={"hand_size": 3}, decks={"main": order}))
    racing, _ = GAME.apply(racing, 0, Play(card("mosquito", 3)), 0)
    for seed in range(20):
        eager = HeuristicBot(1, seed, busy_cheat_rate=1.0, cheat_gap_ms=0)
        legal: list[Action] = [a for a in GAME.legal_actions(racing, 1) if isinstance(a, Cheat)]
        decision = eager.decide(GAME.view(racing, 1), legal, 20)
        assert decision is not None and decision.action == Cheat(card("moth", 2, 0))


class Watcher(RandomBot):
    """A random bot that keeps every event the driver hands it."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.events: list[Event] = []

    def observe(self, events: list[Event]) -> None:
        self.events.extend(events)


def test_the_driver_hands_each_bot_the_events_its_seat_may_see_and_no_others() -> None:
    bots = [Watcher(s, 4) for s in range(4)]
    result = play_game(Config(game="mogelmotte", players=4, seed=44, options={"rounds": 1}), bots)
    # replayed, the record gives every event of the game: each bot got exactly those its seat may see
    state = GAME.new(result.record.config)
    every: list[Event] = []
    for entry in result.record.entries:
        state, events = GAME.apply(state, entry.seat, GAME.decode_action(entry.action), entry.t)
        every += events
    assert any(e.visible_to is not None for e in every)  # private draws, cheats and gifts happened
    for seat, bot in enumerate(bots):
        assert bot.events == seen_by(every, seat)
        assert all(e.visible_to is None or seat in e.visible_to for e in bot.events)
        assert any(e.visible_to == (seat,) for e in bot.events)  # its own draws


def test_the_guard_bot_learns_from_the_events_it_observes_how_often_a_seat_really_cheats() -> None:
    bot = HeuristicBot(0, 1)
    before = bot._real_rate(1)
    bot.observe([Event("tell_end", 1, {"vanished": True}), Event("caught", 1, {"guard": 0, "card": 3})])
    assert bot._real_rate(1) > before and bot._real_rate(2) == before
    bot.observe([Event("wrong_accusation", 2, {"guard": 0, "fidget": True})])
    assert bot._real_rate(2) < before
    moved = bot.turn_moved
    bot.observe([Event("play", 1, {"card": 3})])
    assert bot.turn_moved == moved + 4  # the fourth event observed moved play on
