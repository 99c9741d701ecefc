import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import type { Ajv2020, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { hasDefaults, withDefaults } from "./defaults.js";
import { checkLocalRef, isDraft07 } from "./refs-and-dialects.js";
import { compileSharing } from "./shared-definitions.js";
import type { Issue, JsonSchema, Validation } from "./types.js";

// The engine of runtimes that compile code (Node, Bun, Deno): package.json's `#json-validator` picks it by default,
// and json-validator-portable.ts where generating code from strings is refused (workerd, Vercel's edge).
// One Ajv instance per dialect for the process: compiled validators are cached by schema identity, and compiling
// is the expensive part, so it happens once per schema at start-up, never per call.
let shared2020: Ajv2020 | undefined;
let shared07: Ajv | undefined;

// strict: false because real schemas carry annotations Ajv does not know (x-*, discriminator, example).
// Defaults are filled by withDefaults, not by Ajv's useDefaults, which applies those of failing union members.
// code.optimize: false skips Ajv's passes over the generated code (inlining names, folding blocks), a large share
// of compiling: a large document's first call of a tool compiles the definitions it reaches. The unoptimised
// validators are slightly slower per check, and a compile saved pays for hundreds of checks (the figures are in
// bench/README.md, "The runtime's choices").
const OPTIONS = { strict: false, allErrors: true, validateFormats: true, code: { optimize: false } } as const;

function ajv(dialect: unknown): Ajv2020 | Ajv {
  // Required on first use, not imported: a server whose schemas are all zod never needs Ajv and ajv-formats,
  // and loading them is a large share of a stdio server's start-up (figure in bench/README.md, "The runtime's choices").
  const require = createRequire(import.meta.url);
  const addFormats = (require("ajv-formats") as { default: (ajv: Ajv2020 | Ajv) => void }).default;
  // Tuple `items: [...]` and `additionalItems` mean something else in 2020-12 (where the array form is invalid), so
  // a draft-07 schema gets a draft-07 validator instead of being refused or checked differently than written.
  if (isDraft07(dialect)) {
    if (!shared07) {
      shared07 = new (require("ajv") as typeof import("ajv")).Ajv(OPTIONS);
      addFormats(shared07);
    }
    return shared07;
  }
  if (!shared2020) {
    shared2020 = new (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).Ajv2020(OPTIONS);
    addFormats(shared2020);
  }
  return shared2020;
}

/**
 * A validator for a JSON Schema. The schema is checked at once (Throws with Ajv's reason when it is invalid, or
 * names a `$ref` outside itself, which is never fetched); Ajv compiles it when the first value is checked. A valid
 * value comes back with its absent properties' defaults filled in (see withDefaults), as a copy when any was.
 *
 * Compiling lazily is what lets a large document start: Ajv compiles every definition a schema reaches into that
 * schema's validator, so where every response reaches most of the document through `$ref` cycles (Stripe's
 * expandable fields), compiling each tool's schemas at start-up compiled the whole document once per tool. Checking
 * visits each shared definition once, whatever the number of tools holding it in their `$defs`, and so does
 * compiling (shared-definitions.ts): calling every tool compiles each definition once, not once per tool.
 */
export function compileJsonSchema(schema: JsonSchema): (value: unknown) => Validation {
  // `$schema` only picks the validator; the body is compiled without it so Ajv never looks a meta-schema up.
  const { $schema, ...body } = schema;
  const validator = ajv($schema);
  checkSchema(validator, body);
  let check: ValidateFunction | undefined;
  let fills: boolean | undefined;
  return (value) => {
    check ??= compileSharing(validator, body);
    fills ??= hasDefaults(body);
    // Filled before checking, as Ajv did: a required property with a default may be left out.
    const filled = fills ? withDefaults(body, value) : value;
    return check(filled) ? { ok: true, value: filled } : { ok: false, issues: (check.errors ?? []).map(toIssue) };
  };
}

/** The schema objects each Ajv instance has checked (checkSchema), with every node below them. */
const checked = new WeakMap<Ajv2020 | Ajv, WeakSet<object>>();

/**
 * What Ajv's compile would refuse before compiling, without compiling: the schema against the dialect's
 * meta-schema, and `$ref`s that point outside it. Each subtree is visited once per Ajv instance: a definition
 * shared by many tools' `$defs` is checked the first time only.
 *
 * While walking, registers every format the schema names that Ajv does not know (OpenAPI's int16, Graph's
 * base64url) as one that accepts anything: a format is an annotation unless the validator knows it, and Ajv would
 * otherwise print `unknown format "..." ignored` for each schema naming it.
 */
function checkSchema(validator: Ajv2020 | Ajv, body: Record<string, unknown>): void {
  const seen = checked.get(validator) ?? new WeakSet<object>();
  checked.set(validator, seen);
  // The root without its `$defs` against the meta-schema, then each definition not met before on its own: the
  // meta-schema checks a definition the same way wherever it sits.
  const { $defs, definitions, ...root } = body;
  // A definitions object met before (tools reaching the same definitions share one) was checked whole: not even
  // its entries are looked at again, which with thousands of tools each holding a thousand would add up.
  const parts = [root, ...definitionsOf($defs, seen), ...definitionsOf(definitions, seen)];
  for (const part of parts) {
    if (seen.has(part)) continue;
    if (!validator.validateSchema(part)) {
      throw new Error(`schema is invalid: ${validator.errorsText(validator.errors)}`);
    }
  }
  // Marked as checked only once the whole schema passed, so that another schema sharing a bad subtree is refused too.
  const visited = new Set<object>();
  const visit = (node: unknown) => {
    if (typeof node !== "object" || node === null || seen.has(node) || visited.has(node)) return;
    visited.add(node);
    const { format, $ref } = node as { format?: unknown; $ref?: unknown };
    if (typeof format === "string" && !validator.formats[format]) validator.addFormat(format, true);
    checkLocalRef($ref);
    for (const child of Object.values(node)) visit(child);
  };
  for (const part of parts) visit(part);
  for (const node of visited) seen.add(node);
  for (const container of [$defs, definitions])
    if (typeof container === "object" && container !== null) seen.add(container);
}

function definitionsOf(definitions: unknown, seen: WeakSet<object>): object[] {
  if (typeof definitions !== "object" || definitions === null || seen.has(definitions)) return [];
  return Object.values(definitions).filter((value): value is object => typeof value === "object" && value !== null);
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
