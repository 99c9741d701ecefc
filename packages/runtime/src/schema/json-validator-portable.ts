import { type OutputUnit, type Schema, Validator } from "@cfworker/json-schema";
import { compileDefaults, type DefaultsFiller } from "./defaults.js";
import { checkLocalRef, isDraft07, visitSchemaObjects } from "./refs-and-dialects.js";
import type { Issue, JsonSchema, Validation } from "./types.js";

/**
 * The JSON Schema engine of runtimes that refuse to generate code from strings (Cloudflare's workerd, Vercel's edge):
 * Ajv compiles every schema into a function there and cannot run, so package.json's `#json-validator` picks this
 * one for their export conditions (`workerd`, `edge-light`). @cfworker/json-schema interprets the schema instead,
 * the engine the SDK itself uses on workerd. Same contract as json-validator.ts: `$ref`s outside the schema are
 * refused at once, defaults are filled before checking, and a refusal lists each failing field as `path` and rule.
 * What it does not do is check the schema against its meta-schema: a malformed schema still fails on Node, where a
 * project's tests and `mcpsmith list` run before it is deployed.
 */
export function compileJsonSchema(schema: JsonSchema): (value: unknown) => Validation {
  const { $schema, ...body } = schema;
  checkRefs(body);
  let validator: Validator | undefined;
  let fill: DefaultsFiller | undefined;
  return (value) => {
    validator ??= new Validator(body as Schema, isDraft07($schema) ? "7" : "2020-12", false);
    fill ??= compileDefaults(body);
    const filled = fill(value);
    const result = validator.validate(filled);
    return result.valid ? { ok: true, value: filled } : { ok: false, issues: issuesOf(result.errors) };
  };
}

function checkRefs(body: JsonSchema): void {
  const seen = new Set<object>();
  visitSchemaObjects(body, (node) => {
    if (seen.has(node)) return false;
    seen.add(node);
    checkLocalRef((node as { $ref?: unknown }).$ref);
    return true;
  });
}

/**
 * The engine reports a tree, flattened: a unit per keyword that failed, the containers (`properties`, `items`,
 * `allOf`, ...) before the units that made them fail. Only the leaves say what is wrong, so only they become issues,
 * worded as json-validator.ts words the same failures.
 */
function issuesOf(units: readonly OutputUnit[]): Issue[] {
  const issues: Issue[] = [];
  for (const unit of units) {
    const path = pathOf(unit.instanceLocation);
    if (unit.keyword === "required") {
      const property = /"(.*)"/.exec(unit.error)?.[1] ?? "";
      issues.push({ path: [...path, property].join("."), message: "is required" });
    } else if (unit.keyword === "false") {
      // `additionalProperties: false` (and any `false` subschema) fails the property itself.
      issues.push({ path: path.join(".") || "(root)", message: "is not an allowed property" });
    } else if (!CONTAINERS.has(unit.keyword)) {
      issues.push({ path: path.join(".") || "(root)", message: unit.error });
    }
  }
  return issues;
}

const CONTAINERS = new Set([
  "properties",
  "patternProperties",
  "additionalProperties",
  "unevaluatedProperties",
  "items",
  "prefixItems",
  "additionalItems",
  "unevaluatedItems",
  "contains",
  "propertyNames",
  "dependentSchemas",
  "dependencies",
  "allOf",
  "$ref",
  "$recursiveRef",
  "if",
  "then",
  "else",
]);

/** `#/filters/0/op` -> ["filters", "0", "op"] */
function pathOf(location: string): string[] {
  return location
    .split("/")
    .slice(1)
    .map((part) => decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~"));
}
