import { describe, expect, it } from "vitest";
import { compileDefaults } from "./defaults.js";
import type { JsonSchema } from "./types.js";

const withDefaults = (schema: JsonSchema, value: unknown) => compileDefaults(schema)(value);

describe("withDefaults", () => {
  it("fills absent properties, at any depth, through properties, items, allOf and $ref", () => {
    const schema = {
      $defs: { Page: { type: "object", properties: { size: { type: "integer", default: 20 } } } },
      type: "object",
      properties: {
        unit: { enum: ["c", "f"], default: "c" },
        page: { $ref: "#/$defs/Page" },
        rows: { type: "array", items: { allOf: [{ properties: { kind: { default: "row" } } }] } },
        labels: { type: "object", additionalProperties: { properties: { color: { default: "red" } } } },
      },
    };
    expect(withDefaults(schema, { page: {}, rows: [{}, { kind: "head" }], labels: { a: {} } })).toEqual({
      unit: "c",
      page: { size: 20 },
      rows: [{ kind: "row" }, { kind: "head" }],
      labels: { a: { color: "red" } },
    });
  });

  it("keeps every value given, and neither mutates the value nor shares the schema's default", () => {
    const schema = {
      properties: { tags: { default: ["a"] }, nested: { properties: { on: { default: true } } }, n: { default: 1 } },
    };
    const given = { nested: {}, n: 0 };
    const filled = withDefaults(schema, given) as { tags: string[] };
    expect(filled).toEqual({ tags: ["a"], nested: { on: true }, n: 0 });
    expect(given).toEqual({ nested: {}, n: 0 });
    filled.tags.push("b");
    expect(schema.properties.tags.default).toEqual(["a"]);
  });

  it("returns the very value when nothing is filled", () => {
    const given = { a: { b: [1] } };
    expect(withDefaults({ properties: { a: { properties: { b: { items: {} } } } } }, given)).toBe(given);
  });

  it("takes no default from inside anyOf, oneOf, not or if/then/else, even through a $ref", () => {
    const schema = {
      $defs: {
        image: { properties: { type: { const: "image" }, format: { default: "png" } }, required: ["type"] },
        fn: { properties: { type: { const: "function" }, strict: { default: true } }, required: ["type"] },
      },
      properties: {
        any: { anyOf: [{ $ref: "#/$defs/image" }, { $ref: "#/$defs/fn" }] },
        one: { oneOf: [{ $ref: "#/$defs/image" }, { $ref: "#/$defs/fn" }] },
        not: { not: { properties: { x: { default: 1 } } } },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's own keyword
        cond: { if: { properties: { y: { default: 1 } } }, then: { properties: { z: { default: 1 } } } },
      },
    };
    const given = { any: { type: "function" }, one: { type: "function" }, not: {}, cond: {} };
    expect(withDefaults(schema, given)).toBe(given);
  });

  it("fills values of the type its keywords describe only", () => {
    const schema = { properties: { a: { default: 1 } }, items: { properties: { b: { default: 2 } } } };
    expect(withDefaults(schema, "text")).toBe("text");
    expect(withDefaults(schema, [{}, 3])).toEqual([{ b: 2 }, 3]);
  });

  it("ends on a schema that refers to itself in place", () => {
    const schema = { $defs: { loop: { allOf: [{ $ref: "#/$defs/loop" }] } }, $ref: "#/$defs/loop" };
    expect(withDefaults(schema, {})).toEqual({});
  });
});

describe("compileDefaults", () => {
  it("returns the value itself where no default can be reached, whatever the value", () => {
    const row = { type: "object", properties: { id: { type: "integer" }, name: { type: ["string", "null"] } } };
    const page = { type: "object", properties: { rows: { type: "array", items: row } } };
    const given = { rows: [{ id: 1, name: null }] };
    expect(compileDefaults(page)(given)).toBe(given);
    // A default inside a union is never taken, so this one fills nothing either.
    const union = { properties: { a: { anyOf: [{ type: "null" }, { properties: { b: { default: 1 } } }] } } };
    expect(compileDefaults(union)({ a: {} })).toEqual({ a: {} });
  });

  it("fills the values of a recursive schema at every depth, and ends with the value", () => {
    const schema = {
      $defs: {
        Node: {
          type: "object",
          properties: { open: { default: false }, children: { type: "array", items: { $ref: "#/$defs/Node" } } },
        },
      },
      $ref: "#/$defs/Node",
    };
    const fill = compileDefaults(schema);
    expect(fill({ children: [{ children: [{}] }, { open: true }] })).toEqual({
      open: false,
      children: [{ open: false, children: [{ open: false }] }, { open: true }],
    });
  });

  it("fills members named by patternProperties, and by additionalProperties those no pattern matches", () => {
    const schema = {
      properties: { fixed: { properties: { a: { default: 1 } } } },
      patternProperties: { "^x-": { properties: { b: { default: 2 } } } },
      additionalProperties: { properties: { c: { default: 3 } } },
    };
    expect(withDefaults(schema, { fixed: {}, "x-one": {}, other: {} })).toEqual({
      fixed: { a: 1 },
      "x-one": { b: 2 },
      other: { c: 3 },
    });
  });

  it("fills a draft-07 tuple by position and its other items from additionalItems", () => {
    const schema = {
      items: [{ properties: { first: { default: true } } }],
      additionalItems: { properties: { later: { default: true } } },
    };
    expect(withDefaults(schema, [{}, {}, 4])).toEqual([{ first: true }, { later: true }, 4]);
  });

  it("fills a default object's own members, and gives each call a fresh copy", () => {
    const schema = { properties: { page: { default: {}, properties: { size: { default: 20 } } } } };
    const fill = compileDefaults(schema);
    const first = fill({}) as { page: { size: number } };
    expect(first).toEqual({ page: { size: 20 } });
    first.page.size = 5;
    expect(fill({})).toEqual({ page: { size: 20 } });
    expect(schema.properties.page.default).toEqual({});
  });
});
