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

/**
 * `json`, when given, is `JSON.stringify(structuredContent)` as the handler already wrote it (the SQL executor
 * writes a page's rows once, for the text block): the fast paths then put that text in the message instead of
 * serialising the rows again (`resultJson`).
 */
export function structuredWithText(
  structuredContent: Record<string, unknown>,
  text: string,
  json?: string,
): StructuredWithText {
  if (json !== undefined && Object.isExtensible(structuredContent)) {
    Object.defineProperty(structuredContent, WRITTEN, { value: json, enumerable: false });
  }
  return Object.defineProperty({ structuredContent, text }, STRUCTURED, {
    value: true,
    enumerable: false,
  }) as StructuredWithText;
}

/**
 * Structured content's JSON as its handler wrote it, held by the content itself under this symbol, not enumerable:
 * a copy of the content (a spread, a clone) is written anew.
 *
 * Not a WeakMap keyed by the content: V8's young-generation collections treat a WeakMap's entries as live, so
 * every answer's rows and their JSON lived until the next full collection, copied by each scavenge meanwhile (a
 * megabyte a scavenge, and a tenth of a `list_` call's CPU on the collector's threads).
 */
const WRITTEN = Symbol("structured content's JSON");
/** What stands for the structured content while the rest of a result is serialised; no text can hold it unescaped. */
const STAND_IN = `\u0000mcpsmith-structured-${Math.random().toString(36).slice(2)}`;
const STAND_IN_MEMBER = `"structuredContent":${JSON.stringify(STAND_IN)}`;

/**
 * `JSON.stringify(result)`, with the structured content's JSON as its handler wrote it when there is one. `written`
 * is false where the content may have changed since (a tool middleware could have changed it in place).
 */
export function resultJson(result: object, written = true): string {
  const structured = (result as { structuredContent?: unknown }).structuredContent;
  const json =
    written && typeof structured === "object" && structured !== null
      ? (structured as { [WRITTEN]?: string })[WRITTEN]
      : undefined;
  if (json === undefined) return JSON.stringify(result);
  const text = JSON.stringify({ ...result, structuredContent: STAND_IN });
  const at = text.indexOf(STAND_IN_MEMBER);
  return `${text.slice(0, at)}"structuredContent":${json}${text.slice(at + STAND_IN_MEMBER.length)}`;
}

export function isStructuredWithText(value: unknown): value is StructuredWithText {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[STRUCTURED] === true;
}
