import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { McpsmithError } from "../errors.js";
import { compileSchema, describeIssues, EMPTY_OBJECT_SCHEMA, isStandardSchema } from "./compile.js";
import type { StandardSchemaLike, Validation } from "./types.js";

/** Validates and returns the `describeIssues` line a tool call would answer with ("" when valid). */
async function problems(schema: Parameters<typeof compileSchema>[0], value: unknown): Promise<string> {
  const checked: Validation = await compileSchema(schema, "T.m input", "input").validate(value);
  return checked.ok ? "" : describeIssues(checked.issues);
}

describe("JSON Schema arguments (Ajv)", () => {
  const search = {
    type: "object",
    properties: {
      city: { type: "string", minLength: 1 },
      limit: { type: "integer", minimum: 1, maximum: 100, default: 10 },
      unit: { enum: ["c", "f"] },
      filters: {
        type: "array",
        items: { type: "object", properties: { op: { enum: ["eq", "lt"] } }, required: ["op"] },
      },
      email: { type: "string", format: "email" },
    },
    required: ["city"],
    additionalProperties: false,
  };

  it("passes a valid value through, with defaults filled in", async () => {
    const checked = await compileSchema(search, "T.m input", "input").validate({ city: "Oslo" });
    expect(checked).toEqual({ ok: true, value: { city: "Oslo", limit: 10 } });
  });

  it("fills defaults into a copy: the arguments sent are never changed", async () => {
    const sent = { city: "Oslo" };
    const checked = await compileSchema(search, "T.m input", "input").validate(sent);
    expect(checked).toEqual({ ok: true, value: { city: "Oslo", limit: 10 } });
    expect(sent).toEqual({ city: "Oslo" });
  });

  it("takes no default from a union member, not even a $ref'd one Ajv compiles apart", async () => {
    // OpenAI's createResponse: a function tool gained image_generation's defaults before it was sent.
    const tool = (type: string, extra: Record<string, unknown>) => ({
      type: "object",
      properties: { type: { const: type }, ...extra },
      required: ["type"],
    });
    const schema = {
      $defs: {
        // A member that refers further is not inlined: Ajv compiles it as a function of its own.
        image: tool("image_generation", {
          output_format: { type: "string", default: "png" },
          size: { $ref: "#/$defs/size" },
        }),
        size: { enum: ["auto", "1024x1024"] },
        search: tool("web_search", { search_context_size: { type: "string", default: "medium" } }),
        fn: tool("function", { name: { type: "string" } }),
      },
      type: "object",
      properties: {
        tools: {
          type: "array",
          items: { anyOf: [{ $ref: "#/$defs/image" }, { $ref: "#/$defs/search" }, { $ref: "#/$defs/fn" }] },
        },
        choice: { oneOf: [{ $ref: "#/$defs/image" }, { $ref: "#/$defs/fn" }] },
      },
    };
    const sent = { tools: [{ type: "function", name: "f" }], choice: { type: "function" } };
    const checked = await compileSchema(schema, "T.m input", "input").validate(structuredClone(sent));
    expect(checked).toEqual({ ok: true, value: sent });
  });

  it("accepts any value for a format it does not know, and says nothing about it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const schema = {
        type: "object",
        properties: { id: { type: "string", format: "base64url" }, n: { type: "integer", format: "int16" } },
      };
      expect(await problems(schema, { id: "a-b_c", n: 70000 })).toBe("");
      expect(await problems({ ...schema, required: ["id"] }, { id: 1 })).toBe("id: must be string");
      expect(warn).not.toHaveBeenCalled();
      expect(log).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
  });

  it.each([
    [{ city: "Oslo", limit: 101 }, "limit: must be <= 100"],
    [{ city: "Oslo", limit: 0 }, "limit: must be >= 1"],
    [{ city: "Oslo", limit: 1.5 }, "limit: must be integer"],
    [{}, "city: is required"],
    [{ city: "" }, "city: must NOT have fewer than 1 characters"],
    [{ city: "Oslo", unit: "k" }, 'unit: must be equal to one of the allowed values: ["c","f"]'],
    [{ city: "Oslo", extra: true }, "extra: is not an allowed property"],
    [{ city: "Oslo", filters: [{ op: "eq" }, {}] }, "filters.1.op: is required"],
    [
      { city: "Oslo", filters: [{ op: "gt" }] },
      'filters.0.op: must be equal to one of the allowed values: ["eq","lt"]',
    ],
    [{ city: "Oslo", email: "nope" }, 'email: must match format "email"'],
    ["Oslo", "(root): must be object"],
  ])("names the field and the rule: %j -> %s", async (value, expected) => {
    expect(await problems(search, value)).toBe(expected);
  });

  it("lists every problem, not only the first", async () => {
    expect(await problems(search, { limit: 500, unit: "k" })).toBe(
      'city: is required; limit: must be <= 100; unit: must be equal to one of the allowed values: ["c","f"]',
    );
  });

  it("escapes nothing in paths but decodes JSON Pointer escapes", async () => {
    const schema = { type: "object", properties: { "a/b": { type: "string" }, "c~d": { type: "string" } } };
    expect(await problems(schema, { "a/b": 1, "c~d": 2 })).toBe("a/b: must be string; c~d: must be string");
  });

  it("accepts a draft-07 $schema and validates with it", async () => {
    const draft07 = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      definitions: { unit: { type: "string", enum: ["c", "f"] } },
      properties: { unit: { $ref: "#/definitions/unit" }, n: { type: "number", exclusiveMaximum: 10 } },
      required: ["unit"],
    };
    const compiled = compileSchema(draft07, "T.m input", "input");
    expect(compiled.json).toBe(draft07);
    expect(await problems(draft07, { unit: "c", n: 9 })).toBe("");
    expect(await problems(draft07, { unit: "k", n: 10 })).toBe(
      'unit: must be equal to one of the allowed values: ["c","f"]; n: must be < 10',
    );
  });

  it("reads draft-07 tuple items the draft-07 way", async () => {
    const pair = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { pair: { type: "array", items: [{ type: "string" }, { type: "number" }], additionalItems: false } },
    };
    expect(await problems(pair, { pair: ["a", 1] })).toBe("");
    expect(await problems(pair, { pair: [1, "a"] })).toBe("pair.0: must be string; pair.1: must be number");
    expect(await problems(pair, { pair: ["a", 1, 2] })).toBe("pair: must NOT have more than 2 items");
  });

  it("accepts an explicit 2020-12 $schema", async () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { pair: { type: "array", prefixItems: [{ type: "string" }], items: false } },
    };
    expect(await problems(schema, { pair: ["a"] })).toBe("");
    expect(await problems(schema, { pair: ["a", "b"] })).toBe("pair: must NOT have more than 1 items");
  });

  it("never fetches a network $ref: the schema is refused at start-up", () => {
    const remote = { type: "object", properties: { a: { $ref: "https://example.com/schemas/a.json" } } };
    expect(() => compileSchema(remote, "T.m input", "input")).toThrow(
      new McpsmithError(
        "E_SCHEMA_INVALID",
        "T.m input: invalid JSON Schema: can't resolve reference https://example.com/schemas/a.json from id #",
      ),
    );
  });

  it("reads a $ref in literal data (an example, a default) as data, and one in a property named so as a reference", async () => {
    const data = {
      type: "object",
      properties: { n: { type: "number", default: 1 } },
      examples: [{ n: 2, schema: { $ref: "squareup.common.Number" } }],
      default: { $ref: "https://example.com/not-followed.json" },
    };
    expect(await problems(data, { n: 3 })).toBe("");
    const named = { type: "object", properties: { default: { $ref: "https://example.com/schemas/a.json" } } };
    expect(() => compileSchema(named, "T.m input", "input")).toThrow(/can't resolve reference https:\/\/example\.com/);
  });

  it("refuses an invalid definition in $defs at start-up, even one another schema shares", () => {
    const shared = { type: "text" };
    const first = { type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: shared } };
    const second = { type: "object", properties: { b: { $ref: "#/$defs/A" } }, $defs: { A: shared } };
    for (const schema of [first, second]) {
      expect(() => compileSchema(schema, "T.m input", "input")).toThrow(
        /^T\.m input: invalid JSON Schema: schema is invalid: /,
      );
    }
  });

  it("reports a $ref to a missing definition at the first value checked, named as at start-up", () => {
    const dangling = { type: "object", properties: { a: { $ref: "#/$defs/Missing" } } };
    const compiled = compileSchema(dangling, "T.m input", "input");
    expect(() => compiled.validate({ a: 1 })).toThrow(
      /^T\.m input: invalid JSON Schema: can't resolve reference #\/\$defs\/Missing from id #$/,
    );
  });

  it("refuses an invalid JSON Schema with E_SCHEMA_INVALID and Ajv's reason", () => {
    let error: unknown;
    try {
      compileSchema({ type: "object", properties: { a: { type: "text" } } }, "T.m input", "input");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(McpsmithError);
    expect(error).toMatchObject({ code: "E_SCHEMA_INVALID" });
    expect((error as Error).message).toMatch(/^T\.m input: invalid JSON Schema: schema is invalid: /);
  });

  it.each([
    ["a string", "object"],
    ["null", null],
    ["an array", [{ type: "object" }]],
    ["a number", 3],
  ])("refuses %s as a schema", (_what, schema) => {
    expect(() => compileSchema(schema as never, "T.m input", "input")).toThrow(
      new McpsmithError(
        "E_SCHEMA_INVALID",
        "T.m input: a schema must be a zod schema, a Standard Schema or a JSON Schema object",
      ),
    );
  });

  it("compiles the empty object schema used for tools without input", async () => {
    expect(EMPTY_OBJECT_SCHEMA).toEqual({ type: "object", properties: {} });
    expect(await problems(EMPTY_OBJECT_SCHEMA, {})).toBe("");
  });
});

describe("zod (Standard Schema) arguments", () => {
  const search = z.object({
    city: z.string().describe("City name"),
    limit: z.number().int().max(100).default(10),
    unit: z.enum(["c", "f"]).optional(),
    filters: z.array(z.object({ op: z.enum(["eq", "lt"]) })).optional(),
  });

  it("is recognised as a Standard Schema, a JSON Schema object is not", () => {
    expect(isStandardSchema(search)).toBe(true);
    expect(isStandardSchema({ type: "object" })).toBe(false);
  });

  it("gives draft 2020-12 JSON Schema for what it accepts (input) and what it produces (output)", () => {
    const input = compileSchema(search, "T.m input", "input").json;
    expect(input).toMatchObject({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { city: { type: "string", description: "City name" }, limit: { type: "integer", default: 10 } },
      required: ["city"],
    });
    // A defaulted field is optional going in and always present coming out.
    expect(compileSchema(search, "T.m output", "output").json.required).toEqual(["city", "limit"]);
  });

  it("validates with zod itself, so defaults and transforms apply", async () => {
    const trimmed = z.object({ name: z.string().trim().toUpperCase(), n: z.number().default(3) });
    expect(await compileSchema(trimmed, "T.m input", "input").validate({ name: "  ada " })).toEqual({
      ok: true,
      value: { name: "ADA", n: 3 },
    });
  });

  it.each([
    [{ city: "Oslo", limit: 101 }, "limit: Too big: expected number to be <=100"],
    [{}, "city: Invalid input: expected string, received undefined"],
    [{ city: "Oslo", limit: 1.5 }, "limit: Invalid input: expected int, received number"],
    [{ city: "Oslo", unit: "k" }, 'unit: Invalid option: expected one of "c"|"f"'],
    [{ city: "Oslo", filters: [{ op: "gt" }] }, 'filters.0.op: Invalid option: expected one of "eq"|"lt"'],
    ["Oslo", "(root): Invalid input: expected object, received string"],
  ])("names the field and the rule: %j -> %s", async (value, expected) => {
    expect(await problems(search, value)).toBe(expected);
  });

  it("accepts a Standard Schema whose validate is async, and path segments given as { key }", async () => {
    const asyncSchema: StandardSchemaLike = {
      "~standard": {
        version: 1,
        vendor: "custom",
        validate: async (value) =>
          (value as { ok?: boolean }).ok
            ? { value }
            : { issues: [{ message: "must be ok", path: [{ key: "nested" }, { key: 0 }, "ok"] }] },
        jsonSchema: {
          input: () => ({ type: "object", properties: { ok: { type: "boolean" } } }),
          output: () => ({ type: "object" }),
        },
      },
    };
    expect(await problems(asyncSchema, { ok: true })).toBe("");
    expect(await problems(asyncSchema, {})).toBe("nested.0.ok: must be ok");
  });

  it("refuses a Standard Schema without JSON Schema output, naming its vendor", () => {
    const opaque: StandardSchemaLike = {
      "~standard": { version: 1, vendor: "acme", validate: (value) => ({ value }) },
    };
    expect(() => compileSchema(opaque, "T.m input", "input")).toThrow(
      new McpsmithError(
        "E_SCHEMA_INVALID",
        "T.m input: this acme schema has no JSON Schema output (Standard JSON Schema); use zod 4 or pass a JSON Schema object",
      ),
    );
  });

  it("refuses a zod schema that cannot be expressed as JSON Schema", () => {
    const withDate = z.object({ when: z.date() });
    expect(() => compileSchema(withDate, "T.m input", "input")).toThrow(/^T\.m input: cannot convert to JSON Schema: /);
  });
});
