// The end screen: the host's buttons in the top bar (play again, back to the lobby) and the ranking in
// the dock (folds to one button on a phone, so the last table stays visible).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { hostOp } from "./host.js";
import { app, isHost, night, render, seatName } from "./state.js";

/** The end screen's actions, in the top bar: the host plays again or goes back to the lobby. */
export function endBar() {
  let inner;
  if (isHost()) {
    inner = [
      h("button", { class: "btn btn-primary", type: "button", id: "play-again", text: t(night() ? "night.play_again" : "frame.play_again"), on: { click: () => hostOp("restart") } }),
      night() ? h("button", { class: "btn", type: "button", id: "to-lobby", text: t("night.to_lobby"), on: { click: () => hostOp("to_lobby") } }) : null,
    ];
  } else if (app.info.host_seat !== null && app.role !== "table") {
    inner = h("p", { class: "muted end-wait", id: "end-wait", text: t(night() ? "night.waiting_next" : "frame.waiting_restart", { name: seatName(app.info.host_seat) }) });
  } else {
    inner = h("p", { class: "muted end-wait", text: t("frame.game_over") });
  }
  return h("div", { class: "end-bar", id: "end-actions" }, inner);
}

function rankingToggle(closed) {
  return h("button", {
    class: ["btn", "btn-small", "ranking-toggle"],
    type: "button",
    id: "ranking-toggle",
    "aria-expanded": closed ? "false" : "true",
    text: closed ? `▲ ${t("frame.ranking_show")}` : `▼ ${t("frame.ranking_hide")}`,
    on: {
      click: () => {
        app.rankingClosed = !closed;
        render();
      },
    },
  });
}

export function ranking(mod, ctx) {
  const o = ctx.outcome;
  if (app.rankingClosed) return h("section", { class: "ranking ranking-closed", id: "ranking" }, rankingToggle(true));
  const order = o.ranks.map((r, seat) => ({ seat, rank: r, score: o.scores[seat] })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return h(
    "section",
    { class: "ranking", id: "ranking" },
    h("div", { class: "ranking-head" }, h("h2", { text: t("frame.ranking") }), rankingToggle(false)),
    h(
      "ol",
      { class: "rank-list" },
      order.map((row) => {
        const win = o.winners.includes(row.seat);
        return h(
          "li",
          { key: row.seat, class: ["rank-row", win && "rank-win", row.seat === ctx.seat && "rank-me"], dataset: { seat: String(row.seat) } },
          h("span", { class: "rank-no", text: t("frame.rank", { rank: row.rank }) }),
          h("span", { class: "rank-name", text: seatName(row.seat) }),
          h("span", { class: "rank-score", text: mod.scoreText(row.score, ctx) }),
          win ? h("span", { class: "badge badge-win", text: `★ ${t("frame.winner")}` }) : null,
        );
      }),
    ),
    mod.outcomeDetails ? mod.outcomeDetails(ctx) : null,
  );
}
