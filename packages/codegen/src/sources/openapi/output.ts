/**
 * The schema of the 2xx JSON response. Its root is an object: the output schema (MCP's structuredContent must be
 * one). Arrays, scalars and nullable roots: the text output schema, never listed (the result is returned as JSON
 * text), from which the generated mock answers what the document says. So is an object schema too large to list
 * (MAX_LISTED_OUTPUT_CHARS).
 */
import { listedChars } from "../../ir/schema-refs.js";
import type { JsonSchema, ObjectSchema } from "../../ir/types.js";
import type { SourceResponse } from "./model.js";
import { isObject, type RefResolver } from "./refs.js";
import type { SchemaSession } from "./schema-converter.js";

export type LoweredOutput = { outputSchema: ObjectSchema } | { textOutputSchema: JsonSchema } | undefined;

export function lowerOutput(response: SourceResponse, session: SchemaSession, refs: RefResolver): LoweredOutput {
  const schema = session.lowerInlined(response.schema, response.pointer);
  if (typeof schema === "boolean") return undefined;
  if (!describesObject(response.schema, refs, new Set())) {
    const text = { ...schema };
    session.attachDefs(text);
    return { textOutputSchema: text };
  }
  const output: ObjectSchema = { type: "object", ...schema } as ObjectSchema;
  session.attachDefs(output);
  if (listedChars(output) > MAX_LISTED_OUTPUT_CHARS) return { textOutputSchema: output };
  return { outputSchema: output };
}

/**
 * The largest output schema listed, in JSON characters with its `$defs` (~64k tokens). A tool's `$defs` holds
 * everything its response reaches: in Stripe's document, where expandable fields make nearly every object reach
 * nearly every other, that is the whole document (550 KB) for 216 of its 402 tools, and listing them made
 * `tools/list` 120 MB. No client reads such a schema; its result still comes back, as JSON text. The largest
 * output schemas of the other corpus documents are under 110 KB (Kubernetes').
 */
export const MAX_LISTED_OUTPUT_CHARS = 256 * 1024;

/** `type: object`, or no type with properties, or an `allOf` whose members all describe objects. */
function describesObject(raw: unknown, refs: RefResolver, seen: Set<unknown>): boolean {
  const schema = refs.follow(raw, "")?.value;
  if (!isObject(schema) || seen.has(schema)) return false;
  seen.add(schema);
  if (schema.nullable === true || schema["x-nullable"] === true) return false;
  if (schema.type !== undefined) return schema.type === "object";
  if (isObject(schema.properties)) return true;
  return (
    Array.isArray(schema.allOf) && schema.allOf.length > 0 && schema.allOf.every((m) => describesObject(m, refs, seen))
  );
}
