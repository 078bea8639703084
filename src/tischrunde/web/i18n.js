// Every player-facing string by key, German and English. Placeholders are {name}; nothing is glued by hand.

const STRINGS = {
  de: {
    "app.title": "tischrunde",
    "app.tagline": "Partyspiele am Tisch: jedes Handy ist deine Hand.",
    "lang.de": "Deutsch",
    "lang.en": "English",
    "lang.switch": "Sprache",
    "start.create": "Raum erstellen",
    "start.join": "Raum beitreten",
    "start.game": "Spiel",
    "start.players": "{min}–{max} Spieler:innen",
    "start.options": "Regeln",
    "start.room_language": "Sprache des Raums",
    "start.your_name": "Dein Name",
    "start.name_placeholder": "z. B. Kim",
    "start.code": "Raumcode",
    "start.code_placeholder": "z. B. KMTR",
    "start.create_button": "Raum erstellen",
    "start.join_button": "Beitreten",
    "start.watch_button": "Nur zuschauen",
    "start.table_button": "Als Tischansicht öffnen",
    "start.no_games": "Keine Spiele verfügbar.",
    "start.loading": "Lade …",
    "start.name_needed": "Bitte gib einen Namen ein.",
    "start.code_needed": "Bitte gib den Raumcode ein.",
    "start.default": "Standard: {value}",
    "start.default_table": "Standardtabelle",
    "start.own_table": "eigene Tabelle (hier nicht änderbar)",
    "lobby.refused": "Das geht so nicht – der Server sagt: {reason}",
    "frame.ranking_hide": "Tisch ansehen",
    "frame.ranking_show": "Endstand zeigen",
    "opt.mogelmotte.cockroach_continue.after_player": "nach dem, der sie gespielt hat",
    "opt.mogelmotte.cockroach_continue.after_thrower": "nach dem Werfer",
    "opt.mogelmotte.slowest_rule.clockwise_last": "die letzte im Uhrzeigersinn",
    "opt.mogelmotte.slowest_rule.random": "zufällig",
    "opt.emojito.mode.coop": "Kooperativ",
    "opt.emojito.mode.each": "Jeder gegen jeden",
    "opt.emojito.mode.teams": "Teams",
    "opt.stella.dark_fall.official": "offiziell",
    "opt.stella.dark_fall.one_per_card": "einer pro Karte",
    "opt.stella.dark_fall.half": "die Hälfte",
    "opt.wordland.difficulty.easy": "leicht",
    "opt.wordland.difficulty.normal": "normal",
    "opt.wordland.difficulty.hard": "schwer",
    "opt.wordland.input.typed": "getippt",
    "opt.wordland.input.spoken": "gesprochen",
    "opt.wordland.hatter_scope.self": "nur für sich",
    "opt.wordland.hatter_scope.all": "für alle",
    "start.source.seed": "Grundregel",
    "start.source.official": "offizielle Regel",
    "start.source.ours": "Hausregel",
    "start.soon": "Im Browser bald spielbar",
    "join.title": "Raum {code} beitreten",
    "join.connecting": "Verbinde …",
    "join.reconnecting": "Verbindung verloren – verbinde neu …",
    "join.room_missing": "Diesen Raum gibt es nicht.",
    "yes": "ja",
    "no": "nein",
    "lobby.title": "Warteraum",
    "lobby.code": "Raumcode",
    "lobby.qr_alt": "QR-Code zum Beitreten von Raum {code}",
    "lobby.link": "Link zum Beitreten",
    "lobby.copy": "Link kopieren",
    "lobby.copied": "Kopiert!",
    "lobby.seats": "Plätze",
    "lobby.empty_seat": "frei",
    "lobby.host_badge": "Gastgeber:in",
    "lobby.you": "du",
    "lobby.bot": "Bot",
    "lobby.offline": "offline",
    "lobby.add_bot": "Bot hinzufügen",
    "lobby.remove_bot": "Bot entfernen",
    "lobby.kick": "Entfernen",
    "lobby.make_host": "Zum Gastgeber machen",
    "lobby.lock": "Raum schließen",
    "lobby.unlock": "Raum öffnen",
    "lobby.locked": "Der Raum ist geschlossen: niemand kann mehr beitreten.",
    "lobby.start": "Spiel starten",
    "lobby.need_players": "Es braucht mindestens {min} Spieler:innen.",
    "lobby.waiting_host": "Warte, bis {name} das Spiel startet …",
    "lobby.waiting_host_none": "Warte auf den Start …",
    "lobby.options": "Regeln",
    "lobby.save_options": "Regeln übernehmen",
    "lobby.takeover": "Bot übernimmt leeren Platz nach (Sekunden, 0 = nie)",
    "lobby.spectators": "{count} schauen zu",
    "lobby.spectator_one": "1 Person schaut zu",
    "lobby.table_link": "Tischansicht öffnen",
    "menu.open": "Menü",
    "menu.close": "Schließen",
    "menu.leave": "Raum verlassen",
    "menu.leave_confirm": "Wirklich verlassen? Nochmal tippen",
    "menu.rules": "Regeln in diesem Raum",
    "menu.restart": "Neues Spiel",
    "frame.room": "Raum {code}",
    "frame.turn_of": "{name} ist dran",
    "frame.your_turn": "Du bist dran!",
    "frame.wait_for": "Warte auf {names}",
    "frame.spectating": "Du schaust zu.",
    "frame.table_screen": "Tischansicht",
    "frame.log": "Verlauf",
    "frame.offline": "offline",
    "frame.turn_badge": "am Zug",
    "frame.connection_lost": "Verbindung verloren – verbinde neu …",
    "frame.private": "nur für dich",
    "frame.game_over": "Spiel vorbei",
    "frame.ranking": "Endstand",
    "frame.rank": "{rank}.",
    "frame.winner": "Sieg!",
    "frame.back_to_start": "Zur Startseite",
    "frame.play_again": "Noch eine Runde (neues Spiel)",
    "frame.waiting_restart": "Warte, ob {name} ein neues Spiel startet.",
    "err.bad_frame": "Die Nachricht war fehlerhaft.",
    "err.too_large": "Die Nachricht war zu groß.",
    "err.rate_limited": "Langsam! Zu viele Aktionen auf einmal.",
    "err.unknown_room": "Diesen Raum gibt es nicht.",
    "err.room_locked": "Der Raum ist geschlossen.",
    "err.room_full": "Der Raum ist voll.",
    "err.bad_token": "Dein Platz ist nicht mehr gültig. Bitte tritt neu bei.",
    "err.not_host": "Das darf nur die Gastgeber:in.",
    "err.not_seated": "Du hast keinen Platz in diesem Raum.",
    "err.stale_version": "Zu spät – das Spiel ging schon weiter.",
    "err.game_not_running": "Das Spiel läuft gerade nicht.",
    "err.not_your_turn": "Du bist nicht dran.",
    "err.network": "Keine Verbindung zum Server.",
    "err.kicked": "Du wurdest aus dem Raum entfernt.",
  },
  en: {
    "app.title": "tischrunde",
    "app.tagline": "Party games at the table: every phone is your hand.",
    "lang.de": "Deutsch",
    "lang.en": "English",
    "lang.switch": "Language",
    "start.create": "Create a room",
    "start.join": "Join a room",
    "start.game": "Game",
    "start.players": "{min}–{max} players",
    "start.options": "Rules",
    "start.room_language": "Room language",
    "start.your_name": "Your name",
    "start.name_placeholder": "e.g. Kim",
    "start.code": "Room code",
    "start.code_placeholder": "e.g. KMTR",
    "start.create_button": "Create room",
    "start.join_button": "Join",
    "start.watch_button": "Just watch",
    "start.table_button": "Open as table screen",
    "start.no_games": "No games available.",
    "start.loading": "Loading …",
    "start.name_needed": "Please enter a name.",
    "start.code_needed": "Please enter the room code.",
    "start.default": "Default: {value}",
    "start.default_table": "default table",
    "start.own_table": "own table (not editable here)",
    "lobby.refused": "That did not work – the server says: {reason}",
    "frame.ranking_hide": "Look at the table",
    "frame.ranking_show": "Show the ranking",
    "opt.mogelmotte.cockroach_continue.after_player": "after its player",
    "opt.mogelmotte.cockroach_continue.after_thrower": "after the thrower",
    "opt.mogelmotte.slowest_rule.clockwise_last": "the last one clockwise",
    "opt.mogelmotte.slowest_rule.random": "random",
    "opt.emojito.mode.coop": "Cooperative",
    "opt.emojito.mode.each": "Everyone for themselves",
    "opt.emojito.mode.teams": "Teams",
    "opt.stella.dark_fall.official": "official",
    "opt.stella.dark_fall.one_per_card": "one per card",
    "opt.stella.dark_fall.half": "half",
    "opt.wordland.difficulty.easy": "easy",
    "opt.wordland.difficulty.normal": "normal",
    "opt.wordland.difficulty.hard": "hard",
    "opt.wordland.input.typed": "typed",
    "opt.wordland.input.spoken": "spoken",
    "opt.wordland.hatter_scope.self": "only for themselves",
    "opt.wordland.hatter_scope.all": "for everyone",
    "start.source.seed": "basic rule",
    "start.source.official": "official rule",
    "start.source.ours": "house rule",
    "start.soon": "Playable in the browser soon",
    "join.title": "Join room {code}",
    "join.connecting": "Connecting …",
    "join.reconnecting": "Connection lost – reconnecting …",
    "join.room_missing": "This room does not exist.",
    "yes": "yes",
    "no": "no",
    "lobby.title": "Lobby",
    "lobby.code": "Room code",
    "lobby.qr_alt": "QR code to join room {code}",
    "lobby.link": "Join link",
    "lobby.copy": "Copy link",
    "lobby.copied": "Copied!",
    "lobby.seats": "Seats",
    "lobby.empty_seat": "free",
    "lobby.host_badge": "host",
    "lobby.you": "you",
    "lobby.bot": "bot",
    "lobby.offline": "offline",
    "lobby.add_bot": "Add a bot",
    "lobby.remove_bot": "Remove bot",
    "lobby.kick": "Remove",
    "lobby.make_host": "Make host",
    "lobby.lock": "Lock room",
    "lobby.unlock": "Unlock room",
    "lobby.locked": "The room is locked: nobody else can join.",
    "lobby.start": "Start the game",
    "lobby.need_players": "At least {min} players are needed.",
    "lobby.waiting_host": "Waiting for {name} to start the game …",
    "lobby.waiting_host_none": "Waiting for the start …",
    "lobby.options": "Rules",
    "lobby.save_options": "Apply rules",
    "lobby.takeover": "A bot takes an empty seat after (seconds, 0 = never)",
    "lobby.spectators": "{count} watching",
    "lobby.spectator_one": "1 watching",
    "lobby.table_link": "Open table screen",
    "menu.open": "Menu",
    "menu.close": "Close",
    "menu.leave": "Leave room",
    "menu.leave_confirm": "Really leave? Tap again",
    "menu.rules": "Rules in this room",
    "menu.restart": "New game",
    "frame.room": "Room {code}",
    "frame.turn_of": "{name}'s turn",
    "frame.your_turn": "Your turn!",
    "frame.wait_for": "Waiting for {names}",
    "frame.spectating": "You are watching.",
    "frame.table_screen": "Table screen",
    "frame.log": "Log",
    "frame.offline": "offline",
    "frame.turn_badge": "to play",
    "frame.connection_lost": "Connection lost – reconnecting …",
    "frame.private": "only you see it",
    "frame.game_over": "Game over",
    "frame.ranking": "Final ranking",
    "frame.rank": "{rank}.",
    "frame.winner": "Winner!",
    "frame.back_to_start": "Back to the start page",
    "frame.play_again": "Play again (new game)",
    "frame.waiting_restart": "Waiting to see if {name} starts a new game.",
    "err.bad_frame": "That message was malformed.",
    "err.too_large": "That message was too large.",
    "err.rate_limited": "Slow down! Too many actions at once.",
    "err.unknown_room": "This room does not exist.",
    "err.room_locked": "The room is locked.",
    "err.room_full": "The room is full.",
    "err.bad_token": "Your seat is no longer valid. Please join again.",
    "err.not_host": "Only the host may do that.",
    "err.not_seated": "You have no seat in this room.",
    "err.stale_version": "Too late – the game has moved on.",
    "err.game_not_running": "The game is not running right now.",
    "err.not_your_turn": "It is not your turn.",
    "err.network": "No connection to the server.",
    "err.kicked": "You were removed from the room.",
  },
};

const LANG_KEY = "tischrunde.lang";
const listeners = new Set();

function detect() {
  const stored = localStorage.getItem(LANG_KEY);
  if (stored === "de" || stored === "en") return stored;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (base === "de" || base === "en") return base;
  }
  return "en";
}

let current = detect();

export function lang() {
  return current;
}

export function setLang(value) {
  if (value !== "de" && value !== "en") return;
  current = value;
  localStorage.setItem(LANG_KEY, value);
  document.documentElement.lang = value;
  for (const fn of listeners) fn(value);
}

export function onLangChange(fn) {
  listeners.add(fn);
}

/** Add strings (a game module's own keys) for both languages. */
export function register(table) {
  for (const l of Object.keys(table)) Object.assign(STRINGS[l], table[l]);
}

/** Keys that one language has and the other lacks (a test checks this is empty). */
export function missingKeys() {
  const de = Object.keys(STRINGS.de);
  const en = Object.keys(STRINGS.en);
  return [...de.filter((k) => !(k in STRINGS.en)).map((k) => `en:${k}`), ...en.filter((k) => !(k in STRINGS.de)).map((k) => `de:${k}`)];
}

export function has(key) {
  return key in STRINGS[current] || key in STRINGS.en;
}

/** The text for key in the current language, with {placeholders} filled from params. */
export function t(key, params = {}) {
  const raw = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return raw.replace(/\{(\w+)\}/g, (m, name) => (name in params ? formatParam(params[name]) : m));
}

// one formatter per language, made on first use (t() runs for every placeholder of every render)
const numberFormats = {};
const listFormats = {};

function numberFormat() {
  return (numberFormats[current] ??= new Intl.NumberFormat(current));
}

function listFormat() {
  return (listFormats[current] ??= new Intl.ListFormat(current, { style: "long", type: "conjunction" }));
}

function formatParam(value) {
  if (typeof value === "number") return numberFormat().format(value);
  if (Array.isArray(value)) return formatList(value);
  return String(value);
}

export function formatList(items) {
  const strings = items.map(String);
  if (typeof Intl.ListFormat === "function") {
    return listFormat().format(strings);
  }
  return strings.join(", ");
}

document.documentElement.lang = current;
