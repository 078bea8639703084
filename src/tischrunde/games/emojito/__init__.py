"""Emojito: act the emotion on a secret picture card; the others guess it among seven on a secret dial.

Rules (../shared/rules/emojito.md; [seed] = the user's German text, [official], [ours] = our choice,
each [ours] rule an option):

- 100 picture cards (content.py), a ring of seven fields with presentation symbols: 1 face+sound,
  2 face, 3 face+sound, 4 face, 5 sound, 6 face+sound, 7 sound. Markers start on the start/finish
  line between 7 and 1; every crossing wins a trophy, a card taken from the discard pile [seed].
- A round: the performer draws a card secretly and performs it [seed] in the way the board demands
  (face only while the relevant marker is on the line [official]; sound only = guessers close their
  eyes [official]); the performer draws six more, shuffles and lays out seven (1-7) [seed]; every
  guesser sets a secret dial, the performer's dial is the true number; dials are revealed together
  [seed]; scoring; the seven cards go to the discard pile; the role passes clockwise [seed].
- ``mode="coop"`` (2-7): one team marker, one game marker; team +1 per correct dial, game
  +``wrong_step`` (1/2/3) per wrong dial [seed]. Ends after a round in which a side has
  ``trophy_target`` trophies [ours: default 3]; the team wins with more trophies, on equal trophies
  the side further ahead, same field = the team loses [seed]. ``secret_message``: face only, the
  performer shows to the left neighbour, each passes it on, everyone else closes their eyes [seed].
- ``mode="each"`` (3-7): own markers; performer +2 per correct guesser (at most 6), correct guesser +3
  [seed]. Challenge [seed]: after the performance, before the layout, a non-performer holding a
  (face-up) trophy may challenge the leader(s) (most trophies, then progress); the performer cannot
  be challenged [ours: ``performer_challengeable``]. Each challenger flips one trophy. A challenged
  leader who guesses wrong while a challenger guesses right moves back 3 (losing a face-up trophy,
  which goes back onto the discard pile [ours], when crossing the line backwards; never behind the
  start line [ours]); each such correct challenger moves 3 more [ours:
  ``challenger_bonus_stacks``]. Ends after a round with someone at ``each_target`` (5) trophies; most
  trophies, then furthest ahead, then a shared win [seed].
- ``mode="teams"`` (4-14, even): partners sit opposite (seat s and s + n/2). Every team's performer
  acts at once to the partner, face only; the performed cards are topped up to seven, shuffled, laid
  out; each guesser sets the team dial; +2 per correct team; performers alternate within a team.
  Ends after a round with a team at ``teams_target`` (3) trophies; on a tie (trophies, then
  progress) only the tied teams play on [seed].
- An empty deck takes the shuffled discard pile (trophies stay with their owners) [seed: open
  point]. Should deck and discard pile together hold fewer than seven cards after a round (only
  possible with a small stacked deck or very high targets), the game ends there [ours].
- Deadlines [ours]: no phase waits for ever. A performance (and each showing of a secret message) has
  ``perform_timeout_s`` (default 120): a performer who has not performed in time is skipped (below), a
  message not passed on in time stops there and the cards are laid out. Dials and challenge decisions
  have ``dial_timeout_s`` (default 60): an unset dial is then wrong, an undecided seat does not
  challenge. Both are courtesy timers: the room's "more time" scales them, 0 turns them off (then only
  the stand-in of an away person moves the table on).
- Skipped performance [ours]: a performer who runs out of time, or whose stand-in (the person is away)
  sends ``SkipPerformance``, leaves the round out: their card goes to the discard pile and the next
  performer's round begins (teams: the team's turn passes to the partner; the other teams' performers
  go on as usual). ``SkipPerformance`` is accepted from a performer who has not performed but is not
  among ``legal_actions``; the event ``performance_skipped`` names the seats.
- Away guessers [ours]: a guesser whose person is away is skipped, not guessed for. Their stand-in
  (or the seat itself) sends ``SkipDial`` instead of a dial; a skipped dial is neither right nor wrong
  (co-op: the game marker does not move for it; each: a skipped challenged leader does not fall).
  ``SkipDial`` is accepted from any guesser whose dial is open but is not among ``legal_actions``
  (no player model picks it by chance). Revealed: ``last_round.skipped`` [seat], its dial shows 0.
- A stacked deck (``decks={"main": [...]}``) is the whole deck, top card first: at least 14
  distinct card ids.

Rounds count from 1 in the view (``round`` and ``last_round.round``). ``Config.first_seat`` (None = 0)
is the start player: the first performer (teams: the start player's team begins with the start player).
A stacked deck also fixes the layout: the seven cards are laid out in the order drawn (the performers'
cards first, then the rest top first), so a scenario knows every position.

Phases: ``perform`` (performers send ``Performed``) -> ``chain`` (secret message: the current shower
sends ``PassedOn``) -> ``challenge`` (each: every eligible seat sends ``Challenge`` or
``NoChallenge``, simultaneous and secret until all declared) -> the engine lays out the cards ->
``dial`` (guessers send ``SetDial(n)`` or ``SkipDial``; the performer's dial is set by the engine) -> reveal and
scoring (kept in ``last_round``) -> ``round_over`` (the reveal stays on the table for ``round_pause_ms``,
6000, deadline kind ``round_pause``, or until a performer of the round sends ``NextRound``; nobody is
active) -> next ``perform``, or ``over``.

Where things are: ``spec.py`` (the options and ``SPEC``), ``state.py`` (the structs: ``State``,
``RoundResult`` and the actions), ``rules.py`` (the rules as pure functions: ``new_state``, ``apply``,
``refusal``, ``active``, ``legal_actions``, ``due``, ``score``, ``outcome``, the board helpers ``laps``,
``field_of``, ``presentation_at``), ``view.py`` (the view of a seat or of the table screen, and its type
``View``: ``tischrunde schema emojito``), ``game.py`` (``Emojito``, the ``Game`` adapter, and ``GAME``),
``content.py`` (the 100 picture cards and the board).
"""

from __future__ import annotations

from tischrunde.games.emojito import content
from tischrunde.games.emojito.game import GAME, Emojito
from tischrunde.games.emojito.rules import field_of, laps, presentation_at
from tischrunde.games.emojito.spec import OPTIONS, SPEC
from tischrunde.games.emojito.state import (
    Challenge,
    EmojitoAction,
    NoChallenge,
    PassedOn,
    Performed,
    RoundResult,
    SetDial,
    SkipDial,
    SkipPerformance,
    State,
)
from tischrunde.games.emojito.view import View

__all__ = [
    "GAME",
    "OPTIONS",
    "SPEC",
    "Challenge",
    "Emojito",
    "EmojitoAction",
    "NoChallenge",
    "PassedOn",
    "Performed",
    "RoundResult",
    "SetDial",
    "SkipDial",
    "SkipPerformance",
    "State",
    "View",
    "content",
    "field_of",
    "laps",
    "presentation_at",
]
