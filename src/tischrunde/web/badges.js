// Each person's badge: a colour and an avatar, so people tell apart at a glance (colour is never the
// only signal: the avatar differs too). The server gives every person a number at join (SeatInfo.badge,
// distinct within the room and kept all evening); badge k is avatar k and colour k of these lists.

import { h } from "./dom.js";

// animals and things, each clear at 24 px and unlike the others (emoji: the system's / Noto colour font)
export const AVATARS = [
  "🦊", "🐻", "🐸", "🐙", "🦉", "🐢", "🦋", "🐝", "🐳", "🦁", "🐧", "🐞", "🦔", "🦒",
  "🐘", "🦩", "🌵", "🍄", "🌻", "🍋", "🚀", "⚓", "🎈", "🌙", "🐌", "🦀", "🐿️", "🍉",
];
// the colour names match the classes pc-0 ... pc-9 in style.css
export const COLOURS = 10;

/** The badge number of a seat (0 when the room info has none). */
export function badgeOf(info, seat) {
  const s = info && info.seats ? info.seats.find((x) => x.seat === seat) : null;
  return s && Number.isInteger(s.badge) ? s.badge : Number.isInteger(seat) ? seat : 0;
}

/** The colour class of a seat's badge: pc-0 ... pc-9 (sets --pc, --pc-soft). */
export function colourClass(info, seat) {
  return `pc-${badgeOf(info, seat) % COLOURS}`;
}

/** The avatar of a seat (an emoji). */
export function avatarOf(info, seat) {
  return AVATARS[badgeOf(info, seat) % AVATARS.length];
}

/** The avatar in its coloured disc (a virtual node); hidden from screen readers (the name stands next to it). */
export function avatar(info, seat, extra = "") {
  return h("span", { class: ["avatar", colourClass(info, seat), extra], "aria-hidden": "true", dataset: { badge: String(badgeOf(info, seat)) }, text: avatarOf(info, seat) });
}

/** Avatar and whole name, side by side (a tile's or a table row's label; a virtual node). */
export function who(info, seat, name, extra = "") {
  return h("span", { class: ["who", extra] }, avatar(info, seat), h("span", { class: "who-name", text: name }));
}
