"""Emojito's frozen game state and the revealed round (``msgspec`` structs; imported through ``state.py``).

Kept apart from ``state.py`` so that the compiled build can compile the helpers there while these classes
stay ordinary interpreted ``msgspec.Struct`` classes (mypyc would drop their class keywords).
"""

from __future__ import annotations

import msgspec

from tischrunde.core.game import Config


class RoundResult(msgspec.Struct, frozen=True, gc=False):
    """A revealed round: what was performed, the dials, and how the markers moved."""

    round: int
    performers: tuple[int, ...]
    cards: tuple[int, ...]
    layout: tuple[int, ...]
    answers: tuple[int, ...]
    dials: tuple[int, ...]
    correct: tuple[int, ...]
    moves: tuple[int, ...]
    trophies_won: tuple[int, ...]
    challengers: tuple[int, ...] = ()
    challenged: tuple[int, ...] = ()
    fallen: tuple[int, ...] = ()
    skipped: tuple[int, ...] = ()


class EmojitoState(msgspec.Struct, frozen=True, gc=False):
    """The whole game. ``cards``/``answers`` (per performer) and ``dials`` are secret until the reveal."""

    config: Config
    mode: str
    secret_message: bool
    wrong_step: int
    target: int
    performer_challengeable: bool
    challenger_bonus_stacks: bool
    dial_timeout_ms: int
    rng: int
    deck: tuple[int, ...]
    progress: tuple[int, ...]
    trophies: tuple[tuple[int, ...], ...]
    flipped: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...] = ()
    phase: str = "perform"
    round: int = 0
    performers: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    done: tuple[int, ...] = ()
    chain: int = 0
    layout: tuple[int, ...] = ()
    answers: tuple[int, ...] = ()
    guessers: tuple[int, ...] = ()
    dials: tuple[int, ...] = ()
    leaders: tuple[int, ...] = ()
    eligible: tuple[int, ...] = ()
    declarations: tuple[int, ...] = ()
    challengers: tuple[int, ...] = ()
    turns: tuple[int, ...] = ()
    contenders: tuple[int, ...] = ()
    phase_t: int = 0
    last: RoundResult | None = None
    first_seat: int = 0
    round_pause_ms: int = 0
    round_until: int = 0  # phase round_over: when the next round starts
    last_t: int = 0
    perform_timeout_ms: int = 0  # 0 = the performance (and each showing of a secret message) has no limit
