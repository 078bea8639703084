// The lobby: the room's head (game, code, QR code, the link or address), the seats, the game night's
// parts, the house rules, the host's own content and the dock with Start.

import { createRef, field, h } from "../dom.js";
import { t, tp } from "../i18n.js";
import { loadToken } from "../net.js";
import { emojitoTeams, eveningBox, firstSeatBox, moreTimeBox, noteText, switchGameBox } from "./evening.js";
import { defaultOptions, gameModule, gameTitle, specFor } from "./games.js";
import { addBotControls, botLevel, handHostConfirm, hostOp, seatControls } from "./host.js";
import { howtoButton, menuSheet, topBar } from "./menu.js";
import { optionEditor } from "./options.js";
import { app, isHost, night, render, seatName } from "./state.js";
import { disclosure, smallBtn } from "./ui.js";

export function lobbyPage() {
  const info = app.info;
  const spec = specFor(info.game);
  const host = isHost();
  loadJoinInfo();
  return h(
    "main",
    { key: "lobby", class: ["page", "lobby", app.role === "table" && "is-table"] },
    topBar(),
    app.menuOpen ? menuSheet() : null,
    lobbyHead(info, spec),
    typeof app.seatedNow === "number" && app.seatedNow === app.seat
      ? h("p", { class: "notice notice-good", id: "seated-notice", role: "status", text: t("night.seated", { seat: app.seat + 1 }) })
      : null,
    seatsCard(info, spec, host),
    typeof info.note === "string" && info.note ? h("p", { class: "notice", id: "room-note", role: "status", text: noteText(info.note) }) : null,
    typeof info.more_time === "number" ? moreTimeBox(info, host, spec) : null,
    eveningBox(info),
    host && night() ? switchGameBox(info) : null,
    spec ? h("div", { class: "howto-row" }, howtoButton(info.game, "howto-button")) : null,
    spec && spec.options.length ? rulesCard(info, spec, host) : null,
    host ? ownContent(info, host) : null,
    lobbyDock(info, spec, host),
  );
}

// ---- the head: game, code and QR code, the link (phones) or the address to type (the table screen)

function lobbyHead(info, spec) {
  return h(
    "section",
    { class: "card lobby-head" },
    h("h1", { text: gameTitle(spec) || info.game }),
    // code and QR code side by side where both fit, else the QR code wraps below: they never overlap
    h(
      "div",
      { class: "code-qr" },
      h(
        "div",
        { class: "code-box" },
        h("p", { class: "label", text: t("lobby.code") }),
        h("p", { class: "big-code", id: "room-code", text: info.code }),
        app.role === "table" ? joinAddress() : null,
      ),
      h("img", { class: "qr", src: `/api/rooms/${encodeURIComponent(info.code)}/qr.svg`, alt: t("lobby.qr_alt", { code: info.code }), width: "240", height: "240" }),
    ),
    app.joinInfo && app.joinInfo.reachable === false && app.role !== "spectator"
      ? h("div", { class: "notice reach-notice", id: "reach-notice", role: "note" }, h("p", { text: t("lobby.unreachable") }), h("p", { text: t("lobby.unreachable_how") }))
      : null,
    app.role !== "table" ? joinLinkRow() : null,
  );
}

/** For the phones that cannot scan: the address to type, in large type, never cut (it wraps). */
function joinAddress() {
  return h(
    "div",
    { class: "join-address", id: "join-address" },
    h("p", { class: "label", text: t("lobby.address") }),
    h(
      "p",
      { class: "address-text", id: "join-address-text" },
      addressParts(typedAddress(joinLink())).map((part) => h("span", { class: "address-part", text: part })),
    ),
  );
}

const linkField = createRef();

/** A field that wraps: the whole link stays readable on a phone (an input would cut it off). */
function joinLinkRow() {
  const copy = async () => {
    if (linkField.current) linkField.current.select();
    try {
      await navigator.clipboard.writeText(joinLink());
    } catch {
      document.execCommand && document.execCommand("copy");
    }
    app.linkCopied = true;
    render();
  };
  return [
    h("label", { for: "join-link", class: "label", text: t("lobby.link") }),
    h(
      "div",
      { class: "row link-row" },
      field("textarea", { id: "join-link", class: "join-link", readonly: true, rows: "2", spellcheck: "false", "aria-label": t("lobby.link"), value: joinLink(), ref: linkField }),
      h("button", { class: "btn", type: "button", id: "copy-link", text: app.linkCopied ? t("lobby.copied") : t("lobby.copy"), on: { click: copy } }),
    ),
  ];
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

/** The join link as people type it: without "http://" (browsers add it), so it is short enough for large type. */
function typedAddress(url) {
  return url.replace(/^http:\/\//, "");
}

/** "192.168.1.5:8000/r/ABCD" -> ["192.168.1.5:8000", "/r/ABCD"]: the address breaks between them. */
function addressParts(address) {
  const slash = address.indexOf("/");
  return slash > 0 ? [address.slice(0, slash), address.slice(slash)] : [address];
}

// ---- the seats

function seatRow(s, host) {
  const badges = [];
  if (s.host) badges.push(h("span", { class: "badge badge-host", text: `★ ${t("lobby.host_badge")}` }));
  if (s.seat === app.seat) badges.push(h("span", { class: "badge badge-you", text: t("lobby.you") }));
  if (s.kind === "bot") {
    const level = botLevel(s.bot);
    badges.push(h("span", { class: "badge badge-bot", dataset: { level: level || "" }, text: level ? t("lobby.bot_level", { level: t(`bot.level.${level}`) }) : t("lobby.bot") }));
  }
  if (s.kind === "human" && !s.connected) badges.push(h("span", { class: "badge badge-off", text: t("lobby.offline") }));
  return h(
    "li",
    { key: s.seat, class: ["seat", `seat-${s.kind}`], dataset: { seat: String(s.seat) } },
    h("span", { class: "seat-no", text: String(s.seat + 1) }),
    h("span", { class: "seat-name", text: s.kind === "empty" ? t("lobby.empty_seat") : s.name }),
    h("span", { class: "badges" }, badges),
    seatControls(s, host),
  );
}

function waitingList(waiting) {
  if (!waiting.length) return null;
  return h(
    "div",
    { class: "waiting-list", id: "waiting-list" },
    h("p", { class: "label", text: tp("night.waiting_head", waiting.length) }),
    h("ul", {}, waiting.map((name) => h("li", { key: name, class: "waiting-name", text: name }))),
  );
}

function seatsCard(info, spec, host) {
  const filled = info.seats.filter((s) => s.kind !== "empty").length;
  const maxPlayers = spec ? spec.max_players : 99;
  const botsAllowed = !spec || spec.bots_in_rooms !== false;
  return h(
    "section",
    { class: "card" },
    h("h2", { text: t("lobby.seats") }),
    h("ul", { class: "seat-list", id: "seat-list" }, info.seats.map((s) => seatRow(s, host))),
    handHostConfirm(info, host),
    waitingList(Array.isArray(info.waiting) ? info.waiting : []),
    emojitoTeams(info),
    info.spectators ? h("p", { class: "muted", text: tp("lobby.watching", info.spectators) }) : null,
    info.locked ? h("p", { class: "notice", text: t("lobby.locked") }) : null,
    host
      ? h(
          "div",
          { class: "row wrap" },
          filled < maxPlayers && botsAllowed ? addBotControls(spec) : null,
          smallBtn(info.locked ? t("lobby.unlock") : t("lobby.lock"), () => hostOp(info.locked ? "unlock" : "lock"), "lock"),
        )
      : null,
    night() ? firstSeatBox(info, host) : null,
  );
}

// ---- the house rules, and the host's own content (web/pictures.js, loaded on demand)

function rulesCard(info, spec, host) {
  const botsAllowed = spec.bots_in_rooms !== false;
  return disclosure(
    { class: "card option-details", id: "lobby-options" },
    t("lobby.options"),
    app.optionsOpen,
    (open) => (app.optionsOpen = open),
    optionEditor(spec, info.options || {}, {}, host, (name, value) => {
      hostOp("set_options", { options: { ...(info.options || {}), [name]: value } });
    }),
    host && botsAllowed ? h("label", { for: "takeover", text: t("lobby.takeover") }) : null,
    host && botsAllowed
      ? field("input", {
          id: "takeover",
          type: "number",
          min: "0",
          max: "3600",
          value: String(info.takeover_s),
          on: { change: (ev) => hostOp("set_takeover", { value: Number(ev.currentTarget.value) || 0 }) },
        })
      : null,
  );
}

function ownContent(info, host) {
  if (!["stella", "wordland"].includes(info.game)) return null;
  if (!app.ownContent) app.ownContent = import("../pictures.js").then((m) => (app.ownContent = m) && render(), () => null);
  return app.ownContent.ownContentBox ? app.ownContent.ownContentBox({ info, host, token: loadToken(info.code), hostOp, rerender: render }) : null;
}

// ---- the dock: Start for the host, whom we wait for for everyone else

function startProblem(info, spec) {
  const filled = info.seats.filter((s) => s.kind !== "empty").length;
  const maxPlayers = spec ? spec.max_players : 99;
  const minPlayers = spec ? spec.min_players : 1;
  // the module may know more than the overall minimum (Emojito: each mode has its own counts)
  const mod = gameModule(info.game);
  return (
    (mod && mod.startProblem ? mod.startProblem(filled, { ...defaultOptions(spec), ...(info.options || {}) }) : null) ||
    (filled < minPlayers ? t("lobby.need_players", { min: minPlayers }) : null) ||
    // after a switch to a smaller game the extra seats stay; someone has to leave (or a bot go)
    (filled > maxPlayers ? t("lobby.too_many", { max: maxPlayers, game: gameTitle(spec) || info.game }) : null)
  );
}

function lobbyDock(info, spec, host) {
  const waiting = Array.isArray(info.waiting) ? info.waiting : [];
  if (host) {
    const problem = startProblem(info, spec);
    return h(
      "footer",
      { class: "dock" },
      h("button", { class: "btn btn-primary btn-huge", type: "button", id: "start-game", disabled: Boolean(problem), text: t("lobby.start"), on: { click: () => hostOp("start") } }),
      problem ? h("p", { class: "muted start-problem", id: "start-problem", text: problem }) : null,
    );
  }
  if (app.seat === null && app.role === "player" && (app.waiting || waiting.length)) {
    return h("footer", { class: "dock" }, h("p", { class: "waiting", id: "waiting-host", text: t("night.waiting_lobby") }));
  }
  const hostSeat = info.host_seat;
  const none = info.table_host === true ? t("lobby.waiting_table") : t("lobby.waiting_host_none");
  return h("footer", { class: "dock" }, h("p", { class: "waiting", id: "waiting-host", text: hostSeat === null ? none : t("lobby.waiting_host", { name: seatName(hostSeat) }) }));
}
