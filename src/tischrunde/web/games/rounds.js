// The round table every game's table screen shows between rounds and at the end: one row per person
// (avatar and whole name), one column per round, the running total, and at the end the rank and the
// winners. Numbers only in the cells (the caption says what they count); every cell fits its text.

import { whoNode } from "../badges.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";

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
  const table = el("table", { class: ["round-table", outcome && "round-table-final"], id, dataset: { rounds: String(rounds.length) } });
  if (caption) table.appendChild(el("caption", { text: caption }));
  const head = el("tr", {});
  if (outcome) head.appendChild(el("th", { scope: "col", class: "rt-rank", text: t("rt.rank") }));
  head.appendChild(el("th", { scope: "col", class: "rt-who", text: t("rt.who") }));
  rounds.forEach((_, k) => {
    const label = t(short ? "rt.round_col_short" : "rt.round_col", { round: k + 1 });
    head.appendChild(el("th", { scope: "col", class: ["rt-round", k === current && "rt-current"], text: k === current ? `▸ ${label}` : label }));
  });
  head.appendChild(el("th", { scope: "col", class: "rt-total", text: t("rt.total") }));
  for (const x of extra) head.appendChild(el("th", { scope: "col", class: "rt-extra", text: x.head }));
  table.appendChild(el("thead", {}, head));
  const body = el("tbody", {});
  for (const s of order) {
    const win = outcome && outcome.winners.includes(s.seat);
    const row = el("tr", { class: ["rt-row", win && "rt-win"], dataset: { seat: String(s.seat) } });
    if (outcome) row.appendChild(el("td", { class: "rt-rank", text: `${t("frame.rank", { rank: outcome.ranks[s.seat] })}${win ? " ★" : ""}` }));
    row.appendChild(el("th", { scope: "row", class: "rt-who" }, whoNode(ctx.info, s.seat, s.name)));
    rounds.forEach((pts, k) => row.appendChild(el("td", { class: ["rt-round", k === current && "rt-current"], text: pts[s.seat] ?? "" })));
    row.appendChild(el("td", { class: "rt-total", text: totals[s.seat] ?? "" }));
    for (const x of extra) row.appendChild(el("td", { class: "rt-extra", text: x.cells[s.seat] ?? "" }));
    body.appendChild(row);
  }
  table.appendChild(body);
  return el("div", { class: "round-table-box", id: `${id}-box` }, table);
}
