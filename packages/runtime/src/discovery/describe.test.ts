import { describe, expect, it } from "vitest";
import type { Operation } from "./catalog.js";
import { DESCRIBE_MAX_CHARS, describeOperation } from "./describe.js";

const operation = (defs: Record<string, unknown>): Operation => ({
  name: "createResponse",
  description: "Create a response",
  group: "responses",
  inputSchema: {
    type: "object",
    properties: { body: { $ref: "#/$defs/Request" } },
    required: ["body"],
    $defs: defs,
  },
  handler: () => undefined,
});

describe("describeOperation", () => {
  it("sends a schema that fits whole, $defs included", () => {
    const small = operation({ Request: { type: "object" } });
    expect(describeOperation(small, undefined)).toEqual({
      name: "createResponse",
      description: "Create a response",
      group: "responses",
      inputSchema: small.inputSchema,
    });
  });

  it("sends a schema too large in parts: the root with the definitions' names, then the definitions asked for", () => {
    const defs = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`Def${i}`, { type: "object", description: "x".repeat(2_000) }]),
    );
    const large = operation({ Request: { $ref: "#/$defs/Def0" }, ...defs });
    expect(JSON.stringify(large.inputSchema).length).toBeGreaterThan(DESCRIBE_MAX_CHARS);

    const first = describeOperation(large, undefined);
    expect(first.inputSchema).toEqual({
      type: "object",
      properties: { body: { $ref: "#/$defs/Request" } },
      required: ["body"],
    });
    expect(first.definitions).toEqual(["Request", ...Object.keys(defs)]);
    expect(first.note).toContain('"definitions": ["NAME", ...]');
    expect(JSON.stringify(first).length).toBeLessThan(DESCRIBE_MAX_CHARS);

    expect(describeOperation(large, ["Request", "Def3"])).toEqual({
      name: "createResponse",
      definitions: { Request: { $ref: "#/$defs/Def0" }, Def3: defs.Def3 },
    });
  });

  it("names definitions the schema does not have", () => {
    expect(() => describeOperation(operation({ Request: {} }), ["Nope"])).toThrow(
      'definitions: the input schema of "createResponse" has no definition "Nope"',
    );
  });
});
