"""What one seat (or the table screen) sees of an Emojito game: the view function and its type."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from tischrunde.games.emojito import rules
from tischrunde.games.emojito.state import SKIPPED, Mode, Phase, State, round_json


def plain(value: Any) -> Any:
    """JSON-safe builtins (lists, not tuples) of a struct."""
    return msgspec.json.decode(msgspec.json.encode(value))


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None = spectator / table screen): a JSON-safe dict of the shape :class:`View`."""
    n = state.config.players
    phase = state.phase
    is_performer = seat is not None and seat in state.performers and phase != "over"
    single = state.mode != "teams"
    my_card: int | None = None
    if is_performer and seat is not None:
        my_card = state.cards[state.performers.index(seat)]
    presentation = rules.presentation(state) if phase != "over" else "face"
    eyes_closed = phase == "perform" and presentation == "sound"
    close_eyes: list[int] = []
    chain: dict[str, Any] | None = None
    pair = rules.chain_pair(state)
    if pair is not None:
        close_eyes = [s for s in range(n) if s not in pair]
        chain = {"shower": pair[0], "watcher": pair[1], "received": state.chain, "steps": n - 1}
    elif eyes_closed:
        close_eyes = [s for s in range(n) if s not in state.performers]
    if seat is None or phase == "over":
        role = "waiting"
    elif is_performer:
        role = "performer"
    elif phase == "dial" and seat in state.guessers:
        role = "guesser"
    elif state.mode == "teams":
        role = "guesser" if (seat + n // 2) % n in state.performers else "waiting"
    else:
        role = "guesser"
    challenge: dict[str, Any] | None = None
    if state.mode == "each" and phase in ("challenge", "dial"):
        declared = [s for s in state.eligible if state.declarations[s] >= 0] if state.declarations else []
        mine: bool | None = None
        if seat is not None and state.declarations and state.declarations[seat] >= 0:
            mine = state.declarations[seat] == 1
        challenge = {
            "leaders": list(state.leaders),
            "eligible": list(state.eligible),
            "declared": declared,
            "my_declaration": mine,
            "challengers": list(state.challengers) if phase == "dial" else None,
        }
    sides = []
    for side in range(len(state.progress)):
        p = state.progress[side]
        if state.mode == "coop":
            name: str | int = "team" if side == 0 else "game"
            seats = list(range(n)) if side == 0 else []
        elif state.mode == "each":
            name, seats = side, [side]
        else:
            name, seats = side, [side, side + n // 2]
        sides.append(
            {
                "side": name,
                "seats": seats,
                "progress": p,
                "field": rules.field_of(p),
                "laps": rules.laps(p),
                "trophies": list(state.trophies[side]),
                "flipped": list(state.flipped[side]),
                "count": rules.trophy_count(state, side),
            }
        )
    outcome = rules.outcome(state)
    return {
        "game": "emojito",
        "mode": state.mode,
        "phase": phase,
        "round": state.round + 1,
        "players": n,
        "seat": seat,
        "language": state.config.language,
        "secret_message": state.secret_message,
        "target": state.target,
        "wrong_step": state.wrong_step,
        "performers": list(state.performers),
        "performer": state.performers[0] if single and state.performers else None,
        "my_role": role,
        "presentation": presentation,
        "eyes_closed": eyes_closed,
        "close_eyes": close_eyes,
        "performed": list(state.done),
        "my_card": my_card,
        "chain": chain,
        "layout": list(state.layout),
        "guessers": list(state.guessers),
        "dials_set": [s for s in state.guessers if state.dials[s] != 0] if phase == "dial" else [],
        "dials_skipped": [s for s in state.guessers if state.dials[s] == SKIPPED] if phase == "dial" else [],
        "my_dial": (max(0, state.dials[seat]) or None) if seat is not None and phase == "dial" else None,
        "challenge": challenge,
        "sides": sides,
        "teams": [[i, i + n // 2] for i in range(n // 2)] if state.mode == "teams" else None,
        "contenders": list(state.contenders) if state.mode == "teams" else None,
        "scores": [rules.trophy_count(state, side) for side in range(len(state.progress))],
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "last_round": round_json(state.last) if state.last is not None else None,
        "round_until": state.round_until if phase == "round_over" else None,
        "outcome": plain(outcome) if outcome is not None else None,
    }


# ---------------------------------------------------------------------- the view's type
# ``view`` builds plain dicts (the hot path); these structs describe them exactly: ``check_view`` converts
# every view of every conformance playout to ``View``, and ``tischrunde schema emojito`` prints
# its JSON Schema. A seat's view and the table screen's (seat None) share the type.

Seat = Annotated[int, Meta(ge=0, description="A seat number, 0..players-1")]
CardId = Annotated[
    int, Meta(ge=-1, description="A picture card id (content.cards()); -1 a trophy with no card left")
]


class ChainView(msgspec.Struct, forbid_unknown_fields=True):
    """Secret message: the showing under way now, from neighbour to neighbour."""

    shower: Annotated[Seat, Meta(description="Who shows the emotion now")]
    watcher: Annotated[Seat, Meta(description="Who watches (the shower's left neighbour)")]
    received: Annotated[int, Meta(description="How many have seen it so far (the performer's showing is 1)")]
    steps: Annotated[int, Meta(description="How many showings in all (players - 1)")]


class ChallengeView(msgspec.Struct, forbid_unknown_fields=True):
    """Each for themselves, phases challenge and dial: who may challenge the leaders, and who did."""

    leaders: Annotated[list[Seat], Meta(description="The leaders (most face-up trophies, then progress)")]
    eligible: Annotated[list[Seat], Meta(description="Who may challenge this round")]
    declared: Annotated[
        list[Seat], Meta(description="Who has declared (challenge or not; secret until all did)")
    ]
    my_declaration: Annotated[
        bool | None, Meta(description="This seat's own declaration: true = challenge; null = none (yet)")
    ]
    challengers: Annotated[
        list[Seat] | None, Meta(description="Who challenged, once all declared (phase dial); else null")
    ]


class SideView(msgspec.Struct, forbid_unknown_fields=True):
    """One marker on the ring: co-op the team and the game, each one per seat, teams one per team."""

    side: Annotated[
        Literal["team", "game"] | int,
        Meta(description='"team" or "game" (co-op), else the seat or team number'),
    ]
    seats: Annotated[list[Seat], Meta(description="The seats playing this marker ([] for the game)")]
    progress: Annotated[int, Meta(ge=0, description="Fields moved in all (0 = on the start line)")]
    field: Annotated[int, Meta(ge=0, le=7, description="The field 1..7 it stands on; 0 on the start line")]
    laps: Annotated[int, Meta(ge=0, description="Start/finish line crossings")]
    trophies: Annotated[list[CardId], Meta(description="The trophies won, oldest first")]
    flipped: Annotated[list[CardId], Meta(description="Those of the trophies flipped for a challenge")]
    count: Annotated[int, Meta(description="Face-up trophies (trophies minus flipped): what counts")]


class RoundView(msgspec.Struct, forbid_unknown_fields=True):
    """The revealed previous round. Lists per performer are in the order of ``performers``."""

    round: Annotated[int, Meta(ge=1, description="Its number, from 1")]
    performers: Annotated[list[Seat], Meta(description="Who performed")]
    cards: Annotated[list[CardId], Meta(description="The card each performer acted")]
    layout: Annotated[list[CardId], Meta(description="The seven cards laid out, position 1 first")]
    answers: Annotated[list[int], Meta(description="Each performed card's position 1..7 in the layout")]
    dials: Annotated[
        list[int],
        Meta(description="Every seat's dial 1..7 (the performer's the true number); 0 unset or skipped"),
    ]
    correct: Annotated[list[Seat], Meta(description="The guessers whose dial was right")]
    moves: Annotated[list[int], Meta(description="Fields each side moved (negative: fell back)")]
    trophies_won: Annotated[list[int], Meta(description="Trophies each side won (negative: lost)")]
    challengers: Annotated[list[Seat], Meta(description="Each: who challenged")]
    challenged: Annotated[list[Seat], Meta(description="Each: the leaders challenged")]
    fallen: Annotated[list[Seat], Meta(description="Each: the challenged leaders who fell back 3")]
    skipped: Annotated[list[Seat], Meta(description="Guessers whose dial was left out (away)")]


class OutcomeDetails(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """The game's own figures: co-op the team_*/game_* fields, each and teams per seat lists."""

    rounds: Annotated[int, Meta(ge=1, description="Rounds played")]
    team_won: Annotated[bool | None, Meta(description="Co-op: the team beat the game")] = None
    team_trophies: Annotated[int | None, Meta(description="Co-op: the team's face-up trophies")] = None
    game_trophies: Annotated[int | None, Meta(description="Co-op: the game's trophies")] = None
    team_progress: Annotated[int | None, Meta(description="Co-op: the team marker's progress")] = None
    game_progress: Annotated[int | None, Meta(description="Co-op: the game marker's progress")] = None
    trophies: Annotated[list[int] | None, Meta(description="Each/teams: face-up trophies per seat")] = None
    progress: Annotated[list[int] | None, Meta(description="Each/teams: progress per seat")] = None
    flipped: Annotated[list[int] | None, Meta(description="Each: flipped trophies per seat")] = None


class OutcomeView(msgspec.Struct, forbid_unknown_fields=True):
    """The result, once the game is over."""

    scores: Annotated[
        list[float], Meta(description="Per seat: co-op 1 if the team won, else face-up trophies")
    ]
    ranks: Annotated[list[int], Meta(description="Per seat, 1 = best, shared on ties")]
    winners: Annotated[list[Seat], Meta(description="The winning seats ([] when the game beat the team)")]
    details: OutcomeDetails


class View(msgspec.Struct, forbid_unknown_fields=True):
    """What one seat (or, with ``seat`` null, the table screen / a spectator) sees of an Emojito game.

    Secret until the reveal: the performers' cards (only each performer sees their own, ``my_card``),
    the dials (only one's own, ``my_dial``) and the challenge declarations (only one's own)."""

    game: Literal["emojito"]
    mode: Annotated[Mode, Meta(description="Co-op, each for themselves, or teams")]
    phase: Annotated[
        Phase,
        Meta(
            description="perform -> chain (secret message) -> challenge (each) -> dial -> round_over -> ..."
        ),
    ]
    round: Annotated[int, Meta(ge=1, description="The round being played, from 1")]
    players: Annotated[int, Meta(ge=2, le=14)]
    seat: Annotated[Seat | None, Meta(description="Whose view this is; null = the table screen")]
    language: Literal["de", "en"]
    secret_message: Annotated[bool, Meta(description="The co-op variant secret message is played")]
    target: Annotated[int, Meta(description="Trophies that end the game (after the round)")]
    wrong_step: Annotated[int, Meta(description="Co-op: fields the game marker moves per wrong dial")]
    performers: Annotated[list[Seat], Meta(description="Who performs this round (teams: one per team)")]
    performer: Annotated[Seat | None, Meta(description="Co-op and each: the one performer; teams: null")]
    my_role: Annotated[
        Literal["performer", "guesser", "waiting"],
        Meta(description="This seat's part in the round (the table screen: waiting)"),
    ]
    presentation: Annotated[
        Literal["face", "sound", "face_sound"], Meta(description="How the performance must be shown")
    ]
    eyes_closed: Annotated[
        bool, Meta(description="The guessers close their eyes (sound only, while performing)")
    ]
    close_eyes: Annotated[list[Seat], Meta(description="Who must keep their eyes closed now")]
    performed: Annotated[list[Seat], Meta(description="Performers who have confirmed their performance")]
    my_card: Annotated[
        CardId | None,
        Meta(description="The card this seat performs: only a performer, only until the reveal"),
    ]
    chain: Annotated[ChainView | None, Meta(description="Secret message: the showing under way; else null")]
    layout: Annotated[
        list[CardId], Meta(description="The seven cards laid out, position 1 first ([] before)")
    ]
    guessers: Annotated[list[Seat], Meta(description="Who sets a dial this round (once laid out)")]
    dials_set: Annotated[list[Seat], Meta(description="Phase dial: guessers whose dial is set or skipped")]
    dials_skipped: Annotated[list[Seat], Meta(description="Phase dial: guessers whose dial is left out")]
    my_dial: Annotated[int | None, Meta(description="Phase dial: this seat's own dial 1..7, null until set")]
    challenge: Annotated[
        ChallengeView | None, Meta(description="Each, phases challenge and dial: the challenge; else null")
    ]
    sides: Annotated[list[SideView], Meta(description="The markers, in side order")]
    teams: Annotated[
        list[Annotated[list[Seat], Meta(min_length=2, max_length=2)]] | None,
        Meta(description="Teams: the partners of each team (opposite seats)"),
    ]
    contenders: Annotated[
        list[int] | None, Meta(description="Teams: the teams still playing (after a tie for first place)")
    ]
    scores: Annotated[list[int], Meta(description="Face-up trophies per side")]
    deck_count: Annotated[int, Meta(ge=0, description="Cards in the draw pile")]
    discard_count: Annotated[int, Meta(ge=0, description="Cards on the discard pile")]
    last_round: Annotated[
        RoundView | None, Meta(description="The revealed previous round; null before the first")
    ]
    round_until: Annotated[
        int | None, Meta(description="Phase round_over: when (ms) the next round starts; else null")
    ]
    outcome: Annotated[OutcomeView | None, Meta(description="Once over: the result; else null")]
