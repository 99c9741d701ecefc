/**
 * The document's schema definitions, written once for the whole project instead of once per tool. In the IR every
 * tool schema carries the closure of the definitions it reaches in its own `$defs` (MCP tool schemas must be
 * self-contained); for Microsoft Graph that is most of its definitions in each of its thousands of tools. The project
 * gets each definition once, with the names it refers to, and each tool schema its root and the names its root
 * refers to: the generated server composes the same `$defs` from those when the schema is first read.
 */

import { type DefClosures, type LazyDefs, lazyDefsOf } from "../../ir/def-closure.js";
import { refsIn } from "../../ir/schema-refs.js";
import type { JsonSchema, ObjectSchema } from "../../ir/types.js";

/** Which table a tool schema's definitions come from: input schemas use them in their request form. */
export type SchemaKind = "input" | "output";

/** A definition as the project writes it: its schema and the definitions that schema refers to, sorted. */
export interface SharedDefinition {
  refs: string[];
  schema: JsonSchema;
}

/** A tool schema as the project writes it: whole, or its root and the definitions the root refers to. */
export type ToolSchemaPlan = { whole: ObjectSchema } | { root: JsonSchema; refs: string[] };

export interface SharedDefinitions {
  /** Definitions by name, in their request form (response-only ones too), sorted by name. */
  definitions: Map<string, SharedDefinition>;
  /** The definitions whose response form differs from `definitions`', sorted by name. */
  outputDefinitions: Map<string, SharedDefinition>;
  /** How to write `schema`, one of the IR tools' input (`kind: "input"`) or output schemas. */
  planOf(schema: ObjectSchema, kind: SchemaKind): ToolSchemaPlan;
}

type Defs = Readonly<Record<string, JsonSchema>>;
type Table = Map<string, JsonSchema>;

/**
 * Collects the definitions of `schemas` into one table per kind. A schema is written as root and refs only when
 * composing its `$defs` from the tables gives exactly its own, key order included; any other (a definition name
 * meaning two schemas within one kind, a `$defs` that is not the schema's last key) is written whole, with its own `$defs`.
 *
 * Schemas whose `$defs` the OpenAPI source attached lazily are planned without building it (in Microsoft Graph
 * each is most of the document, for every tool): see {@link lazyTables} and {@link composesByConstruction}. Any other
 * `$defs` is read and compared, definition by definition.
 */
export function shareDefinitions(schemas: Iterable<readonly [ObjectSchema, SchemaKind]>): SharedDefinitions {
  const json = new JsonCache();
  const listed = [...schemas];
  const lazy = lazyTables(listed);
  const conflicting = new Set<Defs>();
  const tables = lazy?.tables ?? readTables(listed, json, conflicting);

  const definitions = new Map<string, SharedDefinition>();
  const outputDefinitions = new Map<string, SharedDefinition>();
  const shared = (schema: JsonSchema): SharedDefinition => ({ refs: [...refsIn(schema)].sort(compare), schema });
  for (const [name, schema] of tables.input) definitions.set(name, shared(schema));
  for (const [name, schema] of tables.output) {
    const input = tables.input.get(name);
    if (input === undefined) definitions.set(name, shared(schema));
    else if (input !== schema && json.of(input) !== json.of(schema)) outputDefinitions.set(name, shared(schema));
  }
  const lookups: Record<SchemaKind, Lookup> = {
    input: (name) => definitions.get(name),
    output: (name) => outputDefinitions.get(name) ?? definitions.get(name),
  };
  const faithful: Record<SchemaKind, boolean> = {
    input: lazy !== undefined && refsAsWritten(lazy.depNames.input, lookups.input),
    output: lazy !== undefined && refsAsWritten(lazy.depNames.output, lookups.output),
  };
  const closures = new Map<string, string[] | undefined>();
  const checked = new Map<Defs, Map<string, boolean>>();

  /** Whether composing from `refs` gives `defs`, every definition the same schema: once per pair. */
  function composesTo(refs: string[], defs: Defs, kind: SchemaKind): boolean {
    const key = `${kind}\u0000${refs.join("\u0000")}`;
    const byRefs = checked.get(defs) ?? new Map<string, boolean>();
    checked.set(defs, byRefs);
    let result = byRefs.get(key);
    if (result === undefined) {
      if (!closures.has(key)) closures.set(key, closureOf(refs, lookups[kind]));
      const closure = closures.get(key);
      const names = Object.keys(defs);
      result =
        closure !== undefined &&
        names.length === closure.length &&
        names.every((name, index) => name === closure[index]) &&
        names.every((name) => {
          const definition = lookups[kind](name)!.schema;
          return definition === defs[name] || json.of(definition) === json.of(defs[name]!);
        });
      byRefs.set(key, result);
    }
    return result;
  }

  return {
    definitions: sortedByName(definitions),
    outputDefinitions: sortedByName(outputDefinitions),
    planOf(schema, kind) {
      const keys = Object.keys(schema);
      if (keys[keys.length - 1] !== "$defs") return { whole: schema };
      const root = withoutDefs(schema, keys);
      const refs = [...refsIn(root)].sort(compare);
      const attached = lazyDefsOf(schema);
      if (attached !== undefined && faithful[kind] && composesByConstruction(refs, attached)) return { root, refs };
      const defs = schema.$defs;
      if (defs === undefined || conflicting.has(defs)) return { whole: schema };
      return composesTo(refs, defs, kind) ? { root, refs } : { whole: schema };
    },
  };
}

type Lookup = (name: string) => SharedDefinition | undefined;

/** Each kind's table from the schemas' own `$defs`; one giving a name another schema than the table's conflicts. */
function readTables(
  schemas: readonly (readonly [ObjectSchema, SchemaKind])[],
  json: JsonCache,
  conflicting: Set<Defs>,
): Record<SchemaKind, Table> {
  const tables: Record<SchemaKind, Table> = { input: new Map(), output: new Map() };
  const seen = new Set<Defs>();
  for (const [schema, kind] of schemas) {
    const defs = schema.$defs;
    if (defs === undefined || seen.has(defs)) continue;
    seen.add(defs);
    for (const [name, definition] of Object.entries(defs)) {
      const known = tables[kind].get(name);
      if (known === undefined) tables[kind].set(name, definition);
      else if (known !== definition && json.of(known) !== json.of(definition)) conflicting.add(defs);
    }
  }
  return tables;
}

/** The tables built from lazily attached `$defs`, and for each definition the names its converted refs have. */
interface LazyTables {
  tables: Record<SchemaKind, Table>;
  depNames: Record<SchemaKind, Map<string, string[]>>;
}

/**
 * The tables `readTables` would give, from the converter's closures instead of each `$defs`: every definition the
 * direct refs of a kind reach. `undefined` (read them) unless every `$defs` was attached lazily, one set of
 * closures per kind, and no two refs a kind reaches share a definition name (so no `$defs` is conflicting).
 */
function lazyTables(schemas: readonly (readonly [ObjectSchema, SchemaKind])[]): LazyTables | undefined {
  const closures: Partial<Record<SchemaKind, DefClosures>> = {};
  const direct: Record<SchemaKind, Set<string>> = { input: new Set(), output: new Set() };
  for (const [schema, kind] of schemas) {
    const attached = lazyDefsOf(schema);
    if (attached === undefined) {
      if (schema.$defs !== undefined) return undefined;
      continue;
    }
    if ((closures[kind] ?? attached.closures) !== attached.closures) return undefined;
    closures[kind] = attached.closures;
    for (const ref of attached.direct) direct[kind].add(ref);
  }
  const result: LazyTables = {
    tables: { input: new Map(), output: new Map() },
    depNames: { input: new Map(), output: new Map() },
  };
  for (const kind of ["input", "output"] as const) {
    const kindClosures = closures[kind];
    if (kindClosures === undefined) continue;
    for (const ref of kindClosures.reachable(direct[kind])) {
      const { name, schema, deps } = kindClosures.node(ref);
      if (result.tables[kind].has(name)) return undefined;
      result.tables[kind].set(name, schema);
      result.depNames[kind].set(name, [...deps].map((dep) => kindClosures.node(dep).name).sort(compare));
    }
  }
  return result;
}

/**
 * Whether every definition, as the project writes it, refers to the names of the refs the converter followed from
 * it. Then composing a schema from the names of its direct refs reaches the names of its converter closure: the
 * keys of its `$defs`.
 */
function refsAsWritten(depNames: Map<string, string[]>, lookup: Lookup): boolean {
  for (const [name, names] of depNames) {
    if (!sameList(lookup(name)!.refs, names)) return false;
  }
  return true;
}

/**
 * Whether composing a lazily attached schema from `refs` (the names its root refers to) gives its `$defs`, known
 * without building it. Its keys are the names of every ref its direct refs reach, sorted; its schemas those of the
 * kind's table (the converter gives a ref one schema per mode). Composing from `refs` follows the written refs of
 * the definitions, which (checked by `refsAsWritten` for the kind) are the names of the converter's: so when
 * `refs` are the names of the direct refs, the two reach the same names.
 */
function composesByConstruction(refs: readonly string[], attached: LazyDefs): boolean {
  const names = [...attached.direct].map((ref) => attached.closures.node(ref).name).sort(compare);
  return sameList(refs, names);
}

/** `schema` without its `$defs`, keys in order, the `$defs` itself not read (a lazily attached one stays unbuilt). */
function withoutDefs(schema: ObjectSchema, keys: readonly string[]): JsonSchema {
  const root: Record<string, unknown> = {};
  const values = schema as Record<string, unknown>;
  for (const key of keys) if (key !== "$defs") root[key] = values[key];
  return root as JsonSchema;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * The names `refs` reach through the definitions' own refs, themselves included, sorted as the IR sorts `$defs`
 * keys; `undefined` when one of them is missing from the table.
 */
function closureOf(refs: readonly string[], lookup: Lookup) {
  const reached = new Set<string>(refs);
  for (const name of reached) {
    const definition = lookup(name);
    if (definition === undefined) return undefined;
    for (const ref of definition.refs) reached.add(ref);
  }
  return [...reached].sort(compare);
}

/** Each schema's JSON, computed once: definitions are compared by content where they are not the same object. */
class JsonCache {
  private readonly texts = new WeakMap<object, string>();

  of(schema: JsonSchema): string {
    if (typeof schema !== "object") return JSON.stringify(schema);
    let text = this.texts.get(schema);
    if (text === undefined) {
      text = JSON.stringify(schema);
      this.texts.set(schema, text);
    }
    return text;
  }
}

function sortedByName<T>(map: Map<string, T>): Map<string, T> {
  return new Map([...map].sort(([a], [b]) => compare(a, b)));
}

/** The IR's order of `$defs` keys (and the generated server's): by UTF-16 code units. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
