// Any JSON value shown readably: an object as a definition list, a list of objects as a table
// (one column per key), a list of plain values as a short line, booleans as yes/no. Keys are
// humanised ("turn_total" -> "turn total"); a row or entry of this browser's seat is marked.
import { h } from "../dom.js";
import { humanise, t } from "../i18n.js";

function isPlain(value) {
  return value === null || typeof value !== "object";
}

function plain(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? t("board.yes") : t("board.no");
  return String(value);
}

function isMine(value, seat) {
  return seat && value && typeof value === "object" && !Array.isArray(value) && value.seat === seat;
}

function table(rows, seat, depth) {
  const columns = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const head = h("tr", {}, ...columns.map((key) => h("th", { scope: "col", text: humanise(key) })));
  const body = rows.map((row) => h("tr", { class: isMine(row, seat) && "mine", dataset: row.seat !== undefined ? { seat: row.seat } : {} },
    ...columns.map((key) => h("td", { dataset: { key } }, key in row ? renderValue(row[key], seat, depth + 1) : "")),
  ));
  return h("table", { class: "view-table" }, h("thead", {}, head), h("tbody", {}, ...body));
}

/** The value as DOM: text for plain values, a table or a definition list for the others. */
export function renderValue(value, seat = null, depth = 0) {
  if (isPlain(value)) return h("span", { class: ["view-value", typeof value], text: plain(value) });
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "view-value empty", text: t("board.empty") });
    if (value.every(isPlain)) return h("span", { class: "view-value list", text: value.map(plain).join(", ") });
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) return table(value, seat, depth);
    return h("ol", { class: "view-list" }, ...value.map((v) => h("li", {}, renderValue(v, seat, depth + 1))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return h("span", { class: "view-value empty", text: t("board.empty") });
  const list = h("dl", { class: ["view-dl", depth && "nested"] });
  for (const [key, sub] of entries) {
    list.append(h("dt", { text: humanise(key) }), h("dd", { class: isMine(sub, seat) && "mine", dataset: { key } }, renderValue(sub, seat, depth + 1)));
  }
  return list;
}
