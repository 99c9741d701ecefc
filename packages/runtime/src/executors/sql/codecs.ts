import { ToolError } from "../../results/tool-error.js";
import type { SqlCodec, SqlDialect } from "./model.js";

/**
 * Values both ways between JSON and the drivers, by codec. What each driver hands back is settled in its module
 * (strings for 64-bit integers, decimals and dates); here is what is left: the JSON shape a client sees and the
 * value a driver binds.
 */

/** A driver's value as the JSON the column's schema describes. */
export function toJson(value: unknown, codec: SqlCodec): unknown {
  if (value === null || value === undefined) return null;
  switch (codec.kind) {
    case "integer":
      return typeof value === "bigint" || typeof value === "string" ? Number(value) : value;
    case "bigint":
    case "decimal":
      return typeof value === "string" ? value : String(value);
    case "float":
      return typeof value === "number" ? value : Number(value);
    case "boolean":
      return typeof value === "boolean" ? value : Number(value) !== 0 && value !== "f";
    case "bytes":
      return value instanceof Uint8Array ? Buffer.from(value).toString("base64") : String(value);
    case "json":
      return typeof value === "string" ? parseJson(value) : value;
    case "set":
      return typeof value === "string" ? (value === "" ? [] : value.split(",")) : value;
    case "array": {
      // PostgreSQL hands arrays of types it has no parser for (enums, domains) over as their text: `{a,"b c",NULL}`.
      const items = typeof value === "string" ? parseArrayLiteral(value) : value;
      return Array.isArray(items) ? items.map((v) => toJson(v, codec.element)) : items;
    }
    case "date":
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
    case "datetime":
      return value instanceof Date ? value.toISOString() : isoDateTime(String(value), codec.zoned);
    default:
      // Text, enums, uuids, times: a string, whatever the driver made of it (SQLite stores any value in any column).
      if (typeof value === "string") return value;
      if (value instanceof Date) return value.toISOString();
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

/** A one-dimensional PostgreSQL array literal as strings (and nulls); nested arrays as nested lists. */
export function parseArrayLiteral(text: string): unknown {
  let i = 0;
  function list(): unknown[] {
    const items: unknown[] = [];
    i++; // {
    while (i < text.length && text[i] !== "}") {
      if (text[i] === "{") items.push(list());
      else if (text[i] === '"') {
        let item = "";
        for (i++; text[i] !== '"'; i++) item += text[i] === "\\" ? text[++i] : text[i];
        i++;
        items.push(item);
      } else {
        const end = text.slice(i).search(/[,}]/);
        const item = text.slice(i, i + end);
        items.push(item === "NULL" ? null : item);
        i += end;
      }
      if (text[i] === ",") i++;
    }
    i++; // }
    return items;
  }
  return text.startsWith("{") ? list() : text;
}

/**
 * `2024-01-02 03:04:05+02` (PostgreSQL) as ISO 8601: `2024-01-02T03:04:05+02:00`. A zoned value read without an
 * offset is MySQL's TIMESTAMP, read in the session's time zone, which the driver sets to UTC: it gets `Z`.
 */
function isoDateTime(text: string, zoned: boolean): string {
  const iso = text.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00");
  return zoned && !/(Z|[+-]\d\d:?\d\d)$/.test(iso) ? `${iso}Z` : iso;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A JSON argument as the value bound for `column`. Wrong types are refused with the column's name: arguments are
 * checked against the schema first, but the executor may be called directly (and `list_rows` is untyped).
 */
export function toSql(value: unknown, codec: SqlCodec, dialect: SqlDialect, column: string): unknown {
  if (value === null) return null;
  const wrong = (what: string) =>
    new ToolError(`"${column}" takes ${what}, not ${JSON.stringify(value)?.slice(0, 80) ?? String(value)}.`);
  switch (codec.kind) {
    case "integer":
    case "float":
      if (typeof value === "number" && Number.isFinite(value)) return value;
      if (typeof value === "string" && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)) return Number(value);
      throw wrong("a number");
    case "bigint":
      if (typeof value === "number" && Number.isSafeInteger(value)) value = String(value);
      if (typeof value !== "string" || !/^-?\d+$/.test(value)) throw wrong("an integer (as a string of digits)");
      return dialect === "sqlite" ? BigInt(value) : value;
    case "decimal":
      if (typeof value === "number" && Number.isFinite(value)) return String(value);
      if (typeof value !== "string" || !/^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value))
        throw wrong("a decimal number");
      return value;
    case "boolean":
      if (typeof value !== "boolean") throw wrong("true or false");
      return dialect === "postgres" ? value : value ? 1 : 0;
    case "bytes":
      if (typeof value !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw wrong("base64 text");
      return Buffer.from(value, "base64");
    case "json":
      return JSON.stringify(value);
    case "enum":
      if (typeof value !== "string" || !codec.values.includes(value)) throw wrong(`one of ${codec.values.join(", ")}`);
      return value;
    case "set":
      if (!Array.isArray(value) || value.some((v) => typeof v !== "string" || !codec.values.includes(v))) {
        throw wrong(`a list of ${codec.values.join(", ")}`);
      }
      return value.join(",");
    case "array":
      if (!Array.isArray(value)) throw wrong("a list");
      return value.map((v) => toSql(v, codec.element, dialect, column));
    case "datetime":
      if (typeof value !== "string") throw wrong("an ISO 8601 date-time");
      if (dialect === "mysql") return mysqlDateTime(value, codec.zoned, wrong);
      // SQLite keeps date-times as text, `YYYY-MM-DD HH:MM:SS` (its own datetime() form), read as ISO 8601 with a
      // `T`: written back in its form, so a value read compares equal to the stored one (filters, cursors, keys).
      return dialect === "sqlite" ? value.replace(/^(\d{4}-\d\d-\d\d)T/, "$1 ") : value;
    default:
      if (typeof value !== "string") throw wrong("text");
      return value;
  }
}

/**
 * MySQL takes neither `T` nor an offset in DATETIME literals. The session's time zone is UTC (set on connect), so a
 * zoned value (TIMESTAMP) is written in UTC; a DATETIME keeps its wall-clock time.
 */
function mysqlDateTime(value: string, zoned: boolean, wrong: (what: string) => Error): string {
  const match = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d(?::\d\d(?:\.\d+)?)?)(Z|[+-]\d\d:?\d\d)?$/.exec(value);
  if (match === null) throw wrong("an ISO 8601 date-time");
  if (!zoned || match[3] === undefined) return `${match[1]} ${match[2]}`;
  const utc = new Date(value);
  if (Number.isNaN(utc.getTime())) throw wrong("an ISO 8601 date-time");
  return utc.toISOString().replace("T", " ").replace("Z", "");
}
