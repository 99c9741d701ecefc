/**
 * The input schema a tool lists when its own is too large to list: the one rule both back ends follow, through
 * `toolDefinitionOf`, so a served and a generated server list the same.
 *
 * A tool's input schema carries in `$defs` every definition its arguments reach. Where a document's entities form
 * one connected web (Microsoft Graph: `microsoft.graph.entity`'s discriminator maps every one of its 652 subtypes),
 * that is the whole document, about 1.6 MB, for 2,564 of its 11,412 tools: 4 GB of `tools/list`. Past
 * {@link MAX_LISTED_INPUT_CHARS} the listed schema keeps its root and the definitions nearest to it, whole, as many
 * `$ref` steps deep as fit; each definition those refer to beyond that is listed loosened (see {@link looseDefinition}).
 * Arguments are still checked against the full schema (the runtime's `listedInput` only changes what is listed),
 * so a wrong value deep inside is still refused naming its field.
 */
import { definitionRefsOf, jsonChars, listedChars, refsIn } from "./schema-refs.js";
import type { JsonSchema, ObjectSchema } from "./types.js";

/**
 * The largest input schema listed as it is, in JSON characters with its `$defs` (~64k tokens), the output schemas'
 * limit (sources/openapi/output.ts). Every input schema of the other corpus documents is under it (the largest:
 * Datadog's UpdateDashboard, 179 KB), so they list exactly what they did.
 */
export const MAX_LISTED_INPUT_CHARS = 256 * 1024;

/**
 * What a loosened schema lists at most (~4k tokens): the root and the nearest definitions. Small, because the tools
 * over the limit are many where there are any (Microsoft Graph: 2,564 of them); at this size their `tools/list` is
 * tens of MB, not GB.
 */
export const LOOSENED_INPUT_CHARS = 16 * 1024;

/** The schema `tools/list` shows for `schema`; `undefined` when it is `schema` itself (within the limit). */
export function listedInputSchema(schema: ObjectSchema): ObjectSchema | undefined {
  const defs = schema.$defs;
  if (defs === undefined || listedChars(schema) <= MAX_LISTED_INPUT_CHARS) return undefined;
  const { $defs: _defs, ...root } = schema;
  const rootChars = JSON.stringify(root).length;
  let kept = new Set<string>();
  let frontier = known(refsIn(root), defs);
  // One more level of definitions while it fits with the loosened definitions it then needs.
  while (frontier.size > 0) {
    const next = new Set([...kept, ...frontier]);
    const beyond = frontierOf(next, defs);
    if (rootChars + charsOf(next, defs, definitionChars) + charsOf(beyond, defs, looseChars) > LOOSENED_INPUT_CHARS) {
      break;
    }
    kept = next;
    frontier = beyond;
  }
  const names = [...kept, ...frontier].sort(compare);
  const listed = Object.fromEntries(
    names.map((name) => [name, kept.has(name) ? defs[name]! : looseDefinition(name, defs[name]!)]),
  );
  return { ...(root as ObjectSchema), $defs: listed };
}

/**
 * A definition listed loosened: any value of its type (when it names one), described by its name. Shared between
 * tools (one per definition), frozen.
 */
export function looseDefinition(name: string, definition: JsonSchema): JsonSchema {
  if (typeof definition !== "object") return definition;
  let loose = loosened.get(definition);
  if (loose === undefined) {
    const type = typeof definition.type === "string" ? { type: definition.type } : {};
    loose = Object.freeze({
      ...type,
      description: `A ${name}: its schema is not listed (this tool's input schema is too large to list); the server checks it in full.`,
    });
    loosened.set(definition, loose);
  }
  return loose;
}

const loosened = new WeakMap<object, JsonSchema>();

/** The definitions `names` refer to that are not among them. */
function frontierOf(names: ReadonlySet<string>, defs: Readonly<Record<string, JsonSchema>>): Set<string> {
  const beyond = new Set<string>();
  for (const name of names) {
    for (const ref of definitionRefsOf(defs[name]!)) if (!names.has(ref) && Object.hasOwn(defs, ref)) beyond.add(ref);
  }
  return beyond;
}

function known(names: Iterable<string>, defs: Readonly<Record<string, JsonSchema>>): Set<string> {
  return new Set([...names].filter((name) => Object.hasOwn(defs, name)));
}

const definitionChars = (name: string, definition: JsonSchema) => name.length + 4 + jsonChars(definition);
const looseChars = (name: string, definition: JsonSchema) =>
  name.length + 4 + jsonChars(looseDefinition(name, definition));

function charsOf(
  names: Iterable<string>,
  defs: Readonly<Record<string, JsonSchema>>,
  chars: (name: string, definition: JsonSchema) => number,
): number {
  let total = 0;
  for (const name of names) total += chars(name, defs[name]!);
  return total;
}

/** The IR's order of `$defs` keys: by UTF-16 code units. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
