import { jsonConverter } from "./codecs.js";
import { assignable } from "./driver.js";
import type { SqlColumn } from "./model.js";

/** Turns a row read by a driver (an array, in the order of the columns it read) into the JSON its columns' schemas describe. */
export type RowEncoder = (row: readonly unknown[]) => Record<string, unknown>;

/**
 * The encoder of rows holding `columns`, read as `read` names them (a result set's columns), built once per statement
 * (compile once, run per row): each column's converter and place in the row are found here, so encoding a row is one
 * small call per value and one object, in `columns` order. Only `columns` are kept; one the statement did not read is
 * null.
 */
export function rowEncoder(columns: readonly SqlColumn[], read: readonly string[]): RowEncoder {
  const names = columns.map((c) => c.name);
  const places = names.map((name) => read.indexOf(name));
  const converters = columns.map((c) => jsonConverter(c.codec));
  const count = names.length;
  if (!assignable(names)) {
    return (row) => Object.fromEntries(names.map((name, i) => [name, converters[i]!(row[places[i]!])]));
  }
  return (row) => {
    const json: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) json[names[i]!] = converters[i]!(row[places[i]!]);
    return json;
  };
}

/**
 * The rows that fit in `maxBytes` of JSON, first ones first: the byte cap that stands beside the row limit, so a
 * page of wide rows cannot flood the model's context. `cut` says rows were left out; `json` is the kept rows' JSON
 * (what `JSON.stringify(rows)` gives), which the text block reuses (see `withRowsJson`).
 */
export function withinBytes<T>(rows: T[], maxBytes: number): { rows: T[]; cut: boolean; json: string } {
  // Most pages fit: one serialisation of the whole page tells (the bytes the loop below would add up, `[`, `]`,
  // the rows and a comma after each), and only a page that does not fit is measured row by row.
  // A UTF-16 unit is at most 3 bytes of UTF-8: a page that fits even so is not measured.
  const whole = JSON.stringify(rows);
  if (whole.length * 3 + 1 <= maxBytes || Buffer.byteLength(whole) + 1 <= maxBytes) {
    return { rows, cut: false, json: whole };
  }
  let used = 2;
  const kept: string[] = [];
  for (const row of rows) {
    const json = JSON.stringify(row);
    used += Buffer.byteLength(json) + 1;
    if (used > maxBytes) return { rows: rows.slice(0, kept.length), cut: true, json: `[${kept.join(",")}]` };
    kept.push(json);
  }
  return { rows, cut: false, json: whole };
}

const ROWS_JSON = Symbol("rows JSON");

/**
 * `result`, whose first member is `rows`, marked with those rows' JSON as `withinBytes` wrote it: `valueJson` then
 * writes the result without serialising the rows again. Not enumerable, so a copy of the result drops the mark.
 */
export function withRowsJson<T extends { rows: unknown[] }>(result: T, json: string): T {
  return Object.defineProperty(result, ROWS_JSON, { value: json, enumerable: false });
}

/** `JSON.stringify(value)`, the rows of a result marked by `withRowsJson` taken as they were written. */
export function valueJson(value: unknown): string {
  const rows = (value as { [ROWS_JSON]?: string } | null)?.[ROWS_JSON];
  if (rows === undefined) return JSON.stringify(value);
  const { rows: _written, ...rest } = value as Record<string, unknown>;
  const tail = JSON.stringify(rest);
  return tail === "{}" ? `{"rows":${rows}}` : `{"rows":${rows},${tail.slice(1)}`;
}
