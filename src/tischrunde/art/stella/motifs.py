"""The drawing library of Stella's pictures: palettes and motifs, each a small SVG drawing function.

A motif draws itself in a local box of about -50..50 centred on (0, 0) (its foot near y = 50), in the colours
of a palette; ``c`` overrides its main colour. ``MOTIF_INFO`` (in ``library.py``) says what each motif is.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import msgspec

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
    "snow": Palette("#9fb3cf", "#f3f6fb", "#f7fbff", "#dde7f2", "#3b4a63", "#ffe08a", "#d94f6a"),
    "fire": Palette("#2e0909", "#ff7b39", "#240707", "#3d0e0b", "#160404", "#ffd36e", "#ffef9f"),
    "violet": Palette("#2b0c45", "#b2559a", "#220937", "#3a1552", "#16052a", "#ffd0f0", "#7ce0ff"),
    "mint": Palette("#8fd9c0", "#eef7d8", "#5fae8f", "#78c3a3", "#21483b", "#fff1a8", "#ff8aa1"),
    "storm": Palette("#1f2b38", "#6d7d8e", "#18222b", "#26333f", "#0c1117", "#f5f1c8", "#ffd23f"),
    "amber": Palette("#3e2208", "#f5c24c", "#2e1906", "#4a2a0c", "#1d0f03", "#fff1c4", "#c8432b"),
    "rose": Palette("#f7b2c4", "#fff0e6", "#e79cab", "#f2b8c2", "#6b2c44", "#ffe9a0", "#7a5cff"),
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


# --- creatures ---------------------------------------------------------------------------------------


@motif("fox")
def _fox(p: Palette, c: str) -> str:
    col = c or "#e07a2e"
    return (
        f'<path d="M-30,40 C-34,10 -20,-6 0,-6 C20,-6 30,10 26,40 Z" fill="{col}"/>'
        f'<path d="M24,34 C50,30 56,0 40,-14 C44,8 34,22 20,24 Z" fill="{col}"/><path d="M40,-14 C48,-4 48,4 44,8 L38,0 Z" fill="#fff"/>'
        f'<path d="M-20,-4 L-24,-40 L-8,-24 L8,-24 L24,-40 L20,-4 L0,14 Z" fill="{col}"/>'
        '<path d="M-12,0 L0,14 L12,0 L0,4 Z" fill="#fff"/><circle cx="-8" cy="-10" r="2.5" fill="#111"/>'
        '<circle cx="8" cy="-10" r="2.5" fill="#111"/><circle cx="0" cy="12" r="2.5" fill="#111"/>'
    )


@motif("rabbit")
def _rabbit(p: Palette, c: str) -> str:
    col = c or "#f2ece0"
    return (
        f'<ellipse cx="0" cy="26" rx="26" ry="24" fill="{col}"/><circle cx="0" cy="-8" r="16" fill="{col}"/>'
        f'<ellipse cx="-8" cy="-36" rx="5" ry="18" fill="{col}" transform="rotate(-10 -8 -36)"/>'
        f'<ellipse cx="8" cy="-36" rx="5" ry="18" fill="{col}" transform="rotate(12 8 -36)"/>'
        '<ellipse cx="8" cy="-36" rx="2" ry="12" fill="#f3a7b5" transform="rotate(12 8 -36)"/>'
        f'<circle cx="-6" cy="-10" r="2" fill="{p.ink}"/><circle cx="6" cy="-10" r="2" fill="{p.ink}"/><circle cx="24" cy="36" r="7" fill="#fff"/>'
    )


@motif("deer")
def _deer(p: Palette, c: str) -> str:
    col = c or "#a0673a"
    return (
        f'<path d="M-30,0 C-30,-12 24,-12 26,0 L24,12 C10,16 -20,16 -28,12 Z" fill="{col}"/>'
        f'<path d="M-26,10 L-28,48 M-16,12 L-16,48 M14,12 L14,48 M22,10 L24,48" stroke="{col}" stroke-width="4"/>'
        f'<path d="M18,-4 L26,-30 L36,-28 L30,-2 Z" fill="{col}"/><ellipse cx="34" cy="-30" rx="9" ry="6" fill="{col}"/>'
        f'<path d="M28,-34 L20,-52 M24,-44 L14,-48 M34,-34 L40,-54 M38,-46 L48,-50" stroke="{p.ink}" stroke-width="2.5" stroke-linecap="round"/>'
        '<circle cx="36" cy="-31" r="1.8" fill="#111"/>'
    )


@motif("jellyfish")
def _jellyfish(p: Palette, c: str) -> str:
    col = c or "#ff9ad5"
    legs = "".join(
        f'<path d="M{x},0 C{x - 8},16 {x + 8},30 {x},48" stroke="{col}" stroke-width="2" fill="none" opacity="0.8"/>'
        for x in range(-24, 28, 8)
    )
    return f'<path d="M-32,0 C-32,-44 32,-44 32,0 C20,6 -20,6 -32,0 Z" fill="{col}" opacity="0.85" filter="url(#G)"/>{legs}'


@motif("octopus")
def _octopus(p: Palette, c: str) -> str:
    col = c or "#c0506b"
    arms = "".join(
        f'<path d="M{x},0 C{x * 1.6},20 {x * 2.2},30 {x * 1.4},46" stroke="{col}" stroke-width="7" fill="none" stroke-linecap="round"/>'
        for x in (-18, -10, -3, 4, 11, 18)
    )
    return (
        f'{arms}<ellipse cx="0" cy="-16" rx="28" ry="30" fill="{col}"/>'
        '<circle cx="-10" cy="-10" r="6" fill="#fff"/><circle cx="10" cy="-10" r="6" fill="#fff"/>'
        '<circle cx="-9" cy="-9" r="3" fill="#111"/><circle cx="11" cy="-9" r="3" fill="#111"/>'
    )


@motif("turtle")
def _turtle(p: Palette, c: str) -> str:
    col = c or "#4f8a4b"
    return (
        '<ellipse cx="-36" cy="18" rx="12" ry="9" fill="#9bbf6a"/>'
        '<rect x="-26" y="22" width="10" height="16" rx="4" fill="#9bbf6a"/><rect x="14" y="22" width="10" height="16" rx="4" fill="#9bbf6a"/>'
        f'<path d="M-30,26 C-30,-16 30,-16 30,26 Z" fill="{col}"/>'
        '<path d="M-14,24 L-10,4 L10,4 L14,24 M-10,4 L0,-8 L10,4" stroke="#2f5a2c" stroke-width="2" fill="none"/>'
        '<circle cx="-40" cy="15" r="2" fill="#111"/>'
    )


@motif("elephant")
def _elephant(p: Palette, c: str) -> str:
    col = c or "#8c96a8"
    return (
        f'<ellipse cx="4" cy="0" rx="40" ry="26" fill="{col}"/>'
        f'<rect x="-28" y="14" width="12" height="34" fill="{col}"/><rect x="18" y="14" width="12" height="34" fill="{col}"/>'
        f'<circle cx="-34" cy="-10" r="18" fill="{col}"/><path d="M-48,-4 C-56,14 -54,32 -44,40" stroke="{col}" stroke-width="9" fill="none" stroke-linecap="round"/>'
        '<ellipse cx="-24" cy="-10" rx="12" ry="16" fill="#000" opacity="0.12"/><circle cx="-40" cy="-14" r="2.5" fill="#111"/>'
    )


@motif("horse")
def _horse(p: Palette, c: str) -> str:
    col = c or "#f4f1ea"
    return (
        f'<ellipse cx="0" cy="4" rx="32" ry="16" fill="{col}"/>'
        f'<path d="M-26,12 L-30,48 M-14,14 L-12,48 M14,14 L12,48 M26,10 L32,46" stroke="{col}" stroke-width="6" stroke-linecap="round"/>'
        f'<path d="M22,-4 L34,-34 L48,-30 L36,2 Z" fill="{col}"/><path d="M34,-34 L52,-22 L48,-16 L40,-24 Z" fill="{col}"/>'
        f'<path d="M30,-30 C22,-20 20,-10 22,0" stroke="{p.accent}" stroke-width="5" fill="none"/>'
        f'<path d="M-32,0 C-44,4 -46,20 -40,30" stroke="{p.accent}" stroke-width="5" fill="none"/>'
    )


@motif("snake")
def _snake(p: Palette, c: str) -> str:
    col = c or "#5aa15a"
    return (
        f'<path d="M-44,40 C-20,20 20,50 36,26 C50,6 10,-6 -10,2 C-30,10 -20,-30 8,-30" stroke="{col}" stroke-width="10" fill="none" stroke-linecap="round"/>'
        f'<ellipse cx="14" cy="-32" rx="11" ry="7" fill="{col}"/><circle cx="18" cy="-35" r="2" fill="#111"/>'
        '<path d="M24,-32 L32,-32 L36,-36 M32,-32 L36,-28" stroke="#d94f4f" stroke-width="1.5" fill="none"/>'
    )


@motif("frog")
def _frog(p: Palette, c: str) -> str:
    col = c or "#6cbf4a"
    return (
        f'<ellipse cx="0" cy="20" rx="34" ry="22" fill="{col}"/><circle cx="-16" cy="-4" r="11" fill="{col}"/><circle cx="16" cy="-4" r="11" fill="{col}"/>'
        '<circle cx="-16" cy="-5" r="6" fill="#fff"/><circle cx="16" cy="-5" r="6" fill="#fff"/>'
        '<circle cx="-15" cy="-5" r="3" fill="#111"/><circle cx="17" cy="-5" r="3" fill="#111"/>'
        '<path d="M-18,22 C-6,30 6,30 18,22" stroke="#2f5a2c" stroke-width="2.5" fill="none"/>'
        f'<ellipse cx="-30" cy="40" rx="14" ry="6" fill="{col}"/><ellipse cx="30" cy="40" rx="14" ry="6" fill="{col}"/>'
    )


@motif("bee")
def _bee(p: Palette, c: str) -> str:
    return (
        '<ellipse cx="-8" cy="-22" rx="14" ry="20" fill="#eaf6ff" opacity="0.75" transform="rotate(-20 -8 -22)"/>'
        '<ellipse cx="10" cy="-22" rx="14" ry="20" fill="#eaf6ff" opacity="0.75" transform="rotate(20 10 -22)"/>'
        f'<ellipse cx="0" cy="4" rx="30" ry="20" fill="{c or "#f6c630"}"/>'
        '<path d="M-8,-15 L-8,23 M6,-16 L6,23 M18,-10 L18,18" stroke="#2a2012" stroke-width="6"/>'
        '<circle cx="-26" cy="0" r="3" fill="#111"/><path d="M30,4 L40,4" stroke="#2a2012" stroke-width="3"/>'
    )


@motif("spider")
def _spider(p: Palette, c: str) -> str:
    col = c or "#dfe6ee"
    web = "".join(
        f'<path d="M0,-10 L{math.cos(math.radians(a)) * 50:.1f},{math.sin(math.radians(a)) * 50 - 10:.1f}" stroke="{col}" stroke-width="1" opacity="0.7"/>'
        for a in range(0, 360, 45)
    )
    rings = "".join(
        f'<circle cy="-10" r="{r}" fill="none" stroke="{col}" stroke-width="1" opacity="0.6"/>'
        for r in (14, 26, 38)
    )
    return f'{web}{rings}<circle cx="0" cy="-4" r="7" fill="{p.ink}"/><circle cx="0" cy="-13" r="4" fill="{p.ink}"/>'


@motif("swan")
def _swan(p: Palette, c: str) -> str:
    col = c or "#ffffff"
    return (
        f'<path d="M-40,20 C-30,44 30,44 40,14 C20,22 0,20 -10,10 C-24,0 -40,6 -40,20 Z" fill="{col}"/>'
        f'<path d="M20,16 C22,-10 6,-20 10,-36 C14,-48 30,-44 28,-34" stroke="{col}" stroke-width="7" fill="none" stroke-linecap="round"/>'
        '<path d="M28,-36 L40,-32 L28,-30 Z" fill="#f2a93b"/><circle cx="22" cy="-38" r="1.8" fill="#111"/>'
    )


@motif("giraffe")
def _giraffe(p: Palette, c: str) -> str:
    col = c or "#e8b04a"
    return (
        f'<ellipse cx="-6" cy="10" rx="24" ry="13" fill="{col}"/>'
        f'<path d="M-24,16 L-26,50 M-14,18 L-14,50 M4,18 L4,50 M12,16 L14,50" stroke="{col}" stroke-width="5"/>'
        f'<path d="M10,6 L22,-40 L30,-38 L20,10 Z" fill="{col}"/><ellipse cx="30" cy="-44" rx="11" ry="6" fill="{col}"/>'
        '<path d="M24,-48 L22,-56 M30,-48 L30,-56" stroke="#8a5a2a" stroke-width="2.5"/>'
        '<g fill="#8a5a2a"><circle cx="-14" cy="6" r="4"/><circle cx="0" cy="12" r="3.5"/><circle cx="-2" cy="2" r="3"/>'
        '<circle cx="17" cy="-16" r="3"/><circle cx="20" cy="-30" r="2.5"/></g>'
    )


@motif("bear")
def _bear(p: Palette, c: str) -> str:
    col = c or "#7a5234"
    return (
        f'<ellipse cx="0" cy="22" rx="30" ry="28" fill="{col}"/><circle cx="0" cy="-18" r="20" fill="{col}"/>'
        f'<circle cx="-16" cy="-34" r="7" fill="{col}"/><circle cx="16" cy="-34" r="7" fill="{col}"/>'
        '<ellipse cx="0" cy="-10" rx="9" ry="7" fill="#d9b38c"/><circle cx="0" cy="-13" r="3" fill="#111"/>'
        '<circle cx="-8" cy="-22" r="2.2" fill="#111"/><circle cx="8" cy="-22" r="2.2" fill="#111"/>'
        '<ellipse cx="0" cy="26" rx="16" ry="16" fill="#d9b38c" opacity="0.5"/>'
    )


@motif("hedgehog")
def _hedgehog(p: Palette, c: str) -> str:
    col = c or "#6b4a2b"
    spikes = " ".join(
        f"{math.cos(math.radians(a)) * (40 if i % 2 else 30):.1f},{math.sin(math.radians(a)) * (34 if i % 2 else 24) + 24:.1f}"
        for i, a in enumerate(range(180, 361, 12))
    )
    return (
        f'<polygon points="{spikes}" fill="{col}"/><path d="M20,24 C34,10 46,22 44,32 C40,40 26,40 20,36 Z" fill="#d9b38c"/>'
        '<circle cx="44" cy="30" r="3" fill="#111"/><circle cx="34" cy="24" r="2" fill="#111"/>'
    )


@motif("seahorse")
def _seahorse(p: Palette, c: str) -> str:
    col = c or "#f2a93b"
    return (
        f'<path d="M0,-40 C20,-44 24,-24 10,-16 C24,-6 24,20 6,28 C-4,32 -4,44 8,44 C14,44 14,36 8,36" stroke="{col}" stroke-width="12" fill="none" stroke-linecap="round"/>'
        f'<path d="M0,-40 L-18,-34 L-16,-28 L2,-30 Z" fill="{col}"/><circle cx="4" cy="-36" r="2.5" fill="#111"/>'
        f'<path d="M-6,-20 L-14,-16 L-6,-8 M-2,0 L-12,6 L-2,12" stroke="{col}" stroke-width="3" fill="none"/>'
    )


@motif("mouse")
def _mouse(p: Palette, c: str) -> str:
    col = c or "#a9a9b5"
    return (
        f'<path d="M-30,40 C-30,10 20,0 30,30 L36,40 Z" fill="{col}"/>'
        f'<circle cx="-18" cy="14" r="10" fill="{col}"/><circle cx="-16" cy="12" r="5" fill="#f3a7b5"/>'
        f'<path d="M34,38 C50,40 54,20 44,14" stroke="{col}" stroke-width="2.5" fill="none"/>'
        '<circle cx="28" cy="30" r="2" fill="#111"/><circle cx="37" cy="38" r="2" fill="#f3a7b5"/>'
    )


@motif("dog")
def _dog(p: Palette, c: str) -> str:
    col = c or "#c98a4a"
    return (
        f'<ellipse cx="-4" cy="10" rx="30" ry="14" fill="{col}"/>'
        f'<path d="M-26,16 L-26,48 M-14,18 L-14,48 M10,18 L10,48 M20,16 L22,48" stroke="{col}" stroke-width="6" stroke-linecap="round"/>'
        f'<circle cx="28" cy="-10" r="14" fill="{col}"/><ellipse cx="40" cy="-4" rx="9" ry="6" fill="{col}"/>'
        f'<ellipse cx="20" cy="-8" rx="5" ry="12" fill="{p.ink}" opacity="0.5"/><circle cx="47" cy="-6" r="2.5" fill="#111"/>'
        f'<circle cx="30" cy="-14" r="2" fill="#111"/><path d="M-32,6 C-42,0 -44,-10 -40,-16" stroke="{col}" stroke-width="5" fill="none" stroke-linecap="round"/>'
    )


@motif("penguin")
def _penguin(p: Palette, c: str) -> str:
    return (
        f'<ellipse cx="0" cy="10" rx="24" ry="38" fill="{c or "#1c2230"}"/><ellipse cx="0" cy="16" rx="15" ry="28" fill="#fff"/>'
        '<circle cx="-6" cy="-16" r="2.5" fill="#fff"/><circle cx="6" cy="-16" r="2.5" fill="#fff"/>'
        '<polygon points="-5,-10 5,-10 0,-2" fill="#f2a93b"/><ellipse cx="-10" cy="48" rx="8" ry="3" fill="#f2a93b"/>'
        '<ellipse cx="10" cy="48" rx="8" ry="3" fill="#f2a93b"/>'
    )


@motif("crab")
def _crab(p: Palette, c: str) -> str:
    col = c or "#e0553a"
    return (
        f'<ellipse cx="0" cy="14" rx="30" ry="18" fill="{col}"/>'
        f'<path d="M-24,24 L-40,40 M-18,28 L-28,44 M24,24 L40,40 M18,28 L28,44" stroke="{col}" stroke-width="4"/>'
        f'<path d="M-26,6 L-38,-14 M26,6 L38,-14" stroke="{col}" stroke-width="5"/>'
        f'<path d="M-44,-14 C-48,-30 -30,-34 -32,-20 L-40,-22 Z M44,-14 C48,-30 30,-34 32,-20 L40,-22 Z" fill="{col}"/>'
        '<circle cx="-8" cy="0" r="3" fill="#111"/><circle cx="8" cy="0" r="3" fill="#111"/>'
    )


@motif("lion")
def _lion(p: Palette, c: str) -> str:
    mane = " ".join(
        f"{math.cos(math.radians(a)) * (36 if i % 2 else 26):.1f},{math.sin(math.radians(a)) * (36 if i % 2 else 26) - 6:.1f}"
        for i, a in enumerate(range(0, 360, 15))
    )
    return (
        f'<polygon points="{mane}" fill="{c or "#b5651d"}"/><circle cx="0" cy="-6" r="20" fill="#e8b04a"/>'
        '<circle cx="-7" cy="-10" r="2.5" fill="#111"/><circle cx="7" cy="-10" r="2.5" fill="#111"/>'
        '<path d="M-4,0 L4,0 L0,5 Z" fill="#5a3418"/><path d="M0,5 C-3,10 -8,10 -10,7 M0,5 C3,10 8,10 10,7" stroke="#5a3418" stroke-width="1.5" fill="none"/>'
        '<path d="M-18,30 L-18,50 M18,30 L18,50" stroke="#e8b04a" stroke-width="8"/>'
    )


@motif("dolphin")
def _dolphin(p: Palette, c: str) -> str:
    col = c or "#7fa6c9"
    return (
        f'<path d="M-46,10 C-30,-30 20,-34 40,-6 L52,-12 L46,2 L54,12 L38,6 C20,20 -20,26 -46,10 Z" fill="{col}"/>'
        f'<path d="M-2,-22 L8,-38 L12,-22 Z" fill="{col}"/><path d="M-40,12 C-20,18 10,14 30,6" stroke="#fff" stroke-opacity="0.4" stroke-width="4" fill="none"/>'
        '<circle cx="-30" cy="0" r="2.5" fill="#111"/><path d="M-46,10 L-54,12" stroke="#111" stroke-width="1.5"/>'
    )


# --- objects ----------------------------------------------------------------------------------------


@motif("piano")
def _piano(p: Palette, c: str) -> str:
    keys = "".join(f'<rect x="{-40 + i * 10}" y="0" width="9" height="14" fill="#fbfbf6"/>' for i in range(8))
    blacks = "".join(
        f'<rect x="{-33 + i * 10}" y="0" width="5" height="8" fill="#111"/>' for i in range(7) if i != 2
    )
    return (
        f'<path d="M-46,0 L-46,-36 C-46,-48 10,-48 30,-28 C40,-20 46,-10 46,0 Z" fill="{c or "#1c1c24"}"/>'
        f'<rect x="-46" y="0" width="92" height="16" fill="{c or "#1c1c24"}"/>{keys}{blacks}'
        f'<path d="M-40,16 L-40,48 M40,16 L40,48" stroke="{c or "#1c1c24"}" stroke-width="5"/>'
    )


@motif("violin")
def _violin(p: Palette, c: str) -> str:
    col = c or "#a0522d"
    return (
        f'<path d="M0,-14 C-26,-22 -26,2 -12,6 C-28,14 -28,44 0,44 C28,44 28,14 12,6 C26,2 26,-22 0,-14 Z" fill="{col}"/>'
        '<rect x="-3" y="-52" width="6" height="44" fill="#2a1a10"/><path d="M-3,-52 C-10,-56 -8,-62 0,-60" stroke="#2a1a10" stroke-width="3" fill="none"/>'
        '<path d="M-8,18 C-10,24 -10,28 -8,32 M8,18 C10,24 10,28 8,32" stroke="#2a1a10" stroke-width="2" fill="none"/>'
        '<path d="M-1.5,-40 L-1.5,38 M1.5,-40 L1.5,38" stroke="#f2e6c8" stroke-width="0.8"/>'
    )


@motif("bell")
def _bell(p: Palette, c: str) -> str:
    col = c or "#e0b23a"
    return (
        f'<path d="M-36,30 C-30,24 -28,10 -26,-10 C-24,-36 24,-36 26,-10 C28,10 30,24 36,30 Z" fill="{col}" filter="url(#G)"/>'
        f'<rect x="-40" y="28" width="80" height="6" rx="3" fill="{col}"/><circle cx="0" cy="40" r="7" fill="{col}"/>'
        '<path d="M-4,-34 C-4,-46 4,-46 4,-34" stroke="#7a5a1a" stroke-width="4" fill="none"/>'
        '<path d="M-16,-14 C-18,0 -18,14 -20,22" stroke="#fff" stroke-opacity="0.5" stroke-width="3" fill="none"/>'
    )


@motif("scissors")
def _scissors(p: Palette, c: str) -> str:
    col = c or "#c9d6e3"
    return (
        f'<path d="M-4,10 L30,-44 L34,-40 L4,14 Z M4,10 L-30,-44 L-34,-40 L-4,14 Z" fill="{col}"/>'
        f'<circle cx="-16" cy="30" r="12" fill="none" stroke="{c or p.accent}" stroke-width="6"/>'
        f'<circle cx="16" cy="30" r="12" fill="none" stroke="{c or p.accent}" stroke-width="6"/><circle cy="10" r="3" fill="#333"/>'
    )


@motif("telescope")
def _telescope(p: Palette, c: str) -> str:
    col = c or "#c9a227"
    return (
        f'<g transform="rotate(-30)"><rect x="-44" y="-8" width="40" height="14" fill="{col}"/>'
        f'<rect x="-6" y="-10" width="30" height="18" fill="{col}"/><rect x="22" y="-12" width="20" height="22" fill="{col}"/>'
        f'<rect x="40" y="-13" width="4" height="24" fill="{p.light}"/></g>'
        f'<path d="M-4,6 L-24,50 M-4,6 L16,50 M-4,6 L-4,50" stroke="{p.ink}" stroke-width="3"/>'
    )


@motif("bicycle")
def _bicycle(p: Palette, c: str) -> str:
    col = c or p.accent
    return (
        f'<circle cx="-28" cy="24" r="20" fill="none" stroke="{p.ink}" stroke-width="4"/>'
        f'<circle cx="28" cy="24" r="20" fill="none" stroke="{p.ink}" stroke-width="4"/>'
        f'<path d="M-28,24 L-8,-6 L20,-6 L28,24 M-8,-6 L2,24 L20,-6 M2,24 L-28,24 M-12,-14 L-2,-14 M20,-6 L16,-20 L26,-22" '
        f'stroke="{col}" stroke-width="4" fill="none" stroke-linejoin="round"/>'
    )


@motif("train")
def _train(p: Palette, c: str) -> str:
    col = c or "#c0392b"
    return (
        f'<rect x="-48" y="-16" width="52" height="40" rx="4" fill="{col}"/><rect x="4" y="-4" width="40" height="28" fill="{col}"/>'
        f'<rect x="26" y="-26" width="10" height="22" fill="{p.ink}"/><rect x="-42" y="-10" width="16" height="14" fill="{p.light}"/>'
        f'<rect x="-20" y="-10" width="16" height="14" fill="{p.light}"/>'
        f'<g fill="{p.ink}"><circle cx="-36" cy="30" r="9"/><circle cx="-12" cy="30" r="9"/><circle cx="24" cy="30" r="9"/></g>'
        '<g fill="#fff" opacity="0.6"><circle cx="31" cy="-34" r="6"/><circle cx="22" cy="-44" r="8"/><circle cx="8" cy="-52" r="10"/></g>'
    )


@motif("hat")
def _hat(p: Palette, c: str) -> str:
    col = c or "#1c1c24"
    return (
        f'<ellipse cx="0" cy="34" rx="46" ry="10" fill="{col}"/><path d="M-26,32 L-24,-34 C-10,-40 10,-40 24,-34 L26,32 Z" fill="{col}"/>'
        f'<rect x="-25" y="14" width="50" height="10" fill="{p.accent}"/>'
    )


@motif("shoe")
def _shoe(p: Palette, c: str) -> str:
    col = c or "#8a2f3a"
    return (
        f'<path d="M-40,30 L-40,-30 L-16,-30 L-14,4 C10,6 40,10 44,24 L44,34 L-40,34 Z" fill="{col}"/>'
        '<rect x="-42" y="32" width="88" height="6" rx="2" fill="#2a1a10"/>'
        '<path d="M-14,-20 L-4,-14 M-14,-10 L-4,-4 M-14,0 L-2,4" stroke="#f2e6c8" stroke-width="2"/>'
    )


@motif("ring")
def _ring(p: Palette, c: str) -> str:
    return (
        f'<ellipse cx="0" cy="14" rx="30" ry="30" fill="none" stroke="{c or "#f2c94c"}" stroke-width="8" filter="url(#G)"/>'
        '<polygon points="0,-16 -14,-30 -8,-42 8,-42 14,-30" fill="#bdf4ff" filter="url(#G)"/>'
        '<path d="M-14,-30 L14,-30 M0,-16 L-4,-30 L0,-42 M0,-16 L4,-30" stroke="#fff" stroke-width="1"/>'
    )


@motif("dice")
def _dice(p: Palette, c: str) -> str:
    dots = "".join(
        f'<circle cx="{x}" cy="{y}" r="4.5" fill="{p.ink}"/>' for x, y in ((-22, -4), (-15, 9), (-8, 22))
    )
    return (
        f'<polygon points="-30,-20 0,-34 30,-20 0,-6" fill="#fff"/><polygon points="-30,-20 0,-6 0,40 -30,26" fill="{c or "#f2ece0"}"/>'
        f'<polygon points="30,-20 0,-6 0,40 30,26" fill="#d9d2c3"/>{dots}<circle cx="0" cy="-20" r="4.5" fill="{p.accent}"/>'
        f'<circle cx="10" cy="6" r="4" fill="{p.ink}"/><circle cx="20" cy="20" r="4" fill="{p.ink}"/>'
    )


@motif("card")
def _card(p: Palette, c: str) -> str:
    return (
        '<rect x="-28" y="-42" width="56" height="84" rx="5" fill="#fbfbf6" stroke="#c9c2b0" stroke-width="1.5"/>'
        f'<path d="M0,14 C-26,-4 -18,-26 0,-12 C18,-26 26,-4 0,14 Z" fill="{c or "#d94f4f"}"/>'
        f'<path d="M-20,-34 L-20,-26 M-20,34 L-20,26" stroke="{c or "#d94f4f"}" stroke-width="3"/>'
    )


@motif("apple")
def _apple(p: Palette, c: str) -> str:
    return (
        f'<path d="M0,-22 C-40,-40 -50,20 -20,40 C-10,46 -4,42 0,40 C4,42 10,46 20,40 C50,20 40,-40 0,-22 Z" fill="{c or "#d94040"}"/>'
        '<path d="M0,-22 C0,-34 4,-42 8,-46" stroke="#5a3a1f" stroke-width="4" fill="none"/>'
        '<path d="M6,-36 C16,-50 30,-44 30,-40 C20,-34 12,-34 6,-36 Z" fill="#5aa15a"/>'
        '<ellipse cx="-18" cy="-6" rx="6" ry="10" fill="#fff" opacity="0.35"/>'
    )


@motif("cake")
def _cake(p: Palette, c: str) -> str:
    return (
        f'<rect x="-40" y="0" width="80" height="40" rx="4" fill="{c or "#f7c6d9"}"/>'
        '<path d="M-40,8 C-30,18 -20,4 -10,14 C0,22 10,6 20,14 C30,22 36,10 40,8 L40,0 L-40,0 Z" fill="#fffaf2"/>'
        '<rect x="-28" y="-22" width="56" height="24" rx="3" fill="#fffaf2"/><ellipse cx="0" cy="44" rx="48" ry="6" fill="#e9e4da"/>'
        '<rect x="-3" y="-40" width="6" height="18" fill="#7ab8f5"/><path d="M0,-52 C5,-46 4,-42 0,-41 C-4,-42 -5,-46 0,-52 Z" fill="#ffb347" filter="url(#G)"/>'
        '<circle cx="-16" cy="-26" r="4" fill="#d94040"/><circle cx="16" cy="-26" r="4" fill="#d94040"/>'
    )


@motif("bathtub")
def _bathtub(p: Palette, c: str) -> str:
    return (
        '<g fill="#fff" opacity="0.85"><circle cx="-20" cy="-12" r="8"/><circle cx="-6" cy="-18" r="10"/><circle cx="12" cy="-14" r="9"/><circle cx="26" cy="-8" r="6"/></g>'
        f'<path d="M-48,-4 L48,-4 L44,20 C40,32 -40,32 -44,20 Z" fill="{c or "#f4f7fb"}"/>'
        '<path d="M-36,28 L-40,42 M36,28 L40,42" stroke="#c9a227" stroke-width="5" stroke-linecap="round"/>'
        '<path d="M40,-4 L40,-30 L30,-30" stroke="#c9d6e3" stroke-width="4" fill="none"/>'
    )


@motif("bed")
def _bed(p: Palette, c: str) -> str:
    return (
        '<rect x="-48" y="-30" width="8" height="76" fill="#7a5230"/><rect x="40" y="-10" width="8" height="56" fill="#7a5230"/>'
        f'<rect x="-40" y="4" width="80" height="22" fill="{c or p.accent}"/><rect x="-40" y="20" width="80" height="10" fill="#7a5230"/>'
        '<ellipse cx="-28" cy="0" rx="12" ry="7" fill="#fbfbf6"/>'
        f'<path d="M-16,4 C0,-4 20,-4 40,4 L40,26 L-16,26 Z" fill="{c or p.accent}" opacity="0.85"/>'
    )


@motif("suitcase")
def _suitcase(p: Palette, c: str) -> str:
    col = c or "#a0673a"
    return (
        f'<path d="M-12,-24 L-12,-34 L12,-34 L12,-24" stroke="#3a2a1a" stroke-width="5" fill="none"/>'
        f'<rect x="-42" y="-24" width="84" height="64" rx="6" fill="{col}"/>'
        '<path d="M-26,-24 L-26,40 M26,-24 L26,40" stroke="#3a2a1a" stroke-width="4"/>'
        '<circle cx="-10" cy="4" r="6" fill="#e9d8a6"/><rect x="6" y="10" width="14" height="10" fill="#e9d8a6" transform="rotate(-8)"/>'
    )


@motif("map")
def _map(p: Palette, c: str) -> str:
    return (
        f'<polygon points="-46,-30 -16,-40 16,-30 46,-40 46,30 16,40 -16,30 -46,40" fill="{c or "#efe0b8"}"/>'
        '<path d="M-16,-40 L-16,30 M16,-30 L16,40" stroke="#c9b48a" stroke-width="1.5"/>'
        '<path d="M-36,20 C-20,0 -10,14 4,-4 C12,-14 22,-6 30,-18" stroke="#c0392b" stroke-width="2.5" stroke-dasharray="4 3" fill="none"/>'
        '<path d="M26,-24 L34,-14 M34,-24 L26,-14" stroke="#c0392b" stroke-width="3"/>'
    )


@motif("gramophone")
def _gramophone(p: Palette, c: str) -> str:
    return (
        f'<path d="M-6,6 C-10,-10 -20,-36 -46,-46 C-30,-52 6,-50 20,-40 C10,-30 2,-14 6,6 Z" fill="{c or "#c9a227"}"/>'
        '<path d="M-46,-46 C-30,-52 6,-50 20,-40" stroke="#fff" stroke-opacity="0.4" stroke-width="3" fill="none"/>'
        '<rect x="-30" y="8" width="60" height="34" rx="3" fill="#7a5230"/><rect x="-4" y="2" width="8" height="8" fill="#3a2a1a"/>'
        '<ellipse cx="0" cy="8" rx="26" ry="4" fill="#1c1c24"/>'
    )


@motif("globe")
def _globe(p: Palette, c: str) -> str:
    return (
        f'<circle cx="0" cy="-8" r="34" fill="{c or "#5fa8d3"}"/>'
        '<path d="M-20,-30 C-6,-26 -14,-10 -2,-8 C8,-6 2,8 -8,12 M12,-34 C20,-24 30,-22 28,-10" stroke="#7bd389" stroke-width="7" fill="none" stroke-linecap="round"/>'
        '<path d="M-30,-40 A44,44 0 0 0 24,30" stroke="#c9a227" stroke-width="4" fill="none"/>'
        '<path d="M0,26 L0,40 M-20,44 L20,44" stroke="#7a5230" stroke-width="5" stroke-linecap="round"/>'
    )


@motif("matchstick")
def _matchstick(p: Palette, c: str) -> str:
    return (
        f'<rect x="-4" y="-20" width="8" height="70" rx="2" fill="{c or "#e9d0a0"}"/><ellipse cx="0" cy="-24" rx="7" ry="9" fill="#c0392b"/>'
        '<path d="M0,-60 C14,-44 10,-30 0,-28 C-10,-30 -14,-44 0,-60 Z" fill="#ffb347" filter="url(#G)"/>'
        '<path d="M0,-46 C5,-40 4,-33 0,-32 C-4,-33 -5,-40 0,-46 Z" fill="#fff3b0"/>'
    )


@motif("gift")
def _gift(p: Palette, c: str) -> str:
    col = c or p.accent
    return (
        f'<rect x="-36" y="-10" width="72" height="56" fill="{col}"/><rect x="-40" y="-22" width="80" height="14" fill="{col}"/>'
        '<rect x="-6" y="-22" width="12" height="68" fill="#ffe066"/>'
        '<path d="M0,-22 C-30,-50 -36,-24 0,-22 C36,-24 30,-50 0,-22 Z" fill="none" stroke="#ffe066" stroke-width="5"/>'
    )


@motif("broom")
def _broom(p: Palette, c: str) -> str:
    return (
        '<path d="M30,-50 L-6,20" stroke="#8a5a2a" stroke-width="5" stroke-linecap="round"/>'
        f'<path d="M-8,14 L6,22 L-10,50 L-34,40 Z" fill="{c or "#d9b36c"}"/>'
        '<path d="M-12,24 L-26,44 M-6,28 L-18,48" stroke="#a0803a" stroke-width="1.5"/>'
    )


@motif("telephone")
def _telephone(p: Palette, c: str) -> str:
    col = c or "#c0392b"
    return (
        f'<path d="M-36,40 L-28,0 L28,0 L36,40 Z" fill="{col}"/><circle cx="0" cy="20" r="12" fill="#f2ece0"/>'
        f'<path d="M-44,-10 C-44,-26 44,-26 44,-10 L30,-10 L26,-18 L-26,-18 L-30,-10 Z" fill="{col}"/>'
        '<path d="M36,30 C56,30 50,60 30,56" stroke="#333" stroke-width="2" fill="none"/><circle cy="20" r="3" fill="#333"/>'
    )


@motif("yarn")
def _yarn(p: Palette, c: str) -> str:
    col = c or "#d94f6a"
    return (
        f'<circle cx="0" cy="10" r="32" fill="{col}"/>'
        '<path d="M-28,0 C-10,-14 14,-14 30,2 M-30,14 C-10,-2 16,0 30,18 M-22,32 C-4,16 14,20 22,34 M-4,-22 C-18,0 -16,24 -6,42" '
        'stroke="#fff" stroke-opacity="0.35" stroke-width="2.5" fill="none"/>'
        f'<path d="M26,30 C40,40 30,50 50,48" stroke="{col}" stroke-width="2.5" fill="none"/>'
    )


@motif("magnifier")
def _magnifier(p: Palette, c: str) -> str:
    return (
        f'<circle cx="-8" cy="-8" r="28" fill="{p.light}" fill-opacity="0.25" stroke="{c or "#c9a227"}" stroke-width="6"/>'
        '<path d="M12,12 L40,42" stroke="#5a3a1f" stroke-width="10" stroke-linecap="round"/>'
        '<path d="M-24,-18 C-20,-26 -12,-30 -4,-30" stroke="#fff" stroke-width="3" fill="none" opacity="0.7"/>'
    )


@motif("wateringcan")
def _wateringcan(p: Palette, c: str) -> str:
    col = c or "#5a9bd5"
    return (
        f'<path d="M-30,-10 L20,-10 L24,40 L-34,40 Z" fill="{col}"/><path d="M20,20 L48,-20 L52,-14 L26,28 Z" fill="{col}"/>'
        f'<path d="M-30,-2 C-50,-2 -50,30 -32,30" stroke="{col}" stroke-width="5" fill="none"/>'
        '<g fill="#bfe3ff"><circle cx="52" cy="-8" r="2"/><circle cx="56" cy="2" r="2"/><circle cx="50" cy="8" r="2"/></g>'
    )


@motif("lightbulb")
def _lightbulb(p: Palette, c: str) -> str:
    return (
        f'<circle cx="0" cy="-12" r="30" fill="{c or p.light}" filter="url(#G)"/>'
        '<path d="M-14,12 L14,12 L12,30 L-12,30 Z" fill="#c9d6e3"/><path d="M-12,20 L12,20 M-12,26 L12,26" stroke="#8a96a8" stroke-width="2"/>'
        '<path d="M-8,-8 L-4,-18 L0,-8 L4,-18 L8,-8 L6,12 M-8,-8 L-6,12" stroke="#b5651d" stroke-width="1.5" fill="none"/>'
        '<rect x="-6" y="30" width="12" height="6" rx="2" fill="#333"/>'
    )


@motif("streetlamp")
def _streetlamp(p: Palette, c: str) -> str:
    col = c or p.ink
    return (
        f'<polygon points="-10,-34 10,-34 32,50 -32,50" fill="{p.light}" opacity="0.16"/>'
        f'<rect x="-3" y="-36" width="6" height="86" fill="{col}"/><rect x="-10" y="44" width="20" height="6" fill="{col}"/>'
        f'<path d="M-12,-36 L12,-36 L8,-50 L-8,-50 Z" fill="{p.light}" filter="url(#G)"/><path d="M-14,-50 L14,-50 L0,-58 Z" fill="{col}"/>'
    )


@motif("spoon")
def _spoon(p: Palette, c: str) -> str:
    col = c or "#d9dee6"
    return (
        f'<ellipse cx="0" cy="-28" rx="18" ry="24" fill="{col}"/><ellipse cx="-4" cy="-32" rx="8" ry="12" fill="#fff" opacity="0.5"/>'
        f'<path d="M0,-4 L0,48" stroke="{col}" stroke-width="8" stroke-linecap="round"/>'
    )


@motif("lollipop")
def _lollipop(p: Palette, c: str) -> str:
    col = c or "#ff6b9a"
    pts = " ".join(
        f"{math.cos(i * 0.35) * (1 + i * 0.55):.1f},{math.sin(i * 0.35) * (1 + i * 0.55) - 14:.1f}"
        for i in range(60)
    )
    return (
        '<path d="M0,16 L0,50" stroke="#f4efe1" stroke-width="5"/>'
        f'<circle cx="0" cy="-14" r="32" fill="{col}"/><polyline points="{pts}" fill="none" stroke="#fff" stroke-width="5"/>'
    )


@motif("chest")
def _chest(p: Palette, c: str) -> str:
    col = c or "#8a5a2a"
    return (
        f'<ellipse cx="0" cy="-12" rx="40" ry="26" fill="{p.light}" opacity="0.5" filter="url(#G)"/>'
        f'<rect x="-40" y="-4" width="80" height="44" rx="3" fill="{col}"/>'
        f'<path d="M-40,-4 L-44,-30 C-20,-40 20,-40 44,-30 L40,-4 Z" fill="{col}" opacity="0.9"/>'
        '<path d="M-40,-4 L40,-4 M-26,-4 L-26,40 M26,-4 L26,40" stroke="#e0b23a" stroke-width="4"/>'
        '<rect x="-6" y="4" width="12" height="14" fill="#e0b23a"/><g fill="#ffe066"><circle cx="-16" cy="-8" r="5"/><circle cx="4" cy="-12" r="5"/><circle cx="18" cy="-8" r="4"/></g>'
    )


# --- places ------------------------------------------------------------------------------------------


@motif("city")
def _city(p: Palette, c: str) -> str:
    col = c or p.ink
    blocks = (
        (-50, -10, 16),
        (-34, -30, 14),
        (-20, 0, 12),
        (-8, -44, 16),
        (8, -16, 12),
        (20, -34, 14),
        (34, -4, 16),
    )
    shapes = "".join(f'<rect x="{x}" y="{y}" width="{w}" height="{50 - y}"/>' for x, y, w in blocks)
    lit = "".join(
        f'<rect x="{x + 3 + (k % 2) * 6}" y="{y + 6 + k * 9}" width="3" height="4"/>'
        for x, y, _ in blocks
        for k in range(3)
        if (x + k) % 3
    )
    return f'<g fill="{col}">{shapes}</g><g fill="{p.light}" opacity="0.85">{lit}</g>'


@motif("castle")
def _castle(p: Palette, c: str) -> str:
    col = c or p.ink
    return (
        f'<path d="M-44,50 L-44,-10 L-36,-10 L-36,-4 L-28,-4 L-28,-10 L-20,-10 L-20,-30 L-12,-30 L-12,-24 L-4,-24 L-4,-30 L4,-30 '
        f'L4,-24 L12,-24 L12,-30 L20,-30 L20,-10 L28,-10 L28,-4 L36,-4 L36,-10 L44,-10 L44,50 Z" fill="{col}"/>'
        f'<polygon points="-24,-30 -16,-50 -8,-30" fill="{p.accent}"/><polygon points="8,-30 16,-54 24,-30" fill="{p.accent}"/>'
        f'<path d="M-10,50 L-10,26 C-10,14 10,14 10,26 L10,50 Z" fill="{p.light}" opacity="0.7"/>'
        f'<rect x="-18" y="-14" width="6" height="10" rx="3" fill="{p.light}"/><rect x="12" y="-14" width="6" height="10" rx="3" fill="{p.light}"/>'
    )


@motif("tent")
def _tent(p: Palette, c: str) -> str:
    col = c or p.accent
    return (
        f'<polygon points="-48,46 0,-40 48,46" fill="{col}"/><polygon points="0,-40 -14,46 14,46" fill="{p.light}" opacity="0.8" filter="url(#G)"/>'
        f'<path d="M0,-40 L0,-54 L14,-48 L0,-44" fill="{p.light}"/><path d="M-52,46 L52,46" stroke="{p.ink}" stroke-width="3"/>'
    )


@motif("well")
def _well(p: Palette, c: str) -> str:
    col = c or "#9a9aa0"
    return (
        f'<path d="M-30,10 L-30,44 C-20,50 20,50 30,44 L30,10 Z" fill="{col}"/><ellipse cx="0" cy="10" rx="30" ry="8" fill="#1c1c24"/>'
        '<path d="M-26,22 L26,22 M-28,34 L28,34 M-10,10 L-10,22 M12,22 L12,34" stroke="#6b6b72" stroke-width="1.5"/>'
        '<path d="M-26,10 L-26,-30 M26,10 L26,-30" stroke="#6b4a2b" stroke-width="5"/>'
        f'<polygon points="-36,-26 0,-48 36,-26" fill="{p.accent}"/><path d="M0,-26 L0,0" stroke="#333" stroke-width="1.5"/>'
        '<rect x="-5" y="0" width="10" height="8" fill="#7a5230"/>'
    )


@motif("carousel")
def _carousel(p: Palette, c: str) -> str:
    col = c or p.accent
    return (
        f'<polygon points="-46,-20 0,-46 46,-20" fill="{col}"/><path d="M-46,-20 C-38,-12 -30,-12 -23,-20 C-16,-12 -8,-12 0,-20 '
        f'C8,-12 16,-12 23,-20 C30,-12 38,-12 46,-20 Z" fill="#fff"/>'
        '<path d="M-34,-16 L-34,36 M-12,-16 L-12,36 M12,-16 L12,36 M34,-16 L34,36" stroke="#e0b23a" stroke-width="2.5"/>'
        f'<g fill="{p.light}"><ellipse cx="-34" cy="8" rx="9" ry="6"/><ellipse cx="-12" cy="18" rx="9" ry="6"/>'
        '<ellipse cx="12" cy="4" rx="9" ry="6"/><ellipse cx="34" cy="14" rx="9" ry="6"/></g>'
        f'<rect x="-48" y="36" width="96" height="10" rx="3" fill="{col}"/><circle cx="0" cy="-48" r="4" fill="#ffe066"/>'
    )


@motif("ferriswheel")
def _ferriswheel(p: Palette, c: str) -> str:
    col = c or p.ink
    spokes = "".join(
        f'<path d="M0,-8 L{math.cos(math.radians(a)) * 38:.1f},{math.sin(math.radians(a)) * 38 - 8:.1f}" stroke="{col}" stroke-width="1.5"/>'
        f'<rect x="{math.cos(math.radians(a)) * 38 - 5:.1f}" y="{math.sin(math.radians(a)) * 38 - 6:.1f}" width="10" height="8" rx="2" fill="{p.accent}"/>'
        for a in range(0, 360, 45)
    )
    return (
        f'<circle cx="0" cy="-8" r="38" fill="none" stroke="{col}" stroke-width="3"/>{spokes}'
        f'<path d="M0,-8 L-22,50 M0,-8 L22,50" stroke="{col}" stroke-width="4"/>'
    )


@motif("pyramid")
def _pyramid(p: Palette, c: str) -> str:
    return (
        f'<polygon points="-56,46 0,-42 56,46" fill="{c or "#d6a35a"}"/><polygon points="0,-42 56,46 18,46" fill="#000" opacity="0.18"/>'
        '<path d="M-40,20 L30,20 M-24,-6 L14,-6" stroke="#000" stroke-opacity="0.12" stroke-width="2"/>'
        f'<ellipse cx="0" cy="-20" rx="6" ry="4" fill="{p.light}" filter="url(#G)"/>'
    )


@motif("igloo")
def _igloo(p: Palette, c: str) -> str:
    return (
        f'<path d="M-44,40 C-44,-24 44,-24 44,40 Z" fill="{c or "#f2f7fc"}"/>'
        '<path d="M-42,22 L42,22 M-34,4 L34,4 M-20,-10 L20,-10 M-20,4 L-24,22 M10,4 L14,22 M-4,-10 L-2,4 M26,22 L28,40 M-28,22 L-30,40" stroke="#b7c7d9" stroke-width="1.5"/>'
        f'<path d="M-14,40 L-14,22 C-14,12 14,12 14,22 L14,40 Z" fill="{p.light}" filter="url(#G)"/>'
    )


@motif("bench")
def _bench(p: Palette, c: str) -> str:
    col = c or "#7a5230"
    return (
        f'<rect x="-46" y="-6" width="92" height="7" rx="2" fill="{col}"/><rect x="-46" y="-20" width="92" height="7" rx="2" fill="{col}"/>'
        f'<rect x="-46" y="10" width="92" height="8" rx="2" fill="{col}"/>'
        f'<path d="M-38,-24 L-38,46 M38,-24 L38,46" stroke="{p.ink}" stroke-width="5"/>'
    )


@motif("gate")
def _gate(p: Palette, c: str) -> str:
    col = c or p.ink
    bars = "".join(
        f'<path d="M{x},-30 L{x},48" stroke="{col}" stroke-width="2.5"/>' for x in range(-24, 28, 8)
    )
    return (
        f'<rect x="-44" y="-44" width="14" height="94" fill="{col}"/><rect x="30" y="-44" width="14" height="94" fill="{col}"/>'
        f'<path d="M-30,-20 C-20,-44 20,-44 30,-20" stroke="{col}" stroke-width="4" fill="none"/>{bars}'
        f'<circle cx="-37" cy="-48" r="6" fill="{p.light}" filter="url(#G)"/><circle cx="37" cy="-48" r="6" fill="{p.light}" filter="url(#G)"/>'
    )


@motif("ruin")
def _ruin(p: Palette, c: str) -> str:
    col = c or "#cfc6b0"
    return (
        f'<rect x="-40" y="-30" width="14" height="80" fill="{col}"/><rect x="-8" y="-10" width="14" height="60" fill="{col}"/>'
        f'<rect x="24" y="-40" width="14" height="90" fill="{col}"/><rect x="-46" y="-38" width="30" height="8" fill="{col}"/>'
        f'<rect x="18" y="-48" width="26" height="8" fill="{col}"/><path d="M-2,-10 L6,-18 L8,-10 Z" fill="{col}"/>'
        '<path d="M-36,-20 C-30,0 -40,20 -34,40 M28,-30 C34,-10 26,10 32,30" stroke="#5aa15a" stroke-width="3" fill="none"/>'
    )


@motif("windmill")
def _windmill(p: Palette, c: str) -> str:
    col = c or "#f2ece0"
    blades = "".join(
        f'<rect x="-5" y="-52" width="10" height="40" fill="{p.ink}" opacity="0.85" transform="translate(0,-24) rotate({a}) translate(0,12)"/>'
        for a in (15, 105, 195, 285)
    )
    return (
        f'<path d="M-20,50 L-12,-22 L12,-22 L20,50 Z" fill="{col}"/><polygon points="-16,-20 0,-38 16,-20" fill="{p.accent}"/>'
        f'{blades}<circle cx="0" cy="-24" r="4" fill="{p.ink}"/><rect x="-5" y="30" width="10" height="20" rx="5" fill="{p.ink}"/>'
    )


@motif("cactus")
def _cactus(p: Palette, c: str) -> str:
    col = c or "#5a9a5a"
    return (
        f'<path d="M0,50 L0,-36" stroke="{col}" stroke-width="18" stroke-linecap="round"/>'
        f'<path d="M-2,10 L-22,10 L-22,-16 M2,0 L22,0 L22,-26" stroke="{col}" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>'
        '<circle cx="0" cy="-46" r="6" fill="#ff7aa8"/><path d="M-3,-20 L3,-20 M-3,-2 L3,-2 M-3,24 L3,24" stroke="#2f5a2c" stroke-width="1.5"/>'
    )


# --- weather and light -------------------------------------------------------------------------------


@motif("lightning")
def _lightning(p: Palette, c: str) -> str:
    return f'<polygon points="6,-50 -20,4 -2,4 -12,50 22,-10 4,-10 18,-50" fill="{c or "#ffe066"}" filter="url(#G)"/>'


@motif("comet")
def _comet(p: Palette, c: str) -> str:
    col = c or p.light
    return (
        f'<path d="M24,-24 L-50,40 L18,-32 Z" fill="{col}" opacity="0.35"/><path d="M28,-18 L-40,50 L30,-28 Z" fill="{col}" opacity="0.2"/>'
        f'<circle cx="26" cy="-26" r="10" fill="{col}" filter="url(#G)"/>'
    )


@motif("tornado")
def _tornado(p: Palette, c: str) -> str:
    col = c or "#b7c2cf"
    rings = "".join(
        f'<ellipse cx="{math.sin(i) * 6:.1f}" cy="{-44 + i * 12}" rx="{44 - i * 5}" ry="{6 - i * 0.5:.1f}" fill="none" stroke="{col}" stroke-width="4" opacity="{0.9 - i * 0.06:.2f}"/>'
        for i in range(8)
    )
    return f'<path d="M-44,-44 L44,-44 L6,50 L-2,50 Z" fill="{col}" opacity="0.35"/>{rings}'


@motif("snowflake")
def _snowflake(p: Palette, c: str) -> str:
    col = c or "#ffffff"
    arms = "".join(
        f'<g transform="rotate({a})"><path d="M0,0 L0,-44 M0,-28 L-10,-38 M0,-28 L10,-38 M0,-14 L-8,-22 M0,-14 L8,-22" '
        f'stroke="{col}" stroke-width="3" stroke-linecap="round" fill="none"/></g>'
        for a in range(0, 360, 60)
    )
    return f'<g filter="url(#G)">{arms}</g>'


@motif("firework")
def _firework(p: Palette, c: str) -> str:
    colors = (c or p.accent, p.light, "#7bd389")
    rays = "".join(
        f'<path d="M{math.cos(math.radians(a)) * 12:.1f},{math.sin(math.radians(a)) * 12:.1f} L{math.cos(math.radians(a)) * 40:.1f},{math.sin(math.radians(a)) * 40:.1f}" '
        f'stroke="{colors[i % 3]}" stroke-width="3" stroke-linecap="round"/>'
        f'<circle cx="{math.cos(math.radians(a)) * 46:.1f}" cy="{math.sin(math.radians(a)) * 46:.1f}" r="2.5" fill="{colors[i % 3]}"/>'
        for i, a in enumerate(range(0, 360, 24))
    )
    return f'<g filter="url(#G)">{rays}</g>'


@motif("aurora")
def _aurora(p: Palette, c: str) -> str:
    col = c or "#7cffc4"
    return (
        f'<path d="M-60,10 C-30,-40 0,30 30,-20 C44,-40 56,-20 60,-30 L60,0 C40,10 30,30 0,20 C-30,10 -40,40 -60,40 Z" fill="{col}" opacity="0.45" filter="url(#G)"/>'
        '<path d="M-60,0 C-30,-30 0,10 60,-20" stroke="#c7a4ff" stroke-width="4" opacity="0.5" fill="none" filter="url(#G)"/>'
    )


@motif("fog")
def _fog(p: Palette, c: str) -> str:
    col = c or "#ffffff"
    return "".join(
        f'<rect x="{-60 + (i % 2) * 14}" y="{-30 + i * 16}" width="{110 - (i % 2) * 24}" height="10" rx="5" fill="{col}" opacity="{0.55 - i * 0.08:.2f}"/>'
        for i in range(5)
    )


@motif("puddle")
def _puddle(p: Palette, c: str) -> str:
    return (
        f'<ellipse cx="0" cy="38" rx="50" ry="12" fill="{c or p.bottom}"/><ellipse cx="0" cy="38" rx="50" ry="12" fill="{p.light}" opacity="0.25"/>'
        '<ellipse cx="-10" cy="38" rx="18" ry="4" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="1.5"/>'
        '<ellipse cx="-10" cy="38" rx="30" ry="7" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="1.5"/>'
    )
