import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../ir/types.js";
import { fitsSchema } from "./fits.js";
import { sampleOf } from "./sample.js";

describe("sampleOf", () => {
  it("uses the schema's own example when it fits, and passes over one that breaks the schema", () => {
    // Published documents give `1234` (or a made-up string) as the example of a uuid, as the corpus's ferry-booking does.
    expect(sampleOf({ type: "string", format: "uuid", example: "4f4e4e1a-c824-4d63-b37a-d8d698862f1d" })).toBe(
      "4f4e4e1a-c824-4d63-b37a-d8d698862f1d",
    );
    expect(sampleOf({ type: "string", format: "uuid", example: "1234" })).toBe("3f2b8c1e-5d4a-4b6f-9e7d-2a1c0b9d8e7f");
    expect(sampleOf({ type: "integer", maximum: 10, examples: [50, 7] })).toBe(7);
    expect(sampleOf({ type: "object", properties: { a: { type: "string" } }, required: ["a"], example: {} })).toEqual({
      a: "example",
    });
  });

  it("makes the items of a uniqueItems array differ, each fitting the items' schema (Discord's bulk delete)", () => {
    const cases: JsonSchema[] = [
      // Discord's message ids: snowflakes, two to a hundred.
      {
        type: "array",
        minItems: 2,
        uniqueItems: true,
        items: { $ref: "#/$defs/Snowflake" },
        $defs: { Snowflake: { type: "string", pattern: "^(0|[1-9][0-9]*)$" } },
      },
      { type: "array", minItems: 3, uniqueItems: true, items: { type: "integer", maximum: 1 } },
      { type: "array", minItems: 2, uniqueItems: true, items: { type: "string", enum: ["a", "b"] } },
      { type: "array", minItems: 2, uniqueItems: true, items: { type: "boolean" } },
    ];
    for (const schema of cases) {
      const sample = sampleOf(schema);
      expect(fitsSchema(sample, schema), JSON.stringify(sample)).toBe(true);
    }
    // More distinct values than the items allow: no array can be made.
    expect(sampleOf({ type: "array", minItems: 3, uniqueItems: true, items: { type: "boolean" } })).toBeUndefined();
  });

  it("places as many properties as minProperties and maxProperties allow (Elasticsearch's query container)", () => {
    // One query kind of many, none required; the page's cap on made-up properties does not leave it empty.
    const kinds = Object.fromEntries(["bool", "match", "term"].map((name) => [name, { type: "object" }]));
    const container = { type: "object", properties: kinds, minProperties: 1, maxProperties: 1 };
    expect(sampleOf(container)).toEqual({ bool: {} });
    // Placed after 70 other properties, past the cap of 64 a sample places, it still holds one kind.
    const wide = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`p${i}`, { type: "string" }]));
    const filter = { type: "array", items: container };
    const body = { type: "object", properties: { ...wide, filter }, required: ["filter"] };
    expect((sampleOf(body) as { filter: object[] }).filter).toEqual([{ bool: {} }]);
    const required = { type: "object", properties: kinds, required: ["term"], maxProperties: 2 };
    expect(sampleOf(required)).toEqual({ bool: {}, term: {} });
    // A map that needs more entries than one, under names its additionalProperties take.
    const map = { type: "object", additionalProperties: { type: "integer" }, minProperties: 3 };
    expect(sampleOf(map)).toEqual({ key: 1, key2: 1, key3: 1 });
    for (const schema of [container, required, map]) expect(fitsSchema(sampleOf(schema), schema)).toBe(true);
  });

  it("holds an allOf to the fewest properties a member allows, keeping what members require", () => {
    // Elasticsearch's aggregation: sub-aggregations and meta beside exactly one kind of aggregation.
    const kinds = Object.fromEntries(["avg", "sum"].map((name) => [name, { type: "object" }]));
    const around = { type: "object", properties: { aggregations: { type: "object" }, meta: { type: "object" } } };
    const aggregation = { allOf: [around, { type: "object", properties: kinds, minProperties: 1, maxProperties: 1 }] };
    expect(sampleOf(aggregation)).toEqual({ avg: {} });
    const named = { allOf: [{ ...around, required: ["meta"] }, { $ref: "#/$defs/Kind" }] };
    const root = { ...named, $defs: { Kind: { type: "object", properties: kinds, maxProperties: 2 } } };
    expect(sampleOf(root)).toEqual({ meta: {}, avg: {} });
    for (const schema of [aggregation, root]) expect(fitsSchema(sampleOf(schema), schema)).toBe(true);
  });

  it("makes no value where a map's required entry or an allOf member only a cycle reaches (Elasticsearch's queries)", () => {
    // A query is one of its kinds; `common` is a map of one entry, `boosting` its base and three required queries.
    const $defs = {
      Query: {
        type: "object",
        properties: {
          common: { type: "object", additionalProperties: { $ref: "#/$defs/Query" }, minProperties: 1 },
          boosting: {
            allOf: [
              { type: "object", properties: { boost: { type: "number" } } },
              { type: "object", properties: { negative: { $ref: "#/$defs/Query" } }, required: ["negative"] },
            ],
          },
          term: { type: "object", properties: { field: { type: "string" } } },
        },
        minProperties: 1,
        maxProperties: 1,
      },
    };
    const root = { type: "object", properties: { query: { $ref: "#/$defs/Query" } }, $defs };
    const sample = sampleOf(root) as { query: Record<string, unknown> };
    expect(fitsSchema(sample, root)).toBe(true);
    expect(sampleOf({ ...$defs.Query.properties.common, additionalProperties: false })).toBeUndefined();
  });

  it("gives a union member the discriminator's value for it when the member's sample left it out (Okta's protocols)", () => {
    const protocol = (type: string) => ({
      type: "object",
      properties: { credentials: { type: "object" }, type: { type: "string", enum: [type] } },
    });
    const mapping = { SAML2: "#/$defs/Saml", OIDC: "#/$defs/Oidc" };
    const union = {
      oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
      discriminator: { propertyName: "type", mapping },
    };
    const $defs = { Saml: protocol("SAML2"), Oidc: protocol("OIDC") };
    // Past the cap of 64 made-up properties, a member places none of its optional ones, `type` among them.
    const wide = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`p${i}`, { type: "string" }]));
    const body = { $defs, type: "object", properties: { ...wide, protocol: union }, required: ["protocol"] };
    const made = (sampleOf(body) as { protocol: unknown }).protocol;
    expect(made).toEqual({ type: "SAML2" });
    expect(fitsSchema(made, { $defs, ...union })).toBe(true);
    // With no mapping, the member's own schema for the property gives it.
    const implicit = {
      $defs,
      type: "object",
      properties: { ...wide, protocol: { ...union, discriminator: { propertyName: "type" } } },
      required: ["protocol"],
    };
    expect((sampleOf(implicit) as { protocol: unknown }).protocol).toEqual({ type: "SAML2" });
  });

  it("makes numbers inside exclusive bounds and on multipleOf, and tuples of their members' kinds", () => {
    const cases: [JsonSchema, unknown][] = [
      [{ type: "integer", minimum: 0, exclusiveMinimum: 0 }, 1],
      [{ type: "integer", exclusiveMinimum: 1 }, 2],
      [{ type: "integer", minimum: 0, exclusiveMinimum: true }, 1],
      [{ type: "integer", multipleOf: 20 }, 20],
      [{ type: "integer", minimum: 30, multipleOf: 20 }, 40],
      [{ type: "integer", maximum: -3 }, -3],
      [{ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 }, 0.5],
      [{ type: "number", minimum: 2.5 }, 2.5],
      [{ type: "number", multipleOf: 0.25, minimum: 1.1 }, 1.25],
      [{ type: "number", format: "int64", minimum: 2.5 }, 3],
      // Frigate's crop, `[x1, y1, x2, y2]`, and GrowthBook's namespace ranges.
      [{ type: "array", prefixItems: Array(4).fill({ type: "number" }), minItems: 4, maxItems: 4 }, [1, 1, 1, 1]],
      [{ type: "array", items: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }] } }, [[1, 1]]],
      [
        { type: "array", prefixItems: [{ type: "string" }], items: { type: "integer" }, minItems: 3 },
        ["example", 1, 1],
      ],
    ];
    for (const [schema, expected] of cases) {
      expect(sampleOf(schema), JSON.stringify(schema)).toEqual(expected);
      expect(fitsSchema(sampleOf(schema), schema), JSON.stringify(schema)).toBe(true);
    }
  });

  it("leaves out an optional array its minItems cannot fill, where recursion stops its items (openEO's schemas)", () => {
    // openEO describes JSON Schemas in JSON Schema: `items` is a schema or a list of at least one schema.
    const schema: JsonSchema = {
      $ref: "#/$defs/Schema",
      $defs: {
        Schema: {
          type: "object",
          properties: {
            type: { type: "string" },
            items: { type: "array", minItems: 1, items: { $ref: "#/$defs/Schema" } },
          },
        },
      },
    };
    const value = sampleOf(schema);
    expect(value).toEqual({ type: "example" });
    expect(fitsSchema(value, schema)).toBe(true);
  });

  it("makes a string the pattern matches (Twilio's SIDs), or none", () => {
    const sid = { type: "string", pattern: "^AC[0-9a-fA-F]{32}$", minLength: 34, maxLength: 34 };
    expect(sampleOf(sid)).toBe(`AC${"0".repeat(32)}`);
    const account = {
      type: "object",
      properties: { Sid: sid, Tag: { type: "string", pattern: "^(?!example)[a-z]+$" } },
      required: ["Sid"],
    };
    // An optional property no string can be made for is left out; a required one leaves no value at all.
    expect(sampleOf(account)).toEqual({ Sid: `AC${"0".repeat(32)}` });
    expect(sampleOf({ ...account, required: ["Sid", "Tag"] })).toBeUndefined();
  });

  it("makes an ISO 8601 duration for format duration, which the runtime's validator checks (Graph's call quality)", () => {
    const duration = { type: "string", format: "duration" };
    expect(sampleOf(duration)).toBe("P1DT2H");
    expect(fitsSchema(sampleOf(duration), duration)).toBe(true);
    expect(fitsSchema("example", duration)).toBe(false);
    expect(fitsSchema("PT", duration)).toBe(false);
  });

  it("makes no value where the schema takes none, and an empty array of such items (IATA ONE Record's dangling links)", () => {
    expect(sampleOf({ not: {} })).toBeUndefined();
    const links = { type: ["array", "null"], items: { not: {} }, maxItems: 1 };
    expect(sampleOf(links)).toEqual([]);
    expect(fitsSchema(sampleOf(links), links)).toBe(true);
  });

  it("makes the empty string where maxLength is 0 (the Beacon API's presence-only skip_randao_verification flag)", () => {
    const flag = { type: "string", minLength: 0, maxLength: 0 };
    expect(sampleOf(flag)).toBe("");
    expect(sampleOf({ type: "string", maxLength: 3 })).toBe("exa");
  });

  it("keeps a format's value when the pattern takes it", () => {
    expect(sampleOf({ type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$" })).toBe("2024-01-02");
  });

  it("samples a union member together with the object keywords beside it, honouring not", () => {
    // OpenAI's image references: exactly one of image_url and file_id.
    const reference = {
      type: "object",
      properties: { image_url: { type: "string", format: "uri" }, file_id: { type: "string" } },
      anyOf: [{ required: ["image_url"] }, { required: ["file_id"] }],
      not: { required: ["image_url", "file_id"] },
      additionalProperties: false,
    };
    const value = sampleOf(reference);
    expect(value).toEqual({ image_url: "https://example.com/" });
    expect(fitsSchema(value, reference)).toBe(true);
  });

  it("picks the first union member whose sample fits the union", () => {
    const schema = {
      $defs: { Text: { type: "object", properties: { type: { const: "text" } }, required: ["type"] } },
      oneOf: [{ type: "string", minLength: 3, example: "ab" }, { $ref: "#/$defs/Text" }],
    };
    expect(sampleOf({ oneOf: [{ type: "integer", minimum: 2 }, { type: "string" }] })).toBe(2);
    expect(sampleOf(schema)).toBe("example");
  });

  it("reuses a definition's sample across roots sharing $defs only where it comes out the same", () => {
    // B reaches A, which reaches B: under A, B stops at the cycle; under C, at the same depth, it goes on into A.
    // Wide has more properties than a sample places, so what it holds depends on how many were placed before it:
    // none after Padded's own, all a sample places when it comes first.
    const wide = Object.fromEntries(Array.from({ length: 70 }, (_, index) => [`p${index}`, { type: "integer" }]));
    const defs = {
      A: { type: "object", properties: { b: { $ref: "#/$defs/B" } } },
      B: { type: "object", properties: { a: { $ref: "#/$defs/A" }, name: { type: "string" } } },
      C: { type: "object", properties: { b: { $ref: "#/$defs/B" } } },
      Wide: { type: "object", properties: wide },
      Padded: { type: "object", properties: { ...wide, last: { $ref: "#/$defs/Wide" } }, required: ["last"] },
      Pair: {
        type: "object",
        properties: { first: { $ref: "#/$defs/Wide" }, second: { $ref: "#/$defs/Wide" } },
        required: ["first", "second"],
      },
    };
    const roots = ["A", "C", "Padded", "Wide", "Pair", "C", "A", "Pair"].map((name) => ({ $ref: `#/$defs/${name}` }));
    const shared = roots.map((root) => sampleOf({ ...root, $defs: defs }));
    const fresh = roots.map((root) => sampleOf({ ...root, $defs: structuredClone(defs) }));
    expect(shared).toEqual(fresh);
    expect(shared[0]).toEqual({ b: { name: "example" } });
    expect(shared[1]).toEqual({ b: { a: {}, name: "example" } });
    expect((shared[2] as Record<string, unknown>).last).toEqual({});
    expect(Object.keys(shared[3]!)).toHaveLength(64);
    const [first, second] = Object.values(shared[4] as Record<string, object>);
    expect(Object.keys(first!)).toHaveLength(64);
    expect(second).toEqual({});
  });

  it("fills a required property the schema does not define, from additional or pattern properties", () => {
    // Box's token revocation requires `grant_type` and GitHub's docker metadata `tags`, listing neither.
    const revocation = { type: "object", properties: { token: { type: "string" } }, required: ["grant_type"] };
    expect(sampleOf(revocation)).toEqual({ token: "example", grant_type: "value" });
    const counted = { ...revocation, additionalProperties: { type: "integer", minimum: 3 } };
    expect(sampleOf(counted)).toEqual({ token: "example", grant_type: 3 });
    const patterned = { ...counted, patternProperties: { "^grant_": { type: "boolean" } } };
    expect(sampleOf(patterned)).toEqual({ token: "example", grant_type: true });
    expect(sampleOf({ ...revocation, additionalProperties: false })).toBeUndefined();
    for (const schema of [revocation, counted, patterned]) expect(fitsSchema(sampleOf(schema), schema)).toBe(true);
  });

  it("names a map's made-up entry as its propertyNames allow, and fitsSchema checks the names", () => {
    // Mistral's tool locales: `{ name: { [language]: text } }`, the languages an enum behind a $ref.
    const locale = {
      $defs: { Language: { type: "string", enum: ["en", "fr"] } },
      type: "object",
      properties: {
        name: { type: "object", propertyNames: { $ref: "#/$defs/Language" }, additionalProperties: { type: "string" } },
      },
      required: ["name"],
    };
    expect(sampleOf(locale)).toEqual({ name: { en: "example" } });
    expect(fitsSchema(sampleOf(locale), locale)).toBe(true);
    expect(fitsSchema({ name: { key: "x" } }, locale)).toBe(false);
  });

  it("fills what one allOf member requires with a value fitting another member's definition of it", () => {
    // DigitalOcean's lists: `meta` lists `total` as optional, a second member requires it.
    const schema = {
      $defs: { Meta: { type: "object", properties: { total: { type: "integer", examples: [1] } } } },
      allOf: [{ $ref: "#/$defs/Meta" }, { required: ["total"] }],
    };
    expect(sampleOf(schema)).toEqual({ total: 1 });
  });

  it("fills what an allOf member requires even once the sample holds MAX_PROPERTIES properties", () => {
    // DigitalOcean's apps list: the apps before `meta` fill the sample, and `meta.total` was left out.
    const wide = Object.fromEntries(Array.from({ length: 70 }, (_, index) => [`p${index}`, { type: "integer" }]));
    const schema = {
      type: "object",
      properties: {
        items: { type: "object", properties: wide },
        meta: { allOf: [{ type: "object", properties: { total: { type: "integer" } } }, { required: ["total"] }] },
      },
      required: ["meta"],
    };
    const value = sampleOf(schema) as { meta: unknown };
    expect(value.meta).toEqual({ total: 1 });
    expect(fitsSchema(value, schema)).toBe(true);
  });

  it("makes a property two allOf members define fit both", () => {
    const schema = {
      allOf: [
        { type: "object", properties: { kind: { enum: ["file", "folder"] } } },
        { type: "object", properties: { kind: { type: "string", example: "web_link" } }, required: ["kind"] },
      ],
    };
    expect(sampleOf(schema)).toEqual({ kind: "file" });
  });

  it("samples an allOf of an annotation and a $ref as the referenced object", () => {
    // DigitalOcean describes a property beside its $ref: `allOf: [{ description }, { $ref }]`.
    const schema = {
      $defs: { Region: { type: "object", properties: { slug: { type: "string" } }, required: ["slug"] } },
      allOf: [{ description: "Where it runs." }, { $ref: "#/$defs/Region" }],
    };
    expect(sampleOf(schema)).toEqual({ slug: "example" });
  });

  it("samples the object keywords beside allOf as one more member", () => {
    // DigitalOcean's uptime check requires `method` beside an allOf that does not define it.
    const schema = {
      type: "object",
      allOf: [{ type: "object", properties: { name: { type: "string" }, enabled: { type: "boolean" } } }],
      properties: { target: { type: "string", format: "url" } },
      required: ["name", "method", "target"],
    };
    const value = sampleOf(schema);
    expect(value).toEqual({ name: "example", enabled: true, target: "https://example.com/", method: "value" });
    expect(fitsSchema(value, schema)).toBe(true);
  });

  it("samples null for a nullable string no made-up string fits", () => {
    // Microsoft Graph's dueTime: the `time` format needs a zone that the pattern forbids.
    const dueTime = { type: ["string", "null"], format: "time", pattern: "^[0-2][0-9]:[0-5][0-9]:[0-5][0-9]$" };
    expect(sampleOf(dueTime)).toBeNull();
    expect(sampleOf({ ...dueTime, type: "string", nullable: true })).toBeNull();
    expect(sampleOf({ ...dueTime, pattern: "^[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z$" })).toBe("03:04:05Z");
  });
});
