"""Stella's content and options: word cards (German and English), error texts, the rule options."""

from __future__ import annotations

import functools
from itertools import permutations
from pathlib import Path
from typing import Any

import msgspec

from tischrunde.core.errors import ConfigError
from tischrunde.core.game import ChoiceLabel, OptionSpec

ROWS = 3
COLUMNS = 5
GRID_SIZE = ROWS * COLUMNS
#: the size of our own picture deck (ids 0..PICTURE_COUNT-1), composed by ``stella.art``
PICTURE_COUNT = 160
SPARK_POINTS = 2
SUPER_SPARK_POINTS = 3
ROW_NAMES = ("top", "middle", "bottom")
ROW_ORDERS = tuple(",".join(p) for p in permutations(ROW_NAMES))
DARK_FALL_RULES = ("official", "one_per_card", "half")
#: how a room deals the pictures its host uploaded (the server stacks them as ``decks.pictures``)
OWN_PICTURE_MODES = ("only", "mixed", "off")
_ROW_WORDS = {"top": ("top", "oben"), "middle": ("middle", "Mitte"), "bottom": ("bottom", "unten")}
#: each row order in plain words ("top, middle, bottom" / "oben, Mitte, unten")
ROW_ORDER_LABELS = tuple(
    ChoiceLabel(
        order,
        ", ".join(_ROW_WORDS[r][0] for r in order.split(",")),
        ", ".join(_ROW_WORDS[r][1] for r in order.split(",")),
    )
    for order in ROW_ORDERS
)
PHASES = ("word", "mark", "reveal", "round_over", "over")
#: a room's own word cards (option ``own_words``): card ids OWN_WORD_BASE + i, at most MAX_OWN_WORDS
OWN_WORD_BASE = 1000
MAX_OWN_WORDS = 200
MAX_WORD_CHARS = 40
DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "stella"


#: player-facing texts of every error code this game raises, for the UI (de / en)
MESSAGES: dict[str, dict[str, str]] = {
    "not_a_seat": {"de": "Dieser Platz spielt nicht mit.", "en": "This seat is not playing."},
    "game_over": {"de": "Das Spiel ist vorbei.", "en": "The game is over."},
    "unknown_action": {"de": "Diesen Zug gibt es in Stella nicht.", "en": "Stella has no such move."},
    "clock_only": {
        "de": "Nur die Uhr beendet die Bedenkzeit.",
        "en": "Only the clock ends a player's time.",
    },
    "no_deadline": {"de": "Gerade läuft keine Zeit.", "en": "Nothing is timed now."},
    "too_early": {"de": "Die Zeit läuft noch.", "en": "The time has not run out yet."},
    "timeout_from_seat": {
        "de": "Nur die Uhr beendet die Bedenkzeit.",
        "en": "Only the clock ends a player's time.",
    },
    "deadline_passed": {"de": "Zu spät: die Zeit ist abgelaufen.", "en": "Too late: the time has run out."},
    "time_backwards": {"de": "Die Zeit läuft nicht rückwärts.", "en": "Time does not run backwards."},
    "round_over": {
        "de": "Die Runde ist vorbei: gleich beginnt die nächste.",
        "en": "The round is over: the next one starts in a moment.",
    },
    "not_round_over": {
        "de": "Die nächste Runde beginnt, wenn eine Runde vorbei ist.",
        "en": "The next round starts once a round is over.",
    },
    "not_start_player": {
        "de": "Wer die Runde begonnen hat, startet die nächste.",
        "en": "Whoever began the round starts the next one.",
    },
    "not_word_phase": {"de": "Das Wort ist schon gewählt.", "en": "The word has already been chosen."},
    "not_scout": {
        "de": "Nur die Späherin oder der Späher wählt das Wort.",
        "en": "Only the scout chooses the word.",
    },
    "bad_word": {
        "de": "Wähle Wort 1 oder Wort 2 der Wortkarte.",
        "en": "Choose word 1 or word 2 of the word card.",
    },
    "not_mark_phase": {
        "de": "Markiert wird, sobald das Wort gewählt ist.",
        "en": "Marks are made once the word is chosen.",
    },
    "already_marked": {
        "de": "Du hast in dieser Runde schon markiert.",
        "en": "You have already marked this round.",
    },
    "bad_position": {"de": "Markiere nur Karten der Auslage.", "en": "Mark only cards on the table."},
    "duplicate_mark": {"de": "Jede Karte nur einmal markieren.", "en": "Mark each card only once."},
    "mark_count": {
        "de": "Markiere mindestens {min_marks} und höchstens {max_marks} Karten.",
        "en": "Mark at least {min_marks} and at most {max_marks} cards.",
    },
    "not_reveal_phase": {
        "de": "Karten werden genannt, wenn alle markiert haben.",
        "en": "Cards are named once everyone has marked.",
    },
    "not_revealer": {
        "de": "Jemand anderes nennt gerade eine Karte.",
        "en": "Someone else is naming a card now.",
    },
    "bad_reveal": {
        "de": "Nenne eine deiner markierten Karten, die noch nicht genannt wurde.",
        "en": "Name one of your marked cards that has not been named yet.",
    },
}


class WordCard(msgspec.Struct, frozen=True):
    """Two words, in German and in English (``de[i]`` and ``en[i]`` are the same word)."""

    id: int
    de: tuple[str, str]
    en: tuple[str, str]


@functools.cache
def word_cards() -> tuple[WordCard, ...]:
    """The 96 word cards shipped in ``data/stella/words.tsv``."""
    cards: list[WordCard] = []
    for line in (DATA_DIR / "words.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        de_a, de_b, en_a, en_b = line.split("\t")
        cards.append(WordCard(len(cards), (de_a, de_b), (en_a, en_b)))
    return tuple(cards)


def check_own_words(value: Any) -> tuple[tuple[str, ...], ...]:
    """The option ``own_words`` as word cards (one or two words each, stripped), or a ConfigError naming the
    card: a list of at most MAX_OWN_WORDS lists of 1 or 2 distinct printable words of 1..MAX_WORD_CHARS."""
    if not isinstance(value, list) or len(value) > MAX_OWN_WORDS:
        raise ConfigError("options.own_words", value, f"a list of at most {MAX_OWN_WORDS} word cards")
    cards = []
    for i, card in enumerate(value):
        field = f"options.own_words[{i}]"
        if not isinstance(card, list) or not 1 <= len(card) <= 2 or not all(isinstance(w, str) for w in card):
            raise ConfigError(field, card, "a word card: a list of one or two words")
        words = tuple(" ".join(w.split()) for w in card)
        for word, given in zip(words, card, strict=True):
            if not 1 <= len(word) <= MAX_WORD_CHARS or not given.strip().isprintable():
                raise ConfigError(field, card, f"words of 1 to {MAX_WORD_CHARS} printable characters")
        if len(words) == 2 and words[0].casefold() == words[1].casefold():
            raise ConfigError(field, card, "two different words (or just one)")
        cards.append(words)
    return tuple(cards)


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


# --- what the server serves (core.content)

from collections.abc import Sequence  # noqa: E402

from tischrunde.core import rng  # noqa: E402
from tischrunde.core.content import Deal, DealRefused, GameContent, OwnPart, OwnPictures  # noqa: E402

#: the fewest uploads a game deals from alone (option own_pictures ``only``)
MIN_OWN_PICTURES = 15
#: the card id of the first own picture of a game (built-in pictures are 0..PICTURE_COUNT-1)
OWN_PICTURE_BASE = 1000


def public_content() -> dict[str, Any]:
    """``{"rows", "columns", "row_names", "picture_count"}``: the table's shape and the built-in deck's size."""
    return {"rows": ROWS, "columns": COLUMNS, "row_names": list(ROW_NAMES), "picture_count": PICTURE_COUNT}


def picture_svg(card: int) -> str:
    """A built-in picture as a self-contained SVG (the generator is content tooling, loaded when asked)."""
    from tischrunde.art.stella.art import picture_svg as draw

    return draw(card)


def own_mode(options: dict[str, Any], uploads: int) -> str:
    """How a room deals its uploads now: ``only``, ``mixed``, or ``off`` (also when there are none)."""
    return "off" if uploads == 0 else str(options.get("own_pictures", "only"))


def bots_refused(options: dict[str, Any], uploads: int) -> str | None:
    """Why no bot may sit at this table (the room deals own pictures, which have no tags), or None."""
    if own_mode(options, uploads) == "off":
        return None
    return (
        "bots choose pictures by their hidden tags, and uploaded pictures have none: remove the room's "
        "own pictures or set the option own_pictures to off to play with bots"
    )


def deal_own_pictures(options: dict[str, Any], seed: int, uploads: Sequence[str], bots: bool) -> Deal | None:
    """The picture deck of a game that starts with these uploads, or None for the built-in deck.

    Option ``own_pictures``: ``only`` (the default; at least MIN_OWN_PICTURES uploads) deals the uploads,
    shuffled; when a game needs more pictures than were uploaded, pictures that have left the table come
    back (the row that leaves now never comes straight back), and with fewer than 20 uploads built-in
    pictures fill a row whenever every upload is on the table. ``mixed``: the uploads shuffled into the
    built-in deck. ``off`` (or no uploads): the built-in deck. An own card is ``OWN_PICTURE_BASE + k`` and
    shows ``Deal.pictures[k]``, numbered in the order of the picture ids (every seat sees that list: the
    pile's order stays hidden); a built-in one keeps its id. Bots are refused (``bots_need_tags``)."""
    mode = own_mode(options, len(uploads))
    if mode == "off":
        return None
    if mode == "only" and len(uploads) < MIN_OWN_PICTURES:
        raise DealRefused(
            "too_few_pictures",
            f"upload at least {MIN_OWN_PICTURES} pictures (the room has {len(uploads)}), or set own_pictures "
            "to mixed or off",
        )
    if bots:
        raise DealRefused("bots_need_tags", bots_refused(options, len(uploads)) or "")
    state = rng.seed_state(seed * 31 + 7)
    own, state = rng.shuffled(state, uploads)
    builtin, state = rng.shuffled(state, range(PICTURE_COUNT))
    cards: list[str | int]
    if mode == "mixed":
        pool: list[str | int] = [*own, *builtin]
        mixed, state = rng.shuffled(state, pool)
        cards = list(mixed)
    else:
        cards = only_own(list(own), list(builtin), options)
    seen: dict[str, int] = {}
    dealt: list[tuple[str, int] | int] = []
    for card in cards:
        if isinstance(card, str):
            seen[card] = seen.get(card, -1) + 1
            dealt.append((card, seen[card]))
        else:
            dealt.append(card)
    numbered = sorted(c for c in dealt if isinstance(c, tuple))
    number = {c: OWN_PICTURE_BASE + k for k, c in enumerate(numbered)}
    return Deal(
        decks={"pictures": [number[c] if isinstance(c, tuple) else c for c in dealt]},
        pictures=[picture for picture, _ in numbered],
    )


def only_own(own: list[str], builtin: list[int], options: dict[str, Any]) -> list[str | int]:
    """The cards a game of ``options["rounds"]`` rounds deals from ``own`` uploads, in order (the grid
    first, then one row per later round): fresh uploads first, then those that have been off the table
    longest; a built-in picture only when no upload is off the table."""
    order = [ROW_NAMES.index(name) for name in str(options["row_order"]).split(",")]
    grid: list[str | int] = list(own[:GRID_SIZE])
    waiting: list[str] = own[GRID_SIZE:]  # off the table, next first
    cards = list(grid)
    spare = iter(builtin)
    for done in range(int(options["rounds"]) - 1):
        start = order[done % len(order)] * COLUMNS
        leaving = grid[start : start + COLUMNS]
        fresh: list[str | int] = [waiting.pop(0) if waiting else next(spare) for _ in range(COLUMNS)]
        grid[start : start + COLUMNS] = fresh
        waiting.extend(card for card in leaving if isinstance(card, str))
        cards.extend(fresh)
    return cards


CONTENT = GameContent(
    public=public_content,
    picture_svg=picture_svg,
    own_part=OwnPart(option="own_words", deck_key="stella_words", check=check_own_words),
    own_pictures=OwnPictures(
        option="own_pictures", minimum=MIN_OWN_PICTURES, deal=deal_own_pictures, bots_refused=bots_refused
    ),
)
