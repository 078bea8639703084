// Mogel-Motte in the browser: hand, piles, guard, cheating by press-and-hold, races and giving.
//
// The module reads the engine's view and legal actions (shape: the docstring of
// tischrunde.games.mogelmotte) and never decides a rule itself: a card is playable when a legal action
// names it, and an unplayable card explains itself with the reason key the engine gives.

import { flash, h, reducedMotion } from "../dom.js";
import { formatList, register, t, tp } from "../i18n.js";
import TEXT from "./mogelmotte.text.js";
import { roundTable as bigRoundTable } from "./rounds.js";
import { avatar, codeText, drainRef, gameContent, legalOf, loadStyle, NO_DRAG, overlay, scoreTextOf, v } from "./shared.js";

// our own stylesheet (phone layout, table screen), loaded once next to the shell's
loadStyle("mogelmotte");

// a press longer than this starts a cheat, a shorter one is a tap; a card that could be played now needs
// a longer press, so a slow tap never turns a play into a cheat by accident
const HOLD_MS = 350;
const HOLD_PLAYABLE_MS = 650;

register(TEXT);

const ICONS = new Set(["ant", "spider", "mosquito", "cockroach", "moth", "guard"]);

/** Our own small SVG drawing of an animal (or the guard's shield); decoration, the word is always beside it. */
function icon(kind, cls = "mm-icon") {
  if (!ICONS.has(kind)) return null;
  return h("img", { class: cls, src: new URL(`../icons/${kind}.svg`, import.meta.url).href, alt: "", "aria-hidden": "true", ref: NO_DRAG });
}

// The deck in card-id order ({id, kind, value}; public knowledge, served by the server), so event card ids
// can be named without asking again.
const DECK = (await gameContent("mogelmotte")).cards;

function cardById(id) {
  if (id && typeof id === "object") return id;
  return typeof id === "number" && DECK[id] ? DECK[id] : null;
}

// ---------------------------------------------------------------- reading the view

function cardLabel(card) {
  const c = cardById(card);
  if (!c) return "?";
  return c.kind === "number" ? String(c.value) : t("mm.card_label", { kind: t(`mm.kind.${c.kind}`), value: c.value });
}

function hand(ctx) {
  return Array.isArray(v(ctx).hand) ? v(ctx).hand : [];
}

function guardSeat(ctx) {
  return typeof v(ctx).guard_seat === "number" ? v(ctx).guard_seat : null;
}

function tellSeats(ctx) {
  return (v(ctx).tells || []).map((x) => x.seat);
}

function totals(ctx) {
  const pp = v(ctx).penalty_points;
  return pp && Array.isArray(pp.totals) ? pp.totals : [];
}

function cardsText(count) {
  return tp("mm.cards", count);
}

function allowedText(top) {
  if (!top) return "?";
  const lo = top.value === 1 ? 5 : top.value - 1;
  const hi = top.value === 5 ? 1 : top.value + 1;
  const [a, b] = [lo, hi].sort((x, y) => x - y);
  return t("mm.either", { a, b });
}

const byType = legalOf;

const CARD_ACTIONS = ["play", "give", "spider_give", "throw"];

// ---------------------------------------------------------------- interaction state (survives re-renders)

const ui = {
  picked: null, // card id picked for a spider gift that still needs a seat
  holding: null, // card id held down for a cheat
  press: null, // {card, timer}: a pointer press on a card not yet let go
  keyHeld: null, // card id whose Space key is held down (its click on release is no tap)
};

// ---------------------------------------------------------------- the status line: whose turn, what now

function status(ctx) {
  const view = v(ctx);
  const me = ctx.seat;
  const ph = view.phase;
  const top = view.discard_top;
  const name = (s) => ctx.name(s);
  if (ctx.outcome || ph === "over") {
    const winners = ctx.outcome ? ctx.outcome.winners : view.winners || [];
    return { main: t("mm.status.winners", { names: formatList(winners.map(name)), count: winners.length }), hint: t("frame.game_over"), mine: false };
  }
  if (view.my_tell) {
    return {
      main: view.my_tell.cheat ? t("mm.status.cheating", { card: cardLabel(view.my_tell.card) }) : t("mm.status.fidgeting"),
      hint: "",
      mine: true,
    };
  }
  const waiting = (seats) => seats.filter((s) => s !== me).map(name);
  const defaultHint = () => {
    if (ctx.isTable) return t("mm.hint.table");
    if (me === null) return t("frame.spectating");
    return guardSeat(ctx) === me ? t("mm.hint.guard_wait") : view.can_cheat ? t("mm.hint.wait") : "";
  };
  if (view.settling) {
    const { guard, to } = view.settling;
    if (me === guard) return { main: t("mm.status.settle_guard", { name: name(to) }), hint: t("mm.hint.tap_give"), mine: true };
    if (me === to) return { main: t("mm.status.settle_caught", { name: name(guard) }), hint: "", mine: false };
    return { main: t("mm.status.settle_other", { guard: name(guard), name: name(to) }), hint: "", mine: false };
  }
  switch (ph) {
    case "mosquito_race": {
      if (byType(ctx, "slap").length) return { main: t("mm.status.slap"), hint: "", mine: true };
      if (view.race && view.race.player === me) return { main: t("mm.status.slap_own"), hint: defaultHint(), mine: false };
      // the table screen and spectators never slap: they see the race, not "Slapped!"
      if (me === null) return { main: t("mm.ev.mosquito_race"), hint: defaultHint(), mine: false };
      return { main: t("mm.status.slap_done"), hint: defaultHint(), mine: false };
    }
    case "cockroach_race": {
      const value = view.race ? view.race.value : top ? top.value : "?";
      if (byType(ctx, "throw").length) return { main: t("mm.status.cockroach", { value }), hint: "", mine: true };
      return { main: t("mm.status.cockroach_none", { value }), hint: defaultHint(), mine: false };
    }
    case "spider": {
      if (byType(ctx, "spider_give").length || byType(ctx, "spider_skip").length) {
        return { main: ui.picked !== null ? t("mm.status.spider_pick") : t("mm.status.spider"), hint: "", mine: true };
      }
      return { main: t("mm.status.spider_other", { name: name(view.spider ? view.spider.player : 0) }), hint: defaultHint(), mine: false };
    }
    case "mosquito_give": {
      const g = view.gifts || { to: 0, waiting: [] };
      if (byType(ctx, "give").length) return { main: t("mm.status.give", { name: name(g.to) }), hint: t("mm.hint.tap_give"), mine: true };
      if (g.my_choice) return { main: t("mm.status.give_done", { names: formatList(waiting(g.waiting)) }), hint: "", mine: false };
      return { main: t("mm.status.gifts_other", { name: name(g.to) }), hint: "", mine: false };
    }
    case "round_over":
      return {
        main: t("mm.status.round_over", { round: (view.penalty_points.rounds || []).length }),
        hint: t(me === view.start_seat ? "mm.hint.next_round_mine" : "mm.status.next_round"),
        mine: me === view.start_seat,
      };
    default: {
      const turn = view.turn_seat;
      if (turn === me) {
        const canPlay = byType(ctx, "play").length > 0;
        return {
          main: t("mm.status.your_turn"),
          hint: canPlay ? t("mm.hint.play_or_draw", { allowed: allowedText(top) }) : t("mm.hint.draw_only", { top: top ? top.value : "?" }),
          mine: true,
        };
      }
      return { main: t("mm.status.turn_of", { name: name(turn) }), hint: defaultHint(), mine: false };
    }
  }
}

/** A countdown for races and the pause between rounds (game time), else null. */
function timer(ctx) {
  const view = v(ctx);
  if (view.race) {
    const total = view.race.kind === "mosquito" ? view.options.slap_window_ms : view.options.throw_window_ms;
    return { until: view.race.until, total };
  }
  if (view.phase === "round_over" && view.round_until) return { until: view.round_until, total: view.options.round_pause_ms };
  if (view.my_tell) return { until: view.my_tell.until, total: view.options.cheat_ms };
  // the time of the seats being waited for (turn, spider, gifts)
  if (typeof view.act_until === "number") return { until: view.act_until, total: view.options.turn_timeout_s * 1000 };
  return null;
}

/** The seats the game is waiting for now (cheating is always possible and does not count). */
function waitingFor(ctx) {
  const view = v(ctx);
  if (view.settling) return [view.settling.guard];
  switch (view.phase) {
    case "turn":
      return [view.turn_seat];
    case "spider":
      return view.spider ? [view.spider.player] : [];
    case "mosquito_race":
      return view.race ? ctx.info.seats.map((s) => s.seat).filter((s) => s !== view.race.player && !view.race.slapped.includes(s)) : [];
    case "mosquito_give":
      return view.gifts ? view.gifts.waiting : [];
    default:
      return [];
  }
}

// ---------------------------------------------------------------- the player strip in the top bar

function seatInfo(seat, ctx) {
  const nodes = [];
  const classes = [];
  const counts = v(ctx).hand_counts || [];
  if (guardSeat(ctx) === seat) {
    nodes.push(h("span", { class: "mm-guard-badge", title: t("mm.guard_long") }, icon("guard", "mm-icon-sm"), t("mm.guard")));
    classes.push("mm-is-guard");
  }
  if (typeof counts[seat] === "number") nodes.push(h("span", { class: "mm-count", text: cardsText(counts[seat]) }));
  const pts = totals(ctx);
  if (typeof pts[seat] === "number" && (pts[seat] > 0 || (v(ctx).penalty_points.rounds || []).length)) {
    nodes.push(h("span", { class: "mm-pts", title: tp("mm.score", pts[seat]), text: tp("mm.points_short", pts[seat]) }));
  }
  if (tellSeats(ctx).includes(seat)) {
    nodes.push(h("span", { class: "mm-tell-mini", text: "≈≈" }));
    classes.push("mm-telling");
  }
  return { nodes, classes };
}

// ---------------------------------------------------------------- cards

function cardNode(card, extra = {}) {
  const c = cardById(card) || card;
  return h(
    extra.tag || "div",
    {
      class: ["pcard", `mm-${c.kind}`, `mm-v${c.value}`, ...(extra.classes || [])],
      "aria-label": extra.label || cardLabel(c),
      role: extra.tag ? undefined : "img",
      ...(extra.attrs || {}),
    },
    h("span", { class: "pv", text: String(c.value) }),
    c.kind !== "number" ? icon(c.kind, "pi") : null,
    // a space between value and name, so the printed text reads "2 Ameise" (as the label does)
    c.kind !== "number" ? " " : null,
    c.kind !== "number" ? printedName(c.kind) : null,
    extra.mark || null,
  );
}

/**
 * The animal's name as printed on a card: a long one may break onto a second line where its text has a
 * soft hyphen ("Stech|mücke"). The break is a <wbr>, so the text itself (what a screen reader and the
 * button's name read) stays the plain word.
 */
function printedName(kind) {
  const parts = t(`mm.print.${kind}`).split("\u00ad");
  return h("span", { class: "pl" }, parts.map((part, i) => (i ? [h("wbr"), part] : part)));
}

// ---------------------------------------------------------------- the table (middle)

function renderTable(ctx) {
  const view = v(ctx);
  const done = ((view.penalty_points || {}).rounds || []).length;
  const between = view.phase === "round_over" || view.phase === "over";
  // between rounds and at the end the heading names the round just over (as the status line does)
  const round = between && done ? done : view.round;
  const heading = h("p", { class: "mm-round", id: "mm-round", text: view.rounds ? t("mm.round", { round, rounds: view.rounds }) : t("mm.round_short", { round }) });

  // seats: name, hand count, guard, tell, and the guard's "Caught!" on a seat showing a tell
  const counts = view.hand_counts || [];
  const tells = view.tells || [];
  const accusations = byType(ctx, "accuse");
  const spiderGives = byType(ctx, "spider_give").filter((a) => a.card === ui.picked);
  const waiting = waitingFor(ctx);
  const seatNodes = [];
  for (const s of ctx.info.seats) {
    if (s.kind === "empty") continue;
    const seat = s.seat;
    const accuse = accusations.find((a) => a.seat === seat);
    const tell = tells.find((x) => x.seat === seat);
    const giveHere = spiderGives.find((a) => a.to_seat === seat);
    seatNodes.push(
      h(
        "div",
        {
          key: seat,
          class: [
            "mm-seat",
            tell && "mm-seat-tell",
            guardSeat(ctx) === seat && "mm-seat-guard",
            waiting.includes(seat) && "mm-seat-turn",
            seat === ctx.seat && "mm-seat-me",
            giveHere && "mm-seat-target",
          ],
          dataset: { seat: String(seat) },
        },
        h("span", { class: "mm-seat-top" }, avatar(ctx.info, seat, "mm-seat-avatar"), h("span", { class: "mm-seat-name", title: s.name, text: s.name })),
        h(
          "span",
          { class: "mm-seat-meta" },
          h("span", { class: "mm-seat-count", text: cardsText(counts[seat] ?? 0) }),
          guardSeat(ctx) === seat
            ? h("span", { class: "mm-seat-guardmark", title: t("mm.guard_long") }, icon("guard", "mm-icon-sm"), h("span", { class: "mm-word", text: t("mm.guard") }))
            : null,
        ),
        s.kind === "human" && !s.connected ? h("span", { class: "mm-seat-off", title: t("frame.offline"), text: `⚡ ${t("frame.offline")}` }) : null,
        ctx.standIn ? ctx.standIn(seat) : null,
        tell ? h("span", { class: "mm-seat-tellmark", text: `≈ ${t("mm.tell")}` }) : null,
        view.race && view.race.kind === "mosquito" && view.race.slapped.includes(seat)
          ? h("span", { class: "mm-seat-slapped", text: `✋ ${t("mm.slapped_mark", { n: view.race.slapped.indexOf(seat) + 1 })}` })
          : null,
        tell ? countdown(ctx, tell.until, view.options.cheat_ms) : null,
        accuse && !ctx.isTable
          ? h("button", {
              class: "btn mm-accuse",
              type: "button",
              dataset: { action: "accuse", seat: String(seat) },
              text: t("mm.btn.accuse"),
              on: { click: () => ctx.act(accuse) },
            })
          : null,
        giveHere && !ctx.isTable
          ? h("button", {
              class: "btn btn-primary mm-give-here",
              type: "button",
              dataset: { action: "spider_give", seat: String(seat) },
              text: t("mm.btn.give_here"),
              "aria-label": t("mm.give_to", { name: s.name }),
              on: {
                click: () => {
                  ui.picked = null;
                  ctx.act(giveHere);
                },
              },
            })
          : null,
      ),
    );
  }
  const seats = h("div", { class: "mm-seats", id: "mm-seats" }, seatNodes);
  const box = (...rest) => h("div", { class: "mm-table", dataset: { phase: view.phase || "" } }, heading, seats, ...rest);

  // the piles
  if (ctx.isTable && between) {
    // the table screen between rounds and at the end: the round's points and the running totals, large
    return box(bigRoundTable(ctx, { id: "mm-round-table", caption: t("mm.round_points"), rounds: (view.penalty_points || {}).rounds || [], totals: totals(ctx), current: view.phase === "round_over" ? done - 1 : null }));
  }
  const top = view.discard_top;
  const piles = h(
    "div",
    { class: "mm-piles", id: "mm-piles" },
    h(
      "div",
      { class: "mm-pile" },
      h("div", { class: "pcard pcard-back", id: "mm-draw-pile", role: "img", "aria-label": t("mm.draw_pile_label", { pile: t("mm.draw_pile"), cards: tp("mm.cards", view.draw_count ?? 0) }) }, h("span", { class: "pv", text: String(view.draw_count ?? "") })),
      h("span", { class: "mm-pile-label", text: t("mm.draw_pile") }),
    ),
    h(
      "div",
      { class: "mm-pile" },
      top ? cardNode(top, { attrs: { id: "mm-discard" }, classes: ["mm-top"] }) : h("div", { class: "pcard", id: "mm-discard" }),
      h("span", { class: "mm-pile-label", text: t("mm.discard_pile") }),
    ),
    view.race ? h("div", { class: ["mm-race-sign", `mm-race-${view.race.kind}`] }, icon(view.race.kind), t(`mm.burst.${view.race.kind}`)) : null,
  );
  return box(piles, between ? roundTable(ctx) : null);
}

/** A thin bar that empties until `until` (game time): how long the guard still has to catch a tell. */
function countdown(ctx, until, total) {
  return h("span", { class: "mm-countdown", "aria-hidden": "true" }, h("span", { key: "fill", class: "mm-countdown-fill", ref: drainRef(until, total, ctx.now) }));
}

function roundTable(ctx) {
  const pp = v(ctx).penalty_points || { rounds: [], totals: [] };
  const seats = ctx.info.seats.filter((s) => s.kind !== "empty");
  const table = h(
    "table",
    { class: "mm-rounds", id: "mm-rounds" },
    h("caption", { text: t("mm.round_points") }),
    h("tr", {}, h("th", { text: "" }), seats.map((s) => h("th", { key: s.seat, scope: "col", text: s.name }))),
    pp.rounds.map((row, i) => h("tr", { key: i }, h("th", { scope: "row", text: t("mm.round_short", { round: i + 1 }) }), seats.map((s) => h("td", { key: s.seat, text: String(row[s.seat] ?? "") })))),
    h("tr", { class: "mm-total-row" }, h("th", { scope: "row", text: t("mm.total") }), seats.map((s) => h("td", { key: s.seat, text: String(pp.totals[s.seat] ?? "") }))),
  );
  // a region of its own: on a phone it scrolls inside itself, so it must take keyboard focus
  return h("div", { class: "mm-rounds-wrap", role: "region", tabindex: "0", "aria-label": t("mm.round_points") }, table);
}

// ---------------------------------------------------------------- your hand and buttons (bottom)

function renderControls(ctx) {
  if (ctx.isTable || ctx.seat === null) return h("div", { class: "mm-controls" });
  const view = v(ctx);
  const cards = hand(ctx);
  const legalByCard = new Map();
  for (const a of ctx.legal) {
    if (typeof a.card !== "number") continue;
    if (!legalByCard.has(a.card)) legalByCard.set(a.card, []);
    legalByCard.get(a.card).push(a);
  }
  if (ui.picked !== null && !(legalByCard.get(ui.picked) || []).some((a) => a.type === "spider_give")) ui.picked = null;
  const myTellCard = view.my_tell && view.my_tell.card ? view.my_tell.card.id : null;

  // the round's start player may deal the next round before the pause ends
  const nextRound =
    view.phase === "round_over" && ctx.seat === view.start_seat
      ? h("button", { class: "btn btn-primary btn-huge", type: "button", id: "mm-next-round", dataset: { action: "next_round" }, on: { click: () => ctx.act({ type: "next_round" }) } }, t("mm.btn.next_round"))
      : null;

  // the guard's "Caught!" for every seat showing a tell, big and in thumb reach
  const accusations = byType(ctx, "accuse");
  const accuseRow = accusations.length
    ? h(
        "div",
        { class: "mm-accuse-row" },
        accusations.map((accuse) =>
          h(
            "button",
            {
              key: accuse.seat,
              class: "btn mm-accuse-big",
              type: "button",
              "aria-label": t("mm.btn.accuse_name", { name: ctx.name(accuse.seat) }),
              dataset: { action: "accuse-big", seat: String(accuse.seat) },
              on: { click: () => ctx.act(accuse) },
            },
            h("span", { class: "mm-accuse-word" }, icon("guard", "mm-icon-sm"), t("mm.btn.accuse")),
            h("span", { class: "mm-accuse-name", text: ctx.name(accuse.seat) }),
          ),
        ),
      )
    : null;

  // races first: big, fast buttons
  const slap = byType(ctx, "slap")[0];
  const throwAct = byType(ctx, "throw")[0];
  const races = [
    slap ? h("button", { class: "btn btn-huge mm-race mm-slap", type: "button", dataset: { action: "slap" }, on: { click: () => ctx.act(slap) } }, icon("mosquito"), t("mm.btn.slap")) : null,
    throwAct
      ? h(
          "button",
          { class: "btn btn-huge mm-race mm-throw", type: "button", dataset: { action: "throw" }, on: { click: () => ctx.act(throwAct) } },
          icon("cockroach"),
          t("mm.btn.throw", { card: cardLabel(throwAct.card) }),
        )
      : null,
  ];

  // the hand: private, legal cards marked (colour plus a ✓), held card lifted
  const handHead = h(
    "div",
    { class: "mm-hand-head" },
    h("span", { class: "mm-private" }, h("strong", { text: t("mm.your_hand") }), " ", h("span", { class: "muted", text: `(${t("frame.private")})` })),
    guardSeat(ctx) === ctx.seat
      ? h("span", { class: "mm-guard-note" }, icon("guard", "mm-icon-sm"), t("mm.guard"))
      : view.can_cheat
        ? h("span", { class: "mm-hold-hint", text: t("mm.hold_hint") })
        : null,
  );
  // columns: one row up to 7 cards, then as few rows as keep the cards at least ~46 px wide
  const rows = Math.max(1, Math.ceil(cards.length / 7));
  const cols = Math.max(1, Math.ceil(cards.length / rows));
  const handCards = cards.map((card) => {
    const acts = legalByCard.get(card.id) || [];
    const main = acts.find((a) => CARD_ACTIONS.includes(a.type));
    const cheat = acts.find((a) => a.type === "cheat");
    const vanishing = myTellCard === card.id || ui.holding === card.id;
    const printed = card.kind === "number" ? String(card.value) : `${card.value} ${t(`mm.kind.${card.kind}`)}`;
    const node = cardNode(card, {
      tag: "button",
      label: main ? `${printed}, ${t(`mm.a11y.${main.type === "spider_give" ? "give" : main.type}`)}` : printed,
      classes: [main && "mm-legal", !main && "mm-dim", ui.picked === card.id && "mm-picked", vanishing && "mm-vanishing"],
      attrs: {
        key: card.id,
        type: "button",
        dataset: { card: String(card.id), action: main ? main.type : "", cheat: cheat ? "1" : "" },
        on: pressHandlers(ctx, card, main, cheat),
      },
      mark: main ? h("span", { class: "mm-legal-mark", "aria-hidden": "true", text: main.type === "play" || main.type === "throw" ? "✓" : "→" }) : null,
    });
    return node;
  });
  const handBox = h(
    "div",
    { class: "mm-hand-wrap" },
    handHead,
    h("div", { class: ["mm-hand", cols > 5 && "mm-hand-small"], id: "mm-hand", style: `--mm-cols: ${cols}` }, handCards),
  );

  const draw = byType(ctx, "draw")[0];
  const skip = byType(ctx, "spider_skip")[0];
  const fidget = byType(ctx, "fidget")[0];
  const buttons = [
    draw
      ? h("button", { class: ["btn", "mm-draw", !byType(ctx, "play").length && "btn-primary"], type: "button", dataset: { action: "draw" }, text: t("mm.btn.draw"), on: { click: () => ctx.act(draw) } })
      : null,
    skip
      ? h("button", {
          class: "btn",
          type: "button",
          dataset: { action: "spider_skip" },
          text: t("mm.btn.spider_skip"),
          on: {
            click: () => {
              ui.picked = null;
              ctx.act(skip);
            },
          },
        })
      : null,
    ui.picked !== null
      ? h("button", {
          class: "btn",
          type: "button",
          text: t("mm.btn.cancel"),
          on: {
            click: () => {
              ui.picked = null;
              ctx.rerender();
            },
          },
        })
      : null,
    fidget ? h("button", { class: "btn mm-fidget", type: "button", dataset: { action: "fidget" }, text: t("mm.btn.fidget"), on: { click: () => ctx.act(fidget) } }) : null,
  ].filter(Boolean);
  return h("div", { class: "mm-controls" }, nextRound, accuseRow, races, handBox, buttons.length ? h("div", { class: "mm-buttons" }, buttons) : null);
}

/**
 * Tap = the card's main action (or why not); press-and-hold = cheat, sent the moment the hold begins.
 * What a press is in the middle of lives in `ui` (by card id), so a state arriving during a press
 * (the card's node is patched, its listeners renewed) neither loses it nor doubles it.
 */
function pressHandlers(ctx, card, main, cheat) {
  const finish = (ev) => {
    window.removeEventListener("pointerup", finish);
    window.removeEventListener("pointercancel", finish);
    const press = ui.press;
    const tapped = press !== null && press.card === card.id && press.timer !== null && ev.type === "pointerup";
    if (press) clearTimeout(press.timer);
    ui.press = null;
    ui.holding = null;
    if (tapped) tap(ctx, card, main);
  };
  const startCheat = (node) => {
    ui.holding = card.id;
    node.classList.add("mm-vanishing");
    ctx.act(cheat);
  };
  return {
    pointerdown: (ev) => {
      if (ev.button !== 0) return;
      const node = ev.currentTarget;
      window.addEventListener("pointerup", finish);
      window.addEventListener("pointercancel", finish);
      // without a cheat a long press just lapses; with one, the hold starts it (the server times the rest)
      const press = { card: card.id, timer: null };
      press.timer = setTimeout(
        () => {
          press.timer = null;
          if (cheat) startCheat(node);
        },
        cheat ? (main ? HOLD_PLAYABLE_MS : HOLD_MS) : 1200,
      );
      ui.press = press;
    },
    contextmenu: (ev) => ev.preventDefault(),
    // keyboard: holding Space down (the key repeats; its click comes on release) cheats, as a
    // press-and-hold does; a short Space or Enter taps
    keydown: (ev) => {
      if (ev.key !== " ") return;
      if (!ev.repeat) {
        ui.keyHeld = null;
        return;
      }
      ev.preventDefault();
      if (ui.keyHeld === card.id || !cheat) return;
      ui.keyHeld = card.id;
      startCheat(ev.currentTarget);
    },
    click: (ev) => {
      // pointer presses are handled above; keyboard activation (detail 0) taps, unless the key was held
      if (ev.detail === 0 && ui.keyHeld !== card.id) tap(ctx, card, main);
      ui.keyHeld = null;
    },
  };
}

function tap(ctx, card, main) {
  if (!main) {
    ctx.explain(reasonText(ctx, card));
    return;
  }
  if (main.type === "spider_give") {
    ui.picked = ui.picked === card.id ? null : card.id;
    ctx.rerender();
    return;
  }
  ui.picked = null;
  ctx.act(main);
}

function reasonText(ctx, card) {
  const view = v(ctx);
  const top = view.discard_top;
  let key = card.reason;
  if (!key && (view.phase === "spider" || view.phase === "mosquito_give" || view.settling)) key = card.kind === "moth" ? "moth_not_giveable" : "not_now";
  if (!key && view.phase === "cockroach_race") key = "needs_cockroach_value";
  if (!key) key = "generic";
  return t(`mm.reason.${key}`, { top: top ? top.value : "?", allowed: allowedText(top) });
}

function errorText(msg) {
  return codeText("mm.reason", msg);
}

// ---------------------------------------------------------------- events: log lines and animations

function describe(ev, ctx) {
  const d = ev.data || {};
  const me = ctx.seat;
  const seat = ev.seat;
  const name = typeof seat === "number" ? ctx.name(seat) : "";
  const target = typeof d.to === "number" ? ctx.name(d.to) : "";
  switch (ev.kind) {
    case "deal":
      return t("mm.ev.deal", { round: d.round, name });
    case "play":
      return t(cardById(d.card) && cardById(d.card).kind === "ant" ? "mm.ev.play_ant" : "mm.ev.play", { name, card: cardLabel(d.card) });
    case "draw":
      if (d.reason !== "turn" || seat === me) return null;
      return t("mm.ev.draw", { name });
    case "drew":
      return seat === me ? t("mm.ev.drew", { card: cardLabel(d.card) }) : null;
    case "draw_impossible":
      return t("mm.ev.draw_impossible", { name });
    case "reshuffle":
      return t("mm.ev.reshuffle");
    case "spider_give":
    case "mosquito_give":
    case "guard_give":
      if (seat === me || d.to === me) return null; // the private "gift" line says it with the card
      return t(ev.kind === "spider_give" ? "mm.ev.spider_give" : "mm.ev.mosquito_give", { name, target });
    case "gift":
      if (d.to === me) return t("mm.ev.gift_in", { name, card: cardLabel(d.card) });
      if (seat === me) return t("mm.ev.gift_out", { target, card: cardLabel(d.card) });
      return null;
    case "spider_skip":
      return t("mm.ev.spider_skip", { name });
    case "time_up":
      return seat === me ? t("mm.ev.time_up_me") : t("mm.ev.time_up", { name });
    case "mosquito_race":
      return t("mm.ev.mosquito_race");
    case "slap":
      return t("mm.ev.slap", { name });
    case "slowest":
      return t("mm.ev.slowest", { name });
    case "cockroach_race":
      return t("mm.ev.cockroach_race", { value: d.value });
    case "throw":
      return t("mm.ev.throw", { name, card: cardLabel(d.card) });
    case "tell":
      return seat === me ? null : t("mm.ev.tell", { name });
    case "cheat_started":
      return t("mm.ev.cheat_started", { card: cardLabel(d.card) });
    case "fidget_started":
      return t("mm.ev.fidget_started");
    case "tell_end":
      return d.vanished && seat !== me ? t("mm.ev.tell_end_gone", { name }) : null;
    case "vanished":
      return t("mm.ev.vanished", { card: cardLabel(d.card) });
    case "caught":
      return t("mm.ev.caught", { guard: ctx.name(d.guard), name });
    case "wrong_accusation":
      return t("mm.ev.wrong_accusation", { guard: ctx.name(d.guard), name });
    case "round_end":
      return t("mm.ev.round_end", { name, round: d.round });
    case "game_over":
      return t("mm.ev.game_over");
    default:
      return null;
  }
}

function animate(events, ctx, page) {
  const seatNode = (s) => page.querySelector(`.mm-seat[data-seat="${s}"]`);
  for (const ev of events) {
    switch (ev.kind) {
      case "play":
      case "throw":
        flash(page.querySelector("#mm-discard"), "anim-pop");
        if (cardById(ev.data.card) && cardById(ev.data.card).kind === "ant") showBurst(page, t("mm.burst.ant"), "mm-burst-animal", "ant");
        break;
      case "caught":
        flash(seatNode(ev.seat), "anim-shake");
        showBurst(page, t("mm.burst.caught"), "mm-burst-caught", "guard");
        break;
      case "wrong_accusation":
        flash(seatNode(ev.data.guard), "anim-shake");
        showBurst(page, t("mm.burst.wrong"), "mm-burst-wrong");
        break;
      case "mosquito_race":
        showBurst(page, t("mm.burst.mosquito"), "mm-burst-animal", "mosquito");
        break;
      case "cockroach_race":
        showBurst(page, t("mm.burst.cockroach"), "mm-burst-animal", "cockroach");
        break;
      case "tell":
        flash(seatNode(ev.seat), "anim-glow");
        break;
      case "round_end":
        // the table screen's heading and round table say it there, large: no splash over them
        if (!events.some((e) => e.kind === "game_over") && !ctx.isTable) showBurst(page, t("mm.burst.round_end"), "mm-burst-round");
        break;
      default:
        break;
    }
  }
}

function showBurst(page, text, cls, kind = null) {
  // reduced motion: the same words, shown still (no zoom); the log line says it too
  // over the piles, never over the seats (their card counts and who has slapped)
  const piles = page.querySelector("#mm-piles");
  if (!piles && page.classList.contains("is-table")) return; // between rounds: the round table says it
  const node = h("div", { class: ["mm-burst", cls, reducedMotion() && "mm-burst-still", piles && "mm-burst-piles"], "aria-hidden": "true" }, kind ? icon(kind, "mm-icon-burst") : null, text);
  overlay(piles || page, node, 1500);
}

const scoreText = scoreTextOf("mm.score");

function outcomeDetails(ctx) {
  return roundTable(ctx);
}

export default {
  name: "mogelmotte",
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
};
