import { isJsonContentType, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import type { LegacyFastPath } from "../engine/fast/legacy-fast-path.js";
import type { FastRequest } from "../engine/fast/recognise.js";
import { servedAsLegacy } from "../engine/sdk/contract.js";
import { type Answerer, FastReply, type Journal } from "./fast-answer.js";
import type { Exchange, Step } from "./pipeline.js";

/**
 * A request of a legacy HTTP session answered on the legacy fast path (engine/fast/legacy-fast-path.ts), or
 * undefined for the session's SDK transport. It takes a POST the transport would hand its server as one request
 * (both media types accepted, a JSON body, not a batch) once the session is initialised, and answers as the
 * transport does: an event stream carrying the session's id, with what the server sends about the request (its
 * progress, logs and requests to the client) ahead of the answer, each under an event id from `journal()` when the
 * session keeps its events for resumption.
 */
export function sessionFastReply(
  fast: LegacyFastPath,
  sessionId: string,
  exchange: Exchange,
  journal?: () => Journal,
): FastReply | undefined {
  const request = takes(fast, exchange);
  if (request === undefined) return undefined;
  return legacyReply(fast, request, exchange, ["mcp-session-id", sessionId], journal?.());
}

/**
 * The endpoint's step for legacy requests outside any session (a stateless `LegacyFastPath`): what the SDK's
 * stateless fallback would serve with a fresh server per request is answered as it answers, an event stream with
 * no session. Everything else goes on.
 */
export function statelessLegacyStep(fast: LegacyFastPath): Step {
  return async (exchange, next) => {
    const { incoming } = exchange;
    if (incoming.header("mcp-session-id") !== undefined || incoming.target.includes("?")) return next(exchange);
    const request = takes(fast, exchange);
    if (request === undefined || !servedAsLegacy(incoming.header("mcp-protocol-version"))) return next(exchange);
    return legacyReply(fast, request, exchange, []);
  };
}

/** The request, when the SDK's transport would hand it to its server as one and the legacy fast path takes it. */
function takes(fast: LegacyFastPath, exchange: Exchange): FastRequest | undefined {
  const { incoming, body } = exchange;
  if (incoming.method !== "POST" || body === undefined || !fast.ready) return undefined;
  const accept = incoming.header("accept");
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) return undefined;
  if (!isJsonContentType(incoming.header("content-type") ?? "")) return undefined;
  const version = incoming.header("mcp-protocol-version");
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  return fast.recognise(body);
}

/** The answer as the SDK's transport writes it: always an event stream, with `headers` besides its own. */
function legacyReply(
  fast: LegacyFastPath,
  request: FastRequest,
  exchange: Exchange,
  headers: readonly string[],
  journal?: Journal,
) {
  const answerer: Answerer = {
    async answer(request, exchange) {
      const text = await fast.answer(request, exchange);
      return text === undefined ? undefined : { status: 200, text };
    },
  };
  return new FastReply(answerer, request, exchange.incoming, exchange.authInfo, "sse", undefined, headers, journal);
}
