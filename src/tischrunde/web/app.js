// The app's entry: wires the shell's modules (shell/, see README.md) to the page and routes once.
//   router.js   the routes and the one mount of the current screen into #app
//   start.js    the start page; join.js: connecting, failed, the join page
//   lobby.js    the lobby; evening.js: the game night's parts; host.js: the host's ops and controls
//   frame.js    the game frame (players.js: the strip, ranking.js: the end screen, context.js: ctx)
//   options.js  game picker and option editor; errors.js: refusals in words
//   session.js  the room's connection and its messages; actions.js: a game action on its way
//   wake.js     the screen stays on; cues.js: sound cues; menu.js: top bar and menu; ui.js: small pieces
//   state.js    the one state object, render() and navigate()

import { onLangChange } from "./i18n.js";
import { noteTap } from "./shell/actions.js";
import { render, route } from "./shell/router.js";
import { startWakeFallback, watchVisibility } from "./shell/wake.js";

window.addEventListener("popstate", route);
onLangChange(() => render());
// the element the last tap went to, so the shell can mark the control whose action is on its way
document.addEventListener("pointerdown", noteTap, true);
document.addEventListener(
  "click",
  (ev) => {
    noteTap(ev);
    startWakeFallback();
  },
  true,
);
watchVisibility();

route();
