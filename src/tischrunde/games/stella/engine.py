"""The Stella engine: the ``Stella`` game as pure functions over a frozen ``StellaState``, and the rule
functions (rules: see the package docstring)."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from tischrunde.core import rng
from tischrunde.core.errors import ConfigError, IllegalActionError, NotYourTurnError
from tischrunde.core.game import Action, Config, Deadline, Event, Game, GameSpec, NextRound, Outcome, Timeout
from tischrunde.games.stella.actions import ChooseWord, Mark, Reveal, StellaAction
from tischrunde.games.stella.content import (
    COLUMNS,
    CONTENT,
    GRID_SIZE,
    OPTIONS,
    OWN_WORD_BASE,
    ROW_NAMES,
    SPARK_POINTS,
    SUPER_SPARK_POINTS,
    check_own_words,
    word_cards,
)
from tischrunde.games.stella.state import (
    ALL_SEATS,
    LANE,
    RevealResult,
    RoundSummary,
    StellaState,
    card_words,
    fallen_seats,
    seat_marks,
    word_ids,
)
from tischrunde.games.stella.view import StellaView, reveal_data, view

SPEC = GameSpec(
    name="stella",
    title_de="Stella",
    title_en="Stella",
    min_players=3,
    max_players=6,
    summary_de="Ein Wort, fünfzehn Traumbilder: markiert geheim, was passt, und punktet mit den anderen.",
    summary_en="One word, fifteen dream pictures: mark in secret what fits, and score with the others.",
    simultaneous=True,
    hidden_information=True,
    max_decisions=2_000,
    deck_names=("pictures", "words"),
    rules_version=1,
    options=OPTIONS,
)


_replace: Final = msgspec.structs.replace


# --- the game --------------------------------------------------------------------------------------


class Stella(Game[StellaState]):
    """Stella as pure functions over :class:`StellaState` (the view: ``tischrunde.games.stella.view``).

    After each round but the last the phase is ``round_over`` for ``round_pause_ms`` (the reveals, counts
    and fallen players stay as they were; deadline kind ``round_pause``) or until the round's scout sends
    ``NextRound()`` (not in ``legal_actions``); then a row is replaced and the next scout chooses.
    ``Config.first_seat`` (None = 0) is the first scout (the start player).
    """

    spec = SPEC
    content = CONTENT
    action_type = StellaAction
    view_type = StellaView

    # --- setup ---

    def check_config(self, config: Config, options: dict[str, Any]) -> None:
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

    def new(self, config: Config) -> StellaState:
        options = self.resolve_options(config)
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
        return StellaState(
            config=config,
            rng=state,
            dark_fall=options["dark_fall"],
            row_order=tuple(ROW_NAMES.index(r) for r in options["row_order"].split(",")),
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

    def example_configs(self) -> list[Config]:
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

    # --- queries ---

    def active_seats(self, state: StellaState) -> frozenset[int]:
        turn = _turn(state)
        return frozenset(turn[1]) if turn is not None else frozenset()

    def legal_actions(self, state: StellaState, seat: int) -> list[Action]:
        phase = state.phase
        if phase == "reveal":
            if seat != state.reveal_turn:
                return []
            left = state.marks >> (LANE * seat) & ~state.named & _POSITIONS
            return [*_REVEALS_LOW[left & 255], *_REVEALS_HIGH[left >> 8]]
        if phase == "mark":
            if 0 <= seat < 6 and not state.marked >> seat & 1:
                return _mark_sample(state, seat)
            return []
        if phase == "word" and seat == state.scout:
            return list(_CHOOSE_WORDS[: len(card_words(state, state.word_cards[state.round])[0])])
        return []

    def due_at(self, state: StellaState) -> int | None:
        turn = _turn(state)
        return turn[0] if turn is not None else None

    def deadline(self, state: StellaState) -> Deadline | None:
        due = self.due_at(state)
        if due is None:
            return None
        phase = state.phase
        if phase == "mark":
            return Deadline(due, "mark")
        if phase == "reveal":
            return Deadline(due, "reveal", state.reveal_turn)
        return Deadline(due, "round_pause" if phase == "round_over" else "word", state.scout)

    def playout_step_info(self, state: StellaState) -> tuple[int | None, tuple[int, ...]] | None:
        return _turn(state)

    # --- transitions ---

    #: every transition below sets ``last_t`` to the action's time itself
    transition_stamps_time = True

    def transition(
        self, state: StellaState, seat: int | None, action: Action, t: int
    ) -> tuple[StellaState, list[Event]]:
        phase = state.phase
        # the common cases first (every check below passes for them)
        if type(action) is Reveal:
            if phase == "reveal" and seat is not None and seat == state.reveal_turn:
                return _reveal(state, seat, action.position, t)
        elif type(action) is Mark:
            if phase == "mark" and seat is not None and 0 <= seat < state.config.players:
                return _mark(state, seat, action.cards, t)
        elif type(action) is Timeout:
            return _timeout(state, t)
        if isinstance(action, Timeout):
            return _timeout(state, t)
        if seat is None or not 0 <= seat < state.config.players:
            raise NotYourTurnError(
                f"seat {seat} is not a player at this table", code="not_a_seat", rule="seats"
            )
        if phase == "over":
            raise IllegalActionError("the game is over", code="game_over", rule="end")
        if isinstance(action, NextRound):
            if phase != "round_over":
                raise IllegalActionError(
                    "the next round starts once a round is over", code="not_round_over", rule="next_round"
                )
            if seat != state.scout:
                raise NotYourTurnError(
                    f"seat {state.scout}, the round's scout, starts the next round",
                    code="not_start_player",
                    rule="next_round",
                )
            return _next_round(state, t)
        if phase == "round_over":
            raise IllegalActionError(
                "the round is over: the next one starts in a moment", code="round_over", rule="next_round"
            )
        if isinstance(action, Reveal):
            _check_reveal_turn(state, seat)
            return _reveal(state, seat, action.position, t)
        if isinstance(action, Mark):
            if phase != "mark":
                raise IllegalActionError(
                    "marks are only made after the word is chosen", code="not_mark_phase", rule="mark"
                )
            return _mark(state, seat, action.cards, t)
        if isinstance(action, ChooseWord):
            return _choose_word(state, seat, action, t)
        raise IllegalActionError(f"{type(action).__name__} is not a Stella action", code="unknown_action")

    # --- views and results ---

    def view(self, state: StellaState, seat: int | None) -> dict[str, Any]:
        outcome = self.outcome(state)
        return view(state, seat, self.due_at(state), outcome.winners if outcome else None)

    def outcome(self, state: StellaState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = [float(s) for s in state.scores]
        best = max(scores)
        ranks = [1 + sum(1 for other in scores if other > s) for s in scores]
        return Outcome(
            scores=scores,
            ranks=ranks,
            winners=[s for s, v in enumerate(scores) if v == best],
            details=_totals(state),
        )

    def rerandomize_hidden(self, state: StellaState, seat: int | None, seed: int) -> StellaState:
        r = rng.seed_state(seed * 7919 + 17)
        deck, r = rng.shuffled(r, state.picture_deck)
        # the upcoming word cards (and the current one, until the scout has chosen, for everyone else)
        keep = state.round + (1 if state.word_index >= 0 or seat == state.scout else 0)
        used = set(state.word_cards[:keep])
        pool, r = rng.shuffled(r, [w for w in word_ids(len(state.own_words)) if w not in used])
        words = (*state.word_cards[:keep], *pool[: len(state.word_cards) - keep])
        marks = state.marks
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
            lane = 0
            for p in chosen:
                lane |= 1 << p
            marks = marks & ~(_POSITIONS << (LANE * s)) | lane << (LANE * s)
        fresh, r = rng.next_u64(r)
        return _replace(state, rng=fresh, picture_deck=deck, word_cards=words, marks=marks)


# --- the transitions (module functions: the hot path) -------------------------------------------------


def _timeout(state: StellaState, t: int) -> tuple[StellaState, list[Event]]:
    """Time is up (Game.apply checked it is due): late markers mark nothing; a late scout gets word 1; a
    late revealer names their first mark; the round pause ends."""
    phase = state.phase
    if phase == "round_over":
        return _next_round(state, t)
    if phase == "word":
        state, events = _choose_word(state, state.scout, _CHOOSE_WORDS[0], t)
        return state, [_TIMED_OUT[state.scout], *events]
    if phase == "reveal":
        turn = state.reveal_turn
        left = state.marks >> (LANE * turn) & ~state.named & _POSITIONS
        state, events = _reveal(state, turn, (left & -left).bit_length() - 1, t)
        return state, [_TIMED_OUT[turn], *events]
    events = [_TIMED_OUT[s] for s in _WAITING[state.marked]]
    state, more = _after_marking(state, state.marks, t)
    return state, events + more


def _choose_word(
    state: StellaState, seat: int, action: ChooseWord, t: int
) -> tuple[StellaState, list[Event]]:
    if state.phase != "word":
        raise IllegalActionError(
            "the word has already been chosen this round", code="not_word_phase", rule="word"
        )
    if seat != state.scout:
        raise NotYourTurnError(
            f"only the scout (seat {state.scout}) chooses the word", code="not_scout", rule="word"
        )
    de, en = card_words(state, state.word_cards[state.round])
    index = action.index
    if not 0 <= index < len(de):
        raise IllegalActionError("choose word 0 or word 1 of the word card", code="bad_word", rule="word")
    timeout = state.mark_timeout_ms
    new = _replace(state, phase="mark", word_index=index, due=t + timeout if timeout > 0 else None, last_t=t)
    return new, [Event("word_chosen", seat, {"word": {"de": de[index], "en": en[index]}})]


def _mark(state: StellaState, seat: int, cards: list[int], t: int) -> tuple[StellaState, list[Event]]:
    """A seat's marks (the caller checked the phase and that the seat is a player)."""
    marked = state.marked
    if marked >> seat & 1:
        raise NotYourTurnError("you have already marked this round", code="already_marked", rule="mark")
    lane = 0
    twice = False
    for p in cards:  # grid positions: ints (not bools) 0..14
        if (type(p) is not int and (not isinstance(p, int) or isinstance(p, bool))) or not 0 <= p < GRID_SIZE:
            raise IllegalActionError(
                f"marks are grid positions 0..{GRID_SIZE - 1}", code="bad_position", rule="mark"
            )
        bit = 1 << p
        if lane & bit:
            twice = True
        lane |= bit
    if twice:
        raise IllegalActionError("each card can be marked only once", code="duplicate_mark", rule="mark")
    count = len(cards)
    if not state.min_marks <= count <= state.max_marks:
        raise IllegalActionError(
            f"mark at least {state.min_marks} and at most {state.max_marks} cards",
            code="mark_count",
            rule="mark",
        )
    ordered = sorted(cards)
    marks = state.marks | lane << (LANE * seat)
    marked |= 1 << seat
    events = [_MARKED[seat], Event("my_marks", seat, {"cards": ordered}, _ONE_SEAT[seat])]
    if marked != ALL_SEATS:  # others are still marking
        return _replace(state, marks=marks, marked=marked, last_t=t), events
    state, more = _after_marking(state, marks, t)
    events += more
    return state, events


def _after_marking(state: StellaState, marks: int, t: int) -> tuple[StellaState, list[Event]]:
    """Everyone has sent ``marks`` (or timed out): show the counts, find the player in the dark, start the
    reveals."""
    n = state.config.players
    counts = tuple([(marks >> (LANE * s) & _POSITIONS).bit_count() for s in range(n)])
    top = max(counts)
    dark = counts.index(top) if counts.count(top) == 1 else -1
    events = [Event("counts", None, {"counts": list(counts), "dark": None if dark < 0 else dark})]
    turn = _next_revealer(marks, 0, 0, state.scout, n)
    if turn < 0:
        state = _replace(
            state, marks=marks, marked=ALL_SEATS, phase="reveal", counts=counts, dark=dark, due=None
        )
        state, more = _end_round(state, t)
        return state, events + more
    timeout = state.turn_timeout_ms
    state = _replace(
        state,
        marks=marks,
        marked=ALL_SEATS,
        phase="reveal",
        counts=counts,
        dark=dark,
        reveal_turn=turn,
        due=t + timeout if timeout > 0 else None,
        last_t=t,
    )
    return state, events


def _check_reveal_turn(state: StellaState, seat: int) -> None:
    if state.phase != "reveal":
        raise IllegalActionError(
            "cards are named after everyone has marked", code="not_reveal_phase", rule="reveal"
        )
    if seat != state.reveal_turn:
        raise NotYourTurnError(
            f"it is seat {state.reveal_turn}'s turn to name a card", code="not_revealer", rule="reveal"
        )


def _reveal(state: StellaState, seat: int, position: int, t: int) -> tuple[StellaState, list[Event]]:
    """The revealer names ``position`` (the caller checked the phase and the turn)."""
    marks = state.marks
    named = state.named
    if (
        (type(position) is not int and not isinstance(position, int))
        or not 0 <= position < GRID_SIZE
        or not marks >> (LANE * seat + position) & 1
        or named >> position & 1
    ):  # not an unnamed mark of the seat
        raise IllegalActionError(
            "name one of your own marked cards that has not been named yet",
            code="bad_reveal",
            rule="reveal",
        )
    holders = marks >> position & _SEAT_ONES  # bit LANE * s: seat s marked it
    markers = _SEATS_OF[holders]
    fallen = state.fallen
    tally = state.tally
    card = state.grid[position]
    if len(markers) == 1:
        fallen |= holders
        result = RevealResult(position, card, seat, markers, "fall", (), 0)
        events = [
            Event("revealed", seat, reveal_data(position, card, seat, markers, "fall", (), 0)),
            _FELL[seat],
        ]
    else:
        standing = holders & ~fallen
        scorers = _SEATS_OF[standing]
        if len(markers) >= 3:
            tally += standing
            kind = "spark"
            points = SPARK_POINTS
        else:
            tally += standing << 4
            kind = "super_spark"
            points = SUPER_SPARK_POINTS
        result = RevealResult(position, card, seat, markers, kind, scorers, points)
        events = [Event("revealed", seat, reveal_data(position, card, seat, markers, kind, scorers, points))]
    named |= 1 << position
    # the next revealer: the first seat clockwise who has not fallen and has a mark not named
    left = ~named & _POSITIONS
    n = state.config.players
    turn = seat
    for _ in range(n):
        turn = turn + 1 if turn + 1 < n else 0
        shift = LANE * turn
        if marks >> shift & left and not fallen >> shift & 1:
            break
    else:
        reveals = state.reveals + (result,)  # noqa: RUF005 (half the cost of unpacking)
        state = _replace(state, reveals=reveals, named=named, fallen=fallen, tally=tally)
        state, more = _end_round(state, t)
        events += more
        return state, events
    timeout = state.turn_timeout_ms
    state = _replace(
        state,
        reveals=state.reveals + (result,),  # noqa: RUF005 (half the cost of unpacking)
        named=named,
        fallen=fallen,
        tally=tally,
        reveal_turn=turn,
        due=t + timeout if timeout > 0 else None,
        last_t=t,
    )
    return state, events


def _end_round(state: StellaState, t: int) -> tuple[StellaState, list[Event]]:
    n = state.config.players
    tally, fallen, dark = state.tally, state.fallen, state.dark
    round_ = state.round
    points = []
    for s in range(n):
        lane = tally >> (LANE * s)
        if s == dark and fallen >> (LANE * s) & 1:
            points.append(dark_fall_points(state.dark_fall, lane & 15, lane >> 4 & 15))
        else:
            points.append(SPARK_POINTS * (lane & 15) + SUPER_SPARK_POINTS * (lane >> 4 & 15))
    summary = RoundSummary(
        round_,
        state.scout,
        state.word_cards[round_],
        state.word_index,
        state.counts,
        dark,
        state.reveals,
        fallen_seats(state),
        tuple(points),
    )
    scores = tuple([a + b for a, b in zip(state.scores, points, strict=True)])
    events = [Event("round_end", None, {"round": round_ + 1, "points": points})]
    history = (*state.history, summary)
    if round_ + 1 >= state.rounds:
        events.append(Event("game_end", None, {"scores": list(scores)}))
        state = _replace(
            state, history=history, scores=scores, reveal_turn=-1, due=None, tally=0, phase="over", last_t=t
        )
        return state, events
    if state.round_pause_ms > 0:
        # the last reveal and the round's points stay on the table until the pause ends
        state = _replace(
            state,
            history=history,
            scores=scores,
            reveal_turn=-1,
            due=t + state.round_pause_ms,
            tally=0,
            phase="round_over",
            last_t=t,
        )
        return state, events
    state = _replace(state, history=history, scores=scores, reveal_turn=-1, tally=0)
    state, more = _next_round(state, t)
    return state, events + more


def _next_round(state: StellaState, t: int) -> tuple[StellaState, list[Event]]:
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
        word_index=-1,
        marks=0,
        marked=_UNSENT[n],
        counts=(),
        dark=-1,
        reveals=(),
        named=0,
        fallen=0,
        due=t + timeout if timeout > 0 else None,
        last_t=t,
    )
    return state, [Event("row_replaced", None, {"row": row, "cards": list(grid[start : start + COLUMNS])})]


def dark_fall_points(rule: str, sparks: int, super_sparks: int) -> int:
    """What the player in the dark who fell scores for a round, by option ``dark_fall``."""
    if rule == "official":
        return sparks + 2 * super_sparks
    if rule == "one_per_card":
        return sparks + super_sparks
    return (SPARK_POINTS * sparks + SUPER_SPARK_POINTS * super_sparks) // 2


#: samples of the mark phase's legal_actions per option pair (min_marks, max_marks)
_SAMPLE_COUNT: Final = 128
_SUBSETS_PER_SAMPLE: Final = 8
_MARK_SAMPLES: Final[dict[int, tuple[tuple[Action, ...], ...]]] = {}  # key min_marks * 16 + max_marks


def _mark_sample(state: StellaState, seat: int) -> list[Action]:
    """The mark phase's legal_actions: all single marks (when allowed) plus a few subsets, the seat's
    sample of ``_mark_samples`` in this round of this game."""
    samples = _MARK_SAMPLES.get(state.min_marks * 16 + state.max_marks)
    if samples is None:
        samples = _mark_samples(state.min_marks, state.max_marks)
    # which of the _SAMPLE_COUNT samples: the top 7 bits of a 32-bit multiplicative mix of the seed (folded
    # to 24 bits), the round (4 bits) and the seat (3 bits)
    seed = state.config.seed
    x = (
        ((seed ^ seed >> 24 ^ seed >> 48) & 0xFFFFFF) << 7 | (state.round & 15) << 3 | seat
    ) * 0x45D9F3B & 0xFFFFFFFF
    x = (x ^ x >> 16) * 0x45D9F3B & 0xFFFFFFFF
    return list(samples[x >> 25])


def _mark_samples(min_marks: int, max_marks: int) -> tuple[tuple[Action, ...], ...]:
    """The ``_SAMPLE_COUNT`` mark samples of an option pair, built once (actions are frozen; the lists
    inside are never changed). Sample i: every single mark when ``min_marks <= 1``, then up to
    ``_SUBSETS_PER_SAMPLE`` distinct subsets of ``low = max(2, min_marks)`` to ``max_marks`` cards from at
    most 32 draws of the PRNG seeded ``rng.seed_state(i)``: a draw's 64 bits give the size
    ``low + (bits >> 60) % (max_marks - low + 1)`` and an order of the 15 positions by their nibble
    (position p: bits 4p..4p+3; ties by position); the subset is the ``size`` first positions of that
    order. The sample depends on nothing but the options and i, so it never touches a game's PRNG."""
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
    out = tuple(samples)
    _MARK_SAMPLES[min_marks * 16 + max_marks] = out
    return out


def unnamed_marks(state: StellaState, seat: int) -> list[int]:
    """The seat's marked positions not named yet this round."""
    left = state.marks >> (LANE * seat) & ~state.named & _POSITIONS
    return [p for p in range(GRID_SIZE) if left >> p & 1]


def _totals(state: StellaState) -> dict[str, Any]:
    """The outcome's details: per seat, over the finished rounds, falls, rounds in the dark, sparks and
    super-sparks scored."""
    n = state.config.players
    falls, dark, sparks, super_sparks = [0] * n, [0] * n, [0] * n, [0] * n
    for h in state.history:
        for s in range(n):
            if h.fallen[s]:
                falls[s] += 1
        if h.dark >= 0:
            dark[h.dark] += 1
        for r in h.reveals:
            tally = sparks if r.kind == "spark" else super_sparks
            for s in r.scorers:
                tally[s] += 1
    return {"falls": falls, "dark": dark, "sparks": sparks, "super_sparks": super_sparks}


def _turn(state: StellaState) -> tuple[int | None, tuple[int, ...]] | None:
    """When time runs out now and who may act, in order; None once the game is over. Word: the scout, by
    the turn deadline; mark: who has not marked yet, by the mark deadline; reveal: the revealer, by the
    turn deadline; round over: nobody, until the pause ends."""
    phase = state.phase
    if phase == "reveal":
        return state.due, _ONE_SEAT[state.reveal_turn]
    if phase == "mark":
        return state.due, _WAITING[state.marked]
    if phase == "word":
        return state.due, _ONE_SEAT[state.scout]
    if phase == "round_over":
        return state.due, ()
    return None


_ONE_SEAT: Final = tuple((s,) for s in range(SPEC.max_players))
#: ``marked`` at the start of a round of n players: the seats n..5 count as having sent
_UNSENT: Final = tuple(ALL_SEATS >> n << n for n in range(7))
#: by ``marked``: the seats still to mark, in order
_WAITING: Final = tuple(tuple(s for s in range(6) if not m >> s & 1) for m in range(64))
#: the positions of a lane
_POSITIONS: Final = (1 << GRID_SIZE) - 1
#: bit LANE * s for every seat s
_SEAT_ONES: Final = sum(1 << (LANE * s) for s in range(6))
#: the seats of a set given as bits LANE * s
_SEATS_OF: Final[dict[int, tuple[int, ...]]] = {
    sum(1 << (LANE * s) for s in seats): seats
    for seats in (tuple(s for s in range(6) if m >> s & 1) for m in range(64))
}
#: the actions legal_actions lists, built once (actions are frozen)
_REVEALS: Final = tuple(Reveal(p) for p in range(GRID_SIZE))
#: by the low 8 and the high 7 bits of a set of positions: the Reveal of each, in order
_REVEALS_LOW: Final = tuple(tuple(_REVEALS[p] for p in range(8) if m >> p & 1) for m in range(256))
_REVEALS_HIGH: Final = tuple(tuple(_REVEALS[8 + p] for p in range(7) if m >> p & 1) for m in range(128))
_CHOOSE_WORDS: Final = (ChooseWord(0), ChooseWord(1))
#: every single mark, built once (actions are frozen; the list inside is never changed)
_SINGLE_MARKS: Final[tuple[Action, ...]] = tuple(Mark([p]) for p in range(GRID_SIZE))
#: the events without data, built once (events are frozen)
_MARKED: Final = tuple(Event("marked", s) for s in range(SPEC.max_players))
_FELL: Final = tuple(Event("fell", s) for s in range(SPEC.max_players))
_TIMED_OUT: Final = tuple(Event("timed_out", s) for s in range(SPEC.max_players))


def _next_revealer(marks: int, named: int, fallen: int, start: int, n: int) -> int:
    """The first seat clockwise from ``start`` who has not fallen and has a mark not ``named``, else -1."""
    left = ~named & _POSITIONS
    s = start
    for _ in range(n):
        if not fallen >> (LANE * s) & 1 and marks >> (LANE * s) & left:
            return s
        s += 1
        if s == n:
            s = 0
    return -1


GAME = Stella()
