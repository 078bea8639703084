// What the four game modules share: reading the view, the stylesheet link, badges as virtual nodes,
// score lines, error texts keyed by code, thin countdown bars, and the public content of a game (served
// by the server, fetched once per game).

import { h, mount } from "../dom.js";
import { avatarOf, badgeOf, colourClass } from "../badges.js";
import { formatList, t, tp } from "../i18n.js";

/** The seat's view of the state (an empty object before the first state). */
export function v(ctx) {
  return ctx.view || {};
}

/** A list, or an empty one for anything else (a view field the engine left out). */
export function list(value) {
  return Array.isArray(value) ? value : [];
}

/** The legal actions of one type. */
export function legalOf(ctx, type) {
  return list(ctx.legal).filter((a) => a && a.type === type);
}

/** The whole names of `seats` as one list in words ("Anna, Ben und Cleo"). */
export function names(ctx, seats) {
  return formatList(list(seats).map((s) => ctx.name(s)));
}

/** A game's own stylesheet, linked once next to the shell's (`name`: games/<name>.css). */
export function loadStyle(name) {
  if (document.querySelector(`link[data-${name}]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL(`./${name}.css`, import.meta.url).href;
  link.dataset[name] = "1";
  document.head.appendChild(link);
}

/** The avatar in its coloured disc (badges.js's avatarNode as a virtual node); hidden from screen readers. */
export function avatar(info, seat, extra = "") {
  return h("span", { class: ["avatar", colourClass(info, seat), extra], "aria-hidden": "true", dataset: { badge: String(badgeOf(info, seat)) }, text: avatarOf(info, seat) });
}

/** Avatar and whole name, side by side (badges.js's whoNode as a virtual node). */
export function who(info, seat, name, extra = "") {
  return h("span", { class: ["who", extra] }, avatar(info, seat), h("span", { class: "who-name", text: name }));
}

/** The end screen's score of one seat: `key` is a plural key ("mm.score" -> "3 Minuspunkte"). */
export function scoreTextOf(key) {
  return (score) => tp(key, score);
}

/**
 * The error text of a refusal keyed by its code (`<prefix>.<code>`), or null when the game has none
 * (the shell shows the server's words then). `params` fills the placeholders.
 */
export function codeText(prefix, msg, params = {}) {
  const key = `${prefix}.${msg && msg.code}`;
  const text = t(key, params);
  return text !== key ? text : null;
}

/**
 * A node that repaints itself every frame (a countdown): give `tickRef(state, paint)` as its `ref`.
 * `paint(node, state)` draws and says whether to go on. One loop per node however often the tree is
 * patched (a newer `state` takes over the running loop); it stops when the node leaves the page. Give the
 * node a `key` too: Preact then never hands its DOM node on to another element of the same tag.
 */
export function tickRef(state, paint) {
  return (node) => {
    if (!node) return;
    node.tickState = state;
    node.tickPaint = paint;
    if (node.ticking) return;
    node.ticking = true;
    let started = false;
    const tick = () => {
      if (started && !node.isConnected) {
        node.ticking = false;
        return;
      }
      started = true;
      if (node.tickPaint(node, node.tickState)) requestAnimationFrame(tick);
      else node.ticking = false;
    };
    tick();
  };
}

/** The fill of a bar that empties until `until` (game time, `now()`): its `ref` (and give it a `key`). */
export function drainRef(until, total, now) {
  return tickRef({ until, total: Math.max(1, total), now }, (node, d) => {
    const left = Math.max(0, d.until - d.now());
    node.style.width = `${Math.min(100, (100 * left) / d.total)}%`;
    return left > 0;
  });
}

/**
 * Show `tree` inside `parent` for `ms` (a burst over the table after an event): it lives outside the
 * patched tree, in a box of its own that takes no room, and goes by itself. One at a time in a parent:
 * a newer one takes the place of the one still showing.
 */
export function overlay(parent, tree, ms) {
  for (const old of parent.querySelectorAll(":scope > [data-overlay]")) old.remove();
  const holder = document.createElement("div");
  holder.className = "embedded";
  holder.dataset.overlay = "1";
  mount(holder, tree);
  parent.appendChild(holder);
  setTimeout(() => holder.remove(), ms);
  return holder.firstChild;
}

/**
 * Append children to a virtual node that is not mounted yet: its children list grows, as a list built
 * before `h` would (for screens that add their parts one by one). Children as `h` takes them.
 */
export function add(node, ...children) {
  const more = h("i", {}, ...children).props.children;
  const had = node.props.children;
  node.props.children = [...(had === undefined ? [] : Array.isArray(had) ? had : [had]), ...(more === undefined ? [] : Array.isArray(more) ? more : [more])];
  return node;
}

/**
 * A `ref` that sets attributes as written. For attributes whose DOM property is a boolean while the
 * attribute is a word (draggable="false", spellcheck="false"): Preact sets the property, and the word
 * "false" would make it true.
 */
export function attrRef(attrs) {
  return (node) => {
    if (node) for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  };
}

/** An image or a card that is never dragged (a press-and-hold must stay a press). */
export const NO_DRAG = attrRef({ draggable: "false" });

const contents = new Map();

/**
 * A game's public content (`GET /api/games/NAME/content`: its deck, board or table shape), fetched once
 * per game; a module awaits it when it is loaded. A failed fetch is forgotten, so the next load asks again.
 */
export function gameContent(name) {
  if (!contents.has(name)) {
    const asked = fetch(`/api/games/${encodeURIComponent(name)}/content`).then((response) => {
      if (!response.ok) throw new Error(`the content of ${name}: HTTP ${response.status}`);
      return response.json();
    });
    contents.set(name, asked);
    asked.catch(() => contents.delete(name));
  }
  return contents.get(name);
}
