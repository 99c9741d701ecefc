/**
 * What both JSON Schema engines (json-validator.ts on runtimes that compile code, json-validator-portable.ts on
 * those that refuse it) decide alike: which dialect a `$schema` names, that a `$ref` outside the schema is never
 * fetched but refused when the schema is checked, and where in a schema its subschemas are.
 */

/** Draft-06/07 documents (OpenAPI 3.0 tooling, older generators), which name their dialect in `$schema`. */
export const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-0[67]\/schema#?$/;

export function isDraft07(dialect: unknown): boolean {
  return typeof dialect === "string" && DRAFT_07.test(dialect);
}

/** Throws (in Ajv's words, which every runtime then gives alike) when `$ref` points outside the schema. */
export function checkLocalRef($ref: unknown): void {
  if (typeof $ref === "string" && !$ref.startsWith("#")) throw new Error(`can't resolve reference ${$ref} from id #`);
}

/** Keywords whose value is data, not schema: a `$ref` or a `format` met there is a value (Ajv never looks). */
export const LITERAL_KEYWORDS: ReadonlySet<string> = new Set(["default", "const", "enum", "examples", "example"]);

/** Keywords whose members are named by the schema's author: a member called `default` there is a schema. */
export const NAMED_SCHEMAS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
]);

/**
 * Calls `enter` on each object a validator reads as schema (or as a map of schemas), parents first, leaving literal
 * data out; `enter` returns false to leave an object's members out too (one seen already).
 */
export function visitSchemaObjects(root: unknown, enter: (node: object) => boolean): void {
  const walk = (node: unknown, named: boolean): void => {
    if (typeof node !== "object" || node === null || !enter(node)) return;
    for (const [key, child] of Object.entries(node)) {
      if (!named && LITERAL_KEYWORDS.has(key)) continue;
      walk(child, !named && NAMED_SCHEMAS.has(key));
    }
  };
  walk(root, false);
}
