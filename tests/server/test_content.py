"""The games' content over HTTP: public content and built-in picture art, asked of each game's hook."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tischrunde.art.stella.art import picture_svg
from tischrunde.games.emojito.content import board, board_data, cards
from tischrunde.games.mogelmotte.content import CARD_JSON, DECK_SIZE
from tischrunde.games.stella.content import COLUMNS, PICTURE_COUNT, ROW_NAMES, ROWS
from tischrunde.games.wordland.content import COLOURS
from tischrunde.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path)) as client:
        yield client


def test_stella_pictures_are_served_as_svg_by_id(client: TestClient) -> None:
    ok = client.get("/api/games/stella/pictures/3.svg")
    assert ok.status_code == 200
    assert ok.headers["content-type"].startswith("image/svg+xml")
    assert ok.text == picture_svg(3) and "<script" not in ok.text
    missing = client.get("/api/games/stella/pictures/9999.svg")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown_picture"
    assert client.get("/api/games/stella/pictures/abc.svg").status_code == 404
    assert client.get("/api/games/stella/pictures/-1.svg").status_code == 404


def test_a_game_without_art_has_no_pictures(client: TestClient) -> None:
    for path in ("/api/games/mogelmotte/pictures/0.svg", "/api/games/nogame/pictures/0.svg"):
        response = client.get(path)
        assert response.status_code == 404 and response.json()["code"] == "unknown_picture", path


def test_stella_pictures_are_revalidated_by_etag_and_cannot_run_anything(client: TestClient) -> None:
    first = client.get("/api/games/stella/pictures/159.svg")
    assert first.status_code == 200
    assert "immutable" not in first.headers["cache-control"]
    assert first.headers["x-content-type-options"] == "nosniff"
    assert "default-src 'none'" in first.headers["content-security-policy"]
    again = client.get("/api/games/stella/pictures/159.svg", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    other = client.get("/api/games/stella/pictures/158.svg")
    assert other.headers["etag"] != first.headers["etag"]


def test_mogelmotte_content_is_its_deck_in_card_order(client: TestClient) -> None:
    content = client.get("/api/games/mogelmotte/content").json()
    assert content == {"cards": list(CARD_JSON)}
    assert len(content["cards"]) == DECK_SIZE and [c["id"] for c in content["cards"]] == list(
        range(DECK_SIZE)
    )


def test_emojito_content_is_its_cards_and_board(client: TestClient) -> None:
    content = client.get("/api/games/emojito/content").json()
    assert content["cards"] == [[c.emoji, c.name_de, c.name_en] for c in cards()]
    assert len(content["cards"]) == 100 and content["cards"][0] == ["😄", "fröhliches Gesicht", "happy face"]
    assert content["board"] == [list(f.symbols) for f in board()]
    assert content["board"][4] == ["sound"] and len(content["board"]) == 7
    assert content["symbols"] == board_data()["symbols"]


def test_stella_content_is_the_table_shape_and_deck_size(client: TestClient) -> None:
    content = client.get("/api/games/stella/content").json()
    assert content == {
        "rows": ROWS,
        "columns": COLUMNS,
        "row_names": list(ROW_NAMES),
        "picture_count": PICTURE_COUNT,
    }
    assert content["columns"] == 5 and content["picture_count"] == 160


def test_wordland_content_is_its_colours_and_umlaut_folding(client: TestClient) -> None:
    content = client.get("/api/games/wordland/content").json()
    assert content["colours"] == list(COLOURS) == ["blue", "purple", "green", "red"]
    assert content["umlauts"] == {"ä": "a", "ö": "o", "ü": "u", "ß": "s"}


def test_a_game_without_public_content_serves_an_empty_object(client: TestClient) -> None:
    assert client.get("/api/games/toy/content").json() == {}


def test_content_is_revalidated_by_etag(client: TestClient) -> None:
    first = client.get("/api/games/emojito/content")
    assert first.status_code == 200 and first.headers["content-type"] == "application/json"
    assert first.headers["cache-control"] == "public, max-age=3600"
    again = client.get("/api/games/emojito/content", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    assert client.get("/api/games/stella/content").headers["etag"] != first.headers["etag"]


def test_an_unknown_game_has_no_content(client: TestClient) -> None:
    response = client.get("/api/games/nogame/content")
    assert response.status_code == 404
    assert response.json() == {
        "type": "error",
        "code": "unknown_game",
        "message": "there is no game 'nogame'",
        "field": "name",
    }
