// A room's own content in the lobby (issue 14): Stella's uploaded pictures and own word cards, Wordland's own
// categories, and deck files to save and load them. The lobby (shell/lobby.js) puts ownContentBox() into its
// tree on every render; what is fetched lives in `own` below, and a text box keeps what is typed by itself.
//
// Pictures: POST /api/rooms/CODE/pictures (raw body, Authorization: Bearer <seat token>), GET for the list,
// DELETE .../ID; deck files: GET / POST /api/rooms/CODE/deck (server/pictures.py, server/owncontent.py).

import { field, h } from "./dom.js";
import { register, t } from "./i18n.js";

const ACCEPT = "image/jpeg,image/png,image/webp";
const PICTURE_ERRORS = [
  "unsupported_type", "not_an_image", "too_large", "truncated", "corrupt", "too_many_pixels", "decompression_bomb",
  "too_many_pictures", "rate_limited", "not_host", "no_own_pictures", "not_in_lobby", "not_a_seat", "unknown_picture",
  "unknown_room", "aspect_ratio", "picture_too_large", "decode_timeout", "decode_failed", "uploads_busy",
  "decode_budget", "quota_room", "quota_total",
]; // prettier-ignore

register({
  de: {
    "own.pictures": "Eigene Bilder",
    "own.pictures_hint": "Fotos der Runde machen das schönste Stella: JPEG, PNG oder WebP, mehrere auf einmal.",
    "own.pick": "Bilder auswählen",
    "own.count": "{n} / {max}, mindestens {min}",
    "own.uploading": "Lade hoch: {done} / {total} …",
    "own.remove": "Entfernen",
    "own.remove_label": "Bild {n} entfernen",
    "own.thumb_alt": "Eigenes Bild {n}",
    "own.no_bots": "Bots können mit euren Bildern nicht spielen: sie wählen Bilder nach versteckten Stichwörtern, und hochgeladene Bilder haben keine. Für Bots die Option „eigene Bilder“ auf „off“ stellen.",
    "own.too_few": "Noch {missing} Bilder, dann wird nur mit euren Bildern gespielt (oder „mixed“ wählen).",
    "own.mode.only": "Gespielt wird mit euren Bildern.",
    "own.mode.mixed": "Eure Bilder werden unter die eingebauten gemischt.",
    "own.mode.off": "Gespielt wird mit den eingebauten Bildern (Option „eigene Bilder“: off).",
    "own.words": "Eigene Wortkarten",
    "own.words_hint": "Eine Karte pro Zeile, ein oder zwei Wörter, durch Komma getrennt: „Oma, Garten“.",
    "own.categories": "Eigene Kategorien",
    "own.categories_hint": "Eine Kategorie pro Zeile: Titel, dann nach einem Doppelpunkt passende Wörter (freiwillig), die Bots nennen: „Omas Küche: Topf, Kelle“.",
    "own.save": "Übernehmen",
    "own.saved_count": "{n} eigene im Spiel.",
    "own.deck_save": "Als Deck-Datei speichern",
    "own.deck_load": "Deck-Datei laden",
    "own.deck_loaded": "Deck-Datei geladen: {n} Karten.",
    "own.failed": "{file}: {reason}",
    "own.err.line": "Zeile {line}: {reason}",
    "own.err.words_per_card": "ein oder zwei Wörter pro Karte",
    "own.err.title": "ein Titel vor dem Doppelpunkt",
    "err.bots_need_tags": "Bots können mit euren eigenen Bildern nicht spielen (sie haben keine Stichwörter). Bots entfernen oder „eigene Bilder“ auf „off“ stellen.",
    "err.too_few_pictures": "Für ein Spiel nur mit euren Bildern braucht es mindestens 15 (oder „mixed“/„off“ wählen).",
  },
  en: {
    "own.pictures": "Own pictures",
    "own.pictures_hint": "The group's own photos make the best Stella: JPEG, PNG or WebP, several at once.",
    "own.pick": "Choose pictures",
    "own.count": "{n} / {max}, at least {min}",
    "own.uploading": "Uploading: {done} / {total} …",
    "own.remove": "Remove",
    "own.remove_label": "Remove picture {n}",
    "own.thumb_alt": "Own picture {n}",
    "own.no_bots": "Bots can't play with your pictures: they choose pictures by hidden tags, and uploaded pictures have none. To play with bots, set the option “own pictures” to “off”.",
    "own.too_few": "{missing} more pictures and the game is played on yours only (or choose “mixed”).",
    "own.mode.only": "The game is played on your pictures.",
    "own.mode.mixed": "Your pictures are shuffled into the built-in ones.",
    "own.mode.off": "The game is played on the built-in pictures (option “own pictures”: off).",
    "own.words": "Own word cards",
    "own.words_hint": "One card per line, one or two words separated by a comma: “grandma, garden”.",
    "own.categories": "Own categories",
    "own.categories_hint": "One category per line: a title, then after a colon words that fit (optional), which bots say: “Grandma's kitchen: pot, ladle”.",
    "own.save": "Apply",
    "own.saved_count": "{n} of your own in the game.",
    "own.deck_save": "Save as deck file",
    "own.deck_load": "Load deck file",
    "own.deck_loaded": "Deck file loaded: {n} cards.",
    "own.failed": "{file}: {reason}",
    "own.err.line": "Line {line}: {reason}",
    "own.err.words_per_card": "one or two words per card",
    "own.err.title": "a title before the colon",
    "err.bots_need_tags": "Bots can't play with your own pictures (they have no tags). Remove the bots or set “own pictures” to “off”.",
    "err.too_few_pictures": "A game on your pictures only needs at least 15 (or choose “mixed” or “off”).",
  },
});

const STYLE = new URL("./pictures.css", import.meta.url).href;
const own = {
  code: null, // the room the state below belongs to
  pictures: null, // [{id, url}] once fetched
  min: 15,
  max: 300,
  fetching: false,
  progress: null, // {done, total} while uploading
  errors: [], // sentences of the last refusals
  notice: null,
};

function reset(code) {
  if (own.code === code) return;
  Object.assign(own, { code, pictures: null, fetching: false, progress: null, errors: [], notice: null });
}

/** A refusal in words: one text per server error code, `err.<code>` in the shell's tables (strings/). */
function refusal(code, message) {
  if (code === "bad_deck_file") return t("err.bad_deck_file", { detail: message || "" });
  const key = `err.${code}`;
  return t(key) !== key ? t(key) : message || t("err.network");
}

async function call(method, path, token, body = undefined) {
  try {
    const res = await fetch(path, { method, body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    let data = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    return { ok: res.ok, data: data || {}, retryAfter: Number(res.headers.get("Retry-After")) || 0 };
  } catch {
    return { ok: false, data: { code: "network" } };
  }
}

async function fetchPictures(ctx) {
  if (own.fetching || own.pictures) return;
  own.fetching = true;
  const answer = await call("GET", `/api/rooms/${encodeURIComponent(ctx.info.code)}/pictures`, ctx.token);
  own.fetching = false;
  if (own.code !== ctx.info.code) return;
  if (answer.ok) {
    own.pictures = answer.data.pictures || [];
    own.min = answer.data.min || own.min;
    own.max = answer.data.max || own.max;
  } else {
    own.pictures = [];
    own.errors = [refusal(answer.data.code, answer.data.message)];
  }
  ctx.rerender();
}

async function upload(ctx, files) {
  const code = ctx.info.code;
  own.errors = [];
  own.progress = { done: 0, total: files.length };
  ctx.rerender();
  for (const file of files) {
    let answer = await call("POST", `/api/rooms/${encodeURIComponent(code)}/pictures`, ctx.token, file);
    // the server is busy with other uploads: wait as long as it asks (a few times), then try the same file again
    for (let tries = 0; answer.data.code === "uploads_busy" && tries < 5; tries += 1) {
      await new Promise((done) => setTimeout(done, Math.min(answer.retryAfter || 2, 10) * 1000));
      answer = await call("POST", `/api/rooms/${encodeURIComponent(code)}/pictures`, ctx.token, file);
    }
    if (own.code !== code) return;
    if (answer.ok) {
      if (!own.pictures.some((p) => p.id === answer.data.id)) own.pictures.push({ id: answer.data.id, url: answer.data.url });
    } else {
      own.errors.push(t("own.failed", { file: file.name, reason: refusal(answer.data.code, answer.data.message) }));
    }
    own.progress.done += 1;
    ctx.rerender();
  }
  own.progress = null;
  ctx.rerender();
}

async function removePicture(ctx, id) {
  const answer = await call("DELETE", `/api/rooms/${encodeURIComponent(ctx.info.code)}/pictures/${encodeURIComponent(id)}`, ctx.token);
  if (answer.ok || answer.data.code === "unknown_picture") own.pictures = own.pictures.filter((p) => p.id !== id);
  else own.errors = [refusal(answer.data.code, answer.data.message)];
  ctx.rerender();
}

function picturesBox(ctx) {
  fetchPictures(ctx);
  const list = own.pictures || [];
  const mode = (ctx.info.options || {}).own_pictures || "only";
  const pick = (ev) => {
    const files = [...(ev.currentTarget.files || [])];
    ev.currentTarget.value = ""; // the same file may be picked again
    if (files.length) upload(ctx, files);
  };
  return h(
    "section",
    { class: "card own-box", id: "own-pictures" },
    h("h2", { text: t("own.pictures") }),
    h("p", { class: "muted", text: t("own.pictures_hint") }),
    h("p", { class: "own-count", id: "own-count", text: t("own.count", { n: list.length, max: own.max, min: own.min }) }),
    list.length ? h("p", { class: "muted", id: "own-mode", text: t(`own.mode.${mode}`) }) : null,
    list.length && mode === "only" && list.length < own.min ? h("p", { class: "notice", id: "own-too-few", text: t("own.too_few", { missing: own.min - list.length }) }) : null,
    list.length && mode !== "off" ? h("p", { class: "notice", id: "own-no-bots", role: "note", text: t("own.no_bots") }) : null,
    h("label", { class: "btn own-pick", for: "own-picture-files", text: t("own.pick") }),
    h("input", { type: "file", id: "own-picture-files", accept: ACCEPT, multiple: true, class: "own-file", on: { change: pick } }),
    own.progress ? h("p", { class: "muted", id: "own-progress", role: "status", text: t("own.uploading", own.progress) }) : null,
    h(
      "ul",
      { class: "own-thumbs", id: "own-thumbs" },
      list.map((p, i) =>
        h(
          "li",
          { key: p.id, class: "own-thumb", dataset: { picture: p.id } },
          h("img", { src: p.url, alt: t("own.thumb_alt", { n: i + 1 }), decoding: "async" }),
          h("button", { type: "button", class: "btn btn-small own-remove", "aria-label": t("own.remove_label", { n: i + 1 }), text: "✕", on: { click: () => removePicture(ctx, p.id) } }),
        ),
      ),
    ),
  );
}

// ---- own words and categories ----------------------------------------------------------------

function wordsText(cards) {
  return (cards || []).map((c) => c.join(", ")).join("\n");
}

function categoriesText(cats) {
  return (cats || []).map((c) => (c.words && c.words.length ? `${c.title}: ${c.words.join(", ")}` : c.title)).join("\n");
}

/** The lines of the textarea as option values, or {error} naming the line. */
function parseLines(kind, text) {
  const out = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i].trim();
    if (!line) continue;
    if (kind === "words") {
      const words = line.split(",").map((w) => w.trim()).filter(Boolean);
      if (words.length < 1 || words.length > 2) return { error: t("own.err.line", { line: i + 1, reason: t("own.err.words_per_card") }) };
      out.push(words);
    } else {
      const at = line.indexOf(":");
      const title = (at < 0 ? line : line.slice(0, at)).trim();
      if (!title) return { error: t("own.err.line", { line: i + 1, reason: t("own.err.title") }) };
      const words = at < 0 ? [] : line.slice(at + 1).split(",").map((w) => w.trim()).filter(Boolean);
      out.push(words.length ? { title, words } : { title });
    }
  }
  return { value: out };
}

function contentBox(ctx, kind) {
  const option = kind === "words" ? "own_words" : "own_categories";
  const current = (ctx.info.options || {})[option] || [];
  const id = `own-${kind}-text`;
  const apply = () => {
    const text = document.getElementById(id).value;
    const parsed = parseLines(kind, text);
    if (parsed.error) {
      own.errors = [parsed.error];
      ctx.rerender();
      return;
    }
    own.errors = [];
    ctx.hostOp("set_options", { options: { ...(ctx.info.options || {}), [option]: parsed.value } });
  };
  return h(
    "section",
    { class: "card own-box", id: `own-${kind}` },
    h("h2", { text: t(`own.${kind}`) }),
    h("p", { class: "muted", text: t(`own.${kind}_hint`) }),
    // the saved cards are the field's model: what the host types stays until the saved cards change
    field("textarea", { id, rows: "5", class: "own-text", "aria-label": t(`own.${kind}`), value: kind === "words" ? wordsText(current) : categoriesText(current) }),
    h(
      "div",
      { class: "row wrap" },
      h("button", { type: "button", class: "btn", id: `own-${kind}-save`, text: t("own.save"), on: { click: apply } }),
      h("span", { class: "muted", id: `own-${kind}-count`, text: t("own.saved_count", { n: current.length }) }),
    ),
  );
}

async function saveDeck(ctx) {
  const answer = await fetch(`/api/rooms/${encodeURIComponent(ctx.info.code)}/deck`, { headers: { Authorization: `Bearer ${ctx.token}` } }).catch(() => null);
  if (!answer || !answer.ok) {
    own.errors = [t("err.network")];
    ctx.rerender();
    return;
  }
  const blob = await answer.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `tischrunde-${ctx.info.game}-deck.json`;
  link.className = "own-file";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function loadDeck(ctx, file) {
  const answer = await call("POST", `/api/rooms/${encodeURIComponent(ctx.info.code)}/deck`, ctx.token, file);
  own.errors = answer.ok ? [] : [refusal(answer.data.code, answer.data.message)];
  own.notice = answer.ok ? t("own.deck_loaded", { n: answer.data.count }) : null;
  ctx.rerender();
}

function deckRow(ctx) {
  const load = (ev) => {
    const file = ev.currentTarget.files && ev.currentTarget.files[0];
    ev.currentTarget.value = ""; // the same file may be loaded again
    if (file) loadDeck(ctx, file);
  };
  return h(
    "div",
    { class: "row wrap own-deck" },
    h("button", { type: "button", class: "btn", id: "own-deck-save", text: t("own.deck_save"), on: { click: () => saveDeck(ctx) } }),
    h("label", { class: "btn", for: "own-deck-file", text: t("own.deck_load") }),
    h("input", { type: "file", id: "own-deck-file", accept: "application/json,.json", class: "own-file", on: { change: load } }),
  );
}

/**
 * The lobby box of a room's own content for the host (null for other games, other seats and other phases).
 * ctx: {info (RoomInfo), host (bool), token (the seat token), hostOp(op, extra), rerender()}.
 */
export function ownContentBox(ctx) {
  const { info } = ctx;
  if (!info || !ctx.host || !ctx.token || info.status !== "lobby" || !["stella", "wordland"].includes(info.game)) return null;
  reset(info.code);
  if (!document.querySelector("link[data-own]")) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = STYLE;
    link.dataset.own = "1";
    document.head.appendChild(link);
  }
  return h(
    "div",
    { class: "own-content", id: "own-content" },
    info.game === "stella" ? [picturesBox(ctx), contentBox(ctx, "words")] : contentBox(ctx, "categories"),
    deckRow(ctx),
    own.notice ? h("p", { class: "notice notice-good", id: "own-notice", role: "status", text: own.notice }) : null,
    own.errors.length ? h("div", { class: "notice own-errors", id: "own-errors", role: "alert" }, own.errors.map((e) => h("p", { text: e }))) : null,
  );
}

export const ERROR_CODES = PICTURE_ERRORS;
