import type { JsonSchema } from "./types.js";

type Schema = { readonly [keyword: string]: unknown };
type Json = Record<string, unknown>;

/**
 * Returns `value` with the `default` of every absent property filled in, as Ajv's `useDefaults` documents it but
 * without its leaks. A default is taken from a `properties` member, found through `properties`, `patternProperties`,
 * `additionalProperties`, `items`, `prefixItems`, `allOf` and local `$ref`s, and never from inside `anyOf`, `oneOf`,
 * `not` or `if`/`then`/`else`: which member of a union applies is only known by validating, and a member that
 * fails (or one of two that match) must not add its defaults to the value. Ajv skips those keywords too, except
 * when a member is a `$ref` it compiled separately, whose defaults it then applies even if the member fails
 * (OpenAI's tool unions gained image-generation defaults on a function tool).
 *
 * Nothing given is changed: the properties present keep their values, and `value` itself is not mutated (objects
 * and arrays on the way to a filled default are copied). Each default is a fresh copy, so a handler changing its
 * arguments never changes the schema.
 */
export function withDefaults(schema: JsonSchema, value: unknown): unknown {
  return new DefaultsFiller(schema).fill(schema, value, new Set());
}

/**
 * Whether `withDefaults` can fill anything in for `schema`: not when no `default` keyword appears anywhere in it.
 * Checked once per schema, so that a schema without defaults (most output schemas: a page of rows) is not walked
 * value by value on every call for nothing. A property that happens to be named `default` counts too: that only
 * costs the walk.
 */
export function hasDefaults(schema: JsonSchema): boolean {
  const seen = new Set<object>();
  const visit = (node: unknown): boolean => {
    if (typeof node !== "object" || node === null || seen.has(node)) return false;
    seen.add(node);
    if (!Array.isArray(node) && Object.hasOwn(node, "default")) return true;
    return Object.values(node).some(visit);
  };
  return visit(schema);
}

class DefaultsFiller {
  constructor(private readonly root: JsonSchema) {}

  /** `refs`: the `$ref`s followed at this value so far, so a schema that refers to itself in place ends. */
  fill(schema: unknown, value: unknown, refs: Set<string>): unknown {
    if (typeof schema !== "object" || schema === null) return value;
    const keywords = schema as Schema;
    let filled = value;
    if (isObject(filled)) filled = this.#object(keywords, filled);
    else if (Array.isArray(filled)) filled = this.#array(keywords, filled);
    if (Array.isArray(keywords.allOf)) {
      for (const member of keywords.allOf) filled = this.fill(member, filled, refs);
    }
    const ref = keywords.$ref;
    if (typeof ref === "string" && !refs.has(ref)) {
      const target = resolvePointer(this.root, ref);
      if (target !== undefined) filled = this.fill(target, filled, new Set([...refs, ref]));
    }
    return filled;
  }

  #object(keywords: Schema, value: Json): Json {
    const properties = isObject(keywords.properties) ? keywords.properties : {};
    const patterns = isObject(keywords.patternProperties) ? Object.entries(keywords.patternProperties) : [];
    const additional = keywords.additionalProperties;
    let filled = value;
    const set = (name: string, item: unknown) => {
      if (filled === value) filled = { ...value };
      filled[name] = item;
    };
    for (const [name, property] of Object.entries(properties)) {
      if (!Object.hasOwn(value, name) && isObject(property) && property.default !== undefined) {
        set(name, structuredClone(property.default));
      }
    }
    for (const [name, item] of Object.entries(filled)) {
      const matching = patterns.filter(([pattern]) => new RegExp(pattern, "u").test(name));
      const schemas = Object.hasOwn(properties, name)
        ? [properties[name], ...matching.map(([, member]) => member)]
        : matching.length > 0
          ? matching.map(([, member]) => member)
          : [additional];
      let next = item;
      for (const member of schemas) next = this.fill(member, next, new Set());
      if (next !== item) set(name, next);
    }
    return filled;
  }

  #array(keywords: Schema, value: unknown[]): unknown[] {
    // 2020-12 puts the tuple in `prefixItems` and the rest in `items`; draft-07 writes the tuple as an `items` array.
    const prefix = Array.isArray(keywords.prefixItems)
      ? keywords.prefixItems
      : Array.isArray(keywords.items)
        ? keywords.items
        : [];
    const rest = Array.isArray(keywords.items) ? keywords.additionalItems : keywords.items;
    let filled = value;
    value.forEach((item, index) => {
      const next = this.fill(index < prefix.length ? prefix[index] : rest, item, new Set());
      if (next === item) return;
      if (filled === value) filled = [...value];
      filled[index] = next;
    });
    return filled;
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema a local `$ref` (`#/$defs/Name`, `#/definitions/Name`, `#`) points to; undefined for any other. */
function resolvePointer(root: JsonSchema, ref: string): unknown {
  if (ref !== "#" && !ref.startsWith("#/")) return undefined;
  let target: unknown = root;
  for (const segment of ref.slice(1).split("/").slice(1)) {
    const key = decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~");
    if (typeof target !== "object" || target === null || !Object.hasOwn(target, key)) return undefined;
    target = (target as Json)[key];
  }
  return target;
}
