import { createMcpHandler, type McpHandlerRequestOptions } from "@modelcontextprotocol/server";
import { FastPath } from "../engine/fast/fast-path.js";
import type { LiveModel } from "../engine/live-model.js";
import { createConnectionServer, createServer } from "../engine/server/server-factory.js";
import { TaskManager, type TaskOptions } from "../engine/tasks/manager.js";
import { authSteps } from "./auth.js";
import { readBody } from "./body.js";
import type { FastRoute } from "./fast-http.js";
import { checkHostAndOrigin, internalError, resolveGuards } from "./guards.js";
import { httpHookStep } from "./http-hooks.js";
import { legacySessions, sessionLimits } from "./legacy-sessions.js";
import type { EndpointOptions } from "./options.js";
import { type Exchange, handlerOptions, pipeline, type Step } from "./pipeline.js";
import { tasksRoute } from "./tasks-route.js";

/**
 * The MCP endpoint, web-standard: one `Request` in, one `Response` out. `toFetchHandler()` is this endpoint as
 * is; the Node server (node-server.ts) converts Node's requests and responses to and from it.
 */
export interface Endpoint {
  fetch(request: Request, options?: McpHandlerRequestOptions): Promise<Response>;
  /** The same, for a server that supplies the request as an exchange (its own body reader, say). */
  answer(exchange: Exchange): Promise<Response>;
  /** Paths this endpoint answers besides its own (the OAuth Protected Resource Metadata, with `auth`). */
  readonly paths: readonly string[];
  /** What a Node server needs to answer the hot 2026-07-28 requests on the fast path (serve/fast-http.ts). */
  readonly fastRoute: FastRoute;
  /** Ends running tasks, legacy sessions and open streams. */
  close(): Promise<void>;
}

/**
 * One endpoint for 2026-07-28 and legacy (2025-era) clients alike, as a list of steps in front of the SDK:
 *
 *   Host/Origin (403) -> [auth: metadata | credential (401)] -> body, read once (413, deep JSON 400) -> [auth:
 *   scopes (403)] -> middleware `http` hooks (a 429, say) -> tasks extension | legacy sessions | the SDK's handler
 *
 * The guards come first and need only headers, so a refused request costs nothing. The middleware's `http` hooks
 * see every exchange that passed them, parsed, whatever era it speaks (docs/middleware.md). The routes each answer what
 * they own and pass the rest on; the SDK's handler answers everything else, per request: 2026-07-28 traffic
 * statelessly, and legacy traffic without a session in its stateless fallback. The model is compiled before
 * (LiveModel); a request only builds a `Server` bound to it.
 */
export function createEndpoint(
  live: LiveModel,
  options: EndpointOptions,
  taskOptions?: TaskOptions,
  defaultResource?: URL,
): Endpoint {
  const guards = resolveGuards(options);
  const tasks = new TaskManager(taskOptions);
  const onError = options.onError ?? (() => {});
  const mcp = createMcpHandler(() => createServer(live, tasks), {
    // 2026-07-28 `subscriptions/listen` streams read change events from here.
    bus: live.bus,
    onerror: onError,
    // The SDK has its own cap (4 MiB by default); without this, a larger maxBodyBytes would be refused by it.
    maxRequestBodySize: guards.maxBodyBytes,
    ...(options.responseMode && { responseMode: options.responseMode }),
  });
  const sessions = options.legacySessions
    ? legacySessions(() => createConnectionServer(live, "legacy", "http"), {
        maxBodyBytes: guards.maxBodyBytes,
        ...sessionLimits(options.legacySessions),
      })
    : undefined;
  const auth = options.auth ? authSteps(options.auth, live, onError, defaultResource) : undefined;

  const httpSteps = live.middleware.http.map(httpHookStep);
  const steps: Step[] = [
    checkHostAndOrigin(guards),
    // A request without a good credential is refused before its body is read (docs/auth.md); the caller it
    // verified travels on as `authInfo`, to the middleware, the routes, the SDK and the handlers.
    ...(auth ? [auth.metadata, auth.authenticate] : []),
    readBody(guards.maxBodyBytes),
    ...(auth ? [auth.authorize] : []),
    ...httpSteps,
    tasksRoute(tasks, () => live.current.info, { transport: "http", hooks: live.middleware.request }),
    ...(sessions ? [sessions.route] : []),
  ];
  const run = pipeline(steps, (exchange) => mcp.fetch(exchange.request, handlerOptions(exchange)));
  const answer = async (exchange: Exchange) => {
    try {
      return await run(exchange);
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
      return internalError();
    }
  };

  const fastRoute: FastRoute = {
    fast: new FastPath(live, "http", tasks),
    guards,
    auth,
    httpSteps,
    responseMode: options.responseMode ?? "auto",
    onError,
  };

  return {
    answer,
    paths: auth?.paths ?? [],
    fastRoute,
    fetch: (request, requestOptions) =>
      answer({
        request,
        ...(requestOptions?.parsedBody !== undefined && { body: requestOptions.parsedBody }),
        ...(requestOptions?.authInfo !== undefined && { authInfo: requestOptions.authInfo }),
      }),
    // Running tasks end (failed: the server shut down) before the sessions and the SDK's handler close.
    async close() {
      await tasks.close();
      sessions?.close();
      await mcp.close();
    },
  };
}
