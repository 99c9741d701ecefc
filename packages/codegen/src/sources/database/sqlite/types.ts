/**
 * SQLite declared types -> codec and JSON Schema. SQLite stores any value in any column; what a declared type
 * promises is its affinity (https://sqlite.org/datatype3.html section 3.1), decided by substrings in order:
 * INT -> integer; CHAR, CLOB, TEXT -> text; BLOB or no type -> blob; REAL, FLOA, DOUB -> real; else numeric.
 * Within an affinity, the names applications give their columns (BOOLEAN, DATE, DATETIME, JSON, UUID, DECIMAL,
 * BIGINT) say more, and are read first where the affinity agrees. Names other engines give bytes (BINARY(16) for a
 * UUID's bytes, in Temporal's schema) have numeric affinity, which leaves a blob a blob: they are read as bytes.
 */

import type { MappedType } from "../shared/codecs.js";
import * as json from "../shared/codecs.js";

export function mapSqliteType(declared: string): MappedType {
  const upper = declared.toUpperCase();
  // MySQL's attributes (DBMail's `BOOLEAN unsigned`) say nothing of the value's kind.
  const name = upper
    .replace(/\(.*$/, "")
    .replace(/(?:\s+(?:UNSIGNED|SIGNED|ZEROFILL))+$/, "")
    .trim()
    .replace(/\s+/g, " ");
  if (upper.includes("INT")) return name === "BIGINT" || name === "INT8" ? json.bigint() : sqliteInteger();
  if (/CHAR|CLOB|TEXT/.test(upper)) return json.text();
  if (upper.includes("BLOB")) return json.bytes();
  if (name === "") return json.text(undefined, "a column without a declared type: any value, read as text");
  if (/REAL|FLOA|DOUB/.test(upper)) return json.float();
  return numericAffinity(name, upper);
}

/** SQLite integers are 64-bit, but few columns declared INTEGER hold values past 2^53: they stay numbers. */
function sqliteInteger(): MappedType {
  return { codec: { kind: "integer" }, schema: { type: "integer" } };
}

function numericAffinity(name: string, declared: string): MappedType {
  switch (name) {
    case "BOOLEAN":
    case "BOOL":
      return json.boolean();
    case "DATE":
      return json.date();
    case "DATETIME":
    case "TIMESTAMP":
    case "TIMESTAMP WITHOUT TIME ZONE":
      return json.datetime(false);
    // PostgreSQL's names, which schemas written for both engines keep (Zed's).
    case "TIMESTAMPTZ":
    case "TIMESTAMP WITH TIME ZONE":
      return json.datetime(true);
    // Ecto's (Elixir) type names, which its SQLite adapter writes as they are (FarmBot's schema): ISO 8601 text, a
    // UTC date-time with its `Z`, a naive one without; `id` an integer key, `binary_id` a UUID as text.
    case "UTC_DATETIME":
    case "UTC_DATETIME_USEC":
      return json.datetime(true);
    case "NAIVE_DATETIME":
    case "NAIVE_DATETIME_USEC":
      return json.datetime(false);
    case "ID":
      return sqliteInteger();
    case "BINARY_ID":
      return json.text(undefined, "an Ecto binary_id: a UUID, as text");
    case "TIME":
      return json.time(false);
    case "JSON":
    case "JSONB":
      return json.json();
    case "UUID":
      return json.uuid();
    case "BINARY":
    case "VARBINARY":
    case "BYTEA":
      return json.bytes();
    case "NUMERIC":
    case "DECIMAL": {
      const [precision, scale] = (/\((\d+)\s*(?:,\s*(\d+))?\)/.exec(declared) ?? []).slice(1).map(Number);
      return json.decimal(precision, Number.isNaN(scale) ? 0 : scale);
    }
  }
  return { ...json.text(undefined, `a ${name} value (numeric affinity), read as text`), unmapped: name };
}
