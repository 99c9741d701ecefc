/**
 * Are two tools' schemas for the same type the same in substance? The bench compares them so that a fast tool
 * that produced less (no constraints, no required fields, a union collapsed to `{}`) is seen, not rewarded.
 *
 * Both schemas are brought to one canonical form first, which keeps what a validator would enforce and drops how
 * it is written: references are inlined (a reference back into itself becomes `{ $recursive: true }`), annotations
 * (descriptions, titles, defaults, examples, deprecation) go, `oneOf` reads as `anyOf`, `const` as a one-value
 * `enum`, a union of literals as one `enum`, draft-07 tuples (`items: [...]`) as 2020-12 `prefixItems`, an
 * intersection of open objects as one object, and keys, `required` and enums are sorted.
 */
import type { JsonSchema } from "./extractors/extractor.js";

const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "$comment",
  "title",
  "description",
  "markdownDescription",
  "default",
  "examples",
  "example",
  "deprecated",
  "readOnly",
  "writeOnly",
  "definitions",
  "$defs",
]);

type Canonical = unknown;

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function resolvePointer(root: JsonSchema, ref: string): JsonSchema {
  if (!ref.startsWith("#/")) throw new Error(`compare: only local references are supported, found ${ref}`);
  let node: unknown = root;
  for (const segment of ref.slice(2).split("/")) {
    const key = decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~");
    node = isObject(node) ? node[key] : undefined;
  }
  if (!isObject(node)) throw new Error(`compare: reference ${ref} does not resolve`);
  return node;
}

const json = (value: unknown) => JSON.stringify(value);
const sortedUnique = (values: unknown[]) =>
  [...new Map(values.map((value) => [json(value), value])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, v]) => v);

function typeOfValue(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "number") return "number";
  return typeof value;
}

/**
 * A union written another way when it can be: value lists (`enum`, with or without their `type`) become one
 * `enum`; bare types (`{ type: "string" }`) one `type` list; and one schema plus bare types (a nullable object:
 * `anyOf: [{ type: "object", ... }, { type: "null" }]`) that schema with the types added, since its other keywords
 * only constrain values of its own type. Undefined when the union must stay a union.
 */
function mergeUnion(members: JsonSchema[]): JsonSchema | undefined {
  const only = (member: JsonSchema, keys: string[]) => Object.keys(member).every((key) => keys.includes(key));
  if (members.every((member) => Array.isArray(member.enum) && only(member, ["enum", "type"]))) {
    return normalizeEnum({ enum: members.flatMap((member) => member.enum as unknown[]) });
  }
  const bare = members.filter((member) => only(member, ["type"]));
  const rest = members.filter((member) => !only(member, ["type"]));
  const types = bare.flatMap((member) => [member.type].flat());
  if (rest.length === 0) return { type: normalizeType(types) };
  const [single] = rest;
  if (rest.length === 1 && bare.length > 0 && typeof single!.type === "string" && !single!.enum && !single!.anyOf) {
    return { ...single, type: normalizeType([single!.type, ...types]) };
  }
  return undefined;
}

function normalizeEnum(schema: JsonSchema): JsonSchema {
  const values = sortedUnique(schema.enum as unknown[]);
  // A value list says its types itself; whether `type` is written beside it is style.
  const { type: _type, ...rest } = schema;
  return { ...rest, enum: values, type: normalizeType(values.map(typeOfValue)) };
}

function normalizeType(types: unknown): unknown {
  const list = sortedUnique(Array.isArray(types) ? types : [types]);
  return list.length === 1 ? list[0] : list;
}

/**
 * A closed tuple is closed by its length as well as by `items: false`; and a fixed-length tuple whose items all
 * have one schema is that array of that length (ts-json-schema-generator writes `[number, number]` so).
 */
function normalizeTuple(schema: JsonSchema): JsonSchema {
  const prefix = schema.prefixItems as unknown[];
  const { items, ...rest } = schema;
  const closed = items === false || schema.maxItems === prefix.length;
  if (!closed) return schema;
  const fixed: JsonSchema = { ...rest, minItems: rest.minItems ?? prefix.length, maxItems: prefix.length };
  if (fixed.minItems === prefix.length && prefix.length > 0 && sortedUnique(prefix).length === 1) {
    const { prefixItems: _prefixItems, ...uniform } = fixed;
    return { ...uniform, items: prefix[0] };
  }
  return fixed;
}

/**
 * An intersection of open objects (`allOf: [{ properties: a }, { properties: b }]`) is the one object with all
 * their properties and required fields. Closed objects or a property in two members keep the `allOf`.
 */
function mergeAllOf(schema: JsonSchema): JsonSchema {
  const members = schema.allOf as unknown[];
  const mergeable = members.every(
    (member) =>
      isObject(member) &&
      (member.type === undefined || member.type === "object") &&
      member.additionalProperties === undefined &&
      Object.keys(member).every((key) => ["type", "properties", "required"].includes(key)),
  );
  if (!mergeable) return schema;
  const names = (members as JsonSchema[]).flatMap((member) => Object.keys((member.properties as JsonSchema) ?? {}));
  if (new Set(names).size !== names.length) return schema;
  const { allOf: _allOf, ...rest } = schema;
  const properties = Object.assign({}, ...(members as JsonSchema[]).map((member) => member.properties ?? {}));
  const required = [...new Set((members as JsonSchema[]).flatMap((member) => (member.required as string[]) ?? []))];
  return {
    ...rest,
    type: "object",
    properties: Object.fromEntries(
      Object.keys(properties)
        .sort()
        .map((name) => [name, properties[name]]),
    ),
    ...(required.length > 0 && { required: required.sort() }),
  };
}

function canonicalize(schema: unknown, root: JsonSchema, refs: readonly string[]): Canonical {
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === "string") {
    const { $ref, ...siblings } = schema;
    if (refs.includes($ref)) return { $recursive: true };
    const target = canonicalize(resolvePointer(root, $ref), root, [...refs, $ref]) as JsonSchema;
    const rest = canonicalize(siblings, root, refs) as JsonSchema;
    return Object.keys(rest).length === 0 ? target : { ...target, ...rest };
  }

  let out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (key === "properties" && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((name) => [name, canonicalize(value[name], root, refs)]),
      );
    } else if (key === "required" && Array.isArray(value)) {
      out.required = [...value].sort();
    } else if (key === "const") {
      out.enum = [value];
    } else if (key === "items" && Array.isArray(value)) {
      out.prefixItems = value.map((item) => canonicalize(item, root, refs));
    } else if (key === "additionalItems") {
      out.items = canonicalize(value, root, refs);
    } else if (key === "oneOf" || key === "anyOf") {
      out.anyOf = [
        ...((out.anyOf as unknown[]) ?? []),
        ...(value as unknown[]).map((m) => canonicalize(m, root, refs)),
      ];
    } else if (Array.isArray(value)) {
      out[key] = value.map((item) => canonicalize(item, root, refs));
    } else {
      out[key] = canonicalize(value, root, refs);
    }
  }

  if (Array.isArray(out.enum)) out = normalizeEnum(out);
  if (out.type !== undefined) out.type = normalizeType(out.type);
  if (out.additionalProperties === true) delete out.additionalProperties;
  if (Array.isArray(out.prefixItems)) out = normalizeTuple(out);
  if (Array.isArray(out.allOf)) out = mergeAllOf(out);
  if (Array.isArray(out.anyOf)) {
    const members = sortedUnique(
      (out.anyOf as JsonSchema[]).flatMap((member) =>
        isObject(member) && Object.keys(member).length === 1 && Array.isArray(member.anyOf) ? member.anyOf : [member],
      ),
    ) as JsonSchema[];
    const { anyOf: _anyOf, ...rest } = out;
    const merged = members.length === 1 ? members[0]! : mergeUnion(members);
    out = merged && Object.keys(rest).length === 0 ? merged : { ...rest, anyOf: members };
  }
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((key) => [key, out[key]]),
  );
}

/** The canonical form of `schema` (its references resolved within it). */
export function canonical(schema: JsonSchema): Canonical {
  return canonicalize(schema, schema, []);
}

/** Where two canonical schemas differ: up to `limit` JSON pointers, each with both sides. */
export function differences(a: Canonical, b: Canonical, limit = 3, path = ""): string[] {
  if (json(a) === json(b)) return [];
  const bothArrays = Array.isArray(a) && Array.isArray(b) && a.length === b.length;
  if ((isObject(a) && isObject(b)) || bothArrays) {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const found: string[] = [];
    for (const key of sortedUnique([...Object.keys(left), ...Object.keys(right)]) as string[]) {
      if (found.length >= limit) break;
      found.push(...differences(left[key], right[key], limit - found.length, `${path}/${key}`));
    }
    return found;
  }
  return [`${path || "/"}: ${brief(a)} vs ${brief(b)}`];
}

function brief(value: unknown): string {
  if (value === undefined) return "(absent)";
  const text = json(value);
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}
