"""Wordland's cards: lexicons are real words (wordfreq), the letter and frequency tables are reproducible."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import msgspec
import pytest
from wordfreq import zipf_frequency

from tischrunde.core.game import Language
from tischrunde.games.wordland import GAME, word_error
from tischrunde.games.wordland.content import (
    COLOURS,
    LANGUAGES,
    categories,
    frequencies,
    letter_table,
)

ROOT = Path(__file__).resolve().parents[3]
CATEGORIES = categories()


def load_script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_at_least_sixty_categories_with_titles_in_both_languages() -> None:
    assert len(CATEGORIES) >= 60
    assert len({c.id for c in CATEGORIES}) == len(CATEGORIES)
    for lang in LANGUAGES:
        titles = [c.title[lang] for c in CATEGORIES]
        assert all(titles) and len(set(titles)) == len(titles)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("category", CATEGORIES, ids=[c.id for c in CATEGORIES])
def test_every_lexicon_has_forty_real_single_words(category: object, lang: str) -> None:
    words = category.words[lang]  # type: ignore[attr-defined]
    assert len(words) >= 40
    assert all(w == w.lower() and w.isalpha() for w in words)
    real = [w for w in words if zipf_frequency(w, lang) > 1.0]
    assert len(real) >= 0.9 * len(words), sorted(set(words) - set(real))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lexicon_words_pass_the_engine_word_form_check(lang: Language) -> None:
    from tischrunde.core.game import Config
    from tischrunde.games.wordland import ChooseCategory

    state = GAME.new(Config(game="wordland", players=3, language=lang, options={"difficulty": "easy"}))
    state, _ = GAME.apply(state, 0, ChooseCategory(0), 0)
    state = msgspec.structs.replace(state, deal=msgspec.structs.replace(state.deal, table_letters=()))
    for category in CATEGORIES:
        for word in category.words[lang]:
            assert word_error(state, 1, word) is None, word


def test_letter_table_is_reproducible_from_the_script() -> None:
    script = load_script("wordland_letters")
    assert script.derive_table() == letter_table()


def test_letter_table_split_and_ranking() -> None:
    table = letter_table()
    assert table["split"] == {"blue": 7, "purple": 7, "green": 7, "red": 4}
    for lang in LANGUAGES:
        entry = table[lang]
        cards = [x for colour in COLOURS for x in entry[colour]]
        assert len(cards) == 25 == len(set(cards))
        ranking = entry["ranking_rare_to_common"]
        assert "".join(cards) + entry["no_card"] == ranking
        counts = entry["counts"]
        assert max(counts[c] for c in entry["blue"]) <= min(counts[c] for c in entry["red"])
    assert letter_table()["en"]["no_card"] == "e" == letter_table()["de"]["no_card"]


def test_frequency_table_is_reproducible_from_the_script() -> None:
    script = load_script("wordland_frequency")
    assert script.derive_table() == frequencies()
    committed = (ROOT / "src/tischrunde/games/data/wordland/frequency.json").read_text(encoding="utf-8")
    assert json.loads(committed) == frequencies()


def test_the_engine_does_not_import_wordfreq() -> None:
    code = (
        "import sys\n"
        "from tischrunde.core.playout import random_playout\n"
        "from tischrunde.core.game import Config\n"
        "import tischrunde.bots.wordland\n"
        "random_playout(Config(game='wordland', players=4, seed=1), 1)\n"
        "assert 'wordfreq' not in sys.modules, 'wordfreq imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
