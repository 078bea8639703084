// The player strip of the game frame: a tile per person (turn mark, avatar, name, away mark, the module's
// badges) and an away person's stand-in countdown with the host's button.

import { avatar, colourClass } from "../badges.js";
import { Component, h } from "../dom.js";
import { t } from "../i18n.js";
import { hostOp } from "./host.js";
import { app, gameNow, isHost } from "./state.js";

/** The seats the module waits for (▶ in the strip; every active seat by default). */
export function turnSeats(mod, ctx) {
  return mod.waitingFor ? mod.waitingFor(ctx) : ctx.active;
}

export function playerStrip(mod, ctx) {
  const turnOf = turnSeats(mod, ctx);
  return h(
    "ol",
    { class: "players", id: "players" },
    app.info.seats
      .filter((s) => s.kind !== "empty")
      .map((s) => {
        const turn = turnOf.includes(s.seat) && !ctx.outcome;
        const extra = mod.seatInfo(s.seat, ctx);
        const off = !s.connected && s.kind === "human";
        return h(
          "li",
          {
            key: s.seat,
            class: ["player", colourClass(app.info, s.seat), turn && "player-turn", s.seat === ctx.seat && "player-me", off && "player-off", ...(extra.classes || [])],
            dataset: { seat: String(s.seat) },
          },
          h(
            "span",
            { class: "player-top" },
            turn ? h("span", { class: "turn-mark", "aria-label": t("frame.turn_badge"), text: "▶" }) : null,
            avatar(app.info, s.seat, "player-avatar"),
            h("span", { class: "player-name", text: s.name }),
          ),
          off ? h("span", { class: "off-mark", title: t("frame.offline"), text: "⚡" }) : null,
          extra.nodes || null,
          standInNodes(s, ctx),
        );
      }),
  );
}

/**
 * An away person's tile: when the stand-in bot acts for them (SeatInfo.standin_ms, game ms), counted down
 * on every screen, and for the host the button that lets the bot play now (host op stand_in).
 */
export function standInNodes(s, ctx) {
  if (s.kind !== "human" || s.connected || ctx.outcome || app.info.status !== "playing") return null;
  const due = typeof s.standin_ms === "number" ? s.standin_ms : null;
  const nodes = [];
  if (due !== null) nodes.push(h(StandInDue, { key: "due", due, seat: s.seat }));
  else if (s.bot) nodes.push(h("span", { key: "on", class: "standin-on", text: `🤖 ${t("frame.standin_on")}` }));
  if (isHost() && (due !== null || !s.bot)) {
    nodes.push(
      h("button", {
        key: "now",
        class: ["btn", "btn-small", "standin-now"],
        type: "button",
        dataset: { seat: String(s.seat) },
        text: t("frame.standin_now", { name: s.name }),
        on: { click: () => hostOp("stand_in", { seat: s.seat }) },
      }),
    );
  }
  return nodes.length ? h("span", { class: "standin", id: `standin-${s.seat}` }, nodes) : null;
}

/** The countdown's words: whole seconds left until the stand-in acts ("now" once the time is up). */
function standInText(due) {
  const left = Math.max(0, Math.ceil((due - gameNow()) / 1000));
  return left > 0 ? `🤖 ${t("frame.standin_in", { seconds: left })}` : `🤖 ${t("frame.standin_soon")}`;
}

/** The countdown patches itself four times a second while it is on screen. */
class StandInDue extends Component {
  componentDidMount() {
    this.timer = setInterval(() => {
      if (!this.base || !this.base.isConnected) {
        clearInterval(this.timer);
        return;
      }
      this.setState({ at: performance.now() });
    }, 250);
  }
  componentWillUnmount() {
    clearInterval(this.timer);
  }
  render() {
    return h("span", { class: "standin-due", dataset: { due: String(this.props.due), seat: String(this.props.seat) }, role: "timer", text: standInText(this.props.due) });
  }
}
