// The round table every game's table screen shows between rounds and at the end: one row per person
// (avatar and whole name), one column per round, the running total, and at the end the rank and the
// winners. Numbers only in the cells (the caption says what they count); every cell fits its text.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { who } from "./shared.js";

/**
 * roundTable(ctx, {id, caption, rounds, totals, current, lower, extra})
 * - rounds: per finished round, the points per seat ([[...], ...]); totals: per seat
 * - current: the index of the round just finished (its column is marked), or null
 * - lower: fewer points are better (Mogel-Motte's penalty points): the order of the rows at the end
 * - extra: [{head, cells: per seat}] more columns after the total (a game's own figures)
 * At the end (ctx.outcome) the rows go by rank, with the rank and ★ for the winners.
 */
export function roundTable(ctx, opts) {
  const { id = "round-table", caption, rounds = [], totals = [], current = null, extra = [] } = opts;
  const seats = ctx.info.seats.filter((s) => s.kind !== "empty");
  const outcome = ctx.outcome;
  const order = outcome
    ? [...seats].sort((a, b) => (outcome.ranks[a.seat] ?? 99) - (outcome.ranks[b.seat] ?? 99) || a.seat - b.seat)
    : seats;
  // from three rounds on the columns say "R1", "R2" ... (the caption says what they count)
  const short = rounds.length >= 3;
  const head = h(
    "tr",
    {},
    outcome ? h("th", { scope: "col", class: "rt-rank", text: t("rt.rank") }) : null,
    h("th", { scope: "col", class: "rt-who", text: t("rt.who") }),
    rounds.map((_, k) => {
      const label = t(short ? "rt.round_col_short" : "rt.round_col", { round: k + 1 });
      return h("th", { key: `r${k}`, scope: "col", class: ["rt-round", k === current && "rt-current"], text: k === current ? `▸ ${label}` : label });
    }),
    h("th", { scope: "col", class: "rt-total", text: t("rt.total") }),
    extra.map((x, k) => h("th", { key: `x${k}`, scope: "col", class: "rt-extra", text: x.head })),
  );
  const body = order.map((s) => {
    const win = outcome && outcome.winners.includes(s.seat);
    return h(
      "tr",
      { key: s.seat, class: ["rt-row", win && "rt-win"], dataset: { seat: String(s.seat) } },
      outcome ? h("td", { class: "rt-rank", text: `${t("frame.rank", { rank: outcome.ranks[s.seat] })}${win ? " ★" : ""}` }) : null,
      h("th", { scope: "row", class: "rt-who" }, who(ctx.info, s.seat, s.name)),
      rounds.map((pts, k) => h("td", { key: `r${k}`, class: ["rt-round", k === current && "rt-current"], text: pts[s.seat] ?? "" })),
      h("td", { class: "rt-total", text: totals[s.seat] ?? "" }),
      extra.map((x, k) => h("td", { key: `x${k}`, class: "rt-extra", text: x.cells[s.seat] ?? "" })),
    );
  });
  const table = h(
    "table",
    { class: ["round-table", outcome && "round-table-final"], id, dataset: { rounds: String(rounds.length) } },
    caption ? h("caption", { text: caption }) : null,
    h("thead", {}, head),
    h("tbody", {}, body),
  );
  return h("div", { class: "round-table-box", id: `${id}-box` }, table);
}
