// A room's own content in the lobby (issue 14): Stella's uploaded pictures and own word cards, Wordland's own
// categories, and deck files to save and load them. app.js calls ownContentBox() from its lobby render; the box
// is rebuilt on every render, so everything typed or fetched lives in `own` below.
//
// Pictures: POST /api/rooms/CODE/pictures (raw body, Authorization: Bearer <seat token>), GET for the list,
// DELETE .../ID; deck files: GET / POST /api/rooms/CODE/deck (server/pictures.py, server/owncontent.py).

import { el } from "./dom.js";
import { register, t } from "./i18n.js";

const ACCEPT = "image/jpeg,image/png,image/webp";
const PICTURE_ERRORS = [
  "unsupported_type", "not_an_image", "too_large", "truncated", "corrupt", "too_many_pixels", "decompression_bomb",
  "too_many_pictures", "rate_limited", "not_host", "not_stella", "not_in_lobby", "not_a_seat", "unknown_picture",
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
    "own.err.unsupported_type": "Das ist kein JPEG, PNG oder WebP.",
    "own.err.not_an_image": "Das ist kein Foto (SVG oder HTML): bitte JPEG, PNG oder WebP.",
    "own.err.too_large": "Die Datei ist zu groß (höchstens 8 MB).",
    "own.err.truncated": "Die Datei ist unvollständig.",
    "own.err.corrupt": "Die Datei ist beschädigt und lässt sich nicht lesen.",
    "own.err.too_many_pixels": "Das Bild hat zu viele Pixel (höchstens 24 Megapixel).",
    "own.err.aspect_ratio": "Das Bild ist zu schmal oder zu lang (höchstens achtmal so lang wie breit).",
    "own.err.picture_too_large": "Das Bild braucht zu viel Speicher zum Öffnen: bitte ein kleineres Foto.",
    "own.err.decode_timeout": "Das Bild zu öffnen hat zu lange gedauert: bitte ein kleineres Foto.",
    "own.err.decode_failed": "Das Bild ließ sich nicht öffnen.",
    "own.err.uploads_busy": "Gerade laden viele hoch: in ein paar Sekunden noch einmal.",
    "own.err.decode_budget": "Dieser Raum hat gerade viele Bilder geladen: in einer Minute geht es weiter.",
    "own.err.quota_room": "Der Speicher des Raums für Bilder ist voll: erst Bilder entfernen.",
    "own.err.quota_total": "Der Server hat keinen Platz mehr für Bilder: bitte später noch einmal.",
    "own.err.decompression_bomb": "Abgelehnt: die Datei entpackt sich zu einem riesigen Bild.",
    "own.err.too_many_pictures": "Ein Raum hat höchstens 300 Bilder.",
    "own.err.rate_limited": "Zu viele Bilder auf einmal: kurz warten und noch einmal.",
    "own.err.not_host": "Nur wer den Raum leitet, kann Bilder und Karten ändern.",
    "own.err.not_stella": "Eigene Bilder gibt es nur in Stella.",
    "own.err.not_in_lobby": "Das geht nur vor dem Spiel, in der Lobby.",
    "own.err.not_a_seat": "Dein Platz ist nicht mehr gültig: bitte neu beitreten.",
    "own.err.unknown_picture": "Dieses Bild gibt es nicht mehr.",
    "own.err.unknown_room": "Diesen Raum gibt es nicht mehr.",
    "own.err.bad_deck_file": "Die Deck-Datei ist fehlerhaft: {detail}",
    "own.err.empty_deck": "Die Deck-Datei hat nichts für dieses Spiel.",
    "own.err.no_own_content": "Dieses Spiel nimmt keine eigenen Karten.",
    "own.err.network": "Keine Verbindung zum Server.",
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
    "own.err.unsupported_type": "This is not a JPEG, PNG or WebP.",
    "own.err.not_an_image": "This is not a photo (SVG or HTML): please use JPEG, PNG or WebP.",
    "own.err.too_large": "The file is too large (at most 8 MB).",
    "own.err.truncated": "The file is incomplete.",
    "own.err.corrupt": "The file is damaged and cannot be read.",
    "own.err.too_many_pixels": "The picture has too many pixels (at most 24 megapixels).",
    "own.err.aspect_ratio": "The picture is too narrow or too long (at most eight times as long as it is wide).",
    "own.err.picture_too_large": "The picture needs too much memory to open: please use a smaller photo.",
    "own.err.decode_timeout": "Opening the picture took too long: please use a smaller photo.",
    "own.err.decode_failed": "The picture could not be opened.",
    "own.err.uploads_busy": "Many uploads are under way: try again in a few seconds.",
    "own.err.decode_budget": "This room has just loaded many pictures: it goes on in a minute.",
    "own.err.quota_room": "The room's space for pictures is full: remove some pictures first.",
    "own.err.quota_total": "The server has no room left for pictures: please try again later.",
    "own.err.decompression_bomb": "Refused: the file unpacks into a gigantic picture.",
    "own.err.too_many_pictures": "A room has at most 300 pictures.",
    "own.err.rate_limited": "Too many pictures at once: wait a moment and try again.",
    "own.err.not_host": "Only the room's host can change pictures and cards.",
    "own.err.not_stella": "Only Stella has pictures of its own.",
    "own.err.not_in_lobby": "This works only before the game, in the lobby.",
    "own.err.not_a_seat": "Your seat is no longer valid: please join again.",
    "own.err.unknown_picture": "This picture is gone.",
    "own.err.unknown_room": "This room no longer exists.",
    "own.err.bad_deck_file": "The deck file is faulty: {detail}",
    "own.err.empty_deck": "The deck file has nothing for this game.",
    "own.err.no_own_content": "This game takes no cards of its own.",
    "own.err.network": "No connection to the server.",
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
  drafts: {}, // textarea text per kind while the host edits
};

function reset(code) {
  if (own.code === code) return;
  Object.assign(own, { code, pictures: null, fetching: false, progress: null, errors: [], notice: null, drafts: {} });
}

function refusal(code, message) {
  if (code === "bad_deck_file") return t("own.err.bad_deck_file", { detail: message || "" });
  const key = `own.err.${code}`;
  return t(key) !== key ? t(key) : message || t("own.err.network");
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
  const box = el("section", { class: "card own-box", id: "own-pictures" }, el("h2", { text: t("own.pictures") }));
  box.appendChild(el("p", { class: "muted", text: t("own.pictures_hint") }));
  box.appendChild(el("p", { class: "own-count", id: "own-count", text: t("own.count", { n: list.length, max: own.max, min: own.min }) }));
  if (list.length) box.appendChild(el("p", { class: "muted", id: "own-mode", text: t(`own.mode.${mode}`) }));
  if (list.length && mode === "only" && list.length < own.min) {
    box.appendChild(el("p", { class: "notice", id: "own-too-few", text: t("own.too_few", { missing: own.min - list.length }) }));
  }
  if (list.length && mode !== "off") box.appendChild(el("p", { class: "notice", id: "own-no-bots", role: "note", text: t("own.no_bots") }));
  const input = el("input", { type: "file", id: "own-picture-files", accept: ACCEPT, multiple: true, class: "own-file" });
  input.addEventListener("change", () => {
    const files = [...(input.files || [])];
    if (files.length) upload(ctx, files);
  });
  box.appendChild(el("label", { class: "btn own-pick", for: "own-picture-files", text: t("own.pick") }));
  box.appendChild(input);
  if (own.progress) box.appendChild(el("p", { class: "muted", id: "own-progress", role: "status", text: t("own.uploading", own.progress) }));
  const thumbs = el("ul", { class: "own-thumbs", id: "own-thumbs" });
  list.forEach((p, i) => {
    thumbs.appendChild(
      el(
        "li",
        { class: "own-thumb", dataset: { picture: p.id } },
        el("img", { src: p.url, alt: t("own.thumb_alt", { n: i + 1 }), loading: "lazy", decoding: "async" }),
        el("button", { type: "button", class: "btn btn-small own-remove", "aria-label": t("own.remove_label", { n: i + 1 }), text: "✕", on: { click: () => removePicture(ctx, p.id) } }),
      ),
    );
  });
  box.appendChild(thumbs);
  return box;
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
  const box = el("section", { class: "card own-box", id: `own-${kind}` }, el("h2", { text: t(`own.${kind}`) }));
  box.appendChild(el("p", { class: "muted", text: t(`own.${kind}_hint`) }));
  const area = el("textarea", { id: `own-${kind}-text`, rows: "5", class: "own-text", "aria-label": t(`own.${kind}`) });
  area.value = kind in own.drafts ? own.drafts[kind] : kind === "words" ? wordsText(current) : categoriesText(current);
  area.addEventListener("input", () => {
    own.drafts[kind] = area.value;
  });
  const apply = () => {
    const parsed = parseLines(kind, area.value);
    if (parsed.error) {
      own.errors = [parsed.error];
      ctx.rerender();
      return;
    }
    own.errors = [];
    delete own.drafts[kind];
    ctx.hostOp("set_options", { options: { ...(ctx.info.options || {}), [option]: parsed.value } });
  };
  box.append(
    area,
    el(
      "div",
      { class: "row wrap" },
      el("button", { type: "button", class: "btn", id: `own-${kind}-save`, text: t("own.save"), on: { click: apply } }),
      el("span", { class: "muted", id: `own-${kind}-count`, text: t("own.saved_count", { n: current.length }) }),
    ),
  );
  return box;
}

async function saveDeck(ctx) {
  const answer = await fetch(`/api/rooms/${encodeURIComponent(ctx.info.code)}/deck`, { headers: { Authorization: `Bearer ${ctx.token}` } }).catch(() => null);
  if (!answer || !answer.ok) {
    own.errors = [t("own.err.network")];
    ctx.rerender();
    return;
  }
  const blob = await answer.blob();
  const url = URL.createObjectURL(blob);
  const link = el("a", { href: url, download: `tischrunde-${ctx.info.game}-deck.json`, class: "own-file" });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function loadDeck(ctx, file) {
  const answer = await call("POST", `/api/rooms/${encodeURIComponent(ctx.info.code)}/deck`, ctx.token, file);
  own.errors = answer.ok ? [] : [refusal(answer.data.code, answer.data.message)];
  own.notice = answer.ok ? t("own.deck_loaded", { n: answer.data.count }) : null;
  own.drafts = {};
  ctx.rerender();
}

function deckRow(ctx) {
  const input = el("input", { type: "file", id: "own-deck-file", accept: "application/json,.json", class: "own-file" });
  input.addEventListener("change", () => {
    if (input.files && input.files[0]) loadDeck(ctx, input.files[0]);
  });
  return el(
    "div",
    { class: "row wrap own-deck" },
    el("button", { type: "button", class: "btn", id: "own-deck-save", text: t("own.deck_save"), on: { click: () => saveDeck(ctx) } }),
    el("label", { class: "btn", for: "own-deck-file", text: t("own.deck_load") }),
    input,
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
  if (!document.querySelector("link[data-own]")) document.head.appendChild(el("link", { rel: "stylesheet", href: STYLE, dataset: { own: "1" } }));
  const focused = document.activeElement && document.activeElement.id ? document.activeElement.id : null;
  const wrap = el("div", { class: "own-content", id: "own-content" });
  if (info.game === "stella") wrap.append(picturesBox(ctx), contentBox(ctx, "words"));
  else wrap.appendChild(contentBox(ctx, "categories"));
  wrap.appendChild(deckRow(ctx));
  if (own.notice) wrap.appendChild(el("p", { class: "notice notice-good", id: "own-notice", role: "status", text: own.notice }));
  if (own.errors.length) {
    wrap.appendChild(el("div", { class: "notice own-errors", id: "own-errors", role: "alert" }, own.errors.map((e) => el("p", { text: e }))));
  }
  if (focused && focused.startsWith("own-")) {
    // the lobby is rebuilt on every room message: keep the host's place in a text box
    queueMicrotask(() => {
      const again = document.getElementById(focused);
      if (again && document.activeElement !== again) {
        again.focus();
        if (again.tagName === "TEXTAREA") again.setSelectionRange(again.value.length, again.value.length);
      }
    });
  }
  return wrap;
}

export const ERROR_CODES = PICTURE_ERRORS;
