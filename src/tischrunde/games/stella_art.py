"""Stella's picture deck: 84 dreamlike scenes drawn as SVG by code, from ``data/stella/pictures.json``.

Each card is a scene: a sky gradient (``bg``), a ground, ambient particles (stars, rain, snow...) and a few
motifs (doors, stairs, moons, whales...) placed, scaled and turned. The same card id always gives the same
SVG. Every card also carries hidden tags (English and German) that the association bots use.

    picture_svg(7)                 # a safe, self-contained SVG (no scripts, no external references)
    picture_tags(7, "de")          # ["Nacht", "Tür", ...]
    python -m tischrunde.games.stella_art contact-sheet OUT.html
"""

from __future__ import annotations

import functools
import html
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path

import msgspec

from tischrunde.core import rng

DATA_DIR = Path(__file__).parent / "data" / "stella"
WIDTH = 200
HEIGHT = 300


class Item(msgspec.Struct, frozen=True, array_like=True):
    """One motif: name, centre x, centre y, scale (1.0 = 100 units wide), optional turn and colour."""

    motif: str
    x: float
    y: float
    scale: float = 1.0
    rotate: float = 0.0
    color: str = ""


class Picture(msgspec.Struct, frozen=True):
    id: int
    bg: str
    ground: str
    ambient: list[str]
    items: list[Item]
    tags_en: list[str]
    tags_de: list[str]


@functools.cache
def pictures() -> tuple[Picture, ...]:
    """The shipped picture deck, ids 0..83."""
    data = (DATA_DIR / "pictures.json").read_bytes()
    return tuple(msgspec.json.decode(data, type=list[Picture]))


@functools.cache
def tag_names() -> dict[str, str]:
    """The tag vocabulary: English tag -> German tag."""
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


# --- palettes --------------------------------------------------------------------------------------


class Palette(msgspec.Struct, frozen=True):
    top: str
    bottom: str
    ground: str
    ground2: str
    ink: str  # silhouettes
    light: str  # glowing things
    accent: str


PALETTES: dict[str, Palette] = {
    "night": Palette("#070b2a", "#2c3480", "#10163a", "#1b2350", "#0a0d24", "#ffe7a3", "#8fa8ff"),
    "dusk": Palette("#26164a", "#f2906b", "#3a2046", "#52294f", "#1f1230", "#ffe2a8", "#ff7aa8"),
    "dawn": Palette("#87b3ea", "#ffd6d6", "#7f9e86", "#95b79a", "#3a4a5c", "#fff4c2", "#ff9f80"),
    "day": Palette("#64b9f0", "#e6f6ff", "#7dba6c", "#94cc7f", "#2e4b3c", "#fff3a0", "#f26b5b"),
    "sea": Palette("#153a6b", "#49b3cf", "#124f78", "#1b6a96", "#0b2340", "#eafcff", "#ffcf6b"),
    "deep": Palette("#02121f", "#0b5872", "#03202f", "#063447", "#01080f", "#9ff3ff", "#57e0c1"),
    "forest": Palette("#17331f", "#9cc99a", "#1f3f28", "#2d5a38", "#0d1f13", "#f6ffbf", "#ff8c5a"),
    "desert": Palette("#f0a35e", "#ffecc2", "#d6944a", "#e8ab62", "#5a3418", "#fff7d6", "#3d7fb8"),
    "snow": Palette("#9fb3cf", "#f3f6fb", "#f7fbff", "#dde7f2", "#3b4a63", "#ffffff", "#d94f6a"),
    "fire": Palette("#2e0909", "#ff7b39", "#240707", "#3d0e0b", "#160404", "#ffd36e", "#ffef9f"),
    "violet": Palette("#2b0c45", "#b2559a", "#220937", "#3a1552", "#16052a", "#ffd0f0", "#7ce0ff"),
    "mint": Palette("#8fd9c0", "#eef7d8", "#5fae8f", "#78c3a3", "#21483b", "#ffffff", "#ff8aa1"),
    "storm": Palette("#1f2b38", "#6d7d8e", "#18222b", "#26333f", "#0c1117", "#f5f1c8", "#ffd23f"),
    "amber": Palette("#3e2208", "#f5c24c", "#2e1906", "#4a2a0c", "#1d0f03", "#fff1c4", "#c8432b"),
    "rose": Palette("#f7b2c4", "#fff0e6", "#e79cab", "#f2b8c2", "#6b2c44", "#ffffff", "#7a5cff"),
}


# --- motifs: drawn in a local box of about -50..50, centred on (0, 0) ----------------------------------

Motif = Callable[[Palette, str], str]
MOTIFS: dict[str, Motif] = {}


def motif(name: str) -> Callable[[Motif], Motif]:
    def register(draw: Motif) -> Motif:
        MOTIFS[name] = draw
        return draw

    return register


@motif("moon")
def _moon(p: Palette, c: str) -> str:
    return (
        f'<path d="M10,-28 A30,30 0 1 0 10,28 A24,24 0 1 1 10,-28 Z" fill="{c or p.light}" filter="url(#G)"/>'
    )


@motif("fullmoon")
def _fullmoon(p: Palette, c: str) -> str:
    return (
        f'<circle r="32" fill="{c or p.light}" filter="url(#G)"/>'
        '<circle cx="-9" cy="-6" r="6" fill="#000" opacity="0.08"/>'
        '<circle cx="10" cy="8" r="9" fill="#000" opacity="0.07"/><circle cx="8" cy="-14" r="4" fill="#000" opacity="0.08"/>'
    )


@motif("sun")
def _sun(p: Palette, c: str) -> str:
    rays = "".join(
        f'<rect x="-2.5" y="-48" width="5" height="12" rx="2.5" fill="{c or p.light}" transform="rotate({a})"/>'
        for a in range(0, 360, 30)
    )
    return f'<circle r="28" fill="{c or p.light}" filter="url(#G)"/>{rays}'


@motif("star")
def _star(p: Palette, c: str) -> str:
    pts = " ".join(
        f"{math.cos(math.radians(-90 + i * 36)) * (40 if i % 2 == 0 else 16):.1f},"
        f"{math.sin(math.radians(-90 + i * 36)) * (40 if i % 2 == 0 else 16):.1f}"
        for i in range(10)
    )
    return f'<polygon points="{pts}" fill="{c or p.light}" filter="url(#G)"/>'


@motif("door")
def _door(p: Palette, c: str) -> str:
    return (
        f'<rect x="-24" y="-50" width="48" height="100" rx="3" fill="{c or p.accent}"/>'
        f'<rect x="-18" y="-44" width="36" height="94" fill="{p.light}" opacity="0.9" filter="url(#G)"/>'
        f'<path d="M-18,-44 L6,-36 L6,58 L-18,50 Z" fill="{c or p.accent}" opacity="0.95"/>'
        f'<circle cx="1" cy="8" r="2.5" fill="{p.ink}"/>'
    )


@motif("stairs")
def _stairs(p: Palette, c: str) -> str:
    steps = "".join(
        f'<rect x="{-50 + i * 12}" y="{38 - i * 12}" width="14" height="{12 + i * 12}" fill="{c or p.ink}" opacity="{0.75 + i * 0.03:.2f}"/>'
        for i in range(8)
    )
    return steps


@motif("ladder")
def _ladder(p: Palette, c: str) -> str:
    col = c or "#c9a36b"
    rungs = "".join(
        f'<rect x="-12" y="{-46 + i * 12}" width="24" height="3" fill="{col}"/>' for i in range(8)
    )
    return f'<rect x="-15" y="-50" width="4" height="100" fill="{col}"/><rect x="11" y="-50" width="4" height="100" fill="{col}"/>{rungs}'


@motif("house")
def _house(p: Palette, c: str) -> str:
    return (
        f'<rect x="-30" y="-10" width="60" height="45" fill="{c or p.ink}"/>'
        f'<polygon points="-38,-8 0,-42 38,-8" fill="{c or p.ink}"/>'
        f'<rect x="16" y="-38" width="8" height="18" fill="{c or p.ink}"/>'
        f'<rect x="-20" y="2" width="14" height="14" fill="{p.light}" filter="url(#G)"/>'
        f'<rect x="6" y="12" width="12" height="23" fill="{p.light}" opacity="0.8"/>'
    )


@motif("tower")
def _tower(p: Palette, c: str) -> str:
    return (
        f'<path d="M-14,50 L-10,-30 L10,-30 L14,50 Z" fill="{c or p.ink}"/>'
        f'<polygon points="-16,-28 0,-55 16,-28" fill="{c or p.ink}"/>'
        f'<rect x="-4" y="-18" width="8" height="12" rx="4" fill="{p.light}" filter="url(#G)"/>'
        f'<rect x="-3" y="10" width="6" height="9" rx="3" fill="{p.light}" opacity="0.6"/>'
    )


@motif("lighthouse")
def _lighthouse(p: Palette, c: str) -> str:
    return (
        f'<polygon points="-60,-42 -8,-36 -8,-30 -60,-22" fill="{p.light}" opacity="0.35"/>'
        f'<polygon points="60,-44 8,-36 8,-30 60,-20" fill="{p.light}" opacity="0.35"/>'
        f'<path d="M-13,50 L-9,-28 L9,-28 L13,50 Z" fill="#f4f1ea"/>'
        f'<path d="M-12,30 L12,30 L11.5,18 L-11.5,18 Z M-10.5,0 L10.5,0 L10,-10 L-10,-10 Z" fill="{c or p.accent}"/>'
        f'<rect x="-8" y="-40" width="16" height="12" fill="{p.light}" filter="url(#G)"/>'
        f'<polygon points="-11,-40 0,-52 11,-40" fill="{c or p.accent}"/>'
    )


@motif("boat")
def _boat(p: Palette, c: str) -> str:
    return (
        f'<path d="M-45,10 L45,10 L32,28 L-32,28 Z" fill="{c or p.ink}"/>'
        '<rect x="-1.5" y="-45" width="3" height="55" fill="#6b4a2b"/>'
        f'<path d="M2,-42 L36,4 L2,4 Z" fill="{p.light}"/><path d="M-2,-30 L-26,4 L-2,4 Z" fill="{p.light}" opacity="0.8"/>'
    )


@motif("paperboat")
def _paperboat(p: Palette, c: str) -> str:
    col = c or "#fdfbf3"
    return (
        f'<path d="M-45,0 L45,0 L30,22 L-30,22 Z" fill="{col}"/>'
        f'<path d="M-22,0 L0,-34 L22,0 Z" fill="{col}" opacity="0.85"/>'
        '<path d="M0,-34 L0,0" stroke="#000" stroke-opacity="0.15"/>'
    )


@motif("balloon")
def _balloon(p: Palette, c: str) -> str:
    col = c or p.accent
    return (
        f'<path d="M0,-50 C30,-50 34,-18 14,6 L8,14 L-8,14 L-14,6 C-34,-18 -30,-50 0,-50 Z" fill="{col}"/>'
        f'<path d="M0,-50 C10,-40 10,-10 4,14 L-4,14 C-10,-10 -10,-40 0,-50 Z" fill="{p.light}" opacity="0.45"/>'
        f'<path d="M-7,14 L-6,30 M7,14 L6,30" stroke="{p.ink}" stroke-width="1.2"/>'
        '<rect x="-8" y="28" width="16" height="12" rx="2" fill="#7a5230"/>'
    )


@motif("key")
def _key(p: Palette, c: str) -> str:
    col = c or "#f2c94c"
    return (
        f'<circle cx="-28" cy="0" r="16" fill="none" stroke="{col}" stroke-width="7" filter="url(#G)"/>'
        f'<rect x="-12" y="-4" width="60" height="8" rx="2" fill="{col}"/>'
        f'<rect x="30" y="4" width="6" height="14" fill="{col}"/><rect x="40" y="4" width="6" height="10" fill="{col}"/>'
    )


@motif("clock")
def _clock(p: Palette, c: str) -> str:
    ticks = "".join(
        f'<rect x="-1.5" y="-40" width="3" height="8" fill="{p.ink}" transform="rotate({a})"/>'
        for a in range(0, 360, 30)
    )
    return (
        f'<circle r="46" fill="{c or "#f5ecd7"}" stroke="{p.accent}" stroke-width="5"/>{ticks}'
        f'<rect x="-2" y="-30" width="4" height="32" rx="2" fill="{p.ink}" transform="rotate(-40)"/>'
        f'<rect x="-1.5" y="-22" width="3" height="24" rx="1.5" fill="{p.accent}" transform="rotate(75)"/>'
        f'<circle r="4" fill="{p.ink}"/>'
    )


@motif("meltclock")
def _meltclock(p: Palette, c: str) -> str:
    return (
        f'<path d="M-45,-20 C-45,-45 45,-45 45,-20 C45,0 30,10 25,40 C22,55 12,55 10,35 C6,10 -20,15 -40,5 C-48,0 -46,-10 -45,-20 Z" fill="{c or "#f5ecd7"}" stroke="{p.accent}" stroke-width="3"/>'
        f'<path d="M0,-22 L-2,-38 M0,-22 L18,-14" stroke="{p.ink}" stroke-width="3" stroke-linecap="round"/>'
    )


@motif("hourglass")
def _hourglass(p: Palette, c: str) -> str:
    sand = c or "#f2c94c"
    return (
        '<rect x="-30" y="-50" width="60" height="7" rx="2" fill="#7a5230"/><rect x="-30" y="43" width="60" height="7" rx="2" fill="#7a5230"/>'
        '<path d="M-24,-43 L24,-43 C24,-15 4,-8 4,0 C4,8 24,15 24,43 L-24,43 C-24,15 -4,8 -4,0 C-4,-8 -24,-15 -24,-43 Z" fill="#dff3ff" fill-opacity="0.35" stroke="#dff3ff" stroke-width="1.5"/>'
        f'<path d="M-14,-22 L14,-22 L2,-4 L-2,-4 Z" fill="{sand}"/><path d="M-1,0 L1,0 L1,30 L-1,30 Z" fill="{sand}"/>'
        f'<path d="M-20,43 C-14,28 14,28 20,43 Z" fill="{sand}"/>'
    )


@motif("eye")
def _eye(p: Palette, c: str) -> str:
    return (
        '<path d="M-50,0 C-25,-32 25,-32 50,0 C25,32 -25,32 -50,0 Z" fill="#fbfbf6"/>'
        f'<circle r="18" fill="{c or p.accent}"/><circle r="8" fill="#0b0b14"/><circle cx="-5" cy="-6" r="4" fill="#fff"/>'
        f'<path d="M-50,0 C-25,-32 25,-32 50,0" fill="none" stroke="{p.ink}" stroke-width="3"/>'
    )


@motif("tree")
def _tree(p: Palette, c: str) -> str:
    crown = c or "#3f8f5a"
    return (
        f'<path d="M-9,50 C-5,30 -4,10 -3,-10 L3,-10 C4,10 5,30 9,50 Z" fill="{p.ink}"/>'
        f'<path d="M-3,6 L-16,-10 M3,0 L16,-14" stroke="{p.ink}" stroke-width="4" stroke-linecap="round"/>'
        f'<circle cx="0" cy="-22" r="26" fill="{crown}"/><circle cx="-20" cy="-8" r="17" fill="{crown}"/>'
        f'<circle cx="20" cy="-10" r="18" fill="{crown}"/><circle cx="-6" cy="-34" r="14" fill="{p.light}" opacity="0.15"/>'
    )


@motif("deadtree")
def _deadtree(p: Palette, c: str) -> str:
    col = c or p.ink
    return (
        f'<path d="M0,50 L0,-5 M0,10 L-22,-20 L-30,-40 M-22,-20 L-8,-42 M0,-5 L18,-30 L14,-48 M18,-30 L36,-36 M0,25 L20,10" '
        f'stroke="{col}" stroke-width="5" fill="none" stroke-linecap="round"/>'
    )


@motif("flower")
def _flower(p: Palette, c: str) -> str:
    col = c or p.accent
    petals = "".join(
        f'<ellipse cx="0" cy="-14" rx="8" ry="14" fill="{col}" transform="rotate({a} 0 -20)"/>'
        for a in range(0, 360, 60)
    )
    return (
        f'<path d="M0,50 C-4,20 4,10 0,-20" stroke="#4c8c4a" stroke-width="4" fill="none"/>'
        f'<ellipse cx="-10" cy="22" rx="10" ry="4" fill="#4c8c4a" transform="rotate(-30 -10 22)"/>'
        f'<g transform="translate(0,-6)">{petals}<circle cx="0" cy="-20" r="7" fill="#ffd54a"/></g>'
    )


@motif("mountain")
def _mountain(p: Palette, c: str) -> str:
    return (
        f'<polygon points="-60,50 -10,-45 50,50" fill="{c or p.ground2}"/>'
        '<polygon points="-10,-45 -24,-18 -14,-22 -6,-14 2,-24 6,-30" fill="#fff" opacity="0.85"/>'
        f'<polygon points="10,50 40,-5 70,50" fill="{c or p.ground2}" opacity="0.8"/>'
    )


@motif("island")
def _island(p: Palette, c: str) -> str:
    return (
        f'<ellipse cx="0" cy="20" rx="50" ry="14" fill="{c or "#d9b36c"}"/>'
        '<path d="M2,16 C4,-6 0,-20 -4,-34" stroke="#6b4a2b" stroke-width="4" fill="none"/>'
        '<path d="M-4,-34 C-20,-40 -30,-30 -34,-22 M-4,-34 C10,-44 22,-36 26,-28 M-4,-34 C-10,-50 6,-52 10,-50" '
        'stroke="#3f8f5a" stroke-width="6" fill="none" stroke-linecap="round"/>'
    )


@motif("bridge")
def _bridge(p: Palette, c: str) -> str:
    col = c or p.ink
    return (
        f'<path d="M-60,0 L60,0 L60,8 L-60,8 Z" fill="{col}"/>'
        f'<path d="M-50,50 L-50,8 C-30,-10 30,-10 50,8 L50,50 L36,50 C36,22 -36,22 -36,50 Z" fill="{col}" opacity="0.9"/>'
    )


@motif("whale")
def _whale(p: Palette, c: str) -> str:
    col = c or "#3d5a80"
    return (
        f'<path d="M-50,0 C-48,-26 10,-30 34,-10 C42,-4 46,-12 56,-24 C54,-8 54,4 58,18 C48,8 42,6 36,10 C14,30 -40,30 -50,0 Z" fill="{col}"/>'
        '<path d="M-46,8 C-30,22 10,24 30,12 C10,16 -30,16 -46,8 Z" fill="#fff" opacity="0.35"/>'
        '<circle cx="-34" cy="-4" r="2.5" fill="#0b0b14"/>'
        '<path d="M-20,-24 C-24,-36 -30,-40 -34,-44 M-20,-24 C-18,-36 -14,-42 -8,-46" stroke="#cfe8ff" stroke-width="2" fill="none"/>'
    )


@motif("fish")
def _fish(p: Palette, c: str) -> str:
    col = c or p.accent
    return (
        f'<path d="M-40,0 C-20,-22 20,-22 30,0 C20,22 -20,22 -40,0 Z" fill="{col}"/>'
        f'<path d="M28,0 L50,-18 L46,0 L50,18 Z" fill="{col}"/><circle cx="-24" cy="-4" r="3" fill="#0b0b14"/>'
        '<path d="M-6,-14 C0,-4 0,4 -6,14" stroke="#fff" stroke-opacity="0.4" stroke-width="2" fill="none"/>'
    )


@motif("bird")
def _bird(p: Palette, c: str) -> str:
    return f'<path d="M-45,-8 C-25,-28 -8,-20 0,4 C8,-20 25,-28 45,-8 C25,-14 10,-6 0,14 C-10,-6 -25,-14 -45,-8 Z" fill="{c or p.ink}"/>'


@motif("cloud")
def _cloud(p: Palette, c: str) -> str:
    col = c or "#ffffff"
    return (
        f'<g fill="{col}" opacity="0.92"><circle cx="-22" cy="6" r="18"/><circle cx="0" cy="-6" r="24"/>'
        '<circle cx="24" cy="4" r="18"/><rect x="-40" y="4" width="80" height="20" rx="10"/></g>'
    )


@motif("raincloud")
def _raincloud(p: Palette, c: str) -> str:
    drops = "".join(
        f'<path d="M{x},{30 + (x * 7) % 14} l-3,10" stroke="#bfe3ff" stroke-width="2" stroke-linecap="round"/>'
        for x in range(-30, 36, 10)
    )
    return _cloud(p, c or "#b7c2cf") + drops


@motif("candle")
def _candle(p: Palette, c: str) -> str:
    return (
        f'<ellipse cx="0" cy="-40" rx="30" ry="30" fill="{p.light}" opacity="0.18" filter="url(#G)"/>'
        f'<rect x="-10" y="-20" width="20" height="70" rx="2" fill="{c or "#f4efe1"}"/>'
        '<path d="M0,-48 C8,-36 6,-26 0,-24 C-6,-26 -8,-36 0,-48 Z" fill="#ffb347" filter="url(#G)"/>'
        '<path d="M0,-20 L0,-25" stroke="#222" stroke-width="1.5"/>'
    )


@motif("window")
def _window(p: Palette, c: str) -> str:
    col = c or p.ink
    return (
        f'<rect x="-32" y="-45" width="64" height="90" rx="30" fill="{p.light}" opacity="0.9" filter="url(#G)"/>'
        f'<path d="M-32,-15 A32,32 0 0 1 32,-15 L32,45 L-32,45 Z" fill="none" stroke="{col}" stroke-width="6"/>'
        f'<path d="M0,-45 L0,45 M-32,10 L32,10" stroke="{col}" stroke-width="4"/>'
    )


@motif("mirror")
def _mirror(p: Palette, c: str) -> str:
    return (
        f'<ellipse rx="30" ry="44" fill="{c or "#c9a227"}"/>'
        f'<ellipse rx="24" ry="38" fill="{p.bottom}"/>'
        f'<ellipse rx="24" ry="38" fill="{p.light}" opacity="0.35"/>'
        '<path d="M-12,-22 L4,-34 M-14,-10 L10,-28" stroke="#fff" stroke-width="3" opacity="0.7"/>'
    )


@motif("cage")
def _cage(p: Palette, c: str) -> str:
    col = c or "#d4af37"
    bars = "".join(f'<path d="M{x},-28 L{x},40" stroke="{col}" stroke-width="2"/>' for x in range(-24, 26, 8))
    return (
        f'<path d="M-28,-20 C-28,-50 28,-50 28,-20" fill="none" stroke="{col}" stroke-width="3"/>{bars}'
        f'<rect x="-30" y="38" width="60" height="6" fill="{col}"/><circle cx="0" cy="-48" r="4" fill="none" stroke="{col}" stroke-width="2"/>'
    )


@motif("umbrella")
def _umbrella(p: Palette, c: str) -> str:
    return (
        f'<path d="M-45,0 C-45,-40 45,-40 45,0 C38,-8 30,-8 22,0 C16,-8 6,-8 0,0 C-6,-8 -16,-8 -22,0 C-30,-8 -38,-8 -45,0 Z" fill="{c or p.accent}"/>'
        '<path d="M0,-2 L0,40 C0,48 -10,48 -10,40" stroke="#3a2a1a" stroke-width="3" fill="none"/>'
    )


@motif("spiral")
def _spiral(p: Palette, c: str) -> str:
    pts = []
    for i in range(120):
        a = i * 0.22
        r = 2 + i * 0.38
        pts.append(f"{math.cos(a) * r:.1f},{math.sin(a) * r:.1f}")
    return f'<polyline points="{" ".join(pts)}" fill="none" stroke="{c or p.light}" stroke-width="3" stroke-linecap="round" filter="url(#G)"/>'


@motif("planet")
def _planet(p: Palette, c: str) -> str:
    col = c or "#e8a87c"
    return (
        '<ellipse rx="50" ry="12" fill="none" stroke="#f3e0b5" stroke-width="4" transform="rotate(-18)"/>'
        f'<circle r="26" fill="{col}"/><path d="M-24,-6 C-8,-2 8,-10 25,-4" stroke="#fff" stroke-opacity="0.3" stroke-width="4" fill="none"/>'
        '<path d="M-47,10 C-30,20 30,4 47,-10" stroke="#f3e0b5" stroke-width="4" fill="none" transform="rotate(-18)"/>'
    )


@motif("heart")
def _heart(p: Palette, c: str) -> str:
    return (
        f'<path d="M0,40 C-50,5 -40,-40 0,-18 C40,-40 50,5 0,40 Z" fill="{c or "#e84a5f"}" filter="url(#G)"/>'
    )


@motif("feather")
def _feather(p: Palette, c: str) -> str:
    col = c or "#f7f3ea"
    return (
        f'<path d="M0,50 C-2,10 -26,-10 -6,-50 C18,-20 14,20 0,50 Z" fill="{col}"/>'
        '<path d="M0,50 C-2,10 -6,-20 -6,-50" stroke="#8a7f6a" stroke-width="1.5" fill="none"/>'
    )


@motif("crown")
def _crown(p: Palette, c: str) -> str:
    col = c or "#f2c94c"
    return (
        f'<path d="M-40,20 L-44,-20 L-20,0 L0,-30 L20,0 L44,-20 L40,20 Z" fill="{col}" filter="url(#G)"/>'
        f'<rect x="-40" y="20" width="80" height="10" fill="{col}"/><circle cx="0" cy="8" r="5" fill="{p.accent}"/>'
    )


@motif("book")
def _book(p: Palette, c: str) -> str:
    return (
        f'<path d="M0,-16 C-16,-28 -40,-28 -50,-22 L-50,26 C-40,20 -16,20 0,32 C16,20 40,20 50,26 L50,-22 C40,-28 16,-28 0,-16 Z" fill="{c or "#f7f0dc"}"/>'
        '<path d="M0,-16 L0,32" stroke="#b9a98a" stroke-width="1.5"/>'
        '<path d="M-40,-10 L-10,-6 M-40,0 L-10,4 M10,-6 L40,-10 M10,4 L40,0" stroke="#b9a98a" stroke-width="1.5"/>'
    )


@motif("mask")
def _mask(p: Palette, c: str) -> str:
    return (
        f'<path d="M-45,-16 C-20,-26 20,-26 45,-16 C46,6 30,22 14,18 C6,14 4,6 0,6 C-4,6 -6,14 -14,18 C-30,22 -46,6 -45,-16 Z" fill="{c or p.accent}"/>'
        f'<ellipse cx="-20" cy="-4" rx="9" ry="6" fill="{p.top}"/><ellipse cx="20" cy="-4" rx="9" ry="6" fill="{p.top}"/>'
        '<path d="M45,-16 C55,-30 60,-44 50,-50" stroke="#f2c94c" stroke-width="2" fill="none"/>'
    )


@motif("mushroom")
def _mushroom(p: Palette, c: str) -> str:
    return (
        '<path d="M-10,50 C-12,20 -8,0 -10,-6 L10,-6 C8,0 12,20 10,50 Z" fill="#f4ead5"/>'
        f'<path d="M-45,-4 C-44,-44 44,-44 45,-4 Z" fill="{c or "#d8433b"}"/>'
        '<circle cx="-20" cy="-20" r="5" fill="#fff"/><circle cx="6" cy="-30" r="6" fill="#fff"/><circle cx="26" cy="-14" r="4" fill="#fff"/>'
    )


@motif("egg")
def _egg(p: Palette, c: str) -> str:
    return (
        f'<ellipse rx="30" ry="40" fill="{c or "#fbf5e6"}" filter="url(#G)"/>'
        '<path d="M-30,0 L-18,-8 L-8,4 L4,-8 L14,4 L24,-6 L30,2" stroke="#8a7f6a" stroke-width="1.5" fill="none"/>'
    )


@motif("bottle")
def _bottle(p: Palette, c: str) -> str:
    return (
        f'<path d="M-8,-48 L8,-48 L8,-30 C22,-22 22,-10 22,0 L22,44 L-22,44 L-22,0 C-22,-10 -22,-22 -8,-30 Z" fill="{c or "#7fd1c7"}" fill-opacity="0.55" stroke="#dff8f4" stroke-width="2"/>'
        '<rect x="-7" y="-54" width="14" height="8" fill="#a67c52"/>'
        '<path d="M-12,4 L12,0 L12,28 L-12,32 Z" fill="#f7f0dc"/>'
    )


@motif("shell")
def _shell(p: Palette, c: str) -> str:
    col = c or "#f7c6b5"
    ribs = "".join(
        f'<path d="M0,30 L{math.cos(math.radians(a)) * 44:.1f},{math.sin(math.radians(a)) * 44 + 10:.1f}" stroke="#c98a7a" stroke-width="1.5"/>'
        for a in range(200, 345, 20)
    )
    return f'<path d="M-44,10 C-40,-40 40,-40 44,10 L0,30 Z" fill="{col}"/>{ribs}'


@motif("snail")
def _snail(p: Palette, c: str) -> str:
    return (
        '<path d="M-46,30 C-40,18 30,18 46,30 Z" fill="#c9b48a"/>'
        '<path d="M-40,22 C-50,10 -44,-6 -40,-14 M-34,20 C-38,6 -32,-6 -28,-12" stroke="#c9b48a" stroke-width="3" fill="none"/>'
        f'<circle cx="8" cy="0" r="26" fill="{c or "#c76b3a"}"/>'
    ) + _spiral_small("#f3d9b1")


def _spiral_small(color: str) -> str:
    pts = []
    for i in range(60):
        a = i * 0.3
        r = 1 + i * 0.36
        pts.append(f"{8 + math.cos(a) * r:.1f},{math.sin(a) * r:.1f}")
    return f'<polyline points="{" ".join(pts)}" fill="none" stroke="{color}" stroke-width="2.5"/>'


@motif("butterfly")
def _butterfly(p: Palette, c: str) -> str:
    col = c or p.accent
    return (
        f'<path d="M0,0 C-20,-40 -50,-36 -44,-8 C-40,8 -16,6 0,0 Z M0,0 C20,-40 50,-36 44,-8 C40,8 16,6 0,0 Z" fill="{col}"/>'
        f'<path d="M0,2 C-14,10 -34,30 -20,36 C-10,40 -4,20 0,2 Z M0,2 C14,10 34,30 20,36 C10,40 4,20 0,2 Z" fill="{col}" opacity="0.8"/>'
        f'<rect x="-2" y="-16" width="4" height="34" rx="2" fill="{p.ink}"/>'
        '<circle cx="-24" cy="-16" r="5" fill="#fff" opacity="0.6"/><circle cx="24" cy="-16" r="5" fill="#fff" opacity="0.6"/>'
    )


@motif("cat")
def _cat(p: Palette, c: str) -> str:
    col = c or p.ink
    return (
        f'<path d="M-20,50 C-30,20 -26,0 -16,-12 L-20,-40 L-6,-26 L6,-26 L20,-40 L16,-12 C26,0 30,20 20,50 Z" fill="{col}"/>'
        f'<path d="M20,46 C40,46 46,30 40,14" stroke="{col}" stroke-width="6" fill="none" stroke-linecap="round"/>'
        '<ellipse cx="-8" cy="-16" rx="3" ry="4" fill="#ffe066"/><ellipse cx="8" cy="-16" rx="3" ry="4" fill="#ffe066"/>'
    )


@motif("owl")
def _owl(p: Palette, c: str) -> str:
    col = c or "#8a6a4a"
    return (
        f'<ellipse cx="0" cy="6" rx="28" ry="38" fill="{col}"/><path d="M-26,-20 L-22,-40 L-8,-28 L8,-28 L22,-40 L26,-20 Z" fill="{col}"/>'
        '<circle cx="-11" cy="-14" r="10" fill="#f7f0dc"/><circle cx="11" cy="-14" r="10" fill="#f7f0dc"/>'
        '<circle cx="-11" cy="-14" r="5" fill="#111"/><circle cx="11" cy="-14" r="5" fill="#111"/>'
        '<polygon points="-4,-4 4,-4 0,4" fill="#f2a93b"/><ellipse cx="0" cy="20" rx="16" ry="18" fill="#fff" opacity="0.2"/>'
    )


@motif("volcano")
def _volcano(p: Palette, c: str) -> str:
    return (
        f'<polygon points="-60,50 -14,-30 14,-30 60,50" fill="{c or p.ink}"/>'
        '<path d="M-14,-30 C-8,-20 -2,-10 -6,10 C0,0 6,-14 14,-30 Z" fill="#ff6b2b" filter="url(#G)"/>'
        '<g fill="#ffb347" filter="url(#G)"><circle cx="-6" cy="-44" r="5"/><circle cx="10" cy="-52" r="4"/><circle cx="0" cy="-60" r="3"/></g>'
    )


@motif("crystal")
def _crystal(p: Palette, c: str) -> str:
    col = c or "#9ff3ff"
    return (
        f'<polygon points="0,-50 18,-10 10,45 -10,45 -18,-10" fill="{col}" opacity="0.85" filter="url(#G)"/>'
        f'<polygon points="-20,-10 -32,10 -26,45 -12,45" fill="{col}" opacity="0.6"/>'
        f'<polygon points="20,-4 34,14 28,45 12,45" fill="{col}" opacity="0.6"/>'
        '<polygon points="0,-50 6,-8 0,45 -10,45 -18,-10" fill="#fff" opacity="0.25"/>'
    )


@motif("ghost")
def _ghost(p: Palette, c: str) -> str:
    return (
        f'<path d="M-30,40 L-30,-10 C-30,-50 30,-50 30,-10 L30,40 L20,30 L10,40 L0,30 L-10,40 L-20,30 Z" fill="{c or "#f4f7ff"}" opacity="0.85" filter="url(#G)"/>'
        '<ellipse cx="-10" cy="-12" rx="4" ry="6" fill="#1a1a2e"/><ellipse cx="10" cy="-12" rx="4" ry="6" fill="#1a1a2e"/>'
    )


@motif("nest")
def _nest(p: Palette, c: str) -> str:
    return (
        '<ellipse cx="-12" cy="-2" rx="10" ry="13" fill="#cfe6f5"/><ellipse cx="8" cy="-4" rx="10" ry="13" fill="#cfe6f5"/>'
        f'<path d="M-40,0 C-36,30 36,30 40,0 Z" fill="{c or "#8a6a3a"}"/>'
        '<path d="M-40,2 C-20,10 20,-6 40,4 M-36,12 C-10,4 10,18 34,10" stroke="#5a4020" stroke-width="2" fill="none"/>'
    )


@motif("kite")
def _kite(p: Palette, c: str) -> str:
    return (
        f'<polygon points="0,-45 26,-8 0,30 -26,-8" fill="{c or p.accent}"/>'
        '<path d="M0,-45 L0,30 M-26,-8 L26,-8" stroke="#fff" stroke-opacity="0.5" stroke-width="1.5"/>'
        f'<path d="M0,30 C10,40 -10,48 4,60" stroke="{p.ink}" stroke-width="1.5" fill="none"/>'
    )


@motif("paperplane")
def _paperplane(p: Palette, c: str) -> str:
    col = c or "#fdfbf3"
    return f'<polygon points="-45,0 45,-20 -10,10" fill="{col}"/><polygon points="-10,10 45,-20 0,24" fill="{col}" opacity="0.75"/>'


@motif("campfire")
def _campfire(p: Palette, c: str) -> str:
    return (
        '<ellipse cx="0" cy="0" rx="45" ry="40" fill="#ffb347" opacity="0.2" filter="url(#G)"/>'
        '<rect x="-30" y="30" width="60" height="8" rx="4" fill="#6b4a2b" transform="rotate(12)"/>'
        '<rect x="-30" y="30" width="60" height="8" rx="4" fill="#5a3a1f" transform="rotate(-12)"/>'
        '<path d="M0,-40 C20,-10 26,10 16,30 L-16,30 C-26,10 -18,-10 -6,-20 C-6,-8 0,-4 0,-40 Z" fill="#ff7b39" filter="url(#G)"/>'
        '<path d="M0,-6 C10,8 10,20 6,30 L-6,30 C-10,20 -8,8 0,-6 Z" fill="#ffe08a"/>'
    )


@motif("rainbow")
def _rainbow(p: Palette, c: str) -> str:
    colors = ["#ff6b6b", "#ffb347", "#ffe066", "#7bd389", "#6bb5ff", "#b28dff"]
    return "".join(
        f'<path d="M{-50 + i * 5},40 A{50 - i * 5},{50 - i * 5} 0 0 1 {50 - i * 5},40" fill="none" stroke="{col}" stroke-width="5.5" opacity="0.85"/>'
        for i, col in enumerate(colors)
    )


@motif("lantern")
def _lantern(p: Palette, c: str) -> str:
    return (
        '<ellipse rx="34" ry="34" fill="#ffd36e" opacity="0.2" filter="url(#G)"/>'
        '<path d="M0,-50 L0,-32" stroke="#333" stroke-width="2"/>'
        f'<path d="M-16,-32 L16,-32 L20,30 L-20,30 Z" fill="{c or "#ffcf6b"}" filter="url(#G)"/>'
        '<rect x="-20" y="-36" width="40" height="6" fill="#3a2a1a"/><rect x="-22" y="30" width="44" height="6" fill="#3a2a1a"/>'
    )


@motif("chair")
def _chair(p: Palette, c: str) -> str:
    col = c or "#b5651d"
    return (
        f'<rect x="-24" y="-50" width="6" height="100" fill="{col}"/><rect x="18" y="0" width="6" height="50" fill="{col}"/>'
        f'<rect x="-24" y="-4" width="48" height="8" fill="{col}"/><rect x="-24" y="-50" width="40" height="6" fill="{col}" transform="rotate(4)"/>'
        f'<rect x="-20" y="4" width="5" height="46" fill="{col}"/>'
    )


@motif("teacup")
def _teacup(p: Palette, c: str) -> str:
    return (
        '<ellipse cx="0" cy="30" rx="44" ry="8" fill="#e9e4da"/>'
        f'<path d="M-30,-10 L30,-10 C30,20 16,30 0,30 C-16,30 -30,20 -30,-10 Z" fill="{c or "#fdfbf3"}"/>'
        '<path d="M30,-2 C46,-4 46,16 26,16" stroke="#fdfbf3" stroke-width="5" fill="none"/>'
        '<ellipse cx="0" cy="-10" rx="30" ry="6" fill="#8a5a3a"/>'
        '<path d="M-8,-20 C-14,-30 -2,-36 -8,-48 M8,-20 C2,-30 14,-36 8,-48" stroke="#fff" stroke-opacity="0.6" stroke-width="2" fill="none"/>'
    )


@motif("hand")
def _hand(p: Palette, c: str) -> str:
    col = c or "#f1c7a8"
    return (
        f'<path d="M-22,50 L-22,0 L-30,-14 C-34,-22 -24,-26 -20,-18 L-14,-8 L-14,-40 C-14,-48 -4,-48 -4,-40 L-4,-14 '
        f'L-4,-48 C-4,-56 6,-56 6,-48 L6,-14 L6,-42 C6,-50 16,-50 16,-42 L16,-10 L16,-32 C16,-40 26,-40 26,-32 L26,10 C26,30 18,40 18,50 Z" fill="{col}"/>'
    )


@motif("anchor")
def _anchor(p: Palette, c: str) -> str:
    col = c or "#c9d6e3"
    return (
        f'<circle cx="0" cy="-40" r="8" fill="none" stroke="{col}" stroke-width="5"/>'
        f'<path d="M0,-32 L0,40 M-20,-18 L20,-18 M-38,10 C-34,36 34,36 38,10" stroke="{col}" stroke-width="6" fill="none" stroke-linecap="round"/>'
        f'<polygon points="-44,16 -38,4 -30,16" fill="{col}"/><polygon points="44,16 38,4 30,16" fill="{col}"/>'
    )


@motif("compass")
def _compass(p: Palette, c: str) -> str:
    return (
        f'<circle r="44" fill="#f5ecd7" stroke="{c or "#c9a227"}" stroke-width="6"/>'
        '<polygon points="0,-36 8,0 0,36 -8,0" fill="#d94f4f"/><polygon points="0,0 8,0 0,36 -8,0" fill="#3b4a63"/>'
        '<polygon points="-30,0 0,-5 30,0 0,5" fill="#8a7f6a" opacity="0.5"/><circle r="4" fill="#333"/>'
    )


@motif("letter")
def _letter(p: Palette, c: str) -> str:
    return (
        f'<rect x="-40" y="-26" width="80" height="52" rx="3" fill="{c or "#fbf5e6"}"/>'
        '<path d="M-40,-26 L0,6 L40,-26" stroke="#b9a98a" stroke-width="2" fill="none"/>'
        '<circle cx="0" cy="6" r="7" fill="#c0392b"/>'
    )


@motif("footprints")
def _footprints(p: Palette, c: str) -> str:
    col = c or p.ink
    return "".join(
        f'<ellipse cx="{(-8 if i % 2 else 8) + i * 2}" cy="{44 - i * 16}" rx="5" ry="8" fill="{col}" opacity="{0.9 - i * 0.12:.2f}"/>'
        for i in range(6)
    )


@motif("question")
def _question(p: Palette, c: str) -> str:
    return (
        f'<path d="M-20,-20 C-20,-50 24,-50 24,-22 C24,-4 2,-2 2,18" stroke="{c or p.light}" stroke-width="10" fill="none" stroke-linecap="round" filter="url(#G)"/>'
        f'<circle cx="2" cy="38" r="7" fill="{c or p.light}"/>'
    )


@motif("rocket")
def _rocket(p: Palette, c: str) -> str:
    return (
        '<path d="M0,-50 C18,-30 18,10 12,30 L-12,30 C-18,10 -18,-30 0,-50 Z" fill="#eef2f7"/>'
        f'<circle cx="0" cy="-12" r="7" fill="{c or p.accent}"/><path d="M-12,12 L-24,36 L-10,30 Z M12,12 L24,36 L10,30 Z" fill="{c or p.accent}"/>'
        '<path d="M-8,30 C-8,46 0,56 0,56 C0,56 8,46 8,30 Z" fill="#ffb347" filter="url(#G)"/>'
    )


@motif("chess")
def _chess(p: Palette, c: str) -> str:
    col = c or p.ink
    return (
        f'<circle cx="0" cy="-36" r="10" fill="{col}"/><path d="M-8,-26 L8,-26 L12,30 L-12,30 Z" fill="{col}"/>'
        f'<rect x="-22" y="30" width="44" height="10" rx="3" fill="{col}"/>'
    )


@motif("wave")
def _wave(p: Palette, c: str) -> str:
    col = c or "#5fb8d9"
    return (
        f'<path d="M-60,50 C-60,0 -20,-40 20,-40 C50,-40 56,-10 36,-4 C20,0 12,-20 24,-26 C0,-22 -10,10 10,50 Z" fill="{col}"/>'
        '<path d="M20,-40 C50,-40 56,-10 36,-4" stroke="#fff" stroke-width="4" fill="none" opacity="0.8"/>'
    )


@motif("ship")
def _ship(p: Palette, c: str) -> str:
    col = c or "#5a3a1f"
    return (
        f'<path d="M-50,14 L50,14 L38,34 L-40,34 Z" fill="{col}"/>'
        '<rect x="-22" y="-44" width="3" height="58" fill="#3a2a1a"/><rect x="14" y="-36" width="3" height="50" fill="#3a2a1a"/>'
        '<path d="M-18,-40 C-4,-30 -4,-4 -18,6 Z M18,-32 C30,-24 30,-2 18,6 Z" fill="#efe6d2"/>'
        '<path d="M-20,-44 L-32,-48 L-20,-50 Z" fill="#c0392b"/>'
    )


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
                f'<g transform="translate({x},{y}) scale({s})" opacity="{op:.2f}">{_cloud(p, "#ffffff")}</g>'
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


@functools.lru_cache(maxsize=256)
def picture_svg(card_id: int) -> str:
    """A self-contained SVG of one of our pictures (no scripts, no external references)."""
    deck = pictures()
    if not 0 <= card_id < len(deck):
        raise IndexError(f"no picture {card_id} in our deck (ids 0..{len(deck) - 1})")
    card = deck[card_id]
    p = PALETTES[card.bg]
    uid = f"s{card_id}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-label="Stella {card_id}">',
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
    parts.extend(_ambient(a, card_id, p) for a in behind)
    items = [i for i in card.items if i.y < 0]  # negative y: behind the ground
    parts.extend(_item(i, p) for i in items)
    parts.append(_ground(card.ground, card_id, p, uid))
    parts.extend(_item(i, p) for i in card.items if i.y >= 0)
    parts.extend(_ambient(a, card_id, p) for a in front)
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
    return f'<g transform="translate({item.x:g},{y:g}){turn} scale({item.scale:g})">{draw(p, item.color)}</g>'


def contact_sheet() -> str:
    """An HTML page showing every picture with its id and tags."""
    cells = []
    for card in pictures():
        tags = html.escape(", ".join(card.tags_en)) + "<br>" + html.escape(", ".join(card.tags_de))
        cells.append(
            f"<figure>{picture_svg(card.id)}<figcaption><b>{card.id}</b> {tags}</figcaption></figure>"
        )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stella pictures</title>'
        "<style>body{background:#1b1b24;color:#ddd;font:11px sans-serif;margin:8px}"
        "main{display:grid;grid-template-columns:repeat(auto-fill,160px);gap:8px}"
        "figure{margin:0}svg{width:160px;height:240px;display:block}figcaption{padding:2px}</style></head>"
        f"<body><h1>Stella: {len(cells)} pictures</h1><main>{''.join(cells)}</main></body></html>"
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 2 and args[0] == "contact-sheet":
        Path(args[1]).write_text(contact_sheet(), encoding="utf-8")
        print(f"wrote {len(pictures())} pictures to {args[1]}")
        return 0
    if len(args) == 2 and args[0] == "svg":
        print(picture_svg(int(args[1])))
        return 0
    if len(args) == 1 and args[0] == "tags":
        print(json.dumps({c.id: c.tags_en for c in pictures()}, indent=1))
        return 0
    print(
        "usage: python -m tischrunde.games.stella_art contact-sheet OUT.html | svg ID | tags", file=sys.stderr
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
