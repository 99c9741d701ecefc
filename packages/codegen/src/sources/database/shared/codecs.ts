/**
 * The codec and JSON Schema of each kind of value, shared by the three dialects' type mappers: a dialect decides
 * which kind a type is and its bounds; how that kind looks in JSON is written once, here.
 */
import { orNull, type SqlCodec, type SqlJsonSchema } from "@mcpsmith/runtime/sql";

export interface MappedType {
  codec: SqlCodec;
  schema: SqlJsonSchema & object;
  /** Set when no rule knew the type and it fell back to text: the source warns, naming the type. */
  unmapped?: string;
}

const INTEGER_TEXT = "^-?[0-9]+$";
const UNSIGNED_INTEGER_TEXT = "^[0-9]+$";
const DECIMAL_TEXT = "^-?[0-9]+(\\.[0-9]+)?$";
/** ISO 8601 without an offset (`date-time` and `time` formats require one). */
const LOCAL_DATE_TIME = "^[0-9]{4,}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?$";
const LOCAL_DATE = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
const LOCAL_TIME = "^-?[0-9]{2,}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?$";

export function integer(minimum: number, maximum: number): MappedType {
  return { codec: { kind: "integer" }, schema: { type: "integer", minimum, maximum } };
}

/** 64-bit integers: a JSON number past 2^53 loses digits, so they travel as decimal strings. */
export function bigint(unsigned = false): MappedType {
  const pattern = unsigned ? UNSIGNED_INTEGER_TEXT : INTEGER_TEXT;
  return { codec: { kind: "bigint" }, schema: { type: "string", pattern, description: "a 64-bit integer, as text" } };
}

/** Exact decimals travel as strings; `extra` lets PostgreSQL's numeric add NaN and infinities. */
export function decimal(precision?: number, scale?: number, extra: string[] = []): MappedType {
  const pattern = extra.length === 0 ? DECIMAL_TEXT : `^(-?[0-9]+(\\.[0-9]+)?|${extra.join("|")})$`;
  const size = precision === undefined ? "" : ` (${precision} digits, ${scale ?? 0} after the point)`;
  return {
    codec: { kind: "decimal" },
    schema: { type: "string", pattern, description: `an exact decimal${size}, as text` },
  };
}

export function float(): MappedType {
  return { codec: { kind: "float" }, schema: { type: "number" } };
}

export function boolean(): MappedType {
  return { codec: { kind: "boolean" }, schema: { type: "boolean" } };
}

export function text(maxLength?: number, description?: string): MappedType {
  const schema: Record<string, unknown> = { type: "string" };
  if (maxLength !== undefined && maxLength > 0) schema.maxLength = maxLength;
  if (description !== undefined) schema.description = description;
  return { codec: { kind: "text" }, schema };
}

export function uuid(): MappedType {
  return { codec: { kind: "uuid" }, schema: { type: "string", format: "uuid" } };
}

export function json(): MappedType {
  return { codec: { kind: "json" }, schema: { description: "any JSON value" } };
}

export function bytes(): MappedType {
  return { codec: { kind: "bytes" }, schema: { type: "string", contentEncoding: "base64" } };
}

/**
 * A calendar date. MySQL keeps dates no calendar has, unless its SQL mode forbids them (MariaDB's default does not): a
 * zero date `0000-00-00`, a legacy schema's usual default (OpenCart's, WordPress's), and zero parts (`2024-00-00`).
 * The `date` format refuses those, and with them every page holding one, so MySQL's dates are a pattern of the same
 * shape instead.
 */
export function date({ zeroParts = false } = {}): MappedType {
  const schema = zeroParts
    ? {
        type: "string",
        pattern: LOCAL_DATE,
        description: "a date (YYYY-MM-DD; MySQL allows 0000-00-00 and zero parts)",
      }
    : { type: "string", format: "date" };
  return { codec: { kind: "date" }, schema };
}

/** `zoned` times carry an offset (the `time` format); others are local times (or MySQL's durations). */
export function time(zoned: boolean, description?: string): MappedType {
  const schema: Record<string, unknown> = zoned
    ? { type: "string", format: "time" }
    : { type: "string", pattern: LOCAL_TIME };
  if (description !== undefined) schema.description = description;
  return { codec: { kind: "time" }, schema };
}

export function datetime(zoned: boolean): MappedType {
  const schema = zoned
    ? { type: "string", format: "date-time" }
    : { type: "string", pattern: LOCAL_DATE_TIME, description: "a date and time without a time zone" };
  return { codec: { kind: "datetime", zoned }, schema };
}

export function enumeration(values: string[]): MappedType {
  return { codec: { kind: "enum", values }, schema: { type: "string", enum: values } };
}

/** MySQL SET: the members present, each at most once. */
export function set(values: string[]): MappedType {
  return {
    codec: { kind: "set", values },
    schema: { type: "array", items: { type: "string", enum: values }, uniqueItems: true },
  };
}

/** A PostgreSQL array: any item may be NULL, whatever the column's own NOT NULL says. */
export function array(element: MappedType, dimensions = 1): MappedType {
  let mapped = element;
  for (let level = 0; level < Math.max(1, dimensions); level++) {
    mapped = {
      codec: { kind: "array", element: mapped.codec },
      schema: { type: "array", items: orNull(mapped.schema) },
    };
  }
  return mapped;
}

/**
 * An ISO 8601 duration as PostgreSQL writes intervals in its `iso_8601` style: each part may be negative and the
 * seconds fractional (`P1Y2M-3DT4H5M6.5S`), which JSON Schema's `duration` format (RFC 3339) does not allow, so a
 * pattern says the shape instead of the format and clients that check formats accept every interval.
 */
const ISO_DURATION =
  "^-?P(?=.)(-?[0-9]+Y)?(-?[0-9]+M)?(-?[0-9]+W)?(-?[0-9]+D)?(T(?=-?[0-9.])(-?[0-9]+H)?(-?[0-9]+M)?(-?[0-9]+(\\.[0-9]+)?S)?)?$";

export function interval(): MappedType {
  return {
    codec: { kind: "interval" },
    schema: {
      type: "string",
      pattern: ISO_DURATION,
      description: "an ISO 8601 duration (P1Y2M3DT4H5M6S; parts may be negative, seconds fractional)",
    },
  };
}

/** PostgreSQL money: an exact decimal, read and written through numeric so the server's locale plays no part. */
export function money(): MappedType {
  return {
    codec: { kind: "money" },
    schema: { type: "string", pattern: DECIMAL_TEXT, description: "an amount of money (an exact decimal), as text" },
  };
}

/** A spatial value (MySQL's POINT, POLYGON, GEOMETRY, ...) as WKT, the form it is read, compared and written in. */
export function geometry(type: string): MappedType {
  return {
    codec: { kind: "geometry" },
    schema: { type: "string", description: `a ${type} as WKT (well-known text), such as POINT(1 2)` },
  };
}

export function xml(): MappedType {
  return {
    codec: { kind: "xml" },
    schema: { type: "string", contentMediaType: "application/xml", description: "an XML document or fragment" },
  };
}

/**
 * A PostgreSQL range as `{ lower, upper, lowerInclusive, upperInclusive, empty }`: bounds are values of the element
 * (`subtype`, its SQL name) or null where the range is unbounded. Discrete ranges (int4range, int8range, daterange)
 * come back in PostgreSQL's canonical `[)` form whatever bounds were written.
 */
export function range(element: MappedType, subtype: string): MappedType {
  const bound = { anyOf: [element.schema, { type: "null" }] };
  return {
    codec: { kind: "range", element: element.codec, subtype },
    schema: {
      type: "object",
      description:
        "a range: null bounds are unbounded; lowerInclusive defaults to true and upperInclusive to false; " +
        "{ empty: true } is the empty range",
      properties: {
        lower: bound,
        upper: bound,
        lowerInclusive: { type: "boolean" },
        upperInclusive: { type: "boolean" },
        empty: { type: "boolean" },
      },
      additionalProperties: false,
    },
  };
}

/** A PostgreSQL multirange: its ranges, in order, as {@link range} writes each. */
export function multirange(element: MappedType, subtype: string): MappedType {
  const one = range(element, subtype);
  return {
    codec: { kind: "multirange", element: element.codec, subtype },
    schema: { type: "array", items: one.schema, description: "ranges that do not overlap, in order" },
  };
}

/**
 * A composite (row) type: an object of its attributes, each of which may be null. `sqlName` is the type as SQL
 * names it (quoted, schema-qualified), for the cast a row literal needs.
 */
export function composite(name: string, sqlName: string, attributes: { name: string; type: MappedType }[]): MappedType {
  return {
    codec: {
      kind: "composite",
      type: sqlName,
      attributes: attributes.map((a) => ({ name: a.name, codec: a.type.codec })),
    },
    schema: {
      type: "object",
      description: `a value of the composite type ${name}`,
      properties: Object.fromEntries(attributes.map((a) => [a.name, orNull(a.type.schema)])),
      additionalProperties: false,
    },
  };
}
