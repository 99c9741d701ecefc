import { hasJsonType, satisfiesFormat } from "@mcpsmith/runtime/internal";
import type { JsonSchema } from "../../ir/types.js";

type Schema = { readonly [keyword: string]: unknown };

/**
 * Whether `value` satisfies `schema` as far as the keywords documents constrain samples with go: type, const,
 * enum, string lengths, pattern and format (checked as the runtime checks it: `satisfiesFormat`), number bounds,
 * array and object structure (property names included), `$ref` (inside the root's `$defs`), allOf, anyOf, oneOf and not. Other keywords are
 * taken as satisfied. The sample builder uses it to refuse a document's example that breaks its own schema
 * (ferry-booking's `sailing_id: 1234` for a uuid), and the generated tests to call only tools whose made-up
 * arguments and mock answer the runtime will accept. Loose where the runtime's Ajv is strict would let a broken
 * example through; strict where it is loose only costs an example.
 */
export function fitsSchema(
  value: unknown,
  schema: JsonSchema,
  root: JsonSchema = schema,
  levels = Number.POSITIVE_INFINITY,
): boolean {
  return new Fit(root).fits(value, schema, 0, levels);
}

/** Past this many `$ref`s on one path a schema is taken as satisfied: only a cycle of references gets there. */
const MAX_REFS = 32;

class Fit {
  constructor(private readonly root: JsonSchema) {}

  /** `levels`: how many levels of properties and items below this one are checked; deeper ones are taken as fitting. */
  fits(value: unknown, schema: JsonSchema, refs: number, levels: number): boolean {
    if (schema === true || schema === undefined) return true;
    if (schema === false) return false;
    const keywords = schema as Schema;
    if (typeof keywords.$ref === "string" && refs < MAX_REFS) {
      const target = this.#resolve(keywords.$ref);
      if (target !== undefined && !this.fits(value, target, refs + 1, levels)) return false;
    }
    if ("const" in keywords && !sameJson(value, keywords.const)) return false;
    if (Array.isArray(keywords.enum) && !keywords.enum.some((item) => sameJson(value, item))) return false;
    if (!ofType(value, keywords)) return false;
    if (!this.#members(value, keywords, refs, levels)) return false;
    if (keywords.not !== undefined && this.fits(value, keywords.not as JsonSchema, refs, levels)) return false;
    if (typeof value === "string") return stringFits(value, keywords);
    if (typeof value === "number") return numberFits(value, keywords);
    if (Array.isArray(value)) return this.#arrayFits(value, keywords, refs, levels);
    if (typeof value === "object" && value !== null)
      return this.#objectFits(value as Record<string, unknown>, keywords, refs, levels);
    return true;
  }

  #members(value: unknown, keywords: Schema, refs: number, levels: number): boolean {
    const list = (keyword: string) =>
      Array.isArray(keywords[keyword]) ? (keywords[keyword] as JsonSchema[]) : undefined;
    const allOf = list("allOf");
    if (allOf && !allOf.every((member) => this.fits(value, member, refs, levels))) return false;
    const anyOf = list("anyOf");
    if (anyOf && !anyOf.some((member) => this.fits(value, member, refs, levels))) return false;
    const oneOf = list("oneOf");
    return !oneOf || oneOf.filter((member) => this.fits(value, member, refs, levels)).length === 1;
  }

  #arrayFits(value: unknown[], keywords: Schema, refs: number, levels: number): boolean {
    if (typeof keywords.minItems === "number" && value.length < keywords.minItems) return false;
    if (typeof keywords.maxItems === "number" && value.length > keywords.maxItems) return false;
    if (keywords.uniqueItems === true && new Set(value.map(canonicalJson)).size < value.length) return false;
    if (levels <= 0) return true;
    const prefix = Array.isArray(keywords.prefixItems) ? (keywords.prefixItems as JsonSchema[]) : [];
    const items = Array.isArray(keywords.items) ? undefined : (keywords.items as JsonSchema | undefined);
    return value.every((item, index) =>
      this.fits(item, index < prefix.length ? prefix[index]! : (items ?? true), refs, levels - 1),
    );
  }

  #objectFits(value: Record<string, unknown>, keywords: Schema, refs: number, levels: number): boolean {
    const properties = (keywords.properties ?? {}) as Record<string, JsonSchema>;
    const required = Array.isArray(keywords.required) ? (keywords.required as string[]) : [];
    if (!required.every((name) => Object.hasOwn(value, name))) return false;
    const count = Object.keys(value).length;
    if (typeof keywords.minProperties === "number" && count < keywords.minProperties) return false;
    if (typeof keywords.maxProperties === "number" && count > keywords.maxProperties) return false;
    const patterns = Object.keys((keywords.patternProperties ?? {}) as object);
    const additional = keywords.additionalProperties as JsonSchema | undefined;
    // Mistral's locale maps name their keys by `propertyNames: {enum: [en, fr, ...]}`.
    const names = keywords.propertyNames as JsonSchema | undefined;
    if (names !== undefined && !Object.keys(value).every((name) => this.fits(name, names, refs, levels))) return false;
    return Object.entries(value).every(([name, item]) => {
      if (Object.hasOwn(properties, name)) return levels <= 0 || this.fits(item, properties[name]!, refs, levels - 1);
      if (patterns.some((pattern) => matchesPattern(pattern, name))) return true;
      return (
        additional === undefined || (levels <= 0 ? additional !== false : this.fits(item, additional, refs, levels - 1))
      );
    });
  }

  #resolve(ref: string): JsonSchema | undefined {
    const name = /^#\/\$defs\/(.+)$/.exec(ref)?.[1];
    const defs =
      typeof this.root === "object" ? (this.root.$defs as Record<string, JsonSchema> | undefined) : undefined;
    return name === undefined
      ? undefined
      : defs?.[decodeURIComponent(name).replaceAll("~1", "/").replaceAll("~0", "~")];
  }
}

function ofType(value: unknown, keywords: Schema): boolean {
  const declared = keywords.type;
  if (declared === undefined) return true;
  const types = Array.isArray(declared) ? [...declared] : [declared];
  if (keywords.nullable === true) types.push("null");
  return types.some((type) => hasJsonType(value, type));
}

function stringFits(value: string, keywords: Schema): boolean {
  const { minLength, maxLength } = keywords;
  if (typeof minLength === "number" || typeof maxLength === "number") {
    // Lengths count code points; spread only when bounded (documents' examples run to kilobytes).
    const length = [...value].length;
    if (typeof minLength === "number" && length < minLength) return false;
    if (typeof maxLength === "number" && length > maxLength) return false;
  }
  if (typeof keywords.pattern === "string" && !matchesPattern(keywords.pattern, value)) return false;
  return typeof keywords.format !== "string" || satisfiesFormat(keywords.format, value);
}

/** Patterns compiled once: a document repeats the same few (Twilio's SIDs) across hundreds of schemas. */
const compiled = new Map<string, RegExp | undefined>();

/** Whether `value` matches the JSON Schema `pattern`; a pattern JavaScript cannot read matches everything. */
export function matchesPattern(pattern: string, value: string): boolean {
  if (!compiled.has(pattern)) {
    let regex: RegExp | undefined;
    try {
      regex = new RegExp(pattern, "u");
    } catch {
      // A pattern JavaScript cannot read constrains nothing here.
    }
    compiled.set(pattern, regex);
  }
  return compiled.get(pattern)?.test(value) ?? true;
}

function numberFits(value: number, keywords: Schema): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = keywords;
  if (typeof minimum === "number" && (value < minimum || (exclusiveMinimum === true && value === minimum)))
    return false;
  if (typeof maximum === "number" && (value > maximum || (exclusiveMaximum === true && value === maximum)))
    return false;
  if (typeof exclusiveMinimum === "number" && value <= exclusiveMinimum) return false;
  if (typeof exclusiveMaximum === "number" && value >= exclusiveMaximum) return false;
  if (typeof multipleOf === "number" && multipleOf > 0 && !Number.isInteger(value / multipleOf)) return false;
  return typeof keywords.format !== "string" || satisfiesFormat(keywords.format, value);
}

/** Deep equality of JSON values (key order aside), as const and enum compare. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** JSON with every object's keys sorted: two values are deeply equal (as `uniqueItems` compares) when theirs match. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === "object" && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
