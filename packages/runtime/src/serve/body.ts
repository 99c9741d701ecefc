import { refusal } from "../wire-errors.js";
import { requestFollowing } from "./follow-signal.js";
import { tooLarge } from "./guards.js";
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP, textNestsDeeperThan } from "./json-limits.js";
import type { BodyReader, Step } from "./pipeline.js";

/**
 * Reads a POST's body here, once, up to the limit, and hands it on parsed as `body`, which every later step and the
 * SDK read instead of the stream. Left to itself, the SDK clones (tees) the body and reads it again to decide the
 * request's era before serving it (bench/README.md, "Where the time goes").
 *
 * A body over the limit is refused with 413 as soon as that is known: from its Content-Length, or counted as it
 * arrives when it has none (chunked), so a client cannot stream gigabytes. A body that is not JSON goes on as
 * text, for the SDK to answer exactly as it answers any malformed JSON (PARSE_ERROR); a wrong Content-Type still gets
 * its 415 (the SDK checks the header first). JSON nested deeper than {@link MAX_JSON_DEPTH} is refused here as a
 * parse error (PARSE_ERROR): later steps walk the body recursively. A body the caller already parsed
 * (`fetch(request, { parsedBody })`) is taken as given, its depth checked the same way.
 */
export function readBody(limit: number): Step {
  return async (exchange, next) => {
    const { request } = exchange;
    if (Number(request.headers.get("content-length")) > limit) return tooLarge(limit);
    if (request.method !== "POST") return next(exchange);
    if (exchange.body !== undefined) {
      return nestsDeeperThan(exchange.body, MAX_JSON_DEPTH) ? parseError(TOO_DEEP) : next(exchange);
    }
    const read = exchange.readBody ?? (request.body && streamReader(request.body));
    if (!read) return next(exchange);
    let text: string | undefined;
    try {
      text = await read(limit);
    } catch {
      // The client went away mid-body (or the stream failed): no one may be left to read this answer.
      return parseError("the request body could not be read");
    }
    if (text === undefined) return tooLarge(limit);
    const body = parseJson(text);
    if (textNestsDeeperThan(text, body, MAX_JSON_DEPTH)) return parseError(TOO_DEEP);
    if (body !== undefined) return next({ ...exchange, body });
    return next({ ...exchange, request: requestFollowing(request, { body: text }) });
  };
}

function streamReader(stream: ReadableStream<Uint8Array>): BodyReader {
  return async (limit) => {
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return undefined;
      }
      chunks.push(value);
    }
    const [only] = chunks;
    if (chunks.length === 1 && only) return Buffer.from(only.buffer, only.byteOffset, only.byteLength).toString();
    return Buffer.concat(chunks).toString("utf8");
  };
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What the SDK answers for a body it could not read or parse. */
function parseError(detail: string): Response {
  return refusal("PARSE_ERROR", { detail });
}
