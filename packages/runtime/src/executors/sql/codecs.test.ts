import { describe, expect, it } from "vitest";
import { fromText, toJson, toSql, toText } from "./codecs.js";
import type { SqlCodec } from "./model.js";
import { parseArrayLiteral } from "./pg-literals.js";

describe("codecs", () => {
  it("reads driver values as the JSON their schema describes", () => {
    expect(toJson(12n, { kind: "bigint" })).toBe("12");
    expect(toJson(1.5, { kind: "decimal" })).toBe("1.5");
    expect(toJson(Buffer.from("hi"), { kind: "bytes" })).toBe("aGk=");
    expect(toJson("red,big", { kind: "set", values: ["red", "big"] })).toEqual(["red", "big"]);
    expect(toJson("2024-01-02 03:04:05+02", { kind: "datetime", zoned: true })).toBe("2024-01-02T03:04:05+02:00");
    expect(toJson("2024-01-02 03:04:05", { kind: "datetime", zoned: true })).toBe("2024-01-02T03:04:05Z");
    expect(toJson("2024-01-02 03:04:05", { kind: "datetime", zoned: false })).toBe("2024-01-02T03:04:05");
    expect(toJson('{new,"a \\"b\\"",NULL}', { kind: "array", element: { kind: "enum", values: [] } })).toEqual([
      "new",
      'a "b"',
      null,
    ]);
    expect(toJson({ days: 1 }, { kind: "text" })).toBe('{"days":1}');
    expect(toJson(42, { kind: "text" })).toBe("42");
  });

  it("parses nested array literals", () => {
    expect(parseArrayLiteral("{{1,2},{3,NULL}}")).toEqual([
      ["1", "2"],
      ["3", null],
    ]);
    expect(parseArrayLiteral("{}")).toEqual([]);
  });

  it("binds JSON arguments for each engine and names the column when a value does not fit", () => {
    expect(toSql("9007199254740993", { kind: "bigint" }, "sqlite", "id")).toBe(9007199254740993n);
    expect(toSql(true, { kind: "boolean" }, "mysql", "ok")).toBe(1);
    expect(toSql(["red"], { kind: "set", values: ["red", "big"] }, "mysql", "tags")).toBe("red");
    expect(toSql("2025-01-01T10:00:00+02:00", { kind: "datetime", zoned: true }, "mysql", "at")).toBe(
      "2025-01-01 08:00:00.000",
    );
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

  it("reads ranges as objects with bounds of their element, infinite dates as unbounded", () => {
    expect(toJson("[9007199254740993,)", bigRange)).toEqual({
      lower: "9007199254740993",
      upper: null,
      lowerInclusive: true,
      upperInclusive: false,
      empty: false,
    });
    expect(toJson("[-infinity,2024-02-01]", dateRange)).toEqual({
      lower: null,
      upper: "2024-02-01",
      lowerInclusive: false,
      upperInclusive: true,
      empty: false,
    });
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
