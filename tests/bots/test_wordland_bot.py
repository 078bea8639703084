"""Wordland word bots: lexicon answers, abilities, judging, and the levels' strength order."""

from __future__ import annotations

import statistics
from typing import Any, Literal

import msgspec
import pytest

from tischrunde.bots import bot_kinds, make_bot
from tischrunde.bots.driver import play_game
from tischrunde.bots.wordland import TURN, WordBot, known_words
from tischrunde.core.errors import ConfigError
from tischrunde.core.game import Action, Config
from tischrunde.games.wordland import (
    GAME,
    Bet,
    CatPass,
    ChooseCategory,
    GuardForce,
    Object,
    PlaceLetter,
    Said,
    Say,
    State,
    Vote,
    binding_letters,
)
from tischrunde.games.wordland.content import GERMAN_LOWER_CASE, category_index, letters_of, word_key, written

DECKS: dict[str, list[Any]] = {
    "categories": ["fruit", "colours", "mammals", "birds", "vegetables", "drinks", "sports", "clothing"],
    "letters_blue": ["z", "q", "j"],
    "letters_purple": ["b", "f", "y"],
    "letters_green": ["d", "c", "l"],
    "letters_red": ["s", "r", "i"],
}


def start(characters: list[str], **options: Any) -> State:
    config = Config(
        game="wordland",
        players=len(characters),
        seed=3,
        language="en",
        options=options,
        decks={**DECKS, "characters": characters},
    )
    state = GAME.new(config)
    state, _ = GAME.apply(state, 0, ChooseCategory(0), 0)
    assert isinstance(state, State)
    return state


def decide(bot: WordBot, state: State, now: int = 0) -> Action | None:
    decision = bot.decide(GAME.view(state, bot.seat), GAME.legal_actions(state, bot.seat), now)
    return None if decision is None else decision.action


def test_bot_kinds_are_registered() -> None:
    assert list(bot_kinds("wordland")) == ["random", "word"]
    bot = make_bot("wordland", "word:hard", 0, 1)
    assert isinstance(bot, WordBot) and bot.level == "hard"
    with pytest.raises(ConfigError) as caught:
        WordBot(0, 1, level="genius")
    assert caught.value.field == "level"


def test_vocabulary_grows_with_the_level() -> None:
    sizes = [
        len(known_words("fruit", "en", WordBot(0, 1, level=lv).share)) for lv in ("easy", "normal", "hard")
    ]
    assert sizes[0] < sizes[1] < sizes[2] == len(category_index()["fruit"].words["en"])
    assert "apple" in known_words("fruit", "en", 0.35)


def test_bot_answers_a_lexicon_word_without_forbidden_letters_and_no_repeat() -> None:
    state = start(["queen", "white_rabbit", "tweedles", "cheshire_cat"])
    state, _ = GAME.apply(state, 0, Say("apple"), 100)
    bot = WordBot(1, 5, level="hard")
    for _ in range(20):
        bot._plan = None
        action = decide(bot, state, 200)
        assert isinstance(action, Say)
        assert action.word in category_index()["fruit"].words["en"]
        assert action.word != "apple"
        assert not set(binding_letters(state, 1)) & set(letters_of(action.word, fold_umlauts=True))


def test_reaction_time_is_slower_for_easy_bots() -> None:
    state = start(["queen", "white_rabbit", "tweedles", "cheshire_cat"])

    def mean_delay(level: str) -> float:
        delays = []
        for seed in range(30):
            bot = WordBot(0, seed, level=level)
            decision = bot.decide(GAME.view(state, 0), GAME.legal_actions(state, 0), 0)
            assert decision is not None
            delays.append(decision.delay_ms)
        return statistics.fmean(delays)

    assert mean_delay("easy") > mean_delay("normal") > mean_delay("hard")


def test_planned_word_keeps_its_time_when_asked_again() -> None:
    state = start(["queen", "white_rabbit", "tweedles", "cheshire_cat"])
    bot = WordBot(0, 2, level="easy")
    first = bot.decide(GAME.view(state, 0), GAME.legal_actions(state, 0), 0)
    again = bot.decide(GAME.view(state, 0), GAME.legal_actions(state, 0), 1_000)
    assert first is not None and again is not None
    assert again.action == first.action and again.delay_ms == max(0, first.delay_ms - 1_000)


def test_cat_passes_when_it_has_no_word() -> None:
    state = start(["queen", "cheshire_cat", "tweedles", "white_rabbit"])
    said = tuple(Said(i, 0, w, "accepted") for i, w in enumerate(category_index()["fruit"].words["en"]))
    full = msgspec.structs.replace(state, turn=1, words=said)
    assert decide(WordBot(1, 1, level="hard", bluff_rate=0.0), full) == CatPass()
    assert decide(WordBot(1, 1, level="hard", bluff_rate=0.0), state) != CatPass()


def test_queen_lays_out_her_letter_after_her_turn() -> None:
    state = start(["queen", "white_rabbit", "tweedles", "cheshire_cat"])
    state, _ = GAME.apply(state, 0, Say("apple"), 100)
    assert decide(WordBot(0, 1), state) == PlaceLetter()


def test_caterpillar_bets_on_the_leader() -> None:
    config = Config(
        game="wordland",
        players=4,
        seed=1,
        language="en",
        decks={**DECKS, "characters": ["queen", "caterpillar", "alice", "tweedles"]},
    )
    state = GAME.new(config)
    state, _ = GAME.apply(state, 0, ChooseCategory(0), 0)
    state = msgspec.structs.replace(state, deal=msgspec.structs.replace(state.deal, points=(3, 0, 1, 9)))
    assert decide(WordBot(1, 1), state) == Bet(3)


def test_bot_objects_to_and_votes_against_a_word_from_another_category() -> None:
    state = start(["queen", "white_rabbit", "tweedles", "cheshire_cat"])
    state, _ = GAME.apply(state, 0, Say("carrot"), 100)  # a vegetable, not a fruit
    objector = WordBot(2, 1, level="hard", object_rate=1.0)
    assert decide(objector, state) == Object(1)
    fair = WordBot(3, 1, level="hard", object_rate=1.0)
    fine, _ = GAME.apply(GAME.apply(state, 1, Say("pear"), 200)[0], 2, Say("lemon"), 300)
    assert decide(fair, fine) != Object(2)  # "pear" fits: no objection
    state, _ = GAME.apply(state, 2, Object(1), 500)
    assert decide(WordBot(1, 1), state) == Vote(True)


def test_bot_keeps_a_fitting_word_in_a_vote() -> None:
    state = start(["queen", "white_rabbit", "tweedles", "cheshire_cat"])
    state, _ = GAME.apply(state, 0, Say("apple"), 100)
    state, _ = GAME.apply(state, 2, Object(1), 500)
    assert decide(WordBot(3, 1), state) == Vote(False)


def test_guard_forces_a_player_once_words_get_scarce() -> None:
    state = start(["queen", "royal_guard", "tweedles", "cheshire_cat"])
    guard = WordBot(1, 1)
    words = ["apple", "pear", "lemon", "mango", "melon", "peach", "grape", "plum", "lime"]
    for i, word in enumerate(words[:2]):
        state, _ = GAME.apply(state, state.turn, Say(word), 100 + i)
    assert decide(guard, state) is None  # plenty of words left: keep the ability
    for i, word in enumerate(words[2:8]):
        state, _ = GAME.apply(state, state.turn, Say(word), 200 + i)
    assert state.turn != 1
    action = decide(guard, state)
    assert isinstance(action, GuardForce) and action.seat not in (1, state.turn)


@pytest.mark.parametrize("config", GAME.example_configs(), ids=lambda c: f"{c.players}p-{c.options}")
def test_bots_finish_every_example_config(config: Config) -> None:
    kinds = ["word:easy", "word", "word:hard"]
    bots = [make_bot("wordland", kinds[s % 3], s, 7) for s in range(config.players)]
    result = play_game(config, bots)
    assert result.outcome.scores
    assert sum(result.outcome.details["words"]) > 0


def test_hard_bots_beat_easy_bots() -> None:
    scores: dict[str, list[float]] = {"word:easy": [], "word:hard": []}
    for seed in range(12):
        config = Config(game="wordland", players=4, seed=seed, language="de" if seed % 2 else "en")
        easy, hard = "word:easy", "word:hard"
        kinds = [easy, hard, easy, hard] if seed % 2 else [hard, easy, hard, easy]
        result = play_game(config, [make_bot("wordland", k, s, seed) for s, k in enumerate(kinds)])
        for s, k in enumerate(kinds):
            scores[k].append(result.outcome.scores[s])
    assert statistics.fmean(scores["word:hard"]) > statistics.fmean(scores["word:easy"]) + 2


def test_words_are_written_as_people_write_them() -> None:
    assert written("apfel", "fruit", "de") == "Apfel"
    assert written("rot", "colours", "de") == "Rot"
    assert written("laufen", "movement", "de") == "laufen"
    assert written("mutig", "traits", "de") == "mutig"
    assert written("apple", "fruit", "en") == "apple"
    assert written("germany", "countries", "en") == "Germany"
    assert written("mars", "space", "en") == "Mars"


def replay_words(
    seed: int, language: Literal["de", "en"]
) -> tuple[list[tuple[str, str]], dict[int, bool], set[int]]:
    """A seeded bot game: its typed words (word, category), which turns said a fitting word, the
    turns objected to."""
    config = Config(game="wordland", players=4, seed=seed, language=language)
    kinds = ["word:easy", "word", "word:hard", "word:easy"]
    record = play_game(config, [make_bot("wordland", k, s, seed) for s, k in enumerate(kinds)]).record
    state = GAME.new(config)
    typed: list[tuple[str, str]] = []
    fits: dict[int, bool] = {}
    objected: set[int] = set()
    for entry in record.entries:
        before = state
        state, _ = GAME.apply(state, entry.seat, GAME.decode_action(entry.action), entry.t)
        if entry.action["type"] == "say":
            assert before.deal.category is not None
            category = GAME.view(before, None)["category"]["id"]
            typed.append((entry.action["word"], category))
            lexicon = {word_key(w) for w in category_index()[category].words[language]}
            fits[before.turn_id] = word_key(entry.action["word"]) in lexicon
        elif entry.action["type"] == "object":
            objected.add(entry.action["turn_id"])
    return typed, fits, objected


def test_bots_say_only_fitting_words_capitalised_as_german_nouns() -> None:
    typed: list[tuple[str, str]] = []
    for seed in range(6):
        typed += replay_words(seed, "de")[0]
    assert len(typed) > 200
    for word, category in typed:
        assert word_key(word) in {word_key(w) for w in category_index()[category].words["de"]}, (
            word,
            category,
        )
        assert word[:1].isupper() == (category not in GERMAN_LOWER_CASE), (word, category)


def test_fewer_than_5_percent_of_fitting_words_meet_an_objection() -> None:
    fitting = objected_fitting = 0
    for seed in range(8):
        _, fits, objected = replay_words(seed, "de" if seed % 2 else "en")
        fitting += sum(fits.values())
        objected_fitting += sum(1 for turn_id, ok in fits.items() if ok and turn_id in objected)
    assert fitting > 300
    assert objected_fitting / fitting < 0.05


def test_a_bot_with_no_word_left_says_nothing_rather_than_a_word_of_another_category() -> None:
    state = start(["queen", "white_rabbit", "tweedles", "alice"])
    said = tuple(Said(i, 0, w, "accepted") for i, w in enumerate(category_index()["fruit"].words["en"]))
    full = msgspec.structs.replace(state, turn=1, words=said)
    assert decide(WordBot(1, 1, level="hard"), full) is None


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_turn_takes_2_to_6_seconds(level: str) -> None:
    bot = WordBot(0, 3, level=level)
    times = [bot._delay(candidates) for candidates in (0, 1, 3, 10, 50) for _ in range(400)]
    assert min(times) >= 2000 and max(times) <= 6000
    cap = TURN[level].cap_ms
    assert cap is not None and 2000 < statistics.median(times) < cap
