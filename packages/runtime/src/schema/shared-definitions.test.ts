import { createRequire } from "node:module";
import type { Ajv2020 as Ajv2020Type } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { compileSharing } from "./shared-definitions.js";

const { Ajv2020 } = createRequire(import.meta.url)("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
const fresh = (): Ajv2020Type => new Ajv2020({ strict: false, allErrors: true });
const registered = (ajv: Ajv2020Type) => Object.keys(ajv.schemas).filter((id) => id.startsWith("urn:mcpsmith:"));

// Shared between the tools' roots, as one OpenAPI document's converted schemas are.
const Tag = { type: "object", properties: { label: { type: "string" } }, required: ["label"] };
const Pet = {
  type: "object",
  properties: { name: { type: "string" }, tags: { type: "array", items: { $ref: "#/$defs/Tag" } } },
};
const defs = { Pet, Tag };

describe("compileSharing", () => {
  it("compiles a definition shared by several schemas once, and each validates as Ajv alone does", () => {
    const ajv = fresh();
    const one = compileSharing(ajv, { type: "object", properties: { pet: { $ref: "#/$defs/Pet" } }, $defs: defs });
    const two = compileSharing(ajv, { type: "array", items: { $ref: "#/$defs/Pet" }, $defs: { ...defs } });
    expect(registered(ajv)).toHaveLength(2);
    expect(one({ pet: { name: "Rex", tags: [{ label: "good" }] } })).toBe(true);
    expect(one({ pet: { name: "Rex", tags: [{}] } })).toBe(false);
    expect(one.errors?.map((error) => [error.instancePath, error.keyword])).toEqual([["/pet/tags/0", "required"]]);
    expect(two([{ name: 3 }])).toBe(false);
    expect(two.errors?.map((error) => error.instancePath)).toEqual(["/0/name"]);
  });

  it("follows cycles", () => {
    const Node = { type: "object", properties: { value: { type: "integer" }, next: { $ref: "#/$defs/Node" } } };
    const check = compileSharing(fresh(), { $ref: "#/$defs/Node", $defs: { Node } });
    expect(check({ value: 1, next: { value: 2, next: { value: 3 } } })).toBe(true);
    expect(check({ value: 1, next: { value: 2, next: { value: "three" } } })).toBe(false);
    expect(check.errors?.[0]?.instancePath).toBe("/next/next/value");
  });

  it("shares a definition only where its names reach the same definitions, however deep", () => {
    const ajv = fresh();
    const strictTag = { type: "object", properties: { label: { type: "integer" } }, required: ["label"] };
    const first = compileSharing(ajv, { $ref: "#/$defs/Pet", $defs: defs });
    // The same Pet object, but its `Tag` is another definition here: Pet cannot be the one registered above.
    const second = compileSharing(ajv, { $ref: "#/$defs/Pet", $defs: { Pet, Tag: strictTag } });
    expect(first({ tags: [{ label: "a" }] })).toBe(true);
    expect(second({ tags: [{ label: "a" }] })).toBe(false);
    expect(second({ tags: [{ label: 1 }] })).toBe(true);
    expect(registered(ajv)).toHaveLength(4);
  });

  it("leaves data alone and compiles schemas with other references as they are", () => {
    const ajv = fresh();
    const data = compileSharing(ajv, { const: { $ref: "#/$defs/Tag" }, $defs: defs });
    expect(data({ $ref: "#/$defs/Tag" })).toBe(true);
    const named = { type: "object", properties: { $ref: { type: "string" }, const: { type: "number" } } };
    const odd = compileSharing(ajv, { $ref: "#/$defs/Named", $defs: { Named: named } });
    expect(odd({ $ref: "x", const: 1 })).toBe(true);
    expect(odd({ const: "one" })).toBe(false);
    const deep = compileSharing(ajv, { $ref: "#/$defs/Pet/properties/name", $defs: defs });
    expect(deep("Rex")).toBe(true);
    expect(deep(1)).toBe(false);
    const self = compileSharing(ajv, { type: "object", properties: { child: { $ref: "#" } }, $defs: defs });
    expect(self({ child: { child: {} } })).toBe(true);
    expect(self({ child: 1 })).toBe(false);
  });
});
