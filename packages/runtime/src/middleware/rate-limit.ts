import { AsyncLocalStorage } from "node:async_hooks";
import type { CallToolResult } from "@modelcontextprotocol/server";
import { McpsmithError } from "../errors.js";
import type { HttpExchange, Middleware } from "../model/middleware.js";
import { echoedId, protocolError, refusal, WIRE_ERRORS, wireMessage } from "../wire-errors.js";
import { TokenBuckets } from "./token-buckets.js";

/** The JSON-RPC error code of a request refused for its rate (in the implementation-defined server range). */
export const RATE_LIMITED = WIRE_ERRORS.RATE_LIMITED.code;

export interface RateLimitOptions {
  /** Requests a client regains per second: its sustained rate. */
  perSecond: number;
  /** Requests a client may make at once after a quiet spell (the bucket's size). Default: `perSecond`. */
  burst?: number;
  /**
   * Who an HTTP request comes from. Default: its remote address. Behind a proxy or load balancer every request
   * comes from the proxy: key by what it forwards (and strips from clients), or by an authenticated identity.
   * On a fetch runtime, which does not give the address, the default puts every client in one bucket.
   */
  key?: (exchange: HttpExchange) => string;
}

/**
 * A per-client rate limit: a token bucket for each client. Over HTTP every exchange takes a token, and one
 * over the rate is answered `429 Too Many Requests` with `Retry-After`, before any JSON-RPC is dispatched. On stdio
 * (one client) every request takes a token; a `tools/call` over the rate answers `isError` saying when to retry,
 * so the model can wait, and any other request a JSON-RPC error {@link RATE_LIMITED} with `data.retryAfterMs`.
 * Each call code mode's `execute` makes through `api` takes a token too, from the bucket of the client whose request
 * runs it, and one over the rate fails inside the code: a script is no way around the rate.
 */
export function rateLimit(options: RateLimitOptions): Middleware {
  const { perSecond, burst = perSecond } = options;
  if (!(Number.isFinite(perSecond) && perSecond > 0) || !(Number.isFinite(burst) && burst >= 1)) {
    throw new McpsmithError(
      "E_SERVE_OPTIONS",
      `rateLimit needs perSecond > 0 and burst >= 1, got perSecond ${perSecond} and burst ${burst}`,
    );
  }
  const buckets = new TokenBuckets(perSecond, burst);
  const key = options.key ?? ((exchange: HttpExchange) => exchange.remoteAddress ?? "unknown");
  // The client a request was let in as, for the calls made inside it (the tool hook), wherever they run.
  const admittedAs = new AsyncLocalStorage<string>();
  // Set while a tool call runs: a tool call inside it is one that code mode's `execute` makes through `api`.
  const withinToolCall = new AsyncLocalStorage<true>();
  return {
    name: "rateLimit",
    async http(exchange, next) {
      const client = key(exchange);
      const wait = buckets.take(client);
      return wait === 0 ? admittedAs.run(client, next) : tooManyRequests(wait, exchange.body);
    },
    async request(request, next) {
      // HTTP exchanges took their token in the http hook.
      if (request.transport === "http") return next();
      const wait = buckets.take(request.transport);
      if (wait === 0) return admittedAs.run(request.transport, next);
      if (request.method === "tools/call") return rateLimited(wait);
      throw protocolError("RATE_LIMITED", retryMessage(wait), { retryAfterMs: wait });
    },
    async tool(_call, next) {
      const client = withinToolCall.getStore() === undefined ? undefined : admittedAs.getStore();
      if (client !== undefined) {
        const wait = buckets.take(client);
        if (wait > 0) return rateLimited(wait);
      }
      return withinToolCall.run(true, next);
    },
  };
}

/** A tool call over the rate: an `isError` result, which a model (or code's `ApiError`) can act on. */
function rateLimited(wait: number): CallToolResult {
  return { content: [{ type: "text", text: retryMessage(wait) }], isError: true };
}

function retryMessage(wait: number): string {
  return wireMessage("RATE_LIMITED", `too many requests; retry in ${Math.ceil(wait / 1000)} s (${wait} ms)`);
}

function tooManyRequests(wait: number, body: unknown): Response {
  return refusal("RATE_LIMITED", {
    message: retryMessage(wait),
    data: { retryAfterMs: wait },
    id: echoedId(body),
    headers: { "retry-after": String(Math.ceil(wait / 1000)) },
  });
}
