// The router: the start page (/), a room (/r/CODE), its table screen (/r/CODE?table=1) and watching
// (/r/CODE?watch=1); one mount of the current screen into #app on every render.

import { mount } from "../dom.js";
import { t } from "../i18n.js";
import { gamePage } from "./frame.js";
import { askNamePage, connectingPage, failedPage } from "./join.js";
import { lobbyPage } from "./lobby.js";
import { connect, enterRoom, leaveConnection } from "./session.js";
import { startPage } from "./start.js";
import { app, setRouter } from "./state.js";

const root = document.getElementById("app");
// the page's <noscript> goes: #app holds only what the router mounts (root.firstElementChild is the screen)
root.replaceChildren();

export function route() {
  const match = location.pathname.match(/^\/r\/([A-Za-z0-9]+)\/?$/);
  const params = new URLSearchParams(location.search);
  if (match) {
    enterRoom(match[1].toUpperCase(), params.has("table") ? "table" : params.has("watch") ? "spectator" : "player");
  } else {
    leaveConnection();
    app.room = null;
    render();
  }
}

/** Patch #app to show the current state (the screens keep focus, caret and keyboard by themselves). */
export function render() {
  let after = null;
  let tree;
  if (!app.room) tree = startPage();
  else {
    document.title = `${app.room} · ${t("app.title")}`;
    if (app.status === "ask-name") tree = askNamePage(connect);
    else if (app.status === "failed") tree = failedPage();
    else if (!app.info) tree = connectingPage();
    else if (app.info.status === "lobby") tree = lobbyPage();
    else ({ tree, after } = gamePage());
  }
  dropLoose();
  mount(root, tree);
  const page = root.firstElementChild;
  ours = page ? new Set(page.children) : null;
  if (after) after(page);
}

// the page's own children after the last mount: what a module's animate() put straight into the page
// (a burst, a splash) lives until the next render, as it did when every render made a new page
let ours = null;

function dropLoose() {
  const page = root.firstElementChild;
  if (!page || !ours) return;
  for (const child of [...page.children]) if (!ours.has(child)) child.remove();
}

setRouter(render, route);
