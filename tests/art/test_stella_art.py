"""Stella's picture deck: 150+ composed dreamlike scenes, safe deterministic SVG, tags in both languages."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tischrunde.art.stella import art
from tischrunde.art.stella.art import (
    COMPOSITIONS,
    MAX_USES,
    compose_deck,
    picture_svg,
    picture_tags,
    pictures,
    tag_names,
)
from tischrunde.art.stella.library import MOODS, MOTIF_INFO, vocabulary
from tischrunde.art.stella.motifs import MOTIFS, PALETTES
from tischrunde.cli import app
from tischrunde.games.stella import PICTURE_COUNT

SVG_NS = "{http://www.w3.org/2000/svg}"


def test_the_deck_has_at_least_150_pictures_with_ids_in_order() -> None:
    deck = pictures()
    assert len(deck) == PICTURE_COUNT >= 150
    assert art.PICTURE_COUNT == PICTURE_COUNT  # the tooling's deck is the game's
    assert [p.id for p in deck] == list(range(PICTURE_COUNT))


def test_the_shipped_data_files_are_what_the_generator_makes() -> None:
    """pictures.json and tags.tsv are regenerated with ``python -m tischrunde.art.stella.art write-data``."""
    assert (art.DATA_DIR / "pictures.json").read_text(encoding="utf-8") == art.pictures_json(compose_deck())
    assert (art.DATA_DIR / "tags.tsv").read_text(encoding="utf-8") == art.tags_tsv()
    assert list(pictures()) == list(compose_deck())


def test_composition_is_seeded() -> None:
    assert compose_deck() == compose_deck()
    other = compose_deck(seed=art.DECK_SEED + 1)
    assert [p.items for p in other] != [p.items for p in compose_deck()]


def test_every_picture_has_at_least_three_different_motifs_and_no_motif_is_in_more_than_four() -> None:
    uses: Counter[str] = Counter()
    for card in pictures():
        names = [i.motif for i in card.items]
        assert len(names) >= 3, card.id
        assert len(set(names)) == len(names), card.id
        uses.update(names)
    assert max(uses.values()) <= MAX_USES == 4
    assert set(uses) == set(MOTIF_INFO)  # every motif of the library is in the deck
    assert min(uses.values()) >= 2


def test_the_library_is_large_and_every_motif_is_drawn_and_described() -> None:
    assert set(MOTIFS) == set(MOTIF_INFO)
    assert len(MOTIF_INFO) >= 130
    kinds = Counter(m.kind for m in MOTIF_INFO.values())
    assert set(kinds) == {"creature", "object", "place", "weather", "light"}
    assert min(kinds.values()) >= 8
    assert all(m.size in ("S", "M", "B") and m.where in ("sky", "ground", "any") for m in MOTIF_INFO.values())


def test_scenes_are_different_combinations_in_many_moods_and_compositions() -> None:
    combos = {frozenset(i.motif for i in card.items) for card in pictures()}
    assert len(combos) == PICTURE_COUNT
    assert {c.mood for c in pictures()} == {m.en for m in MOODS}
    assert {c.composition for c in pictures()} == set(COMPOSITIONS)
    assert all(c.bg in PALETTES for c in pictures())
    # scale play: in every giant_small scene one motif is drawn far bigger than another
    for card in pictures():
        if card.composition == "giant_small":
            scales = sorted(i.scale for i in card.items)
            assert scales[-1] >= 3 * scales[0], card.id
        if card.composition == "reflection":  # the lake mirrors another motif, upside down below its line
            assert card.ground == "water"
            mirrored = [i for i in card.items if i.rotate == 180]
            assert len(mirrored) == 1 and mirrored[0].y > art.WATER_LINE and mirrored[0].opacity < 1
            assert 'opacity="0.5"' in picture_svg(card.id)


def test_tags_name_every_motif_and_the_mood_in_both_languages() -> None:
    words = tag_names()
    assert words == vocabulary()
    assert len(set(words.values())) == len(words)  # no two tags share a German word
    for info in MOTIF_INFO.values():
        assert words[info.en] == info.de and info.de.strip()
        assert all(c in words for c in info.concepts), info.name
    for card in pictures():
        assert len(set(card.tags_en)) == len(card.tags_en)
        assert card.tags_de == [words[t] for t in card.tags_en]
        for item in card.items:
            assert MOTIF_INFO[item.motif].en in card.tags_en, (card.id, item.motif)
        mood = next(m for m in MOODS if m.en == card.mood)
        assert mood.en in card.tags_en and mood.de in card.tags_de
    assert picture_tags(0, "de") == pictures()[0].tags_de
    assert picture_tags(0) == pictures()[0].tags_en


@pytest.mark.parametrize("card_id", range(PICTURE_COUNT))
def test_svg_is_well_formed_small_safe_and_deterministic(card_id: int) -> None:
    svg = picture_svg(card_id)
    assert svg == art.scene_svg(pictures()[card_id])
    assert len(svg.encode()) < 12_000
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    tags = {e.tag.removeprefix(SVG_NS).lower() for e in root.iter()}
    assert not tags & {"script", "foreignobject", "image", "use", "a", "iframe", "style"}
    for element in root.iter():
        for name, value in element.attrib.items():
            assert "href" not in name.lower() and not name.lower().startswith("on"), (name, value)
            assert "javascript:" not in value.lower() and "http" not in value.lower()
            if "url(" in value:
                assert value.startswith(f"url(#s{card_id}"), value  # only this picture's own defs
    lowered = svg.lower()
    assert lowered.count("http") == 1  # the xmlns only
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert all(i.startswith(f"s{card_id}") for i in ids)  # unique per card, so many can share a page


def test_svgs_are_all_different() -> None:
    assert len({picture_svg(i) for i in range(PICTURE_COUNT)}) == PICTURE_COUNT


def test_unknown_picture_id_raises() -> None:
    for bad in (PICTURE_COUNT, -1):
        with pytest.raises(IndexError, match="no picture"):
            picture_svg(bad)


def test_a_deck_larger_than_the_library_allows_is_refused() -> None:
    with pytest.raises(ValueError, match="too small"):
        compose_deck(count=len(MOTIF_INFO) * MAX_USES // 3 + 1)


def test_contact_sheet_html_shows_every_picture_with_its_tags(tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    result = CliRunner().invoke(app, ["contact-sheet", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.count("<svg") == PICTURE_COUNT
    assert "Schlüssel" in text and "lighthouse" in text and "verträumt" in text
    assert art.main(["nonsense"]) == 2
    result = CliRunner().invoke(app, ["contact-sheet", str(tmp_path / "sheet.gif")])
    assert result.exit_code == 2 and "must end in .png or .html" in result.output


@pytest.mark.skipif(shutil.which("/usr/bin/chromium") is None, reason="needs Debian's Chromium")
def test_contact_sheet_command_renders_the_whole_deck_as_png(tmp_path: Path) -> None:
    from PIL import Image

    out = tmp_path / "deck.png"
    result = CliRunner().invoke(app, ["contact-sheet", str(out), "--size", "40", "--columns", "10"])
    assert result.exit_code == 0, result.output
    with Image.open(out) as image:
        assert image.format == "PNG"
        width, height = image.size
    assert width >= 10 * 40
    rows = -(-PICTURE_COUNT // 10)
    assert height >= rows * 60  # every row of pictures is on the sheet


def test_every_motif_and_mood_is_brought_to_mind_by_some_word() -> None:
    """The association bots can use every picture's motifs and mood: some word card word names each."""
    from tischrunde.bots.stella_association import associations

    brought = set().union(*associations().values())
    assert brought <= set(tag_names())
    assert {m.en for m in MOTIF_INFO.values()} <= brought
    assert {m.en for m in MOODS} <= brought
