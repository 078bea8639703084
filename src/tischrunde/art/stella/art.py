"""Stella's picture deck: dreamlike scenes composed by code from a library of motifs, drawn as SVG.

Every picture is a scene of at least three motifs (``motifs.py``: creatures, objects, places, weather and light)
in a mood of its own (``library.MOODS``: palette, time of day, the air and the ground), put together by one of a
few compositions that play with scale: a giant teacup with a tiny lighthouse on it, a whale floating over a
city, a door in a wave. The composition is seeded (``DECK_SEED``), so the deck is the same on every machine; no
motif appears in more than ``MAX_USES`` pictures. The generator writes ``data/stella/pictures.json`` and
``tags.tsv`` (``write_data``); the server and the bots read those files.

    picture_svg(7)                 # a safe, self-contained SVG (no scripts, no external references)
    picture_tags(7, "de")          # ["Wal", "Stadt", ..., "verträumt", "Nacht", ...]
    tischrunde contact-sheet docs/stella-deck.png
    tischrunde contact-sheet sheet.html            # the same with every picture's tags
    python -m tischrunde.art.stella.art write-data | svg ID | tags
"""

from __future__ import annotations

import functools
import html
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import msgspec

from tischrunde.art.stella.library import (
    AMBIENT_TAGS,
    GROUND_TAGS,
    MOODS,
    MOTIF_INFO,
    TOPS,
    Mood,
    MotifInfo,
    vocabulary,
)
from tischrunde.art.stella.motifs import MOTIFS, PALETTES, Palette
from tischrunde.core import rng

T = TypeVar("T")

DATA_DIR = Path(__file__).resolve().parents[2] / "games" / "data" / "stella"
#: the size of the deck this composes: the game's ``PICTURE_COUNT`` (the tooling imports no game; the
#: tests check that the two agree)
PICTURE_COUNT = 160
WIDTH = 200
HEIGHT = 300
DECK_SEED = 14
#: no motif is in more pictures than this
MAX_USES = 4
#: the edge of the "water" ground, where a reflection starts
WATER_LINE = 200
#: where the ground's front edge is, per ground: things standing on the ground put their foot there
GROUND_Y = {
    "hills": 252,
    "waves": 248,
    "dunes": 254,
    "flat": 250,
    "checker": 250,
    "cloudfloor": 262,
    "snowfield": 256,
    "seabed": 270,
    "water": 238,
}


class Item(msgspec.Struct, frozen=True, array_like=True):
    """One motif: name, centre x, centre y (negative: drawn behind the ground), scale, turn, colour,
    opacity."""

    motif: str
    x: float
    y: float
    scale: float = 1.0
    rotate: float = 0.0
    color: str = ""
    opacity: float = 1.0


class Picture(msgspec.Struct, frozen=True):
    id: int
    mood: str
    composition: str
    bg: str
    ground: str
    ambient: list[str]
    items: list[Item]
    tags_en: list[str]
    tags_de: list[str]


@functools.cache
def pictures() -> tuple[Picture, ...]:
    """The shipped picture deck, ids 0..PICTURE_COUNT-1 (from ``data/stella/pictures.json``)."""
    data = (DATA_DIR / "pictures.json").read_bytes()
    return tuple(msgspec.json.decode(data, type=list[Picture]))


@functools.cache
def tag_names() -> dict[str, str]:
    """The tag vocabulary as shipped in ``data/stella/tags.tsv``: English tag -> German tag."""
    out = {}
    for line in (DATA_DIR / "tags.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            en, de = line.split("\t")
            out[en] = de
    return out


def picture_tags(card_id: int, language: str = "en") -> list[str]:
    """The hidden tags of one of our pictures, in ``language`` ("en" or "de")."""
    card = pictures()[card_id]
    return list(card.tags_de if language == "de" else card.tags_en)


# --- composing the deck ----------------------------------------------------------------------------


class _Dice:
    """The seeded random source of the composer (``core.rng``, whose state is one int)."""

    def __init__(self, seed: int) -> None:
        self.state = rng.seed_state(seed)

    def u(self) -> float:
        value, self.state = rng.uniform(self.state)
        return value

    def between(self, low: float, high: float) -> float:
        return round(low + (high - low) * self.u(), 1)

    def pick(self, items: Sequence[T]) -> T:
        item, self.state = rng.choice(self.state, items)
        return item

    def shuffle(self, items: Sequence[T]) -> list[T]:
        out, self.state = rng.shuffled(self.state, items)
        return list(out)


Want = Callable[[MotifInfo], bool]


def _is(*, size: str = "SMB", where: str = "sky ground any", kind: str = "") -> Want:
    kinds = kind.split()
    return lambda m: m.size in size and m.where in where.split() and (not kinds or m.kind in kinds)


SKY_LIGHT = _is(where="sky", kind="light weather")
SKY = _is(where="sky")
FLIER = _is(size="S", where="sky any")
BIG_GROUND = _is(size="B", where="ground any")
SMALL_THING = _is(size="S", where="ground any", kind="object creature")
SMALL_CREATURE = _is(size="SM", where="ground any", kind="creature")
PLACE = _is(size="BM", where="ground any", kind="place")
GROUNDED = _is(where="ground any")
PORTALS = frozenset(
    {"door", "window", "mirror", "ladder", "stairs", "gate", "cage", "well", "bottle", "tent"}
)
PORTAL: Want = lambda m: m.name in PORTALS  # noqa: E731


def _inside_card(x: float, scale: float) -> float:
    """``x`` moved so that a motif of this scale stays on the card (when it is narrower than the card)."""
    half = 50 * scale
    return x if half >= WIDTH / 2 - 6 else round(min(max(x, half + 6), WIDTH - half - 6), 1)


class _Scene:
    """One picture being composed: picks motifs (least used first) and places them."""

    def __init__(self, dice: _Dice, uses: Counter[str], ground_y: float) -> None:
        self.dice = dice
        self.uses = uses
        self.g = ground_y
        self.items: list[Item] = []
        self.extra: list[str] = []
        self.picked: set[str] = set()
        self.ground: str | None = None  # a ground the composition needs, instead of the mood's

    def pick(self, *wants: Want) -> MotifInfo | None:
        """The least used motif that fits the first want that any free motif fits; None if none does."""
        for want in wants:
            free = [
                m
                for m in MOTIF_INFO.values()
                if want(m) and m.name not in self.picked and self.uses[m.name] < MAX_USES
            ]
            if free:
                fewest = min(self.uses[m.name] for m in free)
                chosen = self.dice.pick([m for m in free if self.uses[m.name] == fewest])
                self.picked.add(chosen.name)
                return chosen
        return None

    def stand(self, m: MotifInfo, x: float, scale: float) -> Item:
        """Put ``m`` with its foot on the ground, in front of the ground."""
        item = Item(m.name, _inside_card(x, scale), round(self.g - m.foot * scale, 1), scale)
        self.items.append(item)
        return item

    def fly(self, m: MotifInfo, x: float, y: float, scale: float, *, rotate: float = 0.0) -> Item:
        """Put ``m`` in the air, behind the ground."""
        item = Item(m.name, _inside_card(x, scale), -y, scale, rotate)
        self.items.append(item)
        return item

    def on_top(self, m: MotifInfo, below: Item, scale: float, *, rotate: float = 0.0) -> Item:
        """Put ``m`` standing on the top of ``below``."""
        top = abs(below.y) + TOPS.get(below.motif, -40) * below.scale
        item = Item(m.name, below.x, round(top - m.foot * scale + 4, 1), scale, rotate)
        self.items.append(item)
        return item

    def inside(self, m: MotifInfo, around: Item, scale: float) -> Item:
        item = Item(m.name, around.x, abs(around.y), scale)
        self.items.append(item)
        return item

    def sky_corner(self, *wants: Want, scale: tuple[float, float] = (0.4, 0.6)) -> None:
        m = self.pick(*wants)
        if m is not None:
            x = self.dice.pick((34.0, 166.0)) + self.dice.between(-8, 8)
            self.fly(m, x, self.dice.between(42, 70), self.dice.between(*scale))


def _giant_small(s: _Scene) -> bool:
    """A small thing grown giant, a big thing shrunk beside, on or inside it: a lighthouse on a teacup."""
    a = s.pick(SMALL_THING)
    b = s.pick(BIG_GROUND)
    if a is None or b is None:
        return False
    big = s.stand(a, 100 + s.dice.between(-10, 10), s.dice.between(1.45, 1.8))
    way = s.dice.pick(("on", "beside", "inside"))
    small = s.dice.between(0.28, 0.4)
    if way == "on":
        s.on_top(b, big, small)
    elif way == "beside":
        s.stand(b, big.x + s.dice.pick((-1, 1)) * 62 * big.scale, small)
    else:
        s.inside(b, big, small * 0.8)
    s.sky_corner(SKY, FLIER, scale=(0.45, 0.7))
    s.extra += ["giant", "small"]
    return True


def _flying_giant(s: _Scene) -> bool:
    """Something heavy floats in the sky over a small world: a whale over a city."""
    a = s.pick(_is(size="B", kind="creature object place"), _is(size="M", kind="creature object"))
    b = s.pick(PLACE)
    c = s.pick(SMALL_CREATURE, SMALL_THING)
    if a is None or b is None or c is None:
        return False
    s.fly(
        a,
        100 + s.dice.between(-8, 8),
        s.dice.between(95, 125),
        s.dice.between(1.0, 1.3),
        rotate=s.dice.between(-12, 12),
    )
    s.stand(b, s.dice.between(48, 72), s.dice.between(0.45, 0.6))
    s.stand(c, s.dice.between(132, 160), s.dice.between(0.32, 0.45))
    if s.dice.u() < 0.5:
        s.sky_corner(SKY_LIGHT, scale=(0.3, 0.4))
    s.extra += ["flight", "giant", "dream"]
    return True


def _portal(s: _Scene) -> bool:
    """A way through where none should be: a door in a wave, a ladder inside a mountain."""
    a = s.pick(BIG_GROUND)
    b = s.pick(PORTAL, _is(size="M", kind="object"))
    c = s.pick(SMALL_CREATURE)
    if a is None or b is None or c is None:
        return False
    host = s.stand(a, 100 + s.dice.between(-6, 6), s.dice.between(1.1, 1.35))
    s.inside(b, host, s.dice.between(0.3, 0.4))
    s.stand(c, s.dice.pick((30.0, 170.0)) + s.dice.between(-6, 6), s.dice.between(0.3, 0.42))
    if s.dice.u() < 0.4:
        s.sky_corner(SKY_LIGHT, scale=(0.3, 0.45))
    s.extra += ["secret", "beginning"]
    return True


def _procession(s: _Scene) -> bool:
    """Three small figures walk under a giant light: a fox, a piano and a tiny castle under the moon."""
    a = s.pick(_is(size="MB", where="sky", kind="light weather"), SKY)
    walkers = [s.pick(SMALL_CREATURE), s.pick(SMALL_THING), s.pick(PLACE, GROUNDED)]
    if a is None or any(w is None for w in walkers):
        return False
    s.fly(a, 100 + s.dice.between(-10, 10), s.dice.between(100, 125), s.dice.between(1.4, 1.75))
    for x, w in zip((45.0, 100.0, 155.0), s.dice.shuffle(walkers), strict=True):
        assert w is not None
        s.stand(w, x + s.dice.between(-6, 6), s.dice.between(0.36, 0.48))
    s.extra += ["journey", "together"]
    return True


def _stack(s: _Scene) -> bool:
    """Things balance on one another: a bathtub on a deer on a bell."""
    a = s.pick(_is(size="MB", where="ground any"))
    b = s.pick(_is(size="SM", where="ground any"))
    c = s.pick(_is(size="S"))
    if a is None or b is None or c is None:
        return False
    tilt = s.dice.pick((-1, 1)) * s.dice.between(3, 8)
    bottom = s.stand(a, 100 + s.dice.between(-8, 8), s.dice.between(0.7, 0.85))
    middle = s.on_top(b, bottom, s.dice.between(0.5, 0.6), rotate=tilt)
    s.on_top(c, middle, s.dice.between(0.38, 0.48), rotate=-tilt)
    if s.dice.u() < 0.5:
        s.sky_corner(SKY_LIGHT, FLIER, scale=(0.35, 0.5))
    s.extra += ["balance", "height"]
    return True


def _reflection(s: _Scene) -> bool:
    """Something stands on the ground, and the ground mirrors something else: a tree whose reflection is a whale."""
    upright = _is(size="MB", where="ground any", kind="creature place object")
    a = s.pick(upright)
    b = s.pick(upright, _is(size="S", where="ground any", kind="creature object"))
    c = s.pick(SKY_LIGHT, SKY, FLIER)
    if a is None or b is None or c is None:
        return False
    s.ground, s.g = "water", WATER_LINE  # a still lake whatever the mood's ground
    x = 100 + s.dice.between(-12, 12)
    s.stand(a, x, s.dice.between(0.75, 0.95))
    scale = s.dice.between(0.7, 0.85)
    # upside down below the water line, its foot on the line, faint like a picture in water
    s.items.append(Item(b.name, x, round(s.g + b.foot * scale + 2, 1), scale, 180, opacity=0.5))
    s.fly(c, s.dice.pick((45.0, 155.0)), s.dice.between(50, 75), s.dice.between(0.5, 0.7))
    s.extra += ["illusion", "water"]
    return True


def _encounter(s: _Scene) -> bool:
    """A creature meets a thing grown taller than itself, under a strange sky."""
    a = s.pick(SMALL_CREATURE, GROUNDED)
    b = s.pick(SMALL_THING, GROUNDED)
    c = s.pick(SKY, FLIER, _is())
    if a is None or b is None or c is None:
        return False
    left = s.dice.u() < 0.5
    s.fly(c, 100 + s.dice.between(-20, 20), s.dice.between(60, 85), s.dice.between(0.6, 0.85))
    s.stand(a, 58 if left else 142, s.dice.between(0.5, 0.7))
    s.stand(b, 138 if left else 62, s.dice.between(0.95, 1.15))
    s.extra += ["choice", "together"]
    return True


COMPOSITIONS: dict[str, Callable[[_Scene], bool]] = {
    "giant_small": _giant_small,
    "flying_giant": _flying_giant,
    "portal": _portal,
    "procession": _procession,
    "stack": _stack,
    "encounter": _encounter,
    "reflection": _reflection,
}


def _tags(
    items: Sequence[Item], mood: Mood, ground: str, ambient: Sequence[str], extra: Sequence[str]
) -> list[str]:
    out: list[str] = []
    infos = [MOTIF_INFO[i.motif] for i in items]
    for tag in (
        *(m.en for m in infos),
        mood.en,
        *([mood.time] if mood.time else []),
        *mood.concepts,
        *(c for m in infos for c in m.concepts),
        *(t for a in ambient for t in AMBIENT_TAGS[a]),
        *GROUND_TAGS[ground],
        *extra,
    ):
        if tag not in out:
            out.append(tag)
    return out


def compose_deck(count: int = PICTURE_COUNT, seed: int = DECK_SEED) -> tuple[Picture, ...]:
    """Compose the whole deck: ``count`` scenes, each of 3 or 4 motifs, no motif in more than ``MAX_USES``."""
    dice = _Dice(seed)
    uses: Counter[str] = Counter()
    names = list(COMPOSITIONS)
    moods: list[Mood] = []
    deck: list[Picture] = []
    for pid in range(count):
        if not moods:
            moods = dice.shuffle(MOODS)
        mood = moods.pop()
        ground = dice.pick(mood.grounds)
        first = names[pid % len(names)]
        for name in [first, *dice.shuffle([n for n in names if n != first])]:
            scene = _Scene(dice, uses, GROUND_Y[ground])
            if COMPOSITIONS[name](scene):
                break
        else:
            raise ValueError(
                f"the motif library is too small for {count} pictures (picture {pid} has none left)"
            )
        uses.update(i.motif for i in scene.items)
        ground = scene.ground or ground
        tags = _tags(scene.items, mood, ground, mood.ambient, scene.extra)
        words = vocabulary()
        deck.append(
            Picture(
                pid,
                mood.en,
                name,
                mood.palette,
                ground,
                list(mood.ambient),
                scene.items,
                tags,
                [words[t] for t in tags],
            )
        )
    return tuple(deck)


def tags_tsv() -> str:
    """The text of ``data/stella/tags.tsv``: every tag in the vocabulary, English and German."""
    lines = ["# Hidden picture tags for the association bots: English tag, German tag (tab-separated)."]
    lines += [f"{en}\t{de}" for en, de in sorted(vocabulary().items())]
    return "\n".join(lines) + "\n"


def pictures_json(deck: Sequence[Picture]) -> str:
    """The text of ``data/stella/pictures.json``: one picture a line, so diffs stay readable."""
    rows = [msgspec.json.encode(p).decode() for p in deck]
    return "[\n" + ",\n".join(rows) + "\n]\n"


def write_data(directory: Path = DATA_DIR) -> None:
    """Regenerate ``pictures.json`` and ``tags.tsv`` from the generator (review the diff, then commit)."""
    (directory / "pictures.json").write_text(pictures_json(compose_deck()), encoding="utf-8")
    (directory / "tags.tsv").write_text(tags_tsv(), encoding="utf-8")


# --- drawing a picture -----------------------------------------------------------------------------


def _scene_rng(card_id: int, salt: int) -> int:
    return rng.seed_state(card_id * 7_919 + salt)


def _ambient(kind: str, card_id: int, p: Palette) -> str:
    r = _scene_rng(card_id, hash_text(kind))
    out = []
    count = {
        "stars": 46,
        "rain": 60,
        "snow": 55,
        "fireflies": 22,
        "bubbles": 18,
        "confetti": 40,
        "petals": 24,
    }.get(kind, 0)
    for _ in range(count):
        fx, r = rng.uniform(r)
        fy, r = rng.uniform(r)
        fz, r = rng.uniform(r)
        x, y = fx * WIDTH, fy * HEIGHT
        if kind == "stars":
            y *= 0.7
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{0.4 + fz * 1.4:.2f}" fill="#fff" opacity="{0.4 + fz * 0.6:.2f}"/>'
            )
        elif kind == "rain":
            out.append(
                f'<path d="M{x:.1f},{y:.1f} l-4,12" stroke="#cde7ff" stroke-opacity="{0.3 + fz * 0.4:.2f}" stroke-width="1.2"/>'
            )
        elif kind == "snow":
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{0.8 + fz * 2:.2f}" fill="#fff" opacity="{0.6 + fz * 0.4:.2f}"/>'
            )
        elif kind == "fireflies":
            out.append(
                f'<circle cx="{x:.1f}" cy="{60 + y * 0.8:.1f}" r="{1 + fz * 1.8:.2f}" fill="#fff6a0" filter="url(#G)"/>'
            )
        elif kind == "bubbles":
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{2 + fz * 7:.2f}" fill="#fff" fill-opacity="0.12" stroke="#fff" stroke-opacity="0.6"/>'
            )
        elif kind == "confetti":
            colors = ("#ff6b6b", "#ffe066", "#7bd389", "#6bb5ff", "#b28dff")
            col = colors[int(fz * len(colors)) % len(colors)]
            out.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="3" height="6" fill="{col}" transform="rotate({fz * 360:.0f} {x:.1f} {y:.1f})"/>'
            )
        elif kind == "petals":
            out.append(
                f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="2.5" ry="5" fill="#ffc4d6" opacity="0.85" transform="rotate({fz * 360:.0f} {x:.1f} {y:.1f})"/>'
            )
    if kind == "birds":
        for i in range(5):
            x, y = 40 + i * 23 + (card_id * 7 + i * 13) % 11, 50 + (i * 17 + card_id) % 40
            out.append(
                f'<path d="M{x},{y} q5,-5 10,0 q5,-5 10,0" stroke="{p.ink}" stroke-width="1.8" fill="none"/>'
            )
    if kind == "clouds":
        for i, (x, y, s) in enumerate(((40, 60, 0.6), (150, 40, 0.5), (120, 110, 0.4))):
            op = 0.35 + 0.1 * i
            out.append(
                f'<g transform="translate({x},{y}) scale({s})" opacity="{op:.2f}">{MOTIFS["cloud"](p, "#ffffff")}</g>'
            )
    if kind == "aurora":
        out.append(
            '<path d="M-10,70 C40,20 80,110 130,50 C160,20 190,60 210,40 L210,90 C180,110 150,70 120,110 C80,150 40,80 -10,120 Z" '
            'fill="#7cffc4" opacity="0.18" filter="url(#G)"/>'
        )
    return "".join(out)


def hash_text(text: str) -> int:
    """A stable small hash of a string (Python's own ``hash`` changes between runs)."""
    h = 5381
    for ch in text:
        h = (h * 33 + ord(ch)) & 0xFFFFFFFF
    return h


def _ground(kind: str, card_id: int, p: Palette, uid: str) -> str:
    if kind == "hills":
        return (
            f'<path d="M0,240 C50,205 90,225 130,215 C165,206 185,222 200,218 L200,300 L0,300 Z" fill="{p.ground2}"/>'
            f'<path d="M0,258 C40,240 80,252 120,246 C160,240 180,250 200,246 L200,300 L0,300 Z" fill="{p.ground}"/>'
        )
    if kind == "waves":
        lines = "".join(
            f'<path d="M0,{250 + i * 12} q12.5,-6 25,0 t25,0 t25,0 t25,0 t25,0 t25,0 t25,0 t25,0" stroke="#fff" stroke-opacity="{0.25 - i * 0.04:.2f}" fill="none"/>'
            for i in range(4)
        )
        return f'<rect x="0" y="238" width="200" height="62" fill="{p.ground}"/>{lines}'
    if kind == "dunes":
        return (
            f'<path d="M0,230 C60,200 110,250 200,220 L200,300 L0,300 Z" fill="{p.ground2}"/>'
            f'<path d="M0,262 C70,235 130,270 200,250 L200,300 L0,300 Z" fill="{p.ground}"/>'
        )
    if kind == "flat":
        return f'<rect x="0" y="246" width="200" height="54" fill="{p.ground}"/><rect x="0" y="245" width="200" height="2" fill="{p.light}" opacity="0.3"/>'
    if kind == "checker":
        tiles = []
        for row in range(6):
            y0, y1 = 230 + row * row * 2.2 + row * 2, 230 + (row + 1) * (row + 1) * 2.2 + (row + 1) * 2
            for col in range(-8, 9):
                if (row + col) % 2:
                    continue
                x0a, x1a = 100 + col * (4 + row * 3.2), 100 + (col + 1) * (4 + row * 3.2)
                x0b, x1b = 100 + col * (4 + (row + 1) * 3.2), 100 + (col + 1) * (4 + (row + 1) * 3.2)
                tiles.append(
                    f"M{x0a:.1f},{y0:.1f} L{x1a:.1f},{y0:.1f} L{x1b:.1f},{y1:.1f} L{x0b:.1f},{y1:.1f} Z"
                )
        return f'<rect x="0" y="230" width="200" height="70" fill="{p.ground}"/><path d="{" ".join(tiles)}" fill="{p.ground2}"/>'
    if kind == "cloudfloor":
        puffs = "".join(
            f'<circle cx="{x}" cy="{262 + (x * 7) % 12}" r="{22 + (x * 3) % 10}"/>' for x in range(0, 220, 26)
        )
        return f'<g fill="#ffffff" opacity="0.9">{puffs}<rect x="0" y="270" width="200" height="30"/></g>'
    if kind == "snowfield":
        return (
            '<path d="M0,236 C60,220 120,246 200,228 L200,300 L0,300 Z" fill="#e6eef7"/>'
            '<path d="M0,262 C50,250 140,270 200,256 L200,300 L0,300 Z" fill="#ffffff"/>'
        )
    if kind == "seabed":
        weeds = "".join(
            f'<path d="M{x},300 C{x - 8},280 {x + 8},265 {x},{245 - (x * 5) % 25}" stroke="#2f8f6a" stroke-width="3" fill="none"/>'
            for x in range(12, 200, 23)
        )
        return f'<path d="M0,270 C60,255 130,280 200,262 L200,300 L0,300 Z" fill="#c2a56b" opacity="0.7"/>{weeds}'
    if kind == "water":
        return f'<rect x="0" y="200" width="200" height="100" fill="url(#{uid}w)"/>'
    return ""


@functools.lru_cache(maxsize=512)
def picture_svg(card_id: int) -> str:
    """A self-contained SVG of one of our pictures (no scripts, no external references)."""
    deck = pictures()
    if not 0 <= card_id < len(deck):
        raise IndexError(f"no picture {card_id} in our deck (ids 0..{len(deck) - 1})")
    return scene_svg(deck[card_id])


def scene_svg(card: Picture) -> str:
    """The SVG of one composed scene."""
    p = PALETTES[card.bg]
    uid = f"s{card.id}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-label="Stella {card.id}">',
        "<defs>",
        f'<linearGradient id="{uid}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{p.top}"/>'
        f'<stop offset="1" stop-color="{p.bottom}"/></linearGradient>',
        f'<linearGradient id="{uid}w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{p.ground2}" stop-opacity="0.85"/>'
        f'<stop offset="1" stop-color="{p.ground}"/></linearGradient>',
        f'<radialGradient id="{uid}v" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/>'
        '<stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>',
        f'<filter id="{uid}G" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="2.2" result="b"/>'
        '<feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>',
        f'<clipPath id="{uid}c"><rect width="{WIDTH}" height="{HEIGHT}" rx="12"/></clipPath>',
        "</defs>",
        f'<g clip-path="url(#{uid}c)">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#{uid}s)"/>',
    ]
    behind = [a for a in card.ambient if a in ("stars", "aurora", "clouds", "birds")]
    front = [a for a in card.ambient if a not in behind]
    parts.extend(_ambient(a, card.id, p) for a in behind)
    parts.extend(_item(i, p) for i in card.items if i.y < 0)  # negative y: behind the ground
    parts.append(_ground(card.ground, card.id, p, uid))
    parts.extend(_item(i, p) for i in card.items if i.y >= 0)
    parts.extend(_ambient(a, card.id, p) for a in front)
    parts.append(f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#{uid}v)"/>')
    parts.append("</g>")
    parts.append(
        f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="11" fill="none" stroke="#f5e6b8" stroke-opacity="0.55" stroke-width="3"/>'
    )
    parts.append("</svg>")
    return "".join(parts).replace("url(#G)", f"url(#{uid}G)")


def _item(item: Item, p: Palette) -> str:
    draw = MOTIFS[item.motif]
    y = abs(item.y)
    turn = f" rotate({item.rotate:g})" if item.rotate else ""
    faint = f' opacity="{item.opacity:g}"' if item.opacity < 1 else ""
    return f'<g transform="translate({item.x:g},{y:g}){turn} scale({item.scale:g})"{faint}>{draw(p, item.color)}</g>'


def contact_sheet(*, captions: bool = True, size: int = 160) -> str:
    """An HTML page showing every picture with its id (and, with ``captions``, its tags)."""
    cells = []
    for card in pictures():
        text = f"<b>{card.id}</b> {html.escape(card.mood)}"
        if captions:
            text += (
                "<br>" + html.escape(", ".join(card.tags_en)) + "<br>" + html.escape(", ".join(card.tags_de))
            )
        cells.append(f"<figure>{picture_svg(card.id)}<figcaption>{text}</figcaption></figure>")
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stella pictures</title>'
        "<style>body{background:#1b1b24;color:#ddd;font:11px sans-serif;margin:8px}"
        f"main{{display:grid;grid-template-columns:repeat(auto-fill,{size}px);gap:8px}}"
        f"figure{{margin:0}}svg{{width:{size}px;height:{size * 3 // 2}px;display:block}}figcaption{{padding:2px}}</style>"
        f"</head><body><h1>Stella: {len(cells)} pictures</h1><main>{''.join(cells)}</main></body></html>"
    )


def render_contact_sheet(
    out: Path, *, size: int = 96, columns: int = 16, chromium: str = "/usr/bin/chromium"
) -> None:
    """Render the whole deck into one PNG with headless Chromium (Playwright, from the ``test`` extra)."""
    from playwright.sync_api import sync_playwright

    page_html = contact_sheet(captions=False, size=size).replace("repeat(auto-fill,", f"repeat({columns},")
    width = 16 + columns * size + (columns - 1) * 8
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page(viewport={"width": width, "height": 600})
            page.set_content(page_html)
            page.screenshot(path=str(out), full_page=True)
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["write-data"]:
        write_data()
        print(f"wrote {PICTURE_COUNT} pictures and the tags to {DATA_DIR}")
        return 0
    if len(args) == 2 and args[0] == "svg":
        print(picture_svg(int(args[1])))
        return 0
    if args == ["tags"]:
        print(json.dumps({c.id: c.tags_en for c in pictures()}, indent=1, ensure_ascii=False))
        return 0
    print(
        "usage: python -m tischrunde.art.stella.art write-data | svg ID | tags (contact sheets: tischrunde)",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
