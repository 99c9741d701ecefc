import { describe, expect, it } from "vitest";
import { DefClosures } from "../../ir/def-closure.js";
import type { JsonSchema, ObjectSchema } from "../../ir/types.js";
import { type SchemaKind, shareDefinitions } from "./shared-definitions.js";

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });

/** Pet and Owner refer to each other and use Color; the response form of Pet also has a read-only id. */
function converted(mode: "request" | "response") {
  const schemas: Record<string, JsonSchema> = {
    Pet: {
      properties: { owner: ref("Owner"), ...(mode === "response" && { id: { type: "integer", readOnly: true } }) },
    },
    Owner: { properties: { pets: { items: ref("Pet") }, color: ref("Color") } },
    Color: { enum: ["red", "blue"] },
    Note: { type: "string" },
  };
  const deps: Record<string, string[]> = { Pet: ["Owner"], Owner: ["Pet", "Color"], Color: [], Note: [] };
  return new DefClosures((name) => ({ name, schema: schemas[name]!, deps: new Set(deps[name]) }));
}

/** Tool schemas as the OpenAPI source gives them: `$defs` attached lazily from each mode's closures. */
function toolSchemas(): [ObjectSchema, SchemaKind][] {
  const request = converted("request");
  const response = converted("response");
  const schema = (properties: Record<string, JsonSchema>, direct: string[], closures: DefClosures) => {
    const root: ObjectSchema = { type: "object", properties };
    closures.attach(root, new Set(direct));
    return root;
  };
  return [
    [schema({ pet: ref("Pet") }, ["Pet"], request), "input"],
    [schema({ note: ref("Note"), color: ref("Color") }, ["Note", "Color"], request), "input"],
    [schema({ owner: ref("Owner") }, ["Owner"], response), "output"],
    // Lowered with a ref its root no longer has: its `$defs` holds Note, which composing from Pet does not give.
    [schema({ pet: ref("Pet") }, ["Pet", "Note"], request), "input"],
  ];
}

/** The same schemas with their `$defs` read into plain objects. */
function plain(schemas: [ObjectSchema, SchemaKind][]): [ObjectSchema, SchemaKind][] {
  return schemas.map(([schema, kind]) => [JSON.parse(JSON.stringify(schema)) as ObjectSchema, kind]);
}

describe("shared definitions", () => {
  it("writes each definition once and each tool schema as its root and the names the root uses", () => {
    const schemas = toolSchemas();
    const shared = shareDefinitions(schemas);
    expect([...shared.definitions.keys()]).toEqual(["Color", "Note", "Owner", "Pet"]);
    expect(shared.definitions.get("Owner")).toEqual({
      refs: ["Color", "Pet"],
      schema: schemas[0]![0].$defs!.Owner,
    });
    expect([...shared.outputDefinitions.keys()]).toEqual(["Pet"]);
    expect(shared.planOf(...schemas[0]!)).toEqual({
      root: { type: "object", properties: { pet: ref("Pet") } },
      refs: ["Pet"],
    });
    expect(shared.planOf(...schemas[1]!)).toEqual({
      root: { type: "object", properties: { note: ref("Note"), color: ref("Color") } },
      refs: ["Color", "Note"],
    });
    expect(shared.planOf(...schemas[2]!)).toMatchObject({ refs: ["Owner"] });
    expect(shared.planOf(...schemas[3]!)).toEqual({ whole: schemas[3]![0] });
  });

  it("plans lazily attached $defs as it plans the same $defs read and compared", () => {
    const lazy = toolSchemas();
    const read = plain(toolSchemas());
    const fromLazy = shareDefinitions(lazy);
    const fromRead = shareDefinitions(read);
    expect(fromLazy.definitions).toEqual(fromRead.definitions);
    expect(fromLazy.outputDefinitions).toEqual(fromRead.outputDefinitions);
    expect(lazy.map((entry) => fromLazy.planOf(...entry))).toEqual(read.map((entry) => fromRead.planOf(...entry)));
  });

  it("writes whole a schema whose $defs gives a name another schema of its kind, or that is not its last key", () => {
    const [first, second] = plain(toolSchemas().slice(0, 2)).map(([schema]) => schema) as [ObjectSchema, ObjectSchema];
    const conflicting = { ...second, $defs: { ...second.$defs, Color: { enum: ["green"] } } };
    const { $defs, ...root } = first;
    const defsFirst = { $defs, ...root } as ObjectSchema;
    const shared = shareDefinitions([
      [first, "input"],
      [conflicting, "input"],
      [defsFirst, "input"],
    ]);
    expect(shared.planOf(first, "input")).toMatchObject({ refs: ["Pet"] });
    expect(shared.planOf(conflicting, "input")).toEqual({ whole: conflicting });
    expect(shared.planOf(defsFirst, "input")).toEqual({ whole: defsFirst });
  });
});
