"""What one seat (or the table screen) sees of a Wordland game: the view function and its type."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from tischrunde.games.wordland.content import CATERPILLAR, HATTER, QUEEN, RABBIT, category
from tischrunde.games.wordland.rules import binding_letters, displayed_letters, due, seat_of
from tischrunde.games.wordland.state import State


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
    if seat is not None and state.characters[seat] == QUEEN and state.deal.red_letter is not None:
        my_letter = {"letter": state.deal.red_letter, "colour": "red", "state": state.red_state}
    if seat is not None and state.characters[seat] == RABBIT and state.deal.purple_letter is not None:
        my_letter = {"letter": state.deal.purple_letter, "colour": "purple", "state": state.purple_state}
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
    if state.deal.history:
        h = state.deal.history[-1]
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
        "round": state.deal.round
        if state.phase == "round_over"
        else min(state.deal.round + 1, state.options.rounds),
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
        "category": card(state.deal.category),
        "category_choice": [card(c) for c in state.deal.category_choice] if is_queen else None,
        "declined_category": card(state.deal.declined) if is_queen else None,
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
            "bet_placed": state.deal.bet is not None,
            "bet": state.deal.bet if seat == caterpillar else None,
        },
        "turn": state.turn,
        "turn_id": state.turn_id,
        "turn_deadline": None if state.vote is not None else state.turn_deadline,
        "forced_turn": state.forced,
        "deadline": due(state),
        "round_until": state.round_until if state.phase == "round_over" else None,
        "round_result": last if state.phase == "round_over" else None,
        "words": [msgspec.to_builtins(w) for w in state.words] if state.phase != "over" else [],
        "objection_windows": [msgspec.to_builtins(w) for w in state.windows],
        "vote": vote,
        "out": list(state.out),
        "out_order": list(state.out_order) if state.phase != "over" else [],
        "scoring_cards": cards_now,
        "points": list(state.deal.points),
        "round_points": [
            [c + b for c, b in zip(h.card_points, h.bonus, strict=True)] for h in state.deal.history
        ],
        "last_round": last,
        "my_turn": seat is not None and seat == state.turn and state.phase == "play",
        "just_played": state.just_played,
    }


# ---------------------------------------------------------------- the view's type

Character = Literal[
    "queen", "white_rabbit", "tweedles", "cheshire_cat", "caterpillar", "alice", "mad_hatter", "royal_guard"
]
Colour = Literal["blue", "purple", "green", "red"]
Source = Literal["table", "queen", "rabbit"]
Status = Literal["accepted", "kept", "rejected", "pass", "wrong"]


def _doc(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


class ViewOptions(msgspec.Struct, forbid_unknown_fields=True):
    """The table's rule options as the players chose them (times in seconds unless named ``_ms``)."""

    difficulty: Annotated[Literal["easy", "normal", "hard"], _doc("how many letters are forbidden")]
    timer_s: Annotated[int, _doc("seconds per turn (the teapot)")]
    objection_s: Annotated[int, _doc("seconds to object after an accepted word (0 = no objections)")]
    vote_s: Annotated[int, _doc("seconds a vote lasts at most")]
    fold_umlauts: Annotated[bool, _doc("Ä, Ö, Ü count as A, O, U and ß as S for forbidden letters")]
    input: Annotated[Literal["typed", "spoken"], _doc("words typed on phones, or said aloud at one table")]
    hatter_scope: Annotated[Literal["self", "all"], _doc("the Hatter's ignored letter: for him only, or all")]
    scoring: Annotated[list[int], _doc("the scoring cards' points: card k (1-based) is worth scoring[k - 1]")]
    wrong_word: Annotated[Literal["out", "retry"], _doc("a wrong typed word puts out, or may be retried")]
    round_pause_ms: Annotated[int, _doc("how long a round's result stays up (0 = no pause)")]


class CategoryCard(msgspec.Struct, forbid_unknown_fields=True):
    """A category card: its id and its title in the table's language."""

    id: str
    title: str


class ForbiddenLetter(msgspec.Struct, forbid_unknown_fields=True):
    """A forbidden letter on the table now (phases choose, bet and play)."""

    letter: Annotated[str, _doc("the letter, lowercase")]
    colour: Colour
    source: Annotated[Source, _doc("dealt to the table, or laid out by the Queen / the White Rabbit")]
    ignored: Annotated[bool, _doc("the Mad Hatter ignores this letter")]
    ignored_for_all: Annotated[bool, _doc("ignored for everyone (hatter_scope all), not for the Hatter only")]
    binds_me: Annotated[bool, _doc("binds this seat's words now (phase play; false on the table screen)")]


class RoundLetter(msgspec.Struct, forbid_unknown_fields=True):
    """A forbidden letter of a finished round."""

    letter: str
    colour: Colour
    source: Source


class MyLetter(msgspec.Struct, forbid_unknown_fields=True):
    """The secret letter of the Queen (red) or the White Rabbit (purple), seen by its holder only."""

    letter: str
    colour: Literal["red", "purple"]
    state: Annotated[Literal["held", "laid", "gone"], _doc("in hand, laid out, or gone (removed)")]


class CharacterCard(msgspec.Struct, forbid_unknown_fields=True):
    """A seat's character this round and how its card lies."""

    seat: int
    character: Character
    card: Annotated[
        Literal["up", "sideways", "down"],
        _doc("face up; sideways (its once-per-round power used); face down (the player is out)"),
    ]


class Caterpillar(msgspec.Struct, forbid_unknown_fields=True):
    """The Caterpillar's secret bet."""

    seat: Annotated[int, _doc("the Caterpillar's seat")]
    bet_placed: bool
    bet: Annotated[int | None, _doc("the seat bet on: for the Caterpillar only, else null")]


class SaidWord(msgspec.Struct, forbid_unknown_fields=True):
    """One turn's result: a word (null when spoken) or a pass, and how it was judged."""

    turn_id: int
    seat: int
    word: str | None
    status: Annotated[
        Status,
        _doc("accepted; kept or rejected by a vote; pass (the Cheshire Cat); wrong (the player went out)"),
    ]
    reason: Annotated[
        Literal["forbidden_letter", "repeated_word"] | None, _doc("status wrong: why the word was wrong")
    ]
    letter: Annotated[str | None, _doc("reason forbidden_letter: the letter")]


class ObjectionWindow(msgspec.Struct, forbid_unknown_fields=True):
    """An accepted word the others may still object to."""

    turn_id: int
    seat: int
    word: str | None
    closes_at: Annotated[int, _doc("ms: the window closes")]


class RunningVote(msgspec.Struct, forbid_unknown_fields=True):
    """A running vote on an objected word (the clock stands still)."""

    turn_id: int
    seat: Annotated[int, _doc("the word's player")]
    word: str | None
    objector: int
    voters: Annotated[list[int], _doc("every seat but the word's player")]
    ballots: Annotated[list[bool | None], _doc("per seat: null = not cast, true = against, false = keep")]
    deadline: Annotated[int, _doc("ms: the vote ends")]


class RoundSummary(msgspec.Struct, forbid_unknown_fields=True):
    """A finished round: the cards taken, points, bonuses, the revealed bet and the words."""

    round: Annotated[int, _doc("the round's number (1-based)")]
    survivor: Annotated[int, _doc("the seat left in at the end")]
    category: CategoryCard
    letters: list[RoundLetter]
    characters: Annotated[list[Character], _doc("per seat")]
    cards: Annotated[list[int], _doc("per seat: the scoring card taken (the k-th out takes card k)")]
    card_points: Annotated[list[int], _doc("per seat: the card's points")]
    bonus: Annotated[list[int], _doc("per seat: Alice's and the Caterpillar's bonus")]
    caterpillar_bet: Annotated[int | None, _doc("the seat the Caterpillar bet on")]
    words: list[SaidWord]
    could_have_said: Annotated[list[str], _doc("up to five lexicon words that fitted the round's letters")]


class View(msgspec.Struct, forbid_unknown_fields=True):
    """What one seat (or the table screen, ``seat`` null) sees of a Wordland game."""

    game: Literal["wordland"]
    language: Literal["de", "en"]
    players: int
    seat: Annotated[int | None, _doc("the viewer's seat; null = the table screen")]
    round: Annotated[int, _doc("the round being played or just over (1-based)")]
    rounds: int
    phase: Annotated[
        Literal["choose", "bet", "play", "round_over", "over"],
        _doc(
            "choose: the Queen picks the category; bet: the Caterpillar bets; play: the turns; round_over: a "
            "round's result stays up; over: the game's end"
        ),
    ]
    options: ViewOptions
    category: Annotated[CategoryCard | None, _doc("the round's category once chosen")]
    category_choice: Annotated[
        list[CategoryCard] | None, _doc("the Queen only: the two cards drawn (phase choose), else null")
    ]
    declined_category: Annotated[CategoryCard | None, _doc("the Queen only: the card not chosen")]
    forbidden_letters: Annotated[list[ForbiddenLetter], _doc("empty in phases round_over and over")]
    my_letter: Annotated[MyLetter | None, _doc("the Queen's / White Rabbit's holder: the secret letter")]
    characters: Annotated[list[CharacterCard], _doc("per seat")]
    tweedle_tokens: Annotated[int, _doc("the Tweedles' time tokens left")]
    hatter_ignored: Annotated[str | None, _doc("the letter the Mad Hatter ignores this round")]
    hatter_seat: Annotated[int | None, _doc("the Mad Hatter's seat, if in play")]
    caterpillar: Annotated[Caterpillar | None, _doc("null when the Caterpillar is not in play")]
    turn: Annotated[int | None, _doc("the seat whose turn runs")]
    turn_id: Annotated[int, _doc("counts the turns of the game")]
    turn_deadline: Annotated[int | None, _doc("ms: the turn ends (null while a vote runs)")]
    forced_turn: Annotated[bool, _doc("the Royal Guard forced this turn")]
    deadline: Annotated[int | None, _doc("ms: the next timeout is due")]
    round_until: Annotated[int | None, _doc("phase round_over: ms when the next round starts")]
    round_result: Annotated[RoundSummary | None, _doc("phase round_over: the round just over")]
    words: Annotated[list[SaidWord], _doc("this round's turns (empty once the game is over)")]
    objection_windows: list[ObjectionWindow]
    vote: Annotated[RunningVote | None, _doc("the vote on an objected word, while it runs")]
    out: Annotated[list[bool], _doc("per seat: out of the round")]
    out_order: Annotated[list[int], _doc("the seats in the order they went out this round")]
    scoring_cards: Annotated[list[int | None], _doc("per seat: the scoring card taken this round, if out")]
    points: Annotated[list[int], _doc("per seat: points so far")]
    round_points: Annotated[list[list[int]], _doc("per finished round, the points per seat (card + bonus)")]
    last_round: Annotated[RoundSummary | None, _doc("the last finished round")]
    my_turn: Annotated[bool, _doc("it is this seat's turn (phase play)")]
    just_played: Annotated[
        int | None,
        _doc("the seat whose turn just ended with a word: the Queen / Rabbit may lay out a letter"),
    ]
