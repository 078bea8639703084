"""Wordland: say a word that fits the category and avoids the forbidden letters before the timer rings.

Rules (``shared/rules/wordland.md``; [seed] = the German seed text, [official], [ours] = an option here):

- 3-8 players, as many rounds as players (option ``rounds``, 0 = players). Each seat gets a character; the
  Queen is always in play and goes to the youngest player in round 1 [seed]: ``Config.first_seat`` (None =
  seat 0; a stacked cast ``decks["characters"]`` lists the Queen first and is dealt clockwise from
  ``first_seat``); with 3 players the Caterpillar and Alice are left out [official]. Characters pass to the left (seat + 1)
  after every round [seed].
- A round: the Queen draws two category cards and chooses one (``ChooseCategory``); the card not chosen is
  seen by the Queen only. Forbidden letters by ``difficulty``: easy = blue, normal = blue + purple + green,
  hard = purple + 2 green [seed + ours]. Then the Caterpillar bets secretly on another seat (``Bet``).
  The Queen takes the first turn, play goes clockwise (seat + 1) [seed]. Letter cards (ours, table
  ``data/wordland/letters.json`` from ``scripts/wordland_letters.py``): per language the 26 letters ranked
  by how many of the 5000 most common words contain them; the most common (E) has no card, then 7 blue
  (rarest), 7 purple, 7 green and 4 red (most common) = 25 cards. Letters and categories are drawn anew
  every round (a colour's deck is reshuffled when it runs out).
- A turn: ``Say(word)`` (``input="typed"``) or ``SaidIt()`` (``input="spoken"``, one table) before the
  turn deadline (``timer_s``). The engine checks the single-word form (letters only: no spaces, digits,
  hyphens or apostrophes; 1-40 characters; control characters rejected), forbidden letters (case-insensitive;
  ``fold_umlauts`` makes Ä/Ö/Ü count as A/O/U and ß as S) and repeats this round; category fit is judged by
  the group (on a spoken table the engine sees no word, so the group judges letters and repeats too).
  A valid word starts the next player's turn at once with a full timer. A timeout puts the player
  out [seed]. A typed word that is not correct (a forbidden letter, or a repeat of a word said this
  round) puts the player out at once as if the timer had run out [seed] (option ``wrong_word="out"``,
  default): event ``wrong_word`` {word, reason, letter} for everyone, the word in ``words`` with status
  "wrong" and its reason; ``wrong_word="retry"`` [ours] refuses it (codes ``forbidden_letter``,
  ``repeated_word``) and the player may try again while the timer runs. Input that is no word at all
  (digits, spaces, control characters, too long) is always refused and changes nothing. On a spoken table
  the group judges letters and repeats by objection and vote, and a majority against puts out the same way.
- Judging [ours]: after each accepted word an objection window of ``objection_s`` runs in parallel with the
  next turn. Any other seat may ``Object``; that opens a vote of all seats except the word's player (the
  objector's ballot counts as "against"). While a vote runs the whole clock stands still: the turn deadline
  and every other objection window are shifted by the vote's length, and only ``Vote`` is accepted. The vote
  ends when all voters voted or after ``vote_s`` (missing ballots do not count); more "against" than "keep"
  puts the word's player out, a tie keeps them in. Each word can be objected to once.
- Out: the character card turns face down (its abilities are gone, a laid-out letter of the Queen or the
  Rabbit is removed), the player takes the next scoring card (the k-th player out takes card k). When one
  player is left the round ends at once (open objection windows lapse) and the survivor takes card n.
- Scoring [ours]: option ``scoring`` maps the player count to the card values (default card k = k - 1 points,
  the survivor's card n = n points). Alice adds half (rounded down) of her card, the Caterpillar half of
  the card of the seat it bet on; with ``bonus_when_out`` (default on) these bonuses count even when the
  character went out during the round (they are scored, not played). Most points wins; ties share [ours].
- Characters [seed]: Queen: holds a secret red letter; right after her own turn (while the next turn runs)
  she may lay it out (``PlaceLetter``); it binds everyone else until her next turn starts. White Rabbit:
  same with a secret purple letter, and may replace a laid-out red letter (``PlaceLetter(replace_red=True)``).
  Tweedles: two time tokens; ``Extend`` adds one timer length to their running turn. Cheshire Cat: once per
  round ``CatPass`` ends its turn without a word (card turns sideways). Mad Hatter: once per round
  ``HatterIgnore(letter)`` ignores one displayed letter for the rest of the round (card sideways; option
  ``hatter_scope``: for the Hatter only, default, or for everyone). Royal Guard: not bound by the Queen's red
  letter all round, also after turning sideways (only going out ends it) [seed]; once per round
  ``GuardForce(seat)`` makes another player take a turn at once (card sideways), not the player whose turn
  it is and not before the Queen's first turn of the round [ours]; the interrupted player's turn restarts
  afterwards. Sideways or face down = that once-per-round power is gone [official].
- Round end (the core's branch, ``Game.end_round``): after each round but the last the phase is
  ``round_over`` (the round's result in ``round_result``, its words still listed, characters not yet passed
  on) until ``round_pause_ms`` (6000, deadline kind ``round_pause``; 0 = no pause) or the Queen's
  ``NextRound()``.
- Deadlines are data (``Deadline(t, kind, seat)``): the Queen's choice (``choose``) and the Caterpillar's bet
  (``bet``) have ``choose_s`` (on timeout the first card is taken / no bet is placed), turns (``turn``)
  ``timer_s``, objection windows (``objection``, a window that closes by itself when an action comes after
  it) ``objection_s``, votes (``vote``) ``vote_s``.

Refusals carry a stable code, the rule they name and an English sentence; the web app has the words of
every code in both languages.

The package: ``spec`` (options, ``SPEC``), ``state`` (every Struct, the actions), ``content`` (categories,
letters, characters, scoring cards), ``rules`` (pure functions: ``new_state``, ``apply``, ``refusal``,
``active``, ``due``, ``legal_actions``), ``view`` (``view(state, seat)``, ``seat`` None = the table screen,
a JSON dict whose shape is the type ``view.View``; ``tischrunde schema wordland`` prints its JSON Schema)
and ``game`` (the ``Game`` adapter).
"""

from __future__ import annotations

from tischrunde.games.wordland.content import CHARACTERS
from tischrunde.games.wordland.game import GAME, Wordland
from tischrunde.games.wordland.rules import (
    MAX_WORD_LENGTH,
    binding_letters,
    displayed_letters,
    refusal,
    word_error,
    word_form_error,
)
from tischrunde.games.wordland.spec import SPEC
from tischrunde.games.wordland.state import (
    Bet,
    CatPass,
    ChooseCategory,
    Extend,
    GuardForce,
    HatterIgnore,
    Object,
    PlaceLetter,
    Said,
    SaidIt,
    Say,
    State,
    Vote,
    WordlandAction,
)
from tischrunde.games.wordland.view import View, view

__all__ = [
    "CHARACTERS",
    "GAME",
    "MAX_WORD_LENGTH",
    "SPEC",
    "Bet",
    "CatPass",
    "ChooseCategory",
    "Extend",
    "GuardForce",
    "HatterIgnore",
    "Object",
    "PlaceLetter",
    "Said",
    "SaidIt",
    "Say",
    "State",
    "View",
    "Vote",
    "Wordland",
    "WordlandAction",
    "binding_letters",
    "displayed_letters",
    "refusal",
    "view",
    "word_error",
    "word_form_error",
]
