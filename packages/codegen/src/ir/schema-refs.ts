/** What a schema's definitions refer to and weigh, measured once per object (definitions are shared between tools). */
import type { JsonSchema } from "./types.js";

const DEFS_REF = "#/$defs/";

/** The definition names a schema refers to: its `$ref`s into `#/$defs/` and its discriminator mappings' targets. */
export function refsIn(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) refsIn(item, found);
  } else if (typeof schema === "object" && schema !== null) {
    const object = schema as Record<string, unknown>;
    addRef(object.$ref, found);
    const discriminator = object.discriminator as { mapping?: unknown } | undefined;
    if (typeof discriminator?.mapping === "object" && discriminator.mapping !== null) {
      for (const target of Object.values(discriminator.mapping)) addRef(target, found);
    }
    for (const value of Object.values(object)) refsIn(value, found);
  }
  return found;
}

function addRef(ref: unknown, found: Set<string>): void {
  if (typeof ref !== "string" || !ref.startsWith(DEFS_REF)) return;
  let token = ref.slice(DEFS_REF.length);
  try {
    token = decodeURIComponent(token);
  } catch {}
  found.add(token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

const definitionRefs = new WeakMap<object, ReadonlySet<string>>();

/** {@link refsIn} of a definition, computed once per definition object. */
export function definitionRefsOf(definition: JsonSchema): ReadonlySet<string> {
  if (typeof definition !== "object") return new Set();
  let refs = definitionRefs.get(definition);
  if (refs === undefined) {
    refs = refsIn(definition);
    definitionRefs.set(definition, refs);
  }
  return refs;
}

const definitionChars = new WeakMap<object, number>();

/** The JSON length of a definition, computed once per definition object. */
export function jsonChars(definition: JsonSchema): number {
  if (typeof definition !== "object") return JSON.stringify(definition).length;
  let length = definitionChars.get(definition);
  if (length === undefined) {
    length = JSON.stringify(definition).length;
    definitionChars.set(definition, length);
  }
  return length;
}

/**
 * About the JSON length of a tool schema as listed: its root's and its definitions' (each measured once), their
 * names left out. The sum over a `$defs` object is kept too: tools reaching the same definitions share one.
 */
export function listedChars(schema: { $defs?: Record<string, JsonSchema> }): number {
  const { $defs, ...root } = schema;
  return JSON.stringify(root).length + ($defs === undefined ? 0 : defsChars($defs));
}

const defsTotals = new WeakMap<object, number>();

function defsChars(defs: Record<string, JsonSchema>): number {
  let total = defsTotals.get(defs);
  if (total === undefined) {
    total = 0;
    for (const definition of Object.values(defs)) total += jsonChars(definition);
    defsTotals.set(defs, total);
  }
  return total;
}
