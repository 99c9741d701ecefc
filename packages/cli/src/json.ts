/** A JSON object (not null, not an array): the shape of a schema, a tool's arguments, a config file or a message. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
