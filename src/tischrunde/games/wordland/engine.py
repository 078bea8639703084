"""Wordland's engine: the ``Game`` subclass (setup, whose move it is, legal actions, transitions, deadlines,
outcome, hidden-information reshuffle) and the rule functions. The rules are in the package docstring."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Final

import msgspec

from tischrunde.core import rng
from tischrunde.core.errors import ConfigError
from tischrunde.core.game import Action, Config, Deadline, Event, Game, NextRound, Outcome, Timeout
from tischrunde.games.wordland import SPEC
from tischrunde.games.wordland.actions import (
    Bet,
    CatPass,
    ChooseCategory,
    Extend,
    GuardForce,
    HatterIgnore,
    Object,
    PlaceLetter,
    SaidIt,
    Say,
    Vote,
    WordlandAction,
)
from tischrunde.games.wordland.content import (
    COLOURS,
    CONTENT,
    categories,
    category_index,
    check_own_categories,
    letter_cards,
    letters_mask,
    letters_of,
    lexicon_masks,
    register_own,
    written,
)
from tischrunde.games.wordland.judging import (
    bound_letters,
    clean_word,
    displayed_letters,
    guard_may_force,
    illegal,
    not_your_turn,
    rule_error,
    said_keys,
    shown_letters,
    word_form_error,
)
from tischrunde.games.wordland.state import (
    ALICE,
    CAT,
    CATERPILLAR,
    CHARACTERS,
    DEFAULT_SCORING,
    DIFFICULTY_COLOURS,
    FROM_FOUR,
    GUARD,
    HATTER,
    MAX_CARD_POINTS,
    QUEEN,
    RABBIT,
    SAMPLE_WORDS,
    TWEEDLES,
    Ballot,
    Deal,
    Letter,
    Options,
    RoundResult,
    Said,
    State,
    Window,
    bump,
    due_at,
    has_power,
    next_alive,
    play_due_at,
    replace_deal,
    replace_state,
    seat_of,
    set_at,
)
from tischrunde.games.wordland.view import View, view

# The compiled build looks a plain global name up in the module's dict at each use but keeps a Final name in a
# C variable: the classes each step tests and builds, under final names.
_Ballot: Final = Ballot
_Bet: Final = Bet
_CatPass: Final = CatPass
_ChooseCategory: Final = ChooseCategory
_Deadline: Final = Deadline
_Event: Final = Event
_Extend: Final = Extend
_GuardForce: Final = GuardForce
_HatterIgnore: Final = HatterIgnore
_Letter: Final = Letter
_NextRound: Final = NextRound
_Object: Final = Object
_PlaceLetter: Final = PlaceLetter
_RoundResult: Final = RoundResult
_Said: Final = Said
_SaidIt: Final = SaidIt
_Say: Final = Say
_Timeout: Final = Timeout
_Vote: Final = Vote
_Window: Final = Window
_replace: Final = msgspec.structs.replace


def scoring_row(table: Any, players: int) -> Any:
    """The scoring card values for a player count (keys "4" or 4), or None."""
    if not isinstance(table, dict):
        return None
    return table.get(str(players), table.get(players))


def check_scoring(table: Any, players: int) -> None:
    """The ``scoring`` option's real domain: a dict from player counts ("3".."8") to a list of that many
    integers 0..MAX_CARD_POINTS, holding the row for ``players``. Raises ConfigError naming the option."""
    if table is DEFAULT_SCORING:
        return  # the option's default: a row for every player count (tests/games/test_wordland.py checks it)
    counts = range(SPEC.min_players, SPEC.max_players + 1)
    allowed = (
        f'{{"{players}": [{players} integers 0..{MAX_CARD_POINTS}], ...}} for player counts '
        f"{counts.start}..{counts.stop - 1}"
    )
    if not isinstance(table, dict) or not table or len(table) > len(counts):
        raise ConfigError("options.scoring", "..." if isinstance(table, (dict, list)) else table, allowed)
    for key, row in table.items():
        if not isinstance(key, str) or not key.isdigit() or int(key) not in counts:
            raise ConfigError("options.scoring", key if isinstance(key, (str, int)) else "...", allowed)
        if (
            not isinstance(row, list)
            or len(row) != int(key)
            or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_CARD_POINTS for v in row
            )
        ):
            raise ConfigError(f"options.scoring.{key}", "...", allowed)
    if str(players) not in table:
        raise ConfigError("options.scoring", f"no row for {players} players", allowed)


class _Draw:
    """The round's draws from the category deck and the letter decks; a deck that runs out is reshuffled
    (without the cards drawn this round) [ours]."""

    __slots__ = ("category_deck", "language", "letter_decks", "rng")

    def __init__(self, state: State) -> None:
        self.rng = state.deal.rng
        self.category_deck = state.deal.category_deck
        self.letter_decks = list(state.deal.letter_decks)
        self.language = state.config.language

    def category(self, used: list[str]) -> str:
        deck = self.category_deck
        if not deck:
            pool = [c.id for c in categories() if c.id not in used]
            deck, self.rng = rng.shuffled(self.rng, pool)
        self.category_deck = deck[1:]
        return deck[0]

    def letter(self, colour: str, used: list[str]) -> str:
        i = COLOURS.index(colour)
        deck = self.letter_decks[i]
        if not deck:
            pool = [c for c in letter_cards(self.language, colour) if c not in used]
            deck, self.rng = rng.shuffled(self.rng, pool)
        self.letter_decks[i] = deck[1:]
        return deck[0]


#: the two ballots (actions are frozen: one instance serves every legal-action list)
VOTE_AGAINST: Final = Vote(True)
VOTE_KEEP: Final = Vote(False)
CHOOSE_FIRST: Final = ChooseCategory(0)
CHOOSE_SECOND: Final = ChooseCategory(1)


class Wordland(Game[State]):
    spec = SPEC
    content = CONTENT
    # annotated: a bare union here is a type alias to mypy, which the compiled build would leave out
    action_type: ClassVar[Any] = WordlandAction | Timeout
    view_type = View
    transition_stamps_time = True  # every transition sets last_t to its t

    # ------------------------------------------------------------ setup

    def check_config(self, config: Config, options: dict[str, Any]) -> None:
        check_scoring(options["scoring"], config.players)
        decks = config.decks or {}
        if "characters" in decks:
            chars = decks["characters"]
            allowed = [c for c in CHARACTERS if config.players > 3 or c not in FROM_FOUR]
            if (
                not isinstance(chars, list)
                or len(chars) != config.players
                or len(set(chars)) != len(chars)
                or chars[0] != QUEEN
                or any(c not in allowed for c in chars)
            ):
                raise ConfigError(
                    "decks.characters",
                    chars,
                    f"{config.players} distinct of {allowed}, {QUEEN!r} first (dealt from first_seat on)",
                )
        own = check_own_categories(options["own_categories"])
        if "categories" in decks:
            known = {*category_index(), *(c.id for c in own)}
            cats = decks["categories"]
            if not isinstance(cats, list) or not cats or any(c not in known for c in cats):
                raise ConfigError("decks.categories", cats, "a list of category ids")
        for colour in COLOURS:
            name = f"letters_{colour}"
            if name in decks:
                cards = letter_cards(config.language, colour)
                given = decks[name]
                if (
                    not isinstance(given, list)
                    or any(c not in cards for c in given)
                    or len(set(given)) != len(given)
                ):
                    raise ConfigError(f"decks.{name}", given, cards)

    def new(self, config: Config) -> State:
        resolved = self.resolve_options(config)
        n = config.players
        options = Options(
            difficulty=resolved["difficulty"],
            timer_ms=resolved["timer_s"] * 1000,
            objection_ms=resolved["objection_s"] * 1000,
            vote_ms=resolved["vote_s"] * 1000,
            choose_ms=resolved["choose_s"] * 1000,
            fold_umlauts=resolved["fold_umlauts"],
            spoken=resolved["input"] == "spoken",
            scoring=tuple(scoring_row(resolved["scoring"], n) or ()),
            hatter_all=resolved["hatter_scope"] == "all",
            bonus_when_out=resolved["bonus_when_out"],
            rounds=resolved["rounds"] or n,
            wrong_word_out=resolved["wrong_word"] == "out",
            round_pause_ms=resolved["round_pause_ms"],
        )
        r = rng.seed_state(config.seed)
        decks = config.decks or {}
        if "characters" in decks:
            dealt_order = tuple(decks["characters"])
        else:
            pool = [c for c in CHARACTERS[1:] if n > 3 or c not in FROM_FOUR]
            dealt, r = rng.shuffled(r, pool)
            dealt_order = (QUEEN, *dealt[: n - 1])
        # the Queen goes to the youngest player [seed]: Config.first_seat; the others follow clockwise
        first = config.first_seat or 0
        characters = tuple(dealt_order[(s - first) % n] for s in range(n))
        own = check_own_categories(resolved["own_categories"])
        register_own(own)
        if "categories" in decks:
            category_deck = tuple(decks["categories"])
        else:
            category_deck, r = rng.shuffled(r, [c.id for c in categories()])
            if own:  # the room's own cards come first, in an order of their own
                mine, r = rng.shuffled(r, [c.id for c in own])
                category_deck = (*mine, *category_deck)
        letter_decks = []
        for colour in COLOURS:
            name = f"letters_{colour}"
            if name in decks:
                letter_decks.append(tuple(decks[name]))
            else:
                deck, r = rng.shuffled(r, letter_cards(config.language, colour))
                letter_decks.append(deck)
        zeros = (0,) * n
        deal = Deal(
            rng=r,
            round=0,
            category_deck=category_deck,
            category_choice=(),
            declined=None,
            category=None,
            letter_decks=tuple(letter_decks),
            table_letters=(),
            red_letter=None,
            purple_letter=None,
            bet=None,
            phase_deadline=None,
            points=zeros,
            history=(),
        )
        state = State(
            config=config,
            options=options,
            deal=deal,
            phase="choose",
            characters=characters,
            cards=("up",) * n,
            red_state="none",
            purple_state="none",
            hatter_ignored=None,
            tweedle_tokens=0,
            turn=None,
            turn_id=0,
            turn_deadline=None,
            resume=None,
            forced=False,
            just_played=None,
            out=(False,) * n,
            out_order=(),
            words=(),
            windows=(),
            vote=None,
            stat_words=zeros,
            stat_outs=zeros,
            stat_objections=zeros,
            stat_rejected=zeros,
        )
        return self._start_round(state, 0, characters)

    def _start_round(self, state: State, t: int, characters: tuple[str, ...]) -> State:
        """A round starts at ``t`` with these characters (the same set as ``state``'s, passed on)."""
        n = len(state.out)
        draw = _Draw(state)
        first = draw.category([])
        second = draw.category([first])
        used: list[str] = []
        table: list[Letter] = []
        for colour in DIFFICULTY_COLOURS[state.options.difficulty]:
            letter = draw.letter(colour, used)
            used.append(letter)
            table.append(_Letter(letter, colour, "table"))
        red = draw.letter("red", used)
        purple: str | None = None
        if RABBIT in state.characters:
            purple = draw.letter("purple", used)
        deal = replace_deal(
            state.deal,
            rng=draw.rng,
            category_deck=draw.category_deck,
            letter_decks=tuple(draw.letter_decks),
            round_until=0,
            category_choice=(first, second),
            declined=None,
            category=None,
            table_letters=tuple(table),
            red_letter=red,
            purple_letter=purple,
            bet=None,
            phase_deadline=t + state.options.choose_ms,
        )
        return replace_state(
            state,
            deal=deal,
            phase="choose",
            characters=characters,
            last_t=t,
            cards=("up",) * n,
            red_state="held",
            purple_state="held" if purple is not None else "none",
            hatter_ignored=None,
            tweedle_tokens=2 if TWEEDLES in state.characters else 0,
            turn=None,
            turn_deadline=None,
            resume=None,
            forced=False,
            just_played=None,
            out=(False,) * n,
            out_order=(),
            words=(),
            windows=(),
            vote=None,
        )

    # ------------------------------------------------------------ queries

    def active_seats(self, state: State) -> frozenset[int]:
        return frozenset(self._active(state))

    def playout_step_info(self, state: State) -> tuple[int | None, tuple[int, ...]] | None:
        phase = state.phase
        if phase == "play":  # the usual case: the vote read once for both answers
            vote = state.vote
            return play_due_at(state, vote), self._acting(state, vote)
        if phase == "over":  # outcome(state) is not None
            return None
        return due_at(state), self._active(state)

    def _active(self, state: State) -> tuple[int, ...]:
        """The seats that may act now, in seat order (``active_seats``)."""
        phase = state.phase
        if phase == "play":
            return self._acting(state, state.vote)
        if phase == "choose":  # the Queen
            return (state.characters.index(QUEEN),)
        if phase == "bet":  # the Caterpillar
            return (state.characters.index(CATERPILLAR),)
        return ()

    def _acting(self, state: State, vote: Ballot | None) -> tuple[int, ...]:
        """``_active`` in phase play, given the state's ``vote``."""
        if vote is None:
            return self._acting_in_play(state)
        ballots = vote.ballots  # the voters who have not voted yet
        return tuple([s for s in vote.voters if ballots[s] is None])

    def _acting_in_play(self, state: State) -> tuple[int, ...]:
        """Phase play, no vote running: the seats that may act (``legal_actions`` is non-empty, or it is the
        seat's turn), in seat order."""
        turn = state.turn
        # who may object: nobody (-2, no window open), everyone but the seat of the words (that seat), or
        # everyone (-1, words of two seats are open)
        word_seat = -2
        for w in state.windows:
            if word_seat == -2:
                word_seat = w.seat
            elif w.seat != word_seat:
                word_seat = -1
                break
        out = state.out
        cards = state.cards
        characters = state.characters
        seats = []
        for seat in range(len(out)):
            if seat == turn or (word_seat != -2 and seat != word_seat):
                seats.append(seat)  # the turn, or another's word this seat may object to
                continue
            if out[seat] or cards[seat] != "up":
                continue
            character = characters[seat]
            if character == HATTER:
                seats.append(seat)
            elif character == GUARD:
                if guard_may_force(state, seat) and force_targets(state, seat):
                    seats.append(seat)
            elif state.just_played == seat and (
                (character == QUEEN and state.red_state == "held")
                or (character == RABBIT and state.purple_state == "held")
            ):
                seats.append(seat)
        return tuple(seats)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        phase = state.phase
        if phase == "play":
            vote = state.vote
            if vote is not None:  # a voter (so a seat at the table) who has not voted yet
                if seat in vote.voters and vote.ballots[seat] is None:
                    return [VOTE_AGAINST, VOTE_KEEP]
                return []
        if not 0 <= seat < len(state.out):
            return []
        if phase != "play":
            if phase == "choose":
                return [CHOOSE_FIRST, CHOOSE_SECOND] if state.characters[seat] == QUEEN else []
            if phase == "bet" and state.characters[seat] == CATERPILLAR:
                return [_Bet(s) for s in range(len(state.out)) if s != seat]
            return []
        out: list[Action] = []
        character = state.characters[seat]
        up = state.cards[seat] == "up"  # has_power(state, seat, character)
        turn = state.turn
        if seat == turn:
            if state.options.spoken:
                out.append(_SaidIt())
            else:
                for word in self.sample_words(state, seat, SAMPLE_WORDS):
                    out.append(_Say(word))
            if up and character == CAT:
                out.append(_CatPass())
            if character == TWEEDLES and state.tweedle_tokens > 0:
                out.append(_Extend())
        if up and not state.out[seat]:
            if state.just_played == seat and turn != seat:
                if character == QUEEN and state.red_state == "held":
                    out.append(_PlaceLetter())
                if character == RABBIT and state.purple_state == "held":
                    out.append(_PlaceLetter())
                    if state.red_state == "laid":
                        out.append(_PlaceLetter(replace_red=True))
            if character == HATTER and state.hatter_ignored is None:
                for letter in dict.fromkeys([d.letter for d in shown_letters(state)]):
                    out.append(_HatterIgnore(letter))
            if character == GUARD and guard_may_force(state, seat):
                for target in force_targets(state, seat):
                    out.append(_GuardForce(target))
        for w in state.windows:
            if w.seat != seat:
                out.append(_Object(w.turn_id))
        return out

    def sample_words(self, state: State, seat: int, limit: int) -> list[str]:
        """Up to ``limit`` lexicon words this seat could say now (legal by letters and repeats)."""
        if state.deal.category is None:
            return []
        return fitting_words(state, bound_letters(state, seat), limit)

    def deadline(self, state: State) -> Deadline | None:
        if state.phase == "choose":
            return (
                None
                if state.deal.phase_deadline is None
                else _Deadline(state.deal.phase_deadline, "choose", seat_of(state, QUEEN))
            )
        if state.phase == "bet":
            due = state.deal.phase_deadline
            return None if due is None else _Deadline(due, "bet", seat_of(state, CATERPILLAR))
        if state.phase == "round_over":
            return _Deadline(state.deal.round_until, "round_pause", seat_of(state, QUEEN))
        if state.phase != "play":
            return None
        if state.vote is not None:
            return _Deadline(state.vote.deadline, "vote", None)
        best: Deadline | None = None
        if state.turn_deadline is not None:
            best = _Deadline(state.turn_deadline, "turn", state.turn)
        for w in state.windows:
            if best is None or w.closes_at < best.t:
                best = _Deadline(w.closes_at, "objection", w.seat)
        return best

    due_at = staticmethod(due_at)

    # ------------------------------------------------------------ transitions

    def transition(self, state: State, seat: int | None, action: Action, t: int) -> tuple[State, list[Event]]:
        # actions are final classes: the exact type says which action it is
        if type(action) is _Timeout:  # due: Game.apply checked it
            return self._timeout(state, t)
        if seat is None or not 0 <= seat < len(state.out):
            raise illegal(
                state, "bad_seat", "seat", f"There is no seat {seat}.", f"Es gibt keinen Platz {seat}."
            )
        phase = state.phase
        if phase == "play":  # the usual case first: no phase error is possible in play
            if type(action) is _Vote:
                return self._vote(state, seat, action, t)
        elif phase == "over":
            raise illegal(state, "game_over", "end", "The game is over.", "Das Spiel ist vorbei.")
        if type(action) is _NextRound:
            return self._tap_next_round(state, seat, t)
        if phase == "round_over":
            raise illegal(
                state,
                "round_over",
                "round_end",
                "The round is over: the next one starts in a moment.",
                "Die Runde ist vorbei: gleich beginnt die nächste.",
            )
        if type(action) is _ChooseCategory:
            return self._choose(state, seat, action, t)
        if type(action) is _Bet:
            return self._bet(state, seat, action, t)
        if phase != "play":
            raise not_your_turn(
                state,
                "The round has not started yet: the Queen chooses the category and the Caterpillar bets first.",
                "Die Runde hat noch nicht begonnen: erst wählt die Königin die Kategorie und die Raupe wettet.",
            )
        if state.vote is not None:
            raise illegal(
                state,
                "vote_running",
                "judging",
                "A vote is running: the clock stands still until it ends.",
                "Eine Abstimmung läuft: die Uhr steht still, bis sie endet.",
            )
        if type(action) is _Object:
            return self._object(state, seat, action, t)
        if type(action) is _PlaceLetter:
            return self._place(state, seat, action, t)
        if type(action) is _HatterIgnore:
            return self._hatter(state, seat, action, t)
        if type(action) is _GuardForce:
            return self._guard(state, seat, action, t)
        if seat != state.turn:
            raise not_your_turn(state, "It is not your turn.", "Du bist nicht am Zug.")
        if type(action) is _Say:
            return self._say(state, seat, action, t)
        if type(action) is _SaidIt:
            return self._said_it(state, seat, t)
        if type(action) is _Extend:
            return self._extend(state, seat, t)
        if type(action) is _CatPass:
            return self._cat_pass(state, seat, t)
        raise illegal(state, "unknown_action", "actions", "Unknown action.", "Unbekannte Aktion.")

    def _choose(self, state: State, seat: int, action: ChooseCategory, t: int) -> tuple[State, list[Event]]:
        if state.phase != "choose" or state.characters[seat] != QUEEN:
            raise not_your_turn(
                state,
                "Only the Queen chooses the category, before the round.",
                "Nur die Königin wählt die Kategorie, vor der Runde.",
            )
        if action.index not in (0, 1):
            raise illegal(
                state,
                "bad_category_index",
                "category",
                "Choose category card 0 or 1.",
                "Wähle Kategoriekarte 0 oder 1.",
            )
        return self._chosen(state, action.index, t)

    def _chosen(self, state: State, index: int, t: int) -> tuple[State, list[Event]]:
        chosen = state.deal.category_choice[index]
        declined = state.deal.category_choice[1 - index]
        events = [_Event("category", seat_of(state, QUEEN), {"category": chosen})]
        if CATERPILLAR in state.characters:
            deal = replace_deal(
                state.deal,
                category=chosen,
                declined=declined,
                category_choice=(),
                phase_deadline=t + state.options.choose_ms,
            )
            return replace_state(state, deal=deal, phase="bet", last_t=t), events
        deal = replace_deal(
            state.deal, category=chosen, declined=declined, category_choice=(), phase_deadline=None
        )
        return self._start_play(state, t, deal), events

    def _bet(self, state: State, seat: int, action: Bet, t: int) -> tuple[State, list[Event]]:
        if state.phase != "bet" or state.characters[seat] != CATERPILLAR:
            raise not_your_turn(
                state, "Only the Caterpillar bets, before the round.", "Nur die Raupe wettet, vor der Runde."
            )
        if not 0 <= action.seat < len(state.out) or action.seat == seat:
            raise illegal(
                state,
                "bad_bet",
                "caterpillar",
                "Bet on another player's seat.",
                "Setze auf den Platz eines anderen Spielers.",
            )
        state = self._start_play(state, t, replace_deal(state.deal, bet=action.seat, phase_deadline=None))
        return state, [_Event("bet", seat, {"seat": action.seat}, visible_to=(seat,))]

    def _start_play(self, state: State, t: int, deal: Deal) -> State:
        """Play starts at ``t`` with the Queen's turn and this ``deal`` (the state's, the phase deadline
        cleared, and whatever else changes with it)."""
        queen = seat_of(state, QUEEN)
        assert queen is not None
        return self._start_turn(state, queen, t, {"phase": "play", "deal": deal})

    def _start_turn(
        self, state: State, seat: int, t: int, changes: dict[str, Any], *, forced: bool = False
    ) -> State:
        """``seat``'s turn starts at ``t``; ``changes`` are more fields set in the same update (none that this
        reads; the dict is used up)."""
        characters = state.characters
        if state.red_state == "laid" and characters[seat] == QUEEN:
            changes["red_state"] = "gone"
        if state.purple_state == "laid" and characters[seat] == RABBIT:
            changes["purple_state"] = "gone"
        changes["turn"] = seat
        changes["turn_id"] = state.turn_id + 1
        changes["turn_deadline"] = t + state.options.timer_ms
        changes["forced"] = forced
        changes["last_t"] = t
        return replace_state(state, **changes)

    def _end_turn(self, state: State, seat: int, t: int, played: bool, changes: dict[str, Any]) -> State:
        """``seat``'s turn ends; the next starts (``changes``: as in ``_start_turn``)."""
        resume = state.resume
        if resume is not None:
            target = next_alive(state, resume, include_self=True)
        else:
            target = next_alive(state, seat)
        changes["just_played"] = seat if played else None
        changes["resume"] = None
        return self._start_turn(state, target, t, changes)

    def _say(self, state: State, seat: int, action: Say, t: int) -> tuple[State, list[Event]]:
        if state.options.spoken:
            raise illegal(
                state,
                "spoken_table",
                "input",
                "At this table words are spoken: press “said it”.",
                "An diesem Tisch werden Wörter gesagt: drücke „gesagt“.",
            )
        raw = action.word
        form = word_form_error(state, raw)
        if form is not None:
            raise form  # not a word at all (a typo of the form)
        word = clean_word(raw)
        error = rule_error(state, seat, word)
        if error is not None:
            if not state.options.wrong_word_out:
                raise error  # wrong_word=retry
            return self._wrong_word(state, seat, word, error.code, t)
        return self._accept(state, seat, word, t)

    def _wrong_word(
        self, state: State, seat: int, word: str, reason: str, t: int
    ) -> tuple[State, list[Event]]:
        """``wrong_word=out``: a word that is not correct puts its player out at once [seed]; everyone sees
        the word and why."""
        letter = None
        if reason == "forbidden_letter":
            letters = letters_of(word, fold_umlauts=state.options.fold_umlauts)
            letter = next(x for x in bound_letters(state, seat) if x in letters)
        said = _Said(state.turn_id, seat, word, "wrong", reason, letter)
        events = [
            _Event(
                "wrong_word",
                seat,
                {"word": word, "reason": reason, "letter": letter, "turn_id": state.turn_id},
            )
        ]
        return self._put_out(state, seat, t, "wrong_word", events, words=(*state.words, said))

    def _said_it(self, state: State, seat: int, t: int) -> tuple[State, list[Event]]:
        if not state.options.spoken:
            raise illegal(
                state,
                "typed_table",
                "input",
                "Type your word at this table.",
                "An diesem Tisch wird das Wort getippt.",
            )
        return self._accept(state, seat, None, t)

    def _accept(self, state: State, seat: int, word: str | None, t: int) -> tuple[State, list[Event]]:
        turn_id = state.turn_id
        windows = state.windows
        objection_ms = state.options.objection_ms
        if objection_ms > 0:
            windows = (*windows, _Window(turn_id, seat, word, t + objection_ms))
        changes = {
            "words": (*state.words, _Said(turn_id, seat, word, "accepted")),
            "windows": windows,
            "stat_words": bump(state.stat_words, seat),
        }
        state = self._end_turn(state, seat, t, True, changes)
        return state, [_Event("word", seat, {"word": word, "turn_id": turn_id})]

    def _extend(self, state: State, seat: int, t: int) -> tuple[State, list[Event]]:
        if state.characters[seat] != TWEEDLES or state.tweedle_tokens <= 0:
            raise illegal(
                state,
                "no_time_token",
                "tweedles",
                "Only the Tweedles extend a turn, with a time token left.",
                "Nur die Zwillinge verlängern einen Zug, solange sie einen Zeitmarker haben.",
            )
        assert state.turn_deadline is not None
        state = replace_state(
            state,
            tweedle_tokens=state.tweedle_tokens - 1,
            turn_deadline=state.turn_deadline + state.options.timer_ms,
            last_t=t,
        )
        return state, [_Event("extend", seat, {"tokens": state.tweedle_tokens})]

    def _cat_pass(self, state: State, seat: int, t: int) -> tuple[State, list[Event]]:
        if not has_power(state, seat, CAT):
            raise illegal(
                state,
                "no_cat_pass",
                "cheshire_cat",
                "Only the Cheshire Cat passes, once per round.",
                "Nur die Grinsekatze darf passen, einmal pro Runde.",
            )
        changes = {
            "cards": set_at(state.cards, seat, "sideways"),
            "words": (*state.words, _Said(state.turn_id, seat, None, "pass")),
        }
        state = self._end_turn(state, seat, t, True, changes)
        return state, [_Event("cat_pass", seat)]

    def _place(self, state: State, seat: int, action: PlaceLetter, t: int) -> tuple[State, list[Event]]:
        if state.out[seat] or state.just_played != seat or state.turn == seat:
            raise illegal(
                state,
                "not_after_own_turn",
                "place_letter",
                "A secret letter is laid out right after your own turn.",
                "Ein geheimer Buchstabe wird direkt nach dem eigenen Zug ausgelegt.",
            )
        if has_power(state, seat, QUEEN) and state.red_state == "held" and not action.replace_red:
            state = replace_state(state, red_state="laid", last_t=t)
            return state, [_Event("place_letter", seat, {"letter": state.deal.red_letter, "colour": "red"})]
        if has_power(state, seat, RABBIT) and state.purple_state == "held":
            changes: dict[str, Any] = {"purple_state": "laid", "last_t": t}
            if action.replace_red:
                if state.red_state != "laid":
                    raise illegal(
                        state,
                        "no_red_letter",
                        "white_rabbit",
                        "No red letter of the Queen lies out to replace.",
                        "Es liegt kein roter Buchstabe der Königin aus, den du ersetzen könntest.",
                    )
                changes["red_state"] = "gone"
            state = replace_state(state, **changes)
            data = {"letter": state.deal.purple_letter, "colour": "purple", "replace_red": action.replace_red}
            return state, [_Event("place_letter", seat, data)]
        raise illegal(
            state,
            "no_secret_letter",
            "place_letter",
            "Only the Queen and the White Rabbit lay out a secret letter, once per round.",
            "Nur die Königin und das weiße Kaninchen legen einen geheimen Buchstaben aus, einmal pro Runde.",
        )

    def _hatter(self, state: State, seat: int, action: HatterIgnore, t: int) -> tuple[State, list[Event]]:
        if state.out[seat] or not has_power(state, seat, HATTER):
            raise illegal(
                state,
                "no_hatter",
                "mad_hatter",
                "Only the Mad Hatter ignores a letter, once per round.",
                "Nur der verrückte Hutmacher ignoriert einen Buchstaben, einmal pro Runde.",
            )
        letter = action.letter.lower()
        if letter not in {d.letter for d in displayed_letters(state)}:
            raise illegal(
                state,
                "letter_not_displayed",
                "mad_hatter",
                f"{action.letter!r} is not a displayed forbidden letter.",
                f"{action.letter!r} ist kein ausliegender verbotener Buchstabe.",
            )
        state = replace_state(
            state, hatter_ignored=letter, cards=set_at(state.cards, seat, "sideways"), last_t=t
        )
        return state, [_Event("hatter_ignore", seat, {"letter": letter})]

    def _guard(self, state: State, seat: int, action: GuardForce, t: int) -> tuple[State, list[Event]]:
        if state.out[seat] or not has_power(state, seat, GUARD):
            raise illegal(
                state,
                "no_guard",
                "royal_guard",
                "Only the Royal Guard forces an extra turn, once per round.",
                "Nur die königliche Garde erzwingt einen weiteren Zug, einmal pro Runde.",
            )
        target = action.seat
        if not state.words and not state.out_order:
            raise illegal(
                state,
                "queen_first",
                "royal_guard",
                "The Royal Guard forces only after the Queen's first turn of the round.",
                "Die königliche Garde zwingt erst nach dem ersten Zug der Königin in der Runde.",
            )
        if not 0 <= target < len(state.out) or target == seat or state.out[target]:
            raise illegal(
                state,
                "bad_force_target",
                "royal_guard",
                "Force another player who is still in the round.",
                "Zwinge einen anderen Spieler, der noch im Spiel ist.",
            )
        if target == state.turn:
            raise illegal(
                state,
                "force_own_turn",
                "royal_guard",
                "That player's turn is running already: force someone else.",
                "Diese Person ist schon am Zug: zwinge jemand anderen.",
            )
        changes = {"cards": set_at(state.cards, seat, "sideways"), "resume": state.turn}
        state = self._start_turn(state, target, t, changes, forced=True)
        return state, [_Event("guard_force", seat, {"seat": target})]

    def _object(self, state: State, seat: int, action: Object, t: int) -> tuple[State, list[Event]]:
        window = None
        for w in state.windows:
            if w.turn_id == action.turn_id:
                window = w
                break
        if window is None or t >= window.closes_at:
            raise illegal(
                state,
                "no_objection_window",
                "judging",
                "That word can no longer be objected to.",
                "Gegen dieses Wort kann kein Einspruch mehr erhoben werden.",
            )
        if window.seat == seat:
            raise illegal(
                state,
                "own_word",
                "judging",
                "You cannot object to your own word.",
                "Gegen das eigene Wort gibt es keinen Einspruch.",
            )
        n = len(state.out)
        voters = tuple([s for s in range(n) if s != window.seat])
        ballots: tuple[bool | None, ...] = set_at((None,) * n, seat, True)
        vote = _Ballot(
            window.turn_id, window.seat, window.word, seat, voters, ballots, t, t + state.options.vote_ms
        )
        turn_id = action.turn_id
        state = replace_state(
            state,
            windows=tuple([w for w in state.windows if w.turn_id != turn_id]),
            vote=vote,
            stat_objections=bump(state.stat_objections, seat),
            last_t=t,
        )
        events = [_Event("objection", seat, {"turn_id": window.turn_id, "word": window.word})]
        for s in voters:
            if ballots[s] is None:  # a ballot is missing: the vote goes on
                return state, events
        return self._end_vote(state, vote, ballots, t, events)

    def _vote(self, state: State, seat: int, action: Vote, t: int) -> tuple[State, list[Event]]:
        v = state.vote
        if v is None or seat not in v.voters or v.ballots[seat] is not None:
            raise illegal(
                state,
                "no_vote",
                "judging",
                "There is no vote for you to cast now.",
                "Gerade gibt es keine Abstimmung, an der du teilnehmen kannst.",
            )
        if t >= v.deadline:
            raise illegal(
                state, "vote_closed", "judging", "The vote has closed.", "Die Abstimmung ist beendet."
            )
        against = action.against
        ballots = set_at(v.ballots, seat, against)
        events = [_Event("vote", seat, {"against": against})]
        for s in v.voters:
            if ballots[s] is None:  # a ballot is missing: the vote goes on
                vote = _replace(v, ballots=ballots)
                return replace_state(state, vote=vote, last_t=t), events
        return self._end_vote(state, v, ballots, t, events)

    def _end_vote(
        self, state: State, v: Ballot, ballots: tuple[bool | None, ...], t: int, events: list[Event]
    ) -> tuple[State, list[Event]]:
        """The vote ``v`` (the state's) ends at ``t`` with these ``ballots``; its events follow ``events``."""
        shift = t - v.started
        against = ballots.count(True)  # ballots are None, True or False
        keep = ballots.count(False)
        rejected = against > keep
        status = "rejected" if rejected else "kept"
        turn_id = v.turn_id
        seat = v.seat
        # the word voted on gets its status: one turn says at most one word, most likely one of the last
        words = state.words
        for i in range(len(words) - 1, -1, -1):
            said = words[i]
            if said.turn_id == turn_id and said.seat == seat:
                words = (*words[:i], _replace(said, status=status), *words[i + 1 :])
                break
        windows = state.windows
        turn_deadline = state.turn_deadline
        if shift:
            # the clock stood still during the vote
            windows = tuple([_replace(w, closes_at=w.closes_at + shift) for w in windows])
            if turn_deadline is not None:
                turn_deadline += shift
        events.append(
            _Event(
                "vote_result", seat, {"turn_id": turn_id, "against": against, "keep": keep, "out": rejected}
            )
        )
        if not rejected:
            state = replace_state(
                state, vote=None, words=words, windows=windows, turn_deadline=turn_deadline, last_t=t
            )
            return state, events
        stat_rejected = bump(state.stat_rejected, seat)
        stat_words = bump(state.stat_words, seat, -1)
        if state.out[seat]:
            state = replace_state(
                state,
                vote=None,
                words=words,
                windows=windows,
                turn_deadline=turn_deadline,
                last_t=t,
                stat_rejected=stat_rejected,
                stat_words=stat_words,
            )
            return state, events
        return self._put_out(
            state,
            seat,
            t,
            "rejected",
            events,
            windows,
            vote=None,
            words=words,
            turn_deadline=turn_deadline,
            last_t=t,
            stat_rejected=stat_rejected,
            stat_words=stat_words,
        )

    def _put_out(
        self,
        state: State,
        seat: int,
        t: int,
        reason: str,
        events: list[Event],
        windows: tuple[Window, ...] | None = None,
        **changes: Any,
    ) -> tuple[State, list[Event]]:
        """``seat`` goes out at ``t``; ``changes`` are more fields set in the same update (none that this
        reads; ``windows``: the open windows, if not the state's); its events follow ``events``."""
        character = state.characters[seat]
        if character == QUEEN and state.red_state == "laid":
            changes["red_state"] = "gone"
        if character == RABBIT and state.purple_state == "laid":
            changes["purple_state"] = "gone"
        if windows is None:
            windows = state.windows
        out = set_at(state.out, seat, True)
        out_order = (*state.out_order, seat)
        changes["last_t"] = t
        state = replace_state(
            state,
            out=out,
            cards=set_at(state.cards, seat, "down"),
            out_order=out_order,
            windows=tuple([w for w in windows if w.seat != seat]),
            stat_outs=bump(state.stat_outs, seat),
            just_played=None if state.just_played == seat else state.just_played,
            **changes,
        )
        events.append(_Event("out", seat, {"reason": reason, "card": len(out_order)}))
        if out.count(False) == 1:  # one player is left
            return self._end_round(state, out.index(False), t, events)
        if seat == state.turn:
            if state.resume == seat:
                state = replace_state(state, resume=None)
            state = self._end_turn(state, seat, t, False, {})
        return state, events

    def _timeout(self, state: State, t: int) -> tuple[State, list[Event]]:
        phase = state.phase
        if phase == "round_over":
            return self._next_round(state, t, [])
        if phase == "choose":
            return self._chosen(state, 0, t)
        if phase == "bet":
            deal = replace_deal(state.deal, phase_deadline=None)
            return self._start_play(state, t, deal), [_Event("no_bet", seat_of(state, CATERPILLAR))]
        vote = state.vote
        if vote is not None:
            return self._end_vote(state, vote, vote.ballots, t, [])
        windows = tuple([w for w in state.windows if w.closes_at > t])
        turn = state.turn
        if state.turn_deadline is not None and t >= state.turn_deadline and turn is not None:
            return self._put_out(state, turn, t, "timeout", [], windows)
        return replace_state(state, windows=windows, last_t=t), []

    def _end_round(
        self, state: State, survivor: int, t: int, events: list[Event]
    ) -> tuple[State, list[Event]]:
        """The round ends at ``t`` with this survivor; its events follow ``events``."""
        n = len(state.out)
        order = (*state.out_order, survivor)
        cards = [0] * n
        for k, seat in enumerate(order):
            cards[seat] = k + 1
        options = state.options
        scoring = options.scoring
        card_points = [scoring[cards[s] - 1] for s in range(n)]
        bonus = [0] * n
        for seat in range(n):
            if not options.bonus_when_out and state.cards[seat] == "down":
                continue
            if state.characters[seat] == ALICE:
                bonus[seat] += card_points[seat] // 2
            if state.characters[seat] == CATERPILLAR and state.deal.bet is not None:
                bonus[seat] += card_points[state.deal.bet] // 2
        assert state.deal.category is not None
        could = self._could_have_said(state)
        result = _RoundResult(
            round=state.deal.round,
            category=state.deal.category,
            letters=tuple(displayed_letters(state)),
            characters=state.characters,
            cards=tuple(cards),
            card_points=tuple(card_points),
            bonus=tuple(bonus),
            bet=state.deal.bet,
            words=state.words,
            could_have_said=could,
        )
        points = tuple([state.deal.points[s] + card_points[s] + bonus[s] for s in range(n)])
        round_ = state.deal.round + 1
        events.append(_Event("round_end", None, {"cards": cards, "bonus": bonus, "survivor": survivor}))
        history = (*state.deal.history, result)
        # the round's end in one update: the game's end, the pause with the round's result on the table
        # (until it ends or the Queen goes on), or straight on to the next round
        if round_ >= options.rounds:
            deal = replace_deal(
                state.deal,
                history=history,
                points=points,
                round=round_,
                phase_deadline=None,
                category_choice=(),
            )
            phase = "over"
        elif options.round_pause_ms > 0:
            deal = replace_deal(
                state.deal,
                history=history,
                points=points,
                round=round_,
                round_until=t + options.round_pause_ms,
            )
            phase = "round_over"
        else:
            deal = replace_deal(state.deal, history=history, points=points, round=round_)
            phase = state.phase
        state = replace_state(
            state,
            deal=deal,
            out_order=order,
            phase=phase,
            turn=None,
            turn_deadline=None,
            windows=(),
            vote=None,
            resume=None,
        )
        if phase == "over" or phase == "round_over":
            return state, events
        return self._next_round(state, t, events)

    def _next_round(self, state: State, t: int, events: list[Event]) -> tuple[State, list[Event]]:
        """Characters pass to the left neighbour [seed]; new letters, new category. Its event follows
        ``events``."""
        n = len(state.out)
        characters = tuple([state.characters[(s - 1) % n] for s in range(n)])
        events.append(_Event("next_round", None, {"round": state.deal.round + 1}))
        return self._start_round(state, t, characters), events

    def _tap_next_round(self, state: State, seat: int, t: int) -> tuple[State, list[Event]]:
        if state.phase != "round_over":
            raise illegal(
                state,
                "not_round_over",
                "round_end",
                "The next round starts once a round is over.",
                "Die nächste Runde beginnt, wenn eine Runde vorbei ist.",
            )
        if state.characters[seat] != QUEEN:
            raise not_your_turn(
                state, "The Queen starts the next round.", "Die Königin beginnt die nächste Runde."
            )
        return self._next_round(state, t, [])

    def _could_have_said(self, state: State) -> tuple[str, ...]:
        """Words the table could still have said, written as a person writes them (German nouns
        capitalised)."""
        category_id = state.deal.category
        assert category_id is not None
        words = fitting_words(state, [d.letter for d in state.deal.table_letters], 5)
        return tuple(written(w, category_id, state.config.language) for w in words)

    # ------------------------------------------------------------ views

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = [float(p) for p in state.deal.points]
        ranks = [1 + sum(1 for o in scores if o > s) for s in scores]
        best = max(scores)
        totals: dict[str, list[int]] = {}
        for h in state.deal.history:
            for s, c in enumerate(h.characters):
                totals.setdefault(c, []).append(h.card_points[s] + h.bonus[s])
        return Outcome(
            scores=scores,
            ranks=ranks,
            winners=[s for s, x in enumerate(scores) if x == best],
            details={
                "words": list(state.stat_words),
                "outs": list(state.stat_outs),
                "objections": list(state.stat_objections),
                "rejected": list(state.stat_rejected),
                "character_points": {c: sum(v) / len(v) for c, v in totals.items()},
                "rounds": len(state.deal.history),
            },
        )

    def rerandomize_hidden(self, state: State, seat: int | None, seed: int) -> State:
        r = rng.seed_state(seed * 7919 + 17)
        is_queen = seat is not None and state.characters[seat] == QUEEN
        pool = list(state.deal.category_deck)
        choice = list(state.deal.category_choice)
        declined = state.deal.declined
        if not is_queen:
            pool += choice + ([declined] if declined is not None else [])
            mixed, r = rng.shuffled(r, pool)
            k = len(choice)
            choice = list(mixed[:k])
            rest = list(mixed[k:])
            if declined is not None:
                declined, rest = rest[0], rest[1:]
            pool = rest
        deck, r = rng.shuffled(r, pool)
        decks = []
        red, purple = state.deal.red_letter, state.deal.purple_letter
        for i, colour in enumerate(COLOURS):
            cards = list(state.deal.letter_decks[i])
            if colour == "red" and state.red_state == "held" and not is_queen and red is not None:
                cards.append(red)
                mixed, r = rng.shuffled(r, cards)
                red, cards = mixed[0], list(mixed[1:])
            hidden_purple = seat is None or state.characters[seat] != RABBIT
            if colour == "purple" and state.purple_state == "held" and hidden_purple and purple is not None:
                cards.append(purple)
                mixed, r = rng.shuffled(r, cards)
                purple, cards = mixed[0], list(mixed[1:])
            shuffled_cards, r = rng.shuffled(r, cards)
            decks.append(shuffled_cards)
        bet = state.deal.bet
        caterpillar = seat_of(state, CATERPILLAR)
        if bet is not None and caterpillar is not None and seat != caterpillar:
            others = [s for s in range(len(state.out)) if s != caterpillar]
            bet, r = rng.choice(r, others)
        new_rng, r = rng.next_u64(r)
        deal = replace_deal(
            state.deal,
            rng=new_rng,
            category_deck=deck,
            category_choice=tuple(choice),
            declined=declined,
            letter_decks=tuple(decks),
            red_letter=red,
            purple_letter=purple,
            bet=bet,
        )
        return replace_state(state, deal=deal)

    def example_configs(self) -> list[Config]:
        name = self.spec.name
        return [
            Config(game=name, players=3, seed=1),
            Config(
                game=name, players=5, seed=2, language="en", options={"difficulty": "hard", "timer_s": 10}
            ),
            Config(game=name, players=8, seed=3, options={"difficulty": "easy", "hatter_scope": "all"}),
            Config(
                game=name,
                players=4,
                seed=4,
                language="en",
                options={"input": "spoken", "fold_umlauts": False},
            ),
            Config(
                game=name, players=6, seed=5, options={"objection_s": 0, "bonus_when_out": False, "rounds": 2}
            ),
        ]


def force_targets(state: State, seat: int) -> list[int]:
    """The seats the Royal Guard at ``seat`` could force: in the round, not the Guard, not the turn's."""
    out = state.out
    turn = state.turn
    return [s for s in range(len(out)) if not out[s] and s != seat and s != turn]


def fitting_words(state: State, banned: Iterable[str], limit: int) -> list[str]:
    """Up to ``limit`` words of the round's category lexicon, in lexicon order, free of the ``banned`` letters
    and not yet said this round (a word rejected or wrong does not count as said)."""
    assert state.deal.category is not None
    said = said_keys(state.words)
    entries = lexicon_masks(state.deal.category, state.config.language, state.options.fold_umlauts)
    mask = letters_mask(banned)  # after lexicon_masks: every letter of the lexicon has its bit
    out = []
    for word, letters, key in entries:
        if not letters & mask and key not in said:
            out.append(word)
            if len(out) == limit:
                break
    return out
