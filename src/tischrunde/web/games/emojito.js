// Emojito in the browser: the performer's secret card, the eyes-closed screens, seven tiles for the
// secret dial, the seven-field board ring with its markers and trophies, and the revealed round.
//
// The module only reads the engine's view (shape: EmojitoView in tischrunde.games.emojito.view; `tischrunde schema emojito`) and
// the legal actions; it never decides a rule itself. Names and card words go in through textContent.

import { buzz, flash, h } from "../dom.js";
import { formatList, lang, register, t, tp } from "../i18n.js";
import TEXT from "./emojito.text.js";
import { add, avatar, codeText, gameContent, legalOf, list, loadStyle, names, v } from "./shared.js";

// our own stylesheet, loaded once next to the shell's (the CSP allows same-origin stylesheets)
loadStyle("emojito");

register(TEXT);

// The public content (served by the server, the engine's own): the 100 picture cards by id as
// [emoji, German name, English name], the ring's presentation symbols for fields 1..7, and each symbol's emoji.
const CONTENT = await gameContent("emojito");
export const CARDS = CONTENT.cards;
export const BOARD = CONTENT.board;
const SYMBOL = Object.fromEntries(Object.entries(CONTENT.symbols).map(([key, symbol]) => [key, symbol.emoji]));
const COLOURS = 8; // marker colours cycle; every marker also carries a name, so colour is never the only signal

// ---------------------------------------------------------------- reading the view

function cardEmoji(id) {
  return typeof id === "number" && CARDS[id] ? CARDS[id][0] : "?";
}

function cardName(id) {
  if (typeof id !== "number" || !CARDS[id]) return "?";
  return lang() === "de" ? CARDS[id][1] : CARDS[id][2];
}

/** Two-glyph cards (a face kind and an emotion) get a smaller font so both stay on one line. */
function duo(id) {
  return Array.from(cardEmoji(id)).length > 1;
}

function presSymbols(presentation) {
  return presentation === "face_sound" ? `${SYMBOL.face}${SYMBOL.sound}` : SYMBOL[presentation] || "";
}

function presKey(symbols) {
  return symbols.length > 1 ? "face_sound" : symbols[0];
}

function partnerOf(view, seat) {
  return (seat + view.players / 2) % view.players;
}

/** The side (marker) a seat plays for: coop 0, each the seat itself, teams the team index. */
function sideOf(view, seat) {
  if (seat === null || seat === undefined) return null;
  if (view.mode === "coop") return 0;
  if (view.mode === "each") return seat;
  return seat % (view.players / 2);
}

function sideName(ctx, index) {
  const view = v(ctx);
  if (view.mode === "coop") return t(index === 0 ? "emj.side.team" : "emj.side.game");
  if (view.mode === "each") return ctx.name(index);
  const side = list(view.sides)[index];
  const seats = side ? side.seats : [index, index + view.players / 2];
  return t("emj.side.pair", { a: ctx.name(seats[0]), b: ctx.name(seats[1]) });
}

function trophiesText(count) {
  return tp("emj.trophies", count);
}

/** The leaders this seat's challenge would be aimed at: not itself, and not the performer unless the room allows it. */
function targetsOf(ctx) {
  const view = v(ctx);
  const leaders = list(view.challenge && view.challenge.leaders);
  const anyone = Boolean(ctx.info && ctx.info.options && ctx.info.options.performer_challengeable);
  return leaders.filter((s) => s !== ctx.seat && (anyone || s !== view.performer));
}

// ---------------------------------------------------------------- interaction state (survives re-renders)

/** A seat whose person is away (the phone lost its connection); `standin` when the away stand-in plays it. */
function awayOf(ctx, seat) {
  const s = ctx.info && list(ctx.info.seats).find((x) => x.seat === seat);
  if (!s || s.kind !== "human" || s.connected !== false) return null;
  return { standin: s.bot === "away" };
}

/** Send an action and remember it until the next view answers it, so a stalled tap says "Sending …". */
function send(ctx, action) {
  const view = v(ctx);
  if (ctx.act(action) !== false) ui.sending = { type: action.type, round: view.round, phase: view.phase, at: performance.now() };
}

// a tap unanswered this long was lost with its connection (the shell says "not sent"); tapping again is fine
const SENDING_MS = 6000;

function sendingNow(ctx, type) {
  const view = v(ctx);
  const s = ui.sending;
  return Boolean(s && s.type === type && s.round === view.round && s.phase === view.phase && performance.now() - s.at < SENDING_MS);
}

const ui = {
  sending: null, // {type, round, phase}: an action sent and not answered yet (shown as "Sending …")
  pick: null, // the tile a guesser tapped but has not confirmed yet
  pickRound: -1,
  dialUntil: null, // {round, until}: when the dials of this round run out (game time), if the room set a limit
};

// ---------------------------------------------------------------- the status line

/** The end in one line: who won (co-op: the team or the game, by how many trophies), else the winners. */
function overStatus(ctx) {
  const out = ctx.outcome || v(ctx).outcome || null;
  const details = (out && out.details) || {};
  if (v(ctx).mode === "coop" && out) {
    const params = { team: details.team_trophies ?? 0, game: details.game_trophies ?? 0 };
    return { main: t(details.team_won ? "emj.over.team_won" : "emj.over.game_won"), hint: t(details.team_won ? "emj.outcome.team_won" : "emj.outcome.game_won", params), mine: Boolean(details.team_won) };
  }
  const winners = out ? list(out.winners) : [];
  if (!winners.length) return { main: t("frame.game_over"), hint: "", mine: false };
  const mine = ctx.seat !== null && winners.includes(ctx.seat);
  return { main: mine ? t("emj.over.you_won") : t("emj.over.winners", { names: formatList(winners.map((w) => ctx.name(w))), count: winners.length }), hint: t("frame.game_over"), mine };
}

function status(ctx) {
  const view = v(ctx);
  const me = ctx.seat;
  const ph = view.phase;
  const name = (s) => ctx.name(s);
  if (ctx.outcome || ph === "over") return overStatus(ctx);
  const idle = ctx.isTable ? t("emj.status.table_hint") : me === null ? t("emj.status.spectating") : "";
  const waitHint = (seats) => {
    const rest = list(seats).filter((s) => s !== me);
    return rest.length ? t("emj.status.wait_for", { names: names(ctx, rest) }) : idle;
  };
  const closed = list(view.close_eyes).includes(me);
  const pres = t(`emj.pres.${view.presentation}`);
  if (ph === "perform" || ph === "chain") {
    const chain = view.chain;
    if (chain) {
      const shower = name(chain.shower);
      const watcher = name(chain.watcher);
      if (me === chain.shower && ctx.legal.length) {
        if (ph === "perform") {
          return { main: t("emj.status.show_to", { name: watcher }), hint: t("emj.status.show_to_hint", { name: watcher }), mine: true };
        }
        return { main: t("emj.status.pass_on", { name: watcher }), hint: t("emj.status.pass_on_hint", { name: watcher }), mine: true };
      }
      if (me === chain.watcher) return { main: t("emj.watch.title"), hint: t("emj.watch.chain", { name: shower }), mine: false };
      if (closed) return { main: t("emj.status.eyes"), hint: t("emj.eyes.chain", { shower, watcher }), mine: false };
      return { main: t("emj.status.watch_chain", { shower, watcher }), hint: idle, mine: false };
    }
    const performed = list(view.performed);
    if (list(view.performers).includes(me) && !performed.includes(me)) {
      if (view.mode === "teams") {
        return { main: t("emj.status.perform"), hint: t("emj.status.partner_hint", { name: name(partnerOf(view, me)) }), mine: true };
      }
      return { main: t("emj.status.perform"), hint: t("emj.status.perform_hint", { presentation: pres }), mine: true };
    }
    const waiting = list(view.performers).filter((p) => !performed.includes(p));
    if (view.mode === "teams") {
      const partner = me === null ? null : partnerOf(view, me);
      if (partner !== null && waiting.includes(partner)) {
        return { main: t("emj.watch.title"), hint: t("emj.watch.partner", { name: name(partner) }), mine: false };
      }
      return { main: t("emj.status.teams"), hint: waitHint(waiting), mine: false };
    }
    const performer = view.performer;
    if (closed) return { main: t("emj.status.eyes"), hint: t("emj.eyes.sound", { name: name(performer) }), mine: false };
    return {
      main: t("emj.status.watch", { name: name(performer) }),
      hint: me === null ? idle : t("emj.watch.then"),
      mine: false,
    };
  }
  if (ph === "challenge") {
    const ch = view.challenge || { leaders: [], eligible: [], declared: [] };
    if (legalOf(ctx, "challenge").length) {
      const bonus = !(ctx.info && ctx.info.options && ctx.info.options.challenger_bonus_stacks === false);
      const hint = t("emj.status.challenge_hint", { names: names(ctx, targetsOf(ctx)) });
      return { main: t("emj.status.challenge"), hint: bonus ? `${hint} ${t("emj.status.challenge_bonus")}` : hint, mine: true };
    }
    const waiting = list(ch.eligible).filter((s) => !list(ch.declared).includes(s) && s !== me);
    return { main: tp("emj.status.challenge_wait", list(waiting).length, { names: names(ctx, waiting) }), hint: idle, mine: false };
  }
  if (ph === "dial") {
    const waiting = list(view.guessers).filter((g) => !list(view.dials_set).includes(g));
    if (legalOf(ctx, "set_dial").length) {
      return { main: t("emj.status.dial"), hint: t(view.mode === "teams" ? "emj.status.dial_team_hint" : "emj.status.dial_hint"), mine: true };
    }
    if (typeof view.my_card === "number") {
      // the performer's dial is set to the true number by the game; say which card it is instead
      const number = list(view.layout).indexOf(view.my_card) + 1;
      return { main: t("emj.status.dial_performer", { number }), hint: waitHint(waiting), mine: false };
    }
    if (view.my_dial) return { main: t("emj.my_dial", { number: view.my_dial }), hint: waitHint(waiting), mine: false };
    return { main: t("emj.status.dial_wait"), hint: waitHint(waiting), mine: false };
  }
  if (ph === "round_over") {
    // the revealed dials and the moves stay on the table until the pause ends or a performer goes on
    const mine = me !== null && list(view.performers).includes(me);
    return { main: t("emj.status.round_over", { round: view.round }), hint: mine ? t("emj.status.round_over_mine") : idle || t("emj.status.round_over_hint"), mine };
  }
  return { main: "", hint: idle, mine: false };
}

function dialSeconds(ctx) {
  return ctx.info && ctx.info.options ? Number(ctx.info.options.dial_timeout_s) || 0 : 0;
}

/**
 * The dial countdown when the room set one. The server's deadline is used when the shell passes it
 * (ctx.deadline); otherwise it is counted from the moment the cards were laid out.
 */
function timer(ctx) {
  const view = v(ctx);
  if (view.phase === "round_over" && typeof view.round_until === "number") {
    const pause = ctx.info && ctx.info.options ? Number(ctx.info.options.round_pause_ms) || 6000 : 6000;
    return { until: view.round_until, total: pause };
  }
  // the performance (and a secret message being shown) runs against perform_timeout_s, scaled like
  // every courtesy timer by the room's "more time"; the bar counts down to the server's deadline
  if ((view.phase === "perform" || view.phase === "chain") && typeof ctx.deadline === "number") {
    const options = (ctx.info && ctx.info.options) || {};
    const scale = ctx.info && typeof ctx.info.more_time === "number" && ctx.info.more_time > 0 ? ctx.info.more_time / 100 : 1;
    return { until: ctx.deadline, total: (Number(options.perform_timeout_s) || 120) * 1000 * scale };
  }
  const seconds = dialSeconds(ctx);
  if (view.phase !== "dial" || !seconds) return null;
  if (typeof ctx.deadline === "number") return { until: ctx.deadline, total: seconds * 1000 };
  if (ui.dialUntil && ui.dialUntil.round === view.round) return { until: ui.dialUntil.until, total: seconds * 1000 };
  return null;
}

// ---------------------------------------------------------------- the player strip in the top bar

function seatInfo(seat, ctx) {
  const view = v(ctx);
  const nodes = [];
  const classes = [];
  if (view.phase !== "over" && list(view.performers).includes(seat)) {
    nodes.push(h("span", { class: "emj-badge emj-badge-perf", title: t("emj.performer"), text: `🎭 ${t("emj.performer")}` }));
    classes.push("emj-is-performer");
  }
  if (list(view.close_eyes).includes(seat)) {
    nodes.push(h("span", { class: "emj-badge emj-badge-eyes", title: t("emj.eyes.title"), text: "🙈" }));
  }
  if (view.phase === "dial" && list(view.guessers).includes(seat)) {
    const skipped = list(view.dials_skipped).includes(seat);
    const set = !skipped && list(view.dials_set).includes(seat);
    nodes.push(
      h("span", {
        class: ["emj-badge", set ? "emj-badge-set" : skipped ? "emj-badge-skip" : "emj-badge-open"],
        dataset: { dial: set ? "set" : skipped ? "skipped" : "open" },
        text: set ? `✓ ${t("emj.dial_set_mark")}` : skipped ? `⏭ ${t("emj.dial_skipped_mark")}` : `… ${t("emj.dial_open_mark")}`,
      }),
    );
  }
  if (view.mode !== "coop") {
    const side = list(view.sides)[sideOf(view, seat)];
    if (side) nodes.push(h("span", { class: "emj-badge emj-badge-trophy", title: trophiesText(side.count), text: `🏆 ${side.count}` }));
  }
  return { nodes, classes };
}

// ---------------------------------------------------------------- the table (middle)

function marker(ctx, index) {
  const view = v(ctx);
  const side = list(view.sides)[index];
  let label;
  let cls;
  if (view.mode === "coop") {
    label = index === 0 ? `👥 ${t("emj.side.team")}` : `🎲 ${t("emj.side.game")}`;
    cls = index === 0 ? "emj-m-team" : "emj-m-game";
  } else {
    // each person's avatar (each: the side is the seat; teams: both members), the name in the label
    const seats = view.mode === "each" ? [index] : list(side && side.seats);
    return h(
      "span",
      { class: ["emj-marker", "emj-m-avatars", `emj-c${index % COLOURS}`], dataset: { side: String(index) }, title: sideName(ctx, index), role: "img", "aria-label": sideName(ctx, index) },
      seats.map((s) => avatar(ctx.info, s)),
    );
  }
  return h("span", {
    class: ["emj-marker", cls],
    dataset: { side: String(index) },
    title: sideName(ctx, index),
    "aria-label": sideName(ctx, index),
    text: label,
  });
}

/** The field whose symbols decide this round's presentation (the team's or the performer's marker). */
function decidingField(view) {
  if (view.phase === "over" || view.mode === "teams" || view.secret_message) return null;
  const side = list(view.sides)[view.mode === "coop" ? 0 : view.performer];
  return side ? side.field : null;
}

function board(ctx) {
  const view = v(ctx);
  const ring = h("div", { class: "emj-board", id: "emj-board" });
  const now = decidingField(view);
  const bySlot = Array.from({ length: 8 }, () => []);
  list(view.sides).forEach((side, i) => bySlot[side.field >= 0 && side.field <= 7 ? side.field : 0].push(marker(ctx, i)));
  add(ring, 
    h(
      "div",
      { class: ["emj-slot", "emj-s0", "emj-line", now === 0 && "emj-slot-now"], dataset: { field: "0" } },
      h("span", { class: "emj-fno", text: `🏁 ${t("emj.start_line")}` }),
      h("span", { class: "emj-markers" }, bySlot[0]),
    ),
  );
  BOARD.forEach((symbols, k) => {
    const field = k + 1;
    const key = presKey(symbols);
    add(ring, 
      h(
        "div",
        { class: ["emj-slot", `emj-s${field}`, `emj-slot-${key}`, now === field && "emj-slot-now"], dataset: { field: String(field) } },
        h("span", { class: "emj-fno", text: String(field) }),
        h("span", { class: "emj-sym", title: t(`emj.pres.${key}`), "aria-label": t(`emj.pres.${key}`), text: presSymbols(key) }),
        h("span", { class: "emj-markers" }, bySlot[field]),
      ),
    );
  });
  const centre = h("div", { class: "emj-centre" });
  if (view.phase !== "over") {
    add(centre, 
      h("span", { class: "emj-now-label", text: t("emj.now") }),
      h("span", { class: "emj-now-sym", "aria-hidden": "true", text: presSymbols(view.presentation) }),
      h("span", { class: "emj-now-text", id: "emj-presentation", text: t(`emj.pres.${view.presentation}`) }),
    );
  }
  add(centre, h("span", { class: "emj-deck", text: t("emj.deck", { count: view.deck_count ?? 0 }) }));
  add(ring, centre);
  return ring;
}

function sidesList(ctx, id = "emj-sides") {
  const view = v(ctx);
  const mySide = sideOf(view, ctx.seat);
  const box = h("ol", { class: "emj-sides", id });
  list(view.sides).forEach((side, i) => {
    const out = view.mode === "teams" && Array.isArray(view.contenders) && !view.contenders.includes(i);
    const flipped = list(side.flipped).length;
    add(box, 
      h(
        "li",
        {
          class: ["emj-side", out && "emj-side-out", mySide === i && "emj-side-me"],
          key: i,
          dataset: { side: String(i), progress: String(side.progress), field: String(side.field), count: String(side.count) },
        },
        marker(ctx, i),
        h("span", { class: "emj-side-name", text: view.mode === "coop" ? "" : sideName(ctx, i) }),
        h("span", { class: "emj-side-where", text: side.field ? t("emj.field", { field: side.field }) : t("emj.on_line") }),
        h(
          "span",
          { class: "emj-trophies", title: trophiesText(side.count) },
          h("span", { class: "emj-trophy-count", text: `🏆 ${side.count}/${view.target}` }),
          flipped ? h("span", { class: "emj-flipped", text: t("emj.flipped", { count: flipped }) }) : null,
        ),
      ),
    );
  });
  return box;
}

function tiles(ctx) {
  const view = v(ctx);
  const dials = legalOf(ctx, "set_dial");
  const grid = h("div", { class: ["emj-tiles", dials.length && "emj-tiles-pick"], id: "emj-tiles" });
  list(view.layout).forEach((cardId, k) => {
    const number = k + 1;
    const action = dials.find((a) => a.number === number);
    const performer = typeof view.my_card === "number";
    const chosen = (action && ui.pick === number) || (!performer && view.my_dial === number);
    const mine = performer && view.my_card === cardId;
    const node = h(
      action ? "button" : "div",
      {
        class: ["emj-tile", chosen && "emj-tile-chosen", mine && "emj-tile-mine"],
        type: action ? "button" : undefined,
        dataset: { number: String(number), card: String(cardId) },
        "aria-pressed": action ? (chosen ? "true" : "false") : undefined,
        "aria-label": t("emj.tile_label", { number, name: cardName(cardId) }),
        key: number,
        on: action
          ? {
              click: () => {
                ui.pick = number;
                ui.pickRound = view.round;
                ctx.rerender();
              },
            }
          : null,
      },
      h("span", { class: "emj-tile-no", text: String(number) }),
      h("span", { class: ["emj-tile-emoji", "emj-emoji", duo(cardId) && "emj-duo"], "aria-hidden": "true", text: cardEmoji(cardId) }),
      // pictures only (the rulebook): the emotion's name is the label a screen reader reads, never printed
      chosen ? h("span", { class: "emj-tile-tag", text: "🔒" }) : mine ? h("span", { class: "emj-tile-tag", title: t("emj.yours"), "aria-label": t("emj.yours"), text: "🎭" }) : null,
    );
    add(grid, node);
  });
  return grid;
}

function dialStatus(ctx) {
  const view = v(ctx);
  const guessers = list(view.guessers);
  const set = list(view.dials_set);
  const box = h(
    "div",
    { class: "emj-dial-status", id: "emj-dials" },
    h("p", { class: "emj-sub", text: t("emj.dials_set", { done: set.length, all: guessers.length }) }),
  );
  const row = h("ul", { class: "emj-chips" });
  const skippedSeats = list(view.dials_skipped);
  for (const g of guessers) {
    const skipped = skippedSeats.includes(g);
    const done = !skipped && set.includes(g);
    const away = !done && !skipped ? awayOf(ctx, g) : null;
    const state = done ? "set" : skipped ? "skipped" : away ? "away" : "open";
    const word = { set: t("emj.dial_set_mark"), skipped: t("emj.dial_skipped_mark"), away: away && away.standin ? t("emj.away_skip") : t("emj.away"), open: t("emj.dial_open_mark") }[state];
    add(row, 
      h(
        "li",
        { class: ["emj-chip", done || skipped ? "emj-chip-done" : "emj-chip-open", (skipped || away) && "emj-chip-away"], key: g, dataset: { seat: String(g), dial: state } },
        h("span", { class: "emj-chip-mark", "aria-hidden": "true", text: { set: "✓", skipped: "⏭", away: "⚡", open: "…" }[state] }),
        h("span", { text: ctx.name(g) }),
        h("span", { class: "emj-chip-word", text: word }),
      ),
    );
  }
  add(box, row);
  return box;
}

function chainStrip(ctx) {
  const view = v(ctx);
  const chain = view.chain;
  const n = view.players;
  const start = list(view.performers)[0];
  const box = h("div", { class: "emj-chain", id: "emj-chain" }, h("p", { class: "emj-sub", text: `🤫 ${t("emj.chain_title")}` }));
  const row = h("ol", { class: "emj-chips" });
  for (let k = 0; k < n; k += 1) {
    const seat = (start + k) % n;
    const seen = k <= chain.received;
    const now = seat === chain.shower || seat === chain.watcher;
    add(row, 
      h(
        "li",
        { key: seat, class: ["emj-chip", seen && "emj-chip-done", now && "emj-chip-now"], dataset: { seat: String(seat) } },
        k ? h("span", { class: "emj-chip-mark", "aria-hidden": "true", text: "→" }) : h("span", { class: "emj-chip-mark", text: "🎭" }),
        h("span", { text: ctx.name(seat) }),
        list(view.close_eyes).includes(seat) ? h("span", { class: "emj-chip-word", text: "🙈" }) : null,
      ),
    );
  }
  add(box, row);
  return box;
}

function challengeStatus(ctx) {
  const view = v(ctx);
  const ch = view.challenge || { leaders: [], eligible: [], declared: [] };
  return h(
    "div",
    { class: "emj-challenge", id: "emj-challenge" },
    h("p", { class: "emj-sub", text: `⚔️ ${t("emj.challenge_leaders", { names: names(ctx, ch.leaders) })}` }),
    h("p", { class: "emj-sub", text: t("emj.challenge_declared", { done: list(ch.declared).length, all: list(ch.eligible).length }) }),
  );
}

function guessersOf(view, performer) {
  const n = view.players;
  if (view.mode === "teams") return [partnerOf(view, performer)];
  return Array.from({ length: n }, (_, s) => s).filter((s) => s !== performer);
}

function reveal(ctx, id = "emj-reveal") {
  const view = v(ctx);
  const r = view.last_round;
  const box = h("section", { class: ["emj-reveal", r.performers.length > 1 && "emj-reveal-many"], id, dataset: { round: String(r.round) } }, h("h3", { text: t("emj.reveal.title", { round: r.round }) }));
  r.performers.forEach((p, j) => {
    const cardId = r.cards[j];
    add(box, 
      h(
        "div",
        { class: "emj-reveal-card", dataset: { card: String(cardId), number: String(r.answers[j]) } },
        h("span", { class: ["emj-reveal-emoji", "emj-emoji", duo(cardId) && "emj-duo"], role: "img", "aria-label": cardName(cardId), text: cardEmoji(cardId) }),
        h(
          "span",
          { class: "emj-reveal-what" },
          h("strong", { text: t("emj.reveal.number", { number: r.answers[j] }) }),
          h("span", {}, "🎭 ", avatar(ctx.info, p), ` ${ctx.name(p)}`),
        ),
      ),
    );
    const picks = h("ul", { class: "emj-picks" });
    for (const g of guessersOf(view, p)) {
      const dial = r.dials[g];
      const right = r.correct.includes(g);
      const skipped = list(r.skipped).includes(g);
      const tags = [];
      if (list(r.challengers).includes(g)) tags.push(`⚔️ ${t("emj.reveal.challenger")}`);
      if (list(r.challenged).includes(g)) tags.push(t("emj.reveal.challenged"));
      if (list(r.fallen).includes(g)) tags.push(`⬇ ${t("emj.reveal.fallen")}`);
      add(picks, 
        h(
          "li",
          { key: g, class: ["emj-pick", right ? "emj-right" : skipped ? "emj-skipped" : "emj-wrong"], dataset: { seat: String(g), dial: String(dial), right: right ? "1" : "0", skipped: skipped ? "1" : "0" } },
          h("span", { class: "emj-pick-mark", "aria-hidden": "true", text: right ? "✓" : skipped ? "⏭" : "✗" }),
          h("span", { class: "emj-pick-name" }, avatar(ctx.info, g), ` ${ctx.name(g)}`),
          h("span", { class: "emj-pick-card emj-emoji", text: dial ? `${dial} ${cardEmoji(r.layout[dial - 1])}` : skipped ? "—" : t("emj.reveal.nothing") }),
          h("span", { class: "emj-pick-word", text: right ? t("emj.reveal.right") : skipped ? t("emj.reveal.skipped") : t("emj.reveal.wrong") }),
          tags.length ? h("span", { class: "emj-pick-tags", text: tags.join(" · ") }) : null,
        ),
      );
    }
    add(box, picks);
  });
  const moves = r.moves.map((m, i) => (m ? t("emj.reveal.move", { side: sideName(ctx, i), steps: m > 0 ? `+${m}` : String(m) }) : null)).filter(Boolean);
  if (moves.length) add(box, h("p", { class: "emj-moves", id: `${id}-moves`, text: `${t("emj.reveal.moves")}: ${moves.join(" · ")}` }));
  r.trophies_won.forEach((won, i) => {
    if (won > 0) add(box, h("p", { class: "emj-won", text: `🏆 ${t("emj.ev.trophy", { side: sideName(ctx, i) })}` }));
    if (won < 0) add(box, h("p", { class: "emj-lost", text: t("emj.ev.trophy_lost", { side: sideName(ctx, i) }) }));
  });
  return box;
}

function renderTable(ctx) {
  const view = v(ctx);
  const box = h("div", { class: ["emj-table", `emj-mode-${view.mode}`], id: "emj-table", dataset: { phase: view.phase || "" } });
  const mode = view.secret_message ? `${t("emj.mode.coop")} · ${t("emj.mode.secret")}` : t(`emj.mode.${view.mode}`);
  add(box, h("p", { class: "emj-head", id: "emj-head", text: t("emj.head", { round: view.round ?? 1, mode, goal: view.target }), title: trophiesText(view.target) }));
  const fresh = view.last_round && view.phase !== "dial";
  if (fresh) add(box, reveal(ctx));
  if (view.phase === "dial") {
    if (ctx.seat === null) add(box, tiles(ctx));
    add(box, dialStatus(ctx));
  }
  if (view.chain) add(box, chainStrip(ctx));
  if (view.phase === "challenge") add(box, challengeStatus(ctx));
  if (view.phase !== "over" && ctx.seat === null && list(view.close_eyes).length) add(box, eyesScreen(ctx));
  const ring = h("div", { class: "emj-ring" }, board(ctx), sidesList(ctx));
  // the table screen between rounds and at the end: where everyone stands, as a table
  if (ctx.isTable && (view.phase === "round_over" || view.phase === "over" || ctx.outcome)) add(ring, standings(ctx));
  add(box, ring);
  if (view.last_round && !fresh) add(box, reveal(ctx));
  return box;
}

/**
 * The standings of every side (a person, a pair, the team and the game): the last round's steps, the
 * field, the flipped fields and the trophies; at the end by rank with the winners marked.
 */
function standings(ctx) {
  const view = v(ctx);
  const r = view.last_round;
  const sides = list(view.sides).map((side, i) => ({ side, i }));
  const outcome = ctx.outcome;
  // co-op: every seat has rank 1 whether the team won or lost, so the team and the game go by the outcome
  const teamWon = !!(outcome && outcome.details && outcome.details.team_won);
  const rank = (x) => {
    if (!outcome) return 0;
    if (view.mode === "coop") return (x.i === 0) === teamWon ? 1 : 2;
    return Math.min(99, ...list(x.side.seats).map((s) => outcome.ranks[s] ?? 99));
  };
  if (outcome) sides.sort((a, b) => rank(a) - rank(b) || a.i - b.i);
  const table = h("table", { class: ["round-table", outcome && "round-table-final"], id: "emj-standings", dataset: { rounds: String(view.round ?? 0) } });
  add(table, h("caption", { text: t("emj.standings") }));
  const head = h("tr", {});
  if (outcome) add(head, h("th", { scope: "col", class: "rt-rank", text: t("rt.rank") }));
  add(head, h("th", { scope: "col", class: "rt-who", text: t("rt.who") }));
  if (r) add(head, h("th", { scope: "col", class: ["rt-round", !outcome && "rt-current"], text: `${outcome ? "" : "▸ "}${t("rt.round_col", { round: r.round })}` }));
  add(head, h("th", { scope: "col", class: "rt-extra", text: t("emj.standings_field") }));
  add(head, h("th", { scope: "col", class: "rt-total", text: "🏆" }));
  add(table, h("thead", {}, head));
  const body = h("tbody", {});
  for (const { side, i } of sides) {
    const seats = list(side.seats);
    const win = outcome && (view.mode === "coop" ? rank({ side, i }) === 1 : seats.some((s) => outcome.winners.includes(s)));
    const who = h("th", { scope: "row", class: "rt-who" });
    const members = view.mode === "coop" ? [] : seats;
    const label = h("span", { class: "who" }, members.map((s) => avatar(ctx.info, s)), h("span", { class: "who-name", text: view.mode === "each" ? ctx.name(i) : sideName(ctx, i) }));
    add(who, view.mode === "coop" ? h("span", { class: "who" }, marker(ctx, i)) : label);
    const row = h("tr", { key: i, class: ["rt-row", win && "rt-win"], dataset: { side: String(i) } });
    if (outcome) add(row, h("td", { class: "rt-rank", text: `${t("frame.rank", { rank: rank({ side, i }) })}${win ? " ★" : ""}` }));
    add(row, who);
    if (r) {
      const m = list(r.moves)[i] || 0;
      add(row, h("td", { class: ["rt-round", !outcome && "rt-current"], text: m > 0 ? `+${m}` : String(m) }));
    }
    const flipped = list(side.flipped).length;
    add(row, h("td", { class: "rt-extra", text: side.field ? `${side.field}${flipped ? ` (${t("emj.flipped", { count: flipped })})` : ""}` : t("emj.standings_start") }));
    add(row, h("td", { class: "rt-total", text: `${side.count}/${view.target}` }));
    add(body, row);
  }
  add(table, body);
  return h("div", { class: "round-table-box", id: "emj-standings-box" }, table);
}

// ---------------------------------------------------------------- your controls (bottom)

function presentationRow(presentation) {
  return h(
    "div",
    { class: ["emj-pres", `emj-pres-${presentation}`], id: "emj-pres" },
    h("span", { class: "emj-pres-sym", "aria-hidden": "true", text: presSymbols(presentation) }),
    h(
      "span",
      { class: "emj-pres-text" },
      h("strong", { text: t(`emj.pres.${presentation}`) }),
      h("span", { text: t(`emj.pres_hint.${presentation}`) }),
    ),
  );
}

function privateMark(text) {
  return h("p", { class: "emj-private" }, h("span", { "aria-hidden": "true", text: "🔒 " }), h("strong", { text }), " ", h("span", { class: "emj-private-note", text: `(${t("emj.private")})` }));
}

function eyesScreen(ctx) {
  const view = v(ctx);
  const chain = view.chain;
  const why = chain ? t("emj.eyes.chain", { shower: ctx.name(chain.shower), watcher: ctx.name(chain.watcher) }) : t("emj.eyes.sound", { name: ctx.name(view.performer) });
  return h(
    "section",
    { class: "emj-eyes", id: "emj-eyes" },
    h("span", { class: "emj-eyes-icon", "aria-hidden": "true", text: "🙈" }),
    h("strong", { class: "emj-eyes-title", text: t("emj.eyes.title") }),
    h("p", { text: why }),
    h("p", { class: "emj-eyes-note", text: chain ? t("emj.eyes.open_chain") : t("emj.eyes.open") }),
  );
}

function bigButton(text, action, ctx, extra = {}) {
  const sending = sendingNow(ctx, action.type);
  return h("button", {
    class: ["btn", extra.plain ? null : "btn-primary", "btn-huge", extra.cls, sending && "tap-sending"],
    type: "button",
    id: extra.id,
    dataset: { action: action.type },
    "aria-busy": sending ? "true" : undefined,
    text: sending ? t("emj.sending") : text,
    on: {
      click: () => {
        if (!sendingNow(ctx, action.type)) send(ctx, action);
      },
    },
  });
}

function performControls(ctx, box) {
  const view = v(ctx);
  const me = ctx.seat;
  const performed = legalOf(ctx, "performed")[0];
  const passed = legalOf(ctx, "passed_on")[0];
  const chain = view.chain;
  if (list(view.close_eyes).includes(me)) {
    add(box, eyesScreen(ctx));
    return box;
  }
  if (typeof view.my_card === "number") {
    const secret = h(
      "section",
      { class: "emj-secret", id: "emj-secret", dataset: { card: String(view.my_card) } },
      privateMark(t("emj.your_card")),
      h("div", { class: ["emj-secret-emoji", "emj-emoji", duo(view.my_card) && "emj-duo"], id: "emj-secret-pic", role: "img", "aria-label": cardName(view.my_card), text: cardEmoji(view.my_card) }),
    );
    if (view.mode === "teams") add(secret, h("p", { class: "emj-to", text: `→ ${ctx.name(partnerOf(view, me))}` }));
    else if (chain) add(secret, h("p", { class: "emj-to", text: `→ ${ctx.name(chain.watcher)} 🤫` }));
    add(box, secret);
    add(box, presentationRow(view.presentation));
    if (performed) add(box, bigButton(chain ? t("emj.btn.shown", { name: ctx.name(chain.watcher) }) : t("emj.btn.performed"), performed, ctx));
    return box;
  }
  if (passed) {
    add(box, 
      h(
        "section",
        { class: "emj-watch emj-pass", id: "emj-pass" },
        h("span", { class: "emj-watch-icon", "aria-hidden": "true", text: "🤫" }),
        h("div", { class: "emj-watch-body" }, h("strong", { text: `→ ${ctx.name(chain.watcher)}` }), h("p", { text: t("emj.pres_hint.face") })),
      ),
    );
    add(box, bigButton(t("emj.btn.passed_on"), passed, ctx));
    return box;
  }
  let who = view.performer;
  let text;
  if (chain) {
    who = chain.shower;
    text = me === chain.watcher ? t("emj.watch.chain", { name: ctx.name(who) }) : t("emj.status.watch_chain", { shower: ctx.name(chain.shower), watcher: ctx.name(chain.watcher) });
  } else if (view.mode === "teams") {
    const partner = partnerOf(view, me);
    if (!list(view.performers).includes(partner) || list(view.performed).includes(partner)) {
      add(box, h("p", { class: "waiting", text: status(ctx).hint || t("emj.status.teams") }));
      return box;
    }
    who = partner;
    text = t("emj.watch.partner", { name: ctx.name(partner) });
  } else {
    text = t("emj.watch.performer", { name: ctx.name(who) });
  }
  add(box, 
    h(
      "section",
      { class: "emj-watch", id: "emj-watch" },
      h("span", { class: "emj-watch-icon", "aria-hidden": "true", text: "👀" }),
      h(
        "div",
        { class: "emj-watch-body" },
        h("strong", { text: t("emj.watch.title") }),
        h("p", { text }),
        h(
          "p",
          { class: "emj-watch-pres", id: "emj-pres", dataset: { presentation: view.presentation } },
          h("span", { class: "emj-emoji", "aria-hidden": "true", text: presSymbols(view.presentation) }),
          " ",
          h("strong", { text: t(`emj.pres.${view.presentation}`) }),
          " – ",
          t(`emj.pres_hint.${view.presentation}`),
        ),
      ),
    ),
  );
  return box;
}

function challengeControls(ctx, box) {
  const view = v(ctx);
  const yes = legalOf(ctx, "challenge")[0];
  const no = legalOf(ctx, "no_challenge")[0];
  const ch = view.challenge || { leaders: [] };
  if (yes && no) {
    add(box, 
      h(
        "div",
        { class: "emj-two" },
        bigButton(`⚔️ ${t("emj.btn.challenge", { names: names(ctx, targetsOf(ctx)) })}`, yes, ctx),
        bigButton(t("emj.btn.no_challenge"), no, ctx, { plain: true }),
      ),
    );
    return box;
  }
  if (ch.my_declaration !== null && ch.my_declaration !== undefined) {
    add(box, privateMark(ch.my_declaration ? t("emj.ev.my_challenge") : t("emj.ev.my_no_challenge")));
  }
  add(box, h("p", { class: "waiting", text: status(ctx).main }));
  return box;
}

function dialControls(ctx, box) {
  const view = v(ctx);
  const dials = legalOf(ctx, "set_dial");
  if (dials.length) {
    add(box, privateMark(ui.pick ? t("emj.my_pick", { number: ui.pick }) : t("emj.pick_first")));
    add(box, tiles(ctx));
    const action = dials.find((a) => a.number === ui.pick);
    const sending = sendingNow(ctx, "set_dial");
    add(box, 
      h("button", {
        class: ["btn", "btn-primary", "btn-huge", sending && "tap-sending"],
        type: "button",
        id: "emj-set-dial",
        dataset: { action: "set_dial" },
        disabled: !action && !sending,
        "aria-busy": sending ? "true" : undefined,
        text: sending ? t("emj.sending") : action ? t("emj.btn.set_dial", { number: ui.pick }) : t("emj.pick_first"),
        on: {
          click: () => {
            if (!action || sendingNow(ctx, "set_dial")) return;
            send(ctx, action);
          },
        },
      }),
    );
    return box;
  }
  if (typeof view.my_card === "number") add(box, privateMark(t("emj.your_card")));
  else if (view.my_dial) add(box, privateMark(t("emj.my_dial", { number: view.my_dial })));
  add(box, tiles(ctx));
  return box;
}

function renderControls(ctx) {
  const view = v(ctx);
  const box = h("div", { class: "emj-controls", id: "emj-controls" });
  if (ctx.isTable || ctx.seat === null) return box;
  if (view.phase !== "dial" || ui.pickRound !== view.round) ui.pick = null;
  // the tapped action is answered once it is no longer legal for me (or the round moved on)
  if (ui.sending && (!sendingNow(ctx, ui.sending.type) || !ctx.legal.some((a) => a.type === ui.sending.type))) ui.sending = null;
  switch (view.phase) {
    case "perform":
    case "chain":
      return performControls(ctx, box);
    case "challenge":
      return challengeControls(ctx, box);
    case "dial":
      return dialControls(ctx, box);
    case "round_over":
      if (list(view.performers).includes(ctx.seat)) {
        add(box, bigButton(t("emj.next_round"), { type: "next_round" }, ctx, { id: "emj-next-round" }));
      }
      return box;
    default:
      return box;
  }
}

// players per mode, as the engine checks them (the lobby explains the Start button with these)
const MODE_PLAYERS = { coop: [2, 7], each: [3, 7], teams: [4, 14] };

/** What keeps the lobby from starting with `count` players and these options, or null. */
function startProblem(count, options) {
  const mode = options.mode in MODE_PLAYERS ? options.mode : "coop";
  const [min, max] = MODE_PLAYERS[mode];
  const fits = count >= min && count <= max && (mode !== "teams" || count % 2 === 0);
  return fits ? null : t(`emj.start.${mode}`);
}

function errorText(msg) {
  ui.sending = null; // refused: the button may be tapped again
  return codeText("emj.err", msg);
}

// ---------------------------------------------------------------- events: log lines and animations

function revealLine(d, ctx) {
  const view = v(ctx);
  const parts = [];
  (d.performers || []).forEach((p, j) => {
    const right = guessersOf(view, p).filter((g) => list(d.correct).includes(g));
    const params = { card: `${cardEmoji(d.cards[j])} ${cardName(d.cards[j])}`, number: d.answers[j], names: names(ctx, right) };
    parts.push(t(right.length ? "emj.ev.revealed" : "emj.ev.revealed_none", params));
  });
  if (view.mode === "coop" && d.moves) parts.push(t("emj.ev.coop_moves", { team: d.moves[0], game: d.moves[1] }));
  list(d.fallen).forEach((s) => parts.push(t("emj.ev.fallen", { name: ctx.name(s) })));
  list(d.trophies_won).forEach((won, i) => {
    if (won > 0) parts.push(t("emj.ev.trophy", { side: sideName(ctx, i) }));
    if (won < 0) parts.push(t("emj.ev.trophy_lost", { side: sideName(ctx, i) }));
  });
  return parts.join(" ");
}

function describe(ev, ctx) {
  const d = ev.data || {};
  const me = ctx.seat;
  const seat = ev.seat;
  const name = typeof seat === "number" ? ctx.name(seat) : "";
  const view = v(ctx);
  switch (ev.kind) {
    case "performed":
      if (view.secret_message && typeof seat === "number") return t("emj.ev.shown", { name, to: ctx.name((seat + 1) % view.players) });
      return t("emj.ev.performed", { name });
    case "passed_on":
      return t("emj.ev.passed_on", { name, to: ctx.name(d.to) });
    case "challenge_open":
      return t("emj.ev.challenge_open", { names: names(ctx, d.leaders) });
    case "declared":
      return seat === me ? null : t("emj.ev.declared", { name });
    case "my_declaration":
      return t(d.challenge ? "emj.ev.my_challenge" : "emj.ev.my_no_challenge");
    case "challenges":
      return list(d.challengers).length ? tp("emj.ev.challenges", list(d.challengers).length, { names: names(ctx, d.challengers), leaders: names(ctx, d.leaders) }) : t("emj.ev.no_challenges");
    case "laid_out":
      if (dialSeconds(ctx)) ui.dialUntil = { round: view.round, until: ctx.now() + dialSeconds(ctx) * 1000 };
      return t("emj.ev.laid_out");
    case "dial_set":
      return seat === me ? null : t("emj.ev.dial_set", { name });
    case "my_dial":
      return t("emj.ev.my_dial", { number: d.number });
    case "dial_skipped":
      return t("emj.ev.dial_skipped", { name });
    case "performance_skipped":
      return t("emj.ev.performance_skipped", { names: names(ctx, d.seats) });
    case "timeout":
      return t("emj.ev.timeout");
    case "revealed":
      return revealLine(d, ctx);
    case "game_over":
      return t("emj.ev.game_over");
    default:
      return null;
  }
}


function animate(events, ctx, page) {
  const view = v(ctx);
  for (const ev of events) {
    switch (ev.kind) {
      case "revealed": {
        flash(page.querySelector("#emj-reveal"), "anim-pop");
        list(ev.data && ev.data.moves).forEach((m, i) => {
          if (m) flash(page.querySelector(`#emj-board .emj-marker[data-side="${i}"]`), "emj-anim-hop");
        });
        break;
      }
      case "laid_out":
        flash(page.querySelector("#emj-tiles"), "anim-pop");
        if (list(view.guessers).includes(ctx.seat)) buzz();
        break;
      case "dial_set":
        flash(page.querySelector(`#emj-dials [data-seat="${ev.seat}"]`), "anim-pop");
        break;
      case "performed":
      case "passed_on":
        if (view.chain && view.chain.watcher === ctx.seat) buzz();
        flash(page.querySelector("#emj-chain"), "anim-pop");
        break;
      default:
        break;
    }
  }
}

// ---------------------------------------------------------------- the end

function scoreText(score, ctx) {
  if (v(ctx).mode === "coop") return t(score >= 1 ? "emj.score.team_won" : "emj.score.team_lost");
  return tp("emj.score.trophies", score);
}

function outcomeDetails(ctx) {
  const view = v(ctx);
  const box = h("div", { class: "emj-outcome", id: "emj-outcome" });
  const details = (ctx.outcome && ctx.outcome.details) || {};
  if (view.mode === "coop") {
    const params = { team: details.team_trophies ?? 0, game: details.game_trophies ?? 0 };
    add(box, h("p", { class: "emj-outcome-line", text: t(details.team_won ? "emj.outcome.team_won" : "emj.outcome.game_won", params) }));
  }
  add(box, sidesList(ctx, "emj-final-sides"));
  return box;
}

export default {
  name: "emojito",
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
  startProblem,
};
