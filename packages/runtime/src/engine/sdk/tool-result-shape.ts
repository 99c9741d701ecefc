import type { Result } from "@modelcontextprotocol/server";
import { compileJsonSchema } from "#json-validator";
import type { JsonSchema, Validation } from "../../schema/types.js";
import { specTypeSchemas } from "../../sdk.js";
import { isPlainObject } from "./contract.js";

/**
 * A tools/call result the SDK's result parse gives back as it is, decided without that parse (a zod parse per call):
 * `content`, `structuredContent` and `isError` in that order (the parse lists the members it knows in its own order),
 * and content blocks the parse neither changes nor refuses. Any other result goes through the SDK's own checks
 * (checks.ts), which refuse it, or strip and reorder its members, as they do on the SDK path.
 *
 * A plain text block (`type` then `text`) is recognised at once. Every other block is checked against the JSON
 * Schema of the SDK's own `ContentBlock` schema (what it produces: an object the parse would strip has
 * `additionalProperties: false`), compiled once by the runtime's validator, and must list its members in the
 * schema's order, with nothing a JSON Schema cannot see that the parse would read differently (below).
 */
export function isCanonicalToolResult(result: Result): boolean {
  let order = 0;
  for (const key in result) {
    const rank = key === "content" ? 1 : key === "structuredContent" ? 2 : key === "isError" ? 3 : 0;
    if (rank <= order) return false;
    order = rank;
  }
  const { content, isError } = result as { content?: unknown; isError?: unknown };
  if (!Array.isArray(content) || !(isError === undefined || typeof isError === "boolean")) return false;
  for (const block of content) {
    if (!isPlainTextBlock(block) && !isCanonicalBlock(block)) return false;
  }
  return true;
}

/**
 * `{ type: "text", text }` and nothing else: most results are made of these alone. A plain object, its two members
 * enumerable: the parse reads a member through a prototype's getter, or a non-enumerable one, which JSON skips.
 */
function isPlainTextBlock(block: unknown): boolean {
  if (!isPlainObject(block) || block.type !== "text" || typeof block.text !== "string") return false;
  if (!isPlainPrototype(block)) return false;
  const keys = Object.keys(block);
  return keys.length === 2 && keys[0] === "type" && Object.getOwnPropertyNames(block).length === 2;
}

function isPlainPrototype(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

interface BlockShapes {
  readonly check: (value: unknown) => Validation | Promise<Validation>;
  /** Each block type's schema (the `anyOf` branch whose `type` is that constant). */
  readonly byType: ReadonlyMap<string, JsonSchema>;
}

let shapes: BlockShapes | undefined;

/** Made at the first block that is not plain text: a server whose tools return only text never compiles it. */
function blockShapes(): BlockShapes {
  if (shapes === undefined) {
    const standard = specTypeSchemas.ContentBlock["~standard"] as unknown as {
      jsonSchema: { output(options: { target: string }): JsonSchema };
    };
    const schema = standard.jsonSchema.output({ target: "draft-2020-12" });
    const byType = new Map<string, JsonSchema>();
    for (const branch of (schema.anyOf ?? []) as JsonSchema[]) {
      const type = (branch.properties as Record<string, { const?: unknown }> | undefined)?.type?.const;
      if (typeof type === "string") byType.set(type, branch);
    }
    shapes = { check: compileJsonSchema(schema), byType };
  }
  return shapes;
}

function isCanonicalBlock(block: unknown): boolean {
  if (!isPlainObject(block) || typeof block.type !== "string") return false;
  const { check, byType } = blockShapes();
  const branch = byType.get(block.type);
  if (branch === undefined || !inSchemaOrder(block, branch) || !base64Holds(block)) return false;
  const checked = check(block);
  // The runtime's engines check synchronously; a promise would mean an engine this shortcut does not know.
  return !(checked instanceof Promise) && checked.ok;
}

/**
 * Whether the parse would give `value` back member for member: every object a plain one whose own string members
 * are all enumerable (the parse reads members a JSON encoding skips), an object of the schema listing its members
 * in the schema's order (an open one: those it knows first), a record (`_meta`) without symbol keys (the parse refuses them) or an own `__proto__` (the
 * parse drops it). Values the schema leaves open are passed through by the parse as they are.
 */
function inSchemaOrder(value: unknown, schema: JsonSchema): boolean {
  if (typeof value !== "object" || value === null) return true;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false;
    const items = schema.items;
    if (typeof items !== "object" || items === null || Array.isArray(items)) return true;
    for (const item of value) if (!inSchemaOrder(item, items as JsonSchema)) return false;
    return true;
  }
  if (!isPlainPrototype(value)) return false;
  const keys = Object.keys(value);
  if (Object.getOwnPropertyNames(value).length !== keys.length) return false;
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf !== undefined) {
    const branch = anyOf.find((candidate) => fits(value as Record<string, unknown>, keys, candidate));
    return branch !== undefined && inSchemaOrder(value, branch);
  }
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties === undefined) {
    return Object.getOwnPropertySymbols(value).length === 0 && !Object.hasOwn(value, "__proto__");
  }
  // An open object (a `looseObject`) lists the members it knows first, then the others as they came.
  const open = typeof schema.additionalProperties === "object" && schema.additionalProperties !== null;
  const names = Object.keys(properties);
  let rank = -1;
  let others = false;
  for (const key of keys) {
    const at = names.indexOf(key);
    if (at < 0) {
      if (!open) return false;
      others = true;
      continue;
    }
    if (others || at <= rank) return false;
    rank = at;
    if (!inSchemaOrder((value as Record<string, unknown>)[key], properties[key]!)) return false;
  }
  return true;
}

/** The branch of a union an object can only be (resource contents: text or blob): its members all named there. */
function fits(value: Record<string, unknown>, keys: readonly string[], branch: JsonSchema): boolean {
  const properties = branch.properties as Record<string, unknown> | undefined;
  const required = (branch.required ?? []) as string[];
  return (
    properties !== undefined &&
    keys.every((key) => key in properties) &&
    required.every((key) => Object.hasOwn(value, key))
  );
}

/**
 * The SDK's base64 refinement (`atob` accepts the string) of an image's or audio clip's `data` and an embedded
 * resource's `blob`: a refinement has no JSON Schema, so it is asked here as the SDK's schema asks it.
 */
function base64Holds(block: Record<string, unknown>): boolean {
  if (block.type === "image" || block.type === "audio") return decodes(block.data);
  if (block.type === "resource" && isPlainObject(block.resource) && "blob" in block.resource) {
    return decodes(block.resource.blob);
  }
  return true;
}

function decodes(value: unknown): boolean {
  if (typeof value !== "string") return true;
  try {
    atob(value);
    return true;
  } catch {
    return false;
  }
}
