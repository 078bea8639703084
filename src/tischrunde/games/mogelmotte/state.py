"""Mogel-Motte options and the frozen game state."""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from tischrunde.core.game import ChoiceLabel, Config, Event, OptionSpec
from tischrunde.games.mogelmotte.content import IS_MOTH

Phase = Literal["turn", "spider", "mosquito_race", "mosquito_give", "cockroach_race", "round_over", "over"]

#: ``cheat_card`` entries: no tell showing, or a fidget (a tell without a card); else the card id
NO_TELL: Final = -2
FIDGET_TELL: Final = -1
NOBODY: Final = -1
#: ``State.due`` when nothing is pending
NO_DUE: Final = -1
#: ``State.wait_until`` when nobody is being waited for with a time limit (later than any deadline; the
#: largest int that mypyc keeps unboxed)
NO_WAIT: Final = (1 << 62) - 1

#: phases that wait for a person to act (the turn's seat, the spider's player, the mosquito's givers):
#: ``turn_timeout_s`` limits each such wait
WAIT_PHASES = frozenset({"turn", "spider", "mosquito_give"})

#: phases in which a seat may start a cheat or a fidget (not while a give choice is pending)
CHEAT_PHASES = frozenset({"turn", "mosquito_race", "cockroach_race"})

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


class Rules(msgspec.Struct, frozen=True):
    """The resolved options of one game (``rounds`` already turned into a number)."""

    cheat_ms: int
    slap_window_ms: int
    throw_window_ms: int
    rounds: int
    hand_size: int
    last_card_action: bool
    give_last_card: bool
    guard_chooses_card: bool
    cockroach_continue: str
    slowest_rule: str
    round_pause_ms: int
    #: ``turn_timeout_s`` in ms (0 = no limit)
    turn_timeout_ms: int


class State(msgspec.Struct, frozen=True, gc=False):
    """Everything about one game. Piles are tuples of card ids; ``draw[-1]`` and ``discard[-1]`` are the tops."""

    config: Config
    rules: Rules
    stacked: tuple[int, ...] | None
    rng: int
    t: int
    phase: Phase
    round: int
    start_seat: int
    turn: int
    guard: int
    hands: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    #: cards each seat has cheated away for good (hidden from the others)
    vanished: tuple[tuple[int, ...], ...]
    #: per seat: NO_TELL, FIDGET_TELL or the card being cheated
    cheat_card: tuple[int, ...]
    #: per seat: when the running cheat or fidget ends
    cheat_until: tuple[int, ...]
    #: seat that played the action card being resolved (spider, mosquito, cockroach)
    actor: int = NOBODY
    race_until: int = 0
    #: seats that slapped the mosquito, in order
    slapped: tuple[int, ...] = ()
    slowest: int = NOBODY
    #: mosquito gifts: seats that still owe a choice, and each seat's committed card (-1 none)
    givers: tuple[int, ...] = ()
    gifts: tuple[int, ...] = ()
    #: a caught cheater waits for the old guard's card
    settle_from: int = NOBODY
    settle_to: int = NOBODY
    #: with last_card_action: the seat whose last card is still acting; the round ends afterwards
    finisher: int = NOBODY
    round_until: int = 0
    #: consecutive turns on which nothing could be drawn or played (a whole circle blocks the round)
    passes: int = 0
    round_points: tuple[tuple[int, ...], ...] = ()
    cheats: tuple[int, ...] = ()
    caught: tuple[int, ...] = ()
    wrong_accusations: tuple[int, ...] = ()
    #: when the wait for the seats the phase waits for ends (``engine.wait_until``), NO_WAIT if unlimited
    wait_until: int = NO_WAIT
    #: the next deadline (see ``engine.next_due``), NO_DUE if none
    due: int = NO_DUE
    #: the most recent events and the sequence number of the first of them
    log: tuple[Event, ...] = ()
    log_start: int = 0


# ------------------------------------------------------------------- small pure helpers over state


def can_cheat(state: State, seat: int) -> bool:
    """Whether ``seat`` may start a cheat or a fidget now."""
    return (
        seat != state.guard
        and state.settle_from == NOBODY
        and state.phase in CHEAT_PHASES
        and state.cheat_card[seat] == NO_TELL
        and len(state.hands[seat]) >= 2
    )


def giveable(state: State, seat: int) -> list[int]:
    """Cards ``seat`` may give (spider, mosquito): no moth, not the card being cheated, never the last card."""
    hand = state.hands[seat]
    if len(hand) < 2 and not (state.rules.give_last_card and hand):
        return []
    held = state.cheat_card[seat]
    return [c for c in hand if not IS_MOTH[c] and c != held]


def totals(state: State) -> list[int]:
    """Penalty points per seat over the rounds played so far."""
    n = len(state.hands)
    return [sum(points[s] for points in state.round_points) for s in range(n)]
