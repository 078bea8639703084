"""Stella's options and its ``SPEC``: pure data (the content constants the options name come from
``content``)."""

from __future__ import annotations

from tischrunde.core.game import ChoiceLabel, GameSpec, OptionSpec
from tischrunde.games.stella.content import (
    DARK_FALL_RULES,
    GRID_SIZE,
    MAX_OWN_WORDS,
    MAX_WORD_CHARS,
    OWN_PICTURE_MODES,
    PICTURE_COUNT,
    ROW_ORDER_LABELS,
    ROW_ORDERS,
)

#: every rule option ([ours] rules and the seed's alternatives), with German and English texts
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="dark_fall",
        default="official",
        choices=DARK_FALL_RULES,
        source="seed",
        description_en="What the player in the dark who fell scores: as in the rulebook (1 per spark, "
        "2 per super-spark), 1 per matched card, or half the round's points.",
        description_de="Was die Person im Dunkeln bekommt, wenn sie gefallen ist: wie in der Spielregel "
        "(1 pro Funke, 2 pro Superfunke), 1 pro getroffener Karte oder die Hälfte der Rundenpunkte.",
        choice_labels=(
            ChoiceLabel("official", "as in the rulebook", "wie in der Spielregel"),
            ChoiceLabel("one_per_card", "1 per matched card", "1 pro getroffener Karte"),
            ChoiceLabel("half", "half the round's points", "die Hälfte der Rundenpunkte"),
        ),
    ),
    OptionSpec(
        name="row_order",
        default="top,middle,bottom",
        choices=ROW_ORDERS,
        choice_labels=ROW_ORDER_LABELS,
        description_en="The order in which rows get new pictures after each round (repeating).",
        description_de="In welcher Reihenfolge die Reihen nach jeder Runde neue Bilder bekommen "
        "(wiederholt sich).",
    ),
    OptionSpec(
        name="rounds",
        default=4,
        minimum=1,
        maximum=10,
        source="seed",
        description_en="Number of rounds (one word card each).",
        description_de="Anzahl der Runden (je eine Wortkarte).",
    ),
    OptionSpec(
        name="max_marks",
        default=10,
        minimum=1,
        maximum=GRID_SIZE,
        source="seed",
        description_en="The most cards a player may mark in a round.",
        description_de="Wie viele Karten man in einer Runde höchstens markieren darf.",
    ),
    OptionSpec(
        name="min_marks",
        default=1,
        minimum=1,
        maximum=GRID_SIZE,
        source="official",
        description_en="The fewest cards a player must mark in a round.",
        description_de="Wie viele Karten man in einer Runde mindestens markieren muss.",
    ),
    OptionSpec(
        name="mark_timeout_s",
        default=120,
        minimum=0,
        maximum=3600,
        description_en="Seconds to mark (0 = no limit); who has not marked in time marks nothing.",
        description_de="Sekunden zum Markieren (0 = unbegrenzt); wer nicht rechtzeitig markiert, "
        "markiert in dieser Runde nichts.",
        timer="courtesy",
        unlimited=0,
    ),
    OptionSpec(
        name="turn_timeout_s",
        default=60,
        minimum=0,
        maximum=3600,
        description_en="Seconds for the scout's word choice and for each reveal turn (0 = no limit); when "
        "time is up the first word is taken, or the player's first unnamed mark is named.",
        description_de="Sekunden für die Wortwahl und für jedes Nennen einer Karte (0 = unbegrenzt); läuft die "
        "Zeit ab, gilt das erste Wort oder die erste noch nicht genannte Markierung.",
        timer="courtesy",
        unlimited=0,
    ),
    OptionSpec(
        name="picture_count",
        default=PICTURE_COUNT,
        minimum=GRID_SIZE,
        maximum=PICTURE_COUNT,
        description_en=f"How many of our {PICTURE_COUNT} pictures the game shuffles in (fewer means the same "
        "pictures come back sooner); with a room's own pictures, their deck is dealt instead.",
        description_de=f"Wie viele unserer {PICTURE_COUNT} Bilder ins Spiel kommen (weniger heißt: dieselben "
        "Bilder kommen früher wieder); bringt der Raum eigene Bilder mit, wird deren Stapel ausgeteilt.",
    ),
    OptionSpec(
        name="own_words",
        default=[],
        description_en=f"The room's own word cards, dealt before the built-in ones: a list of cards, each one "
        f"or two words (at most {MAX_OWN_WORDS} cards, words up to {MAX_WORD_CHARS} characters).",
        description_de=f"Eigene Wortkarten des Raums, vor den eingebauten ausgeteilt: eine Liste von Karten mit "
        f"je einem oder zwei Wörtern (höchstens {MAX_OWN_WORDS} Karten, Wörter bis {MAX_WORD_CHARS} Zeichen).",
    ),
    OptionSpec(
        name="own_pictures",
        default="only",
        choices=OWN_PICTURE_MODES,
        choice_labels=(
            ChoiceLabel("only", "the host's pictures only", "nur die Bilder der Gastgeber:in"),
            ChoiceLabel("mixed", "mixed with our own deck", "gemischt mit unserem Stapel"),
            ChoiceLabel("off", "our own deck only", "nur unser Stapel"),
        ),
        description_en="Which pictures the game deals once the host has uploaded at least 15: only the "
        "uploaded ones (with fewer than 20, built-in pictures fill a row whenever all uploads are on the "
        "table), the uploaded ones mixed into our own deck, or our own deck only. Bots cannot play on "
        "uploaded pictures.",
        description_de="Welche Bilder das Spiel austeilt, sobald die Gastgeber:in mindestens 15 hochgeladen "
        "hat: nur die hochgeladenen (bei weniger als 20 füllen eingebaute Bilder eine Reihe, wenn alle "
        "hochgeladenen ausliegen), die hochgeladenen unter unseren Stapel gemischt, oder nur unser Stapel. "
        "Bots können mit hochgeladenen Bildern nicht spielen.",
    ),
    OptionSpec(
        name="round_pause_ms",
        default=6000,
        minimum=0,
        maximum=60_000,
        description_en="How long the last reveal and the round's points stay on the table before the "
        "next round (0 = no pause); the round's scout may go on earlier.",
        description_de="Wie lange die letzte Aufdeckung und die Rundenpunkte stehen bleiben, bevor die "
        "nächste Runde beginnt (0 = keine Pause); wer die Runde begonnen hat, kann früher weitermachen.",
        timer="courtesy",
    ),
)

SPEC = GameSpec(
    name="stella",
    title_de="Stella",
    title_en="Stella",
    min_players=3,
    max_players=6,
    summary_de="Ein Wort, fünfzehn Traumbilder: markiert geheim, was passt, und punktet mit den anderen.",
    summary_en="One word, fifteen dream pictures: mark in secret what fits, and score with the others.",
    simultaneous=True,
    hidden_information=True,
    max_decisions=2_000,
    deck_names=("pictures", "words"),
    rules_version=1,
    options=OPTIONS,
)
