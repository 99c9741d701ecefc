import { describe, expect, it } from "vitest";
import { fitsSchema } from "./fits.js";

describe("fitsSchema", () => {
  const booking = {
    $defs: { Id: { type: "string", format: "uuid" } },
    type: "object",
    properties: {
      trip_id: { $ref: "#/$defs/Id" },
      seats: { type: "integer", minimum: 1, maximum: 9 },
      sid: { type: "string", pattern: "^AC[0-9a-f]{4}$" },
      kind: { enum: ["one-way", "return"] },
      tags: { type: "array", items: { type: "string", minLength: 2 }, maxItems: 2 },
      note: { type: ["string", "null"] },
    },
    required: ["trip_id"],
    additionalProperties: false,
  };
  const valid = {
    trip_id: "4f4e4e1a-c824-4d63-b37a-d8d698862f1d",
    seats: 2,
    sid: "AC12ab",
    kind: "return",
    tags: ["ab"],
    note: null,
  };

  it("accepts a value that satisfies every keyword", () => {
    expect(fitsSchema(valid, booking)).toBe(true);
  });

  it.each([
    ["a format", { trip_id: "1234" }],
    ["a minimum", { seats: 0 }],
    ["an integer type", { seats: 1.5 }],
    ["a pattern", { sid: "AD12ab" }],
    ["an enum", { kind: "both" }],
    ["an array's items", { tags: ["a"] }],
    ["maxItems", { tags: ["ab", "cd", "ef"] }],
    ["additionalProperties: false", { extra: 1 }],
    ["a type list", { note: 3 }],
  ])("refuses a value that breaks %s", (_what, change) => {
    expect(fitsSchema({ ...valid, ...change }, booking)).toBe(false);
  });

  it("counts an object's properties against minProperties and maxProperties", () => {
    const one = { type: "object", minProperties: 1, maxProperties: 1 };
    expect(fitsSchema({}, one)).toBe(false);
    expect(fitsSchema({ bool: {} }, one)).toBe(true);
    expect(fitsSchema({ bool: {}, term: {} }, one)).toBe(false);
  });

  it("refuses a missing required property", () => {
    const { trip_id: _id, ...rest } = valid;
    expect(fitsSchema(rest, booking)).toBe(false);
  });

  it("reads allOf, anyOf, oneOf (exactly one) and not", () => {
    const image = {
      type: "object",
      properties: { url: { type: "string" }, file: { type: "string" } },
      anyOf: [{ required: ["url"] }, { required: ["file"] }],
      not: { required: ["url", "file"] },
    };
    expect(fitsSchema({ url: "u" }, image)).toBe(true);
    expect(fitsSchema({}, image)).toBe(false);
    expect(fitsSchema({ url: "u", file: "f" }, image)).toBe(false);
    const either = { oneOf: [{ type: "number" }, { type: "integer" }] };
    expect(fitsSchema(1.5, either)).toBe(true);
    expect(fitsSchema(1, either)).toBe(false);
    expect(fitsSchema(5, { allOf: [{ minimum: 1 }, { maximum: 4 }] })).toBe(false);
  });

  it("checks only as many levels below as asked", () => {
    const schema = { type: "object", properties: { a: { type: "object", properties: { b: { type: "string" } } } } };
    expect(fitsSchema({ a: { b: 1 } }, schema)).toBe(false);
    expect(fitsSchema({ a: { b: 1 } }, schema, schema, 1)).toBe(true);
    expect(fitsSchema({ a: 1 }, schema, schema, 1)).toBe(false);
  });

  it("checks formats as the runtime does, those a reader of the common ones would pass over included", () => {
    expect(fitsSchema("/a/b", { type: "string", format: "json-pointer" })).toBe(true);
    expect(fitsSchema("example", { type: "string", format: "json-pointer" })).toBe(false);
    expect(fitsSchema("2024-02-30T03:04:05Z", { type: "string", format: "date-time" })).toBe(false);
  });

  it("refuses equal items where uniqueItems asks for distinct ones, whatever the order of their keys", () => {
    const schema = { type: "array", uniqueItems: true };
    expect(fitsSchema(["1", "1"], schema)).toBe(false);
    expect(
      fitsSchema(
        [
          { a: 1, b: 2 },
          { b: 2, a: 1 },
        ],
        schema,
      ),
    ).toBe(false);
    expect(fitsSchema([{ a: 1 }, { a: 2 }, "1", 1], schema)).toBe(true);
  });

  it("takes unknown formats and keywords as satisfied, and ends on a cycle of references", () => {
    expect(fitsSchema("x", { type: "string", format: "int16", "x-kind": "id" })).toBe(true);
    expect(fitsSchema({}, { $defs: { A: { $ref: "#/$defs/A" } }, $ref: "#/$defs/A" })).toBe(true);
  });
});
