"""The Stella engine: pure functions over a frozen state (rules: see the package docstring)."""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from tischrunde.core import rng
from tischrunde.core.errors import ConfigError, IllegalActionError, NotYourTurnError
from tischrunde.core.game import Action, Config, Deadline, Event, Game, GameSpec, NextRound, Outcome, Timeout
from tischrunde.games.stella.content import (
    COLUMNS,
    GRID_SIZE,
    OPTIONS,
    OWN_WORD_BASE,
    ROW_NAMES,
    ROWS,
    SPARK_POINTS,
    SUPER_SPARK_POINTS,
    check_own_words,
    word_cards,
)

# --- actions ---------------------------------------------------------------------------------------


class ChooseWord(Action, frozen=True, tag="choose_word"):
    """The scout picks word 0 or 1 of the round's word card."""

    index: int


class Mark(Action, frozen=True, tag="mark"):
    """A player's secret marks: grid positions 0..14 (row by row from the top left)."""

    cards: list[int]


class Reveal(Action, frozen=True, tag="reveal"):
    """The player whose reveal turn it is names one of their marked, not yet named positions."""

    position: int


StellaAction = ChooseWord | Mark | Reveal | NextRound | Timeout


# --- state -----------------------------------------------------------------------------------------


class RevealResult(msgspec.Struct, frozen=True):
    """One named card: who named it, who had marked it, and what it gave."""

    position: int
    card: int
    revealer: int
    markers: tuple[int, ...]
    kind: str  # "spark", "super_spark" or "fall"
    scorers: tuple[int, ...]
    points: int


class RoundSummary(msgspec.Struct, frozen=True):
    """A finished round as the table saw it (no unnamed marks)."""

    round: int
    scout: int
    word_card: int
    word_index: int
    counts: tuple[int, ...]
    dark: int
    reveals: tuple[RevealResult, ...]
    fallen: tuple[bool, ...]
    points: tuple[int, ...]


class StellaState(msgspec.Struct, frozen=True):
    config: Config
    rng: int
    dark_fall: str
    row_order: tuple[int, ...]
    rounds: int
    min_marks: int
    max_marks: int
    mark_timeout_ms: int
    turn_timeout_ms: int
    picture_deck: tuple[int, ...]  # the face-down pile, next picture first
    word_cards: tuple[int, ...]  # this game's word cards, one per round
    grid: tuple[int, ...]
    round: int = 0  # 0-based
    scout: int = 0
    phase: str = "word"
    word_index: int = -1
    marks: tuple[tuple[int, ...] | None, ...] = ()
    counts: tuple[int, ...] = ()
    dark: int = -1
    reveal_turn: int = -1
    reveals: tuple[RevealResult, ...] = ()
    fallen: tuple[bool, ...] = ()
    sparks: tuple[int, ...] = ()  # this round, scored while standing
    super_sparks: tuple[int, ...] = ()
    mark_deadline: int | None = None
    turn_deadline: int | None = None  # the scout's word choice or the current reveal turn
    history: tuple[RoundSummary, ...] = ()
    scores: tuple[int, ...] = ()
    total_falls: tuple[int, ...] = ()
    total_dark: tuple[int, ...] = ()
    total_sparks: tuple[int, ...] = ()
    total_super_sparks: tuple[int, ...] = ()
    round_pause_ms: int = 0
    round_until: int = 0  # phase round_over: when the next round starts
    last_t: int = 0
    own_words: tuple[tuple[str, ...], ...] = ()  # option own_words: card OWN_WORD_BASE + i


def card_words(state: StellaState, card: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words (German, English) of a word card: a built-in one, or one of the room's own (the same words
    in both languages; one or two)."""
    if card >= OWN_WORD_BASE:
        own = state.own_words[card - OWN_WORD_BASE]
        return own, own
    built = word_cards()[card]
    return built.de, built.en


def _word_ids(own: int) -> list[int]:
    """Every word card id of a game with ``own`` own cards."""
    return [*range(len(word_cards())), *range(OWN_WORD_BASE, OWN_WORD_BASE + own)]


def _replace(state: StellaState, **changes: Any) -> StellaState:
    return msgspec.structs.replace(state, **changes)


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _mix(*values: int) -> int:
    """A deterministic 64-bit mix of ints (for samples that must not advance the state's PRNG)."""
    h = 0x84222325CBF29CE4
    for v in values:
        h = ((h ^ (v & 0xFFFFFFFFFFFFFFFF)) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        h, _ = rng.next_u64(h)
    return h


# --- the game --------------------------------------------------------------------------------------


class Stella(Game[StellaState]):
    """Stella as pure functions over :class:`StellaState`.

    ``view(state, seat)`` returns (seat ``None`` = spectator / table screen)::

        {
          "game": "stella", "players": n, "language": "de" | "en", "seat": seat | None,
          "round": 1.., "rounds": 4, "phase": "word" | "mark" | "reveal" | "round_over" | "over",
          "scout": seat,
          "word": {"de": str, "en": str} | None,          # the chosen word, once chosen
          "word_choices": {"de": [a, b], "en": [a, b]} | None,   # the scout's own view only
          "grid": [[picture id x 5] x 3],                  # top row first; positions are row * 5 + column
          "min_marks": 1, "max_marks": 10,
          "my_marks": [positions] | None,                  # own seat only, once sent
          "marked": [bool per seat],                        # who has sent marks (never what)
          "counts": [int per seat] | None,                  # after everyone has marked
          "dark": seat | None,                              # the player in the dark
          "reveal_turn": seat | None,
          "reveals": [{"position", "card", "revealer", "markers": [seats], "kind", "scorers", "points"}],
          "named": [positions named this round],
          "unnamed_left": [int per seat] | None,            # marks not named yet (public: counts - named)
          "fallen": [bool per seat],
          "round_points": [int per seat],                   # this round so far (before the dark rule)
          "score_table": [[points per seat] per finished round],
          "scores": [total per seat],
          "history": [{"round", "scout", "word", "counts", "dark", "reveals", "fallen", "points"}],
          "deadline": ms | None,                            # when time runs out (marking or turn), if timed
          "round_until": ms | None,                         # phase round_over: when the next round starts
          "last_round": {like a history entry} | None,      # phase round_over: the round just finished
          "pictures_left": int,
          "winners": [seats] | None,
        }

    After each round but the last the phase is ``round_over`` for ``round_pause_ms`` (the reveals, counts
    and fallen players stay as they were; deadline kind ``round_pause``) or until the round's scout sends
    ``NextRound()`` (not in ``legal_actions``); then a row is replaced and the next scout chooses.
    ``Config.first_seat`` (None = 0) is the first scout (the start player).
    """

    spec = GameSpec(
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
    action_type = StellaAction

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
            known = set(_word_ids(len(own)))
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
        if state.phase == "word":
            return frozenset((state.scout,))
        if state.phase == "mark":
            return frozenset(s for s, m in enumerate(state.marks) if m is None)
        if state.phase == "reveal":
            return frozenset((state.reveal_turn,))
        return frozenset()

    def legal_actions(self, state: StellaState, seat: int) -> list[Action]:
        if seat not in self.active_seats(state):
            return []
        if state.phase == "word":
            return [ChooseWord(i) for i in range(len(card_words(state, state.word_cards[state.round])[0]))]
        if state.phase == "reveal":
            return [Reveal(p) for p in _unnamed_marks(state, seat)]
        return self._mark_sample(state, seat)

    def _mark_sample(self, state: StellaState, seat: int) -> list[Action]:
        """All single marks (when allowed) plus a few subsets derived from the state's content."""
        out: list[Action] = []
        if state.min_marks <= 1:
            out.extend(Mark([p]) for p in range(GRID_SIZE))
        key = _mix(state.config.seed, state.round, seat, *state.grid)
        out.extend(Mark(list(c)) for c in _subsets(key, max(2, state.min_marks), state.max_marks))
        return out

    def deadline(self, state: StellaState) -> Deadline | None:
        if state.phase == "mark":
            return None if state.mark_deadline is None else Deadline(state.mark_deadline, "mark")
        if state.phase == "word":
            return None if state.turn_deadline is None else Deadline(state.turn_deadline, "word", state.scout)
        if state.phase == "reveal":
            due = state.turn_deadline
            return None if due is None else Deadline(due, "reveal", state.reveal_turn)
        if state.phase == "round_over":
            return Deadline(state.round_until, "round_pause", state.scout)
        return None

    # --- transitions ---

    def transition(
        self, state: StellaState, seat: int | None, action: Action, t: int
    ) -> tuple[StellaState, list[Event]]:
        if isinstance(action, Timeout):
            return self._timeout(state, t)
        if seat is None or not 0 <= seat < state.config.players:
            raise NotYourTurnError(
                f"seat {seat} is not a player at this table", code="not_a_seat", rule="seats"
            )
        if state.phase == "over":
            raise IllegalActionError("the game is over", code="game_over", rule="end")
        if isinstance(action, NextRound):
            if state.phase != "round_over":
                raise IllegalActionError(
                    "the next round starts once a round is over", code="not_round_over", rule="next_round"
                )
            if seat != state.scout:
                raise NotYourTurnError(
                    f"seat {state.scout}, the round's scout, starts the next round",
                    code="not_start_player",
                    rule="next_round",
                )
            return self._next_round(state, t)
        if state.phase == "round_over":
            raise IllegalActionError(
                "the round is over: the next one starts in a moment", code="round_over", rule="next_round"
            )
        if isinstance(action, ChooseWord):
            return self._choose_word(state, seat, action, t)
        if isinstance(action, Mark):
            return self._mark(state, seat, action, t)
        if isinstance(action, Reveal):
            return self._reveal(state, seat, action, t)
        raise IllegalActionError(f"{type(action).__name__} is not a Stella action", code="unknown_action")

    def _timeout(self, state: StellaState, t: int) -> tuple[StellaState, list[Event]]:
        """Time is up (Game.apply checked it is due): late markers mark nothing; a late scout gets word 1; a
        late revealer names their first mark; the round pause ends."""
        if state.phase == "round_over":
            return self._next_round(state, t)
        if state.phase == "word":
            state, events = self._choose_word(state, state.scout, ChooseWord(0), t)
            return state, [Event("timed_out", state.scout), *events]
        if state.phase == "reveal":
            turn = state.reveal_turn
            state, events = self._reveal(state, turn, Reveal(_unnamed_marks(state, turn)[0]), t)
            return state, [Event("timed_out", turn), *events]
        late = [s for s, m in enumerate(state.marks) if m is None]
        marks = tuple(() if m is None else m for m in state.marks)
        events = [Event("timed_out", s) for s in late]
        state, more = self._after_marking(_replace(state, marks=marks), t)
        return state, events + more

    def _choose_word(
        self, state: StellaState, seat: int, action: ChooseWord, t: int
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
        if not 0 <= action.index < len(de):
            raise IllegalActionError("choose word 0 or word 1 of the word card", code="bad_word", rule="word")
        deadline = t + state.mark_timeout_ms if state.mark_timeout_ms > 0 else None
        new = _replace(
            state, phase="mark", word_index=action.index, mark_deadline=deadline, turn_deadline=None
        )
        word = {"de": de[action.index], "en": en[action.index]}
        return new, [Event("word_chosen", seat, {"word": word})]

    def _mark(self, state: StellaState, seat: int, action: Mark, t: int) -> tuple[StellaState, list[Event]]:
        if state.phase != "mark":
            raise IllegalActionError(
                "marks are only made after the word is chosen", code="not_mark_phase", rule="mark"
            )
        if state.marks[seat] is not None:
            raise NotYourTurnError("you have already marked this round", code="already_marked", rule="mark")
        cards = tuple(action.cards)
        if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < GRID_SIZE for p in cards):
            raise IllegalActionError(
                f"marks are grid positions 0..{GRID_SIZE - 1}", code="bad_position", rule="mark"
            )
        if len(set(cards)) != len(cards):
            raise IllegalActionError("each card can be marked only once", code="duplicate_mark", rule="mark")
        if not state.min_marks <= len(cards) <= state.max_marks:
            raise IllegalActionError(
                f"mark at least {state.min_marks} and at most {state.max_marks} cards",
                code="mark_count",
                rule="mark",
            )
        state = _replace(state, marks=_set(state.marks, seat, tuple(sorted(cards))))
        events = [
            Event("marked", seat),
            Event("my_marks", seat, {"cards": sorted(cards)}, visible_to=(seat,)),
        ]
        if all(m is not None for m in state.marks):
            state, more = self._after_marking(state, t)
            events += more
        return state, events

    def _after_marking(self, state: StellaState, t: int) -> tuple[StellaState, list[Event]]:
        """Everyone has marked: show the counts, find the player in the dark, start the reveals."""
        counts = tuple(len(m or ()) for m in state.marks)
        top = max(counts)
        at_top = [s for s, c in enumerate(counts) if c == top]
        dark = at_top[0] if len(at_top) == 1 else -1
        total_dark = (
            state.total_dark if dark < 0 else _set(state.total_dark, dark, state.total_dark[dark] + 1)
        )
        state = _replace(
            state, phase="reveal", counts=counts, dark=dark, total_dark=total_dark, mark_deadline=None
        )
        events = [Event("counts", None, {"counts": list(counts), "dark": None if dark < 0 else dark})]
        turn = _next_revealer(state, state.scout)
        if turn < 0:
            state, more = self._end_round(state, t)
            return state, events + more
        return _replace(state, reveal_turn=turn, turn_deadline=_turn_deadline(state, t)), events

    def _reveal(
        self, state: StellaState, seat: int, action: Reveal, t: int
    ) -> tuple[StellaState, list[Event]]:
        if state.phase != "reveal":
            raise IllegalActionError(
                "cards are named after everyone has marked", code="not_reveal_phase", rule="reveal"
            )
        if seat != state.reveal_turn:
            raise NotYourTurnError(
                f"it is seat {state.reveal_turn}'s turn to name a card", code="not_revealer", rule="reveal"
            )
        position = action.position
        if position not in _unnamed_marks(state, seat):
            raise IllegalActionError(
                "name one of your own marked cards that has not been named yet",
                code="bad_reveal",
                rule="reveal",
            )
        markers = tuple(s for s, m in enumerate(state.marks) if m is not None and position in m)
        fallen = state.fallen
        sparks, super_sparks = state.sparks, state.super_sparks
        total_sparks, total_super = state.total_sparks, state.total_super_sparks
        total_falls = state.total_falls
        scorers: tuple[int, ...] = ()
        if len(markers) == 1:
            kind, points = "fall", 0
            fallen = _set(fallen, seat, True)
            total_falls = _set(total_falls, seat, total_falls[seat] + 1)
        else:
            kind = "spark" if len(markers) >= 3 else "super_spark"
            points = SPARK_POINTS if kind == "spark" else SUPER_SPARK_POINTS
            scorers = tuple(s for s in markers if not fallen[s])
            for s in scorers:
                if kind == "spark":
                    sparks = _set(sparks, s, sparks[s] + 1)
                    total_sparks = _set(total_sparks, s, total_sparks[s] + 1)
                else:
                    super_sparks = _set(super_sparks, s, super_sparks[s] + 1)
                    total_super = _set(total_super, s, total_super[s] + 1)
        result = RevealResult(position, state.grid[position], seat, markers, kind, scorers, points)
        state = _replace(
            state,
            reveals=(*state.reveals, result),
            fallen=fallen,
            sparks=sparks,
            super_sparks=super_sparks,
            total_sparks=total_sparks,
            total_super_sparks=total_super,
            total_falls=total_falls,
        )
        events = [Event("revealed", seat, _reveal_view(result))]
        if kind == "fall":
            events.append(Event("fell", seat))
        turn = _next_revealer(state, (seat + 1) % state.config.players)
        if turn < 0:
            state, more = self._end_round(state, t)
            return state, events + more
        return _replace(state, reveal_turn=turn, turn_deadline=_turn_deadline(state, t)), events

    def _end_round(self, state: StellaState, t: int) -> tuple[StellaState, list[Event]]:
        n = state.config.players
        points = []
        for s in range(n):
            full = SPARK_POINTS * state.sparks[s] + SUPER_SPARK_POINTS * state.super_sparks[s]
            if s == state.dark and state.fallen[s]:
                full = dark_fall_points(state.dark_fall, state.sparks[s], state.super_sparks[s])
            points.append(full)
        summary = RoundSummary(
            round=state.round,
            scout=state.scout,
            word_card=state.word_cards[state.round],
            word_index=state.word_index,
            counts=state.counts,
            dark=state.dark,
            reveals=state.reveals,
            fallen=state.fallen,
            points=tuple(points),
        )
        scores = tuple(a + b for a, b in zip(state.scores, points, strict=True))
        events = [Event("round_end", None, {"round": state.round + 1, "points": points})]
        zeros = (0,) * n
        state = _replace(
            state,
            history=(*state.history, summary),
            scores=scores,
            reveal_turn=-1,
            turn_deadline=None,
            sparks=zeros,
            super_sparks=zeros,
        )
        if state.round + 1 >= state.rounds:
            events.append(Event("game_end", None, {"scores": list(scores)}))
            return _replace(state, phase="over"), events
        if state.round_pause_ms > 0:
            # the last reveal and the round's points stay on the table until the pause ends
            return _replace(state, phase="round_over", round_until=t + state.round_pause_ms), events
        state, more = self._next_round(state, t)
        return state, events + more

    def _next_round(self, state: StellaState, t: int) -> tuple[StellaState, list[Event]]:
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
        )
        state = _replace(state, turn_deadline=_turn_deadline(state, t))
        return state, [
            Event("row_replaced", None, {"row": row, "cards": list(grid[start : start + COLUMNS])})
        ]

    # --- views and results ---

    def view(self, state: StellaState, seat: int | None) -> dict[str, Any]:
        n = state.config.players
        over = state.phase == "over"
        de, en = card_words(state, state.word_cards[state.round])
        word = None
        if state.word_index >= 0 and not over:
            word = {"de": de[state.word_index], "en": en[state.word_index]}
        choices = None
        if seat == state.scout and not over:
            choices = {"de": list(de), "en": list(en)}
        my_marks = None
        if seat is not None and not over and state.marks[seat] is not None:
            my_marks = list(state.marks[seat] or ())
        counted = state.phase in ("reveal", "round_over")
        named = [r.position for r in state.reveals]
        unnamed_left = None
        if counted:
            unnamed_left = [
                state.counts[s] - sum(1 for r in state.reveals if s in r.markers) for s in range(n)
            ]
        round_points = [
            SPARK_POINTS * a + SUPER_SPARK_POINTS * b
            for a, b in zip(state.sparks, state.super_sparks, strict=True)
        ]
        outcome = self.outcome(state)
        return {
            "game": "stella",
            "players": n,
            "language": state.config.language,
            "seat": seat,
            "round": state.round + 1,
            "rounds": state.rounds,
            "phase": state.phase,
            "scout": state.scout,
            "word": word,
            "word_choices": choices,
            "grid": [list(state.grid[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(ROWS)],
            "min_marks": state.min_marks,
            "max_marks": state.max_marks,
            "my_marks": my_marks,
            "marked": [m is not None for m in state.marks] if state.phase == "mark" else [counted] * n,
            "counts": list(state.counts) if counted else None,
            "dark": state.dark if counted and state.dark >= 0 else None,
            "reveal_turn": state.reveal_turn if state.phase == "reveal" else None,
            "reveals": [_reveal_view(r) for r in state.reveals] if counted else [],
            "named": named if counted else [],
            "unnamed_left": unnamed_left,
            "fallen": list(state.fallen) if counted else [False] * n,
            "round_points": round_points,
            "score_table": [list(h.points) for h in state.history],
            "scores": list(state.scores),
            "history": [_summary_view(state, h) for h in state.history],
            "deadline": self.due_at(state),
            "round_until": state.round_until if state.phase == "round_over" else None,
            "last_round": _summary_view(state, state.history[-1]) if state.phase == "round_over" else None,
            "pictures_left": len(state.picture_deck),
            "winners": outcome.winners if outcome else None,
        }

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
        pool, r = rng.shuffled(r, [w for w in _word_ids(len(state.own_words)) if w not in used])
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


def dark_fall_points(rule: str, sparks: int, super_sparks: int) -> int:
    """What the player in the dark who fell scores for a round, by option ``dark_fall``."""
    if rule == "official":
        return sparks + 2 * super_sparks
    if rule == "one_per_card":
        return sparks + super_sparks
    return (SPARK_POINTS * sparks + SUPER_SPARK_POINTS * super_sparks) // 2


@functools.lru_cache(maxsize=4096)
def _subsets(key: int, low: int, high: int, count: int = 8) -> tuple[tuple[int, ...], ...]:
    """``count`` distinct sorted subsets of the grid with low..high cards, fixed by ``key``."""
    out: list[tuple[int, ...]] = []
    r = key
    for _ in range(count):
        if low > high:
            break
        size, r = rng.randbelow(r, high - low + 1)
        bits, r = rng.next_u64(r)
        keys = sorted(((bits >> (4 * p)) & 15) << 4 | p for p in range(GRID_SIZE))
        chosen = tuple(sorted(k & 15 for k in keys[: low + size]))
        if chosen not in out:
            out.append(chosen)
    return tuple(out)


def _turn_deadline(state: StellaState, t: int) -> int | None:
    return t + state.turn_timeout_ms if state.turn_timeout_ms > 0 else None


def _unnamed_marks(state: StellaState, seat: int) -> list[int]:
    named = {r.position for r in state.reveals}
    return [p for p in state.marks[seat] or () if p not in named]


def _next_revealer(state: StellaState, start: int) -> int:
    """The first seat clockwise from ``start`` who has not fallen and has an unnamed mark, else -1."""
    n = state.config.players
    for k in range(n):
        s = (start + k) % n
        if not state.fallen[s] and _unnamed_marks(state, s):
            return s
    return -1


def _reveal_view(r: RevealResult) -> dict[str, Any]:
    return {
        "position": r.position,
        "card": r.card,
        "revealer": r.revealer,
        "markers": list(r.markers),
        "kind": r.kind,
        "scorers": list(r.scorers),
        "points": r.points,
    }


def _summary_view(state: StellaState, h: RoundSummary) -> dict[str, Any]:
    de, en = card_words(state, h.word_card)
    return {
        "round": h.round + 1,
        "scout": h.scout,
        "word": {"de": de[h.word_index], "en": en[h.word_index]} if h.word_index >= 0 else None,
        "counts": list(h.counts),
        "dark": h.dark if h.dark >= 0 else None,
        "reveals": [_reveal_view(r) for r in h.reveals],
        "fallen": list(h.fallen),
        "points": list(h.points),
    }


GAME = Stella()
