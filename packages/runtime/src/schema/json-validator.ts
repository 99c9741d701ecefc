import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import type { Ajv2020, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { compileDefaults, type DefaultsFiller } from "./defaults.js";
import { vouchesFor2020 } from "./meta-subset.js";
import { checkLocalRef, isDraft07, visitSchemaObjects } from "./refs-and-dialects.js";
import { compileSharing } from "./shared-definitions.js";
import type { Issue, JsonSchema, Validation } from "./types.js";

// The engine of runtimes that compile code (Node, Bun, Deno): package.json's `#json-validator` picks it by default,
// and json-validator-portable.ts where generating code from strings is refused (workerd, Vercel's edge).
// One Ajv instance per dialect for the process: compiled validators are cached by schema identity, and compiling
// is the expensive part, so it happens once per schema at start-up, never per call.
let shared2020: Ajv2020 | undefined;
let shared07: Ajv | undefined;

// strict: false because real schemas carry annotations Ajv does not know (x-*, discriminator, example).
// Defaults are filled by compileDefaults' fillers, not by Ajv's useDefaults, which applies those of failing union members.
// code.optimize: false skips Ajv's passes over the generated code (inlining names, folding blocks), a large share
// of compiling: a large document's first call of a tool compiles the definitions it reaches. The unoptimised
// validators are slightly slower per check, and a compile saved pays for hundreds of checks (the figures are in
// bench/README.md, "The runtime's choices"). scripts/meta-validators.mjs compiles the meta-schemas with the same.
const OPTIONS = { strict: false, allErrors: true, validateFormats: true, code: { optimize: false } } as const;

type Dialect = "2020-12" | "draft-07";

/**
 * The formats the checked schemas name, for each dialect's Ajv to learn when it is made (see `checkSchema`): a
 * schema is checked at start-up, before anything loads Ajv.
 */
const named: Record<Dialect, Set<string>> = { "2020-12": new Set(), "draft-07": new Set() };

function ajv(dialect: Dialect): Ajv2020 | Ajv {
  // Required on first use, not imported: a server whose schemas are all zod never needs Ajv and ajv-formats, and a
  // JSON Schema server needs them at its first validated value, not at start-up (loading them is a large share of a
  // stdio server's start-up: figures in docs/performance.md, "Start-up and memory").
  const require = createRequire(import.meta.url);
  const made = dialect === "draft-07" ? shared07 : shared2020;
  if (made) return made;
  const addFormats = (require("ajv-formats") as { default: (ajv: Ajv2020 | Ajv) => void }).default;
  // Tuple `items: [...]` and `additionalItems` mean something else in 2020-12 (where the array form is invalid), so
  // a draft-07 schema gets a draft-07 validator instead of being refused or checked differently than written.
  const validator =
    dialect === "draft-07"
      ? new (require("ajv") as typeof import("ajv")).Ajv(OPTIONS)
      : new (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).Ajv2020(OPTIONS);
  addFormats(validator);
  for (const format of named[dialect]) learnFormat(validator, format);
  if (dialect === "draft-07") shared07 = validator as Ajv;
  else shared2020 = validator as Ajv2020;
  return validator;
}

/**
 * A validator for a JSON Schema. The schema is checked at once (Throws with Ajv's reason when it is invalid, or
 * names a `$ref` outside itself, which is never fetched); Ajv is loaded, and compiles it, when the first value is
 * checked. A valid
 * value comes back with its absent properties' defaults filled in (see compileDefaults), as a copy when any was.
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
  const dialect: Dialect = isDraft07($schema) ? "draft-07" : "2020-12";
  checkSchema(dialect, body);
  let check: ValidateFunction | undefined;
  let fill: DefaultsFiller | undefined;
  return (value) => {
    check ??= compileSharing(ajv(dialect), body);
    fill ??= compileDefaults(body);
    // Filled before checking, as Ajv did: a required property with a default may be left out.
    const filled = fill(value);
    return check(filled) ? { ok: true, value: filled } : { ok: false, issues: (check.errors ?? []).map(toIssue) };
  };
}

/** The schema objects checked for each dialect (checkSchema), with every node below them. */
const checked: Record<Dialect, WeakSet<object>> = { "2020-12": new WeakSet(), "draft-07": new WeakSet() };

/**
 * What Ajv's compile would refuse before compiling, without compiling: the schema against the dialect's
 * meta-schema (compiled by Ajv ahead of time, with the options here: meta-validators.generated.cjs, asked only about
 * what meta-subset.ts cannot vouch for), and `$ref`s that point outside it. Each subtree is visited once per dialect: a definition shared by many tools' `$defs` is checked
 * the first time only.
 *
 * While walking, notes every format the schema names, for Ajv to accept anything for those it does not know
 * (OpenAPI's int16, Graph's base64url): a format is an annotation unless the validator knows it, and Ajv would
 * otherwise print `unknown format "..." ignored` for each schema naming it.
 */
function checkSchema(dialect: Dialect, body: Record<string, unknown>): void {
  const seen = checked[dialect];
  // The root without its `$defs` against the meta-schema, then each definition not met before on its own: the
  // meta-schema checks a definition the same way wherever it sits.
  const { $defs, definitions, ...root } = body;
  // A definitions object met before (tools reaching the same definitions share one) was checked whole: not even
  // its entries are looked at again, which with thousands of tools each holding a thousand would add up.
  const parts = [root, ...definitionsOf($defs, seen), ...definitionsOf(definitions, seen)];
  for (const part of parts) {
    if (seen.has(part)) continue;
    const problem = metaSchemaProblem(dialect, part);
    if (problem !== undefined) throw new Error(`schema is invalid: ${problem}`);
  }
  // Marked as checked only once the whole schema passed, so that another schema sharing a bad subtree is refused too.
  const visited = new Set<object>();
  const made = dialect === "draft-07" ? shared07 : shared2020;
  const enter = (node: object) => {
    if (seen.has(node) || visited.has(node)) return false;
    visited.add(node);
    const { format, $ref } = node as { format?: unknown; $ref?: unknown };
    if (typeof format === "string") {
      named[dialect].add(format);
      if (made) learnFormat(made, format);
    }
    checkLocalRef($ref);
    return true;
  };
  for (const part of parts) visitSchemaObjects(part, enter);
  for (const node of visited) seen.add(node);
  for (const container of [$defs, definitions])
    if (typeof container === "object" && container !== null) seen.add(container);
}

/**
 * Ajv's `validateSchema` and `errorsText`, worded as Ajv words them, from the precompiled meta-schema. A part with
 * a `$schema` of its own is checked against that, which only Ajv can look up.
 */
function metaSchemaProblem(dialect: Dialect, part: object): string | undefined {
  if ("$schema" in part) {
    const validator = ajv(dialect);
    return validator.validateSchema(part as Record<string, unknown>)
      ? undefined
      : validator.errorsText(validator.errors);
  }
  if (dialect === "2020-12" && vouchesFor2020(part)) return undefined;
  const meta = metaValidators()[dialect === "draft-07" ? "validate07" : "validate2020"];
  if (meta(part)) return undefined;
  const errors = meta.errors ?? [];
  return errors.length === 0
    ? "No errors"
    : errors.map((error) => `data${error.instancePath} ${error.message}`).join(", ");
}

/** A validator Ajv compiled ahead of time: true when the value is valid, else false with its errors set. */
interface MetaValidator {
  (value: unknown): boolean;
  errors?: ReadonlyArray<{ readonly instancePath: string; readonly message?: string }> | null;
}

type MetaValidators = Record<"validate2020" | "validate07", MetaValidator>;

let loadedMetaValidators: MetaValidators | undefined;

/** Required at the first schema meta-subset.ts cannot vouch for: beside this module in src/, and in dist/. */
function metaValidators(): MetaValidators {
  loadedMetaValidators ??= createRequire(import.meta.url)("./meta-validators.generated.cjs") as MetaValidators;
  return loadedMetaValidators;
}

/** A format Ajv does not know is accepted as it is (see checkSchema). */
function learnFormat(validator: Ajv2020 | Ajv, format: string): void {
  if (!validator.formats[format]) validator.addFormat(format, true);
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
