import { jsonConverter } from "./codecs.js";
import { assignable } from "./driver.js";
import type { SqlColumn } from "./model.js";

/** Turns a row read by a driver into the JSON its columns' schemas describe. */
export type RowEncoder = (row: Record<string, unknown>) => Record<string, unknown>;

/**
 * The encoder of rows holding `columns`, built once per statement (compile once, run per row): each column's
 * converter is chosen here, so encoding a row is one small call per value and one object, in `columns` order. Only
 * `columns` are kept.
 */
export function rowEncoder(columns: readonly SqlColumn[]): RowEncoder {
  const names = columns.map((c) => c.name);
  const converters = columns.map((c) => jsonConverter(c.codec));
  const count = names.length;
  if (!assignable(names)) return (row) => Object.fromEntries(names.map((name, i) => [name, converters[i]!(row[name])]));
  return (row) => {
    const json: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      const name = names[i]!;
      json[name] = converters[i]!(row[name]);
    }
    return json;
  };
}

/**
 * The rows that fit in `maxBytes` of JSON, first ones first: the byte cap that stands beside the row limit, so a
 * page of wide rows cannot flood the model's context. `cut` says rows were left out.
 */
export function withinBytes<T>(rows: T[], maxBytes: number): { rows: T[]; cut: boolean } {
  // Most pages fit: one serialisation of the whole page tells (the bytes the loop below would add up, `[`, `]`,
  // the rows and a comma after each), and only a page that does not fit is measured row by row.
  if (Buffer.byteLength(JSON.stringify(rows)) + 1 <= maxBytes) return { rows, cut: false };
  let used = 2;
  for (const [i, row] of rows.entries()) {
    used += Buffer.byteLength(JSON.stringify(row)) + 1;
    if (used > maxBytes) return { rows: rows.slice(0, i), cut: true };
  }
  return { rows, cut: false };
}
