"""Wordland's judging by the engine: which letters bind whom, the word form, forbidden letters and repeats,
and the errors it raises (de + en)."""

from __future__ import annotations

import unicodedata
from typing import Final

from tischrunde.core.errors import IllegalActionError, NotYourTurnError
from tischrunde.games.wordland.content import letters_of, word_key
from tischrunde.games.wordland.state import (
    GUARD,
    HATTER,
    MAX_WORD_LENGTH,
    QUEEN,
    RABBIT,
    Letter,
    Said,
    State,
    has_power,
)

#: statuses of words that do not count as said (for repeats): rejected by vote, or wrong (the player went out)
UNSAID: Final = ("rejected", "wrong")

# ---------------------------------------------------------------- errors (de + en)


def text(state: State, en: str, de: str) -> str:
    """The player-facing sentence in the table's language."""
    return de if state.config.language == "de" else en


def illegal(state: State, code: str, rule: str, en: str, de: str) -> IllegalActionError:
    """An IllegalActionError with a stable code, the rule it names and a sentence in de or en."""
    return IllegalActionError(text(state, en, de), code=code, rule=rule)


def not_your_turn(state: State, en: str, de: str) -> NotYourTurnError:
    """A NotYourTurnError in the table's language."""
    return NotYourTurnError(text(state, en, de), rule="turn")


# ---------------------------------------------------------------- letters


#: the laid-out secret letters as displayed letters, one shared instance per letter (frozen structs)
_LAID: dict[tuple[str, str], Letter] = {}


def _laid(letter: str, colour: str) -> Letter:
    key = (letter, colour)
    found = _LAID.get(key)
    if found is None:
        found = _LAID[key] = Letter(letter, colour, "queen" if colour == "red" else "rabbit")
    return found


def shown_letters(state: State) -> tuple[Letter, ...]:
    """Every forbidden letter on the table now, the Queen's and the Rabbit's once laid out (the table's
    letters themselves while neither is laid out)."""
    table = state.table_letters
    red = state.red_letter if state.red_state == "laid" else None
    purple = state.purple_letter if state.purple_state == "laid" else None
    if red is None and purple is None:
        return table
    if red is not None:
        table = (*table, _laid(red, "red"))
    if purple is not None:
        table = (*table, _laid(purple, "purple"))
    return table


def displayed_letters(state: State) -> list[Letter]:
    """Every forbidden letter on the table now, the Queen's and the Rabbit's once laid out."""
    return list(shown_letters(state))


def binding_letters(state: State, seat: int) -> list[str]:
    """The forbidden letters that bind this seat's words now."""
    return list(bound_letters(state, seat))


def bound_letters(state: State, seat: int) -> tuple[str, ...]:
    """``binding_letters`` as a tuple; the last answer is kept for the next question about the same state
    and seat (legal actions, then the word of the same step)."""
    global _BOUND
    cached = _BOUND
    if cached[0] is state and cached[1] == seat:
        return cached[2]
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
        if source == "queen" and free_of_red:
            continue
        if source == "rabbit" and character == RABBIT:
            continue
        if letter not in letters:
            letters.append(letter)
    bound = tuple(letters)
    _BOUND = (state, seat, bound)
    return bound


_BOUND: tuple[State | None, int, tuple[str, ...]] = (None, -1, ())


def word_form_error(state: State, raw: str) -> IllegalActionError | None:
    """Why a typed word is not a single well-formed word, or None."""
    if raw.isalpha() and len(raw) <= MAX_WORD_LENGTH and unicodedata.is_normalized("NFC", raw):
        return None  # the common case, decided at once: letters only (so no control character, no space)
    for char in raw:
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co"):
            return illegal(
                state,
                "control_character",
                "word_form",
                f"The word contains a control character (U+{ord(char):04X}).",
                f"Das Wort enthält ein Steuerzeichen (U+{ord(char):04X}).",
            )
    word = unicodedata.normalize("NFC", raw).strip()
    if not word:
        return illegal(
            state,
            "empty_word",
            "word_form",
            "Say a word: the text is empty.",
            "Nenne ein Wort: der Text ist leer.",
        )
    if len(word) > MAX_WORD_LENGTH:
        return illegal(
            state,
            "word_too_long",
            "word_form",
            f"A word may have at most {MAX_WORD_LENGTH} letters.",
            f"Ein Wort darf höchstens {MAX_WORD_LENGTH} Buchstaben haben.",
        )
    if any(c.isspace() for c in word):
        return illegal(
            state,
            "not_one_word",
            "word_form",
            "Say exactly one word (no spaces).",
            "Nenne genau ein Wort (ohne Leerzeichen).",
        )
    if not all(c.isalpha() for c in word):
        return illegal(
            state,
            "not_letters",
            "word_form",
            "A word consists of letters only (no digits, hyphens, apostrophes or other signs).",
            "Ein Wort besteht nur aus Buchstaben (keine Ziffern, Bindestriche, Apostrophe oder andere Zeichen).",
        )
    return None


def guard_may_force(state: State, seat: int) -> bool:
    """The Royal Guard may force now: face up, in the round, and the Queen has had her first turn."""
    return (
        has_power(state, seat, GUARD)
        and not state.out[seat]
        and state.phase == "play"
        and bool(state.words or state.out_order)  # the round's first turn (the Queen's) is over
    )


def said_keys(words: tuple[Said, ...]) -> frozenset[str]:
    """The repeat keys (``word_key``) of the words said this round (a word rejected or wrong does not count
    as said); the last round's answer is kept, as a pair, for the next question about the same words."""
    global _SAID
    cached = _SAID
    if cached[0] is words:
        return cached[1]
    keys = frozenset([word_key(s.word) for s in words if s.word is not None and s.status not in UNSAID])
    _SAID = (words, keys)
    return keys


_SAID: tuple[tuple[Said, ...], frozenset[str]] = ((), frozenset())


def word_error(state: State, seat: int, raw: str) -> IllegalActionError | None:
    """Why this seat may not say this word now (form, forbidden letter, repeat), or None."""
    form = word_form_error(state, raw)
    if form is not None:
        return form
    return rule_error(state, seat, clean_word(raw))


def clean_word(raw: str) -> str:
    """A well-formed typed word as the rules see it (NFC, no surrounding space)."""
    return unicodedata.normalize("NFC", raw).strip()


def rule_error(state: State, seat: int, word: str) -> IllegalActionError | None:
    """Why this seat may not say this well-formed word (``clean_word``) now: a forbidden letter or a repeat,
    or None."""
    letters = letters_of(word, fold_umlauts=state.options.fold_umlauts)
    for letter in bound_letters(state, seat):
        if letter in letters:
            return illegal(
                state,
                "forbidden_letter",
                "forbidden_letters",
                f"“{word}” contains the forbidden letter {letter.upper()}.",
                f"„{word}“ enthält den verbotenen Buchstaben {letter.upper()}.",
            )
    if word_key(word) in said_keys(state.words):
        return illegal(
            state,
            "repeated_word",
            "repeat",
            f"“{word}” was already said this round.",
            f"„{word}“ wurde in dieser Runde schon genannt.",
        )
    return None
