/** How a column is written where its values are compared: filters, ORDER BY and keyset cursors. */
import { ToolError } from "../../results/tool-error.js";
import { crossing } from "./crossing.js";
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

/**
 * MySQL compares a BIT column with a binary string as a number against the string's number (`b'0011000100110010'`,
 * read as the bytes `12`, never equals them): its bytes, as read, are compared instead (Jorani's permission masks).
 */
const MYSQL_BIT = /^bit\b/i;

export function comparedName(column: SqlColumn, w: StatementWriter): string {
  const name = w.name(column.name);
  if (w.dialect === "mysql" && column.codec.kind === "bytes" && MYSQL_BIT.test(column.nativeType)) {
    return `CAST(${name} AS BINARY)`;
  }
  // A spatial value is compared in the form it is read in, its WKT (crossing.ts).
  if (column.codec.kind === "geometry") return crossing(column.codec, w.syntax.quote)!.read!(name);
  if (w.dialect === "sqlite" && column.codec.kind === "datetime") return `replace(${name}, 'T', ' ')`;
  const asText =
    w.dialect === "postgres" && column.codec.kind === "text" && !POSTGRES_STRING_TYPE.test(column.nativeType);
  if (!asText) return name;
  return POSTGRES_INET.test(column.nativeType) ? `abbrev(${name})` : `${name}::text`;
}

/**
 * An operand compared with `comparedName(column)`, in the same form: a spatial value as its WKT, as the column is
 * compared; any other as the column's type takes it.
 */
export function comparedValue(column: SqlColumn, value: unknown, w: StatementWriter): string {
  return column.codec.kind === "geometry" ? w.value(value) : w.typed(value, column.codec);
}

/**
 * MySQL orders an ENUM by its members' places in the type and a SET by its number (a bit per member), but compares
 * either with a string as that string: a cursor's "after" test on one compares `column + 0` with the value's number,
 * as ORDER BY does, or the next page would follow the alphabet (Gibbon's roles ordered by `category`). Undefined for
 * any other column.
 */
export function orderedNumber(column: SqlColumn, value: unknown, w: StatementWriter): number | undefined {
  const { codec } = column;
  if (w.dialect !== "mysql" || (codec.kind !== "enum" && codec.kind !== "set")) return undefined;
  const members = Array.isArray(value) ? value : codec.kind === "set" ? [] : [value];
  let number = 0;
  for (const member of members) {
    const place = codec.values.indexOf(member as string);
    if (place < 0) throw new ToolError(`cursor: "${column.name}" holds no member ${JSON.stringify(member)}.`);
    number = codec.kind === "enum" ? place + 1 : number + 2 ** place;
  }
  return number;
}
