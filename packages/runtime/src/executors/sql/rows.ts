import { toJson } from "./codecs.js";
import type { SqlColumn } from "./model.js";

/** A row read by a driver as JSON, by each column's codec; only `columns` are kept. */
export function rowToJson(row: Record<string, unknown>, columns: readonly SqlColumn[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c.name, toJson(row[c.name], c.codec)]));
}

/** A value of a column the executor knows nothing about (the `query` tool's results) as plain JSON. */
export function plainJson(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainJson);
  if (typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainJson(v)]));
  return value;
}

/**
 * The rows that fit in `maxBytes` of JSON, first ones first: the byte cap that stands beside the row limit, so a
 * page of wide rows cannot flood the model's context. `cut` says rows were left out.
 */
export function withinBytes<T>(rows: T[], maxBytes: number): { rows: T[]; cut: boolean } {
  let used = 2;
  for (const [i, row] of rows.entries()) {
    used += Buffer.byteLength(JSON.stringify(row)) + 1;
    if (used > maxBytes) return { rows: rows.slice(0, i), cut: true };
  }
  return { rows, cut: false };
}
