"""Mogel-Motte ("cheating moth"): a shedding card game in which everyone but the guard may cheat.

Rules (source in brackets: [seed] = the user's German text, [official] = the published game,
[ours] = this project's decision, an option unless marked "no option" with the reason; see
``shared/rules/mogelmotte.md``)
=====================================================================================================

Deck [official, values ours]: 71 cards in play plus the guard bug (a role marker, not a card), 72 in the
box. 43 number cards (1, 2, 3 nine times each; 4, 5 eight times each), 20 action cards (ant, spider,
mosquito, cockroach, one of each value 1-5 per animal) and 8 moths (values 1, 2, 3, 4, 5, 1, 2, 3). The
composition is data: ``games/data/mogelmotte/deck.json``; a card id is the index into it (0..70).

Setup [seed]: the oldest player gets the guard bug and starts: ``Config.first_seat`` (None = seat 0; the
lobby asks the host who is oldest). Everyone gets ``hand_size`` (8) cards; the next card
starts the discard pile (an action card there counts by its value only, no action).

A turn [seed]: play one card whose value is one higher or lower than the discard pile's top, 1 and 5 being
neighbours (``Play(card)``), or draw one card (``Draw()``), which ends the turn, so the drawn card cannot
be played. Play goes clockwise (seat + 1). When a card must be drawn from an empty draw pile, the discard
pile except its top is shuffled into a new draw pile [seed]; the top card stays as the discard pile
[official]. If both are empty, a draw gives nothing and
the turn still passes; after a whole circle of such turns by seats that could not play either, the round
is blocked and ends without a winner of the round, everyone scoring their hand [ours, no option: random tests showed
that cheating can otherwise leave a table where nothing can ever happen again]. Moths are never
played, given or passed on, except that the guard may play a moth openly on his turn when its value
fits [official].

Action cards, played like number cards by value, then (the effects are [official]):

- Ant: every other seat draws one card (clockwise from the player's left).
- Spider: the player gives one card (not a moth) to any other seat (``SpiderGive(card, to_seat)``) or
  nothing (``SpiderSkip()``).
- Mosquito: a race. Every seat but its player sends ``Slap()``. As soon as all but one have slapped, the
  remaining one is the slowest. If the slap window (``slap_window_ms``) ends with several not slapped, the
  slowest is the last of them clockwise from the player (``slowest_rule="clockwise_last"``) or a random one
  (``"random"``) [ours]. Then every other seat, the player included, secretly chooses one card (not a
  moth, never its last card) and ``Give(card)``; seats with nothing to give are skipped. The gifts move
  together once all have chosen.
- Cockroach: a race. Any seat, its player included, may ``Throw(card)`` a number card of the cockroach's
  value within ``throw_window_ms``; the first throw counts (it goes onto the discard pile) and ends the
  race at once. The window is not closed early when nobody can throw, since that would tell everyone that
  nobody holds the value. Play goes on after the cockroach's player (``cockroach_continue="after_player"``)
  or after the thrower (``"after_thrower"``) [ours]. A throw of one's last card ends the round like a
  play [ours, no option: it is a legal play of the last card].
- A card that empties its player's hand ends the round at once and does nothing
  (``last_card_action=False``); with ``True`` its action happens first and the round ends when it is
  resolved [ours].
- Spider and mosquito gifts never give a player's last card (``give_last_card=False``); with ``True`` they
  may, and a player who gives away the last card ends the round as if they had played it [ours].

Cheating [seed; timing ours]: every seat except the guard may, at any moment, start making one card
vanish (``Cheat(card)``, moths included), one at a time, never the last card (at least two cards in
hand). The card stays in the hand count but is "off the table" (not playable, giveable or throwable) for
``cheat_ms`` (2000); during that time every screen shows a tell at the seat. ``Fidget()`` shows the same
tell without a card. When the time is up (the driver's ``Timeout``) the card is gone for good, unless the
hand has meanwhile shrunk to one card: then it stays. A completed cheat can no longer be caught. Nobody
may start a cheat while a card is being given (spider choice, mosquito gifts, the guard's gift below):
"not while an accusation is being settled" [seed], extended to every give choice [ours, no option: it
keeps committed gifts and cheats apart].

Accusing [seed]: only the guard may ``Accuse(seat)``. If that seat is cheating, it is caught: the card
stays in its hand, it becomes the new guard, and it receives one card (not a moth, never the guard's last)
from the old guard, chosen by the old guard (``guard_chooses_card=True``: the game waits for the old
guard's ``Give(card)`` and nothing else happens meanwhile except deadlines) or at random (``False``)
[ours]. Accusing a seat that is fidgeting or idle is wrong: the guard draws a penalty card and stays
guard; a fidget ends when accused. ``legal_actions`` lists accusations only of seats showing a tell
(accusing an idle seat is allowed but never useful).

Scoring and end [seed + official]: the round ends when a player has legally played (or thrown) their last
card. Every seat scores penalty points for the cards in hand (a card being cheated counts): number card 1,
action card 5, moth 10. The table then shows the round's result in phase ``round_over`` until
``round_pause_ms`` (4000; 0 = no pause) [ours] has passed (deadline kind ``round_pause``) or the round's
start player taps ``NextRound()`` (not listed in ``legal_actions``: bots and random play leave the pause to
the clock); then the next round is dealt; its start player is the left neighbour of the last start player
and gets the guard bug [seed]. ``rounds``
rounds are played (0 = as many as players) [official]; the fewest penalty points win; ties share the win.

Stacked decks: ``Config(decks={"main": [ids...]})`` lists cards top first; seat 0 gets the first
``hand_size``, seat 1 the next, ...; the next card starts the discard pile, the rest is the draw pile in
order (next draw first). Cards not listed are out of the game. Every round is dealt from the same order.

Time for a person [ours]: every phase that waits for a person has a limit, ``turn_timeout_s`` (60; 0 = no
limit; a courtesy timer, so the room's "more time" scales it): the turn (its seat plays or draws), the
spider (its player gives or skips) and the mosquito's gifts (every giver still choosing). The time counts
from when the wait began (the turn passing to the seat, the spider played, the gifts starting; field
``wait_until``); cheats, fidgets, accusations and the old guard's gift never extend it (the clock runs on
while an accusation is settled: random play showed that cheaters and guards catching each other could
otherwise hold an away seat's turn for ever). When it runs out (event ``time_up``), a turn draws one card
exactly as ``Draw`` does, "who cannot play (or does not want to) draws one card" [seed], and with nothing
to draw counts as a seat that could not play (so an away seat cannot keep a blocked round alive); the
spider gives nothing (as ``SpiderSkip``); every giver still choosing gives the first card it may give
(the lowest card id: hands are sorted). The old guard's gift to a caught cheater runs within the same
wait: if it is still open when the wait ends, the first card the old guard may give goes (no moth; event
``time_up`` with phase ``settle``), then the phase's own time is up as above.

Time: every action carries ``t`` (ms). ``deadline(state)`` is the earliest of a running cheat or fidget
ending (kind ``cheat``), the race window ending (``race``), the wait for a person ending (``turn``, seat =
the turn's seat; ``choose`` for the spider's player and for the mosquito's givers, seat = the one giver
still choosing or None), and the round pause ending (``round_pause``); ``Timeout()`` (seat None) resolves
all that is due at ``t``, earliest first (cheats first at the same time). The common rules of
``tischrunde.core.game`` hold: an action stamped at or after the deadline is refused until the driver has
sent the ``Timeout`` (code ``deadline_passed``), times never run backwards (``time_backwards``).

Card lookups (``content.py``): ``cards_of(kind, value)`` lists the card ids of a kind and value (e.g. ``cards_of("spider",
3)``); ``KIND``, ``VALUE``, ``CLASS`` map a card id to its kind, value and class.

Actions (JSON ``{"type": ...}``): ``play {card}``, ``draw``, ``spider_give {card, to_seat}``,
``spider_skip``, ``slap``, ``throw {card}``, ``give {card}``, ``cheat {card}``, ``fidget``,
``accuse {seat}``, ``next_round``, ``timeout``.

Errors: ``IllegalActionError`` / ``NotYourTurnError`` with a sentence naming the rule and a stable code:
``needs_neighbour_value``, ``moth_only_guard``, ``moth_not_giveable``, ``guard_cannot_cheat``,
``last_card``, ``one_at_a_time``, ``no_cheating_now``, ``being_cheated``, ``not_in_hand``,
``wrong_phase``, ``round_over``, ``settling``, ``already_slapped``, ``own_mosquito``, ``already_chosen``,
``needs_cockroach_value``, ``bad_seat``, ``too_early``, ``deadline_passed``, ``time_backwards``,
``game_over``, ``not_your_turn``, ``not_round_over``, ``not_start_player``. One function says them all
(``rules.refusal``); a play's come in the order a hand card shows its reason (the card: not in hand,
being cheated, a moth of a seat that is not the guard; then the moment; then the value).

View (``view(state, seat)``; seat None = spectator / table screen): a JSON object whose type is
``View`` in ``view.py``, every field documented there (``tischrunde schema mogelmotte`` prints
its JSON Schema): the phase, round, seats of turn, guard and start player, the seat's hand (each card with
``playable`` and the ``reason`` if not), what it may give, hand counts, the piles, the tells (never saying
cheat or fidget) and the seat's own, the race / spider / gifts / settling being resolved, penalty points,
the counters, when the time of the seats being waited for runs out
(``act_until``), the options and the winners.

Events: every transition returns its events (``Event.visible_to`` for private ones: a drawn card, a
cheat's card, a gift); the state keeps none. Drivers hand them on (the bots' driver: ``Bot.observe``).

Modules: ``spec`` (options, ``SPEC``), ``state`` (every Struct: the state, the actions), ``rules`` (pure
functions: ``new_state``, ``refusal``, ``apply`` and its ``commit``, ``active``, ``due``, ``legal_actions``),
``view`` (the view and its type ``View``), ``game`` (the ``Game`` adapter, ``GAME``), ``content`` (the deck).

Outcome: ``scores`` are total penalty points (lower is better), ranks shared on ties, winners all seats
with the fewest points; ``details``: ``penalty_points``, ``caught``, ``cheats``, ``wrong_accusations``
[per seat] and ``rounds``.
"""

from __future__ import annotations

from tischrunde.games.mogelmotte import rules
from tischrunde.games.mogelmotte.content import CLASS, KIND, VALUE, cards_of
from tischrunde.games.mogelmotte.game import GAME, MogelMotte
from tischrunde.games.mogelmotte.spec import SPEC
from tischrunde.games.mogelmotte.state import (
    Accuse,
    Cheat,
    Draw,
    Fidget,
    Give,
    MogelMotteAction,
    Play,
    Slap,
    SpiderGive,
    SpiderSkip,
    State,
    Throw,
)
from tischrunde.games.mogelmotte.view import View, unplayable_reason

__all__ = [
    "CLASS",
    "GAME",
    "KIND",
    "SPEC",
    "VALUE",
    "Accuse",
    "Cheat",
    "Draw",
    "Fidget",
    "Give",
    "MogelMotte",
    "MogelMotteAction",
    "Play",
    "Slap",
    "SpiderGive",
    "SpiderSkip",
    "State",
    "Throw",
    "View",
    "cards_of",
    "rules",
    "unplayable_reason",
]
