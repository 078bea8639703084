// The host's ops (a table of what the host may do, sent as HostOp) and the host's own lobby controls:
// a seat's buttons, handing the host role on (asked first), a bot of some strength.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { app, render } from "./state.js";
import { smallBtn, toast } from "./ui.js";

/** A host op, or a plain "not sent" when the connection is down. */
export function hostOp(op, extra = {}) {
  if (app.conn && app.conn.isOpen && app.conn.host(op, extra)) return true;
  toast(t("net.not_sent_offline"), "error");
  return false;
}

/** The host's buttons on one lobby seat: remove a bot, make host, kick. */
export function seatControls(s, host) {
  const controls = [];
  if (host && s.kind === "bot") controls.push(smallBtn(t("lobby.remove_bot"), () => hostOp("remove_bot", { seat: s.seat }), "remove-bot"));
  if (host && s.kind === "human" && s.seat !== app.seat && !s.host) controls.push(smallBtn(t("lobby.make_host"), () => armHandHost(s.seat), "make-host"));
  if (host && s.kind === "human" && s.seat !== app.seat) controls.push(smallBtn(t("lobby.kick"), () => hostOp("kick", { seat: s.seat }), "kick"));
  return controls.length ? h("span", { class: "seat-controls" }, controls) : null;
}

/** "Make host" asks first, naming the person: handing the role on cannot be taken back by the old host. */
function armHandHost(seat) {
  app.handArmed = seat;
  render();
}

export function handHostConfirm(info, host) {
  const seat = app.handArmed;
  if (!host || seat === null || seat === undefined) return null;
  const target = info.seats.find((s) => s.seat === seat && s.kind === "human" && !s.host);
  if (!target) {
    app.handArmed = null;
    return null;
  }
  const done = () => {
    app.handArmed = null;
    render();
  };
  return h(
    "div",
    { class: "notice hand-confirm", id: "hand-confirm", role: "alertdialog", "aria-labelledby": "hand-confirm-text" },
    h("p", { id: "hand-confirm-text", text: t(app.role === "table" ? "lobby.hand_confirm_table" : "lobby.hand_confirm", { name: target.name }) }),
    h(
      "div",
      { class: "row wrap" },
      h("button", {
        class: "btn btn-primary",
        type: "button",
        id: "hand-confirm-yes",
        text: t("lobby.hand_yes", { name: target.name }),
        on: {
          click: () => {
            hostOp("hand_host", { seat: target.seat });
            done();
          },
        },
      }),
      h("button", { class: "btn", type: "button", id: "hand-confirm-no", text: t("lobby.hand_no"), on: { click: done } }),
    ),
  );
}

/** The level of a bot seat ("heuristic:hard" -> "hard"); a bot named without one plays at "normal". */
export function botLevel(bot) {
  if (typeof bot !== "string" || !bot) return null;
  const level = bot.includes(":") ? bot.split(":")[1] : "normal";
  return ["easy", "normal", "hard"].includes(level) ? level : null;
}

/** "+ Add a bot" with its difficulty (the server's `bot_levels`), sent as "kind:level". */
export function addBotControls(spec) {
  const levels = spec && Array.isArray(spec.bot_levels) ? spec.bot_levels : [];
  if (!levels.length || !spec.default_bot) return smallBtn(`+ ${t("lobby.add_bot")}`, () => hostOp("add_bot", {}), "add-bot");
  if (!levels.includes(app.botLevel)) app.botLevel = levels.includes("normal") ? "normal" : levels[0];
  return h(
    "span",
    { class: "add-bot" },
    h("label", { for: "bot-level", class: "label", text: t("lobby.bot_strength") }),
    h(
      "select",
      { id: "bot-level", class: "bot-level", on: { change: (ev) => (app.botLevel = ev.currentTarget.value) } },
      levels.map((l) => h("option", { key: l, value: l, selected: l === app.botLevel, text: t(`bot.level.${l}`) })),
    ),
    smallBtn(`+ ${t("lobby.add_bot")}`, () => hostOp("add_bot", { bot: `${spec.default_bot}:${app.botLevel}` }), "add-bot"),
  );
}
