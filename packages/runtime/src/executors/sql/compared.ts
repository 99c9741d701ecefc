/** How a column is written where its values are compared: filters, ORDER BY and keyset cursors. */
import type { StatementWriter } from "./dialect.js";
import type { SqlColumn } from "./model.js";

/**
 * PostgreSQL types read as text that are not strings (xml, intervals, network addresses, geometric types, ...) lack
 * `=` or LIKE of their own, or give them other meanings: they are filtered and ordered by their text form, the
 * form their values take in JSON, in operands and in cursors. String types (and domains the catalog names as such) keep their own
 * operators: citext's case rules, indexes on the column.
 */
const POSTGRES_STRING_TYPE = /^(character varying|varchar|character|char|bpchar|text|citext|name)\b/i;

export function comparedName(column: SqlColumn, w: StatementWriter): string {
  const name = w.name(column.name);
  const asText =
    w.dialect === "postgres" && column.codec.kind === "text" && !POSTGRES_STRING_TYPE.test(column.nativeType);
  return asText ? `${name}::text` : name;
}
