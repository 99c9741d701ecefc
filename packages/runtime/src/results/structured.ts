const STRUCTURED = Symbol.for("mcpsmith.structured");

/**
 * Structured content with a text of the handler's choosing, for the text block clients that read only text see
 * (by default that text is the JSON itself). The SQL executor uses it to fence rows as untrusted data.
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
