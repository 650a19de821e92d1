// A new game's options form built from the JSON Schema of the game's options (/api/meta):
// booleans as checkboxes (a choice of default / yes / no where the option may be left unset),
// enums as selects, numbers with their minimum and maximum, fixed-length lists of enums (an army
// per seat) as one select per item, other lists as comma-separated text.
import { h } from "./dom.js";
import { humanise, t } from "./i18n.js";
import { capital, splitRules } from "./words.js";

function resolve(schema, root) {
  if (schema && schema.$ref) {
    const name = schema.$ref.split("/").pop();
    return resolve((root.$defs || root.definitions || {})[name] || {}, root);
  }
  if (schema && schema.allOf && schema.allOf.length === 1) return resolve(schema.allOf[0], root);
  return schema || {};
}

/** The property's schema without a null alternative, and whether null is allowed. */
function unwrap(schema, root) {
  const own = resolve(schema, root);
  const choices = own.anyOf || own.oneOf;
  if (choices) {
    const kept = choices.map((c) => resolve(c, root)).filter((c) => c.type !== "null");
    const nullable = kept.length < choices.length;
    if (kept.length === 1) return { ...kept[0], title: own.title, description: own.description, default: own.default, nullable };
  }
  return { ...own, nullable: false };
}

function enumOf(schema) {
  if (schema.enum) return schema.enum;
  if (schema.const !== undefined) return [schema.const];
  return null;
}

function selectOf(name, id, values, chosen, labels = {}) {
  const el = h("select", { name, id });
  for (const value of values) {
    el.append(h("option", { value: JSON.stringify(value), selected: value === chosen, text: labels[value] ?? String(value) }));
  }
  return el;
}

/** The control of one property and a reader of its value (undefined: leave it unset). */
function control(key, prop, current, root) {
  const id = `opt-${key}`;
  const values = enumOf(prop);
  if (prop.type === "boolean" && prop.nullable) {
    const choices = [null, true, false];
    const labels = { null: t("lobby.default"), true: t("lobby.yes"), false: t("lobby.no") };
    const el = selectOf(key, id, choices, current ?? null, labels);
    return { el, read: () => JSON.parse(el.value) ?? undefined };
  }
  if (prop.type === "boolean") {
    const el = h("input", { type: "checkbox", name: key, id, checked: Boolean(current) });
    return { el, read: () => el.checked };
  }
  if (values) {
    const el = selectOf(key, id, values, current);
    return { el, read: () => JSON.parse(el.value) };
  }
  if (prop.type === "integer" || prop.type === "number") {
    const el = h("input", {
      type: "number", name: key, id, value: current ?? "", required: !prop.nullable,
      min: prop.minimum ?? (prop.exclusiveMinimum !== undefined ? prop.exclusiveMinimum + 1 : undefined),
      max: prop.maximum ?? (prop.exclusiveMaximum !== undefined ? prop.exclusiveMaximum - 1 : undefined),
      step: prop.type === "integer" ? 1 : "any",
    });
    return { el, read: () => (el.value === "" ? undefined : Number(el.value)) };
  }
  if (prop.type === "array") {
    const items = unwrap(prop.items || {}, root);
    const itemValues = enumOf(items);
    const fixed = prop.minItems !== undefined && prop.minItems === prop.maxItems ? prop.minItems : null;
    if (itemValues && fixed) {
      const selects = [];
      for (let i = 0; i < fixed; i++) {
        const chosen = Array.isArray(current) ? current[i] : itemValues[0];
        selects.push(selectOf(`${key}.${i}`, `${id}-${i + 1}`, itemValues, chosen));
      }
      const el = h("span", { class: "option-items" }, ...selects.map((s, i) => h("label", { class: "inline" }, h("span", { class: "muted", text: `${i + 1}.` }), s)));
      return { el, read: () => selects.map((s) => JSON.parse(s.value)) };
    }
    const el = h("input", { type: "text", name: key, id, value: Array.isArray(current) ? current.join(", ") : "" });
    const number = items.type === "integer" || items.type === "number";
    return {
      el,
      read: () => {
        const parts = el.value.split(",").map((p) => p.trim()).filter(Boolean);
        return number ? parts.map(Number) : parts;
      },
    };
  }
  if (prop.type === "string") {
    const el = h("input", { type: "text", name: key, id, value: current ?? "", maxLength: prop.maxLength });
    return { el, read: () => (el.value === "" && prop.nullable ? undefined : el.value) };
  }
  return null; // objects and the like: left to their defaults
}

/**
 * The form of a game's options: {element, values()}. `defaults` are the game's, `saved` what this
 * browser chose last time; `onChange(values)` follows every change.
 */
export function schemaForm(schema, defaults = {}, saved = {}, onChange = () => {}) {
  const element = h("div", { class: "schema-form", id: "options-form" });
  const readers = {};
  for (const [key, raw] of Object.entries(schema.properties || {})) {
    const prop = unwrap(raw, schema);
    const current = key in saved ? saved[key] : key in defaults ? defaults[key] : prop.default;
    const made = control(key, prop, current, schema);
    if (!made) continue;
    readers[key] = made.read;
    made.el.addEventListener("change", () => onChange(values()));
    const label = h("label", { class: "field-label", for: made.el.id || undefined, text: capital(prop.title || humanise(key)) });
    // a description's rule numbers go to the tooltip, its words stay
    const about = splitRules(prop.description);
    if (about.rules) label.title = t("result.rule", { rule: about.rules });
    const hint = about.text ? h("div", { class: "muted small hint", title: label.title || null, text: capital(about.text) }) : null;
    element.append(h("div", { class: "field", dataset: { option: key } }, label, h("div", { class: "field-control" }, made.el, hint)));
  }
  function values() {
    const out = {};
    for (const [key, read] of Object.entries(readers)) {
      const value = read();
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  return { element, values };
}
