"""Wordland's rule options and its ``GameSpec``: pure data (the rules are in ``rules.py``)."""

from __future__ import annotations

from typing import Final

from tischrunde.core.game import AppliesWhen, ChoiceLabel, GameSpec, OptionSpec
from tischrunde.games.wordland.content import COLOURS, DEFAULT_SCORING, MAX_OWN_CATEGORIES

#: the decks a stacked ``Config.decks`` may give (``check_config`` checks their cards)
DECK_NAMES: Final = ("categories", "characters", *(f"letters_{c}" for c in COLOURS))

OPTIONS = (
    OptionSpec(
        "difficulty",
        "normal",
        "How many letters are forbidden: easy, one blue card; normal, a blue, a purple and a green card; hard, "
        "a purple and two green cards.",
        "Wie viele Buchstaben verboten sind: leicht eine blaue Karte; normal eine blaue, eine lila und eine "
        "grüne Karte; schwer eine lila und zwei grüne Karten.",
        source="seed",
        choices=("easy", "normal", "hard"),
        choice_labels=(
            ChoiceLabel("easy", "easy", "leicht"),
            ChoiceLabel("normal", "normal", "normal"),
            ChoiceLabel("hard", "hard", "schwer"),
        ),
    ),
    OptionSpec(
        "timer_s",
        15,
        "Seconds per turn: 10 (short teapot) or 15 (long teapot).",
        "Sekunden pro Zug: 10 (kurze Teekanne) oder 15 (lange Teekanne).",
        source="seed",
        choices=(10, 15),
        timer="game",
        choice_labels=(
            ChoiceLabel(10, "10 seconds (short teapot)", "10 Sekunden (kurze Teekanne)"),
            ChoiceLabel(15, "15 seconds (long teapot)", "15 Sekunden (lange Teekanne)"),
        ),
    ),
    OptionSpec(
        "objection_s",
        5,
        "Seconds after an accepted word during which the others may object (0 = no objections).",
        "Sekunden nach einem angenommenen Wort, in denen die anderen Einspruch erheben können (0 = kein Einspruch).",
        minimum=0,
        maximum=30,
        timer="courtesy",
    ),
    OptionSpec(
        "vote_s",
        20,
        "Seconds a vote on an objected word lasts at most (the clock stands still meanwhile).",
        "Sekunden, die eine Abstimmung über ein beanstandetes Wort höchstens dauert (die Uhr steht so lange).",
        minimum=5,
        maximum=120,
        timer="courtesy",
    ),
    OptionSpec(
        "choose_s",
        30,
        "Seconds for the Queen's category choice and the Caterpillar's bet.",
        "Sekunden für die Kategoriewahl der Königin und die Wette der Raupe.",
        minimum=5,
        maximum=300,
        timer="courtesy",
    ),
    OptionSpec(
        "fold_umlauts",
        True,
        "Ä, Ö, Ü count as A, O, U and ß as S when checking forbidden letters.",
        "Ä, Ö, Ü zählen als A, O, U und ß als S bei der Prüfung verbotener Buchstaben.",
        applies_when=AppliesWhen("input", ("typed",)),
    ),
    OptionSpec(
        "input",
        "typed",
        "Players type their words on their phones, or, around one table, say them aloud and press “said it”.",
        "Wörter werden auf dem Handy getippt, oder an einem Tisch laut gesagt und mit „gesagt“ bestätigt.",
        choices=("typed", "spoken"),
        choice_labels=(
            ChoiceLabel("typed", "typed on the phone", "auf dem Handy getippt"),
            ChoiceLabel("spoken", "said aloud at one table", "laut gesagt an einem Tisch"),
        ),
    ),
    OptionSpec(
        "scoring",
        DEFAULT_SCORING,
        "What the scoring cards are worth for each number of players: the first player out takes the first "
        "card, the next one out the next card, and the last one left the best.",
        "Was die Wertungskarten bei jeder Spielerzahl wert sind: wer zuerst ausscheidet, nimmt die erste Karte, "
        "wer als Nächstes ausscheidet, die nächste, und wer übrig bleibt, die beste.",
    ),
    OptionSpec(
        "hatter_scope",
        "self",
        "The letter the Mad Hatter ignores is ignored for the Hatter only, or for everyone.",
        "Der vom Hutmacher ignorierte Buchstabe gilt nur für ihn oder für alle als aufgehoben.",
        choices=("self", "all"),
        choice_labels=(
            ChoiceLabel("self", "for the Hatter only", "nur für den Hutmacher"),
            ChoiceLabel("all", "for everyone", "für alle"),
        ),
    ),
    OptionSpec(
        "bonus_when_out",
        True,
        "Alice's and the Caterpillar's bonuses count even if they went out during the round.",
        "Die Boni von Alice und der Raupe zählen auch, wenn sie in der Runde ausgeschieden sind.",
    ),
    OptionSpec(
        "rounds",
        0,
        "Number of rounds (0 = as many as players).",
        "Anzahl der Runden (0 = so viele wie Spieler).",
        minimum=0,
        maximum=16,
    ),
    OptionSpec(
        "wrong_word",
        "out",
        "A typed word with a forbidden letter, or one already said: the player is out at once (the word is "
        "shown to all with the reason), or the word is refused and the player may try again while the timer runs.",
        "Ein getipptes Wort mit verbotenem Buchstaben oder eine Wiederholung: wer es nennt, scheidet sofort aus "
        "(das Wort wird allen mit dem Grund gezeigt), oder es wird abgelehnt und man darf es erneut versuchen, "
        "solange die Zeit läuft.",
        source="seed",
        choices=("out", "retry"),
        choice_labels=(
            ChoiceLabel("out", "out at once", "scheidet sofort aus"),
            ChoiceLabel("retry", "may try again", "darf es nochmal versuchen"),
        ),
        applies_when=AppliesWhen("input", ("typed",)),
    ),
    OptionSpec(
        "own_categories",
        [],
        "The room's own category cards, dealt before the built-in ones: each with a title and, if you like, "
        f"words that fit, which bots say and the round's end shows (at most {MAX_OWN_CATEGORIES} cards).",
        "Eigene Kategoriekarten des Raums, vor den eingebauten ausgeteilt: jede mit einem Titel und, wenn ihr "
        "wollt, passenden Wörtern, die Bots nennen und das Rundenende zeigt "
        f"(höchstens {MAX_OWN_CATEGORIES} Karten).",
    ),
    OptionSpec(
        "round_pause_ms",
        6000,
        "How long the round's result stays on the table before the next round (0 = no pause); the "
        "Queen may go on earlier.",
        "Wie lange das Rundenergebnis stehen bleibt, bevor die nächste Runde beginnt (0 = keine Pause); "
        "die Königin kann früher weitermachen.",
        minimum=0,
        maximum=60_000,
        timer="courtesy",
    ),
)


SPEC: Final = GameSpec(
    name="wordland",
    title_de="Wordland",
    title_en="Wordland",
    min_players=3,
    max_players=8,
    options=OPTIONS,
    rules_version=1,
    summary_de="Reihum ein Wort zur Kategorie nennen, ohne verbotene Buchstaben, bevor die Teekanne pfeift.",
    summary_en="In turn, say a word that fits the category and avoids the forbidden letters before the teapot whistles.",
    simultaneous=True,
    hidden_information=True,
    max_decisions=20_000,
    deck_names=DECK_NAMES,
)
