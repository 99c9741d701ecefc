import { describe, expect, it } from "vitest";
import { DefClosures, type DefNode, lazyDefsOf } from "./def-closure.js";
import type { JsonSchema, ObjectSchema } from "./types.js";

/** Pet and Owner refer to each other; Owner and Tag both use Color; Note stands alone. */
const GRAPH: Record<string, { schema: JsonSchema; deps: string[] }> = {
  Pet: { schema: { properties: { owner: { $ref: "#/$defs/Owner" } } }, deps: ["Owner"] },
  Owner: { schema: { properties: { pets: { items: { $ref: "#/$defs/Pet" } } } }, deps: ["Pet", "Color"] },
  Tag: { schema: { properties: { color: { $ref: "#/$defs/Color" } } }, deps: ["Color"] },
  Color: { schema: { enum: ["red", "blue"] }, deps: [] },
  Note: { schema: { type: "string" }, deps: [] },
};

function closures(): DefClosures {
  return new DefClosures((ref): DefNode => {
    const { schema, deps } = GRAPH[ref]!;
    return { name: ref, schema, deps: new Set(deps) };
  });
}

const rootOf = (): ObjectSchema => ({ type: "object", properties: {}, required: ["pet"] });

describe("lazily attached $defs", () => {
  it("reads as a plain $defs would: the last key, every schema reached, sorted by name", () => {
    const schema = rootOf();
    closures().attach(schema, new Set(["Pet"]));
    expect(Object.keys(schema)).toEqual(["type", "properties", "required", "$defs"]);
    expect(Object.keys(schema.$defs!)).toEqual(["Color", "Owner", "Pet"]);
    expect(schema.$defs!.Pet).toBe(GRAPH.Pet!.schema);
    expect(JSON.parse(JSON.stringify(schema))).toEqual({
      ...rootOf(),
      $defs: { Color: GRAPH.Color!.schema, Owner: GRAPH.Owner!.schema, Pet: GRAPH.Pet!.schema },
    });
    expect(Object.isFrozen(schema.$defs)).toBe(true);
  });

  it("is one object for all schemas that reach the same definitions, whatever their direct refs", () => {
    const shared = closures();
    const [a, b, c, d] = [rootOf(), rootOf(), rootOf(), rootOf()];
    shared.attach(a, new Set(["Pet"]));
    shared.attach(b, new Set(["Owner", "Color"]));
    shared.attach(c, new Set(["Tag"]));
    shared.attach(d, new Set(["Tag", "Note"]));
    expect(a.$defs).toBe(b.$defs);
    expect(Object.keys(c.$defs!)).toEqual(["Color", "Tag"]);
    expect(Object.keys(d.$defs!)).toEqual(["Color", "Note", "Tag"]);
  });

  it("adds no $defs when nothing is referenced", () => {
    const schema = rootOf();
    closures().attach(schema, new Set());
    expect(Object.keys(schema)).not.toContain("$defs");
    expect(lazyDefsOf(schema)).toBeUndefined();
  });

  it("tells how it is made until it is replaced", () => {
    const shared = closures();
    const schema = rootOf();
    const direct = new Set(["Tag"]);
    shared.attach(schema, direct);
    direct.add("Note");
    expect(lazyDefsOf(schema)).toEqual({ closures: shared, direct: new Set(["Tag"]) });
    const replaced = { Tag: GRAPH.Tag!.schema };
    schema.$defs = replaced;
    expect(schema.$defs).toBe(replaced);
    expect(lazyDefsOf(schema)).toBeUndefined();
  });
});

describe("closures", () => {
  it("are shared by the members of a cycle and include what the cycle reaches", () => {
    const shared = closures();
    expect([...shared.closure("Pet")].sort()).toEqual(["Color", "Owner", "Pet"]);
    expect(shared.closure("Owner")).toBe(shared.closure("Pet"));
    expect([...shared.reachable(["Note", "Tag", "Color"])]).toEqual(["Note", "Tag", "Color"]);
  });
});
