"""Wordland's data model: characters, constants, actions and the frozen state."""

from __future__ import annotations

import msgspec

from tischrunde.core.game import Action, Config, NextRound
from tischrunde.games.wordland.content import COLOURS

QUEEN = "queen"
RABBIT = "white_rabbit"
TWEEDLES = "tweedles"
CAT = "cheshire_cat"
CATERPILLAR = "caterpillar"
ALICE = "alice"
HATTER = "mad_hatter"
GUARD = "royal_guard"
CHARACTERS = (QUEEN, RABBIT, TWEEDLES, CAT, CATERPILLAR, ALICE, HATTER, GUARD)
FROM_FOUR = (CATERPILLAR, ALICE)
MAX_WORD_LENGTH = 40
SAMPLE_WORDS = 3
DIFFICULTY_COLOURS = {
    "easy": ("blue",),
    "normal": ("blue", "purple", "green"),
    "hard": ("purple", "green", "green"),
}
DEFAULT_SCORING = {str(n): [*range(n - 1), n] for n in range(3, 9)}
#: the most points a scoring card may be worth
MAX_CARD_POINTS = 100
#: a word that is not correct: the engine's checks whose failure puts the player out (``wrong_word=out``)
WRONG_WORD_CODES = ("forbidden_letter", "repeated_word")
DECK_NAMES = ("categories", "characters", *(f"letters_{c}" for c in COLOURS))


# ---------------------------------------------------------------- actions


class ChooseCategory(Action, frozen=True, tag="choose_category"):
    """The Queen picks one of the two drawn category cards (0 or 1)."""

    index: int


class Bet(Action, frozen=True, tag="bet"):
    """The Caterpillar's secret bet on another seat, before the round."""

    seat: int


class Say(Action, frozen=True, tag="say"):
    """The active player's word (typed input)."""

    word: str


class SaidIt(Action, frozen=True, tag="said_it"):
    """The active player confirms a spoken word (spoken input, one table)."""


class Object(Action, frozen=True, tag="object"):
    """Object to the word of turn ``turn_id`` within its objection window."""

    turn_id: int


class Vote(Action, frozen=True, tag="vote"):
    """A ballot in the running vote: against = the word is invalid."""

    against: bool


class PlaceLetter(Action, frozen=True, tag="place_letter"):
    """Queen / White Rabbit lay out their secret letter right after their own turn."""

    replace_red: bool = False


class Extend(Action, frozen=True, tag="extend"):
    """Tweedles: spend a time token to add one timer length to the running turn."""


class CatPass(Action, frozen=True, tag="cat_pass"):
    """Cheshire Cat: end the own turn without a word, once per round."""


class HatterIgnore(Action, frozen=True, tag="hatter_ignore"):
    """Mad Hatter: ignore one displayed letter for the rest of the round."""

    letter: str


class GuardForce(Action, frozen=True, tag="guard_force"):
    """Royal Guard: make another player take a turn at once."""

    seat: int


WordlandAction = (
    ChooseCategory
    | Bet
    | Say
    | SaidIt
    | Object
    | Vote
    | PlaceLetter
    | Extend
    | CatPass
    | HatterIgnore
    | GuardForce
    | NextRound  # the Queen's tap that ends the round_over pause (the engine handles it; not in legal_actions)
)


# ---------------------------------------------------------------- state


class Options(msgspec.Struct, frozen=True):
    """The resolved rule options (times in ms)."""

    difficulty: str
    timer_ms: int
    objection_ms: int
    vote_ms: int
    choose_ms: int
    fold_umlauts: bool
    spoken: bool
    scoring: tuple[int, ...]
    hatter_all: bool
    bonus_when_out: bool
    rounds: int
    wrong_word_out: bool = True
    round_pause_ms: int = 0


class Letter(msgspec.Struct, frozen=True):
    """A displayed forbidden letter: its colour and where it came from ("table", "queen", "rabbit")."""

    letter: str
    colour: str
    source: str  # "table" | "queen" | "rabbit"


class Said(msgspec.Struct, frozen=True):
    """One turn's result this round: a word (None when spoken) or a pass, and its judging status
    ("wrong": a typed word that broke a letter or repeated, ``reason`` says which; the player went out)."""

    turn_id: int
    seat: int
    word: str | None
    status: str  # "accepted" | "kept" | "rejected" | "pass" | "wrong"
    reason: str | None = None  # status "wrong": "forbidden_letter" | "repeated_word"
    letter: str | None = None  # reason "forbidden_letter": the letter


class Window(msgspec.Struct, frozen=True):
    """An open objection window on an accepted word."""

    turn_id: int
    seat: int
    word: str | None
    closes_at: int


class Ballot(msgspec.Struct, frozen=True):
    """A running vote on an objected word; ballots per seat (None = not cast, True = against)."""

    turn_id: int
    seat: int
    word: str | None
    objector: int
    voters: tuple[int, ...]
    ballots: tuple[bool | None, ...]
    started: int
    deadline: int


class RoundResult(msgspec.Struct, frozen=True):
    """A finished round: cards taken, points, bonuses, the revealed bet and the words."""

    round: int
    category: str
    letters: tuple[Letter, ...]
    characters: tuple[str, ...]
    cards: tuple[int, ...]
    card_points: tuple[int, ...]
    bonus: tuple[int, ...]
    bet: int | None
    words: tuple[Said, ...]
    could_have_said: tuple[str, ...]


class State(msgspec.Struct, frozen=True):
    """The whole game; ``red_state`` / ``purple_state`` are "none", "held", "laid" or "gone"."""

    config: Config
    options: Options
    rng: int
    round: int
    phase: str  # "choose" | "bet" | "play" | "round_over" | "over"
    characters: tuple[str, ...]
    cards: tuple[str, ...]
    category_deck: tuple[str, ...]
    category_choice: tuple[str, ...]
    declined: str | None
    category: str | None
    letter_decks: tuple[tuple[str, ...], ...]
    table_letters: tuple[Letter, ...]
    red_letter: str | None
    red_state: str  # "none" | "held" | "laid" | "gone"
    purple_letter: str | None
    purple_state: str
    hatter_ignored: str | None
    tweedle_tokens: int
    bet: int | None
    phase_deadline: int | None
    turn: int | None
    turn_id: int
    turn_deadline: int | None
    resume: int | None
    forced: bool
    just_played: int | None
    out: tuple[bool, ...]
    out_order: tuple[int, ...]
    words: tuple[Said, ...]
    windows: tuple[Window, ...]
    vote: Ballot | None
    points: tuple[int, ...]
    history: tuple[RoundResult, ...]
    stat_words: tuple[int, ...]
    stat_outs: tuple[int, ...]
    stat_objections: tuple[int, ...]
    stat_rejected: tuple[int, ...]
    round_until: int = 0  # phase round_over: when the next round starts
    last_t: int = 0
