// A game action on its way: the tapped control is marked while it travels, and a plain "not sent" when
// the connection is down or broke before the answer (never queued for later).

import { t } from "../i18n.js";
import { app } from "./state.js";
import { toast } from "./ui.js";

// the element the last tap went to, so the shell can mark the control whose action is on its way
let lastTap = { node: null, at: 0 };
export function noteTap(ev) {
  const node = ev.target instanceof Element ? ev.target.closest("button, [data-action], .pcard, [role=button]") : null;
  lastTap = { node, at: performance.now() };
}

export function markTap(node, cls) {
  if (!node || !node.isConnected) return;
  node.classList.remove("tap-sending", "tap-not-sent");
  node.classList.add(cls);
  if (cls === "tap-sending") node.setAttribute("aria-busy", "true");
  else node.removeAttribute("aria-busy");
}

export function settleSending() {
  if (!app.sending) return;
  const node = app.sending.node;
  app.sending = null;
  if (node) {
    node.classList.remove("tap-sending");
    node.removeAttribute("aria-busy");
  }
}

/** Send a game action now, or say plainly that it was not sent (never queued for later). */
export function sendAction(action) {
  // a press-and-hold (Mogel-Motte's cheat) acts a while after the press
  const node = performance.now() - lastTap.at < 5000 ? lastTap.node : null;
  if (!app.conn || !app.conn.isOpen || !app.conn.act(action)) {
    markTap(node, "tap-not-sent");
    toast(t("net.not_sent_offline"), "error");
    return false;
  }
  app.pending = { action, at: performance.now(), tries: 0 };
  app.sending = { at: performance.now(), node };
  markTap(node, "tap-sending");
  return true;
}

/**
 * The connection broke. An action sent on it that got no answer may never have arrived: say so, and do
 * not send it again on our own (the fresh view after the reconnect shows what counts).
 */
export function onLost() {
  if (app.sending) {
    markTap(app.sending.node, "tap-not-sent");
    app.sending = null;
    toast(t("net.not_sent_lost"), "error");
  }
  app.pending = null;
}
