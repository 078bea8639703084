"""What one seat (or the table screen) sees of an Emojito game: the view function and its type."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tischrunde.games.emojito.state import SKIPPED, EmojitoState, field_of, laps, plain, trophy_count

if TYPE_CHECKING:
    from tischrunde.games.emojito.engine import Emojito


def view(game: Emojito, state: EmojitoState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None = spectator / table screen): a JSON-safe dict of the shape :class:`EmojitoView`."""
    n = state.config.players
    phase = state.phase
    is_performer = seat is not None and seat in state.performers and phase != "over"
    single = state.mode != "teams"
    my_card: int | None = None
    if is_performer and seat is not None:
        my_card = state.cards[state.performers.index(seat)]
    presentation = game.presentation(state) if phase != "over" else "face"
    eyes_closed = phase == "perform" and presentation == "sound"
    close_eyes: list[int] = []
    chain: dict[str, Any] | None = None
    pair = game.chain_pair(state)
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
                "field": field_of(p),
                "laps": laps(p),
                "trophies": list(state.trophies[side]),
                "flipped": list(state.flipped[side]),
                "count": trophy_count(state, side),
            }
        )
    outcome = game.outcome(state)
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
        "scores": [trophy_count(state, side) for side in range(len(state.progress))],
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "last_round": plain(state.last) if state.last is not None else None,
        "round_until": state.round_until if phase == "round_over" else None,
        "outcome": plain(outcome) if outcome is not None else None,
    }
