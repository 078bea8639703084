// The game night's parts of the lobby: who starts, the teams, relaxed timers, the server's note, the
// evening so far (games, winners, records) and the host's choice of the next game.

import { field, h } from "../dom.js";
import { t, tp } from "../i18n.js";
import { CLIENTS, gameTitle, specFor } from "./games.js";
import { hostOp } from "./host.js";
import { gamePicker, optionEditor } from "./options.js";
import { app, render, seatName } from "./state.js";
import { disclosure } from "./ui.js";

/** Emojito in mode teams: partners sit opposite, team i = seats i and i + n/2 (as the engine forms them). */
export function emojitoTeams(info) {
  if (info.game !== "emojito" || !info.options || info.options.mode !== "teams") return null;
  const n = info.seats.length;
  const head = h("p", { class: "label", text: t("night.teams") });
  if (n < 4 || n % 2) return h("div", { class: "teams", id: "teams" }, head, h("p", { class: "muted", text: t("night.teams_uneven") }));
  const teams = [];
  for (let i = 0; i < n / 2; i += 1) {
    const names = [info.seats[i], info.seats[i + n / 2]].map((s) => (s.kind === "empty" ? t("lobby.empty_seat") : s.name));
    teams.push(h("li", { key: i, class: "team", dataset: { team: String(i) }, text: t("night.team", { no: i + 1, names }) }));
  }
  return h("div", { class: "teams", id: "teams" }, head, h("ol", { class: "team-list" }, teams));
}

/** Who starts the next game, asked in the words of the game (Mogel-Motte: the oldest; Wordland: the youngest). */
export function firstSeatBox(info, host) {
  const question = t(`night.first.${["mogelmotte", "wordland"].includes(info.game) ? info.game : "other"}`);
  const seats = info.seats.filter((s) => s.kind !== "empty");
  const current = typeof info.first_seat === "number" ? info.first_seat : null;
  if (!host) {
    const who = current === null ? t("night.first_random") : seatName(current);
    return h("p", { class: "first-seat", id: "first-seat-text" }, h("span", { class: "label", text: question }), " ", h("strong", { text: who }));
  }
  const change = (ev) => hostOp("first_seat", { seat: ev.currentTarget.value === "" ? null : Number(ev.currentTarget.value) });
  return h(
    "div",
    { class: "first-seat" },
    h("label", { for: "first-seat", class: "label", text: question }),
    h(
      "select",
      { id: "first-seat", on: { change } },
      h("option", { key: "random", value: "", selected: current === null, text: t("night.first_random") }),
      seats.map((s) => h("option", { key: s.seat, value: String(s.seat), selected: s.seat === current, text: s.name })),
    ),
  );
}

// Config.more_time in percent (core/game.py MORE_TIME); 0 turns the courtesy timers off
const MORE_TIME = [100, 150, 200, 300, 0];

/**
 * Relaxed timers (WCAG 2.2.1): the host chooses, everyone sees the choice and what it does in plain words.
 * The races that are the game's point (options with timer "game") get at most double time and are never
 * off: that line names the game's own races, and shows only for a game that has one.
 */
export function moreTimeBox(info, host, spec) {
  const current = MORE_TIME.includes(info.more_time) ? info.more_time : 100;
  const races = spec && spec.options.some((o) => o.timer === "game") && current !== 100;
  const explain = h(
    "div",
    { class: "more-time-explain", id: "more-time-explain" },
    h("p", { text: t(`more_time.explain.${current}`) }),
    races ? h("p", { id: "more-time-races", text: t(`more_time.races.${["mogelmotte", "wordland"].includes(spec.name) ? spec.name : "other"}`, { factor: t(`more_time.factor.${current}`) }) }) : null,
  );
  const attrs = { class: "card more-time", id: "more-time-box", dataset: { moreTime: String(current) } };
  if (!host) {
    return h(
      "section",
      attrs,
      h("p", { class: "more-time-line", id: "more-time-text" }, h("span", { class: "label", text: t("more_time.label") }), " ", h("strong", { text: t(`more_time.${current}`) })),
      explain,
      current === 0 ? h("p", { class: "muted", id: "no-time-limit-text", text: noTimeLimitSentence(info, spec) }) : null,
    );
  }
  return h(
    "section",
    attrs,
    h(
      "div",
      { class: "more-time-line" },
      h("label", { for: "more-time", class: "label", text: t("more_time.label") }),
      h(
        "select",
        { id: "more-time", "aria-describedby": "more-time-explain", on: { change: (ev) => hostOp("more_time", { value: Number(ev.currentTarget.value) }) } },
        MORE_TIME.map((v) => h("option", { key: v, value: String(v), selected: v === current, text: t(`more_time.${v}`) })),
      ),
    ),
    explain,
    noTimeLimitSwitch(info, spec, current),
  );
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
  return h(
    "div",
    { class: "no-time-limit" },
    h(
      "label",
      { class: "option-check" },
      field("input", {
        id: "no-time-limit",
        type: "checkbox",
        checked: current === 0,
        "aria-describedby": "no-time-limit-text",
        on: { change: (ev) => hostOp("more_time", { value: ev.currentTarget.checked ? 0 : 100 }) },
      }),
      h("span", { text: t("more_time.none.switch") }),
    ),
    h("p", { class: "muted", id: "no-time-limit-text", text: noTimeLimitSentence(info, spec) }),
  );
}

/** Known server notes in the UI language; anything else as the server wrote it. */
export function noteText(note) {
  const m = note.match(/^(.+?) removed: (.+?) is played by people only\.?$/);
  return m ? t("night.note_bots", { bots: m[1], game: m[2] }) : note;
}

/** The evening so far: every finished game with its winners and record, and wins per person. */
export function eveningBox(info) {
  const games = Array.isArray(info.evening) ? info.evening : [];
  if (!games.length) return null;
  const wins = info.wins && typeof info.wins === "object" ? Object.entries(info.wins) : [];
  wins.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return h(
    "section",
    { class: "card evening", id: "evening" },
    h("h2", { text: t("night.evening") }),
    wins.length
      ? h(
          "ol",
          { class: "wins", id: "wins" },
          wins.map(([name, count]) => h("li", { key: name, class: "win-row", dataset: { name } }, h("span", { class: "win-name", text: name }), h("span", { class: "win-count", text: tp("night.wins", count) }))),
        )
      : null,
    h(
      "ol",
      { class: "evening-games", id: "evening-games" },
      [...games].reverse().map((g) => {
        const title = gameTitle(specFor(g.game)) || g.game;
        const winners = Array.isArray(g.winners) && g.winners.length ? t("night.won_by", { names: g.winners }) : t("night.no_winner");
        return h(
          "li",
          { key: g.n, class: "evening-game", dataset: { n: String(g.n) } },
          h("span", { class: "evening-title", text: t("night.game_no", { n: g.n, game: title }) }),
          h("span", { class: "evening-winners", text: winners }),
          h("a", {
            class: "btn btn-small btn-ghost record-link",
            href: `/api/rooms/${encodeURIComponent(info.code)}/games/${encodeURIComponent(g.n)}/record.json`,
            download: `tischrunde-${info.code}-${g.n}.json`,
            text: t("night.record"),
          }),
        );
      }),
    ),
  );
}

/** The host picks the next game of the evening and its rules, as when creating the room. */
export function switchGameBox(info) {
  const games = (app.games || []).filter((g) => CLIENTS.includes(g.name));
  if (!app.switchGame || !games.some((g) => g.name === app.switchGame)) {
    app.switchGame = info.game;
    app.switchValues = {};
  }
  const chosen = games.find((g) => g.name === app.switchGame);
  // the current game starts from the room's rules, another one from its defaults; folded as at creation
  const current = chosen && chosen.name === info.game ? { ...(info.options || {}), ...app.switchValues } : app.switchValues;
  const apply = () => {
    if (!chosen) return;
    const options = chosen.name === info.game ? { ...(info.options || {}), ...app.switchValues } : { ...app.switchValues };
    if (hostOp("set_game", { game: chosen.name, options })) {
      app.switchOpen = false;
      app.switchValues = {};
      app.switchGame = null;
    }
  };
  return disclosure(
    { class: "card option-details", id: "switch-game" },
    t("night.switch"),
    app.switchOpen,
    (open) => (app.switchOpen = open),
    gamePicker(games, app.switchGame, (g) => {
      if (g.name !== app.switchGame) app.switchValues = {};
      app.switchGame = g.name;
      render();
    }),
    chosen && chosen.options.length
      ? disclosure(
          { class: "option-details", id: "switch-rules" },
          t("start.options"),
          app.switchRulesOpen,
          (open) => (app.switchRulesOpen = open),
          optionEditor(chosen, current, app.switchValues, true, () => {}, "sw"),
        )
      : null,
    h("button", {
      class: "btn btn-primary",
      type: "button",
      id: "switch-apply",
      disabled: !chosen,
      text: chosen ? t("night.switch_to", { game: gameTitle(chosen) }) : t("night.switch"),
      on: { click: apply },
    }),
  );
}
