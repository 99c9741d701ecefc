import { describe, expect, it } from "vitest";
import { hasDefaults, withDefaults } from "./defaults.js";

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

describe("hasDefaults", () => {
  it("finds a default anywhere in the schema, $defs included, and none where there is none", () => {
    const row = { type: "object", properties: { id: { type: "integer" }, name: { type: ["string", "null"] } } };
    expect(hasDefaults({ type: "object", properties: { rows: { type: "array", items: row } } })).toBe(false);
    expect(hasDefaults({ $defs: { Page: { properties: { size: { default: 20 } } } }, $ref: "#/$defs/Page" })).toBe(
      true,
    );
    expect(hasDefaults({ anyOf: [{ type: "null" }, { type: "string", default: "" }] })).toBe(true);
  });
});
