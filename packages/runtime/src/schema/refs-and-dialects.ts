/**
 * What both JSON Schema engines (json-validator.ts on runtimes that compile code, json-validator-portable.ts on
 * those that refuse it) decide alike: which dialect a `$schema` names, and that a `$ref` outside the schema is never
 * fetched but refused when the schema is checked.
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
