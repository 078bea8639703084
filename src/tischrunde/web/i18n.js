// Every player-facing string by key, German and English: the lookup, plurals and formats. The shell's
// tables are strings/shell.de.js and strings/shell.en.js; game modules add theirs with register().

import de from "./strings/shell.de.js";
import en from "./strings/shell.en.js";

const STRINGS = { de: { ...de }, en: { ...en } };

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

/** Every string of one language (a copy), for the tests that look at all of them. */
export function strings(l) {
  return { ...STRINGS[l] };
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

/**
 * A counted text: `key.one` / `key.other` (…) chosen by Intl.PluralRules for `count` in the current
 * language, with {count} and the other params filled; `key.other` when the language lacks the form.
 */
export function tp(key, count, params = {}) {
  const form = pluralRules().select(count);
  const full = has(`${key}.${form}`) ? `${key}.${form}` : `${key}.other`;
  return t(full, { count, ...params });
}

const pluralCache = {};

function pluralRules() {
  return (pluralCache[current] ??= new Intl.PluralRules(current));
}

// one formatter per language, made on first use (t() runs for every placeholder of every render)
const numberFormats = {};
const listFormats = {};

function numberFormat() {
  return (numberFormats[current] ??= new Intl.NumberFormat(current));
}

function listFormat(type = "conjunction") {
  return (listFormats[`${current}.${type}`] ??= new Intl.ListFormat(current, { style: "long", type }));
}

function formatParam(value) {
  if (typeof value === "number") return numberFormat().format(value);
  if (Array.isArray(value)) return formatList(value);
  return String(value);
}

/** "a, b and c" (or with type "disjunction": "a, b or c") in the current language. */
export function formatList(items, type = "conjunction") {
  const strings = items.map(String);
  if (typeof Intl.ListFormat === "function") {
    return listFormat(type).format(strings);
  }
  return strings.join(", ");
}

document.documentElement.lang = current;
