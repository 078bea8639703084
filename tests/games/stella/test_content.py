"""Stella's content: the word cards."""

from __future__ import annotations

from tischrunde.games.stella import word_cards


def test_96_word_cards_with_two_words_in_both_languages_and_no_duplicates() -> None:
    cards = word_cards()
    assert len(cards) == 96
    for language in ("de", "en"):
        words = [w for c in cards for w in getattr(c, language)]
        assert len(words) == 192
        assert all(w.strip() == w and w for w in words)
        assert len({w.lower() for w in words}) == 192, f"duplicate {language} words"
    assert [c.id for c in cards] == list(range(96))
