import { isJsonContentType } from "@modelcontextprotocol/server";
import type { FastPath } from "../engine/fast/fast-path.js";
import { FastReply, type ResponseMode } from "./fast-answer.js";
import type { Step } from "./pipeline.js";

/**
 * The fast path as a step of the endpoint (engine/fast/fast-path.ts): a hot stateless 2026-07-28 request that has
 * passed every step before it (Host/Origin, credential, body limit and depth, scopes, the middleware's `http` hooks)
 * and that the fast path recognises is answered from the compiled model, with no `Server`, transport or web
 * `Response`; everything else goes on to the routes and the SDK's handler, which answer it as they would without
 * this step. The answer is a `FastReply`: the front writes it to its own response (fast-answer.ts).
 */
export function fastStep(fast: FastPath, mode: ResponseMode): Step {
  return async (exchange, next) => {
    const { incoming, body } = exchange;
    if (
      body === undefined ||
      incoming.method !== "POST" ||
      // The endpoint's own path with no query, a request outside any legacy session, as JSON.
      incoming.target.includes("?") ||
      incoming.header("mcp-session-id") !== undefined ||
      !isJsonContentType(incoming.header("content-type") ?? "")
    ) {
      return next(exchange);
    }
    const request = fast.recognise(body, {
      protocolVersion: incoming.header("mcp-protocol-version"),
      method: incoming.header("mcp-method"),
      name: incoming.header("mcp-name"),
    });
    if (request === undefined) return next(exchange);
    return new FastReply(fast, request, incoming, exchange.authInfo, mode);
  };
}
