import { ToolError } from "../results/tool-error.js";
import type { JsonSchema } from "../schema/types.js";
import type { Operation } from "./catalog.js";

/**
 * Above this many characters (~15,000 tokens) a description is sent in parts: the schema without its `$defs`, then
 * the definitions asked for. Whole, the largest schemas (OpenAI's createResponse: 144,000 characters, 216
 * definitions) would be cut by the result limit, and a model cannot use half a schema.
 */
export const DESCRIBE_MAX_CHARS = 60_000;

/** `describe_operation`: the operation's description and input schema, or the definitions asked for. */
export function describeOperation(
  operation: Operation,
  definitions: readonly string[] | undefined,
): Record<string, unknown> {
  const { name, title, description, group, annotations, inputSchema } = operation;
  const defs = (inputSchema.$defs ?? {}) as Record<string, JsonSchema>;
  if (definitions !== undefined && definitions.length > 0) {
    const unknown = definitions.filter((definition) => !Object.hasOwn(defs, definition));
    if (unknown.length > 0) {
      throw new ToolError(
        `definitions: the input schema of "${name}" has no definition ${unknown.map((d) => JSON.stringify(d)).join(", ")}. Its definitions are the names in "definitions" of the first describe_operation answer.`,
      );
    }
    return { name, definitions: Object.fromEntries(definitions.map((definition) => [definition, defs[definition]])) };
  }
  const whole = {
    name,
    ...(title && { title }),
    description,
    ...(group && { group }),
    ...(annotations && { annotations }),
    inputSchema,
  };
  if (Object.keys(defs).length === 0 || JSON.stringify(whole).length <= DESCRIBE_MAX_CHARS) return whole;
  const { $defs: _defs, ...root } = inputSchema;
  return {
    ...whole,
    inputSchema: root,
    definitions: Object.keys(defs),
    note: `The schema's ${Object.keys(defs).length} definitions are too large to send at once: its "$ref": "#/$defs/NAME" point to them. Call describe_operation again with "definitions": ["NAME", ...] for the ones you need.`,
  };
}
