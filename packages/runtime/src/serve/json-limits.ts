/**
 * How deep a JSON message may nest (arrays and objects inside each other). `JSON.parse` copes with any depth, but
 * everything after it that walks a value recursively (schema validation, cloning, `JSON.stringify` of a result)
 * overflows the stack on a 100,000-deep array and fails as an internal error. No MCP message needs more than a few
 * dozen levels; tool arguments with deep trees have room to spare at 128.
 */
export const MAX_JSON_DEPTH = 128;

/** Whether a parsed JSON value nests deeper than `limit` levels. Stops descending as soon as it knows. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (limit === 0) return true;
  const items = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  for (const item of items) if (nestsDeeperThan(item, limit - 1)) return true;
  return false;
}

/**
 * Whether JSON text, once parsed, nests deeper than `limit` levels. Nesting needs an opening bracket per level, so
 * text with no more than `limit` of them cannot, and is not parsed again to find out: counting characters costs far
 * less than walking the value (the common case: a request with a few dozen brackets).
 */
export function textNestsDeeperThan(text: string, value: unknown, limit: number): boolean {
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // "{" and "[" (inside strings too: an overcount only costs the walk).
    if ((code === 123 || code === 91) && ++brackets > limit) return nestsDeeperThan(value, limit);
  }
  return false;
}

/** What is wrong with a message nested beyond {@link MAX_JSON_DEPTH}: a parse error, as for malformed JSON. */
export const TOO_DEEP = `the JSON nests deeper than ${MAX_JSON_DEPTH} levels`;
