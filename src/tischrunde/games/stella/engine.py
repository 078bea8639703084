"""The Stella engine: the ``Stella`` game as pure functions over a frozen ``StellaState``, and the rule
functions (rules: see the package docstring)."""

from __future__ import annotations

from typing import Any, Final, cast

import msgspec

from tischrunde.core import rng
from tischrunde.core.errors import ConfigError, IllegalActionError, NotYourTurnError
from tischrunde.core.game import Action, Config, Deadline, Event, Game, GameSpec, NextRound, Outcome, Timeout
from tischrunde.games.stella.actions import ChooseWord, Mark, Reveal, StellaAction
from tischrunde.games.stella.content import (
    COLUMNS,
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
    RevealResult,
    RoundSummary,
    StellaState,
    card_words,
    word_ids,
)
from tischrunde.games.stella.view import StellaView, reveal_view, view

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


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    changed = list(values)
    changed[index] = value
    return tuple(changed)


# --- the game --------------------------------------------------------------------------------------


class Stella(Game[StellaState]):
    """Stella as pure functions over :class:`StellaState` (the view: ``tischrunde.games.stella.view``).

    After each round but the last the phase is ``round_over`` for ``round_pause_ms`` (the reveals, counts
    and fallen players stay as they were; deadline kind ``round_pause``) or until the round's scout sends
    ``NextRound()`` (not in ``legal_actions``); then a row is replaced and the next scout chooses.
    ``Config.first_seat`` (None = 0) is the first scout (the start player).
    """

    spec = SPEC
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
        zeros = (0,) * n
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
            turn_deadline=options["turn_timeout_s"] * 1000 or None,
            round_pause_ms=options["round_pause_ms"],
            scout=config.first_seat or 0,
            picture_deck=pictures[GRID_SIZE:],
            word_cards=words,
            own_words=own_words,
            grid=pictures[:GRID_SIZE],
            marks=(None,) * n,
            fallen=(False,) * n,
            sparks=zeros,
            super_sparks=zeros,
            scores=zeros,
            total_falls=zeros,
            total_dark=zeros,
            total_sparks=zeros,
            total_super_sparks=zeros,
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
            return [_REVEALS[p] for p in unnamed_marks(state, seat)]
        if phase == "mark":
            marks = state.marks
            if 0 <= seat < len(marks) and marks[seat] is None:
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
        if isinstance(action, Timeout):
            return _timeout(state, t)
        if seat is None or not 0 <= seat < state.config.players:
            raise NotYourTurnError(
                f"seat {seat} is not a player at this table", code="not_a_seat", rule="seats"
            )
        phase = state.phase
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
            return _reveal(state, seat, action, t)
        if isinstance(action, Mark):
            return _mark(state, seat, action, t)
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
            details={
                "falls": list(state.total_falls),
                "dark": list(state.total_dark),
                "sparks": list(state.total_sparks),
                "super_sparks": list(state.total_super_sparks),
            },
        )

    def rerandomize_hidden(self, state: StellaState, seat: int | None, seed: int) -> StellaState:
        r = rng.seed_state(seed * 7919 + 17)
        deck, r = rng.shuffled(r, state.picture_deck)
        # the upcoming word cards (and the current one, until the scout has chosen, for everyone else)
        keep = state.round + (1 if state.word_index >= 0 or seat == state.scout else 0)
        used = set(state.word_cards[:keep])
        pool, r = rng.shuffled(r, [w for w in word_ids(len(state.own_words)) if w not in used])
        words = (*state.word_cards[:keep], *pool[: len(state.word_cards) - keep])
        marks = list(state.marks)
        named = {rv.position for rv in state.reveals}
        for s, m in enumerate(state.marks):
            if s == seat or m is None:
                continue
            if state.phase == "mark":
                size, r = rng.randbelow(r, state.max_marks - state.min_marks + 1)
                cards, r = rng.shuffled(r, range(GRID_SIZE))
                marks[s] = tuple(sorted(cards[: state.min_marks + size]))
            else:
                shown = [p for p in m if p in named]
                free, r = rng.shuffled(r, [p for p in range(GRID_SIZE) if p not in named])
                marks[s] = tuple(sorted(shown + list(free[: len(m) - len(shown)])))
        fresh, r = rng.next_u64(r)
        return _replace(state, rng=fresh, picture_deck=deck, word_cards=words, marks=tuple(marks))


# --- the transitions (module functions: the hot path) -------------------------------------------------


def _timeout(state: StellaState, t: int) -> tuple[StellaState, list[Event]]:
    """Time is up (Game.apply checked it is due): late markers mark nothing; a late scout gets word 1; a
    late revealer names their first mark; the round pause ends."""
    if state.phase == "round_over":
        return _next_round(state, t)
    if state.phase == "word":
        state, events = _choose_word(state, state.scout, _CHOOSE_WORDS[0], t)
        return state, [Event("timed_out", state.scout), *events]
    if state.phase == "reveal":
        turn = state.reveal_turn
        state, events = _reveal(state, turn, _REVEALS[unnamed_marks(state, turn)[0]], t)
        return state, [Event("timed_out", turn), *events]
    late = [s for s, m in enumerate(state.marks) if m is None]
    marks = tuple([() if m is None else m for m in state.marks])
    events = [Event("timed_out", s) for s in late]
    state, more = _after_marking(state, marks, t)
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
    deadline = t + state.mark_timeout_ms if state.mark_timeout_ms > 0 else None
    new = _replace(
        state, phase="mark", word_index=index, mark_deadline=deadline, turn_deadline=None, last_t=t
    )
    return new, [Event("word_chosen", seat, {"word": {"de": de[index], "en": en[index]}})]


def _mark(state: StellaState, seat: int, action: Mark, t: int) -> tuple[StellaState, list[Event]]:
    if state.phase != "mark":
        raise IllegalActionError(
            "marks are only made after the word is chosen", code="not_mark_phase", rule="mark"
        )
    marks = state.marks
    if marks[seat] is not None:
        raise NotYourTurnError("you have already marked this round", code="already_marked", rule="mark")
    cards: tuple[object, ...] = tuple(action.cards)
    for p in cards:  # grid positions: ints (not bools) 0..14
        if type(p) is int:
            if 0 <= p < GRID_SIZE:
                continue
        elif isinstance(p, int) and not isinstance(p, bool) and 0 <= p < GRID_SIZE:
            continue
        raise IllegalActionError(
            f"marks are grid positions 0..{GRID_SIZE - 1}", code="bad_position", rule="mark"
        )
    count = len(cards)
    if len(set(cards)) != count:
        raise IllegalActionError("each card can be marked only once", code="duplicate_mark", rule="mark")
    if not state.min_marks <= count <= state.max_marks:
        raise IllegalActionError(
            f"mark at least {state.min_marks} and at most {state.max_marks} cards",
            code="mark_count",
            rule="mark",
        )
    ordered = sorted(cast("tuple[int, ...]", cards))
    marks = _set(marks, seat, tuple(ordered))
    events = [
        Event("marked", seat),
        Event("my_marks", seat, {"cards": ordered}, _ONE_SEAT[seat]),
    ]
    if None in marks:  # others are still marking
        return _replace(state, marks=marks, last_t=t), events
    state, more = _after_marking(state, marks, t)
    events += more
    return state, events


def _after_marking(
    state: StellaState, marks: tuple[tuple[int, ...] | None, ...], t: int
) -> tuple[StellaState, list[Event]]:
    """Everyone has sent ``marks``: show the counts, find the player in the dark, start the reveals."""
    counts = tuple([len(m or ()) for m in marks])
    top = max(counts)
    dark = counts.index(top) if counts.count(top) == 1 else -1
    total_dark = state.total_dark if dark < 0 else _set(state.total_dark, dark, state.total_dark[dark] + 1)
    events = [Event("counts", None, {"counts": list(counts), "dark": None if dark < 0 else dark})]
    turn = _next_revealer(marks, [r.position for r in state.reveals], state.fallen, state.scout)
    if turn < 0:
        state = _replace(
            state,
            marks=marks,
            phase="reveal",
            counts=counts,
            dark=dark,
            total_dark=total_dark,
            mark_deadline=None,
        )
        state, more = _end_round(state, t)
        return state, events + more
    state = _replace(
        state,
        marks=marks,
        phase="reveal",
        counts=counts,
        dark=dark,
        total_dark=total_dark,
        mark_deadline=None,
        reveal_turn=turn,
        turn_deadline=t + state.turn_timeout_ms if state.turn_timeout_ms > 0 else None,
        last_t=t,
    )
    return state, events


def _reveal(state: StellaState, seat: int, action: Reveal, t: int) -> tuple[StellaState, list[Event]]:
    if state.phase != "reveal":
        raise IllegalActionError(
            "cards are named after everyone has marked", code="not_reveal_phase", rule="reveal"
        )
    if seat != state.reveal_turn:
        raise NotYourTurnError(
            f"it is seat {state.reveal_turn}'s turn to name a card", code="not_revealer", rule="reveal"
        )
    position = action.position
    marks = state.marks
    reveals = state.reveals
    named = [r.position for r in reveals]
    mine = marks[seat]
    if mine is None or position not in mine or position in named:  # not an unnamed mark of the seat
        raise IllegalActionError(
            "name one of your own marked cards that has not been named yet",
            code="bad_reveal",
            rule="reveal",
        )
    markers = tuple([s for s, m in enumerate(marks) if m is not None and position in m])
    fallen = state.fallen
    sparks, super_sparks = state.sparks, state.super_sparks
    total_sparks, total_super = state.total_sparks, state.total_super_sparks
    total_falls = state.total_falls
    if len(markers) == 1:
        fallen = _set(fallen, seat, True)
        total_falls = _set(total_falls, seat, total_falls[seat] + 1)
        result = RevealResult(position, state.grid[position], seat, markers, "fall", (), 0)
        events = [Event("revealed", seat, reveal_view(result)), Event("fell", seat)]
    else:
        spark = len(markers) >= 3
        scorers = tuple([s for s in markers if not fallen[s]])
        if scorers:
            this_round = list(sparks if spark else super_sparks)
            in_all = list(total_sparks if spark else total_super)
            for s in scorers:
                this_round[s] += 1
                in_all[s] += 1
            if spark:
                sparks, total_sparks = tuple(this_round), tuple(in_all)
            else:
                super_sparks, total_super = tuple(this_round), tuple(in_all)
        if spark:
            result = RevealResult(
                position, state.grid[position], seat, markers, "spark", scorers, SPARK_POINTS
            )
        else:
            result = RevealResult(
                position, state.grid[position], seat, markers, "super_spark", scorers, SUPER_SPARK_POINTS
            )
        events = [Event("revealed", seat, reveal_view(result))]
    named.append(position)
    turn = _next_revealer(marks, named, fallen, (seat + 1) % len(marks))
    if turn < 0:
        state = _replace(
            state,
            reveals=(*reveals, result),
            fallen=fallen,
            sparks=sparks,
            super_sparks=super_sparks,
            total_sparks=total_sparks,
            total_super_sparks=total_super,
            total_falls=total_falls,
        )
        state, more = _end_round(state, t)
        events += more
        return state, events
    state = _replace(
        state,
        reveals=(*reveals, result),
        fallen=fallen,
        sparks=sparks,
        super_sparks=super_sparks,
        total_sparks=total_sparks,
        total_super_sparks=total_super,
        total_falls=total_falls,
        reveal_turn=turn,
        turn_deadline=t + state.turn_timeout_ms if state.turn_timeout_ms > 0 else None,
        last_t=t,
    )
    return state, events


def _end_round(state: StellaState, t: int) -> tuple[StellaState, list[Event]]:
    n = state.config.players
    sparks, super_sparks, fallen, dark = state.sparks, state.super_sparks, state.fallen, state.dark
    round_ = state.round
    points = []
    for s in range(n):
        if s == dark and fallen[s]:
            points.append(dark_fall_points(state.dark_fall, sparks[s], super_sparks[s]))
        else:
            points.append(SPARK_POINTS * sparks[s] + SUPER_SPARK_POINTS * super_sparks[s])
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
    zeros = (0,) * n
    history = (*state.history, summary)
    if round_ + 1 >= state.rounds:
        events.append(Event("game_end", None, {"scores": list(scores)}))
        phase = "over"
    elif state.round_pause_ms > 0:
        # the last reveal and the round's points stay on the table until the pause ends
        phase = "round_over"
    else:
        state = _replace(
            state, history=history, scores=scores, reveal_turn=-1, sparks=zeros, super_sparks=zeros
        )
        state, more = _next_round(state, t)
        return state, events + more
    round_until = t + state.round_pause_ms if phase == "round_over" else state.round_until
    state = _replace(
        state,
        history=history,
        scores=scores,
        reveal_turn=-1,
        turn_deadline=None,
        sparks=zeros,
        super_sparks=zeros,
        phase=phase,
        round_until=round_until,
        last_t=t,
    )
    return state, events


def _next_round(state: StellaState, t: int) -> tuple[StellaState, list[Event]]:
    n = state.config.players
    row = state.row_order[state.round % len(state.row_order)]
    start = row * COLUMNS
    grid = (*state.grid[:start], *state.picture_deck[:COLUMNS], *state.grid[start + COLUMNS :])
    state = _replace(
        state,
        grid=grid,
        picture_deck=state.picture_deck[COLUMNS:],
        round=state.round + 1,
        scout=(state.scout + 1) % n,
        phase="word",
        word_index=-1,
        marks=(None,) * n,
        counts=(),
        dark=-1,
        reveals=(),
        fallen=(False,) * n,
        round_until=0,
        turn_deadline=t + state.turn_timeout_ms if state.turn_timeout_ms > 0 else None,
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
    return list(samples[_sample_index(state.config.seed, state.round, seat)])


def _sample_index(seed: int, round_: int, seat: int) -> int:
    """Which of the ``_SAMPLE_COUNT`` mark samples a seat gets in a round of a game: the top 7 bits of a
    32-bit multiplicative mix of ``seed`` (folded to 24 bits), the round (4 bits) and the seat (3 bits)."""
    folded = (seed ^ (seed >> 24) ^ (seed >> 48)) & 0xFFFFFF
    x = ((folded << 7 | (round_ & 15) << 3 | seat) * 0x45D9F3B) & 0xFFFFFFFF
    x = ((x ^ (x >> 16)) * 0x45D9F3B) & 0xFFFFFFFF
    return x >> 25


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
    mine = state.marks[seat] or ()
    reveals = state.reveals
    if not reveals:
        return list(mine)
    named = {r.position for r in reveals}
    return [p for p in mine if p not in named]


def _turn(state: StellaState) -> tuple[int | None, tuple[int, ...]] | None:
    """When time runs out now and who may act, in order; None once the game is over. Word: the scout, by
    the turn deadline; mark: who has not marked yet, by the mark deadline; reveal: the revealer, by the
    turn deadline; round over: nobody, until the pause ends."""
    phase = state.phase
    if phase == "reveal":
        return state.turn_deadline, _ONE_SEAT[state.reveal_turn]
    if phase == "mark":
        return state.mark_deadline, tuple([s for s, m in enumerate(state.marks) if m is None])
    if phase == "word":
        return state.turn_deadline, _ONE_SEAT[state.scout]
    if phase == "round_over":
        return state.round_until, ()
    return None


_ONE_SEAT: Final = tuple((s,) for s in range(SPEC.max_players))
#: the actions legal_actions lists, built once (actions are frozen)
_REVEALS: Final = tuple(Reveal(p) for p in range(GRID_SIZE))
_CHOOSE_WORDS: Final = (ChooseWord(0), ChooseWord(1))
#: every single mark, built once (actions are frozen; the list inside is never changed)
_SINGLE_MARKS: Final[tuple[Action, ...]] = tuple(Mark([p]) for p in range(GRID_SIZE))


def _next_revealer(
    marks: tuple[tuple[int, ...] | None, ...], named: list[int], fallen: tuple[bool, ...], start: int
) -> int:
    """The first seat clockwise from ``start`` who has not fallen and has a mark not ``named``, else -1."""
    n = len(marks)
    for k in range(n):
        s = (start + k) % n
        if not fallen[s]:
            for p in marks[s] or ():
                if p not in named:
                    return s
    return -1


GAME = Stella()
