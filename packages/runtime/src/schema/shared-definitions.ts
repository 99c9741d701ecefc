import type { Ajv } from "ajv";
import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";

/**
 * Compiles a schema whose `$defs` (or `definitions`) other schemas share, compiling each shared definition once.
 *
 * Ajv compiles every definition a schema reaches into that schema's own validator: the tools of one OpenAPI
 * document, whose schemas each carry the `$defs` they reach (the same definition objects), compiled the same
 * definitions again for every tool, which made calling every tool of Kubernetes or Datadog once cost a quarter of
 * a second per tool. Here each definition is registered with Ajv once, under an id of its own, and the schemas
 * referring to it are compiled against that id, so Ajv compiles it once and every validator calls it.
 *
 * A definition is shared only where it means the same: its registration records, for every name its references
 * reach (transitively), the definition object that name stood for; another schema reuses it only when its own
 * `$defs` give each of those names the same object. Schemas referring any other way (`#` alone, a pointer into a
 * definition, `$id`, anchors, dynamic references) are compiled as they are.
 */
export function compileSharing(validator: Ajv2020 | Ajv, body: Record<string, unknown>): ValidateFunction {
  const plan = planOf(body);
  if (plan === undefined) return validator.compile(body);
  const registry = registryOf(validator);
  const ids = new Map<string, string>();
  const idOf = (name: string): string => {
    const known = ids.get(name);
    if (known !== undefined) return known;
    const definition = plan.definitions[name] as object;
    const entries = registry.get(definition) ?? [];
    registry.set(definition, entries);
    const same = entries.find((entry) => [...entry.closure].every(([n, d]) => plan.definitions[n] === d));
    if (same !== undefined) {
      ids.set(name, same.id);
      return same.id;
    }
    const id = `urn:mcpsmith:definition:${nextId++}`;
    ids.set(name, id);
    entries.push({ id, closure: closureOf(name, plan.definitions) });
    validator.addSchema(rewritten(definition, idOf, plan.prefix) as object, id, undefined, false);
    return id;
  };
  const { [plan.key]: _definitions, ...root } = body;
  return validator.compile(rewritten(root, idOf, plan.prefix) as object);
}

interface Registration {
  id: string;
  /** Every name the definition's references reach, with the definition object it stood for. */
  closure: Map<string, object>;
}

let nextId = 0;
const registries = new WeakMap<object, WeakMap<object, Registration[]>>();

function registryOf(validator: object): WeakMap<object, Registration[]> {
  let registry = registries.get(validator);
  if (registry === undefined) {
    registry = new WeakMap();
    registries.set(validator, registry);
  }
  return registry;
}

interface Plan {
  key: "$defs" | "definitions";
  prefix: string;
  definitions: Record<string, unknown>;
}

/** Where the schema keeps its definitions, when every reference in it is one this module can share. */
function planOf(body: Record<string, unknown>): Plan | undefined {
  const key = body.$defs !== undefined ? "$defs" : body.definitions !== undefined ? "definitions" : undefined;
  if (key === undefined) return undefined;
  const definitions = body[key];
  if (typeof definitions !== "object" || definitions === null) return undefined;
  const all = definitions as Record<string, unknown>;
  const prefix = `#/${key}/`;
  const { [key]: _definitions, ...root } = body;
  const parts = [root, ...Object.values(all)];
  if (parts.some((part) => typeof part !== "object" || part === null)) return undefined;
  for (const part of parts) {
    const names = referencesOf(part as object, prefix);
    if (names === undefined || [...names].some((name) => !Object.hasOwn(all, name))) return undefined;
  }
  return { key, prefix, definitions: all };
}

/** Keywords whose value is data, never a schema: a `$ref` inside is text. */
const DATA = new Set(["const", "enum", "default", "examples", "example"]);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
/** Keywords that make references mean something this module does not follow. */
const UNSHARED = new Set(["$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor"]);

const directReferences = new WeakMap<object, Set<string> | null>();

/** The definition names a schema refers to directly (its subschemas included), or undefined when one cannot be shared. */
function referencesOf(schema: object, prefix: string): Set<string> | undefined {
  const known = directReferences.get(schema);
  if (known !== undefined) return known ?? undefined;
  const names = new Set<string>();
  let shareable = true;
  const visit = (node: unknown, isSchema: boolean) => {
    if (!shareable || typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, isSchema);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (isSchema && DATA.has(key)) continue;
      if (isSchema && UNSHARED.has(key)) shareable = false;
      else if (isSchema && key === "$ref") {
        const name = nameOf(value, prefix);
        if (name === undefined) shareable = false;
        else names.add(name);
      } else if (isSchema && SCHEMA_MAPS.has(key) && typeof value === "object" && value !== null) {
        for (const member of Object.values(value)) visit(member, true);
      } else visit(value, isSchema);
    }
  };
  visit(schema, true);
  directReferences.set(schema, shareable ? names : null);
  return shareable ? names : undefined;
}

/** `#/$defs/Pet` -> `Pet` (the pointer segment unescaped), undefined for any other reference. */
function nameOf(ref: unknown, prefix: string): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith(prefix)) return undefined;
  const segment = ref.slice(prefix.length);
  if (segment.includes("/")) return undefined;
  try {
    return decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~");
  } catch {
    return undefined;
  }
}

function closureOf(name: string, definitions: Record<string, unknown>): Map<string, object> {
  const closure = new Map<string, object>();
  const pending = [name];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (closure.has(next)) continue;
    const definition = definitions[next] as object;
    closure.set(next, definition);
    pending.push(...(directReferences.get(definition) ?? []));
  }
  return closure;
}

/** A copy of `schema` whose definition references point at the registered ids. */
function rewritten(schema: unknown, idOf: (name: string) => string, prefix: string): unknown {
  const copy = (node: unknown, isSchema: boolean): unknown => {
    if (typeof node !== "object" || node === null) return node;
    if (Array.isArray(node)) return node.map((item) => copy(item, isSchema));
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (isSchema && DATA.has(key)) result[key] = value;
      else if (isSchema && key === "$ref") result[key] = idOf(nameOf(value, prefix)!);
      else if (isSchema && SCHEMA_MAPS.has(key) && typeof value === "object" && value !== null) {
        result[key] = Object.fromEntries(Object.entries(value).map(([name, member]) => [name, copy(member, true)]));
      } else result[key] = copy(value, isSchema);
    }
    return result;
  };
  return copy(schema, true);
}
