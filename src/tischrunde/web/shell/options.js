// A game's options as people read and edit them: the game picker, the option editor (the lobby's house
// rules, the create-room form, the next game of the evening), and each value in plain words.

import { field, h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { CLIENTS, defaultOptions, gameTitle } from "./games.js";
import { render } from "./state.js";

/** The games as radio buttons (the start page, and the host's "next game" in the lobby). */
export function gamePicker(games, chosenName, onPick) {
  return h(
    "div",
    { class: "game-picker", role: "radiogroup", "aria-label": t("start.game") },
    games.map((g) => {
      const playable = CLIENTS.includes(g.name);
      return h(
        "button",
        {
          key: g.name,
          type: "button",
          disabled: !playable,
          class: ["game-choice", g.name === chosenName && "game-choice-on"],
          role: "radio",
          "aria-checked": g.name === chosenName ? "true" : "false",
          dataset: { game: g.name },
          on: { click: () => onPick(g) },
        },
        h("strong", { text: gameTitle(g) }),
        h("span", { class: "muted", text: t("start.players", { min: g.min_players, max: g.max_players }) }),
        h("span", { class: "summary", text: lang() === "de" ? g.summary_de : g.summary_en }),
        playable ? null : h("span", { class: "badge", text: t("start.soon") }),
      );
    }),
  );
}

/**
 * Inputs for every option of a game, each with its explanation. Writes changed values into `out`.
 * `prefix` keeps the ids apart when two editors share a page (the lobby's rules and the next game's).
 * Options of another mode hide (Emojito's trophies per mode); they show again when that mode is chosen.
 */
export function optionEditor(spec, current, out, editable, onChange = () => {}, prefix = "opt") {
  const values = { ...defaultOptions(spec), ...current, ...out };
  return h(
    "div",
    { class: "option-list" },
    spec.options.map((opt) => {
      const id = `${prefix}-${opt.name}`;
      const value = opt.name in out ? out[opt.name] : opt.name in current ? current[opt.name] : opt.default;
      const set = (v) => {
        out[opt.name] = v;
        onChange(opt.name, v);
        render();
      };
      return h(
        "div",
        { key: opt.name, class: "option", dataset: { option: opt.name }, hidden: !optionApplies(opt, values) },
        h(
          "label",
          { for: id, class: "option-label", id: `${id}-label` },
          h("span", { class: "option-title", text: optionLabel(spec, opt.name) }),
          " ",
          h("span", { class: "badge", text: t(`start.source.${opt.source}`) }),
        ),
        h("p", { class: "option-desc", id: `${id}-desc`, text: lang() === "de" ? opt.description_de : opt.description_en }),
        optionInput(spec, opt, id, value, editable, set),
        h("p", { class: "muted small option-default", text: t("start.default", { value: fmtValue(opt.default, spec, opt) }) }),
      );
    }),
  );
}

function optionInput(spec, opt, id, value, editable, set) {
  if (value !== null && typeof value === "object") {
    // a table (Wordland's scoring): shown read-only, never edited as text
    const same = JSON.stringify(value) === JSON.stringify(opt.default);
    return h("p", { id, class: "option-table", text: same ? t("start.default_table") : t("start.own_table") });
  }
  if (typeof opt.default === "boolean") {
    // the checkbox sits in a full-width row as tall as a tap target; the whole row toggles it
    return h(
      "label",
      { class: "option-check" },
      field("input", { id, type: "checkbox", checked: value === true, disabled: !editable, "aria-describedby": `${id}-desc`, on: { change: (ev) => set(ev.currentTarget.checked) } }),
      h("span", { text: t("start.option_on") }),
    );
  }
  if (opt.choices) {
    return h(
      "select",
      { id, disabled: !editable, "aria-describedby": `${id}-desc`, on: { change: (ev) => set(JSON.parse(ev.currentTarget.value)) } },
      opt.choices.map((c) => h("option", { key: JSON.stringify(c), value: JSON.stringify(c), selected: c === value, text: choiceLabel(spec, opt, c) })),
    );
  }
  if (typeof opt.default === "number" && isMsOption(opt)) {
    // kept in ms by the engine, shown and typed in seconds (2.5 s, not 2500)
    return h(
      "span",
      { class: "option-seconds" },
      field("input", {
        id,
        type: "number",
        inputmode: "decimal",
        value: String(value / 1000),
        min: opt.minimum === null || opt.minimum === undefined ? undefined : String(opt.minimum / 1000),
        max: opt.maximum === null || opt.maximum === undefined ? undefined : String(opt.maximum / 1000),
        step: "0.1",
        disabled: !editable,
        "aria-describedby": `${id}-unit ${id}-desc`,
        on: {
          change: (ev) => {
            const text = ev.currentTarget.value;
            const n = Number(text);
            if (text !== "" && Number.isFinite(n)) set(Math.round(n * 1000));
          },
        },
      }),
      h("span", { class: "option-unit", id: `${id}-unit`, text: t("opt.unit_s") }),
    );
  }
  if (typeof opt.default === "number") {
    return field("input", {
      id,
      type: "number",
      inputmode: "numeric",
      value: String(value),
      min: opt.minimum ?? undefined,
      max: opt.maximum ?? undefined,
      step: Number.isInteger(opt.default) ? "1" : "any",
      disabled: !editable,
      "aria-describedby": `${id}-desc`,
      on: {
        change: (ev) => {
          const n = Number(ev.currentTarget.value);
          if (Number.isFinite(n)) set(n);
        },
      },
    });
  }
  return field("input", { id, value: String(value), disabled: !editable, on: { change: (ev) => set(ev.currentTarget.value) } });
}

export function fmtValue(v, spec, opt) {
  if (v === true) return t("yes");
  if (v === false) return t("no");
  if (v !== null && typeof v === "object") return t("start.default_table");
  if (opt && opt.choices) return choiceLabel(spec, opt, v);
  if (opt && typeof v === "number" && (isMsOption(opt) || /_s$/.test(opt.name))) {
    if (opt.unlimited !== null && opt.unlimited !== undefined && v === opt.unlimited) return t("opt.unlimited");
    return t("opt.seconds", { value: isMsOption(opt) ? v / 1000 : v });
  }
  return String(v);
}

/** A timer option the engine keeps in milliseconds (its name ends in `_ms`): people see seconds. */
export function isMsOption(opt) {
  return /_ms$/.test(opt.name);
}

/** A choice in plain words: the spec's `choice_labels` in the UI language, else the value (a number). */
export function choiceLabel(spec, opt, value) {
  const label = (opt.choice_labels || []).find((l) => l.value === value);
  if (label) return lang() === "de" ? label.de : label.en;
  return typeof value === "number" ? t("start.number", { value }) : String(value);
}

/** Does this option matter under these values? (`applies_when`: only while another option has one of some values) */
export function optionApplies(opt, values) {
  const when = opt.applies_when;
  if (!when) return true;
  return when.values.includes(values[when.option]);
}

/** An option's short name in the UI language (`optname.<game>.<option>`), else its code name. */
export function optionLabel(spec, name) {
  const key = `optname.${spec.name}.${name}`;
  return t(key) !== key ? t(key) : name;
}

export function valueAllowed(opt, v) {
  if (opt.choices) return opt.choices.includes(v);
  if (typeof v !== "number" || typeof opt.default !== "number") return typeof v === typeof opt.default;
  return (opt.minimum === null || opt.minimum === undefined || v >= opt.minimum) && (opt.maximum === null || opt.maximum === undefined || v <= opt.maximum);
}
