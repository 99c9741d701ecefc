import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fromText, jsonConverter, toJson, toSql, toText } from "./codecs.js";
import type { SqlCodec } from "./model.js";
import { rowEncoder } from "./rows.js";

/**
 * What each codec made of each of these values before converters were chosen once per column (the per-value
 * `switch` they replaced, run once to write json-codecs.fixture.json): the converters must answer the same, but
 * for the `json` codec's values a driver parsed already, which are now made plain JSON (bigints, bytes), and for
 * text that arrays read through pg-literals.ts's parser: a nested literal is nested lists, and text that is no
 * array literal is refused by name instead of overflowing the stack; and bytes in a text-like column (SQLite lets a
 * blob into any column), base64 as the `bytes` codec writes them, not the JSON of a Buffer object. The
 * fixture writes what JSON cannot hold as `BIGINT:`, `NUM:` and `UNDEF`, and a conversion that threw as `THROWS`.
 */
const INPUTS: Record<string, unknown> = {
  null: null,
  undefined: undefined,
  bigint: 12n,
  "big bigint": 9007199254740993n,
  number: 42,
  float: 1.5,
  zero: 0,
  "string number": "17",
  "string text": "hello",
  empty: "",
  "string f": "f",
  "string t": "t",
  "string csv": "red,big",
  "json text": '{"a":[1,2]}',
  "bad json": "{nope",
  "array literal": '{1,"2",NULL}',
  "nested literal": "{{1,2},{3,NULL}}",
  "pg datetime": "2024-01-02 03:04:05+02",
  "plain datetime": "2024-01-02 03:04:05",
  "iso zoned": "2024-01-02T03:04:05Z",
  date: new Date("2024-01-02T03:04:05.678Z"),
  buffer: Buffer.from("hi"),
  uint8: new Uint8Array([1, 2, 255]),
  true: true,
  false: false,
  object: { days: 1 },
  array: [1, "2", null],
  "nested array": [[1n, 2], [null]],
};
const FIXTURE = JSON.parse(readFileSync(new URL("./json-codecs.fixture.json", import.meta.url), "utf8")) as {
  codec: SqlCodec;
  outputs: [string, unknown][];
}[];

/** A converter's answer as the fixture holds it: as JSON, with the markers for what JSON cannot hold. */
function asFixture(value: unknown): unknown {
  const marked = JSON.stringify({ value }, (_key, v) => {
    if (v === undefined) return "UNDEF";
    if (typeof v === "bigint") return `BIGINT:${v}`;
    return typeof v === "number" && !Number.isFinite(v) ? `NUM:${v}` : v;
  });
  return (JSON.parse(marked) as { value: unknown }).value;
}

function converted(codec: SqlCodec, value: unknown): unknown {
  try {
    return asFixture(jsonConverter(codec)(value));
  } catch (error) {
    return `THROWS ${(error as Error).message}`;
  }
}

describe("codecs", () => {
  it("reads driver values as the JSON their schema describes", () => {
    expect(jsonConverter({ kind: "bigint" })(12n)).toBe("12");
    expect(jsonConverter({ kind: "decimal" })(1.5)).toBe("1.5");
    expect(jsonConverter({ kind: "bytes" })(Buffer.from("hi"))).toBe("aGk=");
    expect(jsonConverter({ kind: "set", values: ["red", "big"] })("red,big")).toEqual(["red", "big"]);
    expect(jsonConverter({ kind: "datetime", zoned: true })("2024-01-02 03:04:05+02")).toBe(
      "2024-01-02T03:04:05+02:00",
    );
    expect(jsonConverter({ kind: "datetime", zoned: true })("2024-01-02 03:04:05")).toBe("2024-01-02T03:04:05Z");
    expect(jsonConverter({ kind: "datetime", zoned: false })("2024-01-02 03:04:05")).toBe("2024-01-02T03:04:05");
    expect(jsonConverter({ kind: "array", element: { kind: "enum", values: [] } })('{new,"a \\"b\\"",NULL}')).toEqual([
      "new",
      'a "b"',
      null,
    ]);
    expect(jsonConverter({ kind: "text" })({ days: 1 })).toBe('{"days":1}');
    expect(jsonConverter({ kind: "text" })(42)).toBe("42");
  });

  it("converts every value as the per-value dispatch did, codec by codec", () => {
    expect(FIXTURE).toHaveLength(18);
    for (const { codec, outputs } of FIXTURE) {
      expect(outputs.map(([name]) => name)).toEqual(Object.keys(INPUTS));
      for (const [name, expected] of outputs) {
        expect({ codec, name, json: converted(codec, INPUTS[name]) }).toEqual({ codec, name, json: expected });
      }
    }
  });

  it("encodes a row by its columns' codecs, keeping only those columns, in their order", () => {
    const column = (name: string, codec: SqlCodec) => ({ name, codec }) as Parameters<typeof rowEncoder>[0][number];
    const encode = rowEncoder(
      [column("id", { kind: "bigint" }), column("at", { kind: "datetime", zoned: true })],
      ["at", "extra", "id"],
    );
    const encoded = encode(["2024-01-02 03:04:05", 1, 7n]);
    expect(encoded).toEqual({ id: "7", at: "2024-01-02T03:04:05Z" });
    expect(Object.keys(encoded)).toEqual(["id", "at"]);
    expect(rowEncoder([column("id", { kind: "bigint" })], ["other"])([1])).toEqual({
      id: null,
    });
    // A column named __proto__ is an own property, as with Object.fromEntries, never the row's prototype.
    const odd = rowEncoder(
      [column("__proto__", { kind: "json" }), column("n", { kind: "integer" })],
      ["__proto__", "n"],
    );
    const row = odd(['{"polluted":true}', "3"]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.hasOwn(row, "__proto__")).toBe(true);
    expect(JSON.stringify(row)).toBe('{"__proto__":{"polluted":true},"n":3}');
  });

  it("binds JSON arguments for each engine and names the column when a value does not fit", () => {
    expect(toSql("9007199254740993", { kind: "bigint" }, "sqlite", "id")).toBe(9007199254740993n);
    expect(toSql(true, { kind: "boolean" }, "mysql", "ok")).toBe(1);
    expect(toSql(["red"], { kind: "set", values: ["red", "big"] }, "mysql", "tags")).toBe("red");
    expect(toSql("2025-01-01T10:00:00+02:00", { kind: "datetime", zoned: true }, "mysql", "at")).toBe(
      "2025-01-01 08:00:00.000",
    );
    // SQLite's stored form: what toJson made `T` of is written back with a space, so it finds the stored row.
    const stored = "2009-01-01 00:00:00";
    const read = toJson(stored, { kind: "datetime", zoned: false }) as string;
    expect(toSql(read, { kind: "datetime", zoned: false }, "sqlite", "at")).toBe(stored);
    expect(() => toSql("1; DROP", { kind: "integer" }, "postgres", "qty")).toThrow(/"qty" takes a number/);
    expect(() => toSql(["green"], { kind: "set", values: ["red"] }, "mysql", "tags")).toThrow(
      /"tags" takes a list of red/,
    );
  });

  const address: SqlCodec = {
    kind: "composite",
    type: '"public"."address"',
    attributes: [
      { name: "street", codec: { kind: "text" } },
      { name: "zip", codec: { kind: "integer" } },
      { name: "tags", codec: { kind: "array", element: { kind: "text" } } },
      { name: "photo", codec: { kind: "bytes" } },
    ],
  };
  const shipment: SqlCodec = {
    kind: "composite",
    type: '"public"."shipment"',
    attributes: [
      { name: "id", codec: { kind: "bigint" } },
      { name: "to", codec: address },
      { name: "window", codec: { kind: "range", element: { kind: "datetime", zoned: true }, subtype: "timestamptz" } },
      { name: "ok", codec: { kind: "boolean" } },
    ],
  };
  const bigRange: SqlCodec = { kind: "range", element: { kind: "bigint" }, subtype: "bigint" };
  const dateRange: SqlCodec = { kind: "range", element: { kind: "date" }, subtype: "date" };

  it("reads ranges as objects with bounds of their element, a bound at infinity as infinity, not unbounded", () => {
    expect(toJson("[9007199254740993,)", bigRange)).toEqual({
      lower: "9007199254740993",
      upper: null,
      lowerInclusive: true,
      upperInclusive: false,
      empty: false,
    });
    expect(toJson("[-infinity,2024-02-01]", dateRange)).toEqual({
      lower: "-infinity",
      upper: "2024-02-01",
      lowerInclusive: true,
      upperInclusive: true,
      empty: false,
    });
    const zoned: SqlCodec = { kind: "range", element: { kind: "datetime", zoned: true }, subtype: "timestamptz" };
    const open = toJson('["2024-01-01 00:00:00+02",infinity)', zoned);
    expect(open).toEqual({
      lower: "2024-01-01T00:00:00+02:00",
      upper: "infinity",
      lowerInclusive: true,
      upperInclusive: false,
      empty: false,
    });
    // Written back as it was read: a bound at infinity is not an unbounded end.
    expect(toSql(open, zoned, "postgres", "span")).toBe('["2024-01-01T00:00:00+02:00","infinity")');
    expect(toSql({ lower: "2024-01-01T00:00:00Z" }, zoned, "postgres", "span")).toBe('["2024-01-01T00:00:00Z",)');
    expect(toJson("empty", dateRange)).toMatchObject({ empty: true, lower: null, upper: null });
    expect(toJson("{[1,3),[5,8)}", { ...bigRange, kind: "multirange" })).toEqual([
      { lower: "1", upper: "3", lowerInclusive: true, upperInclusive: false, empty: false },
      { lower: "5", upper: "8", lowerInclusive: true, upperInclusive: false, empty: false },
    ]);
    // numrange[] comes from pg as a list of range texts.
    expect(toJson(["[1,2)"], { kind: "array", element: bigRange })).toMatchObject([{ lower: "1", upper: "2" }]);
  });

  it("reads composites with nulls, quotes, arrays, bytes, nested rows and ranges in them", () => {
    const text =
      // As the server writes ROW(9007199254740993, ROW('Main "St"', 12, ARRAY['a b', NULL], '\x4142'), ...)::shipment.
      '(9007199254740993,"(""Main """"St"""""",12,""{""""a b"""",NULL}"",""\\\\\\\\x4142"")","[""2024-01-01 00:00:00+00"",)",t)';
    expect(toJson(text, shipment)).toEqual({
      id: "9007199254740993",
      to: { street: 'Main "St"', zip: 12, tags: ["a b", null], photo: "QUI=" },
      window: {
        lower: "2024-01-01T00:00:00+00:00",
        upper: null,
        lowerInclusive: true,
        upperInclusive: false,
        empty: false,
      },
      ok: true,
    });
    expect(toJson("(,,,)", address)).toEqual({ street: null, zip: null, tags: null, photo: null });
    expect(toJson(['(x,1,{},"")', null], { kind: "array", element: address })).toEqual([
      { street: "x", zip: 1, tags: [], photo: "" },
      null,
    ]);
  });

  it("writes ranges and composites as literals that read back to the same JSON", () => {
    const range = { lower: "9007199254740993", upper: null, lowerInclusive: true, upperInclusive: false, empty: false };
    expect(toSql(range, bigRange, "postgres", "r")).toBe('["9007199254740993",)');
    expect(toSql({ lower: 1, upper: 5 }, bigRange, "postgres", "r")).toBe('["1","5")');
    expect(toSql({ empty: true }, bigRange, "postgres", "r")).toBe("empty");
    expect(toSql([{ lower: "1", upper: "2" }], { ...bigRange, kind: "multirange" }, "postgres", "r")).toBe(
      '{["1","2")}',
    );
    const value = {
      id: "9007199254740993",
      to: { street: 'Main "St", 1\\', zip: 12, tags: ["a b", null, 'c"d'], photo: "QUI=" },
      window: {
        lower: "2024-01-01T00:00:00+00:00",
        upper: null,
        lowerInclusive: true,
        upperInclusive: false,
        empty: false,
      },
      ok: false,
    };
    const literal = toSql(value, shipment, "postgres", "ship") as string;
    // What the server does with the literal: attributes parsed as their own types' text.
    expect(fromText(literal, shipment)).toEqual(value);
    expect(
      toText([[1, 2], [3]], { kind: "array", element: { kind: "array", element: { kind: "integer" } } }, "m"),
    ).toBe('{{"1","2"},{"3"}}');
  });

  it("refuses range and composite arguments that do not fit, naming the column and the part", () => {
    expect(() => toSql({ lower: 1, high: 2 }, bigRange, "postgres", "r")).toThrow(/"r" takes a range \(no "high"/);
    expect(() => toSql({ lower: "x" }, bigRange, "postgres", "r")).toThrow(/"r.lower" takes an integer/);
    expect(() => toSql({ empty: "yes" }, bigRange, "postgres", "r")).toThrow(/empty is true or false/);
    expect(() => toSql({ street: "x", country: "y" }, address, "postgres", "a")).toThrow(
      /"a" takes an object of street, zip, tags, photo \(no "country"\)/,
    );
    expect(() => toSql({ to: { zip: "twelve" } }, shipment, "postgres", "s")).toThrow(/"s.to.zip" takes a number/);
  });

  it("reads money, intervals and XML as the strings their schemas describe", () => {
    expect(toJson("1234.56", { kind: "money" })).toBe("1234.56");
    expect(toSql(12.5, { kind: "money" }, "postgres", "price")).toBe("12.5");
    expect(() => toSql("$12", { kind: "money" }, "postgres", "price")).toThrow(/"price" takes a decimal number/);
    expect(toJson("P1Y2M-3DT4H5M6.5S", { kind: "interval" })).toBe("P1Y2M-3DT4H5M6.5S");
    expect(toJson("<a/>", { kind: "xml" })).toBe("<a/>");
  });
});
