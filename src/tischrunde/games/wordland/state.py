"""Wordland's msgspec Structs: the frozen state and its parts, the resolved options, a category card, and the
actions with their union.

This module is never compiled (setup.py's COMPILED list): mypyc drops the class keywords (``frozen=True``,
``gc=False``) of Structs defined in a compiled module."""

from __future__ import annotations

from typing import Literal

import msgspec

from tischrunde.core.game import Action, Config, NextRound

#: choose: the Queen picks the category; bet: the Caterpillar bets; play: the turns; scored: the round has
#: just been scored (inside one transition only: the core's round-end branch takes it on); round_over: the
#: round's result stays up; over: the game's end
Phase = Literal["choose", "bet", "play", "scored", "round_over", "over"]
#: the Queen's red / the White Rabbit's purple secret letter: none dealt, in hand, laid out, removed
SecretState = Literal["none", "held", "laid", "gone"]


class Category(msgspec.Struct, frozen=True):
    """One category card: its id, title and lexicon per language."""

    id: str
    title: dict[str, str]
    words: dict[str, tuple[str, ...]]


class Options(msgspec.Struct, frozen=True, gc=False):
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


class Letter(msgspec.Struct, frozen=True, gc=False):
    """A displayed forbidden letter: its colour and where it came from ("table", "queen", "rabbit")."""

    letter: str
    colour: str
    source: str  # "table" | "queen" | "rabbit"


class Said(msgspec.Struct, frozen=True, gc=False):
    """One turn's result this round: a word (None when spoken) or a pass, and its judging status
    ("wrong": a typed word that broke a letter or repeated, ``reason`` says which; the player went out)."""

    turn_id: int
    seat: int
    word: str | None
    status: str  # "accepted" | "kept" | "rejected" | "pass" | "wrong"
    reason: str | None = None  # status "wrong": "forbidden_letter" | "repeated_word"
    letter: str | None = None  # reason "forbidden_letter": the letter


class Window(msgspec.Struct, frozen=True, gc=False):
    """An open objection window on an accepted word."""

    turn_id: int
    seat: int
    word: str | None
    closes_at: int


class Ballot(msgspec.Struct, frozen=True, gc=False):
    """A running vote on an objected word; ballots per seat (None = not cast, True = against)."""

    turn_id: int
    seat: int
    word: str | None
    objector: int
    voters: tuple[int, ...]
    ballots: tuple[bool | None, ...]
    started: int
    deadline: int


class RoundResult(msgspec.Struct, frozen=True, gc=False):
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


class Deal(msgspec.Struct, frozen=True, gc=False):
    """What changes at most once a phase: the PRNG, the decks, the round's category and letters, the bet, the
    scores. A turn copies the ``State`` around it but keeps this part as it is (fewer fields to copy)."""

    rng: int
    round: int
    category_deck: tuple[str, ...]
    category_choice: tuple[str, ...]
    declined: str | None
    category: str | None
    letter_decks: tuple[tuple[str, ...], ...]
    table_letters: tuple[Letter, ...]
    red_letter: str | None
    purple_letter: str | None
    bet: int | None
    phase_deadline: int | None
    points: tuple[int, ...]
    history: tuple[RoundResult, ...]


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole game: what may change every turn, and the ``deal`` (what changes at most once a phase)."""

    config: Config
    options: Options
    deal: Deal
    phase: Phase
    characters: tuple[str, ...]
    cards: tuple[str, ...]  # "up" | "sideways" (its once-per-round power used) | "down" (out)
    red_state: SecretState
    purple_state: SecretState
    hatter_ignored: str | None
    tweedle_tokens: int
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
    stat_words: tuple[int, ...]
    stat_outs: tuple[int, ...]
    stat_objections: tuple[int, ...]
    stat_rejected: tuple[int, ...]
    last_t: int = 0
    round_until: int = 0  # phase round_over: when the next round starts


# ---------------------------------------------------------------- actions (tagged for the wire)


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
    | NextRound  # the Queen's tap that ends the round_over pause (the core handles it; not in legal_actions)
)
