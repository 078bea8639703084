// The `ctx` a game module gets on every render (web/README.md "A game module").

import { sendAction } from "./actions.js";
import { standInNodes } from "./players.js";
import { app, gameNow, render, seatName } from "./state.js";
import { announce, explain } from "./ui.js";

export function gameContext() {
  if (!app.state || !app.info) return null;
  const s = app.state;
  return {
    view: s.view,
    legal: s.legal || [],
    active: s.active || [],
    seat: app.role === "player" ? app.seat : null,
    role: app.role,
    isTable: app.role === "table",
    info: app.info,
    outcome: s.outcome,
    name: seatName,
    act: sendAction,
    explain,
    rerender: render,
    // say a sentence through the shell's one polite live region (the events of a state and whose turn it
    // is the shell says itself; this is for what a module shows outside the log, like a typing warning)
    announce: (text) => announce(String(text || "")),
    now: gameNow,
    // the server's clock: deadline and "now" of the last StateMsg (game ms) and when it arrived here
    deadline: typeof s.deadline_ms === "number" ? s.deadline_ms : null,
    deadlineMs: typeof s.deadline_ms === "number" ? s.deadline_ms : null,
    nowMs: s.now_ms,
    receivedAt: app.stateAt,
    // an away person's stand-in countdown and the host's button (a virtual node, or null), for a module
    // whose own seats take the player strip's place (Mogel-Motte hides the strip on phones and table screens)
    standIn: (seat) => {
      const row = app.info.seats.find((x) => x.seat === seat);
      return row ? standInNodes(row, { outcome: s.outcome }) : null;
    },
  };
}
