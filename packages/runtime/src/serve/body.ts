import { refusal } from "../wire-errors.js";
import { tooLarge } from "./guards.js";
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP, textNestsDeeperThan } from "./json-limits.js";
import { enrich, type Step } from "./pipeline.js";

/**
 * Reads a POST's body here, once, up to the limit, and hands it on parsed as `body`, which every later step and the
 * SDK read instead of the stream. Left to itself, the SDK clones (tees) the body and reads it again to decide the
 * request's era before serving it (bench/README.md, "Where the time goes").
 *
 * A body over the limit is refused with 413 as soon as that is known: from its Content-Length, or counted as it
 * arrives when it has none (chunked), so a client cannot stream gigabytes. A body that is not JSON goes on as
 * text, for the SDK to answer exactly as it answers any malformed JSON (PARSE_ERROR); a wrong Content-Type still
 * gets its 415 (the SDK checks the header first). JSON nested deeper than {@link MAX_JSON_DEPTH} is refused here as
 * a parse error: later steps walk the body recursively. A body the caller already parsed
 * (`fetch(request, { parsedBody })`) is taken as given, its depth checked the same way.
 */
export function parseBody(limit: number): Step {
  return async (exchange, next) => {
    const { incoming } = exchange;
    if (Number(incoming.header("content-length")) > limit) return tooLarge(limit);
    if (incoming.method !== "POST") return next(exchange);
    if (exchange.body !== undefined) {
      return nestsDeeperThan(exchange.body, MAX_JSON_DEPTH) ? parseError(TOO_DEEP) : next(exchange);
    }
    let text: string | undefined;
    try {
      text = await incoming.text(limit);
    } catch {
      // The client went away mid-body (or the stream failed): no one may be left to read this answer.
      return parseError("the request body could not be read");
    }
    if (text === undefined) return tooLarge(limit);
    const body = parseJson(text);
    if (textNestsDeeperThan(text, body, MAX_JSON_DEPTH)) return parseError(TOO_DEEP);
    return next(enrich(exchange, body === undefined ? { text } : { body }));
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
