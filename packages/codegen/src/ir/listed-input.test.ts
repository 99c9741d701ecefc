import { describe, expect, it } from "vitest";
import { LOOSENED_INPUT_CHARS, listedInputSchema, MAX_LISTED_INPUT_CHARS } from "./listed-input.js";
import { listedChars, refsIn } from "./schema-refs.js";
import type { JsonSchema, ObjectSchema } from "./types.js";

/** A definition of about `chars` characters referring to `refs`. */
function definition(chars: number, refs: string[] = []): JsonSchema {
  return {
    type: "object",
    description: "x".repeat(chars),
    properties: Object.fromEntries(refs.map((ref) => [ref.toLowerCase(), { $ref: `#/$defs/${ref}` }])),
  };
}

/** Body -> Entity (1 KB) -> 40 subtypes (7 KB each) -> Leaf: a web like Microsoft Graph's, over the limit. */
function webSchema(): ObjectSchema {
  const subtypes = Array.from({ length: 40 }, (_, index) => `Sub${String(index).padStart(3, "0")}`);
  const defs: Record<string, JsonSchema> = {
    Body: definition(500, ["Entity"]),
    Entity: definition(1000, subtypes),
    Leaf: definition(100),
  };
  for (const name of subtypes) defs[name] = definition(7000, ["Leaf", "Entity"]);
  return { type: "object", properties: { body: { $ref: "#/$defs/Body" } }, required: ["body"], $defs: defs };
}

describe("listedInputSchema", () => {
  it("leaves a schema within the limit as it is", () => {
    const schema: ObjectSchema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/A" } },
      $defs: { A: definition(10) },
    };
    expect(listedInputSchema(schema)).toBeUndefined();
    expect(listedInputSchema({ type: "object", properties: { q: { type: "string" } } })).toBeUndefined();
  });

  it("lists the nearest definitions whole and those beyond them loosened, under the loosened size", () => {
    const schema = webSchema();
    expect(listedChars(schema)).toBeGreaterThan(MAX_LISTED_INPUT_CHARS);
    const listed = listedInputSchema(schema)!;
    const { $defs, ...root } = listed;
    const { $defs: _full, ...fullRoot } = schema;
    expect(root).toEqual(fullRoot);
    // Body and Entity fit; Entity's 40 subtypes do not, and are listed loosened, as nothing past them is.
    expect($defs!.Body).toBe(schema.$defs!.Body);
    expect($defs!.Entity).toBe(schema.$defs!.Entity);
    expect($defs!.Sub000).toEqual({
      type: "object",
      description:
        "A Sub000: its schema is not listed (this tool's input schema is too large to list); the server checks it in full.",
    });
    expect(Object.keys($defs!)).toEqual(Object.keys($defs!).sort());
    expect(Object.hasOwn($defs!, "Leaf")).toBe(false);
    expect(JSON.stringify(listed).length).toBeLessThanOrEqual(LOOSENED_INPUT_CHARS);
    // Self-contained: every ref resolves in the listed definitions.
    for (const ref of refsIn(listed)) expect(Object.hasOwn($defs!, ref), ref).toBe(true);
  });

  it("loosens the root's own definitions when even they do not fit", () => {
    const schema: ObjectSchema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/Huge" } },
      $defs: { Huge: definition(300 * 1024) },
    };
    expect(listedInputSchema(schema)!.$defs).toEqual({
      Huge: {
        type: "object",
        description:
          "A Huge: its schema is not listed (this tool's input schema is too large to list); the server checks it in full.",
      },
    });
  });
});
