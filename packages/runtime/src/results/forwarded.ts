import type { CallToolResult, ReadResourceResult } from "@modelcontextprotocol/server";

const FORWARDED = Symbol.for("mcpsmith.forwarded");

/**
 * A result another MCP server already shaped (a remote source's), which goes to the client as it came: its
 * content, `structuredContent`, `isError` and `_meta` kept, nothing re-encoded.
 */
export interface Forwarded<T> {
  readonly [FORWARDED]: true;
  readonly result: T;
  /** A resource read: the URI the other server knows the resource by (its contents name it so). */
  readonly uri?: string;
}

export function forwardedToolResult(result: CallToolResult): Forwarded<CallToolResult> {
  return { [FORWARDED]: true, result };
}

export function forwardedContents(result: ReadResourceResult, uri: string): Forwarded<ReadResourceResult> {
  return { [FORWARDED]: true, result, uri };
}

export function isForwarded(value: unknown): value is Forwarded<unknown> {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[FORWARDED] === true;
}
