// The app shell: router (start page, room /r/CODE, table screen /r/CODE?table=1), lobby and the game frame.

import { clear, el } from "./dom.js";
import { formatList, lang, onLangChange, setLang, t } from "./i18n.js";
import { Connection, loadToken, saveToken } from "./net.js";
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
  error: null,
  stateAt: 0, // performance.now() when the last state arrived
  menuOpen: false,
  wakeLock: null,
};

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
  if (!app.room) renderStart();
  else renderRoom();
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
  const gamePicker = el("div", { class: "game-picker", role: "radiogroup", "aria-label": t("start.game") });
  const optionsBox = el("div", { class: "options" });
  if (!app.createValues || app.createGame !== chosen.name) app.createValues = {};
  const values = app.createValues;
  const drawGames = () => {
    clear(gamePicker);
    for (const g of games) {
      const playable = CLIENTS.includes(g.name);
      gamePicker.appendChild(
        el(
          "button",
          {
            type: "button",
            disabled: !playable,
            class: ["game-choice", g.name === chosen.name && "game-choice-on"],
            role: "radio",
            "aria-checked": g.name === chosen.name ? "true" : "false",
            dataset: { game: g.name },
            on: {
              click: () => {
                if (chosen !== g) for (const k of Object.keys(values)) delete values[k];
                chosen = g;
                app.createGame = g.name;
                drawGames();
                drawOptions();
              },
            },
          },
          el("strong", { text: gameTitle(g) }),
          el("span", { class: "muted", text: t("start.players", { min: g.min_players, max: g.max_players }) }),
          el("span", { class: "summary", text: lang() === "de" ? g.summary_de : g.summary_en }),
          playable ? null : el("span", { class: "badge", text: t("start.soon") }),
        ),
      );
    }
  };
  const drawOptions = () => {
    clear(optionsBox);
    if (chosen.options.length) {
      const details = el("details", { class: "option-details", open: app.createOptionsOpen });
      details.addEventListener("toggle", () => {
        app.createOptionsOpen = details.open;
      });
      details.appendChild(el("summary", { text: t("start.options") }));
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
  const nameInput = el("input", {
    id: "create-name",
    name: "name",
    maxlength: "24",
    autocomplete: "nickname",
    placeholder: t("start.name_placeholder"),
    value: savedName,
  });
  form.append(
    el("span", { class: "label", text: t("start.game") }),
    gamePicker,
    optionsBox,
    el("label", { for: "room-language", text: t("start.room_language") }),
    langSelect,
    el("label", { for: "create-name", text: t("start.your_name") }),
    nameInput,
    el("button", { class: "btn btn-primary", type: "submit", id: "create-button", text: t("start.create_button") }),
  );
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const name = nameInput.value.trim();
    if (!name) return toast(t("start.name_needed"), "error");
    localStorage.setItem(NAME_KEY, name);
    try {
      const res = await fetch("/api/rooms", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ game: chosen.name, language: langSelect.value, options: { ...values } }),
      });
      const body = await res.json();
      if (!res.ok) return toast(errorSentence(body, chosen, values), "error");
      sessionStorage.setItem(`tischrunde.pending.${body.code}`, name);
      navigate(`/r/${encodeURIComponent(body.code)}`);
    } catch {
      toast(t("err.network"), "error");
    }
  };
}

/** Inputs for every option of a game, each with its explanation. Writes changed values into `out`. */
function optionEditor(spec, current, out, editable, onChange = () => {}) {
  const box = el("div", { class: "option-list" });
  for (const opt of spec.options) {
    const id = `opt-${opt.name}`;
    const value = opt.name in current ? current[opt.name] : opt.default;
    const desc = lang() === "de" ? opt.description_de : opt.description_en;
    let input;
    const set = (v) => {
      out[opt.name] = v;
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
    box.appendChild(
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
  }
  return box;
}

function fmtValue(v, spec, opt) {
  if (v === true) return t("yes");
  if (v === false) return t("no");
  if (v !== null && typeof v === "object") return t("start.default_table");
  if (opt && opt.choices) return choiceLabel(spec, opt, v);
  return String(v);
}

/** The translated label of a choice (`opt.<game>.<option>.<value>`), else the value itself. */
function choiceLabel(spec, opt, value) {
  const key = `opt.${spec.name}.${opt.name}.${value}`;
  const text = t(key);
  return text !== key ? text : String(value);
}

// ---------------------------------------------------------------- room connection

function leaveConnection() {
  if (app.conn) app.conn.close();
  app.conn = null;
  app.info = null;
  app.state = null;
  app.seat = null;
  app.log = [];
  app.error = null;
  releaseWakeLock();
}

function enterRoom(code, role) {
  if (app.conn && app.room === code && app.role === role) return render();
  leaveConnection();
  app.room = code;
  app.role = role;
  const pending = sessionStorage.getItem(`tischrunde.pending.${code}`);
  if (role === "player" && !loadToken(code) && !pending) {
    app.status = "ask-name";
    return render();
  }
  connect(pending);
}

function connect(name) {
  app.status = "connecting";
  app.conn = new Connection({
    room: app.room,
    role: app.role,
    name,
    onMessage,
    onStatus: (s) => {
      app.status = s;
      render();
    },
  });
  loadGames().then(render, () => {});
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      app.seat = msg.seat;
      app.role = msg.role;
      app.error = null;
      sessionStorage.removeItem(`tischrunde.pending.${app.room}`);
      break;
    case "room": {
      const was = app.info;
      app.info = msg.room;
      gameModule(msg.room.game);
      if (was && was.status !== msg.room.status && msg.room.status === "playing") {
        app.log = [];
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
  if (!msg.outcome) app.rankingClosed = false;
  app.state = msg;
  app.stateAt = performance.now();
  const mod = app.info ? gameModule(app.info.game) : null;
  const ctx = gameContext();
  for (const ev of msg.events || []) {
    const line = mod && ctx ? mod.describe(ev, ctx) : null;
    if (line) app.log.push({ text: line, kind: ev.kind, fresh: true });
  }
  if (app.log.length > LOG_LINES) app.log.splice(0, app.log.length - LOG_LINES);
  app.pendingEvents = msg.events || [];
  if (msg.outcome) acquireWakeLockLater(false);
  else acquireWakeLockLater(true);
}

function onError(msg) {
  const mod = app.info ? gameModule(app.info.game) : null;
  if (msg.code === "stale_version" && retryPending(mod)) return;
  // a module's errorText may return a string or {text, inline}: inline means the module shows it itself
  const own = mod && mod.errorText ? mod.errorText(msg) : null;
  const inline = Boolean(own && typeof own === "object" && own.inline);
  const ownText = own && typeof own === "object" ? own.text : own;
  const text = ownText || errorSentence(msg);
  if (msg.code === "bad_token" || msg.code === "kicked") {
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
    if (opt.maximum !== null && opt.maximum !== undefined) return t("err.range", { min: opt.minimum, max: opt.maximum });
    return t("err.at_least", { min: opt.minimum });
  }
  return null;
}

app.welcomedOnce = () => app.seat !== null || app.info !== null;

// ---------------------------------------------------------------- wake lock

function acquireWakeLockLater(want) {
  if (!want) return releaseWakeLock();
  if (app.wakeLock || app.wakeLockAsked || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  app.wakeLockAsked = true;
  navigator.wakeLock
    .request("screen")
    .then((lock) => {
      app.wakeLockAsked = false;
      app.wakeLock = lock;
      lock.addEventListener("release", () => {
        app.wakeLock = null;
      });
    })
    .catch(() => {
      app.wakeLockAsked = false;
    });
}

function releaseWakeLock() {
  if (app.wakeLock) app.wakeLock.release().catch(() => {});
  app.wakeLock = null;
}

document.addEventListener("visibilitychange", () => {
  if (app.info && app.info.status === "playing") acquireWakeLockLater(true);
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
  const nameInput = el("input", {
    id: "ask-name",
    name: "name",
    maxlength: "24",
    autocomplete: "nickname",
    placeholder: t("start.name_placeholder"),
    value: localStorage.getItem(NAME_KEY) || "",
  });
  const form = el(
    "form",
    { class: "card", id: "ask-name-form" },
    el("h2", { text: t("join.title", { code: app.room }) }),
    el("label", { for: "ask-name", text: t("start.your_name") }),
    nameInput,
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
    connect(name);
  });
  clear(root).appendChild(
    el(
      "main",
      { class: "page center" },
      el("div", { class: "top-right" }, langSwitch()),
      form,
    ),
  );
  nameInput.focus();
}

function isHost() {
  return app.info && app.seat !== null && app.info.host_seat === app.seat;
}

function seatName(seat) {
  const s = app.info && app.info.seats.find((x) => x.seat === seat);
  return s ? s.name : `#${seat + 1}`;
}

function joinLink() {
  return `${location.origin}/r/${app.room}`;
}

function renderLobby() {
  const info = app.info;
  const spec = specFor(info.game);
  const host = isHost();
  const page = el("main", { class: ["page", "lobby", app.role === "table" && "is-table"] });
  page.appendChild(topBar());
  if (app.menuOpen) page.appendChild(menuSheet());

  const head = el(
    "section",
    { class: "card lobby-head" },
    el("h1", { text: gameTitle(spec) || info.game }),
    el("div", { class: "code-box" }, el("p", { class: "label", text: t("lobby.code") }), el("p", { class: "big-code", id: "room-code", text: info.code })),
    el("img", {
      class: "qr",
      src: `/api/rooms/${encodeURIComponent(info.code)}/qr.svg`,
      alt: t("lobby.qr_alt", { code: info.code }),
      width: "200",
      height: "200",
    }),
  );
  if (app.role !== "table") {
    const link = el("input", { id: "join-link", readonly: true, value: joinLink(), "aria-label": t("lobby.link") });
    head.append(
      el("label", { for: "join-link", class: "label", text: t("lobby.link") }),
      el(
        "div",
        { class: "row" },
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
    if (s.kind === "bot") badges.push(el("span", { class: "badge", text: t("lobby.bot") }));
    if (s.kind === "human" && !s.connected) badges.push(el("span", { class: "badge badge-off", text: t("lobby.offline") }));
    const controls = [];
    if (host && s.kind === "bot") {
      controls.push(smallBtn(t("lobby.remove_bot"), () => app.conn.host("remove_bot", { seat: s.seat }), "remove-bot"));
    }
    if (host && s.kind === "human" && s.seat !== app.seat) {
      controls.push(smallBtn(t("lobby.make_host"), () => app.conn.host("hand_host", { seat: s.seat }), "make-host"));
      controls.push(smallBtn(t("lobby.kick"), () => app.conn.host("kick", { seat: s.seat }), "kick"));
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
  if (info.spectators) {
    const key = info.spectators === 1 ? "lobby.spectator_one" : "lobby.spectators";
    seatsBox.appendChild(el("p", { class: "muted", text: t(key, { count: info.spectators }) }));
  }
  const filled = info.seats.filter((s) => s.kind !== "empty").length;
  const maxPlayers = spec ? spec.max_players : 99;
  const minPlayers = spec ? spec.min_players : 1;
  const botsAllowed = !spec || spec.bots_in_rooms !== false;
  if (info.locked) seatsBox.appendChild(el("p", { class: "notice", text: t("lobby.locked") }));
  if (host) {
    const row = el("div", { class: "row wrap" });
    if (filled < maxPlayers && botsAllowed) row.appendChild(smallBtn(`+ ${t("lobby.add_bot")}`, () => app.conn.host("add_bot", {}), "add-bot"));
    row.appendChild(
      smallBtn(info.locked ? t("lobby.unlock") : t("lobby.lock"), () => app.conn.host(info.locked ? "unlock" : "lock"), "lock"),
    );
    seatsBox.appendChild(row);
  }
  page.appendChild(seatsBox);

  if (spec && spec.options.length) {
    // stays open across re-renders while the host edits
    const opts = el("details", { class: "card option-details", id: "lobby-options", open: app.optionsOpen });
    opts.addEventListener("toggle", () => {
      app.optionsOpen = opts.open;
    });
    opts.appendChild(el("summary", { text: t("lobby.options") }));
    opts.appendChild(
      optionEditor(spec, info.options || {}, {}, host, (name, value) => {
        app.conn.host("set_options", { options: { ...(info.options || {}), [name]: value } });
      }),
    );
    if (host && botsAllowed) {
      const take = el("input", { id: "takeover", type: "number", min: "0", max: "3600", value: String(info.takeover_s) });
      take.addEventListener("change", () => app.conn.host("set_takeover", { value: Number(take.value) || 0 }));
      opts.append(el("label", { for: "takeover", text: t("lobby.takeover") }), take);
    }
    page.appendChild(opts);
  }

  const foot = el("footer", { class: "dock" });
  if (host) {
    // the module may know more than the overall minimum (Emojito: each mode has its own counts)
    const mod = gameModule(info.game);
    const problem =
      (mod && mod.startProblem ? mod.startProblem(filled, { ...defaultOptions(spec), ...(info.options || {}) }) : null) ||
      (filled < minPlayers ? t("lobby.need_players", { min: minPlayers }) : null);
    const enough = !problem;
    foot.appendChild(
      el("button", {
        class: "btn btn-primary btn-huge",
        type: "button",
        id: "start-game",
        disabled: !enough,
        text: t("lobby.start"),
        on: { click: () => app.conn.host("start") },
      }),
    );
    if (!enough) foot.appendChild(el("p", { class: "muted start-problem", id: "start-problem", text: problem }));
  } else {
    const hostSeat = info.host_seat;
    foot.appendChild(
      el("p", {
        class: "waiting",
        id: "waiting-host",
        text: hostSeat === null ? t("lobby.waiting_host_none") : t("lobby.waiting_host", { name: seatName(hostSeat) }),
      }),
    );
  }
  page.appendChild(foot);
  clear(root).appendChild(page);
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
    app.status !== "open" && app.info
      ? el("span", { class: "conn-lost", role: "status", text: t("frame.connection_lost") })
      : null,
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
          render();
        },
      },
    }),
  );
  return bar;
}

function menuSheet() {
  const sheet = el(
    "div",
    { class: "sheet", role: "dialog", "aria-label": t("menu.open"), id: "menu" },
    langSwitch(),
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
              app.conn.host("restart");
            },
          },
        })
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
    act: (action) => {
      app.pending = { action, at: performance.now(), tries: 0 };
      if (!app.conn || !app.conn.act(action)) toast(t("err.network"), "error");
    },
    explain,
    rerender: render,
    now: gameNow,
    // the server's clock: deadline and "now" of the last StateMsg (game ms) and when it arrived here
    deadline: typeof s.deadline_ms === "number" ? s.deadline_ms : null,
    deadlineMs: typeof s.deadline_ms === "number" ? s.deadline_ms : null,
    nowMs: s.now_ms,
    receivedAt: app.stateAt,
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
  page.appendChild(topBar(playerStrip(mod, ctx)));
  if (app.menuOpen) page.appendChild(menuSheet());

  const status = mod.status(ctx);
  const banner = el(
    "section",
    { class: ["status", status.mine && "status-mine"], id: "status", role: "status", "aria-live": "polite" },
    el("p", { class: "status-main", id: "status-main", text: status.main }),
    status.hint ? el("p", { class: "status-hint", id: "status-hint", text: status.hint }) : null,
  );
  const clock = mod.timer ? mod.timer(ctx) : null;
  if (clock && !ctx.outcome) banner.appendChild(timerBar(clock));
  page.appendChild(banner);

  // what just happened: the newest lines of the log, right under the status (beside the table on laptops)
  // hidden until the first line, so no blank gap sits above the table
  const log = el("section", { class: "log", id: "log", "aria-label": t("frame.log"), hidden: !app.log.length });
  for (const line of app.log.slice(-6)) {
    log.appendChild(el("p", { class: ["log-line", line.fresh && "log-fresh", `log-${line.kind}`], text: line.text }));
    line.fresh = false;
  }
  page.appendChild(log);

  const table = el("section", { class: "table", id: "table" });
  table.appendChild(mod.renderTable(ctx));
  page.appendChild(table);

  const controls = ctx.outcome ? ranking(mod, ctx) : mod.renderControls(ctx);
  const live = patchPage(page, controls);
  if (app.pendingEvents && app.pendingEvents.length) {
    if (mod.animate) mod.animate(app.pendingEvents, ctx, live);
    app.pendingEvents = [];
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
          class: ["player", turn && "player-turn", s.seat === ctx.seat && "player-me", !s.connected && s.kind === "human" && "player-off", ...(extra.classes || [])],
          dataset: { seat: String(s.seat) },
        },
        el(
          "span",
          { class: "player-top" },
          turn ? el("span", { class: "turn-mark", "aria-label": t("frame.turn_badge"), text: "▶" }) : null,
          el("span", { class: "player-name", text: s.name }),
        ),
        !s.connected && s.kind === "human" ? el("span", { class: "off-mark", title: t("frame.offline"), text: "⚡" }) : null,
        extra.nodes || null,
      ),
    );
  }
  return strip;
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
  if (mod.outcomeDetails) box.appendChild(mod.outcomeDetails(ctx));
  if (isHost()) {
    box.appendChild(
      el("button", { class: "btn btn-primary", type: "button", id: "play-again", text: t("frame.play_again"), on: { click: () => app.conn.host("restart") } }),
    );
  } else if (app.info.host_seat !== null && app.role === "player") {
    box.appendChild(el("p", { class: "muted", text: t("frame.waiting_restart", { name: seatName(app.info.host_seat) }) }));
  }
  box.appendChild(el("button", { class: "btn btn-ghost", type: "button", text: t("frame.back_to_start"), on: { click: () => navigate("/") } }));
  return box;
}


route();
