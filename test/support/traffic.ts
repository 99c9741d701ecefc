// Recorded HTTP traffic: what a recording proxy writes (test/support/traffic-recorder.ts) and what the differential
// test replays (test/fast-path.differential.test.ts). One rule, used on both sides, says which values in an answer
// a server picks at random and a later request sends back: a replay maps the recorded ones to the ones each live
// server issued.

import { fileURLToPath } from "node:url";

/** One request the client sent, as it reached the server, and what the recording needs to replay it faithfully. */
export interface RecordedExchange {
  /** Its position in the recording. */
  index: number;
  /** The run it belongs to (the conformance suite's `--requirements`). */
  run: string;
  method: string;
  /** Path and query, relative to the server's origin. */
  path: string;
  /** The request's headers, minus the ones that describe the connection rather than the request (`HOP_HEADERS`). */
  headers: Record<string, string>;
  body?: string;
  /**
   * The earlier exchanges whose answers had not ended when this request was sent, with how many events of each
   * (`completeEvents`) had come by then. A replay waits for every other earlier answer to end, and for these to
   * have come as far: the order the client depended on (it answers a server's request it read on a stream), without
   * waiting for a stream the client kept open meanwhile (one that waits for this very request).
   */
  open: { index: number; events: number }[];
  /**
   * Milliseconds since the previous request was sent. A replay keeps this pace for the tasks extension's requests
   * (`paced`): a task moves on in the background between two polls, so a poll sent sooner could see an earlier state.
   */
  gapMs: number;
  /** `client` when the client closed the answer before the server ended it (a stream it stopped reading). */
  endedBy: "server" | "client";
  /** The random values the answer issued, in order (`issuedValues`): what later requests may send back. */
  issued: string[];
}

export interface Recording {
  about: string;
  recapture: string;
  exchanges: RecordedExchange[];
}

/** Headers a proxy or a replay must not copy: they belong to one connection, or to how one client sends. */
export const HOP_HEADERS = new Set([
  "host",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "user-agent",
  "accept-encoding",
  "accept-language",
  "sec-fetch-mode",
]);

/** Whether a replay keeps the recorded pace before this request (`RecordedExchange.gapMs`): the tasks extension's. */
export function paced(exchange: RecordedExchange): boolean {
  return (exchange.headers["mcp-method"] ?? "").startsWith("tasks/");
}

/** JSON keys whose string values a server makes up per answer and a client sends back later. */
const ISSUED_KEYS = new Set(["taskId", "requestState"]);

/**
 * The random values an answer issued, in the order they appear: its `Mcp-Session-Id` header, then every `taskId`
 * and `requestState` string in its JSON messages (for an SSE answer, the events' data in order).
 */
export function issuedValues(sessionId: string | undefined, messages: readonly unknown[]): string[] {
  const found: string[] = sessionId ? [sessionId] : [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (ISSUED_KEYS.has(key) && typeof item === "string") found.push(item);
        else walk(item);
      }
    }
  };
  for (const message of messages) walk(message);
  return found;
}

/** The JSON messages of an answer's text: one JSON body, or the data of each SSE event. */
export function answerMessages(contentType: string | undefined, text: string): unknown[] {
  const type = (contentType ?? "").toLowerCase();
  if (type.startsWith("text/event-stream")) return sseEvents(text).map((event) => parseOrText(event.data));
  if (type.includes("json") && text.length > 0) return [parseOrText(text)];
  return [];
}

/**
 * How many events of an SSE text that carry a message have come whole (each ends with a blank line). A priming
 * event (an id with empty data, which a resumable stream opens with) and a keep-alive comment carry none: a client
 * that waits for a message read on a stream (a server's request it answers) has not got it from them.
 */
export function completeEvents(text: string): number {
  const whole = text.replaceAll("\r\n", "\n").split("\n\n").slice(0, -1);
  return whole.filter((event) => event.split("\n").some((line) => /^data:\s*\S/.test(line))).length;
}

/** One event of an SSE stream: its `event` and `id` fields when it has them, and its data lines joined. */
export interface SseEvent {
  event?: string;
  id?: string;
  data: string;
}

/** The events of an SSE text that carry data (multi-line data joined by newlines), in order. */
export function sseEvents(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.replaceAll("\r\n", "\n").split("\n\n")) {
    const event: SseEvent = { data: "" };
    const data: string[] = [];
    for (const line of block.split("\n")) {
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      const field = line.slice(0, colon);
      const value = line.slice(line[colon + 1] === " " ? colon + 2 : colon + 1);
      if (field === "data") data.push(value);
      else if (field === "event" || field === "id") event[field] = value;
    }
    if (data.length > 0) events.push({ ...event, data: data.join("\n") });
  }
  return events;
}

/** A JSON text parsed, or `{ unparsedText }` when it is not JSON. */
export function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { unparsedText: text };
  }
}

/** The recorded conformance traffic, and the command that records it again (after a suite or server change). */
export const CONFORMANCE_TRAFFIC = fileURLToPath(new URL("../fixtures/conformance-traffic.json", import.meta.url));
export const RECAPTURE_CONFORMANCE_TRAFFIC =
  "pnpm build && MCPSMITH_RECORD_CONFORMANCE=1 npx vitest run test/conformance.test.ts";
