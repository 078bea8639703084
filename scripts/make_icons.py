"""Draws the app icons (PNG, 192 and 512 px, plain and maskable) from the shapes of web/icon.svg.

Run once after changing the icon: ``python scripts/make_icons.py``; the PNGs are committed.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

WEB = Path(__file__).resolve().parents[1] / "src" / "tischrunde" / "web" / "icons"
PURPLE = (107, 79, 216, 255)
YELLOW = (244, 197, 66, 255)
INK = (43, 36, 64, 255)


def draw(size: int, *, maskable: bool) -> Image.Image:
    """The icon on a transparent square; maskable icons fill it and keep the motif in the safe circle."""
    scale = 4  # draw large, then shrink: smooth edges without an anti-aliasing library
    big = size * scale
    image = Image.new("RGBA", (big, big), PURPLE if maskable else (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    unit = big / 64 * (0.8 if maskable else 1.0)  # the safe zone of a maskable icon is the inner 80 %
    centre = big / 2
    if not maskable:
        pen.ellipse(
            [centre - 30 * unit, centre - 30 * unit, centre + 30 * unit, centre + 30 * unit], fill=PURPLE
        )
    pen.ellipse(
        [centre - 18 * unit, centre - 10 * unit, centre + 18 * unit, centre + 14 * unit],
        fill=YELLOW,
    )
    for dx in (-8, 8):
        x = centre + dx * unit
        pen.ellipse([x - 3 * unit, centre - 3 * unit, x + 3 * unit, centre + 3 * unit], fill=INK)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    for size in (192, 512):
        draw(size, maskable=False).save(WEB / f"app-{size}.png", optimize=True)
        draw(size, maskable=True).save(WEB / f"app-{size}-maskable.png", optimize=True)


if __name__ == "__main__":
    main()
