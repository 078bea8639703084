"""Mogel-Motte's options (``OPTIONS``) and ``SPEC``: pure data (the rules text: the package docstring)."""

from __future__ import annotations

from tischrunde.core.game import ChoiceLabel, GameSpec, OptionSpec

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "cheat_ms",
        2000,
        "How long making a card vanish takes. All that time the card is off the table, everyone sees the "
        "cheater fidget, and the guard can still catch them.",
        "Wie lange es dauert, eine Karte verschwinden zu lassen. So lange ist die Karte vom Tisch, alle sehen "
        "das Zappeln, und der Wächter kann noch „Erwischt!“ rufen.",
        minimum=200,
        maximum=20000,
        timer="game",
    ),
    OptionSpec(
        "slap_window_ms",
        3000,
        "After a mosquito: how long everyone has to slap it before the slowest is known.",
        "Nach einer Stechmücke: so lange haben alle Zeit draufzuhauen, dann steht fest, wer am langsamsten war.",
        minimum=200,
        maximum=20000,
        timer="game",
    ),
    OptionSpec(
        "throw_window_ms",
        2500,
        "After a cockroach: how long anyone may throw a number card of the same value onto it.",
        "Nach einer Kakerlake: so lange darf jede:r eine Zahlenkarte mit demselben Wert darauf werfen.",
        minimum=200,
        maximum=20000,
        timer="game",
    ),
    OptionSpec(
        "rounds",
        0,
        "Rounds to play; 0 means as many as there are players.",
        "Anzahl der Runden; 0 heißt so viele wie Mitspielende.",
        source="official",
        minimum=0,
        maximum=20,
    ),
    OptionSpec(
        "hand_size",
        8,
        "Cards dealt to each player at the start of a round.",
        "Handkarten pro Person zu Rundenbeginn.",
        source="seed",
        minimum=1,
        maximum=12,
    ),
    OptionSpec(
        "last_card_action",
        False,
        "An action card that empties its player's hand still does its action before the round ends.",
        "Eine Aktionskarte, mit der jemand die letzte Handkarte ablegt, wirkt noch, bevor die Runde endet.",
    ),
    OptionSpec(
        "give_last_card",
        False,
        "Spider and mosquito gifts may give away a player's last card (which then ends the round).",
        "Bei Spinne und Stechmücke darf man die letzte Handkarte verschenken (dann endet die Runde).",
    ),
    OptionSpec(
        "guard_chooses_card",
        True,
        "A caught cheater gets a card the guard chooses (otherwise a random one from the guard's hand).",
        "Wer beim Mogeln erwischt wird, bekommt eine Karte, die der Wächter aussucht (sonst eine zufällige).",
    ),
    OptionSpec(
        "cockroach_continue",
        "after_player",
        "After a cockroach, play goes on with the player after the one who played it, or after the thrower.",
        "Nach einer Kakerlake geht es nach der Person weiter, die sie gespielt hat, oder nach der, die geworfen hat.",
        choices=("after_player", "after_thrower"),
        choice_labels=(
            ChoiceLabel(
                "after_player", "after the cockroach's player", "nach der Person, die sie gespielt hat"
            ),
            ChoiceLabel("after_thrower", "after the thrower", "nach der Person, die geworfen hat"),
        ),
    ),
    OptionSpec(
        "slowest_rule",
        "clockwise_last",
        "If several players have not slapped when the time is up, the slowest is the last of them clockwise "
        "from the mosquito's player, or one of them at random.",
        "Haben bei Zeitende mehrere nicht draufgehauen, ist die Langsamste die letzte von ihnen im "
        "Uhrzeigersinn nach der Person mit der Stechmücke, oder eine zufällige von ihnen.",
        choices=("clockwise_last", "random"),
        choice_labels=(
            ChoiceLabel("clockwise_last", "the last one clockwise", "die letzte im Uhrzeigersinn"),
            ChoiceLabel("random", "one at random", "eine zufällige"),
        ),
    ),
    OptionSpec(
        "round_pause_ms",
        4000,
        "How long the penalty points of a round stay on the table before new cards are dealt; 0 deals at once.",
        "So lange bleiben die Minuspunkte einer Runde stehen, bevor neu ausgeteilt wird; 0 teilt sofort aus.",
        minimum=0,
        maximum=60000,
        timer="courtesy",
    ),
    OptionSpec(
        "turn_timeout_s",
        60,
        "Seconds a player has for a turn, a spider's gift or a mosquito gift (0 = no limit). When the time "
        "is up, a turn draws one card, the spider gives nothing, and a mosquito gift is the first card "
        "that may be given.",
        "Sekunden für einen Zug, das Verschenken bei der Spinne oder eine Stechmücken-Karte (0 = "
        "unbegrenzt). Ist die Zeit um, wird im Zug eine Karte gezogen, die Spinne verschenkt nichts, und "
        "bei der Stechmücke wird die erste Karte verschenkt, die verschenkt werden darf.",
        minimum=0,
        maximum=600,
        timer="courtesy",
        unlimited=0,
    ),
)


SPEC: GameSpec = GameSpec(
    name="mogelmotte",
    title_de="Mogel-Motte",
    title_en="Mogel-Motte",
    min_players=3,
    max_players=5,
    options=OPTIONS,
    rules_version=1,
    summary_de="Werde deine Karten los, auch durch Mogeln: Nur der Wächter darf nicht mogeln und versucht, "
    "die anderen zu erwischen.",
    summary_en="Shed your cards, cheating included: only the guard may not cheat, and tries to catch the "
    "others in the act.",
    simultaneous=True,
    hidden_information=True,
    max_decisions=20_000,
    deck_names=("main",),
)
