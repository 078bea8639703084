"""Derive Wordland's forbidden-letter cards from letter frequencies of each language's common words.

For each language the 5000 most common words (``wordfreq.top_n_list``) are folded (ä->a, ö->o, ü->u,
ß->s, other accents dropped) and every word counts each distinct letter once. The 26 letters are ranked
from rarest to most common (ties alphabetically). The most common letter gets no card (a word without it
is too hard for a 10-second timer); of the remaining 25 the rarest 7 are blue (easy), the next 7 purple
(medium), the next 7 green (hard) and the 4 most common red (very hard).

    .venv/bin/python scripts/wordland_letters.py          # rewrites the committed table
    .venv/bin/python scripts/wordland_letters.py --check  # exit 1 if the committed table differs
"""

from __future__ import annotations

import json
import string
import sys
import unicodedata
from pathlib import Path
from typing import Any

TABLE = Path(__file__).resolve().parents[1] / "src/tischrunde/games/data/wordland/letters.json"
LANGUAGES = ("de", "en")
SPLIT = {"blue": 7, "purple": 7, "green": 7, "red": 4}
TOP_N = 5000


def fold(word: str) -> str:
    """Lowercase, umlauts to base letters, ß to s, other diacritics dropped."""
    word = word.lower().replace("ß", "s")
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if c in string.ascii_lowercase)


def letter_counts(lang: str) -> dict[str, int]:
    """In how many of the common words each letter a-z occurs."""
    from wordfreq import top_n_list

    counts = dict.fromkeys(string.ascii_lowercase, 0)
    for word in top_n_list(lang, TOP_N):
        if not any(c.isalpha() for c in word):
            continue
        for letter in set(fold(word)):
            counts[letter] += 1
    return counts


def derive_table() -> dict[str, Any]:
    """The forbidden-letter table for every language (the content of letters.json)."""
    table: dict[str, Any] = {
        "about": "derived by scripts/wordland_letters.py; do not edit by hand",
        "top_n": TOP_N,
        "split": SPLIT,
    }
    for lang in LANGUAGES:
        counts = letter_counts(lang)
        ranking = sorted(counts, key=lambda c: (counts[c], c))
        cards = ranking[:-1]
        colours: dict[str, list[str]] = {}
        start = 0
        for colour, size in SPLIT.items():
            colours[colour] = cards[start : start + size]
            start += size
        table[lang] = {
            "ranking_rare_to_common": "".join(ranking),
            "no_card": ranking[-1],
            "counts": counts,
            **colours,
        }
    return table


def main(argv: list[str]) -> int:
    table = derive_table()
    text = json.dumps(table, indent=1, ensure_ascii=False) + "\n"
    if "--check" in argv:
        same = TABLE.read_text(encoding="utf-8") == text
        print("letters.json is up to date" if same else "letters.json differs from the derivation")
        return 0 if same else 1
    TABLE.write_text(text, encoding="utf-8")
    print(f"wrote {TABLE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
