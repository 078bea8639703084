"""Emojito model bots: accuracy through the performance stage only, challenge strategy, simulation."""

from __future__ import annotations

import statistics
from typing import Any

import msgspec
import pytest

from tischrunde.bots import make_bot
from tischrunde.bots.driver import play_game
from tischrunde.bots.emojito import ModelBot, Performance, Stage
from tischrunde.core.game import Action, Config
from tischrunde.games.emojito import GAME, Challenge, NoChallenge, Performed, SetDial


def simulate(players: int, games: int, *, seed: int = 1, **params: Any) -> list[Any]:
    """Like ``tischrunde simulate``: bots from ``make_bot`` with one seed per game, the generic driver."""
    options = params.pop("options", {})
    outcomes = []
    for i in range(games):
        config = Config(game="emojito", players=players, seed=seed + i, options=options)
        bots = [make_bot("emojito", "model", s, seed + i, **params) for s in range(players)]
        outcomes.append(play_game(config, bots).outcome)
    return outcomes


def test_perfect_guessers_always_win_coop() -> None:
    outcomes = simulate(5, 20, accuracy=1.0)
    assert all(o.details["team_won"] for o in outcomes)
    assert all(o.details["game_trophies"] == 0 for o in outcomes)


def test_hopeless_guessers_always_lose_coop() -> None:
    outcomes = simulate(5, 20, accuracy=0.0)
    assert not any(o.details["team_won"] for o in outcomes)


def test_clarity_scales_accuracy() -> None:
    clear = simulate(4, 60, accuracy=0.8, clarity=1.0)
    muddy = simulate(4, 60, accuracy=0.8, clarity=0.3)
    rate_clear = statistics.fmean(o.details["team_won"] for o in clear)
    rate_muddy = statistics.fmean(o.details["team_won"] for o in muddy)
    assert rate_clear > rate_muddy + 0.3


def test_every_mode_plays_to_the_end_with_model_bots() -> None:
    for players, options in [
        (5, {"mode": "each"}),
        (6, {"mode": "teams"}),
        (4, {"secret_message": True, "wrong_step": 2}),
    ]:
        outcomes = simulate(players, 5, accuracy=0.7, options=options)
        assert all(o.winners or o.details.get("team_won") is False for o in outcomes)


def layout_view(card: int, *, performer: int = 0, round_number: int = 0) -> dict[str, Any]:
    layout = [card, 1, 2, 3, 4, 5, 6] if card not in range(1, 7) else [0, 1, 2, 3, 4, 5, 6]
    return {
        "players": 3,
        "mode": "coop",
        "performer": performer,
        "round": round_number,
        "layout": layout,
        "secret_message": False,
        "challenge": None,
        "my_card": None,
    }


def test_guesser_without_a_performance_guesses_uniformly() -> None:
    bot = ModelBot(1, 3, accuracy=1.0, stage=Stage())
    legal: list[Action] = [SetDial(n) for n in range(1, 8)]
    picks = [bot.decide(layout_view(40), legal, 0) for _ in range(700)]
    numbers = [d.action.number for d in picks if d is not None and isinstance(d.action, SetDial)]
    counts = [numbers.count(n) for n in range(1, 8)]
    assert min(counts) > 60  # about 100 each: no hidden knowledge


def test_guesser_reads_only_the_stage_and_hits_with_probability_p() -> None:
    stage = Stage()
    stage.perform(Performance(round=0, performer=0, card=40, clarity=0.5))
    bot = ModelBot(1, 3, accuracy=0.8, stage=stage)
    legal: list[Action] = [SetDial(n) for n in range(1, 8)]
    hits = 0
    for _ in range(2000):
        decision = bot.decide(layout_view(40), legal, 0)
        assert decision is not None and isinstance(decision.action, SetDial)
        hits += decision.action.number == 1
    assert abs(hits / 2000 - 0.4) < 0.05
    stale = bot.decide(layout_view(40, round_number=1), legal, 0)  # another round: no performance
    assert stale is not None


def test_performer_puts_its_own_card_on_the_stage() -> None:
    stage = Stage()
    state = GAME.new(Config(game="emojito", players=3, seed=4))
    bot = ModelBot(0, 4, clarity=0.7, stage=stage)
    decision = bot.decide(GAME.view(state, 0), GAME.legal_actions(state, 0), 0)
    assert decision is not None and decision.action == Performed()
    assert stage.watch(1, 0) == Performance(1, 0, state.cards[0], 0.7)  # rounds count from 1


def test_views_never_hold_the_answer_for_a_guesser() -> None:
    state = GAME.new(Config(game="emojito", players=3, seed=4))
    state, _ = GAME.apply(state, 0, Performed(), 0)
    view = GAME.view(state, 1)
    assert view["my_card"] is None
    assert all(k not in view for k in ("answers", "cards", "dials"))


def challenge_view(seat: int, leaders: list[int]) -> dict[str, Any]:
    return {
        "players": 4,
        "mode": "each",
        "challenge": {"leaders": leaders, "eligible": [seat], "declared": [], "my_declaration": None},
    }


def test_challenge_strategy_behind_the_leader() -> None:
    legal = [Challenge(), NoChallenge()]
    eager = ModelBot(2, 1, challenge_rate=1.0, stage=Stage())
    decision = eager.decide(challenge_view(2, [1]), legal, 0)
    assert decision is not None and decision.action == Challenge()
    leader = eager.decide(challenge_view(2, [1, 2]), legal, 0)  # a tied leader is not behind
    assert leader is not None and leader.action == NoChallenge()
    shy = ModelBot(2, 1, challenge_rate=0.0, stage=Stage())
    decision = shy.decide(challenge_view(2, [1]), legal, 0)
    assert decision is not None and decision.action == NoChallenge()


def test_challenging_bots_flip_trophies_in_each_mode() -> None:
    outcomes = simulate(5, 10, accuracy=0.6, challenge_rate=1.0, options={"mode": "each"})
    assert sum(sum(o.details["flipped"]) for o in outcomes) > 0
    calm = simulate(5, 10, accuracy=0.6, challenge_rate=0.0, options={"mode": "each"})
    assert sum(sum(o.details["flipped"]) for o in calm) == 0


@pytest.mark.parametrize("bad", [{"accuracy": 1.5}, {"clarity": -0.1}, {"challenge_rate": "often"}])
def test_bad_parameters_raise(bad: dict[str, Any]) -> None:
    with pytest.raises(TypeError, match=next(iter(bad))):
        make_bot("emojito", "model", 0, 1, **bad)


def test_simulation_is_reproducible() -> None:
    first = [msgspec.to_builtins(o) for o in simulate(4, 5, seed=9)]
    second = [msgspec.to_builtins(o) for o in simulate(4, 5, seed=9)]
    assert first == second
