import type { GetPromptResult, PromptMessage } from "@modelcontextprotocol/server";
import { isContent } from "./content.js";

/**
 * Turns what a prompt handler returned into `prompts/get` messages:
 * a string or a content helper -> one user message; an array -> one user message per item, except items that
 * already are messages (`{ role, content }`), which pass through; `{ messages, description? }` passes through.
 */
export function toPromptResult(value: unknown, description: string | undefined): GetPromptResult {
  if (isPromptResult(value)) return value;
  const items = Array.isArray(value) ? value : [value];
  const messages = items.map(toMessage);
  return description ? { description, messages } : { messages };
}

function toMessage(item: unknown): PromptMessage {
  if (typeof item === "string") return { role: "user", content: { type: "text", text: item } };
  if (isContent(item)) return { role: "user", content: item as PromptMessage["content"] };
  if (isMessage(item)) return item;
  throw new TypeError("a prompt returns a string, content helpers, { role, content } messages or { messages }");
}

function isMessage(value: unknown): value is PromptMessage {
  return typeof value === "object" && value !== null && "role" in value && "content" in value;
}

function isPromptResult(value: unknown): value is GetPromptResult {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as GetPromptResult).messages)
  );
}
