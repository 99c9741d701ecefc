import type { Hook } from "../engine/hooks.js";
import { authContextOf } from "../model/auth.js";
import type { HttpExchange } from "../model/middleware.js";
import { asResponse } from "./fast-answer.js";
import type { Step } from "./pipeline.js";

/**
 * A middleware's `http` hook as a step of the endpoint: it sees the exchange read-only (request, parsed body, remote
 * address) and answers it or passes it on. What it throws is the endpoint's to answer (500, reported to `onError`).
 * A hook sees every answer as a web `Response`, the fast path's too.
 */
export function httpHookStep(hook: Hook<HttpExchange, Response>): Step {
  return (exchange, next) =>
    hook(
      {
        // Read through: a web Request is made only if a hook looks at it.
        get request() {
          return exchange.request;
        },
        body: exchange.body,
        remoteAddress: exchange.incoming.remoteAddress,
        auth: authContextOf(exchange.authInfo),
      },
      async () => asResponse(await next(exchange)),
    );
}
