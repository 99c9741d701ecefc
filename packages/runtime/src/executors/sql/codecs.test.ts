import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jsonConverter, parseArrayLiteral, toSql } from "./codecs.js";
import type { SqlCodec } from "./model.js";
import { rowEncoder } from "./rows.js";

/**
 * What each codec made of each of these values before converters were chosen once per column (the per-value
 * `switch` they replaced, run once to write json-codecs.fixture.json): the converters must answer the same, but
 * for the `json` codec's values a driver parsed already, which are now made plain JSON (bigints, bytes). The
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
    const encode = rowEncoder([column("id", { kind: "bigint" }), column("at", { kind: "datetime", zoned: true })]);
    const encoded = encode({ at: "2024-01-02 03:04:05", extra: 1, id: 7n });
    expect(encoded).toEqual({ id: "7", at: "2024-01-02T03:04:05Z" });
    expect(Object.keys(encoded)).toEqual(["id", "at"]);
    expect(encode({})).toEqual({ id: null, at: null });
    // A column named __proto__ is an own property, as with Object.fromEntries, never the row's prototype.
    const odd = rowEncoder([column("__proto__", { kind: "json" }), column("n", { kind: "integer" })]);
    const row = odd({ ["__proto__"]: '{"polluted":true}', n: "3" });
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.hasOwn(row, "__proto__")).toBe(true);
    expect(JSON.stringify(row)).toBe('{"__proto__":{"polluted":true},"n":3}');
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
});
