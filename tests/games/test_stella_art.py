"""The Stella picture deck: 84 safe, deterministic SVG pictures with hidden tags in both languages."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tischrunde.games import stella_art
from tischrunde.games.stella import OUR_PICTURES
from tischrunde.games.stella_art import MOTIFS, PALETTES, picture_svg, picture_tags, pictures, tag_names


def test_84_pictures_with_ids_in_order() -> None:
    deck = pictures()
    assert len(deck) == OUR_PICTURES == 84
    assert [p.id for p in deck] == list(range(84))


def test_every_picture_has_several_tags_in_both_languages() -> None:
    vocabulary = tag_names()
    assert len(set(vocabulary.values())) == len(vocabulary)
    for card in pictures():
        assert len(card.tags_en) >= 4, card.id
        assert len(set(card.tags_en)) == len(card.tags_en)
        assert all(t in vocabulary for t in card.tags_en), card.id
        assert card.tags_de == [vocabulary[t] for t in card.tags_en]
    assert picture_tags(0, "de") == pictures()[0].tags_de
    assert picture_tags(0) == pictures()[0].tags_en


def test_scenes_use_known_palettes_and_motifs_and_differ() -> None:
    seen = set()
    for card in pictures():
        assert card.bg in PALETTES
        assert all(item.motif in MOTIFS for item in card.items)
        key = (card.bg, tuple(i.motif for i in card.items))
        assert key not in seen, f"picture {card.id} repeats another scene"
        seen.add(key)
    assert len({i.motif for c in pictures() for i in c.items}) >= 40


@pytest.mark.parametrize("card_id", range(84))
def test_svg_is_well_formed_safe_and_deterministic(card_id: int) -> None:
    svg = picture_svg(card_id)
    assert svg == picture_svg(card_id)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    lowered = svg.lower()
    for bad in ("<script", "href", "javascript:", "onload", "onclick", "<image", "<foreignobject", "@import"):
        assert bad not in lowered
    assert lowered.count("http") == 1  # the xmlns only
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert all(i.startswith(f"s{card_id}") for i in ids)  # unique per card, so many can share a page


def test_svgs_are_all_different() -> None:
    assert len({picture_svg(i) for i in range(84)}) == 84


def test_unknown_picture_id_raises() -> None:
    for bad in (84, -1):
        with pytest.raises(IndexError, match="no picture"):
            picture_svg(bad)


def test_contact_sheet_command_writes_every_picture(tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    assert stella_art.main(["contact-sheet", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.count("<svg") == 84
    assert "Schlüssel" in text and "lighthouse" in text
    assert stella_art.main(["nonsense"]) == 2
