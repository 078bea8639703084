"""Wordland's rules as pure functions over the frozen ``State`` (the rules text is the package docstring):
setup, whose move it is, deadlines, legal actions, the one ``refusal`` of every action and ``apply``.

``apply`` stops where a round has been scored (phase ``scored``): the round-end branch (the game's end, the
pause, the next round) is the core's (``Game.end_round``), which calls ``next_round`` here."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import Any, Final

import msgspec

from tischrunde.core import rng
from tischrunde.core.errors import ConfigError, GameError, IllegalActionError, NotYourTurnError
from tischrunde.core.game import Action, Config, Deadline, Event, Outcome, Timeout
from tischrunde.games.wordland.content import (
    ALICE,
    CAT,
    CATERPILLAR,
    CHARACTERS,
    COLOURS,
    DEFAULT_SCORING,
    DIFFICULTY_COLOURS,
    FROM_FOUR,
    GUARD,
    HATTER,
    MAX_CARD_POINTS,
    QUEEN,
    RABBIT,
    TWEEDLES,
    categories,
    category_index,
    check_own_categories,
    letter_cards,
    letters_mask,
    letters_of,
    lexicon_masks,
    register_own,
    word_key,
    written,
)
from tischrunde.games.wordland.spec import SPEC
from tischrunde.games.wordland.state import (
    Ballot,
    Bet,
    CatPass,
    ChooseCategory,
    Deal,
    Extend,
    GuardForce,
    HatterIgnore,
    Letter,
    Object,
    Options,
    PlaceLetter,
    RoundResult,
    Said,
    SaidIt,
    Say,
    State,
    Vote,
    Window,
)

#: the longest word a player may type
MAX_WORD_LENGTH: Final = 40
#: how many lexicon words ``legal_actions`` offers the turn's seat
SAMPLE_WORDS: Final = 3
#: statuses of words that do not count as said (for repeats): rejected by vote, or wrong (the player went out)
UNSAID: Final = ("rejected", "wrong")

replace: Final = msgspec.structs.replace


# ---------------------------------------------------------------- refusals


def illegal(code: str, rule: str, message: str) -> IllegalActionError:
    """A refusal with its stable code, the rule it names and the English sentence (the UI has its words by
    code)."""
    return IllegalActionError(message, code=code, rule=rule)


def not_your_turn(message: str) -> NotYourTurnError:
    """A refusal of a seat that may not act now (code ``not_your_turn``)."""
    return NotYourTurnError(message, rule="turn")


# ---------------------------------------------------------------- small helpers


def set_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """A copy of a tuple with one item replaced."""
    items = list(values)
    items[index] = value
    return tuple(items)


def bump(values: tuple[int, ...], index: int, by: int = 1) -> tuple[int, ...]:
    """A copy of a tuple of counters with one counter raised."""
    items = list(values)
    items[index] += by
    return tuple(items)


def seat_of(state: State, character: str) -> int | None:
    """The seat holding a character this round, or None if it is not in play."""
    return state.characters.index(character) if character in state.characters else None


def has_power(state: State, seat: int, character: str) -> bool:
    """The seat holds this character face up (sideways or down = the ability is gone)."""
    return state.characters[seat] == character and state.cards[seat] == "up"


def next_alive(state: State, seat: int, *, include_self: bool = False) -> int:
    """The next seat clockwise that is still in the round."""
    out = state.out
    n = len(out)
    for step in range(0 if include_self else 1, n + 1):
        s = (seat + step) % n
        if not out[s]:
            return s
    raise AssertionError("no player left")


# ---------------------------------------------------------------- setup


def scoring_row(table: Any, players: int) -> Any:
    """The scoring card values for a player count (keys "4" or 4), or None."""
    if not isinstance(table, dict):
        return None
    return table.get(str(players), table.get(players))


def check_scoring(table: Any, players: int) -> None:
    """The ``scoring`` option's real domain: a dict from player counts ("3".."8") to a list of that many
    integers 0..MAX_CARD_POINTS, holding the row for ``players``. Raises ConfigError naming the option."""
    if table is DEFAULT_SCORING:
        return  # the option's default: a row for every player count (tests/games/wordland/test_rules.py checks it)
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


def check_config(config: Config, options: dict[str, Any]) -> None:
    """The checks beyond the option specs: the scoring table, own categories and stacked decks."""
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


def resolve(options: dict[str, Any], players: int) -> Options:
    """The resolved option values (``Game.resolve_options``) as the rules read them."""
    return Options(
        difficulty=options["difficulty"],
        timer_ms=options["timer_s"] * 1000,
        objection_ms=options["objection_s"] * 1000,
        vote_ms=options["vote_s"] * 1000,
        choose_ms=options["choose_s"] * 1000,
        fold_umlauts=options["fold_umlauts"],
        spoken=options["input"] == "spoken",
        scoring=tuple(scoring_row(options["scoring"], players) or ()),
        hatter_all=options["hatter_scope"] == "all",
        bonus_when_out=options["bonus_when_out"],
        rounds=options["rounds"] or players,
        wrong_word_out=options["wrong_word"] == "out",
        round_pause_ms=options["round_pause_ms"],
    )


def new_state(config: Config, options: dict[str, Any]) -> State:
    """The game's start (``options`` resolved): characters dealt, the decks shuffled, round 1 drawn."""
    n = config.players
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
    own = check_own_categories(options["own_categories"])
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
        options=resolve(options, n),
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
    return start_round(state, 0, characters)


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


def start_round(state: State, t: int, characters: tuple[str, ...]) -> State:
    """A round starts at ``t`` with these characters (the same set as ``state``'s, passed on): the Queen's
    two category cards, the table's letters and the secret letters drawn."""
    n = len(state.out)
    draw = _Draw(state)
    first = draw.category([])
    second = draw.category([first])
    used: list[str] = []
    table: list[Letter] = []
    for colour in DIFFICULTY_COLOURS[state.options.difficulty]:
        letter = draw.letter(colour, used)
        used.append(letter)
        table.append(Letter(letter, colour, "table"))
    red = draw.letter("red", used)
    purple: str | None = None
    if RABBIT in state.characters:
        purple = draw.letter("purple", used)
    deal = replace(
        state.deal,
        rng=draw.rng,
        category_deck=draw.category_deck,
        letter_decks=tuple(draw.letter_decks),
        category_choice=(first, second),
        declined=None,
        category=None,
        table_letters=tuple(table),
        red_letter=red,
        purple_letter=purple,
        bet=None,
        phase_deadline=t + state.options.choose_ms,
    )
    return replace(
        state,
        deal=deal,
        phase="choose",
        characters=characters,
        last_t=t,
        round_until=0,
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


def next_round(state: State, t: int) -> tuple[State, list[Event]]:
    """Characters pass to the left neighbour [seed]; new letters, new category."""
    n = len(state.out)
    characters = tuple([state.characters[(s - 1) % n] for s in range(n)])
    return start_round(state, t, characters), [Event("next_round", None, {"round": state.deal.round + 1})]


def round_starter(state: State) -> int | None:
    """The Queen of the round just over ends its pause (``NextRound``)."""
    return seat_of(state, QUEEN)


def last_round(state: State) -> bool:
    """A scored round was the game's last."""
    return state.deal.round >= state.options.rounds


# ---------------------------------------------------------------- letters


#: the laid-out secret letters as displayed letters, one instance per letter and colour (frozen structs)
_LAID: Final = {
    (letter, colour): Letter(letter, colour, "queen" if colour == "red" else "rabbit")
    for letter in "abcdefghijklmnopqrstuvwxyzäöüß"
    for colour in ("red", "purple")
}


def shown_letters(state: State) -> tuple[Letter, ...]:
    """Every forbidden letter on the table now, the Queen's and the Rabbit's once laid out."""
    table = state.deal.table_letters
    if state.red_state == "laid" and state.deal.red_letter is not None:
        table = (*table, _LAID[state.deal.red_letter, "red"])
    if state.purple_state == "laid" and state.deal.purple_letter is not None:
        table = (*table, _LAID[state.deal.purple_letter, "purple"])
    return table


def displayed_letters(state: State) -> list[Letter]:
    """``shown_letters`` as a list."""
    return list(shown_letters(state))


def bound_letters(state: State, seat: int) -> tuple[str, ...]:
    """The forbidden letters that bind this seat's words now (each letter is one card of one colour, so
    they are distinct)."""
    character = state.characters[seat]
    # the letter the Mad Hatter ignores, if it is ignored for this seat (the Hatter's, or everyone's)
    ignored = state.hatter_ignored if state.options.hatter_all or character == HATTER else None
    # the Royal Guard ignores the red letter all round, sideways too; only going out ends it [seed]
    free_of_red = character in (QUEEN, GUARD)
    letters: list[str] = []
    for item in shown_letters(state):
        letter = item.letter
        if letter == ignored:
            continue
        source = item.source
        if (source == "queen" and free_of_red) or (source == "rabbit" and character == RABBIT):
            continue
        letters.append(letter)
    return tuple(letters)


def binding_letters(state: State, seat: int) -> list[str]:
    """``bound_letters`` as a list."""
    return list(bound_letters(state, seat))


# ---------------------------------------------------------------- words


def word_form_error(raw: str) -> IllegalActionError | None:
    """Why a typed word is not a single well-formed word (a typo of the form, never putting out), or None."""
    if raw.isalpha() and len(raw) <= MAX_WORD_LENGTH and unicodedata.is_normalized("NFC", raw):
        return None  # the common case, decided at once: letters only (so no control character, no space)
    for char in raw:
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co"):
            return illegal(
                "control_character",
                "word_form",
                f"The word contains a control character (U+{ord(char):04X}).",
            )
    word = clean_word(raw)
    if not word:
        return illegal("empty_word", "word_form", "Say a word: the text is empty.")
    if len(word) > MAX_WORD_LENGTH:
        return illegal("word_too_long", "word_form", f"A word may have at most {MAX_WORD_LENGTH} letters.")
    if any(c.isspace() for c in word):
        return illegal("not_one_word", "word_form", "Say exactly one word (no spaces).")
    if not all(c.isalpha() for c in word):
        return illegal(
            "not_letters",
            "word_form",
            "A word consists of letters only (no digits, hyphens, apostrophes or other signs).",
        )
    return None


def clean_word(raw: str) -> str:
    """A typed word as the rules see it (NFC, no surrounding space)."""
    return unicodedata.normalize("NFC", raw).strip()


def said_keys(words: tuple[Said, ...]) -> set[str]:
    """The repeat keys (``word_key``) of the words said this round (a word rejected or wrong does not count
    as said)."""
    keys = set()
    for said in words:  # a plain loop: cheaper than a comprehension over a round's few words
        if said.word is not None and said.status not in UNSAID:
            keys.add(word_key(said.word))
    return keys


def forbidden_letter(state: State, seat: int, word: str) -> str | None:
    """The first letter binding this seat that the word holds, or None."""
    letters = letters_of(word, fold_umlauts=state.options.fold_umlauts)
    for letter in bound_letters(state, seat):
        if letter in letters:
            return letter
    return None


def wrong_word(state: State, seat: int, word: str) -> IllegalActionError | None:
    """Why this well-formed word (``clean_word``) is not correct for this seat now: a forbidden letter or a
    repeat (codes ``forbidden_letter``, ``repeated_word``), or None."""
    letter = forbidden_letter(state, seat, word)
    if letter is not None:
        return illegal(
            "forbidden_letter",
            "forbidden_letters",
            f"“{word}” contains the forbidden letter {letter.upper()}.",
        )
    if word_key(word) in said_keys(state.words):
        return illegal("repeated_word", "repeat", f"“{word}” was already said this round.")
    return None


def word_error(state: State, seat: int, raw: str) -> IllegalActionError | None:
    """Why this seat may not say this word now (form, forbidden letter, repeat), or None."""
    return word_form_error(raw) or wrong_word(state, seat, clean_word(raw))


def fitting_words(state: State, banned: Iterable[str], limit: int) -> list[str]:
    """Up to ``limit`` words of the round's category lexicon, in lexicon order, free of the ``banned`` letters
    and not yet said this round (a word rejected or wrong does not count as said)."""
    assert state.deal.category is not None
    said = said_keys(state.words)
    entries = lexicon_masks(state.deal.category, state.config.language, state.options.fold_umlauts)
    mask = letters_mask(banned)  # after lexicon_masks: every letter of the lexicon has its bit
    found = []
    for word, letters, key in entries:
        if not letters & mask and key not in said:
            found.append(word)
            if len(found) == limit:
                break
    return found


def sample_words(state: State, seat: int, limit: int) -> list[str]:
    """Up to ``limit`` lexicon words this seat could say now (legal by letters and repeats)."""
    if state.deal.category is None:
        return []
    return fitting_words(state, bound_letters(state, seat), limit)


def could_have_said(state: State) -> tuple[str, ...]:
    """Words the table could still have said, written as a person writes them (German nouns capitalised)."""
    category_id = state.deal.category
    assert category_id is not None
    words = fitting_words(state, [d.letter for d in state.deal.table_letters], 5)
    return tuple([written(w, category_id, state.config.language) for w in words])


# ---------------------------------------------------------------- whose move, deadlines


def guard_may_force(state: State, seat: int) -> bool:
    """The Royal Guard may force now: face up, in the round, and the Queen has had her first turn."""
    return (
        has_power(state, seat, GUARD)
        and not state.out[seat]
        and state.phase == "play"
        and bool(state.words or state.out_order)  # the round's first turn (the Queen's) is over
    )


def force_targets(state: State, seat: int) -> list[int]:
    """The seats the Royal Guard at ``seat`` could force: in the round, not the Guard, not the turn's."""
    out = state.out
    turn = state.turn
    return [s for s in range(len(out)) if not out[s] and s != seat and s != turn]


def may_place_letter(state: State, seat: int) -> bool:
    """Right after its own turn the Queen (red) or the White Rabbit (purple) holds a letter to lay out."""
    character = state.characters[seat]
    return state.just_played == seat and (
        (character == QUEEN and state.red_state == "held")
        or (character == RABBIT and state.purple_state == "held")
    )


def active(state: State) -> tuple[int, ...]:
    """The seats that may act now, in seat order (none in the round pause: the clock or the Queen's tap)."""
    phase = state.phase
    if phase == "play":
        vote = state.vote
        if vote is not None:  # the voters who have not voted yet
            ballots = vote.ballots
            waiting = []
            for s in vote.voters:
                if ballots[s] is None:
                    waiting.append(s)
            return tuple(waiting)
        return _acting_in_play(state)
    if phase == "choose":
        return (state.characters.index(QUEEN),)
    if phase == "bet":
        return (state.characters.index(CATERPILLAR),)
    return ()


def _acting_in_play(state: State) -> tuple[int, ...]:
    """Phase play, no vote running: the turn's seat and the seats with a legal action (an objection, a
    letter to lay out, a power), in seat order."""
    turn = state.turn
    windows = state.windows
    # who may object: nobody (no window open), everyone but the seat of the words, or everyone (words of
    # two seats are open)
    objecting_all = False
    word_seat = windows[0].seat if windows else None
    for w in windows:
        if w.seat != word_seat:
            objecting_all = True
            break
    out = state.out
    cards = state.cards
    characters = state.characters
    seats = []
    for seat in range(len(out)):
        if seat == turn or objecting_all or (word_seat is not None and seat != word_seat):
            seats.append(seat)
            continue
        if out[seat] or cards[seat] != "up":
            continue
        character = characters[seat]
        if character == HATTER:
            seats.append(seat)
        elif character == GUARD:
            if guard_may_force(state, seat) and force_targets(state, seat):
                seats.append(seat)
        elif may_place_letter(state, seat):
            seats.append(seat)
    return tuple(seats)


def due(state: State) -> int | None:
    """When the next Timeout is due (``play_deadline``'s time; the round pause's), or None."""
    phase = state.phase
    if phase == "play":
        vote = state.vote
        if vote is not None:
            return vote.deadline
        at = state.turn_deadline
        for w in state.windows:
            if at is None or w.closes_at < at:
                at = w.closes_at
        return at
    if phase == "choose" or phase == "bet":
        return state.deal.phase_deadline
    if phase == "round_over":
        return state.round_until
    return None


def step_info(state: State) -> tuple[int | None, tuple[int, ...]] | None:
    """None once the game is over, else ``(due(state), active(state))``."""
    if state.phase == "over":
        return None
    return due(state), active(state)


def play_deadline(state: State) -> Deadline | None:
    """The earliest deadline outside the round pause: the Queen's choice, the bet, a vote, a turn or an
    objection window."""
    phase = state.phase
    if phase == "choose" or phase == "bet":
        at = state.deal.phase_deadline
        if at is None:
            return None
        return Deadline(at, phase, seat_of(state, QUEEN if phase == "choose" else CATERPILLAR))
    if phase != "play":
        return None
    if state.vote is not None:
        return Deadline(state.vote.deadline, "vote", None)
    best: Deadline | None = None
    if state.turn_deadline is not None:
        best = Deadline(state.turn_deadline, "turn", state.turn)
    for w in state.windows:
        if best is None or w.closes_at < best.t:
            best = Deadline(w.closes_at, "objection", w.seat)
    return best


# ---------------------------------------------------------------- legal actions

#: actions are frozen: one instance serves every legal-action list
VOTES: Final = [Vote(True), Vote(False)]
CHOICES: Final = [ChooseCategory(0), ChooseCategory(1)]
SAID_IT: Final = SaidIt()
CAT_PASS: Final = CatPass()
EXTEND: Final = Extend()
PLACE_LETTER: Final = PlaceLetter()
REPLACE_RED: Final = PlaceLetter(replace_red=True)


def legal_actions(state: State, seat: int) -> list[Action]:
    """The seat's legal actions now; for the turn's word, up to ``SAMPLE_WORDS`` lexicon words."""
    phase = state.phase
    if phase == "play":
        vote = state.vote
        if vote is not None:  # a voter (so a seat at the table) who has not voted yet
            if seat in vote.voters and vote.ballots[seat] is None:
                return list(VOTES)
            return []
    if not 0 <= seat < len(state.out):
        return []
    if phase != "play":
        if phase == "choose":
            return list(CHOICES) if state.characters[seat] == QUEEN else []
        if phase == "bet" and state.characters[seat] == CATERPILLAR:
            return [Bet(s) for s in range(len(state.out)) if s != seat]
        return []
    found: list[Action] = []
    character = state.characters[seat]
    up = state.cards[seat] == "up"  # has_power(state, seat, character)
    turn = state.turn
    if seat == turn:
        if state.options.spoken:
            found.append(SAID_IT)
        else:
            for word in sample_words(state, seat, SAMPLE_WORDS):
                found.append(Say(word))
        if up and character == CAT:
            found.append(CAT_PASS)
        if character == TWEEDLES and state.tweedle_tokens > 0:
            found.append(EXTEND)
    if up and not state.out[seat]:  # the characters' powers
        if character in (QUEEN, RABBIT):
            if turn != seat and may_place_letter(state, seat):
                found.append(PLACE_LETTER)
                if character == RABBIT and state.red_state == "laid":
                    found.append(REPLACE_RED)
        elif character == HATTER:
            if state.hatter_ignored is None:
                for letter in dict.fromkeys([d.letter for d in shown_letters(state)]):
                    found.append(HatterIgnore(letter))
        elif character == GUARD and guard_may_force(state, seat):
            for target in force_targets(state, seat):
                found.append(GuardForce(target))
    for w in state.windows:
        if w.seat != seat:
            found.append(Object(w.turn_id))
    return found


# ---------------------------------------------------------------- the one refusal of every action

_NOT_STARTED: Final = (
    "The round has not started yet: the Queen chooses the category and the Caterpillar bets first."
)


def _playing(state: State) -> GameError | None:
    """An action of the round's play: refused before play starts and while a vote runs."""
    if state.phase != "play":
        return not_your_turn(_NOT_STARTED)
    if state.vote is not None:
        return illegal("vote_running", "judging", "A vote is running: the clock stands still until it ends.")
    return None


def _turn(state: State, seat: int) -> GameError | None:
    """An action of the turn's seat only."""
    return _playing(state) or (not_your_turn("It is not your turn.") if seat != state.turn else None)


def _choose_refusal(state: State, seat: int, action: ChooseCategory) -> GameError | None:
    if state.phase != "choose" or state.characters[seat] != QUEEN:
        return not_your_turn("Only the Queen chooses the category, before the round.")
    if action.index not in (0, 1):
        return illegal("bad_category_index", "category", "Choose category card 0 or 1.")
    return None


def _bet_refusal(state: State, seat: int, action: Bet) -> GameError | None:
    if state.phase != "bet" or state.characters[seat] != CATERPILLAR:
        return not_your_turn("Only the Caterpillar bets, before the round.")
    if not 0 <= action.seat < len(state.out) or action.seat == seat:
        return illegal("bad_bet", "caterpillar", "Bet on another player's seat.")
    return None


def _say_refusal(state: State, seat: int, action: Say) -> GameError | None:
    refused = _turn(state, seat)
    if refused is not None:
        return refused
    if state.options.spoken:
        return illegal("spoken_table", "input", "At this table words are spoken: press “said it”.")
    form = word_form_error(action.word)
    if form is not None or state.options.wrong_word_out:
        return form  # wrong_word=out: a word that is not correct puts its player out (not a refusal)
    return wrong_word(state, seat, clean_word(action.word))  # wrong_word=retry


def _said_it_refusal(state: State, seat: int, action: SaidIt) -> GameError | None:
    refused = _turn(state, seat)
    if refused is None and not state.options.spoken:
        return illegal("typed_table", "input", "Type your word at this table.")
    return refused


def _extend_refusal(state: State, seat: int, action: Extend) -> GameError | None:
    refused = _turn(state, seat)
    if refused is None and (state.characters[seat] != TWEEDLES or state.tweedle_tokens <= 0):
        return illegal(
            "no_time_token", "tweedles", "Only the Tweedles extend a turn, with a time token left."
        )
    return refused


def _cat_pass_refusal(state: State, seat: int, action: CatPass) -> GameError | None:
    refused = _turn(state, seat)
    if refused is None and not has_power(state, seat, CAT):
        return illegal("no_cat_pass", "cheshire_cat", "Only the Cheshire Cat passes, once per round.")
    return refused


def _place_refusal(state: State, seat: int, action: PlaceLetter) -> GameError | None:
    refused = _playing(state)
    if refused is not None:
        return refused
    if state.out[seat] or state.just_played != seat or state.turn == seat:
        return illegal(
            "not_after_own_turn", "place_letter", "A secret letter is laid out right after your own turn."
        )
    if has_power(state, seat, QUEEN) and state.red_state == "held" and not action.replace_red:
        return None
    if has_power(state, seat, RABBIT) and state.purple_state == "held":
        if action.replace_red and state.red_state != "laid":
            return illegal("no_red_letter", "white_rabbit", "No red letter of the Queen lies out to replace.")
        return None
    return illegal(
        "no_secret_letter",
        "place_letter",
        "Only the Queen and the White Rabbit lay out a secret letter, once per round.",
    )


def _hatter_refusal(state: State, seat: int, action: HatterIgnore) -> GameError | None:
    refused = _playing(state)
    if refused is not None:
        return refused
    if state.out[seat] or not has_power(state, seat, HATTER):
        return illegal("no_hatter", "mad_hatter", "Only the Mad Hatter ignores a letter, once per round.")
    if action.letter.lower() not in {d.letter for d in shown_letters(state)}:
        return illegal(
            "letter_not_displayed", "mad_hatter", f"{action.letter!r} is not a displayed forbidden letter."
        )
    return None


def _guard_refusal(state: State, seat: int, action: GuardForce) -> GameError | None:
    refused = _playing(state)
    if refused is not None:
        return refused
    if state.out[seat] or not has_power(state, seat, GUARD):
        return illegal(
            "no_guard", "royal_guard", "Only the Royal Guard forces an extra turn, once per round."
        )
    target = action.seat
    if not state.words and not state.out_order:
        return illegal(
            "queen_first",
            "royal_guard",
            "The Royal Guard forces only after the Queen's first turn of the round.",
        )
    if not 0 <= target < len(state.out) or target == seat or state.out[target]:
        return illegal("bad_force_target", "royal_guard", "Force another player who is still in the round.")
    if target == state.turn:
        return illegal(
            "force_own_turn", "royal_guard", "That player's turn is running already: force someone else."
        )
    return None


def objection_window(state: State, turn_id: int) -> Window | None:
    """The open objection window on the word of turn ``turn_id``, if any."""
    for w in state.windows:
        if w.turn_id == turn_id:
            return w
    return None


def _object_refusal(state: State, seat: int, action: Object) -> GameError | None:
    refused = _playing(state)
    if refused is not None:
        return refused
    # a window closes by itself at its time (the core applies the Timeout first): open means in time
    window = objection_window(state, action.turn_id)
    if window is None:
        return illegal("no_objection_window", "judging", "That word can no longer be objected to.")
    if window.seat == seat:
        return illegal("own_word", "judging", "You cannot object to your own word.")
    return None


def _vote_refusal(state: State, seat: int, action: Vote) -> GameError | None:
    if state.phase != "play":
        return not_your_turn(_NOT_STARTED)
    v = state.vote
    # a vote ends by itself at its deadline (the core applies the Timeout first): running means in time
    if v is None or seat not in v.voters or v.ballots[seat] is not None:
        return illegal("no_vote", "judging", "There is no vote for you to cast now.")
    return None


_REFUSALS: Final[dict[type[Action], Callable[[State, int, Any], GameError | None]]] = {
    ChooseCategory: _choose_refusal,
    Bet: _bet_refusal,
    Say: _say_refusal,
    SaidIt: _said_it_refusal,
    Extend: _extend_refusal,
    CatPass: _cat_pass_refusal,
    PlaceLetter: _place_refusal,
    HatterIgnore: _hatter_refusal,
    GuardForce: _guard_refusal,
    Object: _object_refusal,
    Vote: _vote_refusal,
}


def refusal(state: State, seat: int | None, action: Action) -> GameError | None:
    """Why this seat may not take this action now (``apply`` raises it, the state unchanged), or None.
    A Timeout is the core's to check (it is due, it comes from the clock); so is the round pause."""
    kind = type(action)
    if kind is Timeout:
        return None
    if seat is None or not 0 <= seat < len(state.out):
        return illegal("bad_seat", "seat", f"There is no seat {seat}.")
    if state.phase == "over":
        return illegal("game_over", "end", "The game is over.")
    check = _REFUSALS.get(kind)
    if check is None:
        return illegal("unknown_action", "actions", "Unknown action.")
    return check(state, seat, action)


# ---------------------------------------------------------------- apply: the steps


def apply(state: State, seat: int | None, action: Action, t: int) -> tuple[State, list[Event]]:
    """The transition: ``action`` of ``seat`` (None: the clock's Timeout, due) at ``t``; raises the action's
    ``refusal``. Every step sets ``last_t`` to ``t``; a step that ends a round leaves phase ``scored``."""
    kind = type(action)
    if kind is Timeout:
        return _timeout(state, t)
    error = refusal(state, seat, action)
    if error is not None:
        raise error
    assert seat is not None
    return _STEPS[kind](state, seat, action, t)


def _choose(state: State, seat: int, action: ChooseCategory, t: int) -> tuple[State, list[Event]]:
    return _chosen(state, action.index, t)


def _chosen(state: State, index: int, t: int) -> tuple[State, list[Event]]:
    """The Queen's category card ``index`` (the first on timeout) is the round's; the bet or play follows."""
    chosen = state.deal.category_choice[index]
    declined = state.deal.category_choice[1 - index]
    events = [Event("category", seat_of(state, QUEEN), {"category": chosen})]
    if CATERPILLAR in state.characters:
        deal = replace(
            state.deal,
            category=chosen,
            declined=declined,
            category_choice=(),
            phase_deadline=t + state.options.choose_ms,
        )
        return replace(state, deal=deal, phase="bet", last_t=t), events
    deal = replace(state.deal, category=chosen, declined=declined, category_choice=(), phase_deadline=None)
    return _start_play(state, t, deal), events


def _bet(state: State, seat: int, action: Bet, t: int) -> tuple[State, list[Event]]:
    state = _start_play(state, t, replace(state.deal, bet=action.seat, phase_deadline=None))
    return state, [Event("bet", seat, {"seat": action.seat}, visible_to=(seat,))]


def _start_play(state: State, t: int, deal: Deal) -> State:
    """Play starts at ``t`` with the Queen's turn and this ``deal`` (the state's, the phase deadline
    cleared, and whatever else changes with it)."""
    queen = seat_of(state, QUEEN)
    assert queen is not None
    return _start_turn(state, queen, t, {"phase": "play", "deal": deal})


def _start_turn(state: State, seat: int, t: int, changes: dict[str, Any], *, forced: bool = False) -> State:
    """``seat``'s turn starts at ``t`` with a full timer; ``changes`` are more fields set in the same update
    (none that this reads). A laid-out secret letter binds until its holder's next turn starts."""
    character = state.characters[seat]
    if character == QUEEN and state.red_state == "laid":
        changes["red_state"] = "gone"
    elif character == RABBIT and state.purple_state == "laid":
        changes["purple_state"] = "gone"
    return replace(
        state,
        turn=seat,
        turn_id=state.turn_id + 1,
        turn_deadline=t + state.options.timer_ms,
        forced=forced,
        last_t=t,
        **changes,
    )


def _end_turn(state: State, seat: int, t: int, *, played: bool, changes: dict[str, Any]) -> State:
    """``seat``'s turn ends (``played``: with a word or a pass); the next starts, clockwise or back where
    the Royal Guard interrupted (``changes``: as in ``_start_turn``)."""
    resume = state.resume
    target = next_alive(state, resume, include_self=True) if resume is not None else next_alive(state, seat)
    changes["just_played"] = seat if played else None
    changes["resume"] = None
    return _start_turn(state, target, t, changes)


def _say(state: State, seat: int, action: Say, t: int) -> tuple[State, list[Event]]:
    word = clean_word(action.word)
    if state.options.wrong_word_out:
        error = wrong_word(state, seat, word)
        if error is not None:
            return _wrong_word(state, seat, word, error.code, t)
    return _accept(state, seat, word, t)


def _wrong_word(state: State, seat: int, word: str, reason: str, t: int) -> tuple[State, list[Event]]:
    """``wrong_word=out``: a word that is not correct puts its player out at once [seed]; everyone sees
    the word and why."""
    letter = forbidden_letter(state, seat, word) if reason == "forbidden_letter" else None
    said = Said(state.turn_id, seat, word, "wrong", reason, letter)
    events = [
        Event(
            "wrong_word", seat, {"word": word, "reason": reason, "letter": letter, "turn_id": state.turn_id}
        )
    ]
    return _put_out(state, seat, t, "wrong_word", events, {"words": (*state.words, said)})


def _said_it(state: State, seat: int, action: SaidIt, t: int) -> tuple[State, list[Event]]:
    return _accept(state, seat, None, t)


def _accept(state: State, seat: int, word: str | None, t: int) -> tuple[State, list[Event]]:
    """A word (None: spoken) is accepted: the next turn starts at once, an objection window opens."""
    turn_id = state.turn_id
    windows = state.windows
    objection_ms = state.options.objection_ms
    if objection_ms > 0:
        windows = (*windows, Window(turn_id, seat, word, t + objection_ms))
    changes = {
        "words": (*state.words, Said(turn_id, seat, word, "accepted")),
        "windows": windows,
        "stat_words": bump(state.stat_words, seat),
    }
    state = _end_turn(state, seat, t, played=True, changes=changes)
    return state, [Event("word", seat, {"word": word, "turn_id": turn_id})]


def _extend(state: State, seat: int, action: Extend, t: int) -> tuple[State, list[Event]]:
    assert state.turn_deadline is not None
    tokens = state.tweedle_tokens - 1
    state = replace(
        state, tweedle_tokens=tokens, turn_deadline=state.turn_deadline + state.options.timer_ms, last_t=t
    )
    return state, [Event("extend", seat, {"tokens": tokens})]


def _cat_pass(state: State, seat: int, action: CatPass, t: int) -> tuple[State, list[Event]]:
    changes = {
        "cards": set_at(state.cards, seat, "sideways"),
        "words": (*state.words, Said(state.turn_id, seat, None, "pass")),
    }
    return _end_turn(state, seat, t, played=True, changes=changes), [Event("cat_pass", seat)]


def _place(state: State, seat: int, action: PlaceLetter, t: int) -> tuple[State, list[Event]]:
    if state.characters[seat] == QUEEN and not action.replace_red:
        state = replace(state, red_state="laid", last_t=t)
        return state, [Event("place_letter", seat, {"letter": state.deal.red_letter, "colour": "red"})]
    if action.replace_red:
        state = replace(state, purple_state="laid", red_state="gone", last_t=t)
    else:
        state = replace(state, purple_state="laid", last_t=t)
    data = {"letter": state.deal.purple_letter, "colour": "purple", "replace_red": action.replace_red}
    return state, [Event("place_letter", seat, data)]


def _hatter(state: State, seat: int, action: HatterIgnore, t: int) -> tuple[State, list[Event]]:
    letter = action.letter.lower()
    state = replace(state, hatter_ignored=letter, cards=set_at(state.cards, seat, "sideways"), last_t=t)
    return state, [Event("hatter_ignore", seat, {"letter": letter})]


def _guard(state: State, seat: int, action: GuardForce, t: int) -> tuple[State, list[Event]]:
    changes = {"cards": set_at(state.cards, seat, "sideways"), "resume": state.turn}
    state = _start_turn(state, action.seat, t, changes, forced=True)
    return state, [Event("guard_force", seat, {"seat": action.seat})]


def _object(state: State, seat: int, action: Object, t: int) -> tuple[State, list[Event]]:
    """An objection opens a vote of every seat but the word's player; the objector's ballot is "against"."""
    window = objection_window(state, action.turn_id)
    assert window is not None
    n = len(state.out)
    voters = tuple([s for s in range(n) if s != window.seat])
    ballots: tuple[bool | None, ...] = set_at((None,) * n, seat, True)
    vote = Ballot(
        window.turn_id, window.seat, window.word, seat, voters, ballots, t, t + state.options.vote_ms
    )
    state = replace(
        state,
        windows=tuple([w for w in state.windows if w.turn_id != window.turn_id]),
        vote=vote,
        stat_objections=bump(state.stat_objections, seat),
        last_t=t,
    )
    events = [Event("objection", seat, {"turn_id": window.turn_id, "word": window.word})]
    if len(voters) > 1:  # another ballot is missing: the vote goes on
        return state, events
    return _end_vote(state, vote, ballots, t, events)


def _vote(state: State, seat: int, action: Vote, t: int) -> tuple[State, list[Event]]:
    v = state.vote
    assert v is not None
    ballots = set_at(v.ballots, seat, action.against)
    events = [Event("vote", seat, {"against": action.against})]
    for s in v.voters:
        if ballots[s] is None:  # a ballot is missing: the vote goes on
            return replace(state, vote=replace(v, ballots=ballots), last_t=t), events
    return _end_vote(state, v, ballots, t, events)


def _end_vote(
    state: State, v: Ballot, ballots: tuple[bool | None, ...], t: int, events: list[Event]
) -> tuple[State, list[Event]]:
    """The vote ``v`` (the state's) ends at ``t`` with these ``ballots``; more "against" than "keep" puts
    the word's player out. The clock stood still: every deadline moves by the vote's length."""
    shift = t - v.started
    against = ballots.count(True)  # ballots are None, True or False
    keep = ballots.count(False)
    rejected = against > keep
    status = "rejected" if rejected else "kept"
    seat = v.seat
    # the word voted on gets its status: one turn says at most one word, most likely one of the last
    words = state.words
    for i in range(len(words) - 1, -1, -1):
        said = words[i]
        if said.turn_id == v.turn_id and said.seat == seat:
            words = set_at(words, i, replace(said, status=status))
            break
    windows = state.windows
    turn_deadline = state.turn_deadline
    if shift:
        windows = tuple([replace(w, closes_at=w.closes_at + shift) for w in windows])
        if turn_deadline is not None:
            turn_deadline += shift
    events.append(
        Event("vote_result", seat, {"turn_id": v.turn_id, "against": against, "keep": keep, "out": rejected})
    )
    changes: dict[str, Any] = {
        "vote": None,
        "words": words,
        "windows": windows,
        "turn_deadline": turn_deadline,
    }
    if rejected:
        changes["stat_rejected"] = bump(state.stat_rejected, seat)
        changes["stat_words"] = bump(state.stat_words, seat, -1)
        if not state.out[seat]:
            return _put_out(state, seat, t, "rejected", events, changes)
    return replace(state, last_t=t, **changes), events


def _put_out(
    state: State, seat: int, t: int, reason: str, events: list[Event], changes: dict[str, Any]
) -> tuple[State, list[Event]]:
    """``seat`` goes out at ``t``: its card face down (a secret letter it laid out is removed), the next
    scoring card; its windows close. ``changes`` are more fields set in the same update (``windows``: the
    open windows if not the state's; none else that this reads); its events follow ``events``."""
    character = state.characters[seat]
    if character == QUEEN and state.red_state == "laid":
        changes["red_state"] = "gone"
    elif character == RABBIT and state.purple_state == "laid":
        changes["purple_state"] = "gone"
    windows = changes.get("windows", state.windows)
    out = set_at(state.out, seat, True)
    out_order = (*state.out_order, seat)
    changes["windows"] = tuple([w for w in windows if w.seat != seat])
    state = replace(
        state,
        out=out,
        cards=set_at(state.cards, seat, "down"),
        out_order=out_order,
        stat_outs=bump(state.stat_outs, seat),
        just_played=None if state.just_played == seat else state.just_played,
        last_t=t,
        **changes,
    )
    events.append(Event("out", seat, {"reason": reason, "card": len(out_order)}))
    if out.count(False) == 1:  # one player is left
        return _score_round(state, out.index(False), events)
    if seat == state.turn:
        if state.resume == seat:
            state = replace(state, resume=None)
        state = _end_turn(state, seat, t, played=False, changes={})
    return state, events


def _timeout(state: State, t: int) -> tuple[State, list[Event]]:
    """The clock at a due deadline: the Queen's first card, no bet, the vote's end, a turn's end (out) or
    windows closing."""
    phase = state.phase
    if phase == "choose":
        return _chosen(state, 0, t)
    if phase == "bet":
        deal = replace(state.deal, phase_deadline=None)
        return _start_play(state, t, deal), [Event("no_bet", seat_of(state, CATERPILLAR))]
    vote = state.vote
    if vote is not None:
        return _end_vote(state, vote, vote.ballots, t, [])
    windows = tuple([w for w in state.windows if w.closes_at > t])
    turn = state.turn
    if state.turn_deadline is not None and t >= state.turn_deadline and turn is not None:
        return _put_out(state, turn, t, "timeout", [], {"windows": windows})
    return replace(state, windows=windows, last_t=t), []


def _score_round(state: State, survivor: int, events: list[Event]) -> tuple[State, list[Event]]:
    """One player is left: everyone scores their card plus Alice's and the Caterpillar's bonuses; the
    phase ``scored`` hands the round's end to the core."""
    n = len(state.out)
    order = (*state.out_order, survivor)
    cards = [0] * n
    for k, seat in enumerate(order):
        cards[seat] = k + 1
    options = state.options
    bet = state.deal.bet
    card_points = [options.scoring[cards[s] - 1] for s in range(n)]
    bonus = [0] * n
    for seat in range(n):
        if not options.bonus_when_out and state.cards[seat] == "down":
            continue
        character = state.characters[seat]
        if character == ALICE:
            bonus[seat] += card_points[seat] // 2
        elif character == CATERPILLAR and bet is not None:
            bonus[seat] += card_points[bet] // 2
    assert state.deal.category is not None
    result = RoundResult(
        round=state.deal.round,
        category=state.deal.category,
        letters=shown_letters(state),
        characters=state.characters,
        cards=tuple(cards),
        card_points=tuple(card_points),
        bonus=tuple(bonus),
        bet=bet,
        words=state.words,
        could_have_said=could_have_said(state),
    )
    points = tuple([state.deal.points[s] + card_points[s] + bonus[s] for s in range(n)])
    events.append(Event("round_end", None, {"cards": cards, "bonus": bonus, "survivor": survivor}))
    deal = replace(
        state.deal, history=(*state.deal.history, result), points=points, round=state.deal.round + 1
    )
    state = replace(
        state,
        deal=deal,
        out_order=order,
        phase="scored",
        turn=None,
        turn_deadline=None,
        windows=(),
        vote=None,
        resume=None,
    )
    return state, events


_STEPS: Final[dict[type[Action], Callable[[State, int, Any, int], tuple[State, list[Event]]]]] = {
    ChooseCategory: _choose,
    Bet: _bet,
    Say: _say,
    SaidIt: _said_it,
    Extend: _extend,
    CatPass: _cat_pass,
    PlaceLetter: _place,
    HatterIgnore: _hatter,
    GuardForce: _guard,
    Object: _object,
    Vote: _vote,
}


# ---------------------------------------------------------------- the end, hidden information


def outcome(state: State) -> Outcome | None:
    """Scores, ranks (ties share) and winners once the game is over, with the game's statistics."""
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


def rerandomize_hidden(state: State, seat: int | None, seed: int) -> State:
    """Everything ``seat`` cannot see shuffled anew: the decks, the Queen's cards, the secret letters and
    the bet (the leak test)."""
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
    deal = replace(
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
    return replace(state, deal=deal)
