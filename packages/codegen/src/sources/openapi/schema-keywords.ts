/**
 * One schema object in the document's dialect -> JSON Schema 2020-12, keyword by keyword. Subschemas and `$ref`s
 * are handed back to the caller (`lowerChild`), which owns ref naming and `$defs`.
 *
 * - OpenAPI 3.0 / Swagger 2.0 `nullable` / `x-nullable` -> a `"null"` type (or `anyOf` with `{type: "null"}` when
 *   there is no type); also read in 3.1 documents that use it anyway (OpenAI's).
 * - boolean `exclusiveMinimum`/`exclusiveMaximum` (3.0) -> the numeric 2020-12 form.
 * - `example` -> `examples`; `xml`, `externalDocs`, `x-*`, `$id` (draft-04's `id` too), `$schema` dropped (they
 *   would re-base `$ref`s or only describe XML/docs).
 * - binary strings (`format: binary`, Swagger 2.0 `type: file`) -> `contentEncoding: base64` strings.
 * - Swagger 2.0 `discriminator: "kind"` -> `{ propertyName: "kind" }`; mapping refs are rewritten by the caller.
 * - draft-04 tuple `items: [a, b]` -> `prefixItems`; 2019-09 `$recursiveRef: "#"` -> a `$ref` to the schema with
 *   `$recursiveAnchor` (done by the caller).
 * - `pattern`s must compile as Unicode regular expressions (JSON Schema validators use the `u` flag): patterns.ts.
 * - any other keyword whose value JSON Schema refuses (`type: date`, `minimum: "1"`, an empty `enum`) is repaired
 *   where the intent is plain, else dropped, with a warning: left in, it would fail the tool's whole schema.
 * - a `default` outside its own schema's `type` or `enum` (Xero's `type: boolean, default: "false"`) likewise.
 * - `allOf` members closed (`additionalProperties: false`) against what another requires: merged (closed-all-of.ts).
 * - a `oneOf` one of whose members holds another: read as `anyOf` (overlapping-one-of.ts).
 * - an `allOf` of enums that share no value: read as one enum of all their values (disjoint-enum-all-of.ts).
 */
import { isDeepStrictEqual } from "node:util";
import { hasJsonType, keywordValueValid } from "@mcpsmith/runtime/internal";
import type { JsonSchema } from "../../ir/types.js";
import { withContradictedTypeDropped } from "./all-of-type-conflict.js";
import { withClosedAllOfMerged } from "./closed-all-of.js";
import { withDiscriminatorNames } from "./discriminated-one-of.js";
import { withDisjointEnumsJoined } from "./disjoint-enum-all-of.js";
import type { SpecDialect } from "./model.js";
import { withOverlappingOneOfAsAnyOf } from "./overlapping-one-of.js";
import { lowerPattern } from "./patterns.js";
import { escapeToken, isObject, type JsonObject } from "./refs.js";

export type SchemaMode = "request" | "response";

export interface KeywordContext {
  dialect: SpecDialect;
  mode: SchemaMode;
  lowerChild(raw: unknown, pointer: string): JsonSchema;
  /** True when the (possibly referenced) schema is marked `readOnly` (`writeOnly` in response mode). */
  hiddenInMode(raw: unknown): boolean;
  /** A keyword's value that is itself a `$ref` (multi-file specs write `properties: {$ref: props.yml}`), followed. */
  followValue(value: unknown): unknown;
  /** Rewrites a discriminator mapping value (a ref or a bare schema name) into this tool's `$defs`. */
  mappingRef(value: string): string;
  warn(pointer: string, message: string): void;
}

const DROPPED = new Set([
  "xml",
  "externalDocs",
  "$id",
  // draft-04's `$id` (GrowthBook's `id: SavedGroupReferences`): Ajv refuses the whole schema over it.
  "id",
  "$schema",
  "nullable",
  "x-nullable",
  "example",
  "$recursiveAnchor",
  "$recursiveRef",
]);
const SUBSCHEMA = new Set(["not", "if", "then", "else", "contains", "propertyNames", "additionalItems"]);
const SUBSCHEMA_MAP = new Set(["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"]);
const SUBSCHEMA_LIST = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const SUBSCHEMA_OR_BOOLEAN = new Set(["additionalProperties", "unevaluatedProperties", "unevaluatedItems", "items"]);

export function lowerKeywords(written: JsonObject, pointer: string, context: KeywordContext): JsonObject {
  const typed = withContradictedTypeDropped(written, pointer, context);
  const merged = withDisjointEnumsJoined(withClosedAllOfMerged(typed, pointer, context), pointer, context);
  const raw = withOverlappingOneOfAsAnyOf(withDiscriminatorNames(merged, pointer, context), pointer, context);
  const out: JsonObject = {};
  for (const key in raw) {
    const value = raw[key];
    if (DROPPED.has(key) || key.startsWith("x-")) continue;
    if (SUBSCHEMA.has(key)) out[key] = context.lowerChild(value, `${pointer}/${key}`);
    else if (SUBSCHEMA_OR_BOOLEAN.has(key) && !Array.isArray(value)) {
      out[key] = typeof value === "boolean" ? value : context.lowerChild(value, `${pointer}/${key}`);
    } else if (SUBSCHEMA_LIST.has(key) && Array.isArray(value)) {
      out[key] = value.map((item, index) => context.lowerChild(item, `${pointer}/${key}/${index}`));
    } else if (key === "items" && Array.isArray(value)) {
      // Draft-04 tuple form (seen in Swagger 2.0 specs): 2020-12 spells it prefixItems.
      out.prefixItems = value.map((item, index) => context.lowerChild(item, `${pointer}/items/${index}`));
    } else if (SUBSCHEMA_MAP.has(key) && isObject(value)) {
      const map = context.followValue(value);
      out[key] = isObject(map) ? lowerMap(key, map, `${pointer}/${key}`, context) : {};
    } else if (key === "pattern" && typeof value === "string") {
      const pattern = lowerPattern(value, `${pointer}/pattern`, (at, message) => context.warn(at, message));
      if (pattern !== undefined) out[key] = pattern;
    } else if (key === "discriminator") {
      out[key] = lowerDiscriminator(value, context);
    } else if (key === "required" || (key === "type" && value === "file") || isBooleanBound(key, value)) {
      // Forms of other dialects, lowered below (lowerRequired, lowerBinary, lowerExclusiveBounds).
      out[key] = value;
    } else {
      const lowered = lowerValue(key, value, pointer, context);
      if (lowered !== undefined) out[key] = lowered;
    }
  }
  if (raw.example !== undefined && out.examples === undefined) out.examples = [raw.example];
  lowerRequired(out, raw, pointer, context);
  lowerExclusiveBounds(out);
  lowerBinary(out, pointer, context);
  lowerFormatOutOfLength(out, pointer, context);
  lowerEnum(out, pointer, context);
  const lowered = lowerNullable(out, raw);
  // After the null type or member is added: `nullable: true, default: null` fits.
  lowerDefault(out, pointer, context, allOfParts(raw, context));
  return lowered;
}

/** The lengths of the strings a format takes, as the runtime's validator checks it (ajv-formats' full formats). */
const FORMAT_LENGTHS: Record<string, { min: number; max: number }> = {
  uuid: { min: 36, max: 45 },
  date: { min: 10, max: 10 },
  "date-time": { min: 20, max: Number.POSITIVE_INFINITY },
  ipv4: { min: 7, max: 15 },
};

/**
 * A `format` no string within the schema's length bounds can have: Intercom's contact ids are `format: uuid` with
 * exactly 24 characters (MongoDB ids), so no value fitted and every call was refused. The bounds describe the values
 * (the example fits them); the format is dropped, with a warning.
 */
function lowerFormatOutOfLength(out: JsonObject, pointer: string, context: KeywordContext): void {
  const lengths = typeof out.format === "string" ? FORMAT_LENGTHS[out.format] : undefined;
  if (lengths === undefined) return;
  const max = typeof out.maxLength === "number" ? out.maxLength : Number.POSITIVE_INFINITY;
  const min = typeof out.minLength === "number" ? out.minLength : 0;
  if (max >= lengths.min && min <= lengths.max) return;
  context.warn(
    `${pointer}/format`,
    `format ${out.format} takes strings of ${lengthRange(lengths.min, lengths.max)} characters and the schema's ` +
      `length bounds allow ${lengthRange(min, max)}: no string fits both: dropped`,
  );
  delete out.format;
}

function lengthRange(min: number, max: number): string {
  if (min === max) return String(min);
  return max === Number.POSITIVE_INFINITY ? `${min} or more` : `${min} to ${max}`;
}

/**
 * A `default` its own schema refuses: validators fill defaults in (the runtime does, for arguments and results), so
 * every call leaving the property out would be refused, or every response without it. Read as meant where that is
 * plain (`"false"` for a boolean, `"10"` for a number, `10` for a string), else dropped, with a warning.
 */
function lowerDefault(out: JsonObject, pointer: string, context: KeywordContext, parts: JsonObject[]): void {
  const fits = (value: unknown) => [out, ...parts].every((schema) => defaultFits(schema, value));
  if (out.default === undefined || fits(out.default)) return;
  const where = `${pointer}/default`;
  const written = JSON.stringify(out.default);
  const read = readAsTyped(out.default, [out, ...parts].flatMap(typesOf));
  if (read !== undefined && fits(read)) {
    context.warn(where, `default ${written} does not fit its schema: read as ${JSON.stringify(read)}`);
    out.default = read;
  } else {
    context.warn(where, `default ${written} does not fit its schema: dropped`);
    delete out.default;
  }
}

/**
 * `enum` members outside the schema's own `type` (Brevo's `type: boolean, enum: ["true", "false"]`): no value is both,
 * so every call giving the argument would be refused. Members are read as meant where that is plain (as defaults
 * are), and one that cannot be is dropped, with a warning; an enum left with no member goes, and the type stays.
 */
function lowerEnum(out: JsonObject, pointer: string, context: KeywordContext): void {
  const types = typesOf(out);
  if (!Array.isArray(out.enum) || types.length === 0) return;
  const fits = (member: unknown) => member === null || types.some((type) => hasJsonType(member, type));
  if (out.enum.every(fits)) return;
  const read = out.enum.map((member) => (fits(member) ? member : readAsTyped(member, types))).filter(fits);
  const where = `${pointer}/enum`;
  const written = JSON.stringify(out.enum);
  if (read.length === 0) {
    context.warn(where, `enum ${written} has no member of type ${types.join(" or ")}: dropped`);
    delete out.enum;
  } else {
    context.warn(where, `enum ${written} does not fit type ${types.join(" or ")}: read as ${JSON.stringify(read)}`);
    out.enum = read;
  }
}

function defaultFits(schema: JsonObject, value: unknown): boolean {
  const types = typesOf(schema);
  if (types.length > 0 && !types.some((type) => hasJsonType(value, type))) return false;
  if (schema.const !== undefined && !isDeepStrictEqual(schema.const, value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((member) => isDeepStrictEqual(member, value))) return false;
  return withinBounds(schema, value);
}

/**
 * The size and range bounds a default must keep too: LifterLMS's course `instructors` defaults to `[]` with
 * `minItems: 1`, so every course answered without instructors was refused once the default was filled in.
 */
function withinBounds(schema: JsonObject, value: unknown): boolean {
  const bound = (keyword: string, holds: (limit: number) => boolean) =>
    typeof schema[keyword] !== "number" || holds(schema[keyword] as number);
  if (Array.isArray(value)) {
    return bound("minItems", (limit) => value.length >= limit) && bound("maxItems", (limit) => value.length <= limit);
  }
  if (typeof value === "string") {
    const length = [...value].length;
    return bound("minLength", (limit) => length >= limit) && bound("maxLength", (limit) => length <= limit);
  }
  if (typeof value === "number") {
    return (
      bound("minimum", (limit) => value >= limit) &&
      bound("maximum", (limit) => value <= limit) &&
      bound("exclusiveMinimum", (limit) => value > limit) &&
      bound("exclusiveMaximum", (limit) => value < limit)
    );
  }
  return true;
}

/**
 * The `allOf` members a default must fit too, refs followed, theirs included: InvenTree's `model_type` is
 * `allOf: [ModelTypeEnum], default: ""`, and the enum lacks "" (the runtime fills defaults in, so every response
 * without the property was refused).
 */
function allOfParts(schema: JsonObject, context: KeywordContext, seen = new Set<JsonObject>()): JsonObject[] {
  if (!Array.isArray(schema.allOf)) return [];
  const members = schema.allOf.map((member) => context.followValue(member)).filter(isObject);
  const fresh = members.filter((member) => !seen.has(member));
  for (const member of fresh) seen.add(member);
  return fresh.flatMap((member) => [member, ...allOfParts(member, context, seen)]);
}

function typesOf(schema: JsonObject): string[] {
  const { type } = schema;
  return (Array.isArray(type) ? type : [type]).filter((name): name is string => typeof name === "string");
}

function readAsTyped(value: unknown, types: string[]): unknown {
  if (typeof value === "string") {
    if ((value === "true" || value === "false") && types.includes("boolean")) return value === "true";
    const number = value.trim() === "" ? Number.NaN : Number(value);
    if (Number.isFinite(number) && (types.includes("number") || types.includes("integer"))) return number;
    return undefined;
  }
  if ((typeof value === "number" || typeof value === "boolean") && types.includes("string")) return String(value);
  return undefined;
}

/**
 * A keyword holding a value rather than subschemas: as written when JSON Schema takes it; else repaired where the
 * intent is plain (a number or a boolean written as a string, a type named as a language names it), else dropped,
 * either way with a warning. Kept as written, it would make a validator refuse the whole schema, and the tool with it.
 */
function lowerValue(key: string, value: unknown, pointer: string, context: KeywordContext): unknown {
  if (keywordValueValid(key, value) !== false) return value;
  const where = `${pointer}/${escapeToken(key)}`;
  const written = JSON.stringify(value) ?? String(value);
  const repaired = repairedValue(key, value);
  if (repaired !== undefined && keywordValueValid(key, repaired) === true) {
    context.warn(where, `${key} ${written} is not valid JSON Schema: read as ${JSON.stringify(repaired)}`);
    return repaired;
  }
  context.warn(where, `${key} ${written} is not valid JSON Schema: dropped`);
  return undefined;
}

/** OpenAPI 3.0's `exclusiveMinimum: true`, a flag on `minimum` where 2020-12 has a number of its own. */
function isBooleanBound(key: string, value: unknown): boolean {
  return (key === "exclusiveMinimum" || key === "exclusiveMaximum") && typeof value === "boolean";
}

/** What documents write for JSON Schema's types: a language's name for one, or a format's. */
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  int: "integer",
  int32: "integer",
  int64: "integer",
  long: "integer",
  float: "number",
  double: "number",
  decimal: "number",
  bool: "boolean",
  date: "string",
  datetime: "string",
  "date-time": "string",
  map: "object",
  dict: "object",
  list: "array",
};

function repairedValue(key: string, value: unknown): unknown {
  if (key === "type") {
    const names = (Array.isArray(value) ? value : [value]).flatMap((name) => {
      const lower = typeof name === "string" ? name.toLowerCase() : "";
      const type = keywordValueValid("type", lower) ? lower : TYPE_ALIASES[lower];
      return type === undefined ? [] : [type];
    });
    const unique = [...new Set(names)];
    return unique.length > 1 ? unique : unique[0];
  }
  if ((key === "title" || key === "description") && (typeof value === "number" || typeof value === "boolean")) {
    return String(value);
  }
  if (value === "true" || value === "false") return value === "true";
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function lowerMap(key: string, value: JsonObject, pointer: string, context: KeywordContext): JsonObject {
  const out: JsonObject = {};
  for (const [name, child] of Object.entries(value)) {
    if (key === "properties" && context.hiddenInMode(child)) continue;
    out[name] = context.lowerChild(child, `${pointer}/${escapeToken(name)}`);
  }
  return out;
}

/** `required` keeps only names still present (readOnly/writeOnly ones were left out); a non-list is dropped. */
function lowerRequired(out: JsonObject, raw: JsonObject, pointer: string, context: KeywordContext): void {
  if (raw.required === undefined) return;
  if (!Array.isArray(raw.required)) {
    context.warn(`${pointer}/required`, "required must be a list of property names: ignored");
    delete out.required;
    return;
  }
  const rawProperties = isObject(raw.properties) ? raw.properties : {};
  const kept = isObject(out.properties) ? out.properties : {};
  const required = raw.required.filter(
    (name): name is string =>
      typeof name === "string" && (!Object.hasOwn(rawProperties, name) || Object.hasOwn(kept, name)),
  );
  if (required.length > 0) out.required = [...new Set(required)];
  else delete out.required;
}

/** Boolean bounds are the 3.0 form; 3.1 documents carry them too (OpenAI's), so they are read in every dialect. */
function lowerExclusiveBounds(out: JsonObject): void {
  // One call a bound rather than a loop over a list of pairs: this runs for every schema lowered.
  lowerExclusiveBound(out, "exclusiveMinimum", "minimum");
  lowerExclusiveBound(out, "exclusiveMaximum", "maximum");
}

function lowerExclusiveBound(out: JsonObject, exclusive: string, bound: string): void {
  if (out[exclusive] === true && typeof out[bound] === "number") {
    out[exclusive] = out[bound];
    delete out[bound];
  } else if (typeof out[exclusive] === "boolean") delete out[exclusive];
}

/**
 * A file: base64 text in a tool's arguments. What the document shows of it describes the file in other terms (Zulip's
 * emoji upload: `example: /path/to/img.png`), which a model would copy and the executor refuse, so examples go; a
 * default, which validation would fill into every call, and an enum or const, which no file's base64 is (Modrinth's
 * icon lists the file names it takes, `*.png`, ...), go with a warning.
 */
function lowerBinary(out: JsonObject, pointer: string, context: KeywordContext): void {
  if (out.type === "file" || (out.format === "binary" && (out.type === "string" || out.type === undefined))) {
    out.type = "string";
    delete out.format;
    out.contentEncoding = "base64";
    delete out.examples;
    for (const keyword of ["default", "enum", "const"]) {
      if (out[keyword] === undefined) continue;
      const written = JSON.stringify(out[keyword]).slice(0, 80);
      context.warn(`${pointer}/${keyword}`, `${keyword} ${written} of a file is not its base64: dropped`);
      delete out[keyword];
    }
  }
}

function lowerDiscriminator(value: unknown, context: KeywordContext): unknown {
  if (typeof value === "string") return { propertyName: value };
  if (!isObject(value) || !isObject(value.mapping)) return value;
  const mapping: Record<string, string> = {};
  for (const [key, target] of Object.entries(value.mapping)) {
    if (typeof target === "string") mapping[key] = context.mappingRef(target);
  }
  return { ...value, mapping };
}

function lowerNullable(out: JsonObject, raw: JsonObject): JsonObject {
  if (raw.nullable !== true && raw["x-nullable"] !== true) return out;
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (typeof out.type === "string") {
    out.type = [out.type, "null"];
    return out;
  }
  if (Array.isArray(out.type)) {
    if (!out.type.includes("null")) out.type = [...out.type, "null"];
    return out;
  }
  if (Array.isArray(out.enum)) return out;
  return { anyOf: [out, { type: "null" }] };
}
