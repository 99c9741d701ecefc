import { createRequire } from "node:module";
import type { Ajv2020, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import type { JsonSchema } from "../model/types.js";
import type { Issue, Validation } from "./types.js";

// One Ajv instance for the process: compiled validators are cached by schema identity, and compiling is the
// expensive part, so it happens once per schema at start-up, never per call.
let shared: Ajv2020 | undefined;

function ajv(): Ajv2020 {
  if (!shared) {
    // Required on first use, not imported: a server whose schemas are all zod never needs Ajv 2020 and
    // ajv-formats, and loading them took ~70 ms, a sixth of a stdio server's start-up (bench/runtime).
    const require = createRequire(import.meta.url);
    const { Ajv2020: Ajv } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
    const addFormats = require("ajv-formats") as { default: (ajv: Ajv2020) => void };
    // strict: false because real schemas carry annotations Ajv does not know (x-*, discriminator, example).
    shared = new Ajv({ strict: false, allErrors: true, useDefaults: true, validateFormats: true });
    addFormats.default(shared);
  }
  return shared;
}

/** Compiles a JSON Schema into a validator. Throws (with Ajv's reason) when the schema itself is invalid. */
export function compileJsonSchema(schema: JsonSchema): (value: unknown) => Validation {
  // Draft-07 documents say so in `$schema`; the 2020-12 validator reads every keyword we rely on the same way.
  const { $schema: _ignored, ...body } = schema;
  const check: ValidateFunction = ajv().compile(body);
  return (value) => (check(value) ? { ok: true, value } : { ok: false, issues: (check.errors ?? []).map(toIssue) });
}

function toIssue(error: ErrorObject): Issue {
  const base = error.instancePath
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") {
    return { path: [...base, String(params.missingProperty)].join("."), message: "is required" };
  }
  if (error.keyword === "additionalProperties") {
    return { path: [...base, String(params.additionalProperty)].join("."), message: "is not an allowed property" };
  }
  const allowed = error.keyword === "enum" ? `: ${JSON.stringify(params.allowedValues)}` : "";
  return { path: base.join(".") || "(root)", message: `${error.message ?? error.keyword}${allowed}` };
}
