import type { JsonSchema } from "./types.js";

type Schema = { readonly [keyword: string]: unknown };
type Json = Record<string, unknown>;

/** Returns a value with defaults filled in (see `compileDefaults`). */
export type DefaultsFiller = (value: unknown) => unknown;

/**
 * The filler of `schema`'s defaults, compiled once (a validator compiles it when it first checks a value). Where
 * `schema` can fill nothing in (most output schemas: a page of rows), it returns the value as it is, walking nothing.
 *
 * The filler returns a value with the `default` of every absent property filled in, as Ajv's `useDefaults`
 * documents it but without its leaks. A default is taken from a `properties` member, found through `properties`,
 * `patternProperties`, `additionalProperties`, `items`, `prefixItems`, `allOf` and local `$ref`s, and never from
 * inside `anyOf`, `oneOf`, `not` or `if`/`then`/`else`: which member of a union applies is only known by
 * validating, and a member that fails (or one of two that match) must not add its defaults to the value. Ajv skips
 * those keywords too, except when a member is a `$ref` it compiled separately, whose defaults it then applies even
 * if the member fails (OpenAI's tool unions gained image-generation defaults on a function tool).
 *
 * Nothing given is changed: the properties present keep their values, and the value itself is not mutated (objects
 * and arrays on the way to a filled default are copied). Each default that is an object or an array is a fresh
 * copy, so a handler changing its arguments never changes the schema.
 *
 * Compiled rather than walked per call: a tool's arguments are filled on every call, and walking the schema for
 * them (its properties' entries, a RegExp per pattern and property) cost more than filling.
 */
export function compileDefaults(schema: JsonSchema): DefaultsFiller {
  return new DefaultsCompiler(schema).node(schema, []) ?? unchanged;
}

const unchanged: DefaultsFiller = (value) => value;

/** Marks a node whose filler is being compiled: one met again on the way is reached through a value (below). */
const PENDING = Symbol("compiling");

class DefaultsCompiler {
  /** The schema nodes from which some default can be reached: every other one fills nothing, and is not compiled. */
  readonly #reaching: Set<object>;
  /** Each node's filler, per chain of `$ref`s followed in place to reach it (see `node`). */
  readonly #made = new Map<object, Map<string, DefaultsFiller | undefined | typeof PENDING>>();

  constructor(private readonly root: JsonSchema) {
    this.#reaching = nodesReachingDefaults(root);
  }

  /**
   * The filler of `schema` applied to a value reached through `chain`, the `$ref`s already followed at that same
   * value: one of them met again is not followed, so a schema that refers to itself in place ends.
   *
   * A node met again while it is compiled is one a recursive schema reaches through a property or an item (in place,
   * the chain would have stopped it): the filler made for it then looks its own up when it runs, on a smaller
   * value, so filling ends with the value.
   */
  node(schema: unknown, chain: readonly string[]): DefaultsFiller | undefined {
    if (!isObject(schema) || !this.#reaching.has(schema)) return undefined;
    const key = chain.join("\n");
    let made = this.#made.get(schema);
    if (made === undefined) {
      made = new Map();
      this.#made.set(schema, made);
    }
    const known = made.get(key);
    if (known === PENDING) {
      const at = made;
      return (value) => {
        const fill = at.get(key);
        return typeof fill === "function" ? fill(value) : value;
      };
    }
    if (made.has(key)) return known;
    made.set(key, PENDING);
    const fill = this.#build(schema, chain);
    made.set(key, fill);
    return fill;
  }

  #build(schema: Schema, chain: readonly string[]): DefaultsFiller | undefined {
    const steps: DefaultsFiller[] = [];
    const object = this.#object(schema);
    if (object !== undefined) steps.push((value) => (isObject(value) ? object(value) : value));
    const array = this.#array(schema);
    if (array !== undefined) steps.push((value) => (Array.isArray(value) ? array(value) : value));
    if (Array.isArray(schema.allOf)) {
      for (const member of schema.allOf) push(steps, this.node(member, chain));
    }
    const ref = schema.$ref;
    if (typeof ref === "string" && !chain.includes(ref)) {
      push(steps, this.node(resolvePointer(this.root, ref), [...chain, ref]));
    }
    if (steps.length <= 1) return steps[0];
    return (value) => {
      let filled = value;
      for (const step of steps) filled = step(filled);
      return filled;
    };
  }

  #object(schema: Schema): ((value: Json) => Json) | undefined {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const defaults = Object.entries(properties).flatMap(([name, property]) =>
      isObject(property) && property.default !== undefined ? [{ name, make: maker(property.default) }] : [],
    );
    const named = new Map(Object.entries(properties).map(([name, property]) => [name, this.node(property, [])]));
    const patterns = Object.entries(isObject(schema.patternProperties) ? schema.patternProperties : {}).map(
      ([pattern, member]) => ({ test: new RegExp(pattern, "u"), fill: this.node(member, []) }),
    );
    const additional = this.node(schema.additionalProperties, []);
    const fillsMembers =
      [...named.values()].some(Boolean) || patterns.some((p) => p.fill !== undefined) || additional !== undefined;
    if (defaults.length === 0 && !fillsMembers) return undefined;
    // A member is filled by its `properties` schema and every pattern its name matches; one neither names, by
    // `additionalProperties`.
    const fillersOf = (name: string): (DefaultsFiller | undefined)[] => {
      const matching = patterns.filter((p) => p.test.test(name)).map((p) => p.fill);
      if (named.has(name)) return [named.get(name), ...matching];
      return matching.length > 0 ? matching : [additional];
    };
    return (value) => {
      let filled = value;
      const set = (name: string, item: unknown) => {
        if (filled === value) filled = { ...value };
        filled[name] = item;
      };
      for (const { name, make } of defaults) if (!Object.hasOwn(value, name)) set(name, make());
      if (!fillsMembers) return filled;
      // Defaults filled above are filled in turn: a default object gains its own members' defaults.
      for (const [name, item] of Object.entries(filled)) {
        let next = item;
        for (const fill of fillersOf(name)) if (fill !== undefined) next = fill(next);
        if (next !== item) set(name, next);
      }
      return filled;
    };
  }

  #array(schema: Schema): ((value: unknown[]) => unknown[]) | undefined {
    // 2020-12 puts the tuple in `prefixItems` and the rest in `items`; draft-07 writes the tuple as an `items` array.
    const tuple = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items)
        ? schema.items
        : [];
    const prefix = tuple.map((member) => this.node(member, []));
    const rest = this.node(Array.isArray(schema.items) ? schema.additionalItems : schema.items, []);
    if (rest === undefined && !prefix.some(Boolean)) return undefined;
    return (value) => {
      let filled = value;
      value.forEach((item, index) => {
        const fill = index < prefix.length ? prefix[index] : rest;
        const next = fill === undefined ? item : fill(item);
        if (next === item) return;
        if (filled === value) filled = [...value];
        filled[index] = next;
      });
      return filled;
    };
  }
}

/** A default as each fill gets it: the value itself, or a fresh copy of one that could be changed. */
function maker(value: unknown): () => unknown {
  return typeof value === "object" && value !== null ? () => structuredClone(value) : () => value;
}

function push(steps: DefaultsFiller[], step: DefaultsFiller | undefined): void {
  if (step !== undefined) steps.push(step);
}

/**
 * The nodes of `root` from which a default can be reached through the keywords the filler follows: those holding a
 * default in `properties`, and every node leading to one. Found by walking the keywords once, then going back from
 * the nodes holding defaults along the edges walked, so a schema of many recursive definitions costs one pass.
 */
function nodesReachingDefaults(root: JsonSchema): Set<object> {
  const parents = new Map<object, object[]>();
  const holding: object[] = [];
  const stack: Schema[] = [root];
  const seen = new Set<object>([root]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    const properties = isObject(node.properties) ? Object.values(node.properties) : [];
    if (properties.some((property) => isObject(property) && property.default !== undefined)) holding.push(node);
    for (const child of followed(root, node, properties)) {
      if (!isObject(child)) continue;
      const known = parents.get(child);
      if (known === undefined) parents.set(child, [node]);
      else known.push(node);
      if (!seen.has(child)) {
        seen.add(child);
        stack.push(child);
      }
    }
  }
  const reaching = new Set<object>(holding);
  const back = [...holding];
  while (back.length > 0) {
    for (const parent of parents.get(back.pop()!) ?? []) {
      if (!reaching.has(parent)) {
        reaching.add(parent);
        back.push(parent);
      }
    }
  }
  return reaching;
}

/** The subschemas the filler goes into from `node`. */
function followed(root: JsonSchema, node: Schema, properties: unknown[]): unknown[] {
  const arrays = (keyword: unknown) => (Array.isArray(keyword) ? keyword : [keyword]);
  return [
    ...properties,
    ...(isObject(node.patternProperties) ? Object.values(node.patternProperties) : []),
    node.additionalProperties,
    ...arrays(node.items),
    ...arrays(node.prefixItems),
    node.additionalItems,
    ...arrays(node.allOf),
    typeof node.$ref === "string" ? resolvePointer(root, node.$ref) : undefined,
  ];
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
