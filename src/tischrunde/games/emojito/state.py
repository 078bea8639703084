"""Emojito's options, constants and small pure helpers over the state (the state itself: ``structs.py``).

The optional compiled build compiles this module with mypyc (the rules call its helpers on every step); the
state's classes live in ``structs.py``, which stays interpreted: mypyc would drop a ``msgspec.Struct``'s class
keywords (``frozen=True``, ``gc=False``).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from tischrunde.core.game import AppliesWhen, ChoiceLabel, OptionSpec, TimerKind
from tischrunde.games.emojito import content
from tischrunde.games.emojito.structs import EmojitoState as EmojitoState
from tischrunde.games.emojito.structs import RoundResult as RoundResult

MODES = ("coop", "each", "teams")
LAYOUT_SIZE: Final = 7
FIELDS: Final = 7
PERFORMER_CAP: Final = 6  # each for themselves: the performer moves at most 6 fields per round [seed]
PERFORMER_STEP: Final = 2
GUESSER_STEP: Final = 3
CHALLENGE_STEP: Final = 3
TEAM_STEP: Final = 2
PLAYERS = {"coop": (2, 7), "each": (3, 7), "teams": (4, 14)}


SKIPPED: Final = -1  # EmojitoState.dials: 0 = not set yet, 1..7 = set, SKIPPED = left out (SkipDial)


def _option(
    name: str,
    default: Any,
    en: str,
    de: str,
    source: Any = "ours",
    *,
    choices: tuple[Any, ...] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    labels: tuple[ChoiceLabel, ...] = (),
    mode: str | None = None,
    timer: TimerKind = "",
    unlimited: int | None = None,
) -> OptionSpec:
    # ``mode``: the one mode this option matters in (the lobby hides it in the others)
    when = AppliesWhen("mode", (mode,)) if mode else None
    return OptionSpec(
        name,
        default,
        en,
        de,
        source,
        choices,
        minimum,
        maximum,
        timer=timer,
        unlimited=unlimited,
        choice_labels=labels,
        applies_when=when,
    )


OPTIONS = (
    _option(
        "mode",
        "coop",
        "All together against the game (2-7 players), everyone for themselves (3-7), or in teams of two "
        "(4-14, an even number)",
        "Alle gemeinsam gegen das Spiel (2-7 Personen), jeder gegen jeden (3-7) oder in Zweierteams "
        "(4-14, gerade Zahl)",
        "seed",
        choices=MODES,
        labels=(
            ChoiceLabel("coop", "Cooperative", "Kooperativ"),
            ChoiceLabel("each", "Everyone for themselves", "Jeder gegen jeden"),
            ChoiceLabel("teams", "Teams", "Teams"),
        ),
    ),
    _option(
        "wrong_step",
        1,
        "Co-op: fields the game marker moves per wrong dial (1, 2 or 3)",
        "Kooperativ: Felder, die der Spielmarker pro falscher Wählscheibe vorrückt (1, 2 oder 3)",
        "seed",
        choices=(1, 2, 3),
        mode="coop",
    ),
    _option(
        "trophy_target",
        3,
        "Co-op: the game ends after a round in which the team or the game has this many trophies",
        "Kooperativ: das Spiel endet nach der Runde, in der Team oder Spiel so viele Trophäen haben",
        minimum=1,
        maximum=10,
        mode="coop",
    ),
    _option(
        "secret_message",
        False,
        "Co-op variant secret message: face only, passed on from neighbour to neighbour, the others close their eyes",
        "Kooperative Variante Geheime Nachricht: nur Mimik, von Nachbar zu Nachbar weitergegeben, die anderen schließen die Augen",
        "seed",
        mode="coop",
    ),
    _option(
        "each_target",
        5,
        "Each for themselves: the game ends after a round in which a player has this many trophies",
        "Jeder gegen jeden: das Spiel endet nach der Runde, in der jemand so viele Trophäen hat",
        "seed",
        minimum=1,
        maximum=10,
        mode="each",
    ),
    _option(
        "teams_target",
        3,
        "Teams: the game ends after a round in which a team has this many trophies",
        "Teamspiel: das Spiel endet nach der Runde, in der ein Team so viele Trophäen hat",
        "seed",
        minimum=1,
        maximum=10,
        mode="teams",
    ),
    _option(
        "performer_challengeable",
        False,
        "Each for themselves: a leading performer may be challenged too (their dial is always right)",
        "Jeder gegen jeden: auch ein führender Darsteller darf herausgefordert werden (seine Wählscheibe stimmt immer)",
        mode="each",
    ),
    _option(
        "challenger_bonus_stacks",
        True,
        "Each for themselves: a successful challenger's 3 extra fields come on top of the normal 3",
        "Jeder gegen jeden: die 3 Extrafelder eines erfolgreichen Herausforderers kommen zu den normalen 3 hinzu",
        mode="each",
    ),
    _option(
        "perform_timeout_s",
        120,
        "Seconds for a performance and for each showing of a secret message (0 = no limit); a performer "
        "who has not performed in time is skipped and the next one goes, a message not passed on in time "
        "stops there",
        "Sekunden für eine Darstellung und für jedes Weiterzeigen der geheimen Nachricht (0 = unbegrenzt); "
        "wer nicht rechtzeitig dargestellt hat, wird übersprungen und die nächste Person ist dran, eine "
        "nicht rechtzeitig weitergezeigte Nachricht endet dort",
        minimum=0,
        maximum=600,
        timer="courtesy",
        unlimited=0,
    ),
    _option(
        "dial_timeout_s",
        60,
        "Seconds to set the dials and to decide on a challenge (0 = no limit); a dial not set in time "
        "counts as wrong, who has not decided in time does not challenge",
        "Sekunden zum Einstellen der Wählscheiben und zum Entscheiden über eine Herausforderung "
        "(0 = unbegrenzt); eine nicht eingestellte Wählscheibe zählt als falsch, wer sich nicht rechtzeitig "
        "entscheidet, fordert nicht heraus",
        minimum=0,
        maximum=600,
        timer="courtesy",
        unlimited=0,
    ),
    _option(
        "round_pause_ms",
        6000,
        "How long the revealed dials and the moves stay on the table before the next round (0 = no "
        "pause); the round's performer may go on earlier",
        "Wie lange die aufgedeckten Wählscheiben und die Züge stehen bleiben, bevor die nächste Runde "
        "beginnt (0 = keine Pause); wer dargestellt hat, kann früher weitermachen",
        minimum=0,
        maximum=60_000,
        timer="courtesy",
    ),
)


def laps(progress: int) -> int:
    """Line crossings behind a marker with this total progress (0 = on the start line)."""
    return 0 if progress <= 0 else (progress - 1) // FIELDS


def field_of(progress: int) -> int:
    """The field 1..7 a marker stands on; 0 while it is still on the start line."""
    return 0 if progress <= 0 else (progress - 1) % FIELDS + 1


def presentation_at(progress: int) -> str:
    """ "face", "sound" or "face_sound" for a marker with this progress (face only on the line)."""
    if progress <= 0:
        return "face"
    symbols = content.board()[field_of(progress) - 1].symbols
    return "face_sound" if len(symbols) > 1 else symbols[0]


def plain(value: Any) -> Any:
    """JSON-safe builtins (lists, not tuples) of a struct."""
    return msgspec.json.decode(msgspec.json.encode(value))


def round_json(result: RoundResult) -> dict[str, Any]:
    """The JSON form of a revealed round (``plain(result)``, built directly: once per round)."""
    return {
        "round": result.round,
        "performers": list(result.performers),
        "cards": list(result.cards),
        "layout": list(result.layout),
        "answers": list(result.answers),
        "dials": list(result.dials),
        "correct": list(result.correct),
        "moves": list(result.moves),
        "trophies_won": list(result.trophies_won),
        "challengers": list(result.challengers),
        "challenged": list(result.challenged),
        "fallen": list(result.fallen),
        "skipped": list(result.skipped),
    }


def trophy_count(state: EmojitoState, side: int) -> int:
    """The face-up trophies of a side: what counts for the end and the win (flipped ones do not)."""
    return len(state.trophies[side]) - len(state.flipped[side])
