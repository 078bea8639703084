"""What one seat (or the table screen) sees of a Wordland game: the view function and its type."""

from __future__ import annotations

from typing import Any

import msgspec

from tischrunde.games.wordland.content import category
from tischrunde.games.wordland.judging import binding_letters, displayed_letters
from tischrunde.games.wordland.state import CATERPILLAR, HATTER, QUEEN, RABBIT, State, due_at, seat_of


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The JSON-safe view of ``seat`` (None: the table screen); its shape is :class:`View`."""
    lang = state.config.language
    n = len(state.out)

    def card(cid: str | None) -> dict[str, str] | None:
        return None if cid is None else {"id": cid, "title": category(cid).title[lang]}

    queen = seat_of(state, QUEEN)
    caterpillar = seat_of(state, CATERPILLAR)
    is_queen = seat is not None and seat == queen
    my_letter = None
    if seat is not None and state.characters[seat] == QUEEN and state.red_letter is not None:
        my_letter = {"letter": state.red_letter, "colour": "red", "state": state.red_state}
    if seat is not None and state.characters[seat] == RABBIT and state.purple_letter is not None:
        my_letter = {"letter": state.purple_letter, "colour": "purple", "state": state.purple_state}
    binds = set(binding_letters(state, seat)) if seat is not None and state.phase == "play" else set()
    hatter = seat_of(state, HATTER)
    letters = [
        {
            "letter": d.letter,
            "colour": d.colour,
            "source": d.source,
            "ignored": d.letter == state.hatter_ignored,
            "ignored_for_all": d.letter == state.hatter_ignored and state.options.hatter_all,
            "binds_me": d.letter in binds,
        }
        for d in (displayed_letters(state) if state.phase not in ("over", "round_over") else [])
    ]
    vote = None
    if state.vote is not None:
        v = state.vote
        vote = {
            "turn_id": v.turn_id,
            "seat": v.seat,
            "word": v.word,
            "objector": v.objector,
            "voters": list(v.voters),
            "ballots": list(v.ballots),
            "deadline": v.deadline,
        }
    cards_now: list[int | None] = [None] * n
    if state.phase != "over":
        for k, s in enumerate(state.out_order):
            cards_now[s] = k + 1
    last = None
    if state.history:
        h = state.history[-1]
        last = {
            "round": h.round + 1,
            "survivor": h.cards.index(len(h.cards)),
            "category": card(h.category),
            "letters": [{"letter": x.letter, "colour": x.colour, "source": x.source} for x in h.letters],
            "characters": list(h.characters),
            "cards": list(h.cards),
            "card_points": list(h.card_points),
            "bonus": list(h.bonus),
            "caterpillar_bet": h.bet,
            "words": [msgspec.to_builtins(w) for w in h.words],
            "could_have_said": list(h.could_have_said),
        }
    return {
        "game": "wordland",
        "language": lang,
        "players": n,
        "seat": seat,
        "round": state.round if state.phase == "round_over" else min(state.round + 1, state.options.rounds),
        "rounds": state.options.rounds,
        "phase": state.phase,
        "options": {
            "difficulty": state.options.difficulty,
            "timer_s": state.options.timer_ms // 1000,
            "objection_s": state.options.objection_ms // 1000,
            "vote_s": state.options.vote_ms // 1000,
            "fold_umlauts": state.options.fold_umlauts,
            "input": "spoken" if state.options.spoken else "typed",
            "hatter_scope": "all" if state.options.hatter_all else "self",
            "scoring": list(state.options.scoring),
            "wrong_word": "out" if state.options.wrong_word_out else "retry",
            "round_pause_ms": state.options.round_pause_ms,
        },
        "category": card(state.category),
        "category_choice": [card(c) for c in state.category_choice] if is_queen else None,
        "declined_category": card(state.declined) if is_queen else None,
        "forbidden_letters": letters,
        "my_letter": my_letter,
        "characters": [
            {"seat": s, "character": state.characters[s], "card": state.cards[s]} for s in range(n)
        ],
        "tweedle_tokens": state.tweedle_tokens,
        "hatter_ignored": state.hatter_ignored,
        "hatter_seat": hatter,
        "caterpillar": None
        if caterpillar is None
        else {
            "seat": caterpillar,
            "bet_placed": state.bet is not None,
            "bet": state.bet if seat == caterpillar else None,
        },
        "turn": state.turn,
        "turn_id": state.turn_id,
        "turn_deadline": None if state.vote is not None else state.turn_deadline,
        "forced_turn": state.forced,
        "deadline": due_at(state),
        "round_until": state.round_until if state.phase == "round_over" else None,
        "round_result": last if state.phase == "round_over" else None,
        "words": [msgspec.to_builtins(w) for w in state.words] if state.phase != "over" else [],
        "objection_windows": [msgspec.to_builtins(w) for w in state.windows],
        "vote": vote,
        "out": list(state.out),
        "out_order": list(state.out_order) if state.phase != "over" else [],
        "scoring_cards": cards_now,
        "points": list(state.points),
        "last_round": last,
        "my_turn": seat is not None and seat == state.turn and state.phase == "play",
        "just_played": state.just_played,
    }
