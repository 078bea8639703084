// The room's connection: entering and leaving a room, and what each server message does to the state
// (welcome, seated, room, state, error), with a stale action sent again while it still stands.

import { t } from "../i18n.js";
import { Connection, loadToken, saveTableToken, saveToken } from "../net.js";
import { setTableScreen } from "../sound.js";
import { onLost, settleSending } from "./actions.js";
import { gameContext } from "./context.js";
import { playCues } from "./cues.js";
import { errorSentence } from "./errors.js";
import { gameModule, loadGames } from "./games.js";
import { app, LOG_LINES, render, welcomedOnce } from "./state.js";
import { announce, setConnNotice, toast } from "./ui.js";
import { acquireWakeLockLater, releaseWakeLock } from "./wake.js";

let logNo = 0;

export function leaveConnection() {
  if (app.conn) app.conn.close();
  app.conn = null;
  app.info = null;
  app.state = null;
  app.seat = null;
  app.log = [];
  app.said = [];
  app.error = null;
  app.waiting = false;
  app.everOpen = false;
  app.sending = null;
  app.joinInfo = null;
  app.preview = null;
  app.nameError = null;
  app.previewAsked = null;
  app.joinAsked = null;
  app.tableHost = false;
  app.handArmed = null;
  setConnNotice(false);
  releaseWakeLock();
  announce("");
}

export function enterRoom(code, role) {
  if (app.conn && app.room === code && app.role === role) return render();
  leaveConnection();
  app.room = code;
  app.role = role;
  setTableScreen(role === "table");
  const pending = sessionStorage.getItem(`tischrunde.pending.${code}`);
  if (role === "player" && !loadToken(code) && !pending) {
    app.status = "ask-name";
    return render();
  }
  connect(pending);
}

export function connect(name) {
  app.status = "connecting";
  app.nameError = null;
  app.conn = new Connection({
    room: app.room,
    role: app.role,
    name,
    onMessage,
    onStatus: (s) => {
      app.status = s;
      if (s === "open") app.everOpen = true;
      setConnNotice(s !== "open" && app.everOpen);
      render();
    },
    onLost,
  });
  loadGames().then(render, () => {});
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      app.seat = msg.seat;
      app.role = msg.role;
      app.error = null;
      app.nameError = null;
      app.waiting = msg.waiting === true && msg.seat === null;
      app.tableHost = msg.table_host === true;
      sessionStorage.removeItem(`tischrunde.pending.${app.room}`);
      break;
    case "seated":
      // joined during the last game: the room is back in the lobby and this phone now holds that seat
      app.seat = msg.seat;
      app.waiting = false;
      app.role = "player";
      app.seatedNow = msg.seat; // the lobby says so until the next game starts
      break;
    case "room": {
      const was = app.info;
      app.info = msg.room;
      app.linkCopied = false;
      gameModule(msg.room.game);
      if (was && was.status !== msg.room.status && msg.room.status === "playing") {
        app.log = [];
        app.said = [];
        app.seatedNow = null;
      }
      if (was && was.status !== "lobby" && msg.room.status === "lobby") {
        // back in the lobby after (or during) a game: the old table is gone
        app.state = null;
        app.log = [];
        app.said = [];
        app.wasMyTurn = false;
        announce("");
        app.rankingClosed = false;
        app.menuOpen = false;
        settleSending();
        releaseWakeLock();
      }
      // a seat left the lobby and later seats moved up: ask the server again which seat is ours
      if (was && app.seat !== null && msg.room.seats.length < was.seats.length && app.conn) app.conn.resync();
      break;
    }
    case "state":
      onState(msg);
      break;
    case "error":
      onError(msg);
      break;
    default:
      return;
  }
  render();
}

function onState(msg) {
  settleSending();
  if (!msg.outcome) app.rankingClosed = false;
  app.state = msg;
  app.stateAt = performance.now();
  const mod = app.info ? gameModule(app.info.game) : null;
  const ctx = gameContext();
  // the log keeps events with the view they happened in, and says them at render time (in the language
  // of that moment: a language switch re-tells the whole log)
  const fresh = [];
  for (const ev of msg.events || []) {
    const line = mod && ctx ? mod.describe(ev, ctx) : null;
    if (line) fresh.push({ no: (logNo += 1), ev, ctx, kind: ev.kind, fresh: true });
  }
  app.log.push(...fresh);
  if (fresh.length) app.said = fresh;
  if (app.log.length > LOG_LINES) app.log.splice(0, app.log.length - LOG_LINES);
  app.pendingEvents = msg.events || [];
  playCues(mod, ctx, msg.events || []);
  if (msg.outcome) acquireWakeLockLater(false);
  else acquireWakeLockLater(true);
}

function onError(msg) {
  settleSending();
  const mod = app.info ? gameModule(app.info.game) : null;
  if (msg.code === "stale_version" && retryPending(mod)) return;
  // a module's errorText may return a string or {text, inline}: inline means the module shows it itself
  const own = mod && mod.errorText ? mod.errorText(msg) : null;
  const inline = Boolean(own && typeof own === "object" && own.inline);
  const ownText = own && typeof own === "object" ? own.text : own;
  const text = ownText || errorSentence(msg);
  if (msg.code === "name_taken" && !welcomedOnce()) {
    // the join form says it next to the name, and keeps what was typed
    if (app.conn) app.conn.close();
    app.conn = null;
    app.status = "ask-name";
    app.nameError = t("err.name_taken");
    app.preview = null; // ask again who is in the room now
    app.previewAsked = null;
    return;
  }
  if (msg.code === "bad_token" && app.role === "table") {
    // a table token this room does not know (an old one): the table screen stays, without host rights
    saveTableToken(app.room, null);
    if (app.conn) app.conn.close();
    connect(null);
    return;
  }
  if (msg.code === "bad_token" || msg.code === "kicked" || msg.code === "left_elsewhere") {
    saveToken(app.room, null);
    if (app.conn) app.conn.close();
    app.conn = null;
    app.status = "ask-name";
  } else if (["unknown_room", "room_locked", "room_full"].includes(msg.code) && !welcomedOnce()) {
    if (app.conn) app.conn.close();
    app.conn = null;
    app.status = "failed";
    app.error = text;
  }
  if (msg.code === "stale_version" || inline) return;
  toast(text, "error");
}

function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Someone acted a moment earlier (a bot, a timer, a race): send the same action again if it still stands,
 * either because it is among the legal actions or because the module's `retryOnStale(action, ctx)` says so
 * (open choices such as Stella's marks or Wordland's typed word never appear in the legal list).
 */
function retryPending(mod) {
  const p = app.pending;
  if (!p || p.tries >= 2 || performance.now() - p.at > 3000 || !app.state || !app.conn) return false;
  const wanted = canonical(p.action);
  const legal = (app.state.legal || []).some((a) => canonical(a) === wanted);
  const ctx = gameContext();
  if (!legal && !(mod && mod.retryOnStale && ctx && mod.retryOnStale(p.action, ctx))) return false;
  p.tries += 1;
  return app.conn.act(p.action) !== false;
}
