"""Stella's rules as pure functions over the frozen ``State`` (the rules in words: the package docstring).

``apply`` is the game's transition: ``refusal`` names what an action breaks, or lets it through to the
step it takes (``choose_word``, ``mark``, ``reveal``, ``timeout``). A step that scores a round hands the
state to the round end it is given (the core's ``Game.end_round``: the game ends, pauses in
``round_over`` or goes on with ``next_round``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

import msgspec

from tischrunde.core import rng
from tischrunde.core.errors import ConfigError, GameError, IllegalActionError, NotYourTurnError
from tischrunde.core.game import Action, Config, Deadline, Event, Outcome, Timeout
from tischrunde.games.stella.content import (
    COLUMNS,
    GRID_SIZE,
    OWN_WORD_BASE,
    ROW_ORDER_ROWS,
    SPARK_POINTS,
    SUPER_SPARK_POINTS,
    check_own_words,
    word_cards,
)
from tischrunde.games.stella.state import (
    LANE,
    MAX_SEATS,
    SEATS,
    SHIFTS,
    ChooseWord,
    Mark,
    Reveal,
    RevealKind,
    RevealResult,
    RoundSummary,
    State,
    lane,
    lane_of,
    lanes,
    lowest,
    positions_in,
    seats_in,
    with_lane,
)

_replace: Final = msgspec.structs.replace


#: what follows a scored round: ``Game.end_round(state, t, last=..., pause_ms=...)``
RoundEnd = Callable[..., tuple[State, list[Event]]]


#: ``marked`` once every seat has sent (bit s per seat, the seats beyond the players included)
ALL_MARKED: Final = (1 << MAX_SEATS) - 1
#: ``marked`` at the start of a round of n players: the seats n..5 count as having sent
_UNSENT: Final = tuple(ALL_MARKED >> n << n for n in range(MAX_SEATS + 1))
#: by ``marked``: the seats still to mark, in order
_WAITING: Final = tuple(tuple(s for s in range(MAX_SEATS) if not m >> s & 1) for m in range(1 << MAX_SEATS))
_ONE_SEAT: Final = tuple((s,) for s in range(MAX_SEATS))


# --- setup ------------------------------------------------------------------------------------------


def check_config(config: Config, options: dict[str, Any]) -> None:
    """A ConfigError naming the option or deck that cannot make a game."""
    if options["min_marks"] > options["max_marks"]:
        raise ConfigError(
            "options.min_marks", options["min_marks"], f"at most max_marks ({options['max_marks']})"
        )
    needed_pictures = GRID_SIZE + COLUMNS * (options["rounds"] - 1)
    decks = config.decks or {}
    if "pictures" in decks:
        pictures = decks["pictures"]
        if (
            not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in pictures)
            or len(set(pictures)) != len(pictures)
            or len(pictures) < needed_pictures
        ):
            raise ConfigError(
                "decks.pictures", pictures, f"at least {needed_pictures} distinct picture ids >= 0"
            )
    elif options["picture_count"] < needed_pictures:
        raise ConfigError(
            "options.picture_count",
            options["picture_count"],
            f"at least {needed_pictures} for this many rounds",
        )
    own = check_own_words(options["own_words"])
    if "words" in decks:
        words = decks["words"]
        known = set(word_ids(len(own)))
        if (
            not all(isinstance(w, int) and not isinstance(w, bool) and w in known for w in words)
            or len(set(words)) != len(words)
            or len(words) < options["rounds"]
        ):
            raise ConfigError(
                "decks.words",
                words,
                f"at least {options['rounds']} distinct word card ids 0..{len(word_cards()) - 1} "
                f"(own cards {OWN_WORD_BASE}..)",
            )


def new_state(config: Config, options: dict[str, Any]) -> State:
    """The first round: pictures and word cards shuffled by the seed (or stacked), the start player scouts."""
    decks = config.decks or {}
    state = rng.seed_state(config.seed)
    if "pictures" in decks:
        pictures = tuple(decks["pictures"])
    else:
        pictures, state = rng.shuffled(state, range(options["picture_count"]))
    own_words = check_own_words(options["own_words"])
    if "words" in decks:
        words = tuple(decks["words"])[: options["rounds"]]
    else:
        all_words, state = rng.shuffled(state, range(len(word_cards())))
        if own_words:  # the room's own cards come first, in an order of their own
            mine, state = rng.shuffled(state, range(OWN_WORD_BASE, OWN_WORD_BASE + len(own_words)))
            all_words = (*mine, *all_words)
        words = all_words[: options["rounds"]]
    n = config.players
    return State(
        config=config,
        rng=state,
        dark_fall=options["dark_fall"],
        row_order=ROW_ORDER_ROWS[options["row_order"]],
        rounds=options["rounds"],
        min_marks=options["min_marks"],
        max_marks=options["max_marks"],
        mark_timeout_ms=options["mark_timeout_s"] * 1000,
        turn_timeout_ms=options["turn_timeout_s"] * 1000,
        due=options["turn_timeout_s"] * 1000 or None,
        round_pause_ms=options["round_pause_ms"],
        scout=config.first_seat or 0,
        picture_deck=pictures[GRID_SIZE:],
        word_cards=words,
        own_words=own_words,
        grid=pictures[:GRID_SIZE],
        marked=_UNSENT[n],
        scores=(0,) * n,
    )


def example_configs() -> list[Config]:
    """Configs that together use every option (the conformance suite plays them)."""
    return [
        Config(game="stella", players=3, seed=1),
        Config(game="stella", players=6, seed=2, language="en"),
        Config(game="stella", players=4, seed=3, options={"dark_fall": "one_per_card"}),
        Config(game="stella", players=5, seed=4, options={"dark_fall": "half", "max_marks": 15}),
        Config(
            game="stella",
            players=4,
            seed=5,
            options={"row_order": "bottom,top,middle", "rounds": 6, "min_marks": 2, "max_marks": 5},
        ),
        Config(
            game="stella",
            players=5,
            seed=6,
            options={"mark_timeout_s": 20, "turn_timeout_s": 1, "picture_count": 40, "round_pause_ms": 0},
        ),
        # a room's own picture folder: ids far beyond our deck, stacked in a fixed order
        Config(game="stella", players=4, seed=7, decks={"pictures": list(range(5000, 5060, 2))}),
    ]


# --- queries ----------------------------------------------------------------------------------------


def step_info(state: State) -> tuple[int | None, tuple[int, ...]] | None:
    """When time runs out now and who may act, in order; None once the game is over. Word: the scout, by
    the turn deadline; mark: who has not marked yet, by the mark deadline; reveal: the revealer, by the
    turn deadline; round over: nobody, until the pause ends."""
    phase = state.phase
    if phase == "reveal":
        turn = state.reveal_turn
        return state.due, () if turn is None else _ONE_SEAT[turn]
    if phase == "mark":
        return state.due, _WAITING[state.marked]
    if phase == "word":
        return state.due, _ONE_SEAT[state.scout]
    if phase == "round_over":
        return state.round_until, ()
    return None


def active(state: State) -> tuple[int, ...]:
    """The seats that may act now, in order."""
    info = step_info(state)
    return () if info is None else info[1]


def due(state: State) -> int | None:
    """When time runs out now (the deadline's time), if it does."""
    return state.round_until if state.phase == "round_over" else state.due


def deadline(state: State) -> Deadline | None:
    """The deadline of phase word, mark or reveal, if timed (the round pause is the core's)."""
    at = state.due
    phase = state.phase
    if at is None or phase == "over" or phase == "round_over":
        return None
    if phase == "mark":
        return Deadline(at, "mark")
    if phase == "reveal":
        return Deadline(at, "reveal", state.reveal_turn)
    return Deadline(at, "word", state.scout)


def legal_actions(state: State, seat: int) -> list[Action]:
    """The seat's legal actions; in phase mark a finite sample (``mark_sample``)."""
    phase = state.phase
    if phase == "reveal":
        if seat != state.reveal_turn:
            return []
        left = lane(state.unnamed, seat)
        return [*_REVEALS_LOW[left & 255], *_REVEALS_HIGH[left >> 8]]
    if phase == "mark":
        if 0 <= seat < MAX_SEATS and not state.marked >> seat & 1:
            return mark_sample(state, seat)
        return []
    if phase == "word" and seat == state.scout:
        return list(_CHOOSE_WORDS[: len(card_words(state, state.word_cards[state.round])[0])])
    return []


def seat_marks(state: State, seat: int) -> tuple[int, ...] | None:
    """The seat's marked positions, sorted; None before it has sent marks this round."""
    if not state.marked >> seat & 1:
        return None
    return positions_in(lane(state.marks, seat))


def unnamed_marks(state: State, seat: int) -> list[int]:
    """The seat's marked positions not named yet this round (a seat that fell included: ``State.unnamed``
    keeps only the marks still to name)."""
    named = lane_of([r.position for r in state.reveals])
    return list(positions_in(lane(state.marks, seat) & ~named))


def fallen_seats(state: State) -> tuple[bool, ...]:
    """Per seat: has fallen this round."""
    return tuple([f == 1 for f in lanes(state.fallen, state.config.players)])


def round_sparks(state: State, seat: int) -> tuple[int, int]:
    """The seat's sparks and super-sparks this round, scored while standing."""
    counts = lane(state.tally, seat)
    return counts & 15, counts >> 4


def round_points(state: State) -> list[int]:
    """Per seat: the points this round so far (2 a spark, 3 a super-spark), before the dark rule."""
    return [
        SPARK_POINTS * (c & 15) + SUPER_SPARK_POINTS * (c >> 4)
        for c in lanes(state.tally, state.config.players)
    ]


def dark_fall_points(rule: str, sparks: int, super_sparks: int) -> int:
    """What the player in the dark who fell scores for a round, by option ``dark_fall``."""
    if rule == "official":
        return sparks + 2 * super_sparks
    if rule == "one_per_card":
        return sparks + super_sparks
    return (SPARK_POINTS * sparks + SUPER_SPARK_POINTS * super_sparks) // 2


def card_words(state: State, card: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words (German, English) of a word card: a built-in one, or one of the room's own (the same words
    in both languages; one or two)."""
    if card >= OWN_WORD_BASE:
        own = state.own_words[card - OWN_WORD_BASE]
        return own, own
    built = word_cards()[card]
    return built.de, built.en


def word_ids(own: int) -> list[int]:
    """Every word card id of a game with ``own`` own cards."""
    return [*range(len(word_cards())), *range(OWN_WORD_BASE, OWN_WORD_BASE + own)]


def next_revealer(unnamed: int, start: int, players: int) -> int | None:
    """The first seat clockwise from ``start`` with a mark to name in ``unnamed``, else None: the lowest
    non-empty lane from ``start`` on, else the lowest of all (the seats beyond ``players`` have none)."""
    later = unnamed >> SHIFTS[start]
    if later:
        return start + lowest(later) // LANE
    return lowest(unnamed) // LANE if unnamed else None


def winners(state: State) -> list[int] | None:
    """Once over: the seats with the most points (a tie shares the win)."""
    if state.phase != "over":
        return None
    best = max(state.scores)
    return [s for s, v in enumerate(state.scores) if v == best]


def outcome(state: State) -> Outcome | None:
    """Scores, ranks and winners once the game is over, with every seat's falls, rounds in the dark, sparks
    and super-sparks."""
    won = winners(state)
    if won is None:
        return None
    scores = [float(s) for s in state.scores]
    ranks = [1 + sum(1 for other in scores if other > s) for s in scores]
    return Outcome(scores=scores, ranks=ranks, winners=won, details=_totals(state))


def _totals(state: State) -> dict[str, Any]:
    n = state.config.players
    falls, dark, sparks, super_sparks = [0] * n, [0] * n, [0] * n, [0] * n
    for h in state.history:
        for s in range(n):
            if h.fallen[s]:
                falls[s] += 1
        if h.dark is not None:
            dark[h.dark] += 1
        for r in h.reveals:
            tally = sparks if r.kind == "spark" else super_sparks
            for s in r.scorers:
                tally[s] += 1
    return {"falls": falls, "dark": dark, "sparks": sparks, "super_sparks": super_sparks}


# --- the mark sample --------------------------------------------------------------------------------

#: samples of the mark phase's legal_actions per option pair (min_marks, max_marks)
_SAMPLE_COUNT: Final = 128
_SUBSETS_PER_SAMPLE: Final = 8


def mark_sample(state: State, seat: int) -> list[Action]:
    """The mark phase's legal_actions: all single marks (when allowed) plus a few subsets, the seat's
    sample of ``mark_samples`` in this round of this game."""
    samples = mark_samples(state.min_marks, state.max_marks)
    # which of the _SAMPLE_COUNT samples: the top 7 bits of a 32-bit multiplicative mix of the seed (folded
    # to 24 bits), the round (4 bits) and the seat (3 bits)
    seed = state.config.seed
    x = (
        ((seed ^ seed >> 24 ^ seed >> 48) & 0xFFFFFF) << 7 | (state.round & 15) << 3 | seat
    ) * 0x45D9F3B & 0xFFFFFFFF
    x = (x ^ x >> 16) * 0x45D9F3B & 0xFFFFFFFF
    return list(samples[x >> 25])


@functools.cache
def mark_samples(min_marks: int, max_marks: int) -> tuple[tuple[Action, ...], ...]:
    """The ``_SAMPLE_COUNT`` mark samples of an option pair, built once (actions are frozen; the lists
    inside are never changed). Sample i: every single mark when
    ``min_marks <= 1``, then up to ``_SUBSETS_PER_SAMPLE`` distinct subsets of ``low = max(2, min_marks)`` to
    ``max_marks`` cards from at most 32 draws of the PRNG seeded ``rng.seed_state(i)``: a draw's 64 bits
    give the size ``low + (bits >> 60) % (max_marks - low + 1)`` and an order of the 15 positions by their
    nibble (position p: bits 4p..4p+3; ties by position); the subset is the ``size`` first positions of
    that order. The sample depends on nothing but the options and i, so it never touches a game's PRNG."""
    singles: tuple[Action, ...] = _SINGLE_MARKS if min_marks <= 1 else ()
    low = max(2, min_marks)
    samples: list[tuple[Action, ...]] = []
    for i in range(_SAMPLE_COUNT):
        chosen: list[tuple[int, ...]] = []
        r = rng.seed_state(i)
        for _ in range(32 if low <= max_marks else 0):
            bits, r = rng.next_u64(r)
            size = low + (bits >> 60) % (max_marks - low + 1)
            order = sorted(range(GRID_SIZE), key=lambda p: ((bits >> (4 * p)) & 15, p))
            subset = tuple(sorted(order[:size]))
            if subset not in chosen:
                chosen.append(subset)
                if len(chosen) == _SUBSETS_PER_SAMPLE:
                    break
        samples.append((*singles, *[Mark(list(c)) for c in chosen]))
    return tuple(samples)


# --- refusals: what an action breaks ----------------------------------------------------------------


def refusal(state: State, seat: int | None, action: Action) -> GameError | None:
    """Why ``seat`` may not take ``action`` now (the error ``apply`` raises), or None. The round pause, the
    time and the deadline are the core's (``Game.apply``); a Timeout it lets through is always taken."""
    phase = state.phase
    kind = type(action)
    # the actions of the seat whose turn it is first: only they can be taken
    if kind is Reveal:
        if phase == "reveal" and seat is not None and seat == state.reveal_turn:
            position = action.position  # type: ignore[attr-defined]
            if (
                (type(position) is int or isinstance(position, int))
                and 0 <= position < GRID_SIZE
                and lane(state.unnamed, seat) >> position & 1
            ):
                return None
            return IllegalActionError(
                "name one of your own marked cards that has not been named yet",
                code="bad_reveal",
                rule="reveal",
            )
    elif kind is Mark:
        if phase == "mark" and seat is not None and 0 <= seat < state.config.players:
            return _bad_marks(state, seat, action.cards)  # type: ignore[attr-defined]
    elif kind is ChooseWord:
        if phase == "word" and seat is not None and seat == state.scout:
            return _bad_word_choice(state, seat, action.index)  # type: ignore[attr-defined]
    elif kind is Timeout:
        return None
    if seat is None or not 0 <= seat < state.config.players:
        return NotYourTurnError(f"seat {seat} is not a player at this table", code="not_a_seat", rule="seats")
    if phase == "over":
        return IllegalActionError("the game is over", code="game_over", rule="end")
    if isinstance(action, Reveal):
        if phase != "reveal":
            return IllegalActionError(
                "cards are named after everyone has marked", code="not_reveal_phase", rule="reveal"
            )
        return NotYourTurnError(
            f"it is seat {state.reveal_turn}'s turn to name a card", code="not_revealer", rule="reveal"
        )
    if isinstance(action, Mark):
        return IllegalActionError(
            "marks are only made after the word is chosen", code="not_mark_phase", rule="mark"
        )
    if isinstance(action, ChooseWord):
        return _bad_word_choice(state, seat, action.index)
    return IllegalActionError(
        f"{type(action).__name__} is not a Stella action", code="unknown_action", rule="actions"
    )


def _bad_word_choice(state: State, seat: int, index: int) -> GameError | None:
    if state.phase != "word":
        return IllegalActionError(
            "the word has already been chosen this round", code="not_word_phase", rule="word"
        )
    if seat != state.scout:
        return NotYourTurnError(
            f"only the scout (seat {state.scout}) chooses the word", code="not_scout", rule="word"
        )
    if not 0 <= index < len(card_words(state, state.word_cards[state.round])[0]):
        return IllegalActionError("choose word 0 or word 1 of the word card", code="bad_word", rule="word")
    return None


def _bad_marks(state: State, seat: int, cards: list[int]) -> GameError | None:
    if state.marked >> seat & 1:
        return NotYourTurnError("you have already marked this round", code="already_marked", rule="mark")
    chosen = 0
    twice = False
    for p in cards:  # grid positions: ints (not bools) 0..14
        if (type(p) is not int and (not isinstance(p, int) or isinstance(p, bool))) or not 0 <= p < GRID_SIZE:
            return IllegalActionError(
                f"marks are grid positions 0..{GRID_SIZE - 1}", code="bad_position", rule="mark"
            )
        bit = 1 << p
        if chosen & bit:
            twice = True
        chosen |= bit
    if twice:
        return IllegalActionError("each card can be marked only once", code="duplicate_mark", rule="mark")
    if not state.min_marks <= len(cards) <= state.max_marks:
        return IllegalActionError(
            f"mark at least {state.min_marks} and at most {state.max_marks} cards",
            code="mark_count",
            rule="mark",
        )
    return None


# --- transitions ------------------------------------------------------------------------------------


def apply(
    state: State, seat: int | None, action: Action, t: int, end_round: RoundEnd
) -> tuple[State, list[Event]]:
    """The game's transition (after the core's checks): the action's step, or its refusal raised; a scored
    round goes on to ``end_round``."""
    error = refusal(state, seat, action)
    if error is not None:
        raise error
    kind = type(action)
    if kind is Reveal:
        return reveal(state, seat, action.position, t, end_round)  # type: ignore[arg-type, attr-defined]
    if kind is Mark:
        return mark(state, seat, action.cards, t, end_round)  # type: ignore[arg-type, attr-defined]
    if kind is Timeout:
        return timeout(state, t, end_round)
    if isinstance(action, ChooseWord):
        return choose_word(state, state.scout, action.index, t)
    if isinstance(action, Mark):
        return mark(state, seat, action.cards, t, end_round)  # type: ignore[arg-type]
    assert isinstance(action, Reveal)
    return reveal(state, seat, action.position, t, end_round)  # type: ignore[arg-type]


def timeout(state: State, t: int, end_round: RoundEnd) -> tuple[State, list[Event]]:
    """Time is up (the core checked it is due): late markers mark nothing; a late scout gets the first
    word; a late revealer names their first unnamed mark."""
    phase = state.phase
    if phase == "word":
        state, events = choose_word(state, state.scout, 0, t)
        return state, [_TIMED_OUT[state.scout], *events]
    if phase == "reveal":
        turn = state.reveal_turn
        assert turn is not None
        state, events = reveal(state, turn, lowest(lane(state.unnamed, turn)), t, end_round)
        return state, [_TIMED_OUT[turn], *events]
    events = [_TIMED_OUT[s] for s in _WAITING[state.marked]]
    state, more = _count_marks(state, state.marks, t, end_round)
    return state, events + more


def choose_word(state: State, seat: int, index: int, t: int) -> tuple[State, list[Event]]:
    """The scout chooses word ``index``: the marking starts."""
    de, en = card_words(state, state.word_cards[state.round])
    timeout = state.mark_timeout_ms
    new = _replace(state, phase="mark", word_index=index, due=t + timeout if timeout > 0 else None, last_t=t)
    return new, [Event("word_chosen", seat, {"word": {"de": de[index], "en": en[index]}})]


def mark(state: State, seat: int, cards: list[int], t: int, end_round: RoundEnd) -> tuple[State, list[Event]]:
    """The seat's marks; the last one to mark starts the count."""
    marks = with_lane(state.marks, seat, lane_of(cards))
    marked = state.marked | 1 << seat
    events = [_MARKED[seat], Event("my_marks", seat, {"cards": sorted(cards)}, _ONE_SEAT[seat])]
    if marked != ALL_MARKED:  # others are still marking
        return _replace(state, marks=marks, marked=marked, last_t=t), events
    state, more = _count_marks(state, marks, t, end_round)
    events += more
    return state, events


def _count_marks(state: State, marks: int, t: int, end_round: RoundEnd) -> tuple[State, list[Event]]:
    """Everyone has sent ``marks`` (or timed out): show the counts, find the player in the dark, start the
    reveals with the scout."""
    n = state.config.players
    counts = tuple([m.bit_count() for m in lanes(marks, n)])
    top = max(counts)
    dark = counts.index(top) if counts.count(top) == 1 else None
    events = [Event("counts", None, {"counts": list(counts), "dark": dark})]
    turn = next_revealer(marks, state.scout, n)
    timeout = state.turn_timeout_ms
    state = _replace(
        state,
        marks=marks,
        unnamed=marks,
        marked=ALL_MARKED,
        phase="reveal",
        counts=counts,
        dark=dark,
        reveal_turn=turn,
        due=t + timeout if timeout > 0 and turn is not None else None,
        last_t=t,
    )
    if turn is None:  # nobody marked anything
        state, more = _score_round(state, t, end_round)
        events += more
    return state, events


def reveal(state: State, seat: int, position: int, t: int, end_round: RoundEnd) -> tuple[State, list[Event]]:
    """The revealer names ``position``: everyone who marked it is shown; alone, the revealer falls. The
    turn passes clockwise to the next seat with a mark to name; when there is none the round is scored."""
    holders = state.marks >> position & SEATS  # the seats whose lane has the position
    markers = seats_in(holders)
    unnamed = state.unnamed & ~(SEATS << position)  # the position, named, leaves every lane
    fallen = state.fallen
    tally = state.tally
    card = state.grid[position]
    kind: RevealKind
    scorers: tuple[int, ...]
    if len(markers) == 1:
        fallen |= holders
        unnamed = with_lane(unnamed, seat, 0)  # a fallen player's marks are never named
        kind, scorers, points = "fall", (), 0
        events = [
            Event("revealed", seat, reveal_data(position, card, seat, markers, kind, scorers, points)),
            _FELL[seat],
        ]
    else:
        standing = holders & ~fallen
        scorers = markers if standing == holders else seats_in(standing)
        if len(markers) >= 3:
            tally += standing  # one more spark in each scorer's lane
            kind, points = "spark", SPARK_POINTS
        else:
            tally += standing << 4  # one more super-spark
            kind, points = "super_spark", SUPER_SPARK_POINTS
        events = [Event("revealed", seat, reveal_data(position, card, seat, markers, kind, scorers, points))]
    reveals = state.reveals + (RevealResult(position, card, seat, markers, kind, scorers, points),)  # noqa: RUF005 (half the cost of unpacking)
    n = state.config.players
    turn = next_revealer(unnamed, seat + 1 if seat + 1 < n else 0, n)
    timeout = state.turn_timeout_ms
    state = _replace(
        state,
        reveals=reveals,
        unnamed=unnamed,
        fallen=fallen,
        tally=tally,
        reveal_turn=turn,
        due=t + timeout if timeout > 0 and turn is not None else None,
        last_t=t,
    )
    if turn is None:
        state, more = _score_round(state, t, end_round)
        events += more
    return state, events


def _score_round(state: State, t: int, end_round: RoundEnd) -> tuple[State, list[Event]]:
    """The round's points (the dark rule applied) go to the scores and the round to the history; then the
    round ends."""
    round_, dark = state.round, state.dark
    points = round_points(state)
    fallen = fallen_seats(state)
    if dark is not None and fallen[dark]:
        sparks, super_sparks = round_sparks(state, dark)
        points[dark] = dark_fall_points(state.dark_fall, sparks, super_sparks)
    summary = RoundSummary(
        round_,
        state.scout,
        state.word_cards[round_],
        state.word_index,
        state.counts,
        dark,
        state.reveals,
        fallen,
        tuple(points),
    )
    scores = tuple([a + b for a, b in zip(state.scores, points, strict=True)])
    events = [Event("round_end", None, {"round": round_ + 1, "points": points})]
    last = round_ + 1 >= state.rounds
    if last:
        events.append(Event("game_end", None, {"scores": list(scores)}))
    history = (*state.history, summary)
    state = _replace(state, history=history, scores=scores, reveal_turn=None, due=None, tally=0, last_t=t)
    state, more = end_round(state, t, last=last, pause_ms=state.round_pause_ms)
    return state, events + more


def next_round(state: State, t: int) -> tuple[State, list[Event]]:
    """The next row gets new pictures, the marks are reset and the scout passes clockwise."""
    n = state.config.players
    row = state.row_order[state.round % len(state.row_order)]
    start = row * COLUMNS
    grid = (*state.grid[:start], *state.picture_deck[:COLUMNS], *state.grid[start + COLUMNS :])
    timeout = state.turn_timeout_ms
    state = _replace(
        state,
        grid=grid,
        picture_deck=state.picture_deck[COLUMNS:],
        round=state.round + 1,
        scout=(state.scout + 1) % n,
        phase="word",
        word_index=None,
        marks=0,
        marked=_UNSENT[n],
        counts=(),
        dark=None,
        reveals=(),
        unnamed=0,
        fallen=0,
        due=t + timeout if timeout > 0 else None,
        last_t=t,
    )
    return state, [Event("row_replaced", None, {"row": row, "cards": list(grid[start : start + COLUMNS])})]


def rerandomize_hidden(state: State, seat: int | None, seed: int) -> State:
    """Everything ``seat`` cannot see drawn anew: the picture pile, the word cards to come and the other
    seats' marks not named yet."""
    r = rng.seed_state(seed * 7919 + 17)
    deck, r = rng.shuffled(r, state.picture_deck)
    # the upcoming word cards (and the current one, until the scout has chosen, for everyone else)
    keep = state.round + (1 if state.word_index is not None or seat == state.scout else 0)
    used = set(state.word_cards[:keep])
    pool, r = rng.shuffled(r, [w for w in word_ids(len(state.own_words)) if w not in used])
    words = (*state.word_cards[:keep], *pool[: len(state.word_cards) - keep])
    marks = state.marks
    unnamed = state.unnamed
    named = {rv.position for rv in state.reveals}
    for s in range(state.config.players):
        m = seat_marks(state, s)
        if s == seat or m is None:
            continue
        chosen: tuple[int, ...]
        if state.phase == "mark":
            size, r = rng.randbelow(r, state.max_marks - state.min_marks + 1)
            cards, r = rng.shuffled(r, range(GRID_SIZE))
            chosen = cards[: state.min_marks + size]
        else:
            shown = [p for p in m if p in named]
            free, r = rng.shuffled(r, [p for p in range(GRID_SIZE) if p not in named])
            chosen = (*shown, *free[: len(m) - len(shown)])
        marks = with_lane(marks, s, lane_of(chosen))
        if lane(unnamed, s):  # still to name: the new marks not named
            unnamed = with_lane(unnamed, s, lane_of([p for p in chosen if p not in named]))
    fresh, r = rng.next_u64(r)
    return _replace(state, rng=fresh, picture_deck=deck, word_cards=words, marks=marks, unnamed=unnamed)


def reveal_data(
    position: int,
    card: int,
    revealer: int,
    markers: tuple[int, ...],
    kind: str,
    scorers: tuple[int, ...],
    points: int,
) -> dict[str, Any]:
    """A named card as the view shows it (``RevealView``), from its fields: the ``revealed`` event's data."""
    return {
        "position": position,
        "card": card,
        "revealer": revealer,
        "markers": list(markers),
        "kind": kind,
        "scorers": list(scorers),
        "points": points,
    }


#: the actions legal_actions lists, built once (actions are frozen)
_REVEALS: Final = tuple(Reveal(p) for p in range(GRID_SIZE))
#: by the low 8 and the high 7 bits of a lane: the Reveal of each position, in order (as ``positions_in``)
_REVEALS_LOW: Final = tuple(tuple(_REVEALS[p] for p in positions_in(m)) for m in range(256))
_REVEALS_HIGH: Final = tuple(tuple(_REVEALS[p] for p in positions_in(m << 8)) for m in range(128))
_CHOOSE_WORDS: Final = (ChooseWord(0), ChooseWord(1))
#: every single mark (the list inside is never changed)
_SINGLE_MARKS: Final[tuple[Action, ...]] = tuple(Mark([p]) for p in range(GRID_SIZE))
#: the events without data, built once (events are frozen)
_MARKED: Final = tuple(Event("marked", s) for s in range(MAX_SEATS))
_FELL: Final = tuple(Event("fell", s) for s in range(MAX_SEATS))
_TIMED_OUT: Final = tuple(Event("timed_out", s) for s in range(MAX_SEATS))
