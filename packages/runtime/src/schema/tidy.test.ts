import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tidySchema } from "./tidy.js";

describe("tidySchema", () => {
  it("drops the default 2020-12 dialect at the root", () => {
    expect(tidySchema({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" })).toEqual({
      type: "object",
    });
  });

  it("keeps any other dialect, so clients know how to read the schema", () => {
    const draft07 = { $schema: "http://json-schema.org/draft-07/schema#", type: "object" };
    expect(tidySchema(draft07)).toEqual(draft07);
  });

  it("drops the ±(2^53-1) bounds zod puts on every integer, at any depth", () => {
    const json = z
      .object({ n: z.number().int(), list: z.array(z.object({ m: z.number().int() })) })
      ["~standard"].jsonSchema.input({ target: "draft-2020-12" });
    expect(JSON.stringify(json)).toContain(String(Number.MAX_SAFE_INTEGER));
    expect(tidySchema(json)).toEqual({
      type: "object",
      properties: {
        n: { type: "integer" },
        list: { type: "array", items: { type: "object", properties: { m: { type: "integer" } }, required: ["m"] } },
      },
      required: ["n", "list"],
    });
  });

  it("keeps real bounds, and keeps the safe-integer bound on the wrong side", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "integer", minimum: 0, maximum: 100 },
        b: { type: "integer", minimum: Number.MAX_SAFE_INTEGER, maximum: Number.MIN_SAFE_INTEGER },
      },
    };
    expect(tidySchema(schema)).toEqual(schema);
  });

  it("leaves arrays, enums and nulls intact and does not change its input", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { e: { enum: ["a", null, 1] }, t: { type: ["string", "null"] } },
    };
    const copy = structuredClone(schema);
    expect(tidySchema(schema)).toEqual({
      type: "object",
      properties: { e: { enum: ["a", null, 1] }, t: { type: ["string", "null"] } },
    });
    expect(schema).toEqual(copy);
  });
});
