"""Emojito's options and its ``GameSpec``: pure data (the lobby and ``tischrunde rules`` read them)."""

from __future__ import annotations

from typing import Any, Final

from tischrunde.core.game import AppliesWhen, ChoiceLabel, GameSpec, OptionSpec, TimerKind

MODES: Final = ("coop", "each", "teams")
#: the player counts of each mode (teams: an even number)
PLAYERS: Final = {"coop": (2, 7), "each": (3, 7), "teams": (4, 14)}


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


SPEC = GameSpec(
    name="emojito",
    title_de="Emojito",
    title_en="Emojito",
    min_players=2,
    max_players=14,
    options=OPTIONS,
    rules_version=1,
    summary_de="Stellt die Emotion einer geheimen Bildkarte dar; die anderen raten sie unter sieben Karten.",
    summary_en="Act the emotion of a secret picture card; the others guess it among seven cards.",
    simultaneous=True,
    hidden_information=True,
    max_decisions=20_000,
    bots_in_rooms=False,
    deck_names=("main",),
)
