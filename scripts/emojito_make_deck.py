"""Write Emojito's picture deck and board as JSON (our own card set, reviewed as a diff).

    .venv/bin/python scripts/emojito_make_deck.py

A card is a kind of face (smiley, cat, robot, ...) showing one emotion. Smileys and the cat faces
Unicode has are used as they are; every other creature is its emoji followed by the smiley of the
emotion. German names decline the adjective after the noun's gender (strong declension, no article).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "tischrunde" / "games" / "data" / "emojito"

#: emotion -> (smiley, English adjective, German adjective)
EMOTIONS: dict[str, tuple[str, str, str]] = {
    "joy": ("😄", "happy", "fröhlich"),
    "anger": ("😠", "angry", "wütend"),
    "fear": ("😨", "scared", "ängstlich"),
    "disgust": ("🤢", "disgusted", "angeekelt"),
    "surprise": ("😮", "surprised", "überrascht"),
    "sadness": ("😢", "sad", "traurig"),
    "love": ("😍", "lovestruck", "verliebt"),
    "boredom": ("😑", "bored", "gelangweilt"),
    "pride": ("😤", "proud", "stolz"),
    "shame": ("😳", "ashamed", "beschämt"),
    "confusion": ("😕", "confused", "verwirrt"),
    "tiredness": ("😴", "sleepy", "müde"),
    "laughter": ("😂", "laughing", "lachend"),
    "nervousness": ("😬", "nervous", "nervös"),
    "relief": ("😌", "relieved", "erleichtert"),
    "despair": ("😩", "desperate", "verzweifelt"),
    "curiosity": ("🧐", "curious", "neugierig"),
    "annoyance": ("🙄", "annoyed", "genervt"),
    "silliness": ("🤪", "silly", "albern"),
    "coolness": ("😎", "cool", "lässig"),
}

#: face kind -> (emoji, English noun, German noun, German gender m/f/n)
FACES: dict[str, tuple[str, str, str, str]] = {
    "smiley": ("", "face", "Gesicht", "n"),
    "cat": ("🐱", "cat", "Katze", "f"),
    "robot": ("🤖", "robot", "Roboter", "m"),
    "ghost": ("👻", "ghost", "Gespenst", "n"),
    "dog": ("🐶", "dog", "Hund", "m"),
    "monkey": ("🐵", "monkey", "Affe", "m"),
    "alien": ("👽", "alien", "Alien", "n"),
    "frog": ("🐸", "frog", "Frosch", "m"),
    "sun": ("🌞", "sun", "Sonne", "f"),
}

#: the cat faces Unicode has for an emotion
CAT_FACES = {
    "joy": "😸",
    "anger": "😾",
    "fear": "🙀",
    "sadness": "😿",
    "love": "😻",
    "pride": "😼",
    "laughter": "😹",
}

#: which emotions each creature shows (smileys show all twenty)
CREATURE_EMOTIONS: dict[str, list[str]] = {
    "cat": [
        "joy",
        "anger",
        "fear",
        "sadness",
        "love",
        "pride",
        "laughter",
        "surprise",
        "boredom",
        "tiredness",
    ],
    "robot": [
        "anger",
        "confusion",
        "sadness",
        "love",
        "nervousness",
        "curiosity",
        "coolness",
        "tiredness",
        "despair",
        "joy",
    ],
    "ghost": [
        "fear",
        "surprise",
        "shame",
        "silliness",
        "laughter",
        "boredom",
        "annoyance",
        "relief",
        "pride",
        "sadness",
    ],
    "dog": [
        "joy",
        "disgust",
        "love",
        "shame",
        "curiosity",
        "nervousness",
        "relief",
        "silliness",
        "anger",
        "despair",
    ],
    "monkey": [
        "laughter",
        "shame",
        "surprise",
        "confusion",
        "annoyance",
        "fear",
        "coolness",
        "disgust",
        "tiredness",
        "silliness",
    ],
    "alien": [
        "curiosity",
        "confusion",
        "disgust",
        "boredom",
        "pride",
        "relief",
        "despair",
        "nervousness",
        "coolness",
        "annoyance",
    ],
    "frog": [
        "boredom",
        "disgust",
        "joy",
        "relief",
        "tiredness",
        "pride",
        "shame",
        "anger",
        "surprise",
        "love",
    ],
    "sun": [
        "laughter",
        "coolness",
        "despair",
        "fear",
        "silliness",
        "sadness",
        "nervousness",
        "annoyance",
        "confusion",
        "curiosity",
    ],
}

ENDINGS = {"m": "er", "f": "e", "n": "es"}


def german_name(adjective: str, noun: str, gender: str) -> str:
    stem = adjective[:-1] if adjective.endswith("e") else adjective
    return f"{stem}{ENDINGS[gender]} {noun}"


def build() -> list[dict[str, object]]:
    cards: list[dict[str, object]] = []
    pairs = [("smiley", e) for e in EMOTIONS] + [
        (face, e) for face, emotions in CREATURE_EMOTIONS.items() for e in emotions
    ]
    for index, (face, emotion) in enumerate(pairs):
        smiley, adjective_en, adjective_de = EMOTIONS[emotion]
        base, noun_en, noun_de, gender = FACES[face]
        if face == "smiley":
            picture = smiley
        elif face == "cat" and emotion in CAT_FACES:
            picture = CAT_FACES[emotion]
        else:
            picture = base + smiley
        cards.append(
            {
                "id": index,
                "key": f"{face}_{emotion}",
                "emoji": picture,
                "face": face,
                "emotion": emotion,
                "name_en": f"{adjective_en} {noun_en}",
                "name_de": german_name(adjective_de, noun_de, gender),
            }
        )
    return cards


BOARD = {
    "fields": [
        {"field": 1, "symbols": ["face", "sound"]},
        {"field": 2, "symbols": ["face"]},
        {"field": 3, "symbols": ["face", "sound"]},
        {"field": 4, "symbols": ["face"]},
        {"field": 5, "symbols": ["sound"]},
        {"field": 6, "symbols": ["face", "sound"]},
        {"field": 7, "symbols": ["sound"]},
    ],
    "symbols": {
        "face": {"emoji": "🙂", "name_en": "facial expression", "name_de": "Mimik"},
        "sound": {"emoji": "🔊", "name_en": "sounds", "name_de": "Geräusche"},
    },
}


def main() -> None:
    cards = build()
    assert len(cards) == 100, len(cards)
    assert len({(c["face"], c["emotion"]) for c in cards}) == 100
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "cards.json").write_text(json.dumps({"cards": cards}, ensure_ascii=False, indent=1) + "\n")
    (OUT / "board.json").write_text(json.dumps(BOARD, ensure_ascii=False, indent=1) + "\n")
    counts = Counter(str(c["emotion"]) for c in cards)
    print(f"{len(cards)} cards, emotions: {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
