// Sound cues of a new state: the module's own, or the shell's defaults per game, and "turn" with a buzz.

import { buzz, CUE_NAMES, cue } from "../sound.js";
import { app, gameNow } from "./state.js";

/**
 * Cues the shell plays for a game whose module has no `cues(events, ctx)` of its own: the races and
 * "Erwischt!" in Mogel-Motte, a spark in Stella. `cueAt(ctx) -> {name, at} | null` schedules one cue at a
 * game time (Wordland's teapot three seconds before it rings, for the player at turn and the table).
 */
const SHELL_CUES = {
  mogelmotte: {
    cues: (events) =>
      events.map((ev) => (ev.kind === "mosquito_race" || ev.kind === "cockroach_race" ? "race" : ev.kind === "caught" ? "caught" : null)),
  },
  stella: {
    cues: (events) => events.map((ev) => (ev.kind === "revealed" && ev.data && String(ev.data.kind).includes("spark") ? "spark" : null)),
  },
  wordland: {
    cueAt: (ctx) => {
      const view = ctx.view || {};
      if (view.phase !== "play" || view.vote || typeof view.turn_deadline !== "number") return null;
      if (!view.my_turn && !ctx.isTable) return null;
      return { name: "teapot", at: view.turn_deadline - 3000 };
    },
  },
};

function cueHooks(mod, game) {
  const own = SHELL_CUES[game] || {};
  return { cues: (mod && mod.cues) || own.cues || null, cueAt: (mod && mod.cueAt) || own.cueAt || null };
}

/** Is it this seat's turn (the seats the module waits for; every active seat by default)? */
function myTurn(mod, ctx) {
  if (!mod || !ctx || ctx.outcome || ctx.seat === null) return false;
  const turn = mod.waitingFor ? mod.waitingFor(ctx) : ctx.active;
  return Array.isArray(turn) && turn.includes(ctx.seat);
}

let cueTimer = null;

/** The cues of a new state: "turn" and a buzz when the turn becomes mine, the module's (or the shell's) cues. */
export function playCues(mod, ctx, events) {
  if (!mod || !ctx) return;
  const mine = myTurn(mod, ctx);
  const hooks = cueHooks(mod, app.info.game);
  const names = [];
  if (mine && !app.wasMyTurn) names.push("turn");
  app.wasMyTurn = mine;
  if (hooks.cues && events.length) {
    try {
      for (const name of hooks.cues(events, ctx) || []) if (CUE_NAMES.includes(name)) names.push(name);
    } catch (err) {
      console.warn("cues failed", err);
    }
  }
  // one sound per state: the most telling one (a race or "caught" over "turn")
  const order = ["caught", "race", "spark", "teapot", "turn"];
  const first = order.find((n) => names.includes(n));
  if (first) cue(first);
  if (names.includes("turn")) buzz();
  clearTimeout(cueTimer);
  const later = hooks.cueAt ? hooks.cueAt(ctx) : null;
  if (later && CUE_NAMES.includes(later.name)) {
    const wait = later.at - gameNow();
    const version = app.state.version;
    if (wait > 0) cueTimer = setTimeout(() => app.state && app.state.version === version && cue(later.name), wait);
  }
}
