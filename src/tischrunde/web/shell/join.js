// The room's first screens: connecting, a room that failed, and the join page (the name to play under,
// with the room's game and the people already in it).

import { field, h } from "../dom.js";
import { t, tp } from "../i18n.js";
import { gameTitle, loadGames, specFor } from "./games.js";
import { app, NAME_KEY, navigate, render } from "./state.js";
import { langSwitch, toast } from "./ui.js";

export function connectingPage() {
  return h("main", { key: "connecting", class: "page center" }, h("p", { class: "big-code", text: app.room }), h("p", { class: "muted", role: "status", text: t("join.connecting") }));
}

export function failedPage() {
  return h(
    "main",
    { key: "failed", class: "page center" },
    h("p", { class: "big-code", text: app.room }),
    h("p", { class: "error", role: "alert", text: app.error || t("join.room_missing") }),
    h("button", { class: "btn", type: "button", text: t("frame.back_to_start"), on: { click: () => navigate("/") } }),
  );
}

let askName = null;

/** The name field, focused when the join page comes (a stable function: Preact calls it once per mount). */
function askNameRef(node) {
  askName = node;
  if (node) node.focus();
}

/** `connect(name)` joins the room under that name (session.js). */
export function askNamePage(connect) {
  loadPreview();
  const submit = (ev) => {
    ev.preventDefault();
    const typed = askName.value;
    const name = typed.trim();
    if (!name) return toast(t("start.name_needed"), "error");
    localStorage.setItem(NAME_KEY, name);
    app.askedName = typed;
    connect(name);
  };
  return h(
    "main",
    { key: "ask-name", class: "page center" },
    h("div", { class: "top-right" }, langSwitch()),
    h(
      "form",
      { class: "card", id: "ask-name-form", on: { submit } },
      h("h2", { text: t("join.title", { code: app.room }) }),
      joinPreview(),
      h("label", { for: "ask-name", text: t("start.your_name") }),
      field("input", {
        id: "ask-name",
        name: "name",
        maxlength: "24",
        autocomplete: "nickname",
        placeholder: t("start.name_placeholder"),
        value: app.askedName || localStorage.getItem(NAME_KEY) || "",
        "aria-invalid": app.nameError ? "true" : undefined,
        "aria-describedby": app.nameError ? "ask-name-error" : undefined,
        key: "ask-name",
        ref: askNameRef,
      }),
      app.nameError ? h("p", { class: "field-error", id: "ask-name-error", role: "alert", text: app.nameError }) : null,
      h("button", { class: "btn btn-primary", type: "submit", id: "ask-join", text: t("start.join_button") }),
      h("button", { class: "btn", type: "button", id: "ask-watch", text: t("start.watch_button"), on: { click: () => navigate(`/r/${app.room}?watch=1`) } }),
      h("a", { class: "btn btn-ghost", href: `/r/${app.room}?table=1`, text: t("start.table_button") }),
    ),
  );
}

/** The room's game and the people already in it, on the join page (GET /api/rooms/CODE, asked once). */
function joinPreview() {
  const info = app.preview;
  if (!info || info === "missing") return null;
  const spec = specFor(info.game);
  const people = info.seats.filter((s) => s.kind === "human").map((s) => s.name);
  const bots = info.seats.filter((s) => s.kind === "bot").length;
  const waiting = Array.isArray(info.waiting) ? info.waiting : [];
  // an older server (no `evening`) has no waiting list: a newcomer only watches
  const running = Array.isArray(info.evening) ? "join.running" : "join.running_watch";
  return h(
    "div",
    { class: "join-preview" },
    h("p", { class: "preview-game", id: "join-game", text: t("join.game", { game: gameTitle(spec) || info.game }) }),
    people.length || waiting.length
      ? h("p", { class: "preview-people", id: "join-people", text: t("join.people", { names: [...people, ...waiting] }) })
      : h("p", { class: "muted", id: "join-people", text: t("join.nobody") }),
    bots ? h("p", { class: "muted small", text: tp("join.bots", bots) }) : null,
    info.status !== "lobby" ? h("p", { class: "notice", id: "join-running", text: t(running) }) : null,
    info.locked ? h("p", { class: "notice", text: t("lobby.locked") }) : null,
  );
}

function loadPreview() {
  if (app.preview || app.previewAsked === app.room) return;
  const code = app.room;
  app.previewAsked = code;
  Promise.all([fetch(`/api/rooms/${encodeURIComponent(code)}`), loadGames().catch(() => [])])
    .then(async ([res]) => {
      if (app.room !== code) return;
      app.preview = res.ok ? await res.json() : res.status === 404 ? "missing" : null;
      if (app.status === "ask-name") render();
    })
    .catch(() => {});
}
