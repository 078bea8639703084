// The start page: join a room by its code, or create one (the game, where this device sits, a name, the
// room's language and the game's options).

import { createRef, field, h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { saveTableToken } from "../net.js";
import { errorSentence } from "./errors.js";
import { CLIENTS, loadGames } from "./games.js";
import { gamePicker, optionEditor } from "./options.js";
import { app, NAME_KEY, navigate, render } from "./state.js";
import { disclosure, langSwitch, toast } from "./ui.js";

export function startPage() {
  document.title = t("app.title");
  if (!app.games && !app.gamesAsked) {
    app.gamesAsked = true;
    loadGames().then(render, () => {
      app.gamesFailed = true;
      render();
    });
  }
  return h(
    "main",
    { key: "start", class: "page start" },
    h("header", { class: "start-head" }, h("h1", { class: "logo", text: t("app.title") }), h("p", { class: "tagline", text: t("app.tagline") }), langSwitch()),
    h("div", { class: "start-grid" }, joinForm(), createForm()),
  );
}

// ---- join by code

const joinCode = createRef();
const joinName = createRef();

function join(ev) {
  ev.preventDefault();
  const code = joinCode.current.value.trim().toUpperCase();
  const name = joinName.current.value.trim();
  if (!code) return toast(t("start.code_needed"), "error");
  if (!name) return toast(t("start.name_needed"), "error");
  localStorage.setItem(NAME_KEY, name);
  sessionStorage.setItem(`tischrunde.pending.${code}`, name);
  navigate(`/r/${encodeURIComponent(code)}`);
}

function joinForm() {
  return h(
    "form",
    { class: "card", id: "join-form", on: { submit: join } },
    h("h2", { text: t("start.join") }),
    h("label", { for: "join-code", text: t("start.code") }),
    h("input", { id: "join-code", name: "code", class: "code-input", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: "8", placeholder: t("start.code_placeholder"), ref: joinCode }),
    h("label", { for: "join-name", text: t("start.your_name") }),
    field("input", { id: "join-name", name: "name", maxlength: "24", autocomplete: "nickname", placeholder: t("start.name_placeholder"), value: localStorage.getItem(NAME_KEY) || "", ref: joinName }),
    h("button", { class: "btn btn-primary", type: "submit", id: "join-button", text: t("start.join_button") }),
  );
}

// ---- create a room

/** A laptop or TV (the table) rather than a phone (a hand). */
function wideScreen() {
  return window.matchMedia("(min-width: 760px)").matches;
}

const createName = createRef();
const createLang = createRef();

function createForm() {
  const games = app.games;
  const head = h("h2", { text: t("start.create") });
  if (!games) return h("form", { class: "card", id: "create-form" }, head, h("p", app.gamesFailed ? { class: "error", text: t("err.network") } : { class: "muted", text: t("start.loading") }));
  if (!games.length) return h("form", { class: "card", id: "create-form" }, head, h("p", { text: t("start.no_games") }));
  // the chosen game and its changed options stay in the state (a language switch keeps them)
  const chosen = games.find((g) => g.name === app.createGame) || games.find((g) => CLIENTS.includes(g.name)) || games[0];
  if (!app.createValues || app.createGame !== chosen.name) {
    app.createValues = {};
    app.createGame = chosen.name;
  }
  const values = app.createValues;
  // a laptop or TV makes the room for the table screen (no seat: everyone plays from the phone); a phone
  // makes it and joins in one step. On a wide screen both are offered, the table first.
  const wide = wideScreen();
  if (app.createWhere !== "table" && app.createWhere !== "seat") app.createWhere = wide ? "table" : "seat";
  const typed = (ev) => {
    // typing a name on the laptop means: I play here
    app.createName = ev.currentTarget.value;
    if (wide && app.createName.trim() && app.createWhere !== "seat") {
      app.createWhere = "seat";
      render();
    }
  };
  return h(
    "form",
    { class: "card", id: "create-form", on: { submit: (ev) => create(ev, chosen, values) } },
    head,
    h("span", { class: "label", text: t("start.game") }),
    h(
      "div",
      {},
      gamePicker(games, chosen.name, (g) => {
        if (chosen !== g) for (const k of Object.keys(values)) delete values[k];
        app.createGame = g.name;
        render();
      }),
    ),
    wide ? h("span", { class: "label", id: "create-where-label", text: t("start.where") }) : null,
    wide ? whereChoice() : null,
    h(
      "div",
      { class: "create-fields" },
      h(
        "div",
        { class: "create-field" },
        h("label", { for: "create-name", text: t("start.your_name") }),
        field("input", {
          id: "create-name",
          name: "name",
          maxlength: "24",
          autocomplete: "nickname",
          placeholder: t("start.name_placeholder"),
          // on the laptop a saved name would seat the host here and refuse it on her phone later
          value: wide ? app.createName || "" : localStorage.getItem(NAME_KEY) || "",
          "aria-describedby": wide ? "create-name-hint" : undefined,
          ref: createName,
          on: { input: typed },
        }),
        wide ? h("p", { class: "muted small", id: "create-name-hint", text: t("start.name_hint_wide") }) : null,
      ),
      h(
        "div",
        { class: "create-field" },
        h("label", { for: "room-language", text: t("start.room_language") }),
        h("select", { id: "room-language", name: "language", ref: createLang }, ["de", "en"].map((l) => h("option", { key: l, value: l, selected: l === lang(), text: t(`lang.${l}`) }))),
      ),
    ),
    h("button", { class: "btn btn-primary btn-create", type: "submit", id: "create-button", text: t(app.createWhere === "table" ? "start.create_table_button" : "start.create_button") }),
    h(
      "div",
      { class: "options" },
      chosen.options.length
        ? disclosure({ class: "option-details", id: "create-options" }, t("start.options"), app.createOptionsOpen, (open) => (app.createOptionsOpen = open), optionEditor(chosen, values, values, true))
        : null,
    ),
  );
}

function whereChoice() {
  return h(
    "div",
    { class: "create-where", role: "radiogroup", "aria-labelledby": "create-where-label" },
    ["table", "seat"].map((where) =>
      h(
        "button",
        {
          key: where,
          type: "button",
          class: ["where-choice", app.createWhere === where && "where-choice-on"],
          role: "radio",
          "aria-checked": app.createWhere === where ? "true" : "false",
          dataset: { where },
          on: {
            click: () => {
              app.createWhere = where;
              render();
            },
          },
        },
        h("strong", { text: t(`start.where_${where}`) }),
        h("span", { class: "muted", text: t(`start.where_${where}_hint`) }),
      ),
    ),
  );
}

async function create(ev, chosen, values) {
  ev.preventDefault();
  const table = app.createWhere === "table";
  const name = createName.current.value.trim();
  if (!table && !name) return toast(t("start.name_needed"), "error");
  if (!table) localStorage.setItem(NAME_KEY, name);
  try {
    const res = await fetch("/api/rooms", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: chosen.name, language: createLang.current.value, options: { ...values }, ...(table ? { table: true } : {}) }),
    });
    const body = await res.json();
    if (!res.ok) return toast(errorSentence(body, chosen, values), "error");
    if (table) {
      // the table screen's host rights, kept like a seat token so a refresh keeps them
      saveTableToken(body.code, body.table_token);
      navigate(`/r/${encodeURIComponent(body.code)}?table=1`);
      return;
    }
    sessionStorage.setItem(`tischrunde.pending.${body.code}`, name);
    navigate(`/r/${encodeURIComponent(body.code)}`);
  } catch {
    toast(t("err.network"), "error");
  }
}
