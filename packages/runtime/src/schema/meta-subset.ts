/**
 * A quick verdict on the schemas most servers carry, so that checking them at start-up needs neither the 2020-12
 * meta-schema's compiled validator loaded (meta-validators.generated.cjs, some 110 KB of code) nor run: together
 * about a fifth of a generated project's stdio start-up (docs/performance.md, "Start-up").
 *
 * `vouchesFor2020` answers true only for a schema the 2020-12 meta-schema accepts, checking each keyword that
 * meta-schema defines with the rule it gives. It answers false for anything it does not follow (the identifier
 * keywords, `patternProperties`, `dependencies`, a schema nested very deep) and for anything invalid; false means
 * "ask the meta-schema", which then accepts or names the problem in Ajv's words. Keywords the meta-schema does not
 * define (`x-*`, OpenAPI's `nullable`, `example`, `discriminator`) are annotations it accepts with any value, and so
 * does this. meta-subset.test.ts holds the two to the same answers on real documents and their mutations, and the
 * keyword list below to the meta-schema Ajv ships.
 */

type Rule = (value: unknown, depth: number) => boolean;

/** Past this depth the meta-schema decides (and a cyclic object ends in its error, as before). */
const MAX_DEPTH = 64;

const SIMPLE_TYPES: ReadonlySet<unknown> = new Set([
  "array",
  "boolean",
  "integer",
  "null",
  "number",
  "object",
  "string",
]);

// Ajv reads a schema's keywords as properties, inherited ones too, and walks maps with for-in: only objects as JSON
// makes them (no prototype but Object's, or none) are judged here.
const PLAIN_PROTOTYPES: ReadonlySet<unknown> = new Set([Object.prototype, null]);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && PLAIN_PROTOTYPES.has(Object.getPrototypeOf(value));

/** `every`, holes included: Ajv reads a sparse array's holes as undefined. */
const all = (list: readonly unknown[], test: (member: unknown) => boolean): boolean => {
  for (let index = 0; index < list.length; index++) if (!test(list[index])) return false;
  return true;
};

const schema: Rule = (value, depth) => typeof value === "boolean" || (isObject(value) && vouches(value, depth + 1));
const schemaMap: Rule = (value, depth) =>
  isObject(value) && Object.values(value).every((member) => schema(member, depth));
const schemaList: Rule = (value, depth) =>
  Array.isArray(value) && value.length > 0 && all(value, (member) => schema(member, depth));
const string: Rule = (value) => typeof value === "string";
const boolean: Rule = (value) => typeof value === "boolean";
const array: Rule = (value) => Array.isArray(value);
const anything: Rule = () => true;
// Ajv's "number" and "integer": finite numbers, integers those without a fraction.
const number: Rule = (value) => typeof value === "number" && Number.isFinite(value);
const positive: Rule = (value) => number(value, 0) && (value as number) > 0;
const count: Rule = (value) => Number.isInteger(value) && (value as number) >= 0;
const uniqueStrings: Rule = (value) =>
  Array.isArray(value) && all(value, (member) => typeof member === "string") && new Set(value).size === value.length;
const type: Rule = (value) =>
  SIMPLE_TYPES.has(value) ||
  (Array.isArray(value) &&
    value.length > 0 &&
    all(value, (member) => SIMPLE_TYPES.has(member)) &&
    new Set(value).size === value.length);
const requiredMap: Rule = (value) =>
  isObject(value) && Object.values(value).every((member) => uniqueStrings(member, 0));
const never: Rule = () => false;

/**
 * Every keyword the 2020-12 meta-schema (with its vocabularies and its deprecated keywords) defines, with the rule
 * it gives; `never` leaves the keyword to the meta-schema.
 */
export const RULES_2020: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  // core
  ["$id", never],
  ["$schema", never],
  ["$ref", string],
  ["$anchor", never],
  ["$dynamicRef", never],
  ["$dynamicAnchor", never],
  ["$vocabulary", never],
  ["$comment", string],
  ["$defs", schemaMap],
  // applicator
  ["prefixItems", schemaList],
  ["items", schema],
  ["contains", schema],
  ["additionalProperties", schema],
  ["properties", schemaMap],
  ["patternProperties", never],
  ["dependentSchemas", schemaMap],
  ["propertyNames", schema],
  ["if", schema],
  ["then", schema],
  ["else", schema],
  ["allOf", schemaList],
  ["anyOf", schemaList],
  ["oneOf", schemaList],
  ["not", schema],
  // unevaluated
  ["unevaluatedItems", schema],
  ["unevaluatedProperties", schema],
  // validation
  ["type", type],
  ["const", anything],
  ["enum", array],
  ["multipleOf", positive],
  ["maximum", number],
  ["exclusiveMaximum", number],
  ["minimum", number],
  ["exclusiveMinimum", number],
  ["maxLength", count],
  ["minLength", count],
  ["pattern", string],
  ["maxItems", count],
  ["minItems", count],
  ["uniqueItems", boolean],
  ["maxContains", count],
  ["minContains", count],
  ["maxProperties", count],
  ["minProperties", count],
  ["required", uniqueStrings],
  ["dependentRequired", requiredMap],
  // meta-data
  ["title", string],
  ["description", string],
  ["default", anything],
  ["deprecated", boolean],
  ["readOnly", boolean],
  ["writeOnly", boolean],
  ["examples", array],
  // format-annotation, content
  ["format", string],
  ["contentEncoding", string],
  ["contentMediaType", string],
  ["contentSchema", schema],
  // the root meta-schema's deprecated keywords
  ["definitions", schemaMap],
  ["dependencies", never],
  ["$recursiveAnchor", never],
  ["$recursiveRef", never],
]);

/** True only when the 2020-12 meta-schema accepts `node` (see above); false leaves the verdict to it. */
/**
 * Whether `value` is a valid value of the 2020-12 keyword `key` on its own, by the rule the meta-schema gives it, and
 * by Ajv's compiler, which also refuses an empty `enum` the meta-schema lets by. Undefined for a keyword the
 * meta-schema does not define (an annotation) or one this file leaves to it. For sources that repair what their
 * documents write before it reaches a validator (codegen's OpenAPI lowering).
 */
export function keywordValueValid(key: string, value: unknown): boolean | undefined {
  const rule = RULES_2020.get(key);
  if (rule === undefined || rule === never) return undefined;
  return rule(value, 0) && !(key === "enum" && (value as unknown[]).length === 0);
}

export function vouchesFor2020(node: object): boolean {
  return vouches(node as Record<string, unknown>, 0);
}

function vouches(node: Record<string, unknown>, depth: number): boolean {
  if (depth > MAX_DEPTH || !isObject(node)) return false;
  for (const keyword of Object.getOwnPropertyNames(node)) {
    const rule = RULES_2020.get(keyword);
    if (rule !== undefined && !rule(node[keyword], depth)) return false;
  }
  return true;
}
