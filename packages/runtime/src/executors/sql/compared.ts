/** How a column is written where its values are compared: filters, ORDER BY and keyset cursors. */
import type { StatementWriter } from "./dialect.js";
import type { SqlColumn } from "./model.js";

/**
 * PostgreSQL types read as text that are not strings (network addresses, geometric types, text search types, ...)
 * lack `=` or LIKE of their own, or give them other meanings: they are filtered and ordered by their text form, the
 * form their values take in JSON, in operands and in cursors. String types (and domains the catalog names as such)
 * keep their own operators: citext's case rules, indexes on the column.
 *
 * SQLite keeps date-times as text in whichever form was written: `2024-01-02 03:04:05` (its own functions' form) or
 * ISO 8601's `2024-01-02T03:04:05`. Values are read as ISO and bound in SQLite's form (codecs.ts), so the column is
 * compared in SQLite's form too, whatever a row holds.
 */
const POSTGRES_STRING_TYPE = /^(character varying|varchar|character|char|bpchar|text|citext|name)\b/i;

/**
 * The one such type whose cast to text is not the text it is read in: `inet` keeps a host's `/32` (or `/128`), which
 * its output leaves out, so `10.0.0.2` as read would never equal, and always sort before, the column's `::text`.
 * `abbrev()` gives the output's form (PostgreSQL's manual: "the same as the inet output function produces").
 */
const POSTGRES_INET = /^inet$/i;

export function comparedName(column: SqlColumn, w: StatementWriter): string {
  const name = w.name(column.name);
  if (w.dialect === "sqlite" && column.codec.kind === "datetime") return `replace(${name}, 'T', ' ')`;
  const asText =
    w.dialect === "postgres" && column.codec.kind === "text" && !POSTGRES_STRING_TYPE.test(column.nativeType);
  if (!asText) return name;
  return POSTGRES_INET.test(column.nativeType) ? `abbrev(${name})` : `${name}::text`;
}
