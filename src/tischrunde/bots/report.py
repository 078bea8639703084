"""Tables and pictures of ``simulate`` and ``compare`` summaries.

The tables are plain data (:class:`Grid`: a title, column heads and rows of short strings with two or
three significant digits); the terminal shows them with rich, the HTML report as ``<table>``.
:func:`write_report` writes ``index.html`` (escaped text, inline style, no external assets) and three
matplotlib plots beside it (Agg canvas, no pyplot state): win rate by seat with 95 % intervals, score
distributions and game length histograms.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from tischrunde.bots.compare import Comparison

#: terminal width the tables are laid out for
WIDTH = 80


class Grid:
    """A table as text: column heads, rows; columns in ``left`` are left-aligned, the rest right."""

    def __init__(
        self, title: str, columns: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1
    ) -> None:
        self.title = title
        self.columns = list(columns)
        self.rows = [list(r) for r in rows]
        self.left = left


# -- numbers --------------------------------------------------------------------------------------


def num(x: float) -> str:
    """Three significant digits, no exponent, no trailing zeros (12.3, 4.56, 0.123, 1,234)."""
    if x == 0:
        return "0"
    a = abs(x)
    if a >= 100:
        return f"{x:,.0f}"
    text = f"{x:.1f}" if a >= 10 else f"{x:.2f}" if a >= 1 else f"{x:.3g}"
    if "e" in text:
        return f"{x:.2e}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def pct(p: float) -> str:
    """A rate as a percentage with two or three significant digits."""
    v = p * 100
    if v == 0 or v >= 99.95:
        return f"{v:.0f} %"
    return f"{v:.0f} %" if v >= 9.95 else f"{v:.1f} %"


def pct_range(ci: Sequence[float]) -> str:
    lo, hi = (pct(x)[:-2] for x in ci)
    return f"{lo}–{hi} %"


def pp(x: float) -> str:
    """A difference of rates in percentage points, signed."""
    v = x * 100
    return f"{v:+.1f} pp" if abs(v) < 9.95 else f"{v:+.0f} pp"


# -- tables ---------------------------------------------------------------------------------------


def fit(grid: Grid, width: int = WIDTH) -> list[Grid]:
    """The grid split by columns into grids no wider than ``width`` (as rich draws them: three
    characters between columns); every part repeats the left-aligned columns."""
    widths = [
        max(len(c) for c in [col, *(row[i] for row in grid.rows)]) + 3 for i, col in enumerate(grid.columns)
    ]
    fixed = sum(widths[: grid.left])
    parts: list[list[int]] = [[]]
    used = fixed
    for i in range(grid.left, len(grid.columns)):
        if parts[-1] and used + widths[i] > width:
            parts.append([])
            used = fixed
        parts[-1].append(i)
        used += widths[i]
    if len(parts) == 1:
        return [grid]
    keep = list(range(grid.left))
    return [
        Grid(
            grid.title,
            [grid.columns[i] for i in keep + part],
            [[row[i] for i in keep + part] for row in grid.rows],
            grid.left,
        )
        for part in parts
    ]


def _figure_label(key: str, per_seat: bool) -> str:
    return key.replace("_", " ") + (" / player" if per_seat else "")


def summary_grids(data: dict[str, Any], width: int = WIDTH) -> list[Grid]:
    """The tables of one tally (``simulate``): seats, bots, length and figures per seat."""
    seats = Grid(
        f"{data['game']}: {data['games']} games, {data['players']} players",
        ["seat", "bot", "win rate", "95 % CI", "score", "score sd"],
        [
            [
                str(s["seat"]),
                s["bot"],
                pct(s["win_rate"]),
                pct_range(s["win_ci"]),
                num(s["mean_score"]),
                num(s["sd_score"]),
            ]
            for s in data["seats"]
        ],
        left=2,
    )
    grids = [seats]
    if len(data["bots"]) > 1:
        grids.append(
            Grid(
                "per bot",
                ["bot", "seats", "win rate", "95 % CI", "score"],
                [
                    [kind, str(b["seats"]), pct(b["win_rate"]), pct_range(b["win_ci"]), num(b["mean_score"])]
                    for kind, b in data["bots"].items()
                ],
            )
        )
    grids.append(_overview([("", data)], "per game"))
    figures = data["figures"]
    per_seat = [k for k, f in figures.items() if "per_seat" in f]
    if per_seat:
        grids.extend(
            fit(
                Grid(
                    "figures per seat (mean per game)",
                    ["figure", "all", *(f"seat {s}" for s in range(data["players"]))],
                    [
                        [_figure_label(k, False), num(figures[k]["mean"]), *map(num, figures[k]["per_seat"])]
                        for k in per_seat
                    ],
                ),
                width,
            )
        )
    others = [k for k, f in figures.items() if "per_seat" not in f]
    if others:
        grids.append(
            Grid(
                "figures per game (mean)",
                ["figure", "mean"],
                [[_figure_label(k, False), num(figures[k]["mean"])] for k in others],
            )
        )
    return grids


def _overview(variants: Sequence[tuple[str, dict[str, Any]]], title: str) -> Grid:
    named = any(name for name, _ in variants)
    rows = []
    for name, v in variants:
        fp = v["first_player"]
        rows.append(
            ([name] if named else [])
            + [
                pct(fp["win_rate"]),
                pp(fp["advantage"]),
                num(v["length"]["decisions"]["mean"]),
                num(v["length"]["minutes"]["mean"]),
                num(v["score_spread"]["mean"]),
            ]
        )
    columns = ["seat 0 wins", "vs fair", "decisions", "minutes", "score spread"]
    return Grid(title, (["variant"] if named else []) + columns, rows, left=1 if named else 0)


def compare_grids(data: dict[str, Any], width: int = WIDTH) -> list[Grid]:
    """The tables of a comparison: variants, overview, win rate by seat and bot, the game's figures."""
    variants = data["variants"]
    grids = [
        Grid(
            f"{data['game']}: {len(variants)} variants x {data['games']} games, {data['players']} players",
            ["variant", "options"],
            [[v["name"], v["label"]] for v in variants],
            left=2,
        ),
        _overview(
            [(v["name"], v) for v in variants],
            "per variant (vs fair: seat 0's win rate minus its bot's mean)",
        ),
        Grid(
            "win rate by seat",
            ["variant", "seat", "bot", "win rate", "95 % CI", "score"],
            [
                [
                    v["name"] if s["seat"] == 0 else "",
                    str(s["seat"]),
                    s["bot"],
                    pct(s["win_rate"]),
                    pct_range(s["win_ci"]),
                    num(s["mean_score"]),
                ]
                for v in variants
                for s in v["seats"]
            ],
            left=3,
        ),
    ]
    if len(variants[0]["bots"]) > 1:
        grids.append(
            Grid(
                "win rate by bot",
                ["variant", "bot", "seats", "win rate", "95 % CI", "score"],
                [
                    [
                        v["name"] if i == 0 else "",
                        kind,
                        str(b["seats"]),
                        pct(b["win_rate"]),
                        pct_range(b["win_ci"]),
                        num(b["mean_score"]),
                    ]
                    for v in variants
                    for i, (kind, b) in enumerate(v["bots"].items())
                ],
                left=2,
            )
        )
    keys = list(dict.fromkeys(k for v in variants for k in v["figures"]))
    if keys:
        labels = [_figure_label(k, "per_seat" in variants[0]["figures"].get(k, {})) for k in keys]
        cells = [[num(v["figures"][k]["mean"]) if k in v["figures"] else "–" for v in variants] for k in keys]
        grids.extend(
            fit(
                Grid(
                    "the game's figures (mean per game; / player: per seat)",
                    ["figure", *(v["name"] for v in variants)],
                    [[label, *row] for label, row in zip(labels, cells, strict=True)],
                ),
                width,
            )
        )
    return grids


def to_rich(grid: Grid) -> Group:
    """The title (wrapped on its own) over a rich table that keeps every cell whole (bot names are
    never cut)."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for i, column in enumerate(grid.columns):
        widest = max(len(str(r[i])) for r in grid.rows) if grid.rows else 0
        table.add_column(
            column,
            justify="left" if i < grid.left else "right",
            no_wrap=i < grid.left and widest <= 24,
            min_width=min(widest, 24) if i < grid.left else None,
        )
    for row in grid.rows:
        table.add_row(*row)
    return Group(Text(grid.title, style="bold"), table)


# -- HTML report ----------------------------------------------------------------------------------

_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: .5rem 0 1.2rem; }
caption { text-align: left; font-weight: 600; padding-bottom: .3rem; white-space: nowrap; }
th, td { padding: .2rem .7rem; border-bottom: 1px solid #ddd; }
th { background: #f3f3f3; text-align: left; } .num { text-align: right; font-variant-numeric: tabular-nums; }
img { max-width: 100%; border: 1px solid #eee; margin: .5rem 0; }
p.meta { color: #555; }
"""


def _html_table(grid: Grid) -> str:
    head = "".join(
        f"<th{'' if i < grid.left else ' class=num'}>{html.escape(c)}</th>"
        for i, c in enumerate(grid.columns)
    )
    body = "".join(
        "<tr>"
        + "".join(
            f"<td{'' if i < grid.left else ' class=num'}>{html.escape(cell)}</td>"
            for i, cell in enumerate(row)
        )
        + "</tr>"
        for row in grid.rows
    )
    return f"<table><caption>{html.escape(grid.title)}</caption><tr>{head}</tr>{body}</table>"


def _plots(comparison: Comparison, directory: Path) -> list[tuple[str, str]]:
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    data = comparison.as_dict()
    variants = data["variants"]
    names = [f"{v['name']}: {v['label']}" for v in variants]
    players = comparison.players
    out: list[tuple[str, str]] = []

    fig = Figure(figsize=(9, 5 + 0.2 * len(variants)), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    width = 0.8 / len(variants)
    for j, v in enumerate(variants):
        xs = [s + (j - (len(variants) - 1) / 2) * width for s in range(players)]
        rates = [s["win_rate"] for s in v["seats"]]
        lows = [s["win_rate"] - s["win_ci"][0] for s in v["seats"]]
        highs = [s["win_ci"][1] - s["win_rate"] for s in v["seats"]]
        ax.bar(xs, rates, width * 0.92, yerr=[lows, highs], capsize=3, label=names[j])
    fair = [v["first_player"]["fair_share"] for v in variants]
    if len(set(comparison.seat_kinds)) == 1 and max(fair) - min(fair) < 1e-9:
        ax.axhline(fair[0], color="#555", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(players), [f"seat {s}\n{comparison.seat_kinds[s]}" for s in range(players)])
    ax.set_ylabel("win rate (95 % Wilson interval)")
    ax.set_ylim(0, 1)
    ax.set_title(f"{comparison.game}: win rate by seat, {comparison.games} games per variant")
    fig.legend(loc="outside lower center", fontsize="small", ncols=2 if len(variants) > 3 else 1)
    fig.savefig(directory / "winrate_by_seat.png")
    out.append(("winrate_by_seat.png", "Win rate by seat, with 95 % intervals"))

    fig = Figure(figsize=(9, 4.5), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    kinds = list(dict.fromkeys(comparison.seat_kinds))
    box_width = 0.8 / len(kinds)
    for k, kind in enumerate(kinds):
        seats = [s for s, name in enumerate(comparison.seat_kinds) if name == kind]
        scores = [[x for s in seats for x in v.tally.scores[s]] for v in comparison.variants]
        positions = [j + 1 + (k - (len(kinds) - 1) / 2) * box_width for j in range(len(variants))]
        parts = ax.boxplot(
            scores,
            positions=positions,
            widths=box_width * 0.85,
            showmeans=True,
            patch_artist=True,
            boxprops={"facecolor": f"C{k}", "alpha": 0.45},
            medianprops={"color": "black"},
            meanprops={"markerfacecolor": "white", "markeredgecolor": "black"},
        )
        parts["boxes"][0].set_label(kind)
    ax.set_xticks(range(1, len(variants) + 1), [v["name"] for v in variants])
    ax.set_ylabel("final score")
    ax.set_title("score distribution per variant and bot (line: median, triangle: mean)")
    if len(kinds) > 1:
        ax.legend(fontsize="small")
    fig.savefig(directory / "scores.png")
    out.append(("scores.png", "Score distributions"))

    rows = len(variants)
    fig = Figure(figsize=(9, 1.2 + 1.5 * rows), dpi=100, layout="constrained")
    axes = fig.subplots(rows, 2, sharex="col", squeeze=False)
    lengths = [[float(x) for x in v.tally.lengths] for v in comparison.variants]
    minutes = [v.tally.minutes() for v in comparison.variants]
    for column, series in enumerate((lengths, minutes)):
        edges = _bin_edges([x for xs in series for x in xs], integer=column == 0)
        for row, xs in enumerate(series):
            ax = axes[row][column]
            ax.hist(xs, bins=edges, color=f"C{row}")
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
            ax.set_ylabel(variants[row]["name"], rotation=0, ha="right", va="center")
    axes[-1][0].set_xlabel("decisions per game")
    axes[-1][1].set_xlabel("minutes of play per game")
    fig.suptitle("game length per variant (number of games)")
    fig.savefig(directory / "length.png")
    out.append(("length.png", "Game length: decisions and minutes of play"))
    return out


def _bin_edges(values: Sequence[float], integer: bool, bins: int = 30) -> list[float]:
    """Shared edges for every variant's histogram; one bin per value for a narrow integer range."""
    if not values:
        return [0.0, 1.0]
    lo, hi = min(values), max(values)
    if integer and hi - lo < bins:
        return [lo - 0.5 + i for i in range(int(hi - lo) + 2)]
    if hi == lo:
        return [lo - 0.5, hi + 0.5]
    step = (hi - lo) / bins
    return [lo + i * step for i in range(bins + 1)]


def write_report(comparison: Comparison, directory: Path) -> Path:
    """Write index.html and its PNGs into ``directory``; return the page's path."""
    directory.mkdir(parents=True, exist_ok=True)
    data = comparison.as_dict()
    images = _plots(comparison, directory)
    bots = ", ".join(comparison.seat_kinds)
    meta = (
        f"{comparison.players} players ({bots}), {comparison.games} games per variant on seeds "
        f"{data['seeds'][0]}..{data['seeds'][1]} (the same seeds in every variant)."
    )
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        f"<title>{html.escape(comparison.game)}: house rules compared</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(comparison.game)}: house rules compared</h1>",
        f"<p class=meta>{html.escape(meta)}</p>",
    ]
    grids = compare_grids(data, width=200)
    parts.append(_html_table(grids[0]))
    parts.append(_html_table(grids[1]))
    parts.append("<h2>Win rates</h2>")
    src, alt = images[0]
    parts.append(f'<img src="{src}" alt="{html.escape(alt)}">')
    for grid in grids[2:]:
        if grid.title.startswith("win rate"):
            parts.append(_html_table(grid))
    parts.append("<h2>Scores and game length</h2>")
    for src, alt in images[1:]:
        parts.append(f'<img src="{src}" alt="{html.escape(alt)}">')
    parts.append("<h2>The game's own figures</h2>")
    for grid in grids[2:]:
        if not grid.title.startswith("win rate"):
            parts.append(_html_table(grid))
    parts.append(
        "<p class=meta>Win rates count a shared win for every winner. Intervals are 95 % Wilson score "
        "intervals. Minutes are simulated time of play (the bots' reaction times), not computing time.</p>"
    )
    parts.append("</body></html>\n")
    page = directory / "index.html"
    page.write_text("".join(parts), encoding="utf-8")
    return page
