// Wordland in the browser: the category, the forbidden letters as tiles (colour + shape + label), the teapot
// ring counting down to the server's deadline, the words of the round, objections and votes, the character
// cards with their abilities, and the scores of the round.
//
// The module only reads the engine's view (shape: the docstring of tischrunde.games.wordland) and the legal
// actions; the engine judges every word. Names and words go in through textContent only.

import { buzz, el, flash } from "../dom.js";
import { formatList, register, t, tp } from "../i18n.js";
import TEXT from "./wordland.text.js";
import { avatarNode } from "../badges.js";
import { roundTable } from "./rounds.js";

if (!document.querySelector("link[data-wordland]")) {
  document.head.appendChild(el("link", { rel: "stylesheet", href: new URL("./wordland.css", import.meta.url).href, dataset: { wordland: "1" } }));
}

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
const UMLAUTS = { ä: "a", ö: "o", ü: "u", ß: "s" };

// what the player is doing on this phone, kept across the shell's re-renders
const ui = {
  pick: null, // {kind: "hatter" | "guard", key} chosen, waiting for the confirming tap
  cardOpen: false, // the own character card shows its ability text
  warn: null, // the live warning under the field
  input: null, // the word field, reused so typing survives incoming states
  form: null,
  turnId: null, // the turn the field belongs to
  rejection: null, // {turnId, word, text}
  sent: null, // {action, turnId, at, tries}
  ctx: null,
  box: null, // the controls box, the same element for every render
  label: null,
  send: null,
};

// ---------------------------------------------------------------- reading the view

function v(ctx) {
  return ctx.view || {};
}

function list(value) {
  return Array.isArray(value) ? value : [];
}

function legalOf(ctx, type) {
  return list(ctx.legal).filter((a) => a && a.type === type);
}

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

function names(ctx, seats) {
  return formatList(seats.map((s) => ctx.name(s)));
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
  const first = el("span", { class: "wl-strip-first" });
  nodes.push(first);
  if (c) {
    const down = c.card === "down";
    first.appendChild(
      el("span", {
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
      nodes.push(el("span", { class: "wl-strip-out", text: `✗ ${t("wl.out")}${card ? ` · ${card}` : ""}` }));
    }
  }
  first.appendChild(el("span", { class: "wl-strip-points", text: tp("wl.points", list(view.points)[seat] ?? 0) }));
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
  return el(
    "li",
    {
      class: ["wl-tile", `wl-tile-${colour}`, big && "wl-tile-big", (ignoredForMe || free) && "wl-tile-off"],
      dataset: { letter: item.letter, colour, source: item.source || "table" },
      "aria-label": t("wl.letter_label", { letter: upper(item.letter), colour: t(`wl.colour.${colour}`) }),
    },
    el("span", { class: "wl-tile-letter", "aria-hidden": "true", text: upper(item.letter) }),
    el("span", { class: "wl-tile-tag", "aria-hidden": "true", text: `${SHAPES[colour] || ""} ${t(`wl.colour.${colour}`)}` }),
    marks.length ? el("span", { class: "wl-tile-mark", text: marks.join(" · ") }) : null,
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
  const node = el("div", { class: ["wl-ring", extraClass], role: "timer" });
  const number = el("span", { class: "wl-ring-number" });
  node.appendChild(number);
  const until = view.vote ? null : view.turn_deadline;
  let started = false;
  const tick = () => {
    if (started && !node.isConnected) return;
    started = true;
    const left = typeof until === "number" ? Math.max(0, until - ctx.now()) : null;
    const share = left === null ? 1 : Math.min(1, left / Math.max(total, 1));
    node.style.setProperty("--share", String(share));
    node.classList.toggle("wl-ring-low", left !== null && left < 4000);
    const shown = left === null ? "⏸" : String(Math.ceil(left / 1000));
    if (number.textContent !== shown) {
      number.textContent = shown;
      node.setAttribute("aria-label", left === null ? t("wl.teapot_paused") : t("wl.seconds", { seconds: shown }));
    }
    if (left !== null && left > 0) requestAnimationFrame(tick);
  };
  tick();
  return node;
}

function teapot(ctx) {
  const view = v(ctx);
  if (view.phase !== "play" || typeof view.turn !== "number") return null;
  return el(
    "div",
    { class: ["wl-teapot", view.my_turn && "wl-teapot-mine", view.vote && "wl-teapot-paused"], id: "wl-teapot", dataset: { seat: String(view.turn) } },
    ring(ctx),
    el(
      "div",
      { class: "wl-teapot-text" },
      el("span", { class: "wl-teapot-label", text: `🫖 ${t("wl.teapot")}` }),
      el("strong", { class: "wl-teapot-name", text: t("wl.teapot_of", { name: ctx.name(view.turn) }) }),
      view.vote ? el("span", { class: "wl-teapot-paused-text", text: `⏸ ${t("wl.teapot_paused")}` }) : null,
    ),
  );
}

function objectionBar(ctx, win) {
  const total = optionSeconds(ctx, "objection_s", 5) * 1000;
  const fill = el("span", { class: "wl-obj-fill" });
  const bar = el("span", { class: "wl-obj-bar", role: "presentation" }, fill);
  let started = false;
  const tick = () => {
    if (started && !bar.isConnected) return;
    started = true;
    const left = Math.max(0, win.closes_at - ctx.now());
    fill.style.setProperty("--share", String(Math.min(1, left / Math.max(1, total))));
    if (left > 0) requestAnimationFrame(tick);
  };
  tick();
  return bar;
}

function wordsList(ctx) {
  const view = v(ctx);
  const box = el("section", { class: "wl-words", id: "wl-words" }, el("h3", { class: "wl-sub", text: t("wl.words") }));
  const words = list(view.words);
  if (!words.length) {
    box.appendChild(el("p", { class: "wl-none", text: t("wl.no_words") }));
    return box;
  }
  const open = new Set(list(view.objection_windows).map((w) => w.turn_id));
  // the list scrolls on a small screen: focusable and named, so a keyboard can scroll it too
  const ol = el("ol", { class: "wl-word-list", tabindex: "0", "aria-label": t("wl.words") });
  for (const w of words.slice().reverse()) {
    const icon = { accepted: "✓", kept: "⚖✓", rejected: "✗", pass: "↷", wrong: "✗" }[w.status] || "";
    let text = w.status === "pass" ? t("wl.passed") : w.word === null || w.word === undefined ? t("wl.spoken_word") : w.word;
    if (w.status === "wrong" && w.reason) text = `${text} (${wrongReason(w)})`;
    ol.appendChild(
      el(
        "li",
        { class: ["wl-word", `wl-word-${w.status}`, open.has(w.turn_id) && "wl-word-open"], dataset: { turn: String(w.turn_id), seat: String(w.seat) } },
        el("span", { class: "wl-word-icon", title: t(`wl.status_word.${w.status}`), "aria-label": t(`wl.status_word.${w.status}`), text: icon }),
        el("span", { class: "wl-word-text", text }),
        el("span", { class: "wl-word-who", text: ctx.name(w.seat) }),
        open.has(w.turn_id) ? el("span", { class: "wl-word-badge", text: `⚖ ${t("wl.objectable")}` }) : null,
      ),
    );
  }
  box.appendChild(ol);
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
  const ul = el("ul", { class: "wl-ballots" });
  for (const s of list(vote.voters)) {
    const b = vote.ballots[s];
    const text = b === true ? `✗ ${t("wl.vote.voted_against")}` : b === false ? `✓ ${t("wl.vote.voted_keep")}` : `… ${t("wl.vote.waiting")}`;
    ul.appendChild(el("li", { class: ["wl-ballot", b === null || b === undefined ? "wl-ballot-open" : "wl-ballot-cast"], dataset: { seat: String(s) } }, el("span", { text: ctx.name(s) }), el("span", { text })));
  }
  return el(
    "section",
    { class: "wl-vote", id: "wl-vote", role: "group", "aria-label": title },
    el("h3", { class: "wl-sub", text: `⚖ ${title}` }),
    el("p", { class: "wl-vote-line", text: t("wl.vote.objector", { name: ctx.name(vote.objector) }) }),
    el("p", { class: "wl-vote-counts", id: "wl-vote-counts", text: t("wl.vote.counts", { against, keep }) }),
    ul,
  );
}

function seatsPanel(ctx) {
  const view = v(ctx);
  const n = view.players || list(view.out).length;
  const ol = el("ol", { class: "wl-seats", id: "wl-seats", "aria-label": t("wl.players") });
  for (let s = 0; s < n; s += 1) {
    const c = characterOf(view, s) || { character: null, card: "up" };
    const out = isOut(view, s);
    const card = list(view.scoring_cards)[s];
    const turn = view.phase === "play" && view.turn === s;
    ol.appendChild(
      el(
        "li",
        {
          class: ["wl-seat", out && "wl-seat-out", turn && "wl-seat-turn", s === ctx.seat && "wl-seat-me", `wl-card-${c.card}`],
          dataset: { seat: String(s), character: c.character || "" },
        },
        el(
          "span",
          { class: "wl-seat-card", title: c.card === "down" ? t("wl.face_down") : c.card === "sideways" ? t("wl.sideways") : charName(c.character) },
          el("span", { class: "wl-seat-icon", "aria-hidden": "true", text: c.card === "down" ? "🂠" : ICONS[c.character] || "?" }),
        ),
        el(
          "span",
          { class: "wl-seat-body" },
          el("span", { class: "wl-seat-who" }, avatarNode(ctx.info, s), el("span", { class: "wl-seat-name", text: `${turn ? "▶ " : ""}${ctx.name(s)}` })),
          el(
            "span",
            { class: "wl-seat-meta" },
            `${charName(c.character)}${c.card === "down" ? ` (${t("wl.face_down")})` : c.card === "sideways" ? ` (${t("wl.sideways")})` : ""}`,
          ),
          el(
            "span",
            { class: "wl-seat-line" },
            el("span", { class: "wl-seat-points", text: tp("wl.points", list(view.points)[s] ?? 0) }),
            // out, and the scoring card taken (none yet, or none left at the game's end)
            out || typeof card === "number"
              ? el("span", { class: "wl-seat-scorecard", text: [out ? `✗ ${t("wl.out")}` : "", typeof card === "number" ? `🂡 ${t("wl.card_taken", { card })}` : ""].filter(Boolean).join(" · ") })
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
  const box = el(
    "section",
    { class: "wl-summary", id },
    el("h3", { class: "wl-sub", text: t("wl.summary.title", { round: last.round }) }),
    last.category ? el("p", { class: "wl-summary-line wl-summary-category", text: t("wl.summary.category", { title: last.category.title }) }) : null,
  );
  const rows = list(last.cards).map((card, seat) => ({ seat, card, points: last.card_points[seat], bonus: last.bonus[seat] }));
  rows.sort((a, b) => b.card - a.card);
  const ol = el("ol", { class: "wl-summary-rows" });
  const n = rows.length;
  for (const r of rows) {
    const character = list(last.characters)[r.seat];
    ol.appendChild(
      el(
        "li",
        { class: "wl-summary-row", dataset: { seat: String(r.seat) } },
        el("span", { class: "wl-summary-name", text: `${ICONS[character] || ""} ${ctx.name(r.seat)}` }),
        el("span", { class: "wl-summary-card", text: `${t("wl.summary.card", { card: r.card, points: r.points })}${r.card === n ? ` (${t("wl.summary.survivor")})` : ""}` }),
        r.bonus ? el("span", { class: "wl-summary-bonus", text: `+ ${t("wl.summary.bonus", { bonus: r.bonus })} (${charName(character)})` }) : null,
        el("strong", { class: "wl-summary-total", text: t("wl.summary.total", { total: r.points + r.bonus }) }),
      ),
    );
  }
  box.appendChild(ol);
  if (list(last.characters).includes("caterpillar")) {
    box.appendChild(
      el("p", {
        class: "wl-summary-line",
        text: typeof last.caterpillar_bet === "number" ? t("wl.summary.bet", { name: ctx.name(last.caterpillar_bet) }) : t("wl.summary.no_bet"),
      }),
    );
  }
  if (list(last.could_have_said).length) {
    box.appendChild(el("p", { class: "wl-summary-line wl-muted", text: t("wl.summary.could", { words: formatList(last.could_have_said) }) }));
  }
  return box;
}

function renderTable(ctx) {
  const view = v(ctx);
  const box = el("div", { class: "wl-table", id: "wl-table", dataset: { phase: view.phase || "" } });
  box.appendChild(
    el("p", {
      class: "wl-head",
      text: `${t("wl.head", { round: view.round, rounds: view.rounds })} · ${t(`wl.difficulty.${(view.options || {}).difficulty || "normal"}`)}`,
    }),
  );
  const category = view.category;
  box.appendChild(
    el(
      "div",
      { class: "wl-category", id: "wl-category", dataset: { category: category ? category.id : "" } },
      el("span", { class: "wl-label", text: t("wl.category") }),
      el("strong", { class: ["wl-category-title", !category && "wl-pending"], text: category ? category.title : t(list(view.category_choice).length ? "wl.category_yours" : "wl.category_pending") }),
    ),
  );
  if ((view.phase === "choose" || view.phase === "bet") && view.last_round) box.appendChild(roundSummary(ctx, view.last_round));
  if (view.phase === "round_over" && view.round_result) box.appendChild(roundSummary(ctx, view.round_result));
  const letters = list(view.forbidden_letters);
  if (letters.length && view.phase !== "over") {
    box.appendChild(
      el(
        "div",
        { class: "wl-forbidden" },
        el("span", { class: "wl-label", text: t("wl.forbidden") }),
        el("ul", { class: "wl-tiles", id: "wl-tiles" }, letters.map((item) => letterTile(item, { personal: personalLetters(ctx) }))),
      ),
    );
  }
  const pot = teapot(ctx);
  if (pot) box.appendChild(pot);
  const vote = votePanel(ctx);
  if (vote) box.appendChild(vote);
  if (view.phase === "play" || view.phase === "round_over") box.appendChild(wordsList(ctx));
  box.appendChild(seatsPanel(ctx));
  return ctx.isTable ? tvTable(ctx, box) : box;
}

/**
 * The table screen fills the window without scrolling: the round on the left (category, letters, teapot,
 * vote; between rounds and at the end the round table), the players on the right with the words under
 * them, newest first (what does not fit is the oldest words, never a player).
 */
function tvTable(ctx, box) {
  const view = v(ctx);
  const left = el("div", { class: "wl-tv-left" });
  const right = el("div", { class: "wl-tv-right" });
  for (const node of [...box.children]) {
    if (node.id === "wl-seats" || node.id === "wl-words") continue;
    left.appendChild(node);
  }
  const between = view.phase === "round_over" || view.phase === "over";
  if (between) {
    const rows = list(view.round_points);
    const table = roundTable(ctx, { id: "wl-round-table", caption: t("wl.round_points"), rounds: rows, totals: list(view.points), current: view.phase === "round_over" ? rows.length - 1 : null });
    const summary = left.querySelector("#wl-summary");
    if (summary) summary.before(table);
    else left.appendChild(table);
  }
  right.appendChild(box.querySelector("#wl-seats"));
  const words = box.querySelector("#wl-words");
  if (words) right.appendChild(words);
  box.classList.add("wl-table-tv");
  box.append(left, right);
  return box;
}

// ---------------------------------------------------------------- controls

function act(ctx, action) {
  ui.pick = null;
  ui.sent = { action, turnId: v(ctx).turn_id, at: performance.now(), tries: 0 };
  ctx.act(action);
}

function bigButton(ctx, text, action, extra = {}) {
  return el("button", {
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
  const summary = el(
    "summary",
    { class: "wl-mycard-row" },
    el("span", { class: "wl-mycard-icon", "aria-hidden": "true", text: ICONS[c.character] || "?" }),
    el("strong", { class: "wl-mycard-name", text: `${charName(c.character)}${state}` }),
    mine
      ? el(
          "span",
          { class: "wl-myletter", id: "wl-my-letter", dataset: { letter: mine.letter, state: mine.state } },
          el("span", { class: `wl-chip wl-chip-${mine.colour}`, "aria-label": t("wl.my_letter"), text: `${SHAPES[mine.colour] || ""} ${upper(mine.letter)}` }),
          el("span", { class: "wl-myletter-state", text: t(`wl.my_letter.${mine.state}`) }),
        )
      : null,
    cat && cat.seat === me && typeof cat.bet === "number"
      ? el("span", { class: "wl-mybet", id: "wl-my-bet", text: t("wl.my_bet", { name: ctx.name(cat.bet) }) })
      : null,
    el("span", { class: "wl-private-mark" }, `🔒 ${t("wl.private")} `, el("span", { class: "wl-mycard-more", "aria-hidden": "true" })),
  );
  const details = el(
    "details",
    { class: ["wl-private", `wl-card-${c.card}`], id: "wl-private", open: ui.cardOpen, "aria-label": t("wl.my_character") },
    summary,
    el(
      "div",
      { class: "wl-mycard", id: "wl-my-character", dataset: { character: c.character } },
      el("span", { class: "wl-mycard-ability", text: t(`wl.ability.${c.character}`) }),
      c.character === "tweedles" ? el("span", { class: "wl-mycard-extra", text: tp("wl.tokens", view.tweedle_tokens) }) : null,
      mine ? el("span", { class: "wl-mycard-extra", text: `${t("wl.my_letter")}: ${upper(mine.letter)} (${t(`wl.colour.${mine.colour}`)})` }) : null,
    ),
  );
  details.addEventListener("toggle", () => {
    ui.cardOpen = details.open;
  });
  return details;
}

/** On your turn: the category, the letters that bind you and the teapot, right above the field. */
function reminder(ctx) {
  const view = v(ctx);
  const binding = list(view.forbidden_letters).filter((x) => x.binds_me);
  return el(
    "div",
    { class: "wl-reminder", id: "wl-reminder" },
    ring(ctx, "wl-ring-small"),
    el(
      "div",
      { class: "wl-reminder-body" },
      el("strong", { class: "wl-reminder-category", text: view.category ? view.category.title : "" }),
      el(
        "ul",
        { class: "wl-chips", "aria-label": tp("wl.forbidden_count", binding.length) },
        binding.map((x) =>
          el("li", {
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

function wordField(ctx) {
  const view = v(ctx);
  if (!ui.input) {
    ui.input = el("input", {
      id: "wl-word",
      class: "wl-word-input",
      type: "text",
      name: "word",
      autocomplete: "off",
      autocapitalize: "off",
      autocorrect: "off",
      spellcheck: "false",
      enterkeyhint: "send",
      maxlength: "60",
    });
    ui.warn = el("p", { class: "wl-live-warn", id: "wl-live-warn" });
    ui.input.addEventListener("input", () => liveWarning(true));
    ui.form = el("form", { class: "wl-say", id: "wl-say", autocomplete: "off" });
    ui.form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const word = ui.input.value;
      const c = ui.ctx;
      if (!c) return;
      ui.rejection = null;
      act(c, { type: "say", word });
    });
  }
  const input = ui.input;
  const detached = !input.isConnected; // hidden by a vote or a choice a moment ago
  const fresh = ui.turnId !== view.turn_id;
  if (fresh) {
    ui.turnId = view.turn_id;
    input.value = "";
    ui.rejection = null;
  }
  input.setAttribute("placeholder", t("wl.input_placeholder"));
  input.setAttribute("aria-label", t("wl.input_label"));
  const form = ui.form;
  // built once and then only updated: the field never leaves the page, so it keeps focus and caret
  if (!ui.label) {
    ui.label = el("label", { for: "wl-word", class: "wl-label" });
    ui.send = el("button", { class: "btn btn-primary wl-send", type: "submit", id: "wl-send" });
    form.append(ui.label, el("div", { class: "wl-say-row" }, input, ui.send), ui.warn);
  }
  ui.label.textContent = t("wl.input_label");
  ui.send.textContent = t("wl.send");
  liveWarning();
  const old = form.querySelector("#wl-rejection");
  if (old) old.remove();
  const rejected = ui.rejection && ui.rejection.turnId === view.turn_id ? ui.rejection : null;
  if (rejected) {
    form.appendChild(
      el(
        "div",
        { class: "wl-rejection", id: "wl-rejection", role: "alert" },
        el("strong", { text: t("wl.rejected", { reason: rejected.text }) }),
        el("span", { text: t("wl.try_again") }),
      ),
    );
  }
  // focus the field when a turn starts, when it comes back after a vote, and once after a rejection
  const select = rejected && !rejected.selected;
  if (rejected) rejected.selected = true;
  if (fresh || detached || select) {
    queueMicrotask(() => {
      if (!input.isConnected) return;
      if (document.activeElement !== input) input.focus({ preventScroll: true });
      if (select) input.select();
    });
  }
  return form;
}

/** One-time abilities take two taps: pick a letter or a player, then confirm (nothing fires by accident). */
function pickRow(ctx, kind, actions, labelKey, confirmKey, describePick) {
  const keyOf = (a) => (kind === "hatter" ? a.letter : String(a.seat));
  const chosen = ui.pick && ui.pick.kind === kind ? actions.find((a) => keyOf(a) === ui.pick.key) : null;
  const row = el(
    "div",
    { class: "wl-pick-row", role: "group", "aria-label": t(labelKey) },
    el("span", { class: "wl-pick-label", text: `${kind === "hatter" ? "🎩" : "💂"} ${t(labelKey)}` }),
    actions.map((a) =>
      el("button", {
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
  return el(
    "div",
    { class: "wl-pick-box" },
    row,
    bigButton(ctx, t(confirmKey, { pick: describePick(chosen) }), chosen, { classes: ["wl-ability"], dataset: { key: keyOf(chosen) } }),
  );
}

/** While typing: which binding letters the word contains (the engine still judges on send). */
function liveWarning(typed = false) {
  if (!ui.warn || !ui.input || !ui.ctx) return;
  const view = v(ui.ctx);
  const fold = !view.options || view.options.fold_umlauts !== false;
  const letters = foldLetters(ui.input.value, fold);
  const hits = list(view.forbidden_letters).filter((x) => x.binds_me && letters.includes(foldLetters(x.letter, fold)));
  const text = hits.length ? `⚠ ${t("wl.live_warn", { letters: formatList([...new Set(hits.map((x) => upper(x.letter)))]) })}` : "";
  // a new warning while typing is said through the shell's live region (a render only redraws it)
  if (typed && text && text !== ui.warn.textContent && ui.ctx.announce) ui.ctx.announce(text);
  ui.warn.textContent = text;
  ui.warn.hidden = !hits.length;
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
  const box = el("div", { class: "wl-abilities", id: "wl-abilities" });
  if (buttons.length) box.appendChild(el("div", { class: "wl-ability-row" }, buttons));
  if (hatter.length) box.appendChild(pickRow(ctx, "hatter", hatter, "wl.hatter_label", "wl.btn.hatter_confirm", (a) => upper(a.letter)));
  if (guard.length) box.appendChild(pickRow(ctx, "guard", guard, "wl.guard_label", "wl.btn.guard_confirm", (a) => ctx.name(a.seat)));
  return box.childNodes.length ? box : null;
}

function objectionButtons(ctx) {
  const view = v(ctx);
  const legal = legalOf(ctx, "object");
  if (!legal.length) return null;
  const box = el("div", { class: "wl-objections", id: "wl-objections" });
  for (const a of legal) {
    const w = list(view.objection_windows).find((x) => x.turn_id === a.turn_id);
    if (!w) continue;
    const label = w.word === null || w.word === undefined ? t("wl.btn.object_spoken", { name: ctx.name(w.seat) }) : t("wl.btn.object", { word: w.word, name: ctx.name(w.seat) });
    box.appendChild(
      el(
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
  // one box for the whole game: the shell keeps it in place, so the word field inside never leaves the page
  if (!ui.box) ui.box = el("div", { class: "wl-controls", id: "wl-controls" });
  // collect the parts in a list (appending the word form to a scratch element would take it off the page)
  const parts = [];
  const box = { appendChild: (node) => parts.push(node), append: (...nodes) => parts.push(...nodes.filter(Boolean)) };
  if (ctx.isTable || ctx.seat === null) return fillBox(ui.box, []);
  const me = ctx.seat;
  if (view.phase === "choose") {
    const choice = list(view.category_choice);
    for (const a of legalOf(ctx, "choose_category")) {
      const card = choice[a.index];
      if (card) box.appendChild(bigButton(ctx, t("wl.btn.category", { title: card.title }), a, { classes: ["wl-choice"], dataset: { index: String(a.index), category: card.id } }));
    }
  } else if (view.phase === "round_over") {
    if (me === seatOf(view, "queen")) box.appendChild(bigButton(ctx, t("wl.btn.next_round"), { type: "next_round" }, { classes: ["wl-next-round"] }));
  } else if (view.phase === "bet") {
    const bets = legalOf(ctx, "bet");
    if (bets.length) box.appendChild(el("div", { class: "wl-bets" }, bets.map((a) => bigButton(ctx, t("wl.btn.bet", { name: ctx.name(a.seat) }), a, { primary: false, dataset: { seat: String(a.seat) } }))));
  } else if (view.phase === "play") {
    if (view.vote) {
      const votes = legalOf(ctx, "vote");
      if (votes.length) {
        const name = ctx.name(view.vote.seat);
        box.appendChild(
          el(
            "div",
            { class: "wl-vote-buttons", id: "wl-vote-buttons" },
            bigButton(ctx, `✗ ${t("wl.btn.against", { name })}`, { type: "vote", against: true }, { primary: false, classes: ["wl-against"], dataset: { against: "1" } }),
            bigButton(ctx, `✓ ${t("wl.btn.keep")}`, { type: "vote", against: false }, { primary: false, classes: ["wl-keep"], dataset: { against: "0" } }),
          ),
        );
      }
    } else if (view.my_turn) {
      if (legalOf(ctx, "said_it").length || (view.options && view.options.input === "spoken")) {
        box.append(
          reminder(ctx),
          el("p", { class: "wl-hint", text: t("wl.said_it_hint") }),
          bigButton(ctx, `🗣 ${t("wl.said_it")}`, { type: "said_it" }, { classes: ["wl-said-it"] }),
        );
      } else {
        box.append(reminder(ctx), wordField(ctx));
      }
    }
    if (!view.vote) {
      const objections = objectionButtons(ctx);
      if (objections) box.appendChild(objections);
      const abilities = abilityButtons(ctx);
      if (abilities) box.appendChild(abilities);
    }
  }
  if (!view.my_turn) ui.turnId = null;
  const secret = privatePanel(ctx);
  if (secret && me !== null) box.appendChild(secret);
  return fillBox(ui.box, parts);
}

/** Make `nodes` the children of `box` without taking out a child that stays (the word form). */
function fillBox(box, nodes) {
  for (const child of [...box.childNodes]) if (!nodes.includes(child)) box.removeChild(child);
  let ref = box.firstChild;
  for (const node of nodes) {
    if (node === ref) ref = ref.nextSibling;
    else box.insertBefore(node, ref);
  }
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

function scoreText(score) {
  return tp("wl.score", score);
}

function outcomeDetails(ctx) {
  const box = el("div", { class: "wl-outcome", id: "wl-outcome" });
  const last = v(ctx).last_round;
  const summary = roundSummary(ctx, last, "wl-final-summary");
  if (summary) box.appendChild(summary);
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
