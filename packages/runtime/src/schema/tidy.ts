import type { JsonSchema } from "./types.js";

const DEFAULT_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/**
 * Removes what costs tokens in every `tools/list` and says nothing: the default dialect URI at the root, and
 * the ±(2^53-1) bounds zod adds to every integer. Done once, when the model is compiled.
 */
export function tidySchema(schema: JsonSchema): JsonSchema {
  const { $schema, ...rest } = schema;
  return walk($schema === DEFAULT_DIALECT || $schema === undefined ? rest : schema) as JsonSchema;
}

function walk(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(walk);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "maximum" && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === "minimum" && value === Number.MIN_SAFE_INTEGER) continue;
    out[key] = walk(value);
  }
  return out;
}
