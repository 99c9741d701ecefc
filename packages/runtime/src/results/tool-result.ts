import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/server";
import { isContent } from "./content.js";
import { isForwarded } from "./forwarded.js";
import { isStructuredWithText } from "./structured.js";

/**
 * Turns what a tool handler returned into a `tools/call` result:
 * - `undefined` / `null` -> no content;
 * - a string, number or boolean -> one text block;
 * - `structuredWithText(value, text)` -> `value` (plain JSON already) as `structuredContent`, `text` as the text block;
 * - a content helper (`image()`, `audio()`, `resourceLink()`, `embedded()`, `text()`) or an array of them -> those blocks;
 * - any other object or array -> `structuredContent`, plus the same JSON as text for clients that read only text;
 * - a result another server shaped (a remote source's) -> that result, as it came.
 */
export function toToolResult(value: unknown): CallToolResult {
  if (isForwarded(value)) return value.result as CallToolResult;
  if (value === undefined || value === null) return { content: [] };
  if (typeof value === "string") return { content: [{ type: "text", text: value }] };
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return { content: [{ type: "text", text: String(value) }] };
  }
  if (isStructuredWithText(value)) {
    return { content: [{ type: "text", text: value.text }], structuredContent: value.structuredContent };
  }
  if (isContent(value)) return { content: [value] };
  if (Array.isArray(value) && value.length > 0 && value.every(isContent)) return { content: value as ContentBlock[] };
  const json = JSON.stringify(value);
  // JSON.parse(JSON.stringify()) turns Dates, Maps-as-toJSON and class instances into the plain JSON a client
  // will see, so the output schema is checked against exactly what is sent.
  return { content: [{ type: "text", text: json }], structuredContent: JSON.parse(json) };
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
