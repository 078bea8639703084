"""Wordland's msgspec Structs: the frozen state and its parts, the resolved options and a category card.

They live in a module of their own that stays interpreted in the compiled build (setup.py's COMPILED list):
mypyc drops the class keywords (``frozen=True``, ``gc=False``) of Structs defined in a compiled module, while
the functions over them in state.py, content.py and the engine are compiled."""

from __future__ import annotations

import msgspec

from tischrunde.core.game import Config


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
    round_until: int = 0  # phase round_over: when the next round starts


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole game: what may change every turn, and the ``deal`` (what changes at most once a phase);
    ``red_state`` / ``purple_state`` are "none", "held", "laid" or "gone"."""

    config: Config
    options: Options
    deal: Deal
    phase: str  # "choose" | "bet" | "play" | "round_over" | "over"
    characters: tuple[str, ...]
    cards: tuple[str, ...]
    red_state: str  # "none" | "held" | "laid" | "gone"
    purple_state: str
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
