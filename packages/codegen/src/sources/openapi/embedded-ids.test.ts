/**
 * `$ref`s resolved against the `$id`s around them (JSON Schema 2020-12, OpenAPI 3.1), as Clair's document writes
 * them: relative names of sibling resources, `#` for the resource itself, and `$anchor`s.
 */
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../ir/types.js";
import { loadOpenApi } from "./source.js";
import { specFile } from "./spec-file.test-support.js";

const BASE = "https://example.test/api/v1/";

/** A document whose `report` schema refers to `package.schema.json`, which a sibling schema names by `$id`. */
function clairLike(schemas: Record<string, unknown>): object {
  return {
    openapi: "3.1.0",
    info: { title: "Scanner", version: "1" },
    servers: [{ url: "https://scanner.test" }],
    paths: {
      "/reports": {
        post: {
          operationId: "createReport",
          requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/report" } } } },
          responses: { "200": { description: "ok" } },
        },
      },
    },
    components: { schemas },
  };
}

/** The properties of the request body's schema (the `report` definition the tool's `body` refers to). */
function reportProperties(defs: Record<string, JsonSchema>): Record<string, unknown> {
  return (defs.report as { properties: Record<string, unknown> }).properties;
}

/** `schema`, or the definition it refers to. */
function followed(defs: Record<string, JsonSchema>, schema: unknown): unknown {
  const ref = (schema as { $ref?: string }).$ref;
  return ref === undefined ? schema : defs[decodeURIComponent(ref.slice("#/$defs/".length))];
}

const packageSchema = {
  $id: `${BASE}package.schema.json`,
  type: "object",
  required: ["name"],
  properties: {
    name: { type: "string" },
    // The package's source is a package too: `#` is this resource, not the document.
    source: { $ref: "#" },
  },
};

describe("refs resolved against embedded $ids", () => {
  it("reads a sibling resource named relative to the $id around the ref, and # as the resource itself", async () => {
    const file = await specFile(
      clairLike({
        report: {
          $id: `${BASE}report.schema.json`,
          type: "object",
          properties: { packages: { type: "array", items: { $ref: "package.schema.json" } } },
        },
        package: packageSchema,
      }),
    );
    const ir = await loadOpenApi(file);
    expect(ir.warnings).toEqual([]);
    const input = ir.tools[0]!.inputSchema;
    const body = JSON.stringify(input);
    // The package schema is reached, and its `source` refers back to it, not to the whole document.
    expect(body).toContain('"required":["name"]');
    const defs = input.$defs ?? {};
    const packageDef = Object.entries(defs).find(([, schema]) => JSON.stringify(schema).includes('"source"'));
    expect(packageDef).toBeDefined();
    const [name, schema] = packageDef!;
    expect((schema as { properties: { source: unknown } }).properties.source).toEqual({ $ref: `#/$defs/${name}` });
  });

  it("reads a ref to an absolute $id, a JSON pointer into a resource and an $anchor", async () => {
    const file = await specFile(
      clairLike({
        report: {
          type: "object",
          properties: {
            first: { $ref: `${BASE}package.schema.json` },
            name: { $ref: `${BASE}package.schema.json#/properties/name` },
            level: { $ref: `${BASE}levels.schema.json#level` },
          },
        },
        package: packageSchema,
        levels: { $id: `${BASE}levels.schema.json`, $defs: { level: { $anchor: "level", enum: ["low", "high"] } } },
      }),
    );
    const defs = (await loadOpenApi(file)).tools[0]!.inputSchema.$defs!;
    const { first, name, level } = reportProperties(defs);
    expect(first).toEqual({ $ref: "#/$defs/package" });
    expect(defs.package).toMatchObject({ required: ["name"] });
    expect(followed(defs, name)).toEqual({ type: "string" });
    expect(followed(defs, level)).toMatchObject({ enum: ["low", "high"] });
  });

  it("leaves a fragment ref inside a resource to the document where the resource has no such member", async () => {
    const file = await specFile(
      clairLike({
        report: {
          $id: `${BASE}report.schema.json`,
          type: "object",
          properties: { tag: { $ref: "#/components/schemas/tag" } },
        },
        tag: { type: "string", maxLength: 8 },
      }),
    );
    const defs = (await loadOpenApi(file)).tools[0]!.inputSchema.$defs!;
    expect(reportProperties(defs).tag).toEqual({ $ref: "#/$defs/tag" });
    expect(defs.tag).toEqual({ type: "string", maxLength: 8 });
  });

  it("reads a name no resource and no file answers to as a ref pointing nowhere, named in a warning", async () => {
    const file = await specFile(
      clairLike({
        report: { $id: `${BASE}report.schema.json`, properties: { x: { $ref: "missing.schema.json" } } },
      }),
    );
    const ir = await loadOpenApi(file);
    expect(ir.warnings.map((warning) => warning.message)).toContain(
      '$ref "missing.schema.json" points outside the document and could not be read',
    );
  });
});
