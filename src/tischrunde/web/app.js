// The app shell: router (start page, room /r/CODE, table screen /r/CODE?table=1), lobby and the game frame.

import { avatarNode, avatarOf, colourClass } from "./badges.js";
import { clear, el, mount } from "./dom.js";
import { formatList, lang, onLangChange, setLang, t, tp } from "./i18n.js";
import { Connection, loadToken, saveTableToken, saveToken } from "./net.js";
import { buzz, CUE_NAMES, cue, isMuted, setMuted, setTableScreen } from "./sound.js";
// games with a browser module under games/ (loaded on demand, so one broken module cannot stop the others)
const CLIENTS = ["mogelmotte", "emojito", "stella", "wordland"];
const GAMES = {};
const loading = {};

function gameModule(name) {
  if (GAMES[name]) return GAMES[name];
  if (CLIENTS.includes(name) && !loading[name]) {
    loading[name] = import(`./games/${name}.js`).then(
      (mod) => {
        GAMES[name] = mod.default;
        render();
      },
      (err) => {
        console.warn(`game module ${name} failed to load`, err);
      },
    );
  }
  return null;
}
const NAME_KEY = "tischrunde.name";
const LOG_LINES = 40;

const root = document.getElementById("app");

const app = {
  games: null, // GameSpec list from /api/games
  room: null, // room code of the current route
  role: "player",
  conn: null,
  status: "idle", // connection status
  seat: null,
  info: null, // RoomInfo
  state: null, // last StateMsg
  log: [],
  // the log entries of the newest state that had any: what the live region says with the status
  said: [],
  error: null,
  stateAt: 0, // performance.now() when the last state arrived
  menuOpen: false,
  wakeLock: null,
  waiting: false, // joined during a game: watching it, holding a seat in the next one
  everOpen: false, // the connection was up once (so a later drop is "lost", not "connecting")
  sending: null, // {at, node}: an action sent and not answered yet
  joinInfo: null, // GET /api/rooms/CODE/join (reachable link), per room
  preview: null, // GET /api/rooms/CODE for the join page
  nameError: null, // the join form's refusal (name_taken)
};

/** The server knows the game-night ops (to_lobby, set_game, first_seat): its RoomInfo has `evening`. */
function night() {
  return Boolean(app.info && Array.isArray(app.info.evening));
}

// ---------------------------------------------------------------- routing

function route() {
  const match = location.pathname.match(/^\/r\/([A-Za-z0-9]+)\/?$/);
  const params = new URLSearchParams(location.search);
  if (match) {
    enterRoom(match[1].toUpperCase(), params.has("table") ? "table" : params.has("watch") ? "spectator" : "player");
  } else {
    leaveConnection();
    app.room = null;
    renderStart();
  }
}

function navigate(path) {
  history.pushState(null, "", path);
  route();
}

window.addEventListener("popstate", route);
onLangChange(() => render());

function render() {
  const active = document.activeElement;
  const focus = focusSelector(active);
  const inDock = Boolean(active && active !== document.body && active.closest && active.closest("#dock"));
  if (!app.room) renderStart();
  else renderRoom();
  restoreFocus(focus, inDock ? active : null);
}

/**
 * A selector that finds the focused control again in the next render (screens are rebuilt on every
 * message), so keyboard users keep their place: its id, or its data-act/lang/game (within its seat row).
 */
function focusSelector(node) {
  if (!node || node === document.body || !root.contains(node)) return null;
  if (node.id) return { node, sel: `#${CSS.escape(node.id)}` };
  if (node.tagName === "SUMMARY" && node.parentElement && node.parentElement.id) return { node, sel: `#${CSS.escape(node.parentElement.id)} > summary` };
  for (const key of ["act", "pick", "action", "lang", "game"]) {
    if (node.dataset && node.dataset[key]) {
      // every data attribute of the control: two buttons of one kind ("vote" against / keep, one pick per
      // player) are told apart, so a re-render never moves the focus to the other one
      const attr = Object.entries(node.dataset)
        .map(([name, value]) => `[data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${CSS.escape(value)}"]`)
        .join("");
      const seat = node.parentElement && node.parentElement.closest("[data-seat]");
      return { node, sel: seat ? `[data-seat="${CSS.escape(seat.dataset.seat)}"] ${attr}` : attr };
    }
  }
  return null;
}

function restoreFocus(focus, fromDock = null) {
  if (focus && focus.node.isConnected) return;
  const again = focus ? root.querySelector(focus.sel) : null;
  if (again && typeof again.focus === "function") {
    again.focus({ preventScroll: true });
    return;
  }
  // the focused control of the dock is gone (its move was sent): the keyboard goes on from the dock's
  // first control, not from the top of the page (a field is left alone: it would open a phone's keyboard)
  if (fromDock && !fromDock.isConnected) {
    const next = document.querySelector("#dock button:not([disabled]), #dock summary");
    if (next) next.focus({ preventScroll: true });
  }
}

// ---------------------------------------------------------------- shared pieces

function langSwitch() {
  return el(
    "div",
    { class: "lang-switch", role: "group", "aria-label": t("lang.switch") },
    ["de", "en"].map((l) =>
      el("button", {
        class: ["chip", l === lang() && "chip-on"],
        type: "button",
        "aria-pressed": l === lang() ? "true" : "false",
        text: t(`lang.${l}`),
        dataset: { lang: l },
        on: { click: () => setLang(l) },
      }),
    ),
  );
}

function toast(text, kind = "info") {
  // one live region outside the re-rendered screens, so a toast survives the next render
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts", class: "toasts", "aria-live": "polite" });
    document.body.appendChild(box);
  }
  const node = el("div", { class: ["toast", `toast-${kind}`], role: kind === "error" ? "alert" : "status", text });
  box.appendChild(node);
  setTimeout(() => node.classList.add("toast-out"), 3600);
  setTimeout(() => node.remove(), 4200);
}

export function explain(text) {
  toast(text, "explain");
}

function specFor(name) {
  return (app.games || []).find((g) => g.name === name) || null;
}

function gameTitle(spec) {
  if (!spec) return "";
  return lang() === "de" ? spec.title_de : spec.title_en;
}

async function loadGames() {
  if (app.games) return app.games;
  const res = await fetch("/api/games");
  if (!res.ok) throw new Error(String(res.status));
  app.games = await res.json();
  return app.games;
}

// ---------------------------------------------------------------- start page

function renderStart() {
  document.title = t("app.title");
  const page = el("main", { class: "page start" });
  page.appendChild(
    el(
      "header",
      { class: "start-head" },
      el("h1", { class: "logo", text: t("app.title") }),
      el("p", { class: "tagline", text: t("app.tagline") }),
      langSwitch(),
    ),
  );
  const savedName = localStorage.getItem(NAME_KEY) || "";

  // join by code
  const codeInput = el("input", {
    id: "join-code",
    name: "code",
    class: "code-input",
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
    maxlength: "8",
    placeholder: t("start.code_placeholder"),
  });
  const joinName = el("input", {
    id: "join-name",
    name: "name",
    maxlength: "24",
    autocomplete: "nickname",
    placeholder: t("start.name_placeholder"),
    value: savedName,
  });
  const joinForm = el(
    "form",
    { class: "card", id: "join-form" },
    el("h2", { text: t("start.join") }),
    el("label", { for: "join-code", text: t("start.code") }),
    codeInput,
    el("label", { for: "join-name", text: t("start.your_name") }),
    joinName,
    el("button", { class: "btn btn-primary", type: "submit", id: "join-button", text: t("start.join_button") }),
  );
  joinForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const code = codeInput.value.trim().toUpperCase();
    const name = joinName.value.trim();
    if (!code) return toast(t("start.code_needed"), "error");
    if (!name) return toast(t("start.name_needed"), "error");
    localStorage.setItem(NAME_KEY, name);
    sessionStorage.setItem(`tischrunde.pending.${code}`, name);
    navigate(`/r/${encodeURIComponent(code)}`);
  });

  const createBox = el("form", { class: "card", id: "create-form" }, el("h2", { text: t("start.create") }));
  createBox.appendChild(el("p", { class: "muted", text: t("start.loading") }));

  page.appendChild(el("div", { class: "start-grid" }, joinForm, createBox));
  clear(root).appendChild(page);

  loadGames()
    .then((games) => fillCreate(createBox, games, savedName))
    .catch(() => {
      clear(createBox).appendChild(el("p", { class: "error", text: t("err.network") }));
    });
}

function fillCreate(form, games, savedName) {
  clear(form).appendChild(el("h2", { text: t("start.create") }));
  if (!games.length) {
    form.appendChild(el("p", { text: t("start.no_games") }));
    return;
  }
  // the chosen game and its changed options survive a re-render (the language switch)
  let chosen = games.find((g) => g.name === app.createGame) || games.find((g) => CLIENTS.includes(g.name)) || games[0];
  const pickerBox = el("div");
  const optionsBox = el("div", { class: "options" });
  if (!app.createValues || app.createGame !== chosen.name) app.createValues = {};
  const values = app.createValues;
  const drawGames = () => {
    clear(pickerBox).appendChild(
      gamePicker(games, chosen.name, (g) => {
        if (chosen !== g) for (const k of Object.keys(values)) delete values[k];
        chosen = g;
        app.createGame = g.name;
        drawGames();
        drawOptions();
      }),
    );
  };
  const drawOptions = () => {
    clear(optionsBox);
    if (chosen.options.length) {
      const details = disclosure({ class: "option-details", id: "create-options" }, t("start.options"), app.createOptionsOpen, (open) => {
        app.createOptionsOpen = open;
      });
      details.appendChild(optionEditor(chosen, values, values, true));
      optionsBox.appendChild(details);
    }
  };
  drawGames();
  drawOptions();

  const langSelect = el(
    "select",
    { id: "room-language", name: "language" },
    ["de", "en"].map((l) => el("option", { value: l, selected: l === lang(), text: t(`lang.${l}`) })),
  );
  // a laptop or TV makes the room for the table screen (no seat: everyone plays from the phone); a phone
  // makes it and joins in one step. On a wide screen both are offered, the table first.
  const wide = wideScreen();
  if (app.createWhere !== "table" && app.createWhere !== "seat") app.createWhere = wide ? "table" : "seat";
  const nameInput = el("input", {
    id: "create-name",
    name: "name",
    maxlength: "24",
    autocomplete: "nickname",
    placeholder: t("start.name_placeholder"),
    // on the laptop a saved name would seat the host here and refuse it on her phone later
    value: wide ? app.createName || "" : savedName,
    "aria-describedby": wide ? "create-name-hint" : undefined,
  });
  const button = el("button", { class: "btn btn-primary btn-create", type: "submit", id: "create-button" });
  const whereBox = wide ? el("div", { class: "create-where", role: "radiogroup", "aria-labelledby": "create-where-label" }) : null;
  const drawWhere = () => {
    button.textContent = t(app.createWhere === "table" ? "start.create_table_button" : "start.create_button");
    if (!whereBox) return;
    clear(whereBox).append(
      ...["table", "seat"].map((where) =>
        el(
          "button",
          {
            type: "button",
            class: ["where-choice", app.createWhere === where && "where-choice-on"],
            role: "radio",
            "aria-checked": app.createWhere === where ? "true" : "false",
            dataset: { where },
            on: {
              click: () => {
                app.createWhere = where;
                drawWhere();
              },
            },
          },
          el("strong", { text: t(`start.where_${where}`) }),
          el("span", { class: "muted", text: t(`start.where_${where}_hint`) }),
        ),
      ),
    );
  };
  // typing a name on the laptop means: I play here
  nameInput.addEventListener("input", () => {
    app.createName = nameInput.value;
    if (wide && nameInput.value.trim() && app.createWhere !== "seat") {
      app.createWhere = "seat";
      drawWhere();
    }
  });
  drawWhere();
  form.append(
    el("span", { class: "label", text: t("start.game") }),
    pickerBox,
    wide ? el("span", { class: "label", id: "create-where-label", text: t("start.where") }) : null,
    whereBox,
    el(
      "div",
      { class: "create-fields" },
      el(
        "div",
        { class: "create-field" },
        el("label", { for: "create-name", text: t("start.your_name") }),
        nameInput,
        wide ? el("p", { class: "muted small", id: "create-name-hint", text: t("start.name_hint_wide") }) : null,
      ),
      el("div", { class: "create-field" }, el("label", { for: "room-language", text: t("start.room_language") }), langSelect),
    ),
    button,
    optionsBox,
  );
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const table = app.createWhere === "table";
    const name = nameInput.value.trim();
    if (!table && !name) return toast(t("start.name_needed"), "error");
    if (!table) localStorage.setItem(NAME_KEY, name);
    try {
      const res = await fetch("/api/rooms", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ game: chosen.name, language: langSelect.value, options: { ...values }, ...(table ? { table: true } : {}) }),
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
  };
}

/** A laptop or TV (the table) rather than a phone (a hand). */
function wideScreen() {
  return window.matchMedia("(min-width: 760px)").matches;
}

/** The games as radio buttons (the start page, and the host's "next game" in the lobby). */
function gamePicker(games, chosenName, onPick) {
  const picker = el("div", { class: "game-picker", role: "radiogroup", "aria-label": t("start.game") });
  for (const g of games) {
    const playable = CLIENTS.includes(g.name);
    picker.appendChild(
      el(
        "button",
        {
          type: "button",
          disabled: !playable,
          class: ["game-choice", g.name === chosenName && "game-choice-on"],
          role: "radio",
          "aria-checked": g.name === chosenName ? "true" : "false",
          dataset: { game: g.name },
          on: { click: () => onPick(g) },
        },
        el("strong", { text: gameTitle(g) }),
        el("span", { class: "muted", text: t("start.players", { min: g.min_players, max: g.max_players }) }),
        el("span", { class: "summary", text: lang() === "de" ? g.summary_de : g.summary_en }),
        playable ? null : el("span", { class: "badge", text: t("start.soon") }),
      ),
    );
  }
  return picker;
}

/**
 * Inputs for every option of a game, each with its explanation. Writes changed values into `out`.
 * `prefix` keeps the ids apart when two editors share a page (the lobby's rules and the next game's).
 */
function optionEditor(spec, current, out, editable, onChange = () => {}, prefix = "opt") {
  const box = el("div", { class: "option-list" });
  const rows = [];
  // options of another mode hide (Emojito's trophies per mode); they show again when that mode is chosen
  const showApplicable = () => {
    const values = { ...defaultOptions(spec), ...current, ...out };
    for (const [opt, row] of rows) row.hidden = !optionApplies(opt, values);
  };
  for (const opt of spec.options) {
    const id = `${prefix}-${opt.name}`;
    const value = opt.name in current ? current[opt.name] : opt.default;
    const desc = lang() === "de" ? opt.description_de : opt.description_en;
    let input;
    const set = (v) => {
      out[opt.name] = v;
      showApplicable();
      onChange(opt.name, v);
    };
    if (value !== null && typeof value === "object") {
      // a table (Wordland's scoring): shown read-only, never edited as text
      const same = JSON.stringify(value) === JSON.stringify(opt.default);
      input = el("p", { id, class: "option-table", text: same ? t("start.default_table") : t("start.own_table") });
    } else if (typeof opt.default === "boolean") {
      const box = el("input", { id, type: "checkbox", checked: value === true, disabled: !editable, "aria-describedby": `${id}-desc` });
      box.addEventListener("change", () => set(box.checked));
      // the checkbox sits in a full-width row as tall as a tap target; the whole row toggles it
      input = el("label", { class: "option-check" }, box, el("span", { text: t("start.option_on") }));
    } else if (opt.choices) {
      input = el(
        "select",
        { id, disabled: !editable },
        opt.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === value, text: choiceLabel(spec, opt, c) })),
      );
      input.setAttribute("aria-describedby", `${id}-desc`);
      input.addEventListener("change", () => set(JSON.parse(input.value)));
    } else if (typeof opt.default === "number" && isMsOption(opt)) {
      // kept in ms by the engine, shown and typed in seconds (2.5 s, not 2500)
      const field = el("input", {
        id,
        type: "number",
        inputmode: "decimal",
        value: String(value / 1000),
        min: opt.minimum === null || opt.minimum === undefined ? undefined : String(opt.minimum / 1000),
        max: opt.maximum === null || opt.maximum === undefined ? undefined : String(opt.maximum / 1000),
        step: "0.1",
        disabled: !editable,
        "aria-describedby": `${id}-unit ${id}-desc`,
      });
      field.addEventListener("change", () => {
        const n = Number(field.value);
        if (field.value !== "" && Number.isFinite(n)) set(Math.round(n * 1000));
      });
      input = el("span", { class: "option-seconds" }, field, el("span", { class: "option-unit", id: `${id}-unit`, text: t("opt.unit_s") }));
    } else if (typeof opt.default === "number") {
      input = el("input", {
        id,
        type: "number",
        inputmode: "numeric",
        value: String(value),
        min: opt.minimum ?? undefined,
        max: opt.maximum ?? undefined,
        step: Number.isInteger(opt.default) ? "1" : "any",
        disabled: !editable,
        "aria-describedby": `${id}-desc`,
      });
      input.addEventListener("change", () => {
        const n = Number(input.value);
        if (Number.isFinite(n)) set(n);
      });
    } else {
      input = el("input", { id, value: String(value), disabled: !editable });
      input.addEventListener("change", () => set(input.value));
    }
    const row = box.appendChild(
      el(
        "div",
        { class: "option", dataset: { option: opt.name } },
        el(
          "label",
          { for: id, class: "option-label", id: `${id}-label` },
          el("span", { class: "option-title", text: optionLabel(spec, opt.name) }),
          " ",
          el("span", { class: "badge", text: t(`start.source.${opt.source}`) }),
        ),
        el("p", { class: "option-desc", id: `${id}-desc`, text: desc }),
        input,
        el("p", { class: "muted small option-default", text: t("start.default", { value: fmtValue(opt.default, spec, opt) }) }),
      ),
    );
    rows.push([opt, row]);
  }
  showApplicable();
  return box;
}

function fmtValue(v, spec, opt) {
  if (v === true) return t("yes");
  if (v === false) return t("no");
  if (v !== null && typeof v === "object") return t("start.default_table");
  if (opt && opt.choices) return choiceLabel(spec, opt, v);
  if (opt && typeof v === "number" && (isMsOption(opt) || /_s$/.test(opt.name))) {
    if (opt.unlimited !== null && opt.unlimited !== undefined && v === opt.unlimited) return t("opt.unlimited");
    return t("opt.seconds", { value: isMsOption(opt) ? v / 1000 : v });
  }
  return String(v);
}

/** A timer option the engine keeps in milliseconds (its name ends in `_ms`): people see seconds. */
function isMsOption(opt) {
  return /_ms$/.test(opt.name);
}

/** A choice in plain words: the spec's `choice_labels` in the UI language, else the value (a number). */
function choiceLabel(spec, opt, value) {
  const label = (opt.choice_labels || []).find((l) => l.value === value);
  if (label) return lang() === "de" ? label.de : label.en;
  return typeof value === "number" ? t("start.number", { value }) : String(value);
}

/** Does this option matter under these values? (`applies_when`: only while another option has one of some values) */
export function optionApplies(opt, values) {
  const when = opt.applies_when;
  if (!when) return true;
  return when.values.includes(values[when.option]);
}

/**
 * A `<details>` disclosure whose summary shows that it opens: a turning marker (CSS) and aria-expanded on
 * the summary, kept in step with the open state. `onToggle(open)` remembers it across re-renders.
 */
function disclosure(attrs, title, open, onToggle = () => {}) {
  const summary = el("summary", { class: "disclosure-summary", "aria-expanded": open ? "true" : "false" }, el("span", { class: "disclosure-mark", "aria-hidden": "true" }), el("span", { text: title }));
  const details = el("details", { ...attrs, class: [attrs.class, "disclosure"], open: Boolean(open) }, summary);
  details.addEventListener("toggle", () => {
    summary.setAttribute("aria-expanded", details.open ? "true" : "false");
    onToggle(details.open);
  });
  return details;
}

// ---------------------------------------------------------------- room connection

function leaveConnection() {
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

function enterRoom(code, role) {
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

function connect(name) {
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

/**
 * The connection broke. An action sent on it that got no answer may never have arrived: say so, and do
 * not send it again on our own (the fresh view after the reconnect shows what counts).
 */
function onLost() {
  if (app.sending) {
    markTap(app.sending.node, "tap-not-sent");
    app.sending = null;
    toast(t("net.not_sent_lost"), "error");
  }
  app.pending = null;
}

/** One banner outside the re-rendered screens, shown at once when the connection is lost. */
function setConnNotice(on) {
  let box = document.getElementById("conn-lost");
  document.body.classList.toggle("is-offline", on);
  if (!on) {
    if (box) box.remove();
    return;
  }
  if (!box) {
    box = el("div", { id: "conn-lost", class: "conn-lost", role: "alert" });
    document.body.appendChild(box);
  }
  box.textContent = t("frame.connection_lost");
}

// the element the last tap went to, so the shell can mark the control whose action is on its way
let lastTap = { node: null, at: 0 };
function noteTap(ev) {
  const node = ev.target instanceof Element ? ev.target.closest("button, [data-action], .pcard, [role=button]") : null;
  lastTap = { node, at: performance.now() };
}
document.addEventListener("pointerdown", noteTap, true);
document.addEventListener(
  "click",
  (ev) => {
    noteTap(ev);
    startWakeFallback();
  },
  true,
);

function markTap(node, cls) {
  if (!node || !node.isConnected) return;
  node.classList.remove("tap-sending", "tap-not-sent");
  node.classList.add(cls);
  if (cls === "tap-sending") node.setAttribute("aria-busy", "true");
  else node.removeAttribute("aria-busy");
}

function settleSending() {
  if (!app.sending) return;
  const node = app.sending.node;
  app.sending = null;
  if (node) {
    node.classList.remove("tap-sending");
    node.removeAttribute("aria-busy");
  }
}

/** Send a game action now, or say plainly that it was not sent (never queued for later). */
function sendAction(action) {
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

/** A host op, or a plain "not sent" when the connection is down. */
function hostOp(op, extra = {}) {
  if (app.conn && app.conn.isOpen && app.conn.host(op, extra)) return true;
  toast(t("net.not_sent_offline"), "error");
  return false;
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
    if (line) fresh.push({ ev, ctx, kind: ev.kind, fresh: true });
  }
  app.log.push(...fresh);
  if (fresh.length) app.said = fresh;
  if (app.log.length > LOG_LINES) app.log.splice(0, app.log.length - LOG_LINES);
  app.pendingEvents = msg.events || [];
  playCues(mod, ctx, msg.events || []);
  if (msg.outcome) acquireWakeLockLater(false);
  else acquireWakeLockLater(true);
}

// ---------------------------------------------------------------- sound cues

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
function playCues(mod, ctx, events) {
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

/**
 * One polite live region outside the re-rendered screens: whose turn it is and the newest log line, so a
 * screen reader hears what changed (set only when the text changes).
 */
function announce(text) {
  let box = document.getElementById("announce");
  if (!box) {
    box = el("div", { id: "announce", class: "sr-only", "aria-live": "polite", "aria-atomic": "true" });
    document.body.appendChild(box);
  }
  if (box.textContent !== text) box.textContent = text;
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
  if (msg.code === "name_taken" && !app.welcomedOnce()) {
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
  } else if (["unknown_room", "room_locked", "room_full"].includes(msg.code) && !app.welcomedOnce()) {
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

/**
 * The sentence for a refused request in the UI's language, built from the server's stable `code` and
 * `field` (a refused option is named by its own label, with what it allows from the game's spec); the
 * server's English `message` only for a code this app does not know.
 */
export function errorSentence(msg, spec = app.info ? specFor(app.info.game) : null, values = null) {
  if (!msg || typeof msg !== "object") return t("err.network");
  if (msg.code === "bad_config") return configErrorSentence(msg.field || "", spec, values);
  const key = `err.${msg.code}`;
  if (t(key) !== key) return t(key);
  if (!msg.message) return t("err.network");
  return app.info && app.info.status === "lobby" ? t("lobby.refused", { reason: msg.message }) : msg.message;
}

function configErrorSentence(field, spec, values) {
  if (field.startsWith("options.")) {
    const name = field.slice("options.".length);
    const opt = spec ? spec.options.find((o) => o.name === name) : null;
    const option = spec ? optionLabel(spec, name) : name;
    const allowed = opt ? allowedText(spec, opt) : null;
    // a value the option allows on its own (sent from the start page) clashes with another option
    const fits = opt && values && name in values && valueAllowed(opt, values[name]);
    if (fits) return t("err.bad_option_combo", { option });
    return allowed ? t("err.bad_option", { option, allowed }) : t("err.bad_option_combo", { option });
  }
  if (field === "players" && spec) {
    return t("err.bad_players", { game: gameTitle(spec), min: spec.min_players, max: spec.max_players });
  }
  const general = { game: "err.bad_game", language: "err.bad_language", takeover_s: "err.bad_takeover", bot: "err.bad_bot", bots: "err.bad_bot", options: "err.bad_options" };
  if (general[field]) return t(general[field]);
  if (field.startsWith("decks.")) return t("err.bad_deck");
  return t("err.bad_config");
}

/** An option's short name in the UI language (`optname.<game>.<option>`), else its code name. */
function optionLabel(spec, name) {
  const key = `optname.${spec.name}.${name}`;
  return t(key) !== key ? t(key) : name;
}

function valueAllowed(opt, v) {
  if (opt.choices) return opt.choices.includes(v);
  if (typeof v !== "number" || typeof opt.default !== "number") return typeof v === typeof opt.default;
  return (opt.minimum === null || opt.minimum === undefined || v >= opt.minimum) && (opt.maximum === null || opt.maximum === undefined || v <= opt.maximum);
}

/** What an option allows, from the spec: its choices or its range; null for a yes/no (then it is a clash). */
function allowedText(spec, opt) {
  if (typeof opt.default === "boolean") return null;
  if (opt.choices) return formatList(opt.choices.map((c) => choiceLabel(spec, opt, c)), "disjunction");
  if (opt.minimum !== null && opt.minimum !== undefined) {
    // a timer in ms is told in seconds, as the editor shows it
    const shown = (v) => (isMsOption(opt) ? t("opt.seconds", { value: v / 1000 }) : v);
    if (opt.maximum !== null && opt.maximum !== undefined) return t("err.range", { min: shown(opt.minimum), max: shown(opt.maximum) });
    return t("err.at_least", { min: shown(opt.minimum) });
  }
  return null;
}

app.welcomedOnce = () => app.seat !== null || app.info !== null;

// ---------------------------------------------------------------- wake lock

/**
 * The screen stays on during a game. The Wake Lock API needs a secure context (https or localhost); on a
 * LAN address (http://192.168.x.y) a tiny muted video drawn from a canvas plays instead, started on the
 * first tap (browsers let media play only after one). It is a MediaStream (srcObject), never a URL, so the
 * strict CSP needs no media-src. The lock is asked again when the page becomes visible again.
 */
function wakeApi() {
  return window.isSecureContext && "wakeLock" in navigator;
}

function wantAwake() {
  return Boolean(app.info && app.info.status === "playing" && app.state && !app.state.outcome);
}

function acquireWakeLockLater(want) {
  if (!want) return releaseWakeLock();
  if (!wakeApi()) return startWakeFallback();
  if (app.wakeLock || app.wakeLockAsked || document.visibilityState !== "visible") return;
  app.wakeLockAsked = true;
  navigator.wakeLock
    .request("screen")
    .then((lock) => {
      app.wakeLockAsked = false;
      app.wakeLock = lock;
      markAwake();
      lock.addEventListener("release", () => {
        app.wakeLock = null;
        markAwake();
      });
    })
    .catch(() => {
      app.wakeLockAsked = false;
      app.wakeFallbackNeeded = true; // refused (battery saver, no gesture yet): the video, on the next tap
      startWakeFallback();
    });
}

const wakeVideo = { node: null, timer: null, canvas: null };

/** Start (or resume) the fallback video; a no-op without a game or when the real wake lock holds. */
function startWakeFallback() {
  if (!wantAwake() || app.wakeLock || document.visibilityState !== "visible") return;
  if (wakeApi() && !app.wakeFallbackNeeded) {
    // the API exists: it is tried first; the video only if it was refused
    if (!app.wakeLockAsked) acquireWakeLockLater(true);
    return;
  }
  if (!wakeVideo.node) {
    const canvas = document.createElement("canvas");
    canvas.width = 2;
    canvas.height = 2;
    if (typeof canvas.captureStream !== "function") return;
    const video = el("video", { class: "wake-video", muted: true, playsinline: true, "aria-hidden": "true", tabindex: "-1" });
    video.muted = true;
    video.playsInline = true;
    video.srcObject = canvas.captureStream(1);
    wakeVideo.canvas = canvas;
    wakeVideo.node = video;
    document.body.appendChild(video);
  }
  if (app.wakeFallback && !wakeVideo.node.paused) return; // already playing
  // a stream whose frames never change may count as paused: draw a new pixel every second
  clearInterval(wakeVideo.timer);
  let tick = 0;
  wakeVideo.timer = setInterval(() => {
    const g = wakeVideo.canvas.getContext("2d");
    tick = (tick + 1) % 2;
    g.fillStyle = tick ? "#010101" : "#020202";
    g.fillRect(0, 0, 2, 2);
  }, 1000);
  app.wakeFallback = true;
  const played = wakeVideo.node.play();
  if (played && played.then) played.then(markAwake, () => {});
}

/** What keeps the screen on now, for a look from a test: body[data-awake] "lock", "video" or "". */
function markAwake() {
  const video = wakeVideo.node && app.wakeFallback && !wakeVideo.node.paused;
  document.body.dataset.awake = app.wakeLock ? "lock" : video ? "video" : "";
}

function releaseWakeLock() {
  if (app.wakeLock) app.wakeLock.release().catch(() => {});
  app.wakeLock = null;
  if (wakeVideo.node) wakeVideo.node.pause();
  clearInterval(wakeVideo.timer);
  app.wakeFallback = false;
  markAwake();
}

document.addEventListener("visibilitychange", () => {
  // the browser drops the lock (and pauses media) when the page is hidden: ask again when it is back
  if (document.visibilityState === "visible" && wantAwake()) acquireWakeLockLater(true);
});

// ---------------------------------------------------------------- room screens

function renderRoom() {
  document.title = `${app.room} · ${t("app.title")}`;
  if (app.status === "ask-name") return renderAskName();
  if (app.status === "failed") return renderFailed();
  if (!app.info) return renderConnecting();
  if (app.info.status === "lobby") return renderLobby();
  return renderGame();
}

function renderConnecting() {
  clear(root).appendChild(
    el(
      "main",
      { class: "page center" },
      el("p", { class: "big-code", text: app.room }),
      el("p", { class: "muted", role: "status", text: t("join.connecting") }),
    ),
  );
}

function renderFailed() {
  clear(root).appendChild(
    el(
      "main",
      { class: "page center" },
      el("p", { class: "big-code", text: app.room }),
      el("p", { class: "error", role: "alert", text: app.error || t("join.room_missing") }),
      el("button", { class: "btn", type: "button", text: t("frame.back_to_start"), on: { click: () => navigate("/") } }),
    ),
  );
}

function renderAskName() {
  // keep what was typed across re-renders (the preview arriving, a language switch)
  const typed = document.getElementById("ask-name");
  const value = typed ? typed.value : app.askedName || localStorage.getItem(NAME_KEY) || "";
  const nameInput = el("input", {
    id: "ask-name",
    name: "name",
    maxlength: "24",
    autocomplete: "nickname",
    placeholder: t("start.name_placeholder"),
    value,
    "aria-invalid": app.nameError ? "true" : undefined,
    "aria-describedby": app.nameError ? "ask-name-error" : undefined,
  });
  const form = el(
    "form",
    { class: "card", id: "ask-name-form" },
    el("h2", { text: t("join.title", { code: app.room }) }),
    joinPreview(),
    el("label", { for: "ask-name", text: t("start.your_name") }),
    nameInput,
    app.nameError ? el("p", { class: "field-error", id: "ask-name-error", role: "alert", text: app.nameError }) : null,
    el("button", { class: "btn btn-primary", type: "submit", id: "ask-join", text: t("start.join_button") }),
    el("button", {
      class: "btn",
      type: "button",
      id: "ask-watch",
      text: t("start.watch_button"),
      on: { click: () => navigate(`/r/${app.room}?watch=1`) },
    }),
    el("a", { class: "btn btn-ghost", href: `/r/${app.room}?table=1`, text: t("start.table_button") }),
  );
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const name = nameInput.value.trim();
    if (!name) return toast(t("start.name_needed"), "error");
    localStorage.setItem(NAME_KEY, name);
    app.askedName = nameInput.value;
    connect(name);
  });
  const hadFocus = !typed || document.activeElement === typed;
  clear(root).appendChild(
    el(
      "main",
      { class: "page center" },
      el("div", { class: "top-right" }, langSwitch()),
      form,
    ),
  );
  if (hadFocus) nameInput.focus();
  loadPreview();
}

/** The room's game and the people already in it, on the join page (GET /api/rooms/CODE, asked once). */
function joinPreview() {
  const info = app.preview;
  if (!info || info === "missing") return null;
  const spec = specFor(info.game);
  const people = info.seats.filter((s) => s.kind === "human").map((s) => s.name);
  const bots = info.seats.filter((s) => s.kind === "bot").length;
  const waiting = Array.isArray(info.waiting) ? info.waiting : [];
  const lines = [el("p", { class: "preview-game", id: "join-game", text: t("join.game", { game: gameTitle(spec) || info.game }) })];
  if (people.length || waiting.length) {
    lines.push(el("p", { class: "preview-people", id: "join-people", text: t("join.people", { names: [...people, ...waiting] }) }));
  } else {
    lines.push(el("p", { class: "muted", id: "join-people", text: t("join.nobody") }));
  }
  if (bots) lines.push(el("p", { class: "muted small", text: tp("join.bots", bots) }));
  if (info.status !== "lobby") {
    // an older server (no `evening`) has no waiting list: a newcomer only watches
    const key = Array.isArray(info.evening) ? "join.running" : "join.running_watch";
    lines.push(el("p", { class: "notice", id: "join-running", text: t(key) }));
  }
  if (info.locked) lines.push(el("p", { class: "notice", text: t("lobby.locked") }));
  return el("div", { class: "join-preview" }, lines);
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

function isHost() {
  // the table screen the room was made on holds host rights too (the server checks its token)
  if (app.info && app.role === "table" && app.tableHost) return true;
  return app.info && app.seat !== null && app.info.host_seat === app.seat;
}

function seatName(seat) {
  const s = app.info && app.info.seats.find((x) => x.seat === seat);
  return s ? s.name : `#${seat + 1}`;
}

/** The link phones open: the server's reachable one (GET /api/rooms/CODE/join), else this page's address. */
function joinLink() {
  if (app.joinInfo && typeof app.joinInfo.url === "string") return app.joinInfo.url;
  return `${location.origin}/r/${app.room}`;
}

function loadJoinInfo() {
  // only a game-night server has the route (an older one would answer 404 and the console would say so)
  if (app.joinAsked === app.room || !night()) return;
  const code = app.room;
  app.joinAsked = code;
  fetch(`/api/rooms/${encodeURIComponent(code)}/join`)
    .then(async (res) => {
      if (app.room !== code) return;
      // no such route after all: the page's own address, as before
      app.joinInfo = res.ok ? await res.json() : { url: null, reachable: null };
      render();
    })
    .catch(() => {});
}

function renderLobby() {
  const info = app.info;
  const spec = specFor(info.game);
  const host = isHost();
  const page = el("main", { class: ["page", "lobby", app.role === "table" && "is-table"] });
  page.appendChild(topBar());
  if (app.menuOpen) page.appendChild(menuSheet());

  loadJoinInfo();
  const head = el(
    "section",
    { class: "card lobby-head" },
    el("h1", { text: gameTitle(spec) || info.game }),
    // code and QR code side by side where both fit, else the QR code wraps below: they never overlap
    el(
      "div",
      { class: "code-qr" },
      el("div", { class: "code-box" }, el("p", { class: "label", text: t("lobby.code") }), el("p", { class: "big-code", id: "room-code", text: info.code })),
      el("img", {
        class: "qr",
        src: `/api/rooms/${encodeURIComponent(info.code)}/qr.svg`,
        alt: t("lobby.qr_alt", { code: info.code }),
        width: "240",
        height: "240",
      }),
    ),
  );
  if (app.role === "table") {
    // for the phones that cannot scan: the address to type, in large type, never cut (it wraps); beside
    // the QR code, under the room code
    head.querySelector(".code-box").appendChild(
      el(
        "div",
        { class: "join-address", id: "join-address" },
        el("p", { class: "label", text: t("lobby.address") }),
        el(
          "p",
          { class: "address-text", id: "join-address-text" },
          addressParts(typedAddress(joinLink())).map((part) => el("span", { class: "address-part", text: part })),
        ),
      ),
    );
  }
  if (app.joinInfo && app.joinInfo.reachable === false && app.role !== "spectator") {
    head.appendChild(
      el(
        "div",
        { class: "notice reach-notice", id: "reach-notice", role: "note" },
        el("p", { text: t("lobby.unreachable") }),
        el("p", { text: t("lobby.unreachable_how") }),
      ),
    );
  }
  if (app.role !== "table") {
    // a field that wraps: the whole link stays readable on a phone (an input would cut it off)
    const link = el("textarea", { id: "join-link", class: "join-link", readonly: true, rows: "2", spellcheck: "false", "aria-label": t("lobby.link") });
    link.value = joinLink();
    head.append(
      el("label", { for: "join-link", class: "label", text: t("lobby.link") }),
      el(
        "div",
        { class: "row link-row" },
        link,
        el("button", {
          class: "btn",
          type: "button",
          id: "copy-link",
          text: t("lobby.copy"),
          on: {
            click: async (ev) => {
              link.select();
              try {
                await navigator.clipboard.writeText(joinLink());
              } catch {
                document.execCommand && document.execCommand("copy");
              }
              ev.target.textContent = t("lobby.copied");
            },
          },
        }),
      ),
    );
  }
  page.appendChild(head);

  const seatsBox = el("section", { class: "card" }, el("h2", { text: t("lobby.seats") }));
  const list = el("ul", { class: "seat-list", id: "seat-list" });
  for (const s of info.seats) {
    const badges = [];
    if (s.host) badges.push(el("span", { class: "badge badge-host", text: `★ ${t("lobby.host_badge")}` }));
    if (s.seat === app.seat) badges.push(el("span", { class: "badge badge-you", text: t("lobby.you") }));
    if (s.kind === "bot") {
      const level = botLevel(s.bot);
      badges.push(el("span", { class: "badge badge-bot", dataset: { level: level || "" }, text: level ? t("lobby.bot_level", { level: t(`bot.level.${level}`) }) : t("lobby.bot") }));
    }
    if (s.kind === "human" && !s.connected) badges.push(el("span", { class: "badge badge-off", text: t("lobby.offline") }));
    const controls = [];
    if (host && s.kind === "bot") {
      controls.push(smallBtn(t("lobby.remove_bot"), () => hostOp("remove_bot", { seat: s.seat }), "remove-bot"));
    }
    if (host && s.kind === "human" && s.seat !== app.seat && !s.host) {
      controls.push(smallBtn(t("lobby.make_host"), () => armHandHost(s.seat), "make-host"));
    }
    if (host && s.kind === "human" && s.seat !== app.seat) {
      controls.push(smallBtn(t("lobby.kick"), () => hostOp("kick", { seat: s.seat }), "kick"));
    }
    list.appendChild(
      el(
        "li",
        { class: ["seat", `seat-${s.kind}`], dataset: { seat: String(s.seat) } },
        el("span", { class: "seat-no", text: String(s.seat + 1) }),
        el("span", { class: "seat-name", text: s.kind === "empty" ? t("lobby.empty_seat") : s.name }),
        el("span", { class: "badges" }, badges),
        controls.length ? el("span", { class: "seat-controls" }, controls) : null,
      ),
    );
  }
  seatsBox.appendChild(list);
  const handing = handHostConfirm(info, host);
  if (handing) seatsBox.appendChild(handing);
  const waiting = Array.isArray(info.waiting) ? info.waiting : [];
  if (waiting.length) {
    seatsBox.appendChild(
      el(
        "div",
        { class: "waiting-list", id: "waiting-list" },
        el("p", { class: "label", text: tp("night.waiting_head", waiting.length) }),
        el("ul", {}, waiting.map((name) => el("li", { class: "waiting-name", text: name }))),
      ),
    );
  }
  const teams = emojitoTeams(info);
  if (teams) seatsBox.appendChild(teams);
  if (info.spectators) {
    seatsBox.appendChild(el("p", { class: "muted", text: tp("lobby.watching", info.spectators) }));
  }
  const filled = info.seats.filter((s) => s.kind !== "empty").length;
  const maxPlayers = spec ? spec.max_players : 99;
  const minPlayers = spec ? spec.min_players : 1;
  const botsAllowed = !spec || spec.bots_in_rooms !== false;
  if (info.locked) seatsBox.appendChild(el("p", { class: "notice", text: t("lobby.locked") }));
  if (host) {
    const row = el("div", { class: "row wrap" });
    if (filled < maxPlayers && botsAllowed) row.appendChild(addBotControls(spec));
    row.appendChild(
      smallBtn(info.locked ? t("lobby.unlock") : t("lobby.lock"), () => hostOp(info.locked ? "unlock" : "lock"), "lock"),
    );
    seatsBox.appendChild(row);
  }
  page.appendChild(seatsBox);
  if (night()) {
    const starter = firstSeatBox(info, host);
    if (starter) seatsBox.appendChild(starter);
  }
  if (typeof app.seatedNow === "number" && app.seatedNow === app.seat) {
    page.insertBefore(el("p", { class: "notice notice-good", id: "seated-notice", role: "status", text: t("night.seated", { seat: app.seat + 1 }) }), seatsBox);
  }
  if (typeof info.note === "string" && info.note) page.appendChild(el("p", { class: "notice", id: "room-note", role: "status", text: noteText(info.note) }));
  if (typeof info.more_time === "number") page.appendChild(moreTimeBox(info, host, spec));
  const evening = eveningBox(info);
  if (evening) page.appendChild(evening);
  if (host && night()) page.appendChild(switchGameBox(info));

  if (spec) page.appendChild(el("div", { class: "howto-row" }, howtoButton(info.game, "howto-button")));
  if (spec && spec.options.length) {
    // stays open across re-renders while the host edits
    const opts = disclosure({ class: "card option-details", id: "lobby-options" }, t("lobby.options"), app.optionsOpen, (open) => {
      app.optionsOpen = open;
    });
    opts.appendChild(
      optionEditor(spec, info.options || {}, {}, host, (name, value) => {
        hostOp("set_options", { options: { ...(info.options || {}), [name]: value } });
      }),
    );
    if (host && botsAllowed) {
      const take = el("input", { id: "takeover", type: "number", min: "0", max: "3600", value: String(info.takeover_s) });
      take.addEventListener("change", () => hostOp("set_takeover", { value: Number(take.value) || 0 }));
      opts.append(el("label", { for: "takeover", text: t("lobby.takeover") }), take);
    }
    page.appendChild(opts);
  }

  // --- own pictures, words and categories (issue 14): web/pictures.js, loaded on demand
  if (host && ["stella", "wordland"].includes(info.game)) {
    if (!app.ownContent) app.ownContent = import("./pictures.js").then((m) => (app.ownContent = m) && render(), () => null);
    const own = app.ownContent.ownContentBox ? app.ownContent.ownContentBox({ info, host, token: loadToken(info.code), hostOp, rerender: render }) : null;
    if (own) page.appendChild(own);
  }
  // --- end of own content

  const foot = el("footer", { class: "dock" });
  if (host) {
    // the module may know more than the overall minimum (Emojito: each mode has its own counts)
    const mod = gameModule(info.game);
    const problem =
      (mod && mod.startProblem ? mod.startProblem(filled, { ...defaultOptions(spec), ...(info.options || {}) }) : null) ||
      (filled < minPlayers ? t("lobby.need_players", { min: minPlayers }) : null) ||
      // after a switch to a smaller game the extra seats stay; someone has to leave (or a bot go)
      (filled > maxPlayers ? t("lobby.too_many", { max: maxPlayers, game: gameTitle(spec) || info.game }) : null);
    const enough = !problem;
    foot.appendChild(
      el("button", {
        class: "btn btn-primary btn-huge",
        type: "button",
        id: "start-game",
        disabled: !enough,
        text: t("lobby.start"),
        on: { click: () => hostOp("start") },
      }),
    );
    if (!enough) foot.appendChild(el("p", { class: "muted start-problem", id: "start-problem", text: problem }));
  } else if (app.seat === null && app.role === "player" && (app.waiting || waiting.length)) {
    foot.appendChild(el("p", { class: "waiting", id: "waiting-host", text: t("night.waiting_lobby") }));
  } else {
    const hostSeat = info.host_seat;
    const none = info.table_host === true ? t("lobby.waiting_table") : t("lobby.waiting_host_none");
    foot.appendChild(
      el("p", {
        class: "waiting",
        id: "waiting-host",
        text: hostSeat === null ? none : t("lobby.waiting_host", { name: seatName(hostSeat) }),
      }),
    );
  }
  page.appendChild(foot);
  clear(root).appendChild(page);
}

/** The join link as people type it: without "http://" (browsers add it), so it is short enough for large type. */
function typedAddress(url) {
  return url.replace(/^http:\/\//, "");
}

/** "192.168.1.5:8000/r/ABCD" -> ["192.168.1.5:8000", "/r/ABCD"]: the address breaks between them. */
function addressParts(address) {
  const slash = address.indexOf("/");
  return slash > 0 ? [address.slice(0, slash), address.slice(slash)] : [address];
}

/** "Make host" asks first, naming the person: handing the role on cannot be taken back by the old host. */
function armHandHost(seat) {
  app.handArmed = seat;
  render();
}

function handHostConfirm(info, host) {
  const seat = app.handArmed;
  if (!host || seat === null || seat === undefined) return null;
  const target = info.seats.find((s) => s.seat === seat && s.kind === "human" && !s.host);
  if (!target) {
    app.handArmed = null;
    return null;
  }
  const done = () => {
    app.handArmed = null;
    render();
  };
  return el(
    "div",
    { class: "notice hand-confirm", id: "hand-confirm", role: "alertdialog", "aria-labelledby": "hand-confirm-text" },
    el("p", { id: "hand-confirm-text", text: t(app.role === "table" ? "lobby.hand_confirm_table" : "lobby.hand_confirm", { name: target.name }) }),
    el(
      "div",
      { class: "row wrap" },
      el("button", {
        class: "btn btn-primary",
        type: "button",
        id: "hand-confirm-yes",
        text: t("lobby.hand_yes", { name: target.name }),
        on: {
          click: () => {
            hostOp("hand_host", { seat: target.seat });
            done();
          },
        },
      }),
      el("button", { class: "btn", type: "button", id: "hand-confirm-no", text: t("lobby.hand_no"), on: { click: done } }),
    ),
  );
}

/** Emojito in mode teams: partners sit opposite, team i = seats i and i + n/2 (as the engine forms them). */
function emojitoTeams(info) {
  if (info.game !== "emojito" || !info.options || info.options.mode !== "teams") return null;
  const n = info.seats.length;
  const box = el("div", { class: "teams", id: "teams" }, el("p", { class: "label", text: t("night.teams") }));
  if (n < 4 || n % 2) {
    box.appendChild(el("p", { class: "muted", text: t("night.teams_uneven") }));
    return box;
  }
  const list = el("ol", { class: "team-list" });
  for (let i = 0; i < n / 2; i += 1) {
    const names = [info.seats[i], info.seats[i + n / 2]].map((s) => (s.kind === "empty" ? t("lobby.empty_seat") : s.name));
    list.appendChild(el("li", { class: "team", dataset: { team: String(i) }, text: t("night.team", { no: i + 1, names }) }));
  }
  box.appendChild(list);
  return box;
}

/** Who starts the next game, asked in the words of the game (Mogel-Motte: the oldest; Wordland: the youngest). */
function firstSeatBox(info, host) {
  const question = t(`night.first.${["mogelmotte", "wordland"].includes(info.game) ? info.game : "other"}`);
  const seats = info.seats.filter((s) => s.kind !== "empty");
  const current = typeof info.first_seat === "number" ? info.first_seat : null;
  if (!host) {
    const who = current === null ? t("night.first_random") : seatName(current);
    return el("p", { class: "first-seat", id: "first-seat-text" }, el("span", { class: "label", text: question }), " ", el("strong", { text: who }));
  }
  const select = el(
    "select",
    { id: "first-seat" },
    el("option", { value: "", selected: current === null, text: t("night.first_random") }),
    seats.map((s) => el("option", { value: String(s.seat), selected: s.seat === current, text: s.name })),
  );
  select.addEventListener("change", () => hostOp("first_seat", { seat: select.value === "" ? null : Number(select.value) }));
  return el("div", { class: "first-seat" }, el("label", { for: "first-seat", class: "label", text: question }), select);
}

// Config.more_time in percent (core/game.py MORE_TIME); 0 turns the courtesy timers off
const MORE_TIME = [100, 150, 200, 300, 0];

/**
 * Relaxed timers (WCAG 2.2.1): the host chooses, everyone sees the choice and what it does in plain words.
 * The races that are the game's point (options with timer "game") get at most double time and are never
 * off: that line names the game's own races, and shows only for a game that has one.
 */
function moreTimeBox(info, host, spec) {
  const current = MORE_TIME.includes(info.more_time) ? info.more_time : 100;
  const races = spec && spec.options.some((o) => o.timer === "game") && current !== 100;
  const explain = el(
    "div",
    { class: "more-time-explain", id: "more-time-explain" },
    el("p", { text: t(`more_time.explain.${current}`) }),
    races ? el("p", { id: "more-time-races", text: t(`more_time.races.${["mogelmotte", "wordland"].includes(spec.name) ? spec.name : "other"}`, { factor: t(`more_time.factor.${current}`) }) }) : null,
  );
  const box = el("section", { class: "card more-time", id: "more-time-box", dataset: { moreTime: String(current) } });
  if (!host) {
    box.append(
      el("p", { class: "more-time-line", id: "more-time-text" }, el("span", { class: "label", text: t("more_time.label") }), " ", el("strong", { text: t(`more_time.${current}`) })),
      explain,
      current === 0 ? el("p", { class: "muted", id: "no-time-limit-text", text: noTimeLimitSentence(info, spec) }) : null,
    );
    return box;
  }
  const select = el(
    "select",
    { id: "more-time", "aria-describedby": "more-time-explain" },
    MORE_TIME.map((v) => el("option", { value: String(v), selected: v === current, text: t(`more_time.${v}`) })),
  );
  select.addEventListener("change", () => hostOp("more_time", { value: Number(select.value) }));
  box.append(el("div", { class: "more-time-line" }, el("label", { for: "more-time", class: "label", text: t("more_time.label") }), select), explain);
  box.append(noTimeLimitSwitch(info, spec, current));
  return box;
}

/** What "no time limit" means in this room: nobody is hurried; who is away gets a stand-in after... */
function noTimeLimitSentence(info, spec) {
  const wait = spec && spec.bots_in_rooms === false ? Math.min(info.takeover_s, 5) : info.takeover_s;
  return wait > 0 ? t("more_time.none.means", { seconds: wait }) : t("more_time.none.means_never");
}

/**
 * The host's explicit switch "no time limit" (more_time 0) and the sentence that says what it means: nobody
 * is hurried, and whoever is away gets a stand-in bot after the room's takeover time (Emojito: 5 s at the
 * latest, rooms.AWAY_GRACE_MS), or, with takeover off, nobody stands in.
 */
function noTimeLimitSwitch(info, spec, current) {
  const off = current === 0;
  const sentence = noTimeLimitSentence(info, spec);
  const box = el("input", { id: "no-time-limit", type: "checkbox", checked: off, "aria-describedby": "no-time-limit-text" });
  box.addEventListener("change", () => hostOp("more_time", { value: box.checked ? 0 : 100 }));
  return el(
    "div",
    { class: "no-time-limit" },
    el("label", { class: "option-check" }, box, el("span", { text: t("more_time.none.switch") })),
    el("p", { class: "muted", id: "no-time-limit-text", text: sentence }),
  );
}

/** Known server notes in the UI language; anything else as the server wrote it. */
function noteText(note) {
  const m = note.match(/^(.+?) removed: (.+?) is played by people only\.?$/);
  return m ? t("night.note_bots", { bots: m[1], game: m[2] }) : note;
}

/** The evening so far: every finished game with its winners and record, and wins per person. */
function eveningBox(info) {
  const games = Array.isArray(info.evening) ? info.evening : [];
  if (!games.length) return null;
  const box = el("section", { class: "card evening", id: "evening" }, el("h2", { text: t("night.evening") }));
  const wins = info.wins && typeof info.wins === "object" ? Object.entries(info.wins) : [];
  if (wins.length) {
    wins.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    box.appendChild(
      el(
        "ol",
        { class: "wins", id: "wins" },
        wins.map(([name, count]) => el("li", { class: "win-row", dataset: { name } }, el("span", { class: "win-name", text: name }), el("span", { class: "win-count", text: tp("night.wins", count) }))),
      ),
    );
  }
  const list = el("ol", { class: "evening-games", id: "evening-games" });
  for (const g of [...games].reverse()) {
    const title = gameTitle(specFor(g.game)) || g.game;
    const winners = Array.isArray(g.winners) && g.winners.length ? t("night.won_by", { names: g.winners }) : t("night.no_winner");
    list.appendChild(
      el(
        "li",
        { class: "evening-game", dataset: { n: String(g.n) } },
        el("span", { class: "evening-title", text: t("night.game_no", { n: g.n, game: title }) }),
        el("span", { class: "evening-winners", text: winners }),
        el("a", {
          class: "btn btn-small btn-ghost record-link",
          href: `/api/rooms/${encodeURIComponent(info.code)}/games/${encodeURIComponent(g.n)}/record.json`,
          download: `tischrunde-${info.code}-${g.n}.json`,
          text: t("night.record"),
        }),
      ),
    );
  }
  box.appendChild(list);
  return box;
}

/** The host picks the next game of the evening and its rules, as when creating the room. */
function switchGameBox(info) {
  const games = (app.games || []).filter((g) => CLIENTS.includes(g.name));
  if (!app.switchGame || !games.some((g) => g.name === app.switchGame)) {
    app.switchGame = info.game;
    app.switchValues = {};
  }
  const chosen = games.find((g) => g.name === app.switchGame);
  const box = disclosure({ class: "card option-details", id: "switch-game" }, t("night.switch"), app.switchOpen, (open) => {
    app.switchOpen = open;
  });
  box.appendChild(
    gamePicker(games, app.switchGame, (g) => {
      if (g.name !== app.switchGame) app.switchValues = {};
      app.switchGame = g.name;
      render();
    }),
  );
  if (chosen && chosen.options.length) {
    // the current game starts from the room's rules, another one from its defaults; folded as at creation
    const current = chosen.name === info.game ? { ...(info.options || {}), ...app.switchValues } : app.switchValues;
    const rules = disclosure({ class: "option-details", id: "switch-rules" }, t("start.options"), app.switchRulesOpen, (open) => {
      app.switchRulesOpen = open;
    });
    rules.append(optionEditor(chosen, current, app.switchValues, true, () => {}, "sw"));
    box.appendChild(rules);
  }
  box.appendChild(
    el("button", {
      class: "btn btn-primary",
      type: "button",
      id: "switch-apply",
      disabled: !chosen,
      text: chosen ? t("night.switch_to", { game: gameTitle(chosen) }) : t("night.switch"),
      on: {
        click: () => {
          if (!chosen) return;
          const options = chosen.name === info.game ? { ...(info.options || {}), ...app.switchValues } : { ...app.switchValues };
          if (hostOp("set_game", { game: chosen.name, options })) {
            app.switchOpen = false;
            app.switchValues = {};
            app.switchGame = null;
          }
        },
      },
    }),
  );
  return box;
}

/** The level of a bot seat ("heuristic:hard" -> "hard"); a bot named without one plays at "normal". */
function botLevel(bot) {
  if (typeof bot !== "string" || !bot) return null;
  const level = bot.includes(":") ? bot.split(":")[1] : "normal";
  return ["easy", "normal", "hard"].includes(level) ? level : null;
}

/** "+ Add a bot" with its difficulty (the server's `bot_levels`), sent as "kind:level". */
function addBotControls(spec) {
  const levels = spec && Array.isArray(spec.bot_levels) ? spec.bot_levels : [];
  if (!levels.length || !spec.default_bot) return smallBtn(`+ ${t("lobby.add_bot")}`, () => hostOp("add_bot", {}), "add-bot");
  if (!levels.includes(app.botLevel)) app.botLevel = levels.includes("normal") ? "normal" : levels[0];
  const select = el(
    "select",
    { id: "bot-level", class: "bot-level" },
    levels.map((l) => el("option", { value: l, selected: l === app.botLevel, text: t(`bot.level.${l}`) })),
  );
  select.addEventListener("change", () => {
    app.botLevel = select.value;
  });
  return el(
    "span",
    { class: "add-bot" },
    el("label", { for: "bot-level", class: "label", text: t("lobby.bot_strength") }),
    select,
    smallBtn(`+ ${t("lobby.add_bot")}`, () => hostOp("add_bot", { bot: `${spec.default_bot}:${select.value}` }), "add-bot"),
  );
}

function defaultOptions(spec) {
  const out = {};
  for (const opt of spec ? spec.options : []) out[opt.name] = opt.default;
  return out;
}

function smallBtn(text, fn, id) {
  return el("button", { class: "btn btn-small", type: "button", dataset: { act: id }, text, on: { click: fn } });
}

function topBar(players = null) {
  const bar = el(
    "header",
    { class: "topbar" },
    el("span", { class: "room-code", title: t("lobby.code"), text: app.room }),
    players,
    el("button", {
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
  return bar;
}

/** Sound (and the buzz for your turn) on or off, remembered on this device; the table screen starts muted. */
function muteSwitch() {
  const muted = isMuted();
  return el(
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
    el("span", { class: "mute-icon", "aria-hidden": "true", text: muted ? "🔇" : "🔊" }),
    el("span", { text: t("menu.sound") }),
    el("span", { class: "mute-state", text: t(muted ? "menu.sound_off" : "menu.sound_on") }),
  );
}

function menuSheet() {
  const sheet = el(
    "div",
    { class: "sheet", role: "dialog", "aria-label": t("menu.open"), id: "menu" },
    langSwitch(),
    muteSwitch(),
    app.info ? howtoMenuItem() : null,
    app.role !== "table"
      ? el("a", { class: "btn", href: `/r/${app.room}?table=1`, target: "_blank", rel: "noopener", text: t("lobby.table_link") })
      : null,
    isHost() && app.info && app.info.status !== "lobby"
      ? el("button", {
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
    isHost() && night() && app.info.status !== "lobby"
      ? el("button", {
          class: "btn",
          type: "button",
          id: "menu-lobby",
          text: app.lobbyArmed ? t("night.to_lobby_confirm") : t("night.to_lobby"),
          on: {
            click: () => {
              // a game still running is worth a second tap: it ends for everyone
              if (app.info.status === "playing" && !app.lobbyArmed) {
                app.lobbyArmed = true;
                render();
                return;
              }
              app.lobbyArmed = false;
              app.menuOpen = false;
              hostOp("to_lobby");
              render();
            },
          },
        })
      : null,
    app.info && app.info.status !== "lobby"
      ? el("button", { class: "btn btn-ghost", type: "button", id: "menu-start-page", text: t("frame.back_to_start"), on: { click: () => navigate("/") } })
      : null,
    el("button", {
      class: "btn btn-danger",
      type: "button",
      id: "menu-leave",
      text: app.leaveArmed ? t("menu.leave_confirm") : t("menu.leave"),
      on: {
        click: () => {
          // a seat is worth a second tap (no browser dialog)
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
        },
      },
    }),
    el("button", {
      class: "btn btn-ghost",
      type: "button",
      text: t("menu.close"),
      on: {
        click: () => {
          app.menuOpen = false;
          render();
        },
      },
    }),
  );
  return sheet;
}

// ---------------------------------------------------------------- how to play (web/howto.js, loaded on demand)

let howtoModule = null;

/** Open the how-to of `game`; the focus goes back to `returnTo` (a selector) when it closes. */
function showHowto(game, returnTo) {
  howtoModule ??= import("./howto.js");
  howtoModule.then(
    (m) => m.openHowto(game, () => gameTitle(specOf(game)) || game, returnTo),
    (err) => console.warn("howto.js failed to load", err),
  );
}

function specOf(game) {
  return (app.games || []).find((g) => g.name === game) || null;
}

/** The lobby's "How to play" button, beside the house rules. */
function howtoButton(game, id) {
  return el("button", {
    class: "btn howto-open",
    type: "button",
    id,
    dataset: { game },
    on: { click: () => showHowto(game, `#${id}`) },
  }, bookIcon(), t("howto.open"));
}

function bookIcon() {
  return el("span", { class: "howto-icon", "aria-hidden": "true", text: "📖 " });
}

/** The menu's "How to play": the menu closes, the how-to opens, and the focus comes back to the menu button. */
function howtoMenuItem() {
  const game = app.info.game;
  return el("button", {
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
  }, bookIcon(), t("howto.open"));
}

// ---------------------------------------------------------------- the game frame

function gameContext() {
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
    // an away person's stand-in countdown and the host's button, for a module whose own seats take the
    // player strip's place (Mogel-Motte hides the strip on phones and large table screens)
    standIn: (seat) => {
      const row = app.info.seats.find((x) => x.seat === seat);
      const nodes = row ? standInNodes(row, { outcome: s.outcome }) : null;
      if (nodes && nodes.querySelector(".standin-due")) tickStandIns();
      return nodes;
    },
  };
}

function renderGame() {
  const mod = gameModule(app.info.game);
  const ctx = gameContext();
  const page = el("main", { class: ["page", "game", `game-${app.info.game}`, app.role === "table" && "is-table"] });
  if (!ctx || !mod) {
    page.appendChild(topBar());
    const known = CLIENTS.includes(app.info.game);
    page.appendChild(el("p", { class: "muted center", text: known ? t("join.connecting") : t("start.soon") }));
    clear(root).appendChild(page);
    return;
  }
  // the end screen's buttons take the player strip's place at the top: no card or game control was ever there
  page.appendChild(topBar(ctx.outcome ? endBar() : playerStrip(mod, ctx)));
  if (app.menuOpen) page.appendChild(menuSheet());

  const status = mod.status(ctx);
  const away = ctx.outcome ? [] : awayTurn(mod, ctx);
  const banner = el(
    "section",
    { class: ["status", status.mine && "status-mine"], id: "status" },
    el("p", { class: "status-main", id: "status-main", text: status.main }),
    status.hint ? el("p", { class: "status-hint", id: "status-hint", text: status.hint }) : null,
    away.length ? el("p", { class: "status-away", id: "status-away", text: tp("frame.away", away.length, { names: away }) }) : null,
    app.waiting && app.seat === null && !ctx.outcome
      ? el("p", { class: "status-waiting", id: "status-waiting", text: t("night.waiting_game") })
      : null,
  );
  const clock = mod.timer ? mod.timer(ctx) : null;
  if (clock && !ctx.outcome) banner.appendChild(timerBar(clock));
  page.appendChild(banner);

  // what just happened: the newest lines of the log, right under the status (beside the table on laptops)
  // hidden until the first line, so no blank gap sits above the table
  const log = el("section", { class: "log", id: "log", "aria-label": t("frame.log"), hidden: !app.log.length });
  for (const line of app.log.slice(-6)) {
    log.appendChild(el("p", { class: ["log-line", line.fresh && "log-fresh", `log-${line.kind}`] }, ...withAvatars(logText(mod, line))));
    line.fresh = false;
  }
  page.appendChild(log);
  // the one live region: whose turn it is and every line of the newest state's events (the modules add
  // to it only through ctx.announce, so nothing is said twice)
  const last = app.said.map((entry) => logText(mod, entry)).filter(Boolean).join(" ");
  announce(t("frame.announce", { status: status.main, last: last || "–" }));

  // the state version on screen: a test (and a curious player) can tell the view is current
  const table = el("section", { class: "table", id: "table", dataset: { version: String(app.state.version) } });
  table.appendChild(bridge("table", mod.renderTable(ctx)));
  page.appendChild(table);

  const controls = ctx.outcome ? ranking(mod, ctx) : bridge("controls", mod.renderControls(ctx));
  const live = patchPage(page, controls);
  if (app.pendingEvents && app.pendingEvents.length) {
    if (mod.animate) mod.animate(app.pendingEvents, ctx, live);
    app.pendingEvents = [];
  }
}

// bridge until the shell mounts virtual nodes: a game module returns virtual nodes. A slot ("table",
// "controls") keeps one container that Preact patches on every state, so the module's nodes live on (a
// focused control gets its focus back after the container moved into the new page); slot null turns a
// tree into real nodes once (a seat's lines in the player strip, the end screen's details).
const bridgeBoxes = new Map();
function bridge(slot, tree) {
  if (tree instanceof Node) return slot === null ? [tree] : tree;
  if (slot === null) return [...mount(document.createElement("div"), tree).childNodes];
  if (!bridgeBoxes.has(slot)) bridgeBoxes.set(slot, el("div", { class: "embedded" }));
  const box = bridgeBoxes.get(slot);
  mount(box, tree);
  const focused = box.contains(document.activeElement) ? document.activeElement : null;
  const lost = () => !document.activeElement || document.activeElement === document.body;
  if (focused) queueMicrotask(() => focused.isConnected && lost() && focused.focus({ preventScroll: true }));
  return box;
}

/**
 * A log line's text with each seated person's name marked by their badge: the avatar is drawn by CSS
 * (`.log-who::before`, from data-avatar), so the line's text stays exactly the sentence.
 */
function withAvatars(text) {
  const seats = (app.info ? app.info.seats : []).filter((s) => s.kind !== "empty" && s.name);
  if (!text || !seats.length) return [text];
  const byName = new Map(seats.map((s) => [s.name, s.seat]));
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const parts = text.split(new RegExp(`(?<![\\p{L}\\p{N}])(${names.join("|")})(?![\\p{L}\\p{N}])`, "u"));
  return parts.map((part, k) =>
    k % 2 ? el("span", { class: ["log-who", colourClass(app.info, byName.get(part))], dataset: { avatar: avatarOf(app.info, byName.get(part)) }, text: part }) : part,
  );
}

/** A log entry in the current language: the module describes the event with the view it happened in. */
function logText(mod, entry) {
  try {
    return mod.describe(entry.ev, entry.ctx) || "";
  } catch (err) {
    console.warn("describe failed", err);
    return "";
  }
}

/**
 * Put a freshly built game page on screen. The bottom dock is kept when the old page is a game page too,
 * and a module that returns the very same controls element as last time keeps it untouched: a focused
 * field (Wordland's word input) stays focused and the phone keyboard stays open.
 */
function patchPage(page, controls) {
  const old = root.firstElementChild;
  const oldDock = old && old.classList.contains("game") ? old.querySelector(":scope > #dock") : null;
  if (!oldDock) {
    page.appendChild(el("footer", { class: "dock", id: "dock" }, controls));
    clear(root).appendChild(page);
    return page;
  }
  old.className = page.className;
  for (const child of [...old.children]) if (child !== oldDock) old.removeChild(child);
  old.insertBefore(page, oldDock);
  page.replaceWith(...page.childNodes);
  if (oldDock.firstChild !== controls || oldDock.childNodes.length !== 1) {
    clear(oldDock).appendChild(controls);
  }
  return old;
}

/** Names of the people whose turn it is and who are away (their phone lost the connection). */
function awayTurn(mod, ctx) {
  const turn = mod.waitingFor ? mod.waitingFor(ctx) : ctx.active;
  return app.info.seats.filter((s) => s.kind === "human" && !s.connected && turn.includes(s.seat)).map((s) => s.name);
}

/** The end screen's actions, in the top bar: the host plays again or goes back to the lobby. */
function endBar() {
  const bar = el("div", { class: "end-bar", id: "end-actions" });
  if (isHost()) {
    bar.appendChild(el("button", { class: "btn btn-primary", type: "button", id: "play-again", text: t(night() ? "night.play_again" : "frame.play_again"), on: { click: () => hostOp("restart") } }));
    if (night()) bar.appendChild(el("button", { class: "btn", type: "button", id: "to-lobby", text: t("night.to_lobby"), on: { click: () => hostOp("to_lobby") } }));
  } else if (app.info.host_seat !== null && app.role !== "table") {
    bar.appendChild(el("p", { class: "muted end-wait", id: "end-wait", text: t(night() ? "night.waiting_next" : "frame.waiting_restart", { name: seatName(app.info.host_seat) }) }));
  } else {
    bar.appendChild(el("p", { class: "muted end-wait", text: t("frame.game_over") }));
  }
  return bar;
}

function playerStrip(mod, ctx) {
  const strip = el("ol", { class: "players", id: "players" });
  for (const s of app.info.seats) {
    if (s.kind === "empty") continue;
    const turn = (mod.waitingFor ? mod.waitingFor(ctx) : ctx.active).includes(s.seat) && !ctx.outcome;
    const extra = mod.seatInfo(s.seat, ctx);
    strip.appendChild(
      el(
        "li",
        {
          class: ["player", colourClass(app.info, s.seat), turn && "player-turn", s.seat === ctx.seat && "player-me", !s.connected && s.kind === "human" && "player-off", ...(extra.classes || [])],
          dataset: { seat: String(s.seat) },
        },
        el(
          "span",
          { class: "player-top" },
          turn ? el("span", { class: "turn-mark", "aria-label": t("frame.turn_badge"), text: "▶" }) : null,
          avatarNode(app.info, s.seat, "player-avatar"),
          el("span", { class: "player-name", text: s.name }),
        ),
        !s.connected && s.kind === "human" ? el("span", { class: "off-mark", title: t("frame.offline"), text: "⚡" }) : null,
        extra.nodes ? bridge(null, extra.nodes) : null,
        standInNodes(s, ctx),
      ),
    );
  }
  if (strip.querySelector(".standin-due")) tickStandIns();
  return strip;
}

/**
 * An away person's tile: when the stand-in bot acts for them (SeatInfo.standin_ms, game ms), counted down
 * on every screen, and for the host the button that lets the bot play now (host op stand_in).
 */
function standInNodes(s, ctx) {
  if (s.kind !== "human" || s.connected || ctx.outcome || app.info.status !== "playing") return null;
  const due = typeof s.standin_ms === "number" ? s.standin_ms : null;
  const nodes = [];
  if (due !== null) {
    const line = el("span", { class: "standin-due", dataset: { due: String(due), seat: String(s.seat) }, role: "timer" });
    paintStandIn(line);
    nodes.push(line);
  } else if (s.bot) {
    nodes.push(el("span", { class: "standin-on", text: `🤖 ${t("frame.standin_on")}` }));
  }
  if (isHost() && (due !== null || !s.bot)) {
    nodes.push(
      el("button", {
        class: ["btn", "btn-small", "standin-now"],
        type: "button",
        dataset: { seat: String(s.seat) },
        text: t("frame.standin_now", { name: s.name }),
        on: { click: () => hostOp("stand_in", { seat: s.seat }) },
      }),
    );
  }
  return nodes.length ? el("span", { class: "standin", id: `standin-${s.seat}` }, nodes) : null;
}

/** The countdown's words: whole seconds left until the stand-in acts ("now" once the time is up). */
function paintStandIn(line) {
  const left = Math.max(0, Math.ceil((Number(line.dataset.due) - gameNow()) / 1000));
  const text = left > 0 ? `🤖 ${t("frame.standin_in", { seconds: left })}` : `🤖 ${t("frame.standin_soon")}`;
  if (line.textContent !== text) line.textContent = text;
}

/** One timer for every countdown on screen; it stops by itself when none is left. */
function tickStandIns() {
  if (app.standInTimer) return;
  app.standInTimer = setInterval(() => {
    const lines = document.querySelectorAll(".standin-due");
    if (!lines.length) {
      clearInterval(app.standInTimer);
      app.standInTimer = null;
      return;
    }
    lines.forEach(paintStandIn);
  }, 250);
}

/** Game time now (ms), estimated from the last state's server clock. */
function gameNow() {
  if (!app.state) return 0;
  return app.state.now_ms + (performance.now() - app.stateAt);
}

function timerBar(clock) {
  const outer = el("div", { class: "timer", role: "presentation" });
  const inner = el("div", { class: "timer-fill" });
  outer.appendChild(inner);
  const total = Math.max(1, clock.total || clock.until - gameNow());
  const paint = () => {
    const left = Math.max(0, clock.until - gameNow());
    inner.style.width = `${Math.min(100, (100 * left) / total)}%`;
    inner.classList.toggle("timer-low", left / total < 0.3);
    return left;
  };
  const tick = () => {
    if (!outer.isConnected) return; // a newer render replaced this bar
    if (paint() > 0) requestAnimationFrame(tick);
  };
  paint();
  requestAnimationFrame(tick);
  return outer;
}

function ranking(mod, ctx) {
  const o = ctx.outcome;
  const order = o.ranks.map((r, seat) => ({ seat, rank: r, score: o.scores[seat] })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const toggle = (closed) =>
    el("button", {
      class: ["btn", "btn-small", "ranking-toggle"],
      type: "button",
      id: "ranking-toggle",
      "aria-expanded": closed ? "false" : "true",
      text: closed ? `▲ ${t("frame.ranking_show")}` : `▼ ${t("frame.ranking_hide")}`,
      on: {
        click: () => {
          app.rankingClosed = !closed;
          render();
        },
      },
    });
  // on a phone the ranking covers the table: it folds down to one button so the last table stays visible
  if (app.rankingClosed) return el("section", { class: "ranking ranking-closed", id: "ranking" }, toggle(true));
  const box = el(
    "section",
    { class: "ranking", id: "ranking" },
    el("div", { class: "ranking-head" }, el("h2", { text: t("frame.ranking") }), toggle(false)),
  );
  const list = el("ol", { class: "rank-list" });
  for (const row of order) {
    const win = o.winners.includes(row.seat);
    list.appendChild(
      el(
        "li",
        { class: ["rank-row", win && "rank-win", row.seat === ctx.seat && "rank-me"], dataset: { seat: String(row.seat) } },
        el("span", { class: "rank-no", text: t("frame.rank", { rank: row.rank }) }),
        el("span", { class: "rank-name", text: seatName(row.seat) }),
        el("span", { class: "rank-score", text: mod.scoreText(row.score, ctx) }),
        win ? el("span", { class: "badge badge-win", text: `★ ${t("frame.winner")}` }) : null,
      ),
    );
  }
  box.appendChild(list);
  if (mod.outcomeDetails) box.append(...bridge(null, mod.outcomeDetails(ctx)));
  return box;
}


route();
