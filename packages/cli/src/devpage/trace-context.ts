import { randomBytes } from "node:crypto";

// W3C Trace Context (www.w3.org/TR/trace-context): how the dev proxy ties a call to the spans the server sends for it.
// The proxy gives every call a trace the server continues (`_meta.traceparent`, the key MCP's conventions name), so
// each span that comes back names its call by trace id.

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const INVALID_TRACE = "0".repeat(32);
const INVALID_SPAN = "0".repeat(16);

/** The trace id of a `traceparent` value, or undefined when it is not a valid one. */
export function traceIdOf(traceparent: unknown): string | undefined {
  if (typeof traceparent !== "string") return undefined;
  const match = TRACEPARENT.exec(traceparent.trim().toLowerCase());
  if (!match || match[1] === "ff" || match[2] === INVALID_TRACE || match[3] === INVALID_SPAN) return undefined;
  return match[2];
}

export function newTraceId(): string {
  return randomBytes(16).toString("hex");
}

/** A sampled `traceparent` in `traceId`, from a parent span of its own (the proxy's part of the call). */
export function traceparentIn(traceId: string): string {
  return `00-${traceId}-${randomBytes(8).toString("hex")}-01`;
}
