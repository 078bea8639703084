// Stella in the browser: the 3x5 grid of dream pictures, the scout's secret word choice, private marks
// (lantern + lock, changeable until "Done"), the lanterns with their counts, the reveal turns with sparks,
// super-sparks and falls, and the scores per round.
//
// The module only reads the engine's view (shape: StellaView in tischrunde.games.stella.view; `tischrunde schema stella`)
// and the legal actions; it never decides a rule itself. Names and words go in through textContent.

import { flash, h } from "../dom.js";
import { formatList, lang, register, t, tp } from "../i18n.js";
import TEXT from "./stella.text.js";
import { avatarOf } from "../badges.js";
import { roundTable } from "./rounds.js";
import { add, avatar, codeText, gameContent, legalOf, list, loadStyle, names, NO_DRAG, scoreTextOf, v } from "./shared.js";

// our own stylesheet, loaded once next to the shell's (the CSP allows same-origin stylesheets)
loadStyle("stella");

register(TEXT);

// the table's shape (public content, served by the server): rows of COLUMNS pictures
const { columns: COLUMNS, rows: ROWS } = await gameContent("stella");
const KIND_ICON = { spark: "✦", super_spark: "✦✦", fall: "✕" };
const LANTERN = "🏮";
// from this many markers a picture's avatars take a line of their own in its strip (a TV reads them whole)
const MANY_MARKERS = 4;
const LOCK = "🔒";
const SCOUT_ICON = "🔭";
const DARK_ICON = "🌑";

// what this phone has tapped but not sent yet (kept across re-renders; a new round starts fresh)
const ui = {
  round: "", // which room, game and round the picks belong to
  picks: [], // positions picked before "Done"
  sending: false, // "Done" was tapped; waiting for the server to confirm
  wordSent: false, // the scout tapped a word; until the marking phase arrives, a tap on a picture already marks
  chosen: null, // the position picked to name in a reveal turn, before confirming
  zoom: null, // the position shown large
  view: null, // the last view (for error texts with the room's limits)
  room: null, // the last RoomInfo: its `pictures` are the game's uploaded pictures (cards 1000 + k)
  lastMark: null, // the Mark action sent last
  act: null, // the shell's act and rerender, for answers that arrive outside a render
  rerender: null,
  missing: new Set(), // picture addresses that could not be loaded (shown as a placeholder)
};

function grid(view) {
  return list(view.grid).flat();
}

function isPlayer(ctx) {
  return !ctx.isTable && ctx.seat !== null && ctx.seat !== undefined;
}

/** The word in the room's language (the one said at the table), with this phone's language beside it if different. */
function wordParts(view, word) {
  if (!word) return { main: "", other: "" };
  const room = view.language === "en" ? "en" : "de";
  const mine = lang() === "en" ? "en" : "de";
  const main = word[room] || word[mine] || "";
  const other = mine !== room && word[mine] && word[mine] !== main ? word[mine] : "";
  return { main, other };
}

function wordText(view, word) {
  return wordParts(view, word).main;
}

/** Keep the per-round local state in step with the view. */
function sync(ctx) {
  const view = v(ctx);
  ui.view = view;
  ui.room = ctx.info || null;
  // a new round (or a new game, or another room) starts with nothing picked
  const key = `${ctx.info ? ctx.info.code : ""}:${view.round}:${list(view.history).length}:${grid(view).join(",")}`;
  if (key !== ui.round) {
    ui.round = key;
    ui.picks = loadPicks(key);
    ui.sending = false;
    ui.wordSent = false;
    ui.chosen = null;
    ui.zoom = null;
  }
  if (view.phase !== "mark" || view.my_marks) ui.sending = false;
  if (view.phase !== "word") ui.wordSent = false;
  if (view.phase !== "reveal" || !legalOf(ctx, "reveal").some((a) => a.position === ui.chosen)) ui.chosen = null;
}

// picks survive a reload or a wake-up of the phone (same tab, same round), like the seat does
const PICKS_KEY = "tischrunde.stella.picks";

function loadPicks(key) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PICKS_KEY) || "null");
    if (saved && saved.key === key && Array.isArray(saved.picks)) {
      return saved.picks.filter((p) => Number.isInteger(p) && p >= 0 && p < 15);
    }
  } catch {
    // storage unavailable or garbled: start with nothing picked
  }
  return [];
}

function savePicks() {
  try {
    sessionStorage.setItem(PICKS_KEY, JSON.stringify({ key: ui.round, picks: ui.picks }));
  } catch {
    // private mode without storage: picks just do not survive a reload
  }
}

/** Positions this phone shows as its own marks (never on the table screen or for watchers). */
function myMarks(ctx) {
  if (!isPlayer(ctx)) return [];
  const view = v(ctx);
  if (Array.isArray(view.my_marks)) return view.my_marks;
  if (view.phase === "mark" || early(ctx)) return ui.picks;
  return [];
}

/**
 * The scout has tapped a word and the server's answer (the marking phase) is still on its way: a tap on a
 * picture in that moment is meant as a mark, not as "open it large", so it is picked already.
 */
function early(ctx) {
  return isPlayer(ctx) && ui.wordSent && v(ctx).phase === "word";
}

function canPick(ctx) {
  const view = v(ctx);
  if (early(ctx)) return true;
  return isPlayer(ctx) && view.phase === "mark" && !view.my_marks && !ui.sending && legalOf(ctx, "mark").length > 0;
}

function togglePick(ctx, pos) {
  const view = v(ctx);
  const at = ui.picks.indexOf(pos);
  if (at >= 0) ui.picks.splice(at, 1);
  else if (ui.picks.length >= view.max_marks) {
    ctx.explain(t("stl.max_reached", { max: view.max_marks }));
    return;
  } else ui.picks.push(pos);
  savePicks();
  ctx.rerender();
}

function lastSummary(view) {
  const history = list(view.history);
  return history.length ? history[history.length - 1] : null;
}

/** The named cards shown on the grid: this round's, or at the end the last round's (the grid stays as it was). */
function shownReveals(view) {
  if (view.phase === "over") return list((lastSummary(view) || {}).reveals);
  return list(view.reveals);
}

function revealOf(view, pos) {
  return shownReveals(view).find((r) => r.position === pos) || null;
}

/** Card ids 1000 + k are the room's own uploaded pictures (RoomInfo.pictures[k]), the others built-in. */
function pictureUrl(card) {
  const own = ui.room && Array.isArray(ui.room.pictures) ? ui.room.pictures[card - 1000] : undefined;
  if (typeof own === "string") return `/api/rooms/${encodeURIComponent(ui.room.code)}/pictures/${encodeURIComponent(own)}`;
  return `/api/games/stella/pictures/${encodeURIComponent(String(card))}.svg`;
}

/** The picture, or a neutral placeholder when it cannot be loaded (a room's own deck may lack it). */
function picture(card, cls) {
  const url = pictureUrl(card);
  if (ui.missing.has(url)) return h("span", { class: ["stl-pic", cls, "stl-pic-missing"] }, h("span", { class: "stl-pic-placeholder", "aria-hidden": "true", text: "✧" }));
  const missing = () => {
    ui.missing.add(url);
    if (ui.rerender) ui.rerender();
  };
  return h("span", { class: ["stl-pic", cls] }, h("img", { key: url, src: url, alt: "", loading: "lazy", decoding: "async", ref: NO_DRAG, on: { error: missing } }));
}

// ---------------------------------------------------------------- the status line

function status(ctx) {
  sync(ctx);
  const view = v(ctx);
  const me = ctx.seat;
  const idle = ctx.isTable ? t("stl.status.table_hint") : me === null ? t("stl.status.spectating") : "";
  if (ctx.outcome || view.phase === "over") {
    // the end in one line: did I win, or who did
    const winners = ctx.outcome ? list(ctx.outcome.winners) : [];
    if (!winners.length) return { main: t("frame.game_over"), hint: "", mine: false };
    const mine = ctx.seat !== null && winners.includes(ctx.seat);
    const main = mine ? t("stl.over.you_won") : t("stl.over.winners", { names: formatList(winners.map((w) => ctx.name(w))) });
    return { main, hint: t("frame.game_over"), mine };
  }
  if (view.phase === "word") {
    if (isPlayer(ctx) && legalOf(ctx, "choose_word").length) {
      return { main: t("stl.status.choose"), hint: t("stl.status.choose_hint"), mine: true };
    }
    return { main: t("stl.status.choosing", { name: ctx.name(view.scout) }), hint: idle || t("stl.status.choosing_hint"), mine: false };
  }
  const word = wordText(view, view.word);
  if (view.phase === "mark") {
    const waiting = list(view.marked)
      .map((done, s) => (done ? -1 : s))
      .filter((s) => s >= 0 && s !== me);
    const waitHint = waiting.length ? t("stl.status.wait_for", { names: names(ctx, waiting) }) : idle;
    if (isPlayer(ctx) && !view.my_marks && legalOf(ctx, "mark").length) {
      return { main: t("stl.status.mark", { word }), hint: t("stl.status.mark_hint", { min: view.min_marks, max: view.max_marks }), mine: true };
    }
    if (isPlayer(ctx)) return { main: t("stl.status.marked"), hint: waitHint, mine: false };
    return { main: t("stl.status.marking", { word }), hint: waitHint || idle, mine: false };
  }
  if (view.phase === "reveal") {
    if (isPlayer(ctx) && legalOf(ctx, "reveal").length) {
      return { main: t("stl.status.reveal"), hint: t("stl.status.reveal_hint"), mine: true };
    }
    const hint = isPlayer(ctx) && list(view.fallen)[me] ? t("stl.status.fallen_hint") : darkLine(ctx) || idle;
    return { main: t("stl.status.revealing", { name: ctx.name(view.reveal_turn) }), hint, mine: false };
  }
  if (view.phase === "round_over") {
    // the last reveal and the round's points stay on the table until the pause ends or the scout goes on
    const mine = isPlayer(ctx) && me === view.scout;
    const hint = mine ? t("stl.status.round_over_mine") : t("stl.status.round_over_hint");
    return { main: t("stl.status.round_over", { round: view.round }), hint, mine };
  }
  return { main: "", hint: idle, mine: false };
}

function darkLine(ctx) {
  const view = v(ctx);
  if (!view.counts) return "";
  return typeof view.dark === "number" ? t("stl.dark_is", { name: ctx.name(view.dark) }) : t("stl.nobody_dark");
}

/** The countdown when the room set a time limit (the server's deadline rules; game time). */
function timer(ctx) {
  const view = v(ctx);
  // the StateMsg's deadline (ctx.deadline) is the same moment as the view's; either is game time
  const until = typeof ctx.deadline === "number" ? ctx.deadline : view.deadline;
  if (typeof until !== "number") return null;
  const opts = (ctx.info && ctx.info.options) || {};
  let seconds = view.phase === "mark" ? Number(opts.mark_timeout_s) || 0 : Number(opts.turn_timeout_s) || 0;
  if (view.phase === "round_over") seconds = (Number(opts.round_pause_ms) || 6000) / 1000;
  return { until, total: seconds > 0 ? seconds * 1000 : 0 };
}

// ---------------------------------------------------------------- the player strip in the top bar

function seatInfo(seat, ctx) {
  const view = v(ctx);
  const nodes = [];
  const classes = [];
  if (view.phase !== "over" && view.scout === seat) {
    nodes.push(h("span", { class: "stl-badge stl-badge-scout", title: t("stl.scout"), text: `${SCOUT_ICON} ${t("stl.scout")}` }));
  }
  if (view.phase === "mark") {
    const done = list(view.marked)[seat];
    nodes.push(
      h("span", {
        class: ["stl-badge", done ? "stl-badge-done" : "stl-badge-open"],
        dataset: { marked: done ? "yes" : "no" },
        text: done ? `✓ ${t("stl.marked_yes")}` : `… ${t("stl.marked_no")}`,
      }),
    );
  }
  if (view.phase === "reveal" && list(view.fallen)[seat]) {
    classes.push("stl-player-fallen");
    nodes.push(h("span", { class: "stl-badge stl-badge-fall", text: `✕ ${t("stl.fallen")}` }));
  }
  // the player in the dark who fell gets fewer at the round's end: no "+N" that would promise too much
  const cut = view.dark === seat && list(view.fallen)[seat];
  const now = view.phase === "reveal" && !cut ? list(view.round_points)[seat] || 0 : 0;
  nodes.push(
    h("span", {
      class: "stl-badge stl-badge-score",
      title: t("stl.scores"),
      dataset: { score: String(list(view.scores)[seat] ?? 0) },
      text: now ? `★ ${list(view.scores)[seat] ?? 0} (+${now})` : `★ ${list(view.scores)[seat] ?? 0}`,
    }),
  );
  return { nodes, classes };
}

// ---------------------------------------------------------------- the table (middle)

function head(ctx) {
  const view = v(ctx);
  return h(
    "div",
    { class: "stl-head", id: "stl-head" },
    h("span", { class: "stl-round", id: "stl-round", text: t("stl.round", { round: view.round, rounds: view.rounds }) }),
    h("span", { class: "stl-scout", id: "stl-scout", text: `${SCOUT_ICON} ${t("stl.scout_is", { name: ctx.name(view.scout) })}` }),
  );
}

function wordBox(ctx) {
  const view = v(ctx);
  const box = h("div", { class: "stl-word", id: "stl-word", dataset: { phase: view.phase || "" } });
  const word = view.word || (view.phase === "over" ? (lastSummary(view) || {}).word : null);
  if (word) {
    const { main, other } = wordParts(view, word);
    add(box, h("span", { class: "stl-word-label", text: t("stl.word") }));
    add(box, h("strong", { class: "stl-word-main", id: "stl-word-main", text: main }));
    if (other) add(box, h("span", { class: "stl-word-other", text: `(${other})` }));
  } else if (view.phase === "word") {
    add(box, h("span", { class: "stl-word-wait", text: t("stl.word_secret") }));
  }
  return box;
}

function tile(ctx, pos, card) {
  const view = v(ctx);
  const mine = myMarks(ctx).includes(pos);
  const result = revealOf(view, pos);
  const picking = canPick(ctx);
  const candidates = legalOf(ctx, "reveal").map((a) => a.position);
  const candidate = isPlayer(ctx) && candidates.includes(pos);
  const number = pos + 1;
  const labelParts = [t("stl.card", { number })];
  if (mine) labelParts.push(t("stl.my_mark"));
  if (result) labelParts.push(t(`stl.kind.${result.kind}`), t("stl.markers", { names: names(ctx, result.markers) }));
  const onClick = () => {
    ui.last = pos;
    if (picking) return togglePick(ctx, pos);
    if (candidate) {
      ui.chosen = ui.chosen === pos ? null : pos;
      return ctx.rerender();
    }
    ui.zoom = pos;
    ctx.rerender();
  };
  const node = h(
    "button",
    {
      type: "button",
      class: [
        "stl-tile",
        mine && "stl-tile-mine",
        result && `stl-tile-${result.kind}`,
        result && "stl-tile-named",
        candidate && "stl-tile-can",
        ui.chosen === pos && "stl-tile-chosen",
        picking && "stl-tile-pickable",
      ],
      dataset: { pos: String(pos), card: String(card), mine: mine ? "1" : "0", focus: `tile-${pos}` },
      "aria-label": labelParts.join(" · "),
      "aria-pressed": picking ? (mine ? "true" : "false") : candidate ? (ui.chosen === pos ? "true" : "false") : undefined,
      on: { click: onClick },
    },
    picture(card),
  );
  // the strip under the picture: number, own mark, result; nothing ever covers the motif
  const many = result && list(result.markers).length >= MANY_MARKERS;
  const cap = h("span", { class: ["stl-cap", many && "stl-cap-many"], "aria-hidden": "true" }, h("span", { class: "stl-num", text: String(number) }));
  // the picture picked to name carries a target beside the lantern: a shape, not only the white frame
  if (candidate && ui.chosen === pos) add(cap, h("span", { class: "stl-can-mark", text: "◉" }));
  else if (mine) add(cap, h("span", { class: "stl-mine", title: t("stl.private") }, h("span", { text: LANTERN }), h("span", { class: "stl-lock", text: LOCK })));
  if (result) {
    // many markers: their avatars take a line of their own (the table screen's strip grows to two lines)
    const markers = list(result.markers);
    add(cap, 
      h(
        "span",
        { class: ["stl-result", `stl-result-${result.kind}`] },
        h("span", { class: "stl-result-icon", text: KIND_ICON[result.kind] || "" }),
        // drawn by the stylesheet from data-who: the button's name already says who marked it, in full
        // each marker's avatar (the badge tells people apart where a name would not fit)
        h("span", { class: "stl-result-who", dataset: { who: markers.map((s) => avatarOf(ctx.info, s)).join(""), n: String(markers.length) } }),
      ),
    );
  }
  add(node, cap);
  return node;
}

/** While a tap marks (or picks) a picture, this button in the dock opens the last one touched large. */
function zoomButton(ctx) {
  const pos = Number.isInteger(ui.chosen) ? ui.chosen : Number.isInteger(ui.last) ? ui.last : 0;
  return h("button", {
    type: "button",
    class: "btn stl-zoom-btn",
    id: "stl-zoom-open",
    dataset: { zoom: String(pos), focus: "zoom-open" },
    "aria-label": `${t("stl.zoom_open")}: ${t("stl.card", { number: pos + 1 })}`,
    title: t("stl.zoom_open"),
    text: "🔍",
    on: {
      click: () => {
        ui.zoom = pos;
        ctx.rerender();
      },
    },
  });
}

/** Arrow keys move the focus through the grid as the pictures lie (5 per row). */
function gridKeys(ev) {
  const keys = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -COLUMNS, ArrowDown: COLUMNS };
  const step = keys[ev.key];
  const from = ev.target && ev.target.closest ? ev.target.closest(".stl-tile") : null;
  if (!step || !from) return;
  const next = Number(from.dataset.pos) + step;
  const node = ev.currentTarget.querySelector(`.stl-tile[data-pos="${next}"]`);
  if (node) {
    ev.preventDefault();
    node.focus();
  }
}

function gridBox(ctx) {
  const view = v(ctx);
  const cards = grid(view);
  const picking = canPick(ctx);
  const box = h("div", { class: ["stl-grid", picking && "stl-grid-picking"], id: "stl-grid", role: "group", "aria-label": t("stl.card_of", { number: cards.length }), on: { keydown: gridKeys } });
  cards.forEach((card, pos) => {
    add(box, h("div", { key: pos, class: "stl-cell", dataset: { row: String(Math.floor(pos / COLUMNS)) } }, tile(ctx, pos, card)));
  });
  return box;
}

function lanterns(ctx) {
  const view = v(ctx);
  const box = h("ol", { class: "stl-lanterns", id: "stl-lanterns", "aria-label": t("stl.lanterns") });
  const counts = view.counts;
  for (let s = 0; s < (view.players || 0); s += 1) {
    const fallen = list(view.fallen)[s];
    const dark = view.dark === s;
    const turn = view.phase === "reveal" && view.reveal_turn === s;
    const item = h("li", {
      class: ["stl-lantern", fallen && "stl-lantern-fallen", dark && "stl-lantern-dark", turn && "stl-lantern-turn", s === ctx.seat && "stl-lantern-me"],
      key: s,
      dataset: { seat: String(s) },
    });
    add(item, h("span", { class: "stl-lantern-who" }, avatar(ctx.info, s), h("span", { class: "stl-lantern-name", text: ctx.name(s) })));
    if (Array.isArray(counts)) {
      const count = counts[s];
      add(item, 
        h(
          "span",
          { class: "stl-lantern-count", dataset: { count: String(count) }, title: tp("stl.count", count) },
          h("span", { "aria-hidden": "true", text: LANTERN }),
          h("strong", { text: String(count) }),
        ),
      );
      const left = list(view.unnamed_left)[s];
      if (typeof left === "number" && !fallen) add(item, h("span", { class: "stl-lantern-left", text: t("stl.left", { count: left }) }));
    } else if (view.phase === "mark") {
      const done = list(view.marked)[s];
      add(item, h("span", { class: ["stl-lantern-mark", done && "stl-lantern-done"], dataset: { marked: done ? "yes" : "no" }, text: done ? `✓ ${t("stl.marked_yes")}` : `… ${t("stl.marked_no")}` }));
    }
    if (dark) add(item, h("span", { class: "stl-tag stl-tag-dark", text: `${DARK_ICON} ${t("stl.dark")}` }));
    if (fallen) add(item, h("span", { class: "stl-tag stl-tag-fall", text: `✕ ${t("stl.fallen")}` }));
    if (turn) add(item, h("span", { class: "stl-tag stl-tag-turn", text: `▶ ${t("stl.turn")}` }));
    const points = list(view.round_points)[s] || 0;
    if (view.phase === "reveal" && points) {
      const text = dark && fallen ? t("stl.points_dark_fallen", { points }) : t("stl.points_round", { points });
      add(item, h("span", { class: "stl-lantern-points", text }));
    }
    add(box, item);
  }
  return box;
}

function revealItems(ctx, reveals) {
  const items = h("ol", { class: "stl-reveal-list" });
  for (const r of reveals.slice().reverse()) {
    add(items, h("li", { class: ["stl-reveal-line", `stl-reveal-${r.kind}`], dataset: { pos: String(r.position) }, text: `${KIND_ICON[r.kind]} ${revealText(ctx, r)}` }));
  }
  return items;
}

function revealList(ctx) {
  const view = v(ctx);
  const reveals = shownReveals(view);
  const box = h("div", { class: "stl-reveals", id: "stl-reveals" });
  if (!reveals.length) return box;
  add(box, h("p", { class: "stl-reveals-title", text: t("stl.named") }));
  add(box, revealItems(ctx, reveals));
  return box;
}

/** One named picture: who named it and, for a spark, only the players who scored and what each got. */
function revealText(ctx, r) {
  // a fallen player who had marked it too scores nothing: the engine's scorers, never all markers
  const scorers = Array.isArray(r.scorers) ? r.scorers : list(r.markers);
  return t(`stl.reveal_line.${r.kind}`, { number: r.position + 1, name: ctx.name(r.revealer), scorers: names(ctx, scorers), points: r.points });
}

/** The points a seat collected from this round's reveals, before the rule for the player in the dark. */
function collected(reveals, seat) {
  return list(reveals).reduce((sum, r) => sum + (list(r.scorers).includes(seat) ? Number(r.points) || 0 : 0), 0);
}

/** A finished round's line about the player in the dark: all points kept, or fewer (and by which rule). */
function darkSummary(ctx, summary) {
  if (!summary || typeof summary.dark !== "number") return "";
  const seat = summary.dark;
  const points = list(summary.points)[seat] ?? 0;
  const name = ctx.name(seat);
  if (!list(summary.fallen)[seat]) return tp("stl.dark_kept", points, { name, points });
  const rule = String(((ctx.info && ctx.info.options) || {}).dark_fall || "official");
  const ruleText = t(`stl.dark_rule.${rule}`);
  return tp("stl.dark_fell", collected(summary.reveals, seat), { name, points, rule: ruleText === `stl.dark_rule.${rule}` ? rule : ruleText });
}

function lastRound(ctx) {
  const view = v(ctx);
  const last = lastSummary(view);
  if (!last || (view.phase !== "word" && view.phase !== "round_over")) return null;
  const parts = list(last.points).map((p, s) => t("stl.ev.points_item", { name: ctx.name(s), points: p }));
  // the round ended with its last reveal: the named cards of that round stay readable here
  const wide = ctx.isTable || window.matchMedia("(min-width: 760px)").matches;
  const box = h(
    "details",
    {
      class: "stl-last",
      id: "stl-last",
      open: wide || view.phase === "round_over" || ui.lastOpen || undefined,
      on: {
        toggle: (ev) => {
          ui.lastOpen = ev.currentTarget.open;
        },
      },
    },
    h(
      "summary",
      {},
      h("strong", { text: t("stl.last_round", { round: last.round, word: wordText(view, last.word) }) }),
      " ",
      h("span", { class: "stl-last-points", text: parts.join(" · ") }),
    ),
    darkSummary(ctx, last) ? h("p", { class: "stl-dark-summary", id: "stl-dark-summary", text: `${DARK_ICON} ${darkSummary(ctx, last)}` }) : null,
    revealItems(ctx, list(last.reveals)),
  );
  return box;
}

function scoreTable(ctx, id = "stl-scores") {
  const view = v(ctx);
  const rows = list(view.score_table);
  const n = view.players || 0;
  const table = h("table", { class: "stl-score-table", id });
  const headRow = h("tr", {}, h("th", { scope: "col", text: "" }));
  for (let s = 0; s < n; s += 1) add(headRow, h("th", { scope: "col", class: s === ctx.seat ? "stl-me" : null, text: ctx.name(s) }));
  add(table, h("thead", {}, headRow));
  const body = h("tbody");
  rows.forEach((points, i) => {
    const tr = h("tr", {}, h("th", { scope: "row", text: t("stl.score_round", { round: i + 1 }) }));
    for (let s = 0; s < n; s += 1) add(tr, h("td", { text: String(points[s] ?? 0) }));
    add(body, tr);
  });
  const total = h("tr", { class: "stl-total" }, h("th", { scope: "row", text: t("stl.score_total") }));
  for (let s = 0; s < n; s += 1) add(total, h("td", { dataset: { seat: String(s) }, text: String(list(view.scores)[s] ?? 0) }));
  add(body, total);
  add(table, body);
  return table;
}

function scoresBox(ctx) {
  const view = v(ctx);
  // the table screen shows the totals in the summary line (the round table comes between rounds)
  const details = h("details", {
    class: "stl-scores-box",
    id: "stl-scores-box",
    open: ui.scoresOpen || undefined,
    on: {
      toggle: (ev) => {
        ui.scoresOpen = ev.currentTarget.open;
      },
    },
  });
  const totals = list(view.scores).map((p, s) => t("stl.ev.count_item", { name: ctx.name(s), count: p })).join(" · ");
  add(details, h("summary", {}, h("strong", { text: `${t("stl.scores")}: ` }), h("span", { text: totals })));
  add(details, scoreTable(ctx));
  return details;
}

function zoomOverlay(ctx) {
  const view = v(ctx);
  const pos = ui.zoom;
  const cards = grid(view);
  if (pos === null || pos < 0 || pos >= cards.length) return null;
  const close = () => closeZoom(ctx.rerender);
  const mine = myMarks(ctx).includes(pos);
  const result = revealOf(view, pos);
  const word = view.word || (view.phase === "over" ? (lastSummary(view) || {}).word : null);
  const { main, other } = wordParts(view, word);
  const go = (step) => {
    ui.zoom = (pos + step + cards.length) % cards.length;
    ui.last = ui.zoom;
    ctx.rerender();
  };
  const nav = (step, id, label, text) =>
    h("button", { type: "button", class: "btn stl-zoom-nav", id, dataset: { focus: id }, "aria-label": label, text, on: { click: () => go(step) } });
  const panel = h(
    "div",
    { class: "stl-zoom-panel" },
    main ? h("p", { class: "stl-zoom-word", id: "stl-zoom-word" }, h("span", { class: "stl-word-label", text: `${t("stl.word")}: ` }), h("strong", { text: main }), other ? h("span", { class: "stl-word-other", text: ` (${other})` }) : null) : null,
    h("div", { class: "stl-zoom-row" }, nav(-1, "stl-zoom-prev", t("stl.zoom_prev"), "‹"), picture(cards[pos], "stl-zoom-pic"), nav(1, "stl-zoom-next", t("stl.zoom_next"), "›")),
    h("p", { class: "stl-zoom-caption" }, h("strong", { text: t("stl.card", { number: pos + 1 }) }), mine ? h("span", { class: "stl-private-note", text: ` ${LANTERN}${LOCK} ${t("stl.my_mark")} (${t("stl.private")})` }) : null),
    result ? h("p", { class: "stl-zoom-result", text: `${KIND_ICON[result.kind]} ${revealText(ctx, result)}` }) : null,
  );
  const buttons = h("div", { class: "stl-zoom-buttons" });
  if (canPick(ctx)) {
    add(buttons, 
      h("button", {
        type: "button",
        class: ["btn", mine ? "" : "btn-primary"],
        id: "stl-zoom-toggle",
        dataset: { focus: "zoom-toggle" },
        text: mine ? t("stl.btn.unmark") : t("stl.btn.mark"),
        on: {
          click: () => {
            ui.zoom = null;
            togglePick(ctx, pos);
          },
        },
      }),
    );
  }
  const reveal = isPlayer(ctx) ? legalOf(ctx, "reveal").find((a) => a.position === pos) : null;
  if (reveal) {
    add(buttons, 
      h("button", {
        type: "button",
        class: "btn btn-primary",
        id: "stl-zoom-name",
        text: t("stl.btn.name", { number: pos + 1 }),
        on: {
          click: () => {
            ui.zoom = null;
            ui.chosen = null;
            ctx.act(reveal);
          },
        },
      }),
    );
  }
  add(buttons, h("button", { type: "button", class: "btn", id: "stl-zoom-close", dataset: { focus: "zoom-close" }, text: t("stl.close"), on: { click: close } }));
  add(panel, buttons);
  return h(
    "div",
    {
      class: "stl-zoom",
      id: "stl-zoom",
      role: "dialog",
      "aria-modal": "true",
      "aria-label": t("stl.card", { number: pos + 1 }),
      ref: holdFocus,
      on: {
        click: (ev) => {
          if (ev.target === ev.currentTarget) close();
        },
      },
    },
    panel,
  );
}

/** The open picture is a dialog: the focus goes into it (its first button) and stays there. */
function holdFocus(node) {
  if (!node || node.contains(document.activeElement)) return;
  const first = node.querySelector("#stl-zoom-toggle, #stl-zoom-name, #stl-zoom-close");
  if (first) first.focus({ preventScroll: true });
}

/** Close the large picture; the focus goes back to that picture in the grid. */
function closeZoom(rerender) {
  const pos = ui.zoom;
  ui.zoom = null;
  rerender();
  const tile = document.querySelector(`.stl-tile[data-pos="${pos}"]`);
  if (tile) tile.focus({ preventScroll: true });
}

document.addEventListener("keydown", (ev) => {
  if (ui.zoom === null || !ui.rerender || !document.getElementById("stl-zoom")) return;
  if (ev.key === "Escape") {
    closeZoom(ui.rerender);
  } else if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") {
    ev.preventDefault();
    ui.zoom = (ui.zoom + (ev.key === "ArrowLeft" ? -1 : 1) + ROWS * COLUMNS) % (ROWS * COLUMNS);
    ui.last = ui.zoom;
    ui.rerender();
  }
});

/**
 * In my reveal turn my glowing pictures must be on screen: once per turn, if one lies under the dock (the
 * bottom row on a small phone), scroll just so far that the lowest is above it (the status scrolls away).
 */
function showCandidates(ctx) {
  const view = v(ctx);
  if (!isPlayer(ctx) || view.phase !== "reveal" || view.reveal_turn !== ctx.seat) return;
  const key = `${ui.round}:${list(view.reveals).length}`;
  if (ui.shownFor === key) return;
  ui.shownFor = key;
  requestAnimationFrame(() => {
    const tiles = [...document.querySelectorAll("#stl-grid .stl-tile-can")];
    const dock = document.getElementById("dock");
    if (!tiles.length || !dock) return;
    const limit = dock.getBoundingClientRect().top;
    const lowest = Math.max(...tiles.map((n) => n.getBoundingClientRect().bottom));
    const top = document.querySelector(".topbar");
    const ceiling = top ? top.getBoundingClientRect().bottom : 0;
    const highest = Math.min(...tiles.map((n) => n.getBoundingClientRect().top));
    // as far as needed for the lowest, never so far that the highest goes under the top bar
    const by = Math.min(lowest - limit + 6, highest - ceiling - 4);
    if (by > 0) window.scrollBy({ top: by, behavior: "auto" });
  });
}

function renderTable(ctx) {
  sync(ctx);
  showCandidates(ctx);
  ui.rerender = ctx.rerender;
  const view = v(ctx);
  // the pictures on the left (on top on phones), everything about the players beside them
  const main = [h("div", { class: "stl-top" }, head(ctx), wordBox(ctx)), gridBox(ctx)];
  if (view.phase === "mark" && isPlayer(ctx) && myMarks(ctx).length) {
    main.push(h("p", { class: "stl-private-note", id: "stl-private" }, h("span", { "aria-hidden": "true", text: `${LANTERN}${LOCK} ` }), t("stl.private")));
  }
  const side = [lastRound(ctx)];
  if (view.phase === "mark" || view.phase === "reveal" || view.phase === "round_over") side.push(lanterns(ctx));
  if (view.phase === "reveal") {
    // the table screen's status line says who is in the dark already: not a second time here
    const line = ctx.isTable ? "" : darkLine(ctx);
    if (line) side.push(h("p", { class: "stl-dark-line", id: "stl-dark-line", text: `${DARK_ICON} ${line}` }));
    const skipped = [];
    for (let s = 0; s < (view.players || 0); s += 1) {
      if (!list(view.fallen)[s] && list(view.unnamed_left)[s] === 0) skipped.push(s);
    }
    if (skipped.length && list(view.reveals).length) side.push(h("p", { class: "stl-skipped", text: t("stl.skipped", { names: names(ctx, skipped) }) }));
  }
  // once the round is over, the summary box above lists its named pictures
  if (view.phase !== "round_over") side.push(revealList(ctx));
  const between = view.phase === "round_over" || view.phase === "over";
  if (ctx.isTable && between) {
    // the table screen between rounds and at the end: every round's points and the totals, large
    const rows = list(view.score_table);
    side.unshift(roundTable(ctx, { id: "stl-round-table", caption: t("stl.score_table"), rounds: rows, totals: list(view.scores), current: view.phase === "round_over" ? rows.length - 1 : null }));
  } else if (view.phase !== "over" && (list(view.score_table).length || ctx.isTable)) side.push(scoresBox(ctx));
  return h(
    "div",
    { class: ["stl-table", ctx.isTable && "stl-is-table"], id: "stl-table", dataset: { phase: view.phase || "", round: String(view.round || 0) } },
    h("div", { class: "stl-main" }, main),
    h("div", { class: "stl-side" }, side),
    zoomOverlay(ctx),
  );
}

// ---------------------------------------------------------------- your controls (bottom)

/** Long German words must fit half a phone's width whole, never broken in the middle of a syllable. */
function choiceSize(word) {
  const n = [...String(word)].length;
  return n > 15 ? "stl-choice-xlong" : n > 9 ? "stl-choice-long" : null;
}

function wordControls(ctx, box) {
  const view = v(ctx);
  const choices = view.word_choices;
  const options = legalOf(ctx, "choose_word");
  if (!choices || !options.length) return box;
  const row = h("div", { class: "stl-choices", id: "stl-choices" });
  for (const action of options) {
    const word = { de: list(choices.de)[action.index], en: list(choices.en)[action.index] };
    const { main, other } = wordParts(view, word);
    add(row, 
      h(
        "button",
        { type: "button", class: ["btn", "btn-primary", "btn-huge", "stl-choice", choiceSize(main)], dataset: { action: "choose_word", index: String(action.index) }, on: { click: () => chooseWord(ctx, action) } },
        h("strong", { class: "stl-choice-main", text: main }),
        other ? h("span", { class: "stl-choice-other", text: other }) : null,
      ),
    );
  }
  add(box, h("p", { class: "stl-private-note" }, h("span", { "aria-hidden": "true", text: `${LOCK} ` }), t("stl.private")));
  add(box, row);
  return box;
}

function chooseWord(ctx, action) {
  ui.wordSent = true;
  ctx.act(action);
  ctx.rerender();
}

function markControls(ctx, box) {
  const view = v(ctx);
  if (Array.isArray(view.my_marks)) {
    const count = view.my_marks.length;
    add(box, h("p", { class: "stl-sent", id: "stl-sent", text: `${LANTERN}${LOCK} ${tp("stl.sent", count)}` }));
    return box;
  }
  if (!legalOf(ctx, "mark").length) return box;
  const count = ui.picks.length;
  const enough = count >= view.min_marks && count <= view.max_marks;
  const row = h("div", { class: "stl-mark-row" });
  add(row, 
    h(
      "span",
      { class: ["stl-counter", count >= view.max_marks && "stl-counter-full"], id: "stl-counter", "aria-label": t("stl.counter_label", { count, max: view.max_marks }) },
      h("span", { "aria-hidden": "true", text: `${LANTERN} ` }),
      h("strong", { text: t("stl.counter", { count, max: view.max_marks }) }),
    ),
  );
  add(row, 
    h("button", {
      type: "button",
      class: "btn stl-clear",
      id: "stl-clear",
      disabled: !count || ui.sending,
      "aria-label": t("stl.btn.clear"),
      title: t("stl.btn.clear"),
      text: "↺",
      on: {
        click: () => {
          ui.picks = [];
          savePicks();
          ctx.rerender();
        },
      },
    }),
  );
  add(row, 
    h("button", {
      type: "button",
      class: "btn btn-primary btn-huge stl-done",
      id: "stl-done",
      dataset: { action: "mark" },
      disabled: !enough || ui.sending,
      text: ui.sending ? t("stl.sending") : t("stl.btn.done"),
      on: {
        click: () => {
          ui.sending = true;
          ui.lastMark = { type: "mark", cards: ui.picks.slice().sort((a, b) => a - b) };
          ctx.act(ui.lastMark);
          ctx.rerender();
        },
      },
    }),
  );
  add(row, zoomButton(ctx));
  add(box, row);
  // how many at least is said by the status line; a line more here would push the grid under the dock
  return box;
}

function revealControls(ctx, box) {
  const options = legalOf(ctx, "reveal");
  if (!options.length) return box;
  const chosen = options.find((a) => a.position === ui.chosen);
  const row = h("div", { class: "stl-mark-row" });
  add(box, row);
  add(row, 
    h("button", {
      type: "button",
      class: "btn btn-primary btn-huge stl-name",
      id: "stl-name",
      dataset: { action: "reveal" },
      disabled: !chosen,
      text: chosen ? t("stl.btn.name", { number: chosen.position + 1 }) : t("stl.btn.pick_name"),
      on: {
        click: () => {
          if (!chosen) return;
          ui.chosen = null;
          ctx.act(chosen);
        },
      },
    }),
  );
  add(row, zoomButton(ctx));
  return box;
}

function renderControls(ctx) {
  sync(ctx);
  ui.act = ctx.act;
  ui.rerender = ctx.rerender;
  const view = v(ctx);
  const box = h("div", { class: "stl-controls", id: "stl-controls" });
  if (!isPlayer(ctx)) return box;
  if (view.phase === "word") return wordControls(ctx, box);
  if (view.phase === "mark") return markControls(ctx, box);
  if (view.phase === "reveal") return revealControls(ctx, box);
  if (view.phase === "round_over" && ctx.seat === view.scout) {
    add(box, 
      h("button", { type: "button", class: ["btn", "btn-primary", "btn-huge"], id: "stl-next-round", dataset: { action: "next_round" }, on: { click: () => ctx.act({ type: "next_round" }) } }, t("stl.next_round")),
    );
  }
  return box;
}

/** The shell asks after a stale_version: marks are chosen freely, so they still stand while we may mark. */
function retryOnStale(action, ctx) {
  const view = v(ctx);
  return Boolean(action && action.type === "mark" && ui.sending && view.phase === "mark" && !view.my_marks);
}

function errorText(msg) {
  const code = msg && msg.code;
  const view = ui.view || {};
  if (code && ui.sending) {
    ui.sending = false;
    setTimeout(() => ui.rerender && ui.rerender(), 0); // the shell only shows a toast: enable "Done" again
  }
  return codeText("stl.err", msg, { min_marks: view.min_marks ?? 1, max_marks: view.max_marks ?? 15 });
}

// ---------------------------------------------------------------- events: log lines and animations

function describe(ev, ctx) {
  const d = ev.data || {};
  const seat = ev.seat;
  const name = typeof seat === "number" ? ctx.name(seat) : "";
  const view = v(ctx);
  switch (ev.kind) {
    case "word_chosen":
      return t("stl.ev.word_chosen", { name, word: wordText(view, d.word) });
    case "marked":
      return seat === ctx.seat ? null : t("stl.ev.marked", { name });
    case "my_marks":
      return tp("stl.ev.my_marks", list(d.cards).length);
    case "counts": {
      const items = list(d.counts).map((c, s) => t("stl.ev.count_item", { name: ctx.name(s), count: c }));
      const line = t("stl.ev.counts", { list: items.join(", ") });
      return typeof d.dark === "number" ? `${line} ${t("stl.ev.dark", { name: ctx.name(d.dark) })}` : `${line} ${t("stl.nobody_dark")}`;
    }
    case "revealed":
      return revealText(ctx, d);
    case "round_end": {
      const items = list(d.points).map((p, s) => t("stl.ev.points_item", { name: ctx.name(s), points: p }));
      const line = t("stl.ev.round_end", { round: d.round, list: items.join(", ") });
      const summary = list(view.history).find((h) => h.round === d.round);
      const dark = darkSummary(ctx, summary);
      return dark ? `${line} ${dark}` : line;
    }
    case "row_replaced":
      return t(`stl.ev.row.${d.row}`);
    case "game_end":
      return t("stl.ev.game_end");
    case "timed_out":
      return t("stl.ev.timed_out", { name });
    default:
      return null;
  }
}

function animate(events, ctx, page) {
  for (const ev of events) {
    const d = ev.data || {};
    switch (ev.kind) {
      case "word_chosen":
        flash(page.querySelector("#stl-word"), "anim-pop");
        break;
      case "counts":
        flash(page.querySelector("#stl-lanterns"), "stl-anim-glow");
        break;
      case "revealed": {
        const node = page.querySelector(`.stl-tile[data-pos="${Number(d.position)}"]`);
        flash(node, d.kind === "fall" ? "stl-anim-fall" : "stl-anim-spark");
        break;
      }
      case "row_replaced":
        page.querySelectorAll(`.stl-cell[data-row="${Number(d.row)}"] .stl-tile`).forEach((n) => flash(n, "anim-pop"));
        break;
      case "marked":
        flash(page.querySelector(`.stl-lantern[data-seat="${Number(ev.seat)}"]`), "stl-anim-glow");
        break;
      default:
        break;
    }
  }
}

// ---------------------------------------------------------------- the end

const scoreText = scoreTextOf("stl.score");

function outcomeDetails(ctx) {
  const box = h("div", { class: "stl-outcome", id: "stl-outcome" });
  add(box, scoreTable(ctx, "stl-final-scores"));
  const details = (ctx.outcome && ctx.outcome.details) || {};
  const stats = h("ul", { class: "stl-stats" });
  for (let s = 0; s < (v(ctx).players || 0); s += 1) {
    add(stats, 
      h(
        "li",
        { dataset: { seat: String(s) } },
        h("strong", { text: `${ctx.name(s)}: ` }),
        t("stl.stats", {
          sparks: list(details.sparks)[s] ?? 0,
          super: list(details.super_sparks)[s] ?? 0,
          falls: list(details.falls)[s] ?? 0,
          dark: list(details.dark)[s] ?? 0,
        }),
      ),
    );
  }
  add(box, stats);
  return box;
}

export default {
  name: "stella",
  status,
  timer,
  renderTable,
  renderControls,
  seatInfo,
  describe,
  animate,
  scoreText,
  outcomeDetails,
  errorText,
  retryOnStale,
};
