"""Derive Wordland's word-frequency table (the bots' sense of how well-known a lexicon word is).

For every word of every category lexicon, store ``round(100 * zipf_frequency(word, lang))`` from the
offline ``wordfreq`` data. The engine never imports wordfreq; bots read the committed table.

    .venv/bin/python scripts/wordland_frequency.py          # rewrites the committed table
    .venv/bin/python scripts/wordland_frequency.py --check  # exit 1 if the committed table differs
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tischrunde.games.wordland.content import LANGUAGES, categories

TABLE = Path(__file__).resolve().parents[1] / "src/tischrunde/games/data/wordland/frequency.json"


def derive_table() -> dict[str, dict[str, int]]:
    """Zipf frequency x100 of every lexicon word, per language, words sorted."""
    from wordfreq import zipf_frequency

    table: dict[str, dict[str, int]] = {}
    for lang in LANGUAGES:
        words = sorted({w for c in categories() for w in c.words[lang]})
        table[lang] = {w: round(100 * zipf_frequency(w, lang)) for w in words}
    return table


def render(table: dict[str, dict[str, int]]) -> str:
    return json.dumps(table, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    text = render(derive_table())
    if "--check" in argv:
        same = TABLE.read_text(encoding="utf-8") == text
        print("frequency.json is up to date" if same else "frequency.json differs from the derivation")
        return 0 if same else 1
    TABLE.write_text(text, encoding="utf-8")
    print(f"wrote {TABLE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
