import { describe, expect, it } from "vitest";
import { parseArrayLiteral, toJson, toSql } from "./codecs.js";

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
    // SQLite's stored form: what toJson made `T` of is written back with a space, so it finds the stored row.
    const stored = "2009-01-01 00:00:00";
    const read = toJson(stored, { kind: "datetime", zoned: false }) as string;
    expect(toSql(read, { kind: "datetime", zoned: false }, "sqlite", "at")).toBe(stored);
    expect(() => toSql("1; DROP", { kind: "integer" }, "postgres", "qty")).toThrow(/"qty" takes a number/);
    expect(() => toSql(["green"], { kind: "set", values: ["red"] }, "mysql", "tags")).toThrow(
      /"tags" takes a list of red/,
    );
  });
});
