// Wordland in the browser: the category, the forbidden letters as tiles (colour + shape + label), the teapot
// ring counting down to the server's deadline, the words of the round, objections and votes, the character
// cards with their abilities, and the scores of the round.
//
// The module only reads the engine's view (shape: the docstring of tischrunde.games.wordland) and the legal
// actions; the engine judges every word. Names and words go in through textContent only.

import { buzz, flash, h } from "../dom.js";
import { formatList, register, t, tp } from "../i18n.js";
import TEXT from "./wordland.text.js";
import { roundTable } from "./rounds.js";
import { add, attrRef, avatar, gameContent, legalOf, list, loadStyle, names, scoreTextOf, tickRef, v } from "./shared.js";

loadStyle("wordland");

register(TEXT);

// colour is never the only signal: every colour also has a shape and a word
const SHAPES = { blue: "●", purple: "◆", green: "▲", red: "■" };
const ICONS = {
  queen: "👑",
  white_rabbit: "🐇",
  tweedles: "👬",
  cheshire_cat: "😼",
  caterpillar: "🐛",
  alice: "👧",
  mad_hatter: "🎩",
  royal_guard: "💂",
};
// the folding of umlauts that the option fold_umlauts applies (public content, served by the server)
const { umlauts: UMLAUTS } = await gameContent("wordland");

// what the player is doing on this phone, kept across the shell's re-renders
const ui = {
  pick: null, // {kind: "hatter" | "guard", key} chosen, waiting for the confirming tap
  cardOpen: false, // the own character card shows its ability text
  typed: "", // what the word field holds (kept when a vote hides the field for a moment)
  warning: "", // the live warning under the field
  field: null, // the word field's node last mounted (a new one takes the focus)
  turnId: null, // the turn the field belongs to
  rejection: null, // {turnId, word, text}
  sent: null, // {action, turnId, at, tries}
  ctx: null,
};

// ---------------------------------------------------------------- reading the view

function charName(key) {
  return key ? t(`wl.char.${key}`) : "";
}

function characterOf(view, seat) {
  return list(view.characters).find((c) => c.seat === seat) || null;
}

function seatOf(view, character) {
  const c = list(view.characters).find((x) => x.character === character);
  return c ? c.seat : null;
}

function upper(letter) {
  return String(letter || "").toUpperCase();
}

function isOut(view, seat) {
  return Boolean(list(view.out)[seat]);
}

function waitingFor(ctx) {
  const view = v(ctx);
  if (ctx.outcome || view.phase === "over") return [];
  if (view.phase === "choose") return [seatOf(view, "queen")].filter((s) => s !== null);
  if (view.phase === "bet") return [seatOf(view, "caterpillar")].filter((s) => s !== null);
  if (view.vote) return list(view.vote.voters).filter((s) => view.vote.ballots[s] === null || view.vote.ballots[s] === undefined);
  return typeof view.turn === "number" ? [view.turn] : [];
}

function optionSeconds(ctx, name, fallback) {
  const view = v(ctx);
  if (view.options && typeof view.options[name] === "number") return view.options[name];
  const room = ctx.info && ctx.info.options;
  return room && typeof room[name] === "number" ? room[name] : fallback;
}

// ---------------------------------------------------------------- status line and timer

function status(ctx) {
  const view = v(ctx);
  const me = ctx.seat;
  if (ctx.outcome || view.phase === "over") {
    // the end in one line: did I win, or who did
    const winners = ctx.outcome ? list(ctx.outcome.winners) : [];
    if (!winners.length) return { main: t("wl.status.over"), hint: "", mine: false };
    const mine = ctx.seat !== null && winners.includes(ctx.seat);
    const main = mine ? t("wl.over.you_won") : t("wl.over.winners", { names: formatList(winners.map((w) => ctx.name(w))) });
    return { main, hint: t("wl.status.over"), mine };
  }
  const hintTable = ctx.isTable ? t("wl.status.table") : "";
  if (view.phase === "round_over") {
    // the round's result stays on the table until the pause ends or the Queen goes on
    const result = view.round_result || {};
    const survivor = typeof result.survivor === "number" ? ctx.name(result.survivor) : "";
    const mine = me !== null && me === seatOf(view, "queen");
    return { main: t("wl.status.round_over", { round: view.round }), hint: t(mine ? "wl.status.round_over_queen" : "wl.status.round_over_hint", { name: survivor }), mine };
  }
  if (view.phase === "choose") {
    const queen = seatOf(view, "queen");
    if (me !== null && me === queen) return { main: t("wl.status.choose"), hint: t("wl.status.choose_hint"), mine: true };
    // the letters are out already (binding everyone: binds_me is only filled in play): think of words now
    const binding = list(view.forbidden_letters).filter((x) => !x.ignored).map((x) => upper(x.letter));
    const prepare = me !== null && binding.length ? t("wl.status.choose_prepare", { letters: formatList(binding, "disjunction") }) : "";
    return { main: t("wl.status.choose_wait", { name: ctx.name(queen) }), hint: hintTable || prepare, mine: false };
  }
  if (view.phase === "bet") {
    const cat = seatOf(view, "caterpillar");
    if (me !== null && me === cat) return { main: t("wl.status.bet"), hint: t("wl.status.bet_hint"), mine: true };
    return { main: t("wl.status.bet_wait", { name: ctx.name(cat) }), hint: hintTable, mine: false };
  }
  const vote = view.vote;
  if (vote) {
    const word = vote.word;
    const spoken = word === null || word === undefined;
    const missing = waitingFor(ctx);
    if (me !== null && missing.includes(me)) {
      return {
        main: spoken ? t("wl.status.vote_spoken", { name: ctx.name(vote.seat) }) : t("wl.status.vote", { word }),
        hint: t("wl.status.vote_hint", { objector: ctx.name(vote.objector), name: ctx.name(vote.seat) }),
        mine: true,
      };
    }
    let main = me === vote.seat ? t("wl.status.vote_mine", { word }) : t("wl.status.vote_wait", { word, name: ctx.name(vote.seat) });
    if (spoken) main = me === vote.seat ? t("wl.status.vote_mine_spoken") : t("wl.status.vote_wait_spoken", { name: ctx.name(vote.seat) });
    return { main, hint: missing.length ? t("wl.status.vote_wait_hint", { names: names(ctx, missing) }) : "", mine: false };
  }
  const category = view.category ? view.category.title : "";
  if (view.my_turn) {
    return {
      main: view.forced_turn ? t("wl.status.forced") : t("wl.status.your_turn"),
      hint: t("wl.status.your_turn_hint", { category }),
      mine: true,
    };
  }
  let hint = hintTable;
  if (me !== null && isOut(view, me)) hint = t("wl.status.out", { card: list(view.scoring_cards)[me] ?? "?" });
  else if (me !== null && typeof view.turn === "number" && nextAlive(view, view.turn) === me) hint = t("wl.status.next_you");
  return { main: typeof view.turn === "number" ? t("wl.status.turn_of", { name: ctx.name(view.turn) }) : "", hint, mine: false };
}

function nextAlive(view, seat) {
  const n = view.players || list(view.out).length;
  for (let step = 1; step <= n; step += 1) {
    const s = (seat + step) % n;
    if (!isOut(view, s)) return s;
  }
  return null;
}

/** The countdown under the status line: the server's deadline of whatever runs now. */
function timer(ctx) {
  const view = v(ctx);
  if (view.phase === "choose" || view.phase === "bet") {
    if (typeof view.deadline !== "number") return null;
    return { until: view.deadline, total: optionSeconds(ctx, "choose_s", 30) * 1000 };
  }
  if (view.phase === "round_over") {
    if (typeof view.round_until !== "number") return null;
    return { until: view.round_until, total: optionSeconds(ctx, "round_pause_ms", 6000) };
  }
  if (view.phase !== "play") return null;
  if (view.vote) return { until: view.vote.deadline, total: optionSeconds(ctx, "vote_s", 20) * 1000 };
  if (typeof view.turn_deadline === "number") return { until: view.turn_deadline, total: optionSeconds(ctx, "timer_s", 15) * 1000 };
  return null;
}

// ---------------------------------------------------------------- the player strip

function seatInfo(seat, ctx) {
  const view = v(ctx);
  const c = view.phase === "over" ? null : characterOf(view, seat);
  const nodes = [];
  const classes = [];
  // the character and the points share one line under the name (the strip stays low with eight players)
  const first = h("span", { class: "wl-strip-first" });
  nodes.push(first);
  if (c) {
    const down = c.card === "down";
    add(first, 
      h("span", {
        class: ["wl-strip-char", down && "wl-strip-down"],
        title: down ? `${charName(c.character)} – ${t("wl.face_down")}` : charName(c.character),
        text: ICONS[c.character] || "?",
      }),
    );
  }
  if (view.phase !== "over") {
    const card = list(view.scoring_cards)[seat];
    if (isOut(view, seat)) {
      classes.push("wl-player-out");
      nodes.push(h("span", { class: "wl-strip-out", text: `✗ ${t("wl.out")}${card ? ` · ${card}` : ""}` }));
    }
  }
  add(first, h("span", { class: "wl-strip-points", text: tp("wl.points", list(view.points)[seat] ?? 0) }));
  return { nodes, classes };
}

// ---------------------------------------------------------------- the table

function letterTile(item, { big = true, personal = true } = {}) {
  const colour = item.colour;
  const marks = [];
  if (item.source === "queen" || item.source === "rabbit") marks.push(t(`wl.source.${item.source}`));
  const ignoredForMe = item.ignored && (item.ignored_for_all || (personal && item.binds_me === false));
  const free = personal && item.binds_me === false && !ignoredForMe;
  if (ignoredForMe) marks.push(t("wl.letter_ignored"));
  else if (free) marks.push(t("wl.letter_free"));
  return h(
    "li",
    {
      class: ["wl-tile", `wl-tile-${colour}`, big && "wl-tile-big", (ignoredForMe || free) && "wl-tile-off"],
      dataset: { letter: item.letter, colour, source: item.source || "table" },
      "aria-label": t("wl.letter_label", { letter: upper(item.letter), colour: t(`wl.colour.${colour}`) }),
    },
    h("span", { class: "wl-tile-letter", "aria-hidden": "true", text: upper(item.letter) }),
    h("span", { class: "wl-tile-tag", "aria-hidden": "true", text: `${SHAPES[colour] || ""} ${t(`wl.colour.${colour}`)}` }),
    marks.length ? h("span", { class: "wl-tile-mark", text: marks.join(" · ") }) : null,
  );
}

/** binds_me is only meaningful for a seated player once the round is being played. */
function personalLetters(ctx) {
  return ctx.seat !== null && !ctx.isTable && v(ctx).phase === "play";
}

/** The countdown ring of the running turn, driven by the server's deadline. */
function ring(ctx, extraClass = "") {
  const view = v(ctx);
  const total = optionSeconds(ctx, "timer_s", 15) * 1000;
  const until = view.vote ? null : view.turn_deadline;
  return h("div", { key: "ring", class: ["wl-ring", extraClass], role: "timer", ref: tickRef({ until, total, now: ctx.now }, paintRing) }, h("span", { class: "wl-ring-number" }));
}

function paintRing(node, { until, total, now }) {
  const left = typeof until === "number" ? Math.max(0, until - now()) : null;
  const share = left === null ? 1 : Math.min(1, left / Math.max(total, 1));
  node.style.setProperty("--share", String(share));
  node.classList.toggle("wl-ring-low", left !== null && left < 4000);
  const shown = left === null ? "⏸" : String(Math.ceil(left / 1000));
  const number = node.firstChild;
  if (number.textContent !== shown) {
    number.textContent = shown;
    node.setAttribute("aria-label", left === null ? t("wl.teapot_paused") : t("wl.seconds", { seconds: shown }));
  }
  return left !== null && left > 0;
}

function teapot(ctx) {
  const view = v(ctx);
  if (view.phase !== "play" || typeof view.turn !== "number") return null;
  return h(
    "div",
    { class: ["wl-teapot", view.my_turn && "wl-teapot-mine", view.vote && "wl-teapot-paused"], id: "wl-teapot", dataset: { seat: String(view.turn) } },
    ring(ctx),
    h(
      "div",
      { class: "wl-teapot-text" },
      h("span", { class: "wl-teapot-label", text: `🫖 ${t("wl.teapot")}` }),
      h("strong", { class: "wl-teapot-name", text: t("wl.teapot_of", { name: ctx.name(view.turn) }) }),
      view.vote ? h("span", { class: "wl-teapot-paused-text", text: `⏸ ${t("wl.teapot_paused")}` }) : null,
    ),
  );
}

function objectionBar(ctx, win) {
  const total = optionSeconds(ctx, "objection_s", 5) * 1000;
  const paint = (fill, w) => {
    const left = Math.max(0, w.closes_at - ctx.now());
    fill.style.setProperty("--share", String(Math.min(1, left / Math.max(1, total))));
    return left > 0;
  };
  return h("span", { class: "wl-obj-bar", role: "presentation" }, h("span", { key: "fill", class: "wl-obj-fill", ref: tickRef(win, paint) }));
}

function wordsList(ctx) {
  const view = v(ctx);
  const box = h("section", { class: "wl-words", id: "wl-words" }, h("h3", { class: "wl-sub", text: t("wl.words") }));
  const words = list(view.words);
  if (!words.length) {
    add(box, h("p", { class: "wl-none", text: t("wl.no_words") }));
    return box;
  }
  const open = new Set(list(view.objection_windows).map((w) => w.turn_id));
  // the list scrolls on a small screen: focusable and named, so a keyboard can scroll it too
  const ol = h("ol", { class: "wl-word-list", tabindex: "0", "aria-label": t("wl.words") });
  for (const w of words.slice().reverse()) {
    const icon = { accepted: "✓", kept: "⚖✓", rejected: "✗", pass: "↷", wrong: "✗" }[w.status] || "";
    let text = w.status === "pass" ? t("wl.passed") : w.word === null || w.word === undefined ? t("wl.spoken_word") : w.word;
    if (w.status === "wrong" && w.reason) text = `${text} (${wrongReason(w)})`;
    add(ol, 
      h(
        "li",
        { class: ["wl-word", `wl-word-${w.status}`, open.has(w.turn_id) && "wl-word-open"], dataset: { turn: String(w.turn_id), seat: String(w.seat) } },
        h("span", { class: "wl-word-icon", title: t(`wl.status_word.${w.status}`), "aria-label": t(`wl.status_word.${w.status}`), text: icon }),
        h("span", { class: "wl-word-text", text }),
        h("span", { class: "wl-word-who", text: ctx.name(w.seat) }),
        open.has(w.turn_id) ? h("span", { class: "wl-word-badge", text: `⚖ ${t("wl.objectable")}` }) : null,
      ),
    );
  }
  add(box, ol);
  return box;
}

/** Why a typed word was not correct: "forbidden letter B" or "already said". */
function wrongReason(w) {
  return t(`wl.wrong.${w.reason}`, { letter: upper(w.letter || "") });
}

function votePanel(ctx) {
  const vote = v(ctx).vote;
  if (!vote) return null;
  const spoken = vote.word === null || vote.word === undefined;
  const title = spoken ? t("wl.vote.title_spoken", { name: ctx.name(vote.seat) }) : t("wl.vote.title", { word: vote.word, name: ctx.name(vote.seat) });
  const against = list(vote.ballots).filter((b) => b === true).length;
  const keep = list(vote.ballots).filter((b) => b === false).length;
  const ul = h("ul", { class: "wl-ballots" });
  for (const s of list(vote.voters)) {
    const b = vote.ballots[s];
    const text = b === true ? `✗ ${t("wl.vote.voted_against")}` : b === false ? `✓ ${t("wl.vote.voted_keep")}` : `… ${t("wl.vote.waiting")}`;
    add(ul, h("li", { class: ["wl-ballot", b === null || b === undefined ? "wl-ballot-open" : "wl-ballot-cast"], dataset: { seat: String(s) } }, h("span", { text: ctx.name(s) }), h("span", { text })));
  }
  return h(
    "section",
    { class: "wl-vote", id: "wl-vote", role: "group", "aria-label": title },
    h("h3", { class: "wl-sub", text: `⚖ ${title}` }),
    h("p", { class: "wl-vote-line", text: t("wl.vote.objector", { name: ctx.name(vote.objector) }) }),
    h("p", { class: "wl-vote-counts", id: "wl-vote-counts", text: t("wl.vote.counts", { against, keep }) }),
    ul,
  );
}

function seatsPanel(ctx) {
  const view = v(ctx);
  const n = view.players || list(view.out).length;
  const ol = h("ol", { class: "wl-seats", id: "wl-seats", "aria-label": t("wl.players") });
  for (let s = 0; s < n; s += 1) {
    const c = characterOf(view, s) || { character: null, card: "up" };
    const out = isOut(view, s);
    const card = list(view.scoring_cards)[s];
    const turn = view.phase === "play" && view.turn === s;
    add(ol, 
      h(
        "li",
        {
          class: ["wl-seat", out && "wl-seat-out", turn && "wl-seat-turn", s === ctx.seat && "wl-seat-me", `wl-card-${c.card}`],
          dataset: { seat: String(s), character: c.character || "" },
        },
        h(
          "span",
          { class: "wl-seat-card", title: c.card === "down" ? t("wl.face_down") : c.card === "sideways" ? t("wl.sideways") : charName(c.character) },
          h("span", { class: "wl-seat-icon", "aria-hidden": "true", text: c.card === "down" ? "🂠" : ICONS[c.character] || "?" }),
        ),
        h(
          "span",
          { class: "wl-seat-body" },
          h("span", { class: "wl-seat-who" }, avatar(ctx.info, s), h("span", { class: "wl-seat-name", text: `${turn ? "▶ " : ""}${ctx.name(s)}` })),
          h(
            "span",
            { class: "wl-seat-meta" },
            `${charName(c.character)}${c.card === "down" ? ` (${t("wl.face_down")})` : c.card === "sideways" ? ` (${t("wl.sideways")})` : ""}`,
          ),
          h(
            "span",
            { class: "wl-seat-line" },
            h("span", { class: "wl-seat-points", text: tp("wl.points", list(view.points)[s] ?? 0) }),
            // out, and the scoring card taken (none yet, or none left at the game's end)
            out || typeof card === "number"
              ? h("span", { class: "wl-seat-scorecard", text: [out ? `✗ ${t("wl.out")}` : "", typeof card === "number" ? `🂡 ${t("wl.card_taken", { card })}` : ""].filter(Boolean).join(" · ") })
              : null,
          ),
        ),
      ),
    );
  }
  return ol;
}

function roundSummary(ctx, last, id = "wl-summary") {
  if (!last) return null;
  const box = h(
    "section",
    { class: "wl-summary", id },
    h("h3", { class: "wl-sub", text: t("wl.summary.title", { round: last.round }) }),
    last.category ? h("p", { class: "wl-summary-line wl-summary-category", text: t("wl.summary.category", { title: last.category.title }) }) : null,
  );
  const rows = list(last.cards).map((card, seat) => ({ seat, card, points: last.card_points[seat], bonus: last.bonus[seat] }));
  rows.sort((a, b) => b.card - a.card);
  const ol = h("ol", { class: "wl-summary-rows" });
  const n = rows.length;
  for (const r of rows) {
    const character = list(last.characters)[r.seat];
    add(ol, 
      h(
        "li",
        { class: "wl-summary-row", dataset: { seat: String(r.seat) } },
        h("span", { class: "wl-summary-name", text: `${ICONS[character] || ""} ${ctx.name(r.seat)}` }),
        h("span", { class: "wl-summary-card", text: `${t("wl.summary.card", { card: r.card, points: r.points })}${r.card === n ? ` (${t("wl.summary.survivor")})` : ""}` }),
        r.bonus ? h("span", { class: "wl-summary-bonus", text: `+ ${t("wl.summary.bonus", { bonus: r.bonus })} (${charName(character)})` }) : null,
        h("strong", { class: "wl-summary-total", text: t("wl.summary.total", { total: r.points + r.bonus }) }),
      ),
    );
  }
  add(box, ol);
  if (list(last.characters).includes("caterpillar")) {
    add(box, 
      h("p", {
        class: "wl-summary-line",
        text: typeof last.caterpillar_bet === "number" ? t("wl.summary.bet", { name: ctx.name(last.caterpillar_bet) }) : t("wl.summary.no_bet"),
      }),
    );
  }
  if (list(last.could_have_said).length) {
    add(box, h("p", { class: "wl-summary-line wl-muted", text: t("wl.summary.could", { words: formatList(last.could_have_said) }) }));
  }
  return box;
}

function renderTable(ctx) {
  const view = v(ctx);
  const category = view.category;
  const letters = list(view.forbidden_letters);
  // the round: heading, category, the last round's summary, letters, teapot and vote
  const round = [
    h("p", {
      class: "wl-head",
      text: `${t("wl.head", { round: view.round, rounds: view.rounds })} · ${t(`wl.difficulty.${(view.options || {}).difficulty || "normal"}`)}`,
    }),
    h(
      "div",
      { class: "wl-category", id: "wl-category", dataset: { category: category ? category.id : "" } },
      h("span", { class: "wl-label", text: t("wl.category") }),
      h("strong", { class: ["wl-category-title", !category && "wl-pending"], text: category ? category.title : t(list(view.category_choice).length ? "wl.category_yours" : "wl.category_pending") }),
    ),
  ];
  const between = view.phase === "round_over" || view.phase === "over";
  // the table screen shows the round table between rounds and at the end, above the summary
  if (ctx.isTable && between) {
    const rows = list(view.round_points);
    round.push(roundTable(ctx, { id: "wl-round-table", caption: t("wl.round_points"), rounds: rows, totals: list(view.points), current: view.phase === "round_over" ? rows.length - 1 : null }));
  }
  if ((view.phase === "choose" || view.phase === "bet") && view.last_round) round.push(roundSummary(ctx, view.last_round));
  if (view.phase === "round_over" && view.round_result) round.push(roundSummary(ctx, view.round_result));
  if (letters.length && view.phase !== "over") {
    round.push(
      h(
        "div",
        { class: "wl-forbidden" },
        h("span", { class: "wl-label", text: t("wl.forbidden") }),
        h("ul", { class: "wl-tiles", id: "wl-tiles" }, letters.map((item) => letterTile(item, { personal: personalLetters(ctx) }))),
      ),
    );
  }
  round.push(teapot(ctx), votePanel(ctx));
  const words = view.phase === "play" || view.phase === "round_over" ? wordsList(ctx) : null;
  const attrs = { class: ["wl-table", ctx.isTable && "wl-table-tv"], id: "wl-table", dataset: { phase: view.phase || "" } };
  if (!ctx.isTable) return h("div", attrs, round, words, seatsPanel(ctx));
  // The table screen fills the window without scrolling: the round on the left, the players on the right
  // with the words under them, newest first (what does not fit is the oldest words, never a player).
  return h("div", attrs, h("div", { class: "wl-tv-left" }, round), h("div", { class: "wl-tv-right" }, seatsPanel(ctx), words));
}

// ---------------------------------------------------------------- controls

function act(ctx, action) {
  ui.pick = null;
  ui.sent = { action, turnId: v(ctx).turn_id, at: performance.now(), tries: 0 };
  ctx.act(action);
}

function bigButton(ctx, text, action, extra = {}) {
  return h("button", {
    class: ["btn", "btn-huge", extra.primary !== false && "btn-primary", ...(extra.classes || [])],
    type: "button",
    dataset: { act: action.type, ...(extra.dataset || {}) },
    text,
    on: { click: () => act(ctx, action) },
  });
}

function privatePanel(ctx) {
  const view = v(ctx);
  const me = ctx.seat;
  const c = characterOf(view, me);
  if (!c || view.phase === "over") return null;
  const state = c.card === "down" ? ` – ${t("wl.face_down")}` : c.card === "sideways" ? ` – ${t("wl.sideways")}` : "";
  const mine = view.my_letter;
  const cat = view.caterpillar;
  const summary = h(
    "summary",
    { class: "wl-mycard-row" },
    h("span", { class: "wl-mycard-icon", "aria-hidden": "true", text: ICONS[c.character] || "?" }),
    h("strong", { class: "wl-mycard-name", text: `${charName(c.character)}${state}` }),
    mine
      ? h(
          "span",
          { class: "wl-myletter", id: "wl-my-letter", dataset: { letter: mine.letter, state: mine.state } },
          h("span", { class: `wl-chip wl-chip-${mine.colour}`, "aria-label": t("wl.my_letter"), text: `${SHAPES[mine.colour] || ""} ${upper(mine.letter)}` }),
          h("span", { class: "wl-myletter-state", text: t(`wl.my_letter.${mine.state}`) }),
        )
      : null,
    cat && cat.seat === me && typeof cat.bet === "number"
      ? h("span", { class: "wl-mybet", id: "wl-my-bet", text: t("wl.my_bet", { name: ctx.name(cat.bet) }) })
      : null,
    h("span", { class: "wl-private-mark" }, `🔒 ${t("wl.private")} `, h("span", { class: "wl-mycard-more", "aria-hidden": "true" })),
  );
  return h(
    "details",
    {
      class: ["wl-private", `wl-card-${c.card}`],
      id: "wl-private",
      open: ui.cardOpen,
      "aria-label": t("wl.my_character"),
      on: {
        toggle: (ev) => {
          ui.cardOpen = ev.currentTarget.open;
        },
      },
    },
    summary,
    h(
      "div",
      { class: "wl-mycard", id: "wl-my-character", dataset: { character: c.character } },
      h("span", { class: "wl-mycard-ability", text: t(`wl.ability.${c.character}`) }),
      c.character === "tweedles" ? h("span", { class: "wl-mycard-extra", text: tp("wl.tokens", view.tweedle_tokens) }) : null,
      mine ? h("span", { class: "wl-mycard-extra", text: `${t("wl.my_letter")}: ${upper(mine.letter)} (${t(`wl.colour.${mine.colour}`)})` }) : null,
    ),
  );
}

/** On your turn: the category, the letters that bind you and the teapot, right above the field. */
function reminder(ctx) {
  const view = v(ctx);
  const binding = list(view.forbidden_letters).filter((x) => x.binds_me);
  return h(
    "div",
    { class: "wl-reminder", id: "wl-reminder" },
    ring(ctx, "wl-ring-small"),
    h(
      "div",
      { class: "wl-reminder-body" },
      h("strong", { class: "wl-reminder-category", text: view.category ? view.category.title : "" }),
      h(
        "ul",
        { class: "wl-chips", "aria-label": tp("wl.forbidden_count", binding.length) },
        binding.map((x) =>
          h("li", {
            class: `wl-chip wl-chip-${x.colour}`,
            dataset: { letter: x.letter },
            "aria-label": t("wl.letter_label", { letter: upper(x.letter), colour: t(`wl.colour.${x.colour}`) }),
            text: `${SHAPES[x.colour] || ""} ${upper(x.letter)}`,
          }),
        ),
      ),
    ),
  );
}

// attributes whose DOM property is a boolean (Preact would set "off" and "false" as true)
const WORD_ATTRS = attrRef({ autocorrect: "off", spellcheck: "false" });

function wordField(ctx) {
  const view = v(ctx);
  if (ui.turnId !== view.turn_id) {
    ui.turnId = view.turn_id;
    ui.typed = "";
    ui.rejection = null;
  }
  ui.warning = warningText(ui.typed);
  const rejected = ui.rejection && ui.rejection.turnId === view.turn_id ? ui.rejection : null;
  // focus the field when a turn starts, when it comes back after a vote, and once after a rejection
  // (within a turn the patched page keeps the same field: focus, caret and the phone keyboard stay)
  const select = Boolean(rejected && !rejected.selected);
  if (rejected) rejected.selected = true;
  const field = (node) => {
    if (!node) return;
    WORD_ATTRS(node);
    if (node === ui.field && !select) return;
    ui.field = node;
    queueMicrotask(() => {
      if (!node.isConnected) return;
      if (document.activeElement !== node) node.focus({ preventScroll: true });
      if (select) node.select();
    });
  };
  return h(
    "form",
    {
      class: "wl-say",
      id: "wl-say",
      autocomplete: "off",
      on: {
        submit: (ev) => {
          ev.preventDefault();
          const c = ui.ctx;
          if (!c) return;
          ui.rejection = null;
          act(c, { type: "say", word: ui.typed });
        },
      },
    },
    h("label", { for: "wl-word", class: "wl-label", text: t("wl.input_label") }),
    h(
      "div",
      { class: "wl-say-row" },
      h("input", {
        id: "wl-word",
        class: "wl-word-input",
        type: "text",
        name: "word",
        autocomplete: "off",
        autocapitalize: "off",
        enterkeyhint: "send",
        maxlength: "60",
        placeholder: t("wl.input_placeholder"),
        "aria-label": t("wl.input_label"),
        value: ui.typed,
        ref: field,
        on: { input: (ev) => typing(ev.currentTarget.value) },
      }),
      h("button", { class: "btn btn-primary wl-send", type: "submit", id: "wl-send", text: t("wl.send") }),
    ),
    h("p", { class: "wl-live-warn", id: "wl-live-warn", hidden: !ui.warning, text: ui.warning }),
    rejected
      ? h(
          "div",
          { class: "wl-rejection", id: "wl-rejection", role: "alert" },
          h("strong", { text: t("wl.rejected", { reason: rejected.text }) }),
          h("span", { text: t("wl.try_again") }),
        )
      : null,
  );
}

/** One-time abilities take two taps: pick a letter or a player, then confirm (nothing fires by accident). */
function pickRow(ctx, kind, actions, labelKey, confirmKey, describePick) {
  const keyOf = (a) => (kind === "hatter" ? a.letter : String(a.seat));
  const chosen = ui.pick && ui.pick.kind === kind ? actions.find((a) => keyOf(a) === ui.pick.key) : null;
  const row = h(
    "div",
    { class: "wl-pick-row", role: "group", "aria-label": t(labelKey) },
    h("span", { class: "wl-pick-label", text: `${kind === "hatter" ? "🎩" : "💂"} ${t(labelKey)}` }),
    actions.map((a) =>
      h("button", {
        class: ["btn", "wl-pick", chosen === a && "wl-pick-on"],
        type: "button",
        "aria-pressed": chosen === a ? "true" : "false",
        dataset: { pick: kind, key: keyOf(a) },
        text: describePick(a),
        on: {
          click: () => {
            ui.pick = chosen === a ? null : { kind, key: keyOf(a) };
            ctx.rerender();
          },
        },
      }),
    ),
  );
  if (!chosen) return row;
  return h(
    "div",
    { class: "wl-pick-box" },
    row,
    bigButton(ctx, t(confirmKey, { pick: describePick(chosen) }), chosen, { classes: ["wl-ability"], dataset: { key: keyOf(chosen) } }),
  );
}

/** While typing: which binding letters the word contains (the engine still judges on send). */
function warningText(word) {
  if (!ui.ctx) return "";
  const view = v(ui.ctx);
  const fold = !view.options || view.options.fold_umlauts !== false;
  const letters = foldLetters(word, fold);
  const hits = list(view.forbidden_letters).filter((x) => x.binds_me && letters.includes(foldLetters(x.letter, fold)));
  return hits.length ? `⚠ ${t("wl.live_warn", { letters: formatList([...new Set(hits.map((x) => upper(x.letter)))]) })}` : "";
}

/** A key typed in the word field: the text is kept, and a new warning is said and shown. */
function typing(word) {
  ui.typed = word;
  const text = warningText(word);
  if (text === ui.warning) return;
  ui.warning = text;
  // a new warning while typing is said through the shell's live region (a render only redraws it)
  if (text && ui.ctx.announce) ui.ctx.announce(text);
  ui.ctx.rerender();
}

function abilityButtons(ctx) {
  const view = v(ctx);
  const buttons = [];
  const mine = view.my_letter;
  for (const a of legalOf(ctx, "place_letter")) {
    const letter = mine ? upper(mine.letter) : "?";
    buttons.push(bigButton(ctx, t(a.replace_red ? "wl.btn.replace_red" : "wl.btn.place", { letter }), a, { primary: false, classes: ["wl-ability"], dataset: { replace: a.replace_red ? "1" : "0" } }));
  }
  for (const a of legalOf(ctx, "extend")) buttons.push(bigButton(ctx, `⏳ ${t("wl.btn.extend")}`, a, { primary: false, classes: ["wl-ability"] }));
  for (const a of legalOf(ctx, "cat_pass")) buttons.push(bigButton(ctx, `😼 ${t("wl.btn.cat_pass")}`, a, { primary: false, classes: ["wl-ability"] }));
  const hatter = legalOf(ctx, "hatter_ignore");
  const guard = legalOf(ctx, "guard_force");
  if (!buttons.length && !hatter.length && !guard.length) return null;
  return h(
    "div",
    { class: "wl-abilities", id: "wl-abilities" },
    buttons.length ? h("div", { class: "wl-ability-row" }, buttons) : null,
    hatter.length ? pickRow(ctx, "hatter", hatter, "wl.hatter_label", "wl.btn.hatter_confirm", (a) => upper(a.letter)) : null,
    guard.length ? pickRow(ctx, "guard", guard, "wl.guard_label", "wl.btn.guard_confirm", (a) => ctx.name(a.seat)) : null,
  );
}

function objectionButtons(ctx) {
  const view = v(ctx);
  const legal = legalOf(ctx, "object");
  if (!legal.length) return null;
  const box = h("div", { class: "wl-objections", id: "wl-objections" });
  for (const a of legal) {
    const w = list(view.objection_windows).find((x) => x.turn_id === a.turn_id);
    if (!w) continue;
    const label = w.word === null || w.word === undefined ? t("wl.btn.object_spoken", { name: ctx.name(w.seat) }) : t("wl.btn.object", { word: w.word, name: ctx.name(w.seat) });
    add(box, 
      h(
        "div",
        { class: "wl-objection" },
        bigButton(ctx, `✋ ${label}`, a, {
          primary: false,
          classes: ["wl-object-btn"],
          dataset: { turn: String(w.turn_id) },
        }),
        objectionBar(ctx, w),
      ),
    );
  }
  return box;
}

function renderControls(ctx) {
  ui.ctx = ctx;
  const view = v(ctx);
  const box = h("div", { class: "wl-controls", id: "wl-controls" });
  if (ctx.isTable || ctx.seat === null) return box;
  const me = ctx.seat;
  if (view.phase === "choose") {
    const choice = list(view.category_choice);
    for (const a of legalOf(ctx, "choose_category")) {
      const card = choice[a.index];
      if (card) add(box, bigButton(ctx, t("wl.btn.category", { title: card.title }), a, { classes: ["wl-choice"], dataset: { index: String(a.index), category: card.id } }));
    }
  } else if (view.phase === "round_over") {
    if (me === seatOf(view, "queen")) add(box, bigButton(ctx, t("wl.btn.next_round"), { type: "next_round" }, { classes: ["wl-next-round"] }));
  } else if (view.phase === "bet") {
    const bets = legalOf(ctx, "bet");
    if (bets.length) add(box, h("div", { class: "wl-bets" }, bets.map((a) => bigButton(ctx, t("wl.btn.bet", { name: ctx.name(a.seat) }), a, { primary: false, dataset: { seat: String(a.seat) } }))));
  } else if (view.phase === "play") {
    if (view.vote) {
      const votes = legalOf(ctx, "vote");
      if (votes.length) {
        const name = ctx.name(view.vote.seat);
        add(box, 
          h(
            "div",
            { class: "wl-vote-buttons", id: "wl-vote-buttons" },
            bigButton(ctx, `✗ ${t("wl.btn.against", { name })}`, { type: "vote", against: true }, { primary: false, classes: ["wl-against"], dataset: { against: "1" } }),
            bigButton(ctx, `✓ ${t("wl.btn.keep")}`, { type: "vote", against: false }, { primary: false, classes: ["wl-keep"], dataset: { against: "0" } }),
          ),
        );
      }
    } else if (view.my_turn) {
      if (legalOf(ctx, "said_it").length || (view.options && view.options.input === "spoken")) {
        add(
          box,
          reminder(ctx),
          h("p", { class: "wl-hint", text: t("wl.said_it_hint") }),
          bigButton(ctx, `🗣 ${t("wl.said_it")}`, { type: "said_it" }, { classes: ["wl-said-it"] }),
        );
      } else {
        add(box, reminder(ctx), wordField(ctx));
      }
    }
    if (!view.vote) {
      const objections = objectionButtons(ctx);
      if (objections) add(box, objections);
      const abilities = abilityButtons(ctx);
      if (abilities) add(box, abilities);
    }
  }
  if (!view.my_turn) ui.turnId = null;
  const secret = privatePanel(ctx);
  if (secret && me !== null) add(box, secret);
  return box;
}

// ---------------------------------------------------------------- errors

function foldLetters(word, fold) {
  const lower = word.normalize("NFC").toLowerCase();
  return fold ? lower.replace(/[äöüß]/g, (c) => UMLAUTS[c]) : lower;
}

function sentWord() {
  const s = ui.sent;
  return s && s.action && s.action.type === "say" ? String(s.action.word).normalize("NFC").trim() : "";
}

function reasonFor(msg) {
  const word = sentWord();
  if (msg.code === "forbidden_letter") {
    const view = ui.ctx ? v(ui.ctx) : {};
    const fold = !view.options || view.options.fold_umlauts !== false;
    const letters = foldLetters(word, fold);
    const hit = list(view.forbidden_letters).find((x) => x.binds_me && letters.includes(foldLetters(x.letter, fold)));
    return hit ? t("wl.err.forbidden_letter", { word, letter: upper(hit.letter) }) : t("wl.err.forbidden_letter_plain");
  }
  if (msg.code === "repeated_word") return t("wl.err.repeated_word", { word });
  const key = `wl.err.${msg.code}`;
  const text = t(key);
  return text !== key ? text : null;
}

function errorText(msg) {
  const text = reasonFor(msg);
  const s = ui.sent;
  if (s && s.action && s.action.type === "say" && ui.ctx && v(ui.ctx).my_turn) {
    ui.rejection = { turnId: v(ui.ctx).turn_id, word: sentWord(), text: text || msg.message };
    return { text: ui.rejection.text, inline: true }; // shown under the field: no toast on top
  }
  return text;
}

/** The shell asks after a stale_version: a typed word still stands while it is our turn (the same turn). */
function retryOnStale(action, ctx) {
  const s = ui.sent;
  if (!action || action.type !== "say" || !s || s.action !== action) return false;
  const view = v(ctx);
  return Boolean(view.my_turn && view.turn_id === s.turnId && !view.vote);
}

// ---------------------------------------------------------------- log lines and animations

function describe(ev, ctx) {
  const d = ev.data || {};
  const name = typeof ev.seat === "number" ? ctx.name(ev.seat) : "";
  switch (ev.kind) {
    case "category": {
      const view = v(ctx);
      const title = view.category && view.category.id === d.category ? view.category.title : d.category;
      return t("wl.ev.category", { title });
    }
    case "bet":
      return t("wl.ev.bet", { name: ctx.name(d.seat) });
    case "no_bet":
      return t("wl.ev.no_bet");
    case "word":
      return d.word === null || d.word === undefined ? t("wl.ev.said", { name }) : t("wl.ev.word", { name, word: d.word });
    case "extend":
      return t("wl.ev.extend", { name });
    case "cat_pass":
      return t("wl.ev.cat_pass", { name });
    case "place_letter":
      return t(d.replace_red ? "wl.ev.replace_red" : "wl.ev.place_letter", { name, letter: upper(d.letter) });
    case "hatter_ignore":
      return t("wl.ev.hatter_ignore", { name, letter: upper(d.letter) });
    case "guard_force":
      return t("wl.ev.guard_force", { name, target: ctx.name(d.seat) });
    case "objection":
      return d.word === null || d.word === undefined ? t("wl.ev.objection_spoken", { name }) : t("wl.ev.objection", { name, word: d.word });
    case "vote":
      return t("wl.ev.vote", { name });
    case "vote_result":
      return t(d.out ? "wl.ev.vote_out" : "wl.ev.vote_kept", { name, against: d.against, keep: d.keep });
    case "out":
      return t(d.reason === "timeout" ? "wl.ev.out_timeout" : "wl.ev.out_rejected", { name, card: d.card });
    case "round_end":
      return t("wl.ev.round_end", { name: ctx.name(d.survivor) });
    case "wrong_word":
      return t("wl.ev.wrong_word", { name, word: d.word, reason: wrongReason(d) });
    default:
      return null;
  }
}


function animate(events, ctx, page) {
  const view = v(ctx);
  for (const ev of events) {
    switch (ev.kind) {
      case "word":
        flash(page.querySelector("#wl-words .wl-word"), "anim-pop");
        if (view.my_turn) buzz(120);
        break;
      case "place_letter":
      case "hatter_ignore":
        flash(page.querySelector("#wl-tiles"), "anim-pop");
        break;
      case "objection":
        flash(page.querySelector("#wl-vote"), "anim-shake");
        if (view.vote && list(view.vote.voters).includes(ctx.seat)) buzz(120);
        break;
      case "out":
        flash(page.querySelector(`#wl-seats [data-seat="${ev.seat}"]`), "anim-shake");
        break;
      case "guard_force":
        if (view.my_turn) buzz(120);
        break;
      default:
        break;
    }
  }
}

// ---------------------------------------------------------------- the end

const scoreText = scoreTextOf("wl.score");

function outcomeDetails(ctx) {
  const box = h("div", { class: "wl-outcome", id: "wl-outcome" });
  const last = v(ctx).last_round;
  const summary = roundSummary(ctx, last, "wl-final-summary");
  if (summary) add(box, summary);
  return box;
}

export default {
  name: "wordland",
  status,
  timer,
  waitingFor,
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
