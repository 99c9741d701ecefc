import { ToolError } from "../../results/tool-error.js";
import { carriesMoney } from "./crossing.js";
import type { SqlCodec, SqlDialect } from "./model.js";
import {
  formatRangeLiteral,
  formatRecordLiteral,
  parseArrayLiteral,
  parseMultirangeLiteral,
  parseRangeLiteral,
  parseRecordLiteral,
  quoteItem,
  type RangeText,
} from "./pg-literals.js";

/**
 * Values both ways between JSON and the drivers, by codec. What each driver hands back is settled in its module
 * (strings for 64-bit integers, decimals and dates); here is what is left: the JSON shape a client sees and the
 * value a driver binds.
 */

/** Converts one value a driver read into the JSON a column's schema describes. */
export type JsonConverter = (value: unknown) => unknown;

/**
 * The converter of `codec`, chosen once per column (rows.ts builds a row's converters when it compiles the row's
 * encoder), so converting a value is one call to a small function rather than a dispatch on the codec per value.
 * Null and undefined (a column the driver left out) are null for every codec.
 */
export function jsonConverter(codec: SqlCodec): JsonConverter {
  switch (codec.kind) {
    case "integer":
      return (value) =>
        value == null ? null : typeof value === "bigint" || typeof value === "string" ? Number(value) : value;
    case "bigint":
    case "decimal":
    case "money":
    case "geometry":
      return (value) => (value == null ? null : typeof value === "string" ? value : String(value));
    case "float":
      return (value) => (value == null ? null : typeof value === "number" ? value : Number(value));
    case "boolean":
      // MySQL's BIT(1) comes as one byte.
      return (value) =>
        value == null
          ? null
          : typeof value === "boolean"
            ? value
            : value instanceof Uint8Array
              ? value.some((byte) => byte !== 0)
              : Number(value) !== 0 && value !== "f";
    case "bytes":
      return (value) =>
        value == null ? null : value instanceof Uint8Array ? Buffer.from(value).toString("base64") : String(value);
    case "json":
      // Text is parsed; a value the driver parsed already is made plain (SQLite's 64-bit integers are bigints).
      return (value) => (value == null ? null : typeof value === "string" ? parseJson(value) : plainJson(value));
    case "set":
      return (value) =>
        value == null ? null : typeof value === "string" ? (value === "" ? [] : value.split(",")) : value;
    case "array": {
      const element = jsonConverter(codec.element);
      // PostgreSQL hands arrays of types it has no parser for (enums, domains, rows) over as their text:
      // `{a,"b c",NULL}`, whose items are their own type's text.
      return (value) => {
        if (value == null) return null;
        if (typeof value === "string") return fromText(value, codec);
        return Array.isArray(value) ? value.map(element) : value;
      };
    }
    case "range":
    case "multirange":
    case "composite":
      return (value) => (value == null ? null : typeof value === "string" ? fromText(value, codec) : value);
    case "date":
      return (value) =>
        value == null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
    case "datetime": {
      const { zoned } = codec;
      return (value) =>
        value == null ? null : value instanceof Date ? value.toISOString() : isoDateTime(String(value), zoned);
    }
    default:
      // Text, enums, uuids, times: a string, whatever the driver made of it (SQLite stores any value in any column).
      return textOf;
  }
}

/** One value converted on its own (nested text forms, tests); rows go through `jsonConverter`, chosen once. */
export function toJson(value: unknown, codec: SqlCodec): unknown {
  return jsonConverter(codec)(value);
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

function textOf(value: unknown): unknown {
  if (value == null) return null;
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  // A blob in a column SQLite let it into (an untyped or ANY column, or a TEXT one): written as `bytes` write it.
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * A value in PostgreSQL's text form (an item of an array, a range's bound, a row's attribute) as JSON: what the
 * driver would have made of it had it come alone, then what `toJson` makes of that.
 */
export function fromText(text: unknown, codec: SqlCodec): unknown {
  if (text === null || text === undefined) return null;
  if (typeof text !== "string")
    return Array.isArray(text) && codec.kind === "array" ? arrayFromText(text, codec) : text;
  switch (codec.kind) {
    case "bytes":
      // bytea's text is `\x` and hex digits.
      return text.startsWith("\\x") ? Buffer.from(text.slice(2), "hex").toString("base64") : text;
    case "array": {
      const items = parseArrayLiteral(text);
      return Array.isArray(items) ? arrayFromText(items, codec) : items;
    }
    case "range":
      return rangeJson(parseRangeLiteral(text), codec.element);
    case "multirange":
      return parseMultirangeLiteral(text).map((range) => rangeJson(range, codec.element));
    case "composite": {
      const fields = parseRecordLiteral(text);
      return Object.fromEntries(codec.attributes.map((a, i) => [a.name, fromText(fields[i] ?? null, a.codec)]));
    }
    default:
      return toJson(text, codec);
  }
}

function arrayFromText(items: unknown[], codec: SqlCodec & { kind: "array" }): unknown[] {
  return items.map((item) => fromText(item, codec.element));
}

function rangeJson(range: RangeText, element: SqlCodec): Record<string, unknown> {
  return {
    lower: fromText(range.lower, element),
    upper: fromText(range.upper, element),
    lowerInclusive: range.lowerInclusive,
    upperInclusive: range.upperInclusive,
    empty: range.empty,
  };
}

/** PostgreSQL's timestamps (and range bounds) past every other: kept as the words, which their schemas admit. */
const INFINITE = new Set(["infinity", "-infinity"]);

/**
 * `2024-01-02 03:04:05+02` (PostgreSQL) as ISO 8601: `2024-01-02T03:04:05+02:00`. A zoned value read without an
 * offset is MySQL's TIMESTAMP, read in the session's time zone, which the driver sets to UTC: it gets `Z`.
 */
function isoDateTime(text: string, zoned: boolean): string {
  if (INFINITE.has(text)) return text;
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
    case "money":
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
    case "geometry":
      if (typeof value !== "string") throw wrong("a geometry as WKT (well-known text), such as POINT(1 2)");
      return value;
    case "set":
      if (!Array.isArray(value) || value.some((v) => typeof v !== "string" || !codec.values.includes(v))) {
        throw wrong(`a list of ${codec.values.join(", ")}`);
      }
      return value.join(",");
    case "array":
      if (!Array.isArray(value)) throw wrong("a list");
      return value.map((v) => toSql(v, codec.element, dialect, column));
    case "range":
      return formatRangeLiteral(rangeText(value, codec.element, column, wrong));
    case "multirange":
      if (!Array.isArray(value)) throw wrong("a list of ranges");
      return `{${value.map((range) => formatRangeLiteral(rangeText(range, codec.element, column, wrong))).join(",")}}`;
    case "composite": {
      if (typeof value !== "object" || Array.isArray(value)) throw wrong("an object");
      const names = new Set(codec.attributes.map((a) => a.name));
      const unknown = Object.keys(value).find((name) => !names.has(name));
      if (unknown !== undefined) throw wrong(`an object of ${[...names].join(", ")} (no "${unknown}")`);
      const fields = codec.attributes.map((a) =>
        toText((value as Record<string, unknown>)[a.name] ?? null, a.codec, `${column}.${a.name}`),
      );
      // A row holding money is put together by the statement, attribute by attribute (crossing.ts).
      return carriesMoney(codec) ? fields : formatRecordLiteral(fields);
    }
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

const RANGE_KEYS = new Set(["lower", "upper", "lowerInclusive", "upperInclusive", "empty"]);

/**
 * `{ lower, upper, lowerInclusive, upperInclusive, empty }` as a range's bounds in text. A missing or null bound is
 * unbounded; the inclusiveness left out is PostgreSQL's default, `[)`.
 */
function rangeText(value: unknown, element: SqlCodec, column: string, wrong: (what: string) => Error): RangeText {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw wrong("a range: { lower, upper, lowerInclusive, upperInclusive } or { empty: true }");
  }
  const range = value as Record<string, unknown>;
  const unknown = Object.keys(range).find((key) => !RANGE_KEYS.has(key));
  if (unknown !== undefined)
    throw wrong(`a range (no "${unknown}": lower, upper, lowerInclusive, upperInclusive, empty)`);
  for (const flag of ["lowerInclusive", "upperInclusive", "empty"]) {
    if (range[flag] !== undefined && typeof range[flag] !== "boolean")
      throw wrong(`a range whose ${flag} is true or false`);
  }
  if (range.empty === true)
    return { empty: true, lower: null, upper: null, lowerInclusive: false, upperInclusive: false };
  return {
    empty: false,
    lower: toText(range.lower ?? null, element, `${column}.lower`),
    upper: toText(range.upper ?? null, element, `${column}.upper`),
    lowerInclusive: range.lowerInclusive !== false,
    upperInclusive: range.upperInclusive === true,
  };
}

/**
 * A JSON value as PostgreSQL's text form of its type: an item inside a row, range or array literal, where the
 * driver's own conversions do not reach. Checked by `toSql` first, so what it refuses is refused here alike.
 */
export function toText(value: unknown, codec: SqlCodec, column: string): string | null {
  if (value === null) return null;
  switch (codec.kind) {
    case "array": {
      if (!Array.isArray(value)) toSql(value, codec, "postgres", column);
      const items = (value as unknown[]).map((item) => {
        const text = toText(item, codec.element, column);
        // Nested lists are sub-arrays, written as they are; anything else is one quoted item.
        return text === null ? "NULL" : codec.element.kind === "array" ? text : quoteItem(text);
      });
      return `{${items.join(",")}}`;
    }
    case "boolean":
      return toSql(value, codec, "postgres", column) ? "t" : "f";
    case "bytes":
      return `\\x${(toSql(value, codec, "postgres", column) as Buffer).toString("hex")}`;
    default:
      return String(toSql(value, codec, "postgres", column));
  }
}
