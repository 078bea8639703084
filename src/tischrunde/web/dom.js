// Tiny DOM helpers. Text always goes in through textContent, never innerHTML.
//
// Screens are trees of virtual nodes: `h(tag, attrs, ...children)` builds one, `mount(root, tree)` patches
// the page in place (Preact, vendor/README.md), so a focused control, a caret and the phone keyboard stay
// where they are; `embed(node)` puts a real DOM node (a game module's, if it makes one) into a tree.
import { Component, Fragment, createRef, h as preactH, isValidElement, render } from "./vendor/preact/preact.module.js";

export { Component, Fragment, createRef, isValidElement };

const KEBAB = /[A-Z]/g;
// attributes whose value is the word true or false, which Preact sets as boolean properties
const ENUMERATED = new Set(["draggable", "spellcheck"]);

/**
 * h("button", {class: ["big", on && "on"], on: {click: fn}, disabled: true, text: "OK"}, ...children)
 * A virtual node. `class` may be a list (falsy entries dropped); `text` is the node's only text;
 * `on` maps event names to listeners; `dataset` fills data-*; null, undefined and false attributes are
 * left out (an option's `selected` is also its attribute); `key` tells list items apart and `ref` (createRef()) gives the real node once mounted.
 * A child may be a string, a number, a virtual node, a list of them, or a real DOM node (see `embed`).
 */
export function h(tag, attrs = {}, ...children) {
  const props = {};
  for (const [key, value] of Object.entries(attrs || {})) {
    if (ENUMERATED.has(key) && value !== undefined && value !== null) {
      // Preact sets these as properties, where the string "false" would mean true
      props[key] = value === true || value === "true";
      continue;
    }
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") props.class = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") children = [String(value)];
    else if (key === "selected" && tag === "option") {
      // the property picks the option; defaultSelected writes the attribute `selected`, as `el` did
      props.selected = true;
      props.defaultSelected = true;
    }
    else if (key === "on") for (const [ev, fn] of Object.entries(value)) props[`on${ev}`] = fn;
    else if (key === "dataset") {
      for (const [name, v] of Object.entries(value)) {
        if (v !== undefined && v !== null) props[`data-${name.replace(KEBAB, (c) => `-${c.toLowerCase()}`)}`] = String(v);
      }
    } else props[key] = value;
  }
  return preactH(tag, props, ...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false).map(child));
}

function child(c) {
  return typeof Node !== "undefined" && c instanceof Node ? embed(c) : c;
}

/** Patch `root` to show `tree` (a virtual node, a list of them, or null to empty it). */
export function mount(root, tree) {
  render(tree, root);
  return root;
}

/**
 * A real DOM node inside a virtual tree: kept as it is while it is the same node, replaced when another
 * comes (for screens still built with `el`).
 */
class Embedded extends Component {
  constructor(props) {
    super(props);
    this.box = createRef();
  }
  shouldComponentUpdate(next) {
    return next.node !== this.props.node;
  }
  componentDidMount() {
    this.box.current.replaceChildren(this.props.node);
  }
  componentDidUpdate() {
    this.box.current.replaceChildren(this.props.node);
  }
  render() {
    return preactH("div", { ref: this.box, class: "embedded" });
  }
}

export function embed(node) {
  return preactH(Embedded, { node });
}

/**
 * field("input", {value, ...}) / field("input", {type: "checkbox", checked, ...}) / field("textarea", ...):
 * a form field whose value (or checked) is the model's, put into the field only when the model changes.
 * What someone types stays while other states arrive (a plain `value` would be put back on every patch);
 * a new value from the server still shows.
 */
export function field(tag, attrs = {}) {
  const { value, checked, ...rest } = attrs;
  const box = "checked" in attrs;
  return preactH(Field, { node: h(tag, rest), model: box ? Boolean(checked) : value === undefined || value === null ? "" : String(value), box, key: attrs.key });
}

class Field extends Component {
  componentDidMount() {
    this.sync();
  }
  componentDidUpdate(prev) {
    if (prev.model !== this.props.model) this.sync();
  }
  sync() {
    const node = this.base;
    if (!node) return;
    if (this.props.box) node.checked = this.props.model;
    else if (node.value !== this.props.model) node.value = this.props.model;
  }
  render() {
    return this.props.node;
  }
}

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Add a class for one animation run (skipped for reduced motion). */
export function flash(node, cls) {
  if (!node || reducedMotion()) return;
  node.classList.remove(cls);
  void node.offsetWidth;
  node.classList.add(cls);
  node.addEventListener("animationend", () => node.classList.remove(cls), { once: true });
}

// A short vibration where the phone allows it (one implementation, in sound.js: it knows the mute switch)
export { buzz } from "./sound.js";
