// A refused request in words: one text per server error code (strings `err.<code>`), a refused option
// named by its own label with what it allows.

import { formatList, t } from "../i18n.js";
import { gameTitle, specFor } from "./games.js";
import { choiceLabel, isMsOption, optionLabel, valueAllowed } from "./options.js";
import { app } from "./state.js";

/**
 * The sentence for a refused request in the UI's language, built from the server's stable `code` and
 * `field` (a refused option is named by its own label, with what it allows from the game's spec); the
 * server's English `message` only for a code this app does not know.
 */
export function errorSentence(msg, spec = app.info ? specFor(app.info.game) : null, values = null) {
  if (!msg || typeof msg !== "object") return t("err.network");
  if (msg.code === "bad_config") return configErrorSentence(msg.field || "", spec, values);
  const key = `err.${msg.code}`;
  if (t(key) !== key) return t(key);
  if (!msg.message) return t("err.network");
  return app.info && app.info.status === "lobby" ? t("lobby.refused", { reason: msg.message }) : msg.message;
}

function configErrorSentence(field, spec, values) {
  if (field.startsWith("options.")) {
    const name = field.slice("options.".length);
    const opt = spec ? spec.options.find((o) => o.name === name) : null;
    const option = spec ? optionLabel(spec, name) : name;
    const allowed = opt ? allowedText(spec, opt) : null;
    // a value the option allows on its own (sent from the start page) clashes with another option
    const fits = opt && values && name in values && valueAllowed(opt, values[name]);
    if (fits) return t("err.bad_option_combo", { option });
    return allowed ? t("err.bad_option", { option, allowed }) : t("err.bad_option_combo", { option });
  }
  if (field === "players" && spec) {
    return t("err.bad_players", { game: gameTitle(spec), min: spec.min_players, max: spec.max_players });
  }
  const general = { game: "err.bad_game", language: "err.bad_language", takeover_s: "err.bad_takeover", bot: "err.bad_bot", bots: "err.bad_bot", options: "err.bad_options" };
  if (general[field]) return t(general[field]);
  if (field.startsWith("decks.")) return t("err.bad_deck");
  return t("err.bad_config");
}

/** What an option allows, from the spec: its choices or its range; null for a yes/no (then it is a clash). */
function allowedText(spec, opt) {
  if (typeof opt.default === "boolean") return null;
  if (opt.choices) return formatList(opt.choices.map((c) => choiceLabel(spec, opt, c)), "disjunction");
  if (opt.minimum !== null && opt.minimum !== undefined) {
    // a timer in ms is told in seconds, as the editor shows it
    const shown = (v) => (isMsOption(opt) ? t("opt.seconds", { value: v / 1000 }) : v);
    if (opt.maximum !== null && opt.maximum !== undefined) return t("err.range", { min: shown(opt.minimum), max: shown(opt.maximum) });
    return t("err.at_least", { min: shown(opt.minimum) });
  }
  return null;
}
