// The top bar (room code, the player strip or the end screen's buttons, the menu button), the menu sheet,
// and "How to play" (web/howto.js, loaded on demand).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { saveToken } from "../net.js";
import { cue, isMuted, setMuted } from "../sound.js";
import { gameTitle, specFor } from "./games.js";
import { hostOp } from "./host.js";
import { app, isHost, navigate, night, render } from "./state.js";
import { langSwitch } from "./ui.js";

export function topBar(players = null) {
  return h(
    "header",
    { class: "topbar" },
    h("span", { class: "room-code", title: t("lobby.code"), text: app.room }),
    players,
    h("button", {
      class: "btn btn-icon menu-button",
      type: "button",
      id: "menu-button",
      "aria-label": t("menu.open"),
      "aria-expanded": app.menuOpen ? "true" : "false",
      text: "☰",
      on: {
        click: () => {
          app.menuOpen = !app.menuOpen;
          app.leaveArmed = false;
          app.lobbyArmed = false;
          render();
        },
      },
    }),
  );
}

/** Sound (and the buzz for your turn) on or off, remembered on this device; the table screen starts muted. */
function muteSwitch() {
  const muted = isMuted();
  return h(
    "button",
    {
      class: ["btn", "mute-switch", muted && "is-muted"],
      type: "button",
      id: "mute-switch",
      role: "switch",
      "aria-checked": muted ? "false" : "true",
      on: {
        click: () => {
          setMuted(!isMuted());
          if (!isMuted()) cue("turn");
          render();
        },
      },
    },
    h("span", { class: "mute-icon", "aria-hidden": "true", text: muted ? "🔇" : "🔊" }),
    h("span", { text: t("menu.sound") }),
    h("span", { class: "mute-state", text: t(muted ? "menu.sound_off" : "menu.sound_on") }),
  );
}

function closeMenu() {
  app.menuOpen = false;
  render();
}

/** "Back to the lobby" for everyone: a game still running is worth a second tap (it ends for everyone). */
function toLobby() {
  if (app.info.status === "playing" && !app.lobbyArmed) {
    app.lobbyArmed = true;
    render();
    return;
  }
  app.lobbyArmed = false;
  app.menuOpen = false;
  hostOp("to_lobby");
  render();
}

/** Leaving: a seat is worth a second tap (no browser dialog). */
function leave() {
  if (app.seat !== null && !app.leaveArmed) {
    app.leaveArmed = true;
    render();
    return;
  }
  app.leaveArmed = false;
  if (app.conn) app.conn.leave();
  saveToken(app.room, null);
  app.menuOpen = false;
  setTimeout(() => navigate("/"), 50);
}

export function menuSheet() {
  const running = app.info && app.info.status !== "lobby";
  return h(
    "div",
    { class: "sheet", role: "dialog", "aria-label": t("menu.open"), id: "menu" },
    langSwitch(),
    muteSwitch(),
    app.info ? howtoMenuItem() : null,
    app.role !== "table" ? h("a", { class: "btn", href: `/r/${app.room}?table=1`, target: "_blank", rel: "noopener", text: t("lobby.table_link") }) : null,
    isHost() && running
      ? h("button", {
          class: "btn",
          type: "button",
          id: "menu-restart",
          text: t("menu.restart"),
          on: {
            click: () => {
              app.menuOpen = false;
              hostOp("restart");
            },
          },
        })
      : null,
    isHost() && night() && running
      ? h("button", { class: "btn", type: "button", id: "menu-lobby", text: app.lobbyArmed ? t("night.to_lobby_confirm") : t("night.to_lobby"), on: { click: toLobby } })
      : null,
    running ? h("button", { class: "btn btn-ghost", type: "button", id: "menu-start-page", text: t("frame.back_to_start"), on: { click: () => navigate("/") } }) : null,
    h("button", { class: "btn btn-danger", type: "button", id: "menu-leave", text: app.leaveArmed ? t("menu.leave_confirm") : t("menu.leave"), on: { click: leave } }),
    h("button", { class: "btn btn-ghost", type: "button", text: t("menu.close"), on: { click: closeMenu } }),
  );
}

let howtoModule = null;

/** Open the how-to of `game`; the focus goes back to `returnTo` (a selector) when it closes. */
function showHowto(game, returnTo) {
  howtoModule ??= import("../howto.js");
  howtoModule.then(
    (m) => m.openHowto(game, () => gameTitle(specFor(game)) || game, returnTo),
    (err) => console.warn("howto.js failed to load", err),
  );
}

function bookIcon() {
  return h("span", { class: "howto-icon", "aria-hidden": "true", text: "📖 " });
}

/** The lobby's "How to play" button, beside the house rules. */
export function howtoButton(game, id) {
  return h("button", { class: "btn howto-open", type: "button", id, dataset: { game }, on: { click: () => showHowto(game, `#${id}`) } }, bookIcon(), t("howto.open"));
}

/** The menu's "How to play": the menu closes, the how-to opens, and the focus comes back to the menu button. */
function howtoMenuItem() {
  const game = app.info.game;
  return h(
    "button",
    {
      class: "btn",
      type: "button",
      id: "menu-howto",
      on: {
        click: () => {
          app.menuOpen = false;
          render();
          showHowto(game, "#menu-button");
        },
      },
    },
    bookIcon(),
    t("howto.open"),
  );
}
