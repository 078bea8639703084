// "How to play": each game's rules in a few illustrated steps (German and English, from the rulebook),
// as a modal dialog over the lobby or the game. Loaded on demand by the shell (shell/menu.js, openHowto). The
// dialog lives outside #app, patched by its own mount (a language switch re-tells it in place); Escape, the close buttons and a
// tap on the backdrop close it, Tab stays inside, and the focus goes back to the control that opened it.
// The pictures are small SVGs drawn here (and the Mogel-Motte animals of icons/), decorative: the
// text says everything.

import { h, mount } from "./dom.js";
import { onLangChange, register, t } from "./i18n.js";

register({
  de: {
    "howto.title": "So wird {game} gespielt",
    "howto.close": "Schließen",
    "howto.got_it": "Alles klar",
    "howto.steps": "Schritte",

    "howto.mogelmotte.goal.title": "Karten loswerden",
    "howto.mogelmotte.goal.text": "Werde als Erste:r alle Handkarten los. Wer am Rundenende noch Karten hat, bekommt Minuspunkte: 1 pro Zahlenkarte, 5 pro Aktionskarte, 10 pro Mogel-Motte.",
    "howto.mogelmotte.play.title": "Eins drüber oder drunter",
    "howto.mogelmotte.play.text": "Lege eine Karte, die genau eins höher oder tiefer ist als die oberste Karte der Ablage. 1 und 5 sind Nachbarn: Auf eine 5 passt eine 4 oder eine 1.",
    "howto.mogelmotte.draw.title": "Sonst ziehen",
    "howto.mogelmotte.draw.text": "Kannst oder willst du nicht legen, ziehst du eine Karte, und dein Zug ist vorbei. Die gezogene Karte darfst du nicht gleich ausspielen.",
    "howto.mogelmotte.animals.title": "Die Tiere",
    "howto.mogelmotte.animals.text": "Aktionskarten legst du nach ihrem Wert, dann wirken sie. Ameise: Alle anderen ziehen eine Karte. Spinne: Du verschenkst eine Karte. Stechmücke: Alle anderen hauen drauf – wer als Letzte:r draufhaut, bekommt von allen eine Karte. Kakerlake: Wer als Erste:r eine Zahlenkarte mit demselben Wert draufwirft, ist diese Karte los.",
    "howto.mogelmotte.cheat.title": "Mogeln erlaubt",
    "howto.mogelmotte.cheat.text": "Alle außer dem Wächter dürfen mogeln: Halte eine Karte gedrückt, bis sie verschwindet (nie deine letzte). Nur so wirst du Mogel-Motten los, denn ausspielen darf sie nur der Wächter. Aber Vorsicht: Solange die Karte verschwindet, sehen alle dich zappeln. Zappeln kannst du auch ohne Karte – als Köder für den Wächter.",
    "howto.mogelmotte.caught.title": "„Erwischt!“",
    "howto.mogelmotte.caught.text": "Der Wächter tippt auf „Erwischt!“, solange jemand zappelt. Richtig geraten: Die Karte kommt zurück, dazu eine vom Wächter, und wer gemogelt hat, wird neuer Wächter. Falsch geraten: Der Wächter zieht eine Strafkarte.",
    "howto.mogelmotte.end.title": "Wer gewinnt",
    "howto.mogelmotte.end.text": "Die Runde endet, sobald jemand die letzte Karte regulär ablegt. Ihr spielt so viele Runden, wie ihr Leute seid; die wenigsten Minuspunkte gewinnen.",

    "howto.emojito.perform.title": "Vorspielen",
    "howto.emojito.perform.text": "Die Darsteller:in sieht eine geheime Bildkarte und spielt das Gefühl darauf vor – so, wie das Feld es verlangt: nur mit dem Gesicht, nur mit Geräuschen oder mit beidem. Keine Hände, keine Wörter.",
    "howto.emojito.cards.title": "Sieben Karten",
    "howto.emojito.cards.text": "Dann liegen sieben Bildkarten offen aus, nummeriert von 1 bis 7. Eine davon wurde vorgespielt.",
    "howto.emojito.dial.title": "Geheim tippen",
    "howto.emojito.dial.text": "Alle anderen stellen geheim ihre Wählscheibe auf die Nummer, die sie für richtig halten – ohne sich abzusprechen. Erst wenn alle fertig sind, werden die Scheiben gemeinsam aufgedeckt.",
    "howto.emojito.move.title": "Vorwärts",
    "howto.emojito.move.text": "Kooperativ: Jede richtige Scheibe bringt euren Marker ein Feld vor, jede falsche den Marker des Spiels. Jeder gegen jeden: Wer richtig tippt, zieht 3 Felder, die Darsteller:in 2 pro richtigem Tipp (höchstens 6). Teams: Ein richtiger Tipp bringt das Team 2 Felder vor.",
    "howto.emojito.trophy.title": "Trophäen",
    "howto.emojito.trophy.text": "Wer über die Start-/Ziellinie zieht, gewinnt eine Trophäe. Das Feld unter dem Marker bestimmt, wie das nächste Mal vorgespielt wird.",
    "howto.emojito.challenge.title": "Herausforderung",
    "howto.emojito.challenge.text": "Jeder gegen jeden: Wer eine Trophäe hat, darf die Führenden herausfordern und dreht dafür eine eigene um. Tippen sie daneben und du richtig, müssen sie 3 Felder zurück, und du ziehst 3 Felder extra.",
    "howto.emojito.end.title": "Wer gewinnt",
    "howto.emojito.end.text": "Die Darsteller:in wechselt reihum im Uhrzeigersinn. Kooperativ gewinnt ihr mit mehr Trophäen als das Spiel; jeder gegen jeden endet es bei 5 Trophäen, im Teamspiel bei 3.",

    "howto.stella.word.title": "Das Wort",
    "howto.stella.word.text": "15 Bilder liegen offen in 3 Reihen. Die Späher:in wählt eines der beiden Wörter auf der Wortkarte.",
    "howto.stella.mark.title": "Markieren",
    "howto.stella.mark.text": "Alle setzen gleichzeitig und geheim ihre Markierungen auf die Bilder, die sie mit dem Wort verbinden: mindestens 1, höchstens 10.",
    "howto.stella.count.title": "Zählen",
    "howto.stella.count.text": "Jede Laterne zeigt, wie viele Markierungen jemand gesetzt hat. Wer allein die meisten hat, ist im Dunkeln.",
    "howto.stella.reveal.title": "Aufdecken",
    "howto.stella.reveal.text": "Reihum, beginnend bei der Späher:in, nennt jede:r ein eigenes markiertes Bild, das noch niemand genannt hat. Alle, die es auch markiert haben, melden sich.",
    "howto.stella.spark.title": "Funken",
    "howto.stella.spark.text": "Haben 3 oder mehr das Bild markiert, bekommt jede:r davon 2 Punkte (ein Funke). Genau zwei: beide 3 Punkte (ein Superfunke). Nur du: Du fällst und bekommst in dieser Runde keine Punkte mehr.",
    "howto.stella.dark.title": "Im Dunkeln",
    "howto.stella.dark.text": "Wer im Dunkeln ist und nicht fällt, behält alle Punkte der Runde. Fällt die Person im Dunkeln, zählen ihre Funken weniger.",
    "howto.stella.end.title": "Wer gewinnt",
    "howto.stella.end.text": "Nach jeder Runde kommt eine Reihe neuer Bilder, und die Späher:in wechselt. Nach 4 Runden gewinnen die meisten Punkte.",

    "howto.wordland.category.title": "Die Kategorie",
    "howto.wordland.category.text": "Die Königin wählt eine von zwei Kategorien, zum Beispiel „Dinge in der Küche“.",
    "howto.wordland.letters.title": "Verbotene Buchstaben",
    "howto.wordland.letters.text": "Drei verbotene Buchstaben liegen aus. Kein Wort darf einen davon enthalten.",
    "howto.wordland.turn.title": "Dein Wort",
    "howto.wordland.turn.text": "Bist du dran, nennst du genau ein Wort, das zur Kategorie passt, bevor die Teekanne abläuft. Was schon gesagt wurde, zählt nicht; Abkürzungen und Fremdwörter auch nicht.",
    "howto.wordland.objection.title": "Einspruch",
    "howto.wordland.objection.text": "Passt ein Wort nicht? Dann kann jede:r kurz Einspruch erheben, und alle anderen stimmen ab. Die Mehrheit entscheidet; bei Gleichstand bleibt das Wort.",
    "howto.wordland.out.title": "Raus",
    "howto.wordland.out.text": "Wer zu langsam ist oder ein falsches Wort nennt, scheidet aus und nimmt die nächste Wertungskarte. Wer zuletzt übrig bleibt, bekommt die beste.",
    "howto.wordland.characters.title": "Figuren",
    "howto.wordland.characters.text": "Jede:r hat eine Figur mit einer Fähigkeit: Die Königin legt einen geheimen roten Buchstaben aus, die Grinsekatze darf einmal passen, die Tweedles verlängern ihre Zeit und so weiter.",
    "howto.wordland.end.title": "Wer gewinnt",
    "howto.wordland.end.text": "Nach jeder Runde wandern die Figuren nach links. Ihr spielt so viele Runden, wie ihr Leute seid; die meisten Punkte gewinnen.",
  },
  en: {
    "howto.title": "How to play {game}",
    "howto.close": "Close",
    "howto.got_it": "Got it",
    "howto.steps": "Steps",

    "howto.mogelmotte.goal.title": "Get rid of your cards",
    "howto.mogelmotte.goal.text": "Be the first to play all your cards. Whoever still holds cards when the round ends gets penalty points: 1 per number card, 5 per action card, 10 per cheating moth.",
    "howto.mogelmotte.play.title": "One up or one down",
    "howto.mogelmotte.play.text": "Play a card exactly one higher or lower than the top of the discard pile. 1 and 5 are neighbours: on a 5 you may play a 4 or a 1.",
    "howto.mogelmotte.draw.title": "Or draw",
    "howto.mogelmotte.draw.text": "If you cannot or do not want to play, draw a card and your turn is over. You may not play the drawn card straight away.",
    "howto.mogelmotte.animals.title": "The animals",
    "howto.mogelmotte.animals.text": "Action cards are played by their value, then they act. Ant: everyone else draws a card. Spider: you give a card away. Mosquito: everyone else slaps it – the slowest gets a card from everyone. Cockroach: whoever first throws a number card of the same value onto it gets rid of that card.",
    "howto.mogelmotte.cheat.title": "Cheating allowed",
    "howto.mogelmotte.cheat.text": "Everyone except the guard may cheat: press and hold a card until it vanishes (never your last). That is the only way to get rid of cheating moths, since only the guard may play them. But careful: while the card vanishes, everyone sees you fidget. You may also fidget without a card, to bait the guard.",
    "howto.mogelmotte.caught.title": "“Caught!”",
    "howto.mogelmotte.caught.text": "The guard taps “Caught!” while someone fidgets. Right: the card comes back, plus one from the guard, and the cheater becomes the new guard. Wrong: the guard draws a penalty card.",
    "howto.mogelmotte.end.title": "Who wins",
    "howto.mogelmotte.end.text": "A round ends as soon as someone plays their last card the normal way. You play as many rounds as there are players; the fewest penalty points win.",

    "howto.emojito.perform.title": "Act it out",
    "howto.emojito.perform.text": "The performer sees a secret picture card and acts out its emotion – the way the field asks for: with the face only, with sounds only, or both. No hands, no words.",
    "howto.emojito.cards.title": "Seven cards",
    "howto.emojito.cards.text": "Then seven picture cards lie face up, numbered 1 to 7. One of them was performed.",
    "howto.emojito.dial.title": "Guess in secret",
    "howto.emojito.dial.text": "Everyone else secretly sets their dial to the number they believe in – no conferring. Once all are set, the dials are revealed together.",
    "howto.emojito.move.title": "Move ahead",
    "howto.emojito.move.text": "Co-op: each right dial moves your marker one field, each wrong one moves the game's marker. Each for themselves: a right guess moves 3 fields, the performer 2 per right guess (at most 6). Teams: a right guess moves the team 2 fields.",
    "howto.emojito.trophy.title": "Trophies",
    "howto.emojito.trophy.text": "Crossing the start/finish line wins a trophy. The field under a marker says how the next performance must be given.",
    "howto.emojito.challenge.title": "Challenge",
    "howto.emojito.challenge.text": "Each for themselves: with a trophy you may challenge the leaders by flipping one of yours. If they guess wrong and you guess right, they move back 3 fields and you move 3 extra.",
    "howto.emojito.end.title": "Who wins",
    "howto.emojito.end.text": "The performer changes clockwise. In co-op you win with more trophies than the game; each for themselves ends at 5 trophies, teams at 3.",

    "howto.stella.word.title": "The word",
    "howto.stella.word.text": "15 pictures lie face up in 3 rows. The scout picks one of the two words on the word card.",
    "howto.stella.mark.title": "Mark",
    "howto.stella.mark.text": "Everyone at once and in secret puts a mark on the pictures they link with the word: at least 1, at most 10.",
    "howto.stella.count.title": "Count",
    "howto.stella.count.text": "Each lantern shows how many marks a player set. Whoever alone has the most is in the dark.",
    "howto.stella.reveal.title": "Reveal",
    "howto.stella.reveal.text": "In turn, starting with the scout, each player names one of their marked pictures that nobody has named yet. Everyone who marked it too says so.",
    "howto.stella.spark.title": "Sparks",
    "howto.stella.spark.text": "If 3 or more marked the picture, each of them scores 2 (a spark). Exactly two: both score 3 (a super-spark). Only you: you fall and score nothing more this round.",
    "howto.stella.dark.title": "In the dark",
    "howto.stella.dark.text": "The player in the dark who does not fall keeps all the round's points. If the player in the dark falls, their sparks count for less.",
    "howto.stella.end.title": "Who wins",
    "howto.stella.end.text": "After each round a row of new pictures comes in and the scout changes. After 4 rounds the most points win.",

    "howto.wordland.category.title": "The category",
    "howto.wordland.category.text": "The Queen picks one of two categories, for example “things in a kitchen”.",
    "howto.wordland.letters.title": "Forbidden letters",
    "howto.wordland.letters.text": "Three forbidden letters are laid out. No word may contain any of them.",
    "howto.wordland.turn.title": "Your word",
    "howto.wordland.turn.text": "On your turn, say exactly one word that fits the category before the teapot runs out. A word already said does not count; nor do abbreviations or foreign words.",
    "howto.wordland.objection.title": "Objection",
    "howto.wordland.objection.text": "A word does not fit? Anyone may object quickly, and all the others vote. The majority decides; a tie keeps the word.",
    "howto.wordland.out.title": "Out",
    "howto.wordland.out.text": "Too slow, or a wrong word, and you are out: you take the next scoring card. The last one left gets the best.",
    "howto.wordland.characters.title": "Characters",
    "howto.wordland.characters.text": "Everyone has a character with a power: the Queen lays out a secret red letter, the Cheshire Cat may pass once, the Tweedles extend their time, and so on.",
    "howto.wordland.end.title": "Who wins",
    "howto.wordland.end.text": "After each round the characters pass to the left. You play as many rounds as there are players; the most points win.",
  },
});

const STYLE = new URL("./howto.css", import.meta.url).href;

// ---------------------------------------------------------------- drawing

/** An SVG element as a virtual node (Preact puts everything under <svg> into the SVG namespace). */
function s(tag, attrs = {}, ...children) {
  return h(tag, attrs, ...children);
}

/** A picture of 120 x 90 units, hidden from screen readers (the step's text says it). */
function art(...children) {
  return s("svg", { viewBox: "0 0 120 90", class: "howto-art", "aria-hidden": "true", focusable: "false" }, ...children);
}

function card(x, y, label = "", cls = "", w = 22, h = 32) {
  return s(
    "g",
    { class: ["ht-card", cls].filter(Boolean).join(" ") },
    s("rect", { x, y, width: w, height: h, rx: 3 }),
    label ? s("text", { x: x + w / 2, y: y + h / 2 + 5, "text-anchor": "middle", class: "ht-num" }, label) : null,
  );
}

function icon(name, x, y, size = 22) {
  return s("image", { href: new URL(`./icons/${name}.svg`, import.meta.url).href, x, y, width: size, height: size });
}

function arrow(x1, y1, x2, y2) {
  const a = Math.atan2(y2 - y1, x2 - x1);
  const head = (d) => `${x2 - 6 * Math.cos(a + d)},${y2 - 6 * Math.sin(a + d)}`;
  return s("g", { class: "ht-arrow" }, s("line", { x1, y1, x2, y2 }), s("polyline", { points: `${head(0.5)} ${x2},${y2} ${head(-0.5)}` }));
}

function label(x, y, text, cls = "ht-label") {
  return s("text", { x, y, "text-anchor": "middle", class: cls }, text);
}

function face(cx, cy, r, mood = "smile") {
  const mouth = {
    smile: `M${cx - r * 0.45},${cy + r * 0.25} Q${cx},${cy + r * 0.7} ${cx + r * 0.45},${cy + r * 0.25}`,
    sad: `M${cx - r * 0.45},${cy + r * 0.55} Q${cx},${cy + r * 0.1} ${cx + r * 0.45},${cy + r * 0.55}`,
    wow: "",
  }[mood];
  return s(
    "g",
    { class: "ht-face" },
    s("circle", { cx, cy, r }),
    s("circle", { cx: cx - r * 0.35, cy: cy - r * 0.2, r: r * 0.11, class: "ht-ink" }),
    s("circle", { cx: cx + r * 0.35, cy: cy - r * 0.2, r: r * 0.11, class: "ht-ink" }),
    mood === "wow" ? s("circle", { cx, cy: cy + r * 0.4, r: r * 0.2, class: "ht-ink" }) : s("path", { d: mouth, class: "ht-stroke" }),
  );
}

function dial(cx, cy, r, n) {
  const ticks = [];
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * 2 * Math.PI - Math.PI / 2;
    ticks.push(s("circle", { cx: cx + Math.cos(a) * r * 0.8, cy: cy + Math.sin(a) * r * 0.8, r: r * 0.08, class: i === n - 1 ? "ht-accent" : "ht-ink" }));
  }
  return s("g", { class: "ht-dial" }, s("circle", { cx, cy, r }), ticks, label(cx, cy + 6, String(n), "ht-num"));
}

function star(cx, cy, r, cls = "ht-accent") {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * 2 * Math.PI - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(cx + Math.cos(a) * rr).toFixed(1)},${(cy + Math.sin(a) * rr).toFixed(1)}`);
  }
  return s("polygon", { points: pts.join(" "), class: cls });
}

function grid(marks = [], named = -1) {
  const cells = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 5; col++) {
      const i = row * 5 + col;
      const x = 8 + col * 21;
      const y = 8 + row * 25;
      cells.push(s("rect", { x, y, width: 18, height: 22, rx: 2, class: i === named ? "ht-pic ht-named" : "ht-pic" }));
      if (marks.includes(i)) cells.push(s("circle", { cx: x + 9, cy: y + 11, r: 5, class: "ht-mark" }));
    }
  }
  return cells;
}

function teapot(cx, cy) {
  return s(
    "g",
    { class: "ht-teapot" },
    s("ellipse", { cx, cy, rx: 20, ry: 15 }),
    s("path", { d: `M${cx + 18},${cy - 4} Q${cx + 34},${cy - 10} ${cx + 30},${cy - 20}`, class: "ht-stroke" }),
    s("path", { d: `M${cx - 18},${cy - 8} Q${cx - 32},${cy} ${cx - 18},${cy + 8}`, class: "ht-stroke" }),
    s("rect", { x: cx - 6, y: cy - 21, width: 12, height: 6, rx: 2 }),
  );
}

function letter(x, y, ch) {
  // the letter stays readable; a "no" sign at its corner says it is forbidden
  return s(
    "g",
    { class: "ht-letter" },
    s("rect", { x, y, width: 26, height: 30, rx: 4 }),
    label(x + 13, y + 21, ch, "ht-num"),
    s("circle", { cx: x + 25, cy: y + 1, r: 7, class: "ht-no-sign" }),
    s("line", { x1: x + 20, y1: y + 6, x2: x + 30, y2: y - 4, class: "ht-cross" }),
  );
}

function lantern(cx, cy, n, dark = false) {
  return s(
    "g",
    { class: dark ? "ht-lantern ht-lantern-dark" : "ht-lantern" },
    s("rect", { x: cx - 9, y: cy - 14, width: 18, height: 26, rx: 5 }),
    s("line", { x1: cx, y1: cy - 20, x2: cx, y2: cy - 14, class: "ht-stroke" }),
    label(cx, cy + 4, String(n), "ht-num"),
  );
}

/** One line of a score pad: a player, their points, a star for the best. */
function scoreRow(y, points, best = false) {
  return s(
    "g",
    {},
    s("circle", { cx: 22, cy: y + 8, r: 7, class: "ht-field" }),
    s("line", { x1: 34, y1: y + 8, x2: 70, y2: y + 8, class: "ht-track" }),
    label(86, y + 14, points, "ht-num"),
    best ? star(108, y + 8, 8) : null,
  );
}

// ---------------------------------------------------------------- the steps of each game

const STEPS = {
  mogelmotte: [
    ["goal", () => art(card(14, 30, "2", "ht-tilt-l"), card(30, 26, "4"), card(46, 30, "5", "ht-tilt-r"), arrow(74, 46, 94, 46), label(106, 52, "0", "ht-big"))],
    ["play", () => art(card(49, 8, "3", "ht-pile"), card(14, 50, "2", "ht-ok"), card(84, 50, "4", "ht-ok"), arrow(38, 58, 47, 36), arrow(82, 58, 73, 36), label(60, 80, "±1"))],
    ["draw", () => art(card(16, 22, "", "ht-back"), card(20, 26, "", "ht-back"), card(24, 30, "", "ht-back"), arrow(52, 46, 78, 46), card(84, 28, "?"))],
    ["animals", () => art(icon("ant", 6, 30, 26), icon("spider", 34, 30, 26), icon("mosquito", 62, 30, 26), icon("cockroach", 90, 30, 26))],
    ["cheat", () => art(card(30, 28, "", "ht-fading"), icon("moth", 34, 36, 16), s("path", { d: "M62,30 q6,-6 12,0 t12,0 M62,44 q6,-6 12,0 t12,0 M62,58 q6,-6 12,0 t12,0", class: "ht-stroke ht-wiggle" }))],
    ["caught", () => art(icon("guard", 10, 24, 42), s("path", { d: "M60,22 L110,22 L110,60 L78,60 L66,72 L68,60 L60,60 Z", class: "ht-bubble" }), label(85, 52, "!", "ht-huge"))],
    ["end", () => art(scoreRow(14, "3", true), scoreRow(40, "8"), scoreRow(66, "12"))],
  ],
  emojito: [
    ["perform", () => art(face(42, 44, 26, "wow"), s("path", { d: "M80,30 q8,14 0,28 M90,22 q14,22 0,44", class: "ht-stroke" }))],
    ["cards", () => art([1, 2, 3, 4, 5, 6, 7].map((n, i) => card(4 + i * 16.5, 28, String(n), n === 5 ? "ht-ok" : "", 14, 22)))],
    ["dial", () => art(dial(38, 45, 28, 5), s("rect", { x: 76, y: 26, width: 34, height: 38, rx: 6, class: "ht-secret" }), label(93, 52, "?", "ht-big"))],
    ["move", () => art(s("circle", { cx: 60, cy: 45, r: 34, class: "ht-track" }), [0, 1, 2, 3, 4, 5, 6].map((i) => {
      const a = (i / 7) * 2 * Math.PI - Math.PI / 2;
      return s("circle", { cx: 60 + Math.cos(a) * 34, cy: 45 + Math.sin(a) * 34, r: 7, class: i === 2 ? "ht-accent" : "ht-field" });
    }), arrow(70, 18, 86, 28))],
    ["trophy", () => art(s("path", { d: "M44,20 h32 v12 q0,20 -16,22 q-16,-2 -16,-22 Z M56,54 h8 v10 h8 v6 h-24 v-6 h8 Z", class: "ht-accent" }))],
    ["challenge", () => art(face(30, 45, 18, "smile"), arrow(52, 45, 70, 45), face(90, 45, 18, "sad"), label(90, 84, "−3"))],
    ["end", () => art(face(30, 45, 16, "smile"), arrow(50, 30, 70, 30), face(90, 45, 16, "smile"), arrow(70, 62, 50, 62))],
  ],
  stella: [
    ["word", () => art(grid(), s("rect", { x: 30, y: 70, width: 60, height: 16, rx: 3, class: "ht-wordcard" }), label(60, 82, "☆", "ht-label"))],
    ["mark", () => art(grid([1, 7, 13]))],
    ["count", () => art(lantern(24, 46, 2), lantern(60, 46, 5, true), lantern(96, 46, 3))],
    ["reveal", () => art(grid([7], 7))],
    ["spark", () => art(star(30, 45, 20), label(30, 84, "2"), star(90, 45, 24, "ht-super"), label(90, 84, "3"))],
    ["dark", () => art(lantern(60, 48, 6, true), s("circle", { cx: 60, cy: 46, r: 34, class: "ht-halo" }))],
    ["end", () => art(grid(), arrow(112, 12, 112, 30))],
  ],
  wordland: [
    ["category", () => art(card(14, 18, "", "ht-cat", 40, 56), card(66, 18, "", "ht-cat ht-ok", 40, 56), s("path", { d: "M74,36 h24 M74,46 h24 M74,56 h16", class: "ht-stroke" }))],
    ["letters", () => art(letter(10, 34, "K"), letter(46, 34, "M"), letter(82, 34, "T"))],
    ["turn", () => art(teapot(54, 50), s("circle", { cx: 100, cy: 24, r: 12, class: "ht-timer" }), s("path", { d: "M100,24 L100,14 A10,10 0 0 1 108,30 Z", class: "ht-accent" }))],
    ["objection", () => art(s("path", { d: "M20,20 h50 v30 h-30 l-10,10 v-10 h-10 Z", class: "ht-bubble" }), label(45, 41, "?", "ht-big"), s("g", { class: "ht-ok" }, s("rect", { x: 78, y: 50, width: 14, height: 22, rx: 3 })), s("g", { class: "ht-no" }, s("rect", { x: 98, y: 50, width: 14, height: 22, rx: 3 })))],
    ["out", () => art(card(34, 22, "1", "ht-tilt-l", 24, 34), card(62, 22, "4", "ht-ok", 24, 34))],
    ["characters", () => art(s("path", { d: "M30,56 l6,-22 l10,12 l10,-16 l10,16 l10,-12 l6,22 Z", class: "ht-accent" }), s("rect", { x: 30, y: 58, width: 62, height: 8, rx: 2, class: "ht-accent" }))],
    ["end", () => art(s("path", { d: "M66,44 l4,-14 l6,8 l6,-10 l6,10 l6,-8 l4,14 Z", class: "ht-accent" }), arrow(60, 38, 24, 38), star(60, 70, 12))],
  ],
};

/** The step keys of a game's how-to (empty for a game without one). */
export function howtoSteps(game) {
  return (STEPS[game] || []).map(([key]) => key);
}

// ---------------------------------------------------------------- the dialog

let open = null; // {dialog, game, title, returnTo}

function loadStyle() {
  if (document.querySelector(`link[href="${STYLE}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = STYLE;
  document.head.appendChild(link);
}

function fill(dialog, game, title) {
  const steps = STEPS[game] || [];
  const close = () => closeHowto();
  mount(dialog, [
    h(
      "header",
      { class: "howto-head" },
      h("h2", { id: "howto-title", text: t("howto.title", { game: title() }) }),
      h("button", { class: "btn btn-icon howto-close", type: "button", id: "howto-close", "aria-label": t("howto.close"), text: "✕", on: { click: close } }),
    ),
    h(
      "ol",
      { class: "howto-steps", "aria-label": t("howto.steps") },
      steps.map(([key, draw], i) =>
        h(
          "li",
          { key, class: "howto-step", dataset: { step: key } },
          h("span", { class: "howto-pic" }, draw(), h("span", { class: "howto-no", "aria-hidden": "true", text: String(i + 1) })),
          h("div", { class: "howto-words" }, h("h3", { text: t(`howto.${game}.${key}.title`) }), h("p", { text: t(`howto.${game}.${key}.text`) })),
        ),
      ),
    ),
    h("footer", { class: "howto-foot" }, h("button", { class: "btn btn-primary", type: "button", id: "howto-done", text: t("howto.got_it"), on: { click: close } })),
  ]);
}

function focusables(dialog) {
  return [...dialog.querySelectorAll("button:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])")];
}

/**
 * Open the how-to of `game` as a modal dialog. `title()` gives the game's name in the UI language;
 * `returnTo` (a selector or an element) gets the focus back on close.
 */
export function openHowto(game, title, returnTo) {
  loadStyle();
  if (open) closeHowto(false);
  const dialog = document.createElement("dialog");
  dialog.className = "howto";
  dialog.id = "howto";
  dialog.setAttribute("aria-labelledby", "howto-title");
  dialog.dataset.game = game;
  fill(dialog, game, title);
  dialog.addEventListener("cancel", (ev) => {
    ev.preventDefault();
    closeHowto();
  });
  dialog.addEventListener("keydown", (ev) => {
    // Escape closes this sheet only (the dialog's cancel), not a picture zoomed behind it
    if (ev.key === "Escape") ev.stopPropagation();
    if (ev.key !== "Tab") return;
    // the focus stays in the dialog: from the last control on to the first, and back
    const items = focusables(dialog);
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (ev.shiftKey && document.activeElement === first) {
      ev.preventDefault();
      last.focus();
    } else if (!ev.shiftKey && document.activeElement === last) {
      ev.preventDefault();
      first.focus();
    }
  });
  // a tap on the backdrop (outside the sheet) closes it too
  dialog.addEventListener("click", (ev) => {
    if (ev.target === dialog) closeHowto();
  });
  document.body.appendChild(dialog);
  open = { dialog, game, title, returnTo };
  dialog.showModal();
  dialog.scrollTop = 0;
  dialog.querySelector("#howto-close").focus();
}

/** Close the how-to (if open) and give the focus back to what opened it. */
export function closeHowto(refocus = true) {
  if (!open) return;
  const { dialog, returnTo } = open;
  open = null;
  if (dialog.open) dialog.close();
  mount(dialog, null);
  dialog.remove();
  if (!refocus) return;
  // the opener may have been rebuilt by a re-render meanwhile: find it again by its selector
  const target = typeof returnTo === "string" ? document.querySelector(returnTo) : returnTo;
  if (target && target.isConnected && typeof target.focus === "function") target.focus();
}

// a language switch re-tells the open how-to in place (the focused control stays as it is)
onLangChange(() => {
  if (open) fill(open.dialog, open.game, open.title);
});
