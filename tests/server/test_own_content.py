"""Own words (Stella) and own categories (Wordland) through the protocol, and deck files saved and loaded."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import create_room, hello, open_ws, until
from starlette.testclient import TestClient

from tischrunde.core.game import Config, Timeout
from tischrunde.games import stella, wordland
from tischrunde.games.stella import ChooseWord
from tischrunde.games.wordland.content import category
from tischrunde.server.app import create_app
from tischrunde.server.routes.decks import DeckError, parse_deck

WORDS = [["Oma", "Garten"], ["Urlaub"], ["<img src=x onerror=alert(1)>", "Ω"]]
CATEGORIES = [
    {"title": "Onkel Karls Hobbys", "words": ["angeln", "kegeln", "Skat"]},
    {"title": "Ohne Wörter"},
]


@pytest.fixture
def client(web_dir: Path, tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "data", web_dir=web_dir)) as c, contextlib.ExitStack() as stack:
        c.stack = stack  # type: ignore[attr-defined]
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def seated(
    client: TestClient, game: str, people: int = 3, **options: Any
) -> tuple[str, list[str], list[Any]]:
    code = create_room(client, game, options=options)
    sockets = [open_ws(client) for _ in range(people)]
    tokens = [hello(ws, code, name=f"P{i}")["token"] for i, ws in enumerate(sockets)]
    return code, tokens, sockets


# --- the engines ---------------------------------------------------------------------------------------


def test_stella_deals_own_word_cards_first_and_one_word_cards_offer_one_choice() -> None:
    game = stella.GAME
    config = Config(game="stella", players=3, seed=5, options={"own_words": [["Urlaub"]], "rounds": 2})
    state = game.new(config)
    view = game.view(state, 0)
    assert view["word_choices"] == {"de": ["Urlaub"], "en": ["Urlaub"]}
    assert game.legal_actions(state, 0) == [ChooseWord(0)]
    with pytest.raises(Exception, match="word 0 or word 1") as refused:
        game.apply(state, 0, ChooseWord(1), 1)
    assert getattr(refused.value, "code", None) == "bad_word"
    state, _ = game.apply(state, 0, ChooseWord(0), 1)
    assert game.view(state, 1)["word"] == {"de": "Urlaub", "en": "Urlaub"}
    assert state.word_cards[1] < 1000  # the second round is a built-in card


@pytest.mark.parametrize(
    ("own", "field"),
    [
        ([["a", "b", "c"]], "options.own_words[0]"),
        ([["ok"], []], "options.own_words[1]"),
        ([["x" * 41]], "options.own_words[0]"),
        ([["Mond", "mond"]], "options.own_words[0]"),
        ([["zeile\nzwei"]], "options.own_words[0]"),
        ([["a\u202eb"]], "options.own_words[0]"),
        ([[f"w{i}"] for i in range(201)], "options.own_words"),
        ("Mond", "options.own_words"),
    ],
)
def test_bad_own_words_are_refused_naming_the_card(own: Any, field: str) -> None:
    with pytest.raises(Exception) as refused:
        stella.GAME.new(Config(game="stella", players=3, options={"own_words": own}))
    assert getattr(refused.value, "field", None) == field


def test_wordland_deals_own_categories_whose_words_bots_and_could_have_said_use() -> None:
    game = wordland.GAME
    options = {"own_categories": CATEGORIES[:1], "objection_s": 0}
    state = game.new(Config(game="wordland", players=3, seed=3, options=options))
    queen = next(s for s in range(3) if game.view(state, s)["category_choice"])
    choice = game.view(state, queen)["category_choice"]
    own = next(c for c in choice if c["id"].startswith("own-"))
    assert own["title"] == "Onkel Karls Hobbys"
    assert category(own["id"]).words["de"] == ("angeln", "kegeln", "skat")
    index = choice.index(own)
    state, _ = game.apply(state, queen, game.decode_action({"type": "choose_category", "index": index}), 1)
    assert game.sample_words(state, queen, 10)  # the lexicon is the room's words (the bots' list)
    t = 2
    while game.outcome(state) is None and state.deal.round == 0:
        due = game.due_at(state)
        assert due is not None
        t = max(t, due)
        state, _ = game.apply(state, None, Timeout(), t)
    last = game.view(state, 0)["last_round"]
    assert last["category"]["id"] == own["id"]
    # shown as a German writes nouns (judging folds case)
    assert set(last["could_have_said"]) <= {"Angeln", "Kegeln", "Skat"} and last["could_have_said"]


def test_bad_own_categories_name_the_field() -> None:
    for own, field in (
        ([{"title": ""}], "options.own_categories[0].title"),
        ([{"title": "ok", "words": "angeln"}], "options.own_categories[0].words"),
        ([{"title": "ok"}, {"name": "x"}], "options.own_categories[1]"),
    ):
        with pytest.raises(Exception) as refused:
            wordland.GAME.new(Config(game="wordland", players=3, options={"own_categories": own}))
        assert getattr(refused.value, "field", None) == field


# --- through the protocol --------------------------------------------------------------------------------


def test_own_words_reach_the_scout_through_set_options(client: TestClient) -> None:
    _, _, sockets = seated(client, "stella", rounds=1)
    host = sockets[0]
    host.send_json({"type": "host", "op": "set_options", "options": {"own_words": [["Oma", "Garten"]]}})
    until(host, "room", lambda f: f["room"]["options"]["own_words"] == [["Oma", "Garten"]])
    host.send_json({"type": "host", "op": "set_options", "options": {"own_words": [["Oma", "oma"]]}})
    error = until(host, "error")
    assert error["code"] == "bad_config" and error["field"] == "options.own_words[0]"
    host.send_json({"type": "host", "op": "first_seat", "seat": 0})
    host.send_json({"type": "host", "op": "start"})
    state = until(host, "state")
    assert state["view"]["word_choices"] == {"de": ["Oma", "Garten"], "en": ["Oma", "Garten"]}


def test_a_deck_file_round_trip_between_rooms(client: TestClient) -> None:
    first, tokens, _ = seated(client, "stella", own_words=WORDS)
    saved = client.get(f"/api/rooms/{first}/deck", headers=auth(tokens[1]))
    assert saved.status_code == 200 and "attachment" in saved.headers["content-disposition"]
    deck = saved.json()
    assert deck == {"tischrunde_deck": 1, "stella_words": WORDS, "wordland_categories": []}
    deck["wordland_categories"] = CATEGORIES

    second, others, sockets = seated(client, "stella")
    host = others[0]
    assert client.post(f"/api/rooms/{second}/deck", content=b"{}", headers=auth(others[1])).status_code == 403
    loaded = client.post(f"/api/rooms/{second}/deck", content=json.dumps(deck).encode(), headers=auth(host))
    assert loaded.status_code == 200 and loaded.json() == {"game": "stella", "count": 3}
    room = until(sockets[1], "room", lambda f: f["room"]["options"]["own_words"] == WORDS)["room"]
    assert room["options"]["own_words"] == WORDS

    third, wl, _ = seated(client, "wordland")
    loaded = client.post(f"/api/rooms/{third}/deck", content=json.dumps(deck).encode(), headers=auth(wl[0]))
    assert loaded.status_code == 200 and loaded.json()["count"] == 2
    back = client.get(f"/api/rooms/{third}/deck", headers=auth(wl[0])).json()
    assert back["wordland_categories"] == CATEGORIES and back["stella_words"] == []
    only_words = json.dumps({"tischrunde_deck": 1, "stella_words": WORDS}).encode()
    empty = client.post(f"/api/rooms/{third}/deck", content=only_words, headers=auth(wl[0]))
    assert empty.status_code == 400 and empty.json()["code"] == "empty_deck"


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b'{"tischrunde_deck": 1,\n "stella_words": [["a"],\n ["b"]\n', "line 4"),
        (b'{"tischrunde_deck": 1, "stella_words": [["a", "b", "c"]]}', "stella_words[0]"),
        (b'{"tischrunde_deck": 1, "wordland_categories": [{"title": 3}]}', "wordland_categories[0].title"),
        (b'{"tischrunde_deck": 1, "pictures": []}', "'pictures'"),
        (b'{"stella_words": []}', "tischrunde_deck"),
        (b"[1, 2]", "one JSON object"),
        (b'{"tischrunde_deck": 1,\n "x": "\xff"}', "line 2"),
        (b"[" * 5000 + b"]" * 5000, "nests"),
    ],
)
def test_bad_deck_files_name_the_line_or_field(data: bytes, says: str) -> None:
    with pytest.raises(DeckError) as refused:
        parse_deck(data)
    assert says in refused.value.message and refused.value.code == "bad_deck_file"


def test_a_bad_deck_file_over_http_changes_nothing(client: TestClient) -> None:
    code, tokens, _ = seated(client, "stella", own_words=[["Mond"]])
    bad = b'{"tischrunde_deck": 1, "stella_words": [["ok"], ["x", "y", "z"]]}'
    answer = client.post(f"/api/rooms/{code}/deck", content=bad, headers=auth(tokens[0]))
    assert answer.status_code == 400
    assert answer.json()["field"] == "stella_words[1]" and "stella_words[1]" in answer.json()["message"]
    assert client.get(f"/api/rooms/{code}/deck", headers=auth(tokens[0])).json()["stella_words"] == [["Mond"]]


def test_a_wordland_bot_says_the_words_of_a_rooms_own_category() -> None:
    from tischrunde.bots import make_bot
    from tischrunde.games.wordland import Say

    game = wordland.GAME
    own = [{"title": "Onkel Karls Hobbys", "words": ["angeln", "kegeln", "skat", "wandern", "segeln"]}]
    config = Config(game="wordland", players=3, seed=3, options={"own_categories": own, "difficulty": "easy"})
    state = game.new(config)
    queen = next(s for s in range(3) if game.view(state, s)["category_choice"])
    choice = [c["id"] for c in game.view(state, queen)["category_choice"]]
    index = next(i for i, c in enumerate(choice) if c.startswith("own-"))
    state, _ = game.apply(state, queen, game.decode_action({"type": "choose_category", "index": index}), 1)
    t = 1
    for _ in range(20):  # the bet and the like, until someone has to say a word
        says = [
            s
            for s in game.active_seats(state)
            if any(isinstance(a, Say) for a in game.legal_actions(state, s))
        ]
        if says:
            break
        seat = min(game.active_seats(state))
        t += 1
        state, _ = game.apply(state, seat, game.legal_actions(state, seat)[0], t)
    seat = says[0]
    bot = make_bot("wordland", "word", seat, 7)
    said = None
    for now in range(t, t + 60_000, 500):
        decision = bot.decide(game.view(state, seat), game.legal_actions(state, seat), now)
        if decision is not None and isinstance(decision.action, Say):
            said = decision.action.word
            break
    assert said is not None and said.lower() in own[0]["words"]
