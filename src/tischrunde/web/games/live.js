// One polite live region for the game modules (Stella, Wordland): a screen reader hears what just happened
// and whose turn it is. It lives outside the screens the shell re-renders, so it is never rebuilt while it
// speaks; the shell may provide its own `#game-live` and the modules then use that one.

import { el } from "../dom.js";

let lastTurn = "";

function region() {
  let box = document.getElementById("game-live");
  if (!box) {
    box = el("div", { id: "game-live", role: "status", "aria-live": "polite", "aria-atomic": "true" });
    // visually hidden, still read (set from JS: the CSP forbids style attributes in markup)
    Object.assign(box.style, { position: "absolute", width: "1px", height: "1px", margin: "-1px", padding: "0", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap", border: "0" });
    document.body.appendChild(box);
  }
  return box;
}

/**
 * Say the new log lines and, when it changed, the status line (whose turn, what I may do). Called from a
 * module's animate() with the lines of the events of one state.
 */
export function announce(lines, turn = "") {
  const parts = lines.filter(Boolean);
  if (turn && turn !== lastTurn) parts.push(turn);
  lastTurn = turn || lastTurn;
  if (!parts.length) return;
  region().textContent = parts.join(" ");
}
