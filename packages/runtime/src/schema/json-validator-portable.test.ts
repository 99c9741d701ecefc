import { describe, expect, it } from "vitest";
import { compileJsonSchema as portable } from "./json-validator-portable.js";
import type { JsonSchema } from "./types.js";

// The engine workerd and Vercel's edge get (package.json's `#json-validator`, conditions `workerd` and
// `edge-light`): the same contract as the Ajv engine, on an interpreter that never generates code.

const search: JsonSchema = {
  type: "object",
  properties: {
    city: { type: "string", minLength: 1 },
    limit: { type: "integer", minimum: 1, maximum: 100, default: 10 },
    unit: { enum: ["c", "f"] },
    filters: {
      type: "array",
      items: { type: "object", properties: { op: { enum: ["eq", "lt"] } }, required: ["op"] },
    },
    "a/b": { type: "boolean" },
  },
  required: ["city"],
  additionalProperties: false,
};

describe("the portable JSON Schema engine", () => {
  it("passes a valid value through, defaults filled into a copy", () => {
    const sent = { city: "Oslo" };
    expect(portable(search)(sent)).toEqual({ ok: true, value: { city: "Oslo", limit: 10 } });
    expect(sent).toEqual({ city: "Oslo" });
  });

  it("names each failing field, worded as the Ajv engine words required and unknown properties", () => {
    const checked = portable(search)({ limit: 0, unit: "k", filters: [{}], extra: 1, "a/b": "yes" });
    expect(checked.ok).toBe(false);
    const issues = checked.ok ? [] : checked.issues;
    expect(issues).toContainEqual({ path: "city", message: "is required" });
    expect(issues).toContainEqual({ path: "extra", message: "is not an allowed property" });
    expect(issues).toContainEqual({ path: "filters.0.op", message: "is required" });
    expect(issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(["limit", "unit", "a/b"]));
    // Only the leaves: the containers that failed because of them ("Property ... does not match schema") are not issues.
    expect(issues.every((issue) => !issue.message.startsWith("Property"))).toBe(true);
  });

  it("reads draft-07 tuples as draft-07 when `$schema` says so", () => {
    const tuple = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "array",
      items: [{ type: "string" }, { type: "number" }],
      additionalItems: false,
    };
    expect(portable(tuple)(["a", 1]).ok).toBe(true);
    expect(portable(tuple)(["a", 1, 2]).ok).toBe(false);
  });

  it("reads a $ref in literal data as data, and one in a property named default as a reference", () => {
    const data = { type: "object", examples: [{ $ref: "squareup.common.Number" }], default: { $ref: "a.json" } };
    expect(portable(data)({}).ok).toBe(true);
    const named = { type: "object", properties: { default: { $ref: "https://example.com/schema.json" } } };
    expect(() => portable(named)({})).toThrow("can't resolve reference https://example.com/schema.json from id #");
  });

  it("follows local $refs, and refuses one outside the schema when it is compiled", () => {
    const tree: JsonSchema = {
      $defs: { node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } } },
      $ref: "#/$defs/node",
    };
    expect(portable(tree)({ children: [{ children: [] }] }).ok).toBe(true);
    expect(portable(tree)({ children: [{ children: 3 }] }).ok).toBe(false);
    expect(() => portable({ $ref: "https://example.com/schema.json" })).toThrow(
      "can't resolve reference https://example.com/schema.json from id #",
    );
  });

  it("checks the formats it knows and accepts those it does not (an annotation then)", () => {
    const schema = { type: "object", properties: { at: { type: "string", format: "date-time" } } };
    expect(portable(schema)({ at: "2026-07-28T10:00:00Z" }).ok).toBe(true);
    expect(portable(schema)({ at: "yesterday" }).ok).toBe(false);
    expect(portable({ type: "string", format: "int16" })("anything").ok).toBe(true);
  });
});
