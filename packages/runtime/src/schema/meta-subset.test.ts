import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gunzipSync } from "node:zlib";
import { corpusFile } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import { compileJsonSchema } from "./json-validator.js";
import { keywordValueValid, RULES_2020, vouchesFor2020 } from "./meta-subset.js";

const require = createRequire(import.meta.url);
const { validate2020 } = require("./meta-validators.generated.cjs") as { validate2020: (value: unknown) => boolean };

/** Real documents' schemas: every JSON document of the corpus (the YAML ones would need a parser here). */
const DOCUMENTS = [
  "openapi/github-rest-oas30.json",
  "openapi/stripe-spec3.json",
  "openapi/box-openapi.json",
  "openapi/kubernetes-1.13-swagger2.json",
  "openapi/twilio-api-v2010.json",
  "openapi/slack-web-swagger2.json",
  "openapi/notion-openapi-from-notion-mcp-server.json",
  "openapi/aws-s3-apisguru.json",
  "openapi/aws-cur-apisguru.json",
  "openapi/azure-hdinsight-job-apisguru.json",
  "openapi/petstore-swagger2.json",
];

describe("the meta-schema subset (meta-subset.ts)", () => {
  it("has a rule for every keyword the 2020-12 meta-schema Ajv ships defines", () => {
    const folder = "ajv/dist/refs/json-schema-2020-12";
    const metaSchemas = [
      require(`${folder}/schema.json`),
      ...["core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "content"].map(
        (vocabulary) => require(`${folder}/meta/${vocabulary}.json`),
      ),
    ] as { properties: Record<string, unknown> }[];
    const defined = new Set(metaSchemas.flatMap((schema) => Object.keys(schema.properties)));
    expect([...RULES_2020.keys()].sort()).toEqual([...defined].sort());
  });

  it("vouches for a schema only when the meta-schema accepts it", () => {
    for (const sample of SAMPLES) {
      if (vouchesFor2020(sample)) expect(validate2020(sample), JSON.stringify(sample)).toBe(true);
    }
    // And for the plain ones: they are what it is for.
    expect(SAMPLES.filter((sample) => vouchesFor2020(sample)).length).toBeGreaterThan(10);
  });

  it("leaves to the meta-schema what it does not follow", () => {
    const deep: Record<string, unknown> = { type: "string" };
    let node = deep;
    for (let level = 0; level < 80; level++) {
      const child: Record<string, unknown> = {};
      node.items = child;
      node = child;
    }
    class Schema {
      type = "string";
    }
    const inherited = Object.create({ minLength: -1 }) as object;
    for (const schema of [
      { $id: "https://example.com/a" },
      { $schema: "https://json-schema.org/draft/2020-12/schema" },
      { patternProperties: { "^a": {} } },
      { dependencies: { a: ["b"] } },
      deep,
      new Schema(),
      inherited,
      // biome-ignore lint/suspicious/noSparseArray: a hole is what is tested
      { required: [, "a"] },
    ]) {
      expect(vouchesFor2020(schema), JSON.stringify(schema)).toBe(false);
    }
    expect(validate2020(inherited)).toBe(false);
  });

  it("agrees with the meta-schema on real documents' schemas and vouches for nearly all the valid ones", () => {
    const schemas = DOCUMENTS.flatMap((name) => schemasOf(readJson(corpusFile(name))));
    expect(schemas.length).toBeGreaterThan(10_000);
    let valid = 0;
    let vouched = 0;
    for (const schema of schemas) {
      const accepted = validate2020(schema);
      if (accepted) valid++;
      if (vouchesFor2020(schema)) {
        vouched++;
        expect(accepted, JSON.stringify(schema).slice(0, 300)).toBe(true);
      }
    }
    // Swagger 2's `type: "file"` and OpenAPI 3.0's boolean `exclusiveMinimum` are refused by both.
    expect(valid).toBeLessThan(schemas.length);
    expect(vouched / valid).toBeGreaterThan(0.95);
  });

  it("agrees with the meta-schema on those schemas with a keyword changed to an awkward value", () => {
    const random = mulberry32(29);
    const schemas = DOCUMENTS.slice(0, 4).flatMap((name) => schemasOf(readJson(corpusFile(name))));
    const keywords = [...RULES_2020.keys()];
    let vouched = 0;
    for (let round = 0; round < 20_000; round++) {
      const schema = structuredClone(schemas[Math.floor(random() * schemas.length)]) as Record<string, unknown>;
      const nodes = objectsIn(schema);
      const node = nodes[Math.floor(random() * nodes.length)]!;
      node[keywords[Math.floor(random() * keywords.length)]!] = AWKWARD[Math.floor(random() * AWKWARD.length)];
      if (vouchesFor2020(schema)) {
        vouched++;
        expect(validate2020(schema), JSON.stringify(schema).slice(0, 300)).toBe(true);
      }
    }
    expect(vouched).toBeGreaterThan(1_000);
  });
});

/** Each rule's edges, on both sides. */
const SAMPLES: object[] = [
  { type: "string" },
  { type: "strin" },
  { type: ["string", "null"] },
  { type: ["string", "string"] },
  { type: [] },
  { type: 3 },
  { minLength: 0 },
  { minLength: -1 },
  { minLength: 1.5 },
  { minLength: 2.0 },
  { maxItems: Number.NaN },
  { minimum: -3.5 },
  { minimum: Number.POSITIVE_INFINITY },
  { minimum: "1" },
  { multipleOf: 0 },
  { multipleOf: 0.5 },
  { required: ["a", "b"] },
  { required: ["a", "a"] },
  { required: [1] },
  { required: "a" },
  { enum: [] },
  { enum: "a" },
  { const: null },
  { properties: { a: { type: "string" }, b: true } },
  { properties: { a: null } },
  { properties: { a: [] } },
  { properties: [] },
  { items: { type: "string" } },
  { items: [{ type: "string" }] },
  { items: false },
  { prefixItems: [] },
  { prefixItems: [{}] },
  { allOf: [] },
  { anyOf: [{ type: "string" }, { type: "integer" }] },
  { oneOf: [1] },
  { not: {} },
  { additionalProperties: { type: "number" } },
  { additionalProperties: "no" },
  { $ref: "#/$defs/a", $defs: { a: { type: "string" } } },
  { $ref: 7 },
  { $defs: { a: { type: 1 } } },
  { $comment: 5 },
  { format: "email" },
  { format: 3 },
  { pattern: "(" },
  { deprecated: "yes" },
  { readOnly: true, writeOnly: false },
  { examples: "a" },
  { dependentRequired: { a: ["b"] } },
  { dependentRequired: { a: ["b", "b"] } },
  { "x-extension": { type: 3 }, nullable: "maybe", example: [] },
  { contentSchema: { type: "string" }, contentMediaType: "application/json", contentEncoding: 5 },
  // biome-ignore lint/suspicious/noThenProperty: the keyword of JSON Schema's if/then/else
  { if: { type: "string" }, then: { minLength: 1 }, else: { type: "number" } },
  { unevaluatedProperties: false, unevaluatedItems: { type: 3 } },
];

/** Values that break one rule or another. */
const AWKWARD: unknown[] = [
  -1,
  0,
  1.5,
  2,
  "x",
  "",
  "string",
  "strin",
  true,
  null,
  undefined,
  [],
  [1],
  ["a"],
  ["a", "a"],
  ["string", "string"],
  [{}],
  [{ type: 3 }],
  {},
  { a: 1 },
  { a: {} },
  { a: ["b", "b"] },
  { a: ["b"] },
];

function readJson(path: string): unknown {
  const bytes = readFileSync(path);
  return JSON.parse((path.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8"));
}

/** The schemas of an OpenAPI or Swagger document: its named ones and every `schema` of a parameter or body. */
function schemasOf(document: unknown): object[] {
  const found: object[] = [];
  const named = (container: unknown) => {
    if (typeof container === "object" && container !== null) found.push(...Object.values(container as object));
  };
  const root = document as { components?: { schemas?: unknown }; definitions?: unknown };
  named(root.components?.schemas);
  named(root.definitions);
  const visit = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "schema" && typeof value === "object" && value !== null && !Array.isArray(value)) found.push(value);
      visit(value);
    }
  };
  visit((document as { paths?: unknown }).paths);
  return found;
}

function objectsIn(root: Record<string, unknown>): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const visit = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    if (!Array.isArray(node)) found.push(node as Record<string, unknown>);
    for (const value of Object.values(node)) visit(value);
  };
  visit(root);
  return found;
}

/** A small seeded generator: the same mutations on every run. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("keywordValueValid", () => {
  it("judges one keyword's value by its rule, an empty enum (which Ajv refuses to compile) included", () => {
    expect(keywordValueValid("minimum", 1)).toBe(true);
    expect(keywordValueValid("minimum", "1")).toBe(false);
    expect(keywordValueValid("type", ["string", "null"])).toBe(true);
    expect(keywordValueValid("type", "date")).toBe(false);
    expect(keywordValueValid("enum", ["a"])).toBe(true);
    expect(keywordValueValid("enum", [])).toBe(false);
    expect(() => compileJsonSchema({ enum: [] })(1)).toThrow(/enum must have non-empty array/);
  });

  it("leaves annotations and the keywords the meta-schema decides alone", () => {
    expect(keywordValueValid("x-kind", 1)).toBeUndefined();
    expect(keywordValueValid("$anchor", 1)).toBeUndefined();
  });
});
