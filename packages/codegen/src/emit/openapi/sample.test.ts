import { describe, expect, it } from "vitest";
import { fitsSchema } from "./fits.js";
import { sampleOf } from "./sample.js";

describe("sampleOf", () => {
  it("uses the schema's own example when it fits, and passes over one that breaks the schema", () => {
    // train-travel documents `trip_id: 1234` (or a made-up string) for a uuid.
    expect(sampleOf({ type: "string", format: "uuid", example: "4f4e4e1a-c824-4d63-b37a-d8d698862f1d" })).toBe(
      "4f4e4e1a-c824-4d63-b37a-d8d698862f1d",
    );
    expect(sampleOf({ type: "string", format: "uuid", example: "1234" })).toBe("3f2b8c1e-5d4a-4b6f-9e7d-2a1c0b9d8e7f");
    expect(sampleOf({ type: "integer", maximum: 10, examples: [50, 7] })).toBe(7);
    expect(sampleOf({ type: "object", properties: { a: { type: "string" } }, required: ["a"], example: {} })).toEqual({
      a: "example",
    });
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
});
