"""Stella: a word is read, everyone secretly marks the pictures that fit it, and shared marks score.

Rules (``shared/rules/stella.md``; [seed] = the German seed text, [official] = the published game,
[ours] = our decision, each one an option):

- 15 picture cards lie face up in 3 rows of 5 (grid positions 0..14, row by row, top row first) [seed].
  A game uses one word card per round (4 by default, option ``rounds``) [official].
- **Word** [seed]: the scout chooses one of the two words of the round's word card (``ChooseWord``).
  Only the scout ever sees the other word; everybody sees the chosen one [ours].
- **Mark** [seed]: every player marks, at the same time and in secret, between ``min_marks`` (1)
  [official] and ``max_marks`` (10) [seed] grid positions (``Mark``). A mark is final once sent, like
  laying the pen down; a client lets the player change their mind before sending [ours].
- **Deadlines** [ours]: no phase waits for ever. A player who has not marked within ``mark_timeout_s``
  (default 120) marks nothing this round; a scout who has not chosen within ``turn_timeout_s`` (default
  60) gets the first word, and a player whose reveal time (``turn_timeout_s`` per reveal) runs out names
  their first unnamed mark. Both are courtesy timers: the room's "more time" scales them, 0 turns them off
  (then only a stand-in bot moves an away player's turn on).
- **Count** [seed]: every player's number of marks becomes public. The player alone at the top is
  *in the dark*; on a tie at the top nobody is [official].
- **Reveal** [seed]: starting with the scout and going clockwise, the player whose turn it is names one of
  their marked cards not named yet (``Reveal``); everyone who marked it is shown. With m markers:
  m >= 3: a spark, 2 points to each marker; m == 2: a super-spark, 3 points to both; m == 1: the revealer
  falls: no more points and no more reveal turns this round. A fallen player's marks still count in m for
  others [seed + official]. Players without an unnamed mark are skipped; the round ends when no player who
  has not fallen has an unnamed mark. Unnamed marks of fallen players are never shown [ours].
- **Score** [seed]: the player in the dark who did not fall scores everything. The player in the dark who
  fell scores by option ``dark_fall``: ``official`` sparks 1 and super-sparks 2; ``one_per_card`` 1 per
  matched card; ``half`` half the round's points, rounded down.
- **Round end** [ours]: the last reveal and the round's points stay on the table (phase ``round_over``)
  for ``round_pause_ms`` (6000) or until the round's scout taps ``NextRound``.
- **Next round** [seed]: one row gets 5 new pictures (option ``row_order``, default top, middle, bottom
  [ours]), marks are reset, the scout passes clockwise, the next word card is used.
- **End** [seed]: after the last round the most points wins; a tie shares the win [official].

The start player (the first scout) is ``Config.first_seat`` (None = seat 0).

The rules only know picture ids: our deck is 0..PICTURE_COUNT-1, ``picture_count`` uses the first n of
them (at most PICTURE_COUNT); a room with its own pictures stacks ``decks={"pictures": [...]}`` with any
non-negative ids.

Modules: ``spec`` (the options and SPEC), ``state`` (the actions, ``State``, the records of named cards
and rounds, and the lanes the state packs its per-seat sets into), ``rules`` (the rules as pure functions),
``view`` (the view and its type ``View``), ``game`` (the ``Stella`` game and ``GAME``), ``content`` (word
cards, the grid's measures, points).
"""

from __future__ import annotations

from tischrunde.games.stella.content import (
    COLUMNS,
    DARK_FALL_RULES,
    GRID_SIZE,
    PHASES,
    PICTURE_COUNT,
    ROW_NAMES,
    ROW_ORDERS,
    ROWS,
    SPARK_POINTS,
    SUPER_SPARK_POINTS,
    WordCard,
    word_cards,
)
from tischrunde.games.stella.game import GAME, Stella
from tischrunde.games.stella.rules import dark_fall_points
from tischrunde.games.stella.spec import OPTIONS, SPEC
from tischrunde.games.stella.state import (
    ChooseWord,
    Mark,
    Reveal,
    RevealResult,
    RoundSummary,
    State,
    StellaAction,
)
from tischrunde.games.stella.view import View

__all__ = [
    "COLUMNS",
    "DARK_FALL_RULES",
    "GAME",
    "GRID_SIZE",
    "OPTIONS",
    "PHASES",
    "PICTURE_COUNT",
    "ROWS",
    "ROW_NAMES",
    "ROW_ORDERS",
    "SPARK_POINTS",
    "SPEC",
    "SUPER_SPARK_POINTS",
    "ChooseWord",
    "Mark",
    "Reveal",
    "RevealResult",
    "RoundSummary",
    "State",
    "Stella",
    "StellaAction",
    "View",
    "WordCard",
    "dark_fall_points",
    "word_cards",
]
