// The game frame: the top bar with the player strip (or the end screen's buttons), the status with its
// timer, the log, the module's table and the dock (the module's controls, or the ranking at the end).
// A module may return a virtual node, a real DOM node or a list from each of its render functions.

import { avatarOf, colourClass } from "../badges.js";
import { Component, createRef, h } from "../dom.js";
import { t, tp } from "../i18n.js";
import { gameContext } from "./context.js";
import { CLIENTS, gameModule } from "./games.js";
import { menuSheet, topBar } from "./menu.js";
import { playerStrip, turnSeats } from "./players.js";
import { endBar, ranking } from "./ranking.js";
import { app, gameNow } from "./state.js";
import { announce } from "./ui.js";

/** The game page, and what to do once it is on screen (the module's animations of the new events). */
export function gamePage() {
  const mod = gameModule(app.info.game);
  const ctx = gameContext();
  const attrs = { key: "game", class: ["page", "game", `game-${app.info.game}`, app.role === "table" && "is-table"] };
  if (!ctx || !mod) {
    const known = CLIENTS.includes(app.info.game);
    return { tree: h("main", attrs, topBar(), h("p", { class: "muted center", text: known ? t("join.connecting") : t("start.soon") })) };
  }
  const status = mod.status(ctx);
  // the one live region: whose turn it is and every line of the newest state's events (the modules add
  // to it only through ctx.announce, so nothing is said twice)
  const last = app.said.map((entry) => logText(mod, entry)).filter(Boolean).join(" ");
  announce(t("frame.announce", { status: status.main, last: last || "–" }));
  const tree = h(
    "main",
    attrs,
    // the end screen's buttons take the player strip's place at the top: no card or game control was ever there
    topBar(ctx.outcome ? endBar() : playerStrip(mod, ctx)),
    app.menuOpen ? menuSheet() : null,
    statusBanner(mod, ctx, status),
    logBox(mod),
    // the state version on screen: a test (and a curious player) can tell the view is current
    slot("section", { class: "table", id: "table", dataset: { version: String(app.state.version) } }, mod.renderTable(ctx), tableBox),
    slot("footer", { class: "dock", id: "dock" }, ctx.outcome ? ranking(mod, ctx) : mod.renderControls(ctx), dockBox),
  );
  const events = app.pendingEvents || [];
  app.pendingEvents = [];
  const animate = events.length && mod.animate ? (page) => mod.animate(events, ctx, page) : null;
  const after = (page) => {
    fillSlot(tableBox);
    fillSlot(dockBox);
    if (animate) animate(page);
  };
  return { tree, after };
}

const tableBox = { ref: createRef(), node: null };
const dockBox = { ref: createRef(), node: null };

/**
 * The table or the dock with the module's output: a virtual node or a list goes into the tree; one real
 * DOM node (a module still built with `el`) goes straight into the box after the mount, exactly as it is
 * (no wrapper, so the module's CSS sees its own node as the box's child), and stays while it is the same
 * node (Wordland keeps its word form, and with it focus, caret and keyboard).
 */
function slot(tag, attrs, output, box) {
  const real = typeof Node !== "undefined" && output instanceof Node;
  box.node = real ? output : null;
  if (real) return h(tag, { ...attrs, key: `${attrs.id}-real`, ref: box.ref });
  return h(tag, { ...attrs, key: `${attrs.id}-tree` }, output);
}

function fillSlot(box) {
  const parent = box.ref.current;
  if (!box.node || !parent || !parent.isConnected) return;
  if (parent.firstChild !== box.node || parent.childNodes.length !== 1) parent.replaceChildren(box.node);
}

function statusBanner(mod, ctx, status) {
  const away = ctx.outcome ? [] : awayTurn(mod, ctx);
  const clock = mod.timer ? mod.timer(ctx) : null;
  return h(
    "section",
    { class: ["status", status.mine && "status-mine"], id: "status" },
    h("p", { class: "status-main", id: "status-main", text: status.main }),
    status.hint ? h("p", { class: "status-hint", id: "status-hint", text: status.hint }) : null,
    away.length ? h("p", { class: "status-away", id: "status-away", text: tp("frame.away", away.length, { names: away }) }) : null,
    app.waiting && app.seat === null && !ctx.outcome ? h("p", { class: "status-waiting", id: "status-waiting", text: t("night.waiting_game") }) : null,
    clock && !ctx.outcome ? h(TimerBar, { until: clock.until, total: clock.total }) : null,
  );
}

/** Names of the people whose turn it is and who are away (their phone lost the connection). */
function awayTurn(mod, ctx) {
  const turn = turnSeats(mod, ctx);
  return app.info.seats.filter((s) => s.kind === "human" && !s.connected && turn.includes(s.seat)).map((s) => s.name);
}

/**
 * What just happened: the newest lines of the log, right under the status (beside the table on laptops),
 * hidden until the first line, so no blank gap sits above the table.
 */
function logBox(mod) {
  const lines = app.log.slice(-6).map((line) => {
    const node = h("p", { key: line.no, class: ["log-line", line.fresh && "log-fresh", `log-${line.kind}`] }, withAvatars(logText(mod, line)));
    line.fresh = false;
    return node;
  });
  return h("section", { class: "log", id: "log", "aria-label": t("frame.log"), hidden: !app.log.length }, lines);
}

/**
 * A log line's text with each seated person's name marked by their badge: the avatar is drawn by CSS
 * (`.log-who::before`, from data-avatar), so the line's text stays exactly the sentence.
 */
function withAvatars(text) {
  const seats = (app.info ? app.info.seats : []).filter((s) => s.kind !== "empty" && s.name);
  if (!text || !seats.length) return [text];
  const byName = new Map(seats.map((s) => [s.name, s.seat]));
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const parts = text.split(new RegExp(`(?<![\\p{L}\\p{N}])(${names.join("|")})(?![\\p{L}\\p{N}])`, "u"));
  return parts.map((part, k) =>
    k % 2 ? h("span", { class: ["log-who", colourClass(app.info, byName.get(part))], dataset: { avatar: avatarOf(app.info, byName.get(part)) }, text: part }) : part,
  );
}

/** A log entry in the current language: the module describes the event with the view it happened in. */
export function logText(mod, entry) {
  try {
    return mod.describe(entry.ev, entry.ctx) || "";
  } catch (err) {
    console.warn("describe failed", err);
    return "";
  }
}

/** The bar under the status: the time left of the module's timer, drawn every frame while it runs. */
class TimerBar extends Component {
  constructor(props) {
    super(props);
    this.fill = createRef();
    this.tick = () => {
      if (this.paint() > 0) this.frame = requestAnimationFrame(this.tick);
    };
  }
  componentDidMount() {
    this.start();
  }
  componentDidUpdate(prev) {
    if (prev.until !== this.props.until || prev.total !== this.props.total) this.start();
  }
  componentWillUnmount() {
    cancelAnimationFrame(this.frame);
  }
  start() {
    this.total = Math.max(1, this.props.total || this.props.until - gameNow());
    cancelAnimationFrame(this.frame);
    this.tick();
  }
  paint() {
    const left = Math.max(0, this.props.until - gameNow());
    const fill = this.fill.current;
    if (fill) {
      fill.style.width = `${Math.min(100, (100 * left) / this.total)}%`;
      fill.classList.toggle("timer-low", left / this.total < 0.3);
    }
    return left;
  }
  render() {
    return h("div", { class: "timer", role: "presentation" }, h("div", { class: "timer-fill", ref: this.fill }));
  }
}
