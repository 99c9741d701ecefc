import { PassThrough, type Readable } from "node:stream";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { parseJSONRPCMessage } from "../sdk.js";
import { echoedId, errorResponse, type WireErrorName, wireError } from "../wire-errors.js";
import { MAX_JSON_DEPTH, TOO_DEEP, textNestsDeeperThan } from "./json-limits.js";

/** The longest line read from stdin: the SDK's own stdio buffer limit. */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

type ErrorReply = Extract<JSONRPCMessage, { error: unknown }>;

/**
 * stdin as the SDK's stdio transport should see it: one JSON-RPC message a line, every other line answered here.
 * Left to itself the transport drops a line that is not JSON without a word, reports a line that is not a
 * JSON-RPC message only to `onerror`, and lets a deeply nested one overflow the stack further on; a client that sent
 * any of them would wait forever for its answer. Each is answered instead, as over HTTP: PARSE_ERROR for what does
 * not parse (or nests deeper than {@link MAX_JSON_DEPTH}), INVALID_REQUEST for JSON that is not a JSON-RPC message
 * (both with the message's id when it has a usable one). Good lines pass through unchanged, in order. `take` sees
 * each message first (the fast path answers it, or the stdio front holds it: `pass` then passes it on, and the
 * stream ends once `settled` resolves).
 */
export function guardStdin(
  input: Readable,
  reply: (message: ErrorReply) => void,
  take: (message: unknown, text: string) => boolean = () => false,
  settled: () => Promise<void> = () => Promise.resolve(),
): GuardedStdin {
  const output = new PassThrough();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;

  const pass = (message: unknown, text: string) => {
    const refusal = shapeRefusal(message);
    if (refusal) reply(refusal);
    else output.write(`${text}\n`);
  };
  const onLine = (line: Buffer) => {
    const text = line.toString("utf8").trim();
    if (text === "") return;
    const read = readLine(text);
    if ("refusal" in read) return reply(read.refusal);
    if (!take(read.message, text)) pass(read.message, text);
  };

  const onData = (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, end);
      start = end + 1;
      if (skipping) {
        skipping = false;
        continue;
      }
      onLine(pending.length === 0 ? piece : Buffer.concat([...pending, piece]));
      pending = [];
      pendingBytes = 0;
    }
    if (start >= chunk.length || skipping) return;
    pending.push(chunk.subarray(start));
    pendingBytes += chunk.length - start;
    if (pendingBytes > MAX_LINE_BYTES) {
      // Keep no more of it: drop what came, answer now, and skip the rest of the line when its end arrives.
      pending = [];
      pendingBytes = 0;
      skipping = true;
      reply(errorReply(null, "PARSE_ERROR", `a message longer than ${MAX_LINE_BYTES} bytes`));
    }
  };
  let ending = false;
  const onEnd = () => {
    if (ending) return;
    ending = true;
    if (pending.length > 0 && !skipping) onLine(Buffer.concat(pending));
    // The messages a taker holds (the stdio front, until the SDK is loaded) are passed on before the stream ends.
    void settled().then(() => {
      if (!output.writableEnded) output.end();
    });
  };
  const onError = (error: Error) => output.destroy(error);
  input.on("data", onData).on("end", onEnd).on("close", onEnd).on("error", onError);
  return {
    stream: output,
    pass,
    // As the SDK's transport does at close: stop reading, so stdin no longer keeps the process alive.
    stop() {
      input.off("data", onData).off("end", onEnd).off("close", onEnd).off("error", onError);
      input.pause();
    },
  };
}

export interface GuardedStdin {
  /** The lines to hand to the SDK's transport. */
  readonly stream: Readable;
  /** Passes on a message `take` held (its line as read), checked as every message not taken is. */
  pass(message: unknown, text: string): void;
  stop(): void;
}

/**
 * A line parsed, or the answer it gets instead of being passed on. Whoever `take`s messages sees them before the
 * SDK's shape check: the fast path checks the few it answers itself, and every other message is checked here.
 */
function readLine(text: string): { message: unknown } | { refusal: ErrorReply } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { refusal: errorReply(null, "PARSE_ERROR", "the line is not valid JSON") };
  }
  // On a connection that carries every request, an answer without its id leaves the client waiting: give it.
  if (textNestsDeeperThan(text, value, MAX_JSON_DEPTH))
    return { refusal: errorReply(echoedId(value), "PARSE_ERROR", TOO_DEEP) };
  return { message: value };
}

/** The answer a message that is not a JSON-RPC message gets, or undefined for one that is. */
function shapeRefusal(value: unknown): ErrorReply | undefined {
  try {
    parseJSONRPCMessage(value);
    return undefined;
  } catch {
    return errorReply(echoedId(value), "INVALID_REQUEST", "the line is not a JSON-RPC 2.0 message");
  }
}

function errorReply(id: string | number | null, name: WireErrorName, detail: string): ErrorReply {
  return errorResponse(id, wireError(name, detail)) as ErrorReply;
}
