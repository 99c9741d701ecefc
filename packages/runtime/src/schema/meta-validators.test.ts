import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the build script is plain JavaScript, without declarations.
import { metaValidatorsSource, target } from "../../scripts/meta-validators.mjs";
import { compileJsonSchema } from "./json-validator.js";

const require = createRequire(import.meta.url);

interface MetaValidator {
  (value: unknown): boolean;
  errors?: unknown;
}
const { validate07, validate2020 } = require("./meta-validators.generated.cjs") as Record<
  "validate2020" | "validate07",
  MetaValidator
>;

/** Schemas each meta-schema refuses in several ways, and some it accepts. */
const SAMPLES: object[] = [
  { type: "foo" },
  { $id: 5 },
  { properties: { a: { minimum: "x" } } },
  { type: "object", properties: { a: { type: ["string", 3] } }, required: "a" },
  { $defs: { x: { type: 1 } } },
  { items: [{ type: "string" }] },
  { format: 3, minLength: -1 },
  { enum: [] },
  { $ref: 7 },
  { type: "object", properties: { q: { $ref: "#/$defs/z" } } },
  { type: "string", pattern: "^a" },
];

describe("the meta-schemas compiled ahead of time", () => {
  it("are what the build writes from the installed Ajv", () => {
    expect(readFileSync(target, "utf8")).toBe(metaValidatorsSource());
  });

  it.each([
    [
      "2020-12",
      validate2020,
      () => new (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).Ajv2020(OPTIONS),
    ],
    ["draft-07", validate07, () => new (require("ajv") as typeof import("ajv")).Ajv(OPTIONS)],
  ] as const)("judge %s schemas as Ajv's validateSchema does, with the same errors", (_dialect, meta, make) => {
    const ajv: Ajv2020 | Ajv = make();
    (require("ajv-formats") as { default: (ajv: Ajv2020 | Ajv) => void }).default(ajv);
    let refused = 0;
    for (const sample of SAMPLES) {
      const valid = ajv.validateSchema(sample) as boolean;
      expect(meta(sample), JSON.stringify(sample)).toBe(valid);
      if (!valid) {
        refused++;
        expect(meta.errors).toEqual(ajv.errors);
      }
    }
    expect(refused).toBeGreaterThan(5);
  });

  it("refuse a schema in Ajv's words, through compileJsonSchema", () => {
    expect(() => compileJsonSchema({ type: "object", required: "a" })).toThrow(
      "schema is invalid: data/required must be array",
    );
    expect(() => compileJsonSchema({ $schema: "http://json-schema.org/draft-07/schema#", enum: [] })).toThrow(
      "schema is invalid: data/enum must NOT have fewer than 1 items",
    );
  });

  it("leave a format Ajv does not know to be accepted once Ajv is made", () => {
    const validate = compileJsonSchema({ type: "string", format: "x-mcpsmith-test-format" });
    expect(validate("anything")).toEqual({ ok: true, value: "anything" });
    const known = compileJsonSchema({ type: "string", format: "email" });
    expect(known("not an address")).toMatchObject({ ok: false });
  });
});

const OPTIONS = { strict: false, allErrors: true, validateFormats: true, code: { optimize: false } } as const;
