// The games this server offers (GET /api/games) and their browser modules under games/, loaded on demand
// so one broken module cannot stop the others.

import { lang } from "../i18n.js";
import { app, render } from "./state.js";

// games with a browser module under games/
export const CLIENTS = ["mogelmotte", "emojito", "stella", "wordland"];
const GAMES = {};
const loading = {};

/** The module of a game, or null while it loads (the page is patched again once it is there). */
export function gameModule(name) {
  if (GAMES[name]) return GAMES[name];
  if (CLIENTS.includes(name) && !loading[name]) {
    loading[name] = import(`../games/${name}.js`).then(
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

export function specFor(name) {
  return (app.games || []).find((g) => g.name === name) || null;
}

export function gameTitle(spec) {
  if (!spec) return "";
  return lang() === "de" ? spec.title_de : spec.title_en;
}

export async function loadGames() {
  if (app.games) return app.games;
  const res = await fetch("/api/games");
  if (!res.ok) throw new Error(String(res.status));
  app.games = await res.json();
  return app.games;
}

export function defaultOptions(spec) {
  const out = {};
  for (const opt of spec ? spec.options : []) out[opt.name] = opt.default;
  return out;
}
