const STRUCTURED = Symbol.for("mcpsmith.structured");

/**
 * Structured content with a text of the handler's choosing, for the text block clients that read only text see
 * (by default that text is the JSON itself). The SQL executor uses it to fence rows as untrusted data.
 *
 * `structuredContent` must already be plain JSON (objects, arrays, strings, finite numbers, booleans, null: what
 * the SQL executor's encoders build): it is validated and sent as given, not copied through JSON first as other
 * results are, which for a page of rows was a serialisation and a parse of every row on each call.
 */
export interface StructuredWithText {
  readonly structuredContent: Record<string, unknown>;
  readonly text: string;
  readonly [STRUCTURED]: true;
}

export function structuredWithText(structuredContent: Record<string, unknown>, text: string): StructuredWithText {
  return Object.defineProperty({ structuredContent, text }, STRUCTURED, {
    value: true,
    enumerable: false,
  }) as StructuredWithText;
}

export function isStructuredWithText(value: unknown): value is StructuredWithText {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[STRUCTURED] === true;
}
