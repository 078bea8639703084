// Small pieces every screen uses: the language switch, a disclosure, a small button, and what lives outside
// the patched screens in <body>: toasts, the one polite live region, the "connection lost" banner.

import { h, mount } from "../dom.js";
import { lang, setLang, t } from "../i18n.js";
import { render } from "./state.js";

export function langSwitch() {
  return h(
    "div",
    { class: "lang-switch", role: "group", "aria-label": t("lang.switch") },
    ["de", "en"].map((l) =>
      h("button", {
        key: l,
        class: ["chip", l === lang() && "chip-on"],
        type: "button",
        "aria-pressed": l === lang() ? "true" : "false",
        text: t(`lang.${l}`),
        dataset: { lang: l },
        on: { click: () => setLang(l) },
      }),
    ),
  );
}

/** A box of its own in <body>, made once. */
function bodyBox(id, attrs) {
  let box = document.getElementById(id);
  if (!box) {
    box = document.createElement("div");
    box.id = id;
    for (const [k, v] of Object.entries(attrs)) box.setAttribute(k, v);
    document.body.appendChild(box);
  }
  return box;
}

const toasts = [];
let toastNo = 0;

function drawToasts() {
  const box = bodyBox("toasts", { class: "toasts", "aria-live": "polite" });
  mount(
    box,
    toasts.map((x) => h("div", { key: x.no, class: ["toast", `toast-${x.kind}`, x.out && "toast-out"], role: x.kind === "error" ? "alert" : "status", text: x.text })),
  );
}

/** A short message in the toasts box outside the screens, so it survives every patch. */
export function toast(text, kind = "info") {
  const item = { no: (toastNo += 1), text, kind, out: false };
  toasts.push(item);
  drawToasts();
  setTimeout(() => {
    item.out = true;
    drawToasts();
  }, 3600);
  setTimeout(() => {
    toasts.splice(toasts.indexOf(item), 1);
    drawToasts();
  }, 4200);
}

export function explain(text) {
  toast(text, "explain");
}

/**
 * One polite live region outside the screens: whose turn it is and the newest log line, so a screen
 * reader hears what changed (set only when the text changes).
 */
export function announce(text) {
  const box = bodyBox("announce", { class: "sr-only", "aria-live": "polite", "aria-atomic": "true" });
  if (box.textContent !== text) box.textContent = text;
}

/** One banner outside the screens, shown at once when the connection is lost. */
export function setConnNotice(on) {
  document.body.classList.toggle("is-offline", on);
  const old = document.getElementById("conn-lost");
  if (!on) {
    if (old) old.remove();
    return;
  }
  const box = bodyBox("conn-lost", { class: "conn-lost", role: "alert" });
  box.textContent = t("frame.connection_lost");
}

/**
 * A `<details>` disclosure whose summary shows that it opens: a turning marker (CSS) and aria-expanded on
 * the summary, kept in step with the open state. `onToggle(open)` remembers it in the state.
 */
export function disclosure(attrs, title, open, onToggle, ...children) {
  return h(
    "details",
    {
      ...attrs,
      class: [attrs.class, "disclosure"],
      open: Boolean(open),
      on: {
        toggle: (ev) => {
          if (Boolean(open) === ev.currentTarget.open) return;
          onToggle(ev.currentTarget.open);
          render();
        },
      },
    },
    h("summary", { class: "disclosure-summary", "aria-expanded": open ? "true" : "false" }, h("span", { class: "disclosure-mark", "aria-hidden": "true" }), h("span", { text: title })),
    ...children,
  );
}

export function smallBtn(text, fn, id) {
  return h("button", { class: "btn btn-small", type: "button", dataset: { act: id }, text, on: { click: fn } });
}
