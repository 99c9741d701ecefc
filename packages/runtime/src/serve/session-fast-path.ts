import { isJsonContentType } from "@modelcontextprotocol/server";
import type { LegacyFastPath } from "../engine/fast/legacy-fast-path.js";
import { type Answerer, FastReply } from "./fast-answer.js";
import type { Exchange } from "./pipeline.js";

/**
 * A request of a legacy HTTP session answered on the legacy fast path (engine/fast/legacy-fast-path.ts), or
 * undefined for the session's SDK transport. It takes a POST the transport would hand its server as one request
 * (both media types accepted, a JSON body, not a batch) once the session is initialised, and answers as the
 * transport does: an event stream carrying the session's id, with what the server sends about the request (its
 * progress, logs and requests to the client) ahead of the answer.
 */
export function sessionFastReply(fast: LegacyFastPath, sessionId: string, exchange: Exchange): FastReply | undefined {
  const { incoming, body } = exchange;
  if (incoming.method !== "POST" || body === undefined || !fast.ready) return undefined;
  const accept = incoming.header("accept");
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) return undefined;
  if (!isJsonContentType(incoming.header("content-type") ?? "")) return undefined;
  const request = fast.recognise(body);
  if (request === undefined) return undefined;
  const answerer: Answerer = {
    async answer(request, exchange) {
      const text = await fast.answer(request, exchange);
      return text === undefined ? undefined : { status: 200, text };
    },
  };
  return new FastReply(answerer, request, incoming, exchange.authInfo, "sse", undefined, ["mcp-session-id", sessionId]);
}
